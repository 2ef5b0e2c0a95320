//! Turrets: sizes by hull and top, how many, what they hold and where they go.

use super::*;

// ---------------------------------------------------------------- turrets

/// A top with a turret one size over the hull's limit is flagged; at the limit it is legal.
fn check_turret_limit(d: Design, name: &str, largest: u8) {
    let over = with_turret(with_top(d.clone(), Top::Full), turret(largest + 1, &[]));
    let at = with_turret(with_top(d, Top::Full), turret(largest, &[]));

    assert_eq!(
        flagged(&over, Code::TurretTooBig),
        error(&format!(
            "A {}-space turret is too big for a {name}: its top takes at most a {largest}-space turret",
            largest + 1
        ))
    );
    assert_legal_without(&at, Code::TurretTooBig);
}

#[test]
fn a_rowboat_top_takes_only_a_zero_space_turret() {
    check_turret_limit(rowboat(), "Rowboat", 0);
}

#[test]
fn a_dinghy_top_takes_up_to_a_one_space_turret() {
    check_turret_limit(dinghy(), "Dinghy", 1);
}

#[test]
fn a_speeder_top_takes_up_to_a_two_space_turret() {
    check_turret_limit(speeder(), "Speeder", 2);
}

#[test]
fn a_cruiser_top_takes_up_to_a_three_space_turret() {
    check_turret_limit(cruiser(), "Cruiser", 3);
}

#[test]
fn a_yacht_top_takes_any_size_of_turret() {
    let d = with_turret(with_top(yacht(), Top::Full), turret(4, &[]));
    let popup = with_turret(with_top(yacht(), Top::Full), TurretEntry { popup: true, ..turret(4, &[]) });

    assert_legal_without(&d, Code::TurretTooBig);
    assert_legal_without(&popup, Code::TurretTooBig);
}

#[test]
fn there_is_no_five_space_turret() {
    let d = with_turret(with_top(yacht(), Top::Full), turret(5, &[]));

    assert_eq!(
        flagged(&d, Code::UnknownTurret),
        error("There is no 5-space turret; turrets hold 0 to 4 spaces")
    );
}

#[test]
fn only_a_yacht_with_a_full_boat_top_carries_a_second_turret() {
    let two = with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &[])), turret(1, &[]));
    let cruiser_two =
        with_turret(with_turret(with_top(cruiser(), Top::Full), turret(1, &[])), turret(1, &[]));

    assert_legal_without(&two, Code::TooManyTurrets);
    assert_eq!(
        flagged(&cruiser_two, Code::TooManyTurrets),
        error("This Cruiser has room for 1 turret: only a Yacht with a full Boat Top carries two")
    );
}

#[test]
fn a_yacht_with_a_half_top_gets_one_turret() {
    let one = with_turret(with_top(yacht(), Top::Half), turret(1, &[]));
    let two = with_turret(one.clone(), turret(1, &[]));

    assert_eq!(
        flagged(&two, Code::TooManyTurrets),
        error("This Yacht has room for 1 turret: a second turret needs a full Boat Top")
    );
    assert_legal_without(&one, Code::TooManyTurrets);
}

#[test]
fn a_third_turret_on_a_yacht_is_one_too_many() {
    let two = with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &[])), turret(1, &[]));
    let three = with_turret(two.clone(), turret(1, &[]));

    assert_eq!(
        flagged(&three, Code::TooManyTurrets),
        error("This Yacht has room for 2 turrets: one in each top location")
    );
    assert_legal_without(&two, Code::TooManyTurrets);
}

#[test]
fn a_turret_needs_a_top() {
    let d = with_turret(dinghy(), turret(1, &[]));
    let neighbour = with_turret(with_top(dinghy(), Top::Half), turret(1, &[]));

    assert_eq!(
        flagged(&d, Code::TurretNeedsTop),
        error("A turret sits in the roof: add a Boat Top or Half Top")
    );
    assert_legal_without(&neighbour, Code::TurretNeedsTop);
}

#[test]
fn a_turret_holds_no_more_than_its_size() {
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["vmg"]));
    let neighbour = with_turret(with_top(dinghy(), Top::Full), turret(1, &["mg"]));

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 1-space turret holds 1 space of weapons; its contents need 2")
    );
    assert_legal_without(&neighbour, Code::TurretOverfull);
}

#[test]
fn an_extra_magazine_counts_against_the_turret_room() {
    let mut t = turret(1, &["mg"]);
    t.weapons[0].extra_magazines = 1;
    let d = with_turret(with_top(dinghy(), Top::Full), t);

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 1-space turret holds 1 space of weapons; its contents need 2")
    );
}

#[test]
fn a_zero_space_turret_holds_only_a_targeting_laser() {
    let d = with_turret(with_top(rowboat(), Top::Full), turret(0, &["mg"]));
    let neighbour = with_turret(with_top(rowboat(), Top::Full), turret(0, &["tl"]));

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 0-space turret holds 0 spaces of weapons; its contents need 1")
    );
    assert_legal_without(&neighbour, Code::TurretOverfull);
}

#[test]
fn a_turret_on_a_yacht_with_a_full_top_goes_front_or_back() {
    let top = with_top(yacht(), Top::Full);
    let d = with_turret(top.clone(), TurretEntry { location: Some(Loc::T), ..turret(1, &[]) });
    let neighbour = with_turret(top, TurretEntry { location: Some(Loc::BT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("A turret on this Yacht goes in FT or BT, not T"));
    assert_legal_without(&neighbour, Code::TurretLocation);
}

#[test]
fn a_turret_on_a_small_boat_goes_in_its_one_top() {
    let d =
        with_turret(with_top(dinghy(), Top::Full), TurretEntry { location: Some(Loc::FT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("A turret on this Dinghy goes in T, not FT"));
}

#[test]
fn two_turrets_cannot_share_a_top_location() {
    let top = with_top(yacht(), Top::Full);
    let front = TurretEntry { location: Some(Loc::FT), ..turret(1, &[]) };
    let d = with_turret(with_turret(top.clone(), front.clone()), front.clone());
    let neighbour =
        with_turret(with_turret(top, front), TurretEntry { location: Some(Loc::BT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("Two turrets in FT: each top location holds one"));
    assert_legal_without(&neighbour, Code::TurretLocation);
}

#[test]
fn a_dropped_weapon_cannot_go_in_a_turret() {
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["smokescreen"]));
    let neighbour = with_weapon(dinghy(), "smokescreen", Mount::B);

    assert_eq!(
        flagged(&d, Code::NotInTurret),
        error("Smokescreen drops its load over the side, so it cannot go in a turret")
    );
    assert_legal_without(&neighbour, Code::NotInTurret);
}
