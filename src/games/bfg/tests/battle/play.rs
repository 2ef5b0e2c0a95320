//! The battle in play: the fleet limit on launches, markers leaving play, salvoes split and
//! rolled, conditions, Tyranid carriers, the turn, refusals and the JSON the battle is kept as.

use super::*;

#[test]
fn a_launch_over_the_fleet_limit_is_refused_with_the_figures() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(0, &[("fury-interceptor", 6)]));
    ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Crippled });

    let r = refused(&mut b, &f, launch(1, &[("starhawk-bomber", 4)]));

    assert_eq!(r, Refusal::OverFleetLimit { limit: 8, in_play: 6, asked: 4, over: 2 });
    assert_eq!(
        r.to_string(),
        "The fleet may have at most 8 attack craft in play; 6 are in play, so 4 more would be 2 too many"
    );
    ok(&mut b, &f, launch(1, &[("starhawk-bomber", 2)]));
    assert_eq!(b.in_play(), 8);
}

#[test]
fn with_more_craft_in_play_than_the_limit_only_torpedoes_launch_until_some_are_recalled() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(0, &[("fury-interceptor", 8)]));
    let text = ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Destroyed });
    assert_eq!(
        text,
        "Emperor battleship is destroyed; the fleet may now have 4 attack craft in play (8 are: none may launch until some are removed)"
    );
    assert!(status(&b, &f).expect("status").over_limit);

    let r = refused(&mut b, &f, launch(1, &[("fury-interceptor", 1)]));
    assert_eq!(r, Refusal::FleetOverLimit { limit: 4, in_play: 8 });
    ok(&mut b, &f, torpedoes(1));
    let text = ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 5, reason: Removal::Recalled },
    );
    assert_eq!(text, "5 Fury interceptor markers recalled: 3 attack craft in play");
    ok(&mut b, &f, launch(1, &[("starhawk-bomber", 1)]));
    assert_eq!(b.in_play(), 4);
}

#[test]
fn markers_leave_play_destroyed_returned_or_recalled() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(0, &[("fury-interceptor", 2), ("starhawk-bomber", 2)]));

    let text = ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 1, reason: Removal::Destroyed },
    );
    assert_eq!(text, "1 Fury interceptor marker destroyed: 3 attack craft in play");
    ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "starhawk-bomber".into(), count: 2, reason: Removal::Returned },
    );
    assert_eq!(b.markers.get("starhawk-bomber"), None);

    let r = refused(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "starhawk-bomber".into(), count: 1, reason: Removal::Returned },
    );
    assert_eq!(r.to_string(), "There is no attack craft \"starhawk-bomber\" in play");
    let r = refused(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 2, reason: Removal::Destroyed },
    );
    assert_eq!(r.to_string(), "Only 1 Fury interceptor markers are in play; 2 cannot be removed");
    assert!(matches!(
        refused(
            &mut b,
            &f,
            Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 0, reason: Removal::Destroyed }
        ),
        Refusal::TooFewMarkers { .. }
    ));
}

#[test]
fn a_recall_needs_a_carrier_ready_to_launch() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(0, &[("fury-interceptor", 2)]));
    ok(&mut b, &f, launch(1, &[("fury-interceptor", 2)]));

    let r = refused(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 2, reason: Removal::Recalled },
    );

    assert_eq!(r, Refusal::NothingToRecallFor);
    ok(&mut b, &f, Action::NextTurn {});
    ok(&mut b, &f, Action::Reload { ship: 1, success: true });
    ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "fury-interceptor".into(), count: 2, reason: Removal::Recalled },
    );
}

#[test]
fn launches_are_limited_by_the_ships_bays_and_halved_when_braced() {
    let f = imperial();
    let mut b = start(&f);
    let r = refused(&mut b, &f, launch(1, &[("fury-interceptor", 3), ("starhawk-bomber", 2)]));
    assert_eq!(r.to_string(), "Dictator cruiser may launch at most 4 squadrons at once; this launch has 5");

    assert_eq!(
        ok(&mut b, &f, Action::Brace { ship: 0, braced: true }),
        "Emperor battleship braces for impact: it launches half its ordnance while braced"
    );
    ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Crippled });
    let r = refused(&mut b, &f, launch(0, &[("fury-interceptor", 3)]));
    assert_eq!(
        r.to_string(),
        "Emperor battleship may launch at most 2 squadrons at once while crippled and braced; this launch has 3"
    );
    // Bracing does not lower the fleet's limit.
    assert_eq!(limit(&b, &f), 8);
    assert!(matches!(
        refused(&mut b, &f, Action::Brace { ship: 0, braced: true }),
        Refusal::SameBrace { .. }
    ));
    ok(&mut b, &f, Action::Brace { ship: 0, braced: false });
    ok(&mut b, &f, launch(0, &[("fury-interceptor", 4)]));
}

#[test]
fn a_ship_launches_only_the_craft_it_carries() {
    let f = imperial();
    let mut b = start(&f);
    let r = refused(&mut b, &f, launch(1, &[("shark-assault-boat", 1)]));
    assert_eq!(
        r.to_string(),
        "Dictator cruiser does not carry \"shark-assault-boat\": it launches fury-interceptor or starhawk-bomber"
    );
    assert_eq!(refused(&mut b, &f, launch(1, &[])), Refusal::NothingToLaunch);
    assert_eq!(refused(&mut b, &f, launch(1, &[("fury-interceptor", 0)])), Refusal::NothingToLaunch);
    assert_eq!(
        refused(&mut b, &f, launch(3, &[("fury-interceptor", 1)])).to_string(),
        "Apocalypse battleship has no launch bays"
    );
    assert_eq!(refused(&mut b, &f, torpedoes(3)).to_string(), "Apocalypse battleship has no torpedoes");
    assert_eq!(refused(&mut b, &f, torpedoes(99)), Refusal::NoSuchShip { index: 99, last: 5 });
}

#[test]
fn only_salvoes_over_six_split_into_two_of_at_least_three() {
    let f = imperial();
    let mut b = start(&f);
    let split = |ship, a, b| Action::LaunchTorpedoes { ship, rolled: None, split: Some([a, b]) };
    assert_eq!(refused(&mut b, &f, split(2, 6, 2)), Refusal::BadSplit { strength: 9, a: 6, b: 2 });
    assert!(b.ships[2].torpedoes_loaded);
    assert_eq!(refused(&mut b, &f, split(2, 7, 2)), Refusal::BadSplit { strength: 9, a: 7, b: 2 });
    assert_eq!(refused(&mut b, &f, split(2, 4, 4)), Refusal::BadSplit { strength: 9, a: 4, b: 4 });
    let r = refused(&mut b, &f, split(1, 3, 3));
    assert_eq!(r.to_string(), "Dictator cruiser's salvo of 6 may not be split: only salvoes over 6 may");

    let text = ok(&mut b, &f, split(2, 5, 4));

    assert_eq!(
        text,
        "Retribution battleship launched torpedoes: two salvoes of 5 and 4 (in different directions)"
    );
}

#[test]
fn a_salvo_of_nine_may_split_three_and_six() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, Action::LaunchTorpedoes { ship: 2, rolled: None, split: Some([3, 6]) });
}

#[test]
fn rolled_salvoes_ask_for_the_die() {
    let f = fleet(
        "orks",
        &[("terror-ship", &["prow-torpedoes"]), ("kill-kroozer", &[])],
        &[("ravager-attack-ship", 2)],
    );
    let mut b = start(&f);
    let rolled = |ship, r: Option<u32>, split| Action::LaunchTorpedoes { ship, rolled: r, split };
    assert_eq!(
        refused(&mut b, &f, torpedoes(0)).to_string(),
        "Terror Ship's salvo strength is rolled: give the D6 rolled (1 to 6)"
    );
    assert_eq!(refused(&mut b, &f, rolled(0, Some(7), None)), Refusal::BadRoll(7));
    // A 4 makes 6: not over six, so no split.
    assert!(matches!(refused(&mut b, &f, rolled(0, Some(4), Some([3, 3]))), Refusal::SplitNotAllowed { .. }));
    assert_eq!(
        ok(&mut b, &f, rolled(0, Some(6), Some([4, 4]))),
        "Terror Ship launched torpedoes: two salvoes of 4 and 4 (in different directions)"
    );
    assert_eq!(
        ok(&mut b, &f, rolled(2, Some(2), None)),
        "Ravager attack ship 1 (squadron 1) launched torpedoes: a salvo of 2"
    );
    assert_eq!(refused(&mut b, &f, torpedoes(1)).to_string(), "Kill Kroozer has no torpedoes");

    let f = imperial();
    let mut b = start(&f);
    assert!(matches!(refused(&mut b, &f, rolled(1, Some(3), None)), Refusal::RollNotNeeded { .. }));
}

#[test]
fn conditions_change_once_and_escorts_are_never_crippled() {
    let f = imperial();
    let mut b = start(&f);
    let r = refused(&mut b, &f, Action::SetCondition { ship: 4, condition: Condition::Crippled });
    assert_eq!(
        r.to_string(),
        "Cobra destroyer 1 (squadron 1) is an escort with one hit: it is destroyed, never crippled"
    );
    assert_eq!(
        ok(&mut b, &f, Action::SetCondition { ship: 4, condition: Condition::Destroyed }),
        "Cobra destroyer 1 (squadron 1) is destroyed"
    );
    let r = refused(&mut b, &f, Action::SetCondition { ship: 4, condition: Condition::Destroyed });
    assert_eq!(r.to_string(), "Cobra destroyer 1 (squadron 1) is destroyed already");
    assert_eq!(
        refused(&mut b, &f, torpedoes(4)).to_string(),
        "Cobra destroyer 1 (squadron 1) is destroyed: only undoing the order that destroyed it brings it back"
    );
    assert!(matches!(refused(&mut b, &f, Action::Brace { ship: 4, braced: true }), Refusal::Destroyed(_)));
    assert!(matches!(refused(&mut b, &f, Action::Reload { ship: 4, success: true }), Refusal::Destroyed(_)));
    // The other Cobra fires on.
    ok(&mut b, &f, torpedoes(5));
}

#[test]
fn tyranids_never_run_out_launch_twice_their_bays_and_count_them_twice() {
    let f = fleet("tyranids", &[("hive-ship", &["thorax-bays", "prow-torpedoes"])], &[("kraken", 2)]);
    let mut b = start(&f);
    assert_eq!(limit(&b, &f), 4);

    ok(&mut b, &f, launch(0, &[("tyranid-fighter", 2), ("tyranid-assault-boat", 2)]));

    assert!(b.ships[0].bays_loaded);
    assert!(matches!(
        refused(&mut b, &f, launch(0, &[("tyranid-fighter", 1)])),
        Refusal::CraftLaunchedThisTurn(_)
    ));
    ok(&mut b, &f, torpedoes(0));
    assert!(b.ships[0].torpedoes_loaded);
    assert!(matches!(refused(&mut b, &f, torpedoes(0)), Refusal::TorpedoesLaunchedThisTurn(_)));
    assert_eq!(
        refused(&mut b, &f, Action::Reload { ship: 0, success: true }).to_string(),
        "Hive Ship never runs out of ordnance: it needs no reloading"
    );
    ok(&mut b, &f, Action::NextTurn {});
    assert!(matches!(
        refused(&mut b, &f, launch(0, &[("tyranid-fighter", 1)])),
        Refusal::OverFleetLimit { .. }
    ));
    ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "tyranid-fighter".into(), count: 2, reason: Removal::Recalled },
    );
    ok(&mut b, &f, launch(0, &[("tyranid-fighter", 2)]));
    // Crippled: 2 bays become 1, counted twice.
    ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Crippled });
    assert_eq!(limit(&b, &f), 2);
    // Krakens without the torpedo option have none.
    assert!(matches!(refused(&mut b, &f, torpedoes(1)), Refusal::NoTorpedoes(_)));
}

#[test]
fn the_turn_advances_and_stops_at_the_last() {
    let f = imperial();
    let mut b = start(&f);
    assert_eq!(ok(&mut b, &f, Action::NextTurn {}), "Turn 2 begins");
    b.turn = MAX_TURN;
    assert_eq!(refused(&mut b, &f, Action::NextTurn {}), Refusal::LastTurn);
}

#[test]
fn a_battle_refuses_a_fleet_that_has_changed() {
    let f = imperial();
    let mut b = start(&f);
    let mut changed = f.clone();
    changed.ships[1].class = "lunar-cruiser".into();

    let r = refused(&mut b, &changed, Action::NextTurn {});

    assert_eq!(
        r.to_string(),
        "The fleet has changed since this battle began (Dictator cruiser is now a Lunar cruiser): start a new battle"
    );
    changed.squadrons[0].count = 3;
    assert!(matches!(refused(&mut b, &changed, Action::NextTurn {}), Refusal::FleetChanged(_)));
    assert!(status(&b, &changed).is_err());
}

#[test]
fn huge_fleets_are_refused_a_battle_and_unknown_classes_left_out() {
    let f = fleet("imperial-navy", &[], &[("sword-frigate", 999)]);
    assert_eq!(Battle::new(&f), Err(Refusal::TooManyShips(999)));
    let f = fleet("imperial-navy", &[("nonsense", &[]), ("gothic-cruiser", &[])], &[]);
    let b = start(&f);
    assert_eq!((b.ships.len(), b.ships[0].part.as_str()), (1, "ships.1"));
}

#[test]
fn the_log_keeps_its_last_entries() {
    let f = imperial();
    let mut b = start(&f);
    for i in 0..MAX_LOG + 20 {
        ok(&mut b, &f, Action::Brace { ship: 0, braced: i % 2 == 0 });
    }
    assert_eq!((b.log.len(), b.log_dropped), (MAX_LOG, 21));
}

#[test]
fn battles_and_actions_read_and_write_as_json() {
    let f = imperial();
    let mut b = start(&f);
    let a: Action = serde_json::from_str(
        r#"{"launch_craft": {"ship": 0, "squadrons": [{"craft": "fury-interceptor", "count": 2}]}}"#,
    )
    .expect("an action");
    ok(&mut b, &f, a);
    let a: Action =
        serde_json::from_str(r#"{"launch_torpedoes": {"ship": 2, "split": [5, 4]}}"#).expect("an action");
    ok(&mut b, &f, a);
    let json = serde_json::to_string(&b).expect("json");
    let back: Battle = serde_json::from_str(&json).expect("a battle");
    assert_eq!(back, b);
    let e = serde_json::from_str::<Action>(r#"{"next_turn": {"extra": 1}}"#).unwrap_err().to_string();
    assert!(e.contains("unknown field"), "{e}");
    let e = serde_json::from_str::<Action>(r#"{"launch_craft": {"ship": -1, "squadrons": []}}"#);
    assert!(e.is_err());
}
