//! The typed tables of Battlefleet Gothic: factions, ship profiles with their choices, and the
//! attack craft their launch bays carry.
//!
//! The tables are data files in this folder: the two received files as they are (`ships.csv`,
//! `attack-craft.csv`, from BSData/battlefleetgothic at commit 745a197) and ours (`craft.csv`,
//! `options.csv`), turned into the statics below by `build.rs` (`generate.rs`). The folder's
//! README names the sources once and lists our reading decisions.

use serde::Serialize;

pub mod lists;

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
    /// Boarding torpedoes: each hit is a hit-and-run raid.
    pub boarding: bool,
    /// As the app shows it: "6@30", "D6+2@30", "missiles 8@20-40", "boarding 8@15".
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

/// What a weapon is, as the profiles class it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    /// Weapons batteries, gunz, railguns, bombardment cannon, pyro-acid, lightning arcs.
    Battery,
    /// Lances and what counts as one (pulsar and phantom lances, ion cannon, bio-plasma, the gauss
    /// particle whip).
    Lance,
    /// Torpedoes, missiles, launchas and boarding torpedoes.
    Torpedoes,
    LaunchBay,
    NovaCannon,
    /// Hooks, tentacles and claws, the star pulse, portals, the Sepulchre, Impalers.
    Other,
}

impl WeaponKind {
    /// "battery", "launch bay", ...
    pub fn name(self) -> &'static str {
        match self {
            WeaponKind::Battery => "battery",
            WeaponKind::Lance => "lance",
            WeaponKind::Torpedoes => "torpedoes",
            WeaponKind::LaunchBay => "launch bay",
            WeaponKind::NovaCannon => "nova cannon",
            WeaponKind::Other => "other",
        }
    }
}

/// One weapon of a profile (a row of `weapons.csv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Weapon {
    /// "Port weapons battery", "Prow torpedoes".
    pub name: &'static str,
    pub kind: WeaponKind,
    /// As printed: "6", "D6+2", "special", "1 Orca/Warden", "1 per enemy".
    pub strength: &'static str,
    /// The strength as a number, when it is one.
    pub value: Option<u32>,
    /// In cm as printed: "60", "30-150", "20-40" (torpedoes: their speed), "contact", "-".
    pub range: &'static str,
    /// Left/front/right order: "left/front/right", "all round", "-".
    pub arcs: &'static str,
    /// What the row adds after its standard/option/choice head ("template shot; 30 cm minimum
    /// range"), or "".
    pub detail: &'static str,
    /// A salvo it launches (torpedo weapons).
    pub salvo: Option<Salvo>,
    /// Escorts its gravitic hooks carry: how many, and whether Orcas may ride (else Wardens only).
    pub hooks: Option<(u32, bool)>,
    /// Where the row comes from (BSData line and profile id; the Remastered page).
    pub source: &'static str,
}

/// A group of alternative options: a ship takes from `min` to `max` picks among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OptionGroup {
    pub id: &'static str,
    pub name: &'static str,
    pub min: u32,
    pub max: u32,
}

/// A choice a ship offers: weapons fitted (in place of standard ones), attack craft, turrets or an
/// upgrade bought from a fleet list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShipOption {
    pub id: &'static str,
    pub name: &'static str,
    /// Its group, if it is one of a set of alternatives.
    pub group: Option<&'static str>,
    /// Points per pick (the Dominator's early-pattern batteries cost less: -5).
    pub price: i32,
    /// Its price is per launch bay the ship has (torpedo bombers): `price` times the bays.
    pub per_bay: bool,
    /// How many times a ship may take it (a Hive Ship's weapon sets: 3).
    pub max: u32,
    /// Weapons it fits.
    pub adds: &'static [Weapon],
    /// Names of the standard weapons it takes away.
    pub removes: &'static [&'static str],
    /// Craft ids it adds to the bays' craft.
    pub craft: &'static [&'static str],
    /// Turrets it adds.
    pub turrets: u32,
    /// The fleet lists that offer it (ids); empty for every list.
    pub lists: &'static [&'static str],
    /// The fleet-lists.csv rule it comes from.
    pub rule: Option<&'static str>,
    /// Options of the ship it cannot be taken with.
    pub excludes: &'static [&'static str],
    /// What the ship must be to take it (a ship carrying a leader, another option).
    pub needs: Option<lists::Set>,
    /// Our reading, in our words, when there was one to make.
    pub note: Option<&'static str>,
}

impl ShipOption {
    /// Whether the fleet list `list` (an id) offers it.
    pub fn offered_in(&self, list: &str) -> bool {
        self.lists.is_empty() || self.lists.contains(&list)
    }
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
    /// Standard launch bays (from its standard weapons), and the craft they carry.
    pub bays: Option<Bays>,
    /// Standard salvo (its first standard torpedo weapon).
    pub torpedoes: Option<Salvo>,
    /// The craft its bays carry, whichever weapons give it bays (ids).
    pub craft: &'static [&'static str],
    /// Standard weapons, in the order of `weapons.csv`.
    pub weapons: &'static [Weapon],
    pub options: &'static [ShipOption],
    pub groups: &'static [OptionGroup],
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

    /// The option `id` as the fleet list `list` offers it (`None` for any list's first).
    pub fn option(&self, id: &str) -> Option<&'static ShipOption> {
        self.options.iter().find(|o| o.id == id)
    }

    /// The option `id` as the fleet list `list` offers it, if it does.
    pub fn option_in(&self, id: &str, list: &str) -> Option<&'static ShipOption> {
        self.options.iter().find(|o| o.id == id && o.offered_in(list))
    }

    /// The options the fleet list `list` offers, in order.
    pub fn options_in<'a>(&self, list: &'a str) -> impl Iterator<Item = &'static ShipOption> + use<'a> {
        let options = self.options;
        options.iter().filter(move |o| o.offered_in(list))
    }

    /// The group `id`.
    pub fn group(&self, id: &str) -> Option<&'static OptionGroup> {
        self.groups.iter().find(|g| g.id == id)
    }

    /// The weapon `name` the ship has as standard.
    pub fn weapon(&self, name: &str) -> Option<&'static Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }

    /// Gravitic hook capacity of its standard weapons: (all escorts, those Orcas may use).
    pub fn hooks(&self) -> (u32, u32) {
        hooks_of(self.weapons.iter())
    }
}

/// Escorts the gravitic hooks among `weapons` carry: (all, those that take Orcas).
pub fn hooks_of<'a>(weapons: impl Iterator<Item = &'a Weapon>) -> (u32, u32) {
    weapons.filter_map(|w| w.hooks).fold((0, 0), |(all, orcas), (n, o)| {
        (all.saturating_add(n), if o { orcas.saturating_add(n) } else { orcas })
    })
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

    /// Its fleet lists, the first being the one a fleet saved before lists existed is read as.
    pub fn lists(&self) -> impl Iterator<Item = &'static FleetList> + use<> {
        let id = self.id;
        LISTS.iter().filter(move |l| l.faction == id)
    }

    /// Its first fleet list.
    pub fn default_list(&self) -> Option<&'static FleetList> {
        self.lists().next()
    }
}

// The statics generated from the data files: CRAFT, SHIPS, FACTIONS, LISTS, RULES and LEADERS,
// and the id indexes CRAFT_BY_ID and SHIPS_BY_ID.
use lists::{
    Check, Cmp, Cond, FleetList, Leader, Placement, Reading, Role as LeaderRole, RosterEntry, Rule, Set,
};
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

/// The ship profile with this id, by its hash ([`Words`](crate::games::hash::Words)): every fleet
/// check looks up every entry several times (a binary search compared ids of the same first
/// words, "imperial-", "chaos-", a dozen times a look).
pub fn ship(id: &str) -> Option<&'static Ship> {
    static BY_ID: std::sync::OnceLock<crate::games::hash::WordsMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    let by_id = BY_ID.get_or_init(|| {
        let mut by_id = crate::games::hash::WordsMap::default();
        for &i in SHIPS_BY_ID.iter() {
            by_id.entry(SHIPS[i].id).or_insert(i);
        }
        by_id
    });
    by_id.get(id).map(|&i| &SHIPS[i])
}

/// Every fleet list, faction by faction.
pub fn lists() -> &'static [FleetList] {
    &LISTS
}

/// The fleet list with this id.
pub fn list(id: &str) -> Option<&'static FleetList> {
    LISTS.iter().find(|l| l.id == id)
}

/// Every composition rule of `fleet-lists.csv`, in its order, with our readings.
pub fn rules() -> &'static [Rule] {
    &RULES
}

/// The rule with this id ("in-gothic/battleships").
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

/// Every leader a fleet may take.
pub fn leaders() -> &'static [Leader] {
    &LEADERS
}

/// The leader with this id.
pub fn leader(id: &str) -> Option<&'static Leader> {
    LEADERS.iter().find(|l| l.id == id)
}

/// The attack craft with this id.
pub fn craft_by_id(id: &str) -> Option<&'static Craft> {
    let at = CRAFT_BY_ID.binary_search_by(|&i| CRAFT[i].id.cmp(id)).ok()?;
    Some(&CRAFT[CRAFT_BY_ID[at]])
}

#[cfg(test)]
mod tests;
