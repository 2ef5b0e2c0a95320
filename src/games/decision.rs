//! Our readings of the rules: where a rules text is silent, open or unclear, the choice we made,
//! in words a page can show. Every game keeps its readings as a list of this one type, and every
//! page shows a list of them with one macro (`decision_list` in templates/macros.html).

use serde::Serialize;

/// A choice we made where the rules text is silent, open or unclear, shown to the player where
/// it matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// Stable id a page, a test or another list points at: "crippled-bays".
    pub id: &'static str,
    /// A short heading ("Loaded weapons"), or empty where the text is shown alone.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub title: &'static str,
    /// The decision and why, in a sentence or a few.
    pub text: &'static str,
}

impl Decision {
    /// The decision of `list` with this id, if it has one.
    pub fn find(list: &'static [Decision], id: &str) -> Option<&'static Decision> {
        list.iter().find(|d| d.id == id)
    }

    /// The decisions of `list` with these ids, in the order of `ids`; an id `list` lacks is
    /// passed over (the tests of each list check that every id it is asked for is there).
    pub fn all_of(list: &'static [Decision], ids: &[&str]) -> Vec<&'static Decision> {
        ids.iter().filter_map(|id| Self::find(list, id)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Decision;
    use std::collections::HashSet;

    /// Every game's readings, list by list, as the pages show them: from the registry.
    fn every_list() -> Vec<(&'static str, &'static [Decision])> {
        crate::web::registry::games().flat_map(|g| g.decisions.iter().map(|&list| (g.id, list))).collect()
    }

    #[test]
    fn every_decision_has_a_unique_id_and_words() {
        let lists = every_list();
        assert!(lists.len() >= 4, "{} lists", lists.len());
        for (game, list) in lists {
            let mut ids = HashSet::new();
            for d in list {
                assert!(
                    !d.id.is_empty()
                        && d.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{game}: {d:?}"
                );
                assert!(ids.insert(d.id), "{game}: {} twice", d.id);
                assert!(d.text.ends_with('.') && d.title.trim() == d.title, "{game}: {d:?}");
            }
        }
    }

    #[test]
    fn a_decision_is_found_by_its_id() {
        let list = crate::games::bfg::DECISIONS;
        assert_eq!(Decision::find(list, "crippled-bays").map(|d| d.id), Some("crippled-bays"));
        assert_eq!(Decision::find(list, "no-such-reading"), None);
        let both: Vec<&str> =
            Decision::all_of(list, &["undo", "crippled-bays"]).iter().map(|d| d.id).collect();
        assert_eq!(both, ["undo", "crippled-bays"]);
    }

    #[test]
    fn a_decision_without_a_title_is_written_without_one() {
        let untitled = Decision { id: "a", title: "", text: "b." };
        let titled = Decision { id: "a", title: "T", text: "b." };
        assert_eq!(serde_json::to_string(&untitled).ok().as_deref(), Some(r#"{"id":"a","text":"b."}"#));
        assert_eq!(
            serde_json::to_string(&titled).ok().as_deref(),
            Some(r#"{"id":"a","title":"T","text":"b."}"#)
        );
    }
}
