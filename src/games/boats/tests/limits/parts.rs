//! Propulsion, crew, mounts and armor.

use super::*;

// ---------------------------------------------------------------- propulsion

#[test]
fn a_propeller_takes_at_most_ten_points_of_guard() {
    let guarded = |guard| {
        let mut d = dinghy();
        d.propellers[0].guard = guard;
        d
    };

    assert_eq!(
        flagged(&guarded(11), Code::PropellerGuardOver),
        error("Propeller 1 has 11 points of guard; a propeller takes at most 10")
    );
    assert_legal_without(&guarded(10), Code::PropellerGuardOver);
}

#[test]
fn a_jet_drive_replaces_propellers() {
    let d = Design { jet_drive: true, ..boat("dinghy", "medium") };
    let neighbour = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };

    assert_eq!(
        flagged(&d, Code::JetWithPropellers),
        error("A jet drive replaces propellers; remove the propeller or the jet drive")
    );
    assert_legal_without(&neighbour, Code::JetWithPropellers);
}

#[test]
fn a_jet_drive_short_of_power_factors_does_not_run_and_the_boat_stands_still() {
    // Arrange: 1,300 + 300 + 150 + 500 = 2,250 lb needs 1,125 power factors; a Small plant has 1,000.
    let d = Design { jet_drive: true, propellers: vec![], ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(
        flagged(&d, Code::JetDriveWontRun),
        warning(
            "The jet drive will not run: the plant's 1,000 power factors are under half the boat's 2,250 lb (it needs at least 1,125). With no propeller the boat has no powered movement: acceleration and top speed are 0"
        )
    );
    assert!(e.legal());
    assert_eq!(e.figures.jet_drive_running, Some(false));
    assert_eq!(e.figures.acceleration, Speed::ZERO);
    assert_eq!(e.figures.top_speed, Speed::ZERO);
    assert_eq!(e.figures.range_miles_at_20_mph, None);
    let neighbour = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };
    assert_legal_without(&neighbour, Code::JetDriveWontRun);
}

#[test]
fn a_propeller_must_be_sized_to_the_plant() {
    let sized = |id| {
        let mut d = dinghy();
        d.propellers[0].size = Some(Ref::Known(plant(id)));
        d
    };

    assert_eq!(
        flagged(&sized("medium"), Code::PropellerWrongSize),
        error("Propeller 1 is sized for a Medium plant; a Small plant turns Small propellers")
    );
    assert_legal_without(&sized("small"), Code::PropellerWrongSize);
}

#[test]
fn propellers_or_a_jet_drive_need_a_plant() {
    let props = Design { plant: None, ..dinghy() };
    let jet = Design { plant: None, propellers: vec![], jet_drive: true, ..dinghy() };

    assert_eq!(flagged(&props, Code::NoPlant), error("Propellers need a power plant; choose one"));
    assert_eq!(flagged(&jet, Code::NoPlant), error("The jet drive needs a power plant; choose one"));
    assert_eq!(flagged(&jet, Code::JetDriveWontRun), vec![]);
    assert_legal_without(&dinghy(), Code::NoPlant);
}

#[test]
fn a_plant_with_nothing_to_drive_cannot_move_the_boat() {
    let d = Design { propellers: vec![], ..dinghy() };

    assert_eq!(
        flagged(&d, Code::NoWayToMove),
        error("The power plant has nothing to drive: add a propeller or a jet drive")
    );
    assert_legal_without(&dinghy(), Code::NoWayToMove);
}

#[test]
fn a_boat_without_plant_or_oars_has_no_way_to_move() {
    let d = Design::empty(hull("dinghy"));
    let neighbour = Design { oars: 1, ..Design::empty(hull("dinghy")) };

    assert_eq!(
        flagged(&d, Code::NoWayToMove),
        error("The boat has no way to move: add a power plant with a propeller or jet drive, or oars")
    );
    assert_legal_without(&neighbour, Code::NoWayToMove);
}

#[test]
fn a_plant_without_propellers_on_a_rowed_boat_is_idle() {
    let d = Design { propellers: vec![], oars: 1, ..dinghy() };

    assert_eq!(
        flagged(&d, Code::PlantIdle),
        warning("The power plant has no propeller or jet drive to turn; only the oars move the boat")
    );
    assert_legal_without(&Design { oars: 1, ..dinghy() }, Code::PlantIdle);
}

// ---------------------------------------------------------------- crew

#[test]
fn every_boat_needs_a_pilot() {
    let nobody = Design { crew: vec![], ..dinghy() };
    let gunner_only = Design { crew: vec![CrewEntry::new(role("gunner"), 1)], ..dinghy() };

    for d in [nobody, gunner_only] {
        assert_eq!(flagged(&d, Code::NoPilot), error("Every boat needs a pilot; add one to the crew"));
    }
    assert_legal_without(&dinghy(), Code::NoPilot);
}

// ---------------------------------------------------------------- mounts

#[test]
fn a_small_boat_has_no_split_side_mounts() {
    let d = with_weapon(dinghy(), "mg", Mount::FL);
    let neighbour = with_weapon(dinghy(), "mg", Mount::L);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("A Dinghy has no front-left mount; use F, B, L or R")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

#[test]
fn a_yacht_mounts_side_weapons_front_or_back_of_the_side() {
    let d = with_weapon(yacht(), "mg", Mount::L);
    let neighbour = with_weapon(yacht(), "mg", Mount::BL);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("A Yacht has no left mount; use F, B, FL, FR, BL or BR")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

#[test]
fn a_dropped_weapon_cannot_face_front() {
    let d = with_weapon(dinghy(), "smokescreen", Mount::F);
    let yacht_charge = with_weapon(yacht(), "depth-charge", Mount::FR);
    let neighbour = with_weapon(dinghy(), "smokescreen", Mount::R);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("Smokescreen drops its load off the back or a side, so it cannot face front")
    );
    assert_eq!(
        flagged(&yacht_charge, Code::MountNotAllowed),
        error("Depth charge drops its load off the back or a side, so it cannot face front-right")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

// ---------------------------------------------------------------- armor

#[test]
fn a_dinghy_has_no_front_left_armor() {
    let d = with_armor(dinghy(), Loc::FL, 5);
    let neighbour = with_armor(yacht(), Loc::FL, 5);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error(
            "5 points on Front Left (FL), but this Dinghy has no such location; its locations are F, L, R, B, U"
        )
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn top_armor_needs_a_top() {
    let d = with_armor(dinghy(), Loc::T, 2);
    let neighbour = with_top(d.clone(), Top::Half);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("2 points on Top (T), but this Dinghy has no such location; its locations are F, L, R, B, U")
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn deck_armor_needs_a_deck() {
    let d = with_armor(dinghy(), Loc::D, 2);
    let neighbour = Design { deck: Some(Deck { below: None }), ..d.clone() };

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("2 points on Deck (D), but this Dinghy has no such location; its locations are F, L, R, B, U")
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn a_yacht_top_and_deck_are_armored_front_and_back() {
    let d = with_armor(with_top(yacht(), Top::Full), Loc::T, 1);
    let neighbour = with_armor(with_armor(with_top(yacht(), Top::Full), Loc::FT, 1), Loc::BD, 1);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error(
            "1 point on Top (T), but this Yacht has no such location; its locations are F, FL, BL, FR, BR, B, FU, BU, FT, BT, FD, BD"
        )
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn an_unknown_armor_location_is_named() {
    let mut d = dinghy();
    d.armor.points.unknown.push(("Q".into(), 5));

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("5 points on \"Q\", which is not an armor location; use F, L, R, B, U")
    );
}
