//! The rules each vehicle type brings, in our own words, each with the type and the section of
//! the Waffle vehicle text it comes from: the one source for the cards, the catalog and the
//! tests. Typed Rust rather than a data file: the texts are prose, not a table, and which rules a
//! vehicle gets is logic (a walker's reactions replace every vehicle's, a super-heavy walker is a
//! walker with D6 hits) that a file would have to encode anyway.

use serde::Serialize;

use super::types::{TypeSet, VehicleType};

/// One rule on a vehicle's card.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// Stable id, `<type id>/<rule>` ("walker/run"; "vehicle/..." for every vehicle's rules).
    pub id: &'static str,
    /// A short title for the card: "Running".
    pub title: &'static str,
    /// The rule, in our own words.
    pub text: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// Our reading where the text leaves something open and this rule depends on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<&'static str>,
}

/// Where a rule comes from: the type that brings it and the section of the Waffle text.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// The type that brings it; none for a rule every vehicle has.
    #[serde(rename = "type")]
    pub kind: Option<VehicleType>,
    /// The section, as the text heads it: "Walkers › Shooting with Walkers".
    pub section: &'static str,
}

impl Source {
    /// "Walker: Walkers › Shooting with Walkers", "Every vehicle: Vehicles › ...".
    pub fn label(&self) -> String {
        format!("{}: {}", self.kind.map_or("Every vehicle", VehicleType::name), self.section)
    }
}

const fn from(kind: VehicleType, section: &'static str) -> Source {
    Source { kind: Some(kind), section }
}

// Every vehicle.

pub static NO_REACTION_TO_SHOOTING: Rule = Rule {
    id: "vehicle/no-reaction-to-shooting",
    title: "No reaction to shooting",
    text: "A vehicle that is shot at cannot react: vehicles are too unwieldy for it. Only a vehicle \
        whose own entry says otherwise may.",
    source: Source { kind: None, section: "Vehicles › Shooting at Vehicles" },
    decision: None,
};

pub static NO_REACTION_TO_CHARGES: Rule = Rule {
    id: "vehicle/no-reaction-to-charges",
    title: "No reaction to charges",
    text: "A vehicle that is charged cannot react either, for the same reason, unless its own entry \
        says it can.",
    source: Source { kind: None, section: "Vehicles › Assaulting a Vehicle" },
    decision: None,
};

/// The rules every vehicle has, unless a type replaces them (a walker's reactions).
pub static EVERY_VEHICLE: [&Rule; 2] = [&NO_REACTION_TO_SHOOTING, &NO_REACTION_TO_CHARGES];

// Transports.

const FIRE_POINTS: &str = "Transports › Fire Points";

pub static TRANSPORT_FIRE_POINTS: Rule = Rule {
    id: "transport/fire-points",
    title: "Fire points",
    text: "Each fire point lets one model riding inside shoot (or cast a witchfire power) out of \
        the vehicle; the rest of the passengers may not shoot, unless the vehicle's entry allows \
        more. Range and line of sight are taken from the fire point, and the passengers may choose \
        a different target from the vehicle's.",
    source: from(VehicleType::Transport, FIRE_POINTS),
    decision: Some(
        "A passenger can only shoot out if there is a fire point for it: the planner allows as many \
        shooters as the vehicle has fire points, and never more than its capacity.",
    ),
};

pub static TRANSPORT_TEMPLATES: Rule = Rule {
    id: "transport/templates",
    title: "Templates from a fire point",
    text: "A template or beam power used by a passenger through a fire point never hits its own \
        vehicle: ignore that hit, as the shot is taken to clear the hull.",
    source: from(VehicleType::Transport, FIRE_POINTS),
    decision: None,
};

pub static TRANSPORT_SPEED: Rule = Rule {
    id: "transport/speed",
    title: "Speed and passengers' shooting",
    text: "How far the vehicle went this turn limits its passengers: at combat speed they shoot as \
        if they had moved; at cruising speed they may only fire snap shots; flat out, or in a turn \
        its smoke launchers are used, they may not shoot at all. The reverse holds too: if \
        passengers shoot out this turn, the vehicle may not go flat out or use its smoke launchers.",
    source: from(VehicleType::Transport, FIRE_POINTS),
    decision: Some(
        "A vehicle that stays still lets its passengers shoot as normal: the text limits them only \
        after combat speed and faster.",
    ),
};

pub static TRANSPORT: [&Rule; 3] = [&TRANSPORT_FIRE_POINTS, &TRANSPORT_TEMPLATES, &TRANSPORT_SPEED];

// Chariots.

const CHARIOT_FIGHTING: &str = "Chariots › Fighting from a Chariot";

pub static CHARIOT_CLOSE_COMBAT: Rule = Rule {
    id: "chariot/close-combat",
    title: "Fights like infantry",
    text: "In close combat a chariot fights the way infantry models do. Unless stunned, it may \
        sweep after a beaten enemy, pile in and consolidate.",
    source: from(VehicleType::Chariot, CHARIOT_FIGHTING),
    decision: None,
};

pub static CHARIOT_HITS: Rule = Rule {
    id: "chariot/hits-on-the-run",
    title: "D3 hits on the run",
    text: "A chariot that makes a sweeping advance, or charges a fleeing unit that failed to \
        regroup, deals D3 automatic hits.",
    source: from(VehicleType::Chariot, CHARIOT_FIGHTING),
    decision: None,
};

pub static CHARIOT: [&Rule; 2] = [&CHARIOT_CLOSE_COMBAT, &CHARIOT_HITS];

// Walkers.

const WALKER_SHOOTING: &str = "Walkers › Shooting with Walkers";
const WALKER_ASSAULTS: &str = "Walkers › Walkers and Assaults";

pub static WALKER_RUN: Rule = Rule {
    id: "walker/run",
    title: "Running",
    text: "A walker may run just as infantry can, and as usual then neither shoots nor charges that \
        turn. It cannot run while stunned or immobilised.",
    source: from(VehicleType::Walker, WALKER_SHOOTING),
    decision: None,
};

pub static WALKER_MOVE_AND_FIRE: Rule = Rule {
    id: "walker/move-and-fire",
    title: "Moving and firing",
    text: "Having moved does not stop a walker: it may fire every one of its weapons in the Shooting \
        phase that follows.",
    source: from(VehicleType::Walker, WALKER_SHOOTING),
    decision: None,
};

pub static WALKER_ARCS: Rule = Rule {
    id: "walker/weapon-arcs",
    title: "Weapon arcs",
    text: "Each weapon may turn up to 45° left or right and up or down from where it points. \
        Measure its range from the gun itself; line of sight runs from its mounting along the \
        barrel, as for other vehicles.",
    source: from(VehicleType::Walker, WALKER_SHOOTING),
    decision: None,
};

pub static WALKER_REACTIONS: Rule = Rule {
    id: "walker/reactions",
    title: "Reactions",
    text: "Nimbler than other vehicles, a walker may react to being shot at and to being charged. \
        Against a charge it may fire even at chargers outside its current weapon arcs, except when \
        immobilised: then its Overwatch or Return Fire may only target chargers inside them.",
    source: from(VehicleType::Walker, WALKER_SHOOTING),
    decision: None,
};

pub static WALKER_ASSAULT: Rule = Rule {
    id: "walker/assault",
    title: "In the assault",
    text: "A walker charges, is charged and fights in close combat the way infantry do, and may end \
        up locked in combat; while it is, nobody may shoot at it.",
    source: from(VehicleType::Walker, WALKER_ASSAULTS),
    decision: None,
};

pub static WALKER_STRUCK: Rule = Rule {
    id: "walker/struck-in-combat",
    title: "Hits against it in combat",
    text: "Close-combat hits on a walker are resolved against its armour, penetrating and damaging \
        it as for any vehicle. They strike its front armour, but any hit rolled as a 6 to hit strikes its rear \
        armour instead. Once it is immobilised, every hit strikes its rear armour: it can no longer \
        turn to face its attackers.",
    source: from(VehicleType::Walker, WALKER_ASSAULTS),
    decision: None,
};

pub static WALKER_SWEEPING: Rule = Rule {
    id: "walker/sweeping",
    title: "Sweeping, piling in, consolidating",
    text: "Unless stunned or immobilised, a walker may sweep after a beaten enemy, pile in and \
        consolidate.",
    source: from(VehicleType::Walker, WALKER_ASSAULTS),
    decision: None,
};

pub static WALKER_HITS: Rule = Rule {
    id: "walker/hits-on-the-run",
    title: "D3 hits on the run",
    text: "A walker that makes a sweeping advance, or charges a fleeing unit that failed to regroup, \
        deals D3 automatic hits.",
    source: from(VehicleType::Walker, WALKER_ASSAULTS),
    decision: None,
};

pub static WALKER: [&Rule; 8] = [
    &WALKER_RUN,
    &WALKER_MOVE_AND_FIRE,
    &WALKER_ARCS,
    &WALKER_REACTIONS,
    &WALKER_ASSAULT,
    &WALKER_STRUCK,
    &WALKER_SWEEPING,
    &WALKER_HITS,
];

// Tanks.

const TANK_SHOCK: &str = "Tanks › Tank Shock";

pub static TANK_SHOCK_MOVE: Rule = Rule {
    id: "tank/tank-shock",
    title: "Tank shock",
    text: "Instead of moving normally, a tank may tank shock. Say whether it will Slam (its hits are \
        Strength 10, AP –) or Grind (Strength 5, AP D6). Pivot it in place to point where it will go \
        (a pivot alone is no move), say how far it will go, no less than its combat speed and no \
        more than its top speed, then drive it straight ahead, without turning, until it meets an \
        enemy unit or has covered that distance.",
    source: from(VehicleType::Tank, TANK_SHOCK),
    decision: None,
};

pub static TANK_SHOCK_PATH: Rule = Rule {
    id: "tank/tank-shock-path",
    title: "What a tank shock may drive through",
    text: "A tank shock may pass through enemy models, but never through friendly ones, and may not \
        be aimed at enemies locked in combat. The tank stops 1\" short of a friendly model, an enemy \
        vehicle, impassable terrain or the table edge.",
    source: from(VehicleType::Tank, TANK_SHOCK),
    decision: None,
};

pub static TANK_SHOCK_EFFECT: Rule = Rule {
    id: "tank/tank-shock-effect",
    title: "Being tank shocked",
    text: "A unit that is not a vehicle, once reached, takes a Morale check: failing, it falls back \
        (it is not broken, and regroups at once); passing, it may step out of the way. Either way it \
        then takes an Initiative check for every full 6\" the tank covered before reaching it, and \
        suffers one automatic hit, at the Slam or Grind profile, for each point it fails a check \
        by. The tank carries on and may tank shock further units on its way.",
    source: from(VehicleType::Tank, TANK_SHOCK),
    decision: Some(
        "The tank shock calculator lists how it settles what the text leaves open: a 6 always fails \
        and costs at least one hit, Grind rolls its AP once per unit shocked, and the classic \
        to-wound table.",
    ),
};

pub static TANK_SHOCK_CRUNCH: Rule = Rule {
    id: "tank/crunch",
    title: "Crushed",
    text: "Enemy models that would be under the tank where it stops, fleeing or not, are moved out \
        the shortest way, at least 1\" from it, keeping coherency and staying on the table. Any that \
        cannot be placed so are crushed: remove them as casualties.",
    source: from(VehicleType::Tank, TANK_SHOCK),
    decision: None,
};

pub static TANK: [&Rule; 4] = [&TANK_SHOCK_MOVE, &TANK_SHOCK_PATH, &TANK_SHOCK_EFFECT, &TANK_SHOCK_CRUNCH];

// Super-heavies.

const NAMED_ONLY: &str = "The vehicle text only names these rules; they are explained among Waffle's \
    special rules.";

pub static SUPER_HEAVY_VEHICLE_RULES: Rule = Rule {
    id: "super-heavy-vehicle/special-rules",
    title: "Special rules: Terror, Move Through Cover",
    text: "A super-heavy vehicle has the Terror and Move Through Cover special rules.",
    source: from(VehicleType::SuperHeavyVehicle, "Super-Heavy Vehicles › Special Rules"),
    decision: Some(NAMED_ONLY),
};

pub static SUPER_HEAVY_VEHICLE: [&Rule; 1] = [&SUPER_HEAVY_VEHICLE_RULES];

pub static SUPER_HEAVY_WALKER_IS_A_WALKER: Rule = Rule {
    id: "super-heavy-walker/walker-rules",
    title: "A walker, only bigger",
    text: "Everything a walker may do, a super-heavy walker may do: run, fire after moving, turn its \
        weapons, react, and fight like infantry. Its hits on the run are D6 rather than D3.",
    source: from(VehicleType::SuperHeavyWalker, "Super-Heavy Walkers"),
    decision: Some(
        "The text lists only what sets super-heavy walkers apart, so we read them as walkers in \
        everything else: their cards carry the walker rules, with D6 hits on the run in place of D3.",
    ),
};

pub static SUPER_HEAVY_WALKER_HITS: Rule = Rule {
    id: "super-heavy-walker/hits-on-the-run",
    title: "D6 hits on the run",
    text: "A super-heavy walker that makes a sweeping advance, or charges a fleeing unit that failed \
        to regroup, deals D6 automatic hits.",
    source: from(VehicleType::SuperHeavyWalker, "Super-Heavy Walkers › Assault"),
    decision: None,
};

pub static SUPER_HEAVY_WALKER_RULES: Rule = Rule {
    id: "super-heavy-walker/special-rules",
    title: "Special rules: Terror, Hammer of Wrath, Move Through Cover, Relentless, Smash, Strikedown",
    text: "A super-heavy walker has the Terror, Hammer of Wrath, Move Through Cover, Relentless, \
        Smash and Strikedown special rules.",
    source: from(VehicleType::SuperHeavyWalker, "Super-Heavy Walkers › Special Rules"),
    decision: Some(NAMED_ONLY),
};

/// The walker's rules but its D3 hits, then the super-heavy walker's own.
pub static SUPER_HEAVY_WALKER: [&Rule; 10] = [
    &SUPER_HEAVY_WALKER_IS_A_WALKER,
    &WALKER_RUN,
    &WALKER_MOVE_AND_FIRE,
    &WALKER_ARCS,
    &WALKER_REACTIONS,
    &WALKER_ASSAULT,
    &WALKER_STRUCK,
    &WALKER_SWEEPING,
    &SUPER_HEAVY_WALKER_HITS,
    &SUPER_HEAVY_WALKER_RULES,
];

pub static SUPER_HEAVY_FLYER_RULES: Rule = Rule {
    id: "super-heavy-flyer/special-rules",
    title: "Special rules: Terror",
    text: "A super-heavy flyer has the Terror special rule.",
    source: from(VehicleType::SuperHeavyFlyer, "Super-Heavy Flyers › Special Rules"),
    decision: Some(NAMED_ONLY),
};

pub static SUPER_HEAVY_FLYER: [&Rule; 1] = [&SUPER_HEAVY_FLYER_RULES];

/// The rules a type brings, in card order. A super-heavy walker's include the walker rules it
/// shares (see [`SUPER_HEAVY_WALKER_IS_A_WALKER`]).
pub fn bundle(t: VehicleType) -> &'static [&'static Rule] {
    match t {
        VehicleType::Tank => &TANK,
        VehicleType::Transport => &TRANSPORT,
        VehicleType::Chariot => &CHARIOT,
        VehicleType::Walker => &WALKER,
        VehicleType::SuperHeavyVehicle => &SUPER_HEAVY_VEHICLE,
        VehicleType::SuperHeavyWalker => &SUPER_HEAVY_WALKER,
        VehicleType::SuperHeavyFlyer => &SUPER_HEAVY_FLYER,
    }
}

/// Every rule a vehicle of these types has, for its card: every vehicle's rules (unless it walks:
/// a walker's reactions replace them), then each type's bundle in the order of
/// [`VehicleType::ALL`]. A Walker that is also a Super-heavy walker gets the walker rules once,
/// with the super-heavy's D6 hits.
pub fn card_rules(types: TypeSet) -> Vec<&'static Rule> {
    let mut rules = Vec::with_capacity(16);
    if !types.walks() {
        rules.extend_from_slice(&EVERY_VEHICLE);
    }
    for t in types.iter() {
        if t == VehicleType::Walker && types.has(VehicleType::SuperHeavyWalker) {
            continue;
        }
        rules.extend_from_slice(bundle(t));
    }
    rules
}

/// Every rule the engine knows, each once: every vehicle's, then each type's bundle.
pub fn all_rules() -> Vec<&'static Rule> {
    let mut rules: Vec<&'static Rule> = EVERY_VEHICLE.to_vec();
    for t in VehicleType::ALL {
        for r in bundle(t) {
            if !rules.iter().any(|k| k.id == r.id) {
                rules.push(r);
            }
        }
    }
    rules
}
