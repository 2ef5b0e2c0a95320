//! What the roster pages show, prepared for the templates: each vehicle's inputs with the problems
//! that concern them, its rule card, the fire-point planner's answers and the tank shock's
//! distributions with their charts. Nothing here judges a rule; it arranges what the engine said.

use crate::games::waffle::{
    self, Card, Check, Distribution, FirePlan, Fraction, Outcome, PassengerFire, Roster, Rule, Speed,
    Vehicle, VehicleType, vehicle_types,
};
use crate::games::{Problem, line};
use crate::web::flows::chart::Chart;
use crate::web::flows::view::{
    Judged, ProblemView, Verdict, as_is, dom_id, points_against, points_id, slot_id,
};
use crate::web::http::query::Query;
use serde::Serialize;

/// A vehicle's fields that show their problems beside them; "" is the vehicle's own slot, where
/// the rest (its name, its points) show.
const VEHICLE_SLOTS: [&str; 6] = ["", "types", "armour", "bs", "fire_points", "capacity"];

/// "vehicles.2" or "vehicles.2.armour".
fn field_path(i: usize, field: &str) -> String {
    if field.is_empty() { line(&[&"vehicles.", &i]) } else { line(&[&"vehicles.", &i, &".", &field]) }
}

/// A roster judged, for every page of the builder.
pub struct WaffleView {
    pub r: Roster,
    pub check: Check,
    /// Its problems, counted and placed next to the parts of the form.
    pub verdict: Verdict,
}

impl Judged for WaffleView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }
    fn headline(&self) -> String {
        self.points_line()
    }
}

impl WaffleView {
    pub fn new(r: Roster, form_problems: Vec<Problem>) -> Self {
        let check = waffle::check(&r);
        let slots = || {
            let mut paths: Vec<String> = ["version", "name", "points_limit"].map(String::from).into();
            for (i, v) in r.vehicles.iter().enumerate() {
                paths.extend(VEHICLE_SLOTS.iter().map(|f| field_path(i, f)));
                paths.extend((0..v.weapons.len()).map(|k| line(&[&"vehicles.", &i, &".weapons.", &k])));
            }
            paths
        };
        let verdict = Verdict::new(form_problems, &check.problems, slots, as_is);
        WaffleView { r, check, verdict }
    }

    pub fn title(&self) -> String {
        let name = self.r.name.trim();
        if name.is_empty() { "Unnamed roster".to_owned() } else { name.to_owned() }
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    /// One line for the gallery and link previews.
    pub fn summary(&self) -> String {
        waffle::summary(&self.r)
    }

    /// The forum-post text.
    pub fn text(&self) -> String {
        waffle::text_export(&self.r)
    }

    /// "145 pts" or "145 of 500 pts".
    pub fn points_line(&self) -> String {
        points_against(self.check.points, self.check.points_limit)
    }

    /// The points limit as its input shows it: empty for none.
    pub fn limit_value(&self) -> String {
        self.r.points_limit.map_or_else(String::new, |l| l.to_string())
    }

    /// The problems shown next to a part of the form.
    pub fn at(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }

    /// Every vehicle's rule card, in the roster's order.
    pub fn cards(&self) -> Vec<CardView> {
        let vehicles = self.r.vehicles.iter().zip(&self.check.vehicles).enumerate();
        vehicles.map(|(i, (v, c))| CardView::new(i, v, c, &self.verdict)).collect()
    }

    /// Every rule the cards name, once each, in the order the cards first name them: the printed
    /// cards give each rule's text once, after them.
    pub fn rules_on_cards(&self) -> Vec<&'static Rule> {
        let mut rules: Vec<&'static Rule> = Vec::new();
        for r in self.check.vehicles.iter().flat_map(|c| c.rules.iter()) {
            if !rules.iter().any(|k| k.id == r.id) {
                rules.push(r);
            }
        }
        rules
    }

    /// The problems of the roster itself (its limit, its version), which no card shows.
    pub fn roster_problems(&self) -> Vec<ProblemView> {
        let of_vehicle =
            |p: &&ProblemView| p.anchor.as_deref().is_some_and(|a| a.starts_with("problems-vehicles-"));
        self.verdict.problems.iter().filter(|p| !of_vehicle(p)).cloned().collect()
    }

    /// Every vehicle as the editor shows it.
    pub fn rows(&self) -> Vec<VehicleRow> {
        self.legend_rows().into_iter().map(|legend| self.row(legend)).collect()
    }

    /// Every vehicle's heading and card summary, which a live update redraws: what
    /// `waffle/vehicle_legend.html` and the summary show, none of the inputs [`Self::rows`]
    /// prepares (building those had been four fifths of a live update's drawing).
    pub fn legend_rows(&self) -> Vec<LegendRow<'_>> {
        self.r
            .vehicles
            .iter()
            .zip(&self.check.vehicles)
            .enumerate()
            .map(|(i, (v, c))| LegendRow {
                index: i,
                number: i + 1,
                points_id: points_id(&field_path(i, "")),
                v,
                card: CardSummary::new(i, v, c),
            })
            .collect()
    }

    /// A vehicle's whole part of the editor: its heading and card summary (`legend`), and
    /// every input.
    fn row(&self, legend: LegendRow<'_>) -> VehicleRow {
        let LegendRow { index: i, number, points_id, v, card } = legend;
        let path = field_path(i, "");
        let known = vehicle_types(v);
        let mut types: Vec<TypeBox> = VehicleType::ALL
            .iter()
            .enumerate()
            .map(|(k, t)| TypeBox {
                name: format!("{path}.types.{k}"),
                id: dom_id(&format!("{path}.types.{}", t.id())),
                value: t.id().to_owned(),
                label: t.name().to_owned(),
                checked: known.has(*t),
            })
            .collect();
        // A type we do not know is kept, ticked, until the player unticks it.
        let unknown = v.types.iter().filter(|t| VehicleType::parse(t).is_none());
        types.extend(unknown.enumerate().map(|(j, t)| TypeBox {
            name: format!("{path}.types.{}", VehicleType::ALL.len() + j),
            id: dom_id(&format!("{path}.types.unknown-{j}")),
            value: t.clone(),
            label: format!("\u{201c}{t}\u{201d}, not a type we know: untick it to drop it"),
            checked: true,
        }));
        let weapons: Vec<WeaponRow> = v
            .weapons
            .iter()
            .enumerate()
            .map(|(k, w)| {
                let path = format!("{path}.weapons.{k}");
                WeaponRow {
                    number: k + 1,
                    slot: slot_id(&path),
                    problems: self.at(&path),
                    w: w.clone(),
                    strength: w.strength.map_or_else(String::new, |s| s.to_string()),
                    ap: w.ap.map_or_else(String::new, |a| a.to_string()),
                    path,
                }
            })
            .collect();
        VehicleRow {
            index: i,
            number,
            points_id,
            slots: VEHICLE_SLOTS.iter().map(|f| self.at(&field_path(i, f))).collect(),
            path,
            v: v.clone(),
            types,
            weapons,
            card,
        }
    }
}

/// One type's checkbox.
pub struct TypeBox {
    pub name: String,
    pub id: String,
    pub value: String,
    pub label: String,
    pub checked: bool,
}

/// A vehicle's heading and card summary, as a live update redraws them: the fields of
/// [`VehicleRow`] that `waffle/vehicle_legend.html` and the summary read.
pub struct LegendRow<'a> {
    pub index: usize,
    pub number: usize,
    pub points_id: String,
    pub v: &'a Vehicle,
    pub card: CardSummary,
}

/// A vehicle's part of the editor.
pub struct VehicleRow {
    /// Place in the roster, from 0: the `{i}` of `vehicles.{i}`.
    pub index: usize,
    /// Place from 1, as the engine's messages count ("Vehicle 2").
    pub number: usize,
    pub path: String,
    pub points_id: String,
    pub v: Vehicle,
    pub types: Vec<TypeBox>,
    pub weapons: Vec<WeaponRow>,
    pub card: CardSummary,
    /// The problems of each of [`VEHICLE_SLOTS`].
    slots: Vec<Vec<ProblemView>>,
}

crate::row_fields!(VehicleRow, WeaponRow);

impl VehicleRow {
    /// The DOM id of the problems slot of one of its fields ("" for its own).
    pub fn slot_id(&self, field: &str) -> String {
        slot_id(&field_path(self.index, field))
    }

    /// The problems shown beside one of its fields.
    pub fn at(&self, field: &str) -> Vec<ProblemView> {
        let k = VEHICLE_SLOTS.iter().position(|f| *f == field);
        k.and_then(|k| self.slots.get(k)).cloned().unwrap_or_default()
    }
}

/// A weapon's row in the editor; Strength and AP are empty for "–".
pub struct WeaponRow {
    pub number: usize,
    pub path: String,
    pub slot: String,
    pub problems: Vec<ProblemView>,
    pub w: waffle::Weapon,
    pub strength: String,
    pub ap: String,
}

/// A weapon as a card prints it.
pub struct WeaponLine {
    pub name: String,
    pub range: String,
    pub strength: String,
    pub ap: String,
    pub kind: String,
}

/// A vehicle's rule card: its profile, its weapons and every rule its types bring.
pub struct CardView {
    pub index: usize,
    /// The DOM id of its summary, which live updates replace.
    pub id: String,
    pub name: String,
    /// "Tank, Transport", or "Vehicle (no type)".
    pub types: String,
    pub points: u16,
    pub legal: bool,
    /// "11 / 11 / 10".
    pub armour: String,
    pub bs: u8,
    pub transport: bool,
    pub fire_points: u16,
    pub capacity: u16,
    pub weapons: Vec<WeaponLine>,
    pub rules: Vec<&'static Rule>,
    /// The fire-point planner for this vehicle, for a Transport.
    pub planner: Option<String>,
    /// Every problem of this vehicle, for the pages that show it whole.
    pub problems: Vec<ProblemView>,
}

/// A vehicle's rule card summed up in one line (`card_summary` in `waffle/card.html`), with its
/// points: what the editor shows under a vehicle's heading, and all a live update redraws of
/// its card (the whole card, [`CardView`], makes its profile, weapons and problems besides).
pub struct CardSummary {
    /// The DOM id of the summary, which live updates replace.
    pub id: String,
    /// "Tank, Transport", or "Vehicle (no type)".
    pub types: String,
    pub points: u16,
    pub rules: Vec<&'static Rule>,
    /// The fire-point planner for this vehicle, for a Transport.
    pub planner: Option<String>,
}

impl CardSummary {
    fn new(i: usize, v: &Vehicle, c: &Card) -> Self {
        let names: Vec<&str> = c.types.iter().map(VehicleType::name).collect();
        CardSummary {
            id: line(&[&"card-vehicles-", &i]),
            types: if names.is_empty() { "Vehicle (no type)".to_owned() } else { names.join(", ") },
            points: c.points,
            rules: c.rules.clone(),
            planner: c.types.has(VehicleType::Transport).then(|| planner_link(v)),
        }
    }

    /// The titles of its rules, for the editor's one-line summary.
    pub fn titles(&self) -> String {
        self.rules.iter().map(|r| r.title).collect::<Vec<_>>().join("; ")
    }
}

impl CardView {
    fn new(i: usize, v: &Vehicle, c: &Card, verdict: &Verdict) -> Self {
        let CardSummary { id, types, points, rules, planner } = CardSummary::new(i, v, c);
        let own = slot_id(&field_path(i, ""));
        let dash = |x: Option<u8>| x.map_or_else(|| "–".to_owned(), |x| line(&[&x]));
        CardView {
            index: i,
            id,
            name: c.name.clone(),
            types,
            points,
            legal: c.legal,
            armour: line(&[&v.armour.front, &" / ", &v.armour.side, &" / ", &v.armour.rear]),
            bs: v.bs,
            transport: c.types.has(VehicleType::Transport),
            fire_points: v.fire_points,
            capacity: v.capacity,
            weapons: v
                .weapons
                .iter()
                .map(|w| WeaponLine {
                    name: if w.name.is_empty() { "Weapon".to_owned() } else { w.name.clone() },
                    range: if w.range == 0 { "–".to_owned() } else { line(&[&w.range, &"\""]) },
                    strength: dash(w.strength),
                    ap: dash(w.ap),
                    kind: w.kind.clone(),
                })
                .collect(),
            rules,
            planner,
            problems: verdict
                .problems
                .iter()
                .filter(|p| {
                    p.anchor.as_deref().is_some_and(|a| {
                        a.strip_prefix(own.as_str())
                            .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
                    })
                })
                .cloned()
                .collect(),
        }
    }
}

/// The id of a rule's entry on the printed cards: "rule-walker-run" for "walker/run".
pub fn rule_anchor(id: &str) -> String {
    format!("rule-{}", id.replace('/', "-"))
}

/// The planner's address for a vehicle: what it needs of it, as its query.
fn planner_link(v: &Vehicle) -> String {
    let mut q = Query::new("/waffle/fire-points");
    q.pair("name", &v.name);
    for (j, t) in v.types.iter().enumerate() {
        q.item("types", j, t);
    }
    q.number("fire_points", u64::from(v.fire_points)).number("capacity", u64::from(v.capacity));
    q.finish()
}

/// One answer of the fire-point planner, in words.
pub struct PlanLine {
    pub speed: &'static str,
    pub smoke: bool,
    /// What the passengers may do: "Snap shots only".
    pub fire: &'static str,
    pub shooters: u16,
    pub why: &'static str,
    pub note: Option<&'static str>,
}

impl From<FirePlan> for PlanLine {
    fn from(p: FirePlan) -> Self {
        let fire = match p.fire {
            PassengerFire::Normal => "They shoot as normal",
            PassengerFire::CountsAsMoved => "They shoot as if they had moved",
            PassengerFire::SnapShotsOnly => "Snap shots only",
            PassengerFire::None => "Nobody may shoot out",
        };
        PlanLine {
            speed: p.speed.name(),
            smoke: p.smoke,
            fire,
            shooters: p.shooters,
            why: p.why,
            note: p.vehicle_note,
        }
    }
}

/// The planner's page: the vehicle, the chosen turn, and every turn it could have.
pub struct Planner {
    pub v: Vehicle,
    pub name: String,
    pub transport: bool,
    pub speed: Speed,
    pub smoke: bool,
    pub plan: PlanLine,
    /// Each speed: without smoke, then with it.
    pub every: Vec<(PlanLine, PlanLine)>,
    /// The Transport rules it follows.
    pub rules: &'static [&'static Rule],
}

impl Planner {
    pub fn new(v: Vehicle, speed: Speed, smoke: bool) -> Self {
        let plan = waffle::fire_points(&v, speed, smoke).into();
        let every = Speed::ALL
            .iter()
            .map(|&s| (waffle::fire_points(&v, s, false).into(), waffle::fire_points(&v, s, true).into()))
            .collect();
        let name = if v.name.is_empty() { "This vehicle".to_owned() } else { v.name.clone() };
        let transport = vehicle_types(&v).has(VehicleType::Transport);
        let rules = waffle::bundle(VehicleType::Transport);
        Planner { transport, name, v, speed, smoke, plan, every, rules }
    }

    pub fn speeds(&self) -> [Speed; 4] {
        Speed::ALL
    }
}

/// A probability, exactly and as a percentage, and as every page writes it.
#[derive(Debug, Clone, Serialize)]
pub struct Chance {
    pub exact: String,
    pub percent: f64,
    #[serde(skip)]
    shown: String,
}

impl Chance {
    fn of(f: &Fraction) -> Self {
        Chance {
            exact: f.to_string(),
            percent: f.to_f64() * 100.0,
            shown: crate::web::flows::view::percent(f),
        }
    }

    /// "58.33%", "<0.01%" for a chance too small to show, "0%" for none (see
    /// [`percent`](crate::web::flows::view::percent)).
    pub fn shown(&self) -> String {
        self.shown.clone()
    }
}

/// An expectation, exactly and as a decimal.
#[derive(Debug, Clone, Serialize)]
pub struct Mean {
    pub exact: String,
    pub approx: f64,
}

impl Mean {
    pub fn shown(&self) -> String {
        format!("{:.3}", self.approx)
    }
}

/// A distribution: the chance of each value from 0, its expectation, and its chart.
#[derive(Debug, Clone, Serialize)]
pub struct Dist {
    /// "hits", "wounds": for ids on the page.
    #[serde(skip)]
    pub id: &'static str,
    #[serde(skip)]
    pub title: &'static str,
    pub mean: Mean,
    /// `p[k]`: the chance of exactly `k`.
    pub p: Vec<Chance>,
    /// `at_least[k]`: the chance of `k` or more, from the same distribution.
    pub at_least: Vec<Chance>,
    #[serde(skip)]
    pub chart: Chart,
}

impl Dist {
    /// `noun` is what is counted, for the chart's description ("unsaved wounds").
    fn new(id: &'static str, title: &'static str, noun: &str, d: &Distribution) -> Self {
        let p: Vec<Chance> = d.p.iter().map(Chance::of).collect();
        let at_least: Vec<Chance> = d.tails().iter().map(Chance::of).collect();
        let heading = format!("{title}: the chance of each number");
        Dist {
            id,
            title,
            mean: Mean { exact: d.mean.to_string(), approx: d.mean.to_f64() },
            chart: Chart::of(id, &heading, noun, &d.p, &d.mean),
            p,
            at_least,
        }
    }
}

/// A tank shock worked out, as the page and the API show it.
#[derive(Debug, Clone, Serialize)]
pub struct ShockView {
    pub mode: &'static str,
    /// Initiative checks: one per full 6".
    pub checks: u16,
    pub strength: u8,
    pub ap: &'static str,
    /// The roll to wound (2 for 2+); none when the hits cannot wound.
    pub to_wound: Option<u8>,
    pub morale_pass: Chance,
    pub save_allowed: Chance,
    pub hits_per_check: Dist,
    pub hits: Dist,
    pub wounds: Dist,
    pub casualties: Dist,
}

impl ShockView {
    pub fn new(o: &Outcome) -> Self {
        ShockView {
            mode: o.mode.name(),
            checks: o.checks,
            strength: o.strength,
            ap: o.ap,
            to_wound: o.to_wound,
            morale_pass: Chance::of(&o.morale_pass),
            save_allowed: Chance::of(&o.save_allowed),
            hits_per_check: Dist::new(
                "hits-per-check",
                "Hits from one Initiative check",
                "hits",
                &o.hits_per_check,
            ),
            hits: Dist::new("hits", "Automatic hits", "hits", &o.hits),
            wounds: Dist::new("wounds", "Unsaved wounds", "unsaved wounds", &o.wounds),
            casualties: Dist::new("casualties", "Casualties (one wound each)", "casualties", &o.casualties),
        }
    }

    /// The distributions in the page's order.
    pub fn dists(&self) -> [&Dist; 4] {
        [&self.hits_per_check, &self.hits, &self.wounds, &self.casualties]
    }

    /// "2+", or "cannot wound".
    pub fn wound_roll(&self) -> String {
        self.to_wound.map_or_else(|| "cannot wound".to_owned(), |n| format!("{n}+"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::waffle::{Mode, Outcome, TankShock, tank_shock};

    fn slam_13() -> ShockView {
        ShockView::new(&slam_13_outcome())
    }

    /// A 13" slam into ten models of Toughness 3 with a 4+ save.
    fn slam_13_outcome() -> Outcome {
        let t = TankShock {
            mode: Mode::Slam,
            distance: 13,
            combat_speed: 6,
            leadership: 7,
            initiative: 3,
            toughness: 3,
            save: Some(4),
            models: 10,
        };
        tank_shock(&t).expect("a tank shock")
    }

    #[test]
    fn a_chart_has_a_labelled_bar_per_value() {
        let v = slam_13();
        let labels: Vec<&str> = v.hits_per_check.chart.bars.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["50.00%", "16.67%", "16.67%", "16.67%"]);
        assert_eq!(v.hits.chart.bars.len(), 7, "0 to 6 hits");
        assert!(
            v.wounds
                .chart
                .desc
                .starts_with("Bar chart of the chance of each number of unsaved wounds, from 0 to"),
            "{}",
            v.wounds.chart.desc
        );
    }

    #[test]
    fn each_number_has_its_chance_of_at_least_as_many_as_the_engine_gives_it() {
        let shock = slam_13_outcome();
        let v = ShockView::new(&shock);
        for (d, engine) in
            v.dists().into_iter().zip([&shock.hits_per_check, &shock.hits, &shock.wounds, &shock.casualties])
        {
            assert_eq!(d.at_least.len(), d.p.len(), "{}", d.id);
            assert_eq!(d.at_least[0].exact, "1", "{}: at least none is certain", d.id);
            for k in 0..d.p.len() {
                assert_eq!(d.at_least[k].exact, engine.at_least(k).to_string(), "{} at least {k}", d.id);
            }
        }
    }

    #[test]
    fn chances_are_exact_and_shown_as_percentages() {
        let v = slam_13();
        assert_eq!((v.morale_pass.exact.as_str(), v.morale_pass.shown()), ("7/12", "58.33%".to_owned()));
        assert_eq!(v.wounds.p[6].exact, "15625/107495424");
        assert_eq!(v.wounds.p[6].shown(), "0.01%");
        let f = |n: u32, d: u32| Chance::of(&Fraction::new(n, d).expect("a denominator")).shown();
        assert_eq!(
            (f(1, 1_000_000), f(0, 1), f(1, 1), f(999_999, 1_000_000)),
            ("<0.01%".into(), "0%".into(), "100%".into(), ">99.99%".into())
        );
        assert_eq!((v.wounds.mean.exact.as_str(), v.wounds.mean.shown()), ("5/6", "0.833".to_owned()));
        assert_eq!(v.wound_roll(), "2+");
    }

    #[test]
    fn problems_land_beside_their_inputs_and_each_card_gathers_its_own() {
        let mut r: Roster = serde_json::from_str(waffle::GAME.example).expect("example");
        r.points_limit = Some(100);
        r.vehicles[1].armour.rear = 9;
        r.vehicles[1].types.push("tanq".into());
        let v = WaffleView::new(r, Vec::new());
        let rows = v.rows();
        let codes = |p: Vec<ProblemView>| p.iter().map(|p| p.code).collect::<Vec<_>>();
        assert_eq!(codes(rows[1].at("armour")), ["ARMOUR_OUT_OF_RANGE"]);
        assert_eq!(codes(rows[1].at("types")), ["UNKNOWN_TYPE"]);
        assert_eq!(codes(v.at("points_limit")), ["OVER_POINTS_LIMIT"]);
        let cards = v.cards();
        assert_eq!(codes(cards[1].problems.clone()), ["UNKNOWN_TYPE", "ARMOUR_OUT_OF_RANGE"]);
        assert!(cards[0].problems.is_empty());
        assert_eq!(
            cards.iter().map(|c| c.planner.clone()).collect::<Vec<_>>(),
            [rows[0].card.planner.clone(), None]
        );
        assert_eq!(codes(v.roster_problems()), ["OVER_POINTS_LIMIT"]);
        let unknown = rows[1].types.last().expect("the unknown type's box");
        assert_eq!(
            (unknown.name.as_str(), unknown.value.as_str(), unknown.checked),
            ("vehicles.1.types.7", "tanq", true)
        );
        assert_eq!(
            rows[0].card.planner.as_deref(),
            Some("/waffle/fire-points?name=Bulwark&types.0=tank&types.1=transport&fire_points=2&capacity=10")
        );
        assert_eq!(rows[1].card.planner, None, "a walker carries nobody");
    }
}
