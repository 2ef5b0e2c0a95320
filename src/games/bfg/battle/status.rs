//! The tracker's view of a battle: what each ship and squadron can do now, and the names the
//! tracker and the printed roster give each ship.

use serde::Serialize;

use super::orders::{capacity, fleet_limit, salvo_strength, shields, squadron_label};
use super::{Battle, Condition, Refusal, Tracked, crippled_at, matched};
use crate::games::bfg::data::{self, Strength};
use crate::games::bfg::document::Fleet;
use crate::games::line;

/// The tracker's view of a battle for the page: the fleet's limit now and what each ship can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    pub turn: u32,
    /// The fleet's attack-craft limit now (crippled and lost carriers taken into account).
    pub fleet_limit: u32,
    pub in_play: u64,
    /// More in play than the limit: no attack craft may launch.
    pub over_limit: bool,
    pub ships: Vec<ShipStatus>,
    /// Squadrons of two or more ships, which launch with one order.
    pub squadrons: Vec<SquadronStatus>,
    /// The order undoing would take back.
    pub undo: Option<String>,
}

/// What one ship can do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShipStatus {
    pub label: String,
    pub condition: Condition,
    /// Hits of the profile, taken, and left.
    pub hits: u32,
    pub damage: u32,
    pub hits_left: u32,
    /// The damage at which it is crippled.
    pub crippled_at: u32,
    /// Shields as a number (`None` for holofields, saves, spores...), with how many are down.
    pub shields: Option<u32>,
    /// The profile's shields as printed.
    pub shields_text: &'static str,
    pub shields_down: u32,
    pub braced: bool,
    pub torpedoes_loaded: bool,
    pub bays_loaded: bool,
    /// Squadrons it may launch at once now (0 without bays).
    pub launch_capacity: u32,
    /// Its salvo now: "6", "3", "D6+2 halved" (none without torpedoes); several for a ship with
    /// several launchers.
    pub salvo: Option<String>,
    pub salvoes: Vec<String>,
    /// The craft it launches, by id.
    pub craft: Vec<&'static str>,
    /// The squadron it fights in (a key for `LaunchSquadron`), if any.
    pub squadron: Option<String>,
}

/// A squadron of two or more ships.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquadronStatus {
    /// The key `LaunchSquadron` takes: "squadrons.1", "group:Red".
    pub key: String,
    /// "squadron 2 (3 Cobra destroyers)", "the squadron \"Red\"".
    pub label: String,
    /// Its ships, by index.
    pub members: Vec<usize>,
    /// Some ship of it has torpedoes.
    pub torpedoes: bool,
    /// Some ship's salvo is of a rolled strength.
    pub rolled: bool,
    /// The craft its carriers launch.
    pub craft: Vec<&'static str>,
}

/// The name the tracker and the printed roster give each ship of the fleet, in the tracker's
/// order: a named capital ship by its name and class, an unnamed one by its class, numbered when
/// the fleet has more than one unnamed of that class ("Lunar cruiser 1", "Lunar cruiser 2"), an
/// escort by its class numbered within its squadron, and the squadron ("Sword frigate 2
/// (squadron 1)", "Sword frigate 1 (Red)"). No two ships share a name.
pub fn labels(fleet: &Fleet) -> Vec<String> {
    named(fleet, true)
}

/// The capital ships' names alone: the first of [`labels`], one for each capital ship of a
/// known class (the fleet's rules name ships by them).
pub fn capital_labels(fleet: &Fleet) -> Vec<String> {
    named(fleet, false)
}

/// [`labels`], the escorts' with the capital ships' if `escorts`. A capital ship's name depends
/// only on the capital ships (they come first, and count apart from the squadrons).
fn named(fleet: &Fleet, escorts: bool) -> Vec<String> {
    let mut out = Vec::new();
    let unnamed = |class: &str| {
        fleet.ships.iter().filter(|s| s.name.trim().is_empty() && s.class.trim() == class).count()
    };
    // How many of each kind are numbered so far: unnamed capital ships by class (`None`), an
    // escort squadron's ships by class and squadron.
    let mut seen: Vec<(&str, Option<String>, u32)> = Vec::new();
    let mut next = |class: &'static str, squadron: Option<&str>| -> u32 {
        match seen.iter_mut().find(|(c, q, _)| *c == class && q.as_deref() == squadron) {
            Some((_, _, n)) => {
                *n += 1;
                *n
            }
            None => {
                seen.push((class, squadron.map(str::to_owned), 1));
                1
            }
        }
    };
    for s in &fleet.ships {
        let Some(ship) = data::ship(s.class.trim()) else { continue };
        let name = s.name.trim();
        out.push(if !name.is_empty() {
            line(&[&name, &" (", &ship.name, &")"])
        } else if unnamed(ship.id) > 1 {
            line(&[&ship.name, &" ", &next(ship.id, None)])
        } else {
            ship.name.to_string()
        });
    }
    for (i, q) in fleet.squadrons.iter().enumerate().filter(|_| escorts) {
        let Some(ship) = data::ship(q.class.trim()) else { continue };
        let group = q.group.trim();
        let suffix = if !group.is_empty() {
            group.to_string()
        } else if !q.name.trim().is_empty() {
            q.name.trim().to_string()
        } else {
            line(&[&"squadron ", &(i + 1)])
        };
        for _ in 0..q.count {
            let k = next(ship.id, Some(&suffix));
            out.push(line(&[&ship.name, &" ", &k, &" (", &suffix, &")"]));
        }
    }
    // Names the player gave twice are told apart by a number.
    for i in 0..out.len() {
        let dupes = out[..i].iter().filter(|l| **l == out[i]).count();
        if dupes > 0 {
            out[i] = format!("{} ({})", out[i], dupes + 1);
        }
    }
    out
}

/// A ship's salvoes now, in words.
fn salvoes_now(t: &Tracked, s: &super::ShipState) -> Vec<String> {
    if s.condition == Condition::Destroyed {
        return Vec::new();
    }
    t.fitting
        .salvoes
        .iter()
        .map(|salvo| match salvo.strength {
            Strength::Fixed(n) => salvo_strength(n, s).to_string(),
            Strength::Rolled { .. } if s.condition == Condition::Intact && !s.braced => salvo.strength.text(),
            Strength::Rolled { .. } => format!("{} halved", salvo.strength.text()),
        })
        .collect()
}

/// The battle as the page shows it; refused if the fleet no longer matches the battle.
pub fn status(battle: &Battle, fleet: &Fleet) -> Result<Status, Refusal> {
    let roster = matched(battle, fleet)?;
    let limit = fleet_limit(battle, &roster);
    let ships = roster
        .iter()
        .zip(&battle.ships)
        .map(|(t, s)| {
            let hits = t.fitting.ship.hits;
            let salvoes = salvoes_now(t, s);
            ShipStatus {
                label: s.label.clone(),
                condition: s.condition,
                hits,
                damage: s.damage,
                hits_left: hits.saturating_sub(s.damage),
                crippled_at: crippled_at(hits),
                shields: shields(t).ok(),
                shields_text: t.fitting.ship.shields,
                shields_down: s.shields_down,
                braced: s.braced,
                torpedoes_loaded: s.torpedoes_loaded,
                bays_loaded: s.bays_loaded,
                launch_capacity: capacity(t, s),
                salvo: salvoes.first().cloned(),
                salvoes,
                craft: t.fitting.craft.iter().map(|c| c.id).collect(),
                squadron: t.squadron.clone(),
            }
        })
        .collect();
    let mut squadrons: Vec<SquadronStatus> = Vec::new();
    for (i, t) in roster.iter().enumerate() {
        let Some(key) = &t.squadron else { continue };
        match squadrons.iter_mut().find(|q| q.key == *key) {
            Some(q) => q.members.push(i),
            None => squadrons.push(SquadronStatus {
                key: key.clone(),
                label: squadron_label(&roster, key),
                members: vec![i],
                torpedoes: false,
                rolled: false,
                craft: Vec::new(),
            }),
        }
        if let Some(q) = squadrons.iter_mut().find(|q| q.key == *key) {
            q.torpedoes |= !t.fitting.salvoes.is_empty();
            q.rolled |= t.fitting.salvoes.iter().any(|v| matches!(v.strength, Strength::Rolled { .. }));
            for c in &t.fitting.craft {
                if !q.craft.contains(&c.id) {
                    q.craft.push(c.id);
                }
            }
        }
    }
    squadrons.retain(|q| q.members.len() > 1);
    Ok(Status {
        turn: battle.turn,
        fleet_limit: limit,
        in_play: battle.in_play(),
        over_limit: battle.in_play() > u64::from(limit),
        ships,
        squadrons,
        undo: battle.undoable().map(str::to_string),
    })
}
