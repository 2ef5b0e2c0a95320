//! The rules engines. Everything under `games` is pure: no web, database, template or async code,
//! so the page, the JSON API and the text exports all ask the same functions and never recompute.

pub mod bfg;
pub mod bounds;
pub mod carwars;
pub mod epic;
pub mod exact;
pub mod registry;
pub mod samurai;
pub mod waffle;

mod problems;

pub use problems::{Code, Problem, Severity, is_legal, legality_text};

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

/// Longest stretch of a player's unknown id quoted back in a message.
const SHOWN_CHARS: usize = 40;

/// A player's text as quoted back in a message: one line (as names are: line breaks and other
/// control characters become spaces, so no id can forge lines in a text export, where messages
/// are listed one a line), cut short if very long.
pub(crate) fn shown(s: &str) -> String {
    let line = bounds::one_line(s);
    if line.chars().count() > SHOWN_CHARS {
        let cut: String = line.chars().take(SHOWN_CHARS).collect();
        format!("{cut}...")
    } else {
        line
    }
}

/// The warning for a document marked with another version than its engine reads (`reads`):
/// `noun` is what the document is ("fleet"). The document is still judged in full.
pub(crate) fn version_problem(noun: &str, found: u32, reads: u32) -> Option<Problem> {
    (found != reads).then(|| {
        Problem::warning(
            Code::UnknownVersion,
            Some("version".to_owned()),
            format!(
                "This {noun} is marked as document version {found}, but this engine reads version \
                 {reads}: check that nothing was lost"
            ),
        )
    })
}

/// The error for a build that costs more than the points limit its player set (none: no limit),
/// at the limit's field, saying by how much and what to do: `remedy` ("remove a choice").
pub(crate) fn over_points_limit(
    noun: &str,
    points: u32,
    limit: Option<u32>,
    remedy: &str,
) -> Option<Problem> {
    let limit = limit.filter(|&limit| points > limit)?;
    Some(Problem::error(
        Code::OverPointsLimit,
        Some("points_limit".to_owned()),
        format!(
            "The {noun} costs {points} pts, {} over its limit of {limit} pts: {remedy} or raise the limit",
            points - limit
        ),
    ))
}

/// "a", "a or b", "a, b or c": the choices a message offers.
pub(crate) fn or_list(items: &[&str]) -> String {
    joined_list(items, "or")
}

/// "a", "a and b", "a, b and c": the things a message names together.
pub(crate) fn and_list(items: &[&str]) -> String {
    joined_list(items, "and")
}

fn joined_list(items: &[&str], last_word: &str) -> String {
    match items {
        [] => "nothing".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} {last_word} {last}", init.join(", ")),
    }
}

/// Test support for "everything the app shows is written by us": the runs of six words of
/// `texts` found in the rules document `shared/rules/{file}` (beside the repository, where the
/// team's checkouts have it), each text checked in the stretches between the `names` it holds
/// (a name is the same in any words, so it breaks a run). `None`, said on stderr, when the
/// document is not there (a clone without it, such as a CI machine's).
#[cfg(test)]
pub(crate) fn copied_runs<'a>(
    file: &str,
    names: &[&str],
    texts: impl IntoIterator<Item = &'a str>,
) -> Option<Vec<String>> {
    let path = format!("{}/../shared/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            crate::store::testing::skipped(&format!("the own-words check needs {path}: {e}"));
            return None;
        }
    };
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let source = words(&source).join(" ");
    let mut copied = Vec::new();
    for text in texts {
        let marked = names.iter().fold(text.to_owned(), |t, name| t.replace(name, "\u{0}"));
        for stretch in marked.split('\u{0}') {
            for run in words(stretch).windows(6) {
                let run = run.join(" ");
                if source.contains(&run) {
                    copied.push(run);
                }
            }
        }
    }
    Some(copied)
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
        assert_eq!(and_list(&["Unit 1", "Unit 2", "Unit 3"]), "Unit 1, Unit 2 and Unit 3");
    }
}
