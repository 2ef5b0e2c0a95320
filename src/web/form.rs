//! Reading HTML forms whose field names are paths ("weapons.2.count"), the way the builders'
//! pages name their inputs. A value that does not parse is reported against its field and
//! replaced by a safe default, so the page can show the message next to the input.

use crate::games::Problem;
use std::collections::{BTreeSet, HashMap};

/// The fields of a posted form, by name. When a name is sent twice the later value wins, as with
/// checkboxes that have a hidden fallback.
#[derive(Debug, Default, Clone)]
pub struct Fields {
    map: HashMap<String, String>,
}

impl Fields {
    pub fn parse(body: &[u8]) -> Self {
        Self::from_pairs(form_urlencoded::parse(body).map(|(k, v)| (k.into_owned(), v.into_owned())))
    }

    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Fields { map: pairs.into_iter().collect() }
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.map.get(name).map(String::as_str)
    }

    pub fn text(&self, name: &str) -> String {
        self.get(name).unwrap_or("").to_owned()
    }

    /// A checkbox: present and not "off"/"false".
    pub fn flag(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| !matches!(v, "" | "off" | "false" | "0"))
    }

    /// Indices used under a list prefix ("weapons" -> 0, 1, 3), in order.
    pub fn indices(&self, prefix: &str) -> Vec<usize> {
        let mut seen = BTreeSet::new();
        for k in self.map.keys() {
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

/// Collects number-parsing problems while reading a form.
#[derive(Debug, Default)]
pub struct Reader {
    pub problems: Vec<Problem>,
}

impl Reader {
    /// A whole number from 0 to `max`; empty means `default`.
    fn whole(&mut self, f: &Fields, name: &str, label: &str, default: u64, max: u64) -> u64 {
        let raw = f.get(name).unwrap_or("").trim();
        if raw.is_empty() {
            return default;
        }
        match raw.parse::<u64>() {
            Ok(v) if v <= max => v,
            _ => {
                self.problems.push(Problem::error(
                    "BAD_NUMBER",
                    Some(name.to_owned()),
                    format!(
                        "{label}: \"{raw}\" is not a whole number from 0 to {max}; it was read as {default}"
                    ),
                ));
                default
            }
        }
    }

    pub fn u8(&mut self, f: &Fields, name: &str, label: &str, default: u8) -> u8 {
        u8::try_from(self.whole(f, name, label, default.into(), u8::MAX.into())).unwrap_or(default)
    }

    pub fn u16(&mut self, f: &Fields, name: &str, label: &str, default: u16) -> u16 {
        u16::try_from(self.whole(f, name, label, default.into(), u16::MAX.into())).unwrap_or(default)
    }

    pub fn u32(&mut self, f: &Fields, name: &str, label: &str, default: u32) -> u32 {
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
