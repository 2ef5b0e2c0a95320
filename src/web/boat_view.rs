//! What the boat pages show, prepared for the templates: option lists, rows with the problems
//! that concern them, the figures in words. Nothing here computes a rule; it only arranges what
//! the engine said.

use crate::games::Problem;
use crate::games::carwars::design::{Catalogued, Design, Section, Top, WeaponEntry};
use crate::games::carwars::evaluate::{
    Evaluation, LineKind, Part, armor_locations, armor_point, mounts, turret_locations,
};
use crate::games::carwars::tables::{self, Family, Load, Loc, Mount};
use crate::games::carwars::units::{Money, Spaces, Weight, dollars_rounded, pounds_rounded};
use crate::games::carwars::{self, statline};

use super::view::{Placed, ProblemView, Select, dom_id, slot_id};
use std::collections::HashMap;

/// Where a structural select of the designer re-renders the form.
const DESIGNER: &str = "/boats/designer";

fn select(
    name: &str,
    label: &str,
    current: &str,
    options: Vec<(String, String)>,
    structural: bool,
) -> Select {
    super::view::select(name, label, current, options, structural.then_some(DESIGNER))
}

fn catalog_options<T: Catalogued>(name: impl Fn(&T) -> String) -> Vec<(String, String)> {
    T::all().iter().map(|t| (t.id().to_owned(), name(t))).collect()
}

fn section_select(path: &str, current: Option<Section>) -> Select {
    let cur = match current {
        Some(Section::Below) => "below",
        Some(Section::Above) => "above",
        None => "",
    };
    select(
        path,
        "Deck",
        cur,
        vec![
            ("".into(), "Above (default)".into()),
            ("above".into(), "Above deck".into()),
            ("below".into(), "Below deck".into()),
        ],
        false,
    )
}

/// The link group a weapon fires with: none, or a group number (weapons sharing one fire
/// together, whatever they are).
fn link_group_select(path: &str, current: Option<u8>) -> Select {
    let last = current.unwrap_or(0).max(6);
    let mut opts = vec![(String::new(), "None".to_owned())];
    opts.extend((1..=last).map(|g| (g.to_string(), format!("Group {g}"))));
    select(path, "Link group", &current.map(|g| g.to_string()).unwrap_or_default(), opts, false)
}

#[derive(Debug, Clone)]
pub struct WeaponRow {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub weapon: Select,
    pub mount: Option<Select>,
    pub ammo: Option<Select>,
    pub count: u16,
    pub linked: bool,
    pub link_group: Select,
    pub magazines: bool,
    pub extra_magazines: u16,
    pub magazine_switch: bool,
    pub rocket: bool,
    pub rocket_magazine: u16,
    pub deck: Option<Select>,
    pub problems: Vec<ProblemView>,
    pub summary: String,
}

#[derive(Debug, Clone)]
pub struct TurretRow {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub size: Select,
    pub popup: bool,
    pub universal: bool,
    pub location: Select,
    pub weapons: Vec<WeaponRow>,
    pub new_weapon: Select,
    pub problems: Vec<ProblemView>,
    pub summary: String,
}

/// A simple row: one catalog choice, a count, and where it sits.
#[derive(Debug, Clone)]
pub struct ItemRow {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub choice: Select,
    pub count: u16,
    pub deck: Option<Select>,
    pub cargo: bool,
    pub cargo_ok: bool,
    pub problems: Vec<ProblemView>,
    pub summary: String,
}

#[derive(Debug, Clone)]
pub struct PropellerRow {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub size: Select,
    pub guard: u16,
    pub problems: Vec<ProblemView>,
}

#[derive(Debug, Clone)]
pub struct CargoRow {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub name: String,
    pub spaces: u16,
    pub weight: u32,
    pub deck: Option<Select>,
    pub cargo: bool,
    pub problems: Vec<ProblemView>,
}

#[derive(Debug, Clone)]
pub struct ArmorBox {
    pub code: &'static str,
    pub name: &'static str,
    pub path: String,
    pub id: String,
    pub slot: String,
    pub points: u16,
    pub problems: Vec<ProblemView>,
}

#[derive(Debug, Clone)]
pub struct ExtraArmor {
    pub index: usize,
    pub code: String,
    pub points: u16,
}

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

/// A figure and its limit, for a meter.
#[derive(Debug, Clone)]
pub struct Gauge {
    pub label: &'static str,
    pub text: String,
    pub value: f64,
    pub max: f64,
    pub over: bool,
}

/// Everything the designer, the share page and the record sheet show.
pub struct BoatView {
    pub design: Design,
    pub eval: Evaluation,
    pub stat_line: String,
    /// Form problems (unparseable numbers) followed by the engine's.
    pub problems: Vec<ProblemView>,
    pub errors: usize,
    pub warnings: usize,
    /// Whether the ledger and maneuver boxes are open (the designer's script reports it, so a
    /// live update keeps them as the player left them).
    pub ledger_open: bool,
    pub maneuvers_open: bool,
    /// Whether to write out the ledger's lines: always, but for a live update while it is
    /// closed (opening it asks for a fresh update with the lines).
    pub ledger_lines: bool,
    /// The problems, placed next to the parts of the form.
    placed: Placed,
    /// Each part's cost, weight and spaces (by part path), added up when a form row asks.
    part_totals: std::sync::OnceLock<HashMap<String, (Money, Weight, Spaces)>>,
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
    paths.extend((0..d.crew.len()).map(|i| format!("crew.{i}")));
    paths.extend((0..d.weapons.len()).map(|i| format!("weapons.{i}")));
    for (i, t) in d.turrets.iter().enumerate() {
        paths.push(format!("turrets.{i}"));
        paths.extend((0..t.weapons.len()).map(|j| format!("turrets.{i}.weapons.{j}")));
    }
    paths.extend((0..d.accessories.len()).map(|i| format!("accessories.{i}")));
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
        let eval = carwars::evaluate(&design);
        let stat_line = statline::stat_line(&design, &eval);
        let all_problems: Vec<Problem> =
            form_problems.into_iter().chain(eval.problems.iter().cloned()).collect();
        let problems: Vec<ProblemView> = all_problems.iter().map(ProblemView::new).collect();
        let errors = problems.iter().filter(|p| p.error).count();
        let placed = if all_problems.is_empty() {
            Placed::default()
        } else {
            // Parts with no slot of their own show in the one they belong to.
            Placed::new(&all_problems, &slot_paths(&design), |part| match part {
                "deck_below" => "deck",
                p if p.starts_with("armor_extra") => "armor",
                p => p,
            })
        };
        BoatView {
            warnings: problems.len() - errors,
            errors,
            design,
            eval,
            stat_line,
            problems,
            ledger_open: false,
            maneuvers_open: false,
            ledger_lines: true,
            placed,
            part_totals: std::sync::OnceLock::new(),
        }
    }

    /// Keeps the open/closed state of the figures' boxes the form reports; a live update writes
    /// the ledger's lines only while it is open.
    pub fn with_boxes(mut self, f: &super::form::Fields, live: bool) -> Self {
        self.ledger_open = f.flag("ledger_open");
        self.maneuvers_open = f.flag("maneuvers_open");
        self.ledger_lines = !live || self.ledger_open;
        self
    }

    pub fn legal(&self) -> bool {
        self.errors == 0
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
        let totals = self.part_totals.get_or_init(|| {
            let mut t: HashMap<String, (Money, Weight, Spaces)> = HashMap::new();
            for l in &self.eval.ledger {
                let e = t.entry(l.part.to_string()).or_default();
                e.0 += l.cost;
                e.1 += l.weight;
                e.2 += l.spaces;
            }
            t
        });
        let (cost, weight, spaces) = totals.get(path).copied().unwrap_or_default();
        format!("{cost}, {weight} lb, {spaces} sp")
    }

    /// The problems shown next to a part of the form.
    pub fn problems_for(&self, path: &str) -> Vec<ProblemView> {
        self.placed.at(path)
    }

    /// The problems slots that have something to show, for a live update (which first empties
    /// every slot, then fills these).
    pub fn slots(&self) -> Vec<(String, Vec<ProblemView>)> {
        self.placed.slots()
    }

    // ----- form pieces -----

    pub fn hull_select(&self) -> Select {
        select(
            "hull",
            "Hull",
            self.design.hull.id(),
            catalog_options::<tables::Hull>(|h| {
                format!(
                    "{} ({}, {} spaces{})",
                    h.name,
                    dollars_rounded(h.cost),
                    h.spaces,
                    if h.cargo_spaces > 0 { format!(" +{} cargo", h.cargo_spaces) } else { String::new() }
                )
            }),
            true,
        )
    }

    pub fn plant_select(&self) -> Select {
        let mut opts = vec![(String::new(), "None".to_owned())];
        opts.extend(catalog_options::<tables::Plant>(|p| {
            format!("{} ({} PF, {}, {} lb)", p.name, p.power_factors, dollars_rounded(p.cost), p.weight)
        }));
        select("plant", "Power plant", self.design.plant.as_ref().map_or("", |p| p.id()), opts, false)
    }

    pub fn top_value(&self) -> &'static str {
        match self.design.top {
            Top::None => "none",
            Top::Half => "half",
            Top::Full => "full",
        }
    }

    pub fn deck_below(&self) -> String {
        self.design.deck.as_ref().and_then(|d| d.below).map_or(String::new(), |b| b.to_string())
    }

    /// Body and cargo spaces together: what a deck splits.
    pub fn total_spaces(&self) -> i64 {
        self.eval.figures.spaces_total + self.eval.figures.cargo_spaces_total
    }

    pub fn armor_select(&self) -> Select {
        select(
            "armor.type",
            "Armor type",
            self.design.armor.kind.id(),
            catalog_options::<tables::ArmorType>(|a| {
                format!(
                    "{} (cost x{}, weight x{})",
                    a.name,
                    a.cost_pct as f64 / 100.0,
                    a.weight_pct as f64 / 100.0
                )
            }),
            false,
        )
    }

    pub fn armor_boxes(&self) -> Vec<ArmorBox> {
        shown_armor_locations(&self.design)
            .into_iter()
            .map(|l: Loc| {
                let path = format!("armor.{}", l.code());
                ArmorBox {
                    code: l.code(),
                    name: l.name(),
                    points: self.design.armor.points.get(l),
                    problems: self.problems_for(&path),
                    id: dom_id(&path),
                    slot: slot_id(&path),
                    path,
                }
            })
            .collect()
    }

    pub fn extra_armor(&self) -> Vec<ExtraArmor> {
        self.design
            .armor
            .points
            .unknown
            .iter()
            .enumerate()
            .map(|(index, (code, points))| ExtraArmor { index, code: code.clone(), points: *points })
            .collect()
    }

    pub fn armor_cost_per_point(&self) -> String {
        self.eval
            .ledger
            .iter()
            .find_map(|l| match l.kind {
                LineKind::Armor { cost_per_point, weight_per_point, .. } => {
                    Some(format!("{cost_per_point} and {weight_per_point} lb a point"))
                }
                _ => None,
            })
            .unwrap_or_else(|| {
                let h = self.design.hull.known().unwrap_or(&tables::NO_HULL);
                let k = self.design.armor.kind.known().unwrap_or(&tables::ARMOR_TYPES[0]);
                let (cost, weight) = armor_point(h, k);
                format!("{cost} and {weight} lb a point")
            })
    }

    /// Whether parts are placed above or below deck: as the engine judges it.
    fn decked(&self) -> bool {
        carwars::evaluate::decked(self.design.hull.known().unwrap_or(&tables::NO_HULL), &self.design)
    }

    pub fn propeller_rows(&self) -> Vec<PropellerRow> {
        self.design
            .propellers
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let path = format!("propellers.{i}");
                let mut opts = vec![(String::new(), "Sized to the plant".to_owned())];
                opts.extend(catalog_options::<tables::Plant>(|p| {
                    format!("{} ({}, {} lb)", p.name, p.propeller.cost, p.propeller.weight)
                }));
                PropellerRow {
                    size: select(
                        &format!("{path}.size"),
                        "Size",
                        p.size.as_ref().map_or("", |s| s.id()),
                        opts,
                        false,
                    ),
                    guard: p.guard,
                    problems: self.problems_for(&path),
                    slot: slot_id(&path),
                    number: i + 1,
                    path,
                }
            })
            .collect()
    }

    /// A row of one catalog choice with a count and a place: crew and accessories alike.
    #[expect(clippy::too_many_arguments, reason = "one row's fields, named at the two call sites")]
    fn item_row(
        &self,
        path: String,
        number: usize,
        choice: Select,
        count: u16,
        deck: Option<Section>,
        cargo: bool,
        cargo_ok: bool,
    ) -> ItemRow {
        ItemRow {
            choice,
            count,
            deck: self.decked().then(|| section_select(&format!("{path}.deck"), deck)),
            cargo,
            cargo_ok,
            problems: self.problems_for(&path),
            summary: self.part_summary(&path),
            slot: slot_id(&path),
            number,
            path,
        }
    }

    pub fn crew_rows(&self) -> Vec<ItemRow> {
        let roles = catalog_options::<tables::Role>(|r| r.name.to_owned());
        (self.design.crew.iter().enumerate())
            .map(|(i, c)| {
                let path = format!("crew.{i}");
                let choice = select(&format!("{path}.role"), "Role", c.role.id(), roles.clone(), false);
                let cargo_ok = c.role.known().is_some_and(|r| r.cargo_ok);
                self.item_row(path, i + 1, choice, c.count, c.deck, c.cargo, cargo_ok)
            })
            .collect()
    }

    fn weapon_row(&self, path: String, number: usize, e: &WeaponEntry, in_turret: bool) -> WeaponRow {
        let w = e.weapon.known();
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
        let weapons = catalog_options::<tables::Weapon>(|w| {
            format!("{} ({}, {} lb, {} sp)", w.name, dollars_rounded(w.cost), w.weight, w.spaces)
        });
        let mount = (!in_turret).then(|| {
            // The hull's facings, and the chosen one even if the hull lacks it (its problem says so).
            let mounts: Vec<(String, String)> = Mount::ALL
                .into_iter()
                .filter(|m| mounts(hull).any(|x| x == *m) || Some(*m) == e.mount)
                .map(|m| (m.code().to_owned(), upper(m.word())))
                .collect();
            select(&format!("{path}.mount"), "Facing", e.mount.unwrap_or_default().code(), mounts, false)
        });
        let ammo = w.filter(|w| w.ammo_kinds().len() > 1 || e.ammo.is_some()).map(|w| {
            let opts = w
                .ammo_kinds()
                .iter()
                .map(|a| (a.id.to_owned(), format!("{} ({} / {} lb)", a.name, a.cost, a.weight)))
                .collect();
            select(
                &format!("{path}.ammo"),
                "Ammunition",
                e.ammo.as_deref().unwrap_or("standard"),
                opts,
                false,
            )
        });
        WeaponRow {
            weapon: select(&format!("{path}.weapon"), "Weapon", e.weapon.id(), weapons, true),
            mount,
            ammo,
            count: e.count,
            linked: e.linked,
            link_group: link_group_select(&format!("{path}.link_group"), e.link_group),
            magazines: w.is_some_and(|w| matches!(w.load, Load::Magazine { .. }))
                || e.extra_magazines > 0
                || e.magazine_switch,
            extra_magazines: e.extra_magazines,
            magazine_switch: e.magazine_switch,
            rocket: w.is_some_and(|w| w.family == Family::Rocket && w.is_single_shot())
                || e.rocket_magazine > 0,
            rocket_magazine: e.rocket_magazine,
            deck: (self.decked() && !in_turret).then(|| section_select(&format!("{path}.deck"), e.deck)),
            problems: self.problems_for(&path),
            summary: self.part_summary(&path),
            slot: slot_id(&path),
            number,
            path,
        }
    }

    pub fn weapon_rows(&self) -> Vec<WeaponRow> {
        self.design
            .weapons
            .iter()
            .enumerate()
            .map(|(i, e)| self.weapon_row(format!("weapons.{i}"), i + 1, e, false))
            .collect()
    }

    pub fn new_weapon(&self, name: &str) -> Select {
        select(name, "Weapon to add", "mg", catalog_options::<tables::Weapon>(|w| w.name.to_owned()), false)
    }

    pub fn turret_rows(&self) -> Vec<TurretRow> {
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
        self.design
            .turrets
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let path = format!("turrets.{i}");
                let sizes = (0..=4u8).map(|s| (s.to_string(), format!("{s}-space"))).collect();
                let mut locs: Vec<(String, String)> = vec![(String::new(), "Automatic".into())];
                let allowed = turret_locations(hull, self.design.top);
                locs.extend(allowed.iter().map(|l| (l.code().to_owned(), l.name().to_owned())));
                let cur_loc = t.location.map_or("", Loc::code);
                TurretRow {
                    size: select(&format!("{path}.size"), "Size", &t.size.to_string(), sizes, false),
                    popup: t.popup,
                    universal: t.universal,
                    location: select(&format!("{path}.location"), "Location", cur_loc, locs, false),
                    weapons: t
                        .weapons
                        .iter()
                        .enumerate()
                        .map(|(j, e)| self.weapon_row(format!("{path}.weapons.{j}"), j + 1, e, true))
                        .collect(),
                    new_weapon: self.new_weapon(&format!("{path}.new_weapon")),
                    problems: self.problems_for(&path),
                    summary: self.part_summary(&path),
                    slot: slot_id(&path),
                    number: i + 1,
                    path,
                }
            })
            .collect()
    }

    pub fn accessory_rows(&self) -> Vec<ItemRow> {
        let items = catalog_options::<tables::Item>(|x| {
            format!("{} ({}, {} lb, {} sp)", x.name, dollars_rounded(x.cost), x.weight, x.spaces)
        });
        (self.design.accessories.iter().enumerate())
            .map(|(i, a)| {
                let path = format!("accessories.{i}");
                let choice = select(&format!("{path}.item"), "Accessory", a.item.id(), items.clone(), false);
                let cargo_ok = a.item.known().is_some_and(|x| x.cargo_ok);
                self.item_row(path, i + 1, choice, a.count, a.deck, a.cargo, cargo_ok)
            })
            .collect()
    }

    pub fn new_accessory(&self) -> Select {
        select(
            "new_accessory",
            "Accessory to add",
            "fire-extinguisher",
            catalog_options::<tables::Item>(|x| x.name.to_owned()),
            false,
        )
    }

    pub fn new_crew(&self) -> Select {
        select(
            "new_crew",
            "Person to add",
            "gunner",
            catalog_options::<tables::Role>(|r| r.name.to_owned()),
            false,
        )
    }

    pub fn cargo_rows(&self) -> Vec<CargoRow> {
        self.design
            .cargo
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let path = format!("cargo.{i}");
                CargoRow {
                    name: c.name.clone(),
                    spaces: c.spaces,
                    weight: c.weight,
                    deck: self.decked().then(|| section_select(&format!("{path}.deck"), c.deck)),
                    cargo: c.cargo,
                    problems: self.problems_for(&path),
                    slot: slot_id(&path),
                    number: i + 1,
                    path,
                }
            })
            .collect()
    }

    // ----- figures -----

    pub fn cost(&self) -> String {
        dollars_rounded(self.eval.figures.cost)
    }

    pub fn weight(&self) -> String {
        format!("{} lb", pounds_rounded(self.eval.figures.weight))
    }

    pub fn gauges(&self) -> Vec<Gauge> {
        let f = &self.eval.figures;
        let mut g = vec![
            Gauge {
                label: "Weight",
                text: format!("{} of {} lb max load", pounds_rounded(f.weight), pounds_rounded(f.max_load)),
                value: f.weight.as_f64(),
                max: f.max_load.as_f64().max(1.0),
                over: f.weight > f.max_load,
            },
            Gauge {
                label: "Spaces",
                text: format!("{} of {}", f.spaces_used, f.spaces_total),
                value: f.spaces_used.as_f64(),
                max: (f.spaces_total as f64).max(1.0),
                over: f.spaces_used > Spaces::whole(f.spaces_total),
            },
        ];
        if f.cargo_spaces_total > 0 || f.cargo_spaces_used > Spaces::ZERO {
            g.push(Gauge {
                label: "Cargo spaces",
                text: format!("{} of {}", f.cargo_spaces_used, f.cargo_spaces_total),
                value: f.cargo_spaces_used.as_f64(),
                max: (f.cargo_spaces_total as f64).max(1.0),
                over: f.cargo_spaces_used > Spaces::whole(f.cargo_spaces_total),
            });
        }
        for (label, s) in [("Below deck", f.below_deck), ("Above deck", f.above_deck)] {
            if let Some(s) = s {
                g.push(Gauge {
                    label,
                    text: format!("{} of {}", s.used, s.total),
                    value: s.used.as_f64(),
                    max: (s.total as f64).max(1.0),
                    over: s.used > Spaces::whole(s.total),
                });
            }
        }
        g
    }

    /// The hull's maneuver limits in words.
    pub fn maneuvers(&self) -> Vec<String> {
        self.eval
            .figures
            .maneuvers
            .iter()
            .map(|m| match m.extra {
                Some(0) => format!("D{}: normal", m.difficulty),
                Some(x) => format!("D{}: +{x} difficulty", m.difficulty),
                None => format!("D{}: impossible", m.difficulty),
            })
            .chain(std::iter::once(
                if self.eval.figures.bootlegger {
                    "Bootlegger turns: yes"
                } else {
                    "Bootlegger turns: never"
                }
                .to_owned(),
            ))
            .collect()
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

    // ----- record sheet -----

    /// Armor per location, in the sheet's order.
    pub fn sheet_armor(&self) -> Vec<(String, u16)> {
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
        armor_locations(hull, &self.design)
            .into_iter()
            .map(|l| (format!("{} ({})", l.name(), l.code()), self.design.armor.points.get(l)))
            .collect()
    }

    /// Weapons grouped by where they fire from: (location, [(weapon, to-hit, damage, shots)]).
    pub fn sheet_weapons(&self) -> Vec<(String, Vec<[String; 5]>)> {
        let mut groups: Vec<(String, Vec<[String; 5]>)> = Vec::new();
        let mut push = |loc: String, row: [String; 5]| match groups.iter_mut().find(|(l, _)| *l == loc) {
            Some((_, rows)) => rows.push(row),
            None => groups.push((loc, vec![row])),
        };
        let describe = |e: &WeaponEntry| -> [String; 5] {
            match e.weapon.known() {
                Some(w) => {
                    let ammo = e.ammo.as_deref().and_then(|a| w.ammo(a)).or(w.standard_ammo());
                    let shots = match w.load {
                        Load::Magazine { shots, .. } => {
                            let per = shots * (1 + i64::from(e.extra_magazines));
                            format!("{per} shots")
                        }
                        Load::Single { .. } => {
                            if e.rocket_magazine > 0 {
                                format!("1 + {} in magazine", e.rocket_magazine)
                            } else {
                                "1 shot".into()
                            }
                        }
                        Load::None => "unlimited".into(),
                    };
                    let name = format!(
                        "{}{}{}",
                        if e.count > 1 { format!("{} x ", e.count) } else { String::new() },
                        w.name,
                        ammo.filter(|a| a.id != "standard")
                            .map_or(String::new(), |a| format!(" ({})", a.name))
                    );
                    [
                        name,
                        w.to_hit.map_or("special".into(), |h| h.to_string()),
                        ammo.map_or(w.damage, |a| a.damage).to_owned(),
                        shots,
                        format!(
                            "{}{}{}",
                            w.dp,
                            if e.linked && e.count > 1 && e.link_group.is_none() { ", linked" } else { "" },
                            e.link_group.map_or(String::new(), |g| format!(", link group {g}"))
                        ),
                    ]
                }
                None => [e.weapon.id().to_owned(), "?".into(), "?".into(), "?".into(), "?".into()],
            }
        };
        for e in &self.design.weapons {
            let m = e.mount.unwrap_or_default();
            push(format!("{} ({})", upper(m.word()), m.code()), describe(e));
        }
        for (i, t) in self.design.turrets.iter().enumerate() {
            // Its location as the engine placed it; a turret it could not price has none.
            let location = self.eval.ledger.iter().find_map(|l| match l.kind {
                LineKind::Turret { location, .. } if l.part == Part::Turret(i) => Some(location),
                _ => None,
            });
            let where_ = location.map_or_else(|| "Turret".to_owned(), |l| format!("Turret ({})", l.code()));
            for e in &t.weapons {
                push(where_.clone(), describe(e));
            }
        }
        groups
    }
}

fn upper(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The hulls and examples a new design can start from.
pub struct StartChoice {
    pub slug: String,
    pub name: String,
    pub detail: String,
}

/// The hulls and the examples to start from, worked out once (they never change).
pub fn start_choices() -> &'static (Vec<StartChoice>, Vec<StartChoice>) {
    static CHOICES: std::sync::LazyLock<(Vec<StartChoice>, Vec<StartChoice>)> =
        std::sync::LazyLock::new(work_out_start_choices);
    &CHOICES
}

fn work_out_start_choices() -> (Vec<StartChoice>, Vec<StartChoice>) {
    let hulls = tables::HULLS
        .iter()
        .map(|h| StartChoice {
            slug: h.id.to_owned(),
            name: h.name.to_owned(),
            detail: format!(
                "{}, {} lb, {} spaces{}, HC {}",
                dollars_rounded(h.cost),
                pounds_rounded(h.weight),
                h.spaces,
                if h.cargo_spaces > 0 { format!(" +{} cargo", h.cargo_spaces) } else { String::new() },
                h.handling_class
            ),
        })
        .collect();
    let examples = carwars::examples::all()
        .into_iter()
        .map(|(slug, d)| {
            let e = carwars::evaluate(&d);
            StartChoice { slug: slug.to_owned(), name: d.name.clone(), detail: statline::stat_line(&d, &e) }
        })
        .collect();
    (hulls, examples)
}

/// The design a "Start from" choice gives: a published example, or an empty hull.
pub fn start_design(slug: &str) -> Option<Design> {
    match carwars::examples::all().into_iter().find(|(s, _)| *s == slug) {
        Some((_, d)) => Some(d),
        None => tables::hull(slug).map(Design::blank),
    }
}

crate::row_fields!(WeaponRow, TurretRow, ItemRow, PropellerRow, CargoRow);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::design::TurretEntry;

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
        d.deck = Some(crate::games::carwars::design::Deck { below: None });
        d.weapons.push(WeaponEntry::new(tables::weapon_by_id("mg").expect("mg"), Some(Mount::F)));
        // A Rowboat cannot have a Deck: the engine says so and places nothing by it.
        let v = BoatView::new(d.clone(), Vec::new());
        assert!(v.eval.problems.iter().any(|p| p.part.as_deref() == Some("deck")));
        assert!(v.weapon_rows()[0].deck.is_none());
        d.hull = crate::games::carwars::design::Ref::Known(tables::hull("cruiser").expect("cruiser"));
        assert!(BoatView::new(d, Vec::new()).weapon_rows()[0].deck.is_some());
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
            sheet.iter().find(|(l, _)| l == place).map(|(_, rows)| rows[0][0].clone()).unwrap_or_default()
        };
        assert_eq!(at("Turret"), "Machine gun");
        assert_eq!(at("Turret (BT)"), "Rocket launcher");
    }
}
