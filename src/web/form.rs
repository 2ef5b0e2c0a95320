//! Reading HTML forms whose field names are paths ("weapons.2.count"), the way the builders'
//! pages name their inputs. A value that does not parse is reported against its field and
//! replaced by a safe default, so the page can show the message next to the input.

use crate::games::Problem;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt::Display;

/// A field's name: a plain name ("hull"), or a part's path and a field of it
/// (`("weapons.2", "count")` names "weapons.2.count") looked up without building the string.
pub trait Name: Copy {
    /// Orders a field name against this name, as `str::cmp` would the joined string.
    fn cmp_key(self, key: &str) -> Ordering;
    fn joined(self) -> String;
}

impl Name for &str {
    fn cmp_key(self, key: &str) -> Ordering {
        key.cmp(self)
    }
    fn joined(self) -> String {
        self.to_owned()
    }
}

impl Name for &String {
    fn cmp_key(self, key: &str) -> Ordering {
        self.as_str().cmp_key(key)
    }
    fn joined(self) -> String {
        self.clone()
    }
}

impl Name for (&str, &str) {
    fn cmp_key(self, key: &str) -> Ordering {
        // key <=> part + "." + field, a slice at a time.
        let (part, field) = (self.0.as_bytes(), self.1.as_bytes());
        let key = key.as_bytes();
        let n = part.len().min(key.len());
        match key[..n].cmp(&part[..n]) {
            Ordering::Equal if key.len() <= part.len() => return Ordering::Less,
            Ordering::Equal => {}
            other => return other,
        }
        match key[part.len()].cmp(&b'.') {
            Ordering::Equal => key[part.len() + 1..].cmp(field),
            other => other,
        }
    }
    fn joined(self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

/// The fields of a posted form, sorted by name, borrowing from the body where no decoding was
/// needed. When a name is sent twice the later value wins, as with checkboxes that have a
/// hidden fallback.
#[derive(Debug, Default, Clone)]
pub struct Fields<'a> {
    pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>,
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
        Self::sorted(pairs)
    }

    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self::sorted(pairs.into_iter().map(|(k, v)| (Cow::Owned(k), Cow::Owned(v))).collect())
    }

    /// A stable sort keeps repeated names in the order sent.
    fn sorted(mut pairs: Vec<(Cow<'a, str>, Cow<'a, str>)>) -> Self {
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        Fields { pairs }
    }

    pub fn get(&self, name: impl Name) -> Option<&str> {
        let end = self.pairs.partition_point(|(k, _)| name.cmp_key(k) != Ordering::Greater);
        match end.checked_sub(1).and_then(|i| self.pairs.get(i)) {
            Some((k, v)) if name.cmp_key(k) == Ordering::Equal => Some(v.as_ref()),
            _ => None,
        }
    }

    pub fn text(&self, name: impl Name) -> String {
        self.get(name).unwrap_or("").to_owned()
    }

    /// A checkbox: present and not "off"/"false".
    pub fn flag(&self, name: impl Name) -> bool {
        self.get(name).is_some_and(|v| !matches!(v, "" | "off" | "false" | "0"))
    }

    /// The fields under `prefix` ("armor" gives ("F", "12") for "armor.F=12"), in name order.
    pub fn under<'s>(&'s self, prefix: &'s str) -> impl Iterator<Item = (&'s str, &'s str)> + 's {
        let start = self.pairs.partition_point(|(k, _)| k.as_ref() < prefix);
        self.pairs[start..]
            .iter()
            .take_while(move |(k, _)| k.starts_with(prefix))
            .filter_map(move |(k, v)| Some((k[prefix.len()..].strip_prefix('.')?, v.as_ref())))
    }

    /// Indices used under a list prefix ("weapons" -> 0, 1, 3), in order.
    pub fn indices(&self, prefix: &str) -> Vec<usize> {
        let mut seen = BTreeSet::new();
        let start = self.pairs.partition_point(|(k, _)| k.as_ref() < prefix);
        for (k, _) in self.pairs[start..].iter().take_while(|(k, _)| k.starts_with(prefix)) {
            if let Some(rest) = k.strip_prefix(prefix).and_then(|r| r.strip_prefix('.'))
                && let Some(i) = rest.split('.').next().and_then(|s| s.parse::<usize>().ok())
                && i < 1000
            {
                seen.insert(i);
            }
        }
        seen.into_iter().collect()
    }
}

/// One name or value of a urlencoded form: borrowed when it needs no decoding (most do not),
/// decoded otherwise.
fn decode(raw: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(raw) {
        Ok(s) if !s.contains(['+', '%']) => Cow::Borrowed(s),
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
                    "BAD_NUMBER",
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

    pub fn u16(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u16) -> u16 {
        u16::try_from(self.whole(f, name, label, default.into(), u16::MAX.into())).unwrap_or(default)
    }

    pub fn u32(&mut self, f: &Fields, name: impl Name, label: impl Display, default: u32) -> u32 {
        u32::try_from(self.whole(f, name, label, default.into(), u32::MAX.into())).unwrap_or(default)
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
        assert_eq!(r.u16(&f, ("crew.0", "count"), "How many", 1), 1);
        assert_eq!(r.problems[0].part.as_deref(), Some("crew.0.count"));
    }

    #[test]
    fn the_fields_under_a_prefix_come_in_name_order() {
        let f = Fields::parse(b"armor.U=3&armor.F=2&armorX=1&armor=0&hull=x&armor.type=fireproof");
        let got: Vec<(&str, &str)> = f.under("armor").collect();
        assert_eq!(got, vec![("F", "2"), ("U", "3"), ("type", "fireproof")]);
    }

    #[test]
    fn a_bad_number_is_reported_against_its_field() {
        let f = Fields::from_pairs(vec![("oars".into(), "lots".into()), ("big".into(), "70000".into())]);
        let mut r = Reader::default();
        assert_eq!(r.u16(&f, "oars", "Oars", 0), 0);
        assert_eq!(r.u16(&f, "big", "Count", 1), 1);
        assert_eq!(r.problems.len(), 2);
        assert_eq!(r.problems[0].part.as_deref(), Some("oars"));
        assert_eq!(
            r.problems[0].message,
            "Oars: \"lots\" is not a whole number from 0 to 65535; it was read as 0"
        );
    }
}
