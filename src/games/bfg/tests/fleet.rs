//! Fleets of several factions with exact points, weapons and ordnance, options and leaders, every
//! problem of an entry, the document and its migration.

use super::*;
use crate::games::Shared;
use crate::games::bounds::{Document, beyond_bounds};
use proptest::prelude::*;

/// The Gothic Sector fleet of the examples: Emperor with Sharks and an Admiral, Dictator,
/// Lunar, Gothic, three Swords.
fn gothic() -> Fleet {
    let f = fleet(
        "imperial-navy",
        &[
            ("emperor-battleship", &["sharks"]),
            ("dictator-cruiser", &[]),
            ("lunar-cruiser", &[]),
            ("gothic-cruiser", &[]),
        ],
        &[("sword-frigate", 3)],
    );
    led(f, 0, "admiral", 0)
}

#[test]
fn an_imperial_fleet_adds_its_options_leaders_and_escorts() {
    let c = check(&gothic());

    // Emperor 365 + Sharks 5 + Admiral 100, Dictator 220, Lunar 180, Gothic 180, 3 Swords at 35.
    assert_eq!((c.points, c.limit, c.legal), (1155, 1500, true), "{:?}", c.problems);
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!((c.list, c.list_name.as_deref()), (Some("in-gothic"), Some("Gothic Sector")));
    let points: Vec<u32> = c.ships.iter().chain(&c.squadrons).map(|e| e.points).collect();
    assert_eq!(points, [470, 220, 180, 180, 105]);
    assert_eq!(c.ships[0].leaders[0].name, "Admiral");
    assert_eq!((c.ships[0].leaders[0].points, c.ships[0].leaders[0].leadership), (100, "9"));
    assert_eq!(
        c.ordnance,
        Ordnance { bays: 12, fleet_limit: 12, doubled: false, carriers: 2, torpedo_ships: 3 }
    );
    let emperor: Vec<&str> = c.ships[0].craft.iter().map(|k| k.id).collect();
    assert_eq!(emperor, ["fury-interceptor", "starhawk-bomber", "shark-assault-boat"]);
    assert_eq!(c.ships[0].options.iter().map(|o| o.option.name).collect::<Vec<_>>(), ["Shark assault boats"]);
    assert_eq!(c.ships[1].torpedoes_text, Some("6@30"));
    assert_eq!(c.ships[1].split, Some(Split::Never));
    assert_eq!((c.squadrons[0].turrets, c.squadrons[0].count, c.squadrons[0].points_each), (Some(2), 3, 35));
    // The profile: 8 hits, 20 cm, 45 degrees, 2 shields, 6+ prow.
    let d = &c.ships[1];
    assert_eq!((d.hits, d.speeds_cm, d.turns, d.shields, d.armour), (8, &[20][..], Some(45), "2", "6+F/5+"));
    assert_eq!(d.weapons.len(), 5);
    assert_eq!(c.faction_name.as_deref(), Some("Imperial Navy"));
    assert!(c.rules.iter().all(|r| r.status != RuleStatus::Broken), "{:?}", c.rules);
}

#[test]
fn options_change_weapons_turrets_and_points() {
    // A Lunar with a power ram and a nova cannon: the ram excludes the cannon.
    let c = check(&fleet_in("in-gothic", &[("lunar-cruiser", &["nova-cannon", "power-ram"])], &[]));
    assert_eq!(codes(&c), [(Code::OptionsExclusive, Some("ships.0.options.1"))]);
    assert_eq!(
        problem(&c, Code::OptionsExclusive).message,
        "The Lunar cruiser takes Prow nova cannon or Power ram, not both: remove one"
    );
    assert_eq!((c.points, c.ships[0].torpedoes), (200, None));
    // Bakka's extra turret, Bakka only.
    let bakka = check(&fleet_in("in-bakka", &[("gothic-cruiser", &["bakka-turret"])], &[]));
    assert_eq!((bakka.points, bakka.ships[0].turrets), (185, Some(3)));
    let gothic = check(&fleet_in("in-gothic", &[("gothic-cruiser", &["bakka-turret"])], &[]));
    assert_eq!(codes(&gothic), [(Code::OptionNotInList, Some("ships.0.options.0"))]);
    assert_eq!(
        problem(&gothic, Code::OptionNotInList).message,
        "The Gothic Sector list does not offer the Gothic cruiser's Extra turret (only Battlefleet Bakka)"
    );
    assert_eq!((gothic.points, gothic.ships[0].turrets), (180, Some(2)));
    // Torpedo bombers cost 10 a bay: a Dictator's four bays 40.
    let tb = check(&fleet_in("in-gothic", &[("dictator-cruiser", &["torpedo-bombers"])], &[]));
    assert_eq!(tb.points, 260);
    assert!(tb.ships[0].craft.iter().any(|c| c.id == "imperial-torpedo-bomber"));
    // Ork dakka: +20 and two turrets on a kroozer, +5 and one on each escort.
    let orks = check(&Fleet {
        squadrons: vec![Squadron {
            options: vec!["dakka-dakka".into()],
            ..Squadron::new("savage-gunship", 3)
        }],
        ..fleet_in("ork-cyclops", &[("kill-kroozer", &["dakka-dakka"])], &[])
    });
    assert_eq!((orks.ships[0].points, orks.ships[0].turrets), (175, Some(3)));
    assert_eq!((orks.squadrons[0].points, orks.squadrons[0].turrets), (105, Some(2)));
}

#[test]
fn chaos_upgrades_are_priced_by_the_ships_type_and_list() {
    let f = |list: &str, class: &'static str| check(&fleet_in(list, &[(class, &["daemonship"])], &[]));
    // Black Crusade: battleship +50, heavy cruiser +25, cruiser +20.
    assert_eq!(f("ch-black-crusade", "desolator-battleship").points, 350);
    assert_eq!(f("ch-black-crusade", "hades-heavy-cruiser").points, 225);
    assert_eq!(f("ch-black-crusade", "murder-cruiser").points, 190);
    // Nurgle: +85 / +60 / +55, the Mark included.
    assert_eq!(f("ch-nurgle", "desolator-battleship").points, 385);
    assert_eq!(f("ch-nurgle", "murder-cruiser").points, 225);
    // Khorne has no battleship daemonships.
    let k = f("ch-khorne", "desolator-battleship");
    assert_eq!((k.points, codes(&k)[0]), (300, (Code::OptionNotInList, Some("ships.0.options.0"))));
    assert_eq!(f("ch-khorne", "carnage-cruiser").points, 220);
    // Incursion sells none.
    assert_eq!(f("ch-incursion", "murder-cruiser").points, 170);
    // A Mark needs a leader, Chaos Space Marines or a daemonship aboard.
    let c = check(&fleet_in("ch-black-crusade", &[("murder-cruiser", &["mark-of-khorne"])], &[]));
    assert_eq!(codes(&c), [(Code::OptionNeeds, Some("ships.0.options"))]);
    assert_eq!(c.points, 190);
    let ok =
        check(&fleet_in("ch-black-crusade", &[("murder-cruiser", &["csm-crew", "mark-of-khorne"])], &[]));
    assert_eq!((ok.points, ok.legal), (225, true), "{:?}", ok.problems);
}

#[test]
fn tyranid_weapon_slots_are_bought_and_required() {
    // Hive Ship 200 + thorax bays 20 + prow torpedoes 25 + two pyro-acid sets at 15.
    let f = fleet_in("ty-hive", &[("hive-ship", &["thorax-bays", "prow-torpedoes", "pyro-acid-set*2"])], &[]);
    let c = check(&f);
    assert_eq!(c.ships[0].points, 275);
    assert_eq!((c.ships[0].bays, c.ships[0].launch_capacity, c.ships[0].limit_share), (2, 4, 4));
    assert_eq!(c.ships[0].torpedoes_text, Some("boarding 8@15"));
    let sides: Vec<&str> =
        c.ships[0].weapons.iter().filter(|w| w.name.contains("pyro-acid")).map(|w| w.name).collect();
    assert_eq!(sides.len(), 4);
    assert!(c.ships[0].never_runs_out && c.ships[0].unverified);
    assert!(c.ordnance.doubled);
    // Four sets are one too many; a hive ship without a prow weapon needs one.
    let c =
        check(&fleet_in("ty-hive", &[("hive-ship", &["thorax-bays", "bay-set*2", "bio-plasma-set*2"])], &[]));
    assert_eq!(
        problem(&c, Code::OptionTooMany).message,
        "The Hive Ship's port and starboard sets take at most 3 picks; this one has 4"
    );
    assert_eq!(
        problem(&c, Code::OptionRequired).message,
        "The Hive Ship needs one prow weapon option: choose Prow pyro-acid battery, Prow feeder tentacles and massive claws, Prow bio-plasma spines or Prow boarding torpedoes"
    );
    // The fitting keeps what fits: 3 sets.
    assert_eq!(c.ships[0].bays, 2 + 2 + 2);
    // An escort's weapon is priced per ship.
    let k = check(&Fleet {
        squadrons: vec![Squadron { options: vec!["torpedoes".into()], ..Squadron::new("kraken", 3) }],
        ..Fleet::of_list("ty-vanguard")
    });
    assert_eq!((k.points, k.ordnance.torpedo_ships), (120, 3));
}

#[test]
fn space_marine_strike_cruisers_refit_their_prow() {
    let f = led(
        fleet_in(
            "sm-codex",
            &[("battle-barge", &[]), ("strike-cruiser", &[]), ("strike-cruiser", &["prow-torpedoes"])],
            &[("gladius-frigate", 2)],
        ),
        0,
        "master-of-the-fleet",
        1,
    );

    let c = check(&f);

    // 425 + 145 + 145 + 90 + Master of the Fleet 50 and a re-roll 25.
    assert_eq!((c.points, c.legal), (880, true), "{:?}", c.problems);
    assert_eq!((c.ordnance.bays, c.ordnance.fleet_limit, c.ordnance.torpedo_ships), (5, 5, 2));
    assert_eq!((c.ships[1].bays, c.ships[1].torpedoes), (2, None));
    assert_eq!((c.ships[2].bays, c.ships[2].torpedoes_text), (0, Some("6@30")));
    assert!(c.ships[2].craft.is_empty());
    let both =
        check(&fleet_in("sm-codex", &[("strike-cruiser", &["prow-torpedoes", "prow-bombardment"])], &[]));
    assert_eq!(codes(&both)[0], (Code::OptionsExclusive, Some("ships.0.options.1")));
    assert_eq!((both.ships[0].bays, both.ships[0].torpedoes_text), (0, Some("6@30")));
}

#[test]
fn tau_eldar_and_ork_fleets_carry_their_own_craft_and_salvoes() {
    let tau = check(&fleet_in(
        "tau-commerce",
        &[("explorer-gal-leath", &["vash-ya"]), ("custodian-or-es-el-leath", &[])],
        &[],
    ));
    assert_eq!((tau.points, tau.ordnance.fleet_limit), (560, 14));
    assert_eq!(tau.ships[1].split, Some(Split::Allowed));

    let eldar =
        check(&fleet_in("eldar-lgw", &[("void-stalker-battleship", &[])], &[("hellebore-frigate", 2)]));
    assert_eq!((eldar.points, eldar.ordnance.fleet_limit), (510, 4));
    let darkstar = &eldar.ships[0].craft[0];
    assert_eq!((darkstar.resilient, darkstar.turrets_hit_only_on_6), (Resilience::Always, true));
    assert_eq!(eldar.ships[0].turrets, Some(0));

    let orks = check(&fleet_in(
        "ork-cyclops",
        &[("terror-ship", &["prow-torpedoes"])],
        &[("ravager-attack-ship", 3)],
    ));
    assert_eq!((orks.points, orks.ordnance.fleet_limit, orks.ordnance.torpedo_ships), (305, 4, 4));
    assert_eq!(orks.ships[0].split, Some(Split::IfRolledOverSix));
    assert_eq!(orks.ships[0].torpedoes_text, Some("D6+2@30"));
}

#[test]
fn over_the_limit_is_an_error_naming_both_figures() {
    let mut f = gothic();
    f.points_limit = 1000;

    let c = check(&f);

    assert!(!c.legal);
    assert_eq!(any_codes(&c), [(Shared::OverPointsLimit.into(), Some("points_limit"))]);
    assert_eq!(
        problem(&c, Shared::OverPointsLimit).message,
        "The fleet costs 1155 pts, 155 over its limit of 1000 pts: drop a ship or raise the limit"
    );
}

#[test]
fn unknown_ids_are_kept_and_answered_with_the_nearest() {
    let f = Fleet {
        ships: vec![ShipEntry::new("lunar-cruser", &[]), ShipEntry::new("emperor-battleship", &["shark"])],
        ..fleet("imperial-nav", &[], &[])
    };

    let c = check(&f);

    assert_eq!(
        codes(&c),
        [
            (Code::UnknownFaction, Some("faction")),
            (Code::UnknownShip, Some("ships.0")),
            (Code::UnknownOption, Some("ships.1.options.0"))
        ]
    );
    assert!(
        problem(&c, Code::UnknownFaction)
            .message
            .starts_with("There is no faction \"imperial-nav\": use imperial-navy")
    );
    assert!(
        problem(&c, Code::UnknownShip)
            .message
            .starts_with("There is no ship class \"lunar-cruser\": use lunar-cruiser")
    );
    // No faction, so no list: every option the class has anywhere.
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Emperor battleship has no option \"shark\": use sharks, bakka-turret or torpedo-bombers"
    );
    // Kept as sent, priced at nothing.
    assert_eq!((&*c.ships[0].class, c.ships[0].known, c.ships[0].points), ("lunar-cruser", false, 0));
    assert_eq!(c.points, 365);
}

#[test]
fn an_unknown_list_or_one_of_another_faction_offers_the_factions_lists() {
    let mut f = fleet("imperial-navy", &[], &[]);
    f.list = "ch-incursion".into();
    let c = check(&f);
    assert_eq!(any_codes(&c), [(Shared::UnknownList.into(), Some("list"))]);
    assert_eq!(
        problem(&c, Shared::UnknownList).message,
        "The Incursion Fleet list is a Chaos list, not a Imperial Navy one: use in-gothic, in-bastion, in-cadia, in-armageddon or in-bakka"
    );
    f.list = "in-gotic".into();
    assert!(
        problem(&check(&f), Shared::UnknownList)
            .message
            .starts_with("There is no Imperial Navy fleet list \"in-gotic\"")
    );
}

#[test]
fn a_fleet_without_a_faction_lists_them_all() {
    let c = check(&Fleet::new(""));
    assert_eq!(
        problem(&c, Code::UnknownFaction).message,
        "No faction is chosen: use imperial-navy, chaos, orks, space-marines, tau, eldar-corsair, tyranids, necrons or dark-eldar"
    );
}

#[test]
fn an_unknown_escort_is_matched_against_the_lists_escorts() {
    let c = check(&fleet("chaos", &[], &[("infidel", 3)]));
    assert_eq!(problem(&c, Code::UnknownShip).part.as_deref(), Some("squadrons.0"));
    assert!(
        problem(&c, Code::UnknownShip)
            .message
            .starts_with("There is no ship class \"infidel\": use infidel-raider")
    );
}

#[test]
fn ships_of_another_faction_are_errors_and_are_not_counted() {
    let c = check(&fleet_in("ch-incursion", &[("dictator-cruiser", &[])], &[("nova-frigate", 2)]));
    assert_eq!(
        codes(&c)[..2],
        [(Code::WrongFaction, Some("ships.0")), (Code::WrongFaction, Some("squadrons.0"))]
    );
    assert_eq!(
        problem(&c, Code::WrongFaction).message,
        "The Dictator cruiser belongs to Imperial Navy fleets, and this Chaos fleet's list does not field it: it is not counted in the fleet's points, ordnance or rules"
    );
    // Neither its points nor its bays count.
    assert_eq!((c.points, c.ordnance.bays, c.ordnance.fleet_limit), (0, 0, 0));
    assert_eq!((c.ships[0].counted, c.ships[0].points, c.ships[0].points_each), (false, 0, 220));
    // A renegade Lunar is fielded by every Chaos list (ch-all/renegade-imperials) and counts.
    let r = check(&fleet_in("ch-incursion", &[("lunar-cruiser", &[])], &[]));
    assert!(r.ships[0].counted && r.points == 180);
}

#[test]
fn a_ship_of_the_faction_outside_its_list_is_an_error_or_a_reserve() {
    let c = check(&fleet_in("in-gothic", &[("apocalypse-battleship", &[])], &[]));
    assert_eq!(codes(&c)[0], (Code::NotInList, Some("ships.0")));
    assert_eq!(
        problem(&c, Code::NotInList).message,
        "The Apocalypse battleship is not in the Gothic Sector list: take it as a reserve from Bastion Fleets, Battlefleet Cadia or Armageddon Sector, or choose one of its ships"
    );
    // Counted all the same: it is the fleet's.
    assert_eq!(c.points, 365);
    let mut f = fleet_in("in-gothic", &[("apocalypse-battleship", &[])], &[]);
    f.ships[0].reserve = true;
    assert!(check(&f).problems.iter().all(|p| p.code != Code::NotInList));
    // A reserve no other list of the race fields.
    let mut f = fleet_in("in-armageddon", &[("strike-cruiser", &[])], &[]);
    f.ships[0].reserve = true;
    let c = check(&f);
    assert!(c.problems.iter().all(|p| p.code != Code::ReserveNotAllowed), "{:?}", c.problems);
}

#[test]
fn escorts_go_in_squadrons_and_capital_ships_do_not() {
    let c = check(&fleet("imperial-navy", &[("sword-frigate", &[])], &[("lunar-cruiser", 2)]));
    assert_eq!(
        codes(&c)[..2],
        [(Code::EscortNotInSquadron, Some("ships.0")), (Code::CapitalShipInSquadron, Some("squadrons.0"))]
    );
    assert_eq!(c.points, 35 + 360);
}

#[test]
fn option_groups_take_their_picks() {
    let none = check(&fleet_in("tau-commerce", &[("hero-lar-shi", &[])], &[]));
    assert_eq!(codes(&none)[0], (Code::OptionRequired, Some("ships.0.options")));
    assert_eq!(
        problem(&none, Code::OptionRequired).message,
        "The Hero (Lar'shi) needs one configuration option: choose Vash'ya configuration or T'olku configuration"
    );
    let twice = check(&fleet("imperial-navy", &[("emperor-battleship", &["sharks", "sharks"])], &[]));
    assert_eq!(codes(&twice)[0], (Code::OptionRepeated, Some("ships.0.options.1")));
    assert_eq!(twice.points, 370);
    // "id*N" and a repeated id read alike.
    let a = check(&fleet_in(
        "ty-hive",
        &[("tyranid-cruiser", &["prow-claws", "thorax-claws", "pyro-acid-set*2"])],
        &[],
    ));
    let b = check(&fleet_in(
        "ty-hive",
        &[("tyranid-cruiser", &["prow-claws", "thorax-claws", "pyro-acid-set", "pyro-acid-set"])],
        &[],
    ));
    assert_eq!((a.ships[0].points, b.ships[0].points), (120, 120));
}

#[test]
fn a_ship_without_options_says_so() {
    let c = check(&fleet("imperial-navy", &[("endurance-light-cruiser", &["sharks"])], &[]));
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Endurance light cruiser has no options in the Gothic Sector list: remove \"sharks\""
    );
    let c = check(&fleet_in("in-bakka", &[("endurance-light-cruiser", &["sharks"])], &[]));
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Endurance light cruiser has no option \"sharks\": use bakka-turret"
    );
    let c = check(&fleet("eldar-corsair", &[("eclipse-cruiser", &["sharks"])], &[]));
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Eclipse cruiser has no options: remove \"sharks\""
    );
}

#[test]
fn leaders_are_priced_placed_and_offered_by_the_list() {
    // An Admiral with two extra re-rolls: 100 + 75.
    let c = check(&led(fleet_in("in-gothic", &[("gothic-cruiser", &[])], &[]), 0, "admiral", 2));
    assert_eq!((c.points, c.ships[0].leaders[0].rerolls_bought), (180 + 175, 2));
    // Four are past the ladder: priced at three.
    let c = check(&led(fleet_in("in-gothic", &[("gothic-cruiser", &[])], &[]), 0, "admiral", 4));
    assert_eq!(
        problem(&c, Code::RerollsOver).message,
        "The Admiral buys at most 3 extra re-rolls; 4 are asked"
    );
    assert_eq!(problem(&c, Code::RerollsOver).part.as_deref(), Some("ships.0.leaders.0.rerolls"));
    assert_eq!(c.points, 180 + 250);
    // An Admiral on an escort, a Warmaster in an Imperial fleet.
    let mut f = fleet_in("in-gothic", &[], &[("sword-frigate", 2)]);
    f.squadrons[0].leaders.push(Aboard::new("admiral"));
    assert_eq!(
        problem(&check(&f), Code::LeaderPlacement).message,
        "The Admiral rides a capital ship other than a Space Marine ship; the Sword frigate is not one"
    );
    let c = check(&led(fleet_in("in-gothic", &[("gothic-cruiser", &[])], &[]), 0, "warmaster-incursion", 0));
    assert!(
        problem(&c, Code::LeaderNotInList).message.starts_with(
            "The Gothic Sector list does not offer the Chaos Warmaster (Incursion): it offers Fleet-Admiral, Admiral or Solar Admiral"
        ),
        "{}",
        problem(&c, Code::LeaderNotInList).message
    );
    let c = check(&led(fleet_in("in-gothic", &[("gothic-cruiser", &[])], &[]), 0, "admirall", 0));
    assert!(
        problem(&c, Code::UnknownLeader).message.starts_with("There is no leader \"admirall\": use admiral")
    );
    // Fleet re-rolls go on no ship.
    let mut n = fleet_in("nec-harvest", &[("scythe-harvest-ship", &[])], &[]);
    n.leaders.push(Aboard { id: "necron-fleet-rerolls".into(), rerolls: 2 });
    let c = check(&n);
    assert_eq!((c.points, c.leaders[0].points, c.legal), (350, 75, true), "{:?}", c.problems);
    let c = check(&led(
        fleet_in("nec-harvest", &[("scythe-harvest-ship", &[])], &[]),
        0,
        "necron-fleet-rerolls",
        0,
    ));
    assert_eq!(
        problem(&c, Code::LeaderPlacement).message,
        "The Fleet re-rolls is bought for the fleet and rides no ship: take it off the Scythe harvest ship"
    );
}

#[test]
fn a_short_document_opens_with_its_defaults_and_its_factions_first_list() {
    let f: Fleet = serde_json::from_str(r#"{"faction": "orks"}"#).expect("a fleet");
    assert_eq!(f, Fleet::new("orks"));
    assert_eq!((f.points_limit, f.list.as_str(), f.version), (1500, "ork-cyclops", 2));
    let f: Fleet = serde_json::from_str(r#"{"squadrons": [{"class": "brute-ram-ship"}]}"#).expect("a fleet");
    assert_eq!((f.faction.as_str(), f.list.as_str(), f.squadrons[0].count), ("", "", 1));
}

#[test]
fn a_version_1_fleet_is_read_as_version_2() {
    // As version 1 stored them: no list, the Strike Cruiser's bays an option, the Protector's
    // missiles a configuration, the Tyranid cruiser's torpedoes one option.
    let v1 = r#"{"version": 1, "name": "Old", "faction": "space-marines", "points_limit": 1500,
        "ships": [{"class": "strike-cruiser", "name": "", "options": ["prow-bays"]},
                  {"class": "strike-cruiser", "name": "", "options": ["prow-torpedoes"]}],
        "squadrons": [{"class": "gladius-frigate", "count": 2, "name": "", "options": []}]}"#;
    let f: Fleet = serde_json::from_str(v1).expect("a version 1 fleet");
    assert_eq!((f.version, f.list.as_str()), (2, "sm-codex"));
    assert_eq!(f.ships[0].options, Vec::<String>::new());
    assert_eq!(f.ships[1].options, ["prow-torpedoes"]);
    let c = check(&f);
    assert!(c.legal, "{:?}", c.problems);
    assert_eq!((c.points, c.ships[0].bays), (380, 2));
    let tau: Fleet = serde_json::from_str(
        r#"{"version": 1, "faction": "tau", "ships": [{"class": "protector-lar-shi-vre", "options": ["missiles"]}]}"#,
    )
    .expect("tau");
    assert_eq!(
        (tau.list.as_str(), tau.ships[0].options.as_slice()),
        ("tau-merchant", &["vior-la".to_string()][..])
    );
    let ty: Fleet = serde_json::from_str(r#"{"version": 1, "faction": "tyranids", "ships": [{"class": "tyranid-cruiser", "options": ["torpedoes"]}]}"#)
        .expect("tyranids");
    assert_eq!(ty.ships[0].options, ["prow-torpedoes"]);
    // What it writes back is version 2.
    let back = serde_json::to_value(&f).expect("json");
    assert_eq!(
        (back["version"].clone(), back["list"].clone()),
        (serde_json::json!(2), serde_json::json!("sm-codex"))
    );
}

#[test]
fn the_document_refuses_unknown_fields_and_numbers_past_their_bounds() {
    let e = serde_json::from_str::<Fleet>(r#"{"faction": "orks", "ship": []}"#).unwrap_err().to_string();
    assert!(e.contains("unknown field `ship`"), "{e}");
    let e = serde_json::from_str::<Fleet>(r#"{"points_limit": 100001}"#).unwrap_err().to_string();
    assert!(e.contains("a whole number from 0 to 100000"), "{e}");
    let e = serde_json::from_str::<Fleet>(r#"{"squadrons": [{"class": "x", "count": -1}]}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("a whole number from 0 to 999"), "{e}");
    let e = serde_json::from_str::<Fleet>(
        r#"{"ships": [{"class": "x", "leaders": [{"id": "admiral", "rerolls": 1000}]}]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("a whole number from 0 to 999"), "{e}");
    let f: Fleet = serde_json::from_str(r#"{"name": "Red\nFleet", "ships": [{"class": "x", "name": " Big\tOne ", "group": "A\nB"}], "not_read": ["a\nb"]}"#)
        .expect("a fleet");
    assert_eq!(
        (f.name.as_str(), f.ships[0].name.as_str(), f.ships[0].group.as_str()),
        ("Red Fleet", "Big One", "A B")
    );
    assert_eq!(f.not_read, ["a b"]);
}

#[test]
fn the_document_counts_ships_squadrons_options_and_leaders_as_entries() {
    let mut f = gothic();
    assert_eq!(f.entries(), 5 + 1 + 1);
    f.not_read = vec!["x".into()];
    assert_eq!(f.entries(), 8);
    f.ships = vec![ShipEntry::new("lunar-cruiser", &[]); 201];
    assert!(beyond_bounds(&f).is_some_and(|why| why.contains("203 entries")));
}

#[test]
fn another_version_is_a_warning() {
    let f = Fleet { version: 3, ..fleet("orks", &[], &[]) };
    assert_eq!(any_codes(&check(&f)), [(Shared::UnknownVersion.into(), Some("version"))]);
}

#[test]
fn what_an_import_could_not_read_is_listed_and_kept() {
    let f = Fleet { not_read: vec!["Gubbinz (5 pts)".into()], ..fleet("orks", &[], &[]) };
    let c = check(&f);
    assert_eq!(codes(&c), [(Code::NotRead, Some("not_read.0"))]);
    assert!(c.legal);
    assert_eq!(
        problem(&c, Code::NotRead).message,
        "Not read from the imported roster: \"Gubbinz (5 pts)\": add it yourself or remove this line"
    );
}

#[test]
fn the_check_serializes_as_the_api_gives_it() {
    let c = check(&fleet("orks", &[("terror-ship", &[])], &[]));
    let v = serde_json::to_value(&c).expect("json");
    assert_eq!(v["points"], 185);
    assert_eq!(v["ordnance"]["fleet_limit"], 4);
    assert_eq!(v["ships"][0]["craft"][0]["roles"], serde_json::json!(["fighter", "bomber"]));
    assert_eq!(v["ships"][0]["class_name"], "Terror Ship");
    assert_eq!(v["ships"][0]["weapons"][0]["name"], "Port gunz");
    assert_eq!(v["list"], "ork-cyclops");
}

#[test]
fn the_registry_example_is_a_legal_fleet() {
    let f: Fleet = serde_json::from_str(GAME.example).expect("a fleet");
    let c = check(&f);
    assert!(c.legal, "{:?}", c.problems);
    assert_eq!((c.points, c.ordnance.fleet_limit), (505, 4));
}

fn any_fleet() -> impl Strategy<Value = Fleet> {
    let list = prop::sample::select(lists().iter().map(|l| l.id).chain(["", "nope"]).collect::<Vec<_>>());
    let class = prop::sample::select(ships().iter().map(|s| s.id).chain(["", "zzz"]).collect::<Vec<_>>());
    let option = prop::sample::select(
        ships()
            .iter()
            .flat_map(|s| s.options.iter().map(|o| o.id))
            .chain(["x", "sharks*3", ""])
            .collect::<Vec<_>>(),
    );
    let leader = prop::sample::select(leaders().iter().map(|l| l.id).chain(["x"]).collect::<Vec<_>>());
    let group = prop::sample::select(vec!["", "", "A", "B"]);
    let entry = (
        class.clone(),
        prop::collection::vec(option.clone(), 0..3),
        group.clone(),
        any::<bool>(),
        prop::option::of((leader.clone(), 0u32..5)),
    );
    let squadron = (class, 0u32..=20, prop::collection::vec(option, 0..2), group);
    (
        list,
        0u32..=100_000,
        prop::collection::vec(entry, 0..12),
        prop::collection::vec(squadron, 0..6),
        prop::option::of(leader),
    )
        .prop_map(|(list, limit, ships, squadrons, fleet_leader)| {
            let mut f = Fleet::of_list(list);
            f.points_limit = limit;
            f.ships = ships
                .into_iter()
                .map(|(c, o, g, reserve, l)| ShipEntry {
                    group: g.to_string(),
                    reserve,
                    leaders: l.map(|(id, r)| Aboard { id: id.to_string(), rerolls: r }).into_iter().collect(),
                    ..ShipEntry::new(c, &o)
                })
                .collect();
            f.squadrons = squadrons
                .into_iter()
                .map(|(c, n, o, g)| Squadron {
                    options: o.into_iter().map(String::from).collect(),
                    group: g.to_string(),
                    ..Squadron::new(c, n)
                })
                .collect();
            f.leaders = fleet_leader.map(Aboard::new).into_iter().collect();
            f
        })
}

proptest! {
    #[test]
    fn any_fleet_is_judged_without_panicking_and_its_totals_add_up(f in any_fleet()) {
        let c = check(&f);
        let entries = c.ships.iter().chain(&c.squadrons);
        let leaders: u32 = c.leaders.iter().map(|l| l.points).sum();
        prop_assert_eq!(c.points, entries.clone().map(|e| e.points).sum::<u32>() + leaders);
        prop_assert_eq!(c.ordnance.fleet_limit, entries.clone().filter(|e| e.counted).map(|e| e.limit_share).sum::<u32>());
        prop_assert!(c.ordnance.fleet_limit >= c.ordnance.bays);
        prop_assert_eq!(c.legal, !c.problems.iter().any(|p| p.is_error()));
        prop_assert_eq!(c.points > c.limit, c.problems.iter().any(|p| p.code == Shared::OverPointsLimit));
        for p in &c.problems {
            let part = p.part.as_deref().unwrap_or("");
            prop_assert!(
                part.is_empty() || ["ships.", "squadrons.", "leaders.", "faction", "list", "points_limit", "version", "not_read."].iter().any(|s| part.starts_with(s)),
                "{}", part
            );
            prop_assert_eq!(p.code == Code::ListRule, p.rule.is_some());
        }
        let _ = text_export(&f);
    }
}
