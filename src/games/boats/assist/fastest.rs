//! "Fastest within…": for the boat's hull and a budget, the power plant, drive and hydrofoils
//! that give the highest speed, or the cheapest that reach a chosen speed.
//!
//! What changes a boat's speed in the tables is its plant (power factors against weight), its
//! drive (a propeller, or a jet drive with its bonus while it runs) and hydrofoils (their bonus
//! once the boat lifts). Everything else a boat carries only adds weight, so the search keeps it
//! as the player has it (the weapons too, unless asked to leave them out) and tries every plant
//! with each drive, with and without hydrofoils: [`MAX_CANDIDATES`] designs, each judged by the
//! engine. A second propeller (or a propeller guard) only adds cost and weight, never speed, so
//! a propelled candidate has one propeller, keeping the guard of the boat's first. The search is
//! exhaustive over that space; the property tests compare it with a brute force over a larger
//! one (no plant, up to two propellers of any size).

use super::{acceptable, fastest_speed, past_limit};
use crate::games::boats::Code;
use crate::games::boats::design::{Design, PropellerEntry, Ref};
use crate::games::boats::evaluate::{Evaluation, check};
use crate::games::boats::tables::{PLANTS, Plant};
use crate::games::boats::units::{Money, Speed};

/// Every design the search judges: each plant, with a propeller or a jet drive, with or
/// without hydrofoils.
pub const MAX_CANDIDATES: usize = PLANTS.len() * 2 * 2;

/// What the player asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The highest speed (then the cheapest of those).
    Fastest,
    /// The cheapest that reaches this speed (then the fastest of those).
    Cheapest(Speed),
}

/// A search: its goal, the most the whole boat may cost, and whether the weapons stay aboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    pub goal: Goal,
    pub budget: Option<Money>,
    pub keep_weapons: bool,
}

/// The propulsion chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub plant: &'static Plant,
    pub jet: bool,
    pub hydrofoils: bool,
}

impl Choice {
    /// "Large power plant, jet drive, hydrofoils".
    pub fn words(&self) -> String {
        let mut s =
            format!("{} power plant, {}", self.plant.name, if self.jet { "jet drive" } else { "propeller" });
        if self.hydrofoils {
            s.push_str(", hydrofoils");
        }
        s
    }
}

/// The best candidate, with the figures the page shows and the design to apply.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub choice: Choice,
    pub speed: Speed,
    pub acceleration: Speed,
    pub cost: Money,
    pub design: Design,
    /// How many designs were judged.
    pub tried: usize,
}

/// Why the search found nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum NotFound {
    UnknownHull,
    /// Past a limit whatever the propulsion (the problem's message).
    PastLimit(String),
    /// No candidate is within the budget and the limits, or reaches the speed.
    NoneFits {
        tried: usize,
    },
}

impl NotFound {
    pub fn message(&self, s: &Search) -> String {
        match self {
            NotFound::UnknownHull => "Choose a hull first.".into(),
            NotFound::PastLimit(why) => format!("No power plant fits: {why}."),
            NotFound::NoneFits { tried } => {
                let within = match s.budget {
                    Some(b) => format!("within {b} and the hull's limits"),
                    None => "within the hull's limits".into(),
                };
                match s.goal {
                    Goal::Fastest => {
                        format!("None of the {tried} choices of power plant and drive is {within}.")
                    }
                    Goal::Cheapest(v) => {
                        format!(
                            "None of the {tried} choices of power plant and drive reaches {v} mph {within}."
                        )
                    }
                }
            }
        }
    }
}

/// `d` with `c`'s propulsion, and without its weapons unless they are kept.
pub fn with_choice(d: &Design, c: Choice, keep_weapons: bool) -> Design {
    let mut out = d.clone();
    out.plant = Some(Ref::Known(c.plant));
    out.jet_drive = c.jet;
    out.hydrofoils = c.hydrofoils;
    let guard = d.propellers.first().map_or(0, |p| p.guard);
    out.propellers = if c.jet { Vec::new() } else { vec![PropellerEntry { size: None, guard }] };
    if !keep_weapons {
        out.weapons.clear();
        out.turrets.clear();
    }
    out
}

/// Every choice the search tries, in the order ties are settled: smaller plants first,
/// propeller before jet drive, without hydrofoils before with.
pub fn choices() -> impl Iterator<Item = Choice> {
    PLANTS.iter().flat_map(|plant| {
        [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .map(move |(jet, hydrofoils)| Choice { plant, jet, hydrofoils })
    })
}

/// Whether `a` is a better answer to `goal` than `b`: (speed, cost, acceleration) compared in
/// the goal's order.
pub fn better(goal: Goal, a: (Speed, Money, Speed), b: (Speed, Money, Speed)) -> bool {
    let (sa, ca, aa) = a;
    let (sb, cb, ab) = b;
    match goal {
        Goal::Fastest => (sa, std::cmp::Reverse(ca), aa) > (sb, std::cmp::Reverse(cb), ab),
        Goal::Cheapest(_) => (std::cmp::Reverse(ca), sa, aa) > (std::cmp::Reverse(cb), sb, ab),
    }
}

/// Whether a judged candidate answers the search at all: within the limits and the budget,
/// no error `before` lacked, no propeller of another size than its plant, and (for the
/// cheapest) at the speed asked.
///
/// The propeller's size is checked apart because the search replaces the whole propulsion: a
/// boat that already had a propeller of the wrong size would otherwise let a candidate keep
/// "the same" error (same code, same propeller) with other sizes, a cheaper boat that is still
/// wrong. The search's own candidates are sized to their plant and never have it.
pub fn answers(s: &Search, before: &Evaluation, e: &Evaluation) -> bool {
    let fast_enough = match s.goal {
        Goal::Fastest => fastest_speed(&e.figures) > Speed::ZERO,
        Goal::Cheapest(v) => fastest_speed(&e.figures) >= v,
    };
    let sized = !e.problems.iter().any(|p| p.code == Code::PropellerWrongSize);
    fast_enough && sized && acceptable(before, e, s.budget)
}

/// The key a judged candidate is ranked by.
pub fn rank(e: &Evaluation) -> (Speed, Money, Speed) {
    (fastest_speed(&e.figures), e.figures.cost, e.figures.acceleration)
}

/// The best propulsion for `d`'s hull: every one of [`choices`] judged.
pub fn search(d: &Design, s: &Search) -> Result<Found, NotFound> {
    d.hull.known().ok_or(NotFound::UnknownHull)?;
    let before = check(d);
    let mut best: Option<(Found, (Speed, Money, Speed))> = None;
    let mut tried = 0;
    let mut limit: Option<String> = None;
    let mut past = 0;
    for c in choices() {
        let design = with_choice(d, c, s.keep_weapons);
        let e = check(&design);
        tried += 1;
        if !answers(s, &before, &e) {
            if let Some(p) = past_limit(&e) {
                past += 1;
                limit.get_or_insert_with(|| p.message.clone());
            }
            continue;
        }
        let key = rank(&e);
        if best.as_ref().is_none_or(|(_, k)| better(s.goal, key, *k)) {
            let found = Found { choice: c, speed: key.0, acceleration: key.2, cost: key.1, design, tried: 0 };
            best = Some((found, key));
        }
    }
    match best {
        Some((found, _)) => Ok(Found { tried, ..found }),
        // Every candidate past a limit: say which (the first one's).
        None => match limit {
            Some(why) if past == tried => Err(NotFound::PastLimit(why)),
            _ => Err(NotFound::NoneFits { tried }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::examples;

    /// The Darter is a published racer: the search judges every choice and finds one at least
    /// as fast.
    #[test]
    fn the_darter_is_already_as_fast_as_its_hull_goes_for_its_price() {
        let d = examples::darter();
        let s = Search { goal: Goal::Fastest, budget: None, keep_weapons: true };
        let f = search(&d, &s).expect("found");
        assert!(f.speed >= check(&d).figures.top_speed);
        assert_eq!(f.tried, MAX_CANDIDATES);
    }

    #[test]
    fn the_cheapest_reaching_a_speed_costs_no_more_than_the_published_boat() {
        for (_, d) in examples::all() {
            let e = check(&d);
            let s = Search { goal: Goal::Cheapest(e.figures.top_speed), budget: None, keep_weapons: true };
            let f = search(&d, &s).expect("found");
            assert!(f.cost <= e.figures.cost, "{}", d.name);
            assert!(f.speed >= e.figures.top_speed, "{}", d.name);
        }
    }

    /// A boat whose propeller is of another size than its plant: the answer is a plant with a
    /// propeller of its own size, never a cheaper pair of wrong sizes that only keeps the boat's
    /// old problem (the case the property test against a brute force once shrank to).
    #[test]
    fn a_propeller_of_the_wrong_size_is_never_an_answer_even_when_the_boat_had_one() {
        let plant = |id: &str| crate::games::boats::tables::plant_by_id(id).expect("a plant");
        let mut d = examples::minnow();
        d.hull = Ref::Known(crate::games::boats::tables::hull("cruiser").expect("the cruiser"));
        d.plant = Some(Ref::Known(plant("mini")));
        d.propellers = vec![PropellerEntry { size: Some(Ref::Known(plant("small"))), guard: 0 }];
        d.weapons.clear();
        d.turrets.clear();
        d.accessories.clear();
        d.crew.clear();
        d.armor.points = Default::default();
        let before = check(&d);
        assert!(before.problems.iter().any(|p| p.code == Code::PropellerWrongSize));
        let s = Search { goal: Goal::Cheapest(Speed::mph(6)), budget: None, keep_weapons: false };
        let mut wrong =
            with_choice(&d, Choice { plant: plant("small"), jet: false, hydrofoils: false }, false);
        wrong.propellers[0].size = Some(Ref::Known(plant("mini")));
        let e = check(&wrong);
        assert!(acceptable(&before, &e, None), "the old problem alone would let it through");
        assert!(!answers(&s, &before, &e), "a Small plant turning a Mini propeller answers nothing");
        let f = search(&d, &s).expect("found");
        assert!(f.design.propellers.iter().all(|p| p.size.is_none()), "{:?}", f.design.propellers);
        assert!(!check(&f.design).problems.iter().any(|p| p.code == Code::PropellerWrongSize));
    }

    #[test]
    fn a_budget_below_the_boat_finds_nothing_and_says_so() {
        let d = examples::piranha();
        let s = Search { goal: Goal::Fastest, budget: Some(Money::whole(100)), keep_weapons: true };
        let err = search(&d, &s).expect_err("nothing");
        assert_eq!(err, NotFound::NoneFits { tried: MAX_CANDIDATES });
        assert!(err.message(&s).contains("$100"));
    }
}
