//! What the fleet pages show, prepared for the templates: the faction, list and class selects, a
//! row for every ship and squadron with its profile, weapons, options, leaders and the problems
//! that concern it, the list's rules as they stand, and the engine's ordnance figures in words.
//! Nothing here computes a rule.

mod long;
mod rows;
mod sheet;

pub use long::WeaponTable;
pub use rows::{LeaderRow, OptionInput, Row, WeaponRow};
pub use sheet::{SheetShip, SheetSquadron};

use crate::games::bfg::{self, Check, Fleet, RuleStatus};
use crate::games::{Problem, line};
use crate::web::flows::view::{Judged, ProblemView, Select, Verdict, as_is, points_against, select};
use std::borrow::Cow;

/// Where a structural select (faction, list, a ship's class) re-renders the form.
const BUILDER: &str = "/bfg/builder";

/// Everything the builder, the share page and the roster show.
pub struct FleetView {
    pub fleet: Fleet,
    pub check: Check,
    pub verdict: Verdict,
    /// [`FleetView::all_rows`], made once: a live update draws them twice (the ordnance table,
    /// then each row's heading and figures), and making them is most of what it draws.
    figure_rows: std::sync::OnceLock<Vec<Row>>,
}

impl Judged for FleetView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }
    fn headline(&self) -> String {
        points_against(self.check.points, Some(self.check.limit))
    }
}

/// A rule of the fleet's list as the figures panel shows it.
pub struct RuleView<'a> {
    pub id: &'static str,
    pub text: &'static str,
    /// "kept", "broken" or "explained".
    pub status: &'static str,
    /// In words: "Kept", "Broken", or how a rule that counts nothing is kept ("In the ship
    /// lists", "See in-gothic/battleships", "Not checked").
    pub word: Cow<'static, str>,
    pub figures: &'a [String],
    /// Our readings of it, for their notes.
    pub readings: &'static [bfg::Reading],
    pub unverified: bool,
}

impl RuleView<'_> {
    /// Our readings' notes.
    pub fn notes(&self) -> impl Iterator<Item = &'static str> {
        bfg::notes_of(self.readings)
    }

    /// The rule's id as its element's id ends: its slashes made dashes ("in-gothic-battleships").
    pub fn anchor(&self) -> RuleAnchor {
        RuleAnchor(self.id)
    }

    /// Its figures in one line, each after a semicolon.
    pub fn figures_line(&self) -> FiguresLine<'_> {
        FiguresLine(self.figures)
    }
}

/// A rule's id with its slashes made dashes, written straight into the page, unescaped (as the
/// id itself is): the lists' rule ids are made of lowercase letters, digits, dashes, underscores
/// and slashes, none to escape (a test holds every one to it).
#[derive(Debug, Clone, Copy)]
pub struct RuleAnchor(&'static str);

impl RuleAnchor {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        // Made on the stack and written at once (a live update writes every rule's): each slash,
        // an ASCII byte, becomes an ASCII dash, so the bytes stay UTF-8.
        let mut made = [0u8; 64];
        if let Some(room) = made.get_mut(..self.0.len()) {
            for (to, &b) in room.iter_mut().zip(self.0.as_bytes()) {
                *to = if b == b'/' { b'-' } else { b };
            }
            if let Ok(text) = std::str::from_utf8(room) {
                return out.write_str(text);
            }
        }
        let mut rest = self.0;
        // A slash is ASCII, so each cut is at a character's boundary.
        while let Some(at) = rest.bytes().position(|b| b == b'/') {
            out.write_str(&rest[..at])?;
            out.write_str("-")?;
            rest = &rest[at + 1..];
        }
        out.write_str(rest)
    }
}

/// A rule's figures joined by "; ", written into the page piece by piece.
#[derive(Debug, Clone, Copy)]
pub struct FiguresLine<'a>(&'a [String]);

impl FiguresLine<'_> {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        for (i, figure) in self.0.iter().enumerate() {
            if i > 0 {
                out.write_str("; ")?;
            }
            out.write_str(figure)?;
        }
        Ok(())
    }
}

crate::written! { FiguresLine<'_> }
crate::written!(plain: RuleAnchor);

impl FleetView {
    pub fn new(mut fleet: Fleet, form_problems: Vec<Problem>) -> Self {
        // A form may send empty choices (a radio group's "none"): they are no choice.
        for options in fleet
            .ships
            .iter_mut()
            .map(|s| &mut s.options)
            .chain(fleet.squadrons.iter_mut().map(|s| &mut s.options))
        {
            options.retain(|o| !o.trim().is_empty());
        }
        let check = bfg::check(&fleet);
        let slots = || {
            let mut paths: Vec<String> =
                ["faction", "list", "points_limit", "version", "leaders", "not_read"]
                    .map(String::from)
                    .to_vec();
            paths.extend((0..fleet.ships.len()).map(|i| line(&[&"ships.", &i])));
            paths.extend((0..fleet.squadrons.len()).map(|i| line(&[&"squadrons.", &i])));
            paths
        };
        let verdict =
            Verdict::new(form_problems, &check.problems, slots, as_is).with_incomplete(fleet.not_read.len());
        FleetView { fleet, check, verdict, figure_rows: std::sync::OnceLock::new() }
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    pub fn faction_name(&self) -> &str {
        self.check.faction_name.as_deref().unwrap_or("Unknown faction")
    }

    /// "Gothic Sector", or "" when the list is unknown.
    pub fn list_name(&self) -> &str {
        self.check.list_name.as_deref().unwrap_or("")
    }

    pub fn title(&self) -> String {
        let name = self.fleet.name.trim();
        if name.is_empty() { format!("Unnamed {} fleet", self.faction_name()) } else { name.to_owned() }
    }

    pub fn summary(&self) -> String {
        bfg::summary(&self.check)
    }

    pub fn text(&self) -> String {
        bfg::text_export(&self.fleet)
    }

    pub fn problems_for(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }

    /// Our readings of the rules, drawn once for every page and every live update that shows them.
    pub fn decisions_drawn(&self) -> &'static str {
        static DRAWN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        crate::web::flows::view::drawn_once(bfg::DECISIONS, &DRAWN)
    }

    pub fn faction_select(&self) -> Select {
        let options = bfg::factions().iter().map(|f| (f.id.to_owned(), f.name.to_owned())).collect();
        select("faction", "Faction", &self.fleet.faction, options, Some(BUILDER))
    }

    /// The faction's fleet lists; `None` when the faction is unknown.
    pub fn list_select(&self) -> Option<Select> {
        let faction = bfg::faction(self.fleet.faction.trim())?;
        let options = faction.lists().map(|l| (l.id.to_owned(), l.name.to_owned())).collect();
        Some(select("list", "Fleet list", &self.fleet.list, options, Some(BUILDER)))
    }

    /// The list's note, where lists.csv gives one.
    pub fn list_note(&self) -> Option<&'static str> {
        bfg::list_of(&self.fleet).and_then(|l| l.note)
    }

    /// Every rule of the list, as it stands for this fleet: broken ones first.
    pub fn rules(&self) -> Vec<RuleView<'_>> {
        fn view(r: &bfg::RuleState) -> RuleView<'_> {
            let (status, word) = match r.status {
                RuleStatus::Kept => ("kept", Cow::Borrowed("Kept")),
                RuleStatus::Broken => {
                    ("broken", Cow::Borrowed(if r.unverified { "Broken (unverified)" } else { "Broken" }))
                }
                RuleStatus::Explained => ("explained", explained(r)),
            };
            RuleView {
                id: r.id,
                text: r.text,
                status,
                word,
                figures: &r.figures,
                readings: r.readings,
                unverified: r.unverified,
            }
        }
        // Broken first, then kept, then explained, each in the list's order: three passes over a
        // few dozen rules, where a sort of their views cost more.
        let mut rules = Vec::with_capacity(self.check.rules.len());
        for status in [RuleStatus::Broken, RuleStatus::Kept, RuleStatus::Explained] {
            rules.extend(self.check.rules.iter().filter(|r| r.status == status).map(view));
        }
        rules
    }

    /// How many of the list's rules the fleet breaks.
    pub fn rules_broken(&self) -> usize {
        self.check.rules.iter().filter(|r| r.status == RuleStatus::Broken).count()
    }

    /// The classes an add button offers: the list's (capital ships or escorts), then the
    /// faction's others as reserves ("reserve:" before the id).
    fn classes(&self, escorts: bool) -> Vec<(String, String)> {
        let list = bfg::list_of(&self.fleet);
        let of_kind = |s: &&bfg::Ship| s.is_escort() == escorts;
        let price = |s: &bfg::Ship| list.and_then(|l| l.price(s.id)).unwrap_or(s.points);
        let mut out: Vec<(String, String)> = Vec::new();
        match list {
            Some(l) => {
                for s in bfg::ships().iter().filter(of_kind).filter(|s| l.fields(s.id)) {
                    let tag =
                        if s.faction == l.faction { String::new() } else { format!(", {}", faction_of(s)) };
                    out.push((s.id.to_owned(), format!("{} ({} pts{tag})", s.name, price(s))));
                }
                let reserves = bfg::ships().iter().filter(of_kind).filter(|s| {
                    s.faction == l.faction
                        && !l.fields(s.id)
                        && bfg::lists()
                            .iter()
                            .any(|o| o.faction == l.faction && o.id != l.id && o.fields(s.id))
                });
                for s in reserves {
                    out.push((
                        format!("reserve:{}", s.id),
                        format!("{} ({} pts, a reserve)", s.name, s.points),
                    ));
                }
            }
            None => {
                for s in
                    bfg::ships().iter().filter(of_kind).filter(|s| s.faction == self.fleet.faction.trim())
                {
                    out.push((s.id.to_owned(), format!("{} ({} pts)", s.name, s.points)));
                }
            }
        }
        out
    }

    /// The select next to an add button; `None` when there is no such class to add.
    fn adder(&self, list: &str, label: &str, escorts: bool) -> Option<Select> {
        let classes = self.classes(escorts);
        let first = classes.first()?.0.clone();
        Some(select(&format!("new.{list}"), label, &first, classes, None))
    }

    pub fn new_ship(&self) -> Option<Select> {
        self.adder("ships", "Ship to add", false)
    }

    pub fn new_squadron(&self) -> Option<Select> {
        self.adder("squadrons", "Escorts to add", true)
    }

    /// The leaders the list buys for the fleet itself (on no ship), for an add select.
    pub fn new_fleet_leader(&self) -> Option<Select> {
        let list = bfg::list_of(&self.fleet)?;
        let options: Vec<(String, String)> = bfg::leaders()
            .iter()
            .filter(|l| l.offered_in(list.id) && l.placement == bfg::Placement::Fleet)
            .map(|l| (l.id.to_owned(), format!("{} ({} pts)", l.name, l.points)))
            .collect();
        let first = options.first()?.0.clone();
        Some(select("new.leaders", "Buy for the fleet", &first, options, None))
    }

    /// The fleet's own leaders, as rows.
    pub fn fleet_leaders(&self) -> Vec<LeaderRow> {
        rows::leader_rows(self, "leaders", &self.fleet.leaders, &self.check.leaders, None)
    }

    /// What an import could not read, with the input that keeps each line.
    pub fn not_read(&self) -> Vec<(String, String)> {
        self.fleet.not_read.iter().enumerate().map(|(k, l)| (format!("not_read.{k}"), l.clone())).collect()
    }
}

/// A ship's faction name, for a class fielded by another faction's list.
fn faction_of(s: &bfg::Ship) -> &'static str {
    bfg::faction(s.faction).map_or(s.faction, |f| f.name)
}

/// How a rule that counts nothing is kept, from our first reading of it.
fn explained(r: &bfg::RuleState) -> Cow<'static, str> {
    use bfg::RuleCheck as C;
    let first = r.readings.first().map(|r| r.check);
    match first {
        Some(C::Roster | C::RosterPlus { .. } | C::Reserves { .. } | C::ReservesOnly { .. }) => {
            "In the ship lists".into()
        }
        Some(C::Slots) => "In the weapon choices".into(),
        Some(C::Options) => "In the options".into(),
        Some(C::Leaders) => "In the leaders".into(),
        Some(C::Inherit) => "From the list it extends".into(),
        Some(C::See { rule }) => line(&[&"See ", &rule]).into(),
        _ => "Not checked".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule of every list is anchored by its id with its slashes made dashes, and its
    /// figures are joined by "; " (what the template once made of them with `replace` and `join`),
    /// for any count of figures, of any characters.
    #[test]
    fn a_rules_anchor_and_figures_line_are_its_id_dashed_and_its_figures_joined() {
        let figures: Vec<String> =
            ["2 of 3 cruisers", "", "Lord \"Daros\" & co's <ship>", "é ✓", "12 / 1,000 pts"]
                .map(String::from)
                .into();
        assert!(!bfg::rules().is_empty());
        for (i, rule) in bfg::rules().iter().enumerate() {
            let figures = &figures[..i % (figures.len() + 1)];
            let view = RuleView {
                id: rule.id,
                text: rule.id,
                status: "kept",
                word: Cow::Borrowed("Kept"),
                figures,
                readings: &[],
                unverified: false,
            };
            assert_eq!(view.anchor().to_string(), rule.id.replace('/', "-"), "{}", rule.id);
            assert_eq!(view.figures_line().to_string(), figures.join("; "), "{}", rule.id);
        }
        for rule in bfg::rules() {
            let safe = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_/".contains(&b);
            assert!(rule.id.bytes().all(safe), "{:?} holds more than its anchor writes unescaped", rule.id);
        }
        // Ids up to the 64 bytes made on the stack, and past them.
        let long: Vec<String> = [63, 64, 65, 200].map(|n| "ab/".repeat(n).chars().take(n).collect()).into();
        let ids = ["", "/", "a//b/", "in-gothic/battleships", "é/✓"]
            .into_iter()
            .chain(long.iter().map(String::as_str));
        for id in ids {
            let id: &'static str = String::leak(id.to_owned());
            assert_eq!(RuleAnchor(id).to_string(), id.replace('/', "-"), "{} bytes", id.len());
        }
    }
}
