//! A part's path ("turrets.0.weapons.1"): printed, read back, and written as a DOM id.

use crate::games::boats::evaluate::Part;

/// One part of every kind at each of `places` (a turret weapon at each place in turret 2, and
/// the first weapon of a turret at each place), and every part that has no place.
fn parts_at(places: impl IntoIterator<Item = usize>) -> Vec<Part> {
    let mut parts = vec![
        Part::Hull,
        Part::Plant,
        Part::JetDrive,
        Part::Oars,
        Part::Top,
        Part::Deck,
        Part::Hydrofoils,
        Part::WeightedKeel,
        Part::Spoiler,
        Part::Armor,
    ];
    for i in places {
        parts.extend([
            Part::Propeller(i),
            Part::Crew(i),
            Part::Weapon(i),
            Part::Turret(i),
            Part::Accessory(i),
        ]);
        parts.extend([Part::Cargo(i), Part::TurretWeapon(i, 0), Part::TurretWeapon(2, i)]);
    }
    parts
}

/// Every part has a key of its own (`Part::key`, how a boat's row sums are sorted and found):
/// each kind at many places, turret weapons at many places in many turrets, and places at the
/// far end of a `usize`.
#[test]
fn no_two_parts_share_a_key() {
    let places: Vec<usize> = (0..40).chain([199, 1 << 32, usize::MAX - 1, usize::MAX]).collect();
    let mut parts = parts_at(places.iter().copied());
    for &i in &places {
        parts.extend((0..12).map(|w| Part::TurretWeapon(i, w)));
    }
    parts.sort_by_key(|p| p.key());
    parts.dedup();
    let keys: std::collections::HashSet<u128> = parts.iter().map(|p| p.key()).collect();
    assert_eq!(keys.len(), parts.len());
}

/// Every part reads back from the path it prints as, and nothing else reads as a part.
#[test]
fn a_part_is_found_at_the_path_it_prints_as_and_only_there() {
    let parts = parts_at([0, 1, 9, 10, 47, 1000]);
    for p in parts {
        assert_eq!(Part::at(&p.to_string()), Some(p), "{p}");
        // Its DOM id's steps are the same, between dashes.
        let mut dashed = String::new();
        p.write_to(&mut dashed, "-").expect("a String takes anything");
        assert_eq!(dashed, p.to_string().replace('.', "-"), "{p}");
    }
    for path in [
        "",
        "hull.0",
        "crew",
        "crew.",
        "crew.01",
        "crew.+1",
        "crew.-1",
        "crew.1.role",
        "weapons.x",
        "turrets.0.weapons",
        "turrets.0.weapons.1.ammo",
        "turrets.0.location",
        "armor.points.F",
        "name",
        "Hull",
        "weapons..1",
        "propellers.1.size",
    ] {
        assert_eq!(Part::at(path), None, "{path:?}");
    }
}
