//! Pieces every builder's pages share: form selects, DOM ids that follow the document's part
//! paths, problems as shown, and finding the slot a problem shows in. Nothing here knows a game.

use crate::games::{Problem, Severity};

/// One `<option>`.
#[derive(Debug, Clone)]
pub struct Opt {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// A `<select>` with its label. A structural select re-renders the whole form when changed (it
/// changes which other inputs make sense): `refresh` is the address that renders it.
#[derive(Debug, Clone)]
pub struct Select {
    pub name: String,
    pub id: String,
    pub label: String,
    pub options: Vec<Opt>,
    pub refresh: Option<&'static str>,
}

/// The DOM id of an input: "weapons.0.count" -> "f-weapons-0-count".
pub fn dom_id(path: &str) -> String {
    prefixed("f-", path)
}

/// The DOM id of the problems slot of a part.
pub fn slot_id(path: &str) -> String {
    prefixed("problems-", path)
}

/// `prefix` then `path` with its dots as dashes, in one allocation.
fn prefixed(prefix: &str, path: &str) -> String {
    let mut id = String::with_capacity(prefix.len() + path.len());
    id.push_str(prefix);
    id.extend(path.chars().map(|c| if c == '.' { '-' } else { c }));
    id
}

/// A select of `options` (value, label) with `current` selected. A value the options do not
/// know is kept, marked unknown, so nothing the player had is lost.
pub fn select(
    name: &str,
    label: &str,
    current: &str,
    options: Vec<(String, String)>,
    refresh: Option<&'static str>,
) -> Select {
    let mut opts: Vec<Opt> =
        options.into_iter().map(|(value, label)| Opt { selected: value == current, value, label }).collect();
    if !opts.iter().any(|o| o.selected) {
        opts.insert(
            0,
            Opt { value: current.to_owned(), label: format!("{current} (unknown)"), selected: true },
        );
    }
    Select { name: name.to_owned(), id: dom_id(name), label: label.to_owned(), options: opts, refresh }
}

/// A problem as shown.
#[derive(Debug, Clone)]
pub struct ProblemView {
    pub code: &'static str,
    pub error: bool,
    pub message: String,
    /// Anchor of the part it concerns, if the form has one.
    pub anchor: Option<String>,
}

impl ProblemView {
    pub fn new(p: &Problem) -> Self {
        ProblemView {
            code: p.code,
            error: p.severity == Severity::Error,
            message: p.message.clone(),
            anchor: p.part.as_deref().map(slot_id),
        }
    }
}

/// The slot a problem's part shows in: the longest of `slots` that is the part or contains it
/// ("weapons.0.count" shows at "weapons.0").
pub fn slot_among<'a>(slots: &'a [String], part: &str) -> Option<&'a str> {
    slots
        .iter()
        .filter(|s| part == s.as_str() || (part.starts_with(s.as_str()) && part[s.len()..].starts_with('.')))
        .max_by_key(|s| s.len())
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_shows_in_the_longest_slot_that_contains_it() {
        let slots: Vec<String> = ["choices", "choices.1", "choices.10"].iter().map(|s| (*s).into()).collect();
        assert_eq!(slot_among(&slots, "choices.1.count"), Some("choices.1"));
        assert_eq!(slot_among(&slots, "choices.10"), Some("choices.10"));
        assert_eq!(slot_among(&slots, "choices.2"), Some("choices"));
        assert_eq!(slot_among(&slots, "list"), None);
    }

    #[test]
    fn an_unknown_current_value_is_kept_and_marked() {
        let s = select("x", "X", "zz", vec![("a".into(), "A".into())], None);
        assert_eq!(s.options[0].value, "zz");
        assert!(s.options[0].selected && s.options[0].label.contains("unknown"));
    }
}
