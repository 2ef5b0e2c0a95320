//! The fields of a posted HTML form, whose names are paths ("weapons.2.count"), the way the
//! builders' pages name their inputs. The form codec (`codec`) reads them into a document.

use std::borrow::Cow;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A field's name, looked up by hash.
pub trait Name: Copy {
    /// FNV-1a of the name's bytes.
    fn hash(self) -> u64;
    fn is(self, key: &str) -> bool;
    /// Its bit among other names' ([`name_bit`]).
    fn bit(self) -> u64;
}

/// A name's bit among others', from its length and its first and last bytes: names sent
/// together rarely share one, and a name whose bit is not among a set's is not in it.
pub(crate) fn name_bit(b: &[u8]) -> u64 {
    let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
    let h = (b.len() as u32).wrapping_mul(7) ^ u32::from(first).wrapping_mul(3) ^ u32::from(last);
    1 << (h % 64)
}

use crate::games::hash::{FNV_START, fnv};

impl Name for &str {
    fn hash(self) -> u64 {
        fnv(FNV_START, self.as_bytes())
    }
    fn is(self, key: &str) -> bool {
        key == self
    }
    fn bit(self) -> u64 {
        name_bit(self.as_bytes())
    }
}

impl Name for &String {
    fn hash(self) -> u64 {
        self.as_str().hash()
    }
    fn is(self, key: &str) -> bool {
        key == self
    }
    fn bit(self) -> u64 {
        name_bit(self.as_bytes())
    }
}

/// A checkbox's value: on unless empty, "off", "false" or "0".
pub fn is_on(value: &str) -> bool {
    !matches!(value, "" | "off" | "false" | "0")
}

/// The fields of a posted form, borrowing from the body where no decoding was needed. When a name
/// is sent twice the later value wins, as with checkboxes that have a hidden fallback.
///
/// A lookup looks at the names from the last one sent back, until lookups have looked at
/// [`SCANS_PER_NAME`] times as many names as the form has; then a sorted index of the names'
/// hashes is made (once), so a lookup compares numbers, not strings. A live update looks a few
/// names up, which costs less than the index would; a form read for its units' own names looks
/// up many.
#[derive(Debug, Default, Clone)]
pub struct Fields<'a> {
    /// In the order sent.
    pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>,
    /// (hash of the name, position in `pairs`), sorted: made when the lookups have looked at
    /// enough names one by one.
    index: OnceLock<Vec<(u64, usize)>>,
    /// How many names lookups have looked at one by one.
    scans: Scans,
    /// Every name's bit ([`name_bit`]), made at the first lookup: a name whose bit is not set was
    /// not sent, which is told without looking at any (a page asks for many a live update
    /// does not send: its tools, its selection, its button). Every bit, for a form of more than
    /// [`NAMES_FILTERED`] names.
    names: OnceLock<u64>,
}

/// The most names a form's bit filter is made for: past it, most of its 64 bits would be set
/// (two thirds at 70 names) and it would tell little for its cost.
const NAMES_FILTERED: usize = 64;

/// How many times the form's names lookups look at one by one before the index is made (about
/// what making it costs).
const SCANS_PER_NAME: usize = 16;

/// A count a shared `&Fields` adds to (a form is looked at by one request at a time).
#[derive(Debug, Default)]
struct Scans(AtomicUsize);

impl Clone for Scans {
    fn clone(&self) -> Self {
        Scans(AtomicUsize::new(self.0.load(Ordering::Relaxed)))
    }
}

impl<'a> Fields<'a> {
    pub fn parse(body: &'a [u8]) -> Self {
        // A body that is UTF-8 (every form a browser sends) is checked once, whole, and split
        // as text; a name or value with nothing to decode in it (most) is borrowed as it is. A
        // live update parses a form on every keystroke.
        let Ok(text) = std::str::from_utf8(body) else {
            return Self::of_pairs(byte_pairs(body));
        };
        let bytes = text.as_bytes();
        let mut odd = Odd::new(bytes);
        let mut pairs = Vec::with_capacity(memchr::memchr_iter(b'&', bytes).count() + 1);
        let (mut start, mut eq) = (0, None);
        // Every "&" and "=" (found eight bytes at a time), and the end: '&' and '=' are ASCII, so
        // every cut is at a character's boundary.
        for at in Cuts::new(bytes).chain([bytes.len()]) {
            if bytes.get(at) == Some(&b'=') {
                eq = eq.or(Some(at));
                continue;
            }
            if at > start {
                pairs.push(match eq {
                    Some(eq) => (odd.part(text, start, eq), odd.part(text, eq + 1, at)),
                    None => (odd.part(text, start, at), Cow::Borrowed("")),
                });
            }
            (start, eq) = (at + 1, None);
        }
        Self::of_pairs(pairs)
    }

    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self::of_pairs(pairs.into_iter().map(|(k, v)| (Cow::Owned(k), Cow::Owned(v))).collect())
    }

    fn of_pairs(pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>) -> Self {
        Fields { pairs, index: OnceLock::new(), scans: Scans::default(), names: OnceLock::new() }
    }

    /// The sorted index of the names' hashes.
    fn index(&self) -> &[(u64, usize)] {
        self.index.get_or_init(|| {
            let mut index: Vec<(u64, usize)> =
                self.pairs.iter().enumerate().map(|(i, (k, _))| (k.as_ref().hash(), i)).collect();
            index.sort_unstable();
            index
        })
    }

    pub fn get(&self, name: impl Name) -> Option<&str> {
        let names = *self.names.get_or_init(|| {
            if self.pairs.len() > NAMES_FILTERED {
                return u64::MAX;
            }
            self.pairs.iter().fold(0, |m, (k, _)| m | name_bit(k.as_bytes()))
        });
        if names & name.bit() == 0 {
            return None;
        }
        if self.index.get().is_none()
            && self.scans.0.load(Ordering::Relaxed) < SCANS_PER_NAME * self.pairs.len()
        {
            let mut looked = 0;
            let found = self.pairs.iter().rev().inspect(|_| looked += 1).find(|(k, _)| name.is(k));
            self.scans.0.fetch_add(looked, Ordering::Relaxed);
            return found.map(|(_, v)| v.as_ref());
        }
        let index = self.index();
        let h = name.hash();
        let start = index.partition_point(|(x, _)| *x < h);
        index[start..]
            .iter()
            .take_while(|(x, _)| *x == h)
            .filter_map(|&(_, i)| self.pairs.get(i))
            .filter(|(k, _)| name.is(k))
            .last()
            .map(|(_, v)| v.as_ref())
    }

    pub fn text(&self, name: impl Name) -> String {
        self.get(name).unwrap_or("").to_owned()
    }

    /// A checkbox: present and on ([`is_on`]).
    pub fn flag(&self, name: impl Name) -> bool {
        self.get(name).is_some_and(is_on)
    }

    /// How many fields were sent.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Every field, in the order sent.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref()))
    }

    /// For each row `i` below `rows`, the value of "`prefix`.`i`" as [`Fields::get`] gives it (the
    /// last one sent), found in one look through the form: a page that asks for a field of each
    /// row by name looked through every name again for each row (a map's units, among a form of
    /// a hundred names or more, each asked two).
    pub fn by_row(&self, prefix: &str, rows: usize) -> Vec<Option<&str>> {
        let mut found = vec![None; rows];
        for (row, value) in self.under(prefix) {
            if let Some(slot) = crate::games::place_in_path(row).and_then(|i| found.get_mut(i)) {
                *slot = Some(value);
            }
        }
        found
    }

    /// The value of each of `names` as [`Fields::get`] gives it (the last one sent), found in one
    /// look through the form, which [`Fields::get`] makes for each name not sent: for a page that
    /// asks for several (a designer's tools and choices, most of which a live update does not
    /// send). A name is compared only when its bit ([`name_bit`]) is among theirs.
    pub fn get_each<const N: usize>(&self, names: [&str; N]) -> [Option<&str>; N] {
        let wanted = names.iter().fold(0, |m, n| m | name_bit(n.as_bytes()));
        let mut found = [None; N];
        for (name, value) in &self.pairs {
            if name_bit(name.as_bytes()) & wanted != 0
                && let Some(at) = names.iter().position(|n| *n == name.as_ref())
            {
                found[at] = Some(value.as_ref());
            }
        }
        found
    }

    /// The fields under `prefix` ("armor" gives ("F", "12") for "armor.F=12"), in the order sent.
    pub fn under<'s>(&'s self, prefix: &str) -> impl Iterator<Item = (&'s str, &'s str)> {
        self.pairs.iter().filter_map(move |(k, v)| {
            // Most names are told apart by the byte after where the prefix would end.
            if k.as_bytes().get(prefix.len()) != Some(&b'.') {
                return None;
            }
            Some((k.strip_prefix(prefix)?.strip_prefix('.')?, v.as_ref()))
        })
    }
}

/// Where each "&" and "=" is in a body, in order. Sixteen bytes are looked at together
/// ([`sixteen::among`](super::sixteen::among)), and only the places found are visited: a form's
/// cuts are a dozen bytes or so apart, too close together for a search made for long text
/// (memchr's) to pay for setting itself up.
struct Cuts<'b> {
    bytes: &'b [u8],
    /// Where the next sixteen bytes start (the ones last looked at start sixteen before).
    next: usize,
    /// A bit for each of those sixteen bytes that is a cut, not yet given.
    found: u32,
}

impl<'b> Cuts<'b> {
    fn new(bytes: &'b [u8]) -> Self {
        Cuts { bytes, next: 0, found: 0 }
    }
}

impl Iterator for Cuts<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.found == 0 {
            if self.next >= self.bytes.len() {
                return None;
            }
            // The last few bytes come with zeros after them (never a cut).
            self.found = super::sixteen::among(&super::sixteen::from(self.bytes, self.next), b"&=");
            self.next += 16;
        }
        let at = self.found.trailing_zeros() as usize;
        self.found &= self.found - 1;
        Some(self.next - 16 + at)
    }
}

/// Where the next byte to decode is in a body ("+", "%" or U+0000), at or after the part being
/// cut: in most forms there is none, and in the rest only a few parts have one, so a part is told
/// by where that byte is, not by looking at its own bytes.
struct Odd<'b> {
    bytes: &'b [u8],
    next: Option<usize>,
}

impl<'b> Odd<'b> {
    fn new(bytes: &'b [u8]) -> Self {
        Odd { bytes, next: Self::from(bytes, 0) }
    }

    fn from(bytes: &[u8], at: usize) -> Option<usize> {
        memchr::memchr3(b'+', b'%', 0, &bytes[at..]).map(|i| at + i)
    }

    /// `text[start..end]` (`text` is the body), borrowed unless it holds a byte to decode; parts
    /// are cut in the body's order.
    #[inline(always)]
    fn part<'t>(&mut self, text: &'t str, start: usize, end: usize) -> Cow<'t, str> {
        while let Some(at) = self.next
            && at < start
        {
            self.next = Self::from(self.bytes, at + 1);
        }
        plain_or_decoded(cut(text, start, end), self.next.is_some_and(|at| at < end))
    }
}

/// `text[start..end]`, for a part [`Fields::parse`] cut from the body: `start` and `end` are each
/// the body's start or end or just before or after a "&" or "=", in order. Those are ASCII bytes,
/// so every one of these places is a character's boundary, which `text[start..end]` would check
/// again for every name and value (a tenth of a live update's parse).
#[inline(always)]
fn cut(text: &str, start: usize, end: usize) -> &str {
    debug_assert!(start <= end && text.is_char_boundary(start) && text.is_char_boundary(end));
    // SAFETY: `start <= end <= text.len()`, and both are characters' boundaries (see above;
    // `debug_assert` holds it so in every test).
    unsafe { text.get_unchecked(start..end) }
}

/// A body's fields split on "&", then at the first "=", each half decoded: how any body reads, and
/// how [`Fields::parse`] reads one that is not UTF-8.
fn byte_pairs(body: &[u8]) -> Vec<(Cow<'_, str>, Cow<'_, str>)> {
    body.split(|b| *b == b'&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = match p.iter().position(|b| *b == b'=') {
                Some(i) => (&p[..i], &p[i + 1..]),
                None => (p, &[][..]),
            };
            (decode(k), decode(v))
        })
        .collect()
}

/// A name or value of a body that is UTF-8: borrowed unless `odd` (a "+", "%" or U+0000 is in
/// it).
fn plain_or_decoded(text: &str, odd: bool) -> Cow<'_, str> {
    if odd { decode_text(text) } else { Cow::Borrowed(text) }
}

/// [`decode`], for text known to be UTF-8. Most odd parts are names typed with spaces ("Iron
/// Column" sent as "Iron+Column"): with no "%" and no U+0000 in them, each "+" becomes a space
/// and nothing else changes, so the text stays UTF-8 and is not looked over again. Out of line:
/// the parse's loop stays as short as it is for the plain parts.
#[inline(never)]
fn decode_text(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b == b'%' || b == 0) {
        decode(text.as_bytes())
    } else {
        Cow::Owned(text.replace('+', " "))
    }
}

/// One name or value of a urlencoded form: borrowed when it needs no decoding (most do not),
/// decoded otherwise. Bytes that are not UTF-8, and U+0000 (which no store keeps), become U+FFFD
/// (see [`bounds::NUL_STAND_IN`](crate::games::bounds::NUL_STAND_IN)).
fn decode(raw: &[u8]) -> Cow<'_, str> {
    // Most names and values are plain ASCII with nothing to decode or replace: one look at
    // their bytes tells, and they are borrowed as they are.
    if !raw.iter().any(|&b| matches!(b, b'+' | b'%' | 0) || !b.is_ascii())
        && let Ok(s) = std::str::from_utf8(raw)
    {
        return Cow::Borrowed(s);
    }
    let text = match std::str::from_utf8(raw) {
        Ok(s) if !s.bytes().any(|b| b == b'+' || b == b'%') => Cow::Borrowed(s),
        _ => Cow::Owned(
            String::from_utf8(unescaped(raw))
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        ),
    };
    match crate::games::bounds::without_nul(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(replaced) => Cow::Owned(replaced),
    }
}

/// A name's or value's bytes with "+" as a space and each "%" and two hex digits as the byte
/// they name; a "%" without two hex digits after it stays as it is (as `form_urlencoded` reads
/// them; a "=" is only a byte here, the pair was cut at its first one).
fn unescaped(raw: &[u8]) -> Vec<u8> {
    let hex = |b: Option<&u8>| b.and_then(|&b| char::from(b).to_digit(16)).and_then(|d| u8::try_from(d).ok());
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        i += 1;
        match b {
            b'+' => out.push(b' '),
            b'%' => match (hex(raw.get(i)), hex(raw.get(i + 1))) {
                (Some(high), Some(low)) => {
                    out.push(high << 4 | low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            _ => out.push(b),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_values_win() {
        let f = Fields::from_pairs(vec![
            ("weapons.3.weapon".into(), "mg".into()),
            ("weapons.0.weapon".into(), "vmg".into()),
            ("deck".into(), "off".into()),
            ("deck".into(), "on".into()),
        ]);
        assert_eq!(f.get("weapons.3.weapon"), Some("mg"));
        assert!(f.flag("deck"));
        assert!(!f.flag("spoiler"));
    }

    #[test]
    fn lookups_past_the_scans_through_the_index_find_the_same() {
        let f = Fields::parse(b"deck=off&name=Minnow&deck=on&crew.0.count=2&empty=");
        for round in 0..3 * SCANS_PER_NAME {
            assert_eq!(f.get("deck"), Some("on"), "lookup {round}");
            assert_eq!(f.get("crew.0.count"), Some("2"));
            assert_eq!(f.get("empty"), Some(""));
            assert_eq!(f.get("missing"), None);
            assert_eq!(f.get(&"name".to_owned()), Some("Minnow"));
        }
        assert!(f.index.get().is_some(), "the index was made");
        assert_eq!(f.clone().get("deck"), Some("on"));
    }

    /// 400 forms of up to 16 fields, each named one of `names` (the same name may come again),
    /// every fifth value empty, the rest told apart; `seed` picks the names.
    fn forms_of(names: &[&str], mut seed: u64) -> impl Iterator<Item = (usize, Fields<'static>)> {
        (0..400).map(move |round| {
            let pairs = (0..round % 17).map(|k| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let name = names[(seed >> 33) as usize % names.len()];
                let value = if k % 5 == 4 { String::new() } else { format!("v{round}-{k}") };
                (name.to_owned(), value)
            });
            (round, Fields::from_pairs(pairs.collect::<Vec<_>>()))
        })
    }

    /// Each row's field found in one look is the one a lookup by its name finds, whatever else
    /// the form sends: the same name twice (the later wins), numbers written otherwise ("01",
    /// "+1", " 1"), rows past the last, other fields alike but for a letter.
    #[test]
    fn fields_by_row_are_what_a_lookup_by_name_finds() {
        let names = [
            "type_was.0",
            "type_was.1",
            "type_was.01",
            "type_was.+1",
            "type_was. 1",
            "type_was.2",
            "type_was.10",
            "type_was.",
            "type_was",
            "type_wasx.1",
            "Type_was.1",
            "own_type.1",
            "type_was.1.x",
            "type_was.99999999999999999999",
        ];
        for (round, f) in forms_of(&names, 7) {
            let rows = round % 12;
            let found = f.by_row("type_was", rows);
            assert_eq!(found.len(), rows);
            for (i, got) in found.iter().enumerate() {
                assert_eq!(*got, f.get(&format!("type_was.{i}")), "round {round}, row {i}: {f:?}");
            }
        }
    }

    /// Several names found in one look are what a lookup of each finds: sent, sent twice, sent
    /// empty, not sent, a name alike but for its case or a letter.
    #[test]
    fn names_found_together_are_what_each_lookup_finds() {
        let names =
            ["tool", "zoom", "action", "map_key", "Tool", "tools", "too", "", "selected", "units.0.hex"];
        for (round, f) in forms_of(&names, 11) {
            let asked = ["tool", "zoom", "action", "map_key", "selected", "missing"];
            let found = f.get_each(asked);
            for (name, got) in asked.iter().zip(found) {
                assert_eq!(got, f.get(*name), "round {round}, {name}: {f:?}");
            }
        }
    }

    #[test]
    fn urlencoded_bodies_decode_like_browsers_send_them() {
        let f = Fields::parse(b"name=Sea+Wasp+%3Cb%3E&hull=dinghy&empty=&flag&caf%C3%A9=%E2%9C%93&bad=%FF");
        assert_eq!(f.get("name"), Some("Sea Wasp <b>"));
        assert_eq!(f.get("hull"), Some("dinghy"));
        assert_eq!(f.get("empty"), Some(""));
        assert_eq!(f.get("flag"), Some(""));
        assert_eq!(f.get("café"), Some("✓"));
        assert_eq!(f.get("bad"), Some("\u{FFFD}"));
        let f = Fields::parse(b"name=Sea%00Wasp&%00=x&raw=a\0b");
        assert_eq!(f.get("name"), Some("Sea\u{FFFD}Wasp"));
        assert_eq!(f.get("\u{FFFD}"), Some("x"));
        assert_eq!(f.get("raw"), Some("a\u{FFFD}b"));
        assert_eq!(f.get("missing"), None);
        // A value may hold a "=" of its own (only the first one of a pair cuts it), and is
        // decoded whole, as `form_urlencoded` reads it (it was once cut there: "a").
        let f = Fields::parse(b"name=a=b+c&note==%3D+x=&k%3D=v=1");
        assert_eq!(f.get("name"), Some("a=b c"));
        assert_eq!(f.get("note"), Some("== x="));
        assert_eq!(f.get("k="), Some("v=1"));
    }

    proptest::proptest! {
        /// The one-pass parse reads any body as splitting it on "&", then at the first "=",
        /// and decoding each half would; and as `form_urlencoded` (what axum's `Form` reads
        /// with) reads it, but for U+0000, which becomes U+FFFD.
        #[test]
        fn parsing_in_one_pass_reads_what_splitting_and_decoding_read(
            body in proptest::collection::vec(
                proptest::sample::select(b"&&==++%%%0aF9.zC3\0\x7f\x80\xc3\xa9\xff ".to_vec()),
                0..60,
            )
        ) {
            let f = Fields::parse(&body);
            let got: Vec<(String, String)> = f.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
            let split: Vec<(String, String)> =
                byte_pairs(&body).into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
            proptest::prop_assert_eq!(&got, &split);
            let nul = |s: Cow<'_, str>| s.replace('\0', "\u{FFFD}");
            let read: Vec<(String, String)> = form_urlencoded::parse(&body).map(|(k, v)| (nul(k), nul(v))).collect();
            proptest::prop_assert_eq!(got, read);
        }
    }

    proptest::proptest! {
        /// A UTF-8 part reads as the general decoding reads its bytes.
        #[test]
        fn text_decodes_as_its_bytes_do(
            text in proptest::collection::vec(
                proptest::sample::select(vec!["+", "++", " ", "a", "Z", "é", "%", "%2C", "%2", "%zz", "%00", "\0", "=", "&", "\u{FFFD}"]),
                0..12,
            )
        ) {
            let text = text.concat();
            proptest::prop_assert_eq!(decode_text(&text), decode(text.as_bytes()));
        }
    }

    proptest::proptest! {
        /// A lookup finds the last value sent under the name, or nothing, whether the name's bit
        /// is among the sent names' or not, before and after the index is made, and in forms
        /// too large for the names' bits ([`NAMES_FILTERED`]).
        #[test]
        fn a_lookup_finds_the_last_value_sent_under_its_name(
            sent in proptest::prop_oneof![
                proptest::collection::vec((proptest::sample::select(vec!["a", "b", "ab", "ba", "a.b", "tool", ""]), "[xy]{0,2}"), 0..12),
                proptest::collection::vec((proptest::sample::select(vec!["a", "b", "ab", "ba", "a.b", "tool", ""]), "[xy]{0,2}"), NAMES_FILTERED - 2..NAMES_FILTERED + 40),
            ],
        ) {
            let f = Fields::from_pairs(sent.iter().map(|(k, v)| (k.to_string(), v.clone())));
            for _ in 0..2 * SCANS_PER_NAME {
                for name in ["a", "b", "ab", "ba", "a.b", "tool", "", "zoom", "aab"] {
                    let last = sent.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| v.as_str());
                    proptest::prop_assert_eq!(f.get(name), last, "{}", name);
                }
            }
        }

        /// The cuts found a word at a time are every "&" and "=", in order, wherever they fall in
        /// a word and however the body ends.
        #[test]
        fn the_cuts_are_every_ampersand_and_equals_sign(
            body in proptest::collection::vec(proptest::sample::select(b"&=a%\x80\x26\xa6\xbd\0".to_vec()), 0..80)
        ) {
            let expected: Vec<usize> =
                body.iter().enumerate().filter(|&(_, b)| *b == b'&' || *b == b'=').map(|(i, _)| i).collect();
            proptest::prop_assert_eq!(Cuts::new(&body).collect::<Vec<_>>(), expected);
        }
    }

    proptest::proptest! {
        /// A body of text (ASCII here: the parse reads it as text, not bytes) parses as
        /// `form_urlencoded` reads it, but for U+0000, wherever its bytes to decode fall among
        /// the sixteen looked at together.
        #[test]
        fn a_text_body_parses_as_form_urlencoded_reads_it(
            body in proptest::collection::vec(proptest::sample::select(b"&&==++%%0aF9.\0 ".to_vec()), 0..100)
        ) {
            let f = Fields::parse(&body);
            let got: Vec<(String, String)> = f.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
            let nul = |s: Cow<'_, str>| s.replace('\0', "\u{FFFD}");
            let read: Vec<(String, String)> = form_urlencoded::parse(&body).map(|(k, v)| (nul(k), nul(v))).collect();
            proptest::prop_assert_eq!(got, read);
        }
    }

    #[test]
    fn the_fields_under_a_prefix_come_in_the_order_sent() {
        let f = Fields::parse(b"armor.U=3&armor.F=2&armorX=1&armor=0&hull=x&armor.type=fireproof");
        let got: Vec<(&str, &str)> = f.under("armor").collect();
        assert_eq!(got, vec![("U", "3"), ("F", "2"), ("type", "fireproof")]);
    }
}
