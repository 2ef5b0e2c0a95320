//! The map's view: hexes, tokens, labels and grapples drawn from a scenario; and, in `key`, the
//! map's key against the map it stands for.

mod key;
mod live;

use super::kept::{f, outline};
use super::*;
use crate::games::samurai::{self, Direction, Grapple, Unit};

fn unit(kind: &str, at: &str) -> Unit {
    Unit { kind: kind.into(), hex: Hex::parse(at).expect("a hex"), ..Unit::default() }
}

#[test]
fn a_coordinate_is_written_exactly_as_rust_formats_it_to_one_decimal() {
    let mut xs = vec![0.0, -0.0, 0.05, 0.25, 0.75, 1.25, 2.45, 0.35, 9.95, 99.95, -1.25, -0.04, 1e9, 1e12];
    xs.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MIN_POSITIVE, f64::EPSILON]);
    // Halves, quarters, twentieths (the ties) and the map's own irrational steps.
    xs.extend((0..40_000).map(|i| f64::from(i) * 0.0125));
    xs.extend((0..40_000).map(|i| f64::from(i) * 0.05));
    xs.extend((0..40_000).map(|i| f64::from(i) * R * 3f64.sqrt() / 7.0));
    xs.extend((0..40_000).map(|i| centre(Hex { col: (i % 13) as u8, row: (i % 9) as u8 }).0 + f64::from(i)));
    // And each below zero (a badge's offset above its piece is).
    let below: Vec<f64> = xs.iter().map(|x| -x).collect();
    xs.extend(below);
    xs.extend([BADGE_DX, BADGE_DY, -BADGE_DX, -BADGE_DY, -0.05, -0.0499, -0.95, -1e9 + 0.05]);
    for x in xs {
        assert_eq!(f(x), format!("{x:.1}"), "{x:e}");
    }
}

/// A hex's outline as `format!` writes its corners to one decimal.
fn by_format(cx: f64, cy: f64) -> String {
    let corners: Vec<String> = (0..6)
        .map(|k| {
            let a = (60.0 * f64::from(k) - 90.0).to_radians();
            format!("{:.1},{:.1}", cx + R * a.cos(), cy + R * a.sin())
        })
        .collect();
    corners.join(" ")
}

#[test]
fn a_hexs_outline_is_its_six_corners_each_as_rust_formats_it() {
    // Every hex of the biggest board, then centres where a corner falls on a tie, is negative,
    // or is too big for the quick way (each written the slow way, in its place).
    let mut centres: Vec<(f64, f64)> = samurai::Board { width: 26, rows: 20 }.hexes().map(centre).collect();
    centres.extend([
        (0.0, 0.0),
        (0.05, 20.0),
        (20.0, 0.05),
        (-30.0, 5.0),
        (5.0, -30.0),
        (1e9, 3.0),
        (3.0, 1e12),
    ]);
    centres.extend((0..2_000).map(|i| (f64::from(i) * 0.0125, f64::from(i) * 0.05)));
    for (cx, cy) in centres {
        assert_eq!(outline(cx, cy), by_format(cx, cy), "({cx}, {cy})");
    }
}

/// Every hex of the largest board is given its kept place, the very one worked out afresh, with
/// its own name and outline; a hex past the largest board is worked out, not refused.
#[test]
fn a_kept_place_is_the_hexs_own() {
    let largest = samurai::Board { width: *samurai::WIDTH.end(), rows: *samurai::ROWS.end() };
    let mut n = 0;
    for h in largest.hexes() {
        let kept = Place::of(h);
        assert!(matches!(kept, Placed::Kept(_)), "{h} is kept");
        assert_eq!(*kept, Place::new(h), "{h}");
        assert_eq!(kept.name, h.to_string());
        let (cx, cy) = centre(h);
        assert_eq!(kept.points, by_format(cx, cy), "{h}");
        assert_eq!(
            (kept.tx.as_str(), kept.cy.as_str()),
            (format!("{cx:.1}").as_str(), format!("{cy:.1}").as_str())
        );
        // The pieces as the map wrote them before they were kept.
        assert_eq!(
            kept.name_text,
            format!(
                r#"<text class="hexname" aria-hidden="true" x="{cx:.1}" y="{:.1}" text-anchor="middle">{h}</text>"#,
                cy - R * 0.55
            )
        );
        let w = R * 3f64.sqrt();
        assert_eq!(
            kept.button,
            format!(
                r#"<foreignObject x="{:.1}" y="{:.1}" width="{w:.1}" height="{:.1}"><button type="submit" class="hexbtn" name="action" value="hex.{h}" aria-label=""#,
                cx - w / 2.0,
                cy - R,
                2.0 * R
            )
        );
        n += 1;
    }
    assert_eq!(n, largest.len());
    for h in [Hex { col: 26, row: 0 }, Hex { col: 0, row: 20 }, Hex { col: 200, row: 200 }] {
        let made = Place::of(h);
        assert!(matches!(made, Placed::Made(_)), "{h} is past the kept places");
        assert_eq!(*made, Place::new(h));
    }
}

#[test]
fn a_cut_leaves_gaps_where_labels_sit() {
    assert_eq!(clear_of(0.0, 10.0, std::iter::empty()), [(0.0, 10.0)]);
    assert_eq!(
        clear_of(0.0, 10.0, [(6.0, 7.0), (2.0, 3.0)].into_iter()),
        [(0.0, 2.0), (3.0, 6.0), (7.0, 10.0)]
    );
    // Overlapping, touching the ends, or past them.
    assert_eq!(
        clear_of(0.0, 10.0, [(-1.0, 2.0), (1.5, 4.0), (3.0, 5.0), (9.0, 12.0)].into_iter()),
        [(5.0, 9.0)]
    );
    assert_eq!(clear_of(0.0, 10.0, [(-1.0, 11.0)].into_iter()), []);
    // On a crowded map, no stretch of a cut passes through a piece's box.
    let units: Vec<Unit> = samurai::Board::default()
        .hexes()
        .map(|h| Unit {
            hex: h,
            leader: Some(samurai::LeaderKind::Foot),
            command_ship: true,
            ..unit("ashigaru-bow", "A1")
        })
        .collect();
    let s = Scenario { units, ..Scenario::default() };
    let m = MapView::new(&s, &samurai::check(&s), None, None, Clicks::None, false);
    // Each as the map writes it, to one decimal.
    let num = |t: Tenths| t.to_string().parse::<f64>().expect("a number");
    for c in &m.cuts {
        let (x, y1, y2) = (num(c.x1), num(c.y1), num(c.y2));
        assert!(y2 > y1);
        for h in s.board.hexes() {
            let (cx, cy) = centre(h);
            let (l, t, r, b) = piece_box(cx, cy);
            assert!(
                !(l <= x && x <= r && y1 < b && t < y2),
                "{h}: a cut at {x} runs {y1}..{y2} over the piece"
            );
        }
    }
    assert!(!m.cuts.is_empty());
}

#[test]
fn every_type_on_a_map_shows_its_own_capitals() {
    // Two catalog types whose names start alike, and players' types that would borrow
    // their capitals or each other's.
    let units = vec![
        unit("samurai-naginata", "A1"),
        unit("Sea Nymph", "B1"),
        unit("samurai-no-dachi", "C1"),
        unit("sohei-archers", "D1"),
        unit("samurai-archers", "E1"),
        unit("Sea Needle", "F1"),
        unit("sea nymph", "G1"),
        unit("", "H1"),
        unit("samurai-naginata", "I1"),
    ];
    let codes = token_codes(&Scenario { units, ..Scenario::default() });
    let got: Vec<(&str, &str)> = codes.key.iter().map(|t| (&*t.code, &*t.name)).collect();
    assert_eq!(
        got,
        [
            ("SN", "Samurai Naginata"),
            ("SN2", "Sea Nymph"),
            ("ND", "Samurai No-dachi"),
            ("SR", "Sohei Archers"),
            ("SA", "Samurai Archers"),
            ("SN3", "Sea Needle"),
            ("UN", "Unit"),
        ]
    );
    // Each piece shows its type's capitals: a type named again in other letters is that type.
    let each: Vec<Cow<str>> = (0..10).map(|k| codes.code(k)).collect();
    assert_eq!(each, ["SN", "SN2", "ND", "SR", "SA", "SN3", "SN2", "UN", "SN", ""]);
    let mut all: Vec<&str> = codes.key.iter().map(|t| &*t.code).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), codes.key.len(), "unique");
    for t in samurai::data::UNIT_TYPES.iter() {
        let n = samurai::data::UNIT_TYPES.iter().filter(|o| o.token == t.token).count();
        assert_eq!(n, 1, "{}", t.token);
    }
}

/// The distance from a point to a segment.
fn to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * vx + (p.1 - a.1) * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
    (p.0 - (a.0 + t * vx)).hypot(p.1 - (a.1 + t * vy))
}

#[test]
fn a_grapple_bar_lies_on_the_shared_side_clear_of_both_pieces() {
    // What a piece covers, around its hex's centre: its square token (20 by 13) or round one
    // (radius 8), its two capitals, and its badges (a box around each: a capital of the
    // badge's size with its white halo, 5.5 tall above its baseline).
    let mut covered: Vec<(f64, f64)> = Vec::new();
    for k in 0..=20 {
        let x = -10.0 + f64::from(k);
        covered.extend([(x, -6.5), (x, 6.5)]);
    }
    for k in 0..=13 {
        let y = -6.5 + f64::from(k);
        covered.extend([(-10.0, y), (10.0, y)]);
    }
    for dx in [BADGE_DX, -BADGE_DX] {
        for (cx, cy) in [(-0.5, -5.5), (0.5, -5.5), (-0.5, 0.0), (0.5, 0.0)] {
            covered.push((dx + cx * BADGE_SIZE * 0.9, BADGE_DY + cy));
        }
    }
    let board = samurai::Board::default();
    for h in board.hexes() {
        for d in Direction::ALL {
            let Some(n) = board.step(h, d) else { continue };
            let (a, b) = grapple_bar(h, n);
            for c in [centre(h), centre(n)] {
                for p in &covered {
                    let gap = to_segment((c.0 + p.0, c.1 + p.1), a, b) - BAR_WIDTH / 2.0;
                    assert!(gap > 0.25, "{h}-{n}: the bar comes within {gap} of {p:?}");
                }
            }
        }
    }
    let s = Scenario {
        units: vec![unit("ashigaru-bow", "E6"), Unit { side: Side::B, ..unit("ashigaru-bow", "E7") }],
        grapples: vec![Grapple { a: Hex::parse("E6").expect("hex"), b: Hex::parse("E7").expect("hex") }],
        ..Scenario::default()
    };
    let m = MapView::new(&s, &samurai::check(&s), None, None, Clicks::None, false);
    assert_eq!(m.grapples.len(), 1);
}
