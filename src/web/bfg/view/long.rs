//! A long fleet in the builder: past [`FULL_ROWS_UP_TO`] ships and squadrons, each row is drawn
//! leaner so the page stays within an answer's bound (issue 24: 200 Despoilers of 100-character
//! names took 2 MB). The class and leader choices are text fields offering shared lists, the
//! weapons are one table for each fitting of a class (each row links to its own), and the
//! headings and the ordnance table name the class, not the player's name again (it is in the
//! row's name field).

use super::FleetView;
use super::rows::{WeaponRow, craft_line, profile_line};
use crate::games::bfg::{self, EntryFigures};

/// Up to this many ships and squadrons, each row has its own selects and weapons table: a
/// 3,000-point game fields a few dozen at most.
pub const FULL_ROWS_UP_TO: usize = crate::web::flows::view::ROWS_DRAWN_WHOLE;

/// The ids of the shared `<datalist>`s of a long fleet.
pub const SHIP_CLASSES: &str = "ship-classes";
pub const ESCORT_CLASSES: &str = "escort-classes";
pub const LEADERS: &str = "leader-list";

/// The profile and weapons of one fitting of a class, drawn once for every row that has them.
pub struct WeaponTable {
    /// Its element id, which the rows link to.
    pub id: String,
    /// "Despoiler battleship: ships 1–3, 7".
    pub title: String,
    /// Its profile in a line.
    pub profile: String,
    pub weapons: Vec<WeaponRow>,
    pub bays: u32,
    /// What its bays launch, in words.
    pub craft: String,
}

/// Whether two entries have the same profile and weapons table.
fn same_arms(a: &EntryFigures, b: &EntryFigures) -> bool {
    a.class == b.class
        && profile_line(a) == profile_line(b)
        && a.bays == b.bays
        && a.craft.len() == b.craft.len()
        && a.craft.iter().zip(&b.craft).all(|(x, y)| std::ptr::eq(*x, *y))
        && a.weapons.len() == b.weapons.len()
        && a.weapons.iter().zip(&b.weapons).all(|(x, y)| std::ptr::eq(*x, *y))
}

/// Row numbers in ranges: "1–3, 7".
fn ranges(numbers: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let start = numbers[k];
        let mut end = start;
        while k + 1 < numbers.len() && numbers[k + 1] == end + 1 {
            k += 1;
            end = numbers[k];
        }
        out.push(if end == start { start.to_string() } else { format!("{start}–{end}") });
        k += 1;
    }
    out.join(", ")
}

impl FleetView {
    /// Whether the fleet has more rows than [`FULL_ROWS_UP_TO`], and is drawn lean.
    pub fn long(&self) -> bool {
        self.fleet.ships.len() + self.fleet.squadrons.len() > FULL_ROWS_UP_TO
    }

    /// The entries' weapons tables, one for each fitting of a class, in the order rows first
    /// have them: each with the figures of the first row that has it.
    fn fittings(&self) -> Vec<&EntryFigures> {
        let mut out: Vec<&EntryFigures> = Vec::new();
        for f in self.check.ships.iter().chain(&self.check.squadrons) {
            if f.known && !f.weapons.is_empty() && !out.iter().any(|o| same_arms(o, f)) {
                out.push(f);
            }
        }
        out
    }

    /// The id of the weapons table of a long fleet's row, or `None` when it has none.
    pub fn arms_of(&self, fig: &EntryFigures) -> Option<String> {
        self.fittings().iter().position(|o| same_arms(o, fig)).map(|k| format!("arms-{k}"))
    }

    /// A long fleet's weapons tables, each titled with its class and the rows that have it.
    pub fn weapon_tables(&self) -> Vec<WeaponTable> {
        self.fittings()
            .into_iter()
            .enumerate()
            .map(|(k, fit)| {
                let rows = |figures: &[EntryFigures]| -> Vec<usize> {
                    figures
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| same_arms(fit, f))
                        .map(|(i, _)| i + 1)
                        .collect()
                };
                let (ships, squadrons) = (rows(&self.check.ships), rows(&self.check.squadrons));
                let mut whose = Vec::new();
                if !ships.is_empty() {
                    whose.push(format!(
                        "{} {}",
                        if ships.len() == 1 { "ship" } else { "ships" },
                        ranges(&ships)
                    ));
                }
                if !squadrons.is_empty() {
                    let noun = if squadrons.len() == 1 { "squadron" } else { "squadrons" };
                    whose.push(format!("{noun} {}", ranges(&squadrons)));
                }
                WeaponTable {
                    id: format!("arms-{k}"),
                    title: format!("{}: {}", fit.class_name, whose.join("; ")),
                    profile: profile_line(fit),
                    weapons: fit.weapons.iter().map(|w| WeaponRow::of(w)).collect(),
                    bays: fit.bays,
                    craft: craft_line(fit),
                }
            })
            .collect()
    }

    /// A long fleet's shared lists: its id, and its options (value, label).
    pub fn datalists(&self) -> Vec<(&'static str, Vec<(String, String)>)> {
        vec![
            (SHIP_CLASSES, self.class_datalist(false)),
            (ESCORT_CLASSES, self.class_datalist(true)),
            (LEADERS, self.leader_datalist()),
        ]
    }

    /// The classes the rows offer (a long fleet's in their shared list).
    pub fn class_datalist(&self, escorts: bool) -> Vec<(String, String)> {
        self.classes(escorts).into_iter().filter(|(v, _)| !v.starts_with("reserve:")).collect()
    }

    /// The leaders a long fleet's rows offer in their shared list: the list's leaders that go
    /// aboard a ship.
    pub fn leader_datalist(&self) -> Vec<(String, String)> {
        let Some(list) = bfg::list_of(&self.fleet) else { return Vec::new() };
        bfg::leaders()
            .iter()
            .filter(|l| l.offered_in(list.id) && l.placement != bfg::Placement::Fleet)
            .map(|l| (l.id.to_owned(), format!("{} ({} pts)", l.name, l.points)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn row_numbers_read_as_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 7, 9, 10]), "1–3, 7, 9–10");
        assert_eq!(ranges(&[4]), "4");
    }
}
