//! The limits every document keeps, whatever game it is for, so that no request can make the
//! engines, the pages or the exports do unbounded work. They are far above anything a real build
//! holds (a Yacht has 58 spaces; an Epic detachment a dozen choices), so a player never meets
//! them, and a client that sends more is told which field and what fits.
//!
//! Numbers are bounded where a document is read (JSON, a form, a pasted stat line); names are
//! made one line there too, so no name can forge lines in a text export.

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;

/// The most entries one document holds: propellers, crew lines, weapons (a turret's included),
/// turrets, accessories, cargo lines and armor locations of a boat; choices of a detachment.
pub const MAX_ENTRIES: usize = 200;
/// The largest count, number of magazines or points any one field holds.
pub const MAX_COUNT: u16 = 999;
/// The heaviest cargo line, in pounds.
pub const MAX_CARGO_WEIGHT: u32 = 1_000_000;
/// The largest points limit a game takes (a BFG fleet's: campaigns run to a few thousand).
pub const MAX_POINTS_LIMIT: u32 = 100_000;
/// The longest name (of a build, a cargo line), in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// A document a player sends: what it is called and how big it is.
pub trait Document {
    /// What one is called in messages ("design", "detachment").
    const NOUN: &'static str;
    /// What its entries are, for messages ("choices").
    const ENTRIES: &'static str;
    /// How many entries it holds, counted as [`MAX_ENTRIES`] counts them.
    fn entries(&self) -> usize;
    /// The names it holds (its own, a cargo line's, ...), each to be one line of bounded length.
    fn names(&self) -> Vec<&str>;
}

/// A build's document: it has a name of its own, which a copy changes.
pub trait Named {
    /// Its own name, as the player gave it.
    fn name(&self) -> &str;
    /// Gives it another name (a copy's).
    fn rename(&mut self, name: String);
}

/// Why a document is refused as too big (too many entries, a name too long), naming the limit,
/// as a clause ("this design has 202 entries; ..."); `None` when it keeps every limit. Numbers
/// and names are bounded as JSON is read; this bounds the rest, and documents built from a form.
pub fn beyond_bounds<D: Document>(doc: &D) -> Option<String> {
    let n = doc.entries();
    if n > MAX_ENTRIES {
        return Some(format!(
            "this {noun} has {n} entries; a {noun} holds at most {MAX_ENTRIES} ({})",
            D::ENTRIES,
            noun = D::NOUN
        ));
    }
    doc.names().into_iter().find_map(|name| name_too_long(name).map(|why| format!("a name in it {why}")))
}

/// The characters of a name kept where a page repeats it (each of 200 rows' choice of side, each
/// hex's words, each problem's "Unit 3 (Ashigaru Spearmen, Taira)").
pub const SHORT_NAME: usize = 20;

/// A name where a page repeats it: cut to [`SHORT_NAME`] characters and an ellipsis, so that a
/// document of 200 pieces and long names draws its largest page within the answer bound (issue
/// 24). Its own field, heading and exports keep the whole name.
pub fn short(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(SHORT_NAME) {
        Some((at, _)) => std::borrow::Cow::Owned(format!("{}…", name[..at].trim_end())),
        None => std::borrow::Cow::Borrowed(name),
    }
}

/// A name as one line: line breaks, tabs and other control characters become spaces, runs of
/// spaces one space, and the ends are trimmed. The characters that override or embed a text
/// direction are dropped, so a name cannot turn the rest of its line around (a forum text's
/// "Points: 120" read backwards) or hide what follows it.
pub fn one_line(name: &str) -> String {
    if is_one_line(name) { name.to_owned() } else { one_line_walk(name) }
}

/// [`one_line`], character by character.
fn one_line_walk(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| !is_bidi_control(*c)) {
        let c = if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') { ' ' } else { c };
        if !(c.is_whitespace() && out.ends_with(char::is_whitespace)) {
            out.push(if c.is_whitespace() { ' ' } else { c });
        }
    }
    out.trim().to_owned()
}

/// [`one_line`], borrowed when `text` is one line already.
pub fn as_one_line(text: Cow<'_, str>) -> Cow<'_, str> {
    if is_one_line(&text) { text } else { Cow::Owned(one_line(&text)) }
}

/// Whether [`one_line`] leaves `text` as it is, told for plain ASCII (most names and every id
/// are): printable characters, no space at either end nor two together. Anything else is left
/// to [`one_line`]'s own walk.
fn is_one_line(text: &str) -> bool {
    let mut after_space = true;
    for &b in text.as_bytes() {
        match b {
            b' ' if after_space => return false,
            b' ' => after_space = true,
            0x21..=0x7e => after_space = false,
            _ => return false,
        }
    }
    !after_space || text.is_empty()
}

/// A player's text quoted back (in a message, a table of differences): one line ([`one_line`]),
/// and past `max_chars` characters, its first `max_chars` and `mark` ("...") to say it goes on.
pub fn clipped(text: &str, max_chars: usize, mark: &str) -> String {
    let line = one_line(text);
    match line.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}{mark}", &line[..cut]),
        None => line,
    }
}

/// The Unicode characters that set or override the direction of the text after them: the marks
/// (LRM, RLM, ALM), embeddings and overrides (LRE to RLO) and isolates (LRI to PDI).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// What stands for U+0000 wherever text comes in (a form, a JSON string, an imported row): the
/// replacement character, as for bytes of a form that are not UTF-8. PostgreSQL cannot store
/// U+0000 in text (nor as `\u0000` in JSON it reads), so Drydock never keeps one, on either
/// backend: a store moves between them, and a page shows the same either way.
pub const NUL_STAND_IN: char = '\u{FFFD}';

/// `text` with every U+0000 replaced by [`NUL_STAND_IN`]; borrowed when it has none.
pub fn without_nul(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\0') {
        std::borrow::Cow::Owned(text.replace('\0', "\u{FFFD}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// JSON text with every U+0000 in it replaced by [`NUL_STAND_IN`]: the escape `\u0000` (any
/// case of its hex digits) becomes `\ufffd`, and a raw U+0000 becomes the character itself. An
/// escaped backslash before "u0000" (`\\u0000`, the text \u0000) is left alone: the text is read
/// escape by escape. Borrowed when there is nothing to replace.
pub fn json_without_nul(json: &str) -> std::borrow::Cow<'_, str> {
    let bytes = json.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let (skip, nul) = match bytes[i] {
            b'\\' if bytes.get(i + 1) == Some(&b'u') => {
                let hex = bytes.get(i + 2..i + 6);
                (6, hex.is_some_and(|h| h.iter().all(|&b| b == b'0')))
            }
            b'\\' => (2, false),
            0 => (1, true),
            _ => (1, false),
        };
        if nul {
            let o = out.get_or_insert_with(|| String::with_capacity(json.len()));
            o.push_str(&json[copied..i]);
            o.push_str(if bytes[i] == 0 { "\u{FFFD}" } else { "\\ufffd" });
            copied = (i + skip).min(bytes.len());
        }
        i += skip;
    }
    match out {
        Some(mut o) => {
            o.push_str(&json[copied.min(json.len())..]);
            std::borrow::Cow::Owned(o)
        }
        None => std::borrow::Cow::Borrowed(json),
    }
}

/// Why a name is refused: too long.
pub fn name_too_long(name: &str) -> Option<String> {
    // A name has no more characters than bytes: most are told by their length alone.
    if name.len() <= MAX_NAME_CHARS {
        return None;
    }
    let n = name.chars().count();
    (n > MAX_NAME_CHARS)
        .then(|| format!("must be at most {MAX_NAME_CHARS} characters long (this one has {n})"))
}

/// `raw` without spaces at its ends: most values and ids begin and end with a letter or a digit,
/// which says so at a glance (`str::trim` looks at every character's class).
pub fn trimmed(raw: &str) -> &str {
    match raw.as_bytes() {
        [first, .., last] if first.is_ascii_alphanumeric() && last.is_ascii_alphanumeric() => raw,
        [only] if only.is_ascii_alphanumeric() => raw,
        _ => raw.trim(),
    }
}

/// Serde: a name, made one line, of at most [`MAX_NAME_CHARS`] characters.
pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let Lent(raw) = Lent::deserialize(d)?;
    // Not copied again when the reader had to make it (a form's "Iron+Column").
    let name = as_one_line(raw).into_owned();
    match name_too_long(&name) {
        Some(why) => Err(de::Error::custom(why)),
        None => Ok(name),
    }
}

/// Serde: an id a document refers to its game's tables by ("mg", "imperial-marines"), made one
/// line as names are, so no id, known or not, can forge lines where it is written (a text
/// export, a message). Unknown ids are kept otherwise as written, for the player to see.
pub fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    id_borrowed(d).map(Cow::into_owned)
}

/// Serde: [`id`], borrowed from the input when it can be (to look it up in a table).
pub fn id_borrowed<'de, D: Deserializer<'de>>(d: D) -> Result<Cow<'de, str>, D::Error> {
    Ok(as_one_line(Lent::deserialize(d)?.0))
}

/// Text as a document's reader gives it: borrowed from the input when the reader lends it (a
/// form's value, JSON text with no escapes in it), copied only when it must be. (Serde's own
/// `Cow<str>` always copies.) Its words for what it expects are a `String`'s.
pub struct Lent<'de>(pub Cow<'de, str>);

impl<'de> Deserialize<'de> for Lent<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> Visitor<'de> for Text {
            type Value = Lent<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Lent<'de>, E> {
                Ok(Lent(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Lent<'de>, E> {
                Ok(Lent(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Lent<'de>, E> {
                Ok(Lent(Cow::Owned(v)))
            }
            fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Lent<'de>, E> {
                std::str::from_utf8(v)
                    .map(|s| Lent(Cow::Borrowed(s)))
                    .map_err(|_| E::invalid_value(de::Unexpected::Bytes(v), &self))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Lent<'de>, E> {
                std::str::from_utf8(v)
                    .map(|s| Lent(Cow::Owned(s.to_owned())))
                    .map_err(|_| E::invalid_value(de::Unexpected::Bytes(v), &self))
            }
            fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Lent<'de>, E> {
                String::from_utf8(v)
                    .map(|s| Lent(Cow::Owned(s)))
                    .map_err(|e| E::invalid_value(de::Unexpected::Bytes(e.as_bytes()), &self))
            }
        }
        d.deserialize_string(Text)
    }
}

/// Serde: a list of ids, each one line (see [`id`]).
pub fn ids<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let raw = <Vec<Lent<'de>> as Deserialize>::deserialize(d)?;
    Ok(raw.iter().map(|s| one_line(&s.0)).collect())
}

/// Serde: an optional id, one line (see [`id`]).
pub fn optional_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let raw = <Option<Lent<'de>> as Deserialize>::deserialize(d)?;
    Ok(raw.map(|s| one_line(&s.0)))
}

/// A whole number from `min` to `max`, with the range in every message about it.
struct Whole {
    min: u64,
    max: u64,
}

impl Visitor<'_> for Whole {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a whole number from {} to {}", self.min, self.max)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(E::invalid_value(de::Unexpected::Unsigned(v), &self))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(E::invalid_value(de::Unexpected::Signed(v), &self)),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        Err(E::invalid_value(de::Unexpected::Float(v), &self))
    }
}

/// Serde: a whole number from `min` to `max`, for a game's own bounded fields (a points limit,
/// a tank shock's distance), with the range in the message when it is refused.
pub(crate) fn whole<'de, D: Deserializer<'de>>(d: D, min: u64, max: u64) -> Result<u64, D::Error> {
    d.deserialize_u64(Whole { min, max })
}

/// Serde: a count, number of magazines or points, 0 to [`MAX_COUNT`].
pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
    let v = whole(d, 0, MAX_COUNT.into())?;
    Ok(u16::try_from(v).unwrap_or(MAX_COUNT))
}

/// Serde: a count kept in a `u32` field, 0 to [`MAX_COUNT`].
pub fn count_u32<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = whole(d, 0, MAX_COUNT.into())?;
    Ok(u32::try_from(v).unwrap_or(MAX_COUNT.into()))
}

/// Serde: a points limit, 0 to [`MAX_POINTS_LIMIT`].
pub fn points_limit<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = whole(d, 0, MAX_POINTS_LIMIT.into())?;
    Ok(u32::try_from(v).unwrap_or(MAX_POINTS_LIMIT))
}

/// Serde: an optional points limit, 1 to [`MAX_POINTS_LIMIT`]; absent or `null` for none.
pub fn optional_points_limit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct Limit(u32);
    impl<'de> serde::Deserialize<'de> for Limit {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let v = whole(d, 1, MAX_POINTS_LIMIT.into())?;
            Ok(Limit(u32::try_from(v).unwrap_or(MAX_POINTS_LIMIT)))
        }
    }
    Ok(<Option<Limit> as serde::Deserialize>::deserialize(d)?.map(|l| l.0))
}

/// Serde: a small number that fits a `u8` field ("link group", "turret size").
pub fn small<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = whole(d, 0, u8::MAX.into())?;
    Ok(u8::try_from(v).unwrap_or(u8::MAX))
}

/// Serde: cargo weight in pounds, 0 to [`MAX_CARGO_WEIGHT`].
pub fn cargo_weight<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = whole(d, 0, MAX_CARGO_WEIGHT.into())?;
    Ok(u32::try_from(v).unwrap_or(MAX_CARGO_WEIGHT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy as _;

    /// Text is lent where the reader lends it and copied where it must be, and is refused in a
    /// `String`'s own words.
    #[test]
    fn text_is_lent_by_the_reader_when_it_can_be() {
        let Lent(plain) = serde_json::from_str::<Lent>("\"mg\"").expect("text");
        assert!(matches!(plain, Cow::Borrowed("mg")));
        let Lent(escaped) = serde_json::from_str::<Lent>("\"m\\u0067\"").expect("text");
        assert!(matches!(escaped, Cow::Owned(ref s) if s == "mg"));
        let Lent(owned) = Lent::deserialize(serde_json::json!("mg")).expect("text");
        assert_eq!(owned, "mg");
        let lent = serde_json::from_str::<Lent>("3").map(|l| l.0).expect_err("a number");
        let string = serde_json::from_str::<String>("3").expect_err("a number");
        assert_eq!(lent.to_string(), string.to_string());
        let ids: Vec<Lent> = serde_json::from_str("[\"a\", \"b\"]").expect("ids");
        assert!(ids.iter().all(|l| matches!(l.0, Cow::Borrowed(_))));
    }

    proptest::proptest! {
        /// What is told one line already at a glance is what the walk over its characters
        /// leaves as it is.
        #[test]
        fn a_line_told_at_a_glance_is_what_the_walk_makes(
            text in proptest::collection::vec(
                proptest::sample::select(vec!['a', 'Z', '0', ' ', ' ', '\t', '\n', '\u{7f}', '~', '\u{a0}', '\u{202e}', 'é', '\0']),
                0..12,
            ).prop_map(|cs| cs.into_iter().collect::<String>())
        ) {
            proptest::prop_assert_eq!(one_line(&text), one_line_walk(&text));
            proptest::prop_assert_eq!(as_one_line(Cow::Borrowed(&text)), one_line_walk(&text));
        }
    }

    #[test]
    fn names_become_one_trimmed_line() {
        assert_eq!(one_line("  Sea\r\nWasp\tII \u{2028} "), "Sea Wasp II");
        assert_eq!(one_line("A\n\n\nMain Force: 1 Sea Raider"), "A Main Force: 1 Sea Raider");
        assert_eq!(one_line(""), "");
        // Direction controls are dropped: no name turns the rest of its line around.
        assert_eq!(one_line("\u{202E}Sea Wasp\u{2066} 12\u{200F}"), "Sea Wasp 12");
        for c in [
            '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
            '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            assert_eq!(one_line(&format!("a{c}b")), "ab", "{:04X}", u32::from(c));
        }
        // Right-to-left letters themselves are names like any other.
        assert_eq!(one_line("סירה 1"), "סירה 1");
        // Told by characters, not bytes: at the length, at most as long in bytes or longer, and
        // a character past it.
        assert!(name_too_long(&"x".repeat(MAX_NAME_CHARS)).is_none());
        assert!(name_too_long(&"é".repeat(MAX_NAME_CHARS)).is_none());
        assert!(name_too_long(&"x".repeat(MAX_NAME_CHARS + 1)).is_some());
        assert!(name_too_long(&"é".repeat(MAX_NAME_CHARS + 1)).is_some());
    }

    #[test]
    fn a_quoted_text_is_one_line_cut_after_its_length_with_a_mark() {
        assert_eq!(clipped(" a\nb ", 3, "..."), "a b");
        assert_eq!(clipped("abcd", 3, "..."), "abc...");
        assert_eq!(clipped(&"é".repeat(61), 60, "…"), format!("{}…", "é".repeat(60)));
        assert_eq!(clipped(&"é".repeat(60), 60, "…"), "é".repeat(60));
        // The engines' messages quote a player's id so: 40 characters.
        assert_eq!(crate::games::shown(&"x".repeat(41)), format!("{}...", "x".repeat(40)));
    }

    #[test]
    fn a_repeated_name_keeps_twenty_characters() {
        assert_eq!(short("Taira"), "Taira");
        assert!(matches!(short(&"é".repeat(SHORT_NAME)), std::borrow::Cow::Borrowed(_)));
        assert_eq!(short(&"é".repeat(SHORT_NAME + 1)), format!("{}…", "é".repeat(SHORT_NAME)));
        assert_eq!(short("Minamoto no Yoshitsune's fleet"), "Minamoto no Yoshitsu…");
        // No space is left before the ellipsis.
        assert_eq!(short("Nineteen characters and more"), "Nineteen characters…");
    }

    #[test]
    fn nul_becomes_the_replacement_character_in_text_and_in_json() {
        assert_eq!(without_nul("Sea\0Wasp"), "Sea\u{FFFD}Wasp");
        assert!(matches!(without_nul("Sea Wasp"), std::borrow::Cow::Borrowed(_)));
        for (json, want) in [
            (r#"{"a":"x\u0000y"}"#, r#"{"a":"x\ufffdy"}"#),
            (r#"{"a":"\u0000\u0000"}"#, r#"{"a":"\ufffd\ufffd"}"#),
            // The text \u0000, its backslash escaped, is not U+0000.
            (r#"{"a":"\\u0000"}"#, r#"{"a":"\\u0000"}"#),
            (r#"{"a":"\\\u0000"}"#, r#"{"a":"\\\ufffd"}"#),
            (r#"{"a":"\u0001\u00000"}"#, r#"{"a":"\u0001\ufffd0"}"#),
            (r#"{"a\u0000":1}"#, r#"{"a\ufffd":1}"#),
            ("{\"a\":\"x\0\"}", "{\"a\":\"x\u{FFFD}\"}"),
            (r#"{"a":"\u"}"#, r#"{"a":"\u"}"#),
            ("\\", "\\"),
            ("", ""),
        ] {
            assert_eq!(json_without_nul(json), want, "{json}");
        }
        // What it gives reads as the text with the replacement character.
        let v: serde_json::Value = serde_json::from_str(&json_without_nul(r#"["a\u0000b"]"#)).unwrap();
        assert_eq!(v[0], "a\u{FFFD}b");
        assert!(matches!(json_without_nul(r#"{"a":"b"}"#), std::borrow::Cow::Borrowed(_)));
    }

    #[derive(serde::Deserialize, Debug)]
    struct T {
        #[serde(default, deserialize_with = "count")]
        n: u16,
        #[serde(default, deserialize_with = "name")]
        name: String,
    }

    #[test]
    fn counts_name_their_range_when_refused() {
        let ok: T = serde_json::from_str(r#"{"n": 999, "name": "a\nb"}"#).unwrap();
        assert_eq!((ok.n, ok.name.as_str()), (999, "a b"));
        for bad in [r#"{"n": 1000}"#, r#"{"n": -1}"#, r#"{"n": 1.5}"#, r#"{"n": "two"}"#] {
            let e = serde_json::from_str::<T>(bad).unwrap_err().to_string();
            assert!(e.contains("a whole number from 0 to 999"), "{bad}: {e}");
        }
        let long = format!(r#"{{"name": "{}"}}"#, "x".repeat(101));
        let e = serde_json::from_str::<T>(&long).unwrap_err().to_string();
        assert!(e.contains("at most 100 characters"), "{e}");
    }
}
