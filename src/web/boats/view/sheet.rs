//! The record sheet as a play aid: armor and damage-point tick boxes in fives, shots boxes, the
//! handling track, and weapons by where they fire from. What takes damage and what runs out is
//! the engine's ([`sheet`]); this only lays it out in boxes.

use crate::games::carwars::design::WeaponEntry;
use crate::games::carwars::evaluate::{LineKind, Part, armor_locations};
use crate::games::carwars::sheet;
use crate::games::carwars::tables::{self, Decision};

use super::{BoatView, upper};

/// The most tick boxes one row draws; past this the row says how many it leaves to the margin.
pub const MAX_BOXES: i64 = 300;

/// Tick boxes in groups of five (the last group may be short).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticks {
    pub groups: Vec<u8>,
    /// Boxes not drawn (over [`MAX_BOXES`]).
    pub left_out: i64,
}

impl Ticks {
    pub fn new(n: i64) -> Self {
        let drawn = n.clamp(0, MAX_BOXES);
        let mut groups = vec![5u8; (drawn / 5) as usize];
        if drawn % 5 > 0 {
            groups.push((drawn % 5) as u8);
        }
        Ticks { groups, left_out: n.max(0) - drawn }
    }
}

/// A row of tick boxes: what it is, its number in words, its boxes.
#[derive(Debug, Clone)]
pub struct TickRow {
    pub name: String,
    pub note: String,
    pub ticks: Ticks,
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
        let hull = self.design.hull.known().unwrap_or(&tables::NO_HULL);
        let mut rows: Vec<TickRow> = armor_locations(hull, &self.design)
            .into_iter()
            .map(|l| {
                let p = i64::from(self.design.armor.points.get(l));
                TickRow {
                    name: format!("{} ({})", l.name(), l.code()),
                    note: format!("{p}"),
                    ticks: Ticks::new(p),
                }
            })
            .collect();
        for (i, prop) in self.design.propellers.iter().enumerate() {
            if prop.guard > 0 {
                let g = i64::from(prop.guard);
                rows.push(TickRow {
                    name: format!("Propeller {} guard", i + 1),
                    note: format!("{g}"),
                    ticks: Ticks::new(g),
                });
            }
        }
        rows
    }

    /// Damage-point boxes for the plant, propellers or jet, weapons and everyone aboard.
    pub fn sheet_damage(&self) -> Vec<TickRow> {
        sheet::damageable(&self.design)
            .into_iter()
            .map(|d| TickRow { note: each_note(d.dp, "DP", d.of), ticks: Ticks::new(d.dp), name: d.name })
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

    /// Weapons grouped by where they fire from, one line each (a dozen of one entry, then one
    /// line for the rest), with their damage-point and shots boxes.
    pub fn sheet_weapons(&self) -> Vec<(String, Vec<WeaponLine>)> {
        let mut groups: Vec<(String, Vec<WeaponLine>)> = Vec::new();
        let mut push = |loc: String, lines: Vec<WeaponLine>| match groups.iter_mut().find(|(l, _)| *l == loc)
        {
            Some((_, rows)) => rows.extend(lines),
            None => groups.push((loc, lines)),
        };
        let describe = |e: &WeaponEntry| -> Vec<WeaponLine> {
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
            sheet::armed(e)
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
                    dp_ticks: Ticks::new(a.dp),
                    loads: a
                        .loads
                        .into_iter()
                        .map(|l| TickRow {
                            note: each_note(l.shots, "shots", l.of),
                            ticks: Ticks::new(l.shots),
                            name: l.name,
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
}
