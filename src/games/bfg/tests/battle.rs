//! The battle tracker: every action, every refusal, the fleet limit as carriers are crippled or
//! lost, ships that never run out of ordnance.

use super::*;

/// Ships 0 Emperor (with Sharks), 1 Dictator, 2 Retribution, 3 Apocalypse, 4 and 5 Cobras.
fn imperial() -> Fleet {
    fleet(
        "imperial-navy",
        &[
            ("emperor-battleship", &["sharks"]),
            ("dictator-cruiser", &[]),
            ("retribution-battleship", &[]),
            ("apocalypse-battleship", &[]),
        ],
        &[("cobra-destroyer", 2)],
    )
}

fn launch(ship: usize, craft: &[(&str, u32)]) -> Action {
    Action::LaunchCraft {
        ship,
        squadrons: craft.iter().map(|(c, n)| Launch { craft: (*c).to_string(), count: *n }).collect(),
    }
}

fn torpedoes(ship: usize) -> Action {
    Action::LaunchTorpedoes { ship, rolled: None, split: None }
}

fn start(f: &Fleet) -> Battle {
    Battle::new(f).expect("a battle")
}

/// Apply, expecting success; the event's text.
fn ok(b: &mut Battle, f: &Fleet, a: Action) -> String {
    match apply(b, f, a.clone()) {
        Ok(e) => e.text,
        Err(r) => panic!("{a:?} refused: {r}"),
    }
}

/// Apply, expecting a refusal that leaves the battle as it was.
fn refused(b: &mut Battle, f: &Fleet, a: Action) -> Refusal {
    let before = b.clone();
    let r = apply(b, f, a.clone()).expect_err("a refusal");
    assert_eq!(*b, before, "{a:?} changed the battle");
    r
}

fn limit(b: &Battle, f: &Fleet) -> u32 {
    status(b, f).expect("status").fleet_limit
}

#[test]
fn a_battle_starts_with_every_ship_loaded_and_nothing_in_play() {
    let f = imperial();

    let b = start(&f);

    assert_eq!((b.turn, b.ships.len(), b.in_play(), b.log.len()), (1, 6, 0, 1));
    assert!(b.ships.iter().all(|s| s.torpedoes_loaded && s.bays_loaded && s.condition == Condition::Intact));
    let labels: Vec<&str> = b.ships.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Emperor battleship",
            "Dictator cruiser",
            "Retribution battleship",
            "Apocalypse battleship",
            "Cobra destroyer 1 (squadron 1)",
            "Cobra destroyer 2 (squadron 1)"
        ]
    );
    let s = status(&b, &f).expect("status");
    assert_eq!((s.fleet_limit, s.in_play, s.over_limit), (12, 0, false));
    let caps: Vec<u32> = s.ships.iter().map(|s| s.launch_capacity).collect();
    assert_eq!(caps, [8, 4, 0, 0, 0, 0]);
    assert_eq!(s.ships[2].salvo.as_deref(), Some("9"));
}

#[test]
fn launching_attack_craft_puts_markers_in_play_and_expends_the_bays() {
    let f = imperial();
    let mut b = start(&f);

    let text = ok(
        &mut b,
        &f,
        launch(0, &[("starhawk-bomber", 4), ("fury-interceptor", 3), ("shark-assault-boat", 1)]),
    );

    assert_eq!(
        text,
        "Emperor battleship launched 4 Starhawk bomber + 3 Fury interceptor + 1 Shark assault boat (8 squadrons): 8 of 12 attack craft in play"
    );
    assert_eq!(b.in_play(), 8);
    assert_eq!(b.markers.get("starhawk-bomber"), Some(&4));
    assert!(!b.ships[0].bays_loaded);
    assert_eq!(b.log.last().map(|l| (l.turn, l.text.as_str())), Some((1, text.as_str())));
    let r = refused(&mut b, &f, launch(0, &[("fury-interceptor", 1)]));
    assert_eq!(
        r.to_string(),
        "Emperor battleship has launched its attack craft and must Reload Ordnance before launching again"
    );
}

#[test]
fn a_partial_launch_cannot_save_the_rest_of_the_bays() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(1, &[("fury-interceptor", 2)]));

    let r = refused(&mut b, &f, launch(1, &[("starhawk-bomber", 2)]));

    assert!(matches!(r, Refusal::BaysNotLoaded(_)));
}

#[test]
fn torpedoes_and_bays_are_loaded_apart() {
    // The rules' Dictator: launches craft, fails to reload, still launches its torpedoes.
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(1, &[("starhawk-bomber", 4)]));
    ok(&mut b, &f, Action::NextTurn {});
    assert_eq!(
        ok(&mut b, &f, Action::Reload { ship: 1, success: false }),
        "Dictator cruiser failed to reload its ordnance"
    );

    let text = ok(&mut b, &f, torpedoes(1));

    assert_eq!(text, "Dictator cruiser launched torpedoes: a salvo of 6");
    assert!(!b.ships[1].torpedoes_loaded && !b.ships[1].bays_loaded);
    assert!(matches!(refused(&mut b, &f, torpedoes(1)), Refusal::TorpedoesNotLoaded(_)));
}

#[test]
fn a_successful_reload_loads_both_and_holds_until_launch() {
    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, launch(1, &[("fury-interceptor", 1)]));
    ok(&mut b, &f, torpedoes(1));
    assert!(matches!(
        refused(&mut b, &f, Action::Reload { ship: 1, success: true }),
        Refusal::ReloadAfterLaunch(_)
    ));
    ok(&mut b, &f, Action::NextTurn {});

    assert_eq!(
        ok(&mut b, &f, Action::Reload { ship: 1, success: true }),
        "Dictator cruiser reloaded its ordnance"
    );

    assert!(b.ships[1].torpedoes_loaded && b.ships[1].bays_loaded);
    assert!(matches!(
        refused(&mut b, &f, Action::Reload { ship: 1, success: true }),
        Refusal::ReloadedThisTurn(_)
    ));
    ok(&mut b, &f, Action::NextTurn {});
    ok(&mut b, &f, Action::NextTurn {});
    // Still loaded, turns later: the same turn's reload then launch is allowed.
    assert!(matches!(
        refused(&mut b, &f, Action::Reload { ship: 1, success: true }),
        Refusal::AlreadyLoaded(_)
    ));
    ok(&mut b, &f, torpedoes(1));
}

#[test]
fn reload_refusals_name_their_reason() {
    let f = imperial();
    let mut b = start(&f);
    let r = refused(&mut b, &f, Action::Reload { ship: 3, success: true });
    assert_eq!(r.to_string(), "Apocalypse battleship has no ordnance to reload");
    ok(&mut b, &f, torpedoes(2));
    ok(&mut b, &f, Action::NextTurn {});
    ok(&mut b, &f, Action::Brace { ship: 2, braced: true });
    let r = refused(&mut b, &f, Action::Reload { ship: 2, success: true });
    assert_eq!(
        r.to_string(),
        "Retribution battleship is braced for impact: a braced ship takes no other special order (clear the brace first)"
    );
}

#[test]
fn the_fleet_limit_drops_as_carriers_are_crippled_and_lost() {
    let f = imperial();
    let mut b = start(&f);
    assert_eq!(limit(&b, &f), 12);

    let text = ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Crippled });

    assert_eq!(text, "Emperor battleship is crippled; the fleet may now have 8 attack craft in play");
    assert_eq!(limit(&b, &f), 8);
    assert_eq!(status(&b, &f).expect("status").ships[0].launch_capacity, 4);
    ok(&mut b, &f, Action::SetCondition { ship: 1, condition: Condition::Destroyed });
    assert_eq!(limit(&b, &f), 4);
    // Repaired in the tracker (a mistake put right): the bays count again.
    ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Intact });
    assert_eq!(limit(&b, &f), 8);
}

#[test]
fn crippled_bays_and_salvoes_are_halved_rounding_up() {
    let f = fleet("space-marines", &[("battle-barge", &[]), ("strike-cruiser", &["prow-bays"])], &[]);
    let mut b = start(&f);
    ok(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Crippled });
    let s = status(&b, &f).expect("status");
    // 3 bays become 2; 6 torpedoes become 3.
    assert_eq!((s.ships[0].launch_capacity, s.ships[0].salvo.as_deref(), s.fleet_limit), (2, Some("3"), 4));

    let f = imperial();
    let mut b = start(&f);
    ok(&mut b, &f, Action::SetCondition { ship: 2, condition: Condition::Crippled });
    assert_eq!(status(&b, &f).expect("status").ships[2].salvo.as_deref(), Some("5"));
    assert_eq!(ok(&mut b, &f, torpedoes(2)), "Retribution battleship launched torpedoes: a salvo of 5");
}

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
    assert_eq!(refused(&mut b, &f, torpedoes(4)).to_string(), "Cobra destroyer 1 (squadron 1) is destroyed");
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
        r#"{"action": "launch_craft", "ship": 0, "squadrons": [{"craft": "fury-interceptor", "count": 2}]}"#,
    )
    .expect("an action");
    ok(&mut b, &f, a);
    let a: Action = serde_json::from_str(r#"{"action": "launch_torpedoes", "ship": 2, "split": [5, 4]}"#)
        .expect("an action");
    ok(&mut b, &f, a);
    let json = serde_json::to_string(&b).expect("json");
    let back: Battle = serde_json::from_str(&json).expect("a battle");
    assert_eq!(back, b);
    let e = serde_json::from_str::<Action>(r#"{"action": "next_turn", "extra": 1}"#).unwrap_err().to_string();
    assert!(e.contains("unknown field"), "{e}");
    let e = serde_json::from_str::<Action>(r#"{"action": "launch_craft", "ship": -1, "squadrons": []}"#);
    assert!(e.is_err());
}
