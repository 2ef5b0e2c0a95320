//! The typed tables of the boat designer.
//!
//! The tables themselves (hulls, power plants, performance, crew, weapons with their ammunition,
//! accessories, turrets, armor types, and the priced items of the component table) are data
//! files in `src/games/boats/data/`, turned into the statics below by `build.rs`
//! (`tables/generate.rs`); the data folder's README notes each file's source once. What stays
//! typed here is what the data files would only obscure: the shapes of the tables, the rules
//! text's single figures (speeds, limits), and the decisions we made where the sources are silent
//! or disagree ([`DECISIONS`]). Every rule that depends on the hull is a column of the hull
//! table, so the engine has no hull names in it.

use super::units::{Money, Spaces, Speed, Weight};
use serde::Serialize;

/// An armor location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
pub enum Loc {
    F,
    L,
    R,
    B,
    U,
    FL,
    BL,
    FR,
    BR,
    FU,
    BU,
    T,
    FT,
    BT,
    D,
    FD,
    BD,
}

impl Loc {
    pub const ALL: [Loc; 17] = [
        Loc::F,
        Loc::L,
        Loc::R,
        Loc::B,
        Loc::U,
        Loc::FL,
        Loc::BL,
        Loc::FR,
        Loc::BR,
        Loc::FU,
        Loc::BU,
        Loc::T,
        Loc::FT,
        Loc::BT,
        Loc::D,
        Loc::FD,
        Loc::BD,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Loc::F => "F",
            Loc::L => "L",
            Loc::R => "R",
            Loc::B => "B",
            Loc::U => "U",
            Loc::FL => "FL",
            Loc::BL => "BL",
            Loc::FR => "FR",
            Loc::BR => "BR",
            Loc::FU => "FU",
            Loc::BU => "BU",
            Loc::T => "T",
            Loc::FT => "FT",
            Loc::BT => "BT",
            Loc::D => "D",
            Loc::FD => "FD",
            Loc::BD => "BD",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Loc::F => "Front",
            Loc::L => "Left",
            Loc::R => "Right",
            Loc::B => "Back",
            Loc::U => "Bottom",
            Loc::FL => "Front Left",
            Loc::BL => "Back Left",
            Loc::FR => "Front Right",
            Loc::BR => "Back Right",
            Loc::FU => "Front Bottom",
            Loc::BU => "Back Bottom",
            Loc::T => "Top",
            Loc::FT => "Front Top",
            Loc::BT => "Back Top",
            Loc::D => "Deck",
            Loc::FD => "Front Deck",
            Loc::BD => "Back Deck",
        }
    }

    /// A location by its code, in any case, spaces around it ignored. A code as the pages write
    /// it is found by its bytes (a loaded boat's form sends a dozen on every live update).
    pub fn parse(s: &str) -> Option<Loc> {
        if let Some(l) = Loc::ALL.into_iter().find(|l| l.code().as_bytes() == s.as_bytes()) {
            return Some(l);
        }
        let s = crate::games::bounds::trimmed(s);
        Loc::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(s))
    }
}

/// Where a weapon outside a turret points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, Default)]
pub enum Mount {
    #[default]
    F,
    B,
    L,
    R,
    FL,
    FR,
    BL,
    BR,
}

impl Mount {
    pub const ALL: [Mount; 8] =
        [Mount::F, Mount::B, Mount::L, Mount::R, Mount::FL, Mount::FR, Mount::BL, Mount::BR];

    pub fn code(self) -> &'static str {
        match self {
            Mount::F => "F",
            Mount::B => "B",
            Mount::L => "L",
            Mount::R => "R",
            Mount::FL => "FL",
            Mount::FR => "FR",
            Mount::BL => "BL",
            Mount::BR => "BR",
        }
    }

    /// The word the published stat lines use: "VMG front".
    pub fn word(self) -> &'static str {
        match self {
            Mount::F => "front",
            Mount::B => "back",
            Mount::L => "left",
            Mount::R => "right",
            Mount::FL => "front-left",
            Mount::FR => "front-right",
            Mount::BL => "back-left",
            Mount::BR => "back-right",
        }
    }

    /// Split mounts only exist on a hull armored in split side locations (the Yacht).
    pub fn is_split(self) -> bool {
        matches!(self, Mount::FL | Mount::FR | Mount::BL | Mount::BR)
    }
}

/// Whether a hull may, must or cannot have a Deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckRule {
    Forbidden,
    Optional,
    Required,
}

/// How a hull restricts a big gun (anti-tank gun, tank gun).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GunRule {
    Forbidden,
    FrontOrBackOnly,
    Anywhere,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hull {
    pub id: &'static str,
    pub name: &'static str,
    pub cost: Money,
    pub weight: Weight,
    /// The most the whole boat may weigh, body included.
    pub max_load: Weight,
    pub spaces: i64,
    /// Spaces that only hold cargo, passengers and the few items allowed there.
    pub cargo_spaces: i64,
    pub armor_cost_per_point: Money,
    pub armor_weight_per_point: Weight,
    pub handling_class: i64,
    /// Draft in quarter inches.
    pub draft_quarters: i64,
    pub counter: &'static str,
    pub locations: &'static [Loc],
    /// Extra difficulty for D1..D6 maneuvers; `None`: impossible for this hull.
    pub maneuvers: [Option<u8>; 6],
    pub deck: DeckRule,
    /// Largest turret (in spaces) its top can carry.
    pub max_turret: u8,
    /// Whether a full Boat Top gives two turret locations (front and back top).
    pub split_top: bool,
    pub weighted_keel: bool,
    pub spoiler: bool,
    pub oars: bool,
    pub anti_tank_gun: GunRule,
    pub tank_gun: GunRule,
    /// Sonar spots a boat this size out to this many inches.
    pub sonar_spotted_at: i64,
}

impl Hull {
    pub fn gun_rule(&self, gun: BigGun) -> GunRule {
        match gun {
            BigGun::AntiTankGun => self.anti_tank_gun,
            BigGun::TankGun => self.tank_gun,
        }
    }

    /// Hulls armored in split sides (front-left, back-left, ...) mount side weapons that way.
    pub fn split_sides(&self) -> bool {
        self.locations.contains(&Loc::FL)
    }

    /// Largest single weapon, in whole spaces: a third of the body spaces, rounded down.
    pub fn max_weapon_spaces(&self) -> i64 {
        self.spaces / 3
    }
}

/// Stands in for a hull id the catalog does not know, so the rest of a design still adds up.
pub static NO_HULL: Hull = Hull {
    id: "",
    name: "unknown hull",
    cost: Money::ZERO,
    weight: Weight::ZERO,
    max_load: Weight::ZERO,
    spaces: 0,
    cargo_spaces: 0,
    armor_cost_per_point: Money::ZERO,
    armor_weight_per_point: Weight::ZERO,
    handling_class: 0,
    draft_quarters: 0,
    counter: "",
    locations: &[],
    maneuvers: [None; 6],
    deck: DeckRule::Optional,
    max_turret: 0,
    split_top: false,
    weighted_keel: false,
    spoiler: false,
    oars: false,
    anti_tank_gun: GunRule::Forbidden,
    tank_gun: GunRule::Forbidden,
    sonar_spotted_at: 0,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Plant {
    pub id: &'static str,
    pub name: &'static str,
    pub cost: Money,
    pub weight: Weight,
    pub spaces: i64,
    pub dp: i64,
    pub power_factors: i64,
    pub propeller: Propeller,
}

/// The propeller sized to a plant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Propeller {
    pub cost: Money,
    pub weight: Weight,
    pub dp: i64,
}

/// One band of the performance table: at least `ratio_milli`/1000 power factors per pound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Band {
    pub ratio_milli: i64,
    pub acceleration: Speed,
    pub top_speed: Speed,
}

/// What a body-relative item costs and weighs, as percentages of the body (or of max load).
pub struct BodyShare {
    pub cost_pct_of_body: i64,
    pub weight_pct_of_body: i64,
    pub weight_pct_of_max_load: i64,
    pub spaces: i64,
}

/// Crew and passengers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Role {
    pub id: &'static str,
    pub name: &'static str,
    pub plural: &'static str,
    pub weight: Weight,
    pub spaces: i64,
    /// May ride in cargo space.
    pub cargo_ok: bool,
}

/// Weapon families, for mount rules and the record sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    SmallBore,
    LargeBore,
    Laser,
    Rocket,
    Flamer,
    /// Dropped off the back or a side; cannot be put in a turret.
    Dropped,
    /// Torpedoes and the depth charge, the variant's own weapons.
    Boat,
}

/// A kind of ammunition. For a weapon with a magazine, `cost`/`weight` are per shot; for a
/// single-shot weapon (rockets, torpedoes) they are the whole loaded weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ammo {
    pub id: &'static str,
    pub name: &'static str,
    /// How a stat line names it: "MG with HD ammo".
    pub short: &'static str,
    pub cost: Money,
    pub weight: Weight,
    pub damage: &'static str,
    /// Does nothing on water (spikes and ordinary mines sink, oil has no effect).
    pub inert_on_water: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Load {
    /// No ammunition (lasers).
    None,
    /// Bought loaded with `shots`; `ammo[0]` is the standard load.
    Magazine { shots: i64, ammo: &'static [Ammo] },
    /// One shot; `variants[0]` is the standard round, priced as the whole weapon.
    Single { variants: &'static [Ammo] },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Weapon {
    pub id: &'static str,
    pub name: &'static str,
    /// How the stat line writes it ("VMG"), and the plural ("VMGs").
    pub short: &'static str,
    pub plural: &'static str,
    /// Other spellings a pasted stat line may use ("VGM", the article's misprint).
    pub aliases: &'static [&'static str],
    pub family: Family,
    /// Empty weapon (for single-shot weapons, the standard round: see `Load::Single`).
    pub cost: Money,
    pub weight: Weight,
    pub spaces: Spaces,
    pub load: Load,
    /// What the stat line calls its ammunition: "MML with AP rockets".
    pub ammo_word: &'static str,
    pub to_hit: Option<u8>,
    pub damage: &'static str,
    pub dp: i64,
    /// Big guns some hulls may not carry, or only facing front or back.
    pub restricted: Option<BigGun>,
    pub note: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BigGun {
    AntiTankGun,
    TankGun,
}

impl Weapon {
    pub fn ammo_kinds(&self) -> &'static [Ammo] {
        match self.load {
            Load::None => &[],
            Load::Magazine { ammo, .. } => ammo,
            Load::Single { variants } => variants,
        }
    }

    pub fn ammo(&self, id: &str) -> Option<&'static Ammo> {
        self.ammo_kinds().iter().find(|a| a.id == id)
    }

    pub fn standard_ammo(&self) -> Option<&'static Ammo> {
        self.ammo_kinds().first()
    }

    pub fn is_single_shot(&self) -> bool {
        matches!(self.load, Load::Single { .. })
    }
}

/// An accessory bought by the piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Item {
    pub id: &'static str,
    pub name: &'static str,
    pub plural: &'static str,
    pub cost: Money,
    pub weight: Weight,
    pub spaces: i64,
    /// May go in cargo space.
    pub cargo_ok: bool,
    pub dp: Option<i64>,
    pub aliases: &'static [&'static str],
    pub note: &'static str,
    /// What it does during a game, in our words, for the record sheet (`data/accessories.csv`,
    /// `table`).
    pub at_table: &'static str,
}

/// A turret: the body spaces it takes, and how big a weapon load it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Turret {
    pub size: u8,
    pub popup: bool,
    pub cost: Money,
    pub weight: Weight,
    pub spaces: i64,
}

pub fn turret_spec(size: u8, popup: bool) -> Option<&'static Turret> {
    TURRETS.iter().find(|t| t.size == size && t.popup == popup)
}

/// Armor types, priced as a share of the hull's plain armor cost and weight per point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ArmorType {
    pub id: &'static str,
    pub name: &'static str,
    /// How a stat line starts its armor list: "Fireproof Armor: ...".
    pub prefix: &'static str,
    pub cost_pct: i64,
    pub weight_pct: i64,
    pub aliases: &'static [&'static str],
    /// What it does during a game, in our words, for the record sheet.
    pub at_table: &'static str,
}

// The rules text's single figures. Source for every constant from here to the next heading: "Boats
// in Car Wars" (Autoduel Quarterly, `shared/rules/carwars-boats.txt`). They are sentences of the
// text, not rows of a table, so they are typed here rather than kept in a data file.

/// Every boat can move backwards: 2.5 mph/turn, at most 5 mph (less if its top speed is less).
pub const REVERSE_ACCELERATION: Speed = Speed::halves(5);
pub const REVERSE_TOP_SPEED: Speed = Speed::mph(5);
/// A weighted keel deepens the draft by half an inch.
pub const KEEL_EXTRA_DRAFT_QUARTERS: i64 = 2;
/// At most 10 points of guard on each propeller (priced per point by `PROPELLER_GUARD_COST` and
/// `PROPELLER_GUARD_WEIGHT`, from the component table).
pub const PROPELLER_GUARD_MAX: i64 = 10;
/// The jet drive (`JET_DRIVE`, from the component table) adds to the performance table's figures,
/// but only runs when the plant's power factors are at least half the boat's weight.
pub const JET_ACCELERATION_BONUS: Speed = Speed::mph(5);
pub const JET_TOP_SPEED_BONUS: Speed = Speed::mph(20);
/// Hydrofoils lift the hull once the boat reaches this speed, adding top speed and a point of HC.
pub const HYDROFOIL_LIFT_SPEED: Speed = Speed::mph(35);
pub const HYDROFOIL_TOP_SPEED_BONUS: Speed = Speed::mph(20);
/// A torpedo runs at this speed whatever the boat firing it does; a boat going faster forward
/// runs into its own torpedo.
pub const TORPEDO_SPEED: Speed = Speed::mph(50);
/// Oars (`OARS`, from the component table): each rower adds 2.5 mph, up to 15 mph; rowing always
/// accelerates at 2.5 mph/turn.
pub const OAR_SPEED_PER_ROWER: Speed = Speed::halves(5);
pub const OAR_TOP_SPEED: Speed = Speed::mph(15);
pub const OAR_ACCELERATION: Speed = Speed::halves(5);
/// Range on a charge: 200 miles at 20 mph; each 10 mph over 20 (a part counts as a whole) adds
/// 2 to the 10 power units a 10-mile leg uses.
pub const RANGE_UNITS: i64 = 200;
pub const RANGE_BASE_SPEED: Speed = Speed::mph(20);

// Our decisions, where the sources are silent or disagree.

pub use crate::games::Decision;

/// Every reading of the boat rules we made where they are silent or ambiguous.
pub static DECISIONS: &[Decision] = &[
    Decision {
        id: "loaded-weapons",
        title: "Loaded weapons",
        text: "Weapons are always bought loaded: the empty price and weight plus a full load of standard (or the chosen) ammunition. Extra magazines carry the same ammunition as the weapon.",
    },
    Decision {
        id: "armor-piercing-rockets",
        title: "Armor-piercing rockets",
        text: "Armor-piercing rockets and micromissiles cost and weigh one and a half times the standard round. The later Compendium keeps the weight unchanged, but the published Minnow only balances with the heavier figure.",
    },
    Decision {
        id: "crew-and-passengers",
        title: "Crew and passengers",
        text: "Pilots and gunners weigh 150 lb and take 2 spaces; passengers weigh 150 lb and take 1 space, and may ride in cargo space. Every boat needs a pilot.",
    },
    Decision {
        id: "cargo-space",
        title: "Cargo space",
        text: "Cargo spaces hold only cargo, passengers, passenger accommodations and deluxe staterooms. You choose what goes there; nothing is moved automatically.",
    },
    Decision {
        id: "deck",
        title: "Deck",
        text: "A Deck splits all the boat's spaces, cargo spaces included, into below and above. Neither part may be under a third of the total. The power plant, jet drive and hydrofoils sit below deck; turrets and oars above.",
    },
    Decision {
        id: "performance-edge",
        title: "Performance edge",
        text: "The performance table is read as printed: a ratio of exactly 0.333 is in the 5 mph/turn band, 0.332 is not.",
    },
    Decision {
        id: "jet-drive-that-will-not-run",
        title: "Jet drive that will not run",
        text: "If the plant's power factors are under half the boat's weight, the jet drive gives nothing: with no propeller the boat has no powered movement at all, and the figures say 0.",
    },
    Decision {
        id: "hydrofoils",
        title: "Hydrofoils",
        text: "Hydrofoils only lift a boat that can reach 35 mph; the +20 mph and +1 HC apply only while foiling, so both figures are shown.",
    },
    Decision {
        id: "oars",
        title: "Oars",
        text: "Each pair of oars is worked by one rower, up to the number of people aboard: 2.5 mph per rower, at most 15 mph, always 2.5 mph/turn acceleration.",
    },
    Decision {
        id: "range",
        title: "Range",
        text: "A charge is 200 power units: 10 per 10 miles at 20 mph or less, 2 more for each 10 mph (or part) above 20.",
    },
    Decision {
        id: "turrets",
        title: "Turrets",
        text: "Every turret, pop-up ones too, sits in a Boat Top or Half Top. Its weapons use no body spaces but must fit the turret, with their extra magazines; rocket magazines feeding them sit in the body (see Rocket magazines). A Yacht with a full Boat Top may carry two, front top and back top.",
    },
    Decision {
        id: "one-third-rule",
        title: "One-third rule",
        text: "No single weapon may take more than a third of the hull's body spaces, rounded down (cargo spaces do not count).",
    },
    Decision {
        id: "spoiler",
        title: "Spoiler",
        text: "A spoiler is priced from the hull's plain plastic armor: 25 points' cost and 10 points' weight.",
    },
    Decision {
        id: "links",
        title: "Links",
        text: "Linking n weapons takes n-1 links at $50 each. Identical weapons are linked within their entry; different weapons (or a turret's with the body's) are linked by giving them the same link group, which the stat line writes as \"(link group 1)\". Weapons of one group facing different ways are a warning: linked weapons fire at one target together.",
    },
    Decision {
        id: "rocket-magazines",
        title: "Rocket magazines",
        text: "A rocket magazine holds extra single-shot rockets of the same kind: $50 and 15 lb per space it holds, and it takes those spaces. It always sits in the body and takes body spaces: a body weapon's beside the weapon, in the same deck part; one feeding a turret's rockets under the turret (above deck on a decked boat), so the turret holds only its weapons. A published design feeds a 3-space turret's three heavy rockets from three 3-space magazines this way.",
    },
    Decision {
        id: "sleeping-accommodations",
        title: "Sleeping accommodations",
        text: "Published designs say \"sleeping accommodations\": they are passenger accommodations. The trucks' sleeping area is not a boat item and is not offered.",
    },
    Decision {
        id: "anchor",
        title: "Anchor",
        text: "Every hull comes with its anchor; a replacement costs 2% of the body, shown among the figures but not added to the price.",
    },
];

/// Lookups by id.
pub fn hull(id: &str) -> Option<&'static Hull> {
    HULLS.iter().find(|h| h.id == id)
}
pub fn plant_by_id(id: &str) -> Option<&'static Plant> {
    PLANTS.iter().find(|p| p.id == id)
}
pub fn weapon_by_id(id: &str) -> Option<&'static Weapon> {
    WEAPONS.iter().find(|w| w.id == id)
}
pub fn accessory(id: &str) -> Option<&'static Item> {
    ACCESSORIES.iter().find(|a| a.id == id)
}
pub fn armor_type(id: &str) -> Option<&'static ArmorType> {
    ARMOR_TYPES.iter().find(|a| a.id == id)
}
pub fn role(id: &str) -> Option<&'static Role> {
    ROLES.iter().find(|r| r.id == id)
}

/// The row of a generated table with this id, found while the crate is built: an id the data
/// files lack fails the build. Defaults are named so, never by their place in a data file.
macro_rules! row {
    ($table:ident, $id:literal) => {{
        let mut i = 0;
        loop {
            assert!(i < $table.len(), concat!("no row \"", $id, "\" in ", stringify!($table)));
            if same_id($table[i].id, $id) {
                break &$table[i];
            }
            i += 1;
        }
    }};
}

/// `a == b`, as the build can work it out.
const fn same_id(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The armor a design has until it names one, and the one an unknown armor is judged as.
pub static PLASTIC: &ArmorType = row!(ARMOR_TYPES, "plastic");
/// The crew member every new design starts with.
pub static PILOT: &Role = row!(ROLES, "pilot");
/// The smallest hull: a stand-in design's, where a stored one cannot be read.
pub static ROWBOAT: &Hull = row!(HULLS, "rowboat");

// The statics and constants generated from the data files: HULLS, PLANTS, PERFORMANCE, ROLES,
// WEAPONS, ACCESSORIES, TURRETS, ARMOR_TYPES, JET_DRIVE, OARS, and the component table's single
// figures (LINK, the magazines, the propeller guard, the tops, hydrofoils and keel, ...).
include!(concat!(env!("OUT_DIR"), "/boats_tables.rs"));
