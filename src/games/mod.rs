//! The rules engines. Everything under `games` is pure: no web, database, template or async code,
//! so the page, the JSON API and the text exports all ask the same functions and never recompute.

pub mod bfg;
pub mod boats;
pub mod bounds;
pub mod epic;
pub mod exact;
pub mod hash;
pub mod registry;
pub mod samurai;
pub mod units;
pub mod waffle;

mod decision;
#[cfg(test)]
pub(crate) mod fingerprint;
mod grouped;
mod problems;
mod tally;

pub use decision::Decision;
pub use grouped::{Backwards, Fixed, Grouped, Piece, ShortTenths, line, put_line, write_whole};
pub(crate) use problems::codes;
pub use problems::{Code, MAX_LISTED, Problem, Severity, Shared, is_legal, legality_text, listed_of};
pub use tally::Tally;
pub(crate) use tally::headed_by_tally;

/// The valid ids closest to an unknown one, best first, for "did you mean" messages. Ranks by
/// edit distance, with ids that share a prefix or contain the input first.
///
/// The search is bounded, whatever a client sends: an input longer than every valid id (by more
/// than [`SPARE_CHARS`]: a plural, a doubled letter), or
/// holding a character no valid id has (spaces aside: players type them for hyphens), is no
/// misspelling of any, and gets the first `n` valid ids in their own order without a search;
/// otherwise only its first [`COMPARED_CHARS`] characters are compared.
pub fn nearest<'a>(unknown: &str, valid: impl IntoIterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let valid: Vec<&'a str> = valid.into_iter().collect();
    let wanted: String =
        unknown.trim().chars().take(COMPARED_CHARS + 1).collect::<String>().to_ascii_lowercase();
    // One pass over the ids: the longest, and every character they hold.
    let (mut longest, mut ascii, mut other) = (0, [false; 128], Vec::new());
    for id in &valid {
        longest = longest.max(id.chars().count());
        for c in id.chars() {
            match ascii.get_mut(c as usize) {
                Some(seen) => *seen = true,
                None if !other.contains(&c) => other.push(c),
                None => {}
            }
        }
    }
    let known = |c: char| c == ' ' || ascii.get(c as usize).map_or_else(|| other.contains(&c), |seen| *seen);
    if unknown.trim().chars().count() > longest + SPARE_CHARS || !wanted.chars().all(known) {
        return valid.into_iter().take(n).collect();
    }
    let wanted: String = wanted.chars().take(COMPARED_CHARS).collect();
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

/// How much longer than the longest valid id an input may be and still be searched.
const SPARE_CHARS: usize = 3;

/// The longest stretch of an unknown id that [`nearest`] compares with the valid ones.
const COMPARED_CHARS: usize = 48;

/// Longest stretch of a player's unknown id quoted back in a message.
const SHOWN_CHARS: usize = 40;

/// A player's text as quoted back in a message: one line (as names are: line breaks and other
/// control characters become spaces, so no id can forge lines in a text export, where messages
/// are listed one a line), cut short if very long.
pub(crate) fn shown(s: &str) -> String {
    bounds::clipped(s, SHOWN_CHARS, "...")
}

/// The warning for a document marked with another version than its engine reads (`reads`):
/// `noun` is what the document is ("fleet"). The document is still judged in full.
pub(crate) fn version_problem(noun: &str, found: u32, reads: u32) -> Option<Problem> {
    (found != reads).then(|| {
        Problem::warning(
            Shared::UnknownVersion,
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
        Shared::OverPointsLimit,
        Some("points_limit".to_owned()),
        format!(
            "The {noun} costs {points} pts, {} over its limit of {limit} pts: {remedy} or raise the limit",
            points - limit
        ),
    ))
}

/// A place in a list as a path writes it ("weapons.2", "type_was.10"): the digits of the number
/// as `to_string` has them (no sign, no space, no leading zero), so exactly one segment stands
/// for each place.
pub(crate) fn place_in_path(s: &str) -> Option<usize> {
    let plain = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    if plain { s.parse().ok() } else { None }
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

/// Edit distance counting a swap of two neighbouring letters as one edit ("VGM" is one edit from
/// "VMG"), so misprints find their word. Compares at most [`COMPARED_CHARS`] of each.
fn edit_distance(a: &str, b: &str) -> usize {
    // On the stack: each id is compared for every unknown one a document holds, so this runs
    // thousands of times for a document full of misspellings. Three rows of the table are
    // enough (a swap of two letters looks two rows back).
    fn letters(s: &str) -> ([char; COMPARED_CHARS], usize) {
        let mut out = ['\0'; COMPARED_CHARS];
        let mut n = 0;
        for (slot, c) in out.iter_mut().zip(s.chars()) {
            *slot = c;
            n += 1;
        }
        (out, n)
    }
    let ((a, n), (b, m)) = (letters(a), letters(b));
    let (a, b) = (&a[..n], &b[..m]);
    let mut before = [0usize; COMPARED_CHARS + 1];
    let mut last: [usize; COMPARED_CHARS + 1] = std::array::from_fn(|j| j);
    let mut row = [0usize; COMPARED_CHARS + 1];
    for i in 1..=n {
        row[0] = i;
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best;
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[m]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance as a whole table, kept only to hold [`edit_distance`]'s rows to it.
    fn distance_by_table(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().take(COMPARED_CHARS).collect();
        let b: Vec<char> = b.chars().take(COMPARED_CHARS).collect();
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

    proptest::proptest! {
        /// Short words of few letters (so swaps and repeats are common), and long ones past
        /// the compared length, some with letters of more than one byte.
        #[test]
        fn the_distance_in_three_rows_is_the_whole_tables(
            a in "[abé-]{0,12}|[ab]{40,60}|[a-z]{40,60}",
            b in "[abé-]{0,12}|[ab]{40,60}|[a-z]{40,60}",
        ) {
            proptest::prop_assert_eq!(edit_distance(&a, &b), distance_by_table(&a, &b));
        }
    }

    #[test]
    fn nearest_ids_put_close_spellings_first() {
        let got = nearest("vgm", ["mg", "vmg", "hmg", "torpedo"], 2);
        assert_eq!(got[0], "vmg");
        assert_eq!(nearest("Vulcan mg", ["vulcan-mg", "mg"], 1), ["vulcan-mg"]);
    }

    #[test]
    fn an_input_no_id_could_be_misspelt_as_gets_the_ids_in_order_without_a_search() {
        let ids = ["mg", "vmg", "hmg", "torpedo"];
        // Longer than every id: the first ids as the catalog lists them.
        assert_eq!(nearest(&"x".repeat(60_000), ids, 2), ["mg", "vmg"]);
        assert_eq!(nearest("torpedoesxyz", ids, 2), ["mg", "vmg"]);
        assert_eq!(nearest("torpedoo", ids, 1), ["torpedo"]);
        // A character no id has.
        assert_eq!(nearest("hmg\u{e9}", ids, 2), ["mg", "vmg"]);
        assert_eq!(nearest("h!g", ids, 1), ["mg"]);
        // Otherwise searched, as before.
        assert_eq!(nearest("hgm", ids, 1), ["hmg"]);
    }

    #[test]
    fn the_search_for_a_long_input_is_quick() {
        // An input as long as a client may send would make every comparison quadratic in its
        // length; it is no id's misspelling, and is answered without a search.
        let catalog: Vec<String> = (0..300).map(|i| format!("{i}-{}", "ab".repeat(12))).collect();
        let ids: Vec<&str> = catalog.iter().map(String::as_str).collect();
        let unknown = "ab".repeat(30_000);
        let start = std::time::Instant::now();
        for _ in 0..100 {
            assert_eq!(nearest(&unknown, ids.iter().copied(), 1), ["0-abababababababababababab"]);
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(1), "{:?}", start.elapsed());
    }
}
