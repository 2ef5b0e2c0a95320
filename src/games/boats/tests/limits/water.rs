//! Warnings about the water.

use super::*;
use crate::games::Shared;

// ---------------------------------------------------------------- warnings about the water

#[test]
fn hydrofoils_on_a_boat_that_never_reaches_35_mph_never_lift() {
    // Arrange: 1,300 + 100 + 10 + 150 + 650 = 2,210 lb on 500 power factors: 20 mph.
    let d = Design { hydrofoils: true, ..boat("dinghy", "mini") };
    let neighbour = Design { hydrofoils: true, ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(
        flagged(&d, Code::HydrofoilsNeverLift),
        warning(
            "Hydrofoils lift the boat at 35 mph, but its top speed is 20 mph: they never lift, and only add cost and weight"
        )
    );
    assert_eq!(e.figures.top_speed_on_hydrofoils, None);
    assert_eq!(e.figures.handling_class_on_hydrofoils, None);
    assert_legal_without(&neighbour, Code::HydrofoilsNeverLift);
}

#[test]
fn a_boat_faster_than_50_mph_overruns_its_forward_torpedo() {
    // 1,300 + 500 + 25 + 150 + 100 = 2,075 lb on 2,500 power factors: 80 mph.
    let d = with_weapon(boat("dinghy", "medium"), "torpedo", Mount::F);
    let neighbour = with_weapon(boat("dinghy", "medium"), "torpedo", Mount::B);

    assert_eq!(
        flagged(&d, Code::TorpedoOverrun),
        warning(
            "Torpedoes run at 50 mph; fired forward at more than that (top speed 80 mph) the boat catches and sets off its own torpedo"
        )
    );
    assert_legal_without(&neighbour, Code::TorpedoOverrun);
}

#[test]
fn a_boat_up_on_hydrofoils_overruns_its_forward_torpedo() {
    // Arrange: 1,765 + 100 + 650 = 2,515 lb on 1,000 power factors: 40 mph in the water, 60 once
    // foiling.
    let d = Design { hydrofoils: true, ..with_weapon(dinghy(), "torpedo", Mount::F) };
    let neighbour = Design { hydrofoils: true, ..with_weapon(dinghy(), "torpedo", Mount::B) };

    // Act
    let got = flagged(&d, Code::TorpedoOverrun);

    // Assert
    assert_eq!(check(&d).figures.top_speed, Speed::mph(40));
    assert_eq!(
        got,
        warning(
            "Torpedoes run at 50 mph; fired forward at more than that (top speed 60 mph on hydrofoils) the boat catches and sets off its own torpedo"
        )
    );
    assert_legal_without(&neighbour, Code::TorpedoOverrun);
}

#[test]
fn spikes_oil_and_ordinary_mines_do_nothing_on_water() {
    let spikes = with_weapon(dinghy(), "spikedropper", Mount::B);
    let mines = with_weapon(dinghy(), "minedropper", Mount::B);
    let oil = with_weapon(dinghy(), "oil-jet", Mount::B);
    let amphibious = with_entry(
        dinghy(),
        WeaponEntry {
            ammo: Some("amphibious".into()),
            ..WeaponEntry::new(weapon("minedropper"), Some(Mount::B))
        },
    );

    assert_eq!(
        flagged(&spikes, Code::NoEffectOnWater),
        warning("Spikedropper does nothing against boats with this load. Spikes sink at once.")
    );
    assert_eq!(
        flagged(&mines, Code::NoEffectOnWater),
        warning(
            "Minedropper does nothing against boats with this load. Ordinary mines sink harmlessly; amphibious mines (double price) float."
        )
    );
    assert_eq!(
        flagged(&oil, Code::NoEffectOnWater),
        warning("Oil jet does nothing against boats with this load. Oil does nothing on water.")
    );
    assert_legal_without(&amphibious, Code::NoEffectOnWater);
}

#[test]
fn a_design_from_a_newer_drydock_is_flagged() {
    let d = Design { version: crate::games::boats::DESIGN_VERSION + 1, ..dinghy() };

    assert_eq!(
        flagged(&d, Shared::NewerVersion),
        warning(
            "This design was written by a newer Drydock (version 2); parts this version does not know may be missing"
        )
    );
    assert_legal_without(&dinghy(), Shared::NewerVersion);
}
