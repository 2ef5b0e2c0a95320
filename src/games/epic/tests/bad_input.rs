//! Bad input: unknown lists, entries and sections, huge counts, newer documents.

use super::*;
use crate::games::Shared;

#[test]
fn an_unknown_list_is_named_with_the_valid_ids_closest_first() {
    let d = detachment("imperial-marine", vec![main_force("sea-raider", 1).with_hq()]);

    let c = check(&d);

    assert_eq!(c.points, 0);
    assert!(!c.legal);
    assert_eq!(c.problems.len(), 1);
    assert_eq!(c.problems[0].code, Shared::UnknownList);
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
            Shared::UnknownList,
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
    let codes: Vec<crate::games::Code> = c.problems.iter().map(|p| p.code).collect();
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
    assert_eq!(c.problems[0].code, Shared::UnknownVersion);
    assert_eq!(c.problems[0].severity, Severity::Warning);
}

#[test]
fn a_very_long_unknown_id_is_cut_short_in_the_message() {
    let long = "x".repeat(10_000);
    let d = detachment("imperial-marines", vec![main_force(&long, 1).with_hq()]);

    let c = check(&d);

    assert!(c.problems[0].message.len() < 200, "{}", c.problems[0].message);
}
