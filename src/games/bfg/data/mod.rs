//! The typed tables of Battlefleet Gothic: factions, ship profiles with their choices, and the
//! attack craft their launch bays carry.
//!
//! The tables are data files in this folder: the two received files as they are (`ships.csv`,
//! `attack-craft.csv`, from BSData/battlefleetgothic at commit 745a197) and ours (`craft.csv`,
//! `options.csv`), turned into the statics below by `build.rs` (`generate.rs`). The folder's
//! README names the sources once and lists our reading decisions.

use serde::Serialize;

/// A ship's size class, as the profiles give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Battleship,
    Battlecruiser,
    HeavyCruiser,
    Cruiser,
    LightCruiser,
    Escort,
}

impl Kind {
    /// "battleship", "heavy cruiser", ...
    pub fn name(self) -> &'static str {
        match self {
            Kind::Battleship => "battleship",
            Kind::Battlecruiser => "battlecruiser",
            Kind::HeavyCruiser => "heavy cruiser",
            Kind::Cruiser => "cruiser",
            Kind::LightCruiser => "light cruiser",
            Kind::Escort => "escort",
        }
    }
}

/// Armour rolls by facing (2 for 2+ ... 6 for 6+).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Armour {
    pub prow: u32,
    pub sides: u32,
    pub rear: u32,
    /// The prow value is a Tau deflector's.
    pub deflector: bool,
}

impl Armour {
    /// The lowest value, which bombers roll against.
    pub fn lowest(&self) -> u32 {
        self.prow.min(self.sides).min(self.rear)
    }
}

/// How strong a salvo is: a number, or a D6 roll plus a number (Ork launchas).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    Fixed(u32),
    Rolled { plus: u32 },
}

impl Strength {
    /// The strongest salvo it can be.
    pub fn max(self) -> u32 {
        match self {
            Strength::Fixed(n) => n,
            Strength::Rolled { plus } => 6 + plus,
        }
    }

    /// The weakest salvo it can be.
    pub fn min(self) -> u32 {
        match self {
            Strength::Fixed(n) => n,
            Strength::Rolled { plus } => 1 + plus,
        }
    }

    /// "6", "D6", "D6+2".
    pub fn text(self) -> String {
        match self {
            Strength::Fixed(n) => n.to_string(),
            Strength::Rolled { plus: 0 } => "D6".to_string(),
            Strength::Rolled { plus } => format!("D6+{plus}"),
        }
    }
}

/// Torpedoes, or the Tau's guided missiles (which the profiles give a speed range).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SalvoKind {
    Torpedoes,
    Missiles,
}

/// Whether a ship's salvo may be split in two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Split {
    /// Six or fewer: one salvo.
    Never,
    /// Over six: into two salvoes of at least three each.
    Allowed,
    /// A rolled strength: when the roll comes to more than six.
    IfRolledOverSix,
}

/// A ship's torpedo (or missile) salvo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Salvo {
    pub strength: Strength,
    /// Speed in cm; for missiles the lowest of their range.
    pub speed_cm: u32,
    /// The top of a speed range (missiles); equal to `speed_cm` for torpedoes.
    pub speed_max_cm: u32,
    pub kind: SalvoKind,
    /// As the app shows it: "6@30", "D6+2@30", "missiles 8@20-40".
    pub text: &'static str,
}

/// The strongest salvo that may not be split.
pub const SPLIT_OVER: u32 = 6;
/// The weakest salvo a split may leave.
pub const SPLIT_MIN_PART: u32 = 3;

impl Salvo {
    /// Whether the salvo may be split in two (only over six, into parts of at least three).
    pub fn split(&self) -> Split {
        match self.strength {
            Strength::Fixed(n) if n > SPLIT_OVER => Split::Allowed,
            Strength::Rolled { plus } if 6 + plus > SPLIT_OVER => Split::IfRolledOverSix,
            _ => Split::Never,
        }
    }
}

/// Launch bays: how many squadrons a ship launches at once, and the craft they carry (ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bays {
    pub count: u32,
    pub craft: &'static [&'static str],
}

/// What an option costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "points", rename_all = "snake_case")]
pub enum Price {
    /// The points the data gives.
    Points(u32),
    /// An alternative fitting within the ship's points (our reading of a "choice" or "cfg").
    WithShip,
    /// The data gives no price: counted as 0 and reported.
    Unknown,
}

impl Price {
    pub fn points(self) -> u32 {
        match self {
            Price::Points(p) => p,
            Price::WithShip | Price::Unknown => 0,
        }
    }
}

/// A choice a ship offers: extra craft, launch bays or a salvo, alone or as one of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShipOption {
    pub id: &'static str,
    pub name: &'static str,
    /// Options of one group are alternatives: a ship takes exactly one of them.
    pub group: Option<&'static str>,
    pub price: Price,
    /// Launch bays it fits (in place of none: no ship has both standard bays and a bay option).
    pub bays: Option<Bays>,
    /// A salvo it fits.
    pub torpedoes: Option<Salvo>,
    /// Craft ids it adds to the bays' craft.
    pub craft: &'static [&'static str],
    /// Our reading, in our words, when there was one to make.
    pub note: Option<&'static str>,
}

/// A ship profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ship {
    /// The class name as an id: "emperor-battleship".
    pub id: &'static str,
    /// "Emperor battleship".
    pub name: &'static str,
    /// Faction id.
    pub faction: &'static str,
    pub kind: Kind,
    pub points: u32,
    /// The points are a base price with weapons bought on top (Tyranids).
    pub points_are_base: bool,
    pub hits: u32,
    /// One speed, or three for the Eldar (by the sun's position).
    pub speeds_cm: &'static [u32],
    /// Degrees; `None` where the profile says "special" (Eldar).
    pub turns: Option<u32>,
    /// As printed: a number, or the faction's own defence ("holofields", "4+ save").
    pub shields: &'static str,
    pub armour: Armour,
    /// As printed: "6+F/5+S/4+R".
    pub armour_text: &'static str,
    /// `None` where the profile says "special" (Kraken). Tyranid spores count as turrets.
    pub turrets: Option<u32>,
    /// Standard launch bays.
    pub bays: Option<Bays>,
    /// Standard salvo.
    pub torpedoes: Option<Salvo>,
    pub options: &'static [ShipOption],
    /// Never runs out of ordnance: launches up to twice its bays and counts them twice toward the
    /// fleet's limit.
    pub never_runs_out: bool,
    /// The profile was not confirmed against BFG Remastered: keep the mark visible.
    pub unverified: bool,
    /// Where the row comes from (file and line of the BSData catalogue).
    pub source: &'static str,
}

impl Ship {
    pub fn is_escort(&self) -> bool {
        self.kind == Kind::Escort
    }

    pub fn option(&self, id: &str) -> Option<&'static ShipOption> {
        self.options.iter().find(|o| o.id == id)
    }

    /// The option groups the ship has, in order: a ship takes exactly one option of each.
    pub fn groups(&self) -> impl Iterator<Item = &'static str> + use<> {
        let options = self.options;
        options.iter().enumerate().filter_map(move |(i, o)| {
            let g = o.group?;
            // Each group once: at its first option.
            (!options[..i].iter().any(|p| p.group == Some(g))).then_some(g)
        })
    }
}

/// What an attack craft does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Fighter,
    Bomber,
    AssaultBoat,
    /// A bomber that may turn into a small salvo (counts as a bomber against fighters).
    TorpedoBomber,
}

impl Role {
    /// "fighter", "assault boat", ...
    pub fn name(self) -> &'static str {
        match self {
            Role::Fighter => "fighter",
            Role::Bomber => "bomber",
            Role::AssaultBoat => "assault boat",
            Role::TorpedoBomber => "torpedo bomber",
        }
    }
}

/// Whether a craft has a 4+ save against other ordnance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Resilience {
    None,
    /// Against fighters only (Manta).
    AgainstFighters,
    /// Against any ordnance.
    Always,
}

/// An attack craft.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Craft {
    pub id: &'static str,
    pub name: &'static str,
    /// Faction id.
    pub faction: &'static str,
    pub speed_cm: u32,
    /// One role, or several for multi-role craft (fighta-bommas, Thunderhawks).
    pub roles: &'static [Role],
    /// The strength of the salvo a torpedo bomber turns into.
    pub torpedo_strength: Option<u32>,
    pub resilient: Resilience,
    /// Turrets hit this craft only on a 6 (Eldar).
    pub turrets_hit_only_on_6: bool,
    /// It may fly combat air patrol (it behaves as a fighter).
    pub cap: bool,
    /// Not confirmed against BFG Remastered.
    pub unverified: bool,
    pub source: &'static str,
}

impl Craft {
    pub fn multi_role(&self) -> bool {
        self.roles.len() > 1
    }

    pub fn has(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }
}

/// A faction: the ships of `ships.csv` that share its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Faction {
    pub id: &'static str,
    pub name: &'static str,
}

impl Faction {
    /// Its ships, in the table's order.
    pub fn ships(&self) -> impl Iterator<Item = &'static Ship> + use<> {
        let id = self.id;
        SHIPS.iter().filter(move |s| s.faction == id)
    }
}

// The statics generated from the data files: CRAFT, SHIPS and FACTIONS, and the id indexes
// CRAFT_BY_ID and SHIPS_BY_ID.
include!(concat!(env!("OUT_DIR"), "/bfg_data.rs"));

/// Every faction, in the table's order.
pub fn factions() -> &'static [Faction] {
    &FACTIONS
}

/// Every ship profile, in the table's order.
pub fn ships() -> &'static [Ship] {
    &SHIPS
}

/// Every attack craft.
pub fn craft() -> &'static [Craft] {
    &CRAFT
}

pub fn faction(id: &str) -> Option<&'static Faction> {
    FACTIONS.iter().find(|f| f.id == id)
}

/// The ship profile with this id (a binary search: every fleet check looks up every entry).
pub fn ship(id: &str) -> Option<&'static Ship> {
    let at = SHIPS_BY_ID.binary_search_by(|&i| SHIPS[i].id.cmp(id)).ok()?;
    Some(&SHIPS[SHIPS_BY_ID[at]])
}

/// The attack craft with this id.
pub fn craft_by_id(id: &str) -> Option<&'static Craft> {
    let at = CRAFT_BY_ID.binary_search_by(|&i| CRAFT[i].id.cmp(id)).ok()?;
    Some(&CRAFT[CRAFT_BY_ID[at]])
}

#[cfg(test)]
mod tests;
