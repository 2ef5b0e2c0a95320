//! Waffle Edition 40K vehicles: a roster of vehicles with a rule card for each (the rules its
//! types bring, in our own words, each with its source), a fire-point planner and an exact
//! tank shock calculator. The rules text is `shared/rules/waffle40k-vehicles.txt`.
//!
//! Pure: no web, database, template or async code. The pages, the JSON API and the text export
//! all ask these functions.
//!
//! - [`Roster`] is the document; [`check`] judges it into a [`Check`]: points against the
//!   limit, problems, and one [`Card`] of [`Rule`]s per vehicle.
//! - [`fire_points`] plans what the passengers of a transport may do this turn.
//! - [`tank_shock`] works a [`TankShock`] out exactly; [`DECISIONS`] says how we settled what the
//!   text leaves open.
//! - [`catalog`] lists the types, their rules and which types do not go together.
//! - [`text_export`] and [`summary`] write a roster as text.
//!
//! `check` reports every problem as a [`Problem`](crate::games::Problem) with a stable code.
//! `part` is the path of the field in the roster, by its serde names: `vehicles.{i}.types.{j}`,
//! `vehicles.{i}.armour.front`, `vehicles.{i}.weapons.{k}.ap`, `points_limit`, `version` (all
//! 0-based). For a pair of types the part is the later of the two in the vehicle's list.
//!
//! | code | severity | when |
//! |---|---|---|
//! | `UNKNOWN_TYPE` | error | a type id is not one of the seven (the message names the closest) or is empty |
//! | `DUPLICATE_TYPE` | warning | a vehicle lists a type twice; it counts once |
//! | `WALKER_TANK` | error | a Walker or Super-heavy walker is also a Tank |
//! | `CHARIOT_FLYER` | error | a Chariot is also a Super-heavy flyer |
//! | `CHARIOT_WALKER` | error | a Chariot is also a Walker or Super-heavy walker |
//! | `FLYER_TANK_OR_WALKER` | error | a Super-heavy flyer is also a Tank or a Walker |
//! | `SUPER_HEAVY_KINDS` | error | a vehicle has two of the three super-heavy types |
//! | `WALKER_TWICE` | warning | a Walker is also a Super-heavy walker, which already walks |
//! | `ARMOUR_OUT_OF_RANGE` | error | an armour value outside 10 to 14 (read as 0 to 255) |
//! | `BS_OUT_OF_RANGE` | error | BS outside 1 to 10 |
//! | `STRENGTH_OUT_OF_RANGE` | error | a weapon's Strength outside 1 to 10 (none is "–") |
//! | `AP_OUT_OF_RANGE` | error | a weapon's AP outside 1 to 6 (none is "–") |
//! | `FIRE_POINTS_NOT_TRANSPORT` | error | fire points on a vehicle that is not a Transport |
//! | `CAPACITY_NOT_TRANSPORT` | error | a capacity on a vehicle that is not a Transport |
//! | `TRANSPORT_NO_CAPACITY` | warning | a Transport with capacity 0 |
//! | `FIRE_POINTS_OVER_CAPACITY` | warning | more fire points than the Transport carries models |
//! | `OVER_POINTS_LIMIT` | error | the vehicles' points add up to more than the roster's limit |
//! | `UNKNOWN_VERSION` | warning | the document's `version` is not the one this engine reads |
//!
//! [`tank_shock`] refuses inputs it cannot work out with these codes (its `part` is the input's
//! field: `distance`, `initiative`, ...):
//!
//! | code | when |
//! |---|---|
//! | `SHOCK_INPUT_OUT_OF_RANGE` | an input outside its range (the message gives it) |
//! | `SHOCK_BELOW_COMBAT_SPEED` | the distance is under the tank's combat speed: no tank shock |

mod check;
mod codes;
mod export;
mod fire;
mod roster;
mod rules;
mod shock;
#[cfg(test)]
mod tests;
mod types;

use serde::Serialize;

pub use check::{COMBINATIONS, Card, Check, Combination, check, vehicle_types};
pub use codes::Code;
pub use export::{summary, text_export};
pub use fire::{FirePlan, PassengerFire, Speed, fire_points};
pub use roster::{
    AP, ARMOUR, Armour, BS, DOCUMENT_VERSION, MAX_POINTS_LIMIT, Roster, STRENGTH, Vehicle, Weapon,
};
pub use rules::{EVERY_VEHICLE, Rule, Source, all_rules, bundle, card_rules};
pub use shock::{
    COMBAT_SPEED, DECISIONS, DEFAULT_COMBAT_SPEED, DISTANCE, Distribution, Fraction, INITIATIVE, LEADERSHIP,
    MODELS, Mode, Outcome, Refused, SAVE, TOUGHNESS, TankShock, tank_shock, to_wound,
};
pub use types::{TypeSet, VehicleType};

/// Version of the rules engine, stored with every judged roster. Bump it when a change to the
/// rules or the checks could change the judgement of a saved roster.
pub const ENGINE_VERSION: u32 = 1;

/// The roster builder's place in the house.
pub static GAME: crate::games::registry::Game = crate::games::registry::Game {
    id: "waffle",
    path: "/waffle",
    word: "roster",
    title: "Waffle 40K roster",
    plural: "Waffle 40K rosters",
    nav: "Waffle 40K vehicles",
    start: "List your vehicles",
    about: "List the vehicles of a Waffle 40K force and get each one's rule card with everything its types bring; work out exactly what a tank shock will do.",
    first: "No vehicles yet: choose a type and add a vehicle, and this panel checks each one.",
    print: "cards",
    example: r#"{"name": "Iron Column", "points_limit": 500, "vehicles": [{"name": "Bulwark", "types": ["tank", "transport"], "armour": {"front": 11, "side": 11, "rear": 10}, "bs": 4, "weapons": [{"name": "Storm gun", "range": 24, "strength": 4, "ap": 5, "type": "Assault 2"}], "fire_points": 2, "capacity": 10, "points": 40}, {"name": "Strider", "types": ["walker"], "armour": {"front": 12, "side": 12, "rear": 10}, "bs": 4, "weapons": [{"name": "Melta lance", "range": 12, "strength": 8, "ap": 1, "type": "Assault 1, Melta"}], "points": 105}]}"#,
    codes: Code::CODES,
    decisions: &[&DECISIONS],
};

/// Everything a page or client needs to know before building: the rules of every vehicle, each
/// type with its rules, the types that do not go together and the tank shock decisions.
#[derive(Debug, Serialize)]
pub struct Catalog {
    /// The rules every vehicle has unless a type replaces them.
    pub every_vehicle: &'static [&'static Rule],
    pub types: Vec<TypeEntry>,
    pub combinations: &'static [Combination],
    pub tank_shock_decisions: &'static [crate::games::Decision],
}

/// One type in the catalog.
#[derive(Debug, Serialize)]
pub struct TypeEntry {
    /// What a roster writes: "super-heavy-walker".
    pub id: &'static str,
    /// What a player reads: "Super-heavy walker".
    pub name: &'static str,
    /// The rules it brings (see [`bundle`]).
    pub rules: &'static [&'static Rule],
}

/// The catalog, for `GET /api/waffle/catalog`.
pub fn catalog() -> Catalog {
    Catalog {
        every_vehicle: &EVERY_VEHICLE,
        types: VehicleType::ALL
            .iter()
            .map(|&t| TypeEntry { id: t.id(), name: t.name(), rules: bundle(t) })
            .collect(),
        combinations: &COMBINATIONS,
        tank_shock_decisions: &DECISIONS,
    }
}
