//! The battle tracker: every action, every refusal, the fleet limit as carriers are crippled or
//! lost, ships that never run out of ordnance.

use super::*;

mod play;

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

    assert_eq!(
        text,
        "Emperor battleship is crippled, 6 of 12 hits left; the fleet may now have 8 attack craft in play"
    );
    assert_eq!(limit(&b, &f), 8);
    assert_eq!(status(&b, &f).expect("status").ships[0].launch_capacity, 4);
    ok(&mut b, &f, Action::SetCondition { ship: 1, condition: Condition::Destroyed });
    assert_eq!(limit(&b, &f), 4);
    // Only undoing brings a ship back: its bays count again.
    assert!(matches!(
        refused(&mut b, &f, Action::SetCondition { ship: 1, condition: Condition::Intact }),
        Refusal::Destroyed(_)
    ));
    assert!(matches!(
        refused(&mut b, &f, Action::SetCondition { ship: 0, condition: Condition::Intact }),
        Refusal::NoRepair(_)
    ));
    assert_eq!(
        ok(&mut b, &f, Action::Undo {}),
        "Undone: Dictator cruiser is destroyed; now 0 of 8 attack craft in play"
    );
    assert_eq!(limit(&b, &f), 8);
    ok(&mut b, &f, Action::Undo {});
    assert_eq!((limit(&b, &f), b.ships[0].condition, b.ships[0].damage), (12, Condition::Intact, 0));
}

#[test]
fn hits_cripple_a_ship_at_half_and_destroy_it_at_none_left() {
    let f = imperial();
    let mut b = start(&f);
    // The Dictator has 8 hits: crippled at 4 taken, destroyed at 8.
    assert_eq!(
        ok(&mut b, &f, Action::Hits { ship: 1, hits: 3 }),
        "Dictator cruiser takes 3 hits: 5 of 8 hits left"
    );
    assert_eq!(b.ships[1].condition, Condition::Intact);
    assert_eq!(
        ok(&mut b, &f, Action::Hits { ship: 1, hits: 1 }),
        "Dictator cruiser takes 1 hit: crippled, 4 of 8 hits left; the fleet may now have 10 attack craft in play"
    );
    let s = status(&b, &f).expect("status");
    assert_eq!(
        (s.ships[1].damage, s.ships[1].hits_left, s.ships[1].crippled_at, s.ships[1].salvo.as_deref()),
        (4, 4, 4, Some("3"))
    );
    assert_eq!(
        ok(&mut b, &f, Action::Hits { ship: 1, hits: 2 }),
        "Dictator cruiser takes 2 hits: 2 of 8 hits left"
    );
    // Hits past the last are not counted.
    assert_eq!(
        ok(&mut b, &f, Action::Hits { ship: 1, hits: 9 }),
        "Dictator cruiser takes 9 hits: destroyed; the fleet may now have 8 attack craft in play"
    );
    assert_eq!((b.ships[1].damage, b.ships[1].condition), (8, Condition::Destroyed));
    assert!(matches!(refused(&mut b, &f, Action::Hits { ship: 1, hits: 1 }), Refusal::Destroyed(_)));
    assert_eq!(refused(&mut b, &f, Action::Hits { ship: 0, hits: 0 }), Refusal::NoHits);
    // An escort's one hit destroys it; an odd number of hits cripples at half rounding up.
    assert_eq!(
        ok(&mut b, &f, Action::Hits { ship: 4, hits: 1 }),
        "Cobra destroyer 1 (squadron 1) takes 1 hit: destroyed"
    );
    assert_eq!((crippled_at(5), crippled_at(6), crippled_at(1), crippled_at(12)), (3, 3, 1, 6));
    assert_eq!(
        (condition_of(5, 2), condition_of(5, 3), condition_of(1, 1)),
        (Condition::Intact, Condition::Crippled, Condition::Destroyed)
    );
}

#[test]
fn shields_go_down_and_back_up() {
    let f = imperial();
    let mut b = start(&f);
    assert_eq!(
        ok(&mut b, &f, Action::Shields { ship: 0, down: 3 }),
        "Emperor battleship has 3 of 4 shields down"
    );
    assert_eq!(status(&b, &f).expect("status").ships[0].shields_down, 3);
    assert_eq!(
        refused(&mut b, &f, Action::Shields { ship: 0, down: 5 }),
        Refusal::TooManyShieldsDown { ship: "Emperor battleship".into(), shields: 4, down: 5 }
    );
    assert!(matches!(refused(&mut b, &f, Action::Shields { ship: 0, down: 3 }), Refusal::SameShields { .. }));
    assert_eq!(
        ok(&mut b, &f, Action::Shields { ship: 0, down: 0 }),
        "Emperor battleship's shields are back up (4 of 4)"
    );
    // Holofields are no shields to knock down.
    let e = fleet_in("eldar-gothic", &[("eclipse-cruiser", &[])], &[]);
    let mut be = start(&e);
    assert_eq!(
        refused(&mut be, &e, Action::Shields { ship: 0, down: 1 }).to_string(),
        "Eclipse cruiser has holofields; there are no shields to knock down"
    );
}

#[test]
fn undo_takes_back_the_last_order_whatever_it_was() {
    let f = imperial();
    let mut b = start(&f);
    assert_eq!(refused(&mut b, &f, Action::Undo {}), Refusal::NothingToUndo(String::new()));
    ok(&mut b, &f, launch(0, &[("starhawk-bomber", 4)]));
    ok(&mut b, &f, Action::NextTurn {});
    let before = b.clone();
    ok(
        &mut b,
        &f,
        Action::RemoveMarkers { craft: "starhawk-bomber".into(), count: 4, reason: Removal::Returned },
    );
    assert_eq!(
        ok(&mut b, &f, Action::Undo {}),
        "Undone: 4 Starhawk bomber markers returned: 0 attack craft in play; now 4 of 12 attack craft in play"
    );
    assert_eq!((b.markers.clone(), b.turn), (before.markers.clone(), 2));
    assert_eq!(ok(&mut b, &f, Action::Undo {}), "Undone: Turn 2 begins");
    assert_eq!(b.turn, 1);
    ok(&mut b, &f, Action::Undo {});
    assert!(b.ships[0].bays_loaded && b.in_play() == 0);
    // The log keeps the record, undone lines and all.
    assert_eq!(b.log.len(), 7);
    assert!(matches!(refused(&mut b, &f, Action::Undo {}), Refusal::NothingToUndo(_)));
    // The undo record is bounded.
    for i in 0..MAX_UNDO + 5 {
        ok(&mut b, &f, Action::Brace { ship: 0, braced: i % 2 == 0 });
    }
    assert_eq!(b.undo.len(), MAX_UNDO);
    assert_eq!(
        status(&b, &f).expect("status").undo.as_deref(),
        Some("Emperor battleship braces for impact: it launches half its ordnance while braced")
    );
}

#[test]
fn a_squadron_launches_its_torpedoes_or_craft_with_one_order() {
    let f = imperial();
    let mut b = start(&f);
    let s = status(&b, &f).expect("status");
    assert_eq!(s.squadrons.len(), 1);
    assert_eq!(
        (s.squadrons[0].key.as_str(), s.squadrons[0].label.as_str(), s.squadrons[0].members.clone()),
        ("squadrons.0", "squadron 1 (2 Cobra destroyers)", vec![4, 5])
    );
    let squadron = |key: &str| Action::LaunchSquadron {
        squadron: key.into(),
        ordnance: SquadronOrdnance::Torpedoes,
        craft: None,
        rolled: vec![],
    };
    assert_eq!(
        ok(&mut b, &f, squadron("squadrons.0")),
        "Squadron 1 (2 Cobra destroyers) launched torpedoes from 2 ships: salvoes of 2, 2 (a combined salvo of 4 if launched together)"
    );
    assert!(!b.ships[4].torpedoes_loaded && !b.ships[5].torpedoes_loaded);
    assert_eq!(b.ships[4].last_launch.as_ref().map(|l| l.salvoes.clone()), Some(vec![2]));
    assert!(matches!(refused(&mut b, &f, squadron("squadrons.0")), Refusal::SquadronCannot { .. }));
    assert!(matches!(refused(&mut b, &f, squadron("squadrons.9")), Refusal::NoSuchSquadron(_)));
    // One undo takes back the whole squadron's launch.
    ok(&mut b, &f, Action::Undo {});
    assert!(b.ships[4].torpedoes_loaded && b.ships[5].torpedoes_loaded);
    // Carriers squadroned by a group launch every bay of the craft chosen.
    let mut c =
        fleet_in("ch-black-crusade", &[("devastation-cruiser", &[]), ("devastation-cruiser", &[])], &[]);
    c.ships[0].group = "Claws".into();
    c.ships[1].group = "Claws".into();
    let mut bc = start(&c);
    let craft = |id: Option<&str>| Action::LaunchSquadron {
        squadron: "group:Claws".into(),
        ordnance: SquadronOrdnance::Craft,
        craft: id.map(str::to_string),
        rolled: vec![],
    };
    assert_eq!(
        refused(&mut bc, &c, craft(None)).to_string(),
        "Launch craft from a squadron names the craft: one its carriers launch (swiftdeath, doomfire or dreadclaw)"
    );
    assert_eq!(
        ok(&mut bc, &c, craft(Some("doomfire"))),
        "The squadron \"Claws\" launched 8 Doomfire bomber squadrons from 2 ships: 8 of 8 attack craft in play"
    );
    // Rolled salvoes take a die for each ship.
    let o = fleet_in("ork-cyclops", &[], &[("ravager-attack-ship", 3)]);
    let mut bo = start(&o);
    let roll = |r: Vec<u32>| Action::LaunchSquadron {
        squadron: "squadrons.0".into(),
        ordnance: SquadronOrdnance::Torpedoes,
        craft: None,
        rolled: r,
    };
    assert_eq!(refused(&mut bo, &o, roll(vec![3])), Refusal::RollsNeeded { ships: 3, given: 1 });
    assert!(
        ok(&mut bo, &o, roll(vec![3, 1, 6]))
            .ends_with("salvoes of 3, 1, 6 (a combined salvo of 10 if launched together)")
    );
}

#[test]
fn a_braced_ships_torpedoes_are_halved_as_its_craft_are() {
    let f = imperial();
    let mut b = start(&f);
    // Braced: the Retribution's 9 becomes 5, the Dictator's 6 becomes 3.
    ok(&mut b, &f, Action::Brace { ship: 2, braced: true });
    ok(&mut b, &f, Action::Brace { ship: 1, braced: true });
    assert_eq!(status(&b, &f).expect("status").ships[2].salvo.as_deref(), Some("5"));
    assert_eq!(ok(&mut b, &f, torpedoes(1)), "Dictator cruiser launched torpedoes: a salvo of 3");
    // Crippled and braced: halved twice, rounding up each time (9, 5, 3; 6, 3, 2).
    ok(&mut b, &f, Action::SetCondition { ship: 2, condition: Condition::Crippled });
    assert_eq!(status(&b, &f).expect("status").ships[2].salvo.as_deref(), Some("3"));
    assert_eq!(ok(&mut b, &f, torpedoes(2)), "Retribution battleship launched torpedoes: a salvo of 3");
    let g = fleet_in("in-gothic", &[("gothic-cruiser", &[])], &[]);
    let mut bg = start(&g);
    ok(&mut bg, &g, Action::Hits { ship: 0, hits: 4 });
    ok(&mut bg, &g, Action::Brace { ship: 0, braced: true });
    assert_eq!(ok(&mut bg, &g, torpedoes(0)), "Gothic cruiser launched torpedoes: a salvo of 2");
    // A rolled salvo is shown halved; the roll is halved when launched.
    let o = fleet_in("ork-cyclops", &[("kill-kroozer", &["prow-torpedoes"])], &[]);
    let mut bo = start(&o);
    ok(&mut bo, &o, Action::Brace { ship: 0, braced: true });
    assert_eq!(status(&bo, &o).expect("status").ships[0].salvo.as_deref(), Some("D6+2 halved"));
    assert_eq!(
        ok(&mut bo, &o, Action::LaunchTorpedoes { ship: 0, rolled: Some(5), split: None }),
        "Kill Kroozer launched torpedoes: a salvo of 4"
    );
}

#[test]
fn a_carrier_that_never_runs_out_and_launched_this_turn_allows_no_recall() {
    // A hive ship (never runs out) is the fleet's only carrier: once it launched this turn, no
    // carrier can launch, so no recall.
    let f = fleet_in("ty-hive", &[("hive-ship", &["thorax-bays", "prow-pyro-acid"])], &[]);
    let mut b = start(&f);
    ok(&mut b, &f, launch(0, &[("tyranid-fighter", 2)]));
    assert!(b.ships[0].bays_loaded);
    let recall =
        Action::RemoveMarkers { craft: "tyranid-fighter".into(), count: 1, reason: Removal::Recalled };
    assert_eq!(refused(&mut b, &f, recall.clone()), Refusal::NothingToRecallFor);
    // Next turn it may launch again, so the recall is allowed.
    ok(&mut b, &f, Action::NextTurn {});
    ok(&mut b, &f, recall);
}

#[test]
fn a_version_1_battle_reads_its_conditions_as_damage() {
    let f = imperial();
    let mut v1 = serde_json::to_value(start(&f)).expect("json");
    v1["version"] = 1.into();
    for s in v1["ships"].as_array_mut().expect("ships") {
        let o = s.as_object_mut().expect("ship");
        o.remove("damage");
        o.remove("shields_down");
        o.remove("last_launch");
    }
    v1.as_object_mut().expect("battle").remove("undo");
    v1["ships"][0]["condition"] = "crippled".into();
    v1["ships"][4]["condition"] = "destroyed".into();
    let old: Battle = serde_json::from_value(v1).expect("a version 1 battle");
    let b = old.migrate(&f);
    assert_eq!(b.version, BATTLE_VERSION);
    assert_eq!((b.ships[0].damage, b.ships[4].damage, b.ships[1].damage), (6, 1, 0));
    let s = status(&b, &f).expect("status");
    assert_eq!((s.ships[0].hits_left, s.fleet_limit), (6, 8));
}

#[test]
fn ships_are_named_distinctly() {
    let mut f = fleet_in(
        "in-gothic",
        &[("lunar-cruiser", &[]), ("lunar-cruiser", &[]), ("gothic-cruiser", &[]), ("lunar-cruiser", &[])],
        &[("sword-frigate", 2), ("sword-frigate", 1)],
    );
    f.ships[3].name = "Fortitude".into();
    f.squadrons[1].name = "Red".into();
    assert_eq!(
        labels(&f),
        [
            "Lunar cruiser 1",
            "Lunar cruiser 2",
            "Gothic cruiser",
            "Fortitude (Lunar cruiser)",
            "Sword frigate 1 (squadron 1)",
            "Sword frigate 2 (squadron 1)",
            "Sword frigate 1 (Red)"
        ]
    );
    f.ships[2].name = "Fortitude".into();
    f.ships[2].class = "lunar-cruiser".into();
    assert_eq!(labels(&f)[2..4], ["Fortitude (Lunar cruiser)", "Fortitude (Lunar cruiser) (2)"]);
}

/// The capital ships' names alone are the first of all the names, whatever the fleet: classes
/// known and unknown, named twice, unnamed, and escorts named as a capital ship is.
#[test]
fn the_capital_ships_names_are_the_first_of_all_the_names() {
    let classes = ["lunar-cruiser", "gothic-cruiser", "no-such-class", "lunar-cruiser "];
    let names = ["", "Fortitude", " ", "Lunar cruiser 1"];
    for n in 0..300usize {
        let ships: Vec<(&str, &[&str])> =
            (0..n % 6).map(|i| (classes[(n / 3 + i * 7) % classes.len()], &[][..])).collect();
        let mut f = fleet_in("in-gothic", &ships, &[("sword-frigate", 2), ("sword-frigate", (n % 3) as u32)]);
        for (i, s) in f.ships.iter_mut().enumerate() {
            s.name = names[(n + i) % names.len()].into();
        }
        f.squadrons[0].name = names[n % names.len()].into();
        f.squadrons[1].group = if n % 4 == 0 { "Lunar cruiser 1".into() } else { String::new() };
        let all = labels(&f);
        let capital = crate::games::bfg::battle::capital_labels(&f);
        assert_eq!(capital[..], all[..capital.len()], "{n}");
        let known = f.ships.iter().filter(|s| crate::games::bfg::ship(s.class.trim()).is_some()).count();
        assert_eq!(capital.len(), known, "{n}");
    }
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
