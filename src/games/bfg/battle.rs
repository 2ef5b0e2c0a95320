//! The battle tracker: the fleet roster the rules tell players to keep, turn by turn. Pure: a
//! [`Battle`] is plain data (stored as JSON), changed only by [`apply`], which either records an
//! [`Action`] and says what happened or refuses it with the reason and changes nothing.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{self, Strength};
use super::fleet::{Fitting, Fleet};

/// Version of the battle format this engine reads.
pub const BATTLE_VERSION: u32 = 1;
/// The most ships a battle tracks (a 1,500-point fleet has a few dozen).
pub const MAX_SHIPS: usize = 300;
/// The most turns a battle runs.
pub const MAX_TURN: u32 = 999;
/// The log keeps this many entries, dropping the oldest.
pub const MAX_LOG: usize = 500;

/// How a ship has fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Intact,
    Crippled,
    Destroyed,
}

impl Condition {
    pub fn word(self) -> &'static str {
        match self {
            Condition::Intact => "intact",
            Condition::Crippled => "crippled",
            Condition::Destroyed => "destroyed",
        }
    }
}

/// One ship of the fleet in battle (each escort of a squadron is one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipState {
    /// The fleet entry it belongs to: "ships.2", "squadrons.0".
    pub part: String,
    /// Its place in a squadron (0 for a capital ship).
    pub member: u32,
    /// Class id.
    pub class: String,
    /// How the tracker names it: "Lord Daros (Dictator cruiser)", "Sword frigate 2 (squadron 1)".
    pub label: String,
    pub condition: Condition,
    pub braced: bool,
    pub torpedoes_loaded: bool,
    pub bays_loaded: bool,
    /// The turn it last launched attack craft, torpedoes, and recorded a Reload Ordnance order.
    #[serde(default)]
    pub craft_launched: Option<u32>,
    #[serde(default)]
    pub torpedoes_launched: Option<u32>,
    #[serde(default)]
    pub reloaded: Option<u32>,
}

/// One line of the turn log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub turn: u32,
    pub text: String,
}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    pub version: u32,
    pub turn: u32,
    pub ships: Vec<ShipState>,
    /// Attack-craft squadron markers in play, by craft id.
    pub markers: BTreeMap<String, u32>,
    pub log: Vec<LogEntry>,
    /// Entries dropped from the front of the log to keep it at `MAX_LOG`.
    #[serde(default)]
    pub log_dropped: u32,
}

/// The longest text the tracker writes in a ship's label or a log entry, with room to spare: a
/// label is a ship's name (at most 100 characters) and its class, a log entry a sentence naming
/// a few ships and craft.
pub const MAX_TEXT_CHARS: usize = 2_000;

impl Battle {
    /// Why this battle is not one the tracker could have written (a record read from outside,
    /// such as an imported store): more ships, log entries or turns than it keeps, a version it
    /// does not read, a text longer than it writes. `None` when it keeps every bound.
    pub fn beyond_bounds(&self) -> Option<String> {
        let long = |s: &str| s.chars().count() > MAX_TEXT_CHARS;
        if self.version != BATTLE_VERSION {
            Some(format!("its version is {}; this tracker reads version {BATTLE_VERSION}", self.version))
        } else if !(1..=MAX_TURN).contains(&self.turn) {
            Some(format!("it is at turn {}; the tracker counts turns 1 to {MAX_TURN}", self.turn))
        } else if self.ships.len() > MAX_SHIPS {
            Some(format!("it tracks {} ships; the tracker tracks at most {MAX_SHIPS}", self.ships.len()))
        } else if self.log.len() > MAX_LOG {
            Some(format!("its log has {} entries; the tracker keeps at most {MAX_LOG}", self.log.len()))
        } else if self.markers.len() > data::craft().len() {
            let kinds = data::craft().len();
            Some(format!("it has markers of {} kinds of attack craft; there are {kinds}", self.markers.len()))
        } else if self.ships.iter().any(|s| long(&s.label) || long(&s.part) || long(&s.class))
            || self.log.iter().any(|e| long(&e.text))
            || self.markers.keys().any(|k| long(k))
        {
            Some(format!("it holds a text longer than the tracker writes ({MAX_TEXT_CHARS} characters)"))
        } else {
            None
        }
    }
}

/// Why markers leave play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Removal {
    /// Shot down, caught by fighters or blast markers.
    Destroyed,
    /// Their attack done, back to their carrier.
    Returned,
    /// Called back to make room for a reloaded carrier's launch.
    Recalled,
}

/// Squadrons of one craft in a launch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Launch {
    pub craft: String,
    pub count: u32,
}

/// What a player records. Ships are numbered as in `Battle::ships`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Launch attack craft from a carrier (one launch a turn; several craft may make up a wave).
    LaunchCraft {
        ship: usize,
        squadrons: Vec<Launch>,
    },
    /// Launch the ship's salvo; `rolled` is the D6 rolled for a rolled strength; `split` the two
    /// salvoes a salvo over six may be split into.
    LaunchTorpedoes {
        ship: usize,
        #[serde(default)]
        rolled: Option<u32>,
        #[serde(default)]
        split: Option<[u32; 2]>,
    },
    /// The result of a Reload Ordnance order.
    Reload {
        ship: usize,
        success: bool,
    },
    /// Mark a ship intact, crippled or destroyed.
    SetCondition {
        ship: usize,
        condition: Condition,
    },
    /// Mark a ship braced for impact, or no longer.
    Brace {
        ship: usize,
        braced: bool,
    },
    /// Take markers out of play.
    RemoveMarkers {
        craft: String,
        count: u32,
        reason: Removal,
    },
    NextTurn {},
}

/// What an action did, as the log shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    pub turn: u32,
    pub text: String,
}

/// Why an action is refused. Nothing changes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("The fleet has changed since this battle began ({0}): start a new battle")]
    FleetChanged(String),
    #[error("A battle tracks at most {MAX_SHIPS} ships; this fleet has {0}")]
    TooManyShips(usize),
    #[error("There is no ship {index}: the battle has ships 0 to {last}")]
    NoSuchShip { index: usize, last: usize },
    #[error("{0} is destroyed")]
    Destroyed(String),
    #[error("{0} has no launch bays")]
    NoBays(String),
    #[error("{0} has no torpedoes")]
    NoTorpedoes(String),
    #[error("{0} has launched its attack craft and must Reload Ordnance before launching again")]
    BaysNotLoaded(String),
    #[error("{0} has launched its torpedoes and must Reload Ordnance before launching again")]
    TorpedoesNotLoaded(String),
    #[error("{0} has launched attack craft this turn already")]
    CraftLaunchedThisTurn(String),
    #[error("{0} has launched torpedoes this turn already")]
    TorpedoesLaunchedThisTurn(String),
    #[error("{ship} does not carry \"{craft}\": it launches {offered}")]
    NotItsCraft { ship: String, craft: String, offered: String },
    #[error("Launch at least one squadron")]
    NothingToLaunch,
    #[error("{ship} may launch at most {capacity} squadrons at once{why}; this launch has {asked}")]
    OverCapacity { ship: String, capacity: u32, asked: u64, why: String },
    #[error(
        "The fleet may have at most {limit} attack craft in play; {in_play} are in play, so {asked} more would be {over} too many"
    )]
    OverFleetLimit { limit: u32, in_play: u64, asked: u64, over: u64 },
    #[error(
        "{in_play} attack craft are in play, over the fleet's limit of {limit}: no attack craft may launch until some are removed (recall some to launch anew)"
    )]
    FleetOverLimit { limit: u32, in_play: u64 },
    #[error("{ship}'s salvo of {strength} may not be split: only salvoes over 6 may")]
    SplitNotAllowed { ship: String, strength: u32 },
    #[error(
        "A salvo of {strength} splits into two of at least 3 that add up to {strength}; {a} and {b} do not"
    )]
    BadSplit { strength: u32, a: u32, b: u32 },
    #[error("{0}'s salvo strength is rolled: give the D6 rolled (1 to 6)")]
    RollNeeded(String),
    #[error("{ship}'s salvo strength is not rolled: leave the roll out")]
    RollNotNeeded { ship: String },
    #[error("A D6 roll is 1 to 6, not {0}")]
    BadRoll(u32),
    #[error("{0} has its ordnance loaded: there is nothing to reload")]
    AlreadyLoaded(String),
    #[error("{0} never runs out of ordnance: it needs no reloading")]
    NeverRunsOut(String),
    #[error("{0} has no ordnance to reload")]
    NoOrdnance(String),
    #[error("{0} has taken Reload Ordnance this turn already")]
    ReloadedThisTurn(String),
    #[error("{0} launched ordnance this turn; orders come before shooting, so it can reload next turn")]
    ReloadAfterLaunch(String),
    #[error("{0} is braced for impact: a braced ship takes no other special order (clear the brace first)")]
    BracedNoReload(String),
    #[error("{ship} is {condition} already")]
    SameCondition { ship: String, condition: &'static str },
    #[error("{0} is an escort with one hit: it is destroyed, never crippled")]
    EscortNotCrippled(String),
    #[error("{ship} is {}braced already", if *braced { "" } else { "not " })]
    SameBrace { ship: String, braced: bool },
    #[error("There is no attack craft \"{0}\" in play")]
    NoSuchMarkers(String),
    #[error("Only {in_play} {craft} markers are in play; {asked} cannot be removed")]
    TooFewMarkers { craft: String, in_play: u32, asked: u32 },
    #[error("Markers are recalled only to launch anew, and no carrier has its bays loaded")]
    NothingToRecallFor,
    #[error("The battle has reached turn {MAX_TURN}, the last the tracker counts")]
    LastTurn,
}

/// One tracked ship with its profile as fitted.
struct Tracked {
    part: String,
    member: u32,
    fitting: Fitting,
    label: String,
}

/// The fleet's ships as the tracker sees them: every capital ship, every escort of every
/// squadron, in the document's order; entries of unknown classes are left out.
fn roster(fleet: &Fleet) -> Result<Vec<Tracked>, Refusal> {
    let total: u64 =
        fleet.ships.len() as u64 + fleet.squadrons.iter().map(|s| u64::from(s.count)).sum::<u64>();
    if total > MAX_SHIPS as u64 {
        return Err(Refusal::TooManyShips(usize::try_from(total).unwrap_or(usize::MAX)));
    }
    let mut out = Vec::new();
    for (i, s) in fleet.ships.iter().enumerate() {
        if let Some(ship) = data::ship(&s.class) {
            let label =
                if s.name.is_empty() { ship.name.to_string() } else { format!("{} ({})", s.name, ship.name) };
            out.push(Tracked {
                part: format!("ships.{i}"),
                member: 0,
                fitting: Fitting::new(ship, &s.options),
                label,
            });
        }
    }
    for (i, q) in fleet.squadrons.iter().enumerate() {
        if let Some(ship) = data::ship(&q.class) {
            for m in 0..q.count {
                let label = if q.name.is_empty() {
                    format!("{} {} (squadron {})", ship.name, m + 1, i + 1)
                } else {
                    format!("{} {} ({})", ship.name, m + 1, q.name)
                };
                out.push(Tracked {
                    part: format!("squadrons.{i}"),
                    member: m,
                    fitting: Fitting::new(ship, &q.options),
                    label,
                });
            }
        }
    }
    Ok(out)
}

/// Half, rounding up: crippled and braced ships (see `DECISIONS`).
fn half_up(n: u32) -> u32 {
    n.div_ceil(2)
}

impl Battle {
    /// A new battle: turn 1, every ship intact with torpedoes and bays loaded, nothing in play.
    pub fn new(fleet: &Fleet) -> Result<Battle, Refusal> {
        let ships = roster(fleet)?
            .into_iter()
            .map(|t| ShipState {
                part: t.part,
                member: t.member,
                class: t.fitting.ship.id.to_string(),
                label: t.label,
                condition: Condition::Intact,
                braced: false,
                torpedoes_loaded: true,
                bays_loaded: true,
                craft_launched: None,
                torpedoes_launched: None,
                reloaded: None,
            })
            .collect();
        let log =
            vec![LogEntry { turn: 1, text: "The battle begins: every ship has its ordnance loaded".into() }];
        Ok(Battle { version: BATTLE_VERSION, turn: 1, ships, markers: BTreeMap::new(), log, log_dropped: 0 })
    }

    /// Attack-craft markers in play, all craft together.
    pub fn in_play(&self) -> u64 {
        self.markers.values().map(|&n| u64::from(n)).sum()
    }
}

/// The fleet's roster, checked against the battle's ships.
fn matched(battle: &Battle, fleet: &Fleet) -> Result<Vec<Tracked>, Refusal> {
    let roster = roster(fleet)?;
    if roster.len() != battle.ships.len() {
        return Err(Refusal::FleetChanged(format!(
            "{} ships then, {} now",
            battle.ships.len(),
            roster.len()
        )));
    }
    for (t, s) in roster.iter().zip(&battle.ships) {
        if t.part != s.part || t.member != s.member || t.fitting.ship.id != s.class {
            return Err(Refusal::FleetChanged(format!("{} is now a {}", s.label, t.fitting.ship.name)));
        }
    }
    Ok(roster)
}

/// Launch bays a ship counts toward the fleet's limit in its condition (twice for a ship that
/// never runs out of ordnance).
fn limit_share(t: &Tracked, s: &ShipState) -> u32 {
    let bays = match s.condition {
        Condition::Intact => t.fitting.bays,
        Condition::Crippled => half_up(t.fitting.bays),
        Condition::Destroyed => 0,
    };
    if t.fitting.ship.never_runs_out { bays.saturating_mul(2) } else { bays }
}

/// Squadrons a ship may launch at once in its condition: its share, halved again when braced.
fn capacity(t: &Tracked, s: &ShipState) -> u32 {
    let share = limit_share(t, s);
    if s.braced { half_up(share) } else { share }
}

/// A ship's salvo strength in its condition, from its full strength.
fn salvo_strength(full: u32, s: &ShipState) -> u32 {
    let crippled = if s.condition == Condition::Crippled { half_up(full) } else { full };
    if s.braced { half_up(crippled) } else { crippled }
}

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
}

/// What one ship can do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShipStatus {
    pub label: String,
    pub condition: Condition,
    pub braced: bool,
    pub torpedoes_loaded: bool,
    pub bays_loaded: bool,
    /// Squadrons it may launch at once now (0 without bays).
    pub launch_capacity: u32,
    /// Its salvo now: "6", "3", "D6+2 halved" (none without torpedoes).
    pub salvo: Option<String>,
    /// The craft it launches, by id.
    pub craft: Vec<&'static str>,
}

/// The battle as the page shows it; refused if the fleet no longer matches the battle.
pub fn status(battle: &Battle, fleet: &Fleet) -> Result<Status, Refusal> {
    let roster = matched(battle, fleet)?;
    let fleet_limit = roster.iter().zip(&battle.ships).map(|(t, s)| limit_share(t, s)).sum::<u32>();
    let ships = roster
        .iter()
        .zip(&battle.ships)
        .map(|(t, s)| ShipStatus {
            label: s.label.clone(),
            condition: s.condition,
            braced: s.braced,
            torpedoes_loaded: s.torpedoes_loaded,
            bays_loaded: s.bays_loaded,
            launch_capacity: capacity(t, s),
            salvo: t.fitting.torpedoes.filter(|_| s.condition != Condition::Destroyed).map(
                |salvo| match salvo.strength {
                    Strength::Fixed(n) => salvo_strength(n, s).to_string(),
                    Strength::Rolled { .. } if s.condition == Condition::Intact && !s.braced => {
                        salvo.strength.text()
                    }
                    Strength::Rolled { .. } => format!("{} halved", salvo.strength.text()),
                },
            ),
            craft: t.fitting.craft.iter().map(|c| c.id).collect(),
        })
        .collect();
    Ok(Status {
        turn: battle.turn,
        fleet_limit,
        in_play: battle.in_play(),
        over_limit: battle.in_play() > u64::from(fleet_limit),
        ships,
    })
}

/// Record an action, or refuse it with the reason (the battle is then unchanged).
pub fn apply(battle: &mut Battle, fleet: &Fleet, action: Action) -> Result<Event, Refusal> {
    let roster = matched(battle, fleet)?;
    let fleet_limit = roster.iter().zip(&battle.ships).map(|(t, s)| limit_share(t, s)).sum::<u32>();
    let text = match action {
        Action::LaunchCraft { ship, squadrons } => {
            launch_craft(battle, &roster, fleet_limit, ship, &squadrons)?
        }
        Action::LaunchTorpedoes { ship, rolled, split } => {
            launch_torpedoes(battle, &roster, ship, rolled, split)?
        }
        Action::Reload { ship, success } => reload(battle, &roster, ship, success)?,
        Action::SetCondition { ship, condition } => set_condition(battle, &roster, ship, condition)?,
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
        Action::RemoveMarkers { craft, count, reason } => remove(battle, &roster, &craft, count, reason)?,
        Action::NextTurn {} => {
            if battle.turn >= MAX_TURN {
                return Err(Refusal::LastTurn);
            }
            battle.turn += 1;
            format!("Turn {} begins", battle.turn)
        }
    };
    battle.log.push(LogEntry { turn: battle.turn, text: text.clone() });
    if battle.log.len() > MAX_LOG {
        let extra = battle.log.len() - MAX_LOG;
        battle.log.drain(..extra);
        battle.log_dropped = battle.log_dropped.saturating_add(u32::try_from(extra).unwrap_or(u32::MAX));
    }
    Ok(Event { turn: battle.turn, text })
}

/// The ship at `index`, which must not be destroyed.
fn afloat(battle: &Battle, index: usize) -> Result<&ShipState, Refusal> {
    let s = battle
        .ships
        .get(index)
        .ok_or(Refusal::NoSuchShip { index, last: battle.ships.len().saturating_sub(1) })?;
    if s.condition == Condition::Destroyed {
        return Err(Refusal::Destroyed(s.label.clone()));
    }
    Ok(s)
}

fn launch_craft(
    battle: &mut Battle,
    roster: &[Tracked],
    fleet_limit: u32,
    index: usize,
    squadrons: &[Launch],
) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let t = &roster[index];
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
    let in_play = battle.in_play();
    if in_play > u64::from(fleet_limit) {
        return Err(Refusal::FleetOverLimit { limit: fleet_limit, in_play });
    }
    if in_play + asked > u64::from(fleet_limit) {
        let over = in_play + asked - u64::from(fleet_limit);
        return Err(Refusal::OverFleetLimit { limit: fleet_limit, in_play, asked, over });
    }
    for (c, n) in &craft {
        let m = battle.markers.entry(c.id.to_string()).or_insert(0);
        *m = m.saturating_add(*n);
    }
    let s = &mut battle.ships[index];
    s.craft_launched = Some(battle.turn);
    if !t.fitting.ship.never_runs_out {
        s.bays_loaded = false;
    }
    let what: Vec<String> = craft.iter().map(|(c, n)| format!("{n} {}", c.name)).collect();
    Ok(format!(
        "{label} launched {} ({asked} {}): {} of {fleet_limit} attack craft in play",
        what.join(" + "),
        if asked == 1 { "squadron" } else { "squadrons" },
        in_play + asked
    ))
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
    let label = s.label.clone();
    let Some(salvo) = t.fitting.torpedoes else {
        return Err(Refusal::NoTorpedoes(label));
    };
    if t.fitting.ship.never_runs_out {
        if s.torpedoes_launched == Some(battle.turn) {
            return Err(Refusal::TorpedoesLaunchedThisTurn(label));
        }
    } else if !s.torpedoes_loaded {
        return Err(Refusal::TorpedoesNotLoaded(label));
    }
    let full = match (salvo.strength, rolled) {
        (Strength::Fixed(n), None) => n,
        (Strength::Fixed(_), Some(_)) => return Err(Refusal::RollNotNeeded { ship: label }),
        (Strength::Rolled { .. }, None) => return Err(Refusal::RollNeeded(label)),
        (Strength::Rolled { plus }, Some(r)) if (1..=6).contains(&r) => r + plus,
        (Strength::Rolled { .. }, Some(r)) => return Err(Refusal::BadRoll(r)),
    };
    let strength = salvo_strength(full, s);
    let what = match split {
        None => format!("a salvo of {strength}"),
        Some(_) if strength <= data::SPLIT_OVER => {
            return Err(Refusal::SplitNotAllowed { ship: label, strength });
        }
        Some([a, b]) if a.checked_add(b) != Some(strength) || a.min(b) < data::SPLIT_MIN_PART => {
            return Err(Refusal::BadSplit { strength, a, b });
        }
        Some([a, b]) => format!("two salvoes of {a} and {b} (in different directions)"),
    };
    let s = &mut battle.ships[index];
    s.torpedoes_launched = Some(battle.turn);
    if !t.fitting.ship.never_runs_out {
        s.torpedoes_loaded = false;
    }
    let kind = if salvo.kind == data::SalvoKind::Missiles { "missiles" } else { "torpedoes" };
    Ok(format!("{label} launched {kind}: {what}"))
}

fn reload(battle: &mut Battle, roster: &[Tracked], index: usize, success: bool) -> Result<String, Refusal> {
    let s = afloat(battle, index)?;
    let t = &roster[index];
    let label = s.label.clone();
    let has_bays = t.fitting.bays > 0;
    let has_torpedoes = t.fitting.torpedoes.is_some();
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

fn set_condition(
    battle: &mut Battle,
    roster: &[Tracked],
    index: usize,
    condition: Condition,
) -> Result<String, Refusal> {
    let s = battle
        .ships
        .get(index)
        .ok_or(Refusal::NoSuchShip { index, last: battle.ships.len().saturating_sub(1) })?;
    let t = &roster[index];
    if s.condition == condition {
        return Err(Refusal::SameCondition { ship: s.label.clone(), condition: condition.word() });
    }
    if condition == Condition::Crippled && t.fitting.ship.is_escort() {
        return Err(Refusal::EscortNotCrippled(s.label.clone()));
    }
    let before = limit_share(t, s);
    battle.ships[index].condition = condition;
    if condition == Condition::Destroyed {
        battle.ships[index].braced = false;
    }
    let s = &battle.ships[index];
    let after = limit_share(t, s);
    let mut text = format!("{} is {}", s.label, condition.word());
    if before != after {
        let limit: u32 = roster.iter().zip(&battle.ships).map(|(t, s)| limit_share(t, s)).sum();
        text.push_str(&format!("; the fleet may now have {limit} attack craft in play"));
        if battle.in_play() > u64::from(limit) {
            text.push_str(&format!(" ({} are: none may launch until some are removed)", battle.in_play()));
        }
    }
    Ok(text)
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
