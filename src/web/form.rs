//! Reading HTML forms whose field names are paths ("weapons.2.count"), the way the builders'
//! pages name their inputs. A value that does not parse is reported against its field and
//! replaced by a safe default, so the page can show the message next to the input.

use crate::games::Problem;
use crate::games::bounds;
use std::borrow::Cow;
use std::fmt::Display;

/// A field's name: a plain name ("hull"), or a part's path and a field of it
/// (`("weapons.2", "count")` names "weapons.2.count") looked up without building the string.
pub trait Name: Copy {
    /// FNV-1a of the name's bytes (of the joined string, for a path and field).
    fn hash(self) -> u64;
    fn is(self, key: &str) -> bool;
    fn joined(self) -> String;
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl Name for &str {
    fn hash(self) -> u64 {
        fnv(FNV_START, self.as_bytes())
    }
    fn is(self, key: &str) -> bool {
        key == self
    }
    fn joined(self) -> String {
        self.to_owned()
    }
}

impl Name for &String {
    fn hash(self) -> u64 {
        self.as_str().hash()
    }
    fn is(self, key: &str) -> bool {
        key == self
    }
    fn joined(self) -> String {
        self.clone()
    }
}

impl Name for (&str, &str) {
    fn hash(self) -> u64 {
        fnv(fnv(fnv(FNV_START, self.0.as_bytes()), b"."), self.1.as_bytes())
    }
    fn is(self, key: &str) -> bool {
        let (part, field) = self;
        key.len() == part.len() + 1 + field.len()
            && key.starts_with(part)
            && key.as_bytes()[part.len()] == b'.'
            && key.ends_with(field)
    }
    fn joined(self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

/// The fields of a posted form, borrowing from the body where no decoding was needed. Names are
/// found through a sorted index of their hashes, so a lookup compares numbers, not strings.
/// When a name is sent twice the later value wins, as with checkboxes that have a hidden
/// fallback.
#[derive(Debug, Default, Clone)]
pub struct Fields<'a> {
    /// In the order sent.
    pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>,
    /// (hash of the name, position in `pairs`), sorted.
    index: Vec<(u64, usize)>,
}

impl<'a> Fields<'a> {
    pub fn parse(body: &'a [u8]) -> Self {
        let pairs = body
            .split(|b| *b == b'&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = match p.iter().position(|b| *b == b'=') {
                    Some(i) => (&p[..i], &p[i + 1..]),
                    None => (p, &[][..]),
                };
                (decode(k), decode(v))
            })
            .collect();
        Self::indexed(pairs)
    }

    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self::indexed(pairs.into_iter().map(|(k, v)| (Cow::Owned(k), Cow::Owned(v))).collect())
    }

    fn indexed(pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>) -> Self {
        let mut index: Vec<(u64, usize)> =
            pairs.iter().enumerate().map(|(i, (k, _))| (k.as_ref().hash(), i)).collect();
        index.sort_unstable();
        Fields { pairs, index }
    }

    pub fn get(&self, name: impl Name) -> Option<&str> {
        let h = name.hash();
        let start = self.index.partition_point(|(x, _)| *x < h);
        self.index[start..]
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

    /// A name field as one line (see [`bounds::one_line`]); its length is checked with the
    /// document's other limits.
    pub fn name(&self, name: impl Name) -> String {
        bounds::one_line(self.get(name).unwrap_or(""))
    }

    /// A checkbox: present and not "off"/"false".
    pub fn flag(&self, name: impl Name) -> bool {
        self.get(name).is_some_and(|v| !matches!(v, "" | "off" | "false" | "0"))
    }

    /// The fields under `prefix` ("armor" gives ("F", "12") for "armor.F=12"), in the order sent.
    pub fn under<'s>(&'s self, prefix: &'s str) -> impl Iterator<Item = (&'s str, &'s str)> + 's {
        self.pairs
            .iter()
            .filter_map(move |(k, v)| Some((k.strip_prefix(prefix)?.strip_prefix('.')?, v.as_ref())))
    }

    /// Indices used under a list prefix ("weapons" -> 0, 1, 3), in order. Every row is kept,
    /// whatever its number: a document with too many rows is refused whole, never cut short
    /// (see `builder::read_form`).
    pub fn indices(&self, prefix: &str) -> Vec<usize> {
        let mut seen: Vec<usize> = self
            .under(prefix)
            .filter_map(|(rest, _)| rest.split('.').next()?.parse::<usize>().ok())
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    }
}

/// One name or value of a urlencoded form: borrowed when it needs no decoding (most do not),
/// decoded otherwise.
fn decode(raw: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(raw) {
        Ok(s) if !s.bytes().any(|b| b == b'+' || b == b'%') => Cow::Borrowed(s),
        _ => form_urlencoded::parse(raw).next().map_or(Cow::Borrowed(""), |(k, _)| k),
    }
}

/// Collects number-parsing problems while reading a form.
#[derive(Debug, Default)]
pub struct Reader {
    pub problems: Vec<Problem>,
}

impl Reader {
    /// A whole number from 0 to `max`; empty means `default`. The label is only written out
    /// when the value is wrong.
    fn whole(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u64, max: u64) -> u64 {
        let raw = f.get(name).unwrap_or("").trim();
        if raw.is_empty() {
            return default;
        }
        match raw.parse::<u64>() {
            Ok(v) if v <= max => v,
            _ => {
                self.problems.push(Problem::error(
                    crate::games::Code::BadNumber,
                    Some(name.joined()),
                    format!(
                        "{label}: \"{raw}\" is not a whole number from 0 to {max}; it was read as {default}"
                    ),
                ));
                default
            }
        }
    }

    pub fn u8(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u8) -> u8 {
        u8::try_from(self.whole(f, name, label, default.into(), u8::MAX.into())).unwrap_or(default)
    }

    /// A count, number of magazines or points: 0 to [`bounds::MAX_COUNT`], as in JSON documents.
    pub fn count(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u16) -> u16 {
        u16::try_from(self.whole(f, name, label, default.into(), bounds::MAX_COUNT.into())).unwrap_or(default)
    }

    /// A whole number from 0 to `max`, kept in a `u32`.
    pub fn u32(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u32, max: u32) -> u32 {
        u32::try_from(self.whole(f, name, label, default.into(), max.into())).unwrap_or(default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_values_win_and_indices_come_in_order() {
        let f = Fields::from_pairs(vec![
            ("weapons.3.weapon".into(), "mg".into()),
            ("weapons.0.weapon".into(), "vmg".into()),
            ("deck".into(), "off".into()),
            ("deck".into(), "on".into()),
        ]);
        assert_eq!(f.indices("weapons"), vec![0, 3]);
        assert!(f.flag("deck"));
        assert!(!f.flag("spoiler"));
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
        assert_eq!(f.get("missing"), None);
    }

    #[test]
    fn a_part_and_field_name_finds_the_joined_field() {
        let f = Fields::parse(b"weapons.1.count=2&weapons.10.count=3&weapons.1=x&weapons.1.countx=9");
        assert_eq!(f.get(("weapons.1", "count")), Some("2"));
        assert_eq!(f.get(("weapons.10", "count")), Some("3"));
        assert_eq!(f.get(("weapons.2", "count")), None);
        assert_eq!(f.get(("weapons", "1")), Some("x"));
        let mut r = Reader::default();
        let f = Fields::parse(b"crew.0.count=many");
        assert_eq!(r.count(&f, ("crew.0", "count"), "How many", 1), 1);
        assert_eq!(r.problems[0].part.as_deref(), Some("crew.0.count"));
    }

    #[test]
    fn the_fields_under_a_prefix_come_in_the_order_sent() {
        let f = Fields::parse(b"armor.U=3&armor.F=2&armorX=1&armor=0&hull=x&armor.type=fireproof");
        let got: Vec<(&str, &str)> = f.under("armor").collect();
        assert_eq!(got, vec![("U", "3"), ("F", "2"), ("type", "fireproof")]);
    }

    #[test]
    fn a_bad_number_is_reported_against_its_field() {
        let f = Fields::from_pairs(vec![("oars".into(), "lots".into()), ("big".into(), "70000".into())]);
        let mut r = Reader::default();
        assert_eq!(r.count(&f, "oars", "Oars", 0), 0);
        assert_eq!(r.count(&f, "big", "Count", 1), 1);
        assert_eq!(r.problems.len(), 2);
        assert_eq!(r.problems[0].part.as_deref(), Some("oars"));
        assert_eq!(
            r.problems[0].message,
            "Oars: \"lots\" is not a whole number from 0 to 999; it was read as 0"
        );
    }
}
