//! Judging a design: the ledger (one priced line per part), the figures that follow from it, and
//! every construction problem. This is the only place these rules are computed; the page, the API
//! and the stat line all read an [`Evaluation`].

use super::design::{Design, Ref, Section, Top, WeaponEntry};
use super::tables::{
    self, Ammo, ArmorType, DeckRule, Family, GunRule, Hull, Item, Load, Loc, Mount, PERFORMANCE, Plant, Role,
    Turret, Weapon,
};
use super::units::{Grouped, Money, Spaces, Speed, Weight, dollars_rounded, pounds_rounded};
use crate::games::{Problem, nearest, or_list};
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
        match self {
            Part::Hull => f.write_str("hull"),
            Part::Plant => f.write_str("plant"),
            Part::Propeller(i) => write!(f, "propellers.{i}"),
            Part::JetDrive => f.write_str("jet_drive"),
            Part::Oars => f.write_str("oars"),
            Part::Top => f.write_str("top"),
            Part::Deck => f.write_str("deck"),
            Part::Hydrofoils => f.write_str("hydrofoils"),
            Part::WeightedKeel => f.write_str("weighted_keel"),
            Part::Spoiler => f.write_str("spoiler"),
            Part::Crew(i) => write!(f, "crew.{i}"),
            Part::Armor => f.write_str("armor"),
            Part::Weapon(i) => write!(f, "weapons.{i}"),
            Part::Turret(i) => write!(f, "turrets.{i}"),
            Part::TurretWeapon(t, w) => write!(f, "turrets.{t}.weapons.{w}"),
            Part::Accessory(i) => write!(f, "accessories.{i}"),
            Part::Cargo(i) => write!(f, "cargo.{i}"),
        }
    }
}

impl Part {
    fn path(self) -> Option<String> {
        Some(self.to_string())
    }
}

/// What a ledger line is for, with what its explanation needs. Text is only built when a line is
/// shown, so evaluating stays allocation-light.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineKind {
    Body(&'static Hull),
    Plant(&'static Plant),
    Propeller(&'static Plant),
    PropellerGuard { points: i64 },
    JetDrive,
    Oars,
    Top(Top),
    Deck { below: i64, above: i64 },
    Hydrofoils,
    WeightedKeel,
    Spoiler,
    Crew(&'static Role),
    Armor { kind: &'static ArmorType, points: i64, cost_per_point: Money, weight_per_point: Weight },
    Weapon { weapon: &'static Weapon, ammo: Option<&'static Ammo>, in_turret: bool },
    Links { links: i64 },
    LinkGroup { group: u8, weapons: i64 },
    Magazines { weapon: &'static Weapon, ammo: &'static Ammo, shots: i64 },
    MagazineSwitch,
    RocketMagazine { weapon: &'static Weapon, ammo: &'static Ammo, rockets: i64, capacity: i64 },
    Turret { turret: &'static Turret, universal: bool, location: Loc },
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
            LineKind::RocketMagazine { ammo, capacity, .. } => format!("{capacity} space{} at {} and {} lb a space, plus the rockets at {} and {} lb each", if capacity == 1 { "" } else { "s" }, tables::ROCKET_MAGAZINE_COST_PER_SPACE, tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE, ammo.cost, ammo.weight),
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

fn unknown<T: super::design::Catalogued>(code: &'static str, part: Part, id: &str) -> Problem {
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

/// The facings a hull has for weapons outside turrets: front and back, and its sides (split
/// front and back on a hull armored that way).
pub fn mounts(hull: &Hull) -> impl Iterator<Item = Mount> + '_ {
    Mount::ALL.into_iter().filter(|m| matches!(m, Mount::F | Mount::B) || m.is_split() == hull.split_sides())
}

/// Whether a design is laid out on a Deck: it has one and its hull may carry one (a Deck the hull
/// cannot have is only reported).
pub fn decked(hull: &Hull, d: &Design) -> bool {
    d.deck.is_some() && hull.deck != DeckRule::Forbidden
}

/// Where turrets may sit under a top: one `T`, or front and back top on a hull with a split top
/// under a full Boat Top; none without a top.
pub fn turret_locations(hull: &Hull, top: Top) -> &'static [Loc] {
    match top {
        Top::None => &[],
        Top::Full if hull.split_top => &[Loc::FT, Loc::BT],
        _ => &[Loc::T],
    }
}

/// What a point of `kind` armor costs and weighs on `hull`.
pub fn armor_point(hull: &Hull, kind: &ArmorType) -> (Money, Weight) {
    (hull.armor_cost_per_point.pct(kind.cost_pct), hull.armor_weight_per_point.pct(kind.weight_pct))
}

/// Where a weapon may point on this hull.
fn mount_ok(hull: &Hull, w: &Weapon, m: Mount) -> Result<(), String> {
    if !mounts(hull).any(|x| x == m) {
        let valid: Vec<&str> = mounts(hull).map(Mount::code).collect();
        return Err(format!("A {} has no {} mount; use {}", hull.name, m.word(), or_list(&valid)));
    }
    if w.family == Family::Dropped && matches!(m, Mount::F | Mount::FL | Mount::FR) {
        return Err(format!(
            "{} drops its load off the back or a side, so it cannot face {}",
            w.name,
            m.word()
        ));
    }
    Ok(())
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

    fn body_share(&self, share: &tables::BodyShare) -> (Money, Weight) {
        let h = self.hull;
        (
            h.cost.pct(share.cost_pct_of_body),
            h.weight.pct(share.weight_pct_of_body) + h.max_load.pct(share.weight_pct_of_max_load),
        )
    }

    fn hull_item(&mut self, part: Part, kind: LineKind, share: &tables::BodyShare, section: Section) {
        let (cost, weight) = self.body_share(share);
        let sec = self.decked.then_some(section);
        self.line(Line::new(part, kind, 1, cost, weight, Spaces::whole(share.spaces)).placed(sec, false));
    }

    fn propulsion(&mut self) {
        let d = self.d;
        let plant = match &d.plant {
            Some(Ref::Known(p)) => {
                let sec = self.decked.then_some(Section::Below);
                self.line(
                    Line::new(Part::Plant, LineKind::Plant(p), 1, p.cost, p.weight, Spaces::whole(p.spaces))
                        .placed(sec, false),
                );
                Some(*p)
            }
            Some(Ref::Unknown(id)) => {
                self.problems.push(unknown::<Plant>("UNKNOWN_PLANT", Part::Plant, id));
                None
            }
            None => None,
        };
        for (i, prop) in d.propellers.iter().enumerate() {
            let size = match &prop.size {
                Some(Ref::Known(p)) => Some(*p),
                Some(Ref::Unknown(id)) => {
                    self.problems.push(unknown::<Plant>("UNKNOWN_PROPELLER_SIZE", Part::Propeller(i), id));
                    None
                }
                None => plant,
            };
            if let Some(size) = size {
                self.line(Line::new(
                    Part::Propeller(i),
                    LineKind::Propeller(size),
                    1,
                    size.propeller.cost,
                    size.propeller.weight,
                    Spaces::ZERO,
                ));
                if let Some(p) = plant.filter(|p| p.id != size.id) {
                    self.problems.push(Problem::error(
                        "PROPELLER_WRONG_SIZE",
                        Part::Propeller(i).path(),
                        format!(
                            "Propeller {} is sized for a {} plant; a {} plant turns {} propellers",
                            i + 1,
                            size.name,
                            p.name,
                            p.name
                        ),
                    ));
                }
            }
            let guard = i64::from(prop.guard);
            if guard > 0 {
                self.line(Line::new(
                    Part::Propeller(i),
                    LineKind::PropellerGuard { points: guard },
                    1,
                    tables::PROPELLER_GUARD_COST * guard,
                    tables::PROPELLER_GUARD_WEIGHT * guard,
                    Spaces::ZERO,
                ));
            }
            if guard > tables::PROPELLER_GUARD_MAX {
                self.problems.push(Problem::error(
                    "PROPELLER_GUARD_OVER",
                    Part::Propeller(i).path(),
                    format!(
                        "Propeller {} has {guard} points of guard; a propeller takes at most {}",
                        i + 1,
                        tables::PROPELLER_GUARD_MAX
                    ),
                ));
            }
        }
        if d.jet_drive {
            let j = tables::JET_DRIVE;
            let sec = self.decked.then_some(Section::Below);
            self.line(
                Line::new(Part::JetDrive, LineKind::JetDrive, 1, j.cost, j.weight, Spaces::whole(j.spaces))
                    .placed(sec, false),
            );
            if !d.propellers.is_empty() {
                self.problems.push(Problem::error(
                    "JET_WITH_PROPELLERS",
                    Part::JetDrive.path(),
                    format!(
                        "A jet drive replaces propellers; remove the {} or the jet drive",
                        match d.propellers.len() {
                            1 => "propeller".to_owned(),
                            n => format!("{n} propellers"),
                        }
                    ),
                ));
            }
        }
        if d.plant.is_none() && (d.jet_drive || !d.propellers.is_empty()) {
            let what = if d.jet_drive { "The jet drive needs" } else { "Propellers need" };
            self.problems.push(Problem::error(
                "NO_PLANT",
                Part::Plant.path(),
                format!("{what} a power plant; choose one"),
            ));
        }
        if d.oars > 0 {
            let n = i64::from(d.oars);
            let o = tables::OARS;
            let sec = self.decked.then_some(Section::Above);
            self.line(
                Line::new(
                    Part::Oars,
                    LineKind::Oars,
                    n,
                    o.cost * n,
                    o.weight * n,
                    Spaces::whole(o.spaces * n),
                )
                .placed(sec, false),
            );
            if !self.hull.oars {
                self.problems.push(Problem::error(
                    "OARS_NOT_ALLOWED",
                    Part::Oars.path(),
                    format!("Oars only work on a Rowboat or Dinghy, not a {}", self.hull.name),
                ));
            }
        }
    }

    fn body(&mut self) {
        let d = self.d;
        let h = self.hull;
        match d.top {
            Top::None => {}
            Top::Half => {
                self.hull_item(Part::Top, LineKind::Top(Top::Half), &tables::HALF_TOP, Section::Above)
            }
            Top::Full => {
                self.hull_item(Part::Top, LineKind::Top(Top::Full), &tables::BOAT_TOP, Section::Above)
            }
        }
        let total = h.spaces + h.cargo_spaces;
        match (&d.deck, h.deck) {
            (Some(_), DeckRule::Forbidden) => self.problems.push(Problem::error(
                "DECK_NOT_ALLOWED",
                Part::Deck.path(),
                format!("A {} cannot have a Deck", h.name),
            )),
            (None, DeckRule::Required) => self.problems.push(Problem::error(
                "DECK_REQUIRED",
                Part::Deck.path(),
                format!(
                    "A {} must have a Deck; add one and split its {total} spaces below and above",
                    h.name
                ),
            )),
            _ => {}
        }
        // A Deck the hull cannot have is only reported, not laid out.
        if let Some(deck) = d.deck.as_ref().filter(|_| self.decked) {
            let below = deck.below.map_or(total - total / 2, i64::from);
            let above = total - below;
            self.line(Line::new(
                Part::Deck,
                LineKind::Deck { below, above: above.max(0) },
                1,
                Money::ZERO,
                Weight::ZERO,
                Spaces::ZERO,
            ));
            if above < 0 {
                self.problems.push(Problem::error(
                    "DECK_SPLIT",
                    Part::Deck.path(),
                    format!("{below} spaces below deck is more than the {total} a {} has", h.name),
                ));
            } else {
                let min = (total + 2) / 3;
                for (name, n) in [("Below deck", below), ("Above deck", above)] {
                    if n * 3 < total {
                        self.problems.push(Problem::error("DECK_SECTION_TOO_SMALL", Part::Deck.path(), format!("{name} has {n} of the {total} spaces; each part of the Deck needs at least a third ({min})")));
                    }
                }
            }
        }
        if d.hydrofoils {
            self.hull_item(Part::Hydrofoils, LineKind::Hydrofoils, &tables::HYDROFOILS, Section::Below);
        }
        if d.weighted_keel {
            self.hull_item(
                Part::WeightedKeel,
                LineKind::WeightedKeel,
                &tables::WEIGHTED_KEEL,
                Section::Below,
            );
            if !h.weighted_keel {
                self.problems.push(Problem::error(
                    "KEEL_NOT_ALLOWED",
                    Part::WeightedKeel.path(),
                    format!("A weighted keel cannot go on a {}; only Speeders and larger", h.name),
                ));
            }
        }
        if d.spoiler {
            let cost = h.armor_cost_per_point * tables::SPOILER_COST_POINTS;
            let weight = h.armor_weight_per_point * tables::SPOILER_WEIGHT_POINTS;
            self.line(Line::new(Part::Spoiler, LineKind::Spoiler, 1, cost, weight, Spaces::ZERO));
            if !h.spoiler {
                self.problems.push(Problem::error(
                    "SPOILER_NOT_ALLOWED",
                    Part::Spoiler.path(),
                    format!("A spoiler only fits a Speeder or smaller, not a {}", h.name),
                ));
            }
        }
    }

    fn cargo_misuse(&mut self, part: Part, what: &str) {
        self.problems.push(Problem::error(
            "NOT_FOR_CARGO_SPACE",
            part.path(),
            format!("{what} cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"),
        ));
    }

    fn crew(&mut self) -> i64 {
        let mut pilots = 0;
        let mut people = 0;
        for (i, c) in self.d.crew.iter().enumerate() {
            let part = Part::Crew(i);
            let Some(role) = c.role.known() else {
                self.problems.push(unknown::<Role>("UNKNOWN_ROLE", part, c.role.id()));
                continue;
            };
            let n = i64::from(c.count);
            if n == 0 {
                self.problems.push(Problem::warning(
                    "COUNT_ZERO",
                    part.path(),
                    format!("{} has a count of 0, so it adds nothing", role.name),
                ));
            }
            if role.id == "pilot" {
                pilots += n;
            }
            people += n;
            if c.cargo && !role.cargo_ok {
                self.cargo_misuse(part, role.name);
            }
            let sec = self.section(c.deck, Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Crew(role),
                    n,
                    Money::ZERO,
                    role.weight * n,
                    Spaces::whole(role.spaces * n),
                )
                .placed(sec, c.cargo),
            );
        }
        if pilots == 0 {
            self.problems.push(Problem::error(
                "NO_PILOT",
                Some("crew".into()),
                "Every boat needs a pilot; add one to the crew".into(),
            ));
        }
        people
    }

    fn armor(&mut self) {
        let h = self.hull;
        let a = &self.d.armor;
        let kind = match &a.kind {
            Ref::Known(k) => k,
            Ref::Unknown(id) => {
                self.problems.push(unknown::<ArmorType>("UNKNOWN_ARMOR_TYPE", Part::Armor, id));
                &tables::ARMOR_TYPES[0]
            }
        };
        let valid = &self.locations;
        for (loc, p) in a.points.iter() {
            if !valid.contains(&loc) {
                let codes: Vec<&str> = valid.iter().map(|l| l.code()).collect();
                self.problems.push(Problem::error(
                    "ARMOR_LOCATION",
                    Some(format!("armor.{}", loc.code())),
                    format!(
                        "{} on {} ({}), but this {} has no such location; its locations are {}",
                        plural(i64::from(p), "point", "points"),
                        loc.name(),
                        loc.code(),
                        h.name,
                        codes.join(", ")
                    ),
                ));
            }
        }
        for (code, p) in &a.points.unknown {
            self.problems.push(Problem::error(
                "ARMOR_LOCATION",
                Some(format!("armor.{code}")),
                format!(
                    "{} on \"{code}\", which is not an armor location; use {}",
                    plural(i64::from(*p), "point", "points"),
                    valid.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        let points = a.points.total();
        if points > 0 {
            let (cpp, wpp) = armor_point(h, kind);
            self.line(Line::new(
                Part::Armor,
                LineKind::Armor { kind, points, cost_per_point: cpp, weight_per_point: wpp },
                points,
                cpp * points,
                wpp * points,
                Spaces::ZERO,
            ));
        }
    }

    /// Prices one weapon entry and checks what does not depend on where it sits. Returns the
    /// turret room it needs (spaces of the weapons and their magazines).
    fn weapon(&mut self, part: Part, e: &WeaponEntry, section: Option<Section>, in_turret: bool) -> Spaces {
        let Some(w) = e.weapon.known() else {
            self.problems.push(unknown::<Weapon>("UNKNOWN_WEAPON", part, e.weapon.id()));
            return Spaces::ZERO;
        };
        let n = i64::from(e.count);
        if n == 0 {
            self.problems.push(Problem::warning(
                "COUNT_ZERO",
                part.path(),
                format!("{} has a count of 0, so it adds nothing", w.name),
            ));
        }
        let ammo = match &e.ammo {
            None => w.standard_ammo(),
            Some(id) => match w.ammo(id) {
                Some(a) => Some(a),
                None => {
                    let kinds = w.ammo_kinds();
                    let msg = if kinds.is_empty() {
                        format!("{} takes no ammunition; remove \"{id}\"", w.name)
                    } else {
                        let ids: Vec<&str> = kinds.iter().map(|a| a.id).collect();
                        format!("{} has no ammunition \"{id}\"; choose one of {}", w.name, ids.join(", "))
                    };
                    self.problems.push(Problem::error("UNKNOWN_AMMO", part.path(), msg));
                    w.standard_ammo()
                }
            },
        };
        let (each_cost, each_weight) = match (w.load, ammo) {
            (Load::Magazine { shots, .. }, Some(a)) => (w.cost + a.cost * shots, w.weight + a.weight * shots),
            (Load::Single { .. }, Some(a)) => (a.cost, a.weight),
            _ => (w.cost, w.weight),
        };
        let body = if in_turret { Spaces::ZERO } else { w.spaces * n };
        let mut room = w.spaces * n;
        self.line(
            Line::new(
                part,
                LineKind::Weapon { weapon: w, ammo, in_turret },
                n,
                each_cost * n,
                each_weight * n,
                body,
            )
            .placed(section, false),
        );

        if ammo.is_some_and(|a| a.inert_on_water) {
            self.problems.push(Problem::warning(
                "NO_EFFECT_ON_WATER",
                part.path(),
                format!("{} does nothing against boats with this load. {}", w.name, w.note),
            ));
        }
        // A weapon in a link group is linked with its group (see `link_groups`).
        if e.linked && e.link_group.is_none() {
            if n < 2 {
                self.problems.push(Problem::warning(
                    "LINK_NOTHING",
                    part.path(),
                    format!("Only one {}: there is nothing to link it to, so no link is bought", w.name),
                ));
            } else {
                self.line(Line::new(
                    part,
                    LineKind::Links { links: n - 1 },
                    n - 1,
                    tables::LINK * (n - 1),
                    Weight::ZERO,
                    Spaces::ZERO,
                ));
            }
        }
        if e.extra_magazines > 0 {
            match (w.load, ammo) {
                (Load::Magazine { shots, .. }, Some(a)) => {
                    let m = i64::from(e.extra_magazines) * n;
                    let sp = Spaces::whole(tables::EXTRA_MAGAZINE_SPACES * m);
                    room += sp;
                    let body = if in_turret { Spaces::ZERO } else { sp };
                    self.line(
                        Line::new(
                            part,
                            LineKind::Magazines { weapon: w, ammo: a, shots },
                            m,
                            (tables::EXTRA_MAGAZINE_COST + a.cost * shots) * m,
                            (tables::EXTRA_MAGAZINE_WEIGHT + a.weight * shots) * m,
                            body,
                        )
                        .placed(section, false),
                    );
                }
                _ => self.problems.push(Problem::error(
                    "NO_MAGAZINE",
                    part.path(),
                    format!("{} has no magazine, so it cannot take extra magazines", w.name),
                )),
            }
        }
        if e.magazine_switch {
            if matches!(w.load, Load::Magazine { .. }) {
                self.line(Line::new(
                    part,
                    LineKind::MagazineSwitch,
                    n,
                    tables::MAGAZINE_SWITCH * n,
                    Weight::ZERO,
                    Spaces::ZERO,
                ));
                if e.extra_magazines == 0 {
                    self.problems.push(Problem::warning(
                        "SWITCH_WITHOUT_MAGAZINE",
                        part.path(),
                        format!("The {}'s magazine switch has no second magazine to switch to", w.name),
                    ));
                }
            } else {
                self.problems.push(Problem::error(
                    "NO_MAGAZINE",
                    part.path(),
                    format!("{} has no magazine, so it cannot take a magazine switch", w.name),
                ));
            }
        }
        if e.rocket_magazine > 0 {
            match (w.load, w.family, ammo) {
                (Load::Single { .. }, Family::Rocket, Some(a)) => {
                    let rockets = i64::from(e.rocket_magazine);
                    let capacity = (w.spaces * rockets).ceil_whole();
                    let sp = Spaces::whole(capacity * n);
                    room += sp;
                    let body = if in_turret { Spaces::ZERO } else { sp };
                    self.line(
                        Line::new(
                            part,
                            LineKind::RocketMagazine { weapon: w, ammo: a, rockets, capacity },
                            n,
                            (tables::ROCKET_MAGAZINE_COST_PER_SPACE * capacity + a.cost * rockets) * n,
                            (tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE * capacity + a.weight * rockets) * n,
                            body,
                        )
                        .placed(section, false),
                    );
                }
                _ => self.problems.push(Problem::error(
                    "NO_ROCKET_MAGAZINE",
                    part.path(),
                    format!("A rocket magazine only holds single-shot rockets, not a {}", w.name),
                )),
            }
        }

        let most = self.hull.max_weapon_spaces();
        if w.spaces > Spaces::whole(most) && self.hull.spaces > 0 {
            self.problems.push(Problem::error(
                "WEAPON_TOO_BIG",
                part.path(),
                format!("{} needs {} spaces; a {}'s single weapon may use at most {most} (a third of its {} spaces)", w.name, w.spaces, self.hull.name, self.hull.spaces),
            ));
        }
        if let Some(gun) = w.restricted {
            match self.hull.gun_rule(gun) {
                GunRule::Forbidden => {
                    // The smallest hull that takes the gun, from the table rather than a name.
                    let smallest = tables::HULLS.iter().find(|h| h.gun_rule(gun) != GunRule::Forbidden);
                    let need = smallest.map_or(String::new(), |h| {
                        format!("; {}s need a {} or larger", w.name.to_lowercase(), h.name)
                    });
                    self.problems.push(Problem::error(
                        "GUN_NOT_ON_HULL",
                        part.path(),
                        format!("{} cannot be mounted on a {}{need}", w.name, self.hull.name),
                    ));
                }
                GunRule::FrontOrBackOnly => {
                    let facing = if in_turret {
                        Some("so it cannot go in a turret".to_owned())
                    } else {
                        e.mount
                            .filter(|m| !matches!(m, Mount::F | Mount::B))
                            .map(|m| format!("not {}", m.word()))
                    };
                    if let Some(facing) = facing {
                        self.problems.push(Problem::error(
                            "GUN_FRONT_OR_BACK",
                            part.path(),
                            format!("{} on a {} must face front or back, {facing}", w.name, self.hull.name),
                        ));
                    }
                }
                GunRule::Anywhere => {}
            }
        }
        if in_turret && w.family == Family::Dropped {
            self.problems.push(Problem::error(
                "NOT_IN_TURRET",
                part.path(),
                format!("{} drops its load over the side, so it cannot go in a turret", w.name),
            ));
        }
        if !in_turret {
            let m = e.mount.unwrap_or_default();
            if let Err(msg) = mount_ok(self.hull, w, m) {
                self.problems.push(Problem::error("MOUNT_NOT_ALLOWED", part.path(), msg));
            }
            if w.family == Family::Boat
                && w.is_single_shot()
                && m == Mount::F
                && self.forward_torpedo.is_none()
            {
                self.forward_torpedo = Some(part);
            }
        }
        room
    }

    fn weapons(&mut self) {
        for (i, e) in self.d.weapons.iter().enumerate() {
            let sec = self.section(e.deck, Section::Above);
            self.weapon(Part::Weapon(i), e, sec, false);
        }
    }

    /// Weapons naming the same link group fire together, wherever they are: a group of n
    /// weapons buys n - 1 links, priced on its first weapon's line.
    fn link_groups(&mut self) {
        let d = self.d;
        let body = d.weapons.iter().enumerate().map(|(i, e)| (Part::Weapon(i), e));
        let turrets =
            d.turrets.iter().enumerate().flat_map(|(i, t)| {
                t.weapons.iter().enumerate().map(move |(j, e)| (Part::TurretWeapon(i, j), e))
            });
        // Which way a member points: its facing, or its turret (each turns on its own).
        let facing = |part: Part, e: &WeaponEntry| match part {
            Part::TurretWeapon(i, _) if d.turrets.len() > 1 => format!("in turret {}", i + 1),
            Part::TurretWeapon(..) => "in the turret".to_owned(),
            _ => e.mount.unwrap_or_default().word().to_owned(),
        };
        /// A link group as gathered: its number, its first member (where the links are priced and
        /// problems shown), how many weapons it joins and the ways they point.
        struct Group {
            group: u8,
            part: Part,
            weapons: i64,
            facings: Vec<String>,
        }
        let mut groups: Vec<Group> = Vec::new();
        for (part, e) in body.chain(turrets) {
            let Some(g) = e.link_group else { continue };
            let n = i64::from(e.count);
            let way = facing(part, e);
            match groups.iter_mut().find(|x| x.group == g) {
                Some(x) => {
                    x.weapons += n;
                    if !x.facings.contains(&way) {
                        x.facings.push(way);
                    }
                }
                None => groups.push(Group { group: g, part, weapons: n, facings: vec![way] }),
            }
        }
        for Group { group, part, weapons, facings } in groups {
            if weapons < 2 {
                self.problems.push(Problem::warning(
                    "LINK_GROUP_ALONE",
                    part.path(),
                    format!(
                        "Link group {group} has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    ),
                ));
                continue;
            }
            if facings.len() > 1 {
                self.problems.push(Problem::warning(
                    "LINK_FACINGS",
                    part.path(),
                    format!(
                        "Link group {group} joins weapons facing {}: linked weapons fire together at one target, and these cannot all bear on the same one",
                        facings.join(" and ")
                    ),
                ));
            }
            self.line(Line::new(
                part,
                LineKind::LinkGroup { group, weapons },
                weapons - 1,
                tables::LINK * (weapons - 1),
                Weight::ZERO,
                Spaces::ZERO,
            ));
        }
    }

    fn turrets(&mut self) {
        let d = self.d;
        let h = self.hull;
        let allowed = turret_locations(h, d.top);
        // Top locations already taken, by `Loc` index.
        let mut used = [false; Loc::ALL.len()];
        for (i, t) in d.turrets.iter().enumerate() {
            let part = Part::Turret(i);
            if d.top == Top::None {
                self.problems.push(Problem::error(
                    "TURRET_NEEDS_TOP",
                    part.path(),
                    "A turret sits in the roof: add a Boat Top or Half Top".into(),
                ));
            }
            let location = match t.location {
                Some(l) => l,
                None => allowed.iter().copied().find(|&l| !used[l as usize]).unwrap_or(Loc::T),
            };
            if d.top != Top::None {
                if i >= allowed.len() {
                    let why = if allowed.len() > 1 {
                        "one in each top location"
                    } else if h.split_top {
                        "a second turret needs a full Boat Top"
                    } else {
                        "only a Yacht with a full Boat Top carries two"
                    };
                    self.problems.push(Problem::error(
                        "TOO_MANY_TURRETS",
                        part.path(),
                        format!(
                            "This {} has room for {}: {why}",
                            h.name,
                            plural(allowed.len() as i64, "turret", "turrets")
                        ),
                    ));
                } else if !allowed.contains(&location) {
                    let codes: Vec<&str> = allowed.iter().map(|l| l.code()).collect();
                    self.problems.push(Problem::error(
                        "TURRET_LOCATION",
                        part.path(),
                        format!(
                            "A turret on this {} goes in {}, not {}",
                            h.name,
                            codes.join(" or "),
                            location.code()
                        ),
                    ));
                } else if used[location as usize] {
                    self.problems.push(Problem::error(
                        "TURRET_LOCATION",
                        part.path(),
                        format!("Two turrets in {}: each top location holds one", location.code()),
                    ));
                }
            }
            used[location as usize] = true;
            let Some(spec) = tables::turret_spec(t.size, t.popup) else {
                self.problems.push(Problem::error(
                    "UNKNOWN_TURRET",
                    part.path(),
                    format!("There is no {}-space turret; turrets hold 0 to 4 spaces", t.size),
                ));
                continue;
            };
            if t.size > h.max_turret {
                self.problems.push(Problem::error(
                    "TURRET_TOO_BIG",
                    part.path(),
                    format!(
                        "A {}-space turret is too big for a {}: its top takes at most a {}-space turret",
                        t.size, h.name, h.max_turret
                    ),
                ));
            }
            let cost = spec.cost + if t.universal { tables::UNIVERSAL_TURRET } else { Money::ZERO };
            let sec = self.decked.then_some(Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Turret { turret: spec, universal: t.universal, location },
                    1,
                    cost,
                    spec.weight,
                    Spaces::whole(spec.spaces),
                )
                .placed(sec, false),
            );
            let mut room = Spaces::ZERO;
            for (j, e) in t.weapons.iter().enumerate() {
                room += self.weapon(Part::TurretWeapon(i, j), e, sec, true);
            }
            if room > Spaces::whole(i64::from(t.size)) {
                self.problems.push(Problem::error(
                    "TURRET_OVERFULL",
                    part.path(),
                    format!(
                        "The {}-space turret holds {} of weapons; its contents need {room}",
                        t.size,
                        plural(i64::from(t.size), "space", "spaces")
                    ),
                ));
            }
        }
    }

    fn accessories(&mut self) {
        for (i, a) in self.d.accessories.iter().enumerate() {
            let part = Part::Accessory(i);
            let Some(item) = a.item.known() else {
                self.problems.push(unknown::<Item>("UNKNOWN_ACCESSORY", part, a.item.id()));
                continue;
            };
            let n = i64::from(a.count);
            if n == 0 {
                self.problems.push(Problem::warning(
                    "COUNT_ZERO",
                    part.path(),
                    format!("{} has a count of 0, so it adds nothing", item.name),
                ));
            }
            if a.cargo && !item.cargo_ok {
                self.cargo_misuse(part, item.name);
            }
            let sec = self.section(a.deck, Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Accessory(item),
                    n,
                    item.cost * n,
                    item.weight * n,
                    Spaces::whole(item.spaces * n),
                )
                .placed(sec, a.cargo),
            );
        }
        for (i, c) in self.d.cargo.iter().enumerate() {
            let sec = self.section(c.deck, Section::Above);
            self.line(
                Line::new(
                    Part::Cargo(i),
                    LineKind::Cargo,
                    1,
                    Money::ZERO,
                    Weight::whole(i64::from(c.weight)),
                    Spaces::whole(i64::from(c.spaces)),
                )
                .placed(sec, c.cargo),
            );
        }
    }

    fn placement_without_deck(&mut self) {
        let d = self.d;
        let placed = d.crew.iter().any(|c| c.deck.is_some())
            || d.weapons.iter().any(|w| w.deck.is_some())
            || d.accessories.iter().any(|a| a.deck.is_some())
            || d.cargo.iter().any(|c| c.deck.is_some());
        if placed && !self.decked {
            self.problems.push(Problem::warning("NO_DECK_TO_PLACE_ON", Part::Deck.path(), "Some parts are placed below or above deck, but the boat has no Deck: the placement is ignored".into()));
        }
    }
}

/// The armor locations a design has: its hull's, plus the top's and the deck's.
pub fn armor_locations(h: &Hull, d: &Design) -> Vec<Loc> {
    let mut v = h.locations.to_vec();
    // A top is armored where its turrets sit.
    v.extend_from_slice(turret_locations(h, d.top));
    if decked(h, d) {
        if h.split_top { v.extend([Loc::FD, Loc::BD]) } else { v.push(Loc::D) }
    }
    v
}

/// The performance band for `pf` power factors moving `weight`.
pub fn band(pf: i64, weight: Weight) -> &'static tables::Band {
    // pf / lb >= milli / 1000  <=>  pf * 1000 * 100 >= milli * centi-lb
    let lhs = pf.saturating_mul(100_000);
    PERFORMANCE
        .iter()
        .find(|b| weight.0 <= 0 || lhs >= b.ratio_milli.saturating_mul(weight.0))
        .unwrap_or(&PERFORMANCE[PERFORMANCE.len() - 1])
}

/// Miles on a charge at a steady speed.
pub fn range_miles(speed: Speed) -> f64 {
    let over = (speed.0 - tables::RANGE_BASE_SPEED.0).max(0);
    // each 10 mph (20 half-mph) or part over 20 mph adds 2 units per 10 miles
    let steps = (over + 19) / 20;
    let units_per_10_miles = 10 + 2 * steps;
    let miles = (tables::RANGE_UNITS * 10) as f64 / units_per_10_miles as f64;
    (miles * 10.0).round() / 10.0
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

/// Judges a design.
pub fn evaluate(d: &Design) -> Evaluation {
    let mut problems = Vec::new();
    let hull = match &d.hull {
        Ref::Known(h) => *h,
        Ref::Unknown(id) => {
            problems.push(unknown::<Hull>("UNKNOWN_HULL", Part::Hull, id));
            &tables::NO_HULL
        }
    };
    if d.version > super::design::DESIGN_VERSION {
        problems.push(Problem::warning("NEWER_VERSION", None, format!("This design was written by a newer Drydock (version {}); parts this version does not know may be missing", d.version)));
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
            "OVER_SPACES",
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
            "OVER_CARGO_SPACES",
            None,
            format!("Cargo space holds {} of goods and passengers; {has}", spaces_text(cargo)),
        ));
    }
    if weight > hull.max_load {
        problems.push(Problem::error(
            "OVER_MAX_LOAD",
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
                        "DECK_SECTION_FULL",
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
            "JET_DRIVE_WONT_RUN",
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
                "PLANT_IDLE",
                Part::Plant.path(),
                "The power plant has no propeller or jet drive to turn; only the oars move the boat".into(),
            ));
        } else {
            problems.push(Problem::error(
                "NO_WAY_TO_MOVE",
                Part::Plant.path(),
                "The power plant has nothing to drive: add a propeller or a jet drive".into(),
            ));
        }
    } else if plant.is_none() && d.oars == 0 && !d.jet_drive && d.propellers.is_empty() {
        problems.push(Problem::error(
            "NO_WAY_TO_MOVE",
            Part::Plant.path(),
            "The boat has no way to move: add a power plant with a propeller or jet drive, or oars".into(),
        ));
    }
    let top_on_foils = (d.hydrofoils && top_speed >= tables::HYDROFOIL_LIFT_SPEED)
        .then(|| top_speed + tables::HYDROFOIL_TOP_SPEED_BONUS);
    if d.hydrofoils && top_on_foils.is_none() {
        problems.push(Problem::warning(
            "HYDROFOILS_NEVER_LIFT",
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
            "TORPEDO_OVERRUN",
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
