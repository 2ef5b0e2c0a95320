//! The Tyranid Waterspawn: synapse choices, no HQ to buy, no support or command.

use super::*;

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
