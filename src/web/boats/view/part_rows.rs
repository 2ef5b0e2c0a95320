//! The designer's form: its selects, and a row for every part with the problems that concern it.

use crate::games::boats::design::{Catalogued, Section, Top, WeaponEntry};
use crate::games::boats::evaluate::{LineKind, armor_point, mounts, turret_locations};
use crate::games::boats::tables::{self, Family, Load, Loc, Mount};
use crate::games::boats::units::dollars_rounded;
use crate::games::boats::{self};

use super::{BoatView, shown_armor_locations, upper};
use crate::web::flows::view::{ProblemView, Select, dom_id, slot_id};

/// Where a structural select of the designer re-renders the form.
pub(super) const DESIGNER: &str = "/boats/designer";

/// The id of the one `<datalist>` of weapons a design of many weapon rows offers.
const WEAPON_LIST: &str = "weapon-list";

/// Past this many rows choosing a weapon (weapons, turret weapons and turrets' adders), each
/// is a text field offering one shared list of the weapons rather than a select of its own:
/// a Yacht's 40 spaces hold no more weapons than that, and 200 selects of the whole catalog
/// would make the designer larger than an answer may be (issue 24).
const WEAPON_SELECTS_UP_TO: usize = crate::web::flows::view::ROWS_DRAWN_WHOLE;

fn select(
    name: &str,
    label: &str,
    current: &str,
    options: Vec<(String, String)>,
    structural: bool,
) -> Select {
    crate::web::flows::view::select(name, label, current, options, structural.then_some(DESIGNER))
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

/// Points on a location the rules do not have, kept as written until removed.
#[derive(Debug, Clone)]
pub struct ExtraArmor {
    pub code: String,
    pub points: u16,
}

impl BoatView {
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
                // Judged at "armor.F", read from "armor.points.F".
                let part = format!("armor.{}", l.code());
                ArmorBox {
                    code: l.code(),
                    name: l.name(),
                    points: self.design.armor.points.get(l),
                    problems: self.problems_for(&part),
                    id: dom_id(&part),
                    slot: slot_id(&part),
                    path: format!("armor.points.{}", l.code()),
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
            .map(|(code, points)| ExtraArmor { code: code.clone(), points: *points })
            .collect()
    }

    pub fn armor_cost_per_point(&self) -> super::PerPoint {
        self.eval
            .ledger
            .iter()
            .find_map(|l| match l.kind {
                LineKind::Armor { cost_per_point, weight_per_point, .. } => {
                    Some(super::PerPoint(cost_per_point, weight_per_point))
                }
                _ => None,
            })
            .unwrap_or_else(|| {
                let h = self.design.hull.known().unwrap_or(&tables::NO_HULL);
                let k = self.design.armor.kind.known().unwrap_or(tables::PLASTIC);
                let (cost, weight) = armor_point(h, k);
                super::PerPoint(cost, weight)
            })
    }

    /// Whether parts are placed above or below deck: as the engine judges it.
    fn decked(&self) -> bool {
        boats::evaluate::decked(self.design.hull.known().unwrap_or(&tables::NO_HULL), &self.design)
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

    /// The weapons as a choice lists them: id, and name with cost, weight and spaces.
    fn weapon_options() -> Vec<(String, String)> {
        catalog_options::<tables::Weapon>(|w| {
            format!("{} ({}, {} lb, {} sp)", w.name, dollars_rounded(w.cost), w.weight, w.spaces)
        })
    }

    /// The shared list of weapons (its id, and its options), when the rows choosing one are too
    /// many for a select each.
    pub fn weapon_datalist(&self) -> Option<(&'static str, Vec<(String, String)>)> {
        self.weapons_listed().then(|| (WEAPON_LIST, Self::weapon_options()))
    }

    fn weapons_listed(&self) -> bool {
        let d = &self.design;
        let rows = d.weapons.len() + d.turrets.iter().map(|t| 1 + t.weapons.len()).sum::<usize>();
        rows > WEAPON_SELECTS_UP_TO
    }

    /// A choice of weapon: a select, or a field offering the shared list (see [`WEAPON_LIST`]).
    fn weapon_choice(&self, choice: Select) -> Select {
        if self.weapons_listed() { choice.listed(WEAPON_LIST) } else { choice }
    }

    fn weapon_row(&self, path: String, number: usize, e: &WeaponEntry, in_turret: bool) -> WeaponRow {
        let w = e.weapon.known();
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
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
            weapon: self.weapon_choice(select(
                &format!("{path}.weapon"),
                "Weapon",
                e.weapon.id(),
                Self::weapon_options(),
                true,
            )),
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
        self.weapon_choice(select(
            name,
            "Weapon to add",
            crate::web::boats::design_form::NEW_WEAPON,
            catalog_options::<tables::Weapon>(|w| w.name.to_owned()),
            false,
        ))
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
            crate::web::boats::design_form::NEW_CREW,
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
}

crate::row_fields!(WeaponRow, TurretRow, ItemRow, PropellerRow, CargoRow);
