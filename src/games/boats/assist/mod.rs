//! The design assistant: help finishing a boat rather than only a verdict.
//!
//! - [`fill`]: the weight left, spent on armor in a pattern the player chooses;
//! - [`fastest`]: the plant, drive and hydrofoils that make a hull fastest within a budget, or
//!   the cheapest that reach a speed;
//! - [`fixes`]: for each problem with one obvious fix, that fix.
//!
//! Nothing here knows a rule: every answer is a design changed and judged again by
//! [`check`], and kept only when the engine says it passes no limit and adds no error.

pub mod fastest;
pub mod fill;
pub mod fixes;

#[cfg(test)]
mod properties;

use super::Figures;
use super::evaluate::Evaluation;
use super::units::Money;
use crate::games::{Problem, boats::Code};

/// The problems that say a boat is past one of its hull's limits: weight, spaces, cargo
/// spaces, a part of its Deck. An answer of the assistant never has one.
pub const LIMITS: [Code; 4] =
    [Code::OverMaxLoad, Code::OverSpaces, Code::OverCargoSpaces, Code::DeckSectionFull];

/// The same problem (its code, at the same part).
fn same(a: &Problem, b: &Problem) -> bool {
    a.code == b.code && a.part == b.part
}

/// Whether `after` (a design the assistant made from the one judged `before`) is within every
/// limit the engine checks, adds no error `before` did not have, and costs at most `budget`.
pub fn acceptable(before: &Evaluation, after: &Evaluation, budget: Option<Money>) -> bool {
    let within_budget = budget.is_none_or(|b| after.figures.cost <= b);
    within_budget
        && after.problems.iter().filter(|p| p.is_error()).all(|p| {
            !LIMITS.iter().any(|c| *c == p.code) && before.problems.iter().any(|q| q.is_error() && same(p, q))
        })
}

/// The limit problem `e` has, if any: why the assistant can add nothing until it is put right.
pub fn past_limit(e: &Evaluation) -> Option<&Problem> {
    e.problems.iter().find(|p| p.is_error() && LIMITS.iter().any(|c| *c == p.code))
}

/// The speed a boat can reach: on hydrofoils when it rises on them, else its top speed.
pub fn fastest_speed(f: &Figures) -> super::units::Speed {
    f.top_speed_on_hydrofoils.unwrap_or(f.top_speed)
}
