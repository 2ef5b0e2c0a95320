//! The printed fleet roster as a play sheet: a block for each capital ship (its profile, hit
//! boxes with the crippled mark at half, shield boxes, weapons with what crippling leaves,
//! ordnance boxes) and each escort squadron (the profile once, one box a ship, no crippled mark),
//! every ship named as the tracker names it, and the fleet's attack-craft markers.

use super::FleetView;
use super::rows::{WeaponRow, profile_line};
use crate::games::bfg::{self, EntryFigures};

/// The most ships of one squadron the sheet gives a line each; the rest share a tally line.
pub const SHEET_MEMBERS: u32 = 24;
/// The most attack-craft marker boxes the sheet draws; past it, the number and a tally line.
pub const SHEET_MARKERS: u32 = 60;

/// A capital ship's block.
pub struct SheetShip {
    /// As the tracker names it: "Lunar cruiser 2", "Fortitude (Lunar cruiser)".
    pub name: String,
    pub class: String,
    pub points: u32,
    pub profile: String,
    pub hits: u32,
    /// Crippled once this many hits are taken: the box carrying the mark.
    pub crippled_at: u32,
    /// Shields as a number (0 for holofields, saves, spores...), with what it has as printed.
    pub shields: u32,
    pub shields_text: &'static str,
    pub weapons: Vec<WeaponRow>,
    pub torpedoes: bool,
    pub bays: u32,
    pub craft: String,
    pub options: Vec<String>,
    pub leaders: Vec<String>,
    pub marks: Vec<String>,
}

/// An escort squadron's block.
pub struct SheetSquadron {
    pub name: String,
    pub class: String,
    pub count: u32,
    pub points_each: u32,
    pub points: u32,
    pub profile: String,
    pub weapons: Vec<WeaponRow>,
    pub torpedoes: bool,
    pub bays: u32,
    pub craft: String,
    pub options: Vec<String>,
    pub leaders: Vec<String>,
    /// The ships with a line each (at most [`SHEET_MEMBERS`]).
    pub members: Vec<String>,
    /// Ships past those, counted on a tally line.
    pub more: u32,
    pub marks: Vec<String>,
}

fn options(e: &EntryFigures) -> Vec<String> {
    e.options
        .iter()
        .map(
            |o| {
                if o.picks > 1 {
                    format!("{} ×{}", o.option.name, o.picks)
                } else {
                    o.option.name.to_string()
                }
            },
        )
        .collect()
}

fn leaders(e: &EntryFigures) -> Vec<String> {
    e.leaders
        .iter()
        .map(|l| {
            let ld = if l.leadership.starts_with('-') || l.leadership.is_empty() {
                String::new()
            } else {
                format!(", Ld {}", l.leadership)
            };
            let rr = match (l.rerolls_included, l.rerolls_bought) {
                ("", _) => String::new(),
                (inc, 0) => format!(", re-rolls {inc}"),
                (inc, n) => format!(", re-rolls {inc} + {n}"),
            };
            format!("{}{ld}{rr}", l.name)
        })
        .collect()
}

fn marks(e: &EntryFigures) -> Vec<String> {
    let mut m = Vec::new();
    if e.reserve {
        m.push("reserve".to_owned());
    }
    if e.unverified {
        m.push("UNVERIFIED profile".to_owned());
    }
    if e.known && !e.counted {
        m.push("not counted: not of this fleet".to_owned());
    }
    m
}

fn craft(e: &EntryFigures) -> String {
    let c: Vec<String> = e.craft.iter().map(|c| format!("{} {} cm", c.name, c.speed_cm)).collect();
    c.join(", ")
}

impl FleetView {
    /// The capital ships' blocks, in the fleet's order (unknown classes left out).
    pub fn sheet_ships(&self) -> Vec<SheetShip> {
        let mut names = bfg::labels(&self.fleet).into_iter();
        self.check
            .ships
            .iter()
            .filter(|e| e.known)
            .map(|e| SheetShip {
                name: names.next().unwrap_or_else(|| e.title()),
                class: e.class_name.to_string(),
                points: e.points,
                profile: profile_line(e),
                hits: e.hits,
                crippled_at: bfg::crippled_at(e.hits),
                shields: e.shields.trim().parse().unwrap_or(0),
                shields_text: e.shields,
                weapons: e.weapons.iter().map(|w| WeaponRow::of(w)).collect(),
                torpedoes: !e.salvoes.is_empty(),
                bays: e.bays,
                craft: craft(e),
                options: options(e),
                leaders: leaders(e),
                marks: {
                    let mut m = marks(e);
                    if !e.group.trim().is_empty() {
                        m.insert(0, format!("squadron \"{}\"", e.group.trim()));
                    }
                    m
                },
            })
            .collect()
    }

    /// The escort squadrons' blocks.
    pub fn sheet_squadrons(&self) -> Vec<SheetSquadron> {
        let capital = self.check.ships.iter().filter(|e| e.known).count();
        let names = bfg::labels(&self.fleet);
        let mut at = capital;
        self.check
            .squadrons
            .iter()
            .enumerate()
            .filter(|(_, e)| e.known)
            .map(|(i, e)| {
                let mine: Vec<String> = names.iter().skip(at).take(e.count as usize).cloned().collect();
                at += e.count as usize;
                let shown = e.count.min(SHEET_MEMBERS);
                let group = e.group.trim();
                let name = if !group.is_empty() {
                    format!("Squadron \"{group}\"")
                } else if !e.name.trim().is_empty() {
                    e.name.trim().to_string()
                } else {
                    format!("Squadron {}", i + 1)
                };
                SheetSquadron {
                    name,
                    class: e.class_name.to_string(),
                    count: e.count,
                    points_each: e.points_each,
                    points: e.points,
                    profile: profile_line(e),
                    weapons: e.weapons.iter().map(|w| WeaponRow::of(w)).collect(),
                    torpedoes: !e.salvoes.is_empty(),
                    bays: e.bays,
                    craft: craft(e),
                    options: options(e),
                    leaders: leaders(e),
                    members: mine.into_iter().take(shown as usize).collect(),
                    more: e.count - shown,
                    marks: marks(e),
                }
            })
            .collect()
    }

    /// The attack-craft marker boxes to draw (the fleet's limit, up to [`SHEET_MARKERS`]) and
    /// how many past those a tally line counts.
    pub fn marker_boxes(&self) -> (u32, u32) {
        let limit = self.check.ordnance.fleet_limit;
        (limit.min(SHEET_MARKERS), limit.saturating_sub(SHEET_MARKERS))
    }

    /// The fleet's own leaders in words.
    pub fn sheet_fleet_leaders(&self) -> Vec<String> {
        self.check
            .leaders
            .iter()
            .map(|l| {
                if l.rerolls_bought > 0 {
                    format!("{} ({} + {} re-rolls)", l.name, l.rerolls_included, l.rerolls_bought)
                } else {
                    format!("{} ({})", l.name, l.rerolls_included)
                }
            })
            .collect()
    }
}
