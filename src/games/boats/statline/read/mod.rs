//! Reading a stat line in the published style back into a design, the way shakmaty reads a move:
//! tokens ([`lex`]), a small grammar to a typed tree ([`line`] for the line's pieces and what
//! each is, [`grammar`] for a part, [`clauses`] for headings, armor and claimed figures), then a
//! resolver against the catalog ([`resolve`]) that builds the design and says why it rejects a
//! fragment. The vocabulary ([`vocab`]) is the catalog's own names, abbreviations and plurals.

mod clauses;
mod grammar;
mod lex;
mod line;
mod resolve;
mod vocab;

use super::{Imported, NotRead};
use crate::games::boats::design::Ref;
use crate::games::boats::tables::HULLS;
use crate::games::bounds;
use crate::games::or_list;

/// How many catalog items the page offers for a fragment it could not read.
const OFFERED: usize = 3;
/// The fragments that get offers: a paste of nonsense must not cost a search per fragment.
const OFFERED_FOR: usize = 12;

/// Reads a stat line in the published style. Whatever the text, the design it gives keeps the
/// bounds every document keeps ([`bounds`]): a part asking for more is listed as not read.
pub fn parse(text: &str) -> Imported {
    let lx = lex::Lexed::new(text);
    let (name, start) = line::name(&lx);
    let pieces = line::pieces(&lx, start, lx.tokens.len());
    let phrases = line::phrases(&lx, &pieces);
    let mut r = resolve::Resolver::new(&lx, bounds::one_line(name));
    for ph in phrases {
        r.phrase(ph);
    }
    let r = r.finish();
    let mut notes = r.notes;
    let mut not_read: Vec<NotRead> = r
        .rejected
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let fragment = lx.source(x.from, x.to).to_owned();
            let nearest =
                if i < OFFERED_FOR { vocab::nearest(&core(&lx, x.from, x.to), OFFERED) } else { Vec::new() };
            NotRead { fragment, why: x.why.clone(), nearest }
        })
        .collect();
    let mut d = r.d;
    if r.beyond_bounds > 0 {
        notes.push(format!(
            "{} part(s) asked for more than a design holds (at most {} of one thing, {} entries in all) and were not read; they are listed as not read",
            r.beyond_bounds,
            bounds::MAX_COUNT,
            bounds::MAX_ENTRIES
        ));
    }
    if bounds::name_too_long(&d.name).is_some() {
        not_read.insert(
            0,
            NotRead {
                fragment: format!("{}:", d.name),
                why: "a name that is too long".into(),
                nearest: Vec::new(),
            },
        );
        notes.push(format!(
            "The name is longer than {} characters, so it was not taken; it is listed as not read",
            bounds::MAX_NAME_CHARS
        ));
        d.name.clear();
    }
    if !r.hull_seen {
        d.hull = Ref::Unknown(String::new());
        let names: Vec<&str> = HULLS.iter().map(|h| h.name).collect();
        notes.push(format!("No hull ({}) found in the text", or_list(&names)));
    }
    // Parts placed in sections only mean something on a decked boat; without a Deck the
    // reader leaves the crew unplaced.
    if d.deck.is_none() {
        for c in &mut d.crew {
            c.deck = None;
        }
    }
    let unrecognized = not_read.iter().map(|n| n.fragment.clone()).collect();
    Imported { design: d, unrecognized, not_read, notes, claimed: r.claimed }
}

/// The words of a fragment that may name a part: without counts, facings and punctuation.
fn core(lx: &lex::Lexed, from: usize, to: usize) -> String {
    let mut out = String::new();
    let mut i = from;
    while i < to {
        if let Some((_, next)) = vocab::facings().longest(lx, i, to) {
            i = next;
            continue;
        }
        let w = lx.word(i);
        if lx.kind(i) == Some(lex::Tok::Word) && vocab::count_word(w).is_none() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::statline::claim_mismatches;
    use crate::games::boats::{check, examples};

    #[test]
    fn published_stat_lines_import_to_the_published_figures() {
        for (slug, line) in examples::PUBLISHED {
            let imp = parse(line);
            assert_eq!(imp.unrecognized, Vec::<String>::new(), "{slug}");
            let e = check(&imp.design);
            assert_eq!(claim_mismatches(&imp.claimed, &e), Vec::<String>::new(), "{slug}");
            let expected = examples::all().into_iter().find(|(s, _)| *s == slug).map(|(_, d)| d);
            assert_eq!(Some(imp.design), expected, "{slug}");
        }
    }

    #[test]
    fn the_vgm_misprint_is_read_as_vmg_and_said_so() {
        let imp = parse(examples::PUBLISHED[1].1);
        assert!(imp.notes.iter().any(|n| n.contains("VGM") && n.contains("VMG")), "{:?}", imp.notes);
    }

    #[test]
    fn text_without_a_hull_names_the_hulls_it_looks_for() {
        let imp = parse("Small power plant, Propeller, Pilot only.");
        assert!(
            imp.notes
                .iter()
                .any(|n| n == "No hull (Rowboat, Dinghy, Speeder, Cruiser or Yacht) found in the text"),
            "{:?}",
            imp.notes
        );
    }

    #[test]
    fn sleeping_accommodations_are_passenger_accommodations() {
        let imp = parse(
            "Cruiser, Deck, Large power plant, Propeller, Pilot only. Sleeping accommodations for 6 in cargo space.",
        );
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        assert_eq!(imp.design.accessories[0].item.id(), "passenger-accommodations");
        assert_eq!(imp.design.accessories[0].count, 6);
        assert!(imp.design.accessories[0].cargo);
    }

    #[test]
    fn fragments_it_cannot_read_are_listed_not_dropped_with_why_and_the_nearest_parts() {
        let imp = parse(
            "Dinghy, Small power plant, Propeller, Pilot only. Flux capacitor, MG front, Fire extinguishr. Armor: F5, Q7.",
        );
        assert_eq!(imp.unrecognized, ["Flux capacitor", "Fire extinguishr"]);
        assert_eq!(imp.not_read[0].why, "\"Flux\" is not a word the reader knows");
        assert_eq!(imp.not_read[1].nearest.first().map(String::as_str), Some("Fire extinguisher"));
        assert_eq!(imp.design.armor.points.unknown, vec![("Q".to_owned(), 7)]);
        assert_eq!(imp.design.weapons.len(), 1);
    }
}
