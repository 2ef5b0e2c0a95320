//! Command & Colors: Samurai Battles, naval rules: a scenario's board (ocean and land, the wind
//! and tide), both sides' order of battle on it, and what each unit may do at sea. The rules
//! text is the fan variant in `shared/rules/samurai-battles-naval.txt`; everything shown is
//! summarised in our words ([`rules`]).
//!
//! Pure: no web, database, template or async code. The pages, the JSON API and the text export
//! all ask [`check`].
//!
//! - [`Scenario`] is the document; [`check`] gives a [`Judgement`]: problems, and for each unit
//!   its [`UnitOptions`] (moves, landings, dice, swords ignored, grapples, its leader's moves and
//!   retreat, notes citing the rules) and for each lone leader its [`LeaderOptions`].
//! - [`hex`] is the board's geometry: rows alternating the full width and one less, pointy
//!   hexes, "D5" names, six exact directions.
//! - [`data`] holds the unit types and ranks (defaults, with their "unverified" marks).
//! - [`text_export`] and [`summary`] write a scenario as text.
//! - [`threat`] is a side's threat map: every hex its units reach this turn ([`UnitOptions::reach`]).
//!
//! Problems (`part` is the field's path: `units.{i}.hex`, `leaders.{i}.hex`, `grapples.{i}`,
//! `terrain.{r}`, `units.{i}.close`, ...):
//!
//! | code | severity | when |
//! |---|---|---|
//! | `HEX_OFF_BOARD` | error | a unit or lone leader on a hex the board does not have |
//! | `HEX_TAKEN` | error | a second unit (or lone leader) on a hex: one to a hex |
//! | `LEADER_ON_UNIT` | error | a lone leader on a unit's hex (attach it instead) |
//! | `LEADER_AT_SEA` | error | a lone leader on an ocean hex |
//! | `COMMAND_SHIP_ON_LAND` | error | a Command Ship on a land hex |
//! | `COMMAND_SHIP_TWICE` | error | a second Command Ship for one side |
//! | `GRAPPLE_NO_UNIT` | error | a grapple with no unit at one end |
//! | `GRAPPLE_NOT_ADJACENT` | error | a grapple between hexes not side by side |
//! | `GRAPPLE_SAME_SIDE` | error | a grapple between units of one side |
//! | `GRAPPLE_NOT_NAVAL` | error | a grapple between two land units |
//! | `DICE_OUT_OF_RANGE` | error | close or ranged dice over 6 |
//! | `BLOCKS_OUT_OF_RANGE` | error | blocks outside 1 to 6 |
//! | `UNKNOWN_UNIT_TYPE` | warning | a type the catalog does not know (its figures are the player's) |
//! | `TERRAIN_BEYOND_BOARD` | warning | a terrain row marks land past the board's edge |
//! | `WIND_NOT_SET` | warning | no direction noted for the wind and tide (boats go one hex) |
//! | `ORDERED_BOTH_SIDES` | error | units of both sides marked as ordered by the card |
//! | `CARD_MIXES_LAND_AND_SEA` | error | Infantry Onslaught or Cavalry Charge ordering land and naval units together |
//! | `CARD_ORDERS_TOO_MANY` | error | either of those ordering more than four naval units |
//! | `ONSLAUGHT_NOT_ADJACENT` | error | Infantry Onslaught's naval units not one group side by side |
//! | `UNKNOWN_VERSION` | warning | the document's `version` is not the one this engine reads |

pub mod data;
pub mod hex;
pub mod rules;

mod check;
mod codes;
mod export;
mod layout;
mod options;
mod scenario;
#[cfg(test)]
mod tests;
mod threat;

use serde::Serialize;

pub use check::{BLOCKS, MAX_DICE, unit_label};
pub use codes::Code;
pub use export::{summary, text_export, title};
pub use hex::{Board, Direction, Hex, ROWS, WIDTH, Winds};
pub use layout::Layout;
pub use options::{Dice, Ignores, LeaderOptions, Note, Retreat, UnitOptions, leader_retreat, sea_moves};
pub use scenario::{
    Card, DEFAULT_BLOCKS, DOCUMENT_VERSION, Grapple, Leader, LeaderKind, Scenario, Side, Unit,
};
pub use threat::{Reach, Threat, ThreatHex, threat};

use crate::games::{Problem, is_legal};

/// Version of the rules engine, stored with every judged scenario.
pub const ENGINE_VERSION: u32 = 1;

/// The naval builder's place in the house.
pub static GAME: crate::games::registry::Game = crate::games::registry::Game {
    id: "samurai",
    path: "/samurai",
    word: "scenario",
    title: "Samurai naval scenario",
    plural: "Samurai naval scenarios",
    nav: "Samurai Battles naval",
    start: "Set up a naval battle",
    about: "Set up a Samurai Battles naval scenario on a hex map with wind and tide, and see where each unit may move and what it rolls at sea.",
    first: "No units yet: choose \"Place a new unit\" and click a hex, and this panel checks the scenario.",
    print: "sheet",
    example: r#"{"name": "Dan-no-ura", "side_a": "Minamoto", "side_b": "Taira", "board": {"width": 13, "rows": 9}, "wind": ["e"], "terrain": ["", "", "", "", "", "", "", "LLLL", "LLLLLL"], "units": [{"side": "a", "hex": "B8", "type": "ashigaru-bow", "close": 2, "ranged": 2, "rank": "circle"}, {"side": "a", "hex": "E7", "type": "samurai-naginata", "close": 4, "rank": "square", "leader": "foot"}, {"side": "a", "hex": "F7", "type": "ashigaru-spearmen", "close": 3, "rank": "triangle"}, {"side": "a", "hex": "H8", "type": "mounted-samurai", "close": 4, "rank": "square", "mounted": true, "command_ship": true}, {"side": "b", "hex": "E6", "type": "sohei-warriors", "close": 3, "rank": "triangle"}, {"side": "b", "hex": "G3", "type": "samurai-no-dachi", "close": 4, "rank": "square", "leader": "mounted"}, {"side": "b", "hex": "H3", "type": "sohei-archers", "close": 3, "ranged": 2, "rank": "triangle"}], "leaders": [{"side": "a", "hex": "A9", "kind": "mounted"}], "grapples": [{"a": "E7", "b": "E6"}]}"#,
    codes: Code::CODES,
    decisions: &[],
};

/// A scenario judged: its problems, and what every unit and lone leader may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    pub legal: bool,
    pub problems: Vec<Problem>,
    /// One per unit, in the scenario's order.
    pub units: Vec<UnitOptions>,
    /// One per lone leader, in the scenario's order.
    pub leaders: Vec<LeaderOptions>,
    pub engine_version: u32,
}

/// Judges a scenario: every problem, and every unit's and lone leader's options. The engine's
/// entry point, named `check` as in every game.
pub fn check(s: &Scenario) -> Judgement {
    check_showing(s, |_| true)
}

/// [`check`], with only the units `shown` worked out in full: the others as they stand
/// ([`options::unit_standing`]), without their moves, combat and notes. For a page that shows
/// some units' options and not the rest (a live update shows the chosen unit's).
pub fn check_showing(s: &Scenario, shown: impl Fn(usize) -> bool) -> Judgement {
    let l = Layout::new(s);
    let problems = check::problems(&l);
    let unit = |k| if shown(k) { options::unit_options(&l, k) } else { options::unit_standing(&l, k) };
    Judgement {
        legal: is_legal(&problems),
        units: (0..s.units.len()).map(unit).collect(),
        leaders: (0..s.leaders.len()).map(|k| options::leader_options(&l, k)).collect(),
        problems,
        engine_version: ENGINE_VERSION,
    }
}

/// Everything a page or client needs before building: unit types with their defaults and marks,
/// the ranks, the cards, the directions and the naval rules in our words.
#[derive(Debug, Serialize)]
pub struct Catalog {
    pub unit_types: &'static [data::UnitType],
    pub ranks: &'static [data::RankRow],
    pub cards: Vec<CardEntry>,
    pub directions: Vec<&'static str>,
    pub rules: &'static [&'static rules::NavalRule],
}

#[derive(Debug, Serialize)]
pub struct CardEntry {
    pub id: &'static str,
    pub name: &'static str,
}

pub fn catalog() -> Catalog {
    Catalog {
        unit_types: &data::UNIT_TYPES,
        ranks: &data::RANKS,
        cards: Card::ALL.iter().map(|c| CardEntry { id: c.id(), name: c.name() }).collect(),
        directions: Direction::ALL.iter().map(|d| d.id()).collect(),
        rules: rules::RULES,
    }
}
