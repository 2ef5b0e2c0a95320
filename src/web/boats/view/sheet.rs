//! The record sheet's tables: armor by location, weapons by where they fire from.

use crate::games::carwars::design::WeaponEntry;
use crate::games::carwars::evaluate::{LineKind, Part, armor_locations};
use crate::games::carwars::tables::{self, Load};

use super::{BoatView, upper};

impl BoatView {
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
