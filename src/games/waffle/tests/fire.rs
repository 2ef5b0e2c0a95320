//! The fire-point planner.

use super::*;

fn transport(fire_points: u16, capacity: u16) -> Vehicle {
    Vehicle { fire_points, capacity, ..vehicle("Box", &["tank", "transport"]) }
}

#[test]
fn each_speed_without_smoke_gives_what_the_text_says() {
    let v = transport(2, 10);

    let got: Vec<(PassengerFire, u16)> =
        Speed::ALL.iter().map(|&s| fire_points(&v, s, false)).map(|p| (p.fire, p.shooters)).collect();

    assert_eq!(
        got,
        [
            (PassengerFire::Normal, 2),
            (PassengerFire::CountsAsMoved, 2),
            (PassengerFire::SnapShotsOnly, 2),
            (PassengerFire::None, 0),
        ]
    );
}

#[test]
fn smoke_stops_the_passengers_at_every_speed() {
    let v = transport(2, 10);

    for speed in Speed::ALL {
        let plan = fire_points(&v, speed, true);
        assert_eq!((plan.fire, plan.shooters), (PassengerFire::None, 0), "{speed:?}");
        assert!(plan.why.contains("smoke"));
        assert_eq!(plan.vehicle_note, None);
    }
}

#[test]
fn shooting_out_is_said_to_cost_the_vehicle_flat_out_and_smoke() {
    let plan = fire_points(&transport(2, 10), Speed::Combat, false);

    assert!(plan.vehicle_note.is_some_and(|n| n.contains("flat out") && n.contains("smoke")));
    assert!(plan.why.contains("combat speed"));
    assert!(fire_points(&transport(2, 10), Speed::Cruising, false).why.contains("snap shots"));
    assert!(fire_points(&transport(2, 10), Speed::FlatOut, false).why.contains("flat out"));
}

#[test]
fn shooters_are_one_per_fire_point_up_to_the_capacity() {
    assert_eq!(fire_points(&transport(1, 10), Speed::Stationary, false).shooters, 1);
    assert_eq!(fire_points(&transport(10, 10), Speed::Stationary, false).shooters, 10);
    assert_eq!(fire_points(&transport(6, 4), Speed::Combat, false).shooters, 4);
}

#[test]
fn nobody_shoots_out_of_a_vehicle_without_fire_points_room_or_the_transport_type() {
    let tank = Vehicle { fire_points: 2, capacity: 10, ..vehicle("Tank", &["tank"]) };
    let cases =
        [(transport(0, 10), "no fire points"), (transport(2, 0), "capacity is 0"), (tank, "not a Transport")];
    for (v, why) in cases {
        for speed in Speed::ALL {
            for smoke in [false, true] {
                let plan = fire_points(&v, speed, smoke);
                assert_eq!((plan.fire, plan.shooters), (PassengerFire::None, 0));
                assert!(plan.why.contains(why), "{}", plan.why);
                assert_eq!((plan.speed, plan.smoke), (speed, smoke));
            }
        }
    }
}

#[test]
fn a_transport_named_by_its_display_name_counts() {
    let v = Vehicle { fire_points: 1, capacity: 1, ..Vehicle::new("Box", &["Transport"]) };

    assert_eq!(fire_points(&v, Speed::Cruising, false).fire, PassengerFire::SnapShotsOnly);
}

#[test]
fn speeds_and_plans_serialize_as_the_api_gives_them() {
    let speed: Speed = serde_json::from_str("\"flat-out\"").unwrap();
    assert_eq!(speed, Speed::FlatOut);
    assert!(serde_json::from_str::<Speed>("\"warp\"").is_err());
    for s in Speed::ALL {
        assert_eq!(serde_json::to_value(s).unwrap(), s.id());
        assert!(!s.name().is_empty());
    }

    let json = serde_json::to_value(fire_points(&transport(2, 10), Speed::Cruising, false)).unwrap();
    assert_eq!(json["fire"], "snap-shots-only");
    assert_eq!(json["shooters"], 2);
    assert_eq!(json["speed"], "cruising");
    let json = serde_json::to_value(fire_points(&transport(2, 10), Speed::FlatOut, false)).unwrap();
    assert_eq!(json["fire"], "none");
    assert!(json.get("vehicle_note").is_none());
}
