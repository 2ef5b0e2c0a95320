//! A side's threat map: on hand-made positions (the wind, a landing, a grapple, a card, the other
//! side's units), and over random scenarios the union of its units' own reaches, exactly.

use super::*;
use proptest::prelude::*;

/// The hexes side `side` threatens, by name, with the units reaching each.
fn threatened(s: &Scenario, side: Side) -> Vec<(String, Vec<(usize, Reach)>)> {
    threat(&check(s), side).hexes.into_iter().map(|t| (t.hex.to_string(), t.units)).collect()
}

fn reach_of(s: &Scenario, side: Side, at: &str) -> Vec<(usize, Reach)> {
    threat(&check(s), side).at(hex(at)).map(|t| t.units.clone()).unwrap_or_default()
}

#[test]
fn a_boat_with_the_wind_behind_it_threatens_two_hexes_downwind_and_one_upwind() {
    let mut s = sea(Direction::E);
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
    // Downwind (east) two hexes; upwind (west) one.
    assert_eq!(reach_of(&s, Side::A, "G5"), [(0, Reach::Sail(2))]);
    assert_eq!(reach_of(&s, Side::A, "D5"), [(0, Reach::Sail(1))]);
    assert_eq!(reach_of(&s, Side::A, "C5"), []);
    assert_eq!(threatened(&s, Side::A).len(), 6 + 5);
    // The wind turned: the far hexes go the other way.
    s.wind = Winds::of(&[Direction::W]);
    assert_eq!(reach_of(&s, Side::A, "G5"), []);
    assert_eq!(reach_of(&s, Side::A, "C5"), [(0, Reach::Sail(2))]);
    // No wind noted: one hex any way.
    s.wind = Winds::from_bits(0);
    assert_eq!(threatened(&s, Side::A).len(), 6);
}

#[test]
fn a_landing_hex_counts_and_says_which_way() {
    let mut s = sea(Direction::E);
    s.set_land(hex("E4"), true);
    s.set_land(hex("B2"), true);
    // A boat beside E4 (land), and a land unit on B2 beside the ocean.
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5"), unit("ashigaru-bow", Side::A, "B2")];
    assert_eq!(reach_of(&s, Side::A, "E4"), [(0, Reach::Disembark)]);
    assert_eq!(reach_of(&s, Side::A, "A2"), [(1, Reach::Embark)]);
    // The land unit's embarking hexes are all six beside it (every one ocean).
    let embarks = threatened(&s, Side::A).iter().filter(|(_, u)| u.contains(&(1, Reach::Embark))).count();
    assert_eq!(embarks, 6);
}

#[test]
fn an_enemy_boat_it_may_grapple_counts_and_its_own_units_never_do() {
    let mut s = sea(Direction::E);
    s.units = vec![
        unit("ashigaru-spearmen", Side::A, "E5"),
        unit("sohei-warriors", Side::B, "F5"),
        unit("ashigaru-bow", Side::A, "D5"),
    ];
    assert_eq!(reach_of(&s, Side::A, "F5"), [(0, Reach::Grapple)]);
    assert_eq!(reach_of(&s, Side::A, "D5"), [], "a friend's hex is neither a move nor a grapple");
    // Side B's boat grapples E5 back (its one sword: close 3, one less at sea).
    assert_eq!(reach_of(&s, Side::B, "E5"), [(1, Reach::Grapple)]);
    // A unit with no close-combat dice against a boat grapples nothing.
    s.units[0].close = 1;
    assert_eq!(reach_of(&s, Side::A, "F5"), []);
}

#[test]
fn the_card_played_is_applied() {
    let mut s = sea(Direction::E);
    s.units = vec![unit("ashigaru-spearmen", Side::A, "E5")];
    s.card = Card::SerpentCommand;
    assert_eq!(threatened(&s, Side::A).len(), 6, "Serpent Command: one hex");
    s.card = Card::InfantryOnslaught;
    assert_eq!(reach_of(&s, Side::A, "C5"), [(0, Reach::Sail(2))], "two hexes against the wind");
    assert_eq!(threatened(&s, Side::A).len(), 18);
    // Units marked as ordered: the others stay put (a grapple is combat, and still counts).
    s.card = Card::Order;
    s.units.push(Unit { ordered: true, ..unit("ashigaru-spearmen", Side::A, "J5") });
    s.units.push(unit("sohei-warriors", Side::B, "F5"));
    assert_eq!(reach_of(&s, Side::A, "D5"), [], "E5's boat is not ordered");
    assert_eq!(reach_of(&s, Side::A, "K5"), [(1, Reach::Sail(1))]);
    assert_eq!(reach_of(&s, Side::A, "F5"), [(0, Reach::Grapple)]);
}

#[test]
fn the_other_sides_units_are_ignored_and_shared_hexes_name_every_unit() {
    let mut s = sea(Direction::E);
    s.units = vec![
        unit("ashigaru-spearmen", Side::A, "C5"),
        unit("ashigaru-spearmen", Side::B, "J2"),
        unit("ashigaru-spearmen", Side::A, "E5"),
    ];
    // D5 is one hex from both of side A's boats: both named, in the scenario's order.
    assert_eq!(reach_of(&s, Side::A, "D5"), [(0, Reach::Sail(1)), (2, Reach::Sail(1))]);
    assert_eq!(reach_of(&s, Side::A, "K2"), [], "beside side B's boat only");
    assert_eq!(reach_of(&s, Side::B, "K2"), [(1, Reach::Sail(1))]);
    assert!(threatened(&s, Side::B).iter().all(|(_, u)| u.iter().all(|(k, _)| *k == 1)));
    let t = threat(&check(&s), Side::A);
    assert_eq!(t.units(), 2);
    // In the board's reading order, each hex once.
    let order: Vec<(u8, u8)> = t.hexes.iter().map(|h| (h.hex.row, h.hex.col)).collect();
    let mut sorted_order = order.clone();
    sorted_order.sort_unstable();
    sorted_order.dedup();
    assert_eq!(order, sorted_order);
}

/// A scenario on a small board: some land, units of both sides anywhere (some side by side),
/// some grapples, any wind, any card, some units marked as ordered.
pub(super) fn any_scenario() -> impl Strategy<Value = Scenario> {
    (
        (5u8..=9, 3u8..=7),
        (0u8..64, prop::sample::select(Card::ALL.to_vec())),
        prop::collection::vec(any::<bool>(), 63),
        prop::collection::vec((0u8..9, 0u8..7, any::<bool>(), 0u8..5, any::<bool>(), any::<bool>()), 0..14),
        prop::collection::vec((0usize..14, 0usize..6), 0..3),
    )
        .prop_map(|((width, rows), (wind, card), land, units, grapples)| {
            let board = Board { width, rows };
            let mut s = Scenario { board, wind: Winds::from_bits(wind), card, ..Scenario::default() };
            for (h, l) in board.hexes().collect::<Vec<_>>().into_iter().zip(&land) {
                s.set_land(h, *l && (h.col + h.row) % 3 == 0);
            }
            for (c, r, side_b, close, ordered, leader) in units {
                let r = r % rows;
                let h = Hex { col: c % board.row_width(r), row: r };
                let side = if side_b { Side::B } else { Side::A };
                s.units.push(Unit {
                    close,
                    ordered,
                    leader: leader.then_some(LeaderKind::Foot),
                    ..unit("ashigaru-spearmen", side, &h.to_string())
                });
            }
            for (k, d) in grapples {
                if let Some(a) = s.units.get(k % s.units.len().max(1)).map(|u| u.hex) {
                    let b = board.step(a, Direction::ALL[d]).unwrap_or(a);
                    s.grapples.push(Grapple { a, b });
                }
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A side's threat map is exactly the union of its units' own options: a hex is on it with a
    /// unit when and only when that unit of the side may move there (a landing if it is one of
    /// its landings, else a sail of its distance) or grapple the boat on it.
    #[test]
    fn a_sides_threat_is_the_union_of_its_units_reaches(s in any_scenario()) {
        let j = check(&s);
        for side in Side::BOTH {
            let t = threat(&j, side);
            let mut got: Vec<(Hex, usize, Reach)> =
                t.hexes.iter().flat_map(|h| h.units.iter().map(move |&(k, r)| (h.hex, k, r))).collect();
            let mut want = Vec::new();
            for o in j.units.iter().filter(|o| o.side == side) {
                for &h in &o.moves {
                    let r = if !o.landings.contains(&h) {
                        Reach::Sail(u8::try_from(o.hex.distance(h)).unwrap_or(0))
                    } else if o.naval {
                        Reach::Disembark
                    } else {
                        Reach::Embark
                    };
                    want.push((h, o.id, r));
                }
                want.extend(o.grapple.iter().map(|&h| (h, o.id, Reach::Grapple)));
            }
            got.sort();
            want.sort();
            prop_assert_eq!(got, want);
            // Each hex once, in reading order, and every hex's units of the side, found by `at`.
            for w in t.hexes.windows(2) {
                prop_assert!((w[0].hex.row, w[0].hex.col) < (w[1].hex.row, w[1].hex.col));
            }
            for h in &t.hexes {
                prop_assert_eq!(t.at(h.hex), Some(h));
                prop_assert!(h.units.iter().all(|&(k, _)| s.units[k].side == side));
            }
        }
    }
}
