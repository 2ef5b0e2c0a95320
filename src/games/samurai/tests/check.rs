//! The checks: every problem explained at its field, none blocking.

use super::*;
use crate::games::samurai::Code;

/// A problem's code, which must be Samurai's own (not one every game shares).
pub(super) fn own(code: crate::games::Code) -> Code {
    Code::of(code).unwrap_or_else(|| panic!("{code} is no code of Samurai's own"))
}

fn codes(s: &Scenario) -> Vec<(Code, Option<String>)> {
    check(s).problems.into_iter().map(|p| (own(p.code), p.part)).collect()
}

#[test]
fn the_example_is_legal_and_an_empty_sea_too() {
    let s: Scenario = serde_json::from_str(GAME.example).expect("the example");
    let j = check(&s);
    assert!(j.legal && j.problems.is_empty(), "{:?}", j.problems);
    assert!(check(&Scenario::default()).legal);
}

#[test]
fn a_unit_off_the_board_or_on_a_taken_hex_is_flagged_at_its_hex() {
    let mut s = sea(Direction::E);
    s.units = vec![
        unit("ashigaru-bow", Side::A, "D5"),
        unit("sohei-warriors", Side::B, "D5"),
        unit("ashigaru-bow", Side::A, "M2"),
    ];
    let p = check(&s).problems;
    assert_eq!(p[0].code, Code::HexTaken);
    assert_eq!(p[0].part.as_deref(), Some("units.1.hex"));
    assert!(
        p[0].message.contains("D5, which Unit 1 (Ashigaru Bow, Side A) already holds"),
        "{}",
        p[0].message
    );
    assert_eq!(p[1].code, Code::HexOffBoard);
    assert!(
        p[1].message.contains(
            "is on M2, off the 13 by 9 board (rows 1 to 9; A to M on odd rows, A to L on even ones)"
        ),
        "{}",
        p[1].message
    );
}

#[test]
fn lone_leaders_stay_off_open_ocean_and_off_units() {
    let mut s = sea(Direction::E);
    s.set_land(hex("A9"), true);
    s.units = vec![unit("ashigaru-bow", Side::A, "C5")];
    s.leaders = vec![
        Leader { side: Side::A, hex: hex("A9"), kind: LeaderKind::Foot },
        Leader { side: Side::A, hex: hex("D5"), kind: LeaderKind::Foot },
        Leader { side: Side::A, hex: hex("C5"), kind: LeaderKind::Mounted },
    ];
    assert_eq!(
        codes(&s),
        [
            (Code::LeaderAtSea, Some("leaders.1.hex".into())),
            (Code::LeaderOnUnit, Some("leaders.2.hex".into()))
        ]
    );
}

#[test]
fn command_ships_are_at_sea_and_one_a_side() {
    let mut s = sea(Direction::E);
    s.set_land(hex("A9"), true);
    let ship = |at: &str, side| Unit { command_ship: true, ..unit("commander-bodyguard", side, at) };
    s.units = vec![ship("C5", Side::A), ship("E5", Side::A), ship("A9", Side::B), ship("G5", Side::B)];
    for u in &mut s.units {
        u.close = 3;
    }
    assert_eq!(
        codes(&s),
        [
            (Code::CommandShipTwice, Some("units.1.command_ship".into())),
            (Code::CommandShipOnLand, Some("units.2.command_ship".into())),
            (Code::CommandShipTwice, Some("units.3.command_ship".into())),
        ]
    );
}

/// Five grapples: one sound, then one of each fault (too far apart, one side's, both ashore, an
/// end with no unit).
fn grapples_of_each_fault() -> Scenario {
    let mut s = sea(Direction::E);
    s.set_land(hex("A9"), true);
    s.set_land(hex("B9"), true);
    s.units = vec![
        unit("ashigaru-bow", Side::A, "D5"),
        unit("sohei-warriors", Side::B, "E5"),
        unit("sohei-warriors", Side::A, "C5"),
        unit("sohei-warriors", Side::B, "H5"),
        unit("ashigaru-bow", Side::A, "A9"),
        unit("ashigaru-bow", Side::B, "B9"),
    ];
    s.grapples = vec![
        Grapple { a: hex("D5"), b: hex("E5") },
        Grapple { a: hex("D5"), b: hex("H5") },
        Grapple { a: hex("D5"), b: hex("C5") },
        Grapple { a: hex("A9"), b: hex("B9") },
        Grapple { a: hex("D5"), b: hex("J1") },
    ];
    s
}

#[test]
fn grapples_join_adjacent_enemies_one_at_sea() {
    let s = grapples_of_each_fault();
    let got: Vec<Code> = codes(&s).into_iter().map(|(c, _)| c).collect();
    assert_eq!(
        got,
        [Code::GrappleNotAdjacent, Code::GrappleSameSide, Code::GrappleNotNaval, Code::GrappleNoUnit]
    );
}

#[test]
fn figures_out_of_range_and_unknown_types_are_explained() {
    let mut s = sea(Direction::E);
    s.units = vec![
        Unit { close: 9, blocks: 0, ..unit("ashigaru-bow", Side::A, "A1") },
        unit("samurai-archers", Side::A, "B1"),
        unit("war-junk", Side::B, "C1"),
    ];
    s.terrain = vec!["~~~~~~~~~~~~~~L".into()];
    assert_eq!(
        codes(&s),
        [
            (Code::TerrainBeyondBoard, Some("terrain.0".into())),
            (Code::DiceOutOfRange, Some("units.0.close".into())),
            (Code::BlocksOutOfRange, Some("units.0.blocks".into())),
            (Code::UnknownUnitType, Some("units.2.type".into())),
        ]
    );
    // Samurai Archers: no source gives their dice, which is said beside its fields, not a problem.
    assert!(s.units[1].dice_unknown() && !s.units[0].dice_unknown() && !s.units[2].dice_unknown());
    assert!(check(&s).problems.iter().filter(|p| p.is_error()).count() == 2);
}

#[test]
fn the_text_export_lists_both_sides_and_the_verdict() {
    let s: Scenario = serde_json::from_str(GAME.example).expect("the example");
    let t = text_export(&s, &check(&s));
    assert!(t.starts_with("Dan-no-ura\nSamurai Battles naval scenario: 13 by 9 hexes (10 land), wind and tide toward the east\n"), "{t}");
    assert!(t.contains("\nMinamoto (holds the bottom edge)\n  B8 Ashigaru Bow (on the shore): close 2, ranged 2, 4 blocks\n"), "{t}");
    assert!(t.contains("  E7 Samurai Naginata (at sea): close 3, 4 blocks, foot leader\n"), "{t}");
    assert!(t.contains("  H8 Mounted Samurai (at sea): close 3, 4 blocks, mounted, Command Ship\n"), "{t}");
    assert!(t.contains("  A9 Mounted leader (alone)\n"), "{t}");
    assert!(t.contains("Grappled: E7-E6\n\nLegal.\n"), "{t}");
    assert_eq!(summary(&s, &check(&s)), "Dan-no-ura: 13x9 board, 4 and 3 units, wind toward the east, legal");
}

/// Each lone leader's and grapple's problem in words: who it is, where, and why, at its field.
#[test]
fn leader_and_grapple_problems_say_who_where_and_why() {
    let mut s = grapples_of_each_fault();
    s.leaders = vec![
        Leader { side: Side::A, hex: hex("M2"), kind: LeaderKind::Foot },
        Leader { side: Side::A, hex: hex("J5"), kind: LeaderKind::Foot },
        Leader { side: Side::B, hex: hex("C5"), kind: LeaderKind::Mounted },
        Leader { side: Side::B, hex: hex("C9"), kind: LeaderKind::Foot },
        Leader { side: Side::A, hex: hex("C9"), kind: LeaderKind::Foot },
    ];
    s.set_land(hex("C9"), true);
    let got: Vec<String> = check(&s)
        .problems
        .into_iter()
        .filter(|p| {
            p.part.as_deref().is_some_and(|a| a.starts_with("leaders.") || a.starts_with("grapples."))
        })
        .map(|p| format!("{}: {}", p.part.unwrap_or_default(), p.message))
        .collect();
    assert_eq!(
        got,
        [
            "leaders.0.hex: Lone leader 1 (Side A) is on M2, off the 13 by 9 board (rows 1 to 9; A to M on odd rows, A to L on even ones)",
            "leaders.1.hex: Lone leader 2 (Side A) is alone on the open ocean at J5: a leader at sea must be aboard a friendly unit's boat. Attach it to a unit or put it ashore",
            "leaders.2.hex: Lone leader 3 (Side B) shares C5 with Unit 3 (Sohei Warriors, Side A): a leader on a unit's hex is attached to it. Remove the lone leader and set the unit's leader instead",
            "leaders.4.hex: Lone leader 5 (Side A) is on C9, which another lone leader already holds",
            "grapples.1: Grapple 2 (D5 to H5): the two hexes are 4 apart; a grapple joins units in hexes side by side",
            "grapples.2: Grapple 3 (D5 to C5): both units are Side A's; a grapple joins enemies",
            "grapples.3: Grapple 4 (A9 to B9): both units are on land; a grapple needs at least one of them at sea",
            "grapples.4: Grapple 5 (D5 to J1): no unit holds J1. A grapple joins two units; remove it or move a unit there",
        ]
    );
}
