//! The record sheet as a play aid: what can be damaged (and how many damage points it has), what
//! can run out of shots, and the handling track. Facts come from the tables; where the boat rules
//! lean on the standard Car Wars rules without printing them, [`SHEET_DECISIONS`] says how we
//! settled it.

use super::design::{Design, Top, WeaponEntry};
use super::tables::{self, Decision, Load};

/// Damage points of a crew member or passenger: the standard Car Wars figure for a person
/// without body armor (the boat rules do not print one).
pub const PERSON_DP: i64 = 3;

/// The lowest handling status the track goes down to, as on the standard Car Wars sheets.
pub const HANDLING_FLOOR: i64 = -6;

/// How the record sheet settles what the boat rules leave to the standard Car Wars rules.
pub static SHEET_DECISIONS: &[Decision] = &[
    Decision {
        id: "people-dp",
        title: "People's damage points",
        text: "Every crew member and passenger gets 3 damage boxes, the standard Car Wars figure for a person without body armor; the boat rules give none of their own.",
    },
    Decision {
        id: JET_DRIVE_DP,
        title: "Jet drive damage points",
        text: "The boat rules give the jet drive no damage points. It replaces the propellers, so the sheet gives it the damage points of a propeller sized to the boat's power plant.",
    },
    Decision {
        id: HANDLING_TRACK,
        title: "Handling track and control rolls",
        text: "The boat rules keep the standard Car Wars handling rules without printing them. The track runs from the boat's handling class down to -6: start each turn at the handling class, move the marker down by each maneuver's difficulty (plus this hull's extra difficulty) and roll on the control table of your Car Wars rules in the column the marker shows. Drydock does not reprint that table.",
    },
];

/// At most this many of one entry (passengers, weapons, magazines) get a row each; the rest
/// share one row, so a sheet stays a sheet whatever the counts.
pub const LISTED: u16 = 12;

/// The most rows one table of the sheet (the damage points, the weapons with their loads) gives
/// to things one by one: past them, each further entry is a single row for all of its things
/// ("Machine gun 1-999", "Magazine 1-999"), so the sheet's length follows its entries, never
/// their counts. A real boat lists a few dozen; 200 entries of 999 would list 36,000.
pub const LISTED_IN_ALL: usize = 240;

/// What is left of a table's [`LISTED_IN_ALL`] rows.
#[derive(Debug)]
pub struct Rows(usize);

impl Default for Rows {
    fn default() -> Self {
        Rows(LISTED_IN_ALL)
    }
}

impl Rows {
    /// `count` things called `name`, as [`each`] lists them while the table has rows to spare,
    /// then as one row for all of them.
    fn each(&mut self, count: u16, name: &str) -> Vec<(String, u16)> {
        let v = if self.0 == 0 && count > 1 {
            vec![(format!("{name} 1-{count}"), count)]
        } else {
            each(count, name)
        };
        self.0 = self.0.saturating_sub(v.len());
        v
    }
}

/// The sheet decisions that matter to `d`: the jet drive's only when it has one.
pub fn decisions_for(d: &Design) -> Vec<&'static Decision> {
    SHEET_DECISIONS.iter().filter(|x| d.jet_drive || x.id != JET_DRIVE_DP).collect()
}

/// The id of the jet drive's decision, printed only on a boat with one.
const JET_DRIVE_DP: &str = "jet-drive-dp";
/// The id of the decision the sheet prints under the handling track; the others go under the
/// damage points.
pub const HANDLING_TRACK: &str = "handling-track";

/// Something on the boat that takes damage, as a row of the sheet: its name, the damage points
/// of each one, and a set of boxes for each (a part is one set with no label; a crew line a set
/// per person, labelled by number, the first dozen each their own, then one set for the rest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damageable {
    pub name: String,
    pub dp: i64,
    pub sets: Vec<Set>,
}

/// One set of damage boxes on a row: its label ("" for a part, "3" or "13-40" for people) and how
/// many alike it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Set {
    pub label: String,
    pub of: u16,
}

impl Damageable {
    fn part(name: String, dp: i64) -> Self {
        Damageable { name, dp, sets: vec![Set { label: String::new(), of: 1 }] }
    }
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
/// ("Passenger 1", 1), ..., ("Passengers 13-40", 28). A rest of one is a row of its own
/// ("Passenger 13"), the same height as a shared one.
fn each(count: u16, name: &str) -> Vec<(String, u16)> {
    if count == 1 {
        return vec![(name.to_owned(), 1)];
    }
    let shown = if count == LISTED + 1 { count } else { count.min(LISTED) };
    let mut v: Vec<(String, u16)> = (1..=shown).map(|i| (format!("{name} {i}"), 1)).collect();
    if count > shown {
        v.push((format!("{name} {}-{count}", shown + 1), count - shown));
    }
    v
}

/// Every weapon of an entry, one by one ("Machine gun 1", "Machine gun 2").
fn each_weapon(e: &WeaponEntry, rows: &mut Rows) -> Vec<(String, u16, &'static tables::Weapon)> {
    match e.weapon.known() {
        Some(w) => rows.each(e.count, w.name).into_iter().map(|(n, of)| (n, of, w)).collect(),
        None => Vec::new(),
    }
}

/// What takes damage, in the sheet's order: plant, propellers or jet drive, hydrofoils,
/// accessories with damage points (each its own row), then each crew line, a row with a set of
/// boxes per person. Weapons have their damage points on their own rows, with their shots
/// ([`armed`]).
pub fn damageable(d: &Design) -> Vec<Damageable> {
    let mut out = Vec::new();
    let mut rows = Rows::default();
    let plant = d.plant.as_ref().and_then(|p| p.known());
    if let Some(p) = plant {
        out.push(Damageable::part(format!("{} power plant", p.name), p.dp));
    }
    for (i, prop) in d.propellers.iter().enumerate() {
        let size = prop.size.as_ref().and_then(|s| s.known()).or(plant);
        if let Some(s) = size {
            out.push(Damageable::part(format!("Propeller {}", i + 1), s.propeller.dp));
        }
    }
    if d.jet_drive
        && let Some(p) = plant
    {
        out.push(Damageable::part("Jet drive".into(), p.propeller.dp));
    }
    if d.hydrofoils {
        out.push(Damageable::part("Hydrofoils".into(), tables::HYDROFOIL_DP));
    }
    for a in &d.accessories {
        if let Some(item) = a.item.known()
            && let Some(dp) = item.dp
        {
            out.extend(rows.each(a.count, item.name).into_iter().map(|(name, of)| Damageable {
                name,
                dp,
                sets: vec![Set { label: String::new(), of }],
            }));
        }
    }
    for c in &d.crew {
        if let Some(r) = c.role.known() {
            let (name, sets) = if c.count == 1 {
                (r.name.to_owned(), vec![Set { label: String::new(), of: 1 }])
            } else {
                let sets = rows
                    .each(c.count, "")
                    .into_iter()
                    .map(|(label, of)| Set { label: label.trim().to_owned(), of })
                    .collect();
                (format!("{} {}", c.count, r.plural), sets)
            };
            out.push(Damageable { name, dp: PERSON_DP, sets });
        }
    }
    out
}

/// The weapons of an entry one by one, each with its damage points and shots; `rows` is what is
/// left of the weapons table's rows (one [`Rows`] for all the boat's entries).
pub fn armed(e: &WeaponEntry, rows: &mut Rows) -> Vec<Armed> {
    each_weapon(e, rows)
        .into_iter()
        .map(|(name, of, w)| {
            let mut loads = Vec::new();
            match w.load {
                Load::Magazine { shots, .. } => {
                    loads.push(Load1 { name: "Loaded".into(), shots, of: 1 });
                    if e.extra_magazines > 0 {
                        let mags = rows.each(e.extra_magazines, "Magazine");
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

/// A fitting of the hull or an accessory, as the sheet lists it: what it is, how many, and what
/// it does during a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitting {
    pub name: String,
    pub count: u16,
    pub effect: &'static str,
}

/// What the hull's own fittings do at the table, in our words from the boat rules: the jet drive,
/// oars, hydrofoils, the weighted keel, the spoiler and a half top (a full top only adds armor
/// and turrets, which the sheet shows).
pub const JET_DRIVE_EFFECT: &str = "Takes the propellers' place: +5 mph/turn acceleration and +20 mph top speed (in the figures above), but only while the plant's power factors come to half the boat's weight or more.";
pub const OARS_EFFECT: &str = "For emergencies: 2.5 mph/turn acceleration however many row; each rower adds 2.5 mph of top speed, up to 15 mph.";
pub const HYDROFOILS_EFFECT: &str = "At 35 mph the hull lifts onto its foils: +20 mph top speed and +1 HC while up (in the figures above). Up, the Bottom armor may be shot at, at -3. Shots at the foils are at -6; when their damage points are gone the boat drops back into the water: roll for a crash at +2 on the Boat Crash Table.";
pub const KEEL_EFFECT: &str =
    "Capsized, the boat stays over for 5 turns only and comes upright on the sixth.";
pub const SPOILER_EFFECT: &str = "At 40 mph or more, each maneuver's difficulty is 1 less.";
pub const HALF_TOP_EFFECT: &str = "Roofs the front half only. A shot from above out of the rear arc misses it entirely; from a side arc it misses it on 7 or more on two dice; from the front arc only on 11 or 12.";

/// Every fitting and accessory aboard with its effect at the table: the hull's fittings first,
/// then each accessory in the design's order (an unknown one is left out: the sheet lists it
/// with the parts not read).
pub fn fittings(d: &Design) -> Vec<Fitting> {
    let mut out = Vec::new();
    let mut hull = |on: bool, name: &str, count: u16, effect: &'static str| {
        if on {
            out.push(Fitting { name: name.to_owned(), count, effect });
        }
    };
    hull(d.jet_drive, "Jet drive", 1, JET_DRIVE_EFFECT);
    hull(d.oars > 0, "Oars", d.oars, OARS_EFFECT);
    hull(d.hydrofoils, "Hydrofoils", 1, HYDROFOILS_EFFECT);
    hull(d.weighted_keel, "Weighted keel", 1, KEEL_EFFECT);
    hull(d.spoiler, "Spoiler", 1, SPOILER_EFFECT);
    hull(d.top == Top::Half, "Half top", 1, HALF_TOP_EFFECT);
    for a in &d.accessories {
        if let Some(item) = a.item.known() {
            let name = if a.count == 1 { item.name } else { item.plural };
            out.push(Fitting { name: name.to_owned(), count: a.count, effect: item.at_table });
        }
    }
    out
}

/// The handling track: from the handling class down to [`HANDLING_FLOOR`].
pub fn handling_track(handling_class: i64) -> Vec<i64> {
    (HANDLING_FLOOR..=handling_class.max(HANDLING_FLOOR)).rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::examples;

    #[test]
    fn the_minnow_has_boxes_for_its_plant_propellers_and_people() {
        let got: Vec<(String, i64, Vec<String>)> = damageable(&examples::minnow())
            .into_iter()
            .map(|d| (d.name, d.dp, d.sets.into_iter().map(|s| s.label).collect()))
            .collect();
        let want = [
            ("Medium power plant", 4, vec![""]),
            ("Propeller 1", 5, vec![""]),
            ("Propeller 2", 5, vec![""]),
            ("Pilot", 3, vec![""]),
            ("2 Passengers", 3, vec!["1", "2"]),
        ];
        let want: Vec<(String, i64, Vec<String>)> = want
            .iter()
            .map(|(n, dp, l)| ((*n).to_owned(), *dp, l.iter().map(|l| (*l).to_owned()).collect()))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn linked_torpedoes_each_have_one_shot_and_a_machine_gun_its_magazines() {
        let mut d = examples::piranha();
        d.weapons[0].extra_magazines = 2;
        let vmg = armed(&d.weapons[0], &mut Rows::default());
        let loads = |a: &Armed| a.loads.iter().map(|l| (l.name.clone(), l.shots)).collect::<Vec<_>>();
        assert_eq!((vmg[0].name.as_str(), vmg[0].dp), ("Vulcan machine gun", 3));
        assert_eq!(
            loads(&vmg[0]),
            [("Loaded".into(), 20), ("Magazine 1".into(), 20), ("Magazine 2".into(), 20)]
        );
        let torpedoes = armed(&d.weapons[1], &mut Rows::default());
        assert_eq!(torpedoes.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["Torpedo 1", "Torpedo 2"]);
        assert_eq!(loads(&torpedoes[1]), [("Loaded".into(), 1)]);
        let laser = WeaponEntry::new(tables::weapon_by_id("laser").expect("laser"), None);
        assert!(armed(&laser, &mut Rows::default())[0].loads.is_empty(), "a laser has no shots to count");
    }

    #[test]
    fn a_crowd_aboard_shares_one_row_past_the_first_dozen() {
        let mut d = examples::minnow();
        d.crew[1].count = 40;
        d.weapons[1].extra_magazines = 1000;
        let row = damageable(&d).into_iter().find(|x| x.name == "40 Passengers").expect("the passengers");
        let people: Vec<(String, u16)> = row.sets.into_iter().map(|s| (s.label, s.of)).collect();
        assert_eq!(people.len(), 13);
        assert_eq!(people[12], ("13-40".into(), 28));
        let mg = &armed(&d.weapons[1], &mut Rows::default())[0];
        assert_eq!(mg.loads.len(), 1 + 13);
        assert_eq!(mg.loads[13].of, 988);
        // Thirteen: the thirteenth is a row of its own, not "13-13".
        d.crew[1].count = 13;
        let row = damageable(&d).into_iter().find(|x| x.name == "13 Passengers").expect("the passengers");
        let labels: Vec<String> = row.sets.into_iter().map(|s| s.label).collect();
        assert_eq!(labels.len(), 13);
        assert_eq!(labels[12], "13");
    }

    #[test]
    fn past_the_tables_rows_each_entry_is_one_row_whatever_its_counts() {
        let mut d = examples::minnow();
        let mg = d.weapons[1].clone();
        d.weapons = vec![WeaponEntry { count: 999, extra_magazines: 999, ..mg }; 100];
        let mut rows = Rows::default();
        let lines: Vec<Armed> = d.weapons.iter().flat_map(|e| armed(e, &mut rows)).collect();
        let listed = lines.len() + lines.iter().map(|a| a.loads.len()).sum::<usize>();
        // Until the rows run out, thirteen machine guns with fourteen loads each; after, one line
        // of "1-999" with its loaded shots and one row for all its magazines.
        assert!(listed < LISTED_IN_ALL + 200 * 3, "{listed} rows");
        let last = lines.last().expect("a line");
        assert_eq!((last.name.as_str(), last.of), ("Machine gun 1-999", 999));
        let loads: Vec<(&str, u16)> = last.loads.iter().map(|l| (l.name.as_str(), l.of)).collect();
        assert_eq!(loads, [("Loaded", 1), ("Magazine 1-999", 999)]);
        // Crews and accessories alike.
        d.crew = vec![d.crew[1].clone(); 100];
        d.crew.iter_mut().for_each(|c| c.count = 999);
        let damage = damageable(&d);
        let sets: usize = damage.iter().map(|x| x.sets.len()).sum();
        assert!(sets < LISTED_IN_ALL + 200, "{sets} sets");
        let last = damage.last().expect("a crew line");
        assert_eq!(last.sets.iter().map(|s| (s.label.as_str(), s.of)).collect::<Vec<_>>(), [("1-999", 999)]);
    }

    #[test]
    fn every_accessory_and_fitting_says_what_it_does_at_the_table() {
        for a in tables::ACCESSORIES.iter() {
            assert!(a.at_table.len() > 10, "{}: {:?}", a.id, a.at_table);
        }
        for t in tables::ARMOR_TYPES.iter() {
            assert!(t.at_table.len() > 10, "{}", t.id);
        }
        let mut d = examples::minnow();
        d.spoiler = true;
        d.top = Top::Half;
        d.accessories[0].count = 2;
        let got: Vec<(String, u16)> = fittings(&d).into_iter().map(|f| (f.name, f.count)).collect();
        assert_eq!(
            got,
            [
                ("Spoiler".into(), 1),
                ("Half top".into(), 1),
                ("Targeting computers".into(), 2),
                ("Marine radio".into(), 1)
            ]
        );
        assert_eq!(fittings(&d)[2].effect, "+1 to hit with every weapon the boat fires.");
    }

    /// Our own words: no run of six words of a fitting's, an accessory's or an armor type's
    /// effect appears in the boat rules' text.
    #[test]
    fn the_effects_at_the_table_are_in_our_own_words() {
        let texts =
            [JET_DRIVE_EFFECT, OARS_EFFECT, HYDROFOILS_EFFECT, KEEL_EFFECT, SPOILER_EFFECT, HALF_TOP_EFFECT]
                .into_iter()
                .chain(tables::ACCESSORIES.iter().map(|a| a.at_table))
                .chain(tables::ARMOR_TYPES.iter().map(|t| t.at_table));
        let copied = crate::games::fingerprint::copied_runs("carwars-boats.txt", &[], texts);
        assert!(copied.is_empty(), "copied from the rules text: {copied:#?}");
    }

    #[test]
    fn the_track_runs_from_the_handling_class_to_minus_six() {
        assert_eq!(handling_track(3), vec![3, 2, 1, 0, -1, -2, -3, -4, -5, -6]);
        assert_eq!(handling_track(1).len(), 8);
    }
}
