//! The fleet lists' composition rules, list by list: each rule kept at its limit and broken one
//! past it, with the numbers in the message.

use super::*;

/// The rule problems of a fleet.
fn broken(f: &Fleet) -> Vec<(String, String)> {
    let c = check(f);
    rule_problems(&c).into_iter().map(|(r, m)| (r.to_string(), m.to_string())).collect()
}

/// The message of the fleet's problem about `rule`.
fn about(f: &Fleet, rule: &str) -> String {
    let all = broken(f);
    all.iter()
        .find(|(r, _)| r == rule)
        .map(|(_, m)| m.clone())
        .unwrap_or_else(|| panic!("{rule} holds: {all:?}"))
}

/// Every message of the fleet's problems about `rule`.
fn all_about(f: &Fleet, rule: &str) -> Vec<String> {
    broken(f).into_iter().filter(|(r, _)| r == rule).map(|(_, m)| m).collect()
}

/// Whether the fleet keeps `rule`.
fn keeps(f: &Fleet, rule: &str) -> bool {
    !broken(f).iter().any(|(r, _)| r == rule)
}

/// `n` ships of a class.
fn many(class: &'static str, n: usize) -> Vec<(&'static str, &'static [&'static str])> {
    vec![(class, &[][..]); n]
}

#[test]
fn four_emperors_without_cruisers_or_an_admiral_are_not_legal() {
    let f = fleet_in("in-gothic", &many("emperor-battleship", 4), &[]);
    let c = check(&f);
    assert!(!c.legal);
    assert_eq!(rule_problems(&c).len(), 2, "{:?}", rule_problems(&c));
    assert_eq!(
        about(&f, "in-gothic/battleships"),
        "Up to 1 battleship per 3 cruisers or battlecruisers: 4 battleships need 12 cruisers or battlecruisers, the fleet has 0 (in-gothic/battleships)"
    );
    assert_eq!(
        about(&f, "general/commander-over-750"),
        "At least 1 fleet commander in a fleet over 750 pts: the fleet of 1460 pts has 0 (general/commander-over-750)"
    );
}

#[test]
fn battleships_need_three_cruisers_or_battlecruisers_each() {
    // 2 battleships and 3 cruisers: the example.
    let mut ships = many("retribution-battleship", 2);
    ships.extend(many("gothic-cruiser", 3));
    let f = fleet_in("in-gothic", &ships, &[]);
    assert_eq!(
        about(&f, "in-gothic/battleships"),
        "Up to 1 battleship per 3 cruisers or battlecruisers: 2 battleships need 6 cruisers or battlecruisers, the fleet has 3 (in-gothic/battleships)"
    );
    // Light cruisers and battlecruisers count; 6 make room for 2.
    let mut ships = many("retribution-battleship", 2);
    ships.extend(many("dauntless-light-cruiser", 2));
    ships.extend(many("gothic-cruiser", 3));
    ships.extend(many("overlord-battlecruiser", 1));
    let f = fleet_in("in-gothic", &ships, &[]);
    assert!(keeps(&f, "in-gothic/battleships"), "{:?}", broken(&f));
    // The state of the rule says what it counted.
    let c = check(&f);
    let state = c.rules.iter().find(|r| r.id == "in-gothic/battleships").expect("rule");
    assert_eq!(state.status, RuleStatus::Kept);
    assert_eq!(state.figures, ["2 battleships; 6 cruisers or battlecruisers allow 2"]);
}

#[test]
fn battlecruisers_need_cruisers_by_list() {
    // Gothic: 1 per 2 cruisers. Armageddon: 1 per cruiser.
    let mut ships = many("mars-battlecruiser", 2);
    ships.extend(many("lunar-cruiser", 2));
    let g = fleet_in("in-gothic", &ships, &[]);
    assert_eq!(
        about(&g, "in-gothic/battlecruisers"),
        "Up to 1 battlecruiser per 2 cruisers: 2 battlecruisers need 4 cruisers, the fleet has 2 (in-gothic/battlecruisers)"
    );
    let a = fleet_in("in-armageddon", &ships, &[]);
    assert!(keeps(&a, "in-armageddon/battlecruisers"), "{:?}", broken(&a));
    // Bastion: battlecruisers and grand cruisers share one allowance.
    let b = fleet_in("in-bastion", &ships, &[]);
    assert_eq!(
        about(&b, "in-bastion/bc-or-gc"),
        "Up to 1 battlecruiser or grand cruiser per 2 cruisers: 2 battlecruisers or grand cruisers need 4 cruisers, the fleet has 2 (in-bastion/bc-or-gc)"
    );
}

#[test]
fn at_most_twelve_cruisers_light_cruisers_included() {
    let mut ships = many("lunar-cruiser", 10);
    ships.extend(many("dauntless-light-cruiser", 3));
    let f = fleet_in("in-gothic", &ships, &[]);
    assert_eq!(about(&f, "in-gothic/cruisers"), "At most 12 cruisers: the fleet has 13 (in-gothic/cruisers)");
    let f = fleet_in("in-gothic", &many("lunar-cruiser", 12), &[]);
    assert!(keeps(&f, "in-gothic/cruisers"));
    // Bakka does not restrict the Endurance.
    let mut ships = many("lunar-cruiser", 12);
    ships.extend(many("endurance-light-cruiser", 2));
    assert!(keeps(&fleet_in("in-bakka", &ships, &[]), "in-bakka/cruisers"));
}

#[test]
fn a_fleet_over_750_points_needs_its_commander() {
    // 750 exactly needs none; 755 does.
    let mut ships = many("lunar-cruiser", 3);
    ships.push(("dauntless-light-cruiser", &[]));
    let mut f = fleet_in("in-gothic", &ships, &[("cobra-destroyer", 2)]);
    assert_eq!(check(&f).points, 710);
    assert!(keeps(&f, "general/commander-over-750"));
    f.squadrons[0].count = 3;
    let f2 = f.clone();
    assert_eq!(check(&f2).points, 740);
    f.squadrons.push(Squadron::new("sword-frigate", 2));
    assert_eq!(
        about(&f, "general/commander-over-750"),
        "At least 1 fleet commander in a fleet over 750 pts: the fleet of 810 pts has 0 (general/commander-over-750)"
    );
    let f = led(f, 0, "fleet-admiral", 0);
    assert!(keeps(&f, "general/commander-over-750"));
    // Two admirals are one too many.
    let f = led(f, 1, "solar-admiral", 0);
    assert_eq!(
        about(&f, "in-gothic/commander"),
        "At most 1 fleet commander: the fleet has 2 (in-gothic/commander)"
    );
}

#[test]
fn escorts_squadron_two_to_six_unless_one_stands_alone() {
    // One lone escort is allowed as the fleet's only one.
    assert!(keeps(&fleet_in("in-gothic", &[], &[("sword-frigate", 1)]), "general/escort-squadron-size"));
    let f = fleet_in("in-gothic", &[], &[("sword-frigate", 1), ("cobra-destroyer", 3)]);
    assert_eq!(
        about(&f, "general/escort-squadron-size"),
        "Squadrons of at least 2 escorts: squadron 1 (1 Sword frigate) has 1 (a lone escort may stand alone only as the fleet's one escort) (general/escort-squadron-size)"
    );
    assert_eq!(
        check(&f).problems.iter().find(|p| p.code == Code::ListRule).and_then(|p| p.part.as_deref()),
        Some("squadrons.0")
    );
    let f = fleet_in("in-gothic", &[], &[("sword-frigate", 7)]);
    assert_eq!(
        about(&f, "general/escort-squadron-max"),
        "Squadrons of at most 6 escorts: squadron 1 (7 Sword frigates) has 7 (general/escort-squadron-max)"
    );
    // Classes mix in one squadron: a Sword and a Cobra grouped make two.
    let mut f = fleet_in("in-gothic", &[], &[("sword-frigate", 1), ("cobra-destroyer", 1)]);
    f.squadrons[0].group = "Red".into();
    f.squadrons[1].group = "Red".into();
    assert!(keeps(&f, "general/escort-squadron-size"), "{:?}", broken(&f));
    // Grouped past six.
    f.squadrons[0].count = 4;
    f.squadrons[1].count = 3;
    assert_eq!(
        about(&f, "general/escort-squadron-max"),
        "Squadrons of at most 6 escorts: the squadron \"Red\" has 7 (general/escort-squadron-max)"
    );
    // Ork lists take ten.
    let o = fleet_in("ork-cyclops", &[], &[("savage-gunship", 10)]);
    assert!(keeps(&o, "ork-clanz/mob-rule") && !o.list.is_empty());
    let o = fleet_in("ork-cyclops", &[], &[("savage-gunship", 11)]);
    assert_eq!(
        about(&o, "ork-clanz/mob-rule"),
        "Squadrons of at most 10 escorts: squadron 1 (11 Savage gunships) has 11 (ork-clanz/mob-rule)"
    );
}

#[test]
fn capital_ships_squadron_by_size_and_kind() {
    let mut f = fleet_in("in-gothic", &many("lunar-cruiser", 5), &[]);
    for s in &mut f.ships {
        s.group = "Hammer".into();
    }
    assert_eq!(
        about(&f, "general/cruiser-squadron-size"),
        "Squadrons of at most 4 cruisers: the squadron \"Hammer\" has 5 (general/cruiser-squadron-size)"
    );
    let mut f = fleet_in("in-gothic", &[("emperor-battleship", &[]), ("lunar-cruiser", &[])], &[]);
    f.ships[0].group = "A".into();
    f.ships[1].group = "A".into();
    assert_eq!(
        about(&f, "general/cruiser-squadron-size"),
        "Battleships or grand cruisers and cruisers never share a squadron: the squadron \"A\" holds both (general/cruiser-squadron-size)"
    );
    let mut f = fleet_in("in-gothic", &[("lunar-cruiser", &[])], &[("sword-frigate", 2)]);
    f.ships[0].group = "B".into();
    f.squadrons[0].group = "B".into();
    assert_eq!(
        about(&f, "general/escort-squadron-size"),
        "Escorts and capital ships never share a squadron: the squadron \"B\" holds both (general/escort-squadron-size)"
    );
}

#[test]
fn reserves_come_one_per_three_of_a_type_from_other_lists() {
    // Three cruisers from Gothic allow one reserve cruiser (an Apocalypse is a battleship: no).
    let mut f = fleet_in("in-gothic", &many("lunar-cruiser", 3), &[]);
    f.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("endurance-light-cruiser", &[]) });
    assert!(keeps(&f, "general/reserves-ratio"), "{:?}", broken(&f));
    f.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("apocalypse-battleship", &[]) });
    assert_eq!(
        about(&f, "general/reserves-ratio"),
        "Up to 1 reserve battleship per 3 battleships from the list: 1 reserve battleship needs 3 from the list, the fleet has 0 (general/reserves-ratio)"
    );
    // Reserves count toward every limit: the Apocalypse is a battleship the cruisers cover.
    let c = check(&f);
    let state = c.rules.iter().find(|r| r.id == "in-gothic/battleships").expect("rule");
    assert_eq!(state.figures, ["1 battleship; 4 cruisers or battlecruisers allow 1"]);
    // A Crusade fleet takes none.
    let mut sm = fleet_in("sm-crusade", &many("strike-cruiser", 3), &[]);
    sm.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("battle-barge", &[]) });
    assert_eq!(about(&sm, "sm-crusade/no-reserves"), "No reserves: the fleet has 1 (sm-crusade/no-reserves)");
    // A Bastion fleet takes Chaos reserves or Imperial ones, not both.
    let mut b = fleet_in("in-bastion", &many("lunar-cruiser", 6), &[]);
    b.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("murder-cruiser", &[]) });
    assert!(keeps(&b, "in-bastion/chaos-reserves"), "{:?}", check(&b).problems);
    assert!(
        check(&b).problems.iter().all(|p| p.code != Code::WrongFaction && p.code != Code::ReserveNotAllowed)
    );
    b.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("dominator-cruiser", &[]) });
    assert_eq!(
        about(&b, "in-bastion/chaos-reserves"),
        "Chaos reserves or Imperial reserves, not both: the fleet has 1 and 1 (in-bastion/chaos-reserves)"
    );
    // Armageddon's Space Marines are no Imperial reserves.
    let mut g = fleet_in("in-gothic", &many("lunar-cruiser", 3), &[]);
    g.ships.push(ShipEntry { reserve: true, ..ShipEntry::new("strike-cruiser", &[]) });
    let c = check(&g);
    assert!(c.problems.iter().any(|p| p.code == Code::WrongFaction), "{:?}", c.problems);
}

#[test]
fn armageddon_fields_space_marines_apart() {
    let mut ships = many("lunar-cruiser", 3);
    ships.push(("battle-barge", &[]));
    let f = fleet_in("in-armageddon", &ships, &[]);
    let c = check(&f);
    assert!(c.ships[3].counted && c.ships[3].in_list);
    assert!(keeps(&f, "in-armageddon/battleships"));
    // Space Marine ships squadron only with their own.
    let mut f = fleet_in("in-armageddon", &[("strike-cruiser", &[]), ("lunar-cruiser", &[])], &[]);
    f.ships[0].group = "Mixed".into();
    f.ships[1].group = "Mixed".into();
    assert_eq!(
        about(&f, "in-armageddon/sm-squadrons"),
        "Space Marine ships squadron only with each other: the squadron \"Mixed\" mixes 1 with 1 other ships (in-armageddon/sm-squadrons)"
    );
    // The Master of the Fleet needs a battle barge and rides it; admirals ride Imperial ships.
    let f = led(
        fleet_in("in-armageddon", &many("lunar-cruiser", 1), &[]),
        0,
        "master-of-the-fleet-armageddon",
        0,
    );
    assert_eq!(
        about(&f, "in-armageddon/master-of-fleet"),
        "At least 1 Battle barge with a Master of the Fleet: the fleet has 0 (in-armageddon/master-of-fleet)"
    );
    let f = led(fleet_in("in-armageddon", &[("battle-barge", &[])], &[]), 0, "admiral", 0);
    assert!(check(&f).problems.iter().any(|p| p.code == Code::LeaderPlacement));
    assert_eq!(
        about(&f, "in-armageddon/master-of-fleet"),
        "The Admiral rides an Imperial Navy capital ship: it is on the Battle barge (in-armageddon/master-of-fleet)"
    );
    // Endurances: 2 per 500 pts or part.
    let f = fleet_in("in-armageddon", &many("endurance-light-cruiser", 3), &[]);
    assert_eq!(
        about(&f, "in-armageddon/endurance-defiant"),
        "Up to 2 Endurance light cruisers or Defiant light cruisers per 500 pts or part of 500: a fleet of 330 pts may have 2, this one has 3 (in-armageddon/endurance-defiant)"
    );
    // UNVERIFIED caps give warnings, marked so.
    let f = fleet_in("in-armageddon", &many("battle-barge", 4), &[]);
    let c = check(&f);
    let p =
        c.problems.iter().find(|p| p.rule.as_deref() == Some("in-armageddon/sm-caps-bsdata")).expect("cap");
    assert_eq!(p.severity, crate::games::Severity::Warning);
    assert_eq!(
        p.message,
        "UNVERIFIED (BSData only): At most 3 Battle barges: the fleet has 4 (in-armageddon/sm-caps-bsdata)"
    );
}

#[test]
fn bakka_gives_its_emperor_to_rath() {
    let mut ships = many("lunar-cruiser", 3);
    ships.push(("emperor-battleship", &[]));
    let f = fleet_in("in-bakka", &ships, &[]);
    assert_eq!(
        about(&f, "in-bakka/emperor"),
        "At least 1 Lord Admiral Rath with an Emperor battleship other than a reserve: the fleet has 0 (in-bakka/emperor)"
    );
    let mut reserve = f.clone();
    reserve.ships[3].reserve = true;
    assert!(keeps(&reserve, "in-bakka/emperor"), "{:?}", broken(&reserve));
    let f = led(fleet_in("in-bakka", &ships, &[]), 3, "lord-admiral-rath", 0);
    // Rath needs 1,500 pts.
    assert_eq!(
        about(&f, "in-bakka/rath"),
        "Lord Admiral Rath only in a fleet of 1500 pts or more: the fleet has 1105 pts (in-bakka/rath)"
    );
    let f = led(fleet_in("in-bakka", &ships, &[]), 0, "lord-admiral-rath", 0);
    assert_eq!(
        about(&f, "in-bakka/emperor"),
        "The Lord Admiral Rath rides an Emperor battleship: it is on the Lunar cruiser 1 (in-bakka/emperor)"
    );
}

#[test]
fn chaos_incursion_needs_its_warmaster_on_its_priciest_ship() {
    let f = fleet_in("ch-incursion", &[("murder-cruiser", &[])], &[]);
    assert_eq!(
        about(&f, "ch-incursion/warmaster"),
        "At least 1 Chaos Warmaster: the fleet has 0 (ch-incursion/warmaster)"
    );
    let f = led(
        fleet_in("ch-incursion", &[("murder-cruiser", &[]), ("carnage-cruiser", &[])], &[]),
        0,
        "warmaster-incursion",
        0,
    );
    assert_eq!(
        about(&f, "ch-all/warmaster-flagship"),
        "The Chaos Warmaster rides a most expensive ship: it is on the Murder cruiser (ch-all/warmaster-flagship)"
    );
    let f = led(
        fleet_in("ch-incursion", &[("murder-cruiser", &[]), ("carnage-cruiser", &[])], &[]),
        1,
        "warmaster-incursion",
        0,
    );
    assert!(
        keeps(&f, "ch-all/warmaster-flagship") && keeps(&f, "ch-incursion/warmaster"),
        "{:?}",
        broken(&f)
    );
    // Four Lords are one too many, and none shares the Warmaster's ship.
    let mut f = f;
    for i in [0, 0, 0, 1] {
        f.ships[i].leaders.push(Aboard::new("chaos-lord-incursion"));
    }
    assert_eq!(
        about(&f, "ch-incursion/lords"),
        "At most 3 Chaos Lords: the fleet has 4 (ch-incursion/lords)"
    );
    assert_eq!(
        about(&f, "ch-all/warmaster-flagship"),
        "A fleet commander and a Chaos Lord never share a ship: the Carnage cruiser carries the Chaos Warmaster and the Chaos Lord (ch-all/warmaster-flagship)"
    );
    // A heavy cruiser per two cruisers.
    let f = fleet_in("ch-incursion", &[("styx-heavy-cruiser", &[]), ("murder-cruiser", &[])], &[]);
    assert_eq!(
        about(&f, "ch-incursion/heavy-cruisers"),
        "Up to 1 heavy cruiser per 2 cruisers: 1 heavy cruiser needs 2 cruisers, the fleet has 1 (ch-incursion/heavy-cruisers)"
    );
}

#[test]
fn the_black_crusade_warmaster_comes_at_750_points_with_a_capital_ship() {
    let mut ships = many("murder-cruiser", 4);
    ships.push(("slaughter-cruiser", &[]));
    let f = fleet_in("ch-black-crusade", &ships, &[]);
    // 4 x 170 + 165 = 845.
    assert_eq!(
        about(&f, "ch-black-crusade/warmaster"),
        "At least 1 Chaos Warmaster in a fleet of 750 pts or more and with a capital ship: the fleet of 845 pts has 0 (ch-black-crusade/warmaster)"
    );
    let f = led(fleet_in("ch-black-crusade", &ships, &[]), 0, "warmaster-black-crusade", 0);
    assert!(keeps(&f, "ch-black-crusade/warmaster"), "{:?}", broken(&f));
    // Abaddon needs more than 1,000 pts: 3 Murders and Abaddon come to 705.
    let f = led(fleet_in("ch-black-crusade", &many("murder-cruiser", 3), &[]), 0, "abaddon", 0);
    assert_eq!(
        about(&f, "ch-black-crusade/abaddon"),
        "Abaddon the Despoiler only in a fleet over 1000 pts: the fleet has 705 pts (ch-black-crusade/abaddon)"
    );
}

#[test]
fn god_fleets_limit_their_daemonships() {
    // Nurgle: a third of the capital ships. Three cruisers allow one.
    let f = fleet_in(
        "ch-nurgle",
        &[("murder-cruiser", &["daemonship"]), ("murder-cruiser", &["daemonship"]), ("carnage-cruiser", &[])],
        &[],
    );
    assert_eq!(
        about(&f, "ch-nurgle/daemonships"),
        "Up to 1/3 of the capital ships may be daemonships: 3 capital ships allow 1, the fleet has 2 (ch-nurgle/daemonships)"
    );
    // Slaanesh: half.
    let f = fleet_in("ch-slaanesh", &[("murder-cruiser", &["daemonship"]), ("carnage-cruiser", &[])], &[]);
    assert!(keeps(&f, "ch-slaanesh/daemonships"));
    // The Warmaster's ship carries the fleet's Mark.
    let f = led(
        fleet_in("ch-nurgle", &[("murder-cruiser", &["mark-of-khorne"])], &[]),
        0,
        "warmaster-of-a-god",
        0,
    );
    assert_eq!(
        about(&f, "ch-god-fleets/warmaster"),
        "The Chaos Warmaster rides a ship with the fleet's Mark: it is on the Murder cruiser (ch-god-fleets/warmaster)"
    );
    let f = led(
        fleet_in("ch-nurgle", &[("murder-cruiser", &["mark-of-nurgle"])], &[]),
        0,
        "warmaster-of-a-god",
        0,
    );
    assert!(keeps(&f, "ch-god-fleets/warmaster"), "{:?}", broken(&f));
}

#[test]
fn ork_warlords_come_one_per_500_points_or_part() {
    let f = fleet_in("ork-cyclops", &many("kill-kroozer", 4), &[]);
    // 620 pts: at least one from 500.
    assert_eq!(
        about(&f, "ork-cyclops/warlords"),
        "At least 1 Ork Warlord from 500 pts: the fleet of 620 pts has 0 (ork-cyclops/warlords)"
    );
    let mut f = led(f, 0, "ork-warlord", 0);
    assert!(keeps(&f, "ork-cyclops/warlords"));
    // 620 + 40: two bands allow two; a third is one too many.
    f.ships[1].leaders.push(Aboard::new("ork-warlord"));
    f.ships[2].leaders.push(Aboard::new("ork-warlord"));
    assert_eq!(
        about(&f, "ork-cyclops/warlords"),
        "Up to 1 Ork Warlord per 500 pts or part of 500: a fleet of 740 pts may have 2, this one has 3 (ork-cyclops/warlords)"
    );
    // Seven kroozers are one too many.
    let f = fleet_in("ork-cyclops", &many("kill-kroozer", 7), &[]);
    assert_eq!(
        about(&f, "ork-cyclops/kroozers"),
        "At most 6 kroozers: the fleet has 7 (ork-cyclops/kroozers)"
    );
    // Clanz: exactly one per 500 or part.
    let f = led(fleet_in("ork-clanz", &many("kill-kroozer", 4), &[]), 0, "ork-warlord-clanz", 0);
    assert_eq!(
        about(&f, "ork-clanz/warlords"),
        "Exactly 1 Ork Warlord per 500 pts or part of 500: a fleet of 620 pts needs 2, this one has 1 (ork-clanz/warlords)"
    );
    let f = fleet_in("ork-clanz", &[], &[("savage-gunship", 2)]);
    assert_eq!(
        about(&f, "ork-clanz/skwadron-sizes"),
        "Squadrons of at least 3 tiddla skwadron escorts: squadron 1 (2 Savage gunships) has 2 (ork-clanz/skwadron-sizes)"
    );
}

#[test]
fn space_marines_take_a_battle_barge_per_1000_points_or_part() {
    let f = led(fleet_in("sm-codex", &many("battle-barge", 2), &[]), 0, "master-of-the-fleet", 0);
    // 900 pts: one band.
    assert_eq!(
        about(&f, "sm-codex/battle-barges"),
        "Up to 1 Battle barge per 1000 pts or part of 1000, at most 3: a fleet of 900 pts may have 1, this one has 2 (sm-codex/battle-barges)"
    );
    let mut ships = many("battle-barge", 4);
    ships.extend(many("strike-cruiser", 10));
    let f = led(fleet_in("sm-codex", &ships, &[]), 0, "master-of-the-fleet", 0);
    assert_eq!(
        about(&f, "sm-codex/battle-barges"),
        "Up to 1 Battle barge per 1000 pts or part of 1000, at most 3: a fleet of 3200 pts may have 3, this one has 4 (sm-codex/battle-barges)"
    );
    // The Master of the Fleet rides a battle barge when there is one.
    let f = led(
        fleet_in("sm-codex", &[("battle-barge", &[]), ("strike-cruiser", &[])], &[]),
        1,
        "master-of-the-fleet",
        0,
    );
    assert_eq!(
        about(&f, "sm-codex/master-of-fleet"),
        "The Master of the Fleet rides a Battle barge: it is on the Strike Cruiser (sm-codex/master-of-fleet)"
    );
    // Re-armed strike cruisers no more than standard ones.
    let f = fleet_in(
        "sm-codex",
        &[
            ("strike-cruiser", &["prow-torpedoes"]),
            ("strike-cruiser", &["prow-lance"]),
            ("strike-cruiser", &[]),
        ],
        &[],
    );
    assert_eq!(
        about(&f, "sm-codex/strike-variants"),
        "Up to 1 re-armed strike cruiser per 1 standard-armed strike cruiser: 2 re-armed strike cruisers need 2 standard-armed strike cruisers, the fleet has 1 (sm-codex/strike-variants)"
    );
    // Space Marine lists price the Imperial escorts their own way.
    let f =
        fleet_in("sm-codex", &[], &[("firestorm-frigate", 2), ("sword-frigate", 2), ("cobra-destroyer", 2)]);
    assert_eq!(check(&f).points, 90 + 80 + 70);
}

#[test]
fn tau_lists_count_explorers_heroes_hooks_and_custodians() {
    // Merchant: over 750 pts, an Explorer.
    let f = led(fleet_in("tau-merchant", &[("hero-lar-shi", &["vash-ya"][..]); 5], &[]), 0, "kor-el", 0);
    assert_eq!(
        about(&f, "tau-merchant/explorer"),
        "At least 1 Explorer (Gal'leath) in a fleet over 750 pts: the fleet of 950 pts has 0 (tau-merchant/explorer)"
    );
    assert_eq!(
        about(&f, "tau-merchant/hero"),
        "Up to 1 Hero (Lar'shi) per 1 Explorer (Gal'leath) or Merchant: 5 Heroes (Lar'shi) need 5 Explorers (Gal'leath) or Merchants, the fleet has 0 (tau-merchant/hero)"
    );
    // Hooks: an Explorer carries three Orcas or Wardens.
    let f = fleet_in(
        "tau-commerce",
        &[("explorer-gal-leath", &["vash-ya"])],
        &[("orca-gunship", 2), ("warden-gunship", 2)],
    );
    assert_eq!(
        about(&f, "tau-all/hook-capacity"),
        "No more Orca gunships, Warden gunships or Nicassar Dhows than the fleet's gravitic hooks carry: the hooks carry 3, the fleet has 4 (tau-all/hook-capacity)"
    );
    // A Custodian's hooks take Wardens only.
    let f = fleet_in("tau-commerce", &[("custodian-or-es-el-leath", &[])], &[("orca-gunship", 2)]);
    assert!(
        about(&f, "tau-all/hook-capacity").starts_with("Orcas ride only hooks that take them"),
        "{:?}",
        broken(&f)
    );
    // A Custodian per full 750 pts of Tau ships, and a Kor'O to lead it.
    let f = led(fleet_in("tau-commerce", &[("custodian-or-es-el-leath", &[])], &[]), 0, "kor-el", 0);
    assert_eq!(
        about(&f, "tau-commerce/custodian"),
        "Up to 1 Custodian (Or'es El'leath) per full 750 pts: Tau ships other than a reserve worth 330 pts may have 0, this one has 1 (tau-commerce/custodian)"
    );
    assert_eq!(
        about(&f, "tau-commerce/commander"),
        "At least 1 Kor'O with a Custodian (Or'es El'leath): the fleet has 0 (tau-commerce/commander)"
    );
    // T'olku Protectors outnumber Vior'la ones.
    let f = fleet_in(
        "tau-commerce",
        &[("protector-lar-shi-vre", &["vior-la"]), ("protector-lar-shi-vre", &["t-olku"])],
        &[],
    );
    assert_eq!(
        about(&f, "tau-commerce/protector-configs"),
        "Fewer Protectors in the Vior'la configuration than Protectors in the T'olku configuration: the fleet has 1 and 1 (tau-commerce/protector-configs)"
    );
}

#[test]
fn eldar_take_a_void_stalker_per_full_1000_points() {
    let f = led(
        fleet_in("eldar-lgw", &[("void-stalker-battleship", &[]), ("eclipse-cruiser", &[])], &[]),
        0,
        "pirate-prince",
        0,
    );
    assert_eq!(
        about(&f, "eldar-lgw/battleships"),
        "Up to 1 Void Stalker battleship per full 1000 pts: a fleet of 730 pts may have 0, this one has 1 (eldar-lgw/battleships)"
    );
    assert!(
        check(&fleet_in("eldar-gothic", &[("void-stalker-battleship", &[])], &[]))
            .problems
            .iter()
            .any(|p| p.code == Code::NotInList)
    );
}

#[test]
fn tyranid_hive_fleets_keep_their_proportions() {
    let hive = ("hive-ship", &["prow-pyro-acid", "thorax-bays"][..]);
    let cruiser = ("tyranid-cruiser", &["prow-claws", "thorax-claws"][..]);
    let f = Fleet {
        squadrons: vec![
            Squadron { options: vec!["pyro-acid".into()], ..Squadron::new("kraken", 6) },
            Squadron { options: vec!["tentacles".into()], ..Squadron::new("escort-drone", 6) },
        ],
        ..fleet_in("ty-hive", &[hive, cruiser, cruiser], &[])
    };
    let c = check(&f);
    assert!(c.legal, "{:?}", c.problems);
    // 250 + 2 x 90 + 6 x 40 + 6 x 15.
    assert_eq!(c.points, 760);
    // A third cruiser is one too many; five Kraken too few.
    let mut f3 = f.clone();
    f3.ships.push(ShipEntry::new("tyranid-cruiser", &["prow-claws", "thorax-claws"]));
    f3.squadrons[0].count = 5;
    assert_eq!(
        about(&f3, "ty-hive/cruisers"),
        "Up to 2 Tyranid cruisers per 1 Hive Ship: 3 Tyranid cruisers need 2 Hive Ships, the fleet has 1 (ty-hive/cruisers)"
    );
    assert_eq!(
        about(&f3, "ty-hive/escorts"),
        "At least 6 Kraken or Vanguard drone ships per 1 Hive Ship: 1 Hive Ship needs 6 Kraken or Vanguard drone ships, the fleet has 5 (ty-hive/escorts)"
    );
    // A fleet commander has no place (the list offers none: refused as such, and not counted
    // again by the rule); re-rolls are bought for the fleet.
    let mut f4 = led(f.clone(), 0, "admiral", 0);
    f4.leaders = vec![Aboard::new("hive-mind-influence"), Aboard::new("hive-mind-influence")];
    assert_eq!(
        all_about(&f4, "ty-hive/no-commander"),
        [
            "Up to 1 Hive Mind Influence re-roll per 1 Hive Ship: 2 Hive Mind Influence re-rolls need 2 Hive Ships, the fleet has 1 (ty-hive/no-commander)"
        ]
    );
    assert!(check(&f4).problems.iter().any(|p| p.code == Code::LeaderNotInList));
    // Without a hive ship, no escort drones.
    let f5 = Fleet {
        squadrons: vec![Squadron { options: vec!["tentacles".into()], ..Squadron::new("escort-drone", 6) }],
        ..Fleet::of_list("ty-hive")
    };
    assert_eq!(
        about(&f5, "ty-hive/escorts"),
        "No Escort drones without a Hive Ship: the fleet has 6 (ty-hive/escorts)"
    );
    // Vanguard squadrons of 6-12.
    let v = Fleet {
        squadrons: vec![Squadron {
            options: vec!["pyro-acid".into()],
            ..Squadron::new("vanguard-drone-ship", 5)
        }],
        ..Fleet::of_list("ty-vanguard")
    };
    assert_eq!(
        about(&v, "ty-vanguard/escorts"),
        "Squadrons of at least 6 escorts: squadron 1 (5 Vanguard drone ships) has 5 (ty-vanguard/escorts)"
    );
}

#[test]
fn necron_and_dark_eldar_lists_keep_their_caps() {
    let f = fleet_in(
        "nec-harvest",
        &[("cairn-tombship", &[]), ("cairn-tombship", &[]), ("scythe-harvest-ship", &[])],
        &[],
    );
    assert_eq!(
        about(&f, "nec-harvest/tombships"),
        "Up to 1 Cairn tombship per 1 Scythe harvest ship: 2 Cairn tombships need 2 Scythe harvest ships, the fleet has 1 (nec-harvest/tombships)"
    );
    let f = fleet_in(
        "nec-harvest",
        &[
            ("scythe-harvest-ship", &[]),
            ("cairn-tombship", &["sepulchre"]),
            ("scythe-harvest-ship", &[]),
            ("cairn-tombship", &["sepulchre"]),
        ],
        &[],
    );
    assert_eq!(
        about(&f, "nec-harvest/sepulchre"),
        "At most 1 tombship with the Sepulchre: the fleet has 2 (nec-harvest/sepulchre)"
    );
    let f = fleet_in("nec-harvest", &many("shroud-light-cruiser", 4), &[]);
    assert_eq!(
        about(&f, "nec-harvest/shrouds"),
        "At most 3 Shroud light cruisers: the fleet has 4 (nec-harvest/shrouds)"
    );
    // Dark Eldar: three escorts for every capital ship.
    let f = Fleet {
        squadrons: vec![Squadron { options: vec!["torpedoes".into()], ..Squadron::new("corsair-escort", 5) }],
        ..fleet_in("de-pirates", &many("torture-cruiser", 2), &[])
    };
    assert_eq!(
        about(&f, "de-pirates/escorts-per-capital"),
        "At least 3 escorts per 1 capital ship: 2 capital ships need 6 escorts, the fleet has 5 (de-pirates/escorts-per-capital)"
    );
}

#[test]
fn every_rule_of_every_list_is_kept_broken_or_explained() {
    for l in lists() {
        let c = check(&Fleet::of_list(l.id));
        assert_eq!(c.rules.len(), l.rules.len(), "{}", l.id);
        for r in &c.rules {
            let rule = crate::games::bfg::rule(r.id).expect("rule");
            // Explained rules are those that check nothing, and say why or where.
            if r.status == RuleStatus::Explained {
                assert!(!rule.checked(), "{} of {} is explained but checks something", r.id, l.id);
            }
        }
    }
}

/// A rule's state is sent with our readings' notes under `notes`, in their order, and the
/// readings themselves are not sent.
#[test]
fn a_rules_state_sends_its_readings_notes() {
    let f = fleet_in("in-gothic", &[("lunar-cruiser", &[])], &[("sword-frigate", 3)]);
    let c = check(&f);
    assert!(c.rules.iter().any(|r| notes_of(r.readings).count() > 0), "a rule with notes");
    for r in &c.rules {
        let sent = serde_json::to_value(r).expect("a rule's state serialises");
        let notes: Vec<&str> = notes_of(r.readings).collect();
        assert_eq!(sent["notes"], serde_json::json!(notes), "{}", r.id);
        assert!(sent.get("readings").is_none(), "{}", r.id);
    }
}
