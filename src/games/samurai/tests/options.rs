//! What each unit may do: movement with the wind from each direction and under each card,
//! landings, grapples, leaders and dice, with exact hexes.

use super::*;
use crate::games::samurai::rules;

/// The options of unit `k`.
fn options(s: &Scenario, k: usize) -> UnitOptions {
    check(s).units.swap_remove(k)
}

fn cites(o: &UnitOptions, rule: &rules::NavalRule) -> bool {
    o.notes.iter().any(|n| n.rule == rule.id)
}

/// From E5 (a full row), with the wind blowing each way: the six neighbours, and the five hexes
/// two steps away along the three sides with the wind.
#[test]
fn with_the_wind_from_each_direction_a_boat_moves_two_hexes_downwind() {
    let ring: &[&str] = &["F5", "E4", "D4", "D5", "D6", "E6"];
    let two: [(Direction, &[&str]); 6] = [
        (Direction::E, &["G5", "F4", "F6", "F3", "F7"]),
        (Direction::Ne, &["F4", "F3", "E3", "G5", "D3"]),
        (Direction::Nw, &["D3", "C5", "F3", "C4", "E3"]),
        (Direction::W, &["C5", "C4", "C6", "D3", "D7"]),
        (Direction::Sw, &["D7", "F7", "C5", "E7", "C6"]),
        (Direction::Se, &["F6", "F7", "E7", "G5", "D7"]),
    ];
    for (wind, far) in two {
        let mut s = sea(wind);
        s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
        let o = options(&s, 0);
        let mut want: Vec<&str> = ring.to_vec();
        want.extend_from_slice(far);
        let want = hexes(&want);
        let got = sorted(o.moves.clone());
        let at = |v: &[Hex]| v.iter().map(Hex::to_string).collect::<Vec<_>>();
        assert_eq!(at(&got), at(&want), "wind toward the {}", wind.name());
        assert!(o.naval && o.landings.is_empty());
        assert!(cites(&o, rules::WIND_AND_TIDE));
    }
}

fn names(v: &[Hex]) -> Vec<String> {
    sorted(v.to_vec()).iter().map(Hex::to_string).collect()
}

#[test]
fn a_boat_moves_neither_through_nor_onto_units_or_land() {
    let mut s = sea(Direction::E);
    // F5 (east) holds a friend and E4 (north-east) is land: the two-hex moves through them
    // (G5, F4, F3) are gone; through E6 (south-east) F6 and F7 remain.
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5"), unit("ashigaru-bow", Side::A, "F5")];
    s.set_land(hex("E4"), true);
    let o = options(&s, 0);
    let at_sea: Vec<Hex> = o.moves.iter().copied().filter(|h| !o.landings.contains(h)).collect();
    assert_eq!(names(&at_sea), names(&hexes(&["D4", "D5", "D6", "E6", "F6", "F7"])));
    assert_eq!(names(&o.landings), ["E4"], "the land beside it is a landing, not a sea move");
    assert!(o.moves.contains(&hex("E4")));
}

#[test]
fn cards_change_how_far_a_boat_goes() {
    let mut s = sea(Direction::E);
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
    let count = |s: &Scenario| options(s, 0).moves.len();
    assert_eq!(count(&s), 6 + 5, "an ordinary order: two hexes with the wind");
    s.card = Card::SerpentCommand;
    assert_eq!(count(&s), 6, "Serpent Command: one hex");
    assert!(cites(&options(&s, 0), rules::SERPENT_COMMAND));
    s.card = Card::InfantryOnslaught;
    assert_eq!(count(&s), 6 + 12, "Infantry Onslaught: two hexes any way, against the wind too");
    assert!(options(&s, 0).moves.contains(&hex("C5")), "two hexes upwind");
    s.card = Card::MoveAsWind;
    assert_eq!(count(&s), 18);
    assert!(
        cites(&options(&s, 0), rules::DRAGON_MOVES) && cites(&options(&s, 0), rules::CARDS_OVERRIDE_WIND)
    );
    s.card = Card::CavalryCharge;
    let o = options(&s, 0);
    assert_eq!(o.moves.len(), 11, "Cavalry Charge: movement unchanged");
    assert_eq!(o.dice.close, 3, "3 dice, less one at sea, plus one for the charge");
    assert!(cites(&o, rules::CAVALRY_CHARGE));
}

#[test]
fn grappled_units_do_not_move_but_may_cut_loose() {
    let mut s = sea(Direction::E);
    s.units = vec![
        unit("ashigaru-spearmen", Side::A, "E5"),
        unit("sohei-warriors", Side::B, "F5"),
        unit("sohei-warriors", Side::B, "E4"),
    ];
    s.grapples = vec![Grapple { a: hex("E5"), b: hex("F5") }];
    s.card = Card::InfantryOnslaught;
    let o = options(&s, 0);
    assert!(o.moves.is_empty() && o.landings.is_empty());
    assert_eq!(names(&o.grappled_with), ["F5"]);
    assert_eq!(names(&o.sever), ["F5"]);
    assert_eq!(names(&o.grapple), ["E4"], "it may still grapple the other enemy boat beside it");
    assert!(cites(&o, rules::GRAPPLED) && cites(&o, rules::SEVER) && cites(&o, rules::GRAPPLE));
    let other = options(&s, 1);
    assert!(other.moves.is_empty() && other.sever == [hex("E5")]);
    // Cut loose, both move again.
    s.grapples.clear();
    assert!(!options(&s, 0).moves.is_empty());
}

#[test]
fn units_embark_and_disembark_one_hex_beside_the_shore() {
    let mut s = sea(Direction::E);
    for h in ["A9", "B9", "C9", "A8", "B8"] {
        s.set_land(hex(h), true);
    }
    s.units = vec![unit("mounted-samurai", Side::A, "B9"), unit("ashigaru-bow", Side::A, "C8")];
    s.card = Card::MoveAsWind;
    let ashore = options(&s, 0);
    // B9 touches only land (A8, B8, A9, C9): not a shore hex, no embarking.
    assert!(!ashore.naval && !ashore.shore);
    assert!(ashore.landings.is_empty(), "{:?}", ashore.landings);
    let boat = options(&s, 1);
    assert!(boat.naval);
    assert_eq!(names(&boat.landings), ["B8", "C9"], "one hex onto free land; no card lengthens it");
    assert!(cites(&boat, rules::EMBARK_DISEMBARK) && cites(&boat, rules::LYING_FLAT));
    // The mounted unit at C9's shore: free ocean beside it lets it embark.
    s.units[0].hex = hex("C9");
    let o = options(&s, 0);
    assert_eq!(names(&o.landings), ["D9"]);
    assert!(o.ignores.is_some_and(|i| i.cavalry), "cavalry resistance ashore");
    assert_eq!(o.dice.close_vs_naval, Some(3), "on the shore: one die less against a boat");
}

#[test]
fn dice_and_resistance_follow_the_naval_rules() {
    let mut s = sea(Direction::E);
    s.set_land(hex("A9"), true);
    s.units = vec![
        Unit { leader: Some(LeaderKind::Mounted), ..unit("mounted-samurai-archers", Side::A, "E5") },
        Unit { flat: true, ..unit("samurai-naginata", Side::B, "G5") },
        unit("ashigaru-bow", Side::A, "A9"),
    ];
    let archers = options(&s, 0);
    assert_eq!((archers.dice.close, archers.dice.ranged, archers.dice.inspired), (2, 2, Some(3)));
    let i = archers.ignores.expect("a square unit");
    assert_eq!((i.circle, i.triangle, i.square, i.cavalry), (2, 1, 0, false), "dismounted at sea");
    assert!(
        cites(&archers, rules::DISMOUNTED)
            && cites(&archers, rules::NAVAL_DICE)
            && cites(&archers, rules::FLAGS_AT_SEA)
    );
    assert!(cites(&archers, rules::SEA_LEADERS));
    let flat = options(&s, 1);
    let i = flat.ignores.expect("a square unit");
    assert_eq!((i.circle, i.triangle), (0, 0), "lying flat: no resistance");
    let ashore = options(&s, 2);
    assert_eq!((ashore.dice.close, ashore.dice.ranged, ashore.dice.close_vs_naval), (2, 2, Some(1)));
    assert!(cites(&ashore, rules::SHORE_DICE));
}

#[test]
fn a_leader_crosses_deck_to_deck_and_retreats_only_through_friendly_boats() {
    let mut s = sea(Direction::E);
    s.units = vec![
        Unit { leader: Some(LeaderKind::Foot), ..unit("samurai-naginata", Side::A, "E5") },
        unit("ashigaru-bow", Side::A, "F5"),
        unit("ashigaru-bow", Side::A, "G5"),
        unit("sohei-warriors", Side::B, "D4"),
    ];
    let o = options(&s, 0);
    assert_eq!(names(&o.leader_moves), ["F5", "G5"], "one or two hexes, each with a friendly boat");
    let r = o.leader_retreat.clone().expect("a leader at sea");
    assert!(r.seppuku && r.hexes.is_empty(), "Side A retreats south: only open ocean behind");
    assert!(cites(&o, rules::LEADER_RETREAT_AT_SEA) && cites(&o, rules::LEADER_DECK_TO_DECK));
    // A friendly boat behind (south-west of E5 is D6, then C7) gives a way back.
    s.units.push(unit("ashigaru-bow", Side::A, "D6"));
    s.units.push(unit("ashigaru-bow", Side::A, "D7"));
    let r = options(&s, 0).leader_retreat.expect("a leader at sea");
    assert!(!r.seppuku);
    assert_eq!(names(&r.hexes), ["D6", "D7"]);
    // Grappled, the leader may still cross.
    s.grapples = vec![Grapple { a: hex("E5"), b: hex("D4") }];
    assert_eq!(names(&options(&s, 0).leader_moves), ["D6", "D7", "F5", "G5"]);
}

#[test]
fn a_lone_leader_on_the_shore_with_open_ocean_behind_must_commit_seppuku() {
    let mut s = sea(Direction::E);
    s.set_land(hex("E5"), true);
    s.leaders = vec![Leader { side: Side::A, hex: hex("E5"), kind: LeaderKind::Foot }];
    let j = check(&s);
    assert!(j.leaders[0].retreat.seppuku);
    assert!(j.leaders[0].notes.iter().any(|n| n.rule == rules::LEADER_RETREAT_AT_SEA.id));
    // Land behind it: an ordinary retreat.
    s.set_land(hex("D6"), true);
    let j = check(&s);
    assert!(!j.leaders[0].retreat.seppuku);
    assert_eq!(names(&j.leaders[0].retreat.hexes), ["D6"]);
}

#[test]
fn every_note_cites_a_rule_we_wrote() {
    let s: Scenario = serde_json::from_str(GAME.example).expect("the example");
    let j = check(&s);
    for o in &j.units {
        assert!(!o.notes.is_empty());
        for n in &o.notes {
            assert!(rules::rule(n.rule).is_some(), "{}", n.rule);
        }
    }
}

proptest::proptest! {
    /// A unit as it stands (what a page that does not show its options needs of it) is its
    /// options without its moves, combat, leader's moves and notes: the same place, dice, rank
    /// and grapples. The units shown, the problems and the lone leaders are judged in full.
    #[test]
    fn a_unit_as_it_stands_is_its_options_without_moves_combat_or_notes(
        s in super::threat::any_scenario(),
        shown in proptest::prelude::any::<u64>(),
    ) {
        let is_shown = |k: usize| shown >> (k % 64) & 1 == 1;
        let (whole, some) = (check(&s), check_showing(&s, is_shown));
        proptest::prop_assert_eq!(&some.problems, &whole.problems);
        proptest::prop_assert_eq!(&some.leaders, &whole.leaders);
        proptest::prop_assert_eq!(some.legal, whole.legal);
        proptest::prop_assert_eq!(some.units.len(), whole.units.len());
        for (k, (got, full)) in some.units.iter().zip(&whole.units).enumerate() {
            let want = if is_shown(k) {
                full.clone()
            } else {
                UnitOptions {
                    moves: Vec::new(),
                    landings: Vec::new(),
                    grapple: Vec::new(),
                    sever: full.grappled_with.clone(),
                    leader_moves: Vec::new(),
                    leader_retreat: None,
                    notes: Vec::new(),
                    ..full.clone()
                }
            };
            proptest::prop_assert_eq!(got, &want, "unit {}", k);
        }
    }
}
