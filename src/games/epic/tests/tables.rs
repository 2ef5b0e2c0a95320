//! The profiles, special rules and lists against the printed supplement.

use super::*;

#[test]
fn the_twenty_profiles_are_exactly_as_printed() {
    // Arrange
    let expected = "\
Imperial|sea-raider|Sea Raider|30|45|3|3|6+|stubborn,depth-charges
Imperial|nautilus|Nautilus|40|15|Anti-Tank|4|6+|stubborn,submarine
Imperial|salamander-carrier|Salamander Carrier|20|45|4|1|6+|stubborn,flak,carrier
Imperial|alligator-apc|Alligator APC|40|15|2|1|5+|stubborn,transport(3)
Eldar|aqua-gunboat|Aqua Gunboat|30|45|Anti-Tank|1|5+|
Eldar|sahuagin-transport|Sahuagin Transport|45|30|3|2|5+|transport(3)
Eldar|hovercraft|Hovercraft|45|30|4|2|5+|amphibious,transport(2)
Eldar|neryd-carrier|Neryd Carrier|30|45|2 x Barrage|2|6+|carrier
Orks|destroyer|Destroyer|25|45|Anti-Tank|2|5+|hang-on(1)
Orks|powerbarj|Powerbarj|30|15|Barrage|1|5+|transport(3),hang-on(1)
Orks|mangler|Mangler|45|15|2|4|5+|ram(3),transport(2),hang-on(2)
Orks|battilboat|Battilboat|20|45|2 x Anti-Tank|3|6+|hang-on(2)
Tyranid|scourge|Scourge|45|0|0|4|5+|submarine
Tyranid|kelpie|Kelpie|40|0|0|4|5+|ram(3),synapse-creature
Tyranid|spitter|Spitter|20|30|Anti-Tank|2|5+|
Tyranid|elemental|Elemental|30|45|4|2|5+|transport(3)
Chaos|hellslammer|Hellslammer|30|15|Barrage|4|5+|ram(3)
Chaos|spawn-runner|Spawn Runner|40|15|1|1|5+|transport(3)
Chaos|rocket-barge|Rocket Barge|20|45|2 x Barrage|1|5+|
Chaos|daemonwreck|Daemonwreck|20|45|Heavy Barrage|4|6+|ram(4)";

    // Act
    let rows: Vec<String> = vessels()
        .iter()
        .map(|v| {
            let special: Vec<String> = v
                .special
                .iter()
                .map(|(id, x)| match x {
                    Some(x) => format!("{id}({x})"),
                    None => (*id).to_string(),
                })
                .collect();
            format!(
                "{}|{}|{}|{}|{}|{}|{}|{}|{}",
                v.race,
                v.id,
                v.name,
                v.speed_cm,
                v.range_cm,
                v.firepower,
                v.ram,
                v.armour,
                special.join(",")
            )
        })
        .collect();

    // Assert
    assert_eq!(rows.join("\n"), expected);
}

#[test]
fn the_hellslammer_reads_b_as_barrage_and_says_so() {
    let h = vessel("hellslammer");

    assert_eq!(h.map(|h| h.firepower), Some("Barrage"));
    assert!(h.and_then(|h| h.note).is_some_and(|n| n.text.contains("\"B\"") && n.decision));
    assert!(list("chaos-aqua").is_some_and(|l| l.notes.iter().any(|n| n.text.contains("\"B\""))));
}

#[test]
fn every_special_rule_in_a_profile_is_explained_and_every_explanation_is_used() {
    let used: Vec<&str> = vessels().iter().flat_map(|v| v.special.iter().map(|(id, _)| *id)).collect();

    for id in &used {
        assert!(special_rule(id).is_some(), "{id} has no explanation");
    }
    for rule in special_rules() {
        assert!(used.contains(&rule.id), "{} is not used", rule.id);
        assert!(!rule.explanation.is_empty());
    }
    assert_eq!(special_rules().len(), 10);
}

#[test]
fn rules_from_the_core_game_say_where_they_come_from() {
    for id in ["transport", "stubborn", "flak", "synapse-creature"] {
        let rule = special_rule(id);

        assert!(rule.is_some_and(|r| r.explanation.contains("core rules")), "{id}");
        assert_eq!(rule.map(|r| r.source), Some("Epic 40,000 core rules"));
    }
}

#[test]
fn every_entry_names_a_vessel_of_its_lists_race_and_every_chain_step_a_vessel_of_the_list() {
    let ids: Vec<&str> = lists().iter().map(|l| l.id).collect();
    assert_eq!(
        ids,
        ["imperial-marines", "eldar-aquatics", "ork-wetboyz", "tyranid-waterspawn", "chaos-aqua"]
    );

    for l in lists() {
        let entries: Vec<&Entry> = l.sections.iter().flat_map(|s| s.entries.iter()).collect();
        for e in &entries {
            assert_eq!(vessel(e.vessel).map(|v| v.race), Some(l.race), "{} in {}", e.id, l.id);
            assert_eq!(e.id, e.vessel);
        }
        for step in l.chain {
            if let ChainStep::Vessel(id) = step {
                assert!(entries.iter().any(|e| e.vessel == *id), "{id} in {}", l.id);
            }
        }
        assert_eq!(l.chain.last(), Some(&ChainStep::Other));
        assert_eq!(l.hq_points.is_some(), l.section("command").is_some());
    }
    // All twenty vessels are in some list.
    for v in vessels() {
        assert!(lists().iter().any(|l| l.sections.iter().any(|s| s.entry(v.id).is_some())), "{}", v.id);
    }
}

#[test]
fn the_lists_have_the_printed_sections_limits_and_prices() {
    let shape: Vec<String> = lists()
        .iter()
        .map(|l| {
            let sections: Vec<String> = l
                .sections
                .iter()
                .map(|s| {
                    let entries: Vec<String> = s
                        .entries
                        .iter()
                        .map(|e| format!("{}-{} {} @{}", e.min, e.max, e.id, e.points_each))
                        .collect();
                    format!("{} [{}] {}", s.id, s.limit.text(), entries.join(", "))
                })
                .collect();
            format!("{} HQ {:?}: {}", l.id, l.hq_points, sections.join("; "))
        })
        .collect();

    assert_eq!(
        shape,
        [
            "imperial-marines HQ Some(25): command [exactly 1] ; main [1 to 10] 1-1 sea-raider @25, 1-2 alligator-apc @15, 1-1 salamander-carrier @60; support [no more than Main Force] 1-1 nautilus @50",
            "eldar-aquatics HQ Some(25): command [exactly 1] ; main [1 to 5] 1-2 sahuagin-transport @25, 1-1 neryd-carrier @70; support [no more than Main Force] 1-1 aqua-gunboat @30, 1-1 hovercraft @70",
            "ork-wetboyz HQ Some(25): command [exactly 1] ; main [1 to 10] 1-2 powerbarj @20, 1-1 mangler @50; support [no more than Main Force] 1-1 destroyer @30, 1-1 battilboat @40",
            "tyranid-waterspawn HQ None: synapse [exactly 3] 1-2 kelpie @40; main [up to 10] 1-1 scourge @50, 1-1 spitter @35, 1-1 elemental @60",
            "chaos-aqua HQ Some(25): command [exactly 1] ; main [1 to 10] 1-1 hellslammer @50, 1-2 spawn-runner @20; support [no more than Main Force] 1-1 rocket-barge @35, 1-1 daemonwreck @50",
        ]
    );
}

#[test]
fn the_reading_decisions_are_shown_as_list_notes() {
    let notes = |id: &str| {
        list(id).map(|l| l.notes.iter().map(|n| n.text).collect::<Vec<_>>().join(" ")).unwrap_or_default()
    };

    assert!(notes("imperial-marines").contains("Alligator"));
    assert!(notes("imperial-marines").contains("Imperial Navy"));
    assert!(notes("ork-wetboyz").contains("Destryoer"));
    assert!(notes("tyranid-waterspawn").contains("exactly three choices"));
    assert!(notes("tyranid-waterspawn").contains("no Support section"));
    assert!(notes("tyranid-waterspawn").contains("no Detachment HQ"));
    for l in lists() {
        assert!(l.notes.iter().any(|n| n.text.contains("per vessel") && n.decision), "{}", l.id);
        assert!(l.notes.iter().any(|n| n.text.contains("our decision") && n.decision), "{}", l.id);
        // Counting Support against Main Force by choices is our reading, shown as one.
        if l.section("support").is_some() {
            let support = l.notes.iter().find(|n| n.id == "support-limit");
            assert!(support.is_some_and(|n| n.decision && n.text.contains("we count choices")), "{}", l.id);
        }
    }
}

#[test]
fn data_serializes_as_json_for_the_api() {
    let json = serde_json::to_value(list("imperial-marines"));

    let json = json.unwrap_or_default();
    assert_eq!(json["sections"][1]["limit"]["text"], "1 to 10");
    assert_eq!(json["sections"][1]["limit"]["max"], 10);
    assert_eq!(json["sections"][2]["limit"]["kind"], "not_more_than_main");
    assert_eq!(json["sections"][2]["limit"]["max"], serde_json::Value::Null);
    assert_eq!(json["chain"][0]["step"], "hq");
    assert_eq!(json["chain"][1]["vessel"], "nautilus");
    let kelpie = serde_json::to_value(vessel("kelpie")).unwrap_or_default();
    assert_eq!(kelpie["special"][0], serde_json::json!(["ram", 3]));
}
