//! The fire-point planner: given how fast a transport went this turn and whether it used its
//! smoke launchers, what may the models inside do?

use serde::{Deserialize, Serialize};

use super::check::vehicle_types;
use super::roster::Vehicle;
use super::types::VehicleType;

/// How far a vehicle moved this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Speed {
    /// It did not move.
    Stationary,
    /// Combat speed.
    Combat,
    /// Cruising speed.
    Cruising,
    /// Flat out.
    FlatOut,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Stationary, Speed::Combat, Speed::Cruising, Speed::FlatOut];

    /// "stationary", "combat", "cruising", "flat-out": what it serializes to.
    pub const fn id(self) -> &'static str {
        match self {
            Speed::Stationary => "stationary",
            Speed::Combat => "combat",
            Speed::Cruising => "cruising",
            Speed::FlatOut => "flat-out",
        }
    }

    /// "Stationary", "Combat speed", "Cruising speed", "Flat out".
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Stationary => "Stationary",
            Speed::Combat => "Combat speed",
            Speed::Cruising => "Cruising speed",
            Speed::FlatOut => "Flat out",
        }
    }
}

/// What the models inside may do when they shoot out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassengerFire {
    /// Shoot as normal.
    Normal,
    /// Shoot, counting as having moved.
    CountsAsMoved,
    /// Fire snap shots only.
    SnapShotsOnly,
    /// Not shoot at all.
    None,
}

/// The planner's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FirePlan {
    pub speed: Speed,
    pub smoke: bool,
    /// What the passengers may do.
    pub fire: PassengerFire,
    /// How many of them may shoot: one per fire point, no more than the vehicle carries; 0 when
    /// they may not shoot.
    pub shooters: u16,
    /// Why, in a sentence.
    pub why: &'static str,
    /// What shooting out costs the vehicle, when they may shoot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vehicle_note: Option<&'static str>,
}

const COSTS_THE_VEHICLE: &str = "If they do shoot out, the vehicle may not go flat out or use its smoke \
    launchers this turn.";

/// What the models inside `v` may do when shooting out of its fire points, after it moved at
/// `speed` this turn, with or without having used its smoke launchers (see the rule
/// `transport/speed`). A vehicle that is not a Transport, or has no fire points or no room,
/// lets nobody shoot out.
pub fn fire_points(v: &Vehicle, speed: Speed, smoke: bool) -> FirePlan {
    let plan = |fire, why, shooters| FirePlan {
        speed,
        smoke,
        fire,
        shooters,
        why,
        vehicle_note: (fire != PassengerFire::None).then_some(COSTS_THE_VEHICLE),
    };
    if !vehicle_types(v).has(VehicleType::Transport) {
        return plan(PassengerFire::None, "It is not a Transport: nobody rides inside.", 0);
    }
    if v.capacity == 0 {
        return plan(PassengerFire::None, "It carries nobody: its capacity is 0.", 0);
    }
    if v.fire_points == 0 {
        return plan(PassengerFire::None, "It has no fire points to shoot out of.", 0);
    }
    let shooters = v.fire_points.min(v.capacity);
    if smoke {
        return plan(
            PassengerFire::None,
            "It used its smoke launchers this turn, so nobody may shoot out.",
            0,
        );
    }
    match speed {
        Speed::Stationary => {
            plan(PassengerFire::Normal, "It stayed still, so they shoot as normal.", shooters)
        }
        Speed::Combat => plan(
            PassengerFire::CountsAsMoved,
            "It moved at combat speed, so they shoot as if they had moved.",
            shooters,
        ),
        Speed::Cruising => plan(
            PassengerFire::SnapShotsOnly,
            "It moved at cruising speed, so they may only fire snap shots.",
            shooters,
        ),
        Speed::FlatOut => plan(PassengerFire::None, "It went flat out, so nobody may shoot out.", 0),
    }
}
