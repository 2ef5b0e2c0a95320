//! The roster: the document a player builds, stores and sends.
//!
//! Every number is bounded as it is read, so no document can make the engine do unbounded work:
//! armour, BS, strength and AP are read as 0 to 255 (a negative or a fraction is refused naming
//! the field), and values outside what the rules know (armour 99) come back from
//! [`check`](super::check) as problems at their field, so the player sees what to fix.

use serde::{Deserialize, Deserializer, Serialize};

use crate::games::bounds;

/// Version of the roster document format (`Roster::version`) this engine reads.
pub const DOCUMENT_VERSION: u32 = 1;

/// The largest points limit a roster may set: the one every game keeps
/// ([`bounds::MAX_POINTS_LIMIT`]).
pub const MAX_POINTS_LIMIT: u32 = bounds::MAX_POINTS_LIMIT;

/// Armour values are 10 to 14 (checked, not refused: see [`check`](super::check)).
pub const ARMOUR: std::ops::RangeInclusive<u8> = 10..=14;
/// Ballistic Skill runs from 1 to 10.
pub const BS: std::ops::RangeInclusive<u8> = 1..=10;
/// A weapon's Strength runs from 1 to 10.
pub const STRENGTH: std::ops::RangeInclusive<u8> = 1..=10;
/// A weapon's AP runs from 1 (the best) to 6; "–" is written as no AP.
pub const AP: std::ops::RangeInclusive<u8> = 1..=6;

/// The lowest armour the rules know: what a new vehicle starts with.
const DEFAULT_ARMOUR: u8 = 10;
/// What a new vehicle's BS starts at.
const DEFAULT_BS: u8 = 4;

fn default_version() -> u32 {
    DOCUMENT_VERSION
}

/// A roster of vehicles: the input document.
///
/// ```json
/// {"version": 1, "name": "Iron Column", "points_limit": 500,
///  "vehicles": [{"name": "Bulwark", "types": ["tank", "transport"],
///                "armour": {"front": 11, "side": 11, "rear": 10}, "bs": 4,
///                "weapons": [{"name": "Storm gun", "range": 24, "strength": 4, "ap": 5, "type": "Assault 2"}],
///                "fire_points": 2, "capacity": 10, "points": 40}]}
/// ```
/// Unknown fields are refused, so a misspelt field is reported instead of silently ignored;
/// every field has a default, so `{}` is an empty roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// Format version of this document. Optional, default 1.
    #[serde(default = "default_version")]
    pub version: u32,
    /// The player's name for the roster. Optional, default "".
    #[serde(default, deserialize_with = "bounds::name")]
    pub name: String,
    /// The game's points limit, 1 to [`MAX_POINTS_LIMIT`]; none for a game without one. Optional.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounds::optional_points_limit"
    )]
    pub points_limit: Option<u32>,
    /// The vehicles, in the player's order. Optional, default none.
    #[serde(default)]
    pub vehicles: Vec<Vehicle>,
}

impl Default for Roster {
    fn default() -> Self {
        Self { version: DOCUMENT_VERSION, name: String::new(), points_limit: None, vehicles: Vec::new() }
    }
}

/// One vehicle, as the player's codex gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vehicle {
    /// Its name. Optional, default "".
    #[serde(default, deserialize_with = "bounds::name")]
    pub name: String,
    /// Its type ids: "tank", "transport", "chariot", "walker", "super-heavy-vehicle",
    /// "super-heavy-walker", "super-heavy-flyer" (names such as "Super-heavy walker" are read too).
    /// Several are allowed (a tank that is also a transport); none makes a plain vehicle.
    /// Unknown ids are problems naming the closest. Optional, default none.
    #[serde(default, deserialize_with = "type_ids")]
    pub types: Vec<String>,
    /// Armour values, each 10 to 14. Optional, default 10 all round.
    #[serde(default)]
    pub armour: Armour,
    /// Ballistic Skill, 1 to 10. Optional, default 4.
    #[serde(default = "default_bs", deserialize_with = "bounds::small")]
    pub bs: u8,
    /// Its weapons. Optional, default none.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Fire points: how many passengers may shoot out (Transports only). 0 to 999. Optional,
    /// default 0.
    #[serde(default, deserialize_with = "bounds::count")]
    pub fire_points: u16,
    /// Transport capacity in models (Transports only). 0 to 999. Optional, default 0.
    #[serde(default, deserialize_with = "bounds::count")]
    pub capacity: u16,
    /// Points, as the player's codex prices the vehicle with its wargear (the Waffle text has no
    /// points). 0 to 999. Optional, default 0.
    #[serde(default, deserialize_with = "bounds::count")]
    pub points: u16,
}

impl Default for Vehicle {
    fn default() -> Self {
        Self {
            name: String::new(),
            types: Vec::new(),
            armour: Armour::default(),
            bs: DEFAULT_BS,
            weapons: Vec::new(),
            fire_points: 0,
            capacity: 0,
            points: 0,
        }
    }
}

impl Vehicle {
    /// A vehicle with a name and type ids, everything else at its default.
    pub fn new(name: &str, types: &[&str]) -> Self {
        Self {
            name: name.to_owned(),
            types: types.iter().map(|t| (*t).to_owned()).collect(),
            ..Self::default()
        }
    }
}

/// Armour values on the three facings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    /// Optional, default 10.
    #[serde(default = "default_armour", deserialize_with = "bounds::small")]
    pub front: u8,
    /// Optional, default 10.
    #[serde(default = "default_armour", deserialize_with = "bounds::small")]
    pub side: u8,
    /// Optional, default 10.
    #[serde(default = "default_armour", deserialize_with = "bounds::small")]
    pub rear: u8,
}

impl Default for Armour {
    fn default() -> Self {
        Self { front: DEFAULT_ARMOUR, side: DEFAULT_ARMOUR, rear: DEFAULT_ARMOUR }
    }
}

impl Armour {
    /// The three facings with their field names, front first.
    pub fn facings(&self) -> [(&'static str, u8); 3] {
        [("front", self.front), ("side", self.side), ("rear", self.rear)]
    }
}

/// One weapon's profile.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Optional, default "".
    #[serde(default, deserialize_with = "bounds::name")]
    pub name: String,
    /// Range in inches, 0 to 999; 0 for a weapon whose type says it has none in inches (a
    /// template, a close-combat weapon). Optional, default 0.
    #[serde(default, deserialize_with = "bounds::count")]
    pub range: u16,
    /// Strength 1 to 10; none for "–". Optional.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "optional_small")]
    pub strength: Option<u8>,
    /// AP 1 to 6; none for "–". Optional.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "optional_small")]
    pub ap: Option<u8>,
    /// Its type as the codex writes it ("Heavy 1", "Ordnance 1, Large Blast"). Optional,
    /// default "".
    #[serde(rename = "type", default, deserialize_with = "bounds::name")]
    pub kind: String,
}

impl crate::games::bounds::Document for Roster {
    const NOUN: &'static str = "roster";
    const ENTRIES: &'static str = "vehicles, their types and their weapons";

    fn entries(&self) -> usize {
        self.vehicles
            .iter()
            .fold(self.vehicles.len(), |n, v| n.saturating_add(v.types.len()).saturating_add(v.weapons.len()))
    }

    fn names(&self) -> Vec<&str> {
        let mut names = vec![self.name.as_str()];
        for v in &self.vehicles {
            names.push(&v.name);
            names.extend(v.types.iter().map(String::as_str));
            for w in &v.weapons {
                names.push(&w.name);
                names.push(&w.kind);
            }
        }
        names
    }
}

impl crate::games::bounds::Named for Roster {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

fn default_armour() -> u8 {
    DEFAULT_ARMOUR
}

fn default_bs() -> u8 {
    DEFAULT_BS
}

/// Serde: an optional small number (Strength, AP), 0 to 255; `null` for "–".
fn optional_small<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    struct Small(u8);
    impl<'de> Deserialize<'de> for Small {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            bounds::small(d).map(Small)
        }
    }
    Ok(Option::<Small>::deserialize(d)?.map(|s| s.0))
}

/// Serde: type ids, each one line of bounded length like a name.
fn type_ids<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Id(String);
    impl<'de> Deserialize<'de> for Id {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            bounds::name(d).map(Id)
        }
    }
    Ok(Vec::<Id>::deserialize(d)?.into_iter().map(|i| i.0).collect())
}
