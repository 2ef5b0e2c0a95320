//! The Ork Wetboyz detachment: its smallest and largest legal forms and every limit.

use super::*;

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
