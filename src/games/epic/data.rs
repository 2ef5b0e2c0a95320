//! The typed tables of "On the Waterways": vessel profiles, special rules and the five detachment
//! lists.
//!
//! Source for every table in this file: the Epic 40,000 fan supplement "On the Waterways"
//! (`shared/rules/epic40k-waterways.txt`), with the reading decisions of `shared/rules/README.md`.
//! Explanations and notes are our own words, never the supplement's sentences.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

/// A special rule named in a vessel profile. Rules that take a value ("Ram (x)") get it from the
/// vessel's `special` list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpecialRule {
    pub id: &'static str,
    pub name: &'static str,
    /// What the rule does, paraphrased.
    pub explanation: &'static str,
    /// Where the rule is defined: this supplement or the Epic 40,000 core rules.
    pub source: &'static str,
}

/// One vessel profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Vessel {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    pub speed_cm: u32,
    pub range_cm: u32,
    /// As printed, except the Hellslammer's "B", which we read as "Barrage" (see `note`).
    pub firepower: &'static str,
    pub ram: u32,
    /// The armour roll, e.g. "6+".
    pub armour: &'static str,
    /// Special rule ids with their value, e.g. `("ram", Some(3))` for Ram (3).
    pub special: &'static [(&'static str, Option<u32>)],
    /// A reading decision about this profile, if we had to make one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

/// One line of a section: a vessel type, how many vessels one choice of it holds and the price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: &'static str,
    /// The vessel id.
    pub vessel: &'static str,
    /// Fewest vessels in one choice of this entry.
    pub min: u32,
    /// Most vessels in one choice of this entry.
    pub max: u32,
    /// Points per vessel.
    pub points_each: u32,
    /// True where the list prints a price without "each" and we price per vessel anyway.
    pub each_assumed: bool,
}

/// How many choices a section takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many choices.
    Exactly(u32),
    /// From the first to the second number of choices, both included.
    Range(u32, u32),
    /// Any number of choices from none up to this many.
    UpTo(u32),
    /// Any number of choices up to the number of Main Force choices (choices, not vessels).
    NotMoreThanMain,
}

impl Limit {
    /// Fewest choices allowed.
    pub fn min(self) -> u32 {
        match self {
            Limit::Exactly(n) => n,
            Limit::Range(min, _) => min,
            Limit::UpTo(_) | Limit::NotMoreThanMain => 0,
        }
    }

    /// Most choices allowed; `None` when it depends on the Main Force.
    pub fn max(self) -> Option<u32> {
        match self {
            Limit::Exactly(n) | Limit::Range(_, n) | Limit::UpTo(n) => Some(n),
            Limit::NotMoreThanMain => None,
        }
    }

    /// The limit in words: "exactly 1", "1 to 10", "up to 10", "no more than Main Force".
    pub fn text(self) -> String {
        match self {
            Limit::Exactly(n) => format!("exactly {n}"),
            Limit::Range(min, max) => format!("{min} to {max}"),
            Limit::UpTo(n) => format!("up to {n}"),
            Limit::NotMoreThanMain => "no more than Main Force".to_string(),
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Limit::Exactly(_) => "exactly",
            Limit::Range(..) => "range",
            Limit::UpTo(_) => "up_to",
            Limit::NotMoreThanMain => "not_more_than_main",
        }
    }
}

/// Serialized as `{"kind": "range", "min": 1, "max": 10, "text": "1 to 10"}` so a client needs no
/// knowledge of the enum to show or check it (`max` is null for `not_more_than_main`).
impl Serialize for Limit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Limit", 4)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("min", &self.min())?;
        s.serialize_field("max", &self.max())?;
        s.serialize_field("text", &self.text())?;
        s.end()
    }
}

/// A section of a detachment list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// "command", "main", "support" or "synapse".
    pub id: &'static str,
    pub name: &'static str,
    pub limit: Limit,
    /// Empty for Command: the Detachment HQ is an upgrade carried by a vessel of another section.
    pub entries: &'static [Entry],
}

/// One link of a list's chain of command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "step", content = "vessel", rename_all = "snake_case")]
pub enum ChainStep {
    /// The vessel carrying the Detachment HQ upgrade.
    Hq,
    /// Every vessel of this vessel id.
    Vessel(&'static str),
    /// Every vessel not covered by an earlier step.
    Other,
}

impl ChainStep {
    /// How the chain names the step: "HQ", a vessel's name, or "Other".
    pub fn name(&self) -> &'static str {
        match self {
            ChainStep::Hq => "HQ",
            ChainStep::Vessel(id) => vessel(id).map_or(id, |v| v.name),
            ChainStep::Other => "Other",
        }
    }
}

/// A detachment list: what a player may choose and who commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DetachmentList {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    /// Price of the Detachment HQ upgrade; `None` where the list has no HQ (Tyranids).
    pub hq_points: Option<u32>,
    pub sections: &'static [Section],
    pub chain: &'static [ChainStep],
    /// Misspelt links of the printed chain: (vessel id we read, spelling as printed).
    pub chain_typos: &'static [(&'static str, &'static str)],
    /// Reading decisions and list rules, in our words, to show the player.
    pub notes: &'static [&'static str],
}

const CORE: &str = "Epic 40,000 core rules";
const SUPPLEMENT: &str = "On the Waterways";

static SPECIAL_RULES: [SpecialRule; 10] = [
    SpecialRule {
        id: "ram",
        name: "Ram (x)",
        explanation: "Adds x to the vessel's Ram value whenever it rams, and any hit it scores while ramming sends the enemy vessel to the bottom at once.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "submarine",
        name: "Submarine",
        explanation: "Runs submerged: the enemy may only shoot at or ram it in a turn in which it has attacked. It rams as though it had Ram (4), but a single hit sinks it.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "amphibious",
        name: "Amphibious",
        explanation: "Can come ashore and drive at half speed, treating every kind of ground as Dangerous terrain. On land it is a vehicle, may not crowd on sail, and its Assault value is half of its Ram.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "carrier",
        name: "Carrier",
        explanation: "Holds up to three aircraft or vehicles, or up to six stands of infantry. Aircraft based aboard refit in one turn instead of two and may move to or from an airfield whenever they like. If the carrier goes down, D3 of its aircraft escape; vehicles aboard are lost.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "depth-charges",
        name: "Depth Charges",
        explanation: "Gets a free snap shot at a submarine as soon as it moves inside this vessel's weapon range: a single dice, needing the submarine's armour score to hit.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "hang-on",
        name: "Hang On (x)",
        explanation: "Orks only. On top of the units it carries, x more units may cling to the outside. Each time the ship suffers a hit they are thrown off: those further than 10cm from the shore drown, the rest are put on the closest bank and move as usual next turn.",
        source: SUPPLEMENT,
    },
    SpecialRule {
        id: "transport",
        name: "Transport (x)",
        explanation: "Carries up to x units aboard and can land them (see the Drop-off move). Defined in the Epic 40,000 core rules, not in this supplement.",
        source: CORE,
    },
    SpecialRule {
        id: "stubborn",
        name: "Stubborn",
        explanation: "The crew are hard to shake and hold on where others would give way under fire. Defined in the Epic 40,000 core rules, not in this supplement.",
        source: CORE,
    },
    SpecialRule {
        id: "flak",
        name: "Flak",
        explanation: "Carries anti-aircraft guns and can fire at enemy aircraft. Defined in the Epic 40,000 core rules, not in this supplement.",
        source: CORE,
    },
    SpecialRule {
        id: "synapse-creature",
        name: "Synapse Creature",
        explanation: "A link to the Tyranid Hive Mind that keeps nearby Tyranid broods under control. Defined in the Epic 40,000 core rules, not in this supplement.",
        source: CORE,
    },
];

#[expect(clippy::too_many_arguments, reason = "one argument per column of the profile table")]
const fn v(
    id: &'static str,
    race: &'static str,
    name: &'static str,
    speed_cm: u32,
    range_cm: u32,
    firepower: &'static str,
    ram: u32,
    armour: &'static str,
    special: &'static [(&'static str, Option<u32>)],
) -> Vessel {
    Vessel { id, race, name, speed_cm, range_cm, firepower, ram, armour, special, note: None }
}

const HELLSLAMMER_NOTE: &str = "The Hellslammer's firepower is printed as \"B\"; we read it as Barrage.";

static VESSELS: [Vessel; 20] = [
    v(
        "sea-raider",
        "Imperial",
        "Sea Raider",
        30,
        45,
        "3",
        3,
        "6+",
        &[("stubborn", None), ("depth-charges", None)],
    ),
    v(
        "nautilus",
        "Imperial",
        "Nautilus",
        40,
        15,
        "Anti-Tank",
        4,
        "6+",
        &[("stubborn", None), ("submarine", None)],
    ),
    v(
        "salamander-carrier",
        "Imperial",
        "Salamander Carrier",
        20,
        45,
        "4",
        1,
        "6+",
        &[("stubborn", None), ("flak", None), ("carrier", None)],
    ),
    v(
        "alligator-apc",
        "Imperial",
        "Alligator APC",
        40,
        15,
        "2",
        1,
        "5+",
        &[("stubborn", None), ("transport", Some(3))],
    ),
    v("aqua-gunboat", "Eldar", "Aqua Gunboat", 30, 45, "Anti-Tank", 1, "5+", &[]),
    v("sahuagin-transport", "Eldar", "Sahuagin Transport", 45, 30, "3", 2, "5+", &[("transport", Some(3))]),
    v(
        "hovercraft",
        "Eldar",
        "Hovercraft",
        45,
        30,
        "4",
        2,
        "5+",
        &[("amphibious", None), ("transport", Some(2))],
    ),
    v("neryd-carrier", "Eldar", "Neryd Carrier", 30, 45, "2 x Barrage", 2, "6+", &[("carrier", None)]),
    v("destroyer", "Orks", "Destroyer", 25, 45, "Anti-Tank", 2, "5+", &[("hang-on", Some(1))]),
    v(
        "powerbarj",
        "Orks",
        "Powerbarj",
        30,
        15,
        "Barrage",
        1,
        "5+",
        &[("transport", Some(3)), ("hang-on", Some(1))],
    ),
    v(
        "mangler",
        "Orks",
        "Mangler",
        45,
        15,
        "2",
        4,
        "5+",
        &[("ram", Some(3)), ("transport", Some(2)), ("hang-on", Some(2))],
    ),
    v("battilboat", "Orks", "Battilboat", 20, 45, "2 x Anti-Tank", 3, "6+", &[("hang-on", Some(2))]),
    v("scourge", "Tyranid", "Scourge", 45, 0, "0", 4, "5+", &[("submarine", None)]),
    v("kelpie", "Tyranid", "Kelpie", 40, 0, "0", 4, "5+", &[("ram", Some(3)), ("synapse-creature", None)]),
    v("spitter", "Tyranid", "Spitter", 20, 30, "Anti-Tank", 2, "5+", &[]),
    v("elemental", "Tyranid", "Elemental", 30, 45, "4", 2, "5+", &[("transport", Some(3))]),
    Vessel {
        note: Some(HELLSLAMMER_NOTE),
        ..v("hellslammer", "Chaos", "Hellslammer", 30, 15, "Barrage", 4, "5+", &[("ram", Some(3))])
    },
    v("spawn-runner", "Chaos", "Spawn Runner", 40, 15, "1", 1, "5+", &[("transport", Some(3))]),
    v("rocket-barge", "Chaos", "Rocket Barge", 20, 45, "2 x Barrage", 1, "5+", &[]),
    v("daemonwreck", "Chaos", "Daemonwreck", 20, 45, "Heavy Barrage", 4, "6+", &[("ram", Some(4))]),
];

const fn e(vessel: &'static str, min: u32, max: u32, points_each: u32) -> Entry {
    Entry { id: vessel, vessel, min, max, points_each, each_assumed: false }
}

const fn command() -> Section {
    Section { id: "command", name: "Command", limit: Limit::Exactly(1), entries: &[] }
}

const fn main_force(limit: Limit, entries: &'static [Entry]) -> Section {
    Section { id: "main", name: "Main Force", limit, entries }
}

const fn support(entries: &'static [Entry]) -> Section {
    Section { id: "support", name: "Support", limit: Limit::NotMoreThanMain, entries }
}

const PER_VESSEL: &str =
    "Every entry is priced per vessel: a choice of two vessels costs twice the listed price.";
const HQ_UPGRADE: &str = "The Detachment HQ (+25 pts) is an upgrade for one vessel of your choice, from any section. Exactly one vessel must carry it, and that vessel heads the chain of command.";
const SUPPORT_LIMIT: &str = "Support may have no more choices than Main Force. Choices are counted, not vessels: a choice of two vessels is still one choice.";
const OTHER_ORDER: &str = "Vessels that fall under \"Other\" in the chain of command take over in the order you list them. The supplement leaves this order open; following your list is our decision.";

static LISTS: [DetachmentList; 5] = [
    DetachmentList {
        id: "imperial-marines",
        race: "Imperial",
        name: "Imperial Marine Detachment",
        hq_points: Some(25),
        sections: &[
            command(),
            main_force(
                Limit::Range(1, 10),
                &[
                    e("sea-raider", 1, 1, 25),
                    Entry { each_assumed: true, ..e("alligator-apc", 1, 2, 15) },
                    e("salamander-carrier", 1, 1, 60),
                ],
            ),
            support(&[e("nautilus", 1, 1, 50)]),
        ],
        chain: &[
            ChainStep::Hq,
            ChainStep::Vessel("nautilus"),
            ChainStep::Vessel("salamander-carrier"),
            ChainStep::Vessel("sea-raider"),
            ChainStep::Other,
        ],
        chain_typos: &[],
        notes: &[
            "The Alligator APC entry gives 15 pts without saying \"each\". Like every other entry we price it per vessel, so two Alligators cost 30 pts.",
            PER_VESSEL,
            HQ_UPGRADE,
            SUPPORT_LIMIT,
            "For Strategy values, an Imperial Marine Detachment is treated as an Imperial Navy detachment.",
            OTHER_ORDER,
        ],
    },
    DetachmentList {
        id: "eldar-aquatics",
        race: "Eldar",
        name: "Eldar Aquatics Detachment",
        hq_points: Some(25),
        sections: &[
            command(),
            main_force(
                Limit::Range(1, 5),
                &[e("sahuagin-transport", 1, 2, 25), e("neryd-carrier", 1, 1, 70)],
            ),
            support(&[e("aqua-gunboat", 1, 1, 30), e("hovercraft", 1, 1, 70)]),
        ],
        chain: &[
            ChainStep::Hq,
            ChainStep::Vessel("neryd-carrier"),
            ChainStep::Vessel("sahuagin-transport"),
            ChainStep::Vessel("aqua-gunboat"),
            ChainStep::Other,
        ],
        chain_typos: &[],
        notes: &[PER_VESSEL, HQ_UPGRADE, SUPPORT_LIMIT, OTHER_ORDER],
    },
    DetachmentList {
        id: "ork-wetboyz",
        race: "Orks",
        name: "Ork Wetboyz",
        hq_points: Some(25),
        sections: &[
            command(),
            main_force(Limit::Range(1, 10), &[e("powerbarj", 1, 2, 20), e("mangler", 1, 1, 50)]),
            support(&[e("destroyer", 1, 1, 30), e("battilboat", 1, 1, 40)]),
        ],
        chain: &[
            ChainStep::Hq,
            ChainStep::Vessel("mangler"),
            ChainStep::Vessel("powerbarj"),
            ChainStep::Vessel("destroyer"),
            ChainStep::Other,
        ],
        chain_typos: &[("destroyer", "Destryoer")],
        notes: &[
            PER_VESSEL,
            HQ_UPGRADE,
            SUPPORT_LIMIT,
            "The printed chain of command names a \"Destryoer\"; we take it to mean the Destroyer.",
            OTHER_ORDER,
        ],
    },
    DetachmentList {
        id: "tyranid-waterspawn",
        race: "Tyranid",
        name: "Tyranid Waterspawn",
        hq_points: None,
        sections: &[
            Section {
                id: "synapse",
                name: "Synapse Creatures",
                limit: Limit::Exactly(3),
                entries: &[e("kelpie", 1, 2, 40)],
            },
            main_force(
                Limit::UpTo(10),
                &[e("scourge", 1, 1, 50), e("spitter", 1, 1, 35), e("elemental", 1, 1, 60)],
            ),
        ],
        chain: &[
            ChainStep::Vessel("kelpie"),
            ChainStep::Vessel("scourge"),
            ChainStep::Vessel("spitter"),
            ChainStep::Other,
        ],
        chain_typos: &[],
        notes: &[
            "Synapse Creatures: exactly three choices, each of one or two Kelpies.",
            "Main Force: up to ten choices, and having none at all is allowed.",
            "There is no Support section in this list.",
            "Tyranids have no Detachment HQ upgrade: their chain of command starts with the Kelpies.",
            PER_VESSEL,
            OTHER_ORDER,
        ],
    },
    DetachmentList {
        id: "chaos-aqua",
        race: "Chaos",
        name: "Chaos Aqua Detachment",
        hq_points: Some(25),
        sections: &[
            command(),
            main_force(Limit::Range(1, 10), &[e("hellslammer", 1, 1, 50), e("spawn-runner", 1, 2, 20)]),
            support(&[e("rocket-barge", 1, 1, 35), e("daemonwreck", 1, 1, 50)]),
        ],
        chain: &[
            ChainStep::Hq,
            ChainStep::Vessel("hellslammer"),
            ChainStep::Vessel("spawn-runner"),
            ChainStep::Vessel("rocket-barge"),
            ChainStep::Other,
        ],
        chain_typos: &[],
        notes: &[PER_VESSEL, HQ_UPGRADE, SUPPORT_LIMIT, HELLSLAMMER_NOTE, OTHER_ORDER],
    },
];

/// All twenty vessel profiles, in the supplement's order.
pub fn vessels() -> &'static [Vessel] {
    &VESSELS
}

/// Every special rule named in a profile.
pub fn special_rules() -> &'static [SpecialRule] {
    &SPECIAL_RULES
}

/// The five detachment lists.
pub fn lists() -> &'static [DetachmentList] {
    &LISTS
}

/// The detachment list with this id.
pub fn list(id: &str) -> Option<&'static DetachmentList> {
    LISTS.iter().find(|l| l.id == id)
}

/// The vessel profile with this id.
pub fn vessel(id: &str) -> Option<&'static Vessel> {
    VESSELS.iter().find(|v| v.id == id)
}

/// The special rule with this id.
pub fn special_rule(id: &str) -> Option<&'static SpecialRule> {
    SPECIAL_RULES.iter().find(|r| r.id == id)
}

impl DetachmentList {
    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&'static Section> {
        self.sections.iter().find(|s| s.id == id)
    }
}

impl Section {
    /// Whether vessels are chosen here. Command holds none: it counts the vessel marked as
    /// carrying the Detachment HQ.
    pub fn holds_vessels(&self) -> bool {
        !self.entries.is_empty()
    }

    /// The entry with this id.
    pub fn entry(&self, id: &str) -> Option<&'static Entry> {
        self.entries.iter().find(|e| e.id == id)
    }
}
