//! Tests of the Waffle engine, one file per concept: reading the document, the rule bundles, the
//! checks, the fire-point planner, the tank shock calculator and the text export.

mod check;
mod export;
mod fire;
mod roster;
mod rules;
mod shock;

use super::*;
use crate::games::{Problem, Severity, waffle::Code};

/// A roster of the given vehicles, no limit.
fn roster(vehicles: Vec<Vehicle>) -> Roster {
    Roster { vehicles, ..Roster::default() }
}

/// A legal vehicle of the given types: armour 12/11/10, BS 4, 50 pts; a Transport carries 10
/// with 2 fire points.
fn vehicle(name: &str, types: &[&str]) -> Vehicle {
    let mut v = Vehicle::new(name, types);
    v.armour = Armour { front: 12, side: 11, rear: 10 };
    v.points = 50;
    if vehicle_types(&v).has(VehicleType::Transport) {
        v.capacity = 10;
        v.fire_points = 2;
    }
    v
}

/// The problems a check found, as (code, severity, part).
fn found(c: &Check) -> Vec<(Code, Severity, Option<&str>)> {
    c.problems.iter().map(|p| (own(p), p.severity, p.part.as_deref())).collect()
}

/// The problems a check found, as (code, severity, part), any game's codes.
fn any_found(c: &Check) -> Vec<(crate::games::Code, Severity, Option<&str>)> {
    c.problems.iter().map(|p| (p.code, p.severity, p.part.as_deref())).collect()
}

/// A problem's code, which must be Waffle's own (not one every game shares).
fn own(p: &Problem) -> Code {
    Code::of(p.code).unwrap_or_else(|| panic!("{} is no code of Waffle's own: {p:?}", p.code))
}

/// The one problem a roster of this single vehicle has.
fn only_problem(v: Vehicle) -> Problem {
    let c = check(&roster(vec![v]));
    assert_eq!(c.problems.len(), 1, "{:#?}", c.problems);
    c.problems[0].clone()
}

/// The ids of the rules on a card.
fn rule_ids(card: &Card) -> Vec<&'static str> {
    card.rules.iter().map(|r| r.id).collect()
}

/// The card of a single vehicle of these types.
fn card_of(types: &[&str]) -> Card {
    let c = check(&roster(vec![vehicle("V", types)]));
    c.vehicles[0].clone()
}
