//! The record sheet as a play aid: armor and damage-point tick boxes in fives, shots boxes, the
//! handling track, and weapons by where they fire from. What takes damage and what runs out is
//! the engine's ([`sheet`]); this only lays it out in boxes.

use crate::games::boats::design::WeaponEntry;
use crate::games::boats::evaluate::{LineKind, Part, armor_locations};
use crate::games::boats::sheet;
use crate::games::boats::tables::{self, Decision};

use super::{BoatView, upper};

/// The most tick boxes one row draws; past this the row says how many it leaves to the margin.
pub const MAX_BOXES: i64 = 300;
/// The most tick boxes the whole sheet draws, in its order (damage points, armor, weapons); past
/// them a row gives its number and room to keep count. The fullest real boat (a Yacht's 1,630
/// armor points) draws about 2,000; 200 entries of 999 would draw 60,000, megabytes of page.
pub const MAX_SHEET_BOXES: i64 = 5_000;

/// Tick boxes in groups of five (the last group may be short).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticks {
    pub groups: Vec<u8>,
    /// Boxes not drawn (over [`MAX_BOXES`]).
    pub left_out: i64,
}

impl Ticks {
    pub fn new(n: i64) -> Self {
        Self::within(n, MAX_BOXES)
    }

    /// `n` boxes, drawing at most `most` of them (and never more than [`MAX_BOXES`]).
    fn within(n: i64, most: i64) -> Self {
        let drawn = n.clamp(0, MAX_BOXES.min(most.max(0)));
        let mut groups = vec![5u8; (drawn / 5) as usize];
        if drawn % 5 > 0 {
            groups.push((drawn % 5) as u8);
        }
        Ticks { groups, left_out: n.max(0) - drawn }
    }

    fn drawn(&self) -> i64 {
        self.groups.iter().map(|g| i64::from(*g)).sum()
    }
}

/// What is left of the sheet's [`MAX_SHEET_BOXES`].
struct Boxes(i64);

impl Boxes {
    fn all() -> Self {
        Boxes(MAX_SHEET_BOXES)
    }

    fn ticks(&mut self, n: i64) -> Ticks {
        let t = Ticks::within(n, self.0);
        self.0 -= t.drawn();
        t
    }
}

/// A row of tick boxes: what it is, its number in words, and its boxes: one set, or for a crew
/// line a set per person, each labelled with the person's number.
#[derive(Debug, Clone)]
pub struct TickRow {
    pub name: String,
    /// Its number, short: "40", "3 DP".
    pub note: String,
    /// A word under the name, where a set stands for many ("one set for 13-40: tick it per loss").
    pub hint: String,
    pub sets: Vec<(String, Ticks)>,
}

impl TickRow {
    fn one(name: String, note: String, n: i64, boxes: &mut Boxes) -> Self {
        TickRow { name, note, hint: String::new(), sets: vec![(String::new(), boxes.ticks(n))] }
    }
}

/// One weapon on the sheet: what it is, its to-hit and damage, its damage points (with its
/// links) and their boxes, and a row of shots boxes per load (none for a laser).
#[derive(Debug, Clone)]
pub struct WeaponLine {
    pub name: String,
    pub to_hit: String,
    pub damage: String,
    pub dp: String,
    pub dp_ticks: Ticks,
    pub loads: Vec<TickRow>,
}

/// A block of the sheet's top, beside the drawing: the two columns are filled so they come out
/// about even in height ([`BoatView::sheet_columns`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetBlock {
    Drawing,
    Handling,
    Damage,
    Fittings,
    StatLine,
}

/// Roughly how many printed lines (of about 4.5 mm) a text of `chars` takes when a line holds
/// `per_line` of them.
fn lines(chars: usize, per_line: usize) -> usize {
    chars.div_ceil(per_line).max(1)
}

/// "3 DP", "1 shot", or "3 DP each, 28 of them: ..." for a row standing for many.
fn each_note(n: i64, unit: &str, of: u16) -> String {
    let unit = if n == 1 { unit.trim_end_matches('s') } else { unit };
    if of > 1 {
        format!("{n} {unit} each, {of} of them: tick one set per loss")
    } else {
        format!("{n} {unit}")
    }
}

impl BoatView {
    // ----- record sheet -----

    /// Armor tick boxes per location, in the sheet's order, then each propeller guard.
    pub fn sheet_armor(&self) -> Vec<TickRow> {
        let mut boxes = Boxes::all();
        self.damage_rows(&mut boxes);
        self.armor_rows(&mut boxes)
    }

    fn armor_rows(&self, boxes: &mut Boxes) -> Vec<TickRow> {
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
        let mut rows: Vec<TickRow> = armor_locations(hull, &self.design)
            .into_iter()
            .map(|l| {
                let p = i64::from(self.design.armor.points.get(l));
                TickRow::one(format!("{} ({})", l.name(), l.code()), format!("{p}"), p, boxes)
            })
            .collect();
        for (i, prop) in self.design.propellers.iter().enumerate() {
            if prop.guard > 0 {
                let g = i64::from(prop.guard);
                rows.push(TickRow::one(format!("Propeller {} guard", i + 1), format!("{g}"), g, boxes));
            }
        }
        rows
    }

    /// The sheet's top in two columns: the drawing starts the left, the damage points the right,
    /// and the handling track, the fittings and the stat line each go where they leave the taller column
    /// shortest, by the printed height each block is reckoned to take (in millimetres, from the
    /// print styles: a line of text 4.3, of small print 3, of tick boxes 4.6). A page can then take
    /// a boat full of people (a long damage table) as well as one with only a pilot.
    pub fn sheet_columns(&self) -> [Vec<SheetBlock>; 2] {
        const HEADING: f64 = 12.0;
        const LINE: f64 = 4.3;
        const SMALL: f64 = 3.0;
        const TICKS: f64 = 4.6;
        // A row's name wraps at about 14 characters in its column.
        let name = |n: &str| lines(n.len(), 14) as f64 * SMALL;
        let damage = HEADING
            + self
                .sheet_damage()
                .iter()
                .map(|r| {
                    // Two fives of a part's boxes to a line; three people's sets.
                    let boxes = if r.sets.len() > 1 {
                        r.sets.len().div_ceil(3)
                    } else {
                        r.sets.iter().map(|(_, t)| t.groups.len().div_ceil(2)).max().unwrap_or(1)
                    };
                    (boxes.max(1) as f64 * TICKS).max(name(&r.name)) + 0.6
                })
                .sum::<f64>()
            + self
                .damage_decisions()
                .iter()
                .map(|d| lines(d.text.len(), 95) as f64 * SMALL + 1.0)
                .sum::<f64>();
        let fittings = HEADING
            + self
                .sheet_fittings()
                .iter()
                .map(|f| (lines(f.effect.len(), 45) as f64 * SMALL).max(name(&f.name)) + 1.0)
                .sum::<f64>();
        let handling = 2.0 * HEADING
            + 2.0 * LINE
            + self.handling_decisions().iter().map(|d| lines(d.text.len(), 95) as f64 * SMALL).sum::<f64>();
        // The drawing and its caption: a Yacht's (split sides, two turrets) is the tallest.
        let drawing = if self.hull_name() == "Yacht" { 70.0 } else { 58.0 };
        let mut columns = [(vec![SheetBlock::Drawing], drawing), (vec![SheetBlock::Damage], damage)];
        // The stat line in small print, about 95 characters to a line in a column.
        let stat_line = HEADING + lines(self.stat_line.len(), 95) as f64 * SMALL + 2.0;
        for (block, height) in [
            (SheetBlock::Handling, handling),
            (SheetBlock::Fittings, fittings),
            (SheetBlock::StatLine, stat_line),
        ] {
            let taller = |k: usize| (columns[k].1 + height).max(columns[1 - k].1);
            let at = if taller(1) < taller(0) { 1 } else { 0 };
            columns[at].0.push(block);
            columns[at].1 += height;
        }
        let [(left, _), (right, _)] = columns;
        [left, right]
    }

    /// The armor's type, and what it does at the table.
    pub fn sheet_armor_type(&self) -> Option<(&'static str, &'static str)> {
        self.design.armor.kind.known().map(|t| (t.name, t.at_table))
    }

    /// The hull's fittings and the accessories aboard, each with what it does at the table.
    pub fn sheet_fittings(&self) -> Vec<sheet::Fitting> {
        sheet::fittings(&self.design)
    }

    /// Damage-point boxes for the plant, propellers or jet, accessories and everyone aboard (a
    /// crew line's row has a set of boxes per person).
    pub fn sheet_damage(&self) -> Vec<TickRow> {
        self.damage_rows(&mut Boxes::all())
    }

    fn damage_rows(&self, boxes: &mut Boxes) -> Vec<TickRow> {
        sheet::damageable(&self.design)
            .into_iter()
            .map(|d| {
                let hint = match d.sets.iter().find(|s| s.of > 1) {
                    Some(s) if s.label.is_empty() => format!("{} alike, one set: tick it per loss", s.of),
                    Some(s) => format!("one set for {}: tick it per loss", s.label),
                    None => String::new(),
                };
                let note =
                    if d.sets.len() > 1 { format!("{} DP each", d.dp) } else { each_note(d.dp, "DP", 1) };
                let sets = d.sets.into_iter().map(|s| (s.label, boxes.ticks(d.dp))).collect();
                TickRow { name: d.name, note, hint, sets }
            })
            .collect()
    }

    /// The handling track, with the value each turn starts at marked.
    pub fn handling_track(&self) -> Vec<(i64, bool)> {
        let hc = self.eval.figures.handling_class;
        sheet::handling_track(hc).into_iter().map(|v| (v, v == hc)).collect()
    }

    /// How the sheet settles what the boat rules leave to the standard rules, where it matters
    /// to this boat (the jet drive's only with one).
    pub fn sheet_decisions(&self) -> Vec<&'static Decision> {
        sheet::decisions_for(&self.design)
    }

    /// How the sheet reads the handling rules, printed under the handling track.
    pub fn handling_decisions(&self) -> Vec<&'static Decision> {
        self.sheet_decisions().into_iter().filter(|d| d.id == sheet::HANDLING_TRACK).collect()
    }

    /// How the sheet settles damage points the boat rules do not give, printed under them.
    pub fn damage_decisions(&self) -> Vec<&'static Decision> {
        self.sheet_decisions().into_iter().filter(|d| d.id != sheet::HANDLING_TRACK).collect()
    }

    /// Weapons grouped by where they fire from, one line each (a dozen of one entry, then one
    /// line for the rest), with their damage-point and shots boxes.
    pub fn sheet_weapons(&self) -> Vec<(String, Vec<WeaponLine>)> {
        let mut boxes = Boxes::all();
        self.damage_rows(&mut boxes);
        self.armor_rows(&mut boxes);
        let mut rows = sheet::Rows::default();
        let mut groups: Vec<(String, Vec<WeaponLine>)> = Vec::new();
        let mut push = |loc: String, lines: Vec<WeaponLine>| match groups.iter_mut().find(|(l, _)| *l == loc)
        {
            Some((_, rows)) => rows.extend(lines),
            None => groups.push((loc, lines)),
        };
        let mut describe = |e: &WeaponEntry| -> Vec<WeaponLine> {
            let Some(w) = e.weapon.known() else {
                let unknown = e.weapon.id().to_owned();
                let q = || "?".to_owned();
                return vec![WeaponLine {
                    name: unknown,
                    to_hit: q(),
                    damage: q(),
                    dp: q(),
                    dp_ticks: Ticks::new(0),
                    loads: Vec::new(),
                }];
            };
            let ammo = e.ammo.as_deref().and_then(|a| w.ammo(a)).or(w.standard_ammo());
            let ammo_name =
                ammo.filter(|a| a.id != "standard").map_or(String::new(), |a| format!(" ({})", a.name));
            let links = format!(
                "{}{}",
                if e.linked && e.count > 1 && e.link_group.is_none() { ", linked" } else { "" },
                e.link_group.map_or(String::new(), |g| format!(", link group {g}"))
            );
            sheet::armed(e, &mut rows)
                .into_iter()
                .map(|a| WeaponLine {
                    name: format!("{}{ammo_name}", a.name),
                    to_hit: w.to_hit.map_or("special".into(), |h| h.to_string()),
                    damage: ammo.map_or(w.damage, |x| x.damage).to_owned(),
                    dp: if a.of > 1 {
                        format!("{}{links}, each of {}", a.dp, a.of)
                    } else {
                        format!("{}{links}", a.dp)
                    },
                    dp_ticks: boxes.ticks(a.dp),
                    loads: a
                        .loads
                        .into_iter()
                        .map(|l| {
                            // A load of one weapon needs no words: its boxes are its shots.
                            let note =
                                if l.of > 1 { each_note(l.shots, "shots", l.of) } else { String::new() };
                            TickRow::one(l.name, note, l.shots, &mut boxes)
                        })
                        .collect(),
                })
                .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_boxes_come_in_fives_and_stop_at_the_most_a_row_draws() {
        assert_eq!(Ticks::new(12), Ticks { groups: vec![5, 5, 2], left_out: 0 });
        assert_eq!(Ticks::new(0), Ticks { groups: vec![], left_out: 0 });
        let big = Ticks::new(1000);
        assert_eq!((big.groups.len(), big.left_out), (60, 700));
    }

    #[test]
    fn a_boat_at_every_limit_draws_at_most_the_sheets_boxes_and_counts_the_rest() {
        use crate::games::boats::examples;
        let mut d = examples::minnow();
        let mg = d.weapons[1].clone();
        d.weapons = vec![WeaponEntry { count: 999, extra_magazines: 999, ..mg }; 150];
        d.propellers.iter_mut().for_each(|p| p.guard = 999);
        d.crew.iter_mut().for_each(|c| c.count = 999);
        let v = BoatView::new(d, Vec::new());
        let ticks = |rows: &[TickRow]| {
            rows.iter().flat_map(|r| r.sets.iter().map(|(_, t)| t.clone())).collect::<Vec<_>>()
        };
        let mut all = ticks(&v.sheet_damage());
        all.extend(ticks(&v.sheet_armor()));
        for (_, lines) in v.sheet_weapons() {
            for l in lines {
                all.push(l.dp_ticks.clone());
                all.extend(ticks(&l.loads));
            }
        }
        let drawn: i64 = all.iter().map(Ticks::drawn).sum();
        assert_eq!(drawn, MAX_SHEET_BOXES);
        let last = all.last().expect("a row");
        assert!(
            last.groups.is_empty() && last.left_out > 0,
            "past the sheet's boxes a row is counted: {last:?}"
        );
    }
}
