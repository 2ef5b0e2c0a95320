//! Each order the tracker records: what it changes, and the refusals that leave the battle as
//! it was.

use super::{
    Action, Battle, Condition, LastLaunch, Launch, MAX_TURN, Refusal, Removal, ShipState, SquadronOrdnance,
    Tracked, condition_of, crippled_at,
};
use crate::games::bfg::data::{self, Strength};
use crate::games::bfg::fitting::half_up;

/// Launch bays a ship counts toward the fleet's limit in its condition (twice for a ship that
/// never runs out of ordnance).
pub(super) fn limit_share(t: &Tracked, s: &ShipState) -> u32 {
    let bays = match s.condition {
        Condition::Intact => t.fitting.bays,
        Condition::Crippled => half_up(t.fitting.bays),
        Condition::Destroyed => 0,
    };
    if t.fitting.ship.never_runs_out { bays.saturating_mul(2) } else { bays }
}

/// Squadrons a ship may launch at once in its condition: its share, halved again when braced.
pub(super) fn capacity(t: &Tracked, s: &ShipState) -> u32 {
    let share = limit_share(t, s);
    if s.braced { half_up(share) } else { share }
}

/// A salvo's strength in the ship's condition, from its full strength: halved when crippled,
/// halved again when braced, rounding up each time.
pub(super) fn salvo_strength(full: u32, s: &ShipState) -> u32 {
    let crippled = if s.condition == Condition::Crippled { half_up(full) } else { full };
    if s.braced { half_up(crippled) } else { crippled }
}

/// The fleet's attack-craft limit now.
pub(super) fn fleet_limit(battle: &Battle, roster: &[Tracked]) -> u32 {
    roster.iter().zip(&battle.ships).map(|(t, s)| limit_share(t, s)).sum()
}

/// The ship's shields as a number, or what it has instead ("holofields").
pub(super) fn shields(t: &Tracked) -> Result<u32, &'static str> {
    t.fitting.ship.shields.trim().parse::<u32>().map_err(|_| t.fitting.ship.shields)
}

pub(super) fn apply(battle: &mut Battle, roster: &[Tracked], action: Action) -> Result<String, Refusal> {
    let limit = fleet_limit(battle, roster);
    Ok(match action {
        Action::LaunchCraft { ship, squadrons } => launch_craft(battle, roster, limit, ship, &squadrons)?,
        Action::LaunchTorpedoes { ship, rolled, split } => {
            launch_torpedoes(battle, roster, ship, rolled, split)?
        }
        Action::LaunchSquadron { squadron, ordnance, craft, rolled } => {
            launch_squadron(battle, roster, limit, &squadron, ordnance, craft.as_deref(), &rolled)?
        }
        Action::Reload { ship, success } => reload(battle, roster, ship, success)?,
        Action::Hits { ship, hits } => take_hits(battle, roster, ship, hits)?,
        Action::SetCondition { ship, condition } => set_condition(battle, roster, ship, condition)?,
        Action::Shields { ship, down } => set_shields(battle, roster, ship, down)?,
        Action::Brace { ship, braced } => {
            let s = afloat(battle, ship)?;
            if s.braced == braced {
                return Err(Refusal::SameBrace { ship: s.label.clone(), braced });
            }
            let s = &mut battle.ships[ship];
            s.braced = braced;
            if braced {
                format!("{} braces for impact: it launches half its ordnance while braced", s.label)
            } else {
                format!("{} is no longer braced", s.label)
            }
        }
        Action::RemoveMarkers { craft, count, reason } => remove(battle, roster, &craft, count, reason)?,
        Action::NextTurn {} => {
            if battle.turn >= MAX_TURN {
                return Err(Refusal::LastTurn);
            }
            battle.turn += 1;
            format!("Turn {} begins", battle.turn)
        }
        // Undo is the battle's own (see `super::apply`).
        Action::Undo {} => return Err(Refusal::NothingToUndo(String::new())),
    })
}

/// The ship at `index`, which must not be destroyed.
pub(super) fn afloat(battle: &Battle, index: usize) -> Result<&ShipState, Refusal> {
    let s = at(battle, index)?;
    if s.condition == Condition::Destroyed {
        return Err(Refusal::Destroyed(s.label.clone()));
    }
    Ok(s)
}

fn at(battle: &Battle, index: usize) -> Result<&ShipState, Refusal> {
    battle.ships.get(index).ok_or(Refusal::NoSuchShip { index, last: battle.ships.len().saturating_sub(1) })
}

/// What a launch of craft from one ship would put in play, checked against the ship alone.
fn craft_launch(
    battle: &Battle,
    t: &Tracked,
    s: &ShipState,
    squadrons: &[Launch],
) -> Result<Vec<(&'static data::Craft, u32)>, Refusal> {
    let label = s.label.clone();
    if t.fitting.bays == 0 {
        return Err(Refusal::NoBays(label));
    }
    if t.fitting.ship.never_runs_out {
        if s.craft_launched == Some(battle.turn) {
            return Err(Refusal::CraftLaunchedThisTurn(label));
        }
    } else if !s.bays_loaded {
        return Err(Refusal::BaysNotLoaded(label));
    }
    let mut craft = Vec::new();
    for l in squadrons.iter().filter(|l| l.count > 0) {
        let Some(c) = t.fitting.craft.iter().find(|c| c.id == l.craft) else {
            let offered: Vec<&str> = t.fitting.craft.iter().map(|c| c.id).collect();
            return Err(Refusal::NotItsCraft {
                ship: label,
                craft: crate::games::shown(&l.craft),
                offered: crate::games::or_list(&offered),
            });
        };
        craft.push((*c, l.count));
    }
    let asked: u64 = craft.iter().map(|(_, n)| u64::from(*n)).sum();
    if asked == 0 {
        return Err(Refusal::NothingToLaunch);
    }
    let cap = capacity(t, s);
    if asked > u64::from(cap) {
        let mut why = Vec::new();
        if s.condition == Condition::Crippled {
            why.push("crippled");
        }
        if s.braced {
            why.push("braced");
        }
        let why = if why.is_empty() { String::new() } else { format!(" while {}", why.join(" and ")) };
        return Err(Refusal::OverCapacity { ship: label, capacity: cap, asked, why });
    }
    Ok(craft)
}

/// Whether `asked` more markers fit the fleet's limit now.
fn fits_limit(battle: &Battle, limit: u32, asked: u64) -> Result<(), Refusal> {
    let in_play = battle.in_play();
    if in_play > u64::from(limit) {
        return Err(Refusal::FleetOverLimit { limit, in_play });
    }
    if in_play + asked > u64::from(limit) {
        let over = in_play + asked - u64::from(limit);
        return Err(Refusal::OverFleetLimit { limit, in_play, asked, over });
    }
    Ok(())
}

/// Puts launched craft in play and marks the ship as having launched.
fn put_in_play(battle: &mut Battle, t: &Tracked, index: usize, craft: &[(&'static data::Craft, u32)]) {
    for (c, n) in craft {
        let m = battle.markers.entry(c.id.to_string()).or_insert(0);
        *m = m.saturating_add(*n);
    }
    let turn = battle.turn;
    let s = &mut battle.ships[index];
    s.craft_launched = Some(turn);
    if !t.fitting.ship.never_runs_out {
        s.bays_loaded = false;
    }
    let craft = craft.iter().map(|(c, n)| Launch { craft: c.id.to_string(), count: *n }).collect();
    s.last_launch = Some(LastLaunch { turn, salvoes: Vec::new(), craft });
}

fn launch_craft(
    battle: &mut Battle,
    roster: &[Tracked],
    limit: u32,
    index: usize,
    squadrons: &[Launch],
) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let t = &roster[index];
    let label = s.label.clone();
    let craft = craft_launch(battle, t, s, squadrons)?;
    let asked: u64 = craft.iter().map(|(_, n)| u64::from(*n)).sum();
    fits_limit(battle, limit, asked)?;
    let in_play = battle.in_play();
    put_in_play(battle, t, index, &craft);
    let what: Vec<String> = craft.iter().map(|(c, n)| format!("{n} {}", c.name)).collect();
    Ok(format!(
        "{label} launched {} ({asked} {}): {} of {limit} attack craft in play",
        what.join(" + "),
        if asked == 1 { "squadron" } else { "squadrons" },
        in_play + asked
    ))
}

/// The strengths a ship launches now: one per salvo, or the two parts of a split one.
fn salvoes_now(
    t: &Tracked,
    s: &ShipState,
    rolled: Option<u32>,
    split: Option<[u32; 2]>,
) -> Result<Vec<u32>, Refusal> {
    let label = s.label.clone();
    let rolled_any = t.fitting.salvoes.iter().any(|v| matches!(v.strength, Strength::Rolled { .. }));
    if rolled.is_some() && !rolled_any {
        return Err(Refusal::RollNotNeeded { ship: label });
    }
    let mut out = Vec::new();
    for salvo in &t.fitting.salvoes {
        let full = match (salvo.strength, rolled) {
            (Strength::Fixed(n), _) => n,
            (Strength::Rolled { .. }, None) => return Err(Refusal::RollNeeded(label)),
            (Strength::Rolled { plus }, Some(r)) if (1..=6).contains(&r) => r + plus,
            (Strength::Rolled { .. }, Some(r)) => return Err(Refusal::BadRoll(r)),
        };
        out.push(salvo_strength(full, s));
    }
    match split {
        None => Ok(out),
        Some(_) if out.len() > 1 => Err(Refusal::SplitSeveral { ship: label, salvoes: out.len() }),
        Some([a, b]) => {
            let strength = out.first().copied().unwrap_or(0);
            if strength <= data::SPLIT_OVER {
                return Err(Refusal::SplitNotAllowed { ship: label, strength });
            }
            if a.checked_add(b) != Some(strength) || a.min(b) < data::SPLIT_MIN_PART {
                return Err(Refusal::BadSplit { strength, a, b });
            }
            Ok(vec![a, b])
        }
    }
}

/// Whether the ship may launch torpedoes now (loaded, or never running out and not yet this turn).
fn torpedoes_ready(battle: &Battle, t: &Tracked, s: &ShipState) -> Result<(), Refusal> {
    let label = s.label.clone();
    if t.fitting.salvoes.is_empty() {
        return Err(Refusal::NoTorpedoes(label));
    }
    if t.fitting.ship.never_runs_out {
        if s.torpedoes_launched == Some(battle.turn) {
            return Err(Refusal::TorpedoesLaunchedThisTurn(label));
        }
    } else if !s.torpedoes_loaded {
        return Err(Refusal::TorpedoesNotLoaded(label));
    }
    Ok(())
}

fn mark_torpedoes(battle: &mut Battle, t: &Tracked, index: usize, salvoes: &[u32]) {
    let turn = battle.turn;
    let s = &mut battle.ships[index];
    s.torpedoes_launched = Some(turn);
    if !t.fitting.ship.never_runs_out {
        s.torpedoes_loaded = false;
    }
    s.last_launch = Some(LastLaunch { turn, salvoes: salvoes.to_vec(), craft: Vec::new() });
}

fn salvo_words(t: &Tracked, salvoes: &[u32], split: bool) -> String {
    let kind = if t.fitting.salvoes.iter().all(|s| s.kind == data::SalvoKind::Missiles) {
        "missiles"
    } else {
        "torpedoes"
    };
    match salvoes {
        [one] => format!("{kind}: a salvo of {one}"),
        [a, b] if split => format!("{kind}: two salvoes of {a} and {b} (in different directions)"),
        many => {
            let parts: Vec<String> = many.iter().map(u32::to_string).collect();
            format!("{kind}: {} salvoes, of {}", many.len(), parts.join(" and "))
        }
    }
}

fn launch_torpedoes(
    battle: &mut Battle,
    roster: &[Tracked],
    index: usize,
    rolled: Option<u32>,
    split: Option<[u32; 2]>,
) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let t = &roster[index];
    torpedoes_ready(battle, t, s)?;
    let label = s.label.clone();
    let salvoes = salvoes_now(t, s, rolled, split)?;
    mark_torpedoes(battle, t, index, &salvoes);
    Ok(format!("{label} launched {}", salvo_words(t, &salvoes, split.is_some())))
}

/// The ships of a squadron, by key.
fn squadron_members(roster: &[Tracked], key: &str) -> Vec<usize> {
    roster.iter().enumerate().filter(|(_, t)| t.squadron.as_deref() == Some(key)).map(|(i, _)| i).collect()
}

/// The squadron's name as the log writes it.
pub(super) fn squadron_label(roster: &[Tracked], key: &str) -> String {
    if let Some(group) = key.strip_prefix("group:") {
        return format!("the squadron \"{group}\"");
    }
    let members = squadron_members(roster, key);
    let first = members.first().and_then(|&i| roster.get(i));
    match first {
        Some(t) => {
            let n = key.rsplit('.').next().and_then(|n| n.parse::<usize>().ok()).map_or(0, |n| n + 1);
            let class = if members.len() == 1 {
                t.fitting.ship.name.to_string()
            } else {
                format!("{}s", t.fitting.ship.name)
            };
            format!("squadron {n} ({} {class})", members.len())
        }
        None => key.to_string(),
    }
}

fn launch_squadron(
    battle: &mut Battle,
    roster: &[Tracked],
    limit: u32,
    key: &str,
    ordnance: SquadronOrdnance,
    craft: Option<&str>,
    rolled: &[u32],
) -> Result<String, Refusal> {
    let members = squadron_members(roster, key);
    if members.is_empty() {
        return Err(Refusal::NoSuchSquadron(crate::games::shown(key)));
    }
    let name = squadron_label(roster, key);
    match ordnance {
        SquadronOrdnance::Torpedoes => {
            let mut ready = Vec::new();
            let mut why = None;
            for &i in &members {
                let s = &battle.ships[i];
                if s.condition == Condition::Destroyed {
                    why.get_or_insert_with(|| format!("{} is destroyed", s.label));
                    continue;
                }
                match torpedoes_ready(battle, &roster[i], s) {
                    Ok(()) => ready.push(i),
                    Err(r) => {
                        why.get_or_insert_with(|| r.to_string());
                    }
                }
            }
            if ready.is_empty() {
                return Err(Refusal::SquadronCannot {
                    squadron: name,
                    what: "torpedoes",
                    why: why.unwrap_or_else(|| "none has torpedoes".into()),
                });
            }
            let rolls_needed = ready
                .iter()
                .filter(|&&i| {
                    roster[i].fitting.salvoes.iter().any(|v| matches!(v.strength, Strength::Rolled { .. }))
                })
                .count();
            if rolls_needed > 0 && rolled.len() != ready.len() {
                return Err(Refusal::RollsNeeded { ships: ready.len(), given: rolled.len() });
            }
            let mut all = Vec::new();
            let mut plan = Vec::new();
            for (k, &i) in ready.iter().enumerate() {
                let roll = if rolls_needed > 0 { rolled.get(k).copied() } else { None };
                let salvoes = salvoes_now(&roster[i], &battle.ships[i], roll, None)?;
                all.extend(salvoes.iter().copied());
                plan.push((i, salvoes));
            }
            for (i, salvoes) in &plan {
                mark_torpedoes(battle, &roster[*i], *i, salvoes);
            }
            let total: u32 = all.iter().sum();
            let parts: Vec<String> = all.iter().map(u32::to_string).collect();
            Ok(format!(
                "{} launched torpedoes from {} {}: salvoes of {} (a combined salvo of {total} if launched together)",
                capital(&name),
                ready.len(),
                if ready.len() == 1 { "ship" } else { "ships" },
                parts.join(", ")
            ))
        }
        SquadronOrdnance::Craft => {
            let offered: Vec<&str> = {
                let mut v: Vec<&str> = Vec::new();
                for &i in &members {
                    for c in &roster[i].fitting.craft {
                        if !v.contains(&c.id) {
                            v.push(c.id);
                        }
                    }
                }
                v
            };
            let Some(craft) = craft.filter(|c| !c.trim().is_empty()) else {
                return Err(Refusal::CraftNeeded(crate::games::or_list(&offered)));
            };
            let mut plan = Vec::new();
            let mut why = None;
            for &i in &members {
                let (t, s) = (&roster[i], &battle.ships[i]);
                if s.condition == Condition::Destroyed || !t.fitting.craft.iter().any(|c| c.id == craft) {
                    continue;
                }
                let launch = [Launch { craft: craft.to_string(), count: capacity(t, s) }];
                match craft_launch(battle, t, s, &launch) {
                    Ok(c) => plan.push((i, c)),
                    Err(r) => {
                        why.get_or_insert_with(|| r.to_string());
                    }
                }
            }
            if plan.is_empty() {
                let why = why.unwrap_or_else(|| format!("none carries \"{}\"", crate::games::shown(craft)));
                return Err(Refusal::SquadronCannot { squadron: name, what: "attack craft", why });
            }
            let asked: u64 = plan.iter().flat_map(|(_, c)| c.iter()).map(|(_, n)| u64::from(*n)).sum();
            fits_limit(battle, limit, asked)?;
            let in_play = battle.in_play();
            let craft_name = plan.first().and_then(|(_, c)| c.first()).map_or(craft, |(c, _)| c.name);
            for (i, c) in &plan {
                put_in_play(battle, &roster[*i], *i, c);
            }
            Ok(format!(
                "{} launched {asked} {craft_name} {} from {} {}: {} of {limit} attack craft in play",
                capital(&name),
                if asked == 1 { "squadron" } else { "squadrons" },
                plan.len(),
                if plan.len() == 1 { "ship" } else { "ships" },
                in_play + asked
            ))
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn reload(battle: &mut Battle, roster: &[Tracked], index: usize, success: bool) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let t = &roster[index];
    let label = s.label.clone();
    let has_bays = t.fitting.bays > 0;
    let has_torpedoes = !t.fitting.salvoes.is_empty();
    if !has_bays && !has_torpedoes {
        return Err(Refusal::NoOrdnance(label));
    }
    if t.fitting.ship.never_runs_out {
        return Err(Refusal::NeverRunsOut(label));
    }
    if s.braced {
        return Err(Refusal::BracedNoReload(label));
    }
    if s.reloaded == Some(battle.turn) {
        return Err(Refusal::ReloadedThisTurn(label));
    }
    if s.craft_launched == Some(battle.turn) || s.torpedoes_launched == Some(battle.turn) {
        return Err(Refusal::ReloadAfterLaunch(label));
    }
    let loaded = (!has_bays || s.bays_loaded) && (!has_torpedoes || s.torpedoes_loaded);
    if loaded {
        return Err(Refusal::AlreadyLoaded(label));
    }
    let s = &mut battle.ships[index];
    s.reloaded = Some(battle.turn);
    Ok(if success {
        s.bays_loaded = true;
        s.torpedoes_loaded = true;
        format!("{label} reloaded its ordnance")
    } else {
        format!("{label} failed to reload its ordnance")
    })
}

/// Sets a ship's damage, and what follows: its condition, the brace of a wreck, the fleet's
/// limit. `took`: the hits of a Hits order, for the log.
fn damage_to(
    battle: &mut Battle,
    roster: &[Tracked],
    index: usize,
    damage: u32,
    took: Option<u32>,
) -> String {
    let t = &roster[index];
    let hits = t.fitting.ship.hits;
    let before = limit_share(t, &battle.ships[index]);
    let was = battle.ships[index].condition;
    let s = &mut battle.ships[index];
    s.damage = damage.min(hits);
    s.condition = condition_of(hits, s.damage);
    if s.condition == Condition::Destroyed {
        s.braced = false;
        s.shields_down = 0;
    }
    let left = hits - s.damage;
    let state = match s.condition {
        Condition::Destroyed => "destroyed".to_string(),
        Condition::Crippled if was != Condition::Crippled => format!("crippled, {left} of {hits} hits left"),
        _ => format!("{left} of {hits} hits left"),
    };
    let mut text = match took {
        Some(1) => format!("{} takes 1 hit: {state}", s.label),
        Some(n) => format!("{} takes {n} hits: {state}", s.label),
        None => format!("{} is {state}", s.label),
    };
    if before != limit_share(t, &battle.ships[index]) {
        let limit = fleet_limit(battle, roster);
        text.push_str(&format!("; the fleet may now have {limit} attack craft in play"));
        if battle.in_play() > u64::from(limit) {
            text.push_str(&format!(" ({} are: none may launch until some are removed)", battle.in_play()));
        }
    }
    text
}

fn take_hits(battle: &mut Battle, roster: &[Tracked], index: usize, hits: u32) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    if hits == 0 {
        return Err(Refusal::NoHits);
    }
    let damage = s.damage.saturating_add(hits);
    Ok(damage_to(battle, roster, index, damage, Some(hits)))
}

fn set_condition(
    battle: &mut Battle,
    roster: &[Tracked],
    index: usize,
    condition: Condition,
) -> Result<String, Refusal> {
    let s = at(battle, index)?;
    let t = &roster[index];
    if s.condition == condition {
        return Err(Refusal::SameCondition { ship: s.label.clone(), condition: condition.word() });
    }
    if s.condition == Condition::Destroyed {
        return Err(Refusal::Destroyed(s.label.clone()));
    }
    if condition == Condition::Crippled && t.fitting.ship.is_escort() {
        return Err(Refusal::EscortNotCrippled(s.label.clone()));
    }
    let hits = t.fitting.ship.hits;
    let damage = match condition {
        Condition::Intact => return Err(Refusal::NoRepair(s.label.clone())),
        Condition::Crippled => s.damage.max(crippled_at(hits)),
        Condition::Destroyed => hits,
    };
    Ok(damage_to(battle, roster, index, damage, None))
}

fn set_shields(battle: &mut Battle, roster: &[Tracked], index: usize, down: u32) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let label = s.label.clone();
    let total = shields(&roster[index])
        .map_err(|what| Refusal::NoShields { ship: label.clone(), shields: what.to_string() })?;
    if total == 0 {
        return Err(Refusal::NoShields { ship: label, shields: "no shields".into() });
    }
    if down > total {
        return Err(Refusal::TooManyShieldsDown { ship: label, shields: total, down });
    }
    if s.shields_down == down {
        return Err(Refusal::SameShields { ship: label, down });
    }
    battle.ships[index].shields_down = down;
    Ok(if down == 0 {
        format!("{label}'s shields are back up ({total} of {total})")
    } else {
        format!("{label} has {down} of {total} shields down")
    })
}

fn remove(
    battle: &mut Battle,
    roster: &[Tracked],
    craft: &str,
    count: u32,
    reason: Removal,
) -> Result<String, Refusal> {
    let Some(&in_play) = battle.markers.get(craft) else {
        return Err(Refusal::NoSuchMarkers(crate::games::shown(craft)));
    };
    if count == 0 || count > in_play {
        let name = data::craft_by_id(craft).map_or(craft, |c| c.name);
        return Err(Refusal::TooFewMarkers { craft: name.to_string(), in_play, asked: count });
    }
    if reason == Removal::Recalled {
        // A carrier that can launch this turn: afloat, with bays it may launch from now, loaded
        // (or never running out), and not yet launched this turn.
        let ready = roster.iter().zip(&battle.ships).any(|(t, s)| {
            s.condition != Condition::Destroyed
                && capacity(t, s) > 0
                && (s.bays_loaded || t.fitting.ship.never_runs_out)
                && s.craft_launched != Some(battle.turn)
        });
        if !ready {
            return Err(Refusal::NothingToRecallFor);
        }
    }
    if count == in_play {
        battle.markers.remove(craft);
    } else {
        battle.markers.insert(craft.to_string(), in_play - count);
    }
    let name = data::craft_by_id(craft).map_or(craft, |c| c.name);
    let how = match reason {
        Removal::Destroyed => "destroyed",
        Removal::Returned => "returned",
        Removal::Recalled => "recalled",
    };
    Ok(format!(
        "{count} {name} {} {how}: {} attack craft in play",
        if count == 1 { "marker" } else { "markers" },
        battle.in_play()
    ))
}
