//! What each kind of rule counted, in words, and the tracker's names of the ships: five fleets
//! that between them reach every kind of check a list has, each figure and message held to the
//! text recorded in `figures.txt` (made by `format!` before figures were put together piece by
//! piece, and equal to it over 1,500 random fleets, sixty of every list, when that changed).

use super::*;

/// The five fleets: Tau with a named Hero, hooks short and escorts in reserve; Black Crusade
/// with a squadron mixing a cruiser and raiders, and unnamed cruisers numbered; Armageddon
/// with a battleship in reserve, a lone frigate and a full squadron; Bakka without escorts; a
/// Hive Ship with more drones than it needs.
fn fleets() -> Vec<Fleet> {
    let mut tau = plain(
        "tau-commerce",
        &["custodian-or-es-el-leath", "hero-lar-shi", "hero-lar-shi"],
        &[("warden-gunship", 2), ("orca-gunship", 3), ("castellan-escort", 4)],
    );
    tau.ships[1].name = "Swift".into();
    tau.squadrons[2].reserve = true;
    let mut chaos = plain(
        "ch-black-crusade",
        &["despoiler-battleship", "murder-cruiser", "murder-cruiser", "carnage-cruiser"],
        &[("idolator-raider", 2), ("infidel-raider", 3)],
    );
    chaos.ships[3].group = "Red".into();
    chaos.squadrons[0].group = "Red".into();
    chaos.squadrons[1].reserve = true;
    let mut navy = plain(
        "in-armageddon",
        &["emperor-battleship", "lunar-cruiser", "lunar-cruiser", "mars-battlecruiser"],
        &[("sword-frigate", 1), ("cobra-destroyer", 6)],
    );
    navy.ships[0].reserve = true;
    let bakka =
        plain("in-bakka", &["retribution-battleship", "dominator-cruiser", "dauntless-light-cruiser"], &[]);
    let hive = plain("ty-hive", &["hive-ship"], &[("escort-drone", 5), ("kraken", 4)]);
    vec![tau, chaos, navy, bakka, hive]
}

/// A fleet of `list` whose ships take no options.
fn plain(list: &str, ships: &[&str], squadrons: &[(&str, u32)]) -> Fleet {
    let ships: Vec<(&str, &[&str])> = ships.iter().map(|&class| (class, &[][..])).collect();
    fleet_in(list, &ships, squadrons)
}

#[test]
fn each_kind_of_rule_says_what_it_counted_as_recorded() {
    let mut text = String::new();
    for f in fleets() {
        let c = check(&f);
        text.push_str(&format!("== {} {} pts\n", f.list, c.points));
        text.push_str(&format!("names {:?}\n", labels(&f)));
        for r in &c.rules {
            text.push_str(&format!("{} {:?}\n", r.id, r.figures));
        }
        for (rule, message) in rule_problems(&c) {
            text.push_str(&format!("! {rule}: {message}\n"));
        }
    }
    if let Ok(path) = std::env::var("DRYDOCK_RECORD_FIGURES") {
        std::fs::write(path, &text).expect("the figures written");
    }
    let recorded = include_str!("figures.txt");
    for (i, (got, want)) in text.lines().zip(recorded.lines()).enumerate() {
        assert_eq!(got, want, "line {} of figures.txt", i + 1);
    }
    assert_eq!(text.lines().count(), recorded.lines().count(), "as many lines as figures.txt");
}
