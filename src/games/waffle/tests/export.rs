//! The forum-post text and the one-line summary.

use super::*;

#[test]
fn the_example_roster_exports_as_a_forum_post() {
    let r: Roster = serde_json::from_str(GAME.example).unwrap();

    let text = text_export(&r);
    let expected = "\
Iron Column, 145 of 500 pts

Bulwark (Tank, Transport): 40 pts
  Armour 11/11/10 (front/side/rear), BS 4, fire points 2, carries 10
  - Storm gun 24\" S4 AP5 Assault 2
  Rules: No reaction to shooting; No reaction to charges; Tank shock; What a tank shock may drive through; Being tank shocked; Crushed; Fire points; Templates from a fire point; Speed and passengers' shooting

Strider (Walker): 105 pts
  Armour 12/12/10 (front/side/rear), BS 4
  - Melta lance 12\" S8 AP1 Assault 1, Melta
  Rules: Running; Moving and firing; Weapon arcs; Reactions; In the assault; Hits against it in combat; Sweeping, piling in, consolidating; D3 hits on the run

Total: 145 of 500 pts

Legal.

Checked by Drydock (Waffle Edition 40K vehicles, engine v1)
";
    assert_eq!(text, expected);
}

#[test]
fn an_illegal_roster_lists_its_errors_and_notes() {
    let mut tank = vehicle("", &["walker", "tank"]);
    tank.weapons = vec![Weapon::default()];
    let mut r = roster(vec![tank, vehicle("Box", &["transport", "transport"])]);
    r.points_limit = Some(60);

    let text = text_export(&r);
    assert!(text.starts_with("Waffle 40K roster, 100 of 60 pts\n"), "{text}");
    assert!(text.contains("\nVehicle 1 (Tank, Walker): 50 pts\n"), "{text}");
    assert!(text.contains("  - Weapon S– AP–\n"), "{text}");
    assert!(text.contains("NOT LEGAL (2 problems):\n  - The roster costs 100 pts"), "{text}");
    assert!(text.contains("  - Vehicle 1 is both a Tank and a Walker"), "{text}");
    assert!(text.contains("Notes:\n  - Box lists Transport twice"), "{text}");
}

#[test]
fn a_plain_vehicle_is_listed_as_a_vehicle() {
    let text = text_export(&roster(vec![vehicle("Crate", &[])]));

    assert!(text.contains("Crate (Vehicle): 50 pts"), "{text}");
    assert!(text.contains("Total: 50 pts\n"), "{text}");
}

#[test]
fn a_name_cannot_forge_lines_in_the_export() {
    let r: Roster =
        serde_json::from_str(r#"{"name": "A\nLegal.", "vehicles": [{"name": "B\r\nTotal: 0 pts"}]}"#)
            .unwrap();

    let text = text_export(&r);
    assert_eq!(text.lines().filter(|l| l.starts_with("Total:")).count(), 1, "{text}");
    assert_eq!(text.lines().filter(|l| *l == "Legal.").count(), 1, "{text}");
}

#[test]
fn the_summary_is_one_line_with_count_points_and_legality() {
    let r: Roster = serde_json::from_str(GAME.example).unwrap();
    assert_eq!(summary(&r), "Iron Column: 2 vehicles, 145 of 500 pts, legal");

    let one = roster(vec![vehicle("A", &["walker", "tank"])]);
    assert_eq!(summary(&one), "Waffle 40K roster: 1 vehicle, 50 pts, not legal");
    assert_eq!(summary(&Roster::default()), "Waffle 40K roster: 0 vehicles, 0 pts, legal");
}
