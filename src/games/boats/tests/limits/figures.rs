//! The figures the rules give in numbers.

use super::*;

// ---------------------------------------------------------------- figures the rules give

#[test]
fn the_rules_speeder_of_4980_lb_with_a_medium_plant_does_10_and_60() {
    // Arrange: 2,700 + 500 + 25 + 150 = 3,375 lb, plus 1,605 lb of cargo.
    let mut d = speeder();
    d.cargo.push(cargo(1, 1605));

    // Act
    let f = figures_of(&d);

    // Assert: 2,500 / 4,980 = .502.
    assert_eq!(f.weight, lb(4980));
    assert_eq!(f.power_ratio, 0.502);
    assert_eq!(f.acceleration, Speed::mph(10));
    assert_eq!(f.top_speed, Speed::mph(60));
}

#[test]
fn the_same_speeder_with_a_mini_plant_barely_moves() {
    // 2,700 + 100 + 10 + 150 = 2,960 lb, plus 2,020 lb of cargo: 500 / 4,980 = .1004.
    let mut d = boat("speeder", "mini");
    d.cargo.push(cargo(1, 2020));

    let f = figures_of(&d);

    assert_eq!(f.weight, lb(4980));
    assert_eq!(f.acceleration, Speed::halves(5));
    assert_eq!(f.top_speed, Speed::mph(20));
}

#[test]
fn a_ratio_of_exactly_0_333_is_in_the_5_and_40_band() {
    let at = band(333, lb(1000));
    let under = band(332, lb(1000));

    assert_eq!((at.acceleration, at.top_speed), (Speed::mph(5), Speed::mph(40)));
    assert_eq!((under.acceleration, under.top_speed), (Speed::halves(5), Speed::mph(20)));
}

#[test]
fn a_yacht_at_exactly_0_333_does_5_and_40_and_a_pound_more_does_2_5_and_20() {
    // Arrange: 8,000 power factors move 24,024 lb at exactly .333.
    let loaded = |weight| {
        let mut d = yacht();
        d.cargo.push(cargo(1, weight));
        d
    };

    // Act
    let at = figures_of(&loaded(24_024 - 11_425));
    let over = figures_of(&loaded(24_025 - 11_425));

    // Assert
    assert_eq!(at.weight, lb(24_024));
    assert_eq!((at.acceleration, at.top_speed), (Speed::mph(5), Speed::mph(40)));
    assert_eq!((over.acceleration, over.top_speed), (Speed::halves(5), Speed::mph(20)));
}

#[test]
fn the_bottom_bands_crawl_at_2_5_and_then_stop() {
    assert_eq!(band(50, lb(1000)).top_speed, Speed::halves(5));
    assert_eq!(band(49, lb(1000)).top_speed, Speed::ZERO);
    assert_eq!(band(49, lb(1000)).acceleration, Speed::ZERO);
    assert_eq!(band(2000, lb(1000)).top_speed, Speed::mph(100));
    assert_eq!(band(1999, lb(1000)).top_speed, Speed::mph(80));
}

#[test]
fn a_running_jet_drive_adds_5_acceleration_and_20_top_speed() {
    // Arrange: 1,300 + 500 + 150 + 500 = 2,450 lb on 2,500 power factors: 15 and 80 from the table.
    let d = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(e.figures.jet_drive_running, Some(true));
    assert_eq!(e.figures.acceleration, Speed::mph(20));
    assert_eq!(e.figures.top_speed, Speed::mph(100));
    assert_eq!(line_of(&e, |k| *k == LineKind::JetDrive), (usd(5000), lb(500), sp(2)));
}

#[test]
fn a_jet_drive_runs_at_exactly_half_the_weight_in_power_factors() {
    // Arrange: 2,700 + 500 + 150 + 500 = 3,850 lb, plus cargo to 5,000 lb = 2 x 2,500 power factors.
    let loaded = |weight| {
        let mut d = Design { jet_drive: true, propellers: vec![], ..speeder() };
        d.cargo.push(cargo(1, weight));
        d
    };

    // Act
    let exact = figures_of(&loaded(1150));
    let heavier = figures_of(&loaded(1151));

    // Assert: .5 is the 10 and 60 band, plus the jet's 5 and 20.
    assert_eq!(exact.weight, lb(5000));
    assert_eq!(exact.jet_drive_running, Some(true));
    assert_eq!((exact.acceleration, exact.top_speed), (Speed::mph(15), Speed::mph(80)));
    assert_eq!(heavier.jet_drive_running, Some(false));
    assert_eq!((heavier.acceleration, heavier.top_speed), (Speed::ZERO, Speed::ZERO));
}

#[test]
fn hydrofoils_cost_the_body_weigh_half_of_it_and_add_20_mph_and_a_point_of_hc_once_foiling() {
    // Arrange: 1,765 + 650 = 2,415 lb on 1,000 power factors: 5 and 40.
    let d = Design { hydrofoils: true, ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(line_of(&e, |k| *k == LineKind::Hydrofoils), (usd(4000), lb(650), sp(1)));
    assert_eq!(e.figures.top_speed, Speed::mph(40));
    assert_eq!(e.figures.top_speed_on_hydrofoils, Some(Speed::mph(60)));
    assert_eq!(e.figures.handling_class, 2);
    assert_eq!(e.figures.handling_class_on_hydrofoils, Some(3));
}

#[test]
fn a_weighted_keel_costs_half_the_body_weighs_a_tenth_of_max_load_and_deepens_the_draft() {
    let d = Design { weighted_keel: true, ..speeder() };

    let e = check(&d);

    assert_eq!(line_of(&e, |k| *k == LineKind::WeightedKeel), (usd(4000), lb(700), sp(0)));
    assert_eq!(e.figures.draft_inches, 1.0);
    assert_eq!(e.figures.draft, "1\"");
    let yacht = check(&Design { weighted_keel: true, ..yacht() });
    assert_eq!(yacht.figures.draft_inches, 2.0);
    assert_eq!(line_of(&yacht, |k| *k == LineKind::WeightedKeel), (usd(22_500), lb(4000), sp(0)));
}

#[test]
fn a_boat_top_is_a_tenth_of_the_body_and_a_half_top_a_twentieth() {
    let full = check(&with_top(cruiser(), Top::Full));
    let half = check(&with_top(cruiser(), Top::Half));

    assert_eq!(line_of(&full, |k| *k == LineKind::Top(Top::Full)), (usd(2000), lb(540), sp(0)));
    assert_eq!(line_of(&half, |k| *k == LineKind::Top(Top::Half)), (usd(1000), lb(270), sp(0)));
}

#[test]
fn a_spoiler_costs_25_and_weighs_10_points_of_plain_armor() {
    let e = check(&Design { spoiler: true, ..speeder() });

    assert_eq!(line_of(&e, |k| *k == LineKind::Spoiler), (usd(500), lb(100), sp(0)));
}

#[test]
fn reverse_is_2_5_mph_a_turn_up_to_5_mph_or_the_top_speed_if_less() {
    // Arrange: a Speeder on a Mini plant carrying 2,140 lb of cargo weighs 5,100 lb: 500 / 5,100 = .098.
    let mut crawling = boat("speeder", "mini");
    crawling.cargo.push(cargo(3, 2140));

    // Act
    let slow = figures_of(&crawling);
    let fast = figures_of(&dinghy());

    // Assert
    assert_eq!(slow.top_speed, Speed::halves(5));
    assert_eq!(slow.reverse_top_speed, Speed::halves(5));
    assert_eq!(slow.reverse_acceleration, Speed::halves(5));
    assert_eq!(fast.reverse_top_speed, Speed::mph(5));
    assert_eq!(fast.reverse_acceleration, Speed::halves(5));
}

#[test]
fn oars_row_at_2_5_mph_a_rower_up_to_15_and_rowers_are_the_people_aboard() {
    // A pair of oars is $25, 10 lb and a space.
    let one_rower = Design { oars: 3, ..Design::empty(hull("rowboat")) };
    let three = with_crew(Design { oars: 3, ..Design::empty(hull("rowboat")) }, "passenger", 2);
    let seven = with_crew(Design { oars: 7, ..Design::empty(hull("dinghy")) }, "passenger", 6);

    let e = check(&one_rower);
    assert_eq!(line_of(&e, |k| *k == LineKind::Oars), (usd(75), lb(30), sp(3)));
    assert_eq!(e.figures.rowers, 1);
    assert_eq!(e.figures.rowing_top_speed, Some(Speed::halves(5)));
    assert_eq!(e.figures.rowing_acceleration, Some(Speed::halves(5)));
    assert_eq!(figures_of(&three).rowers, 3);
    assert_eq!(figures_of(&three).rowing_top_speed, Some(Speed::halves(15)));
    assert_eq!(figures_of(&seven).rowers, 7);
    assert_eq!(figures_of(&seven).rowing_top_speed, Some(Speed::mph(15)));
    assert_eq!(figures_of(&seven).rowing_acceleration, Some(Speed::halves(5)));
    assert_eq!(figures_of(&dinghy()).rowing_top_speed, None);
}

#[test]
fn a_charge_lasts_200_miles_at_20_mph_and_less_the_faster_you_go() {
    // Each 10 mph over 20 adds 2 power units to the 10 a 10-mile leg uses.
    assert_eq!(range_miles(Speed::mph(20)), 200.0);
    assert_eq!(range_miles(Speed::mph(10)), 200.0);
    assert_eq!(range_miles(Speed::mph(30)), 166.7);
    assert_eq!(range_miles(Speed::mph(50)), 125.0);
    assert_eq!(range_miles(Speed::mph(100)), 76.9);

    let darter = figures_of(&crate::games::boats::examples::darter());
    assert_eq!(darter.range_miles_at_20_mph, Some(200.0));
    assert_eq!(darter.range_miles_at_top_speed, Some(76.9));
}

#[test]
fn each_hull_has_its_draft() {
    let drafts: Vec<(f64, &str)> = [rowboat(), dinghy(), speeder(), cruiser(), yacht()]
        .iter()
        .map(|d| {
            let f = figures_of(d);
            (f.draft_inches, f.draft)
        })
        .collect();

    assert_eq!(
        drafts,
        vec![
            (0.0, "none: any depth of water"),
            (0.25, "1/4\""),
            (0.5, "1/2\""),
            (1.0, "1\""),
            (1.5, "1 1/2\""),
        ]
    );
}

#[test]
fn bigger_hulls_make_hard_maneuvers_harder_or_not_at_all() {
    let extra = |d: &Design| -> Vec<Option<u8>> { figures_of(d).maneuvers.iter().map(|m| m.extra).collect() };

    assert_eq!(extra(&rowboat()), vec![Some(0); 6]);
    assert_eq!(extra(&dinghy()), vec![Some(0); 6]);
    assert_eq!(extra(&speeder()), vec![Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)]);
    assert_eq!(extra(&cruiser()), vec![Some(0), Some(0), Some(1), Some(2), Some(2), Some(2)]);
    assert_eq!(extra(&yacht()), vec![Some(0), Some(0), Some(2), None, None, None]);
    assert!(!figures_of(&speeder()).bootlegger);
}

#[test]
fn a_loaded_depth_charge_and_its_extra_loaded_magazine_cost_what_the_rules_print() {
    // Arrange
    let d = with_entry(
        yacht(),
        WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("depth-charge"), Some(Mount::B)) },
    );

    // Act
    let e = check(&d);

    // Assert: $1,750 and 375 lb loaded; $1,550 and 315 lb a loaded magazine.
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Weapon { .. })), (usd(1750), lb(375), sp(2)));
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Magazines { .. })), (usd(1550), lb(315), sp(1)));
    assert!(e.legal(), "{:?}", e.problems);
}

#[test]
fn a_rocket_magazine_is_priced_by_the_spaces_it_holds_plus_its_rockets() {
    // Three light rockets take 1 1/2 spaces: a 2-space magazine at $50 and 15 lb a space.
    let plain = with_entry(
        dinghy(),
        WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F)) },
    );
    let ap = with_entry(
        dinghy(),
        WeaponEntry {
            rocket_magazine: 3,
            ammo: Some("ap".into()),
            ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F))
        },
    );

    let magazine = |d: &Design| line_of(&check(d), |k| matches!(k, LineKind::RocketMagazine { .. }));

    assert_eq!(magazine(&plain), (usd(100 + 3 * 75), lb(30 + 3 * 25), sp(2)));
    assert_eq!(magazine(&ap), (Money::cents(10_000 + 3 * 11_250), Weight::centi(3000 + 3 * 3750), sp(2)));
}

#[test]
fn linking_n_weapons_buys_n_minus_one_links_at_50_dollars() {
    let d = with_entry(
        dinghy(),
        WeaponEntry { count: 3, linked: true, ..WeaponEntry::new(weapon("mg"), Some(Mount::F)) },
    );

    let e = check(&d);

    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Links { links: 2 })), (usd(100), lb(0), sp(0)));
}

/// A weapon facing front in link group `g`.
fn grouped(id: &str, g: u8) -> WeaponEntry {
    WeaponEntry { link_group: Some(g), ..WeaponEntry::new(weapon(id), Some(Mount::F)) }
}

#[test]
fn different_weapons_in_one_link_group_buy_one_link_fewer_than_they_are() {
    let mg_and_rl = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1));
    let apart = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 2));

    let e = check(&mg_and_rl);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::LinkGroup { group: 1, weapons: 2 })),
        (usd(50), lb(0), sp(0))
    );
    assert!(e.legal(), "{:?}", e.problems);
    assert_eq!(e.figures.cost, check(&apart).figures.cost + usd(50));
    // Two linked MGs joining the RL's group: three weapons, two links (not one of their own too).
    let three = with_entry(
        with_entry(dinghy(), WeaponEntry { count: 2, linked: true, ..grouped("mg", 1) }),
        grouped("rl", 1),
    );
    let e = check(&three);
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::LinkGroup { weapons: 3, .. })).0, usd(100));
    assert!(e.ledger.iter().all(|l| !matches!(l.kind, LineKind::Links { .. })));
}

#[test]
fn a_link_group_of_one_weapon_buys_no_link() {
    let d = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 2));

    assert_eq!(
        flagged(&d, Code::LinkGroupAlone),
        vec![
            (
                Severity::Warning,
                "Link group 1 has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    .to_owned()
            ),
            (
                Severity::Warning,
                "Link group 2 has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    .to_owned()
            ),
        ]
    );
    assert!(check(&d).ledger.iter().all(|l| !matches!(l.kind, LineKind::LinkGroup { .. })));
    assert_legal_without(
        &with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1)),
        Code::LinkGroupAlone,
    );
}

#[test]
fn a_link_group_across_facings_is_a_warning() {
    let front_and_back = with_entry(
        with_entry(dinghy(), grouped("mg", 1)),
        WeaponEntry { mount: Some(Mount::B), ..grouped("rl", 1) },
    );
    let mut turret_and_front = with_turret(with_top(dinghy(), Top::Full), turret(1, &["mg"]));
    turret_and_front.turrets[0].weapons[0].link_group = Some(3);
    turret_and_front.weapons.push(grouped("rl", 3));

    assert_eq!(
        flagged(&front_and_back, Code::LinkFacings),
        warning(
            "Link group 1 joins weapons facing front and back: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    assert_eq!(
        flagged(&turret_and_front, Code::LinkFacings),
        warning(
            "Link group 3 joins weapons facing front and in the turret: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    let mut two_turrets =
        with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &["mg"])), turret(1, &["mg"]));
    for t in &mut two_turrets.turrets {
        t.weapons[0].link_group = Some(1);
    }
    assert_eq!(
        flagged(&two_turrets, Code::LinkFacings),
        warning(
            "Link group 1 joins weapons facing in turret 1 and in turret 2: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    let e = check(&turret_and_front);
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::LinkGroup { group: 3, weapons: 2 })).0, usd(50));
    assert_legal_without(
        &with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1)),
        Code::LinkFacings,
    );
}

#[test]
fn a_universal_turret_costs_1000_dollars_more() {
    let plain = with_turret(with_top(dinghy(), Top::Full), turret(1, &[]));
    let universal =
        with_turret(with_top(dinghy(), Top::Full), TurretEntry { universal: true, ..turret(1, &[]) });

    let price = |d: &Design| line_of(&check(d), |k| matches!(k, LineKind::Turret { .. }));

    assert_eq!(price(&plain), (usd(1000), lb(150), sp(1)));
    assert_eq!(price(&universal), (usd(2000), lb(150), sp(1)));
}

#[test]
fn a_propeller_guard_is_10_dollars_and_4_lb_a_point() {
    let mut d = dinghy();
    d.propellers[0].guard = 10;

    let e = check(&d);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::PropellerGuard { points: 10 })),
        (usd(100), lb(40), sp(0))
    );
}

#[test]
fn laser_reflective_armor_on_a_dinghy_is_14_30_and_6_6_lb_a_point() {
    let mut d = with_armor(dinghy(), Loc::F, 10);
    d.armor.kind = Ref::parse("laser-reflective");

    let e = check(&d);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::Armor { .. })),
        (Money::cents(14_300), Weight::centi(6_600), sp(0))
    );
    assert!(
        e.ledger.iter().any(|l| matches!(l.kind, LineKind::Armor { cost_per_point, weight_per_point, .. }
        if cost_per_point == Money::cents(1430) && weight_per_point == Weight::centi(660)))
    );
}

#[test]
fn metal_armor_costs_two_and_a_half_times_and_weighs_five_times() {
    let mut d = with_armor(dinghy(), Loc::F, 2);
    d.armor.kind = Ref::parse("metal");

    let e = check(&d);

    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Armor { .. })), (usd(65), lb(60), sp(0)));
}

#[test]
fn armor_piercing_micromissiles_and_rockets_cost_and_weigh_half_again() {
    let mml = |ammo: Option<&str>| {
        let d = with_entry(
            dinghy(),
            WeaponEntry { ammo: ammo.map(str::to_owned), ..WeaponEntry::new(weapon("mml"), Some(Mount::F)) },
        );
        line_of(&check(&d), |k| matches!(k, LineKind::Weapon { .. }))
    };
    let rocket = |ammo: Option<&str>| {
        let d = with_entry(
            dinghy(),
            WeaponEntry {
                ammo: ammo.map(str::to_owned),
                ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F))
            },
        );
        line_of(&check(&d), |k| matches!(k, LineKind::Weapon { .. }))
    };

    // $750 + 10 x $20 or $30; 100 lb + 10 x 2.5 or 3.75 lb.
    assert_eq!(mml(None), (usd(950), lb(125), sp(1)));
    assert_eq!(mml(Some("ap")), (usd(1050), Weight::centi(13_750), sp(1)));
    assert_eq!(rocket(None), (usd(75), lb(25), Spaces::sixths(3)));
    assert_eq!(rocket(Some("ap")), (Money::cents(11_250), Weight::centi(3_750), Spaces::sixths(3)));
}
