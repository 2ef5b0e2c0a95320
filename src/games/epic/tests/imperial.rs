//! The Imperial Marine detachment: its smallest and largest legal forms and every limit.

use super::*;

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
