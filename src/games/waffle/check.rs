//! Judging a roster: points against the limit, each vehicle's types and how they combine, its
//! profile and passengers, and its rule card.

use serde::Serialize;

use super::roster::{AP, ARMOUR, BS, DOCUMENT_VERSION, Roster, STRENGTH, Vehicle};
use super::rules::{Rule, card_rules};
use super::types::{TypeSet, VehicleType};
use crate::games::{
    Problem, Severity, Tally, is_legal, nearest, or_list, over_points_limit, shown, version_problem,
    waffle::Code,
};

/// The engine's judgement of a roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Points (the sum of the vehicles'), the roster's limit, legality and every problem (the
    /// roster's own first, then each vehicle's in order); read as `check.points` and so on.
    #[serde(flatten)]
    pub tally: Tally,
    /// One card per vehicle, in the roster's order.
    pub vehicles: Vec<Card>,
    /// `ENGINE_VERSION` of the engine that made this judgement.
    pub engine_version: u32,
}

crate::games::headed_by_tally!(Check);

/// A vehicle's rule card: what its types bring, for the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Card {
    /// The vehicle's name, or "Vehicle 3" for an unnamed third vehicle.
    pub name: String,
    /// The types it was given that are known, each once, in the order of [`VehicleType::ALL`].
    pub types: TypeSet,
    pub points: u16,
    /// True when none of the roster's errors is about this vehicle.
    pub legal: bool,
    /// Every rule it has, each with where it comes from.
    pub rules: Vec<&'static Rule>,
}

/// Two types that do not go together on one vehicle, and what we decided about it.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Combination {
    pub first: VehicleType,
    pub second: VehicleType,
    pub code: Code,
    pub severity: Severity,
    /// Why, as the problem's message gives it.
    pub why: &'static str,
}

const WALKER_TANK: &str = "a walker strides and fights like infantry, while a tank shock needs a \
    vehicle driven straight ahead; the text gives tank shock to tanks alone, and we do not let a \
    walker be one";
const FLYER_ON_GROUND: &str = "a flyer neither walks nor drives into units, so we do not let it \
    tank shock or use the walker rules";
const ONE_SUPER_HEAVY: &str = "the text gives each kind of super-heavy its own rules, so we take a \
    vehicle to be one kind only";
const CHARIOT_WALKER: &str = "each fights like infantry by its own rules (a chariot stops when \
    stunned, a walker also when immobilised, and their hits on the run differ), so we take a \
    vehicle to be one or the other";

/// Types that do not go together, with our decision for each pair. Pairs not listed (a Tank
/// that is a Transport, a Super-heavy vehicle that is a Tank) are allowed.
pub static COMBINATIONS: [Combination; 11] = [
    Combination {
        first: VehicleType::Tank,
        second: VehicleType::Walker,
        code: Code::WalkerTank,
        severity: Severity::Error,
        why: WALKER_TANK,
    },
    Combination {
        first: VehicleType::Tank,
        second: VehicleType::SuperHeavyWalker,
        code: Code::WalkerTank,
        severity: Severity::Error,
        why: WALKER_TANK,
    },
    Combination {
        first: VehicleType::Tank,
        second: VehicleType::SuperHeavyFlyer,
        code: Code::FlyerTankOrWalker,
        severity: Severity::Error,
        why: FLYER_ON_GROUND,
    },
    Combination {
        first: VehicleType::Chariot,
        second: VehicleType::Walker,
        code: Code::ChariotWalker,
        severity: Severity::Error,
        why: CHARIOT_WALKER,
    },
    Combination {
        first: VehicleType::Chariot,
        second: VehicleType::SuperHeavyWalker,
        code: Code::ChariotWalker,
        severity: Severity::Error,
        why: CHARIOT_WALKER,
    },
    Combination {
        first: VehicleType::Chariot,
        second: VehicleType::SuperHeavyFlyer,
        code: Code::ChariotFlyer,
        severity: Severity::Error,
        why: "a chariot fights in close combat like infantry, which a flyer high above the battle \
            cannot do, so we do not let one vehicle be both",
    },
    Combination {
        first: VehicleType::Walker,
        second: VehicleType::SuperHeavyWalker,
        code: Code::WalkerTwice,
        severity: Severity::Warning,
        why: "a super-heavy walker already has the walker rules (with D6 hits on the run instead of \
            D3), so Walker adds nothing: its card shows the super-heavy walker's",
    },
    Combination {
        first: VehicleType::Walker,
        second: VehicleType::SuperHeavyFlyer,
        code: Code::FlyerTankOrWalker,
        severity: Severity::Error,
        why: FLYER_ON_GROUND,
    },
    Combination {
        first: VehicleType::SuperHeavyVehicle,
        second: VehicleType::SuperHeavyWalker,
        code: Code::SuperHeavyKinds,
        severity: Severity::Error,
        why: ONE_SUPER_HEAVY,
    },
    Combination {
        first: VehicleType::SuperHeavyVehicle,
        second: VehicleType::SuperHeavyFlyer,
        code: Code::SuperHeavyKinds,
        severity: Severity::Error,
        why: ONE_SUPER_HEAVY,
    },
    Combination {
        first: VehicleType::SuperHeavyWalker,
        second: VehicleType::SuperHeavyFlyer,
        code: Code::SuperHeavyKinds,
        severity: Severity::Error,
        why: ONE_SUPER_HEAVY,
    },
];

/// Judge a roster: points, problems and a rule card per vehicle. Never panics, whatever the
/// input; a roster with errors is still judged in full.
pub fn check(r: &Roster) -> Check {
    let mut problems = Vec::new();
    problems.extend(version_problem("roster", r.version, DOCUMENT_VERSION));
    let points = r.vehicles.iter().fold(0u32, |sum, v| sum.saturating_add(u32::from(v.points)));
    problems.extend(over_points_limit("roster", points, r.points_limit, "drop a vehicle"));
    let mut vehicles = Vec::with_capacity(r.vehicles.len());
    for (i, v) in r.vehicles.iter().enumerate() {
        let before = problems.len();
        let types = check_vehicle(i, v, &mut problems);
        let legal = is_legal(problems.get(before..).unwrap_or_default());
        let name =
            if v.name.is_empty() { format!("Vehicle {}", i.saturating_add(1)) } else { v.name.clone() };
        vehicles.push(Card { name, types, points: v.points, legal, rules: card_rules(types) });
    }
    Check {
        tally: Tally::new(points, r.points_limit, problems),
        vehicles,
        engine_version: super::ENGINE_VERSION,
    }
}

/// The known types of a vehicle, each once, without judging anything.
pub fn vehicle_types(v: &Vehicle) -> TypeSet {
    v.types.iter().filter_map(|t| VehicleType::parse(t)).fold(TypeSet::EMPTY, TypeSet::with)
}

/// One vehicle's problems; returns its known types.
fn check_vehicle(i: usize, v: &Vehicle, problems: &mut Vec<Problem>) -> TypeSet {
    let who = Who { i, v };
    let types = check_types(&who, problems);

    for (facing, value) in v.armour.facings() {
        if !ARMOUR.contains(&value) {
            problems.push(Problem::error(
                Code::ArmourOutOfRange,
                who.part(&format!("armour.{facing}")),
                format!(
                    "{}'s {facing} armour is {value}; armour values run from {} to {}",
                    who.name(),
                    ARMOUR.start(),
                    ARMOUR.end()
                ),
            ));
        }
    }
    if !BS.contains(&v.bs) {
        problems.push(Problem::error(
            Code::BsOutOfRange,
            who.part("bs"),
            format!("{}'s BS is {}; BS runs from {} to {}", who.name(), v.bs, BS.start(), BS.end()),
        ));
    }
    for (k, w) in v.weapons.iter().enumerate() {
        let weapon = || {
            if w.name.is_empty() { format!("weapon {}", k.saturating_add(1)) } else { shown(&w.name) }
        };
        if let Some(s) = w.strength.filter(|s| !STRENGTH.contains(s)) {
            problems.push(Problem::error(
                Code::StrengthOutOfRange,
                who.part(&format!("weapons.{k}.strength")),
                format!(
                    "{}'s {} has Strength {s}; Strength runs from {} to {} (leave it empty for –)",
                    who.name(),
                    weapon(),
                    STRENGTH.start(),
                    STRENGTH.end()
                ),
            ));
        }
        if let Some(ap) = w.ap.filter(|ap| !AP.contains(ap)) {
            problems.push(Problem::error(
                Code::ApOutOfRange,
                who.part(&format!("weapons.{k}.ap")),
                format!(
                    "{}'s {} has AP {ap}; AP runs from {} to {} (leave it empty for –)",
                    who.name(),
                    weapon(),
                    AP.start(),
                    AP.end()
                ),
            ));
        }
    }
    check_passengers(&who, types, problems);
    types
}

/// Reads the type ids: unknown and repeated ones, then the pairs that do not go together.
fn check_types(who: &Who, problems: &mut Vec<Problem>) -> TypeSet {
    let mut types = TypeSet::EMPTY;
    // Where each known type was first listed, for the part of a pair's problem.
    let mut at = [0usize; VehicleType::ALL.len()];
    for (j, text) in who.v.types.iter().enumerate() {
        let part = || who.part(&format!("types.{j}"));
        match VehicleType::parse(text) {
            Some(t) if types.has(t) => problems.push(Problem::warning(
                Code::DuplicateType,
                part(),
                format!("{} lists {} twice; it counts once", who.name(), t.name()),
            )),
            Some(t) => {
                types = types.with(t);
                at[t as usize] = j;
            }
            None => problems.push(Problem::error(Code::UnknownType, part(), unknown_type(who, text))),
        }
    }
    for c in COMBINATIONS.iter().filter(|c| types.has(c.first) && types.has(c.second)) {
        let j = at[c.first as usize].max(at[c.second as usize]);
        let message = format!(
            "{} is both a {} and a {}: {}. {}",
            who.name(),
            c.first.name(),
            c.second.name(),
            c.why,
            if c.severity == Severity::Error { "Remove one of the two types" } else { "Remove Walker" }
        );
        problems.push(Problem {
            code: c.code.into(),
            severity: c.severity,
            message,
            part: who.part(&format!("types.{j}")),
            rule: None,
        });
    }
    types
}

fn unknown_type(who: &Who, text: &str) -> String {
    let ids = VehicleType::ALL.map(VehicleType::id);
    if text.trim().is_empty() {
        return format!("{} has an empty type: use {}", who.name(), or_list(&ids));
    }
    let closest = nearest(text, ids, 1);
    let guess = closest.first().map_or_else(String::new, |id| format!("did you mean \"{id}\"? "));
    format!(
        "{} has the type \"{}\", which is not a vehicle type: {guess}The types are {}",
        who.name(),
        shown(text),
        or_list(&ids)
    )
}

/// Fire points and capacity belong to Transports; a Transport should carry someone.
fn check_passengers(who: &Who, types: TypeSet, problems: &mut Vec<Problem>) {
    let v = who.v;
    if !types.has(VehicleType::Transport) {
        if v.fire_points > 0 {
            problems.push(Problem::error(
                Code::FirePointsNotTransport,
                who.part("fire_points"),
                format!(
                    "{} has {} but is not a Transport: fire points let passengers shoot out, and \
                     only Transports carry passengers. Add the Transport type or set its fire \
                     points to 0",
                    who.name(),
                    plural(v.fire_points, "fire point", "fire points")
                ),
            ));
        }
        if v.capacity > 0 {
            problems.push(Problem::error(
                Code::CapacityNotTransport,
                who.part("capacity"),
                format!(
                    "{} carries {} but is not a Transport: we let only Transports carry \
                     passengers. Add the Transport type or set its capacity to 0",
                    who.name(),
                    plural(v.capacity, "model", "models")
                ),
            ));
        }
        return;
    }
    if v.capacity == 0 {
        problems.push(Problem::warning(
            Code::TransportNoCapacity,
            who.part("capacity"),
            format!(
                "{} is a Transport with a capacity of 0: nobody can ride in it{}. Set its capacity \
                 from its entry",
                who.name(),
                if v.fire_points > 0 { ", so its fire points go unused" } else { "" }
            ),
        ));
    } else if v.fire_points > v.capacity {
        problems.push(Problem::warning(
            Code::FirePointsOverCapacity,
            who.part("fire_points"),
            format!(
                "{} has {} but carries at most {}: only {} can ever shoot out",
                who.name(),
                plural(v.fire_points, "fire point", "fire points"),
                plural(v.capacity, "model", "models"),
                v.capacity
            ),
        ));
    }
}

/// The vehicle a problem is about: its part paths and its name in messages.
struct Who<'a> {
    i: usize,
    v: &'a Vehicle,
}

impl Who<'_> {
    fn part(&self, field: &str) -> Option<String> {
        Some(format!("vehicles.{}.{field}", self.i))
    }

    /// "Sky Hammer", or "Vehicle 3" when it has no name.
    fn name(&self) -> String {
        if self.v.name.is_empty() {
            format!("Vehicle {}", self.i.saturating_add(1))
        } else {
            shown(&self.v.name)
        }
    }
}

/// "1 fire point", "3 fire points".
fn plural(n: u16, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
