//! The typed tables of the boat designer.
//!
//! Sources, noted once: hull, power plant, propeller, performance and boat-item figures come from
//! the "Boats in Car Wars" variant (Autoduel Quarterly); weapon, ammunition, accessory, turret and
//! armor-type figures are the Compendium-era Car Wars tables, cross-checked against the open
//! designers listed in `shared/data/carwars/README.md` (Combat Garage, lindmark71's designer,
//! Foundry Car Wars Deluxe). Where the sources disagree the choice is recorded in [`DECISIONS`].
//! Every rule that depends on the hull is a column here, so the engine has no hull names in it.

use super::units::{Money, Spaces, Speed, Weight};
use serde::Serialize;

const fn usd(d: i64) -> Money {
    Money::whole(d)
}
const fn lb(p: i64) -> Weight {
    Weight::whole(p)
}
const fn sp(s: i64) -> Spaces {
    Spaces::whole(s)
}

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

    pub fn parse(s: &str) -> Option<Loc> {
        Loc::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(s.trim()))
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

const SMALL_LOCS: &[Loc] = &[Loc::F, Loc::L, Loc::R, Loc::B, Loc::U];
const YACHT_LOCS: &[Loc] = &[Loc::F, Loc::FL, Loc::BL, Loc::FR, Loc::BR, Loc::B, Loc::FU, Loc::BU];

pub static HULLS: [Hull; 5] = [
    Hull {
        id: "rowboat",
        name: "Rowboat",
        cost: usd(200),
        weight: lb(100),
        max_load: lb(800),
        spaces: 6,
        cargo_spaces: 0,
        armor_cost_per_point: usd(5),
        armor_weight_per_point: lb(3),
        handling_class: 3,
        draft_quarters: 0,
        counter: "1/2\" x 1/2\"",
        locations: SMALL_LOCS,
        maneuvers: [Some(0); 6],
        deck: DeckRule::Forbidden,
        max_turret: 0,
        split_top: false,
        weighted_keel: false,
        spoiler: true,
        oars: true,
        anti_tank_gun: GunRule::Forbidden,
        tank_gun: GunRule::Forbidden,
        sonar_spotted_at: 100,
    },
    Hull {
        id: "dinghy",
        name: "Dinghy",
        cost: usd(4000),
        weight: lb(1300),
        max_load: lb(3000),
        spaces: 10,
        cargo_spaces: 0,
        armor_cost_per_point: usd(13),
        armor_weight_per_point: lb(6),
        handling_class: 2,
        draft_quarters: 1,
        counter: "1\" x 1/2\"",
        locations: SMALL_LOCS,
        maneuvers: [Some(0); 6],
        deck: DeckRule::Optional,
        max_turret: 1,
        split_top: false,
        weighted_keel: false,
        spoiler: true,
        oars: true,
        anti_tank_gun: GunRule::FrontOrBackOnly,
        tank_gun: GunRule::Forbidden,
        sonar_spotted_at: 100,
    },
    Hull {
        id: "speeder",
        name: "Speeder",
        cost: usd(8000),
        weight: lb(2700),
        max_load: lb(7000),
        spaces: 17,
        cargo_spaces: 3,
        armor_cost_per_point: usd(20),
        armor_weight_per_point: lb(10),
        handling_class: 2,
        draft_quarters: 2,
        counter: "1\" x 1/2\"",
        locations: SMALL_LOCS,
        maneuvers: [Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)],
        deck: DeckRule::Optional,
        max_turret: 2,
        split_top: false,
        weighted_keel: true,
        spoiler: true,
        oars: false,
        anti_tank_gun: GunRule::Anywhere,
        tank_gun: GunRule::FrontOrBackOnly,
        sonar_spotted_at: 200,
    },
    Hull {
        id: "cruiser",
        name: "Cruiser",
        cost: usd(20000),
        weight: lb(5400),
        max_load: lb(15000),
        spaces: 25,
        cargo_spaces: 12,
        armor_cost_per_point: usd(30),
        armor_weight_per_point: lb(15),
        handling_class: 1,
        draft_quarters: 4,
        counter: "1 1/2\" x 3/4\"",
        locations: SMALL_LOCS,
        maneuvers: [Some(0), Some(0), Some(1), Some(2), Some(2), Some(2)],
        deck: DeckRule::Required,
        max_turret: 3,
        split_top: false,
        weighted_keel: true,
        spoiler: false,
        oars: false,
        anti_tank_gun: GunRule::Anywhere,
        tank_gun: GunRule::FrontOrBackOnly,
        sonar_spotted_at: 500,
    },
    Hull {
        id: "yacht",
        name: "Yacht",
        cost: usd(45000),
        weight: lb(10000),
        max_load: lb(40000),
        spaces: 40,
        cargo_spaces: 18,
        armor_cost_per_point: usd(36),
        armor_weight_per_point: lb(18),
        handling_class: 1,
        draft_quarters: 6,
        counter: "2 1/2\" x 1\"",
        locations: YACHT_LOCS,
        maneuvers: [Some(0), Some(0), Some(2), None, None, None],
        deck: DeckRule::Required,
        max_turret: 4,
        split_top: true,
        weighted_keel: true,
        spoiler: false,
        oars: false,
        anti_tank_gun: GunRule::Anywhere,
        tank_gun: GunRule::Anywhere,
        sonar_spotted_at: 1000,
    },
];

/// Every boat can move backwards: 2.5 mph/turn, at most 5 mph (less if its top speed is less).
pub const REVERSE_ACCELERATION: Speed = Speed::halves(5);
pub const REVERSE_TOP_SPEED: Speed = Speed::mph(5);
/// A weighted keel deepens the draft by half an inch.
pub const KEEL_EXTRA_DRAFT_QUARTERS: i64 = 2;
/// Replacing a lost anchor costs 2% of the body.
pub const ANCHOR_REPLACEMENT_PCT: i64 = 2;

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

const fn plant(
    id: &'static str,
    name: &'static str,
    (cost, weight, spaces, dp, power_factors): (i64, i64, i64, i64, i64),
    (p_cost, p_weight, p_dp): (i64, i64, i64),
) -> Plant {
    Plant {
        id,
        name,
        cost: usd(cost),
        weight: lb(weight),
        spaces,
        dp,
        power_factors,
        propeller: Propeller { cost: usd(p_cost), weight: lb(p_weight), dp: p_dp },
    }
}

pub static PLANTS: [Plant; 6] = [
    plant("mini", "Mini", (300, 100, 2, 2, 500), (20, 10, 2)),
    plant("small", "Small", (1000, 300, 3, 3, 1000), (50, 15, 4)),
    plant("medium", "Medium", (3000, 500, 4, 4, 2500), (75, 25, 5)),
    plant("large", "Large", (6500, 800, 6, 6, 5000), (100, 40, 8)),
    plant("super", "Super", (10000, 1200, 8, 8, 8000), (200, 75, 12)),
    plant("heavy-duty", "Heavy-Duty", (20000, 4000, 12, 16, 13000), (500, 150, 18)),
];

/// Propeller guards: priced like wheelguards, at most 10 points on each propeller.
pub const PROPELLER_GUARD_COST: Money = usd(10);
pub const PROPELLER_GUARD_WEIGHT: Weight = lb(4);
pub const PROPELLER_GUARD_MAX: i64 = 10;

/// One band of the performance table: at least `ratio_milli`/1000 power factors per pound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Band {
    pub ratio_milli: i64,
    pub acceleration: Speed,
    pub top_speed: Speed,
}

/// Read from the top: the first band whose ratio the boat reaches. The printed bands run
/// ".333 to .499" and ".100 to .332", so the edge is exactly 0.333, not a third.
pub static PERFORMANCE: [Band; 7] = [
    Band { ratio_milli: 2000, acceleration: Speed::mph(20), top_speed: Speed::mph(100) },
    Band { ratio_milli: 1000, acceleration: Speed::mph(15), top_speed: Speed::mph(80) },
    Band { ratio_milli: 500, acceleration: Speed::mph(10), top_speed: Speed::mph(60) },
    Band { ratio_milli: 333, acceleration: Speed::mph(5), top_speed: Speed::mph(40) },
    Band { ratio_milli: 100, acceleration: Speed::halves(5), top_speed: Speed::mph(20) },
    Band { ratio_milli: 50, acceleration: Speed::halves(5), top_speed: Speed::halves(5) },
    Band { ratio_milli: 0, acceleration: Speed::ZERO, top_speed: Speed::ZERO },
];

/// Jet drive: replaces propellers; adds to the table's figures, but only runs when the plant's
/// power factors are at least half the boat's weight.
pub const JET_DRIVE: Item = item("jet-drive", "Jet drive", "Jet drives", 5000, 500, 2);
pub const JET_ACCELERATION_BONUS: Speed = Speed::mph(5);
pub const JET_TOP_SPEED_BONUS: Speed = Speed::mph(20);
/// Hydrofoils lift the hull once the boat reaches this speed, adding top speed and a point of HC.
pub const HYDROFOIL_LIFT_SPEED: Speed = Speed::mph(35);
pub const HYDROFOIL_TOP_SPEED_BONUS: Speed = Speed::mph(20);
pub const HYDROFOIL_DP: i64 = 15;
/// A torpedo runs at this speed whatever the boat firing it does; a boat going faster forward
/// runs into its own torpedo.
pub const TORPEDO_SPEED: Speed = Speed::mph(50);
/// Oars: a pair costs $25, weighs 10 lb, takes a space. Each rower adds 2.5 mph, up to 15 mph;
/// rowing always accelerates at 2.5 mph/turn.
pub const OARS: Item = item("oars", "Oars", "Oars", 25, 10, 1);
pub const OAR_SPEED_PER_ROWER: Speed = Speed::halves(5);
pub const OAR_TOP_SPEED: Speed = Speed::mph(15);
pub const OAR_ACCELERATION: Speed = Speed::halves(5);

/// What a body-relative item costs and weighs, as percentages of the body (or of max load).
pub struct BodyShare {
    pub cost_pct_of_body: i64,
    pub weight_pct_of_body: i64,
    pub weight_pct_of_max_load: i64,
    pub spaces: i64,
}
pub const BOAT_TOP: BodyShare =
    BodyShare { cost_pct_of_body: 10, weight_pct_of_body: 10, weight_pct_of_max_load: 0, spaces: 0 };
pub const HALF_TOP: BodyShare =
    BodyShare { cost_pct_of_body: 5, weight_pct_of_body: 5, weight_pct_of_max_load: 0, spaces: 0 };
pub const HYDROFOILS: BodyShare =
    BodyShare { cost_pct_of_body: 100, weight_pct_of_body: 50, weight_pct_of_max_load: 0, spaces: 1 };
pub const WEIGHTED_KEEL: BodyShare =
    BodyShare { cost_pct_of_body: 50, weight_pct_of_body: 0, weight_pct_of_max_load: 10, spaces: 0 };
/// A spoiler costs 25 points and weighs 10 points of the hull's plain armor; no space.
pub const SPOILER_COST_POINTS: i64 = 25;
pub const SPOILER_WEIGHT_POINTS: i64 = 10;

/// Range on a charge: 200 miles at 20 mph; each 10 mph over 20 (a part counts as a whole) adds
/// 2 to the 10 power units a 10-mile leg uses.
pub const RANGE_UNITS: i64 = 200;
pub const RANGE_BASE_SPEED: Speed = Speed::mph(20);

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

pub static ROLES: [Role; 3] = [
    Role { id: "pilot", name: "Pilot", plural: "Pilots", weight: lb(150), spaces: 2, cargo_ok: false },
    Role { id: "gunner", name: "Gunner", plural: "Gunners", weight: lb(150), spaces: 2, cargo_ok: false },
    Role {
        id: "passenger",
        name: "Passenger",
        plural: "Passengers",
        weight: lb(150),
        spaces: 1,
        cargo_ok: true,
    },
];

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

const fn ammo(
    id: &'static str,
    name: &'static str,
    short: &'static str,
    cost_cents: i64,
    weight_centi: i64,
    damage: &'static str,
) -> Ammo {
    Ammo {
        id,
        name,
        short,
        cost: Money::cents(cost_cents),
        weight: Weight::centi(weight_centi),
        damage,
        inert_on_water: false,
    }
}

const fn std_ammo(cost_cents: i64, weight_centi: i64, damage: &'static str) -> Ammo {
    ammo("standard", "Standard", "standard", cost_cents, weight_centi, damage)
}

const MG_AMMO: &[Ammo] = &[
    std_ammo(2500, 250, "1d"),
    ammo("hd", "High-density", "HD", 5000, 500, "1d+1"),
    ammo("ap", "Anti-personnel", "AP", 12500, 250, "1d"),
    ammo("incendiary", "Incendiary", "incendiary", 3750, 250, "1d"),
    ammo("explosive", "Explosive", "explosive", 5000, 500, "1d"),
];
const VMG_AMMO: &[Ammo] = &[std_ammo(3500, 500, "2d"), ammo("hd", "High-density", "HD", 7000, 1000, "2d+2")];
const AC_AMMO: &[Ammo] = &[std_ammo(7500, 1000, "3d"), ammo("hd", "High-density", "HD", 15000, 2000, "3d")];
const RR_AMMO: &[Ammo] = &[
    std_ammo(3500, 500, "2d"),
    ammo("heat", "HEAT", "HEAT", 5250, 500, "2d"),
    ammo("hesh", "HESH", "HESH", 5250, 500, "2d"),
];
const MML_AMMO: &[Ammo] = &[std_ammo(2000, 250, "1d"), ammo("ap", "Armor-piercing", "AP", 3000, 375, "1d+1")];
const RL_AMMO: &[Ammo] = &[std_ammo(3500, 500, "2d"), ammo("ap", "Armor-piercing", "AP", 5250, 750, "2d")];
const MINE_AMMO: &[Ammo] = &[
    Ammo { inert_on_water: true, ..std_ammo(5000, 500, "1d/2d") },
    ammo("amphibious", "Amphibious mines", "amphibious", 10000, 500, "1d/2d"),
];

const fn std_only(cost_cents: i64, weight_centi: i64, damage: &'static str) -> [Ammo; 1] {
    [std_ammo(cost_cents, weight_centi, damage)]
}
const HMG_AMMO: &[Ammo] = &std_only(5000, 500, "2d-2");
const LMG_AMMO: &[Ammo] = &std_only(2000, 250, "1d-1");
const ATG_AMMO: &[Ammo] = &std_only(5000, 1000, "3d");
const TG_AMMO: &[Ammo] = &std_only(10000, 2000, "8d");
const BC_AMMO: &[Ammo] = &std_only(10000, 1000, "4d");
const SPIKE_GUN_AMMO: &[Ammo] = &std_only(4000, 1000, "1d");
const GRENADE_AMMO: &[Ammo] = &[ammo("standard", "Explosive grenades", "explosive", 2500, 400, "by grenade")];
const MFR_AMMO: &[Ammo] = &std_only(7500, 2500, "1d each");
const FLAMER_AMMO: &[Ammo] = &std_only(2500, 500, "1d");
const SMOKE_AMMO: &[Ammo] = &std_only(1000, 500, "none");
const PAINT_AMMO: &[Ammo] = &std_only(1000, 200, "none");
const OIL_AMMO: &[Ammo] = &[Ammo { inert_on_water: true, ..std_ammo(1000, 200, "none") }];
const FLAMING_OIL_AMMO: &[Ammo] = &std_only(3500, 200, "1d-2");
const SPIKE_AMMO: &[Ammo] = &[Ammo { inert_on_water: true, ..std_ammo(2000, 500, "1d") }];
const DEPTH_CHARGE_AMMO: &[Ammo] = &std_only(50000, 10000, "2d");

const MINI_ROCKET: &[Ammo] =
    &[std_ammo(5000, 2000, "1d-1"), ammo("ap", "Armor-piercing", "AP", 7500, 3000, "1d-1")];
const LIGHT_ROCKET: &[Ammo] =
    &[std_ammo(7500, 2500, "1d"), ammo("ap", "Armor-piercing", "AP", 11250, 3750, "1d")];
const MEDIUM_ROCKET: &[Ammo] =
    &[std_ammo(14000, 5000, "2d"), ammo("ap", "Armor-piercing", "AP", 21000, 7500, "2d")];
const HEAVY_ROCKET: &[Ammo] = &[
    std_ammo(20000, 10000, "3d"),
    ammo("ap", "Armor-piercing", "AP", 30000, 15000, "3d+3"),
    ammo("incendiary", "Incendiary", "incendiary", 40000, 15000, "3d+3, sets fires"),
];
const WGM_ROUND: &[Ammo] = &std_only(200000, 10000, "3d");
const TORPEDO_ROUND: &[Ammo] = &std_only(30000, 10000, "3d");
const HOMING_TORPEDO_ROUND: &[Ammo] = &std_only(75000, 12000, "3d");

/// The defaults every weapon row starts from.
const W: Weapon = Weapon {
    id: "",
    name: "",
    short: "",
    plural: "",
    aliases: &[],
    family: Family::SmallBore,
    cost: Money::ZERO,
    weight: Weight::ZERO,
    spaces: sp(1),
    load: Load::None,
    ammo_word: "ammo",
    to_hit: Some(7),
    damage: "",
    dp: 0,
    restricted: None,
    note: "",
};

const fn third() -> Spaces {
    Spaces::sixths(2)
}
const fn half() -> Spaces {
    Spaces::sixths(3)
}

pub static WEAPONS: &[Weapon] = &[
    Weapon {
        id: "mg",
        name: "Machine gun",
        short: "MG",
        plural: "MGs",
        aliases: &["machine gun"],
        cost: usd(1000),
        weight: lb(150),
        load: Load::Magazine { shots: 20, ammo: MG_AMMO },
        damage: "1d",
        dp: 3,
        ..W
    },
    Weapon {
        id: "vmg",
        name: "Vulcan machine gun",
        short: "VMG",
        plural: "VMGs",
        aliases: &["vgm", "vulcan", "vulcan mg", "vulcan machine gun"],
        cost: usd(2000),
        weight: lb(350),
        spaces: sp(2),
        load: Load::Magazine { shots: 20, ammo: VMG_AMMO },
        to_hit: Some(6),
        damage: "2d",
        dp: 3,
        ..W
    },
    Weapon {
        id: "hmg",
        name: "Heavy machine gun",
        short: "HMG",
        plural: "HMGs",
        aliases: &["heavy mg", "heavy machine gun"],
        cost: usd(1500),
        weight: lb(250),
        load: Load::Magazine { shots: 20, ammo: HMG_AMMO },
        damage: "2d-2",
        dp: 4,
        ..W
    },
    Weapon {
        id: "lmg",
        name: "Light machine gun",
        short: "LMG",
        plural: "LMGs",
        aliases: &["light mg", "light machine gun"],
        cost: usd(850),
        weight: lb(100),
        load: Load::Magazine { shots: 20, ammo: LMG_AMMO },
        damage: "1d-1",
        dp: 2,
        ..W
    },
    Weapon {
        id: "ac",
        name: "Autocannon",
        short: "AC",
        plural: "ACs",
        aliases: &["autocannon"],
        cost: usd(6500),
        weight: lb(500),
        spaces: sp(3),
        load: Load::Magazine { shots: 10, ammo: AC_AMMO },
        to_hit: Some(6),
        damage: "3d",
        dp: 4,
        ..W
    },
    Weapon {
        id: "rr",
        name: "Recoilless rifle",
        short: "RR",
        plural: "RRs",
        aliases: &["recoilless rifle", "recoilless"],
        cost: usd(1500),
        weight: lb(300),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: RR_AMMO },
        damage: "2d",
        dp: 4,
        ..W
    },
    Weapon {
        id: "atg",
        name: "Anti-tank gun",
        short: "ATG",
        plural: "ATGs",
        aliases: &["anti-tank gun", "antitank gun"],
        family: Family::LargeBore,
        cost: usd(2000),
        weight: lb(600),
        spaces: sp(3),
        load: Load::Magazine { shots: 10, ammo: ATG_AMMO },
        to_hit: Some(8),
        damage: "3d",
        dp: 5,
        restricted: Some(BigGun::AntiTankGun),
        note: "Not on a Rowboat; on a Dinghy only front or back.",
        ..W
    },
    Weapon {
        id: "tg",
        name: "Tank gun",
        short: "TG",
        plural: "TGs",
        aliases: &["tank gun", "75mm tank gun"],
        family: Family::LargeBore,
        cost: usd(10000),
        weight: lb(1200),
        spaces: sp(10),
        load: Load::Magazine { shots: 10, ammo: TG_AMMO },
        damage: "8d",
        dp: 10,
        restricted: Some(BigGun::TankGun),
        note: "Not on a Rowboat or Dinghy; front or back only on a Speeder or Cruiser; at 10 spaces only a Yacht has room under the one-third rule.",
        ..W
    },
    Weapon {
        id: "bc",
        name: "Blast cannon",
        short: "BC",
        plural: "BCs",
        aliases: &["blast cannon"],
        family: Family::LargeBore,
        cost: usd(4500),
        weight: lb(500),
        spaces: sp(4),
        load: Load::Magazine { shots: 10, ammo: BC_AMMO },
        damage: "4d",
        dp: 5,
        ..W
    },
    Weapon {
        id: "spike-gun",
        name: "Spike gun",
        short: "Spike gun",
        plural: "Spike guns",
        aliases: &["sg"],
        family: Family::LargeBore,
        cost: usd(750),
        weight: lb(150),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: SPIKE_GUN_AMMO },
        damage: "1d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "grenade-launcher",
        name: "Grenade launcher",
        short: "GL",
        plural: "GLs",
        aliases: &["grenade launcher"],
        family: Family::LargeBore,
        cost: usd(1000),
        weight: lb(200),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: GRENADE_AMMO },
        ammo_word: "grenades",
        damage: "by grenade",
        dp: 2,
        ..W
    },
    Weapon {
        id: "tl",
        name: "Targeting laser",
        short: "TL",
        plural: "TLs",
        aliases: &["targeting laser"],
        family: Family::Laser,
        cost: usd(1000),
        weight: lb(50),
        spaces: sp(0),
        to_hit: Some(6),
        damage: "none",
        dp: 1,
        note: "Does no damage; lets laser-guided weapons home on what it lights.",
        ..W
    },
    Weapon {
        id: "light-laser",
        name: "Light laser",
        short: "Light laser",
        plural: "Light lasers",
        aliases: &["ll", "ltl"],
        family: Family::Laser,
        cost: usd(3000),
        weight: lb(200),
        to_hit: Some(6),
        damage: "1d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "medium-laser",
        name: "Medium laser",
        short: "Medium laser",
        plural: "Medium lasers",
        aliases: &["ml", "mdl"],
        family: Family::Laser,
        cost: usd(5500),
        weight: lb(350),
        spaces: sp(2),
        to_hit: Some(6),
        damage: "2d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "laser",
        name: "Laser",
        short: "Laser",
        plural: "Lasers",
        aliases: &["l"],
        family: Family::Laser,
        cost: usd(8000),
        weight: lb(500),
        spaces: sp(2),
        to_hit: Some(6),
        damage: "3d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "heavy-laser",
        name: "Heavy laser",
        short: "Heavy laser",
        plural: "Heavy lasers",
        aliases: &["hl", "hvl"],
        family: Family::Laser,
        cost: usd(12000),
        weight: lb(1000),
        spaces: sp(3),
        to_hit: Some(6),
        damage: "4d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "mini-rocket",
        name: "Mini rocket",
        short: "Mini rocket",
        plural: "Mini rockets",
        aliases: &["mnr", "minirocket"],
        family: Family::Rocket,
        cost: usd(50),
        weight: lb(20),
        spaces: third(),
        load: Load::Single { variants: MINI_ROCKET },
        ammo_word: "warhead",
        to_hit: Some(9),
        damage: "1d-1",
        dp: 1,
        ..W
    },
    Weapon {
        id: "light-rocket",
        name: "Light rocket",
        short: "Light rocket",
        plural: "Light rockets",
        aliases: &["lr", "ltr", "lrocket"],
        family: Family::Rocket,
        cost: usd(75),
        weight: lb(25),
        spaces: half(),
        load: Load::Single { variants: LIGHT_ROCKET },
        ammo_word: "warhead",
        to_hit: Some(9),
        damage: "1d",
        dp: 1,
        ..W
    },
    Weapon {
        id: "medium-rocket",
        name: "Medium rocket",
        short: "Medium rocket",
        plural: "Medium rockets",
        aliases: &["mr", "mdr"],
        family: Family::Rocket,
        cost: usd(140),
        weight: lb(50),
        load: Load::Single { variants: MEDIUM_ROCKET },
        ammo_word: "warhead",
        to_hit: Some(9),
        damage: "2d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "heavy-rocket",
        name: "Heavy rocket",
        short: "HR",
        plural: "HRs",
        aliases: &["heavy rocket"],
        family: Family::Rocket,
        cost: usd(200),
        weight: lb(100),
        load: Load::Single { variants: HEAVY_ROCKET },
        ammo_word: "warhead",
        to_hit: Some(9),
        damage: "3d",
        dp: 2,
        note: "Armor-piercing (APHR) and incendiary warheads are ammunition choices.",
        ..W
    },
    Weapon {
        id: "mml",
        name: "Micromissile launcher",
        short: "MML",
        plural: "MMLs",
        aliases: &["micromissile launcher"],
        family: Family::Rocket,
        cost: usd(750),
        weight: lb(100),
        load: Load::Magazine { shots: 10, ammo: MML_AMMO },
        ammo_word: "rockets",
        to_hit: Some(8),
        damage: "1d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "rl",
        name: "Rocket launcher",
        short: "RL",
        plural: "RLs",
        aliases: &["rocket launcher"],
        family: Family::Rocket,
        cost: usd(1000),
        weight: lb(200),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: RL_AMMO },
        ammo_word: "rockets",
        to_hit: Some(8),
        damage: "2d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "mfr",
        name: "Multi-fire rocket pod",
        short: "MFR",
        plural: "MFRs",
        aliases: &["multi-fire rocket pod", "mfrp"],
        family: Family::Rocket,
        cost: usd(450),
        weight: lb(150),
        spaces: sp(2),
        load: Load::Magazine { shots: 6, ammo: MFR_AMMO },
        ammo_word: "rockets",
        to_hit: Some(9),
        damage: "1d each",
        dp: 3,
        ..W
    },
    Weapon {
        id: "wgm",
        name: "Wire-guided missile",
        short: "WGM",
        plural: "WGMs",
        aliases: &["wire-guided missile"],
        family: Family::Rocket,
        cost: usd(2000),
        weight: lb(100),
        load: Load::Single { variants: WGM_ROUND },
        to_hit: Some(6),
        damage: "3d",
        dp: 2,
        note: "Against surface targets it flies straight after 6\" (the wire touches the water); normal against aircraft.",
        ..W
    },
    Weapon {
        id: "flamethrower",
        name: "Flamethrower",
        short: "FT",
        plural: "FTs",
        aliases: &["flamethrower"],
        family: Family::Flamer,
        cost: usd(500),
        weight: lb(450),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: FLAMER_AMMO },
        to_hit: Some(6),
        damage: "1d",
        dp: 2,
        ..W
    },
    Weapon {
        id: "smokescreen",
        name: "Smokescreen",
        short: "Smokescreen",
        plural: "Smokescreens",
        aliases: &["ss"],
        family: Family::Dropped,
        cost: usd(250),
        weight: lb(25),
        load: Load::Magazine { shots: 10, ammo: SMOKE_AMMO },
        to_hit: None,
        damage: "none",
        dp: 4,
        note: "Works above the surface only.",
        ..W
    },
    Weapon {
        id: "paint-spray",
        name: "Paint spray",
        short: "Paint spray",
        plural: "Paint sprays",
        aliases: &["ps"],
        family: Family::Dropped,
        cost: usd(400),
        weight: lb(25),
        load: Load::Magazine { shots: 25, ammo: PAINT_AMMO },
        to_hit: None,
        damage: "none",
        dp: 2,
        note: "Underwater the cloud lasts only 10 seconds.",
        ..W
    },
    Weapon {
        id: "oil-jet",
        name: "Oil jet",
        short: "Oil jet",
        plural: "Oil jets",
        aliases: &["oj"],
        family: Family::Dropped,
        cost: usd(250),
        weight: lb(25),
        spaces: sp(2),
        load: Load::Magazine { shots: 25, ammo: OIL_AMMO },
        to_hit: None,
        damage: "none",
        dp: 3,
        note: "Oil does nothing on water.",
        ..W
    },
    Weapon {
        id: "flaming-oil-jet",
        name: "Flaming oil jet",
        short: "Flaming oil jet",
        plural: "Flaming oil jets",
        aliases: &["foj", "flaming oil"],
        family: Family::Dropped,
        cost: usd(300),
        weight: lb(30),
        spaces: sp(2),
        load: Load::Magazine { shots: 25, ammo: FLAMING_OIL_AMMO },
        to_hit: None,
        damage: "1d-2",
        dp: 3,
        note: "No handling hazard on water, but burns the Bottom armor and swimmers.",
        ..W
    },
    Weapon {
        id: "spikedropper",
        name: "Spikedropper",
        short: "Spikedropper",
        plural: "Spikedroppers",
        aliases: &["sd", "spike dropper"],
        family: Family::Dropped,
        cost: usd(100),
        weight: lb(25),
        load: Load::Magazine { shots: 10, ammo: SPIKE_AMMO },
        to_hit: None,
        damage: "1d",
        dp: 4,
        note: "Spikes sink at once.",
        ..W
    },
    Weapon {
        id: "minedropper",
        name: "Minedropper",
        short: "Minedropper",
        plural: "Minedroppers",
        aliases: &["md", "mine dropper"],
        family: Family::Dropped,
        cost: usd(500),
        weight: lb(150),
        spaces: sp(2),
        load: Load::Magazine { shots: 10, ammo: MINE_AMMO },
        ammo_word: "mines",
        to_hit: None,
        damage: "1d/2d",
        dp: 2,
        note: "Ordinary mines sink harmlessly; amphibious mines (double price) float.",
        ..W
    },
    Weapon {
        id: "torpedo",
        name: "Torpedo",
        short: "torpedo",
        plural: "torpedoes",
        aliases: &["torp"],
        family: Family::Boat,
        cost: usd(300),
        weight: lb(100),
        load: Load::Single { variants: TORPEDO_ROUND },
        to_hit: None,
        damage: "3d",
        dp: 3,
        note: "Runs at 50 mph a quarter inch down and strikes the Bottom armor; a boat firing forward faster than 50 mph rams its own torpedo.",
        ..W
    },
    Weapon {
        id: "homing-torpedo",
        name: "Homing torpedo",
        short: "homing torpedo",
        plural: "homing torpedoes",
        aliases: &[],
        family: Family::Boat,
        cost: usd(750),
        weight: lb(120),
        load: Load::Single { variants: HOMING_TORPEDO_ROUND },
        to_hit: None,
        damage: "3d",
        dp: 3,
        note: "Locks on to the nearest boat within 24\" of its front arc; can be recovered and refitted for a quarter of its price.",
        ..W
    },
    Weapon {
        id: "depth-charge",
        name: "Depth charge",
        short: "depth charge",
        plural: "depth charges",
        aliases: &["dc"],
        family: Family::Dropped,
        cost: usd(250),
        weight: lb(75),
        spaces: sp(2),
        load: Load::Magazine { shots: 3, ammo: DEPTH_CHARGE_AMMO },
        ammo_word: "charges",
        to_hit: None,
        damage: "2d",
        dp: 2,
        note: "Dropped off the back or a side; set to a depth before loading.",
        ..W
    },
];

/// Weapon options.
pub const LINK: Money = usd(50);
/// A second (third, ...) magazine: $50 and 15 lb plus its load, 1 space (the depth charge's
/// printed $1,550 / 315 lb loaded magazine confirms it).
pub const EXTRA_MAGAZINE_COST: Money = usd(50);
pub const EXTRA_MAGAZINE_WEIGHT: Weight = lb(15);
pub const EXTRA_MAGAZINE_SPACES: i64 = 1;
pub const MAGAZINE_SWITCH: Money = usd(250);
/// A rocket magazine holds extra single-shot rockets: $50 and 15 lb per space it holds, and it
/// takes that many spaces.
pub const ROCKET_MAGAZINE_COST_PER_SPACE: Money = usd(50);
pub const ROCKET_MAGAZINE_WEIGHT_PER_SPACE: Weight = lb(15);

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
}

const fn item(
    id: &'static str,
    name: &'static str,
    plural: &'static str,
    cost: i64,
    weight: i64,
    spaces: i64,
) -> Item {
    Item {
        id,
        name,
        plural,
        cost: usd(cost),
        weight: lb(weight),
        spaces,
        cargo_ok: false,
        dp: None,
        aliases: &[],
        note: "",
    }
}

pub static ACCESSORIES: &[Item] = &[
    Item {
        note: "+1 to hit with every weapon.",
        ..item("targeting-computer", "Targeting computer", "Targeting computers", 1000, 0, 0)
    },
    Item {
        note: "+2 to hit with every weapon.",
        ..item("hi-res-computer", "Hi-res targeting computer", "Hi-res targeting computers", 4000, 0, 0)
    },
    Item {
        note: "+1 to hit with one weapon.",
        aliases: &["swc"],
        ..item("single-weapon-computer", "Single-weapon computer", "Single-weapon computers", 500, 0, 0)
    },
    Item {
        note: "+2 to hit with one weapon.",
        aliases: &["hr-swc", "hi-res single-weapon computer"],
        ..item(
            "hi-res-single-weapon-computer",
            "Hi-res single-weapon computer",
            "Hi-res single-weapon computers",
            2500,
            0,
            0,
        )
    },
    Item { note: "+3 to hit.", ..item("cyberlink", "Cyberlink", "Cyberlinks", 16000, 100, 1) },
    Item {
        aliases: &["fe"],
        ..item("fire-extinguisher", "Fire extinguisher", "Fire extinguishers", 300, 150, 1)
    },
    Item {
        aliases: &["ife"],
        ..item(
            "improved-fire-extinguisher",
            "Improved fire extinguisher",
            "Improved fire extinguishers",
            500,
            200,
            1,
        )
    },
    item("radar", "Radar", "Radars", 2500, 0, 0),
    Item {
        aliases: &["lr radar"],
        ..item("long-range-radar", "Long-range radar", "Long-range radars", 10000, 100, 1)
    },
    item("radar-detector", "Radar detector", "Radar detectors", 300, 0, 0),
    item("radar-jammer", "Radar jammer", "Radar jammers", 3000, 0, 0),
    Item {
        aliases: &["infrared", "ir sighting system"],
        ..item(
            "infrared-sighting-system",
            "Infrared sighting system",
            "Infrared sighting systems",
            4000,
            100,
            1,
        )
    },
    Item {
        dp: Some(1),
        ..item("portable-earth-station", "Portable earth station", "Portable earth stations", 700, 150, 2)
    },
    Item { dp: Some(1), ..item("solar-panel", "Solar panel", "Solar panels", 1000, 100, 2) },
    Item {
        aliases: &["ld radio", "long distance radio"],
        note: "A marine radio already does this job.",
        ..item("long-distance-radio", "Long-distance radio", "Long-distance radios", 600, 0, 0)
    },
    Item { dp: Some(1), ..item("searchlight", "Searchlight", "Searchlights", 200, 50, 1) },
    Item {
        dp: Some(5),
        ..item("armored-searchlight", "Armored searchlight", "Armored searchlights", 500, 75, 1)
    },
    Item {
        dp: Some(1),
        note: "Only needed with gas engines.",
        ..item("laser-battery", "Laser battery", "Laser batteries", 500, 100, 1)
    },
    Item {
        cargo_ok: true,
        aliases: &[
            "sleeping accommodations",
            "sleeping accommodation",
            "passenger accommodation",
            "accommodations",
        ],
        note: "Bunks that fold into daytime seating, one per person; may go in cargo space. Published designs call them sleeping accommodations.",
        ..item(
            "passenger-accommodations",
            "Passenger accommodations",
            "Passenger accommodations",
            500,
            100,
            2,
        )
    },
    Item {
        note: "A small kitchen; holds a week's food for four. The boat rules give it 1 space.",
        ..item("galley", "Galley", "Galleys", 750, 150, 1)
    },
    Item {
        note: "A luxury kitchen from a published design.",
        ..item("deluxe-galley", "Deluxe galley", "Deluxe galleys", 5000, 1000, 4)
    },
    Item {
        cargo_ok: true,
        note: "A luxury cabin from a published design; may go in cargo space.",
        ..item("deluxe-stateroom", "Deluxe stateroom", "Deluxe staterooms", 5000, 500, 10)
    },
    Item {
        note: "Reaches hundreds of miles on marine bands and works as a long-distance radio on land bands.",
        ..item("marine-radio", "Marine radio", "Marine radios", 1000, 0, 0)
    },
    Item {
        note: "Radar for the water: finds boats, swimmers, torpedoes and the depth of the bottom; range 1000\".",
        ..item("sonar", "Sonar", "Sonars", 4000, 100, 1)
    },
    Item {
        note: "Pumps out a space of water on 1-4, once a turn; burns out after 5 idle turns.",
        ..item("bilge-pump", "Bilge pump", "Bilge pumps", 500, 200, 1)
    },
    Item {
        note: "A four-person inflatable with a radio beacon; inflates in 3 turns.",
        ..item("life-raft", "Life raft", "Life rafts", 500, 25, 0)
    },
];

/// A turret: the body spaces it takes, and how big a weapon load it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Turret {
    pub size: u8,
    pub popup: bool,
    pub cost: Money,
    pub weight: Weight,
    pub spaces: i64,
}

const fn turret(size: u8, popup: bool, cost: i64, weight: i64, spaces: i64) -> Turret {
    Turret { size, popup, cost: usd(cost), weight: lb(weight), spaces }
}

pub static TURRETS: [Turret; 10] = [
    turret(0, false, 750, 75, 1),
    turret(1, false, 1000, 150, 1),
    turret(2, false, 1500, 200, 2),
    turret(3, false, 2500, 300, 2),
    turret(4, false, 3500, 400, 2),
    turret(0, true, 1750, 150, 1),
    turret(1, true, 2000, 300, 3),
    turret(2, true, 2500, 350, 4),
    turret(3, true, 3500, 450, 5),
    turret(4, true, 4500, 600, 6),
];
/// A universal turret also fires straight up.
pub const UNIVERSAL_TURRET: Money = usd(1000);

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
}

pub static ARMOR_TYPES: [ArmorType; 8] = [
    ArmorType {
        id: "plastic",
        name: "Plastic",
        prefix: "",
        cost_pct: 100,
        weight_pct: 100,
        aliases: &["plastic"],
    },
    ArmorType {
        id: "fireproof",
        name: "Fireproof",
        prefix: "Fireproof",
        cost_pct: 200,
        weight_pct: 100,
        aliases: &["fp"],
    },
    ArmorType {
        id: "laser-reflective",
        name: "Laser-reflective",
        prefix: "LR",
        cost_pct: 110,
        weight_pct: 110,
        aliases: &["lr", "laser reflective"],
    },
    ArmorType {
        id: "lr-fireproof",
        name: "Laser-reflective fireproof",
        prefix: "LR/Fireproof",
        cost_pct: 250,
        weight_pct: 110,
        aliases: &["lrfp", "lr fireproof", "laser-reflective/fireproof", "laser reflective/fireproof"],
    },
    ArmorType {
        id: "radarproof",
        name: "Radarproof",
        prefix: "Radarproof",
        cost_pct: 200,
        weight_pct: 100,
        aliases: &["rp"],
    },
    ArmorType {
        id: "rp-fireproof",
        name: "Radarproof fireproof",
        prefix: "RP/Fireproof",
        cost_pct: 400,
        weight_pct: 100,
        aliases: &["rpfp", "radarproof/fireproof"],
    },
    ArmorType { id: "metal", name: "Metal", prefix: "Metal", cost_pct: 250, weight_pct: 500, aliases: &[] },
    ArmorType {
        id: "lr-metal",
        name: "Laser-reflective metal",
        prefix: "LR Metal",
        cost_pct: 275,
        weight_pct: 500,
        aliases: &["lr/metal"],
    },
];

/// A decision we made where the rules are silent or ambiguous, shown to the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub topic: &'static str,
    pub text: &'static str,
}

pub static DECISIONS: &[Decision] = &[
    Decision {
        topic: "Loaded weapons",
        text: "Weapons are always bought loaded: the empty price and weight plus a full load of standard (or the chosen) ammunition. Extra magazines carry the same ammunition as the weapon.",
    },
    Decision {
        topic: "Armor-piercing rockets",
        text: "Armor-piercing rockets and micromissiles cost and weigh one and a half times the standard round. The later Compendium keeps the weight unchanged, but the published Minnow only balances with the heavier figure.",
    },
    Decision {
        topic: "Crew and passengers",
        text: "Pilots and gunners weigh 150 lb and take 2 spaces; passengers weigh 150 lb and take 1 space, and may ride in cargo space. Every boat needs a pilot.",
    },
    Decision {
        topic: "Cargo space",
        text: "Cargo spaces hold only cargo, passengers, passenger accommodations and deluxe staterooms. You choose what goes there; nothing is moved automatically.",
    },
    Decision {
        topic: "Deck",
        text: "A Deck splits all the boat's spaces, cargo spaces included, into below and above. Neither part may be under a third of the total. The power plant, jet drive and hydrofoils sit below deck; turrets and oars above.",
    },
    Decision {
        topic: "Performance edge",
        text: "The performance table is read as printed: a ratio of exactly 0.333 is in the 5 mph/turn band, 0.332 is not.",
    },
    Decision {
        topic: "Jet drive that will not run",
        text: "If the plant's power factors are under half the boat's weight, the jet drive gives nothing: with no propeller the boat has no powered movement at all, and the figures say 0.",
    },
    Decision {
        topic: "Hydrofoils",
        text: "Hydrofoils only lift a boat that can reach 35 mph; the +20 mph and +1 HC apply only while foiling, so both figures are shown.",
    },
    Decision {
        topic: "Oars",
        text: "Each pair of oars is worked by one rower, up to the number of people aboard: 2.5 mph per rower, at most 15 mph, always 2.5 mph/turn acceleration.",
    },
    Decision {
        topic: "Range",
        text: "A charge is 200 power units: 10 per 10 miles at 20 mph or less, 2 more for each 10 mph (or part) above 20.",
    },
    Decision {
        topic: "Turrets",
        text: "Every turret, pop-up ones too, sits in a Boat Top or Half Top. Its weapons use no body spaces but must fit the turret. A Yacht with a full Boat Top may carry two, front top and back top.",
    },
    Decision {
        topic: "One-third rule",
        text: "No single weapon may take more than a third of the hull's body spaces, rounded down (cargo spaces do not count).",
    },
    Decision {
        topic: "Spoiler",
        text: "A spoiler is priced from the hull's plain plastic armor: 25 points' cost and 10 points' weight.",
    },
    Decision {
        topic: "Links",
        text: "Linking n weapons takes n-1 links at $50 each. Identical weapons are linked within their entry; different weapons (or a turret's with the body's) are linked by giving them the same link group, which the stat line writes as \"(link group 1)\". Weapons of one group facing different ways are a warning: linked weapons fire at one target together.",
    },
    Decision {
        topic: "Rocket magazines",
        text: "A rocket magazine holds extra single-shot rockets of the same kind: $50 and 15 lb per space it holds, and it takes those spaces.",
    },
    Decision {
        topic: "Sleeping accommodations",
        text: "Published designs say \"sleeping accommodations\": they are passenger accommodations. The trucks' sleeping area is not a boat item and is not offered.",
    },
    Decision {
        topic: "Anchor",
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
