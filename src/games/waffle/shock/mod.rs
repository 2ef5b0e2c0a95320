//! The tank shock calculator, exact: what a Slam or a Grind does to a unit the tank reaches,
//! as fractions rather than floating-point estimates.
//!
//! The sequence (rule `tank/tank-shock-effect`): the unit takes a Morale check; pass or fail,
//! it then takes one Initiative check per full 6" the tank travelled before reaching it, and
//! takes an automatic hit per point it fails each check by; the hits wound on the to-wound
//! table and the unit takes its armour saves. The Morale check does not change the hits, so its
//! chance is given on its own. Where the text is open, [`DECISIONS`] says how we settled it.

mod exact;

use num_bigint::BigUint;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

use crate::games::Decision;
use crate::games::bounds;
use crate::games::{Problem, waffle::Code};

pub use crate::games::exact::Fraction;
pub use exact::Distribution;

/// Distance to the unit, in whole inches: from 1 to the long edge of a 6' x 4' table; no tank
/// drives further in one move.
pub const DISTANCE: RangeInclusive<u16> = 1..=72;
/// The tank's combat speed in inches (the least a tank shock may cover). Default 6.
pub const COMBAT_SPEED: RangeInclusive<u16> = 1..=24;
/// The usual combat speed.
pub const DEFAULT_COMBAT_SPEED: u16 = 6;
/// The target's Leadership (2D6 are rolled against it).
pub const LEADERSHIP: RangeInclusive<u8> = 2..=10;
/// The target's Initiative.
pub const INITIATIVE: RangeInclusive<u8> = 1..=10;
/// The target's Toughness.
pub const TOUGHNESS: RangeInclusive<u8> = 1..=10;
/// The target's armour save (2 for 2+); none for no save.
pub const SAVE: RangeInclusive<u8> = 2..=6;
/// Models in the target unit.
pub const MODELS: RangeInclusive<u16> = 1..=100;

/// Slam or Grind, declared before the tank moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Hits at Strength 10, AP –.
    Slam,
    /// Hits at Strength 5, AP D6.
    Grind,
}

impl Mode {
    /// The Strength of its hits.
    pub const fn strength(self) -> u8 {
        match self {
            Mode::Slam => 10,
            Mode::Grind => 5,
        }
    }

    /// "AP –" or "AP D6".
    pub const fn ap(self) -> &'static str {
        match self {
            Mode::Slam => "–",
            Mode::Grind => "D6",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Slam => "Slam",
            Mode::Grind => "Grind",
        }
    }
}

/// A tank shock to work out: the input of [`tank_shock`]. As JSON:
/// `{"mode": "slam", "distance": 13, "leadership": 7, "initiative": 3, "toughness": 3,
/// "save": 4, "models": 10}` (`combat_speed` defaults to 6, a missing `save` means none). Each
/// number is refused as it is read when outside its range, naming the range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankShock {
    pub mode: Mode,
    /// Inches the tank travels before it reaches the unit, rounded down to whole inches (which
    /// never changes the number of full 6"). At least its combat speed, at most 72.
    #[serde(deserialize_with = "distance")]
    pub distance: u16,
    /// The tank's combat speed, 1 to 24 (a tank shock covers at least this). Default 6.
    #[serde(default = "default_combat_speed", deserialize_with = "combat_speed")]
    pub combat_speed: u16,
    /// Target's Leadership, 2 to 10.
    #[serde(deserialize_with = "leadership")]
    pub leadership: u8,
    /// Target's Initiative, 1 to 10.
    #[serde(deserialize_with = "initiative")]
    pub initiative: u8,
    /// Target's Toughness, 1 to 10.
    #[serde(deserialize_with = "toughness")]
    pub toughness: u8,
    /// Target's armour save, 2 to 6 (4 for 4+); none for no save.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "save")]
    pub save: Option<u8>,
    /// Models in the target unit, 1 to 100.
    #[serde(deserialize_with = "models")]
    pub models: u16,
}

/// What a tank shock does, exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub mode: Mode,
    /// Initiative checks taken: one per full 6" travelled.
    pub checks: u16,
    /// The chance the unit passes its Morale check (and may step aside rather than fall back).
    pub morale_pass: Fraction,
    /// Hits from a single Initiative check.
    pub hits_per_check: Distribution,
    /// Automatic hits from all the checks.
    pub hits: Distribution,
    /// The hits' Strength: 10 for a Slam, 5 for a Grind.
    pub strength: u8,
    /// The hits' AP as printed: "–" or "D6".
    pub ap: &'static str,
    /// The roll each hit needs to wound (2 for 2+); none when it cannot wound.
    pub to_wound: Option<u8>,
    /// The chance the unit may take its armour save against a hit: 0 without a save; for a
    /// Grind, the chance the AP roll is worse than the save.
    pub save_allowed: Fraction,
    /// Wounds the unit fails to save.
    pub wounds: Distribution,
    /// Models removed, taking each to have one wound: unsaved wounds, up to the unit's size.
    pub casualties: Distribution,
}

/// A tank shock the calculator will not work out, and why: one problem per wrong input, each
/// at its field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub problems: Vec<Problem>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let messages: Vec<&str> = self.problems.iter().map(|p| p.message.as_str()).collect();
        f.write_str(&messages.join("; "))
    }
}

impl std::error::Error for Refused {}

/// How we settled what the tank shock text leaves open, for the calculator's page.
pub static DECISIONS: [Decision; 7] = [
    Decision {
        id: "six-always-fails",
        title: "A 6 always fails",
        text: "A roll of 6 fails an Initiative check whatever the Initiative, as characteristic tests \
            usually do. A failed check always costs at least one hit: against Initiative 6 or more, \
            a 6 fails by nothing yet still scores one hit, or failing would be no different from \
            passing.",
    },
    Decision {
        id: "grind-ap-once",
        title: "Grind rolls its AP once",
        text: "A Grind's AP D6 is rolled once for each unit it shocks, and every hit on that unit \
            has that AP, as a weapon's random value is rolled once per attack.",
    },
    Decision {
        id: "to-wound-table",
        title: "The to-wound table",
        text: "Hits wound on the classic table: 2+ when Strength is at least 2 above Toughness, 3+ \
            at 1 above, 4+ when equal, 5+ at 1 below, 6+ at 2 or 3 below, and not at all at 4 or \
            more below.",
    },
    Decision {
        id: "armour-saves",
        title: "Armour saves",
        text: "A save is taken against each wound unless the AP is equal to or better (lower) than \
            the save: AP 4 denies a 4+ save, AP 5 does not. AP – never denies it. Cover and \
            invulnerable saves are not counted.",
    },
    Decision {
        id: "full-six-inches",
        title: "Full 6\"",
        text: "Checks are counted from the distance before the tank reaches the unit, in whole \
            inches: 11\" is one check, 12\" two. The combat speed only sets the least distance a \
            tank shock may cover.",
    },
    Decision {
        id: "plain-morale",
        title: "Morale as rolled",
        text: "The Morale check passes on 2D6 at or under the Leadership entered, with no modifiers: \
            enter the Leadership the unit tests on. It changes nothing in the hits, which are taken \
            pass or fail.",
    },
    Decision {
        id: "one-wound-models",
        title: "One wound each",
        text: "Casualties count each model as having one wound, so they are the unsaved wounds up to \
            the size of the unit. Models crushed under the tank where it stops depend on the table \
            and are not counted.",
    },
];

/// The roll a hit of Strength `s` needs to wound Toughness `t` (2 for 2+), on the classic table
/// ([`DECISIONS`] `to-wound-table`); `None` when it cannot wound.
pub fn to_wound(s: u8, t: u8) -> Option<u8> {
    match i16::from(t) - i16::from(s) {
        ..=-2 => Some(2),
        -1 => Some(3),
        0 => Some(4),
        1 => Some(5),
        2 | 3 => Some(6),
        _ => None,
    }
}

/// The chances, in 36, that 2D6 roll at or under `leadership`.
fn morale_passes_in_36(leadership: u8) -> u64 {
    let mut n = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            if a + b <= leadership {
                n += 1;
            }
        }
    }
    n
}

/// Chances in 6 of each number of hits from one Initiative check (index = hits), with
/// [`DECISIONS`] `six-always-fails`.
fn hits_per_check_in_6(initiative: u8) -> Vec<u64> {
    let mut counts = vec![0u64; 7];
    for roll in 1..=6u8 {
        let hits = if roll == 6 || roll > initiative { roll.saturating_sub(initiative).max(1) } else { 0 };
        counts[usize::from(hits)] += 1;
    }
    let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    counts.truncate(last + 1);
    counts
}

/// Work out a tank shock exactly, or say which inputs are out of range. Never panics.
pub fn tank_shock(t: &TankShock) -> Result<Outcome, Refused> {
    validate(t)?;
    let checks = t.distance / 6;
    let n = u32::from(checks);

    let per_check = hits_per_check_in_6(t.initiative);
    let six = BigUint::from(6u32);
    let hits_per_check = Distribution::from_counts(&to_big(&per_check), &six);
    let hits = Distribution::from_counts(&exact::poly_pow(&per_check, n), &six.pow(n));

    let strength = t.mode.strength();
    let to_wound = to_wound(strength, t.toughness);
    let wounding_faces = to_wound.map_or(0, |need| 7 - u64::from(need));

    // Each case: its chances in 6, and how many faces of a save die fail (6 when no save).
    let cases: Vec<(u64, u64)> = match (t.mode, t.save) {
        (_, None) => vec![(6, 6)],
        (Mode::Slam, Some(s)) => vec![(6, u64::from(s) - 1)],
        // The AP roll denies the save at or under the save's number (grind-ap-once).
        (Mode::Grind, Some(s)) => vec![(u64::from(s), 6), (6 - u64::from(s), u64::from(s) - 1)],
    };
    let allowed_in_6 = cases.iter().filter(|(_, fail)| *fail < 6).map(|(w, _)| w).sum::<u64>();
    let save_allowed = Fraction::over_sixes(BigUint::from(allowed_in_6), six.clone());

    // One check's unsaved wounds, over 6 x 36^m (m: the most hits one check makes), for each case.
    let m = per_check.len() - 1;
    let check_den = 6 * 36u64.pow(m as u32);
    let mut wound_counts: Vec<BigUint> = Vec::new();
    for &(weight, fail) in cases.iter().filter(|(w, _)| *w > 0) {
        let per_hit = wounding_faces * fail; // chances in 36 that a hit becomes an unsaved wound
        let one_check = wounds_per_check(&per_check, per_hit);
        let all = exact::poly_pow(&one_check, n);
        if wound_counts.len() < all.len() {
            wound_counts.resize(all.len(), BigUint::ZERO);
        }
        for (sum, c) in wound_counts.iter_mut().zip(all) {
            *sum += c * weight;
        }
    }
    let wound_den = BigUint::from(check_den).pow(n) * 6u32;
    let wounds = Distribution::from_counts(&wound_counts, &wound_den);

    // Casualties: the wounds, with every count from the unit's size up gathered at its size.
    let models = usize::from(t.models);
    let casualties = match wound_counts.get(models..) {
        Some(beyond) if beyond.len() > 1 => {
            let mut capped: Vec<BigUint> = wound_counts.iter().take(models).cloned().collect();
            capped.push(beyond.iter().sum());
            Distribution::from_counts(&capped, &wound_den)
        }
        _ => wounds.clone(),
    };

    Ok(Outcome {
        mode: t.mode,
        checks,
        morale_pass: Fraction::over_sixes(
            BigUint::from(morale_passes_in_36(t.leadership)),
            BigUint::from(36u32),
        ),
        hits_per_check,
        hits,
        strength,
        ap: t.mode.ap(),
        to_wound,
        save_allowed,
        wounds,
        casualties,
    })
}

/// One check's unsaved wounds: for each number of hits `k` (chances `hits[k]` in 6), each hit
/// independently an unsaved wound with chances `per_hit` in 36. Counts over `6 x 36^m`, `m` the
/// most hits: `hits[k] x C(k, w) x per_hit^w x (36 - per_hit)^(k - w) x 36^(m - k)`. Every count
/// fits: the total is `6 x 36^5` at most.
fn wounds_per_check(hits: &[u64], per_hit: u64) -> Vec<u64> {
    let m = hits.len().saturating_sub(1);
    let miss = 36 - per_hit;
    let mut out = vec![0u64; m + 1];
    for (k, &chances) in hits.iter().enumerate() {
        let mut choose = 1u64; // C(k, w), built up as w grows
        for (w, count) in out.iter_mut().enumerate().take(k + 1) {
            *count += chances
                * choose
                * per_hit.pow(w as u32)
                * miss.pow((k - w) as u32)
                * 36u64.pow((m - k) as u32);
            choose = choose * (k - w) as u64 / (w as u64 + 1);
        }
    }
    out
}

fn to_big(counts: &[u64]) -> Vec<BigUint> {
    counts.iter().map(|&c| BigUint::from(c)).collect()
}

/// Every input in its range, and the distance at least the combat speed.
fn validate(t: &TankShock) -> Result<(), Refused> {
    let mut problems = Vec::new();
    let mut range = |field: &str, what: &str, value: u16, r: RangeInclusive<u16>| {
        if !r.contains(&value) {
            problems.push(Problem::error(
                Code::ShockInputOutOfRange,
                Some(field.to_owned()),
                format!("{what} {value} is outside what the calculator takes: {} to {}", r.start(), r.end()),
            ));
        }
    };
    let small = |r: RangeInclusive<u8>| u16::from(*r.start())..=u16::from(*r.end());
    range("distance", "A distance of", t.distance, DISTANCE);
    range("combat_speed", "A combat speed of", t.combat_speed, COMBAT_SPEED);
    range("leadership", "Leadership", t.leadership.into(), small(LEADERSHIP));
    range("initiative", "Initiative", t.initiative.into(), small(INITIATIVE));
    range("toughness", "Toughness", t.toughness.into(), small(TOUGHNESS));
    if let Some(s) = t.save {
        range("save", "A save of", s.into(), small(SAVE));
    }
    range("models", "A unit of", t.models, MODELS);
    if problems.is_empty() && t.distance < t.combat_speed {
        problems.push(Problem::error(
            Code::ShockBelowCombatSpeed,
            Some("distance".to_owned()),
            format!(
                "A tank shock covers at least the tank's combat speed ({}\"): {}\" is not a tank shock",
                t.combat_speed, t.distance
            ),
        ));
    }
    if problems.is_empty() { Ok(()) } else { Err(Refused { problems }) }
}

fn default_combat_speed() -> u16 {
    DEFAULT_COMBAT_SPEED
}

/// Serde readers refusing a number outside its range, naming the range.
macro_rules! bounded {
    ($($name:ident: $t:ty = $range:expr;)+) => {$(
        fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
            let r = $range;
            let v = bounds::whole(d, u64::from(*r.start()), u64::from(*r.end()))?;
            Ok(<$t>::try_from(v).unwrap_or(*r.end()))
        }
    )+};
}

bounded! {
    distance: u16 = DISTANCE;
    combat_speed: u16 = COMBAT_SPEED;
    leadership: u8 = LEADERSHIP;
    initiative: u8 = INITIATIVE;
    toughness: u8 = TOUGHNESS;
    models: u16 = MODELS;
    save_value: u8 = SAVE;
}

fn save<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    struct Save(u8);
    impl<'de> Deserialize<'de> for Save {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            save_value(d).map(Save)
        }
    }
    Ok(Option::<Save>::deserialize(d)?.map(|s| s.0))
}
