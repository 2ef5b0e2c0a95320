//! The checks: every problem a roster can have, with its code, severity, part and a message that
//! explains itself.

use super::*;
use crate::games::Shared;
use proptest::prelude::*;

#[test]
fn the_example_roster_is_legal_and_totals_its_points() {
    let r: Roster = serde_json::from_str(GAME.example).unwrap();

    let c = check(&r);
    assert!(c.legal && c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!((c.points, c.points_limit), (145, Some(500)));
    assert_eq!(c.vehicles.len(), 2);
    assert!(c.vehicles.iter().all(|v| v.legal));
    assert_eq!(c.engine_version, ENGINE_VERSION);
}

#[test]
fn points_add_up_and_a_roster_at_its_limit_is_legal() {
    let mut r = roster(vec![vehicle("A", &["tank"]), vehicle("B", &["walker"]), vehicle("C", &[])]);
    r.points_limit = Some(150);

    let c = check(&r);
    assert_eq!(c.points, 150);
    assert!(c.legal);
}

#[test]
fn a_roster_over_its_limit_says_by_how_much() {
    let mut r = roster(vec![vehicle("A", &["tank"]), vehicle("B", &["tank"])]);
    r.points_limit = Some(75);

    let c = check(&r);
    assert_eq!(any_found(&c), [(Shared::OverPointsLimit.into(), Severity::Error, Some("points_limit"))]);
    assert!(!c.legal);
    assert!(c.vehicles.iter().all(|v| v.legal), "the vehicles themselves are sound");
    let m = &c.problems[0].message;
    assert!(m.contains("100 pts") && m.contains("25 over") && m.contains("limit of 75 pts"), "{m}");
}

#[test]
fn without_a_limit_any_total_is_legal() {
    let mut v = vehicle("Big", &["super-heavy-vehicle"]);
    v.points = 999;
    let c = check(&roster(vec![v; 200]));

    assert_eq!(c.points, 199_800);
    assert!(c.legal);
}

#[test]
fn an_unknown_type_names_the_closest() {
    let p = only_problem(vehicle("Hammer", &["tank", "walkr"]));

    assert_eq!(
        (own(&p), p.severity, p.part.as_deref()),
        (Code::UnknownType, Severity::Error, Some("vehicles.0.types.1"))
    );
    assert!(
        p.message.contains("\"walkr\"") && p.message.contains("did you mean \"walker\""),
        "{}",
        p.message
    );
    assert!(p.message.contains("super-heavy-flyer"), "lists the types: {}", p.message);

    let p = only_problem(vehicle("Hammer", &["superheavy walker"]));
    assert!(p.message.contains("did you mean \"super-heavy-walker\""), "{}", p.message);
}

#[test]
fn an_empty_type_asks_for_one_of_the_types() {
    let p = only_problem(vehicle("Hammer", &["  "]));

    assert_eq!(p.code, Code::UnknownType);
    assert!(p.message.contains("empty type") && p.message.contains("tank, transport"), "{}", p.message);
}

#[test]
fn an_unknown_type_is_left_off_the_card_and_the_known_ones_kept() {
    let c = check(&roster(vec![vehicle("Hammer", &["hover", "tank"])]));

    assert_eq!(c.vehicles[0].types, TypeSet::of(&[VehicleType::Tank]));
    assert!(rule_ids(&c.vehicles[0]).contains(&"tank/tank-shock"));
    assert!(!c.vehicles[0].legal);
}

#[test]
fn a_very_long_unknown_type_is_quoted_short() {
    let p = only_problem(vehicle("Hammer", &[&"q".repeat(100)]));

    assert!(p.message.contains(&format!("\"{}...\"", "q".repeat(40))), "{}", p.message);
    assert!(p.message.len() < 300);
}

#[test]
fn a_type_listed_twice_is_a_warning_and_counts_once() {
    let c = check(&roster(vec![vehicle("Hammer", &["tank", "Tank"])]));

    assert_eq!(found(&c), [(Code::DuplicateType, Severity::Warning, Some("vehicles.0.types.1"))]);
    assert!(c.legal);
    assert_eq!(rule_ids(&c.vehicles[0]), rule_ids(&card_of(&["tank"])));
}

#[test]
fn a_walker_that_is_a_tank_is_refused_with_our_reason() {
    for types in [["walker", "tank"], ["tank", "super-heavy-walker"]] {
        let p = only_problem(vehicle("Stomper", &types));

        assert_eq!((own(&p), p.severity), (Code::WalkerTank, Severity::Error), "{types:?}");
        assert_eq!(p.part.as_deref(), Some("vehicles.0.types.1"));
        assert!(p.message.contains("tank shock") && p.message.contains("Remove one"), "{}", p.message);
    }
}

#[test]
fn a_chariot_that_is_a_super_heavy_flyer_is_refused() {
    let p = only_problem(vehicle("Sky Chariot", &["super-heavy-flyer", "chariot"]));

    assert_eq!((own(&p), p.severity), (Code::ChariotFlyer, Severity::Error));
    assert!(p.message.starts_with("Sky Chariot is both a Chariot and a Super-heavy flyer"), "{}", p.message);
    assert_eq!(p.part.as_deref(), Some("vehicles.0.types.1"), "the later of the two in the list");
}

#[test]
fn a_chariot_that_walks_is_refused() {
    for walker in ["walker", "super-heavy-walker"] {
        let p = only_problem(vehicle("Odd", &["chariot", walker]));
        assert_eq!((own(&p), p.severity), (Code::ChariotWalker, Severity::Error), "{walker}");
    }
}

#[test]
fn a_flyer_that_tank_shocks_or_walks_is_refused() {
    for other in ["tank", "walker"] {
        let p = only_problem(vehicle("Odd", &["super-heavy-flyer", other]));
        assert_eq!((own(&p), p.severity), (Code::FlyerTankOrWalker, Severity::Error), "{other}");
    }
}

#[test]
fn a_vehicle_is_one_kind_of_super_heavy() {
    for pair in [
        ["super-heavy-vehicle", "super-heavy-walker"],
        ["super-heavy-vehicle", "super-heavy-flyer"],
        ["super-heavy-walker", "super-heavy-flyer"],
    ] {
        let p = only_problem(vehicle("Titan", &pair));
        assert_eq!((own(&p), p.severity), (Code::SuperHeavyKinds, Severity::Error), "{pair:?}");
    }
}

#[test]
fn a_walker_that_is_also_a_super_heavy_walker_is_only_a_warning() {
    let c = check(&roster(vec![vehicle("Titan", &["walker", "super-heavy-walker"])]));

    assert_eq!(found(&c), [(Code::WalkerTwice, Severity::Warning, Some("vehicles.0.types.1"))]);
    assert!(c.legal);
    assert!(c.problems[0].message.contains("Remove Walker"));
}

#[test]
fn allowed_pairs_have_no_problem() {
    for pair in [
        ["tank", "transport"],
        ["tank", "chariot"],
        ["tank", "super-heavy-vehicle"],
        ["transport", "walker"],
        ["transport", "super-heavy-flyer"],
        ["transport", "super-heavy-vehicle"],
        ["chariot", "super-heavy-vehicle"],
        ["walker", "super-heavy-vehicle"],
    ] {
        let c = check(&roster(vec![vehicle("Fine", &pair)]));
        assert!(c.problems.is_empty(), "{pair:?}: {:?}", c.problems);
    }
}

#[test]
fn every_pair_of_types_is_allowed_or_has_one_combination() {
    for (i, a) in VehicleType::ALL.into_iter().enumerate() {
        for b in VehicleType::ALL.into_iter().skip(i + 1) {
            let rules: Vec<&Combination> = COMBINATIONS
                .iter()
                .filter(|c| (c.first, c.second) == (a, b) || (c.first, c.second) == (b, a))
                .collect();
            assert!(rules.len() <= 1, "{a} and {b}");
            let c = check(&roster(vec![vehicle("X", &[a.id(), b.id()])]));
            assert_eq!(c.problems.len(), rules.len(), "{a} and {b}: {:?}", c.problems);
            if let Some(rule) = rules.first() {
                assert_eq!((own(&c.problems[0]), c.problems[0].severity), (rule.code, rule.severity));
                assert!(c.problems[0].message.contains(rule.why));
            }
        }
    }
}

#[test]
fn armour_outside_ten_to_fourteen_is_an_error_at_its_facing() {
    let mut v = vehicle("Brick", &["tank"]);
    v.armour = Armour { front: 99, side: 9, rear: 10 };

    let c = check(&roster(vec![v.clone()]));
    assert_eq!(
        found(&c),
        [
            (Code::ArmourOutOfRange, Severity::Error, Some("vehicles.0.armour.front")),
            (Code::ArmourOutOfRange, Severity::Error, Some("vehicles.0.armour.side")),
        ]
    );
    assert!(c.problems[0].message.contains("front armour is 99; armour values run from 10 to 14"));
    assert!(!c.vehicles[0].legal);

    v.armour = Armour { front: 14, side: 10, rear: 10 };
    assert!(check(&roster(vec![v])).legal);
}

#[test]
fn bs_outside_one_to_ten_is_an_error() {
    for (bs, ok) in [(0, false), (1, true), (5, true), (10, true), (11, false), (255, false)] {
        let mut v = vehicle("Gunner", &[]);
        v.bs = bs;
        let c = check(&roster(vec![v]));
        assert_eq!(c.legal, ok, "BS {bs}");
        if !ok {
            assert_eq!(found(&c), [(Code::BsOutOfRange, Severity::Error, Some("vehicles.0.bs"))]);
        }
    }
}

#[test]
fn weapon_strength_and_ap_are_checked_at_their_field() {
    let mut v = vehicle("Gunner", &[]);
    v.weapons = vec![
        Weapon { name: "Fine".into(), range: 48, strength: Some(9), ap: Some(2), kind: "Heavy 1".into() },
        Weapon { name: "Dash".into(), strength: None, ap: None, ..Weapon::default() },
        Weapon { name: "Too strong".into(), strength: Some(11), ap: Some(1), ..Weapon::default() },
        Weapon { strength: Some(0), ap: Some(7), ..Weapon::default() },
    ];

    let c = check(&roster(vec![v]));
    assert_eq!(
        found(&c),
        [
            (Code::StrengthOutOfRange, Severity::Error, Some("vehicles.0.weapons.2.strength")),
            (Code::StrengthOutOfRange, Severity::Error, Some("vehicles.0.weapons.3.strength")),
            (Code::ApOutOfRange, Severity::Error, Some("vehicles.0.weapons.3.ap")),
        ]
    );
    assert!(c.problems[0].message.contains("Too strong has Strength 11"));
    assert!(c.problems[1].message.contains("weapon 4 has Strength 0"), "{}", c.problems[1].message);
    assert!(c.problems[2].message.contains("AP 7; AP runs from 1 to 6 (leave it empty for –)"));
}

#[test]
fn fire_points_on_a_vehicle_that_is_not_a_transport_are_an_error() {
    let mut v = vehicle("Gun Tank", &["tank"]);
    v.fire_points = 2;

    let p = only_problem(v);
    assert_eq!(
        (own(&p), p.severity, p.part.as_deref()),
        (Code::FirePointsNotTransport, Severity::Error, Some("vehicles.0.fire_points"))
    );
    assert!(p.message.contains("2 fire points but is not a Transport"), "{}", p.message);
    assert!(p.message.contains("Add the Transport type"));
}

#[test]
fn a_capacity_on_a_vehicle_that_is_not_a_transport_is_an_error() {
    let mut v = vehicle("Gun Tank", &["tank"]);
    v.capacity = 1;

    let p = only_problem(v);
    assert_eq!(
        (own(&p), p.severity, p.part.as_deref()),
        (Code::CapacityNotTransport, Severity::Error, Some("vehicles.0.capacity"))
    );
    assert!(p.message.contains("carries 1 model but"), "{}", p.message);
}

#[test]
fn a_transport_with_no_room_is_a_warning() {
    let mut v = vehicle("Empty", &["transport"]);
    v.capacity = 0;

    let p = only_problem(v.clone());
    assert_eq!(
        (own(&p), p.severity, p.part.as_deref()),
        (Code::TransportNoCapacity, Severity::Warning, Some("vehicles.0.capacity"))
    );
    assert!(p.message.contains("its fire points go unused"), "{}", p.message);

    v.fire_points = 0;
    let p = only_problem(v);
    assert!(!p.message.contains("fire points"), "{}", p.message);
}

#[test]
fn more_fire_points_than_capacity_is_a_warning() {
    let mut v = vehicle("Sieve", &["transport"]);
    v.fire_points = 5;
    v.capacity = 3;

    let p = only_problem(v.clone());
    assert_eq!(
        (own(&p), p.severity, p.part.as_deref()),
        (Code::FirePointsOverCapacity, Severity::Warning, Some("vehicles.0.fire_points"))
    );
    assert!(
        p.message.contains("5 fire points but carries at most 3 models: only 3 can ever shoot out"),
        "{}",
        p.message
    );

    v.fire_points = 3;
    assert!(check(&roster(vec![v])).problems.is_empty(), "as many fire points as seats is fine");
}

#[test]
fn a_newer_document_version_is_a_warning() {
    let r = Roster { version: 2, ..Roster::default() };

    let c = check(&r);
    assert_eq!(any_found(&c), [(Shared::UnknownVersion.into(), Severity::Warning, Some("version"))]);
    assert!(c.legal);
}

#[test]
fn problems_name_the_vehicle_or_its_place_and_parts_follow_the_order() {
    let mut second = vehicle("", &["walker", "tank"]);
    second.armour.rear = 15;
    let r = roster(vec![vehicle("First", &["tank"]), second]);

    let c = check(&r);
    assert_eq!(
        found(&c),
        [
            (Code::WalkerTank, Severity::Error, Some("vehicles.1.types.1")),
            (Code::ArmourOutOfRange, Severity::Error, Some("vehicles.1.armour.rear")),
        ]
    );
    assert!(c.problems.iter().all(|p| p.message.starts_with("Vehicle 2")));
    assert_eq!(c.vehicles[1].name, "Vehicle 2");
    assert_eq!((c.vehicles[0].legal, c.vehicles[1].legal), (true, false));
}

#[test]
fn every_problem_part_is_a_path_in_the_serialized_roster() {
    let mut v = vehicle("All wrong", &["walker", "tank", "tank", "nope"]);
    v.armour.front = 2;
    v.bs = 0;
    v.weapons = vec![Weapon { strength: Some(20), ap: Some(9), ..Weapon::default() }];
    v.fire_points = 4;
    let r = Roster { version: 3, points_limit: Some(1), vehicles: vec![v], ..Roster::default() };

    let c = check(&r);
    let json = serde_json::to_value(&r).unwrap();
    assert!(c.problems.len() >= 8, "{:?}", c.problems);
    for p in &c.problems {
        let part = p.part.as_deref().unwrap();
        let pointer = format!("/{}", part.replace('.', "/"));
        assert!(json.pointer(&pointer).is_some(), "{part} is not in the roster");
    }
}

#[test]
fn the_check_serializes_as_the_api_gives_it() {
    let r: Roster = serde_json::from_str(GAME.example).unwrap();

    let json = serde_json::to_value(check(&r)).unwrap();
    assert_eq!(json["points"], 145);
    assert_eq!(json["legal"], true);
    assert_eq!(json["vehicles"][0]["types"], serde_json::json!(["tank", "transport"]));
    assert_eq!(json["vehicles"][1]["rules"][0]["id"], "walker/run");
    assert_eq!(json["vehicles"][1]["rules"][0]["source"]["section"], "Walkers › Shooting with Walkers");
    assert!(json["problems"].as_array().is_some_and(Vec::is_empty));
}

fn any_vehicle() -> impl Strategy<Value = Vehicle> {
    let ids = prop::sample::select(vec![
        "tank",
        "transport",
        "chariot",
        "walker",
        "super-heavy-vehicle",
        "super-heavy-walker",
        "super-heavy-flyer",
        "Tank",
        "bogus",
        "",
    ]);
    (
        prop::collection::vec(ids, 0..5),
        (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()),
        (0u16..=999, 0u16..=999, 0u16..=999),
        prop::collection::vec(
            (0u16..=999, prop::option::of(any::<u8>()), prop::option::of(any::<u8>())),
            0..4,
        ),
        "[a-z ]{0,12}",
    )
        .prop_map(|(types, (front, side, rear, bs), (fire_points, capacity, points), weapons, name)| {
            Vehicle {
                name,
                types: types.into_iter().map(str::to_owned).collect(),
                armour: Armour { front, side, rear },
                bs,
                weapons: weapons
                    .into_iter()
                    .map(|(range, strength, ap)| Weapon { range, strength, ap, ..Weapon::default() })
                    .collect(),
                fire_points,
                capacity,
                points,
            }
        })
}

proptest! {
    #[test]
    fn any_roster_is_judged_without_panicking_and_its_figures_add_up(
        vehicles in prop::collection::vec(any_vehicle(), 0..12),
        limit in prop::option::of(1u32..=5000),
    ) {
        let r = Roster { points_limit: limit, vehicles, ..Roster::default() };
        let c = check(&r);

        let total: u32 = r.vehicles.iter().map(|v| u32::from(v.points)).sum();
        prop_assert_eq!(c.points, total);
        prop_assert_eq!(c.vehicles.len(), r.vehicles.len());
        prop_assert_eq!(c.legal, !c.problems.iter().any(Problem::is_error));
        prop_assert_eq!(limit.is_some_and(|l| total > l), c.problems.iter().any(|p| p.code == Shared::OverPointsLimit));
        for (i, card) in c.vehicles.iter().enumerate() {
            let prefix = format!("vehicles.{i}.");
            let errors = c.problems.iter().any(|p| p.is_error() && p.part.as_deref().is_some_and(|part| part.starts_with(&prefix)));
            prop_assert_eq!(card.legal, !errors);
            prop_assert_eq!(card.types, vehicle_types(&r.vehicles[i]));
            prop_assert!(!card.rules.is_empty());
        }
        let text = text_export(&r);
        let total_line = format!("Total: {total}");
        prop_assert!(text.contains(&total_line));
    }
}
