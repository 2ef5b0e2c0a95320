//! The typed tables of Samurai Battles the naval builder starts from: unit types with their
//! default figures, and the ranks (dice by rank, swords ignored by rank).
//!
//! The tables are data files in this folder (`units.csv`, `ranks.csv`), turned into the statics
//! below by `build.rs` (`generate.rs`). The folder's README names the sources once. Every figure
//! carries the research file's mark ([`Status`]), which the pages show.

use serde::Serialize;

/// A unit's standard: what its dice roll by default and which sword results it ignores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    Circle,
    Triangle,
    Square,
}

impl Rank {
    pub const ALL: [Rank; 3] = [Rank::Circle, Rank::Triangle, Rank::Square];

    /// "circle", as documents write it.
    pub fn id(self) -> &'static str {
        match self {
            Rank::Circle => "circle",
            Rank::Triangle => "triangle",
            Rank::Square => "square",
        }
    }

    /// Its row of [`RANKS`].
    pub fn row(self) -> &'static RankRow {
        &RANKS[self as usize]
    }

    /// How many sword results a unit of this rank ignores in close combat from an attacker of
    /// rank `attacker`.
    pub fn ignores_from(self, attacker: Rank) -> u8 {
        self.row().ignores[attacker as usize]
    }
}

/// How sure the sources are of a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Verified,
    /// A source gave it, but not plainly, or sources disagree.
    Unverified,
    /// No source gave it.
    NotFound,
}

impl Status {
    /// The mark a page shows beside the figure: "" when verified.
    pub fn mark(self) -> &'static str {
        match self {
            Status::Verified => "",
            Status::Unverified => "unverified",
            Status::NotFound => "not found",
        }
    }
}

/// One rank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankRow {
    pub name: &'static str,
    /// Battle dice a unit of this rank rolls.
    pub dice: u8,
    /// Sword results ignored in close combat from a circle, a triangle and a square attacker.
    pub ignores: [u8; 3],
    pub status: Status,
}

/// One unit type, with the defaults a new unit of it starts with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitType {
    pub id: &'static str,
    pub name: &'static str,
    /// The two capitals on its map token ("AS"), unique among the types.
    pub token: &'static str,
    pub mounted: bool,
    /// None where no source gives it.
    pub rank: Option<Rank>,
    pub close: u8,
    pub ranged: u8,
    pub range: u8,
    pub status: Status,
    /// In our words: where the figures come from and what is unsure.
    pub note: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/samurai_data.rs"));

/// The unit type with this id or name (any case), if it is one we know.
pub fn unit_type(id: &str) -> Option<&'static UnitType> {
    let id = id.trim();
    UNIT_TYPES
        .iter()
        .find(|t| t.id == id)
        .or_else(|| UNIT_TYPES.iter().find(|t| t.name.eq_ignore_ascii_case(id)))
}

#[cfg(test)]
mod tests;
