//! Tests for the Epic 40,000 waterways engine: tables, every list's limits with exact points and
//! messages, the chain of command, the JSON document, the text export and random input.

use proptest::prelude::*;

use super::*;
use crate::games::{Code, Problem, Severity};

// ---------------------------------------------------------------- helpers

fn detachment(list: &str, choices: Vec<Choice>) -> Detachment {
    Detachment { choices, ..Detachment::new(list) }
}

fn main_force(entry: &str, count: u32) -> Choice {
    Choice::new("main", entry, count)
}

fn support(entry: &str) -> Choice {
    Choice::new("support", entry, 1)
}

fn synapse(count: u32) -> Choice {
    Choice::new("synapse", "kelpie", count)
}

fn error(code: Code, part: &str, message: &str) -> Problem {
    Problem::error(code, Some(part.to_string()), message.to_string())
}

/// The chain as (display name, step) pairs.
fn chain(c: &Check) -> Vec<(&str, &str)> {
    c.chain_of_command.iter().map(|l| (l.vessel.as_str(), l.step.as_str())).collect()
}

fn repeat(choice: &Choice, n: usize) -> Vec<Choice> {
    std::iter::repeat_n(choice.clone(), n).collect()
}

/// `n` copies of `choice`, the first carrying the HQ.
fn hq_then(choice: Choice, n: usize) -> Vec<Choice> {
    let mut v = repeat(&choice, n);
    if let Some(first) = v.first_mut() {
        first.hq = true;
    }
    v
}

// ---------------------------------------------------------------- tables

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

// ---------------------------------------------------------------- Imperial Marine Detachment

#[test]
fn the_smallest_legal_imperial_detachment_is_one_sea_raider_with_the_hq_for_50_pts() {
    let d = detachment("imperial-marines", vec![main_force("sea-raider", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 50);
    assert!(c.legal);
    assert_eq!(c.problems, []);
    assert_eq!(c.choices[0].points, 50);
}

#[test]
fn the_largest_legal_imperial_detachment_is_ten_salamanders_ten_nautilus_and_the_hq_for_1125_pts() {
    let mut choices = hq_then(main_force("salamander-carrier", 1), 10);
    choices.extend(repeat(&support("nautilus"), 10));
    let d = detachment("imperial-marines", choices);

    let c = check(&d);

    assert_eq!(c.points, 10 * 60 + 25 + 10 * 50);
    assert_eq!(c.points, 1125);
    assert!(c.legal);
    assert_eq!(c.problems, []);
    assert_eq!(c.chain_of_command.len(), 20);
    assert!(c.sections.iter().all(|s| s.ok));
}

#[test]
fn an_imperial_detachment_without_an_hq_is_told_to_choose_one() {
    let d = detachment("imperial-marines", vec![main_force("sea-raider", 1)]);

    let c = check(&d);

    assert_eq!(c.points, 25);
    assert!(!c.legal);
    assert_eq!(
        c.problems,
        [error(
            Code::HqMissing,
            "sections.command",
            "Choose one vessel to carry the Detachment HQ (+25 pts)"
        )]
    );
    assert_eq!(c.sections[0].limit, "exactly 1");
    assert!(!c.sections[0].ok);
}

#[test]
fn an_imperial_detachment_with_two_hqs_is_told_to_untick_one_and_pays_for_both() {
    let d = detachment(
        "imperial-marines",
        vec![main_force("sea-raider", 1).with_hq(), main_force("salamander-carrier", 1).with_hq()],
    );

    let c = check(&d);

    assert_eq!(c.points, 25 + 25 + 60 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::HqTooMany,
            "choices.1",
            "Choice 2 is a second Detachment HQ; only one vessel may carry it: untick HQ here or on choice 1"
        )]
    );
    assert_eq!(c.chain_of_command[0].vessel, "Sea Raider (HQ)");
}

#[test]
fn an_imperial_detachment_with_no_main_force_breaks_both_main_and_support_limits() {
    let d = detachment("imperial-marines", vec![support("nautilus").with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 75);
    assert_eq!(
        c.problems,
        [
            error(
                Code::SectionTooFew,
                "sections.main",
                "Main Force has 0 choices; the Imperial Marine Detachment allows 1 to 10: add a Main Force choice"
            ),
            error(
                Code::SupportExceedsMain,
                "sections.support",
                "Support has 1 choice but Main Force has 0: remove a Support choice or add a Main Force choice"
            ),
        ]
    );
}

#[test]
fn an_imperial_detachment_with_eleven_main_force_choices_is_told_to_remove_one() {
    let d = detachment("imperial-marines", hq_then(main_force("sea-raider", 1), 11));

    let c = check(&d);

    assert_eq!(c.points, 11 * 25 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::SectionTooMany,
            "sections.main",
            "Main Force has 11 choices; the Imperial Marine Detachment allows 1 to 10: remove a Main Force choice"
        )]
    );
}

#[test]
fn imperial_support_beyond_main_force_is_counted_in_choices_and_flagged() {
    let d = detachment(
        "imperial-marines",
        vec![
            main_force("sea-raider", 1).with_hq(),
            main_force("salamander-carrier", 1),
            support("nautilus"),
            support("nautilus"),
            support("nautilus"),
        ],
    );

    let c = check(&d);

    assert_eq!(c.points, 25 + 25 + 60 + 3 * 50);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 3 choices but Main Force has 2: remove a Support choice or add a Main Force choice"
        )]
    );
    let support_figures = c.sections.iter().find(|s| s.id == "support");
    assert_eq!(support_figures.map(|s| s.limit.as_str()), Some("up to 2, the number of Main Force choices"));
}

#[test]
fn two_alligators_are_one_choice_so_they_allow_only_one_support_choice() {
    let d = detachment(
        "imperial-marines",
        vec![main_force("alligator-apc", 2).with_hq(), support("nautilus"), support("nautilus")],
    );

    let c = check(&d);

    assert_eq!(c.points, 30 + 25 + 100);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 2 choices but Main Force has 1: remove a Support choice or add a Main Force choice"
        ),]
    );
}

#[test]
fn support_beyond_a_full_main_force_can_only_be_removed() {
    let mut choices = hq_then(main_force("sea-raider", 1), 10);
    choices.extend(repeat(&support("nautilus"), 12));
    let d = detachment("imperial-marines", choices);

    let c = check(&d);

    assert_eq!(c.points, 250 + 25 + 600);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 12 choices but Main Force has 10: remove 2 Support choices"
        )]
    );
}

#[test]
fn three_alligators_break_the_entry_count_and_still_show_their_points() {
    let d = detachment(
        "imperial-marines",
        vec![main_force("sea-raider", 1).with_hq(), main_force("alligator-apc", 3)],
    );

    let c = check(&d);

    assert_eq!(c.points, 50 + 45);
    assert_eq!(c.choices[1].points, 45);
    assert_eq!(
        c.problems,
        [error(
            Code::CountOutOfRange,
            "choices.1",
            "Alligator APC choice has 3 vessels; this entry takes 1 to 2"
        )]
    );
}

#[test]
fn a_choice_of_no_sea_raiders_breaks_the_entry_count() {
    let d = detachment("imperial-marines", vec![main_force("sea-raider", 0).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 25);
    assert_eq!(
        c.problems,
        [error(
            Code::CountOutOfRange,
            "choices.0",
            "Sea Raider choice has 0 vessels; this entry takes exactly 1"
        )]
    );
    assert_eq!(c.chain_of_command, []);
}

// ---------------------------------------------------------------- Eldar Aquatics Detachment

#[test]
fn the_smallest_legal_eldar_detachment_is_one_sahuagin_with_the_hq_for_50_pts() {
    let d = detachment("eldar-aquatics", vec![main_force("sahuagin-transport", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 50);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn the_largest_legal_eldar_detachment_is_five_neryds_five_hovercraft_and_the_hq_for_725_pts() {
    let mut choices = hq_then(main_force("neryd-carrier", 1), 5);
    choices.extend(repeat(&support("hovercraft"), 5));
    let d = detachment("eldar-aquatics", choices);

    let c = check(&d);

    assert_eq!(c.points, 5 * 70 + 25 + 5 * 70);
    assert_eq!(c.points, 725);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn an_eldar_detachment_with_six_main_force_choices_is_told_to_remove_one() {
    let d = detachment("eldar-aquatics", hq_then(main_force("sahuagin-transport", 2), 6));

    let c = check(&d);

    assert_eq!(c.points, 6 * 50 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::SectionTooMany,
            "sections.main",
            "Main Force has 6 choices; the Eldar Aquatics Detachment allows 1 to 5: remove a Main Force choice"
        )]
    );
}

#[test]
fn an_eldar_detachment_with_no_main_force_is_told_to_add_one() {
    let d = detachment("eldar-aquatics", vec![support("aqua-gunboat").with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 55);
    assert_eq!(
        c.problems,
        [
            error(
                Code::SectionTooFew,
                "sections.main",
                "Main Force has 0 choices; the Eldar Aquatics Detachment allows 1 to 5: add a Main Force choice"
            ),
            error(
                Code::SupportExceedsMain,
                "sections.support",
                "Support has 1 choice but Main Force has 0: remove a Support choice or add a Main Force choice"
            ),
        ]
    );
}

#[test]
fn eldar_support_beyond_main_force_is_flagged() {
    let d = detachment(
        "eldar-aquatics",
        vec![main_force("neryd-carrier", 1).with_hq(), support("aqua-gunboat"), support("hovercraft")],
    );

    let c = check(&d);

    assert_eq!(c.points, 70 + 25 + 30 + 70);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 2 choices but Main Force has 1: remove a Support choice or add a Main Force choice"
        )]
    );
}

#[test]
fn eldar_hq_must_be_exactly_one() {
    let none = detachment("eldar-aquatics", vec![main_force("neryd-carrier", 1)]);
    let two = detachment(
        "eldar-aquatics",
        vec![main_force("neryd-carrier", 1).with_hq(), main_force("sahuagin-transport", 1).with_hq()],
    );

    let (none, two) = (check(&none), check(&two));

    assert_eq!(none.points, 70);
    assert_eq!(
        none.problems,
        [error(
            Code::HqMissing,
            "sections.command",
            "Choose one vessel to carry the Detachment HQ (+25 pts)"
        )]
    );
    assert_eq!(two.points, 70 + 25 + 25 + 25);
    assert_eq!(
        two.problems,
        [error(
            Code::HqTooMany,
            "choices.1",
            "Choice 2 is a second Detachment HQ; only one vessel may carry it: untick HQ here or on choice 1"
        )]
    );
}

#[test]
fn three_sahuagin_transports_break_the_entry_count() {
    let d = detachment("eldar-aquatics", vec![main_force("sahuagin-transport", 3).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 75 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::CountOutOfRange,
            "choices.0",
            "Sahuagin Transport choice has 3 vessels; this entry takes 1 to 2"
        )]
    );
}

// ---------------------------------------------------------------- Ork Wetboyz

#[test]
fn the_smallest_legal_ork_detachment_is_one_powerbarj_with_the_hq_for_45_pts() {
    let d = detachment("ork-wetboyz", vec![main_force("powerbarj", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 45);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn the_largest_legal_ork_detachment_is_ten_manglers_ten_battilboats_and_the_hq_for_925_pts() {
    let mut choices = hq_then(main_force("mangler", 1), 10);
    choices.extend(repeat(&support("battilboat"), 10));
    let d = detachment("ork-wetboyz", choices);

    let c = check(&d);

    assert_eq!(c.points, 10 * 50 + 25 + 10 * 40);
    assert_eq!(c.points, 925);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn an_ork_detachment_with_eleven_main_force_choices_is_told_to_remove_one() {
    let d = detachment("ork-wetboyz", hq_then(main_force("powerbarj", 2), 11));

    let c = check(&d);

    assert_eq!(c.points, 11 * 40 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::SectionTooMany,
            "sections.main",
            "Main Force has 11 choices; the Ork Wetboyz allows 1 to 10: remove a Main Force choice"
        )]
    );
}

#[test]
fn an_ork_detachment_with_no_main_force_is_told_to_add_one() {
    let d = detachment("ork-wetboyz", vec![support("destroyer").with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 55);
    assert_eq!(
        c.problems,
        [
            error(
                Code::SectionTooFew,
                "sections.main",
                "Main Force has 0 choices; the Ork Wetboyz allows 1 to 10: add a Main Force choice"
            ),
            error(
                Code::SupportExceedsMain,
                "sections.support",
                "Support has 1 choice but Main Force has 0: remove a Support choice or add a Main Force choice"
            ),
        ]
    );
}

#[test]
fn ork_support_beyond_main_force_is_flagged() {
    let d = detachment(
        "ork-wetboyz",
        vec![
            main_force("mangler", 1).with_hq(),
            support("destroyer"),
            support("battilboat"),
            support("destroyer"),
        ],
    );

    let c = check(&d);

    assert_eq!(c.points, 50 + 25 + 30 + 40 + 30);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 3 choices but Main Force has 1: remove 2 Support choices or add 2 Main Force choices"
        )]
    );
}

#[test]
fn ork_hq_must_be_exactly_one() {
    let none = detachment("ork-wetboyz", vec![main_force("mangler", 1)]);
    let three = detachment(
        "ork-wetboyz",
        vec![
            main_force("mangler", 1).with_hq(),
            main_force("powerbarj", 1).with_hq(),
            support("destroyer").with_hq(),
        ],
    );

    let (none, three) = (check(&none), check(&three));

    assert_eq!(none.points, 50);
    assert_eq!(
        none.problems,
        [error(
            Code::HqMissing,
            "sections.command",
            "Choose one vessel to carry the Detachment HQ (+25 pts)"
        )]
    );
    assert_eq!(three.points, 50 + 20 + 30 + 3 * 25);
    assert_eq!(
        three.problems,
        [
            error(
                Code::HqTooMany,
                "choices.1",
                "Choice 2 is a second Detachment HQ; only one vessel may carry it: untick HQ here or on choice 1"
            ),
            error(
                Code::HqTooMany,
                "choices.2",
                "Choice 3 is a second Detachment HQ; only one vessel may carry it: untick HQ here or on choice 1"
            ),
        ]
    );
    assert_eq!(three.sections[0].choices, 3);
}

#[test]
fn two_manglers_in_one_choice_break_the_entry_count() {
    let d = detachment("ork-wetboyz", vec![main_force("mangler", 2).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 100 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::CountOutOfRange,
            "choices.0",
            "Mangler choice has 2 vessels; this entry takes exactly 1"
        )]
    );
}

// ---------------------------------------------------------------- Tyranid Waterspawn

#[test]
fn the_smallest_legal_tyranid_detachment_is_three_single_kelpies_for_120_pts() {
    let d = detachment("tyranid-waterspawn", vec![synapse(1), synapse(1), synapse(1)]);

    let c = check(&d);

    assert_eq!(c.points, 120);
    assert!(c.legal);
    assert_eq!(c.problems, []);
    let main = c.sections.iter().find(|s| s.id == "main");
    assert_eq!(main.map(|s| (s.choices, s.limit.as_str(), s.ok)), Some((0, "up to 10", true)));
}

#[test]
fn the_largest_legal_tyranid_detachment_is_six_kelpies_and_ten_elementals_for_840_pts() {
    let mut choices = repeat(&synapse(2), 3);
    choices.extend(repeat(&main_force("elemental", 1), 10));
    let d = detachment("tyranid-waterspawn", choices);

    let c = check(&d);

    assert_eq!(c.points, 6 * 40 + 10 * 60);
    assert_eq!(c.points, 840);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn tyranids_need_exactly_three_synapse_choices() {
    let two = detachment("tyranid-waterspawn", vec![synapse(1), synapse(1)]);
    let four = detachment("tyranid-waterspawn", repeat(&synapse(1), 4));

    let (two, four) = (check(&two), check(&four));

    assert_eq!(two.points, 80);
    assert_eq!(
        two.problems,
        [error(
            Code::SynapseCount,
            "sections.synapse",
            "Synapse Creatures has 2 choices; the Tyranid Waterspawn needs exactly 3: add a Synapse Creatures choice"
        )]
    );
    assert_eq!(four.points, 160);
    assert_eq!(
        four.problems,
        [error(
            Code::SynapseCount,
            "sections.synapse",
            "Synapse Creatures has 4 choices; the Tyranid Waterspawn needs exactly 3: remove a Synapse Creatures choice"
        )]
    );
}

#[test]
fn a_tyranid_detachment_with_eleven_main_force_choices_is_told_to_remove_one() {
    let mut choices = repeat(&synapse(1), 3);
    choices.extend(repeat(&main_force("spitter", 1), 11));
    let d = detachment("tyranid-waterspawn", choices);

    let c = check(&d);

    assert_eq!(c.points, 120 + 11 * 35);
    assert_eq!(
        c.problems,
        [error(
            Code::SectionTooMany,
            "sections.main",
            "Main Force has 11 choices; the Tyranid Waterspawn allows up to 10: remove a Main Force choice"
        )]
    );
}

#[test]
fn tyranids_cannot_buy_a_detachment_hq_and_pay_nothing_for_the_tick() {
    let d = detachment("tyranid-waterspawn", vec![synapse(1).with_hq(), synapse(1), synapse(1)]);

    let c = check(&d);

    assert_eq!(c.points, 120);
    assert_eq!(
        c.problems,
        [error(
            Code::HqNotAvailable,
            "choices.0",
            "The Tyranid Waterspawn has no Detachment HQ upgrade: untick HQ on choice 1 (the chain of command starts with the Kelpie)"
        )]
    );
    assert_eq!(c.chain_of_command[0].vessel, "Kelpie 1");
}

#[test]
fn tyranids_have_no_support_or_command_section() {
    let d = detachment(
        "tyranid-waterspawn",
        vec![
            synapse(1),
            synapse(1),
            synapse(1),
            Choice::new("support", "scourge", 1),
            Choice::new("command", "", 1),
        ],
    );

    let c = check(&d);

    assert_eq!(c.points, 120);
    assert_eq!(
        c.problems,
        [
            error(
                Code::UnknownSection,
                "choices.3",
                "Choice 4 is in section \"support\", which the Tyranid Waterspawn does not have: use synapse or main"
            ),
            // "command" holds letters no section id has: no search, the sections in their order.
            error(
                Code::UnknownSection,
                "choices.4",
                "Choice 5 is in section \"command\", which the Tyranid Waterspawn does not have: use synapse or main"
            ),
        ]
    );
}

#[test]
fn three_kelpies_in_one_synapse_choice_break_the_entry_count() {
    let d = detachment("tyranid-waterspawn", vec![synapse(3), synapse(1), synapse(1)]);

    let c = check(&d);

    assert_eq!(c.points, 200);
    assert_eq!(
        c.problems,
        [error(Code::CountOutOfRange, "choices.0", "Kelpie choice has 3 vessels; this entry takes 1 to 2")]
    );
}

// ---------------------------------------------------------------- Chaos Aqua Detachment

#[test]
fn the_smallest_legal_chaos_detachment_is_one_spawn_runner_with_the_hq_for_45_pts() {
    let d = detachment("chaos-aqua", vec![main_force("spawn-runner", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 45);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn the_largest_legal_chaos_detachment_is_ten_hellslammers_ten_daemonwrecks_and_the_hq_for_1025_pts() {
    let mut choices = hq_then(main_force("hellslammer", 1), 10);
    choices.extend(repeat(&support("daemonwreck"), 10));
    let d = detachment("chaos-aqua", choices);

    let c = check(&d);

    assert_eq!(c.points, 10 * 50 + 25 + 10 * 50);
    assert_eq!(c.points, 1025);
    assert!(c.legal);
    assert_eq!(c.problems, []);
}

#[test]
fn a_chaos_detachment_with_eleven_main_force_choices_is_told_to_remove_one() {
    let d = detachment("chaos-aqua", hq_then(main_force("hellslammer", 1), 11));

    let c = check(&d);

    assert_eq!(c.points, 11 * 50 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::SectionTooMany,
            "sections.main",
            "Main Force has 11 choices; the Chaos Aqua Detachment allows 1 to 10: remove a Main Force choice"
        )]
    );
}

#[test]
fn a_chaos_detachment_with_no_main_force_is_told_to_add_one() {
    let d = detachment("chaos-aqua", vec![support("daemonwreck").with_hq(), support("rocket-barge")]);

    let c = check(&d);

    assert_eq!(c.points, 50 + 25 + 35);
    assert_eq!(
        c.problems,
        [
            error(
                Code::SectionTooFew,
                "sections.main",
                "Main Force has 0 choices; the Chaos Aqua Detachment allows 1 to 10: add a Main Force choice"
            ),
            error(
                Code::SupportExceedsMain,
                "sections.support",
                "Support has 2 choices but Main Force has 0: remove 2 Support choices or add 2 Main Force choices"
            ),
        ]
    );
}

#[test]
fn chaos_support_beyond_main_force_is_flagged() {
    let d = detachment(
        "chaos-aqua",
        vec![
            main_force("spawn-runner", 2).with_hq(),
            main_force("hellslammer", 1),
            support("rocket-barge"),
            support("daemonwreck"),
            support("rocket-barge"),
        ],
    );

    let c = check(&d);

    assert_eq!(c.points, 40 + 25 + 50 + 35 + 50 + 35);
    assert_eq!(
        c.problems,
        [error(
            Code::SupportExceedsMain,
            "sections.support",
            "Support has 3 choices but Main Force has 2: remove a Support choice or add a Main Force choice"
        )]
    );
}

#[test]
fn chaos_hq_must_be_exactly_one() {
    let none = detachment("chaos-aqua", vec![main_force("hellslammer", 1)]);
    let two = detachment(
        "chaos-aqua",
        vec![main_force("hellslammer", 1).with_hq(), main_force("hellslammer", 1).with_hq()],
    );

    let (none, two) = (check(&none), check(&two));

    assert_eq!(none.points, 50);
    assert_eq!(
        none.problems,
        [error(
            Code::HqMissing,
            "sections.command",
            "Choose one vessel to carry the Detachment HQ (+25 pts)"
        )]
    );
    assert_eq!(two.points, 150);
    assert_eq!(two.problems.iter().map(|p| p.code).collect::<Vec<_>>(), [Code::HqTooMany]);
}

#[test]
fn three_spawn_runners_break_the_entry_count() {
    let d = detachment("chaos-aqua", vec![main_force("spawn-runner", 3).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 60 + 25);
    assert_eq!(
        c.problems,
        [error(
            Code::CountOutOfRange,
            "choices.0",
            "Spawn Runner choice has 3 vessels; this entry takes 1 to 2"
        )]
    );
}

// ---------------------------------------------------------------- chain of command

#[test]
fn the_imperial_chain_runs_hq_nautilus_salamander_sea_raider_then_the_rest_in_list_order() {
    let d = detachment(
        "imperial-marines",
        vec![
            main_force("sea-raider", 1),
            main_force("alligator-apc", 2),
            main_force("salamander-carrier", 1),
            main_force("sea-raider", 1).with_hq(),
            support("nautilus"),
            support("nautilus"),
        ],
    );

    let c = check(&d);

    assert!(c.problems.iter().all(|p| p.severity == Severity::Warning));
    assert_eq!(
        chain(&c),
        [
            ("Sea Raider 2 (HQ)", "HQ"),
            ("Nautilus 1", "Nautilus"),
            ("Nautilus 2", "Nautilus"),
            ("Salamander Carrier", "Salamander Carrier"),
            ("Sea Raider 1", "Sea Raider"),
            ("Alligator APC 1", "Other"),
            ("Alligator APC 2", "Other"),
        ]
    );
    let positions: Vec<u32> = c.chain_of_command.iter().map(|l| l.position).collect();
    assert_eq!(positions, [1, 2, 3, 4, 5, 6, 7]);
    let choice_of: Vec<usize> = c.chain_of_command.iter().map(|l| l.choice).collect();
    assert_eq!(choice_of, [3, 4, 5, 2, 0, 1, 1]);
}

#[test]
fn the_eldar_chain_runs_hq_neryd_sahuagin_gunboat_then_the_rest() {
    let d = detachment(
        "eldar-aquatics",
        vec![
            main_force("sahuagin-transport", 2),
            main_force("neryd-carrier", 1).with_hq(),
            main_force("sahuagin-transport", 1),
            support("hovercraft"),
            support("aqua-gunboat"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Neryd Carrier (HQ)", "HQ"),
            ("Sahuagin Transport 1", "Sahuagin Transport"),
            ("Sahuagin Transport 2", "Sahuagin Transport"),
            ("Sahuagin Transport 3", "Sahuagin Transport"),
            ("Aqua Gunboat", "Aqua Gunboat"),
            ("Hovercraft", "Other"),
        ]
    );
}

#[test]
fn the_ork_chain_runs_hq_mangler_powerbarj_destroyer_then_the_rest() {
    let d = detachment(
        "ork-wetboyz",
        vec![
            main_force("powerbarj", 2),
            main_force("mangler", 1),
            main_force("mangler", 1).with_hq(),
            support("battilboat"),
            support("destroyer"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Mangler 2 (HQ)", "HQ"),
            ("Mangler 1", "Mangler"),
            ("Powerbarj 1", "Powerbarj"),
            ("Powerbarj 2", "Powerbarj"),
            ("Destroyer", "Destroyer"),
            ("Battilboat", "Other"),
        ]
    );
}

#[test]
fn the_tyranid_chain_starts_at_the_kelpies_then_scourge_spitter_and_the_rest() {
    let d = detachment(
        "tyranid-waterspawn",
        vec![
            main_force("elemental", 1),
            main_force("spitter", 1),
            synapse(2),
            main_force("scourge", 1),
            synapse(1),
            synapse(1),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Kelpie 1", "Kelpie"),
            ("Kelpie 2", "Kelpie"),
            ("Kelpie 3", "Kelpie"),
            ("Kelpie 4", "Kelpie"),
            ("Scourge", "Scourge"),
            ("Spitter", "Spitter"),
            ("Elemental", "Other"),
        ]
    );
}

#[test]
fn the_chaos_chain_runs_hq_hellslammer_spawn_runner_rocket_barge() {
    let d = detachment(
        "chaos-aqua",
        vec![
            main_force("spawn-runner", 2),
            main_force("hellslammer", 1),
            support("daemonwreck").with_hq(),
            support("rocket-barge"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Daemonwreck (HQ)", "HQ"),
            ("Hellslammer", "Hellslammer"),
            ("Spawn Runner 1", "Spawn Runner"),
            ("Spawn Runner 2", "Spawn Runner"),
            ("Rocket Barge", "Rocket Barge"),
        ]
    );
}

#[test]
fn the_chain_explanation_says_where_command_goes_when_a_link_is_missing() {
    let imperial = list("imperial-marines").map(chain_explanation).unwrap_or_default();
    let orks = list("ork-wetboyz").map(chain_explanation).unwrap_or_default();
    let tyranids = list("tyranid-waterspawn").map(chain_explanation).unwrap_or_default();

    assert_eq!(imperial.len(), 5);
    assert_eq!(
        imperial[0],
        "The vessel carrying the Detachment HQ (+25 pts) heads the chain. If there is no HQ vessel, command passes straight to the next link: Nautilus."
    );
    assert!(imperial[1].starts_with(
        "If there is no Nautilus, command passes straight to the next link: Salamander Carrier."
    ));
    assert!(imperial[3].starts_with(
        "If there is no Sea Raider, command passes straight to the next link: any other vessel (Other)."
    ));
    assert!(imperial[4].starts_with("Other: any other vessel of the detachment picks up command"));
    assert!(imperial[4].contains("our decision"));
    assert!(orks[3].contains("Destryoer"));
    assert!(tyranids[0].starts_with("This list has no Detachment HQ, so the chain starts with the Kelpie."));
}

// ---------------------------------------------------------------- bad input

#[test]
fn an_unknown_list_is_named_with_the_valid_ids_closest_first() {
    let d = detachment("imperial-marine", vec![main_force("sea-raider", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 0);
    assert!(!c.legal);
    assert_eq!(c.problems.len(), 1);
    assert_eq!(c.problems[0].code, Code::UnknownList);
    assert_eq!(c.problems[0].part.as_deref(), Some("list"));
    assert!(
        c.problems[0]
            .message
            .starts_with("There is no detachment list \"imperial-marine\": use imperial-marines, "),
        "{}",
        c.problems[0].message
    );
    for l in lists() {
        assert!(c.problems[0].message.contains(l.id));
    }
    assert_eq!(c.choices[0].vessel, "Sea Raider");
    assert_eq!(c.sections, []);
}

#[test]
fn an_empty_list_id_asks_for_a_list() {
    let c = check(&Detachment::new(""));

    assert_eq!(
        c.problems,
        [error(
            Code::UnknownList,
            "list",
            "No detachment list is chosen: use imperial-marines, eldar-aquatics, ork-wetboyz, tyranid-waterspawn or chaos-aqua"
        )]
    );
}

#[test]
fn an_unknown_entry_lists_the_entries_of_its_section() {
    let d = detachment("imperial-marines", vec![main_force("sea-raidr", 1).with_hq(), main_force("", 1)]);

    let c = check(&d);

    assert_eq!(c.points, 0);
    assert_eq!(
        c.problems,
        [
            error(
                Code::UnknownEntry,
                "choices.0",
                "Main Force has no entry \"sea-raidr\": use sea-raider, alligator-apc or salamander-carrier"
            ),
            error(
                Code::UnknownEntry,
                "choices.1",
                "Choice 2 in Main Force has no entry: use sea-raider, alligator-apc or salamander-carrier"
            ),
        ]
    );
    assert_eq!(c.sections[1].choices, 2);
}

#[test]
fn an_unknown_section_lists_the_sections_that_take_vessels() {
    let d = detachment(
        "ork-wetboyz",
        vec![main_force("mangler", 1).with_hq(), Choice::new("suport", "destroyer", 1)],
    );

    let c = check(&d);

    assert_eq!(c.points, 75);
    assert_eq!(
        c.problems,
        [error(
            Code::UnknownSection,
            "choices.1",
            "Choice 2 is in section \"suport\", which the Ork Wetboyz does not have: use support or main"
        )]
    );
}

#[test]
fn a_vessel_chosen_in_command_is_told_the_hq_is_an_upgrade() {
    let d = detachment(
        "chaos-aqua",
        vec![main_force("hellslammer", 1).with_hq(), Choice::new("command", "hq", 1)],
    );

    let c = check(&d);

    assert_eq!(c.points, 75);
    assert_eq!(
        c.problems,
        [error(
            Code::CommandIsUpgrade,
            "choices.1",
            "Choice 2 is in Command, which has no vessels of its own: the Detachment HQ is an upgrade, so choose the vessel in main or support and mark it as the HQ"
        )]
    );
}

#[test]
fn a_huge_count_saturates_the_points_and_caps_the_chain() {
    let d = detachment(
        "imperial-marines",
        vec![main_force("alligator-apc", u32::MAX).with_hq(), main_force("salamander-carrier", u32::MAX)],
    );

    let c = check(&d);

    assert_eq!(c.points, u32::MAX);
    assert_eq!(c.choices[0].points, u32::MAX);
    assert_eq!(c.chain_of_command.len(), MAX_CHAIN_LINKS);
    assert_eq!(c.chain_of_command[0].vessel, "Alligator APC 1 (HQ)");
    assert_eq!(c.chain_of_command[1].vessel, "Salamander Carrier 1");
    let codes: Vec<Code> = c.problems.iter().map(|p| p.code).collect();
    assert_eq!(codes, [Code::CountOutOfRange, Code::CountOutOfRange, Code::ChainTruncated]);
    assert_eq!(
        c.problems[2].message,
        "The chain of command lists only the first 200 of this detachment's 8589934590 vessels"
    );
}

#[test]
fn a_newer_document_version_is_a_warning_not_an_error() {
    let d = Detachment { version: 2, ..detachment("ork-wetboyz", vec![main_force("mangler", 1).with_hq()]) };

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(c.problems[0].code, Code::UnknownVersion);
    assert_eq!(c.problems[0].severity, Severity::Warning);
}

#[test]
fn a_very_long_unknown_id_is_cut_short_in_the_message() {
    let long = "x".repeat(10_000);
    let d = detachment("imperial-marines", vec![main_force(&long, 1).with_hq()]);

    let c = check(&d);

    assert!(c.problems[0].message.len() < 200, "{}", c.problems[0].message);
}

// ---------------------------------------------------------------- JSON document

#[test]
fn a_detachment_round_trips_through_json() {
    let d = Detachment {
        name: "Harbour Watch".to_string(),
        ..detachment(
            "imperial-marines",
            vec![main_force("sea-raider", 1).with_hq(), main_force("alligator-apc", 2), support("nautilus")],
        )
    };

    let json = serde_json::to_string(&d).unwrap_or_default();
    let back: Result<Detachment, _> = serde_json::from_str(&json);

    assert_eq!(back.ok(), Some(d));
}

#[test]
fn missing_optional_fields_take_their_defaults() {
    let json = r#"{"list": "ork-wetboyz", "choices": [{"section": "main", "entry": "mangler"}]}"#;

    let d: Result<Detachment, _> = serde_json::from_str(json);

    let d = d.ok();
    assert_eq!(d.as_ref().map(|d| d.version), Some(1));
    assert_eq!(d.as_ref().map(|d| d.name.as_str()), Some(""));
    assert_eq!(d.as_ref().map(|d| d.choices.clone()), Some(vec![main_force("mangler", 1)]));
    let bare: Result<Detachment, _> = serde_json::from_str(r#"{"list": "chaos-aqua"}"#);
    assert_eq!(bare.ok(), Some(Detachment::new("chaos-aqua")));
}

#[test]
fn a_document_without_a_list_or_with_a_misspelt_field_is_refused_naming_the_field() {
    let no_list = serde_json::from_str::<Detachment>(r#"{"choices": []}"#);
    let misspelt = serde_json::from_str::<Detachment>(
        r#"{"list": "chaos-aqua", "choices": [{"section": "main", "entry": "hellslammer", "cuont": 1}]}"#,
    );

    assert!(no_list.is_err_and(|e| e.to_string().contains("`list`")));
    assert!(misspelt.is_err_and(|e| e.to_string().contains("`cuont`")));
}

#[test]
fn a_check_serializes_for_the_api() {
    let c = check(&detachment("imperial-marines", vec![main_force("sea-raider", 1)]));

    let json = serde_json::to_value(&c).unwrap_or_default();

    assert_eq!(json["points"], 25);
    assert_eq!(json["legal"], false);
    assert_eq!(json["problems"][0]["code"], "HQ_MISSING");
    assert_eq!(json["problems"][0]["severity"], "error");
    assert_eq!(json["chain_of_command"][0]["step"], "Sea Raider");
    assert_eq!(json["sections"][1]["limit"], "1 to 10");
}

#[test]
fn the_readme_detachment_example_is_130_points_and_legal() {
    const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let json = README
        .split("## The Epic detachment document")
        .nth(1)
        .and_then(|rest| rest.split("```json").nth(1)?.split("```").next())
        .unwrap_or("");
    let d: Detachment = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let c = check(&d);
    assert_eq!(c.points, 130);
    assert!(c.legal);
    assert_eq!(c.chain_of_command.len(), 4);
}

// ---------------------------------------------------------------- text export

#[test]
fn the_text_export_reads_as_a_forum_post() {
    let d = Detachment {
        name: "Harbour Watch".to_string(),
        ..detachment(
            "imperial-marines",
            vec![main_force("sea-raider", 1).with_hq(), main_force("alligator-apc", 2), support("nautilus")],
        )
    };
    let c = check(&d);

    let text = text_export(&d, &c);

    assert_eq!(
        text,
        "\
Harbour Watch - Imperial Marine Detachment, 130 pts

Main Force: 2 choices (allowed: 1 to 10)
  1 x Sea Raider (HQ +25 pts): 50 pts
  2 x Alligator APC: 30 pts

Support: 1 choice (allowed: up to 2, the number of Main Force choices)
  1 x Nautilus: 50 pts

Total: 130 pts

Chain of command:
  1. Sea Raider (HQ)
  2. Nautilus
  3. Alligator APC 1 [Other]
  4. Alligator APC 2 [Other]

Legal.

How Drydock reads the list here:
  - The Alligator APC entry gives 15 pts without saying \"each\". Like every other entry we price it per vessel, so two Alligators cost 30 pts.
  - Every entry is priced per vessel: a choice of two vessels costs twice the listed price.
  - The Detachment HQ (+25 pts) is an upgrade for one vessel of your choice, from any section. Exactly one vessel must carry it, and that vessel heads the chain of command.
  - Support may have no more choices than Main Force. The list does not say whether choices or vessels are counted; we count choices, so a choice of two vessels is still one choice.
  - Vessels that fall under \"Other\" in the chain of command take over in the order you list them. The supplement leaves this order open; following your list is our decision.

Checked by Drydock (Epic 40,000: On the Waterways, engine v2)
"
    );
}

#[test]
fn the_text_export_of_an_illegal_detachment_lists_every_problem() {
    let d =
        detachment("tyranid-waterspawn", vec![synapse(1).with_hq(), Choice::new("support", "scourge", 1)]);
    let c = check(&d);

    let text = text_export(&d, &c);

    assert!(text.starts_with("Tyranid Waterspawn, 40 pts\n"), "{text}");
    assert!(text.contains("  1 x Kelpie (HQ): 40 pts\n"), "{text}");
    assert!(text.contains("Unrecognised choices\n  1 x Scourge: 0 pts\n"), "{text}");
    assert!(text.contains("NOT LEGAL (3 problems):\n"), "{text}");
    for p in &c.problems {
        assert!(text.contains(&format!("  - {}\n", p.message)), "{text}");
    }
}

#[test]
fn the_text_export_of_an_unknown_list_still_shows_the_choices() {
    let d = detachment("atlantis", vec![main_force("sea-raider", 2)]);
    let c = check(&d);

    let text = text_export(&d, &c);

    assert!(text.starts_with("Unknown list \"atlantis\", 0 pts\n"), "{text}");
    assert!(text.contains("  2 x Sea Raider: 0 pts\n"), "{text}");
    assert!(text.contains("NOT LEGAL (1 problem):"), "{text}");
}

// ---------------------------------------------------------------- random input

fn any_choice() -> impl Strategy<Value = Choice> {
    let sections = prop::sample::select(vec!["command", "main", "support", "synapse", "", "Main", "crew"]);
    let mut entries: Vec<&'static str> = vessels().iter().map(|v| v.id).collect();
    entries.extend(["", "hq", "sea raider", "x"]);
    let entries = prop::sample::select(entries);
    let counts = prop_oneof![4 => 0u32..4, 1 => any::<u32>(), 1 => Just(u32::MAX)];
    (sections, entries, counts, any::<bool>()).prop_map(|(section, entry, count, hq)| Choice {
        section: section.to_string(),
        entry: entry.to_string(),
        count,
        hq,
    })
}

fn any_detachment() -> impl Strategy<Value = Detachment> {
    let mut ids: Vec<&'static str> = lists().iter().map(|l| l.id).collect();
    ids.extend(["", "imperial", "tyranid-waterspawn ", "CHAOS-AQUA"]);
    (prop::sample::select(ids), prop::collection::vec(any_choice(), 0..24), 0u32..3, ".{0,12}").prop_map(
        |(list, choices, version, name)| Detachment {
            version,
            name,
            points_limit: None,
            list: list.to_string(),
            choices,
        },
    )
}

proptest! {
    #[test]
    fn random_detachments_never_panic_and_their_figures_add_up(d in any_detachment()) {
        let c = check(&d);

        let sum = c.choices.iter().fold(0u32, |s, f| s.saturating_add(f.points));
        prop_assert_eq!(c.points, sum);
        prop_assert_eq!(c.legal, !c.problems.iter().any(|p| p.severity == Severity::Error));
        prop_assert_eq!(c.choices.len(), d.choices.len());
        prop_assert!(c.chain_of_command.len() <= MAX_CHAIN_LINKS);
        for (i, link) in c.chain_of_command.iter().enumerate() {
            prop_assert_eq!(link.position as usize, i + 1);
            prop_assert!(link.choice < d.choices.len());
        }
        prop_assert!(c.chain_of_command.iter().filter(|l| l.step == "HQ").count() <= 1);
        for p in &c.problems {
            prop_assert!(!p.message.is_empty());
        }
        let text = text_export(&d, &c);
        let total = format!("Total: {} pts", c.points);
        prop_assert!(text.contains(&total));
        // Read back as written, within the bounds every document keeps (the name and the ids
        // as one line); a count past them is refused.
        let json = serde_json::to_string(&d).unwrap_or_default();
        let back: Result<Detachment, _> = serde_json::from_str(&json);
        if d.choices.iter().all(|c| c.count <= u32::from(crate::games::bounds::MAX_COUNT)) {
            let line = crate::games::bounds::one_line;
            let name = line(&d.name);
            let list = line(&d.list);
            let choices = d
                .choices
                .iter()
                .map(|c| Choice { section: line(&c.section), entry: line(&c.entry), ..c.clone() })
                .collect();
            prop_assert_eq!(back.ok(), Some(Detachment { name, list, choices, ..d }));
        } else {
            prop_assert!(back.is_err());
        }
    }

    #[test]
    fn legal_random_detachments_have_a_chain_led_by_their_hq(d in legalish_detachment()) {
        let c = check(&d);
        prop_assume!(c.legal);

        let first = c.chain_of_command.first().map(|l| l.step.as_str());
        let has_hq = list(&d.list).is_some_and(|l| l.hq_points.is_some());
        prop_assert_eq!(first, Some(if has_hq { "HQ" } else { "Kelpie" }));
    }
}

/// One choice of `section`: any of its entries, with a count the entry takes.
fn choice_of(section: &'static Section) -> impl Strategy<Value = Choice> {
    prop::sample::select(section.entries.to_vec())
        .prop_flat_map(move |e| (e.min..=e.max).prop_map(move |n| Choice::new(section.id, e.id, n)))
}

/// Detachments built by the lists' own rules, so that most are legal: a list, a Main Force within
/// its limit, Support no larger than it, the Synapse Creatures a Tyranid list needs, and the
/// Detachment HQ on one Main Force vessel where the list has one.
fn legalish_detachment() -> impl Strategy<Value = Detachment> {
    prop::sample::select(lists().to_vec()).prop_flat_map(|l| {
        let sections: &'static [Section] = l.sections;
        let section = |id: &str| sections.iter().find(|s| s.id == id);
        let (main, support, synapse) = (section("main"), section("support"), section("synapse"));
        let main_range = main.map_or(0..=0, |s| s.limit.min().max(1)..=s.limit.max().unwrap_or(6).min(6));
        let synapse_n = synapse.map_or(0, |s| s.limit.min());
        (main_range, 0u32..=6, any::<prop::sample::Index>()).prop_flat_map(
            move |(n_main, n_support, hq_at)| {
                let n_support =
                    n_support.min(n_main).min(support.and_then(|s| s.limit.max()).unwrap_or(n_main));
                let pick = |s: Option<&'static Section>, n: u32| match s {
                    Some(s) if s.holds_vessels() => prop::collection::vec(choice_of(s), n as usize).boxed(),
                    _ => Just(Vec::new()).boxed(),
                };
                (pick(main, n_main), pick(support, n_support), pick(synapse, synapse_n)).prop_map(
                    move |(mut main, support, synapse)| {
                        if l.hq_points.is_some() && !main.is_empty() {
                            let at = hq_at.index(main.len());
                            main[at].hq = true;
                        }
                        let mut d = Detachment::new(l.id);
                        d.choices = main.into_iter().chain(support).chain(synapse).collect();
                        d
                    },
                )
            },
        )
    })
}

#[test]
fn the_legal_biased_generator_mostly_makes_legal_detachments() {
    use proptest::strategy::ValueTree;
    // Arrange
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = legalish_detachment();
    let samples = 500;

    // Act
    let legal = (0..samples)
        .filter(|_| strategy.new_tree(&mut runner).is_ok_and(|t| check(&t.current()).legal))
        .count();

    // Assert: the chain test above assumes legality and would test nothing otherwise.
    println!("legal-biased detachments: {legal} of {samples} legal");
    assert!(legal * 10 >= samples * 7, "only {legal} of {samples} are legal");
}
