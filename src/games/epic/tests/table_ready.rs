//! The points limit, each vessel's numbers written into its rules, and the list's notes given once.

use super::*;
use crate::games::Shared;

fn river_watch(limit: Option<u32>) -> Detachment {
    Detachment {
        points_limit: limit,
        choices: vec![
            Choice::new("main", "sea-raider", 1).with_hq(),
            Choice::new("main", "alligator-apc", 2),
            Choice::new("main", "alligator-apc", 2),
            Choice::new("support", "nautilus", 1),
        ],
        ..Detachment::new("imperial-marines")
    }
}

#[test]
fn a_detachment_over_its_points_limit_is_an_error_that_says_by_how_much() {
    // 25 + 25 HQ + 2 x 2 x 15 + 50 = 160
    let c = check(&river_watch(Some(150)));

    assert_eq!(c.points, 160);
    assert_eq!(c.points_limit, Some(150));
    assert!(!c.legal);
    let over: Vec<_> = c.problems.iter().filter(|p| p.code == Shared::OverPointsLimit).collect();
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].part.as_deref(), Some("points_limit"));
    assert_eq!(
        over[0].message,
        "The detachment costs 160 pts, 10 over its limit of 150 pts: remove a choice or raise the limit"
    );
}

#[test]
fn at_or_under_the_limit_or_with_none_the_detachment_is_legal() {
    assert!(check(&river_watch(Some(160))).legal);
    assert!(check(&river_watch(None)).legal);
}

#[test]
fn the_per_vessel_price_is_not_a_note_on_every_alligator_choice() {
    let c = check(&river_watch(None));

    assert!(c.problems.is_empty(), "{:?}", c.problems);
}

#[test]
fn a_saved_detachment_without_a_limit_still_loads_and_the_limit_is_bounded() {
    let old: Detachment =
        serde_json::from_str(r#"{"list": "imperial-marines", "choices": []}"#).expect("an old document");
    assert_eq!(old.points_limit, None);
    assert!(!serde_json::to_string(&old).expect("json").contains("points_limit"), "none is not written");
    for bad in ["0", "100001", "-5", "1.5", "\"lots\""] {
        let e = serde_json::from_str::<Detachment>(&format!(r#"{{"list": "x", "points_limit": {bad}}}"#))
            .expect_err(bad)
            .to_string();
        assert!(e.contains("a whole number from 1 to 100000"), "{bad}: {e}");
    }
}

#[test]
fn each_vessel_has_its_own_numbers_written_into_its_rules() {
    let explained = |vessel_id: &str, rule: &str| {
        let v = vessel(vessel_id).expect("vessel");
        let (_, value) = v.special.iter().find(|(id, _)| *id == rule).expect("rule");
        special_rule(rule).expect("rule").explain(*value)
    };

    assert!(explained("alligator-apc", "transport").starts_with("Carries up to 3 units aboard"));
    assert!(explained("hovercraft", "transport").starts_with("Carries up to 2 units aboard"));
    assert!(explained("mangler", "hang-on").contains("2 more units may cling"));
    assert!(explained("daemonwreck", "ram").starts_with("When it rams it may add 4 to its Ram value"));
    for r in special_rules() {
        assert!(!r.explain(Some(7)).contains("{x}"), "{}", r.id);
        assert!(!r.explain(None).contains("{x}"), "{}", r.id);
    }
}

#[test]
fn ram_sinks_only_from_a_rammer_with_ram_against_one_without_and_its_extra_is_optional() {
    let ram = special_rule("ram").expect("ram").explain(Some(3));
    assert!(ram.contains("may add 3"), "{ram}");
    assert!(ram.contains("the player's choice"), "{ram}");
    assert!(ram.contains("against a vessel without Ram"), "{ram}");
}

#[test]
fn transport_points_to_the_drop_off_move_and_the_general_rules_describe_it() {
    let transport = special_rule("transport").expect("transport").explain(Some(3));
    assert!(transport.contains("Drop-off move"), "{transport}");
    let rivers = general_rules().iter().find(|r| r.id == "river-move").expect("river movement");
    assert!(rivers.text.contains("Drop-off (up to half its move, set down the units it carries"));
    let ids: Vec<&str> = general_rules().iter().map(|r| r.id).collect();
    for id in ["ram-value", "ramming", "avoid-ram", "crowd-sail", "heavy-barrage", "river-move", "ocean-move"]
    {
        assert!(ids.contains(&id), "{id}");
    }
}

#[test]
fn the_notes_that_bear_on_a_detachment_are_given_once_each() {
    let d = river_watch(None);
    let c = check(&d);

    let ids: Vec<&str> = notes_for(&d, &c).iter().map(|n| n.id).collect();

    assert_eq!(
        ids,
        ["alligator-each", "per-vessel", "hq-upgrade", "support-limit", "imperial-strategy", "other-order"]
    );
    let bare = Detachment::new("imperial-marines");
    let ids: Vec<&str> = notes_for(&bare, &check(&bare)).iter().map(|n| n.id).collect();
    assert_eq!(ids, ["per-vessel", "hq-upgrade", "imperial-strategy"], "nothing about vessels it lacks");
}

#[test]
fn the_text_export_gives_the_limit_and_each_note_once() {
    let d = river_watch(Some(200));
    let text = text_export(&d, &check(&d));

    assert!(text.contains(", 160 of 200 pts\n"), "{text}");
    assert!(text.contains("\nTotal: 160 of 200 pts\n"), "{text}");
    assert_eq!(text.matches("we price it per vessel").count(), 1, "{text}");
    assert_eq!(text.matches("How Drydock reads the list here:").count(), 1, "{text}");
    assert!(!text.contains("Imperial Navy"), "a list rule, not a reading: {text}");
    assert!(!text.contains("Notes:"), "no per-choice notes: {text}");
}
