//! What the boat pages show, prepared for the templates: option lists, rows with the problems
//! that concern them, the figures in words. Nothing here computes a rule; it only arranges what
//! the engine said.
//!
//! - drawing.rs: the boat drawn from above (designer, share page, record sheet)
//! - part_rows.rs: the designer's inputs and rows
//! - sheet.rs: the record sheet's tables
//! - start.rs: the hulls and published boats a design starts from

mod drawing;
mod part_rows;
mod sheet;
mod start;

pub use drawing::Drawing;
pub use part_rows::{ArmorBox, CargoRow, ExtraArmor, ItemRow, PropellerRow, TurretRow, WeaponRow};
pub use sheet::{SheetBlock, TickRow, Ticks, WeaponLine};
pub use start::{published, start_choices, start_design};

use crate::games::boats::design::Design;
use crate::games::boats::evaluate::{Evaluation, Part, armor_locations};
use crate::games::boats::tables::{self, Loc};
use crate::games::boats::units::{Money, Spaces, Speed, Weight, pounds_rounded};
use crate::games::boats::{self, statline};
use crate::games::bounds::Document;
use crate::games::write_whole;
use crate::games::{Fixed, Problem, ShortTenths};

use crate::web::boats::assist::{self, FixRow, Panel, Settings};
use crate::web::flows::view::{Fix, Judged, ProblemView, Verdict, slot_id};
use std::borrow::Cow;
use std::fmt::Write as _;

/// A ledger line as shown.
#[derive(Debug, Clone)]
pub struct LedgerRow {
    pub label: String,
    pub cost: String,
    pub weight: String,
    pub spaces: String,
    pub rule: String,
    pub anchor: String,
}

/// A figure and its limit, drawn as a bar: over the limit, the bar is scaled to the figure, the
/// limit marked on it and the part past it shown apart, and the words say by how much.
#[derive(Debug, Clone)]
pub struct Gauge {
    pub label: &'static str,
    pub text: String,
    /// How far over the limit, in words ("over by 1,200 lb"), when it is.
    pub over_by: Option<String>,
    pub over: bool,
    /// The bar in hundredths of its width: the used part up to the limit, where the limit is,
    /// and the part past it.
    pub used: u8,
    pub limit: u8,
    pub past: u8,
}

impl Gauge {
    fn new(label: &'static str, text: String, value: f64, max: f64, over_by: Option<String>) -> Self {
        let over = over_by.is_some();
        let pct = |x: f64| (x * 100.0).round().clamp(0.0, 100.0) as u8;
        let (used, limit) = if over {
            let limit = pct(max / value.max(1e-9));
            (limit, limit)
        } else {
            (pct(value / max.max(1.0)), 100)
        };
        Gauge { label, text, over_by, over, used, limit, past: 100 - limit }
    }
}

/// "over by 2 spaces" when `used` is past `total`.
fn spaces_over(used: Spaces, total: i64) -> Option<String> {
    (used > Spaces::whole(total)).then(|| {
        let by = Spaces(used.0 - Spaces::whole(total).0);
        let mut s = String::with_capacity(24);
        s.push_str("over by ");
        let _ = by.write_to(&mut s);
        s.push_str(if by == Spaces::whole(1) { " space" } else { " spaces" });
        s
    })
}

/// Writes `pieces` into one new string: a figure's words without the formatting machinery.
fn words(pieces: &[&dyn Fn(&mut String) -> std::fmt::Result]) -> String {
    let mut s = String::with_capacity(40);
    for p in pieces {
        // A String takes anything written to it.
        let _ = p(&mut s);
    }
    s
}

/// Everything the designer, the share page and the record sheet show.
pub struct BoatView {
    pub design: Design,
    pub eval: Evaluation,
    pub stat_line: String,
    /// Its problems, counted and placed next to the parts of the form.
    pub verdict: Verdict,
    /// Whether the ledger and maneuver boxes are open (the designer's script reports it, so a
    /// live update keeps them as the player left them).
    pub ledger_open: bool,
    pub maneuvers_open: bool,
    /// Whether to write out the ledger's lines: always, but for a live update while it is
    /// closed (opening it asks for a fresh update with the lines).
    pub ledger_lines: bool,
    /// Each part's cost, weight and spaces, added up when a form row asks.
    part_totals: std::sync::OnceLock<Vec<(u128, Sums)>>,
    /// The design assistant's settings, in the designer and its live updates only (the share
    /// page and the record sheet have none).
    pub assist: Option<Settings>,
    /// The problems with a one-click fix and their buttons, while the assistant is there.
    fixes: Vec<FixRow>,
}

/// A part's cost, weight and spaces.
type Sums = (Money, Weight, Spaces);

/// A part's cost, weight and spaces in a line: "$1,000, 150 lb, 1 sp". Written straight into
/// the page, without a string of its own.
#[derive(Debug, Clone, Copy)]
pub struct Summary(Sums);

impl Summary {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        let (cost, weight, spaces) = self.0;
        cost.write_to(out)?;
        out.write_str(", ")?;
        weight.write_to(out)?;
        out.write_str(" lb, ")?;
        spaces.write_to(out)?;
        out.write_str(" sp")
    }
}

/// The id of the place the designer's row of `part` shows its [`Summary`]: "sum-" and its
/// problem slot's id ("sum-problems-weapons-0").
#[derive(Debug, Clone, Copy)]
pub struct SumId(Part);

impl SumId {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        out.write_str("sum-problems-")?;
        self.0.write_to(out, "-")
    }
}

/// A whole figure as the pages write it, in thousands: "$13,552", "3,000 lb".
#[derive(Debug, Clone, Copy)]
pub struct Rounded {
    before: &'static str,
    n: i64,
    after: &'static str,
}

impl Rounded {
    fn dollars(m: Money) -> Self {
        Rounded { before: "$", n: m.rounded(), after: "" }
    }

    fn pounds(w: Weight) -> Self {
        Rounded { before: "", n: w.rounded(), after: " lb" }
    }

    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        out.write_str(self.before)?;
        crate::games::write_whole(out, self.n, true)?;
        out.write_str(self.after)
    }
}

/// A maneuver the hull allows, in words: "D3: +2 difficulty", "D4: impossible"; or whether it
/// may make bootlegger turns.
#[derive(Debug, Clone, Copy)]
pub enum Maneuver {
    /// A difficulty and what it adds to it (`None`: impossible).
    Limit(u8, Option<u8>),
    Bootlegger(bool),
}

impl Maneuver {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        let (difficulty, extra) = match *self {
            Maneuver::Bootlegger(yes) => {
                return out.write_str(if yes { "Bootlegger turns: yes" } else { "Bootlegger turns: never" });
            }
            Maneuver::Limit(difficulty, extra) => (difficulty, extra),
        };
        out.write_str("D")?;
        crate::games::write_whole(out, difficulty.into(), false)?;
        match extra {
            Some(0) => out.write_str(": normal"),
            Some(x) => {
                out.write_str(": +")?;
                crate::games::write_whole(out, x.into(), false)?;
                out.write_str(" difficulty")
            }
            None => out.write_str(": impossible"),
        }
    }
}

/// What a point of armor costs and weighs on this hull: "$26 and 6 lb a point".
#[derive(Debug, Clone, Copy)]
pub struct PerPoint(Money, Weight);

impl PerPoint {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        self.0.write_to(out)?;
        out.write_str(" and ")?;
        self.1.write_to(out)?;
        out.write_str(" lb a point")
    }
}

crate::written! { Rounded, Maneuver, PerPoint }
// Drawn only where the template writes them unescaped (`|safe`, see `row_sums`): piece by piece,
// straight into the page, with nothing gathered first.
crate::written!(plain: Summary, SumId, Fixed<3>, ShortTenths);
// The engine's quantities keep their own `Display`; a template writes them through its escaper
// piece by piece, not through the formatting machinery (some 450 instructions each).
crate::written!(fast: Money, Weight, Spaces, Speed);

/// The parts of the form's rows that show their cost, weight and spaces, in the form's order:
/// crew, weapons, turrets (each followed by its weapons), accessories.
fn summed_rows(d: &Design) -> Vec<Part> {
    // Room for every row at once, each row one of the design's entries (it grew a few times over
    // for a loaded boat).
    let mut parts: Vec<Part> = Vec::with_capacity(d.entries());
    parts.extend((0..d.crew.len()).map(Part::Crew));
    parts.extend((0..d.weapons.len()).map(Part::Weapon));
    for (i, t) in d.turrets.iter().enumerate() {
        parts.push(Part::Turret(i));
        parts.extend((0..t.weapons.len()).map(|j| Part::TurretWeapon(i, j)));
    }
    parts.extend((0..d.accessories.len()).map(Part::Accessory));
    parts
}

/// Where `part` is in `totals` (sorted by [`Part::key`], each part there once).
fn find(totals: &[(u128, Sums)], part: Part) -> Option<usize> {
    let key = part.key();
    totals.binary_search_by(|(k, _)| k.cmp(&key)).ok()
}

/// The paths of every part of the form that has a problems slot.
fn slot_paths(d: &Design) -> Vec<String> {
    let mut paths: Vec<String> = [
        "hull",
        "top",
        "deck",
        "hydrofoils",
        "weighted_keel",
        "spoiler",
        "plant",
        "jet_drive",
        "oars",
        "crew",
        "armor",
        "version",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    paths.extend((0..d.propellers.len()).map(|i| format!("propellers.{i}")));
    paths.extend(summed_rows(d).iter().map(Part::to_string));
    paths.extend((0..d.cargo.len()).map(|i| format!("cargo.{i}")));
    paths.extend(shown_armor_locations(d).into_iter().map(|l| format!("armor.{}", l.code())));
    paths
}

/// The armor locations the form shows: the boat's, then any others given points (they stay
/// visible, with their problem).
fn shown_armor_locations(d: &Design) -> Vec<Loc> {
    let hull = d.hull.known().unwrap_or(&tables::NO_HULL);
    let mut locs = armor_locations(hull, d);
    for (l, _) in d.armor.points.iter() {
        if !locs.contains(&l) {
            locs.push(l);
        }
    }
    locs
}

impl BoatView {
    pub fn new(design: Design, form_problems: Vec<Problem>) -> Self {
        let eval = boats::check(&design);
        let stat_line = statline::stat_line(&design, &eval);
        // A location's points are read from "armor.points.F" and judged at "armor.F".
        let verdict = Verdict::new(
            form_problems,
            &eval.problems,
            || slot_paths(&design),
            |part| match part.strip_prefix("armor.points.") {
                Some(code) => Cow::Owned(format!("armor.{code}")),
                None => Cow::Borrowed(part),
            },
        )
        .with_incomplete(design.not_read.len());
        BoatView {
            design,
            eval,
            stat_line,
            verdict,
            ledger_open: false,
            maneuvers_open: false,
            ledger_lines: true,
            part_totals: std::sync::OnceLock::new(),
            assist: None,
            fixes: Vec::new(),
        }
    }

    /// Keeps the open/closed state of the figures' boxes the form reports; a live update writes
    /// the ledger's lines only while it is open.
    pub fn with_boxes(mut self, f: &crate::web::http::fields::Fields, live: bool) -> Self {
        self.ledger_open = f.flag("ledger_open");
        self.maneuvers_open = f.flag("maneuvers_open");
        self.ledger_lines = !live || self.ledger_open;
        self.with_assist(Settings::from_form(f, live))
    }

    /// The designer's assistant with these settings, and the one-click fixes it offers beside
    /// each problem they fix (worked out once: the figures panel lists the same).
    pub fn with_assist(mut self, settings: Settings) -> Self {
        self.assist = Some(settings);
        self.fixes = assist::fix_rows(&self.design, &self.eval);
        if !self.fixes.is_empty() {
            let fixes = &self.fixes;
            self.verdict.offer_fixes(|p| {
                fixes
                    .iter()
                    .filter(|r| r.code == p.code && r.part == p.part)
                    .flat_map(|r| &r.buttons)
                    .map(|(label, action)| Fix {
                        label: label.clone(),
                        action: format!("{}{action}", assist::BESIDE),
                        url: part_rows::DESIGNER,
                    })
                    .collect()
            });
        }
        self
    }

    /// The assistant's answers, while its box is open (always on a page drawn whole, where the
    /// box can be opened without a new request); `None` on pages without it.
    pub fn assist_panel(&self, live: bool) -> Option<Panel> {
        let s = self.assist.as_ref()?;
        (!live || s.open).then(|| assist::panel(&self.design, &self.eval, s))
    }

    /// Whether this page answers a one-click fix (the figures then say where the fixes were,
    /// and the page lands there).
    pub fn fixed_now(&self) -> bool {
        self.assist.as_ref().is_some_and(|s| s.fixed_now)
    }

    /// Whether this page answers a one-click fix pressed in the figures' list: it lands there.
    /// (One pressed beside its problem lands where it was pressed.)
    pub fn lands_at_fixes(&self) -> bool {
        self.assist.as_ref().is_some_and(|s| s.fixed_now && !s.fixed_beside)
    }

    /// The problems with a one-click fix, in the designer only.
    pub fn fix_rows(&self) -> &[FixRow] {
        &self.fixes
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    /// How many parts of a pasted stat line are still not read.
    pub fn incomplete(&self) -> usize {
        self.verdict.incomplete
    }

    pub fn title(&self) -> String {
        if self.design.name.trim().is_empty() {
            format!("Unnamed {}", self.hull_name())
        } else {
            self.design.name.trim().to_owned()
        }
    }

    pub fn hull_name(&self) -> &str {
        self.design.hull.known().map_or("boat", |h| h.name)
    }

    fn part_summary(&self, path: &str) -> String {
        let mut s = String::with_capacity(32);
        // A String takes anything written to it.
        let _ = Summary(self.sums_of(Part::at(path))).write_to(&mut s);
        s
    }

    /// Each part's cost, weight and spaces, by the part's key ([`Part::key`]), sorted.
    fn part_totals(&self) -> &[(u128, Sums)] {
        // A design's ledger has a few dozen lines over a few dozen parts, a part's lines mostly
        // together and the parts mostly in their keys' order: each line adds to the part the
        // line before added to, or to a new part after all the others, or to the part a binary
        // search finds (put in its place when new). Looking through the list from a part's
        // place had made every new part a look through all the parts before it.
        self.part_totals.get_or_init(|| {
            let mut t: Vec<(u128, Sums)> = Vec::with_capacity(self.eval.ledger.len());
            let mut last = 0;
            for l in &self.eval.ledger {
                let key = l.part.key();
                if t.last().is_none_or(|(k, _)| *k < key) {
                    t.push((key, Default::default()));
                    last = t.len() - 1;
                } else if t.get(last).is_none_or(|(k, _)| *k != key) {
                    last = match t.binary_search_by(|(k, _)| k.cmp(&key)) {
                        Ok(at) => at,
                        Err(at) => {
                            t.insert(at, (key, Default::default()));
                            at
                        }
                    };
                }
                let e = &mut t[last].1;
                e.0 += l.cost;
                e.1 += l.weight;
                e.2 += l.spaces;
            }
            t
        })
    }

    /// A part's cost, weight and spaces (all zero for no part).
    fn sums_of(&self, part: Option<Part>) -> Sums {
        let totals = self.part_totals();
        part.and_then(|part| find(totals, part)).map(|at| totals[at].1).unwrap_or_default()
    }

    /// Every row's summary (its cost, weight and spaces) with the id of the place the form shows
    /// it: crew, weapons, turrets and their weapons, accessories. A live update redraws them all.
    pub fn row_sums(&self) -> Vec<(SumId, Summary)> {
        let totals = self.part_totals();
        let row = |p: Part| (SumId(p), Summary(find(totals, p).map(|at| totals[at].1).unwrap_or_default()));
        summed_rows(&self.design).into_iter().map(row).collect()
    }

    /// The problems shown next to a part of the form.
    pub fn problems_for(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }
}

impl Judged for BoatView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }
    /// Cost, and weight against the hull's maximum load.
    fn headline(&self) -> String {
        let f = &self.eval.figures;
        words(&[
            &|s| self.cost().write_to(s),
            &|s| s.write_str(" · "),
            &|s| write_whole(s, f.weight.rounded(), true),
            &|s| s.write_str(" of "),
            &|s| Rounded::pounds(f.max_load).write_to(s),
        ])
    }
}

impl BoatView {
    // ----- figures -----

    pub fn cost(&self) -> Rounded {
        Rounded::dollars(self.eval.figures.cost)
    }

    pub fn weight(&self) -> Rounded {
        Rounded::pounds(self.eval.figures.weight)
    }

    /// Power factors per pound, to three places ("0.502"): digits and a point, written
    /// unescaped.
    pub fn power_ratio(&self) -> Fixed<3> {
        Fixed(self.eval.figures.power_ratio)
    }

    /// Miles on a charge at 20 mph and at top speed ("2500", "1666.7"), with a plant: digits
    /// and a point, written unescaped.
    pub fn range(&self) -> Option<(ShortTenths, Option<ShortTenths>)> {
        let f = &self.eval.figures;
        f.range_miles_at_20_mph.map(|a| (ShortTenths(a), f.range_miles_at_top_speed.map(ShortTenths)))
    }

    pub fn gauges(&self) -> Vec<Gauge> {
        let f = &self.eval.figures;
        let weight_over = (f.weight > f.max_load).then(|| {
            words(&[&|s| s.write_str("over by "), &|s| {
                Rounded::pounds(Weight(f.weight.0 - f.max_load.0)).write_to(s)
            }])
        });
        let spaces = |label, used: Spaces, total: i64| {
            Gauge::new(
                label,
                words(&[&|s| used.write_to(s), &|s| s.write_str(" of "), &|s| write_whole(s, total, false)]),
                used.as_f64(),
                total as f64,
                spaces_over(used, total),
            )
        };
        let mut g = Vec::with_capacity(5);
        g.extend([
            Gauge::new(
                "Weight",
                words(&[
                    &|s| write_whole(s, f.weight.rounded(), true),
                    &|s| s.write_str(" of "),
                    &|s| Rounded::pounds(f.max_load).write_to(s),
                    &|s| s.write_str(" max load"),
                ]),
                f.weight.as_f64(),
                f.max_load.as_f64(),
                weight_over,
            ),
            spaces("Spaces", f.spaces_used, f.spaces_total),
        ]);
        if f.cargo_spaces_total > 0 || f.cargo_spaces_used > Spaces::ZERO {
            g.push(spaces("Cargo spaces", f.cargo_spaces_used, f.cargo_spaces_total));
        }
        for (label, s) in [("Below deck", f.below_deck), ("Above deck", f.above_deck)] {
            if let Some(s) = s {
                g.push(spaces(label, s.used, s.total));
            }
        }
        g
    }

    /// The hull's maneuver limits in words.
    pub fn maneuvers(&self) -> impl Iterator<Item = Maneuver> + '_ {
        let f = &self.eval.figures;
        f.maneuvers
            .iter()
            .map(|m| Maneuver::Limit(m.difficulty, m.extra))
            .chain(std::iter::once(Maneuver::Bootlegger(f.bootlegger)))
    }

    pub fn ledger(&self) -> Vec<LedgerRow> {
        self.eval
            .ledger
            .iter()
            .map(|l| LedgerRow {
                label: l.label(),
                cost: l.cost.to_string(),
                weight: format!("{} lb", l.weight),
                spaces: if l.spaces == Spaces::ZERO {
                    "-".into()
                } else if l.cargo {
                    format!("{} cargo", l.spaces)
                } else {
                    l.spaces.to_string()
                },
                rule: l.rule(),
                anchor: slot_id(&l.part.to_string()),
            })
            .collect()
    }

    pub fn decisions(&self) -> &'static [tables::Decision] {
        tables::DECISIONS
    }

    /// A one-line summary for the gallery and link previews.
    pub fn summary(&self) -> String {
        let f = &self.eval.figures;
        format!(
            "{} · {} · {} lb · {} mph",
            self.hull_name(),
            self.cost(),
            pounds_rounded(f.weight),
            f.top_speed
        )
    }
}

fn upper(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::design::{Top, TurretEntry, WeaponEntry};
    use crate::games::boats::tables::Mount;

    fn turret(size: u8, location: Loc, weapon: &str) -> TurretEntry {
        TurretEntry {
            size,
            popup: false,
            universal: false,
            location: Some(location),
            weapons: vec![WeaponEntry::new(tables::weapon_by_id(weapon).expect("weapon"), None)],
        }
    }

    #[test]
    fn deck_placement_is_offered_only_where_the_engine_places_by_deck() {
        let mut d = Design::blank(tables::hull("rowboat").expect("rowboat"));
        d.deck = Some(crate::games::boats::design::Deck { below: None });
        d.weapons.push(WeaponEntry::new(tables::weapon_by_id("mg").expect("mg"), Some(Mount::F)));
        // A Rowboat cannot have a Deck: the engine says so and places nothing by it.
        let v = BoatView::new(d.clone(), Vec::new());
        assert!(v.eval.problems.iter().any(|p| p.part.as_deref() == Some("deck")));
        assert!(v.weapon_rows()[0].deck.is_none());
        d.hull = crate::games::boats::design::Ref::Known(tables::hull("cruiser").expect("cruiser"));
        assert!(BoatView::new(d, Vec::new()).weapon_rows()[0].deck.is_some());
    }

    #[test]
    fn a_problems_fixes_are_found_by_its_code_and_part_not_by_its_words() {
        let mut d = crate::games::boats::examples::piranha();
        // A Dinghy has no front-left mount: four facings are offered.
        d.weapons[0].mount = Some(Mount::FL);
        let judged = boats::check(&d);
        let mount = judged.problems.iter().find(|p| p.part.as_deref() == Some("weapons.0")).expect("mount");
        // Another problem in the same words and the same slot, of another code.
        let twin =
            Problem::error(crate::games::Shared::BadNumber, "weapons.0".to_owned(), mount.message.clone());
        let v = BoatView::new(d, vec![twin]).with_assist(Settings::default());
        let shown = v.problems_for("weapons.0");
        let fixes: Vec<Vec<&str>> =
            shown.iter().map(|p| p.fixes.iter().map(|f| f.action.as_str()).collect()).collect();
        // The form's problem first, without fixes; then the engine's, with its four.
        assert_eq!(shown.iter().map(|p| p.code).collect::<Vec<_>>(), ["BAD_NUMBER", mount.code.as_str()]);
        let four =
            vec!["here.fix.mount.0.F", "here.fix.mount.0.B", "here.fix.mount.0.L", "here.fix.mount.0.R"];
        assert_eq!(fixes, [vec![], four]);
    }

    #[test]
    fn the_record_sheet_puts_each_turret_weapon_in_its_own_turret() {
        // A turret the engine cannot price (no 9-space turret) must not shift the others.
        let mut d = Design::blank(tables::hull("yacht").expect("yacht"));
        d.top = Top::Full;
        d.turrets = vec![turret(9, Loc::FT, "mg"), turret(1, Loc::BT, "rl")];
        let v = BoatView::new(d, Vec::new());
        let sheet = v.sheet_weapons();
        let at = |place: &str| {
            sheet.iter().find(|(l, _)| l == place).map(|(_, rows)| rows[0].name.clone()).unwrap_or_default()
        };
        assert_eq!(at("Turret"), "Machine gun");
        assert_eq!(at("Turret (BT)"), "Rocket launcher");
    }

    /// The row summaries and their ids go into a live update unescaped (templates/boats/live.html):
    /// over every kind of part, every index width and figures of every size and sign, fraction
    /// and rounding, neither holds a character an HTML page would have to escape.
    #[test]
    fn row_summaries_and_their_ids_hold_nothing_to_escape() {
        let clean = |s: &str| !s.contains(['<', '>', '&', '"', '\'']);
        let indexes = [0usize, 1, 9, 10, 99, 1000, usize::MAX];
        let mut parts =
            vec![Part::Hull, Part::Plant, Part::JetDrive, Part::Oars, Part::Top, Part::Deck, Part::Armor];
        parts.extend([Part::Hydrofoils, Part::WeightedKeel, Part::Spoiler]);
        for &i in &indexes {
            parts.extend([Part::Propeller(i), Part::Crew(i), Part::Weapon(i), Part::Turret(i)]);
            parts.extend([Part::Accessory(i), Part::Cargo(i)]);
            parts.extend(indexes.iter().map(|&j| Part::TurretWeapon(i, j)));
        }
        for p in parts {
            let id = SumId(p).to_string();
            assert!(clean(&id) && id.starts_with("sum-problems-"), "{id}");
        }
        let mut figures: Vec<i64> = vec![0, 1, -1, 5, 50, 99, 100, 101, 12_345, -250_075, i64::MAX, i64::MIN];
        figures.extend((0..500).map(|k| k * 7919 - 1_000_000));
        for &n in &figures {
            let sums = (Money::cents(n), Weight::centi(n.wrapping_mul(3)), Spaces::sixths(n / 7));
            let words = Summary(sums).to_string();
            assert!(clean(&words) && words.starts_with(['$', '\u{2212}']), "{words}");
        }
    }

    /// Each part's totals are the sums of its ledger lines, whatever order the lines come in
    /// (grouped by part, scattered, repeated), and a part with no line sums to nothing.
    #[test]
    fn every_parts_totals_are_its_lines_added_up() {
        let mut parts =
            vec![Part::Hull, Part::Armor, Part::Plant, Part::TurretWeapon(0, 1), Part::TurretWeapon(1, 0)];
        parts.extend((0..6).flat_map(|i| {
            [
                Part::Crew(i),
                Part::Weapon(i),
                Part::Turret(i),
                Part::Accessory(i),
                Part::Propeller(i),
                Part::Cargo(i),
            ]
        }));
        parts.extend([Part::Turret(usize::MAX), Part::Weapon(199), Part::TurretWeapon(199, 5)]);
        let absent =
            [Part::Oars, Part::Crew(6), Part::TurretWeapon(0, 0), Part::Cargo(7), Part::TurretWeapon(1, 1)];
        for seed in 0u64..40 {
            // Lines for the parts, in an order of this seed's (a simple generator), some parts
            // named many times, some together.
            let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut next = |n: usize| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 33) as usize % n
            };
            let mut v = BoatView::new(crate::games::boats::examples::minnow(), Vec::new());
            v.eval.ledger = (0..next(60) + 1)
                .map(|k| {
                    let part = parts[if next(3) == 0 { k % parts.len() } else { next(parts.len()) }];
                    let cost = next(10_000) as i64 - 2_000;
                    let mut line = v.eval.ledger[0];
                    line.part = part;
                    line.cost = Money::cents(cost);
                    line.weight = Weight::centi(cost * 3);
                    line.spaces = Spaces::sixths(cost % 13);
                    line
                })
                .collect();
            v.part_totals = std::sync::OnceLock::new();
            for &p in parts.iter().chain(&absent) {
                let mut want = Sums::default();
                for l in v.eval.ledger.iter().filter(|l| l.part == p) {
                    want.0 += l.cost;
                    want.1 += l.weight;
                    want.2 += l.spaces;
                }
                assert_eq!(v.sums_of(Some(p)), want, "{p:?}, seed {seed}");
            }
            let totals = v.part_totals();
            assert!(totals.windows(2).all(|w| w[0].0 < w[1].0), "sorted, each part once: seed {seed}");
        }
    }
}
