//! The record sheet as a play aid: what can be damaged (and how many damage points it has), what
//! can run out of shots, and the handling track. Facts come from the tables; where the boat rules
//! lean on the standard Car Wars rules without printing them, [`SHEET_DECISIONS`] says how we
//! settled it.

use super::design::{Design, WeaponEntry};
use super::tables::{self, Decision, Load};

/// Damage points of a crew member or passenger: the standard Car Wars figure for a person
/// without body armor (the boat rules do not print one).
pub const PERSON_DP: i64 = 3;

/// The lowest handling status the track goes down to, as on the standard Car Wars sheets.
pub const HANDLING_FLOOR: i64 = -6;

/// How the record sheet settles what the boat rules leave to the standard Car Wars rules.
pub static SHEET_DECISIONS: &[Decision] = &[
    Decision {
        topic: "People's damage points",
        text: "Every crew member and passenger gets 3 damage boxes, the standard Car Wars figure for a person without body armor; the boat rules give none of their own.",
    },
    Decision {
        topic: JET_DRIVE_DP,
        text: "The boat rules give the jet drive no damage points. It replaces the propellers, so the sheet gives it the damage points of a propeller sized to the boat's power plant.",
    },
    Decision {
        topic: "Handling track and control rolls",
        text: "The boat rules keep the standard Car Wars handling rules without printing them. The track runs from the boat's handling class down to -6: start each turn at the handling class, move the marker down by each maneuver's difficulty (plus this hull's extra difficulty) and roll on the control table of your Car Wars rules in the column the marker shows. Drydock does not reprint that table.",
    },
];

/// At most this many of one entry (passengers, weapons, magazines) get a row each; the rest
/// share one row, so a sheet stays a sheet whatever the counts.
pub const LISTED: u16 = 12;

/// The sheet decisions that matter to `d`: the jet drive's only when it has one.
pub fn decisions_for(d: &Design) -> Vec<&'static Decision> {
    SHEET_DECISIONS.iter().filter(|x| d.jet_drive || x.topic != JET_DRIVE_DP).collect()
}

const JET_DRIVE_DP: &str = "Jet drive damage points";

/// Something on the boat that takes damage: its name and damage points, and how many alike the
/// row stands for (1, or the rest of a long entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damageable {
    pub name: String,
    pub dp: i64,
    pub of: u16,
}

/// One load of a weapon's ammunition: what it is, its shots, how many alike the row stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Load1 {
    pub name: String,
    pub shots: i64,
    pub of: u16,
}

/// One weapon of an entry, for its row on the sheet: its name ("Machine gun 2"), how many
/// alike the row stands for, its damage points, and its loads: the loaded shots, then each extra
/// magazine's (or a rocket magazine's rockets); none for a weapon without ammunition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Armed {
    pub name: String,
    pub of: u16,
    pub dp: i64,
    pub loads: Vec<Load1>,
}

/// `count` things called `name`, one row each up to [`LISTED`], then one row for the rest:
/// ("Passenger 1", 1), ..., ("Passengers 13-40", 28).
fn each(count: u16, name: &str) -> Vec<(String, u16)> {
    if count == 1 {
        return vec![(name.to_owned(), 1)];
    }
    let shown = count.min(LISTED);
    let mut v: Vec<(String, u16)> = (1..=shown).map(|i| (format!("{name} {i}"), 1)).collect();
    if count > shown {
        v.push((format!("{name} {}-{count}", shown + 1), count - shown));
    }
    v
}

/// Every weapon of an entry, one by one ("Machine gun 1", "Machine gun 2").
fn each_weapon(e: &WeaponEntry) -> Vec<(String, u16, &'static tables::Weapon)> {
    match e.weapon.known() {
        Some(w) => each(e.count, w.name).into_iter().map(|(n, of)| (n, of, w)).collect(),
        None => Vec::new(),
    }
}

/// What takes damage, in the sheet's order: plant, propellers or jet drive, hydrofoils,
/// accessories with damage points, then every person aboard. Weapons have their damage points
/// on their own rows, with their shots ([`armed`]).
pub fn damageable(d: &Design) -> Vec<Damageable> {
    let mut out = Vec::new();
    let plant = d.plant.as_ref().and_then(|p| p.known());
    if let Some(p) = plant {
        out.push(Damageable { name: format!("{} power plant", p.name), dp: p.dp, of: 1 });
    }
    for (i, prop) in d.propellers.iter().enumerate() {
        let size = prop.size.as_ref().and_then(|s| s.known()).or(plant);
        if let Some(s) = size {
            out.push(Damageable { name: format!("Propeller {}", i + 1), dp: s.propeller.dp, of: 1 });
        }
    }
    if d.jet_drive
        && let Some(p) = plant
    {
        out.push(Damageable { name: "Jet drive".into(), dp: p.propeller.dp, of: 1 });
    }
    if d.hydrofoils {
        out.push(Damageable { name: "Hydrofoils".into(), dp: tables::HYDROFOIL_DP, of: 1 });
    }
    for a in &d.accessories {
        if let Some(item) = a.item.known()
            && let Some(dp) = item.dp
        {
            out.extend(each(a.count, item.name).into_iter().map(|(name, of)| Damageable { name, dp, of }));
        }
    }
    for c in &d.crew {
        if let Some(r) = c.role.known() {
            let people = each(c.count, r.name).into_iter();
            out.extend(people.map(|(name, of)| Damageable { name, dp: PERSON_DP, of }));
        }
    }
    out
}

/// The weapons of an entry one by one, each with its damage points and shots.
pub fn armed(e: &WeaponEntry) -> Vec<Armed> {
    each_weapon(e)
        .into_iter()
        .map(|(name, of, w)| {
            let mut loads = Vec::new();
            match w.load {
                Load::Magazine { shots, .. } => {
                    loads.push(Load1 { name: "Loaded".into(), shots, of: 1 });
                    if e.extra_magazines > 0 {
                        let mags = each(e.extra_magazines, "Magazine");
                        loads.extend(mags.into_iter().map(|(name, of)| Load1 { name, shots, of }));
                    }
                }
                Load::Single { .. } => {
                    loads.push(Load1 { name: "Loaded".into(), shots: 1, of: 1 });
                    if e.rocket_magazine > 0 {
                        let shots = i64::from(e.rocket_magazine);
                        loads.push(Load1 { name: "Rocket magazine".into(), shots, of: 1 });
                    }
                }
                Load::None => {}
            }
            Armed { name, of, dp: w.dp, loads }
        })
        .collect()
}

/// The handling track: from the handling class down to [`HANDLING_FLOOR`].
pub fn handling_track(handling_class: i64) -> Vec<i64> {
    (HANDLING_FLOOR..=handling_class.max(HANDLING_FLOOR)).rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::examples;

    #[test]
    fn the_minnow_has_boxes_for_its_plant_propellers_and_people() {
        let got: Vec<(String, i64)> =
            damageable(&examples::minnow()).into_iter().map(|d| (d.name, d.dp)).collect();
        assert!(damageable(&examples::minnow()).iter().all(|d| d.of == 1));
        let want = [
            ("Medium power plant", 4),
            ("Propeller 1", 5),
            ("Propeller 2", 5),
            ("Pilot", 3),
            ("Passenger 1", 3),
            ("Passenger 2", 3),
        ];
        let want: Vec<(String, i64)> = want.iter().map(|(n, dp)| ((*n).to_owned(), *dp)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn linked_torpedoes_each_have_one_shot_and_a_machine_gun_its_magazines() {
        let mut d = examples::piranha();
        d.weapons[0].extra_magazines = 2;
        let vmg = armed(&d.weapons[0]);
        let loads = |a: &Armed| a.loads.iter().map(|l| (l.name.clone(), l.shots)).collect::<Vec<_>>();
        assert_eq!((vmg[0].name.as_str(), vmg[0].dp), ("Vulcan machine gun", 3));
        assert_eq!(
            loads(&vmg[0]),
            [("Loaded".into(), 20), ("Magazine 1".into(), 20), ("Magazine 2".into(), 20)]
        );
        let torpedoes = armed(&d.weapons[1]);
        assert_eq!(torpedoes.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["Torpedo 1", "Torpedo 2"]);
        assert_eq!(loads(&torpedoes[1]), [("Loaded".into(), 1)]);
        let laser = WeaponEntry::new(tables::weapon_by_id("laser").expect("laser"), None);
        assert!(armed(&laser)[0].loads.is_empty(), "a laser has no shots to count");
    }

    #[test]
    fn a_crowd_aboard_shares_one_row_past_the_first_dozen() {
        let mut d = examples::minnow();
        d.crew[1].count = 40;
        d.weapons[1].extra_magazines = 1000;
        let people: Vec<(String, u16)> = damageable(&d)
            .into_iter()
            .filter(|x| x.name.starts_with("Passenger"))
            .map(|x| (x.name, x.of))
            .collect();
        assert_eq!(people.len(), 13);
        assert_eq!(people[12], ("Passenger 13-40".into(), 28));
        let mg = &armed(&d.weapons[1])[0];
        assert_eq!(mg.loads.len(), 1 + 13);
        assert_eq!(mg.loads[13].of, 988);
    }

    #[test]
    fn the_track_runs_from_the_handling_class_to_minus_six() {
        assert_eq!(handling_track(3), vec![3, 2, 1, 0, -1, -2, -3, -4, -5, -6]);
        assert_eq!(handling_track(1).len(), 8);
    }
}
