//! The direct reader is held to the codec: on every form it reads, it reads what the codec reads
//! (with no problem), and it reads every form the page writes for a scenario.

use super::*;
use crate::games::samurai::Hex;
use crate::games::samurai::data::Rank;
use crate::web::http::codec::direct::testing::{self, form, pairs};
use proptest::prelude::*;

/// The form's document by both readers (see [`testing::both`]).
fn both(f: &Fields) -> (Option<Scenario>, Option<Scenario>) {
    testing::both(f, read, super::super::label)
}

#[test]
fn the_bench_forms_are_read_directly_as_the_codec_reads_them() {
    for name in ["samurai", "samurai-map-kept"] {
        let path = format!("{}/tests/data/live/{name}.form", env!("CARGO_MANIFEST_DIR"));
        let body = std::fs::read(path).expect("the bench's form");
        let (direct, codec) = both(&Fields::parse(&body));
        assert!(direct.is_some() && codec.is_some(), "{name}");
    }
}

/// The page's own ways of writing a field, each read as the codec reads it.
#[test]
fn blanks_boxes_and_later_values_read_as_the_codec_reads_them() {
    let cases: &[&[(&str, &str)]] = &[
        &[],
        &[("version", ""), ("card", ""), ("board", "on"), ("board.width", ""), ("board.rows", "")],
        &[("wind", "")],
        &[("wind", "w")],
        &[("wind", "ne"), ("wind.0", "e"), ("wind.3", "w")],
        &[("wind.0", "east")],
        &[("terrain.0", ""), ("terrain.1", "LL~L"), ("terrain", "on")],
        &[("units.0", "on"), ("units.0.hex", "B8"), ("units.0.blocks", ""), ("units.0.side", "")],
        &[("units.0.hex", "B8"), ("units.0.rank", ""), ("units.0.leader", "mounted"), ("units.0.leader", "")],
        &[("units.0.close", "3"), ("units.0.close", ""), ("units.2.hex", "C3"), ("units.2.extra", "x")],
        &[("leaders.0.hex", "A9"), ("leaders.0.kind", ""), ("grapples.0.a", "E7"), ("grapples.0.b", "E6")],
        &[("map_key", "50bcdd968ded414c"), ("own_type.0", "Pirates"), ("type_was.0", ""), ("tool", "unit")],
        &[("name", "  Dan-no-ura  "), ("side_a", "Minamoto"), ("side_b", "")],
    ];
    for case in cases {
        let (direct, _) = both(&form(&pairs(case)));
        assert!(direct.is_some(), "read directly: {case:?}");
    }
}

/// What only the codec reads (it reads it otherwise, or says what is wrong) is left to it.
#[test]
fn what_only_the_codec_reads_is_left_to_it() {
    let cases: &[&[(&str, &str)]] = &[
        &[("wind", "north")],
        &[("wind.0", "e"), ("wind.0", "w")],
        &[("wind.0", "")],
        &[("wind.0.x", "e")],
        &[("board.width", "40")],
        &[("board.width.x", "9")],
        &[("units.0.hex", "")],
        &[("units.0.hex", "B8"), ("units.0.close", "lots")],
        &[("units.0.hex", "B8"), ("units.0.rank", "off")],
        &[("units.1.hex", "B8"), ("units.0.hex", "C8")],
        &[("units.00.hex", "B8")],
        &[("terrain.0.x", "L")],
        &[("card", "no-such-card")],
    ];
    for case in cases {
        assert_eq!(read(&form(&pairs(case))), None, "left to the codec: {case:?}");
    }
}

fn any_unit() -> impl Strategy<Value = Unit> {
    (
        (
            any::<bool>(),
            0u8..12,
            0u8..12,
            prop::sample::select(vec!["ashigaru-bow", "mounted-samurai", "", "Pirates"]),
        ),
        (0u8..6, 0u8..6, prop::option::of(prop::sample::select(Rank::ALL.to_vec())), any::<bool>(), 0u8..8),
        (
            prop::option::of(prop_oneof![Just(LeaderKind::Foot), Just(LeaderKind::Mounted)]),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (b, col, row, kind),
                (close, ranged, rank, mounted, blocks),
                (leader, command_ship, flat, ordered),
            )| Unit {
                side: if b { Side::B } else { Side::A },
                hex: Hex { col, row },
                kind: kind.to_owned(),
                close,
                ranged,
                rank,
                mounted,
                blocks,
                leader,
                command_ship,
                flat,
                ordered,
            },
        )
}

fn any_scenario() -> impl Strategy<Value = Scenario> {
    (
        (prop_oneof![Just(1u32), 0u32..3], "[A-Za-z -]{0,10}", "[A-Za-z]{0,6}", "[A-Za-z]{0,6}"),
        ((3u8..30), (2u8..22), 0u8..64, prop::sample::select(Card::ALL.to_vec())),
        prop::collection::vec("[L~l]{0,8}", 0..6),
        prop::collection::vec(any_unit(), 0..6),
        prop::collection::vec((any::<bool>(), 0u8..9, 0u8..9, any::<bool>()), 0..3),
        prop::collection::vec((0u8..9, 0u8..9, 0u8..9, 0u8..9), 0..3),
    )
        .prop_map(
            |(
                (version, name, side_a, side_b),
                (width, rows, wind, card),
                terrain,
                units,
                leaders,
                grapples,
            )| {
                Scenario {
                    version,
                    name,
                    side_a,
                    side_b,
                    board: Board { width, rows },
                    wind: Winds::from_bits(wind),
                    card,
                    terrain,
                    units,
                    leaders: leaders
                        .into_iter()
                        .map(|(b, col, row, m)| Leader {
                            side: if b { Side::B } else { Side::A },
                            hex: Hex { col, row },
                            kind: if m { LeaderKind::Mounted } else { LeaderKind::Foot },
                        })
                        .collect(),
                    grapples: grapples
                        .into_iter()
                        .map(|(c, r, d, e)| Grapple { a: Hex { col: c, row: r }, b: Hex { col: d, row: e } })
                        .collect(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every form the page writes for a scenario the codec reads without a problem is read
    /// directly.
    #[test]
    fn every_written_scenario_is_read_directly_as_the_codec_reads_it(s in any_scenario()) {
        let (direct, codec) = both(&form(&codec::encode(&s)));
        prop_assert_eq!(direct.is_some(), codec.is_some());
    }

    /// A changed form is read directly only as the codec reads it.
    #[test]
    fn a_changed_form_is_read_directly_only_as_the_codec_reads_it(
        s in any_scenario(),
        changes in testing::changes(
            vec!["wind",
        "wind.0",
        "wind.5",
        "board",
        "board.width",
        "units.0",
        "units.0.hex",
        "units.9.hex",
        "units.01.hex",
        "units.0.foo",
        "terrain.0",
        "terrain.7",
        "leaders.0.kind",
        "grapples.0.a",
        "card",
        "version",
        "name.x",
        "map_key"],
            vec!["", " ", "on", "off", "0", "1", "4", "07", "+3", "1.0", "x", "300", "e", "ne", "B8", "circle",
        "mounted", "a", "b", "order"],
        ),
    ) {
        both(&form(&testing::changed(codec::encode(&s), &changes)));
    }
}
