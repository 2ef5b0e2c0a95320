//! Fleets of several factions with exact points and ordnance, every problem, the document.

use super::*;
use crate::games::bounds::{Document, beyond_bounds};
use proptest::prelude::*;

#[test]
fn an_imperial_fleet_adds_its_options_and_escorts() {
    // Emperor 365 + Sharks 5, Dictator 220, Lunar 180, 3 Swords at 35.
    let f = fleet(
        "imperial-navy",
        &[("emperor-battleship", &["sharks"]), ("dictator-cruiser", &[]), ("lunar-cruiser", &[])],
        &[("sword-frigate", 3)],
    );

    let c = check(&f);

    assert_eq!((c.points, c.limit, c.legal), (875, 1500, true), "{:?}", c.problems);
    assert!(c.problems.is_empty());
    let points: Vec<u32> = c.ships.iter().chain(&c.squadrons).map(|e| e.points).collect();
    assert_eq!(points, [370, 220, 180, 105]);
    assert_eq!(
        c.ordnance,
        Ordnance { bays: 12, fleet_limit: 12, doubled: false, carriers: 2, torpedo_ships: 2 }
    );
    let emperor: Vec<&str> = c.ships[0].craft.iter().map(|k| k.id).collect();
    assert_eq!(emperor, ["fury-interceptor", "starhawk-bomber", "shark-assault-boat"]);
    assert_eq!(c.ships[0].options.iter().map(|o| o.name).collect::<Vec<_>>(), ["Shark assault boats"]);
    assert_eq!(c.ships[1].torpedoes_text, Some("6@30"));
    assert_eq!(c.ships[1].split, Some(Split::Never));
    assert_eq!((c.squadrons[0].turrets, c.squadrons[0].count, c.squadrons[0].points_each), (Some(2), 3, 35));
    assert_eq!(c.faction_name.as_deref(), Some("Imperial Navy"));
}

#[test]
fn a_chaos_fleet_counts_every_carriers_bays() {
    let f = fleet(
        "chaos",
        &[("despoiler-battleship", &[]), ("devastation-cruiser", &[]), ("styx-heavy-cruiser", &[])],
        &[("infidel-raider", 4)],
    );

    let c = check(&f);

    assert_eq!((c.points, c.legal), (1010, true));
    assert_eq!(
        c.ordnance,
        Ordnance { bays: 18, fleet_limit: 18, doubled: false, carriers: 3, torpedo_ships: 4 }
    );
    let bays: Vec<(u32, u32)> = c.ships.iter().map(|e| (e.bays, e.launch_capacity)).collect();
    assert_eq!(bays, [(8, 8), (4, 4), (6, 6)]);
    assert_eq!(c.squadrons[0].torpedoes_text, Some("2@30"));
}

#[test]
fn a_tyranid_fleet_never_runs_out_and_counts_its_bays_twice() {
    let f = fleet(
        "tyranids",
        &[("hive-ship", &["thorax-bays", "prow-torpedoes"]), ("tyranid-cruiser", &["torpedoes"])],
        &[("vanguard-drone-ship", 4)],
    );

    let c = check(&f);

    // Base points only: the data prices no Tyranid weapon.
    assert_eq!((c.points, c.legal), (360, true));
    assert_eq!(
        c.ordnance,
        Ordnance { bays: 2, fleet_limit: 4, doubled: true, carriers: 1, torpedo_ships: 2 }
    );
    assert_eq!((c.ships[0].bays, c.ships[0].launch_capacity, c.ships[0].limit_share), (2, 4, 4));
    assert!(c.ships[0].never_runs_out && c.ships[0].unverified);
    assert_eq!(
        codes(&c),
        [
            (Code::OptionPriceUnknown, Some("ships.0.options.0")),
            (Code::OptionPriceUnknown, Some("ships.0.options.1")),
            (Code::UnverifiedProfile, Some("ships.0")),
            (Code::OptionPriceUnknown, Some("ships.1.options.0")),
        ]
    );
    assert_eq!(
        problem(&c, Code::OptionPriceUnknown).message,
        "Our data gives no price for the Hive Ship's Thorax launch bays: it is counted as 0 pts"
    );
}

#[test]
fn space_marine_strike_cruisers_take_bays_or_torpedoes() {
    let f = fleet(
        "space-marines",
        &[("battle-barge", &[]), ("strike-cruiser", &["prow-bays"]), ("strike-cruiser", &["prow-torpedoes"])],
        &[("gladius-frigate", 2)],
    );

    let c = check(&f);

    assert_eq!((c.points, c.legal), (805, true), "{:?}", c.problems);
    assert_eq!((c.ordnance.bays, c.ordnance.fleet_limit, c.ordnance.torpedo_ships), (5, 5, 2));
    assert_eq!((c.ships[1].bays, c.ships[1].torpedoes), (2, None));
    assert_eq!((c.ships[2].bays, c.ships[2].torpedoes_text), (0, Some("6@30")));
    assert!(c.ships[2].craft.is_empty());
}

#[test]
fn tau_eldar_and_ork_fleets_carry_their_own_craft_and_salvoes() {
    let tau =
        check(&fleet("tau", &[("explorer-gal-leath", &["vash-ya"]), ("custodian-or-es-el-leath", &[])], &[]));
    assert_eq!((tau.points, tau.ordnance.fleet_limit, tau.legal), (560, 14, true));
    assert_eq!(tau.ships[1].split, Some(Split::Allowed));

    let eldar =
        check(&fleet("eldar-corsair", &[("void-stalker-battleship", &[])], &[("hellebore-frigate", 2)]));
    assert_eq!((eldar.points, eldar.ordnance.fleet_limit), (510, 4));
    let darkstar = &eldar.ships[0].craft[0];
    assert_eq!((darkstar.resilient, darkstar.turrets_hit_only_on_6), (Resilience::Always, true));
    assert_eq!(eldar.ships[0].turrets, Some(0));

    let orks = check(&fleet("orks", &[("terror-ship", &["prow-torpedoes"])], &[("ravager-attack-ship", 3)]));
    assert_eq!((orks.points, orks.ordnance.fleet_limit, orks.ordnance.torpedo_ships), (305, 4, 4));
    assert_eq!(orks.ships[0].split, Some(Split::IfRolledOverSix));
    assert_eq!(orks.ships[0].torpedoes_text, Some("D6+2@30"));
}

#[test]
fn over_the_limit_is_an_error_naming_both_figures() {
    let mut f = fleet("imperial-navy", &[("emperor-battleship", &[]), ("retribution-battleship", &[])], &[]);
    f.points_limit = 700;

    let c = check(&f);

    assert!(!c.legal);
    assert_eq!(codes(&c), [(Code::OverPointsLimit, Some("points_limit"))]);
    assert_eq!(
        problem(&c, Code::OverPointsLimit).message,
        "The fleet costs 710 pts, 10 over its limit of 700 pts"
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
            (Code::UnknownOption, Some("ships.1.options.0")),
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
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Emperor battleship has no option \"shark\": use sharks"
    );
    // Kept as sent, priced at nothing.
    assert_eq!((&*c.ships[0].class, c.ships[0].known, c.ships[0].points), ("lunar-cruser", false, 0));
    assert_eq!(c.points, 365);
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
fn an_unknown_escort_is_matched_against_the_factions_escorts() {
    let c = check(&fleet("chaos", &[], &[("infidel", 3)]));
    assert_eq!(problem(&c, Code::UnknownShip).part.as_deref(), Some("squadrons.0"));
    assert!(
        problem(&c, Code::UnknownShip)
            .message
            .starts_with("There is no ship class \"infidel\": use infidel-raider")
    );
}

#[test]
fn ships_of_another_faction_are_errors() {
    let c = check(&fleet("chaos", &[("lunar-cruiser", &[])], &[]));
    assert_eq!(codes(&c), [(Code::WrongFaction, Some("ships.0"))]);
    assert_eq!(
        problem(&c, Code::WrongFaction).message,
        "The Lunar cruiser belongs to Imperial Navy fleets; this fleet is Chaos"
    );
}

#[test]
fn escorts_go_in_squadrons_and_capital_ships_do_not() {
    let c = check(&fleet("imperial-navy", &[("sword-frigate", &[])], &[("lunar-cruiser", 2)]));
    assert_eq!(
        codes(&c),
        [(Code::EscortNotInSquadron, Some("ships.0")), (Code::CapitalShipInSquadron, Some("squadrons.0"))]
    );
    assert_eq!(c.points, 35 + 360);
}

#[test]
fn escort_squadrons_outside_two_to_six_are_warnings() {
    for (count, warned) in [(0, true), (1, true), (2, false), (6, false), (7, true)] {
        let c = check(&fleet("imperial-navy", &[], &[("cobra-destroyer", count)]));
        assert!(c.legal);
        assert_eq!(codes(&c) == [(Code::SquadronSize, Some("squadrons.0"))], warned, "{count}");
        assert_eq!(c.points, 30 * count);
    }
    let c = check(&fleet("imperial-navy", &[], &[("cobra-destroyer", 7)]));
    assert_eq!(
        problem(&c, Code::SquadronSize).message,
        "This squadron has 7 ships; we expect escort squadrons of 2 to 6 ships (our reading, not a rule of the Ordnance Phase)"
    );
}

#[test]
fn option_groups_take_exactly_one() {
    let none = check(&fleet("space-marines", &[("strike-cruiser", &[])], &[]));
    assert_eq!(codes(&none), [(Code::OptionRequired, Some("ships.0.options"))]);
    assert_eq!(
        problem(&none, Code::OptionRequired).message,
        "The Strike Cruiser needs one prow option: choose Prow launch bays or Prow torpedoes"
    );

    let both = check(&fleet("space-marines", &[("strike-cruiser", &["prow-bays", "prow-torpedoes"])], &[]));
    assert_eq!(codes(&both), [(Code::OptionsExclusive, Some("ships.0.options.1"))]);
    // The first choice stands.
    assert_eq!((both.ships[0].bays, both.ships[0].torpedoes), (2, None));

    let twice = check(&fleet("imperial-navy", &[("emperor-battleship", &["sharks", "sharks"])], &[]));
    assert_eq!(codes(&twice), [(Code::OptionRepeated, Some("ships.0.options.1"))]);
    assert_eq!(twice.points, 370);
}

#[test]
fn a_ship_without_options_says_so() {
    let c = check(&fleet("imperial-navy", &[("gothic-cruiser", &["sharks"])], &[]));
    assert_eq!(
        problem(&c, Code::UnknownOption).message,
        "The Gothic cruiser has no options: remove \"sharks\""
    );
}

#[test]
fn squadron_options_are_priced_per_ship() {
    let f = Fleet {
        squadrons: vec![Squadron { options: vec!["torpedoes".into()], ..Squadron::new("kraken", 3) }],
        ..Fleet::new("tyranids")
    };
    let c = check(&f);
    assert_eq!((c.points, c.ordnance.torpedo_ships), (75, 3));
    assert_eq!(codes(&c), [(Code::OptionPriceUnknown, Some("squadrons.0.options.0"))]);
}

#[test]
fn a_short_document_opens_with_its_defaults() {
    let f: Fleet = serde_json::from_str(r#"{"faction": "orks"}"#).expect("a fleet");
    assert_eq!(f, Fleet::new("orks"));
    assert_eq!(f.points_limit, 1500);
    let f: Fleet = serde_json::from_str(r#"{"squadrons": [{"class": "brute-ram-ship"}]}"#).expect("a fleet");
    assert_eq!((f.faction.as_str(), f.squadrons[0].count), ("", 1));
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
    let f: Fleet =
        serde_json::from_str(r#"{"name": "Red\nFleet", "ships": [{"class": "x", "name": " Big\tOne "}]}"#)
            .expect("a fleet");
    assert_eq!((f.name.as_str(), f.ships[0].name.as_str()), ("Red Fleet", "Big One"));
}

#[test]
fn the_document_counts_ships_squadrons_and_options_as_entries() {
    let mut f = fleet("imperial-navy", &[("emperor-battleship", &["sharks"])], &[("sword-frigate", 3)]);
    assert_eq!(f.entries(), 3);
    f.ships = vec![ShipEntry::new("lunar-cruiser", &[]); 201];
    assert!(beyond_bounds(&f).is_some_and(|why| why.contains("202 entries")));
}

#[test]
fn another_version_is_a_warning() {
    let f = Fleet { version: 2, ..fleet("orks", &[], &[]) };
    assert_eq!(codes(&check(&f)), [(Code::UnknownVersion, Some("version"))]);
}

#[test]
fn the_check_serializes_as_the_api_gives_it() {
    let c = check(&fleet("orks", &[("terror-ship", &[])], &[]));
    let v = serde_json::to_value(&c).expect("json");
    assert_eq!(v["points"], 185);
    assert_eq!(v["ordnance"]["fleet_limit"], 4);
    assert_eq!(v["ships"][0]["craft"][0]["roles"], serde_json::json!(["fighter", "bomber"]));
    assert_eq!(v["ships"][0]["class_name"], "Terror Ship");
}

#[test]
fn the_registry_example_is_a_legal_fleet() {
    let f: Fleet = serde_json::from_str(GAME.example).expect("a fleet");
    let c = check(&f);
    assert!(c.legal, "{:?}", c.problems);
    assert_eq!((c.points, c.ordnance.fleet_limit), (505, 4));
}

fn any_fleet() -> impl Strategy<Value = Fleet> {
    let faction = prop::sample::select(vec!["imperial-navy", "chaos", "tyranids", "tau", "", "nope"]);
    let class = prop::sample::select(ships().iter().map(|s| s.id).chain(["", "zzz"]).collect::<Vec<_>>());
    let option =
        prop::sample::select(vec!["sharks", "prow-bays", "prow-torpedoes", "torpedoes", "thorax-bays", "x"]);
    let entry = (class.clone(), prop::collection::vec(option.clone(), 0..3));
    let squadron = (class, 0u32..=999, prop::collection::vec(option, 0..2));
    (faction, 0u32..=100_000, prop::collection::vec(entry, 0..12), prop::collection::vec(squadron, 0..6))
        .prop_map(|(faction, limit, ships, squadrons)| Fleet {
            points_limit: limit,
            ships: ships.into_iter().map(|(c, o)| ShipEntry::new(c, &o)).collect(),
            squadrons: squadrons
                .into_iter()
                .map(|(c, n, o)| Squadron {
                    options: o.into_iter().map(String::from).collect(),
                    ..Squadron::new(c, n)
                })
                .collect(),
            ..Fleet::new(faction)
        })
}

proptest! {
    #[test]
    fn any_fleet_is_judged_without_panicking_and_its_totals_add_up(f in any_fleet()) {
        let c = check(&f);
        let entries = c.ships.iter().chain(&c.squadrons);
        prop_assert_eq!(c.points, entries.clone().map(|e| e.points).sum::<u32>());
        prop_assert_eq!(c.ordnance.fleet_limit, entries.clone().map(|e| e.limit_share).sum::<u32>());
        prop_assert!(c.ordnance.fleet_limit >= c.ordnance.bays);
        prop_assert_eq!(c.legal, !c.problems.iter().any(|p| p.is_error()));
        prop_assert_eq!(c.points > c.limit, c.problems.iter().any(|p| p.code == Code::OverPointsLimit));
        for p in &c.problems {
            let part = p.part.as_deref().unwrap_or("");
            prop_assert!(["ships.", "squadrons.", "faction", "points_limit", "version"].iter().any(|s| part.starts_with(s)), "{}", part);
        }
        let _ = text_export(&f);
    }
}
