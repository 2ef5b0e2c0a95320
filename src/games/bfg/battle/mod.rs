//! The battle tracker: the fleet roster the rules tell players to keep, turn by turn, for the
//! whole battle: hits taken (crippled at half, destroyed at none left), shields down, braced,
//! torpedoes and bays loaded, attack craft in play against the fleet's limit, a turn log, and
//! undo. Pure: a [`Battle`] is plain data (stored as JSON), changed only by [`apply`], which
//! either records an [`Action`] and says what happened or refuses it with the reason and changes
//! nothing.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data;
use super::document::Fleet;
use super::fitting::Fitting;

mod orders;
mod status;

pub use status::{ShipStatus, SquadronStatus, Status, capital_labels, labels, status};

/// Version of the battle format this engine writes. Version 1 tracked a ship's condition only;
/// version 2 its hits taken and shields down too, and keeps an undo record.
pub const BATTLE_VERSION: u32 = 2;
/// The most ships a battle tracks (a 1,500-point fleet has a few dozen).
pub const MAX_SHIPS: usize = 300;
/// The most turns a battle runs.
pub const MAX_TURN: u32 = 999;
/// The log keeps this many entries, dropping the oldest.
pub const MAX_LOG: usize = 500;
/// ... and at most this many characters in all, dropping the oldest entries past it too: 500
/// lines naming ships of the longest, worst names (each character one HTML writes as a
/// five-byte entity) would otherwise draw 1.2 MB of page on their own. Lines naming ships of
/// ordinary names (60 to 100 characters) keep 300 to 500 of them.
pub const MAX_LOG_CHARS: usize = 30_000;
/// The most orders that can be undone, newest first.
pub const MAX_UNDO: usize = 30;
/// The most ship states the undo record keeps in all (a squadron's launch keeps one per ship).
pub const MAX_UNDO_SHIPS: usize = 600;

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

/// What a ship launched last, for the odds of its launch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastLaunch {
    pub turn: u32,
    /// The salvoes launched (their strengths), if torpedoes.
    #[serde(default)]
    pub salvoes: Vec<u32>,
    /// The squadrons launched, if attack craft.
    #[serde(default)]
    pub craft: Vec<Launch>,
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
    /// How the tracker names it: "Lord Daros (Dictator cruiser)", "Lunar cruiser 2", "Sword
    /// frigate 2 (squadron 1)".
    pub label: String,
    /// Follows its damage: crippled at half its hits, destroyed at all of them.
    pub condition: Condition,
    /// Hits taken.
    #[serde(default)]
    pub damage: u32,
    /// Shields knocked down.
    #[serde(default)]
    pub shields_down: u32,
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
    /// Its last launch.
    #[serde(default)]
    pub last_launch: Option<LastLaunch>,
}

/// One line of the turn log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub turn: u32,
    pub text: String,
}

/// What undoing an order puts back: the turn, the markers and the ships it changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    /// The order's log text.
    pub text: String,
    pub turn: u32,
    pub markers: BTreeMap<String, u32>,
    /// The ships it changed, as they were.
    pub ships: Vec<(usize, ShipState)>,
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
    /// The orders that can be undone, oldest first.
    #[serde(default)]
    pub undo: Vec<Undo>,
    /// Orders that can no longer be undone: dropped from `undo` to keep it at its bound, or
    /// given before the battle was read from version 1 (which kept no undo record).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub undo_dropped: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The longest text the tracker writes in a log entry, with room to spare: a sentence naming a
/// ship or a squadron and what it did (a squadron's salvoes listed one by one).
pub const MAX_TEXT_CHARS: usize = 2_000;
/// The longest ship label, fleet entry (`part`) or class id the tracker writes, with room to
/// spare: a label is a ship's name (at most 100 characters) and its class (at most 26), or a
/// class, a number and the squadron's name, and a number telling twins apart (at most 139 in
/// all). Every ship's label is drawn twice on the battle page (its card, its squadron's list).
pub const MAX_LABEL_CHARS: usize = 160;

/// The characters of the log's entries, all together (bounded by [`MAX_LOG_CHARS`]).
fn log_chars(log: &[LogEntry]) -> usize {
    log.iter().map(|e| e.text.chars().count()).sum()
}

impl Battle {
    /// Why this battle is not one the tracker could have written (a record read from outside,
    /// such as an imported store): more ships, log entries, undo steps or turns than it keeps, a
    /// version it does not read, a text longer than it writes. `None` when it keeps every bound.
    pub fn beyond_bounds(&self) -> Option<String> {
        let long = |s: &str| s.chars().count() > MAX_TEXT_CHARS;
        let long_label = |s: &str| s.chars().count() > MAX_LABEL_CHARS;
        if !(1..=BATTLE_VERSION).contains(&self.version) {
            Some(format!(
                "its version is {}; this tracker reads versions 1 to {BATTLE_VERSION}",
                self.version
            ))
        } else if !(1..=MAX_TURN).contains(&self.turn) {
            Some(format!("it is at turn {}; the tracker counts turns 1 to {MAX_TURN}", self.turn))
        } else if self.ships.len() > MAX_SHIPS {
            Some(format!("it tracks {} ships; the tracker tracks at most {MAX_SHIPS}", self.ships.len()))
        } else if self.log.len() > MAX_LOG {
            Some(format!("its log has {} entries; the tracker keeps at most {MAX_LOG}", self.log.len()))
        } else if self.undo.len() > MAX_UNDO {
            Some(format!("it keeps {} orders to undo; the tracker keeps at most {MAX_UNDO}", self.undo.len()))
        } else if self.markers.len() > data::craft().len() {
            let kinds = data::craft().len();
            Some(format!("it has markers of {} kinds of attack craft; there are {kinds}", self.markers.len()))
        } else if self
            .ships
            .iter()
            .chain(self.undo.iter().flat_map(|u| u.ships.iter().map(|(_, s)| s)))
            .any(|s| long_label(&s.label) || long_label(&s.part) || long_label(&s.class))
        {
            Some(format!("it names a ship with more characters than the tracker writes ({MAX_LABEL_CHARS})"))
        } else if self.log.iter().any(|e| long(&e.text))
            || self.undo.iter().any(|u| long(&u.text))
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

/// What a squadron launches at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SquadronOrdnance {
    Torpedoes,
    Craft,
}

/// What a player records. Ships are numbered as in `Battle::ships`.
///
/// Serde: the kind outside, `{"reload": {"ship": 1, "success": true}}`, so a reader keeps the
/// path to a field at fault ("reload.ship"). A kind written in a field beside the others
/// (`{"action": "reload", ...}`) is read through a buffer that loses that path: the web turns
/// such a body into this shape before reading it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Launch attack craft from a carrier (one launch a turn; several craft may make up a wave).
    LaunchCraft {
        ship: usize,
        squadrons: Vec<Launch>,
    },
    /// Launch the ship's salvoes; `rolled` is the D6 rolled for a rolled strength; `split` the
    /// two salvoes a salvo over six may be split into.
    LaunchTorpedoes {
        ship: usize,
        #[serde(default)]
        rolled: Option<u32>,
        #[serde(default, deserialize_with = "two_salvoes")]
        split: Option<[u32; 2]>,
    },
    /// Every ship of a squadron that can launches at once: its torpedoes (`rolled`: one D6 per
    /// launching ship, for rolled strengths), or as many squadrons of `craft` as it may.
    LaunchSquadron {
        squadron: String,
        ordnance: SquadronOrdnance,
        #[serde(default)]
        craft: Option<String>,
        #[serde(default)]
        rolled: Vec<u32>,
    },
    /// The result of a Reload Ordnance order.
    Reload {
        ship: usize,
        success: bool,
    },
    /// Hits a ship takes: crippled at half its hits, destroyed at all of them.
    Hits {
        ship: usize,
        hits: u32,
    },
    /// Mark a ship crippled or destroyed outright (a critical, a warp drive implosion); only
    /// undoing brings it back.
    SetCondition {
        ship: usize,
        condition: Condition,
    },
    /// How many of a ship's shields are down.
    Shields {
        ship: usize,
        down: u32,
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
    /// Put back what the last order recorded changed.
    Undo {},
}

/// Serde: a split as two salvoes' strengths, `[a, b]`; any other number of parts is refused
/// naming the field (read as a fixed pair, a third part read as broken JSON).
pub fn two_salvoes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<[u32; 2]>, D::Error> {
    let parts: Option<Vec<u32>> = Option::deserialize(d)?;
    match parts.as_deref() {
        None => Ok(None),
        Some(&[a, b]) => Ok(Some([a, b])),
        Some(other) => Err(serde::de::Error::custom(format!(
            "a salvo splits into two salvoes, [a, b], not {} part{}",
            other.len(),
            if other.len() == 1 { "" } else { "s" }
        ))),
    }
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
    #[error("{0} is destroyed: only undoing the order that destroyed it brings it back")]
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
    #[error("{ship} has {salvoes} salvoes: only a ship with one salvo splits it")]
    SplitSeveral { ship: String, salvoes: usize },
    #[error("{0}'s salvo strength is rolled: give the D6 rolled (1 to 6)")]
    RollNeeded(String),
    #[error("{ship}'s salvo strength is not rolled: leave the roll out")]
    RollNotNeeded { ship: String },
    #[error("A D6 roll is 1 to 6, not {0}")]
    BadRoll(u32),
    #[error(
        "The squadron's salvoes are rolled: give one D6 for each of its {ships} ships that launch, not {given}"
    )]
    RollsNeeded { ships: usize, given: usize },
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
    #[error("{0} is crippled: only undoing the orders that damaged it makes it intact again")]
    NoRepair(String),
    #[error("{0} is an escort with one hit: it is destroyed, never crippled")]
    EscortNotCrippled(String),
    #[error("A ship takes at least 1 hit")]
    NoHits,
    #[error("{ship} has {shields}; there are no shields to knock down")]
    NoShields { ship: String, shields: String },
    #[error("{ship} has {shields} shields; {down} cannot be down")]
    TooManyShieldsDown { ship: String, shields: u32, down: u32 },
    #[error("{ship} has {down} shields down already")]
    SameShields { ship: String, down: u32 },
    #[error("{ship} is {}braced already", if *braced { "" } else { "not " })]
    SameBrace { ship: String, braced: bool },
    #[error("There is no attack craft \"{0}\" in play")]
    NoSuchMarkers(String),
    #[error("Only {in_play} {craft} markers are in play; {asked} cannot be removed")]
    TooFewMarkers { craft: String, in_play: u32, asked: u32 },
    #[error(
        "Markers are recalled only to launch anew, and no carrier has its bays loaded and free to launch this turn"
    )]
    NothingToRecallFor,
    #[error("The battle has reached turn {MAX_TURN}, the last the tracker counts")]
    LastTurn,
    #[error("There is no squadron \"{0}\" in this battle")]
    NoSuchSquadron(String),
    #[error("No ship of {squadron} can launch {what} now: {why}")]
    SquadronCannot { squadron: String, what: &'static str, why: String },
    #[error("Launch craft from a squadron names the craft: one its carriers launch ({0})")]
    CraftNeeded(String),
    #[error("There is no order to undo{0}")]
    NothingToUndo(String),
}

/// One tracked ship with its profile as fitted.
pub(crate) struct Tracked {
    pub part: String,
    pub member: u32,
    pub fitting: Fitting,
    pub label: String,
    /// Its squadron: the group it fights in, or its escort entry ("squadrons.1").
    pub squadron: Option<String>,
}

/// The fleet's ships as the tracker sees them: every capital ship, every escort of every
/// squadron, in the document's order; entries of unknown classes are left out.
pub(crate) fn roster(fleet: &Fleet) -> Result<Vec<Tracked>, Refusal> {
    let total: u64 =
        fleet.ships.len() as u64 + fleet.squadrons.iter().map(|s| u64::from(s.count)).sum::<u64>();
    if total > MAX_SHIPS as u64 {
        return Err(Refusal::TooManyShips(usize::try_from(total).unwrap_or(usize::MAX)));
    }
    let list = super::fleet::list_of(fleet);
    let names = labels(fleet);
    let mut out = Vec::new();
    let mut at = 0;
    for (i, s) in fleet.ships.iter().enumerate() {
        if let Some(ship) = super::data::ship(s.class.trim()) {
            let group = s.group.trim();
            out.push(Tracked {
                part: format!("ships.{i}"),
                member: 0,
                fitting: Fitting::new(ship, &s.options, list),
                label: names.get(at).cloned().unwrap_or_default(),
                squadron: (!group.is_empty()).then(|| format!("group:{group}")),
            });
            at += 1;
        }
    }
    for (i, q) in fleet.squadrons.iter().enumerate() {
        if let Some(ship) = super::data::ship(q.class.trim()) {
            let group = q.group.trim();
            let squadron = if group.is_empty() { format!("squadrons.{i}") } else { format!("group:{group}") };
            for m in 0..q.count {
                out.push(Tracked {
                    part: format!("squadrons.{i}"),
                    member: m,
                    fitting: Fitting::new(ship, &q.options, list),
                    label: names.get(at).cloned().unwrap_or_default(),
                    squadron: Some(squadron.clone()),
                });
                at += 1;
            }
        }
    }
    Ok(out)
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
                damage: 0,
                shields_down: 0,
                braced: false,
                torpedoes_loaded: true,
                bays_loaded: true,
                craft_launched: None,
                torpedoes_launched: None,
                reloaded: None,
                last_launch: None,
            })
            .collect();
        let log =
            vec![LogEntry { turn: 1, text: "The battle begins: every ship has its ordnance loaded".into() }];
        Ok(Battle {
            version: BATTLE_VERSION,
            turn: 1,
            ships,
            markers: BTreeMap::new(),
            log,
            log_dropped: 0,
            undo: Vec::new(),
            undo_dropped: 0,
        })
    }

    /// Attack-craft markers in play, all craft together.
    pub fn in_play(&self) -> u64 {
        self.markers.values().map(|&n| u64::from(n)).sum()
    }

    /// Brings a battle read at an older version to this one, with the fleet it is for: a
    /// version 1 ship's condition becomes its damage (half its hits, rounding up, for a crippled
    /// ship; all of them for a destroyed one), and the names follow the fleet's. Unchanged when
    /// the fleet no longer matches it (the page says so). At any version, a log longer than this
    /// version keeps loses its oldest lines ([`Battle::keep_log_bounds`]).
    pub fn migrate(mut self, fleet: &Fleet) -> Battle {
        self.keep_log_bounds();
        if self.version >= BATTLE_VERSION {
            return self;
        }
        let Ok(roster) = matched(&self, fleet) else { return self };
        for (t, s) in roster.iter().zip(self.ships.iter_mut()) {
            let hits = t.fitting.ship.hits;
            s.damage = match s.condition {
                Condition::Intact => 0,
                Condition::Crippled => crippled_at(hits),
                Condition::Destroyed => hits,
            };
            s.label = t.label.clone();
        }
        // Its orders were given with no undo record kept.
        self.undo_dropped =
            u32::try_from(self.log.len()).unwrap_or(u32::MAX).saturating_add(self.log_dropped);
        self.version = BATTLE_VERSION;
        self
    }

    /// Drops the log's oldest lines past [`MAX_LOG`] lines or [`MAX_LOG_CHARS`] characters (the
    /// newest line is always kept), counting them as dropped. Every order does it; so does every
    /// read of a stored battle ([`Battle::migrate`]), for a log an earlier version kept longer.
    pub fn keep_log_bounds(&mut self) {
        let mut chars = log_chars(&self.log);
        let mut extra = self.log.len().saturating_sub(MAX_LOG);
        for e in &self.log[..extra] {
            chars -= e.text.chars().count();
        }
        while chars > MAX_LOG_CHARS && extra + 1 < self.log.len() {
            chars -= self.log[extra].text.chars().count();
            extra += 1;
        }
        if extra > 0 {
            self.log.drain(..extra);
            self.log_dropped = self.log_dropped.saturating_add(u32::try_from(extra).unwrap_or(u32::MAX));
        }
    }

    /// The order undoing would take back, if any.
    pub fn undoable(&self) -> Option<&str> {
        self.undo.last().map(|u| u.text.as_str())
    }
}

/// The damage at which a ship of `hits` is crippled: half its hits, rounding up (see `DECISIONS`).
pub fn crippled_at(hits: u32) -> u32 {
    hits.div_ceil(2)
}

/// A ship's condition from its damage.
pub fn condition_of(hits: u32, damage: u32) -> Condition {
    if damage >= hits {
        Condition::Destroyed
    } else if damage >= crippled_at(hits) {
        Condition::Crippled
    } else {
        Condition::Intact
    }
}

/// The fleet's roster, checked against the battle's ships.
pub(crate) fn matched(battle: &Battle, fleet: &Fleet) -> Result<Vec<Tracked>, Refusal> {
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

/// Record an action, or refuse it with the reason (the battle is then unchanged).
pub fn apply(battle: &mut Battle, fleet: &Fleet, action: Action) -> Result<Event, Refusal> {
    let roster = matched(battle, fleet)?;
    if let Action::Undo {} = action {
        let text = undo(battle, &roster)?;
        return Ok(log(battle, text));
    }
    let before_ships = battle.ships.clone();
    let before = (battle.turn, battle.markers.clone());
    let text = orders::apply(battle, &roster, action)?;
    let changed: Vec<(usize, ShipState)> =
        before_ships.into_iter().enumerate().filter(|(i, s)| battle.ships.get(*i) != Some(s)).collect();
    battle.undo.push(Undo { text: text.clone(), turn: before.0, markers: before.1, ships: changed });
    while battle.undo.len() > MAX_UNDO
        || battle.undo.iter().map(|u| u.ships.len()).sum::<usize>() > MAX_UNDO_SHIPS
    {
        battle.undo.remove(0);
        battle.undo_dropped = battle.undo_dropped.saturating_add(1);
    }
    Ok(log(battle, text))
}

/// Takes back the last order recorded. Its log text is repeated, with the fleet's limit as it
/// is after the undo when the order had changed it.
fn undo(battle: &mut Battle, roster: &[Tracked]) -> Result<String, Refusal> {
    let Some(u) = battle.undo.pop() else {
        let why = if battle.undo_dropped > 0 {
            format!(" (the tracker keeps the last {MAX_UNDO} orders; older ones stay as they are)")
        } else {
            String::new()
        };
        return Err(Refusal::NothingToUndo(why));
    };
    let markers_changed = battle.markers != u.markers;
    battle.turn = u.turn;
    battle.markers = u.markers;
    for (i, s) in u.ships {
        if let Some(slot) = battle.ships.get_mut(i) {
            *slot = s;
        }
    }
    // The order's figures were those after it; the ones after the undo follow.
    const LIMIT: &str = "; the fleet may now have ";
    let (text, limit_changed) = match u.text.find(LIMIT) {
        Some(at) => (&u.text[..at], true),
        None => (u.text.as_str(), false),
    };
    let mut out = format!("Undone: {text}");
    if limit_changed || markers_changed {
        let limit = orders::fleet_limit(battle, roster);
        out.push_str(&format!("; now {} of {limit} attack craft in play", battle.in_play()));
    }
    Ok(out)
}

/// Writes the log line, keeping the log within its bounds ([`Battle::keep_log_bounds`]).
fn log(battle: &mut Battle, text: String) -> Event {
    battle.log.push(LogEntry { turn: battle.turn, text: text.clone() });
    battle.keep_log_bounds();
    Event { turn: battle.turn, text }
}
