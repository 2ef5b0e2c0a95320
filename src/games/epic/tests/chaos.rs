//! The Chaos Aqua detachment: its smallest and largest legal forms and every limit.

use super::*;

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
