//! The forum text and the one-line summary.

use super::*;

#[test]
fn the_forum_text_lists_ships_escorts_ordnance_and_legality() {
    let mut f = fleet(
        "imperial-navy",
        &[("emperor-battleship", &["sharks"]), ("dictator-cruiser", &[])],
        &[("sword-frigate", 3), ("cobra-destroyer", 2)],
    );
    f.name = "Gothic Patrol".into();
    f.ships[1].name = "Lord Daros".into();

    let text = text_export(&f);

    assert_eq!(
        text,
        "\
Gothic Patrol - Imperial Navy, 755 / 1500 pts

Ships
  Emperor battleship + Shark assault boats: 370 pts
  Lord Daros (Dictator cruiser): 220 pts

Escorts
  3 x Sword frigates: 105 pts
  2 x Cobra destroyers: 60 pts

Ordnance
  Launch bays: 12 in 2 carriers; fleet limit 12 attack craft in play
  Emperor battleship: 8 bays (Fury interceptor 30 cm, Starhawk bomber 20 cm, Shark assault boat 30 cm)
  Lord Daros (Dictator cruiser): 4 bays (Fury interceptor 30 cm, Starhawk bomber 20 cm); 6@30
  2 x Cobra destroyers: 2@30

Legal.

Checked by Drydock (Battlefleet Gothic, engine v1)
"
    );
}

#[test]
fn the_forum_text_says_what_is_wrong_and_what_counts_twice() {
    let mut f = fleet("tyranids", &[("hive-ship", &["thorax-bays"])], &[("kraken", 1)]);
    f.points_limit = 200;

    let text = text_export(&f);

    assert!(text.starts_with("Tyranids, 225 / 200 pts\n"), "{text}");
    assert!(text.contains("  Launch bays: 2 in 1 carrier; fleet limit 4 attack craft in play, bays that never run out counted twice\n"), "{text}");
    assert!(text.contains("  1 x Kraken: 25 pts\n"), "{text}");
    assert!(
        text.contains(
            "\nNOT LEGAL (1 problem):\n  - The fleet costs 225 pts, 25 over its limit of 200 pts\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Notes:\n  - Our data gives no price for the Hive Ship's Thorax launch bays"),
        "{text}"
    );
}

#[test]
fn an_unknown_faction_is_named_as_sent() {
    let text = text_export(&fleet("squats", &[], &[]));
    assert!(text.starts_with("Unknown faction \"squats\", 0 / 1500 pts\n"), "{text}");
}

#[test]
fn the_summary_is_one_line() {
    let c = check(&serde_json::from_str(GAME.example).expect("a fleet"));
    assert_eq!(summary(&c), "Imperial Navy, 505 of 1500 pts, 5 ships, fleet limit 4 attack craft");
    assert_eq!(summary(&check(&Fleet::new("necrons"))), "Necrons, 0 of 1500 pts, 0 ships");
}
