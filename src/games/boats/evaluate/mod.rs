//! Judging a design: the ledger (one priced line per part), the figures that follow from it, and
//! every construction problem. This is the only place these rules are computed; the page, the API
//! and the stat line all read an [`Evaluation`].
//!
//! The walk over the design (`Judge`) is split by concept: `propulsion` (plant, propellers, jet
//! drive, oars and the performance tables), `body` (top, Deck, hydrofoils, keel, spoiler and where
//! parts sit), `crew` (crew, accessories and cargo), `armor`, `weapons` (links, link groups and
//! magazines) and `turrets`. Totals, the space and load checks and the performance figures are
//! worked out here, from the ledger alone.

mod armor;
mod body;
mod crew;
mod propulsion;
mod turrets;
mod weapons;

pub use armor::{armor_locations, armor_point};
pub use body::decked;
pub use propulsion::{band, range_miles};
pub use turrets::turret_locations;
pub use weapons::mounts;

use super::design::{Design, Ref, Section, Top};
use super::tables::{self, Ammo, ArmorType, Hull, Item, Load, Loc, Plant, Role, Turret, Weapon};
use super::units::{Grouped, Money, Spaces, Speed, Weight, dollars_rounded, pounds_rounded};
use crate::games::{Problem, Shared, boats::Code, nearest};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::fmt;

/// Which part of the design a ledger line or problem belongs to; prints as the path of the part
/// in the design document ("weapons.2", "turrets.0.weapons.1").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Hull,
    Plant,
    Propeller(usize),
    JetDrive,
    Oars,
    Top,
    Deck,
    Hydrofoils,
    WeightedKeel,
    Spoiler,
    Crew(usize),
    Armor,
    Weapon(usize),
    Turret(usize),
    TurretWeapon(usize, usize),
    Accessory(usize),
    Cargo(usize),
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, ".")
    }
}

impl Part {
    /// Writes its path as [`Display`](fmt::Display) does ("turrets.0.weapons.1"), with `dot`
    /// between the steps: "-" writes the form's DOM ids ("turrets-0-weapons-1").
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W, dot: &str) -> fmt::Result {
        let (name, at) = match *self {
            Part::Hull => return out.write_str("hull"),
            Part::Plant => return out.write_str("plant"),
            Part::JetDrive => return out.write_str("jet_drive"),
            Part::Oars => return out.write_str("oars"),
            Part::Top => return out.write_str("top"),
            Part::Deck => return out.write_str("deck"),
            Part::Hydrofoils => return out.write_str("hydrofoils"),
            Part::WeightedKeel => return out.write_str("weighted_keel"),
            Part::Spoiler => return out.write_str("spoiler"),
            Part::Armor => return out.write_str("armor"),
            Part::Propeller(i) => ("propellers", i),
            Part::Crew(i) => ("crew", i),
            Part::Weapon(i) => ("weapons", i),
            Part::Turret(i) => ("turrets", i),
            Part::Accessory(i) => ("accessories", i),
            Part::Cargo(i) => ("cargo", i),
            Part::TurretWeapon(t, w) => {
                out.write_str("turrets")?;
                out.write_str(dot)?;
                crate::games::write_whole(out, i64::try_from(t).unwrap_or(i64::MAX), false)?;
                out.write_str(dot)?;
                ("weapons", w)
            }
        };
        out.write_str(name)?;
        out.write_str(dot)?;
        crate::games::write_whole(out, i64::try_from(at).unwrap_or(i64::MAX), false)
    }
}

impl Part {
    /// One number for the part, different for every part a design can have, to sort and look
    /// parts up by (one comparison, where comparing the variants and their places took several):
    /// its kind in the top byte, then its place, then a turret weapon's place in its turret.
    pub fn key(self) -> u128 {
        let (kind, at, within): (u128, usize, usize) = match self {
            Part::Hull => (0, 0, 0),
            Part::Plant => (1, 0, 0),
            Part::Propeller(i) => (2, i, 0),
            Part::JetDrive => (3, 0, 0),
            Part::Oars => (4, 0, 0),
            Part::Top => (5, 0, 0),
            Part::Deck => (6, 0, 0),
            Part::Hydrofoils => (7, 0, 0),
            Part::WeightedKeel => (8, 0, 0),
            Part::Spoiler => (9, 0, 0),
            Part::Crew(i) => (10, i, 0),
            Part::Armor => (11, 0, 0),
            Part::Weapon(i) => (12, i, 0),
            Part::Turret(i) => (13, i, 0),
            Part::TurretWeapon(t, w) => (14, t, w),
            Part::Accessory(i) => (15, i, 0),
            Part::Cargo(i) => (16, i, 0),
        };
        // A place is a `usize` (64 bits here); a weapon's place in a turret is far under 2^56
        // (a turret holds a handful), so the three never overlap.
        kind << 120 | (at as u128) << 56 | (within as u128 & ((1 << 56) - 1))
    }

    fn path(self) -> Option<String> {
        Some(self.to_string())
    }

    /// The part whose path `path` is, as it prints ("weapons.2" is `Weapon(2)`); `None` for a
    /// path no part prints as.
    pub fn at(path: &str) -> Option<Part> {
        fn index(s: Option<&str>) -> Option<usize> {
            crate::games::place_in_path(s?)
        }
        let mut segs = path.split('.');
        let head = segs.next()?;
        let i = segs.next();
        let part = match head {
            "hull" => Part::Hull,
            "plant" => Part::Plant,
            "jet_drive" => Part::JetDrive,
            "oars" => Part::Oars,
            "top" => Part::Top,
            "deck" => Part::Deck,
            "hydrofoils" => Part::Hydrofoils,
            "weighted_keel" => Part::WeightedKeel,
            "spoiler" => Part::Spoiler,
            "armor" => Part::Armor,
            "propellers" => Part::Propeller(index(i)?),
            "crew" => Part::Crew(index(i)?),
            "weapons" => Part::Weapon(index(i)?),
            "accessories" => Part::Accessory(index(i)?),
            "cargo" => Part::Cargo(index(i)?),
            "turrets" => {
                let t = index(i)?;
                match segs.next() {
                    None => return Some(Part::Turret(t)),
                    Some("weapons") => Part::TurretWeapon(t, index(segs.next())?),
                    Some(_) => return None,
                }
            }
            _ => return None,
        };
        let simple = matches!(
            part,
            Part::Hull
                | Part::Plant
                | Part::JetDrive
                | Part::Oars
                | Part::Top
                | Part::Deck
                | Part::Hydrofoils
                | Part::WeightedKeel
                | Part::Spoiler
                | Part::Armor
        );
        let rest_empty = if simple { i.is_none() } else { segs.next().is_none() };
        rest_empty.then_some(part)
    }
}

/// What a ledger line is for, with what its explanation needs. Text is only built when a line is
/// shown, so evaluating stays allocation-light.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineKind {
    Body(&'static Hull),
    Plant(&'static Plant),
    Propeller(&'static Plant),
    PropellerGuard {
        points: i64,
    },
    JetDrive,
    Oars,
    Top(Top),
    Deck {
        below: i64,
        above: i64,
    },
    Hydrofoils,
    WeightedKeel,
    Spoiler,
    Crew(&'static Role),
    Armor {
        kind: &'static ArmorType,
        points: i64,
        cost_per_point: Money,
        weight_per_point: Weight,
    },
    Weapon {
        weapon: &'static Weapon,
        ammo: Option<&'static Ammo>,
        in_turret: bool,
    },
    Links {
        links: i64,
    },
    LinkGroup {
        group: u8,
        weapons: i64,
    },
    Magazines {
        weapon: &'static Weapon,
        ammo: &'static Ammo,
        shots: i64,
    },
    MagazineSwitch,
    /// Extra single-shot rockets; `in_turret`: feeding a turret's weapons from the body below it.
    RocketMagazine {
        weapon: &'static Weapon,
        ammo: &'static Ammo,
        rockets: i64,
        capacity: i64,
        in_turret: bool,
    },
    Turret {
        turret: &'static Turret,
        universal: bool,
        location: Loc,
    },
    Accessory(&'static Item),
    Cargo,
}

/// One priced line: what it is, how many, and the totals it adds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    pub part: Part,
    pub kind: LineKind,
    pub count: i64,
    pub cost: Money,
    pub weight: Weight,
    /// Spaces this line takes (in cargo space if `cargo`).
    pub spaces: Spaces,
    pub cargo: bool,
    pub section: Option<Section>,
}

impl Line {
    fn new(part: Part, kind: LineKind, count: i64, cost: Money, weight: Weight, spaces: Spaces) -> Self {
        Line { part, kind, count, cost, weight, spaces, cargo: false, section: None }
    }

    fn placed(mut self, section: Option<Section>, cargo: bool) -> Self {
        self.section = section;
        self.cargo = cargo;
        self
    }

    /// What the line is, for a person.
    pub fn label(&self) -> String {
        let n = self.count;
        let many = |one: &str, more: &str| if n == 1 { one.to_owned() } else { format!("{n} {more}") };
        match self.kind {
            LineKind::Body(h) => format!("{} body", h.name),
            LineKind::Plant(p) => format!("{} power plant", p.name),
            LineKind::Propeller(p) => format!("{} propeller", p.name),
            LineKind::PropellerGuard { points } => format!("Propeller guard, {points} points"),
            LineKind::JetDrive => "Jet drive".into(),
            LineKind::Oars => many("Oars (1 pair)", "pairs of oars"),
            LineKind::Top(Top::Half) => "Half Top".into(),
            LineKind::Top(_) => "Boat Top".into(),
            LineKind::Deck { .. } => "Deck".into(),
            LineKind::Hydrofoils => "Hydrofoils".into(),
            LineKind::WeightedKeel => "Weighted keel".into(),
            LineKind::Spoiler => "Spoiler".into(),
            LineKind::Crew(r) => many(r.name, r.plural),
            LineKind::Armor { kind, points, .. } => format!("{} armor, {points} points", kind.name),
            LineKind::Weapon { weapon, ammo, in_turret } => {
                let mut s = many(weapon.name, weapon.plural);
                if let Some(a) = ammo.filter(|a| a.id != "standard") {
                    s.push_str(&format!(" ({})", a.name));
                }
                if in_turret {
                    s.push_str(" in turret");
                }
                s
            }
            LineKind::Links { links } => {
                if links == 1 {
                    "Link".into()
                } else {
                    format!("{links} links")
                }
            }
            LineKind::LinkGroup { group, weapons } => {
                format!("Link group {group}: {}", plural(weapons - 1, "link", "links"))
            }
            LineKind::Magazines { weapon, .. } => {
                format!("{} extra {} magazine{}", n, weapon.short, if n == 1 { "" } else { "s" })
            }
            LineKind::MagazineSwitch => many("Magazine switch", "magazine switches"),
            LineKind::RocketMagazine { weapon, rockets, .. } => format!(
                "Rocket magazine with {rockets} {}",
                if rockets == 1 { weapon.name } else { weapon.plural }
            ),
            LineKind::Turret { turret, universal, location } => format!(
                "{}{}{}-space turret ({})",
                if universal { "Universal " } else { "" },
                if turret.popup { "pop-up " } else { "" },
                turret.size,
                location.code()
            ),
            LineKind::Accessory(i) => many(i.name, i.plural),
            LineKind::Cargo => "Cargo".into(),
        }
    }

    /// Where the figures come from, in our words.
    pub fn rule(&self) -> String {
        match self.kind {
            LineKind::Body(h) => format!("Hull table: {} body, {} lb, {} spaces (+{} cargo)", dollars_rounded(h.cost), pounds_rounded(h.weight), h.spaces, h.cargo_spaces),
            LineKind::Plant(p) => format!("{} power factors; always in the rear, below deck", p.power_factors),
            LineKind::Propeller(p) => format!("Propeller for a {} plant: {}, {} lb, {} DP, no space", p.name, p.propeller.cost, p.propeller.weight, p.propeller.dp),
            LineKind::PropellerGuard { .. } => format!("Priced like wheelguards: {} and {} lb a point, at most {} points a propeller", tables::PROPELLER_GUARD_COST, tables::PROPELLER_GUARD_WEIGHT, tables::PROPELLER_GUARD_MAX),
            LineKind::JetDrive => "Replaces propellers: +5 mph/turn and +20 mph while the plant has at least half the boat's weight in power factors".into(),
            LineKind::Oars => "$25, 10 lb and 1 space a pair; 2.5 mph per rower, up to 15 mph".into(),
            LineKind::Top(Top::Half) => "5% of the body's cost and weight (half a Boat Top)".into(),
            LineKind::Top(_) => "10% of the body's cost and weight".into(),
            LineKind::Deck { below, above } => format!("No cost, weight or space; {below} spaces below, {above} above"),
            LineKind::Hydrofoils => "The body's cost again and half its weight, 1 space; +20 mph and +1 HC once foiling at 35 mph".into(),
            LineKind::WeightedKeel => "Half the body's cost; weighs a tenth of the maximum load; no space; +1/2\" draft".into(),
            LineKind::Spoiler => "25 points' cost and 10 points' weight of the hull's plastic armor; no space".into(),
            LineKind::Crew(r) => format!("{} lb and {} space{} each", r.weight, r.spaces, if r.spaces == 1 { "" } else { "s" }),
            LineKind::Armor { kind, cost_per_point, weight_per_point, .. } => format!("{}: {} and {} lb a point on this hull", kind.name, cost_per_point, weight_per_point),
            LineKind::Weapon { weapon, ammo, in_turret } => {
                let room = if in_turret { "; uses turret room, not body spaces" } else { "" };
                match (weapon.load, ammo) {
                    (Load::Magazine { shots, .. }, Some(a)) => format!("Bought loaded: {} and {} lb empty, plus {shots} shots at {} and {} lb{room}", weapon.cost, weapon.weight, a.cost, a.weight),
                    (Load::Single { .. }, Some(a)) => format!("One shot: {} and {} lb each{room}", a.cost, a.weight),
                    _ => format!("{} and {} lb, no ammunition{room}", weapon.cost, weapon.weight),
                }
            }
            LineKind::Links { links } => format!("{links} link{} at {} each: n linked weapons need n-1 links", if links == 1 { "" } else { "s" }, tables::LINK),
            LineKind::LinkGroup { weapons, .. } => format!("{weapons} weapons fire together: {} at {} each (n linked weapons need n-1 links)", plural(weapons - 1, "link", "links"), tables::LINK),
            LineKind::Magazines { ammo, shots, .. } => format!("Each: {} and {} lb plus {shots} shots at {} and {} lb, 1 space", tables::EXTRA_MAGAZINE_COST, tables::EXTRA_MAGAZINE_WEIGHT, ammo.cost, ammo.weight),
            LineKind::MagazineSwitch => format!("{} each, no weight or space", tables::MAGAZINE_SWITCH),
            LineKind::RocketMagazine { ammo, capacity, in_turret, .. } => format!("{capacity} space{} at {} and {} lb a space, plus the rockets at {} and {} lb each{}", if capacity == 1 { "" } else { "s" }, tables::ROCKET_MAGAZINE_COST_PER_SPACE, tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE, ammo.cost, ammo.weight, if in_turret { "; in the body under the turret, taking body spaces, not turret room" } else { "" }),
            LineKind::Turret { turret, universal, .. } => format!("Turret table: {}, {} lb, {} body space{}{}", turret.cost, turret.weight, turret.spaces, if turret.spaces == 1 { "" } else { "s" }, if universal { "; universal adds $1,000" } else { "" }),
            LineKind::Accessory(i) => format!("{} and {} lb, {} space{} each{}", i.cost, i.weight, i.spaces, if i.spaces == 1 { "" } else { "s" }, if i.cargo_ok { "; may ride in cargo space" } else { "" }),
            LineKind::Cargo => "Goods: counts against spaces and max load".into(),
        }
    }
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Line", 9)?;
        st.serialize_field("part", &self.part.to_string())?;
        st.serialize_field("label", &self.label())?;
        st.serialize_field("count", &self.count)?;
        st.serialize_field("cost", &self.cost)?;
        st.serialize_field("weight", &self.weight)?;
        st.serialize_field("spaces", &self.spaces)?;
        st.serialize_field("cargo", &self.cargo)?;
        st.serialize_field("section", &self.section)?;
        st.serialize_field("rule", &self.rule())?;
        st.end()
    }
}

/// Used and total spaces of one part of a decked boat.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SectionSpaces {
    pub used: Spaces,
    pub total: i64,
}

/// What a maneuver of a given difficulty costs this hull.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ManeuverLimit {
    pub difficulty: u8,
    /// Extra difficulty; `None`: the hull cannot perform it.
    pub extra: Option<u8>,
}

/// Everything the design adds up to. Money in dollars, weight in pounds, speeds in mph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figures {
    pub cost: Money,
    /// Exact (ammunition brings halves and quarters).
    pub weight: Weight,
    /// As printed: whole pounds, halves up.
    pub weight_rounded: i64,
    pub spaces_used: Spaces,
    pub spaces_total: i64,
    pub cargo_spaces_used: Spaces,
    pub cargo_spaces_total: i64,
    pub below_deck: Option<SectionSpaces>,
    pub above_deck: Option<SectionSpaces>,
    pub max_load: Weight,
    /// Max load minus weight; negative when over.
    pub load_remaining: Weight,
    pub power_factors: i64,
    /// Power factors per pound.
    pub power_ratio: f64,
    pub acceleration: Speed,
    pub top_speed: Speed,
    /// Top speed once up on hydrofoils; `None` without them or when they never lift.
    pub top_speed_on_hydrofoils: Option<Speed>,
    pub handling_class: i64,
    pub handling_class_on_hydrofoils: Option<i64>,
    /// Whether the jet drive runs; `None` without one.
    pub jet_drive_running: Option<bool>,
    /// Rowing figures; `None` without oars.
    pub rowing_acceleration: Option<Speed>,
    pub rowing_top_speed: Option<Speed>,
    pub rowers: i64,
    pub reverse_acceleration: Speed,
    pub reverse_top_speed: Speed,
    pub draft_inches: f64,
    pub draft: &'static str,
    pub maneuvers: Vec<ManeuverLimit>,
    pub bootlegger: bool,
    /// Miles on a full charge at 20 mph and at top speed; `None` without a plant.
    pub range_miles_at_20_mph: Option<f64>,
    pub range_miles_at_top_speed: Option<f64>,
    pub armor_points: i64,
    pub armor_locations: Vec<Loc>,
    pub counter: &'static str,
    pub anchor_replacement_cost: Money,
    pub people: i64,
}

/// The judgement of one design.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Evaluation {
    pub figures: Figures,
    pub problems: Vec<Problem>,
    pub ledger: Vec<Line>,
}

impl Evaluation {
    pub fn legal(&self) -> bool {
        crate::games::is_legal(&self.problems)
    }
}

fn unknown<T: super::design::Catalogued>(code: Code, part: Part, id: &str) -> Problem {
    let near = nearest(id, T::all().iter().map(|t| t.id()), 4);
    Problem::error(
        code,
        part.path(),
        format!("Unknown {} \"{id}\"; the nearest valid ids are: {}", T::WHAT, near.join(", ")),
    )
}

/// "1 space", "10 1/3 spaces".
fn spaces_text(s: Spaces) -> String {
    if s == Spaces::whole(1) { "1 space".to_owned() } else { format!("{s} spaces") }
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}
/// Walks the design once, pricing each part and noting each problem.
struct Judge<'a> {
    d: &'a Design,
    hull: &'static Hull,
    decked: bool,
    lines: Vec<Line>,
    problems: Vec<Problem>,
    forward_torpedo: Option<Part>,
    /// The armor locations this design has, worked out once for the check and the figures.
    locations: Vec<Loc>,
}

impl Judge<'_> {
    fn line(&mut self, line: Line) {
        self.lines.push(line);
    }

    /// The deck section a placeable part sits in (only on a decked boat).
    fn section(&self, chosen: Option<Section>, default: Section) -> Option<Section> {
        self.decked.then(|| chosen.unwrap_or(default))
    }
}

fn draft_text(quarters: i64) -> &'static str {
    match quarters {
        0 => "none: any depth of water",
        1 => "1/4\"",
        2 => "1/2\"",
        3 => "3/4\"",
        4 => "1\"",
        5 => "1 1/4\"",
        6 => "1 1/2\"",
        7 => "1 3/4\"",
        _ => "2\"",
    }
}

/// Judges a design: the engine's entry point, named `check` as in every game.
pub fn check(d: &Design) -> Evaluation {
    let mut problems = Vec::new();
    let hull = match &d.hull {
        Ref::Known(h) => *h,
        Ref::Unknown(id) => {
            problems.push(unknown::<Hull>(Code::UnknownHull, Part::Hull, id));
            &tables::NO_HULL
        }
    };
    if d.version > super::design::DESIGN_VERSION {
        problems.push(Problem::warning(Shared::NewerVersion, None, format!("This design was written by a newer Drydock (version {}); parts this version does not know may be missing", d.version)));
    }
    let mut j = Judge {
        d,
        hull,
        decked: decked(hull, d),
        // One allocation for the ledger: at most a line per hull part and per crew, accessory and
        // cargo entry, two per propeller, five per weapon entry (weapon, its links or its link
        // group's line, magazines, switch, rocket magazine) and one per turret.
        lines: Vec::with_capacity(
            16 + d.crew.len()
                + 2 * d.propellers.len()
                + 5 * d.weapons.len()
                + d.turrets.iter().map(|t| 1 + 5 * t.weapons.len()).sum::<usize>()
                + d.accessories.len()
                + d.cargo.len(),
        ),
        problems,
        forward_torpedo: None,
        locations: armor_locations(hull, d),
    };
    j.line(Line::new(Part::Hull, LineKind::Body(hull), 1, hull.cost, hull.weight, Spaces::ZERO));
    j.body();
    j.propulsion();
    let people = j.crew();
    j.armor();
    j.weapons();
    j.turrets();
    j.link_groups();
    j.accessories();
    j.placement_without_deck();
    let Judge { lines, mut problems, forward_torpedo, locations, .. } = j;

    // Totals come from the ledger and nowhere else.
    let mut cost = Money::ZERO;
    let mut weight = Weight::ZERO;
    let mut body = Spaces::ZERO;
    let mut cargo = Spaces::ZERO;
    let mut below = Spaces::ZERO;
    let mut above = Spaces::ZERO;
    for l in &lines {
        cost += l.cost;
        weight += l.weight;
        if l.cargo {
            cargo += l.spaces
        } else {
            body += l.spaces
        }
        match l.section {
            Some(Section::Below) => below += l.spaces,
            Some(Section::Above) => above += l.spaces,
            None => {}
        }
    }

    if body > Spaces::whole(hull.spaces) {
        problems.push(Problem::error(
            Code::OverSpaces,
            None,
            format!("Parts take {}; a {} has {}", spaces_text(body), hull.name, hull.spaces),
        ));
    }
    if cargo > Spaces::whole(hull.cargo_spaces) {
        let has = if hull.cargo_spaces == 0 {
            format!("a {} has no cargo space", hull.name)
        } else {
            format!("a {} has {}", hull.name, hull.cargo_spaces)
        };
        problems.push(Problem::error(
            Code::OverCargoSpaces,
            None,
            format!("Cargo space holds {} of goods and passengers; {has}", spaces_text(cargo)),
        ));
    }
    if weight > hull.max_load {
        problems.push(Problem::error(
            Code::OverMaxLoad,
            None,
            format!(
                "Weighs {} lb; a {}'s maximum load is {} lb ({} lb over)",
                pounds_rounded(weight),
                hull.name,
                pounds_rounded(hull.max_load),
                Weight(weight.0 - hull.max_load.0)
            ),
        ));
    }
    let (below_deck, above_deck) = match lines.iter().find_map(|l| match l.kind {
        // Only a decked boat has a Deck line.
        LineKind::Deck { below, above } => Some((below, above)),
        _ => None,
    }) {
        Some((b_total, a_total)) => {
            for (name, used, total) in [("Below deck", below, b_total), ("Above deck", above, a_total)] {
                if used > Spaces::whole(total) {
                    problems.push(Problem::error(
                        Code::DeckSectionFull,
                        Part::Deck.path(),
                        format!(
                            "{name} holds {} of parts but has {total}; move something or change the split",
                            spaces_text(used)
                        ),
                    ));
                }
            }
            (
                Some(SectionSpaces { used: below, total: b_total }),
                Some(SectionSpaces { used: above, total: a_total }),
            )
        }
        None => (None, None),
    };

    // Performance.
    let plant = d.plant.as_ref().and_then(Ref::known);
    let pf = plant.map_or(0, |p| p.power_factors);
    // A jet drive runs on power factors of at least half the boat's weight in pounds, rounded up
    // (weights are in hundredths of a pound).
    let jet_needed = weight.0.saturating_add(2 * Weight::PER_UNIT - 1).div_euclid(2 * Weight::PER_UNIT);
    let jet_running = d.jet_drive.then(|| plant.is_some() && pf >= jet_needed);
    let driven = plant.is_some() && (!d.propellers.is_empty() || jet_running == Some(true));
    let (mut acceleration, mut top_speed) = if driven {
        let b = band(pf, weight);
        (b.acceleration, b.top_speed)
    } else {
        (Speed::ZERO, Speed::ZERO)
    };
    if jet_running == Some(true) {
        acceleration += tables::JET_ACCELERATION_BONUS;
        top_speed += tables::JET_TOP_SPEED_BONUS;
    }
    // Without a plant NO_PLANT already says what is wrong.
    if jet_running == Some(false) && plant.is_some() {
        let consequence = if d.propellers.is_empty() {
            ". With no propeller the boat has no powered movement: acceleration and top speed are 0"
        } else {
            ""
        };
        problems.push(Problem::warning(
            Code::JetDriveWontRun,
            Part::JetDrive.path(),
            format!(
                "The jet drive will not run: the plant's {} power factors are under half the boat's {} lb (it needs at least {}){consequence}",
                Grouped(pf),
                pounds_rounded(weight),
                Grouped(jet_needed)
            ),
        ));
    }
    let rowers = if d.oars > 0 { i64::from(d.oars).min(people) } else { 0 };
    let rowing_top = (d.oars > 0).then(|| {
        let s = tables::OAR_SPEED_PER_ROWER * rowers;
        if s > tables::OAR_TOP_SPEED { tables::OAR_TOP_SPEED } else { s }
    });
    if plant.is_some() && d.propellers.is_empty() && !d.jet_drive {
        if d.oars > 0 {
            problems.push(Problem::warning(
                Code::PlantIdle,
                Part::Plant.path(),
                "The power plant has no propeller or jet drive to turn; only the oars move the boat".into(),
            ));
        } else {
            problems.push(Problem::error(
                Code::NoWayToMove,
                Part::Plant.path(),
                "The power plant has nothing to drive: add a propeller or a jet drive".into(),
            ));
        }
    } else if plant.is_none() && d.oars == 0 && !d.jet_drive && d.propellers.is_empty() {
        problems.push(Problem::error(
            Code::NoWayToMove,
            Part::Plant.path(),
            "The boat has no way to move: add a power plant with a propeller or jet drive, or oars".into(),
        ));
    }
    if let Some(p) = plant.filter(|_| driven && top_speed == Speed::ZERO) {
        problems.extend(propulsion::too_weak(p, weight));
    }
    let top_on_foils = (d.hydrofoils && top_speed >= tables::HYDROFOIL_LIFT_SPEED)
        .then(|| top_speed + tables::HYDROFOIL_TOP_SPEED_BONUS);
    if d.hydrofoils && top_on_foils.is_none() {
        problems.push(Problem::warning(
            Code::HydrofoilsNeverLift,
            Part::Hydrofoils.path(),
            format!("Hydrofoils lift the boat at {} mph, but its top speed is {top_speed} mph: they never lift, and only add cost and weight", tables::HYDROFOIL_LIFT_SPEED),
        ));
    }
    // Up on hydrofoils the boat is at its fastest, so that is the speed that can overrun.
    let (fastest, how) = match top_on_foils {
        Some(t) => (t, " on hydrofoils"),
        None => (top_speed, ""),
    };
    if let Some(part) = forward_torpedo.filter(|_| fastest > tables::TORPEDO_SPEED) {
        problems.push(Problem::warning(
            Code::TorpedoOverrun,
            part.path(),
            format!("Torpedoes run at {} mph; fired forward at more than that (top speed {fastest} mph{how}) the boat catches and sets off its own torpedo", tables::TORPEDO_SPEED),
        ));
    }
    let reverse_top =
        if top_speed < tables::REVERSE_TOP_SPEED { top_speed } else { tables::REVERSE_TOP_SPEED };
    let moving = plant.filter(|_| driven);
    let draft_quarters =
        hull.draft_quarters + if d.weighted_keel { tables::KEEL_EXTRA_DRAFT_QUARTERS } else { 0 };

    let figures = Figures {
        cost,
        weight,
        weight_rounded: weight.rounded(),
        spaces_used: body,
        spaces_total: hull.spaces,
        cargo_spaces_used: cargo,
        cargo_spaces_total: hull.cargo_spaces,
        below_deck,
        above_deck,
        max_load: hull.max_load,
        load_remaining: Weight(hull.max_load.0 - weight.0),
        power_factors: pf,
        power_ratio: if weight.0 > 0 {
            ((pf as f64 / weight.as_f64()) * 10_000.0).round() / 10_000.0
        } else {
            0.0
        },
        acceleration,
        top_speed,
        top_speed_on_hydrofoils: top_on_foils,
        handling_class: hull.handling_class,
        handling_class_on_hydrofoils: top_on_foils.map(|_| hull.handling_class + 1),
        jet_drive_running: jet_running,
        rowing_acceleration: (d.oars > 0).then_some(tables::OAR_ACCELERATION),
        rowing_top_speed: rowing_top,
        rowers,
        reverse_acceleration: if top_speed > Speed::ZERO {
            tables::REVERSE_ACCELERATION
        } else {
            Speed::ZERO
        },
        reverse_top_speed: reverse_top,
        draft_inches: draft_quarters as f64 / 4.0,
        draft: draft_text(draft_quarters),
        maneuvers: hull
            .maneuvers
            .iter()
            .zip(1u8..)
            .map(|(m, difficulty)| ManeuverLimit { difficulty, extra: *m })
            .collect(),
        bootlegger: false,
        range_miles_at_20_mph: moving.map(|_| range_miles(tables::RANGE_BASE_SPEED)),
        range_miles_at_top_speed: moving.map(|_| range_miles(top_speed)),
        armor_points: d.armor.points.total(),
        armor_locations: locations,
        counter: hull.counter,
        anchor_replacement_cost: hull.cost.pct(tables::ANCHOR_REPLACEMENT_PCT),
        people,
    };
    Evaluation { figures, problems, ledger: lines }
}
