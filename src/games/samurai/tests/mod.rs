//! The Samurai naval engine's tests: the board's geometry (with properties), movement with the
//! wind from each direction and under each card, landings, grapples, leaders, dice, the checks
//! and the text export.

mod check;
mod geometry;
mod open_rules;
mod options;
mod threat;

use super::*;

/// An all-ocean 13 by 9 scenario with the wind blowing `wind`.
pub(super) fn sea(wind: Direction) -> Scenario {
    Scenario { wind: Winds::of(&[wind]), ..Scenario::default() }
}

pub(super) fn hex(s: &str) -> Hex {
    Hex::parse(s).unwrap_or_else(|| panic!("{s} is a hex"))
}

pub(super) fn hexes(list: &[&str]) -> Vec<Hex> {
    let mut v: Vec<Hex> = list.iter().map(|s| hex(s)).collect();
    v.sort();
    v
}

pub(super) fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort();
    v
}

/// A unit of a catalog type.
pub(super) fn unit(kind: &str, side: Side, at: &str) -> Unit {
    Unit::of_type(kind, side, hex(at))
}

/// Our own words: no run of six words of a naval rule's summary appears in the rules text. The
/// cards' names are names, the same in any words, so they break a run.
#[test]
fn the_naval_rules_are_summarised_in_our_own_words() {
    let names = ["Move as Wind", "Katchu-Keiba Victor", "Spirit of Haya-Ji", "Red Dragon", "Strike Fear"];
    let texts = rules::RULES.iter().map(|r| r.text);
    let copied = crate::games::fingerprint::copied_runs("samurai-battles-naval.txt", &names, texts);
    assert!(copied.is_empty(), "copied from the rules text: {copied:#?}");
}
