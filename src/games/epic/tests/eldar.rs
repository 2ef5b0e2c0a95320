//! The Eldar Aquatics detachment: its smallest and largest legal forms and every limit.

use super::*;

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
