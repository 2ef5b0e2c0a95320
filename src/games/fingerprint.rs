//! Test support for "everything the app shows is written by us", on every machine: what the own-
//! words checks need of the rules documents (`shared/rules/`, beside the repository, which the
//! project does not copy), kept as fingerprints in `src/games/fingerprints/`: a hash of every run
//! of six words of each document, and of each of its headings. A text of ours is checked against
//! them, so the checks run the same on a CI machine's clone without the documents as on a
//! checkout beside them; no sentence of a document is in the project, only hashes of its runs.
//!
//! Where the documents are at hand, [`the_fingerprints_are_those_of_the_rules_documents`] checks
//! the kept fingerprints against them (`DRYDOCK_WRITE_FINGERPRINTS=1 cargo test --lib fingerprint`
//! writes them again after a document changes); elsewhere it says it was skipped.

use std::collections::HashSet;

/// The rules documents, by file name in `shared/rules/`.
pub(crate) const DOCUMENTS: [&str; 5] = [
    "bfg-ordnance.txt",
    "carwars-boats.txt",
    "epic40k-waterways.txt",
    "samurai-battles-naval.txt",
    "waffle40k-vehicles.txt",
];

/// How many words make a run that counts as copied.
const RUN: usize = 6;

/// A document's fingerprint: the hashes of its runs of [`RUN`] words and of its headings (its
/// `=Title=` lines), each sorted.
#[derive(Debug, PartialEq, Eq, Default)]
pub(crate) struct Fingerprint {
    runs: Vec<u64>,
    headings: Vec<u64>,
}

/// A text's words, lowercased: runs of letters and digits.
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// FNV-1a ([`fnv`](super::hash::fnv)): fixed, so the kept hashes mean the same on every machine and in
/// every build.
fn hash(words: &[String]) -> u64 {
    let mut h = super::hash::FNV_START;
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            h = super::hash::fnv(h, b" ");
        }
        h = super::hash::fnv(h, w.as_bytes());
    }
    h
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v.dedup();
    v
}

impl Fingerprint {
    /// The fingerprint of a document's text.
    fn of(text: &str) -> Self {
        let runs = words(text).windows(RUN).map(hash).collect();
        let headings = text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('='))
            .map(|l| hash(&words(&l.replace("<code>", " ").replace("</code>", " "))))
            .collect();
        Self { runs: sorted(runs), headings: sorted(headings) }
    }

    /// As kept: the number of runs, the runs, the number of headings, the headings, each a
    /// little-endian u64.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 * (2 + self.runs.len() + self.headings.len()));
        for part in [&self.runs, &self.headings] {
            out.extend((part.len() as u64).to_le_bytes());
            for h in part {
                out.extend(h.to_le_bytes());
            }
        }
        out
    }

    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let mut numbers = bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()));
        let mut part = || -> Option<Vec<u64>> {
            let n = usize::try_from(numbers.next()?).ok()?;
            let v: Vec<u64> = numbers.by_ref().take(n).collect();
            (v.len() == n).then_some(v)
        };
        let f = Self { runs: part()?, headings: part()? };
        bytes.len().is_multiple_of(8).then_some(f)
    }

    /// The kept fingerprint of `document` (one of [`DOCUMENTS`]).
    pub(crate) fn kept(document: &str) -> Self {
        let path = kept_path(document);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("the fingerprint {path}: {e}"));
        Self::from_bytes(&bytes).unwrap_or_else(|| panic!("the fingerprint {path} is not one"))
    }

    /// Whether the document has a heading of these words ("Super-Heavy Walkers").
    pub(crate) fn has_heading(&self, heading: &str) -> bool {
        self.headings.binary_search(&hash(&words(heading))).is_ok()
    }

    /// The runs of [`RUN`] words of `texts` that the document also has, each text checked in the
    /// stretches between the `names` it holds (a name is the same in any words, so it breaks a
    /// run).
    pub(crate) fn copied<'a>(&self, names: &[&str], texts: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let runs: HashSet<u64> = self.runs.iter().copied().collect();
        let mut copied = Vec::new();
        for text in texts {
            let marked = names.iter().fold(text.to_owned(), |t, name| t.replace(name, "\u{0}"));
            for stretch in marked.split('\u{0}') {
                for run in words(stretch).windows(RUN) {
                    if runs.contains(&hash(run)) {
                        copied.push(run.join(" "));
                    }
                }
            }
        }
        copied
    }
}

fn kept_path(document: &str) -> String {
    let name = document.trim_end_matches(".txt");
    format!("{}/src/games/fingerprints/{name}.bin", env!("CARGO_MANIFEST_DIR"))
}

/// The runs of six words of `texts` found in the rules document `shared/rules/{document}`; see
/// [`Fingerprint::copied`].
pub(crate) fn copied_runs<'a>(
    document: &str,
    names: &[&str],
    texts: impl IntoIterator<Item = &'a str>,
) -> Vec<String> {
    Fingerprint::kept(document).copied(names, texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprints_are_those_of_the_rules_documents() {
        let write = std::env::var_os("DRYDOCK_WRITE_FINGERPRINTS").is_some();
        let mut missing = Vec::new();
        for document in DOCUMENTS {
            let path = format!("{}/../shared/rules/{document}", env!("CARGO_MANIFEST_DIR"));
            let Ok(text) = std::fs::read_to_string(&path) else {
                missing.push(path);
                continue;
            };
            let now = Fingerprint::of(&text);
            if write {
                std::fs::write(kept_path(document), now.to_bytes()).expect("write a fingerprint");
            }
            assert!(
                now == Fingerprint::kept(document),
                "{document} changed since its fingerprint was kept: \
                 DRYDOCK_WRITE_FINGERPRINTS=1 cargo test --lib fingerprint writes it again"
            );
        }
        if !missing.is_empty() {
            crate::store::testing::skipped(&format!(
                "the kept fingerprints were not compared with {} (not here); the own-words checks ran on \
                 the kept fingerprints",
                missing.join(", ")
            ));
        }
    }

    #[test]
    fn every_document_has_a_fingerprint() {
        for document in DOCUMENTS {
            let f = Fingerprint::kept(document);
            assert!(f.runs.len() > 500, "{document}: {} runs", f.runs.len());
            assert!(f.runs.windows(2).all(|w| w[0] < w[1]) && f.headings.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn a_copied_run_is_found_in_any_case_and_spacing_and_a_name_breaks_it() {
        let f =
            Fingerprint::of("=Tanks=\n==Tank Shock==\nThe quick brown fox jumps over the lazy dog, twice.");
        assert_eq!(
            f.copied(&[], ["THE  quick brown-fox jumps over... a dog"]),
            ["the quick brown fox jumps over"]
        );
        assert_eq!(f.copied(&["fox"], ["The quick brown fox jumps over the lazy dog"]), Vec::<String>::new());
        assert_eq!(f.copied(&[], ["quick brown fox jumps over the"]).len(), 1);
        assert!(f.copied(&[], ["a quick brown fox jumps over the"]).len() == 1);
        assert!(f.copied(&[], ["quick brown fox jumps over a lazy dog"]).is_empty());
        assert!(f.has_heading("Tank Shock") && f.has_heading("TANKS") && !f.has_heading("Tank"));
        assert_eq!(Fingerprint::from_bytes(&f.to_bytes()), Some(f));
        assert_eq!(Fingerprint::from_bytes(&[1, 2, 3]), None);
    }
}
