//! Car Wars, "Boats in Car Wars" variant: the boat designer's rules engine.
//!
//! - [`tables`]: the typed tables (hulls, plants, weapons, accessories, armor) and our decisions
//! - [`design`]: the input document
//! - [`evaluate`]: the ledger, the figures and the problems ([`check`] judges a design)
//! - [`statline`]: the canonical one-line stat block out, and published stat lines in

pub mod assist;
mod codes;
pub(crate) mod design;
pub(crate) mod evaluate;
pub mod examples;
pub(crate) mod sheet;
pub mod statline;
pub mod tables;
pub(crate) mod units;

#[cfg(test)]
pub(crate) mod tests;

pub use codes::Code;
pub use design::{
    AccessoryEntry, CargoEntry, CrewEntry, DESIGN_VERSION, Deck, Design, NotReadPart, PropellerEntry, Ref,
    Section, Top, TurretEntry, WeaponEntry,
};
pub use evaluate::{Evaluation, Figures, check};
pub use units::{Money, Spaces, Speed, Weight};

/// Bumped whenever a rule or table change could change a saved design's figures.
pub const ENGINE_VERSION: u32 = 2;

/// The boat designer's place in the house.
pub static GAME: crate::games::registry::Game = crate::games::registry::Game {
    id: "boat",
    path: "/boats",
    word: "boat",
    title: "Boat",
    plural: "Boats",
    nav: "Car Wars boats",
    start: "Design a boat",
    about: "Design a boat under the Car Wars boat rules and know at once, to the dollar and the pound, whether it is legal, how fast it goes and how it handles; print a record sheet to play from.",
    first: "Nothing aboard yet: add power, crew and weapons, and this panel checks each against the hull.",
    print: "sheet",
    example: r#"{"name": "Piranha", "hull": "dinghy", "plant": "small", "propellers": [{}], "crew": [{"role": "pilot"}], "weapons": [{"weapon": "vmg", "mount": "F"}, {"weapon": "torpedo", "mount": "B", "count": 2, "linked": true}], "accessories": [{"item": "fire-extinguisher"}], "armor": {"points": {"F": 15, "R": 15, "L": 15, "B": 12, "U": 15}}}"#,
    codes: Code::CODES,
    decisions: &[tables::DECISIONS, sheet::SHEET_DECISIONS],
};
