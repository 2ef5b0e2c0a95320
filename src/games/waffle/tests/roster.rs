//! Reading the roster document: defaults, strictness, bounds.

use super::*;
use crate::games::bounds::{Document, MAX_ENTRIES, beyond_bounds};

fn read(json: &str) -> Result<Roster, String> {
    serde_json::from_str(json).map_err(|e| e.to_string())
}

#[test]
fn an_empty_object_is_an_empty_roster_of_the_current_version() {
    let r = read("{}").unwrap();

    assert_eq!(r, Roster::default());
    assert_eq!(r.version, DOCUMENT_VERSION);
    assert!(r.vehicles.is_empty() && r.points_limit.is_none());
    let c = check(&r);
    assert!(c.legal && c.problems.is_empty() && c.points == 0);
}

#[test]
fn a_vehicle_with_only_a_name_opens_with_legal_defaults() {
    let r = read(r#"{"vehicles": [{"name": "Crate"}]}"#).unwrap();

    let v = &r.vehicles[0];
    assert_eq!(v.armour, Armour { front: 10, side: 10, rear: 10 });
    assert_eq!((v.bs, v.fire_points, v.capacity, v.points), (4, 0, 0, 0));
    assert!(v.types.is_empty() && v.weapons.is_empty());
    assert!(check(&r).problems.is_empty());
}

#[test]
fn a_weapon_without_strength_or_ap_reads_as_dashes() {
    let r = read(r#"{"vehicles": [{"weapons": [{"name": "Smoke", "type": "Special"}, {"name": "Gun", "strength": 6, "ap": null}]}]}"#)
        .unwrap();

    let w = &r.vehicles[0].weapons;
    assert_eq!((w[0].strength, w[0].ap, w[0].range), (None, None, 0));
    assert_eq!((w[1].strength, w[1].ap), (Some(6), None));
    assert_eq!(w[0].kind, "Special");
}

#[test]
fn the_example_document_reads_back_the_same() {
    let r: Roster = serde_json::from_str(GAME.example).unwrap();

    let again: Roster = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(again, r);
}

#[test]
fn unknown_fields_are_refused_by_name() {
    for (json, field) in [
        (r#"{"nme": "x"}"#, "nme"),
        (r#"{"vehicles": [{"armor": {"front": 12}}]}"#, "armor"),
        (r#"{"vehicles": [{"armour": {"top": 12}}]}"#, "top"),
        (r#"{"vehicles": [{"weapons": [{"strenght": 4}]}]}"#, "strenght"),
    ] {
        let e = read(json).unwrap_err();
        assert!(e.contains("unknown field") && e.contains(field), "{json}: {e}");
    }
}

#[test]
fn negative_and_fractional_numbers_are_refused_with_their_range() {
    for (json, range) in [
        (r#"{"vehicles": [{"armour": {"front": -1}}]}"#, "0 to 255"),
        (r#"{"vehicles": [{"armour": {"rear": 300}}]}"#, "0 to 255"),
        (r#"{"vehicles": [{"bs": 3.5}]}"#, "0 to 255"),
        (r#"{"vehicles": [{"points": 1000}]}"#, "0 to 999"),
        (r#"{"vehicles": [{"fire_points": -2}]}"#, "0 to 999"),
        (r#"{"vehicles": [{"capacity": 100000}]}"#, "0 to 999"),
        (r#"{"vehicles": [{"weapons": [{"range": -5}]}]}"#, "0 to 999"),
        (r#"{"vehicles": [{"weapons": [{"ap": -1}]}]}"#, "0 to 255"),
        (r#"{"points_limit": 0}"#, "1 to 100000"),
        (r#"{"points_limit": 100001}"#, "1 to 100000"),
    ] {
        let e = read(json).unwrap_err();
        assert!(e.contains(&format!("a whole number from {range}")), "{json}: {e}");
    }
}

#[test]
fn absurd_values_within_the_reading_bounds_are_problems_not_refusals() {
    let r = read(r#"{"vehicles": [{"armour": {"front": 99, "side": 0, "rear": 255}, "bs": 200, "weapons": [{"strength": 99, "ap": 0}]}]}"#)
        .unwrap();

    let codes: Vec<crate::games::Code> = check(&r).problems.iter().map(|p| p.code).collect();
    assert_eq!(
        codes,
        [
            Code::ArmourOutOfRange,
            Code::ArmourOutOfRange,
            Code::ArmourOutOfRange,
            Code::BsOutOfRange,
            Code::StrengthOutOfRange,
            Code::ApOutOfRange
        ]
    );
}

#[test]
fn names_and_type_ids_are_made_one_line_and_bounded() {
    let r = read(r#"{"name": "Iron\nColumn", "vehicles": [{"name": " A\tB ", "types": ["  tank\r\n"]}]}"#)
        .unwrap();
    assert_eq!(r.name, "Iron Column");
    assert_eq!(r.vehicles[0].name, "A B");
    assert_eq!(r.vehicles[0].types, ["tank"]);

    let long = format!(r#"{{"vehicles": [{{"types": ["{}"]}}]}}"#, "x".repeat(101));
    assert!(read(&long).unwrap_err().contains("at most 100 characters"));
    let long = format!(r#"{{"vehicles": [{{"weapons": [{{"type": "{}"}}]}}]}}"#, "y".repeat(101));
    assert!(read(&long).unwrap_err().contains("at most 100 characters"));
}

#[test]
fn entries_count_vehicles_their_types_and_their_weapons() {
    let mut v = vehicle("A", &["tank", "transport"]);
    v.weapons = vec![Weapon::default(); 3];
    let r = roster(vec![v.clone(), v]);

    assert_eq!(r.entries(), 2 * (1 + 2 + 3));
    assert_eq!(r.names().len(), 1 + 2 * (1 + 2 + 2 * 3));
    assert!(beyond_bounds(&r).is_none());
}

#[test]
fn ten_thousand_vehicles_are_beyond_the_bounds_but_still_judged_without_panicking() {
    let r = roster(vec![vehicle("A", &["tank"]); 10_000]);

    let why = beyond_bounds(&r).unwrap();
    assert!(why.contains("20000 entries") && why.contains(&format!("at most {MAX_ENTRIES}")), "{why}");
    let c = check(&r);
    assert_eq!(c.points, 500_000);
    assert_eq!(c.vehicles.len(), 10_000);
}

#[test]
fn a_long_type_list_counts_towards_the_bounds() {
    let r = roster(vec![Vehicle { types: vec!["tank".into(); 300], ..Vehicle::default() }]);

    assert!(beyond_bounds(&r).is_some());
    let c = check(&r);
    assert_eq!(c.problems.iter().filter(|p| p.code == Code::DuplicateType).count(), 299);
}
