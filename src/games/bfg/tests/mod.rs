//! Tests for the Battlefleet Gothic engine: the tables against the data files' worked facts,
//! fleets of several factions with exact points and ordnance, the battle tracker's every action
//! and refusal, exact odds, the text export and random input.

use super::*;
use crate::games::{Problem, bfg::Code};

mod battle;
mod battle_bounds;
mod data;
mod export;
mod figures;
mod fleet;
mod lists;
mod odds;
mod roster;

/// A fleet of `faction` (on its first list) with these ships (class, options) and squadrons
/// (class, count).
fn fleet(faction: &str, ships: &[(&str, &[&str])], squadrons: &[(&str, u32)]) -> Fleet {
    Fleet {
        ships: ships.iter().map(|(class, options)| ShipEntry::new(class, options)).collect(),
        squadrons: squadrons.iter().map(|(class, count)| Squadron::new(class, *count)).collect(),
        ..Fleet::new(faction)
    }
}

/// A fleet of the list `list` with these ships and squadrons.
fn fleet_in(list: &str, ships: &[(&str, &[&str])], squadrons: &[(&str, u32)]) -> Fleet {
    Fleet {
        ships: ships.iter().map(|(class, options)| ShipEntry::new(class, options)).collect(),
        squadrons: squadrons.iter().map(|(class, count)| Squadron::new(class, *count)).collect(),
        ..Fleet::of_list(list)
    }
}

/// The fleet with a leader aboard ship `i`.
fn led(mut f: Fleet, i: usize, leader: &str, rerolls: u32) -> Fleet {
    f.ships[i].leaders.push(Aboard { id: leader.to_string(), rerolls });
    f
}

/// The messages of a check's problems about fleet-list rules, with their rules.
fn rule_problems(c: &Check) -> Vec<(&str, &str)> {
    c.problems
        .iter()
        .filter(|p| p.code == Code::ListRule)
        .map(|p| (p.rule.as_deref().unwrap_or(""), p.message.as_str()))
        .collect()
}

/// The codes of a check's problems, with their parts.
fn codes(c: &Check) -> Vec<(Code, Option<&str>)> {
    c.problems.iter().map(|p| (own(p), p.part.as_deref())).collect()
}

/// A problem's code, which must be BFG's own (not one every game shares).
fn own(p: &Problem) -> Code {
    Code::of(p.code).unwrap_or_else(|| panic!("{} is no code of BFG's own: {p:?}", p.code))
}

/// The codes of a check's problems, any game's, with their parts.
fn any_codes(c: &Check) -> Vec<(crate::games::Code, Option<&str>)> {
    c.problems.iter().map(|p| (p.code, p.part.as_deref())).collect()
}

/// The problem with this code (the first), for its message.
fn problem(c: &Check, code: impl Into<crate::games::Code>) -> &Problem {
    let code = code.into();
    c.problems.iter().find(|p| p.code == code).unwrap_or_else(|| panic!("no {code} in {:?}", c.problems))
}

/// An exact fraction.
fn frac(n: u64, d: u64) -> Fraction {
    Fraction::new(n, d).expect("a denominator")
}
