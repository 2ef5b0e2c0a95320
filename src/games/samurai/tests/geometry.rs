//! The board's geometry: names, neighbours, distances, and properties over every hex.

use super::*;
use proptest::prelude::*;

#[test]
fn hexes_are_named_by_column_letter_and_row() {
    assert_eq!(hex("D5"), Hex { col: 3, row: 4 });
    assert_eq!(Hex::parse("d5"), Some(Hex { col: 3, row: 4 }));
    assert_eq!(Hex { col: 12, row: 8 }.to_string(), "M9");
    // Every name there can be, as `format!` wrote it before names were made by hand.
    for col in 0..=u8::MAX {
        for row in 0..=u8::MAX {
            let letter = char::from(b'A'.saturating_add(col.min(25)));
            let by_format = format!("{letter}{}", u16::from(row) + 1);
            assert_eq!(Hex { col, row }.to_string(), by_format);
            assert_eq!(Hex { col, row }.name().as_str(), by_format);
        }
    }
    for bad in ["", "5", "D", "D0", "DD5", "D123", "é5", "D-1"] {
        assert_eq!(Hex::parse(bad), None, "{bad}");
    }
}

#[test]
fn rows_alternate_the_full_width_and_one_less() {
    let b = Board::default();
    assert_eq!((b.row_width(0), b.row_width(1), b.row_width(8)), (13, 12, 13));
    assert_eq!(b.len(), 5 * 13 + 4 * 12);
    assert!(b.contains(hex("M1")) && !b.contains(hex("M2")) && b.contains(hex("L2")));
    assert!(!b.contains(hex("A10")));
}

#[test]
fn the_six_directions_step_to_the_six_neighbours() {
    let b = Board::default();
    // D5 is on a full row (the 5th); its neighbours above and below are on shifted rows.
    let got: Vec<(Direction, String)> = b.neighbours(hex("D5")).map(|(d, h)| (d, h.to_string())).collect();
    let want = [
        (Direction::E, "E5"),
        (Direction::Ne, "D4"),
        (Direction::Nw, "C4"),
        (Direction::W, "C5"),
        (Direction::Sw, "C6"),
        (Direction::Se, "D6"),
    ];
    assert_eq!(got, want.map(|(d, h)| (d, h.to_owned())));
    // D4 is on a shifted row: above and below it are D and E.
    let got: Vec<String> = b.neighbours(hex("D4")).map(|(_, h)| h.to_string()).collect();
    assert_eq!(got, ["E4", "E3", "D3", "C4", "D5", "E5"]);
    // The top-left corner has two: east and south-east.
    assert_eq!(b.neighbours(hex("A1")).count(), 2);
}

#[test]
fn the_wind_has_three_sides_with_it() {
    for wind in Direction::ALL {
        let with: Vec<Direction> = Direction::ALL.into_iter().filter(|d| d.with(wind)).collect();
        assert_eq!(with.len(), 3, "{wind:?}");
        assert!(with.contains(&wind) && !with.contains(&wind.opposite()));
    }
    let with: Vec<Direction> = Direction::ALL.into_iter().filter(|d| d.with(Direction::E)).collect();
    assert_eq!(with, [Direction::E, Direction::Ne, Direction::Se]);
}

fn any_hex_of(b: Board) -> impl Strategy<Value = Hex> {
    let all: Vec<Hex> = b.hexes().collect();
    prop::sample::select(all)
}

fn any_board() -> impl Strategy<Value = Board> {
    (5u8..=26, 3u8..=20).prop_map(|(width, rows)| Board { width, rows })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A step and its opposite come back; each step is one hex away; the six neighbours differ.
    #[test]
    fn steps_are_exact_and_reversible((b, h) in any_board().prop_flat_map(|b| (Just(b), any_hex_of(b)))) {
        let mut seen = Vec::new();
        for d in Direction::ALL {
            if let Some(n) = b.step(h, d) {
                prop_assert!(b.contains(n));
                prop_assert_eq!(h.distance(n), 1);
                prop_assert_eq!(b.step(n, d.opposite()), Some(h));
                prop_assert!(!seen.contains(&n));
                seen.push(n);
            }
        }
        prop_assert_eq!(Hex::parse(&h.to_string()), Some(h));
    }

    /// Distance is a metric that counts steps: symmetric, zero only to itself, and one step
    /// changes it by at most one.
    #[test]
    fn distance_counts_steps((b, a, c) in any_board().prop_flat_map(|b| (Just(b), any_hex_of(b), any_hex_of(b)))) {
        prop_assert_eq!(a.distance(c), c.distance(a));
        prop_assert_eq!(a.distance(c) == 0, a == c);
        for (_, n) in b.neighbours(a) {
            prop_assert!(n.distance(c).abs_diff(a.distance(c)) <= 1);
        }
    }

    /// Every naval move stays on the board and on free ocean, never onto land, one or two hexes
    /// away, whatever the wind, the card, the land and the other units.
    #[test]
    fn sea_moves_stay_on_board_and_at_sea(
        wind in prop::sample::select(Direction::ALL.to_vec()),
        card in prop::sample::select(Card::ALL.to_vec()),
        land in prop::collection::vec(any::<bool>(), 13 * 9),
        others in prop::collection::vec((0u8..13, 0u8..9), 0..20),
        at in (0u8..13, 0u8..9),
    ) {
        let mut s = sea(wind);
        s.card = card;
        for (i, h) in s.board.hexes().collect::<Vec<_>>().into_iter().enumerate() {
            if land[i] { s.set_land(h, true); }
        }
        let from = Hex { col: at.0.min(s.board.row_width(at.1) - 1), row: at.1 };
        s.set_land(from, false);
        s.units.push(Unit::of_type("ashigaru-bow", Side::A, from));
        for (c, r) in others {
            s.units.push(Unit::of_type("sohei-warriors", Side::B, Hex { col: c, row: r }));
        }
        let l = Layout::new(&s);
        for m in sea_moves(&l, from, card) {
            prop_assert!(s.board.contains(m));
            prop_assert!(!s.is_land(m), "{m} is land");
            prop_assert!(l.free(m), "{m} is taken");
            prop_assert!((1..=2).contains(&from.distance(m)));
        }
        // The whole judgement never panics, and a unit's moves are its sea moves and landings.
        let j = check(&s);
        prop_assert_eq!(j.units.len(), s.units.len());
        for o in &j.units {
            for m in &o.moves {
                prop_assert!(s.board.contains(*m));
                prop_assert_eq!(s.is_land(*m), o.naval == o.landings.contains(m));
            }
        }
    }
}
