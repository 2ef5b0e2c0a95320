//! A ship's or squadron's row of the builder: its class, name, squadron and reserve, its profile
//! and weapons as fitted, its options as the list offers them, and the leaders aboard.

use super::{BUILDER, FleetView};
use crate::games::bfg::{self, EntryFigures, LeaderFigures, Ship, Weapon};
use crate::games::{Piece, line, put_line};
use crate::web::flows::view::{ProblemView, Select, dom_id, select, slot_id};

/// A ship, or a squadron of escorts, as the form, the share page and the roster show it.
#[derive(Debug, Clone)]
pub struct Row {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub class: Select,
    pub name: String,
    /// Ships in a squadron; `None` for a capital ship.
    pub count: Option<u32>,
    pub group: String,
    pub reserve: bool,
    pub options: Vec<OptionSet>,
    pub fig: EntryFigures,
    pub problems: Vec<ProblemView>,
    pub leaders: Vec<LeaderRow>,
    /// The leaders the list offers for this entry, for an add select.
    pub leader_adder: Option<Select>,
    pub weapons: Vec<WeaponRow>,
    /// In a long fleet, the id of the shared table of its weapons (see [`super::long`]).
    pub arms: Option<String>,
}

crate::row_fields!(Row);

/// Options shown together: a group's (radios, or a count each), or the loose ones.
#[derive(Debug, Clone)]
pub struct OptionSet {
    /// The group's name and how many picks it takes ("Prow weapon: one"), or `None` for loose
    /// options.
    pub legend: Option<String>,
    pub inputs: Vec<OptionInput>,
}

/// One option input: a checkbox, a radio of a group, or a select of how many times it is taken.
#[derive(Debug, Clone)]
pub struct OptionInput {
    /// "check", "radio" or "count".
    pub kind: &'static str,
    pub name: String,
    pub id: String,
    pub value: String,
    pub label: String,
    pub checked: bool,
    /// For a count: (value, label, selected).
    pub choices: Vec<(String, String, bool)>,
}

/// A weapon as the pages show it.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponRow {
    pub name: &'static str,
    pub kind: &'static str,
    pub strength: &'static str,
    /// Its strength once the ship is crippled.
    pub crippled: String,
    pub range: &'static str,
    pub arcs: &'static str,
    pub detail: &'static str,
}

impl WeaponRow {
    pub fn of(w: &Weapon) -> Self {
        WeaponRow {
            name: w.name,
            kind: w.kind.name(),
            strength: w.strength,
            crippled: bfg::crippled_strength(w),
            range: w.range,
            arcs: w.arcs,
            detail: w.detail,
        }
    }

    /// Whether its range is a distance ("60", "30-150"), which [`Self::range_text`] gives in cm.
    pub fn in_cm(&self) -> bool {
        self.range.bytes().next().is_some_and(|b| b.is_ascii_digit())
    }

    /// Its range in words: "60 cm", "30-150 cm", "contact", "-".
    pub fn range_text(&self) -> String {
        if self.in_cm() { line(&[&self.range, &" cm"]) } else { self.range.to_string() }
    }
}

/// A leader aboard (or the fleet's own), as the form shows it.
#[derive(Debug, Clone)]
pub struct LeaderRow {
    pub path: String,
    pub select: Select,
    pub rerolls: u32,
    /// The most extra re-rolls it buys.
    pub rerolls_max: u32,
    /// "+25 / +75 / +150 pts for 1 / 2 / 3", or "" when it buys none.
    pub ladder: String,
    pub fig: Option<LeaderFigures>,
}

impl LeaderRow {
    pub fn f(&self, field: &str) -> String {
        format!("{}.{field}", self.path)
    }
    pub fn id(&self, field: &str) -> String {
        dom_id(&self.f(field))
    }
    /// The leader's name, or the id as sent.
    pub fn name(&self) -> String {
        self.fig.as_ref().map_or_else(String::new, |l| l.name.clone())
    }

    /// "125 pts, Ld 9, 1 + 1 re-rolls".
    pub fn about(&self) -> String {
        match &self.fig {
            Some(l) if l.known => {
                let ld = if l.leadership.starts_with('-') {
                    String::new()
                } else {
                    format!(", Ld {}", l.leadership)
                };
                let rr = if l.rerolls_bought > 0 {
                    format!(", {} + {} re-rolls", l.rerolls_included, l.rerolls_bought)
                } else {
                    format!(", {} re-rolls", l.rerolls_included)
                };
                format!("{} pts{ld}{rr}", l.points)
            }
            _ => String::new(),
        }
    }
}

impl Row {
    /// The class and the player's name for it: "Lord Daros (Dictator cruiser)".
    pub fn title(&self) -> String {
        self.fig.title()
    }

    /// The row as its legend numbers it, for the labels of its buttons: "ship 3", "squadron 2".
    /// (Not its name: a name of 100 characters in every label of 200 rows would make the
    /// builder larger than an answer may be.)
    pub fn called(&self) -> String {
        format!("{} {}", if self.count.is_some() { "squadron" } else { "ship" }, self.number)
    }

    /// Whether its salvo may split, in words; "" when it may not.
    pub fn split(&self) -> &'static str {
        match self.fig.split {
            Some(bfg::Split::Allowed) => "may split into two salvoes of at least 3",
            Some(bfg::Split::IfRolledOverSix) => "may split when the roll comes to more than 6",
            Some(bfg::Split::Never) | None => "",
        }
    }

    /// What its bays launch: "Fury interceptor (fighter, 30 cm), Starhawk bomber (bomber, 20 cm)".
    pub fn craft(&self) -> String {
        craft_line(&self.fig)
    }

    /// Its salvoes: "6@30", "boarding 4@15 and boarding 4@15".
    pub fn salvoes(&self) -> String {
        let all: Vec<&str> = self.fig.salvoes.iter().map(|s| s.text).collect();
        all.join(" and ")
    }

    /// Its profile in a line: "battleship · 12 hits · 15 cm · 45° · shields 4 · armour 5+ ·
    /// turrets 5".
    pub fn profile(&self) -> String {
        profile_line(&self.fig)
    }
}

/// What an entry's bays launch, in words: "Fury interceptor (fighter, 30 cm), Starhawk bomber
/// (bomber, 20 cm)", put together in one string.
pub fn craft_line(f: &EntryFigures) -> String {
    // Room for each craft's name, roles and speed ("Fury Interceptors (fighter, 30 cm)") at once:
    // grown a piece at a time, a carrier's line was copied over four times on every update.
    let mut out = String::with_capacity(64 * f.craft.len());
    for (i, c) in f.craft.iter().enumerate() {
        out.push_str(if i == 0 { "" } else { ", " });
        out.push_str(c.name);
        out.push_str(" (");
        for (k, role) in c.roles.iter().enumerate() {
            out.push_str(if k == 0 { "" } else { " and " });
            out.push_str(role.name());
        }
        out.push_str(", ");
        c.speed_cm.put(&mut out);
        out.push_str(" cm)");
    }
    out
}

/// A profile in a line.
pub fn profile_line(f: &EntryFigures) -> String {
    let Some(kind) = f.kind else { return String::new() };
    // A whole profile's room at once (about a hundred bytes; `line` makes room for 64).
    let mut out = String::with_capacity(128);
    put_line(&mut out, &[&kind.name(), &" · ", &f.hits, &if f.hits == 1 { " hit · " } else { " hits · " }]);
    for (i, speed) in f.speeds_cm.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        speed.put(&mut out);
    }
    out.push_str(" cm · ");
    match f.turns {
        Some(t) => {
            t.put(&mut out);
            out.push('°');
        }
        None => out.push_str("special turns"),
    }
    for piece in [" · shields ", f.shields, " · armour ", f.armour, " · turrets "] {
        out.push_str(piece);
    }
    match f.turrets {
        Some(t) => t.put(&mut out),
        None => out.push_str("special"),
    }
    out
}

/// An option's price in words: " (+20 pts)", " (+10 pts a bay: +40)", "" when free.
fn price(o: &bfg::ShipOption, bays: u32) -> String {
    match (o.price, o.per_bay) {
        (0, _) => String::new(),
        (p, true) => format!(" ({p:+} pts a bay: {:+})", p * i32::try_from(bays).unwrap_or(0)),
        (p, false) => format!(" ({p:+} pts)"),
    }
}

/// What an option fits and takes away, in words: ": replaces Prow torpedoes".
fn changes(o: &bfg::ShipOption) -> String {
    if o.removes.is_empty() { String::new() } else { format!(": replaces {}", o.removes.join(" and ")) }
}

/// The options of a row as the list offers them: each group's together (radios, or a count
/// select for an option taken more than once), then the loose ones, then any chosen option the
/// list does not offer, ticked so nothing is lost until the player unticks it. The codec reads
/// them in order and closes the gaps; empty values (a group's "None") are no choice.
pub fn option_sets(
    path: &str,
    ship: Option<&'static Ship>,
    list: &str,
    chosen: &[String],
    bays: u32,
) -> Vec<OptionSet> {
    let offered: Vec<&'static bfg::ShipOption> =
        ship.map(|s| s.options_in(list).collect()).unwrap_or_default();
    let picks = |id: &str| -> u32 {
        chosen.iter().filter_map(|c| bfg::parse_pick(c)).filter(|(o, _)| *o == id).map(|(_, n)| n).sum()
    };
    let mut sets: Vec<OptionSet> = Vec::new();
    let mut key = 0usize;
    let name = |key: &mut usize| {
        let n = format!("{path}.options.{key}");
        *key += 1;
        n
    };
    let input = |o: &bfg::ShipOption, kind: &'static str, name: String| OptionInput {
        kind,
        id: dom_id(&format!("{path}.option.{}", o.id)),
        value: o.id.to_owned(),
        label: format!("{}{}{}", o.name, price(o, bays), changes(o)),
        checked: picks(o.id) > 0,
        choices: Vec::new(),
        name,
    };
    let count = |o: &bfg::ShipOption, name: String| {
        let have = picks(o.id);
        let mut choices = vec![(String::new(), "none".to_owned(), have == 0)];
        for n in 1..=o.max {
            let value = if n == 1 { o.id.to_owned() } else { format!("{}*{n}", o.id) };
            choices.push((value, n.to_string(), have == n));
        }
        OptionInput { choices, ..input(o, "count", name) }
    };
    if let Some(ship) = ship {
        for g in ship.groups {
            let members: Vec<&&bfg::ShipOption> = offered.iter().filter(|o| o.group == Some(g.id)).collect();
            if members.is_empty() {
                continue;
            }
            let mut inputs = Vec::new();
            if g.max == 1 {
                let shared = name(&mut key);
                if g.min == 0 {
                    let none = members.iter().all(|o| picks(o.id) == 0);
                    inputs.push(OptionInput {
                        kind: "radio",
                        name: shared.clone(),
                        id: dom_id(&format!("{path}.option.{}.none", g.id)),
                        value: String::new(),
                        label: "None".to_owned(),
                        checked: none,
                        choices: Vec::new(),
                    });
                }
                inputs.extend(members.iter().map(|o| input(o, "radio", shared.clone())));
            } else {
                for o in members {
                    let n = name(&mut key);
                    inputs.push(if o.max > 1 { count(o, n) } else { input(o, "check", n) });
                }
            }
            let picks_text =
                if g.min == g.max { format!("take {}", g.min) } else { format!("{} to {}", g.min, g.max) };
            sets.push(OptionSet { legend: Some(format!("{} ({picks_text})", g.name)), inputs });
        }
    }
    let loose: Vec<OptionInput> = offered
        .iter()
        .filter(|o| o.group.is_none())
        .map(|o| {
            let n = name(&mut key);
            if o.max > 1 { count(o, n) } else { input(o, "check", n) }
        })
        .collect();
    let stray: Vec<OptionInput> = chosen
        .iter()
        .filter(|c| !c.trim().is_empty())
        .filter(|c| bfg::parse_pick(c).is_none_or(|(id, _)| !offered.iter().any(|o| o.id == id)))
        .map(|c| {
            let n = name(&mut key);
            OptionInput {
                kind: "check",
                id: dom_id(&n),
                name: n,
                value: c.clone(),
                label: format!("\"{c}\" (not an option of this class in this list)"),
                checked: true,
                choices: Vec::new(),
            }
        })
        .collect();
    if !loose.is_empty() || !stray.is_empty() {
        sets.push(OptionSet { legend: None, inputs: loose.into_iter().chain(stray).collect() });
    }
    sets
}

/// Leaders as rows: `list_path` is "ships.0.leaders" or "leaders"; `on` the ship and entry they
/// ride, for the choices a select offers.
pub fn leader_rows(
    v: &FleetView,
    list_path: &str,
    aboard: &[bfg::Aboard],
    figures: &[LeaderFigures],
    on: Option<(&'static Ship, &Entryish)>,
) -> Vec<LeaderRow> {
    leader_rows_of(v, list_path, aboard, figures, on, Drawn::Whole)
}

/// What a row is drawn for: whole, as the builder's inputs; or for its heading and figures alone
/// ([`FleetView::all_rows`]), without its inputs: its class and leader selects empty, and nothing
/// worked out for them (the choices they would offer, a leader's price ladder).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Whole,
    Figures,
}

fn leader_rows_of(
    v: &FleetView,
    list_path: &str,
    aboard: &[bfg::Aboard],
    figures: &[LeaderFigures],
    on: Option<(&'static Ship, &Entryish)>,
    drawn: Drawn,
) -> Vec<LeaderRow> {
    aboard
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let path = line(&[&list_path, &".", &k]);
            let fig = figures.get(k).cloned();
            let leader = bfg::leader(a.id.trim());
            let ladder = leader.filter(|_| drawn == Drawn::Whole).map_or(String::new(), |l| {
                if l.ladder.is_empty() {
                    return String::new();
                }
                let prices: Vec<String> = l.ladder.iter().map(|p| format!("+{p}")).collect();
                let counts: Vec<String> = (1..=l.ladder.len()).map(|n| n.to_string()).collect();
                format!("{} pts for {}", prices.join(" / "), counts.join(" / "))
            });
            LeaderRow {
                select: match drawn {
                    Drawn::Whole => {
                        select(&format!("{path}.id"), "Leader", a.id.trim(), leader_choices(v, on), None)
                    }
                    Drawn::Figures => Select::default(),
                },
                rerolls: a.rerolls,
                rerolls_max: leader.map_or(0, |l| u32::try_from(l.ladder.len()).unwrap_or(0)),
                ladder,
                fig,
                path,
            }
        })
        .collect()
}

/// What a leader select offers: the list's leaders that may go where it is.
pub fn leader_choices(v: &FleetView, on: Option<(&'static Ship, &Entryish)>) -> Vec<(String, String)> {
    let Some(list) = bfg::list_of(&v.fleet) else { return Vec::new() };
    bfg::leaders()
        .iter()
        .filter(|l| l.offered_in(list.id))
        .filter(|l| match (l.placement, on) {
            (bfg::Placement::Fleet, None) => true,
            (bfg::Placement::Ships(set), Some((ship, e))) => {
                crate::games::bfg::entry_is(&set, ship, &e.options, &e.leaders, &e.group, e.reserve)
                    || matches!(set, bfg::Set::Aboard(_))
                    || contains_aboard(&set)
            }
            _ => false,
        })
        .map(|l| (l.id.to_owned(), format!("{} ({} pts)", l.name, l.points)))
        .collect()
}

/// Whether a placement depends on other leaders aboard (an Ethereal on the commander's ship),
/// which a select offers whatever the ship holds now.
fn contains_aboard(set: &bfg::Set) -> bool {
    match set {
        bfg::Set::Aboard(_) => true,
        bfg::Set::Any(s) | bfg::Set::All(s) => s.iter().any(contains_aboard),
        bfg::Set::Not(s) => contains_aboard(s),
        _ => false,
    }
}

/// What a row's leader choices need to know of its entry.
pub struct Entryish {
    pub options: Vec<String>,
    pub leaders: Vec<bfg::Aboard>,
    pub group: String,
    pub reserve: bool,
}

impl FleetView {
    pub fn ship_rows(&self) -> Vec<Row> {
        self.rows("ships", self.ship_entries(), false, &self.check.ships, Drawn::Whole)
    }

    pub fn squadron_rows(&self) -> Vec<Row> {
        self.rows("squadrons", self.squadron_entries(), true, &self.check.squadrons, Drawn::Whole)
    }

    /// The ships, then the squadrons, with what their headings, figures and ordnance show: their
    /// number, name, count, figures, weapons and leaders' figures, not their inputs (their class
    /// and leader selects, options, problems and leaders' ladders are empty). A live update
    /// redraws these for every row, and working out every row's choices it does not draw was most
    /// of its cost. Made once for a view (the fleet and its figures do not change under it).
    pub fn all_rows(&self) -> &[Row] {
        self.figure_rows.get_or_init(|| self.figure_rows())
    }

    fn figure_rows(&self) -> Vec<Row> {
        let mut rows = self.rows("ships", self.ship_entries(), false, &self.check.ships, Drawn::Figures);
        let squadrons = self.squadron_entries();
        rows.extend(self.rows("squadrons", squadrons, true, &self.check.squadrons, Drawn::Figures));
        rows
    }

    fn ship_entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.fleet.ships.iter().map(|s| Entry {
            class: s.class.as_str(),
            name: s.name.as_str(),
            count: None,
            group: s.group.as_str(),
            reserve: s.reserve,
            options: &s.options,
            leaders: &s.leaders,
        })
    }

    fn squadron_entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.fleet.squadrons.iter().map(|s| Entry {
            class: s.class.as_str(),
            name: s.name.as_str(),
            count: Some(s.count),
            group: s.group.as_str(),
            reserve: s.reserve,
            options: &s.options,
            leaders: &s.leaders,
        })
    }

    fn rows<'a>(
        &self,
        list: &str,
        entries: impl Iterator<Item = Entry<'a>>,
        escorts: bool,
        figures: &[EntryFigures],
        drawn: Drawn,
    ) -> Vec<Row> {
        let whole = drawn == Drawn::Whole;
        let classes = if whole { self.class_datalist(escorts) } else { Vec::new() };
        let long = self.long();
        let class_list = if escorts { super::long::ESCORT_CLASSES } else { super::long::SHIP_CLASSES };
        let list_id = bfg::list_of(&self.fleet).map_or("", |l| l.id);
        entries
            .zip(figures)
            .enumerate()
            .map(|(i, (e, fig))| {
                let path = line(&[&list, &".", &i]);
                let ship = bfg::ship(e.class.trim());
                // A class the list does not field (a reserve, one of another faction) stays on offer
                // for this row, so the select keeps it.
                let mut own = classes.clone();
                if let Some(s) = ship.filter(|s| whole && !own.iter().any(|(v, _)| v == s.id)) {
                    own.push((s.id.to_owned(), format!("{} ({} pts)", s.name, s.points)));
                }
                // What the leader selects offer is worked out from it, so only for a row drawn whole.
                let entryish = whole.then(|| Entryish {
                    options: e.options.to_vec(),
                    leaders: e.leaders.to_vec(),
                    group: e.group.to_owned(),
                    reserve: e.reserve,
                });
                let on = ship.zip(entryish.as_ref());
                let choices = if whole { leader_choices(self, on) } else { Vec::new() };
                let leader_adder = choices.first().map(|(first, _)| {
                    let s = select(
                        &line(&[&"new.", &path, &".leaders"]),
                        "Leader to add",
                        first,
                        choices.clone(),
                        None,
                    );
                    if long { s.listed(super::long::LEADERS) } else { s }
                });
                let class = if whole {
                    select(&line(&[&path, &".class"]), "Class", e.class, own, Some(BUILDER))
                } else {
                    Select::default()
                };
                let mut leaders =
                    leader_rows_of(self, &line(&[&path, &".leaders"]), e.leaders, &fig.leaders, on, drawn);
                if long {
                    for l in &mut leaders {
                        l.select = l.select.clone().listed(super::long::LEADERS);
                    }
                }
                Row {
                    class: if long { class.listed(class_list) } else { class },
                    name: e.name.to_owned(),
                    count: e.count,
                    group: e.group.to_owned(),
                    reserve: e.reserve,
                    options: if whole {
                        option_sets(&path, ship, list_id, e.options, fig.bays)
                    } else {
                        Vec::new()
                    },
                    leaders,
                    leader_adder,
                    weapons: fig.weapons.iter().map(|w| WeaponRow::of(w)).collect(),
                    arms: if long { self.arms_of(fig) } else { None },
                    fig: fig.clone(),
                    problems: if whole { self.problems_for(&path) } else { Vec::new() },
                    slot: slot_id(&path),
                    number: i + 1,
                    path,
                }
            })
            .collect()
    }
}

/// An entry of either list, as rows read it.
struct Entry<'a> {
    class: &'a str,
    name: &'a str,
    count: Option<u32>,
    group: &'a str,
    reserve: bool,
    options: &'a [String],
    leaders: &'a [bfg::Aboard],
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The profile line as `format!` wrote it before it was put together piece by piece.
    fn formatted(f: &EntryFigures) -> String {
        let Some(kind) = f.kind else { return String::new() };
        let speeds: Vec<String> = f.speeds_cm.iter().map(u32::to_string).collect();
        let turns = f.turns.map_or("special turns".to_string(), |t| format!("{t}°"));
        let turrets = f.turrets.map_or("special".to_string(), |t| t.to_string());
        format!(
            "{} · {} {} · {} cm · {turns} · shields {} · armour {} · turrets {turrets}",
            kind.name(),
            f.hits,
            if f.hits == 1 { "hit" } else { "hits" },
            speeds.join("/"),
            f.shields,
            f.armour
        )
    }

    /// The craft line as `format!` and `join` wrote it before it was put together piece by piece.
    fn craft_formatted(f: &EntryFigures) -> String {
        let craft: Vec<String> = f
            .craft
            .iter()
            .map(|c| {
                let roles: Vec<&str> = c.roles.iter().map(|r| r.name()).collect();
                format!("{} ({}, {} cm)", c.name, roles.join(" and "), c.speed_cm)
            })
            .collect();
        craft.join(", ")
    }

    /// Every ship's craft line as it is, and with no craft, one, and every craft there is (some
    /// of more than one role): the same line `format!` wrote.
    #[test]
    fn every_craft_line_reads_as_format_wrote_it() {
        let every: Vec<&'static bfg::Craft> = bfg::craft().iter().collect();
        assert!(every.iter().any(|c| c.roles.len() > 1), "a craft of more than one role");
        for ship in bfg::ships() {
            let mut fleet = bfg::Fleet::new(ship.faction);
            fleet.ships.push(bfg::ShipEntry::new(ship.id, &[]));
            let mut f = bfg::check(&fleet).ships.remove(0);
            assert_eq!(craft_line(&f), craft_formatted(&f), "{}", ship.id);
            for n in [0, 1, every.len()] {
                f.craft = every[..n].to_vec();
                assert_eq!(craft_line(&f), craft_formatted(&f), "{} with {n} craft", ship.id);
            }
        }
    }

    /// What a row's heading and figures draw from it, and its leaders' figures.
    fn figures_drawn(r: &Row) -> String {
        let leaders: Vec<_> = r
            .leaders
            .iter()
            .map(|l| (l.path.clone(), l.id("id"), l.name(), l.about(), l.fig.clone()))
            .collect();
        format!(
            "{} {:?} {} {} {:?} {} {} {} {} {} {} {:?} {:?} {leaders:?}",
            r.number,
            r.count,
            r.path,
            r.slot,
            r.fig,
            r.title(),
            r.called(),
            r.profile(),
            r.salvoes(),
            r.craft(),
            r.split(),
            r.weapons,
            r.arms,
        )
    }

    /// Fleets of every list: each fleet's first classes as ships, the next as squadrons, three
    /// leaders aboard its first ship (of its faction's or another's); every fifth list's fleet
    /// takes its whole roster twice over, ships and squadrons, so it is long.
    fn fleets_of_every_list() -> Vec<bfg::Fleet> {
        let leaders = bfg::leaders();
        bfg::lists()
            .iter()
            .enumerate()
            .map(|(i, list)| {
                let mut fleet = bfg::Fleet::of_list(list.id);
                let whole = i % 5 == 0;
                let (ships, squadrons) = if whole { (list.roster.len(), list.roster.len()) } else { (4, 3) };
                for e in list.roster.iter().take(ships) {
                    fleet.ships.push(bfg::ShipEntry::new(e.class, &[]));
                }
                for e in list.roster.iter().skip(if whole { 0 } else { 4 }).take(squadrons) {
                    fleet.squadrons.push(bfg::Squadron::new(e.class, 2));
                }
                if let Some(ship) = fleet.ships.first_mut() {
                    ship.name = "Lord \"Daros\" & co's".into();
                    for (k, step) in [0, 1, 7].into_iter().enumerate() {
                        let leader = &leaders[(i + step) % leaders.len()];
                        ship.leaders.push(bfg::Aboard {
                            id: leader.id.into(),
                            rerolls: u32::try_from(k).unwrap_or(0),
                        });
                    }
                }
                fleet
            })
            .collect()
    }

    /// The rules are shown broken first, then kept, then explained, each status in the list's
    /// own order, and none left out.
    #[test]
    fn rules_are_shown_broken_then_kept_then_explained_each_in_the_lists_order() {
        let mut mixed = 0;
        for fleet in fleets_of_every_list() {
            let v = FleetView::new(fleet, Vec::new());
            let shown: Vec<(&str, &str)> = v.rules().iter().map(|r| (r.status, r.id)).collect();
            let mut want = Vec::new();
            for (status, word) in [
                (bfg::RuleStatus::Broken, "broken"),
                (bfg::RuleStatus::Kept, "kept"),
                (bfg::RuleStatus::Explained, "explained"),
            ] {
                want.extend(v.check.rules.iter().filter(|r| r.status == status).map(|r| (word, r.id)));
            }
            assert_eq!(shown, want, "{}", v.fleet.list);
            mixed +=
                usize::from(shown.iter().any(|s| s.0 == "broken") && shown.iter().any(|s| s.0 == "kept"));
        }
        assert!(mixed > 0, "some fleet breaks a rule and keeps another");
    }

    /// A row drawn for its heading and figures alone draws what the same row drawn whole does:
    /// leaving its inputs out leaves nothing out of its figures.
    #[test]
    fn rows_drawn_for_their_figures_draw_what_rows_drawn_whole_do() {
        let mut long = 0;
        for fleet in fleets_of_every_list() {
            let v = FleetView::new(fleet, Vec::new());
            long += usize::from(v.long());
            let whole: Vec<String> =
                v.ship_rows().iter().chain(&v.squadron_rows()).map(figures_drawn).collect();
            let figures: Vec<String> = v.all_rows().iter().map(figures_drawn).collect();
            assert_eq!(whole, figures, "{}", v.fleet.list);
            assert!(
                v.all_rows()
                    .iter()
                    .all(|r| r.class.options.is_empty() && r.leaders.iter().all(|l| l.ladder.is_empty()))
            );
        }
        assert!(long > 0, "some fleet is long");
    }

    /// Every ship of every faction, as it is and with its figures pushed to each edge (one hit,
    /// no speed, special turns and turrets, a name): the same line, the same title.
    #[test]
    fn every_profile_line_and_title_reads_as_format_wrote_them() {
        for ship in bfg::ships() {
            let mut fleet = bfg::Fleet::new(ship.faction);
            fleet.ships.push(bfg::ShipEntry::new(ship.id, &[]));
            let mut f = bfg::check(&fleet).ships.remove(0);
            assert!(f.kind.is_some(), "{}", ship.id);
            assert_eq!(profile_line(&f), formatted(&f), "{}", ship.id);
            assert_eq!(f.title(), f.class_name);
            f.name = " Lord Daros ".into();
            assert_eq!(f.title(), format!("Lord Daros ({})", f.class_name));
            (f.hits, f.speeds_cm, f.turns, f.turrets) = (1, &[], None, None);
            assert_eq!(profile_line(&f), formatted(&f), "{}", ship.id);
            (f.hits, f.speeds_cm, f.turns, f.turrets) = (0, &[10, 15, 20], Some(0), Some(0));
            assert_eq!(profile_line(&f), formatted(&f), "{}", ship.id);
            f.kind = None;
            assert_eq!(profile_line(&f), "");
        }
    }
}
