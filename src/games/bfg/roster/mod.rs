//! BattleScribe and New Recruit rosters in: a `.ros` file (XML) or a `.rosz` (a zip holding
//! one) becomes a fleet. The force's list (and its catalogue's faction), the ships by name with
//! their options, escorts in squadrons, leaders with their bought re-rolls, the game's points
//! limit; the points the roster states are kept to be compared with ours. Whatever the importer
//! cannot match is kept in the fleet's `not_read`, as written, never dropped.
//!
//! Names are matched word by word (see [`names`]). Decisions where the file is silent or differs
//! from our fleets:
//! - a leader listed apart from the ships (BattleScribe lists commanders as units of their own)
//!   goes aboard the first ship the list allows it on, and a note says so;
//! - a "Standard" choice is the ship's standard weapons: nothing to take;
//! - escorts of one class under one selection are one squadron; escorts of several classes
//!   under one selection are squadron entries sharing a group;
//! - a force whose list we cannot name takes the faction's first list that fields every ship
//!   read, and a note says so.

mod names;
mod xml;

pub use names::LIST_NAMES;
pub use xml::{MAX_DEPTH, MAX_ELEMENTS, MAX_XML_BYTES, MAX_ZIP_ENTRIES};

use super::data::lists::{FleetList, Leader};
use super::data::{self, Faction, Ship};
use super::document::{Aboard, Fleet, ShipEntry, Squadron};
use super::fitting::parse_pick;
use super::fleet::Check;
use crate::games::bounds::{self, Document, MAX_COUNT, MAX_ENTRIES, MAX_NAME_CHARS, MAX_POINTS_LIMIT};
use names::{best, key, within};
use xml::Node;

/// The most lines not read a fleet keeps from one roster; the rest are counted in a note.
pub const MAX_NOT_READ: usize = 50;

/// A roster read: the fleet, the points the roster states, and how doubtful things were read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub fleet: Fleet,
    /// The roster's total points, as it states them.
    pub claimed: Option<u32>,
    /// The points the roster states for an entry ("ships.0", "squadrons.1"), leaders aboard
    /// included.
    pub claims: Vec<(String, u32)>,
    /// What was read doubtfully or decided, in words a page shows.
    pub notes: Vec<String>,
}

impl Imported {
    /// The notes, then where the roster's points disagree with ours (the total, and each entry).
    pub fn notes_against(&self, c: &Check) -> Vec<String> {
        let mut out = self.notes.clone();
        if let Some(claimed) = self.claimed
            && claimed != c.points
        {
            out.push(format!(
                "The roster says the fleet costs {claimed} pts; by our tables it costs {} pts.",
                c.points
            ));
        }
        for (part, claimed) in &self.claims {
            let figures = part
                .strip_prefix("ships.")
                .and_then(|i| c.ships.get(i.parse::<usize>().ok()?))
                .or_else(|| {
                    part.strip_prefix("squadrons.").and_then(|i| c.squadrons.get(i.parse::<usize>().ok()?))
                });
            if let Some(e) = figures
                && e.points != *claimed
            {
                out.push(format!(
                    "The roster says the {} ({part}) costs {claimed} pts; by our tables it costs {} pts.",
                    e.class_name, e.points
                ));
            }
        }
        out
    }
}

/// Reads a roster file, or says why it is not one we can read.
pub fn read(bytes: &[u8]) -> Result<Imported, String> {
    let xml = xml::unpack(bytes)?;
    let roster = xml::parse(&xml)?;
    Ok(Reader::new(&roster).finish(&roster))
}

/// A leader the roster lists apart from the ships, waiting for a ship to ride.
struct Loose {
    leader: &'static Leader,
    rerolls: u32,
    written: String,
    claimed: u32,
}

struct Reader {
    faction: Option<&'static Faction>,
    list: Option<&'static FleetList>,
    fleet: Fleet,
    claims: Vec<(String, u32)>,
    notes: Vec<String>,
    loose: Vec<Loose>,
    /// Lines not read past [`MAX_NOT_READ`], and entries past the document's limit.
    not_kept: usize,
    dropped: usize,
    groups: usize,
}

impl Reader {
    /// The faction and list the roster's forces name.
    fn new(roster: &Node) -> Self {
        let forces: Vec<&Node> = roster.listed("forces", "force").collect();
        let mut notes = Vec::new();
        if forces.len() > 1 {
            notes.push(format!("The roster has {} forces; all are read into this one fleet.", forces.len()));
        }
        let force_name = forces.first().and_then(|f| f.attr("name")).unwrap_or("");
        let catalogue = forces.first().and_then(|f| f.attr("catalogueName")).unwrap_or("");
        let list = list_named(force_name);
        let faction = list
            .and_then(|l| data::faction(l.faction))
            .or_else(|| best(catalogue, data::factions().iter().map(|f| (f, f.name))))
            .or_else(|| faction_of_ships(&forces));
        let list = list.or_else(|| {
            let faction = faction?;
            let chosen = list_fielding(faction, &forces);
            if let Some(l) = chosen {
                notes.push(format!(
                    "The roster's force \"{}\" is no fleet list we know: read as the {} list, which fields every ship in it.",
                    bounds::one_line(force_name),
                    l.name
                ));
            }
            chosen
        });
        let mut fleet = Fleet::new(faction.map_or("", |f| f.id));
        if let Some(l) = list {
            fleet.list = l.id.to_owned();
        }
        fleet.name = clip(roster.attr("name").unwrap_or(""));
        if let Some(limit) = points(roster.listed("costLimits", "costLimit")).filter(|&p| p > 0) {
            fleet.points_limit = limit.min(MAX_POINTS_LIMIT);
            if limit > MAX_POINTS_LIMIT {
                notes.push(format!(
                    "The roster's points limit of {limit} pts is past the most a fleet takes; read as {MAX_POINTS_LIMIT}."
                ));
            }
        }
        Self {
            faction,
            list,
            fleet,
            claims: Vec::new(),
            notes,
            loose: Vec::new(),
            not_kept: 0,
            dropped: 0,
            groups: 0,
        }
    }

    fn finish(mut self, roster: &Node) -> Imported {
        let forces: Vec<&Node> = roster.listed("forces", "force").collect();
        for force in forces {
            let within = force.attr("name").unwrap_or("the force");
            for sel in force.listed("selections", "selection") {
                self.selection(sel, within, None);
            }
        }
        for l in std::mem::take(&mut self.loose) {
            self.place(l);
        }
        ungroup_lone(&mut self.fleet);
        if self.not_kept > 0 {
            self.notes.push(format!(
                "{} more lines not read are left out: a fleet keeps at most {MAX_NOT_READ} from one roster.",
                self.not_kept
            ));
        }
        if self.dropped > 0 {
            self.notes.push(format!(
                "{} more ships, options or leaders are left out: a fleet holds at most {MAX_ENTRIES} entries.",
                self.dropped
            ));
        }
        Imported {
            claimed: points(roster.listed("costs", "cost")),
            fleet: self.fleet,
            claims: self.claims,
            notes: self.notes,
        }
    }

    /// A selection at the top of a force, or inside one that is no ship (a squadron's).
    fn selection(&mut self, sel: &Node, within: &str, group: Option<&str>) {
        let name = sel.attr("name").unwrap_or("");
        let number = number(sel);
        if let Some(ship) = self.ship_named(name) {
            if ship.is_escort() {
                self.escorts(ship, number, sel, group);
            } else {
                for _ in 0..number {
                    self.ship(ship, sel, group);
                }
            }
        } else if let Some(leader) = self.leader_named(name) {
            let rerolls = self.rerolls_in(sel, name);
            self.loose.push(Loose { leader, rerolls, written: clip(name), claimed: claimed(sel) });
        } else if is_standard(name) {
        } else {
            let kids: Vec<&Node> = sel.listed("selections", "selection").collect();
            if kids.is_empty() {
                self.not_read(name, within);
                return;
            }
            self.groups += 1;
            let label = sel.attr("customName").map(clip).filter(|s| !s.is_empty());
            let label = label.unwrap_or_else(|| clip(&format!("{} {}", bounds::one_line(name), self.groups)));
            for kid in kids {
                self.selection(kid, name, Some(&label));
            }
        }
    }

    /// A capital ship, its options and leaders.
    fn ship(&mut self, ship: &'static Ship, sel: &Node, group: Option<&str>) {
        if !self.room() {
            return;
        }
        let mut e = ShipEntry::new(ship.id, &[]);
        e.name = clip(sel.attr("customName").unwrap_or(""));
        e.group = group.map(str::to_owned).unwrap_or_default();
        e.reserve = self.is_reserve(ship);
        let (options, leaders) = self.fittings(ship, sel);
        e.options = options;
        e.leaders = leaders;
        // A selection of several ships states the points of them all.
        self.claims.push((format!("ships.{}", self.fleet.ships.len()), claimed(sel) / number(sel)));
        self.fleet.ships.push(e);
    }

    /// Escorts: added to a squadron of their class under the same selection, or a new one.
    fn escorts(&mut self, ship: &'static Ship, number: u32, sel: &Node, group: Option<&str>) {
        let (options, leaders) = self.fittings(ship, sel);
        let group = group.map(str::to_owned).unwrap_or_default();
        let same = self.fleet.squadrons.iter().position(|s| {
            !group.is_empty()
                && s.group == group
                && s.class == ship.id
                && s.options == options
                && leaders.is_empty()
        });
        if let Some(i) = same {
            let s = &mut self.fleet.squadrons[i];
            s.count = (s.count + number).min(u32::from(MAX_COUNT));
            let part = format!("squadrons.{i}");
            if let Some(c) = self.claims.iter_mut().find(|(p, _)| *p == part) {
                c.1 += claimed(sel);
            }
            return;
        }
        if !self.room() {
            return;
        }
        let mut s = Squadron::new(ship.id, number);
        s.name = clip(sel.attr("customName").unwrap_or(""));
        s.group = group;
        s.reserve = self.is_reserve(ship);
        s.options = options;
        s.leaders = leaders;
        self.claims.push((format!("squadrons.{}", self.fleet.squadrons.len()), claimed(sel)));
        self.fleet.squadrons.push(s);
    }

    /// A ship's options and leaders among a selection's children; the rest is not read.
    fn fittings(&mut self, ship: &'static Ship, sel: &Node) -> (Vec<String>, Vec<Aboard>) {
        let mut options: Vec<String> = Vec::new();
        let mut leaders: Vec<Aboard> = Vec::new();
        let list = self.list.map_or("", |l| l.id);
        let within = format!("on the {}", ship.name);
        for kid in sel.listed("selections", "selection") {
            let name = kid.attr("name").unwrap_or("");
            let n = number(kid);
            let exact_option =
                ship.options.iter().find(|o| key(o.name) == key(name) || key(o.id) == key(name));
            let option = exact_option.or_else(|| {
                best(name, ship.options_in(list).map(|o| (o, o.name)))
                    .or_else(|| best(name, ship.options.iter().map(|o| (o, o.name))))
            });
            let leader = self.leader_named(name);
            match (option, leader) {
                (Some(o), l) if exact_option.is_some() || l.is_none() => {
                    if !self.room() {
                        continue;
                    }
                    let taken = options
                        .iter()
                        .filter_map(|t| parse_pick(t))
                        .find(|(id, _)| *id == o.id)
                        .map(|(_, k)| k);
                    options.retain(|t| parse_pick(t).is_none_or(|(id, _)| id != o.id));
                    let total = taken.unwrap_or(0) + n;
                    options.push(if total > 1 { format!("{}*{total}", o.id) } else { o.id.to_owned() });
                    for deeper in kid.listed("selections", "selection") {
                        self.not_read(deeper.attr("name").unwrap_or(""), &within);
                    }
                }
                (_, Some(l)) => {
                    if !self.room() {
                        continue;
                    }
                    let rerolls = self.rerolls_in(kid, name);
                    leaders.push(Aboard { id: l.id.to_owned(), rerolls });
                }
                _ if is_rerolls(name) => {
                    let k = rerolls_of(kid);
                    match leaders.last_mut() {
                        Some(a) => a.rerolls = a.rerolls.saturating_add(k).min(u32::from(MAX_COUNT)),
                        None => self.not_read(name, &within),
                    }
                }
                _ if is_standard(name) => {}
                _ => self.not_read(name, &within),
            }
        }
        (options, leaders)
    }

    /// Re-rolls bought among a leader's children; the rest is not read.
    fn rerolls_in(&mut self, sel: &Node, leader: &str) -> u32 {
        let mut n = 0u32;
        for kid in sel.listed("selections", "selection") {
            let name = kid.attr("name").unwrap_or("");
            if is_rerolls(name) {
                n = n.saturating_add(rerolls_of(kid));
            } else if !is_standard(name) {
                self.not_read(name, &format!("with the {}", bounds::one_line(leader)));
            }
        }
        n.min(u32::from(MAX_COUNT))
    }

    /// A leader listed apart: aboard the first ship the list allows (the first capital ship
    /// without a leader, if any), or bought for the fleet where it rides none.
    fn place(&mut self, l: Loose) {
        let aboard = Aboard { id: l.leader.id.to_owned(), rerolls: l.rerolls };
        let data::lists::Placement::Ships(set) = l.leader.placement else {
            self.fleet.leaders.push(aboard);
            return;
        };
        let fits = |e: &ShipEntry| {
            data::ship(&e.class).is_some_and(|s| {
                super::composition::entry_is(&set, s, &e.options, &e.leaders, &e.group, e.reserve)
            })
        };
        let ships = &self.fleet.ships;
        let at = ships
            .iter()
            .position(|e| e.leaders.is_empty() && fits(e))
            .or_else(|| ships.iter().position(fits))
            .or_else(|| ships.iter().position(|e| e.leaders.is_empty()))
            .or(if ships.is_empty() { None } else { Some(0) });
        let Some(i) = at else {
            self.not_read(&l.written, "with no ship to ride");
            return;
        };
        let e = &mut self.fleet.ships[i];
        e.leaders.push(aboard);
        let class = data::ship(&e.class).map_or(e.class.as_str(), |s| s.name);
        self.notes.push(format!(
            "The roster lists the {} (\"{}\") apart from the ships: put aboard ships.{i}, the {class}. Move it if it rides another.",
            l.leader.name, l.written
        ));
        let part = format!("ships.{i}");
        if let Some(c) = self.claims.iter_mut().find(|(p, _)| *p == part) {
            c.1 += l.claimed;
        }
    }

    /// The ship the name means: one of the faction's, else any ship named exactly so.
    fn ship_named(&self, name: &str) -> Option<&'static Ship> {
        let faction = self.faction.map_or("", |f| f.id);
        let k = key(name);
        data::ships()
            .iter()
            .find(|s| s.faction == faction && key(s.name) == k)
            .or_else(|| {
                within(name, data::ships().iter().filter(|s| s.faction == faction).map(|s| (s, s.name)))
            })
            .or_else(|| data::ships().iter().find(|s| key(s.name) == k))
    }

    /// The leader the name means: one the list offers, else one of the faction's other lists.
    fn leader_named(&self, name: &str) -> Option<&'static Leader> {
        let list = self.list.map_or("", |l| l.id);
        let faction = self.faction.map_or("", |f| f.id);
        let of_faction =
            |l: &&Leader| l.lists.iter().any(|id| data::list(id).is_some_and(|x| x.faction == faction));
        best(name, data::leaders().iter().filter(|l| l.offered_in(list)).map(|l| (l, l.name)))
            .or_else(|| best(name, data::leaders().iter().filter(of_faction).map(|l| (l, l.name))))
    }

    /// A ship of the faction that its list does not field is taken as a reserve.
    fn is_reserve(&self, ship: &Ship) -> bool {
        self.list.is_some_and(|l| !l.fields(ship.id) && self.faction.is_some_and(|f| f.id == ship.faction))
    }

    /// Whether another entry fits in the document; counts the one that does not.
    fn room(&mut self) -> bool {
        let fits = self.fleet.entries() < MAX_ENTRIES;
        if !fits {
            self.dropped += 1;
        }
        fits
    }

    fn not_read(&mut self, name: &str, within: &str) {
        let line = clip(&format!("{} ({})", bounds::one_line(name), bounds::one_line(within)));
        if self.fleet.not_read.len() >= MAX_NOT_READ || !self.room() {
            self.not_kept += 1;
            return;
        }
        self.fleet.not_read.push(line);
    }
}

/// Clears a group only one entry holds: alone, it is just a squadron (or a ship) of its own.
fn ungroup_lone(f: &mut Fleet) {
    let groups: Vec<String> =
        f.ships.iter().map(|s| s.group.clone()).chain(f.squadrons.iter().map(|s| s.group.clone())).collect();
    let lone = |g: &str| !g.is_empty() && groups.iter().filter(|x| *x == g).count() == 1;
    let lone: Vec<String> = groups.iter().filter(|g| lone(g)).cloned().collect();
    for s in &mut f.ships {
        if lone.contains(&s.group) {
            s.group.clear();
        }
    }
    for s in &mut f.squadrons {
        if lone.contains(&s.group) {
            s.group.clear();
        }
    }
}

/// The list a force's name means: a BSData name, or one of ours.
fn list_named(name: &str) -> Option<&'static FleetList> {
    let k = key(name);
    names::LIST_NAMES
        .iter()
        .find(|(n, _)| key(n) == k)
        .and_then(|(_, id)| data::list(id))
        .or_else(|| within(name, data::lists().iter().map(|l| (l, l.name))))
}

/// The faction of the first selection that names a ship.
fn faction_of_ships(forces: &[&Node]) -> Option<&'static Faction> {
    let mut names = Vec::new();
    for f in forces {
        collect_names(f, &mut names);
    }
    names
        .iter()
        .find_map(|n| data::ships().iter().find(|s| key(s.name) == key(n)))
        .and_then(|s| data::faction(s.faction))
}

/// The faction's first list that fields every ship the forces name, else its first.
fn list_fielding(faction: &'static Faction, forces: &[&Node]) -> Option<&'static FleetList> {
    let mut names = Vec::new();
    for f in forces {
        collect_names(f, &mut names);
    }
    let classes: Vec<&str> =
        names.iter().filter_map(|n| faction.ships().find(|s| key(s.name) == key(n))).map(|s| s.id).collect();
    faction.lists().find(|l| classes.iter().all(|c| l.fields(c))).or_else(|| faction.default_list())
}

/// Every selection's name, depth first (bounded by the parser's element limit).
fn collect_names<'a>(node: &'a Node, out: &mut Vec<&'a str>) {
    for sel in node.listed("selections", "selection") {
        out.push(sel.attr("name").unwrap_or(""));
        collect_names(sel, out);
    }
}

/// A selection's `number`: 1 to the largest count, 1 where it does not say.
fn number(sel: &Node) -> u32 {
    sel.attr("number")
        .and_then(|n| n.trim().parse::<u32>().ok())
        .filter(|&n| n > 0)
        .map_or(1, |n| n.min(u32::from(MAX_COUNT)))
}

/// The points of `cost` elements (those of type "points", or named "pts"), rounded.
fn points<'a>(costs: impl Iterator<Item = &'a Node>) -> Option<u32> {
    let mut total: Option<f64> = None;
    for c in costs {
        let is_points =
            c.attr("typeId") == Some("points") || c.attr("name").is_some_and(|n| n.trim() == "pts");
        if let Some(v) = c.attr("value").and_then(|v| v.trim().parse::<f64>().ok()).filter(|v| v.is_finite())
            && is_points
        {
            total = Some(total.unwrap_or(0.0) + v);
        }
    }
    // Bounded to a u32's range before the conversion: the cast cannot wrap.
    total.map(|t| t.round().clamp(0.0, 1_000_000_000.0) as u32)
}

/// The points a selection states, with everything inside it.
fn claimed(sel: &Node) -> u32 {
    let own = points(sel.listed("costs", "cost")).unwrap_or(0);
    sel.listed("selections", "selection").fold(own, |n, kid| n.saturating_add(claimed(kid)))
}

/// "Standard": the ship's standard weapons, nothing to take.
fn is_standard(name: &str) -> bool {
    key(name) == "standard"
}

/// "2 Extra Re-Rolls", "Re-roll".
fn is_rerolls(name: &str) -> bool {
    let w = names::words(name);
    w.windows(2).any(|p| p[0] == "re" && p[1] == "roll") || w.iter().any(|x| x == "reroll")
}

/// How many re-rolls a re-roll selection buys: the number its name starts with, times its
/// `number`.
fn rerolls_of(sel: &Node) -> u32 {
    let name = sel.attr("name").unwrap_or("");
    let each = names::words(name).first().and_then(|w| w.parse::<u32>().ok()).unwrap_or(1);
    each.saturating_mul(number(sel)).min(u32::from(MAX_COUNT))
}

/// A name as the fleet keeps it: one line, at most the longest name.
fn clip(name: &str) -> String {
    bounds::one_line(name).chars().take(MAX_NAME_CHARS).collect()
}
