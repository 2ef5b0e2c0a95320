//! Our typed tables checked cell by cell against the source tables they were copied from (the
//! CSV files under tests/data/carwars, as the project received them). A figure mistyped or
//! changed in `tables.rs` fails here, and so does a source row nobody has placed: every row is
//! either checked against the table that holds it or named as left out, with the reason.

use super::tables::{self, Ammo, Load, Weapon};
use super::units::{Money, Spaces, Speed, Weight};
use std::collections::HashMap;

const COMPONENTS: &str = include_str!("../../../tests/data/carwars/components.csv");
const HULLS: &str = include_str!("../../../tests/data/carwars/hulls.csv");
const PLANTS: &str = include_str!("../../../tests/data/carwars/power-plants.csv");
const PERFORMANCE: &str = include_str!("../../../tests/data/carwars/performance.csv");

/// One line of CSV: cells split on commas outside double quotes.
fn cells(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            c => out.last_mut().map_or((), |s| s.push(c)),
        }
    }
    out
}

/// The rows of a CSV file, each keyed by the header.
fn rows(csv: &str) -> Vec<HashMap<String, String>> {
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    let header = cells(lines.next().unwrap_or_default());
    lines.map(|l| header.iter().cloned().zip(cells(l)).collect()).collect()
}

fn cell<'a>(row: &'a HashMap<String, String>, column: &str) -> &'a str {
    row.get(column).map_or("", |s| s.trim())
}

/// A number as printed ("37.5", "1/3", "1 1/2", "3") in units of `1/per_unit`; panics unless it
/// is a whole number of them.
fn exact(s: &str, per_unit: i64) -> i64 {
    let s = s.trim().trim_start_matches(['$', '+', 'x']);
    let (whole, frac) = match s.split_once(' ') {
        Some((w, f)) if f.contains('/') => (w, f),
        _ if s.contains('/') => ("0", s),
        _ => (s, ""),
    };
    let mut n = 0;
    if let Some((a, b)) = frac.split_once('/') {
        let (a, b): (i64, i64) = (a.parse().expect("numerator"), b.parse().expect("denominator"));
        assert_eq!(a * per_unit % b, 0, "{s} is not a whole number of 1/{per_unit}");
        n += a * per_unit / b;
    }
    let (int, dec) = whole.split_once('.').unwrap_or((whole, ""));
    n += int.parse::<i64>().unwrap_or_else(|_| panic!("not a number: {s:?}")) * per_unit;
    if !dec.is_empty() {
        let num: i64 = dec.parse().unwrap_or_else(|_| panic!("not a number: {s:?}"));
        let den = 10_i64.pow(u32::try_from(dec.len()).unwrap_or(0));
        assert_eq!(num * per_unit % den, 0, "{s} is not a whole number of 1/{per_unit}");
        n += num * per_unit / den;
    }
    n
}

fn money(s: &str) -> Money {
    Money(exact(s, Money::PER_UNIT))
}
fn weight(s: &str) -> Weight {
    Weight(exact(s, Weight::PER_UNIT))
}
fn spaces(s: &str) -> Spaces {
    Spaces(exact(s, Spaces::PER_UNIT))
}
fn whole(s: &str) -> i64 {
    exact(s, 1)
}
/// "x1.1" as a percentage: 110.
fn pct(s: &str) -> i64 {
    exact(s, 100)
}
/// The leading number of a cell such as "50 + ammo" or "10 per point".
fn leading(s: &str) -> &str {
    s.split(' ').next().unwrap_or("")
}
/// The alternatives of a cell such as "500 / 2500", one per id; a single value serves all.
fn each(s: &str, n: usize) -> Vec<&str> {
    let parts: Vec<&str> = s.split('/').map(str::trim).collect();
    if parts.len() == n { parts } else { vec![s; n] }
}

/// Damage as a comparable string: "none", "0" and "" all mean no damage; a footnote mark, or
/// our note after a comma ("3d+3, sets fires"), goes.
fn damage(s: &str) -> &str {
    match s.split(',').next().unwrap_or("").trim().trim_end_matches('*') {
        "0" | "none" => "",
        d => d,
    }
}

fn weapon(id: &str) -> &'static Weapon {
    tables::weapon_by_id(id).unwrap_or_else(|| panic!("no weapon {id}"))
}

fn round(w: &Weapon, id: &str) -> &'static Ammo {
    w.ammo(id).unwrap_or_else(|| panic!("{} has no {id} ammunition", w.id))
}

/// Which of our weapons a source row is.
fn weapon_id(name: &str) -> Option<&'static str> {
    Some(match name {
        "Machine Gun (MG)" => "mg",
        "Vulcan MG (VMG)" => "vmg",
        "Heavy MG (HMG)" => "hmg",
        "Light MG (LMG)" => "lmg",
        "Autocannon (AC)" => "ac",
        "Recoilless Rifle (RR)" => "rr",
        "Anti-Tank Gun (ATG)" => "atg",
        "Tank Gun (TG 75mm)" => "tg",
        "Blast Cannon (BC)" => "bc",
        "Spike Gun" => "spike-gun",
        "Grenade Launcher" => "grenade-launcher",
        "Targeting Laser (TL)" => "tl",
        "Light Laser" => "light-laser",
        "Medium Laser" => "medium-laser",
        "Laser" => "laser",
        "Heavy Laser" => "heavy-laser",
        "Mini Rocket" => "mini-rocket",
        "Light Rocket" => "light-rocket",
        "Medium Rocket" => "medium-rocket",
        "Heavy Rocket (HR)" => "heavy-rocket",
        "Micromissile Launcher (MML)" => "mml",
        "Rocket Launcher (RL)" => "rl",
        "Multi-Fire Rocket Pod" => "mfr",
        "Wire-Guided Missile" => "wgm",
        "Flamethrower" => "flamethrower",
        "Smokescreen" => "smokescreen",
        "Paint Spray" => "paint-spray",
        "Oil Jet" => "oil-jet",
        "Flaming Oil Jet" => "flaming-oil-jet",
        "Spikedropper" => "spikedropper",
        "Minedropper" => "minedropper",
        "Torpedo" => "torpedo",
        "Homing Torpedo" => "homing-torpedo",
        "Depth Charge (ADQ)" => "depth-charge",
        _ => return None,
    })
}

/// A weapon row: price, weight, spaces, shots, cost and weight per shot, damage, DP.
fn check_weapon(row: &HashMap<String, String>, w: &Weapon) {
    let name = &w.name;
    assert_eq!(w.cost, money(cell(row, "cost")), "{name}: cost");
    assert_eq!(w.weight, weight(cell(row, "weight")), "{name}: weight");
    assert_eq!(w.spaces, spaces(cell(row, "spaces")), "{name}: spaces");
    assert_eq!(w.dp, whole(cell(row, "DP")), "{name}: DP");
    match w.load {
        Load::None => assert_eq!(cell(row, "shots"), "", "{name}: shots"),
        Load::Single { variants } => {
            assert_eq!(cell(row, "shots"), "1", "{name}: shots");
            // The standard round is the whole weapon.
            assert_eq!((variants[0].cost, variants[0].weight), (w.cost, w.weight), "{name}: round");
        }
        Load::Magazine { shots, ammo } => {
            assert_eq!(shots, whole(cell(row, "shots")), "{name}: shots");
            let cps = cell(row, "CPS");
            // The grenade launcher's shot is priced by grenade: we load explosive grenades.
            let cps = cps.strip_prefix("by grenade (explosive ").map_or(cps, |s| s.trim_end_matches(')'));
            assert_eq!(ammo[0].cost, money(cps), "{name}: cost per shot");
            assert_eq!(ammo[0].weight, weight(cell(row, "WPS")), "{name}: weight per shot");
        }
    }
    let printed = damage(cell(row, "damage"));
    if printed != "by grenade" {
        assert_eq!(damage(w.damage), printed, "{name}: damage");
    }
}

/// An ammunition row, or a row naming several kinds ("MG Incendiary / Explosive ammo").
fn check_ammo(row: &HashMap<String, String>, w: &Weapon, ids: &[&str]) {
    let (cps, wps) = (each(cell(row, "CPS"), ids.len()), each(cell(row, "WPS"), ids.len()));
    for (i, id) in ids.iter().enumerate() {
        let a = round(w, id);
        assert_eq!(a.cost, money(cps[i]), "{} {id}: cost per shot", w.id);
        assert_eq!(a.weight, weight(wps[i]), "{} {id}: weight per shot", w.id);
        assert_eq!(damage(a.damage), damage(cell(row, "damage")), "{} {id}: damage", w.id);
    }
}

/// Accessories (one id per "/"-separated alternative): price, weight, spaces.
fn check_items(row: &HashMap<String, String>, ids: &[&str]) {
    let n = ids.len();
    let (cost, wt, sp) =
        (each(cell(row, "cost"), n), each(cell(row, "weight"), n), each(cell(row, "spaces"), n));
    for (i, id) in ids.iter().enumerate() {
        let item = tables::accessory(id).unwrap_or_else(|| panic!("no accessory {id}"));
        assert_eq!(item.cost, money(cost[i]), "{id}: cost");
        assert_eq!(item.weight, weight(wt[i]), "{id}: weight");
        assert_eq!(item.spaces, whole(sp[i]), "{id}: spaces");
    }
}

fn check_share(row: &HashMap<String, String>, s: &tables::BodyShare) {
    let name = cell(row, "name");
    assert_eq!(s.cost_pct_of_body, whole(cell(row, "cost").trim_end_matches("% body cost")), "{name}");
    let wt = cell(row, "weight");
    match (wt.strip_suffix("% body weight"), wt.strip_suffix("% max load")) {
        (Some(p), _) => assert_eq!(s.weight_pct_of_body, whole(p), "{name}"),
        (_, Some(p)) => assert_eq!(s.weight_pct_of_max_load, whole(p), "{name}"),
        _ => panic!("{name}: weight {wt:?}"),
    }
    assert_eq!(s.spaces, whole(cell(row, "spaces")), "{name}");
}

#[test]
fn every_component_row_is_in_our_tables_with_the_same_figures() {
    let rows = rows(COMPONENTS);
    assert_eq!(rows.len(), 94);
    for row in &rows {
        let name = cell(row, "name");
        if let Some(id) = weapon_id(name) {
            check_weapon(row, weapon(id));
            continue;
        }
        let (cost, wt, sp) = (cell(row, "cost"), cell(row, "weight"), cell(row, "spaces"));
        match name {
            "Pilot/Driver or Gunner" => {
                for id in ["pilot", "gunner"] {
                    let r = tables::role(id).expect("role");
                    assert_eq!((r.weight, r.spaces), (weight(wt), whole(sp)), "{id}");
                }
            }
            "Passenger" => {
                let r = tables::role("passenger").expect("role");
                assert_eq!((r.weight, r.spaces), (weight(wt), whole(sp)));
            }
            "AP Heavy Rocket (APHR)" | "Incendiary HR" => {
                let id = if name.starts_with("AP") { "ap" } else { "incendiary" };
                let a = round(weapon("heavy-rocket"), id);
                assert_eq!((a.cost, a.weight), (money(cost), weight(wt)), "{name}");
                assert_eq!(damage(a.damage), damage(cell(row, "damage")), "{name}");
            }
            "MG High-Density ammo" => check_ammo(row, weapon("mg"), &["hd"]),
            "MG Anti-Personnel ammo" => check_ammo(row, weapon("mg"), &["ap"]),
            "MG Incendiary / Explosive ammo" => check_ammo(row, weapon("mg"), &["incendiary", "explosive"]),
            "MML Armor-Piercing ammo" => check_ammo(row, weapon("mml"), &["ap"]),
            "Extra magazine" => {
                assert_eq!(tables::EXTRA_MAGAZINE_COST, money(leading(cost)));
                assert_eq!(tables::EXTRA_MAGAZINE_WEIGHT, weight(leading(wt)));
                assert_eq!(tables::EXTRA_MAGAZINE_SPACES, whole(sp));
            }
            "Magazine switch" => assert_eq!(tables::MAGAZINE_SWITCH, money(cost)),
            "Rocket magazine" => {
                assert_eq!(tables::ROCKET_MAGAZINE_COST_PER_SPACE, money(leading(cost)));
                assert_eq!(tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE, weight(leading(wt)));
            }
            "Link" => assert_eq!(tables::LINK, money(cost)),
            "Targeting Computer" => check_items(row, &["targeting-computer"]),
            "Hi-Res Targeting Computer" => check_items(row, &["hi-res-computer"]),
            "Single-Weapon Computer / HR-SWC" => {
                check_items(row, &["single-weapon-computer", "hi-res-single-weapon-computer"]);
            }
            "Cyberlink" => check_items(row, &["cyberlink"]),
            "Fire Extinguisher" => check_items(row, &["fire-extinguisher"]),
            "Improved Fire Extinguisher" => check_items(row, &["improved-fire-extinguisher"]),
            "Radar" => check_items(row, &["radar"]),
            "Long-Range Radar" => check_items(row, &["long-range-radar"]),
            "Radar Detector / Radar Jammer" => check_items(row, &["radar-detector", "radar-jammer"]),
            "Infrared Sighting System" => check_items(row, &["infrared-sighting-system"]),
            "Portable Earth Station" => check_items(row, &["portable-earth-station"]),
            "Solar Panel" => check_items(row, &["solar-panel"]),
            "Long-Distance Radio" => check_items(row, &["long-distance-radio"]),
            "Searchlight / Armored Searchlight" => check_items(row, &["searchlight", "armored-searchlight"]),
            "Laser Battery" => check_items(row, &["laser-battery"]),
            "Passenger Accommodations" => check_items(row, &["passenger-accommodations"]),
            // Our decision (tables.rs): a boat's "sleeping accommodations" are the passenger
            // accommodations; the trucks' sleeping area is not a boat item.
            "Sleeping Area (CWC trucks)" => assert!(tables::accessory("sleeping-area").is_none()),
            "Galley" => check_items(row, &["galley"]),
            "Deluxe Galley" => check_items(row, &["deluxe-galley"]),
            "Deluxe Stateroom" => check_items(row, &["deluxe-stateroom"]),
            "Marine Radio" => check_items(row, &["marine-radio"]),
            "Sonar" => check_items(row, &["sonar"]),
            "Bilge Pump" => check_items(row, &["bilge-pump"]),
            "Life Raft" => check_items(row, &["life-raft"]),
            "Oars (pair)" | "Jet Drive" => {
                let item = if name == "Jet Drive" { tables::JET_DRIVE } else { tables::OARS };
                assert_eq!(
                    (item.cost, item.weight, item.spaces),
                    (money(cost), weight(wt), whole(sp)),
                    "{name}"
                );
            }
            "Hydrofoils" => check_share(row, &tables::HYDROFOILS),
            "Weighted Keel" => check_share(row, &tables::WEIGHTED_KEEL),
            "Boat Top" => check_share(row, &tables::BOAT_TOP),
            "Half Top" => check_share(row, &tables::HALF_TOP),
            // A deck moves spaces between below and above; it costs, weighs and takes nothing.
            "Deck" => assert_eq!((cost, wt, sp), ("0", "0", "0")),
            "Propeller armor (guard)" => {
                assert_eq!(tables::PROPELLER_GUARD_COST, money(leading(cost)));
                assert_eq!(tables::PROPELLER_GUARD_WEIGHT, weight(leading(wt)));
            }
            "Anchor replacement" => {
                assert_eq!(tables::ANCHOR_REPLACEMENT_PCT, whole(cost.trim_end_matches("% body cost")));
            }
            "Spoiler" => {
                assert_eq!(tables::SPOILER_COST_POINTS, whole(leading(cost)));
                assert_eq!(tables::SPOILER_WEIGHT_POINTS, whole(leading(wt)));
            }
            "Universal turret option" => assert_eq!(tables::UNIVERSAL_TURRET, money(cost)),
            "Pop-up turret 0/1/2/3/4-space" => {
                let (c, w, s) = (each(cost, 5), each(wt, 5), each(sp, 5));
                for size in 0..5u8 {
                    let t = tables::turret_spec(size, true).expect("pop-up turret");
                    let i = usize::from(size);
                    assert_eq!(
                        (t.cost, t.weight, t.spaces),
                        (money(c[i]), weight(w[i]), whole(s[i])),
                        "{name}"
                    );
                }
            }
            n if n.starts_with("Turret ") => {
                let size: u8 =
                    n["Turret ".len()..].split('-').next().and_then(|s| s.parse().ok()).expect("size");
                let t = tables::turret_spec(size, false).expect("turret");
                assert_eq!((t.cost, t.weight, t.spaces), (money(cost), weight(wt), whole(sp)), "{name}");
            }
            n if n.starts_with("Armor: ") => {
                let ids: &[&str] = match n {
                    "Armor: plastic" => &["plastic"],
                    "Armor: fireproof (FP)" => &["fireproof"],
                    "Armor: laser-reflective (LR)" => &["laser-reflective"],
                    "Armor: LR fireproof (LRFP)" => &["lr-fireproof"],
                    "Armor: radarproof / RP fireproof" => &["radarproof", "rp-fireproof"],
                    "Armor: metal" => &["metal"],
                    "Armor: LR metal" => &["lr-metal"],
                    _ => panic!("armor row {n:?} is not in our tables"),
                };
                let (c, w) = (each(cost, ids.len()), each(wt, ids.len()));
                for (i, id) in ids.iter().enumerate() {
                    let a = tables::armor_type(id).expect("armor type");
                    assert_eq!((a.cost_pct, a.weight_pct), (pct(c[i]), pct(w[i])), "{id}");
                }
            }
            _ => panic!("source row {name:?} is neither checked nor named as left out"),
        }
    }
}

#[test]
fn every_hull_matches_the_hull_table() {
    let rows = rows(HULLS);
    assert_eq!(rows.len(), tables::HULLS.len());
    for (row, h) in rows.iter().zip(&tables::HULLS) {
        let name = h.name;
        assert_eq!(cell(row, "hull"), name);
        assert_eq!(h.cost, money(cell(row, "cost")), "{name}");
        assert_eq!(h.weight, weight(cell(row, "weight_lbs")), "{name}");
        assert_eq!(h.max_load, weight(cell(row, "max_load_lbs")), "{name}");
        assert_eq!(h.spaces, whole(cell(row, "spaces")), "{name}");
        assert_eq!(h.cargo_spaces, whole(cell(row, "cargo_spaces")), "{name}");
        assert_eq!(h.armor_cost_per_point, money(cell(row, "armor_cost_per_point")), "{name}");
        assert_eq!(h.armor_weight_per_point, weight(cell(row, "armor_lbs_per_point")), "{name}");
        assert_eq!(h.handling_class, whole(cell(row, "handling_class")), "{name}");
        assert_eq!(h.draft_quarters, exact(cell(row, "draft_inches"), 4), "{name}");
        assert_eq!(h.counter.replace('"', ""), cell(row, "counter_inches"), "{name}");
        let locations: Vec<&str> = h.locations.iter().map(|l| l.code()).collect();
        assert_eq!(locations.join(" "), cell(row, "armor_locations"), "{name}");
    }
}

#[test]
fn every_power_plant_matches_the_plant_table() {
    let rows = rows(PLANTS);
    assert_eq!(rows.len(), tables::PLANTS.len());
    for (row, p) in rows.iter().zip(&tables::PLANTS) {
        let name = p.name;
        assert_eq!(cell(row, "plant"), name);
        assert_eq!(p.cost, money(cell(row, "cost")), "{name}");
        assert_eq!(p.weight, weight(cell(row, "weight_lbs")), "{name}");
        assert_eq!(p.spaces, whole(cell(row, "spaces")), "{name}");
        assert_eq!(p.dp, whole(cell(row, "dp")), "{name}");
        assert_eq!(p.power_factors, whole(cell(row, "power_factors")), "{name}");
        assert_eq!(p.propeller.cost, money(cell(row, "propeller_cost")), "{name}");
        assert_eq!(p.propeller.weight, weight(cell(row, "propeller_weight_lbs")), "{name}");
        assert_eq!(p.propeller.dp, whole(cell(row, "propeller_dp")), "{name}");
    }
}

#[test]
fn every_performance_band_matches_the_performance_table() {
    let rows = rows(PERFORMANCE);
    assert_eq!(rows.len(), tables::PERFORMANCE.len());
    for (row, b) in rows.iter().zip(&tables::PERFORMANCE) {
        assert_eq!(b.ratio_milli, exact(cell(row, "power_factors_per_lb_at_least"), 1000));
        assert_eq!(b.acceleration, Speed(exact(cell(row, "acceleration_mph_per_turn"), Speed::PER_UNIT)));
        assert_eq!(b.top_speed, Speed(exact(cell(row, "top_speed_mph"), Speed::PER_UNIT)));
    }
}

#[test]
fn printed_numbers_read_exactly() {
    assert_eq!(exact("37.5", 100), 3750);
    assert_eq!(exact("3.75", 100), 375);
    assert_eq!(exact("1/3", 6), 2);
    assert_eq!(exact("1 1/2", 4), 6);
    assert_eq!(exact("x1.1", 100), 110);
    assert_eq!(exact("2.5", 2), 5);
    assert_eq!(exact("0.05", 1000), 50);
    assert_eq!(cells(r#"a,"b, c",d"#), ["a", "b, c", "d"]);
    assert_eq!(each("500 / 2500", 2), ["500", "2500"]);
    assert_eq!(each("0", 2), ["0", "0"]);
}
