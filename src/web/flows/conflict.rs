//! Two editors of one build (its owner on two devices, a shared edit link): a save from a form
//! opened before the other's save is refused, never written over it. The editor comes back with
//! the player's own version still in its form, and says where the saved version differs from
//! it, field by field, in the player's words.

use crate::store::builds::{Build, format_time};
use crate::web::http::codec;
use serde::Serialize;
use std::collections::HashMap;

/// The most differences a conflict lists; the rest are counted.
pub const MAX_SHOWN: usize = 20;

/// The longest value a difference shows, in characters.
const VALUE_CHARS: usize = 60;

/// A save refused because the build was saved again since its form was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The build's id, for the link to its saved version.
    pub id: String,
    /// When the other save landed ("2026-12-01 13:20 UTC").
    pub saved_at: String,
    /// Its revision now: the form is drawn again at it, so saving again replaces it knowingly.
    pub revision: i64,
    /// Where the saved version differs from the player's, in form order.
    pub changes: Vec<Difference>,
    /// How many more differences there are than are listed.
    pub more: usize,
}

/// One field that differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The player's words for it ("Count", "Vehicle 2 front armour").
    pub field: String,
    /// Its value in the saved version; "(none)" where that has no such field or row.
    pub saved: String,
    /// Its value in the player's.
    pub yours: String,
}

impl Conflict {
    /// The conflict between `now` (the build as saved, its document read as `saved`) and the
    /// player's document `yours`; `label` gives a field's words from its path.
    pub fn new<D: Serialize>(now: &Build, saved: &D, yours: &D, label: impl Fn(&str) -> String) -> Conflict {
        let (changes, more) = differences(&codec::encode(saved), &codec::encode(yours), label);
        Conflict {
            id: now.id.clone(),
            saved_at: format_time(now.updated_at),
            revision: now.revision,
            changes,
            more,
        }
    }
}

fn shown(value: Option<&str>) -> String {
    match value {
        None => "(none)".to_owned(),
        Some("") => "(empty)".to_owned(),
        Some(v) => crate::games::bounds::clipped(v, VALUE_CHARS, "…"),
    }
}

/// A path its game has no words for, in plain words: "propellers.1.kind" is "Propellers 2 kind".
fn plain_words(path: &str) -> String {
    let words: Vec<String> = path
        .split('.')
        .map(|part| match part.parse::<usize>() {
            Ok(n) => n.saturating_add(1).to_string(),
            Err(_) => part.replace('_', " "),
        })
        .collect();
    let mut text = words.join(" ");
    if let Some(first) = text.get(..1) {
        text = format!("{}{}", first.to_uppercase(), &text[1..]);
    }
    text
}

/// The fields of two forms (as [`codec::encode`] writes them) whose values differ, in the order
/// the player's form and then the saved one give them, at most [`MAX_SHOWN`], and how many more.
/// A path that only marks an object as there ("weapons.2" = "on", beside its fields) is not a
/// difference of its own: its fields say it.
pub fn differences(
    saved: &[(String, String)],
    yours: &[(String, String)],
    label: impl Fn(&str) -> String,
) -> (Vec<Difference>, usize) {
    let index = |fields: &[(String, String)]| -> HashMap<String, String> { fields.iter().cloned().collect() };
    let (s, y) = (index(saved), index(yours));
    let is_marker = |path: &str| {
        let prefix = format!("{path}.");
        saved.iter().chain(yours).any(|(p, _)| p.starts_with(&prefix))
    };
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    for (path, _) in yours.iter().chain(saved) {
        if !seen.insert(path.as_str()) {
            continue;
        }
        let (a, b) = (s.get(path), y.get(path));
        if a == b || is_marker(path) {
            continue;
        }
        let field = match label(path) {
            words if words == *path => plain_words(path),
            words => words,
        };
        // A row's own mark ("propellers.1" = "on") says the row is there.
        let row = path.rsplit('.').next().is_some_and(|last| last.parse::<usize>().is_ok());
        let value = |v: Option<&String>| match v.map(String::as_str) {
            Some("on") if row => "there".to_owned(),
            v => shown(v),
        };
        found.push(Difference { field, saved: value(a), yours: value(b) });
    }
    let more = found.len().saturating_sub(MAX_SHOWN);
    found.truncate(MAX_SHOWN);
    (found, more)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn differences_name_each_field_with_both_values_and_skip_what_is_the_same() {
        let saved =
            fields(&[("name", "Sea Wasp"), ("oars", "2"), ("weapons.0", "on"), ("weapons.0.weapon", "mg")]);
        let yours = fields(&[
            ("name", "Sea Wasp II"),
            ("oars", "2"),
            ("weapons.0", "on"),
            ("weapons.0.weapon", "mg"),
            ("weapons.1", "on"),
            ("weapons.1.weapon", "rl"),
        ]);
        let (got, more) = differences(&saved, &yours, |p| format!("<{p}>"));
        assert_eq!(more, 0);
        let got: Vec<(&str, &str, &str)> =
            got.iter().map(|d| (d.field.as_str(), d.saved.as_str(), d.yours.as_str())).collect();
        assert_eq!(got, [("<name>", "Sea Wasp", "Sea Wasp II"), ("<weapons.1.weapon>", "(none)", "rl")]);
        // A path its game has no words for is said in plain words; a row's mark says it is there.
        let saved = fields(&[("plant", "medium")]);
        let yours = fields(&[("plant", "small"), ("propellers.1", "on"), ("fire_points", "2")]);
        let (got, _) = differences(&saved, &yours, str::to_owned);
        let got: Vec<(&str, &str, &str)> =
            got.iter().map(|d| (d.field.as_str(), d.saved.as_str(), d.yours.as_str())).collect();
        assert_eq!(
            got,
            [
                ("Plant", "medium", "small"),
                ("Propellers 2", "(none)", "there"),
                ("Fire points", "(none)", "2")
            ]
        );
    }

    #[test]
    fn a_long_list_of_differences_is_cut_and_counted() {
        let saved: Vec<(String, String)> = (0..50).map(|i| (format!("f{i}"), "a".to_owned())).collect();
        let yours: Vec<(String, String)> = (0..50).map(|i| (format!("f{i}"), "b".repeat(200))).collect();
        let (got, more) = differences(&saved, &yours, str::to_owned);
        assert_eq!((got.len(), more), (MAX_SHOWN, 50 - MAX_SHOWN));
        assert_eq!(got[0].yours, format!("{}…", "b".repeat(VALUE_CHARS)));
    }
}
