//! The forum text and the one-line summary.

use super::*;

#[test]
fn the_forum_text_lists_ships_escorts_ordnance_and_legality() {
    let mut f = fleet(
        "imperial-navy",
        &[
            ("emperor-battleship", &["sharks"]),
            ("dictator-cruiser", &[]),
            ("lunar-cruiser", &[]),
            ("lunar-cruiser", &["power-ram"]),
        ],
        &[("sword-frigate", 3), ("cobra-destroyer", 2)],
    );
    f.name = "Gothic Patrol".into();
    f.ships[1].name = "Lord Daros".into();
    f.ships[0].leaders.push(Aboard { id: "admiral".into(), rerolls: 1 });
    f.ships[2].group = "Hammer".into();
    f.ships[3].group = "Hammer".into();

    let text = text_export(&f);

    assert_eq!(
        text,
        "\
Gothic Patrol - Imperial Navy (Gothic Sector), 1245 / 1500 pts

Ships
  Emperor battleship + Shark assault boats, Admiral (Ld 9, 1 + 1 re-rolls): 495 pts
  Lord Daros (Dictator cruiser): 220 pts
  Lunar cruiser 1 [squadron Hammer]: 180 pts
  Lunar cruiser 2 + Power ram [squadron Hammer]: 185 pts

Escorts
  3 x Sword frigates: 105 pts
  2 x Cobra destroyers: 60 pts

Ordnance
  Launch bays: 12 in 2 carriers; fleet limit 12 attack craft in play
  Emperor battleship: 8 bays (Fury interceptor 30 cm, Starhawk bomber 20 cm, Shark assault boat 30 cm)
  Lord Daros (Dictator cruiser): 4 bays (Fury interceptor 30 cm, Starhawk bomber 20 cm); 6@30
  Lunar cruiser 1: 6@30
  Lunar cruiser 2: 6@30
  2 x Cobra destroyers: 2@30

Legal.

Checked by Drydock (Battlefleet Gothic, engine v2)
"
    );
}

#[test]
fn the_forum_text_says_what_is_wrong_and_what_counts_twice() {
    let mut f = fleet("tyranids", &[("hive-ship", &["thorax-bays", "prow-tentacles-claws"])], &[]);
    f.squadrons.push(Squadron { options: vec!["pyro-acid".into()], ..Squadron::new("kraken", 1) });
    f.points_limit = 200;

    let text = text_export(&f);

    assert!(text.starts_with("Tyranids (Hive Fleet), 275 / 200 pts\n"), "{text}");
    assert!(text.contains("  Launch bays: 2 in 1 carrier; fleet limit 4 attack craft in play, bays that never run out counted twice\n"), "{text}");
    assert!(text.contains("  1 x Kraken + Pyro-acid battery: 40 pts\n"), "{text}");
    assert!(
        text.contains(
            "\nNOT LEGAL (3 problems):\n  - The fleet costs 275 pts, 75 over its limit of 200 pts: drop a ship or raise the limit\n"
        ),
        "{text}"
    );
    assert!(text.contains("  - At least 6 Kraken or Vanguard drone ships per 1 Hive Ship"), "{text}");
    assert!(text.contains("Notes:\n  - UNVERIFIED: the Hive Ship profile"), "{text}");
}

#[test]
fn an_unknown_faction_is_named_as_sent() {
    let text = text_export(&fleet("squats", &[], &[]));
    assert!(text.starts_with("Unknown faction \"squats\", 0 / 1500 pts\n"), "{text}");
}

#[test]
fn the_summary_is_one_line() {
    let c = check(&serde_json::from_str(GAME.example).expect("a fleet"));
    assert_eq!(
        summary(&c),
        "Imperial Navy (Gothic Sector), 505 of 1500 pts, 5 ships, fleet limit 4 attack craft"
    );
    assert_eq!(summary(&check(&Fleet::new("necrons"))), "Necrons (Harvest Fleet), 0 of 1500 pts, 0 ships");
}
