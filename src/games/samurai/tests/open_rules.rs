//! The naval rules the first version left open, now decided and pinned: wind and tide along more
//! than one axis, Infantry Onslaught's (and Cavalry Charge's) units checked, no grapple without a
//! close-combat die, and a shore unit grappling a boat beside it. Exact hexes on cases of our own,
//! and properties against a brute-force reading of the rules over random boards.

use super::*;
use crate::games::samurai::Code;
use crate::games::samurai::rules;
use proptest::prelude::*;

fn options(s: &Scenario, k: usize) -> UnitOptions {
    check(s).units.swap_remove(k)
}

fn names(v: &[Hex]) -> Vec<String> {
    sorted(v.to_vec()).iter().map(Hex::to_string).collect()
}

fn winds(dirs: &[Direction]) -> Winds {
    Winds::of(dirs)
}

fn codes(s: &Scenario) -> Vec<(Code, Option<String>)> {
    check(s).problems.into_iter().map(|p| (super::check::own(p.code), p.part)).collect()
}

fn cites(o: &UnitOptions, rule: &rules::NavalRule) -> bool {
    o.notes.iter().any(|n| n.rule == rule.id)
}

// ----- Wind and tide along more than one axis -----

#[test]
fn two_axes_of_wind_carry_a_boat_two_hexes_along_either() {
    // From E5 with the wind east: two hexes to G5, F4, F6, F3, F7 (see options.rs). With west as
    // well every side is with one of them: all twelve hexes two away.
    let mut s = sea(Direction::E);
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
    s.wind = winds(&[Direction::E, Direction::W]);
    assert_eq!(options(&s, 0).moves.len(), 6 + 12);
    // East and north-east: the sides with either are E, NE, SE and NW; two steps across them.
    s.wind = winds(&[Direction::E, Direction::Ne]);
    let o = options(&s, 0);
    let two: Vec<Hex> = o.moves.iter().copied().filter(|h| hex("E5").distance(*h) == 2).collect();
    assert_eq!(names(&two), ["D3", "E3", "F3", "F4", "F6", "F7", "G5"]);
    assert!(
        o.notes.iter().any(|n| n
            .text
            .contains("blowing east and north-east: its east, north-east, north-west, south-east sides")),
        "{:?}",
        o.notes
    );
    // The same set in the other order, or with a direction listed twice, is the same wind.
    let again: Scenario = serde_json::from_str(
        r#"{"wind": ["ne", "e", "east"], "units": [{"hex": "E5", "type": "ashigaru-spearmen"}]}"#,
    )
    .expect("a scenario");
    assert_eq!(again.wind, winds(&[Direction::E, Direction::Ne]));
    assert_eq!(serde_json::to_value(again.wind).expect("json"), serde_json::json!(["e", "ne"]));
}

#[test]
fn a_scenario_saved_with_one_direction_still_reads_and_none_is_flagged() {
    let old: Scenario = serde_json::from_str(r#"{"wind": "w"}"#).expect("an old scenario");
    assert_eq!(old.wind, winds(&[Direction::W]));
    let example: Scenario = serde_json::from_str(GAME.example).expect("the example");
    assert_eq!(example.wind, winds(&[Direction::E]));
    let default: Scenario = serde_json::from_str("{}").expect("an empty one");
    assert_eq!(default.wind, winds(&[Direction::E]), "east when none is given");
    for bad in [r#"{"wind": 7}"#, r#"{"wind": "north"}"#, r#"{"wind": ["e", "up"]}"#] {
        let e = serde_json::from_str::<Scenario>(bad).expect_err(bad).to_string();
        assert!(e.contains("six hex directions") || e.contains("e, ne, nw, w, sw, se"), "{bad}: {e}");
    }
    // None at all: a boat goes one hex at a time, and the check says so.
    let mut s: Scenario = serde_json::from_str(r#"{"wind": []}"#).expect("no wind");
    assert!(s.wind.is_empty());
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
    assert_eq!(options(&s, 0).moves.len(), 6);
    assert_eq!(codes(&s), [(Code::WindNotSet, Some("wind".into()))]);
    assert!(check(&s).legal, "a warning: the scenario stays legal");
    // A card that lifts the wind's limit still carries it two hexes.
    s.card = Card::MoveAsWind;
    assert_eq!(options(&s, 0).moves.len(), 18);
}

/// The hexes a boat may move to, straight from the rules: each free ocean hex beside it; each
/// free ocean hex two away through a free ocean hex, both steps across sides with the wind and
/// tide (with any of its directions).
fn brute_moves(s: &Scenario, from: Hex) -> Vec<Hex> {
    let b = s.board;
    let free_sea = |h: Hex| {
        b.contains(h)
            && !s.is_land(h)
            && s.units.iter().all(|u| u.hex != h)
            && s.leaders.iter().all(|l| l.hex != h)
    };
    let step_dir = |a: Hex, c: Hex| Direction::ALL.into_iter().find(|&d| b.step(a, d) == Some(c));
    let mut out = Vec::new();
    for n2 in b.hexes() {
        let d = from.distance(n2);
        if d == 1 && free_sea(n2) {
            out.push(n2);
        }
        if d == 2 && free_sea(n2) {
            let through = b.hexes().any(|n1| {
                from.distance(n1) == 1
                    && n1.distance(n2) == 1
                    && free_sea(n1)
                    && step_dir(from, n1).is_some_and(|x| s.wind.iter().any(|w| x.with(w)))
                    && step_dir(n1, n2).is_some_and(|x| s.wind.iter().any(|w| x.with(w)))
            });
            if through {
                out.push(n2);
            }
        }
    }
    sorted(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Under an ordinary order, every boat's sea moves are exactly the rules' own, for any set of
    /// wind directions, any coast and any crowd of other boats.
    #[test]
    fn sea_moves_under_any_set_of_winds_are_the_rules_own(
        wind in 0u8..64,
        land in prop::collection::vec(any::<bool>(), 117),
        others in prop::collection::vec((0u8..13, 0u8..9), 0..12),
        at in (0u8..12, 0u8..9),
    ) {
        let mut s = Scenario { wind: Winds::from_bits(wind), ..Scenario::default() };
        for (h, l) in s.board.hexes().collect::<Vec<_>>().into_iter().zip(&land) {
            // About one hex in four is land.
            s.set_land(h, *l && (h.col + h.row) % 4 == 0);
        }
        let from = Hex { col: at.0.min(s.board.row_width(at.1) - 1), row: at.1 };
        s.set_land(from, false);
        s.units.push(unit("ashigaru-spearmen", Side::A, &from.to_string()));
        for (c, r) in others {
            let h = Hex { col: c.min(s.board.row_width(r) - 1), row: r };
            if s.units.iter().all(|u| u.hex != h) {
                s.units.push(unit("ashigaru-bow", Side::B, &h.to_string()));
            }
        }
        let o = options(&s, 0);
        let at_sea: Vec<Hex> = o.moves.iter().copied().filter(|h| !o.landings.contains(h)).collect();
        prop_assert_eq!(sorted(at_sea), brute_moves(&s, from));
    }
}

// ----- The units a card orders -----

#[test]
fn infantry_onslaught_orders_up_to_four_naval_units_side_by_side() {
    let mut s = sea(Direction::E);
    s.card = Card::InfantryOnslaught;
    // A line of four boats, E5 to H5, each beside the next.
    for h in ["E5", "F5", "G5", "H5"] {
        s.units.push(Unit { ordered: true, ..unit("ashigaru-spearmen", Side::A, h) });
    }
    assert_eq!(codes(&s), []);
    // A chain that bends (F4 is beside F5 only) is still one group.
    s.units[3].hex = hex("F4");
    assert_eq!(codes(&s), []);
    // A fifth ordered boat: too many, flagged at the fifth.
    s.units.push(Unit { ordered: true, ..unit("ashigaru-bow", Side::A, "D5") });
    assert_eq!(codes(&s), [(Code::CardOrdersTooMany, Some("units.4.ordered".into()))]);
    // Four again, but one apart from the others: not one group.
    s.units.pop();
    s.units[3].hex = hex("J5");
    let problems = check(&s).problems;
    assert_eq!(problems.len(), 1);
    assert_eq!(
        (super::check::own(problems[0].code), problems[0].part.as_deref()),
        (Code::OnslaughtNotAdjacent, Some("units.3.ordered"))
    );
    assert!(
        problems[0].message.contains("Unit 4 (Ashigaru Spearmen, Side A) is apart from Unit 1"),
        "{}",
        problems[0].message
    );
    // Two groups of two.
    s.units[2].hex = hex("K5");
    let m = &check(&s).problems[0].message;
    assert!(
        m.contains("Unit 3 (Ashigaru Spearmen, Side A) and Unit 4 (Ashigaru Spearmen, Side A) are apart"),
        "{m}"
    );
    // One boat alone is a group of one: fine.
    for u in &mut s.units[1..] {
        u.ordered = false;
    }
    assert_eq!(codes(&s), []);
}

#[test]
fn a_card_orders_one_kind_of_unit_and_one_side() {
    let mut s = sea(Direction::E);
    s.set_land(hex("E6"), true);
    s.card = Card::InfantryOnslaught;
    s.units = vec![
        Unit { ordered: true, ..unit("ashigaru-spearmen", Side::A, "E5") },
        Unit { ordered: true, ..unit("ashigaru-bow", Side::A, "E6") },
    ];
    assert_eq!(codes(&s), [(Code::CardMixesLandAndSea, Some("units.1.ordered".into()))]);
    s.card = Card::CavalryCharge;
    assert_eq!(codes(&s), [(Code::CardMixesLandAndSea, Some("units.1.ordered".into()))]);
    // An ordinary order may order both kinds.
    s.card = Card::Order;
    assert_eq!(codes(&s), []);
    // But never both sides.
    s.units[1].side = Side::B;
    assert_eq!(codes(&s), [(Code::OrderedBothSides, Some("units.1.ordered".into()))]);
    // Cavalry Charge: at most four naval units too (not side by side: it does not ask).
    let mut s = sea(Direction::E);
    s.card = Card::CavalryCharge;
    for h in ["A1", "C1", "E1", "G1"] {
        s.units.push(Unit { ordered: true, ..unit("ashigaru-spearmen", Side::A, h) });
    }
    assert_eq!(codes(&s), []);
    s.units.push(Unit { ordered: true, ..unit("ashigaru-spearmen", Side::A, "J1") });
    assert_eq!(codes(&s), [(Code::CardOrdersTooMany, Some("units.4.ordered".into()))]);
}

#[test]
fn once_units_are_marked_as_ordered_the_others_stay_put() {
    let mut s = sea(Direction::E);
    s.card = Card::CavalryCharge;
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5"), unit("ashigaru-spearmen", Side::A, "I5")];
    // Nothing marked: each unit's options as if it were ordered.
    assert_eq!(options(&s, 1).moves.len(), 11);
    assert_eq!(options(&s, 1).dice.close, 3, "3, less one at sea, plus the charge's die");
    s.units[0].ordered = true;
    let o = options(&s, 1);
    assert!(o.moves.is_empty() && o.landings.is_empty());
    assert_eq!(o.dice.close, 2, "not ordered by the charge: no extra die");
    assert!(o.notes.iter().any(|n| n.text.contains("stays where it is")));
    let o = options(&s, 0);
    assert_eq!((o.moves.len(), o.dice.close), (11, 3));
}

// ----- Grappling needs a sword rolled -----

#[test]
fn a_unit_that_rolls_no_close_combat_dice_cannot_grapple_or_cut_loose() {
    let mut s = sea(Direction::E);
    // A boat with one close-combat die rolls none at sea.
    s.units = vec![
        Unit { close: 1, ..unit("ashigaru-spearmen", Side::A, "E5") },
        unit("sohei-warriors", Side::B, "F5"),
        unit("sohei-warriors", Side::B, "D5"),
    ];
    s.grapples = vec![Grapple { a: hex("E5"), b: hex("D5") }];
    let o = options(&s, 0);
    assert_eq!(o.dice.close, 0);
    assert!(o.grapple.is_empty() && o.sever.is_empty(), "{o:?}");
    assert!(o.notes.iter().any(|n| n.text.contains("cannot grapple the enemy boat at F5")));
    assert!(o.notes.iter().any(|n| n.text.contains("cannot cut the grapple with D5")));
    // Its enemies, with dice, may.
    assert_eq!(names(&options(&s, 1).grapple), ["E5"]);
    assert_eq!(names(&options(&s, 2).sever), ["E5"]);
    // Two dice: one at sea, enough.
    s.units[0].close = 2;
    let o = options(&s, 0);
    assert_eq!((names(&o.grapple), names(&o.sever)), (vec!["F5".to_owned()], vec!["D5".to_owned()]));
    // No dice of its own but a leader: only when the leader inspires it.
    s.units[0] = Unit { close: 1, leader: Some(LeaderKind::Foot), ..s.units[0].clone() };
    let o = options(&s, 0);
    assert_eq!(names(&o.grapple), ["F5"]);
    assert!(o.notes.iter().any(|n| n.text.contains("only when its leader inspires it")));
    // Cavalry Charge's extra die gives it one.
    s.units[0].leader = None;
    s.card = Card::CavalryCharge;
    assert_eq!(names(&options(&s, 0).grapple), ["F5"]);
    // A type no source gives dice for, left at none: no grapple (Irregular Peasant Infantry may
    // spend a sword on one, but only a sword it rolls).
    s.card = Card::Order;
    s.units[0] = unit("irregular-peasant-infantry", Side::A, "E5");
    let o = options(&s, 0);
    assert!(o.grapple.is_empty());
    s.units[0].close = 2;
    assert_eq!(names(&options(&s, 0).grapple), ["F5"]);
}

// ----- A shore unit and a boat beside it -----

#[test]
fn a_land_unit_on_the_shore_may_grapple_an_enemy_boat_beside_it() {
    let mut s = sea(Direction::E);
    for h in ["A5", "B5", "C5", "A6", "B6"] {
        s.set_land(hex(h), true);
    }
    // C5 is a shore hex (D5 beside it is ocean); enemy boats at D5 and C4; a friendly boat at D4
    // and an enemy on land at B5.
    s.units = vec![
        unit("samurai-naginata", Side::A, "C5"),
        unit("sohei-warriors", Side::B, "D5"),
        unit("sohei-warriors", Side::B, "C4"),
        unit("ashigaru-bow", Side::A, "D6"),
        unit("ashigaru-bow", Side::B, "B5"),
    ];
    let o = options(&s, 0);
    assert!(!o.naval && o.shore);
    assert_eq!(o.dice.close_vs_naval, Some(3), "4 dice, one less against a boat");
    assert_eq!(
        names(&o.grapple),
        ["C4", "D5"],
        "the enemy boats beside it, not the friend nor the enemy ashore"
    );
    assert!(cites(&o, rules::GRAPPLE));
    // The boat's view: the boat beside it (D6) yes, the shore unit no: a grapple's target is a
    // boat.
    assert_eq!(names(&options(&s, 1).grapple), ["D6"], "a land unit is never a grapple's target");
    // Marked, the grapple holds (one of the two is at sea) and both stay put.
    s.grapples = vec![Grapple { a: hex("C5"), b: hex("D5") }];
    assert_eq!(codes(&s), []);
    let o = options(&s, 0);
    assert!(o.moves.is_empty());
    assert_eq!(names(&o.sever), ["D5"]);
    assert_eq!(names(&o.grapple), ["C4"]);
    // With one close-combat die it rolls none against a boat: no grapple from the shore.
    s.grapples.clear();
    s.units[0].close = 1;
    let o = options(&s, 0);
    assert_eq!(o.dice.close_vs_naval, Some(0));
    assert!(o.grapple.is_empty());
    // A unit inland (no ocean beside it) is not on the shore and grapples nothing.
    s.units[0] = unit("samurai-naginata", Side::A, "A6");
    s.set_land(hex("B7"), true);
    s.set_land(hex("A7"), true);
    let o = options(&s, 0);
    assert!(!o.shore && o.grapple.is_empty());
}

/// The enemy boats a unit may grapple, straight from the rules: a unit at sea, or on a shore hex
/// (land with ocean beside it), may grapple each enemy unit on an ocean hex beside it, if it
/// rolls a close-combat die against a boat (one less than its own, at sea or from the shore).
/// Under an ordinary order, with no leaders.
fn brute_grapples(s: &Scenario, k: usize) -> Vec<Hex> {
    let b = s.board;
    let u = &s.units[k];
    let beside: Vec<Hex> = b.hexes().filter(|n| n.distance(u.hex) == 1).collect();
    let shore = s.is_land(u.hex) && beside.iter().any(|&n| !s.is_land(n));
    if (s.is_land(u.hex) && !shore) || u.close <= 1 {
        return Vec::new();
    }
    sorted(
        beside
            .into_iter()
            .filter(|&n| !s.is_land(n) && s.units.iter().any(|e| e.hex == n && e.side != u.side))
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every unit's grapple targets are exactly the rules' own, on any coast, with any crowd of
    /// units of both sides at sea and ashore and any number of close-combat dice.
    #[test]
    fn grapple_targets_anywhere_are_the_rules_own(
        land in prop::collection::vec(any::<bool>(), 117),
        units in prop::collection::vec((0u8..13, 0u8..9, any::<bool>(), 0u8..4), 1..16),
    ) {
        let mut s = Scenario::default();
        for (h, l) in s.board.hexes().collect::<Vec<_>>().into_iter().zip(&land) {
            // About one hex in three is land, in patches, so there are many shores.
            s.set_land(h, *l && (h.col / 2 + h.row) % 3 == 0);
        }
        for (c, r, side_b, close) in units {
            let h = Hex { col: c.min(s.board.row_width(r) - 1), row: r };
            if s.units.iter().all(|u| u.hex != h) {
                let side = if side_b { Side::B } else { Side::A };
                s.units.push(Unit { close, ..unit("ashigaru-spearmen", side, &h.to_string()) });
            }
        }
        let j = check(&s);
        for (k, o) in j.units.iter().enumerate() {
            prop_assert_eq!(sorted(o.grapple.clone()), brute_grapples(&s, k), "unit {} at {}", k, s.units[k].hex);
        }
    }
}

/// Whether the hexes `hs` are one group side by side: every hex reached from the first through
/// hexes of `hs` each beside the last (a flood fill).
fn side_by_side(hs: &[Hex]) -> bool {
    let Some(&first) = hs.first() else { return true };
    let mut reached = vec![first];
    while let Some(next) =
        hs.iter().find(|h| !reached.contains(h) && reached.iter().any(|r| r.distance(**h) == 1))
    {
        reached.push(*next);
    }
    reached.len() == hs.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Infantry Onslaught: the boats marked as ordered are refused exactly when more than four,
    /// or not all one group side by side; any other boats of either side do not matter.
    #[test]
    fn infantry_onslaught_is_refused_exactly_when_the_rules_say(
        units in prop::collection::vec((0u8..6, 0u8..5, any::<bool>(), any::<bool>()), 1..10),
    ) {
        let mut s = Scenario { card: Card::InfantryOnslaught, ..sea(Direction::E) };
        for (c, r, ordered, side_b) in units {
            let h = Hex { col: c, row: r };
            if s.units.iter().all(|u| u.hex != h) {
                // Only side A's units are ordered, so the card is never played by both sides.
                let side = if side_b && !ordered { Side::B } else { Side::A };
                s.units.push(Unit { ordered, ..unit("ashigaru-spearmen", side, &h.to_string()) });
            }
        }
        let ordered: Vec<Hex> = s.units.iter().filter(|u| u.ordered).map(|u| u.hex).collect();
        let mut want = Vec::new();
        if ordered.len() > 4 {
            want.push(Code::CardOrdersTooMany);
        }
        if !side_by_side(&ordered) {
            want.push(Code::OnslaughtNotAdjacent);
        }
        let got: Vec<Code> = check(&s).problems.into_iter().map(|p| super::check::own(p.code)).collect();
        prop_assert_eq!(got, want, "ordered at {:?}", ordered);
    }
}
