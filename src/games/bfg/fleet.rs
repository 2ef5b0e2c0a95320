//! The fleet document and its judgement: points against the limit, ids, options, escort
//! squadrons, and the ordnance figures (launch bays, the fleet's attack-craft limit, salvoes,
//! the craft each carrier launches).

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::data::{self, Bays, Craft, Kind, Price, Salvo, Ship, ShipOption, Split};
use crate::games::{Code, Problem, is_legal, nearest, or_list, shown};

/// Version of the fleet document format (`Fleet::version`) this engine reads.
pub const DOCUMENT_VERSION: u32 = 1;
/// The points limit of a fleet that does not say.
pub const DEFAULT_POINTS_LIMIT: u32 = 1500;
/// Escort squadrons of fewer ships than this are reported (a warning: our decision).
pub const SQUADRON_MIN: u32 = 2;
/// Escort squadrons of more ships than this are reported (a warning: our decision).
pub const SQUADRON_MAX: u32 = 6;

/// How many ids a "did you mean" message offers.
const OFFERED: usize = 3;

fn default_version() -> u32 {
    DOCUMENT_VERSION
}

fn default_limit() -> u32 {
    DEFAULT_POINTS_LIMIT
}

fn default_count() -> u32 {
    1
}

/// A fleet as the player builds it: the input document.
///
/// ```json
/// {"version": 1, "name": "Gothic Sector Patrol", "faction": "imperial-navy", "points_limit": 1500,
///  "ships": [{"class": "dictator-cruiser", "name": "Lord Daros", "options": ["torpedo-bombers"]},
///            {"class": "lunar-cruiser"}],
///  "squadrons": [{"class": "sword-frigate", "count": 3}]}
/// ```
/// Unknown fields are refused, so a misspelt field name is reported instead of silently ignored.
/// Every field has a default, so a short document opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fleet {
    /// Format version of this document. Default 1.
    #[serde(default = "default_version")]
    pub version: u32,
    /// The player's name for the fleet. Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// Faction id: "imperial-navy", "chaos", "orks", ... (see `data::factions`). Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::id")]
    pub faction: String,
    /// The game's points limit. Default 1500.
    #[serde(default = "default_limit", deserialize_with = "crate::games::bounds::points_limit")]
    pub points_limit: u32,
    /// Capital ships, one entry each, in the player's order.
    #[serde(default)]
    pub ships: Vec<ShipEntry>,
    /// Escort squadrons.
    #[serde(default)]
    pub squadrons: Vec<Squadron>,
}

/// One capital ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipEntry {
    /// Ship class id: "emperor-battleship". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub class: String,
    /// The ship's own name. Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// Ids of the chosen options ("sharks"). Default none.
    #[serde(default, deserialize_with = "crate::games::bounds::ids")]
    pub options: Vec<String>,
}

/// A squadron of escorts of one class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Squadron {
    /// Escort class id: "sword-frigate". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub class: String,
    /// How many ships. Default 1.
    #[serde(default = "default_count", deserialize_with = "crate::games::bounds::count_u32")]
    pub count: u32,
    /// The squadron's name. Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// Ids of the options every ship of the squadron takes. Default none.
    #[serde(default, deserialize_with = "crate::games::bounds::ids")]
    pub options: Vec<String>,
}

impl crate::games::bounds::Document for Fleet {
    const NOUN: &'static str = "fleet";
    const ENTRIES: &'static str = "ships, squadrons and their options";

    fn entries(&self) -> usize {
        let options: usize = self.ships.iter().map(|s| s.options.len()).sum::<usize>()
            + self.squadrons.iter().map(|s| s.options.len()).sum::<usize>();
        self.ships.len() + self.squadrons.len() + options
    }

    fn names(&self) -> Vec<&str> {
        let mut names = vec![self.name.as_str()];
        names.extend(self.ships.iter().map(|s| s.name.as_str()));
        names.extend(self.squadrons.iter().map(|s| s.name.as_str()));
        names
    }
}

impl crate::games::bounds::Named for Fleet {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

impl Fleet {
    /// An unnamed, empty fleet of a faction at the default limit.
    pub fn new(faction: &str) -> Self {
        Self {
            version: DOCUMENT_VERSION,
            name: String::new(),
            faction: faction.to_string(),
            points_limit: DEFAULT_POINTS_LIMIT,
            ships: Vec::new(),
            squadrons: Vec::new(),
        }
    }
}

impl ShipEntry {
    /// A ship of `class` with the given options and no name.
    pub fn new(class: &str, options: &[&str]) -> Self {
        Self {
            class: class.to_string(),
            name: String::new(),
            options: options.iter().map(|o| (*o).to_string()).collect(),
        }
    }
}

impl Squadron {
    /// `count` escorts of `class`, without options.
    pub fn new(class: &str, count: u32) -> Self {
        Self { class: class.to_string(), count, name: String::new(), options: Vec::new() }
    }
}

/// A ship as fitted: its profile with the valid options chosen applied (unknown, repeated or
/// conflicting choices are left out, and reported by `check`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitting {
    pub ship: &'static Ship,
    pub options: Vec<&'static ShipOption>,
    /// Launch bays per ship (0 without bays).
    pub bays: u32,
    /// The craft its bays carry (none without bays).
    pub craft: Vec<&'static Craft>,
    pub torpedoes: Option<Salvo>,
    /// Points per ship, options included.
    pub points: u32,
}

impl Fitting {
    /// The profile with the chosen option ids applied: each known option once, and only the
    /// first of a group.
    pub fn new(ship: &'static Ship, chosen: &[String]) -> Self {
        let mut options: Vec<&'static ShipOption> = Vec::new();
        for id in chosen {
            let Some(o) = ship.option(id) else { continue };
            let taken = options.iter().any(|t| t.id == o.id || (o.group.is_some() && t.group == o.group));
            if !taken {
                options.push(o);
            }
        }
        let all_bays = || ship.bays.into_iter().chain(options.iter().filter_map(|o| o.bays));
        let bays = all_bays().map(|b: Bays| b.count).sum();
        let mut craft: Vec<&'static Craft> = Vec::new();
        if bays > 0 {
            let ids =
                all_bays().flat_map(|b| b.craft.iter()).chain(options.iter().flat_map(|o| o.craft.iter()));
            for c in ids.filter_map(|id| data::craft_by_id(id)) {
                if !craft.iter().any(|k| k.id == c.id) {
                    craft.push(c);
                }
            }
        }
        let torpedoes = options.iter().find_map(|o| o.torpedoes).or(ship.torpedoes);
        let points = options.iter().fold(ship.points, |sum, o| sum.saturating_add(o.price.points()));
        Fitting { ship, options, bays, craft, torpedoes, points }
    }

    /// Squadrons it may launch at once: its bays, twice that if it never runs out of ordnance.
    pub fn launch_capacity(&self) -> u32 {
        if self.ship.never_runs_out { self.bays.saturating_mul(2) } else { self.bays }
    }
}

/// The engine's judgement of a fleet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Total points, options included.
    pub points: u32,
    /// The points limit.
    pub limit: u32,
    /// True when no problem is an error.
    pub legal: bool,
    pub problems: Vec<Problem>,
    /// The faction's name, if its id is known.
    pub faction_name: Option<String>,
    /// One per `Fleet::ships`, in order.
    pub ships: Vec<EntryFigures>,
    /// One per `Fleet::squadrons`, in order.
    pub squadrons: Vec<EntryFigures>,
    pub ordnance: Ordnance,
    /// `ENGINE_VERSION` of the engine that made this judgement.
    pub engine_version: u32,
}

/// The fleet's ordnance at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ordnance {
    /// Launch bays in the whole fleet.
    pub bays: u32,
    /// Attack-craft markers the fleet may have in play at full strength: its bays, those of ships
    /// that never run out of ordnance counted twice.
    pub fleet_limit: u32,
    /// Whether some bays count twice (a never-runs-out fleet).
    pub doubled: bool,
    /// Ships with launch bays.
    pub carriers: u32,
    /// Ships with a torpedo (or missile) salvo.
    pub torpedo_ships: u32,
}

/// Figures for one entry (a ship, or a squadron of escorts). `Check::ships[i]` is about
/// `Fleet::ships[i]` (part `ships.{i}` in problems), `Check::squadrons[i]` about
/// `Fleet::squadrons[i]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryFigures {
    /// The class id as sent.
    pub class: Cow<'static, str>,
    /// The class's name, or the id as sent when it is unknown.
    pub class_name: Cow<'static, str>,
    /// The player's name, or "" if none.
    pub name: String,
    /// Whether the class is known.
    pub known: bool,
    pub kind: Option<Kind>,
    /// Ships in the entry (1 for a capital ship).
    pub count: u32,
    /// Points per ship, options included.
    pub points_each: u32,
    /// Points of the whole entry.
    pub points: u32,
    /// Options chosen and valid (each once, one per group).
    pub options: Vec<&'static ShipOption>,
    pub turrets: Option<u32>,
    /// Launch bays per ship.
    pub bays: u32,
    /// Squadrons one ship may launch at once (twice its bays if it never runs out).
    pub launch_capacity: u32,
    /// What the entry adds to the fleet's attack-craft limit.
    pub limit_share: u32,
    pub never_runs_out: bool,
    /// Per ship.
    pub torpedoes: Option<Salvo>,
    /// "6@30", "D6+2@30", "missiles 8@20-40".
    pub torpedoes_text: Option<&'static str>,
    pub split: Option<Split>,
    /// The craft the bays carry, with speeds and roles.
    pub craft: Vec<&'static Craft>,
    /// The profile (or one of its craft) is not confirmed against BFG Remastered.
    pub unverified: bool,
}

/// Judge a fleet. Never panics, whatever the input.
pub fn check(fleet: &Fleet) -> Check {
    let mut problems = Vec::new();
    if fleet.version != DOCUMENT_VERSION {
        problems.push(Problem::warning(
            Code::UnknownVersion,
            Some("version".to_string()),
            format!(
                "This fleet is marked as document version {}, but this engine reads version {DOCUMENT_VERSION}: check that nothing was lost",
                fleet.version
            ),
        ));
    }
    let faction = data::faction(&fleet.faction);
    if faction.is_none() {
        problems.push(unknown_faction(&fleet.faction));
    }
    let ships: Vec<EntryFigures> =
        fleet.ships.iter().enumerate().map(|(i, s)| entry(fleet, Entry::Ship(i, s), &mut problems)).collect();
    let squadrons: Vec<EntryFigures> = fleet
        .squadrons
        .iter()
        .enumerate()
        .map(|(i, s)| entry(fleet, Entry::Squadron(i, s), &mut problems))
        .collect();
    let all = || ships.iter().chain(&squadrons);
    let points = all().fold(0u32, |sum, e| sum.saturating_add(e.points));
    if points > fleet.points_limit {
        problems.push(Problem::error(
            Code::OverPointsLimit,
            Some("points_limit".to_string()),
            format!(
                "The fleet costs {points} pts, {} over its limit of {} pts",
                points - fleet.points_limit,
                fleet.points_limit
            ),
        ));
    }
    let sum = |f: fn(&EntryFigures) -> u32| all().fold(0u32, |s, e| s.saturating_add(f(e)));
    let ordnance = Ordnance {
        bays: sum(|e| e.bays.saturating_mul(e.count)),
        fleet_limit: sum(|e| e.limit_share),
        doubled: all().any(|e| e.never_runs_out && e.bays > 0 && e.count > 0),
        carriers: sum(|e| if e.bays > 0 { e.count } else { 0 }),
        torpedo_ships: sum(|e| if e.torpedoes.is_some() { e.count } else { 0 }),
    };
    Check {
        points,
        limit: fleet.points_limit,
        legal: is_legal(&problems),
        problems,
        faction_name: faction.map(|f| f.name.to_string()),
        ships,
        squadrons,
        ordnance,
        engine_version: super::ENGINE_VERSION,
    }
}

/// An entry of either list, with its index.
#[derive(Clone, Copy)]
enum Entry<'a> {
    Ship(usize, &'a ShipEntry),
    Squadron(usize, &'a Squadron),
}

impl Entry<'_> {
    fn part(&self) -> String {
        match self {
            Entry::Ship(i, _) => format!("ships.{i}"),
            Entry::Squadron(i, _) => format!("squadrons.{i}"),
        }
    }

    fn class(&self) -> &str {
        match self {
            Entry::Ship(_, s) => &s.class,
            Entry::Squadron(_, s) => &s.class,
        }
    }

    fn options(&self) -> &[String] {
        match self {
            Entry::Ship(_, s) => &s.options,
            Entry::Squadron(_, s) => &s.options,
        }
    }

    fn name(&self) -> &str {
        match self {
            Entry::Ship(_, s) => &s.name,
            Entry::Squadron(_, s) => &s.name,
        }
    }

    fn count(&self) -> u32 {
        match self {
            Entry::Ship(..) => 1,
            Entry::Squadron(_, s) => s.count,
        }
    }

    /// "Ship 3" or "Squadron 1", for messages about an entry whose class is unknown.
    fn label(&self) -> String {
        match self {
            Entry::Ship(i, _) => format!("Ship {}", i.saturating_add(1)),
            Entry::Squadron(i, _) => format!("Squadron {}", i.saturating_add(1)),
        }
    }
}

fn entry(fleet: &Fleet, e: Entry, problems: &mut Vec<Problem>) -> EntryFigures {
    let count = e.count();
    let Some(ship) = data::ship(e.class()) else {
        problems.push(unknown_ship(fleet, &e));
        return EntryFigures {
            class: Cow::Owned(e.class().to_string()),
            class_name: Cow::Owned(shown(e.class())),
            name: e.name().to_string(),
            known: false,
            kind: None,
            count,
            points_each: 0,
            points: 0,
            options: Vec::new(),
            turrets: None,
            bays: 0,
            launch_capacity: 0,
            limit_share: 0,
            never_runs_out: false,
            torpedoes: None,
            torpedoes_text: None,
            split: None,
            craft: Vec::new(),
            unverified: false,
        };
    };
    if data::faction(&fleet.faction).is_some() && ship.faction != fleet.faction {
        let theirs = data::faction(ship.faction).map_or(ship.faction, |f| f.name);
        let ours = data::faction(&fleet.faction).map_or(fleet.faction.as_str(), |f| f.name);
        problems.push(Problem::error(
            Code::WrongFaction,
            Some(e.part()),
            format!("The {} belongs to {theirs} fleets; this fleet is {ours}", ship.name),
        ));
    }
    match e {
        Entry::Ship(..) if ship.is_escort() => problems.push(Problem::error(
            Code::EscortNotInSquadron,
            Some(e.part()),
            format!("The {} is an escort: add it as an escort squadron, not as a single ship", ship.name),
        )),
        Entry::Squadron(..) if !ship.is_escort() => problems.push(Problem::error(
            Code::CapitalShipInSquadron,
            Some(e.part()),
            format!("The {} is a {}, not an escort: add it as a ship, not in an escort squadron", ship.name, ship.kind.name()),
        )),
        Entry::Squadron(..) if !(SQUADRON_MIN..=SQUADRON_MAX).contains(&count) => problems.push(Problem::warning(
            Code::SquadronSize,
            Some(e.part()),
            format!(
                "This squadron has {count} {}; we expect escort squadrons of {SQUADRON_MIN} to {SQUADRON_MAX} ships (our reading, not a rule of the Ordnance Phase)",
                if count == 1 { "ship" } else { "ships" }
            ),
        )),
        _ => {}
    }
    check_options(ship, &e, problems);
    let fitting = Fitting::new(ship, e.options());
    let unverified = ship.unverified || fitting.craft.iter().any(|c| c.unverified);
    if unverified {
        problems.push(Problem::warning(
            Code::UnverifiedProfile,
            Some(e.part()),
            format!("The {} profile (or its craft) is not confirmed against BFG Remastered: check it before a game", ship.name),
        ));
    }
    let capacity = fitting.launch_capacity();
    EntryFigures {
        class: Cow::Borrowed(ship.id),
        class_name: Cow::Borrowed(ship.name),
        name: e.name().to_string(),
        known: true,
        kind: Some(ship.kind),
        count,
        points_each: fitting.points,
        points: fitting.points.saturating_mul(count),
        options: fitting.options,
        turrets: ship.turrets,
        bays: fitting.bays,
        launch_capacity: capacity,
        limit_share: capacity.saturating_mul(count),
        never_runs_out: ship.never_runs_out,
        torpedoes: fitting.torpedoes,
        torpedoes_text: fitting.torpedoes.map(|t| t.text),
        split: fitting.torpedoes.map(|t| t.split()),
        craft: fitting.craft,
        unverified,
    }
}

/// Unknown, repeated and conflicting options, groups left unchosen and unknown prices.
fn check_options(ship: &'static Ship, e: &Entry, problems: &mut Vec<Problem>) {
    let mut taken: Vec<&ShipOption> = Vec::new();
    for (k, id) in e.options().iter().enumerate() {
        let at = || Some(format!("{}.options.{k}", e.part()));
        let Some(o) = ship.option(id) else {
            let message = if ship.options.is_empty() {
                format!("The {} has no options: remove \"{}\"", ship.name, shown(id))
            } else {
                let closest = nearest(id, ship.options.iter().map(|o| o.id), OFFERED);
                format!("The {} has no option \"{}\": use {}", ship.name, shown(id), or_list(&closest))
            };
            problems.push(Problem::error(Code::UnknownOption, at(), message));
            continue;
        };
        if taken.iter().any(|t| t.id == o.id) {
            problems.push(Problem::error(
                Code::OptionRepeated,
                at(),
                format!("{} is chosen twice on the {}: remove one", o.name, ship.name),
            ));
            continue;
        }
        if let Some(other) = taken.iter().find(|t| o.group.is_some() && t.group == o.group) {
            problems.push(Problem::error(
                Code::OptionsExclusive,
                at(),
                format!("The {} takes {} or {}, not both: remove one", ship.name, other.name, o.name),
            ));
            continue;
        }
        if o.price == Price::Unknown {
            problems.push(Problem::warning(
                Code::OptionPriceUnknown,
                at(),
                format!("Our data gives no price for the {}'s {}: it is counted as 0 pts", ship.name, o.name),
            ));
        }
        taken.push(o);
    }
    for group in ship.groups() {
        if !taken.iter().any(|t| t.group == Some(group)) {
            let names: Vec<&str> =
                ship.options.iter().filter(|o| o.group == Some(group)).map(|o| o.name).collect();
            problems.push(Problem::error(
                Code::OptionRequired,
                Some(format!("{}.options", e.part())),
                format!("The {} needs one {group} option: choose {}", ship.name, or_list(&names)),
            ));
        }
    }
}

fn unknown_faction(id: &str) -> Problem {
    let ids: Vec<&str> = data::factions().iter().map(|f| f.id).collect();
    let message = if id.trim().is_empty() {
        format!("No faction is chosen: use {}", or_list(&ids))
    } else {
        let closest = nearest(id, ids.iter().copied(), OFFERED);
        format!("There is no faction \"{}\": use {}", shown(id), or_list(&closest))
    };
    Problem::error(Code::UnknownFaction, Some("faction".to_string()), message)
}

/// An unknown class, with the nearest ids of the fleet's faction (of every faction if the
/// fleet's is unknown), escorts for a squadron and capital ships for a ship.
fn unknown_ship(fleet: &Fleet, e: &Entry) -> Problem {
    let escorts = matches!(e, Entry::Squadron(..));
    let pool: Vec<&str> = data::ships()
        .iter()
        .filter(|s| data::faction(&fleet.faction).is_none_or(|_| s.faction == fleet.faction))
        .filter(|s| s.is_escort() == escorts)
        .map(|s| s.id)
        .collect();
    let closest = nearest(e.class(), pool.iter().copied(), OFFERED);
    let message = if e.class().trim().is_empty() {
        format!("{} has no class: use {}", e.label(), or_list(&closest))
    } else {
        format!("There is no ship class \"{}\": use {}", shown(e.class()), or_list(&closest))
    };
    Problem::error(Code::UnknownShip, Some(e.part()), message)
}
