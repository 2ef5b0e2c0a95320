//! The smallest boat of every hull, load and spaces, big guns and the one-third rule.

use super::*;

// ---------------------------------------------------------------- the minimal boats

#[test]
fn the_minimal_boat_of_every_hull_is_legal() {
    for d in [rowboat(), dinghy(), speeder(), cruiser(), yacht()] {
        // Act
        let e = check(&d);

        // Assert
        assert_eq!(e.problems, vec![], "{}", d.hull.id());
    }
}

// ---------------------------------------------------------------- load and spaces

#[test]
fn the_darter_with_one_more_point_of_armor_is_over_its_max_load() {
    // Arrange: the Darter weighs 799 lb of the Rowboat's 800; a point of armor is 3 lb.
    let darter = crate::games::boats::examples::darter();
    let heavier = with_armor(darter.clone(), Loc::U, 4);

    // Act
    let got = flagged(&heavier, Code::OverMaxLoad);

    // Assert
    assert_eq!(got, error("Weighs 802 lb; a Rowboat's maximum load is 800 lb (2 lb over)"));
    assert_legal_without(&darter, Code::OverMaxLoad);
}

#[test]
fn a_boat_at_exactly_its_max_load_is_legal() {
    let mut d = rowboat();
    d.cargo.push(CargoEntry { cargo: false, ..cargo(0, 440) });

    assert_eq!(figures_of(&d).weight, lb(800));
    assert_legal_without(&d, Code::OverMaxLoad);
}

#[test]
fn a_third_of_a_space_too_many_is_over_spaces() {
    // Arrange: a Dinghy with 5 passengers fills its 10 spaces; a mini rocket takes a third more.
    let full = with_crew(dinghy(), "passenger", 5);
    let over = with_weapon(full.clone(), "mini-rocket", Mount::F);

    // Act
    let got = flagged(&over, Code::OverSpaces);

    // Assert
    assert_eq!(got, error("Parts take 10 1/3 spaces; a Dinghy has 10"));
    assert_legal_without(&full, Code::OverSpaces);
}

#[test]
fn a_fourth_passenger_in_a_speeders_cargo_space_is_over_its_three() {
    let mut three = speeder();
    three.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 3) });
    let mut four = three.clone();
    four.crew[1].count = 4;

    assert_eq!(
        flagged(&four, Code::OverCargoSpaces),
        error("Cargo space holds 4 spaces of goods and passengers; a Speeder has 3")
    );
    assert_legal_without(&three, Code::OverCargoSpaces);
}

#[test]
fn a_dinghy_has_no_cargo_space_at_all() {
    let mut d = dinghy();
    d.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 1) });

    assert_eq!(
        flagged(&d, Code::OverCargoSpaces),
        error("Cargo space holds 1 space of goods and passengers; a Dinghy has no cargo space")
    );
}

#[test]
fn a_fire_extinguisher_cannot_ride_in_cargo_space() {
    // Arrange
    let mut d = speeder();
    d.accessories.push(AccessoryEntry { cargo: true, ..AccessoryEntry::new(item("fire-extinguisher"), 1) });
    let mut neighbour = speeder();
    neighbour
        .accessories
        .push(AccessoryEntry { cargo: true, ..AccessoryEntry::new(item("passenger-accommodations"), 1) });

    // Act
    let got = flagged(&d, Code::NotForCargoSpace);

    // Assert
    assert_eq!(
        got,
        error(
            "Fire extinguisher cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"
        )
    );
    assert_legal_without(&neighbour, Code::NotForCargoSpace);
}

#[test]
fn a_gunner_cannot_ride_in_cargo_space_but_a_passenger_can() {
    let mut d = speeder();
    d.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("gunner"), 1) });
    let mut neighbour = speeder();
    neighbour.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 1) });

    assert_eq!(
        flagged(&d, Code::NotForCargoSpace),
        error(
            "Gunner cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"
        )
    );
    assert_legal_without(&neighbour, Code::NotForCargoSpace);
}

// ---------------------------------------------------------------- big guns and the one-third rule

#[test]
fn an_anti_tank_gun_cannot_go_on_a_rowboat() {
    let d = with_weapon(rowboat(), "atg", Mount::F);
    let neighbour = with_weapon(dinghy(), "atg", Mount::F);

    assert_eq!(
        flagged(&d, Code::GunNotOnHull),
        error("Anti-tank gun cannot be mounted on a Rowboat; anti-tank guns need a Dinghy or larger")
    );
    assert_legal_without(&neighbour, Code::GunNotOnHull);
}

#[test]
fn a_tank_gun_cannot_go_on_a_dinghy() {
    let d = with_weapon(dinghy(), "tg", Mount::F);
    let neighbour = with_weapon(yacht(), "tg", Mount::F);

    assert_eq!(
        flagged(&d, Code::GunNotOnHull),
        error("Tank gun cannot be mounted on a Dinghy; tank guns need a Speeder or larger")
    );
    assert_legal_without(&neighbour, Code::GunNotOnHull);
}

#[test]
fn an_anti_tank_gun_on_a_dinghy_faces_front_or_back_only() {
    let d = with_weapon(dinghy(), "atg", Mount::L);
    let neighbour = with_weapon(dinghy(), "atg", Mount::B);

    assert_eq!(
        flagged(&d, Code::GunFrontOrBack),
        error("Anti-tank gun on a Dinghy must face front or back, not left")
    );
    assert_legal_without(&neighbour, Code::GunFrontOrBack);
}

#[test]
fn a_tank_gun_on_a_speeder_or_cruiser_faces_front_or_back_only() {
    // A tank gun is too big for either under the one-third rule; the facing is a limit of its own.
    for (d, name) in [(speeder(), "Speeder"), (cruiser(), "Cruiser")] {
        let right = with_weapon(d.clone(), "tg", Mount::R);
        let back = with_weapon(d, "tg", Mount::B);

        assert_eq!(
            flagged(&right, Code::GunFrontOrBack),
            error(&format!("Tank gun on a {name} must face front or back, not right"))
        );
        assert_without(&back, Code::GunFrontOrBack);
    }
}

#[test]
fn a_tank_gun_on_a_yacht_may_face_any_side() {
    let d = with_weapon(yacht(), "tg", Mount::BR);

    assert_legal_without(&d, Code::GunFrontOrBack);
}

#[test]
fn a_big_gun_that_must_face_front_or_back_cannot_go_in_a_turret() {
    // Arrange: the Dinghy's 1-space turret is also too small for the 3-space gun.
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["atg"]));
    let neighbour = with_turret(with_top(cruiser(), Top::Full), turret(3, &["atg"]));

    // Act
    let got = flagged(&d, Code::GunFrontOrBack);

    // Assert
    assert_eq!(got, error("Anti-tank gun on a Dinghy must face front or back, so it cannot go in a turret"));
    assert_legal_without(&neighbour, Code::GunFrontOrBack);
}

#[test]
fn a_tank_gun_is_too_big_for_a_cruiser_under_the_one_third_rule() {
    let d = with_weapon(cruiser(), "tg", Mount::F);
    let neighbour = with_weapon(yacht(), "tg", Mount::F);

    assert_eq!(
        flagged(&d, Code::WeaponTooBig),
        error(
            "Tank gun needs 10 spaces; a Cruiser's single weapon may use at most 8 (a third of its 25 spaces)"
        )
    );
    assert_legal_without(&neighbour, Code::WeaponTooBig);
}

#[test]
fn an_autocannon_is_too_big_for_a_rowboat_but_a_vulcan_fits() {
    let d = with_weapon(rowboat(), "ac", Mount::F);
    let neighbour = with_weapon(rowboat(), "vmg", Mount::F);

    assert_eq!(
        flagged(&d, Code::WeaponTooBig),
        error(
            "Autocannon needs 3 spaces; a Rowboat's single weapon may use at most 2 (a third of its 6 spaces)"
        )
    );
    assert_without(&neighbour, Code::WeaponTooBig);
}
