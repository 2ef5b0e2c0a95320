//! The rule bundles: what each type brings to a card, where it says it comes from, and how the
//! bundles combine.

use super::*;

#[test]
fn a_plain_vehicle_may_react_to_neither_shooting_nor_charges() {
    let card = card_of(&[]);

    assert_eq!(rule_ids(&card), ["vehicle/no-reaction-to-shooting", "vehicle/no-reaction-to-charges"]);
    assert!(card.rules.iter().all(|r| r.source.kind.is_none()));
    assert_eq!(card.rules[0].source.section, "Vehicles › Shooting at Vehicles");
    assert_eq!(card.rules[1].source.section, "Vehicles › Assaulting a Vehicle");
}

#[test]
fn a_tank_brings_tank_shock_and_keeps_the_vehicle_reactions() {
    let card = card_of(&["tank"]);

    assert_eq!(
        rule_ids(&card),
        [
            "vehicle/no-reaction-to-shooting",
            "vehicle/no-reaction-to-charges",
            "tank/tank-shock",
            "tank/tank-shock-path",
            "tank/tank-shock-effect",
            "tank/crunch"
        ]
    );
    let shock = card.rules[2];
    assert!(shock.text.contains("Slam") && shock.text.contains("Strength 10, AP –"));
    assert!(shock.text.contains("Grind") && shock.text.contains("Strength 5, AP D6"));
    assert!(shock.text.contains("no less than its combat speed"));
    assert!(card.rules[4].text.contains("full 6\"") && card.rules[4].text.contains("Morale check"));
    assert!(card.rules[4].decision.is_some_and(|d| d.contains("a 6 always fails")));
    assert!(card.rules[5].text.contains("crushed"));
    assert!(
        card.rules[2..]
            .iter()
            .all(|r| r.source.kind == Some(VehicleType::Tank) && r.source.section == "Tanks › Tank Shock")
    );
}

#[test]
fn a_transport_brings_fire_points_and_what_speed_does_to_them() {
    let card = card_of(&["transport"]);

    assert_eq!(rule_ids(&card)[2..], ["transport/fire-points", "transport/templates", "transport/speed"]);
    let speed = card.rules[4];
    assert!(speed.text.contains("combat speed they shoot as if they had moved"));
    assert!(speed.text.contains("cruising speed they may only fire snap shots"));
    assert!(speed.text.contains("flat out") && speed.text.contains("smoke launchers"));
    assert!(speed.text.contains("The reverse holds too"));
    assert!(card.rules[3].text.contains("template"));
    assert!(card.rules[2].text.contains("one model"));
    assert!(
        card.rules[2..].iter().all(|r| r.source.kind == Some(VehicleType::Transport)
            && r.source.section == "Transports › Fire Points")
    );
}

#[test]
fn a_chariot_fights_like_infantry_and_deals_d3_hits_on_the_run() {
    let card = card_of(&["chariot"]);

    assert_eq!(rule_ids(&card)[2..], ["chariot/close-combat", "chariot/hits-on-the-run"]);
    assert!(card.rules[2].text.contains("infantry") && card.rules[2].text.contains("stunned"));
    assert!(!card.rules[2].text.contains("immobilised"), "chariots stop only when stunned");
    assert!(card.rules[3].text.contains("D3 automatic hits"));
    assert!(card.rules[3].text.contains("sweeping advance") && card.rules[3].text.contains("fleeing"));
    assert!(card.rules[..2].iter().all(|r| r.source.kind.is_none()), "a chariot may not react");
}

#[test]
fn a_walker_reacts_runs_turns_its_guns_and_is_struck_on_the_rear_by_sixes() {
    let card = card_of(&["walker"]);

    assert_eq!(
        rule_ids(&card),
        [
            "walker/run",
            "walker/move-and-fire",
            "walker/weapon-arcs",
            "walker/reactions",
            "walker/assault",
            "walker/struck-in-combat",
            "walker/sweeping",
            "walker/hits-on-the-run"
        ]
    );
    let text = |id: &str| card.rules.iter().find(|r| r.id == id).map_or("", |r| r.text);
    assert!(text("walker/run").contains("stunned or immobilised"));
    assert!(text("walker/weapon-arcs").contains("45°"));
    assert!(text("walker/reactions").contains("react to being shot at and to being charged"));
    assert!(text("walker/reactions").contains("Overwatch or Return Fire"));
    assert!(text("walker/struck-in-combat").contains("6 to hit strikes its rear armour"));
    assert!(text("walker/struck-in-combat").contains("immobilised, every hit strikes its rear armour"));
    assert!(text("walker/assault").contains("nobody may shoot at it"));
    assert!(text("walker/hits-on-the-run").contains("D3"));
    assert!(card.rules.iter().all(|r| r.source.kind == Some(VehicleType::Walker)));
}

#[test]
fn a_super_heavy_vehicle_brings_terror_and_move_through_cover() {
    let card = card_of(&["super-heavy-vehicle"]);

    assert_eq!(rule_ids(&card)[2..], ["super-heavy-vehicle/special-rules"]);
    let r = card.rules[2];
    assert!(r.text.contains("Terror") && r.text.contains("Move Through Cover"));
    assert_eq!(r.source.section, "Super-Heavy Vehicles › Special Rules");
    assert!(r.decision.is_some_and(|d| d.contains("only names")));
}

#[test]
fn a_super_heavy_walker_walks_with_d6_hits_and_six_special_rules() {
    let card = card_of(&["super-heavy-walker"]);
    let ids = rule_ids(&card);

    assert_eq!(ids[0], "super-heavy-walker/walker-rules");
    assert!(card.rules[0].decision.is_some());
    for walker_rule in ["walker/run", "walker/reactions", "walker/struck-in-combat", "walker/sweeping"] {
        assert!(ids.contains(&walker_rule), "{walker_rule}");
    }
    assert!(!ids.contains(&"walker/hits-on-the-run"), "D6 replaces D3");
    assert!(!ids.iter().any(|id| id.starts_with("vehicle/")), "it may react");
    let hits = card.rules.iter().find(|r| r.id == "super-heavy-walker/hits-on-the-run").unwrap();
    assert!(hits.text.contains("D6 automatic hits"));
    assert_eq!(hits.source.section, "Super-Heavy Walkers › Assault");
    let special = card.rules.last().unwrap();
    for rule in ["Terror", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash", "Strikedown"] {
        assert!(special.text.contains(rule), "{rule}");
    }
}

#[test]
fn a_super_heavy_flyer_has_terror_and_may_not_react() {
    let card = card_of(&["super-heavy-flyer"]);

    assert_eq!(
        rule_ids(&card),
        [
            "vehicle/no-reaction-to-shooting",
            "vehicle/no-reaction-to-charges",
            "super-heavy-flyer/special-rules"
        ]
    );
    assert!(card.rules[2].text.contains("Terror"));
    assert_eq!(card.rules[2].source.kind, Some(VehicleType::SuperHeavyFlyer));
}

#[test]
fn a_tank_that_is_a_transport_has_both_bundles_in_type_order() {
    let card = card_of(&["transport", "tank"]);

    let ids = rule_ids(&card);
    assert_eq!(ids.len(), 2 + 4 + 3);
    assert_eq!(ids[2], "tank/tank-shock");
    assert_eq!(ids[6], "transport/fire-points");
    assert_eq!(card.types.iter().collect::<Vec<_>>(), [VehicleType::Tank, VehicleType::Transport]);
}

#[test]
fn a_walker_that_is_also_a_super_heavy_walker_gets_the_walker_rules_once() {
    let card = card_of(&["walker", "super-heavy-walker"]);

    let ids = rule_ids(&card);
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    assert_eq!(ids, rule_ids(&card_of(&["super-heavy-walker"])));
}

#[test]
fn every_type_has_a_bundle_and_every_rule_says_where_it_comes_from() {
    let source = crate::games::fingerprint::Fingerprint::kept("waffle40k-vehicles.txt");
    for t in VehicleType::ALL {
        let rules = bundle(t);
        assert!(!rules.is_empty(), "{t}");
        // A bundle's own rules come from its type; the super-heavy walker borrows the walker's.
        for r in rules {
            let ok = r.source.kind == Some(t)
                || (t == VehicleType::SuperHeavyWalker && r.source.kind == Some(VehicleType::Walker));
            assert!(ok, "{} in {t}", r.id);
        }
    }
    for r in all_rules() {
        let (kind, _) = r.id.split_once('/').unwrap();
        assert_eq!(kind, r.source.kind.map_or("vehicle", VehicleType::id), "{}", r.id);
        assert!(!r.title.is_empty() && r.text.ends_with('.'), "{}", r.id);
        // The section is one the text has: each of its parts is one of the text's headings.
        for heading in r.source.section.split(" › ") {
            assert!(source.has_heading(heading), "{}: {heading}", r.id);
        }
        assert!(r.source.label().contains(r.source.section));
    }
}

#[test]
fn rule_ids_are_unique() {
    let rules = all_rules();
    let mut ids: Vec<&str> = rules.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), rules.len());
    assert_eq!(rules.len(), 2 + 4 + 3 + 2 + 8 + 1 + 3 + 1);
}

/// Our own words: no run of six words of a rule (or a decision) appears in the source text.
/// The names of special rules are names, the same in any words, so they break a run.
#[test]
fn rules_are_written_in_our_own_words() {
    let names = ["Terror", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash", "Strikedown"];
    let mut texts: Vec<&str> =
        all_rules().iter().flat_map(|r| [r.text].into_iter().chain(r.decision)).collect();
    texts.extend(DECISIONS.iter().map(|d| d.text));
    let copied = crate::games::fingerprint::copied_runs("waffle40k-vehicles.txt", &names, texts);
    assert!(copied.is_empty(), "copied from the source: {copied:#?}");
}

#[test]
fn the_catalog_lists_every_type_with_its_bundle_and_serializes() {
    let c = catalog();

    assert_eq!(c.types.len(), 7);
    assert_eq!(c.types[5].id, "super-heavy-walker");
    assert_eq!(c.types[5].name, "Super-heavy walker");
    assert_eq!(c.every_vehicle.len(), 2);
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["types"][0]["rules"][0]["source"]["type"], "tank");
    assert_eq!(json["every_vehicle"][0]["source"]["type"], serde_json::Value::Null);
    assert_eq!(json["combinations"][0]["code"], "WALKER_TANK");
    assert_eq!(json["tank_shock_decisions"].as_array().map(Vec::len), Some(DECISIONS.len()));
}

#[test]
fn type_ids_are_read_in_any_case_with_spaces_or_underscores() {
    for (text, t) in [
        ("tank", VehicleType::Tank),
        ("Tank", VehicleType::Tank),
        (" TRANSPORT ", VehicleType::Transport),
        ("Super-heavy walker", VehicleType::SuperHeavyWalker),
        ("super_heavy_flyer", VehicleType::SuperHeavyFlyer),
        ("SUPER HEAVY VEHICLE", VehicleType::SuperHeavyVehicle),
    ] {
        assert_eq!(VehicleType::parse(text), Some(t), "{text}");
    }
    for text in ["", "tanks", "super heavy", "walkerr", "flyer", "superheavy-walker", "ťank"] {
        assert_eq!(VehicleType::parse(text), None, "{text}");
    }
    for t in VehicleType::ALL {
        assert_eq!(VehicleType::parse(t.id()), Some(t));
        assert_eq!(VehicleType::parse(t.name()), Some(t));
        assert_eq!(serde_json::to_value(t).unwrap(), t.id());
    }
}
