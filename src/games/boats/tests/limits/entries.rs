//! Unknown ids and weapon options.

use super::*;

// ---------------------------------------------------------------- unknown ids

#[test]
fn an_unknown_hull_lists_the_nearest_hulls() {
    let d = Design { hull: Ref::Unknown("yaht".into()), ..dinghy() };

    assert_eq!(
        flagged(&d, Code::UnknownHull),
        error("Unknown hull \"yaht\"; the nearest valid ids are: yacht, dinghy, rowboat, cruiser")
    );
}

#[test]
fn an_unknown_plant_lists_the_nearest_plants() {
    let d = Design { plant: Some(Ref::Unknown("meduim".into())), ..dinghy() };

    assert_eq!(
        flagged(&d, Code::UnknownPlant),
        error("Unknown power plant \"meduim\"; the nearest valid ids are: medium, mini, large, small")
    );
}

#[test]
fn an_unknown_propeller_size_lists_the_plants() {
    let mut d = dinghy();
    d.propellers[0].size = Some(Ref::Unknown("smal".into()));

    assert_eq!(
        flagged(&d, Code::UnknownPropellerSize),
        error("Unknown power plant \"smal\"; the nearest valid ids are: small, mini, super, large")
    );
}

#[test]
fn an_unknown_weapon_lists_the_nearest_weapons() {
    let mut d = dinghy();
    d.weapons
        .push(WeaponEntry { weapon: Ref::Unknown("vgm".into()), ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&d, Code::UnknownWeapon),
        error("Unknown weapon \"vgm\"; the nearest valid ids are: vmg, wgm, hmg, lmg")
    );
}

#[test]
fn an_unknown_accessory_lists_the_nearest_accessories() {
    let mut d = dinghy();
    d.accessories.push(AccessoryEntry {
        item: Ref::Unknown("sonarr".into()),
        ..AccessoryEntry::new(item("sonar"), 1)
    });

    assert_eq!(
        flagged(&d, Code::UnknownAccessory),
        error("Unknown accessory \"sonarr\"; the nearest valid ids are: sonar, radar, galley, solar-panel")
    );
}

#[test]
fn an_unknown_armor_type_lists_the_nearest_types() {
    let mut d = with_armor(dinghy(), Loc::F, 1);
    d.armor.kind = Ref::Unknown("fireprof".into());

    assert_eq!(
        flagged(&d, Code::UnknownArmorType),
        error(
            "Unknown armor type \"fireprof\"; the nearest valid ids are: fireproof, lr-fireproof, rp-fireproof, radarproof"
        )
    );
}

#[test]
fn an_unknown_crew_role_lists_the_roles() {
    let mut d = dinghy();
    d.crew.push(CrewEntry { role: Ref::Unknown("pilto".into()), ..CrewEntry::new(role("pilot"), 1) });

    assert_eq!(
        flagged(&d, Code::UnknownRole),
        error("Unknown crew role \"pilto\"; the nearest valid ids are: pilot, gunner, passenger")
    );
}

#[test]
fn an_unknown_ammunition_lists_the_weapons_ammunition() {
    let d = with_entry(
        dinghy(),
        WeaponEntry { ammo: Some("hdd".into()), ..WeaponEntry::new(weapon("mg"), None) },
    );
    let laser = with_entry(
        dinghy(),
        WeaponEntry { ammo: Some("hd".into()), ..WeaponEntry::new(weapon("light-laser"), None) },
    );

    assert_eq!(
        flagged(&d, Code::UnknownAmmo),
        error("Machine gun has no ammunition \"hdd\"; choose one of standard, hd, ap, incendiary, explosive")
    );
    assert_eq!(flagged(&laser, Code::UnknownAmmo), error("Light laser takes no ammunition; remove \"hd\""));
}

// ---------------------------------------------------------------- weapon options

#[test]
fn a_weapon_without_a_magazine_takes_no_extra_magazine_or_switch() {
    let mags = with_entry(
        dinghy(),
        WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("light-laser"), None) },
    );
    let switch = with_entry(
        dinghy(),
        WeaponEntry { magazine_switch: true, ..WeaponEntry::new(weapon("torpedo"), None) },
    );
    let neighbour =
        with_entry(dinghy(), WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&mags, Code::NoMagazine),
        error("Light laser has no magazine, so it cannot take extra magazines")
    );
    assert_eq!(
        flagged(&switch, Code::NoMagazine),
        error("Torpedo has no magazine, so it cannot take a magazine switch")
    );
    assert_legal_without(&neighbour, Code::NoMagazine);
}

#[test]
fn a_rocket_magazine_only_holds_single_shot_rockets() {
    let mg = with_entry(dinghy(), WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("mg"), None) });
    let torpedo =
        with_entry(dinghy(), WeaponEntry { rocket_magazine: 1, ..WeaponEntry::new(weapon("torpedo"), None) });
    let neighbour = with_entry(
        dinghy(),
        WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("light-rocket"), None) },
    );

    assert_eq!(
        flagged(&mg, Code::NoRocketMagazine),
        error("A rocket magazine only holds single-shot rockets, not a Machine gun")
    );
    assert_eq!(
        flagged(&torpedo, Code::NoRocketMagazine),
        error("A rocket magazine only holds single-shot rockets, not a Torpedo")
    );
    assert_legal_without(&neighbour, Code::NoRocketMagazine);
}

#[test]
fn a_single_linked_weapon_buys_no_link() {
    let d = with_entry(dinghy(), WeaponEntry { linked: true, ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&d, Code::LinkNothing),
        warning("Only one Machine gun: there is nothing to link it to, so no link is bought")
    );
    assert!(check(&d).ledger.iter().all(|l| !matches!(l.kind, LineKind::Links { .. })));
    let two =
        with_entry(dinghy(), WeaponEntry { linked: true, count: 2, ..WeaponEntry::new(weapon("mg"), None) });
    assert_legal_without(&two, Code::LinkNothing);
}

#[test]
fn a_magazine_switch_without_an_extra_magazine_is_pointless() {
    let d =
        with_entry(dinghy(), WeaponEntry { magazine_switch: true, ..WeaponEntry::new(weapon("mg"), None) });
    let neighbour = with_entry(
        dinghy(),
        WeaponEntry { magazine_switch: true, extra_magazines: 1, ..WeaponEntry::new(weapon("mg"), None) },
    );

    assert_eq!(
        flagged(&d, Code::SwitchWithoutMagazine),
        warning("The Machine gun's magazine switch has no second magazine to switch to")
    );
    assert_legal_without(&neighbour, Code::SwitchWithoutMagazine);
}

#[test]
fn a_count_of_zero_adds_nothing_and_is_said_so() {
    let gun = with_entry(dinghy(), WeaponEntry { count: 0, ..WeaponEntry::new(weapon("mg"), None) });
    let extinguisher = with_accessory(dinghy(), "fire-extinguisher", 0);
    let passengers = with_crew(dinghy(), "passenger", 0);

    assert_eq!(flagged(&gun, Code::CountZero), warning("Machine gun has a count of 0, so it adds nothing"));
    assert_eq!(
        flagged(&extinguisher, Code::CountZero),
        warning("Fire extinguisher has a count of 0, so it adds nothing")
    );
    assert_eq!(
        flagged(&passengers, Code::CountZero),
        warning("Passenger has a count of 0, so it adds nothing")
    );
    for d in [&gun, &extinguisher, &passengers] {
        assert_eq!(check(d).figures.cost, check(&dinghy()).figures.cost);
    }
    assert_legal_without(&with_accessory(dinghy(), "fire-extinguisher", 1), Code::CountZero);
}
