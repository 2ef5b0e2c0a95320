//! Exact ordnance odds: what a torpedo salvo, a bomber wave, assault boats or fighters on combat
//! air patrol are likely to do, as exact fractions worked out by dynamic programming over the
//! dice (no simulation), with floating-point views for display.
//!
//! Every probability is a whole number of chances over 6^n, n the dice rolled on the longest path
//! (a re-rolled die counts twice), so adding and mixing outcomes stays exact in whole numbers;
//! only the answer is reduced to lowest terms.
//!
//! How the rules are applied (the decisions where the rules text is silent are in `DECISIONS`):
//! - Turrets roll one die each (plus one per massed ship, at most three): a 4+ removes one torpedo
//!   from a salvo or one attack-craft squadron from a wave (only a 6 for craft that turrets hit
//!   only on a 6). Fighters in a wave are removed first.
//! - A torpedo rolls against the target's armour; misses are re-rolled where the salvo may.
//! - Each surviving bomber makes D6 minus the target's own turrets (massed turrets do not count)
//!   attacks, at least none; escorting fighters add one attack each, whether shot down or not,
//!   but no more than the bombers that survived, and none if no bomber survived. Every attack
//!   rolls against the target's lowest armour.
//! - Each surviving assault boat makes one hit-and-run raid.

pub use crate::games::exact::Fraction;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};

/// The strongest salvo the calculator takes (a squadron's salvoes combined stay well under it).
pub const MAX_STRENGTH: u32 = 30;
/// The most squadrons in one wave.
pub const MAX_WAVE: u32 = 20;
/// The most turrets of the ship under attack.
pub const MAX_TURRETS: u32 = 8;
/// The most ships massing turrets with it (the rules' limit).
pub const MAX_MASSED: u32 = 3;
/// The most interceptors (fighters on combat air patrol) against one wave.
pub const MAX_INTERCEPTORS: u32 = 20;

/// An input out of its range, naming the field and the range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    #[error("{field} must be from {min} to {max} (it is {value})")]
    OutOfRange { field: &'static str, min: u32, max: u32, value: u32 },
    #[error("a wave holds at most {MAX_WAVE} squadrons; this one has {0}")]
    WaveTooBig(u32),
}

fn bounded(field: &'static str, value: u32, min: u32, max: u32) -> Result<u32, OddsError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(OddsError::OutOfRange { field, min, max, value })
    }
}

/// The dice the turrets roll: the target's own and one per massing ship.
fn turret_dice(turrets: u32, massed: u32) -> Result<u32, OddsError> {
    Ok(bounded("turrets", turrets, 0, MAX_TURRETS)? + bounded("massed", massed, 0, MAX_MASSED)?)
}

/// One outcome of a distribution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    pub k: u32,
    /// P(exactly k).
    pub exactly: Fraction,
    /// P(k or more).
    pub at_least: Fraction,
    pub p: f64,
    pub p_at_least: f64,
}

/// A distribution over 0, 1, 2, ... up to the largest possible outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub outcomes: Vec<Outcome>,
    pub expected: Fraction,
    pub expected_f64: f64,
}

impl Odds {
    /// P(exactly k); 0 past the largest outcome.
    pub fn exactly(&self, k: u32) -> Fraction {
        self.outcomes.get(k as usize).map_or_else(Fraction::zero, |o| o.exactly.clone())
    }

    /// P(k or more); 0 past the largest outcome.
    pub fn at_least(&self, k: u32) -> Fraction {
        self.outcomes.get(k as usize).map_or_else(Fraction::zero, |o| o.at_least.clone())
    }

    /// The largest possible outcome.
    pub fn max(&self) -> u32 {
        u32::try_from(self.outcomes.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }
}

/// Weights over 6^dice: P(k) = w[k] / 6^dice.
#[derive(Debug, Clone)]
struct Dist {
    dice: u32,
    w: Vec<BigUint>,
}

/// One die (or a die with its re-roll) that succeeds in `hit` of 6^dice equal chances.
#[derive(Debug, Clone, Copy)]
struct Die {
    hit: u32,
    miss: u32,
    dice: u32,
}

impl Die {
    /// A D6 that succeeds on `n`+ (n from 2 to 7: 7 never succeeds).
    fn at_least(n: u32) -> Die {
        let hit = 7u32.saturating_sub(n.max(1)).min(6);
        Die { hit, miss: 6 - hit, dice: 1 }
    }

    /// A D6 that succeeds on `n`+, a miss re-rolled once.
    fn rerolled(n: u32) -> Die {
        let d = Die::at_least(n);
        Die { hit: 6 * d.hit + d.miss * d.hit, miss: d.miss * d.miss, dice: 2 }
    }
}

fn pow6(n: u32) -> BigUint {
    BigUint::from(6u32).pow(n)
}

impl Dist {
    /// Certainly k.
    fn point(k: usize) -> Dist {
        let mut w = vec![BigUint::zero(); k + 1];
        w[k] = BigUint::one();
        Dist { dice: 0, w }
    }

    /// The number of successes when n dice are rolled, n drawn from `self` (dynamic
    /// programming over the dice, one die at a time). With N the largest n, the result is over
    /// 6^(dice + die.dice * N): Horner's scheme adds each count's weight, scaled to the common
    /// denominator, after the dice that count does not roll.
    fn successes(&self, die: Die) -> Dist {
        let top = self.w.len().saturating_sub(1);
        let step = pow6(die.dice);
        let mut scale = BigUint::one();
        let mut scaled = vec![BigUint::zero(); self.w.len()];
        for n in (0..=top).rev() {
            scaled[n] = &self.w[n] * &scale;
            scale *= &step;
        }
        let mut v: Vec<BigUint> = vec![scaled[top].clone()];
        for n in (0..top).rev() {
            // One more die: v'[h] = miss * v[h] + hit * v[h - 1].
            v.push(BigUint::zero());
            for h in (0..v.len()).rev() {
                let carry = if h > 0 && die.hit > 0 { &v[h - 1] * die.hit } else { BigUint::zero() };
                v[h] *= die.miss;
                v[h] += carry;
            }
            v[0] += &scaled[n];
        }
        let top = u32::try_from(top).unwrap_or(u32::MAX);
        Dist { dice: self.dice + die.dice * top, w: v }
    }

    /// The sum of n independent draws from the weights `face` (over 6 each).
    fn sum_of(face: &[u32], n: u32) -> Vec<Dist> {
        let mut out = vec![Dist::point(0)];
        for _ in 0..n {
            let last = &out[out.len() - 1];
            let mut w = vec![BigUint::zero(); last.w.len() + face.len() - 1];
            for (i, a) in last.w.iter().enumerate() {
                for (j, &b) in face.iter().enumerate() {
                    if b > 0 {
                        w[i + j] += a * b;
                    }
                }
            }
            out.push(Dist { dice: last.dice + 1, w });
        }
        out
    }

    /// The same distribution with k mapped to `f(k)`.
    fn map(&self, f: impl Fn(usize) -> usize) -> Dist {
        let mut w: Vec<BigUint> = Vec::new();
        for (k, x) in self.w.iter().enumerate() {
            let to = f(k);
            if w.len() <= to {
                w.resize(to + 1, BigUint::zero());
            }
            w[to] += x;
        }
        Dist { dice: self.dice, w }
    }

    /// Exact odds, in lowest terms.
    fn odds(&self) -> Odds {
        let last = self.w.iter().rposition(|x| !x.is_zero()).unwrap_or(0);
        let mut outcomes = Vec::with_capacity(last + 1);
        let mut tail = BigUint::zero();
        let mut tails = vec![BigUint::zero(); last + 1];
        for k in (0..=last).rev() {
            tail += &self.w[k];
            tails[k] = tail.clone();
        }
        let mut mean = BigUint::zero();
        for (k, t) in tails.into_iter().enumerate() {
            let exactly = Fraction::over_power_of_six(self.w[k].clone(), self.dice);
            let at_least = Fraction::over_power_of_six(t, self.dice);
            mean += &self.w[k] * k;
            outcomes.push(Outcome {
                k: u32::try_from(k).unwrap_or(u32::MAX),
                p: exactly.to_f64(),
                p_at_least: at_least.to_f64(),
                exactly,
                at_least,
            });
        }
        let expected = Fraction::over_power_of_six(mean, self.dice);
        Odds { expected_f64: expected.to_f64(), expected, outcomes }
    }
}

/// Squadrons a wave's turret dice shoot down: fighters first, then the rest.
fn turret_kills(dice: u32, only_on_6: bool) -> Dist {
    Dist::point(dice as usize).successes(Die::at_least(if only_on_6 { 6 } else { 4 }))
}

/// A torpedo salvo against one ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TorpedoAttack {
    /// Torpedoes in the salvo, 1 to `MAX_STRENGTH`.
    pub strength: u32,
    /// The target's turrets, 0 to `MAX_TURRETS`.
    #[serde(default)]
    pub turrets: u32,
    /// Ships massing turrets with it, 0 to 3.
    #[serde(default)]
    pub massed: u32,
    /// The armour roll of the facing hit, 2 (2+) to 6 (6+).
    pub armour: u32,
    /// The salvo re-rolls its misses.
    #[serde(default)]
    pub reroll: bool,
}

/// What a salvo does.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TorpedoOdds {
    /// The salvo's strength after the turrets.
    pub strength_left: Odds,
    /// Hits on the target.
    pub hits: Odds,
}

/// The odds of a torpedo salvo.
pub fn torpedoes(a: &TorpedoAttack) -> Result<TorpedoOdds, OddsError> {
    let strength = bounded("strength", a.strength, 1, MAX_STRENGTH)?;
    let dice = turret_dice(a.turrets, a.massed)?;
    let armour = bounded("armour", a.armour, 2, 6)?;
    let left = turret_kills(dice, false).map(|k| (strength as usize).saturating_sub(k));
    let die = if a.reroll { Die::rerolled(armour) } else { Die::at_least(armour) };
    Ok(TorpedoOdds { hits: left.successes(die).odds(), strength_left: left.odds() })
}

/// A wave of bombers, with escorting fighters, attacking one ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BomberWave {
    pub bombers: u32,
    /// Fighters that reached the ship with the wave (not those stopped on the way).
    #[serde(default)]
    pub fighters: u32,
    /// The target's own turrets: they shoot, and each takes one attack off every bomber.
    #[serde(default)]
    pub turrets: u32,
    /// Ships massing turrets with it: they only shoot.
    #[serde(default)]
    pub massed: u32,
    /// The target's lowest armour roll, 2 to 6.
    pub armour: u32,
    /// Turrets hit the wave's craft only on a 6 (Eldar craft).
    #[serde(default)]
    pub turrets_hit_only_on_6: bool,
}

/// What a bomber wave does.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BomberOdds {
    /// Bombers left after the turrets.
    pub bombers_left: Odds,
    /// Attack dice rolled, the fighters' bonus included.
    pub attacks: Odds,
    /// Hits on the target.
    pub hits: Odds,
}

/// What is left of a wave of `strike` craft escorted by `fighters` once turrets have shot down
/// `kills` squadrons (fighters first), and the fighters' bonus attacks: one per fighter, no more
/// than the craft left, and none when no craft is left.
pub fn after_turrets(strike: u32, fighters: u32, kills: u32) -> (u32, u32) {
    let left = strike - kills.saturating_sub(fighters).min(strike);
    let bonus = if left >= 1 { fighters.min(left) } else { 0 };
    (left, bonus)
}

fn wave_size(strike: u32, fighters: u32) -> Result<(), OddsError> {
    match strike.checked_add(fighters) {
        Some(n) if n <= MAX_WAVE => Ok(()),
        n => Err(OddsError::WaveTooBig(n.unwrap_or(u32::MAX))),
    }
}

/// The odds of a bomber wave.
pub fn bombers(w: &BomberWave) -> Result<BomberOdds, OddsError> {
    let b = bounded("bombers", w.bombers, 0, MAX_WAVE)?;
    let f = bounded("fighters", w.fighters, 0, MAX_WAVE)?;
    wave_size(b, f)?;
    let dice = turret_dice(w.turrets, w.massed)?;
    let turrets = w.turrets;
    let armour = bounded("armour", w.armour, 2, 6)?;
    let kills = turret_kills(dice, w.turrets_hit_only_on_6);
    // One bomber's attacks: D6 minus the turrets, at least none.
    let mut face = vec![0u32; 6usize.saturating_sub(turrets as usize) + 1];
    for roll in 1..=6u32 {
        face[roll.saturating_sub(turrets) as usize] += 1;
    }
    let sums = Dist::sum_of(&face, b);
    // Every path brought to 6^(turret dice + bombers).
    let total = kills.dice + b;
    let mut attacks = Dist { dice: total, w: Vec::new() };
    let mut left = Dist { dice: kills.dice, w: vec![BigUint::zero(); b as usize + 1] };
    for (k, weight) in kills.w.iter().enumerate() {
        let (alive, bonus) = after_turrets(b, f, u32::try_from(k).unwrap_or(u32::MAX));
        left.w[alive as usize] += weight;
        let sum = &sums[alive as usize];
        let scale = weight * pow6(total - kills.dice - sum.dice);
        for (x, wx) in sum.w.iter().enumerate() {
            let at = x + bonus as usize;
            if attacks.w.len() <= at {
                attacks.w.resize(at + 1, BigUint::zero());
            }
            attacks.w[at] += wx * &scale;
        }
    }
    let hits = attacks.successes(Die::at_least(armour));
    Ok(BomberOdds { bombers_left: left.odds(), attacks: attacks.odds(), hits: hits.odds() })
}

/// A wave of assault boats, with escorting fighters, reaching one ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssaultWave {
    pub boats: u32,
    #[serde(default)]
    pub fighters: u32,
    #[serde(default)]
    pub turrets: u32,
    #[serde(default)]
    pub massed: u32,
    #[serde(default)]
    pub turrets_hit_only_on_6: bool,
}

/// The odds of the number of hit-and-run raids: one per boat the turrets leave.
pub fn assault_boats(w: &AssaultWave) -> Result<Odds, OddsError> {
    let b = bounded("boats", w.boats, 0, MAX_WAVE)?;
    let f = bounded("fighters", w.fighters, 0, MAX_WAVE)?;
    wave_size(b, f)?;
    let dice = turret_dice(w.turrets, w.massed)?;
    let kills = turret_kills(dice, w.turrets_hit_only_on_6);
    Ok(kills.map(|k| after_turrets(b, f, u32::try_from(k).unwrap_or(u32::MAX)).0 as usize).odds())
}

/// Fighters (on combat air patrol, or meeting the wave on its way) against a wave of attack
/// craft: escorting fighters and the rest ("strike craft": bombers, assault boats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interception {
    pub interceptors: u32,
    /// The interceptors have a 4+ save (Eldar fighters, Thunderhawks).
    #[serde(default)]
    pub interceptors_resilient: bool,
    /// Fighters in the wave.
    #[serde(default)]
    pub escorts: u32,
    #[serde(default)]
    pub escorts_resilient: bool,
    /// Bombers and assault boats in the wave.
    #[serde(default)]
    pub strike_craft: u32,
    /// They have a 4+ save against fighters (Mantas, Thunderhawks).
    #[serde(default)]
    pub strike_craft_resilient: bool,
}

/// What is left after the fighters meet the wave.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InterceptionOdds {
    pub escorts_left: Odds,
    pub strike_craft_left: Odds,
    pub interceptors_left: Odds,
}

/// The odds of fighters against a wave. Each interceptor takes on one squadron of the wave,
/// escorts first; both are removed unless a resilient one saves on a 4+. Interceptors left over
/// then take on squadrons that saved: a second fight removes both without a save.
pub fn interception(i: &Interception) -> Result<InterceptionOdds, OddsError> {
    let c = bounded("interceptors", i.interceptors, 0, MAX_INTERCEPTORS)?;
    let f = bounded("escorts", i.escorts, 0, MAX_WAVE)?;
    let s = bounded("strike_craft", i.strike_craft, 0, MAX_WAVE)?;
    wave_size(s, f)?;
    let met_f = c.min(f);
    let met_s = (c - met_f).min(s);
    let met = met_f + met_s;
    let saves = |n: u32, resilient: bool| {
        if resilient { Dist::point(n as usize).successes(Die::at_least(4)) } else { Dist::point(0) }
    };
    let (sf, ss, sc) = (
        saves(met_f, i.escorts_resilient),
        saves(met_s, i.strike_craft_resilient),
        saves(met, i.interceptors_resilient),
    );
    let dice = sf.dice + ss.dice + sc.dice;
    let blank = |n: u32| vec![BigUint::zero(); n as usize + 1];
    let (mut escorts, mut strike, mut interceptors) = (blank(f), blank(s), blank(c));
    for (saved_f, wf) in sf.w.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
        for (saved_s, ws) in ss.w.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
            let wfs = wf * ws;
            for (kept, wc) in sc.w.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
                let w = &wfs * wc;
                let (saved_f, saved_s) = (saved_f as u32, saved_s as u32);
                let spare = c - met;
                let again_f = spare.min(saved_f);
                let again_s = (spare - again_f).min(saved_s);
                escorts[(f - met_f + saved_f - again_f) as usize] += &w;
                strike[(s - met_s + saved_s - again_s) as usize] += &w;
                interceptors[(kept as u32 + spare - again_f - again_s) as usize] += w;
            }
        }
    }
    let odds = |w: Vec<BigUint>| Dist { dice, w }.odds();
    Ok(InterceptionOdds {
        escorts_left: odds(escorts),
        strike_craft_left: odds(strike),
        interceptors_left: odds(interceptors),
    })
}

/// One question for the calculator, as the API takes it: `{"kind": "torpedoes", ...}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OddsRequest {
    Torpedoes(TorpedoAttack),
    Bombers(BomberWave),
    AssaultBoats(AssaultWave),
    Interception(Interception),
}

/// The calculator's answer to one request.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OddsAnswer {
    Torpedoes(TorpedoOdds),
    Bombers(BomberOdds),
    AssaultBoats { raids: Odds },
    Interception(InterceptionOdds),
}

/// Answer any request, or say which input is out of range.
pub fn odds(r: &OddsRequest) -> Result<OddsAnswer, OddsError> {
    Ok(match r {
        OddsRequest::Torpedoes(a) => OddsAnswer::Torpedoes(torpedoes(a)?),
        OddsRequest::Bombers(w) => OddsAnswer::Bombers(bombers(w)?),
        OddsRequest::AssaultBoats(w) => OddsAnswer::AssaultBoats { raids: assault_boats(w)? },
        OddsRequest::Interception(i) => OddsAnswer::Interception(interception(i)?),
    })
}
