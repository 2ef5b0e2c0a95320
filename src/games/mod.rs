//! The rules engines. Everything under `games` is pure: no web, database, template or async code,
//! so the page, the JSON API and the text exports all ask the same functions and never recompute.

pub mod bounds;
pub mod carwars;
pub mod epic;
pub mod registry;

use serde::Serialize;

/// How bad a problem is. Builders warn and explain rather than refuse input: a build with errors
/// can still be saved and shared, it is only marked illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Legal, but worth knowing.
    Warning,
    /// Breaks a rule: the build is illegal.
    Error,
}

/// One thing wrong with (or worth knowing about) a build: a stable machine code, a severity, a
/// message a player understands that names the part and the limit, and the part it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// Path of the part in the input document ("weapons.2", "armor.F", "sections.main.1"), so a
    /// page can show the problem next to the field it concerns. `None` for the build as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

impl Problem {
    pub fn error(code: &'static str, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code, severity: Severity::Error, message, part: part.into() }
    }

    pub fn warning(code: &'static str, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code, severity: Severity::Warning, message, part: part.into() }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A build is legal when none of its problems is an error.
pub fn is_legal(problems: &[Problem]) -> bool {
    !problems.iter().any(Problem::is_error)
}

/// The valid ids closest to an unknown one, best first, for "did you mean" messages. Ranks by
/// edit distance, with ids that share a prefix or contain the input first.
pub fn nearest<'a>(unknown: &str, valid: impl IntoIterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let wanted = unknown.trim().to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = valid
        .into_iter()
        .map(|id| {
            let d = edit_distance(&wanted, id);
            let bonus =
                if !wanted.is_empty() && (id.starts_with(&wanted) || id.contains(&wanted)) { 0 } else { 1 };
            (bonus * 100 + d, id)
        })
        .collect();
    scored.sort();
    scored.into_iter().take(n).map(|(_, id)| id).collect()
}

/// "a", "a or b", "a, b or c": the choices a message offers.
pub(crate) fn or_list(items: &[&str]) -> String {
    match items {
        [] => "nothing".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Edit distance counting a swap of two neighbouring letters as one edit ("VGM" is one edit from
/// "VMG"), so misprints find their word.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best =
                (d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1).min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = best;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_ids_put_close_spellings_first() {
        let got = nearest("vgm", ["mg", "vmg", "hmg", "torpedo"], 2);
        assert_eq!(got[0], "vmg");
    }

    #[test]
    fn or_lists_join_with_commas_and_a_last_or() {
        assert_eq!(or_list(&[]), "nothing");
        assert_eq!(or_list(&["F"]), "F");
        assert_eq!(or_list(&["F", "B"]), "F or B");
        assert_eq!(or_list(&["F", "B", "L", "R"]), "F, B, L or R");
    }

    #[test]
    fn a_build_with_only_warnings_is_legal() {
        let p = vec![Problem::warning("W", None, "w".into())];
        assert!(is_legal(&p));
        let p = vec![Problem::error("E", Some("x".into()), "e".into())];
        assert!(!is_legal(&p));
    }
}
