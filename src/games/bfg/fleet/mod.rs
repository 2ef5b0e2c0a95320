//! The fleet's judgement: faction and list, each entry's class, options and leaders, points
//! against the limit, the ordnance figures, and every composition rule of the list
//! ([`super::lists`]).

use serde::Serialize;
use std::borrow::Cow;

use super::composition::{self as lists, RuleState};
use super::data::{
    self, Craft, Kind, Salvo, Ship, ShipOption, Split, Weapon,
    lists::{FleetList, Leader},
};
use super::document::{Aboard, Fleet, ShipEntry, Squadron};
use super::fitting::{Fitting, parse_pick};
use crate::games::{Problem, Shared, bfg::Code, is_legal, line, nearest, or_list, shown};

pub use super::document::DOCUMENT_VERSION;

mod leaders;
mod options;

use leaders::leader;
use options::check_options;

/// How many ids a "did you mean" message offers.
const OFFERED: usize = 3;

/// The engine's judgement of a fleet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Total points of the entries that count, options and leaders included.
    pub points: u32,
    /// The points limit.
    pub limit: u32,
    /// True when no problem is an error.
    pub legal: bool,
    pub problems: Vec<Problem>,
    /// The faction's name, if its id is known.
    pub faction_name: Option<String>,
    /// The fleet list's id and name, if known (and of the faction).
    pub list: Option<&'static str>,
    pub list_name: Option<String>,
    /// One per `Fleet::ships`, in order.
    pub ships: Vec<EntryFigures>,
    /// One per `Fleet::squadrons`, in order.
    pub squadrons: Vec<EntryFigures>,
    /// The fleet's own leaders (on no ship), in order.
    pub leaders: Vec<LeaderFigures>,
    pub ordnance: Ordnance,
    /// Every rule of the list, kept, broken or explained.
    pub rules: Vec<RuleState>,
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

/// A leader as judged: who, what he costs, his leadership and re-rolls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeaderFigures {
    /// The id as sent.
    pub id: String,
    /// The leader's name, or the id as sent when it is unknown.
    pub name: String,
    pub known: bool,
    #[serde(skip)]
    pub leader: Option<&'static data::lists::Leader>,
    /// Points with the re-rolls bought.
    pub points: u32,
    pub leadership: &'static str,
    /// Re-rolls included, as printed.
    pub rerolls_included: &'static str,
    /// Extra re-rolls bought.
    pub rerolls_bought: u32,
    /// Its path in the document: "ships.0.leaders.1", "leaders.0".
    pub part: String,
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
    /// Its squadron group, or "".
    pub group: String,
    /// Whether the class is known.
    pub known: bool,
    /// Whether it counts toward the fleet's points, ordnance and rules: not a ship of another
    /// faction that its list does not field (it is shown, marked, and left out).
    pub counted: bool,
    /// Its list fields it (or it is a reserve the list may take).
    pub in_list: bool,
    pub reserve: bool,
    pub kind: Option<Kind>,
    /// Ships in the entry (1 for a capital ship).
    pub count: u32,
    /// Points per ship, options included (leaders not).
    pub points_each: u32,
    /// Points of the whole entry, leaders included; 0 when not counted.
    pub points: u32,
    /// Options chosen and valid, with their picks.
    pub options: Vec<OptionTaken>,
    /// The profile: hits, speeds (cm), turns (degrees), shields and armour as printed.
    pub hits: u32,
    pub speeds_cm: &'static [u32],
    pub turns: Option<u32>,
    pub shields: &'static str,
    pub armour: &'static str,
    /// Turrets with the options' added.
    pub turrets: Option<u32>,
    /// Weapons as fitted.
    pub weapons: Vec<&'static Weapon>,
    /// Launch bays per ship.
    pub bays: u32,
    /// Squadrons one ship may launch at once (twice its bays if it never runs out).
    pub launch_capacity: u32,
    /// What the entry adds to the fleet's attack-craft limit.
    pub limit_share: u32,
    pub never_runs_out: bool,
    /// Per ship: its salvoes, the first in `torpedoes`.
    pub salvoes: Vec<Salvo>,
    pub torpedoes: Option<Salvo>,
    /// "6@30", "D6+2@30", "missiles 8@20-40".
    pub torpedoes_text: Option<&'static str>,
    pub split: Option<Split>,
    /// The craft the bays carry, with speeds and roles.
    pub craft: Vec<&'static Craft>,
    /// Leaders aboard.
    pub leaders: Vec<LeaderFigures>,
    /// The profile (or one of its craft) is not confirmed against BFG Remastered.
    pub unverified: bool,
}

/// An option as taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionTaken {
    #[serde(flatten)]
    pub option: &'static ShipOption,
    pub picks: u32,
}

impl EntryFigures {
    /// "Lord Daros (Dictator cruiser)", or the class alone.
    pub fn title(&self) -> String {
        if self.name.trim().is_empty() {
            self.class_name.to_string()
        } else {
            line(&[&self.name.trim(), &" (", &self.class_name.as_ref(), &")"])
        }
    }
}

/// The fleet's list, if its id is known and of its faction.
pub fn list_of(fleet: &Fleet) -> Option<&'static FleetList> {
    data::list(fleet.list.trim()).filter(|l| l.faction == fleet.faction.trim())
}

/// Judge a fleet. Never panics, whatever the input.
pub fn check(fleet: &Fleet) -> Check {
    let mut problems = Vec::new();
    problems.extend(crate::games::version_problem("fleet", fleet.version, DOCUMENT_VERSION));
    let faction = data::faction(fleet.faction.trim());
    if faction.is_none() {
        problems.push(unknown_faction(&fleet.faction));
    }
    let list = list_of(fleet);
    if let (Some(f), None) = (faction, list) {
        problems.push(unknown_list(f, &fleet.list));
    }
    let ships: Vec<EntryFigures> = fleet
        .ships
        .iter()
        .enumerate()
        .map(|(i, s)| entry(fleet, list, Entry::Ship(i, s), &mut problems))
        .collect();
    let squadrons: Vec<EntryFigures> = fleet
        .squadrons
        .iter()
        .enumerate()
        .map(|(i, s)| entry(fleet, list, Entry::Squadron(i, s), &mut problems))
        .collect();
    let leaders: Vec<LeaderFigures> = fleet
        .leaders
        .iter()
        .enumerate()
        .map(|(k, a)| leader(list, a, format!("leaders.{k}"), None, &mut problems))
        .collect();
    let counted = || ships.iter().chain(&squadrons).filter(|e| e.counted);
    let points = counted()
        .fold(0u32, |sum, e| sum.saturating_add(e.points))
        .saturating_add(leaders.iter().fold(0u32, |s, l| s.saturating_add(l.points)));
    problems.extend(crate::games::over_points_limit(
        "fleet",
        points,
        Some(fleet.points_limit),
        "drop a ship",
    ));
    let sum = |f: fn(&EntryFigures) -> u32| counted().fold(0u32, |s, e| s.saturating_add(f(e)));
    let ordnance = Ordnance {
        bays: sum(|e| e.bays.saturating_mul(e.count)),
        fleet_limit: sum(|e| e.limit_share),
        doubled: counted().any(|e| e.never_runs_out && e.bays > 0 && e.count > 0),
        carriers: sum(|e| if e.bays > 0 { e.count } else { 0 }),
        torpedo_ships: sum(|e| if e.torpedoes.is_some() { e.count } else { 0 }),
    };
    let rules = match list {
        Some(l) => lists::judge(l, fleet, &ships, &squadrons, &leaders, points, &mut problems),
        None => Vec::new(),
    };
    for (k, line) in fleet.not_read.iter().enumerate() {
        problems.push(Problem::warning(
            Code::NotRead,
            Some(format!("not_read.{k}")),
            format!(
                "Not read from the imported roster: \"{}\": add it yourself or remove this line",
                shown(line)
            ),
        ));
    }
    Check {
        points,
        limit: fleet.points_limit,
        legal: is_legal(&problems),
        problems,
        faction_name: faction.map(|f| f.name.to_string()),
        list: list.map(|l| l.id),
        list_name: list.map(|l| l.name.to_string()),
        ships,
        squadrons,
        leaders,
        ordnance,
        rules,
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
            Entry::Ship(_, s) => s.class.trim(),
            Entry::Squadron(_, s) => s.class.trim(),
        }
    }

    fn options(&self) -> &[String] {
        match self {
            Entry::Ship(_, s) => &s.options,
            Entry::Squadron(_, s) => &s.options,
        }
    }

    fn leaders(&self) -> &[Aboard] {
        match self {
            Entry::Ship(_, s) => &s.leaders,
            Entry::Squadron(_, s) => &s.leaders,
        }
    }

    fn name(&self) -> &str {
        match self {
            Entry::Ship(_, s) => &s.name,
            Entry::Squadron(_, s) => &s.name,
        }
    }

    fn group(&self) -> &str {
        match self {
            Entry::Ship(_, s) => s.group.trim(),
            Entry::Squadron(_, s) => s.group.trim(),
        }
    }

    fn reserve(&self) -> bool {
        match self {
            Entry::Ship(_, s) => s.reserve,
            Entry::Squadron(_, s) => s.reserve,
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

/// Whether another list of the race fields the class, or the list takes it as a reserve of
/// another race (its `reserves` readings), and no reading keeps reserves to a set it is not in.
fn reserve_allowed(list: &FleetList, ship: &'static Ship) -> Result<(), String> {
    let faction = list.faction;
    let race = data::lists().iter().any(|l| l.faction == faction && l.id != list.id && l.fields(ship.id));
    let extra = list.rules().flat_map(|r| r.readings).any(|r| match r.check {
        data::lists::Check::Reserves { of } => lists::is_class_in(&of, ship),
        _ => false,
    });
    let faction_name = data::faction(faction).map_or(faction, |f| f.name);
    if ship.faction != faction && !extra {
        return Err(format!(
            "reserves come from other {faction_name} lists, and the {} is not of them",
            ship.name
        ));
    }
    if !race && !extra {
        return Err(format!("no other {faction_name} list fields the {}", ship.name));
    }
    Ok(())
}

fn entry(
    fleet: &Fleet,
    list: Option<&'static FleetList>,
    e: Entry,
    problems: &mut Vec<Problem>,
) -> EntryFigures {
    let count = e.count();
    let Some(ship) = data::ship(e.class()) else {
        problems.push(unknown_ship(fleet, list, &e));
        return EntryFigures {
            class: Cow::Owned(e.class().to_string()),
            class_name: Cow::Owned(shown(e.class())),
            name: e.name().to_string(),
            group: e.group().to_string(),
            known: false,
            counted: false,
            in_list: false,
            reserve: e.reserve(),
            kind: None,
            count,
            points_each: 0,
            points: 0,
            options: Vec::new(),
            hits: 0,
            speeds_cm: &[],
            turns: None,
            shields: "",
            armour: "",
            turrets: None,
            weapons: Vec::new(),
            bays: 0,
            launch_capacity: 0,
            limit_share: 0,
            never_runs_out: false,
            salvoes: Vec::new(),
            torpedoes: None,
            torpedoes_text: None,
            split: None,
            craft: Vec::new(),
            leaders: Vec::new(),
            unverified: false,
        };
    };
    let ours = fleet.faction.trim();
    let faction_known = data::faction(ours).is_some();
    let (mut counted, mut in_list) = (true, true);
    match list {
        Some(l) => {
            let fielded = l.fields(ship.id);
            let reserve = if e.reserve() && !fielded { Some(reserve_allowed(l, ship)) } else { None };
            match reserve {
                None if fielded => {}
                Some(Ok(())) => {}
                Some(Err(why)) if ship.faction == l.faction => {
                    in_list = false;
                    problems.push(Problem::error(
                        Code::ReserveNotAllowed,
                        Some(e.part()),
                        format!("The {} cannot be a reserve of this {} fleet: {why}", ship.name, l.name),
                    ));
                }
                _ if ship.faction == l.faction => {
                    in_list = false;
                    let others: Vec<&str> = data::lists()
                        .iter()
                        .filter(|o| o.faction == l.faction && o.id != l.id && o.fields(ship.id))
                        .map(|o| o.name)
                        .collect();
                    let hint = if others.is_empty() {
                        "choose one of its ships".to_string()
                    } else {
                        format!("take it as a reserve from {}, or choose one of its ships", or_list(&others))
                    };
                    problems.push(Problem::error(
                        Code::NotInList,
                        Some(e.part()),
                        format!("The {} is not in the {} list: {hint}", ship.name, l.name),
                    ));
                }
                _ => {
                    in_list = false;
                    counted = false;
                }
            }
        }
        None => counted = !faction_known || ship.faction == ours,
    }
    if !counted {
        let theirs = data::faction(ship.faction).map_or(ship.faction, |f| f.name);
        let ours = data::faction(ours).map_or(ours, |f| f.name);
        problems.push(Problem::error(
            Code::WrongFaction,
            Some(e.part()),
            format!(
                "The {} belongs to {theirs} fleets, and this {ours} fleet's list does not field it: it is not counted in the fleet's points, ordnance or rules",
                ship.name
            ),
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
            format!(
                "The {} is a {}, not an escort: add it as a ship (give ships the same squadron name to squadron them)",
                ship.name,
                ship.kind.name()
            ),
        )),
        _ => {}
    }
    let fitting = Fitting::new(ship, e.options(), list);
    check_options(ship, list, &fitting, &e, problems);
    let unverified = ship.unverified || fitting.craft.iter().any(|c| c.unverified);
    if unverified {
        problems.push(Problem::warning(
            Code::UnverifiedProfile,
            Some(e.part()),
            format!(
                "UNVERIFIED: the {} profile (or its craft) is not confirmed against BFG Remastered: check it before a game",
                ship.name
            ),
        ));
    }
    let leaders: Vec<LeaderFigures> = e
        .leaders()
        .iter()
        .enumerate()
        .map(|(k, a)| leader(list, a, format!("{}.leaders.{k}", e.part()), Some((ship, &e)), problems))
        .collect();
    let leaders_points = leaders.iter().fold(0u32, |s, l| s.saturating_add(l.points));
    let capacity = fitting.launch_capacity();
    let points =
        if counted { fitting.points.saturating_mul(count).saturating_add(leaders_points) } else { 0 };
    EntryFigures {
        class: Cow::Borrowed(ship.id),
        class_name: Cow::Borrowed(ship.name),
        name: e.name().to_string(),
        group: e.group().to_string(),
        known: true,
        counted,
        in_list,
        reserve: e.reserve(),
        kind: Some(ship.kind),
        count,
        points_each: fitting.points,
        points,
        options: fitting.options.iter().map(|(o, n)| OptionTaken { option: o, picks: *n }).collect(),
        hits: ship.hits,
        speeds_cm: ship.speeds_cm,
        turns: ship.turns,
        shields: ship.shields,
        armour: ship.armour_text,
        turrets: fitting.turrets,
        weapons: fitting.weapons,
        bays: fitting.bays,
        launch_capacity: capacity,
        limit_share: capacity.saturating_mul(count),
        never_runs_out: ship.never_runs_out,
        torpedoes_text: fitting.torpedoes.map(|t| t.text),
        split: fitting.torpedoes.map(|t| t.split()),
        torpedoes: fitting.torpedoes,
        salvoes: fitting.salvoes,
        craft: fitting.craft,
        leaders,
        unverified,
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

fn unknown_list(f: &data::Faction, id: &str) -> Problem {
    let ids: Vec<&str> = f.lists().map(|l| l.id).collect();
    let message = match data::list(id.trim()) {
        Some(l) => format!(
            "The {} list is a {} list, not a {} one: use {}",
            l.name,
            data::faction(l.faction).map_or(l.faction, |x| x.name),
            f.name,
            or_list(&ids)
        ),
        None if id.trim().is_empty() => format!("No fleet list is chosen: use {}", or_list(&ids)),
        None => format!("There is no {} fleet list \"{}\": use {}", f.name, shown(id), or_list(&ids)),
    };
    Problem::error(Shared::UnknownList, Some("list".to_string()), message)
}

/// An unknown class, with the nearest ids the fleet's list fields (of its faction, or of every
/// faction if the fleet's is unknown), escorts for a squadron and capital ships for a ship.
fn unknown_ship(fleet: &Fleet, list: Option<&FleetList>, e: &Entry) -> Problem {
    let escorts = matches!(e, Entry::Squadron(..));
    let pool: Vec<&str> = data::ships()
        .iter()
        .filter(|s| match list {
            Some(l) => l.fields(s.id),
            None => data::faction(fleet.faction.trim()).is_none_or(|_| s.faction == fleet.faction.trim()),
        })
        .filter(|s| s.is_escort() == escorts)
        .map(|s| s.id)
        .collect();
    let closest = nearest(e.class(), pool.iter().copied(), OFFERED);
    let message = if e.class().is_empty() {
        format!("{} has no class: use {}", e.label(), or_list(&closest))
    } else {
        format!("There is no ship class \"{}\": use {}", shown(e.class()), or_list(&closest))
    };
    Problem::error(Code::UnknownShip, Some(e.part()), message)
}
