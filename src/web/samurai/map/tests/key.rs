//! The map's key (`map::key`) against the map it stands for: two scenarios whose keys are equal
//! draw byte-equal maps (and keys), whatever else differs between them, and each change that
//! moves a token or a label changes the key. A live update leaves the page's map in place on the
//! strength of this (`SamuraiView::live_map`).

use crate::games::samurai::data::{Rank, UNIT_TYPES};
use crate::games::samurai::{
    self, Board, Card, Direction, Grapple, Hex, Leader, LeaderKind, Scenario, Side, Unit, Winds,
};
use crate::web::http::fields::Fields;
use crate::web::samurai::map::MapView;
use crate::web::samurai::view::{Choices, LiveMap, SamuraiView};
use askama::Template;
use proptest::prelude::*;

/// The map exactly as the editor draws it inside its `#sea-map` (`samurai/sea.html`,
/// `samurai/live.html`).
#[derive(Template)]
#[template(
    source = r#"{% include "samurai/map.html" %}{% include "samurai/key.html" %}{% include "samurai/threat.html" %}"#,
    ext = "html"
)]
struct MapHtml {
    map: MapView,
}

pub(super) fn view(s: Scenario, selected: Option<usize>, zoom: bool) -> SamuraiView {
    view_with(s, selected, zoom, None)
}

/// The same, with a side's threat map shown.
fn view_with(s: Scenario, selected: Option<usize>, zoom: bool, threat: Option<Side>) -> SamuraiView {
    SamuraiView::new(s, Vec::new(), Choices { selected, zoom, threat, ..Choices::default() })
}

pub(super) fn any_threat() -> impl Strategy<Value = Option<Side>> {
    prop::option::of(prop::sample::select(Side::BOTH.to_vec()))
}

/// The map's key and its drawing.
fn drawn(v: &SamuraiView) -> (String, String) {
    (v.map_key(), MapHtml { map: v.editor_map() }.render().expect("the map draws"))
}

fn example() -> Scenario {
    serde_json::from_str(samurai::GAME.example).expect("the example reads")
}

fn hex(name: &str) -> Hex {
    Hex::parse(name).expect("a hex")
}

/// Types of the catalog and a player's own, some whose capitals collide ("SN", "Sea Nymph").
const KINDS: [&str; 8] =
    ["ashigaru-bow", "samurai-naginata", "sohei-archers", "Sea Nymph", "sea nymph", "Sea Needle", "", "Junk"];
const SIDE_NAMES: [&str; 4] = ["", "Minamoto", "Taira", "  "];

fn any_hex(b: Board) -> impl Strategy<Value = Hex> {
    // One past the board's edge too: a unit off the board is drawn nowhere but named in the key.
    (0..=b.width, 0..=b.rows).prop_map(|(col, row)| Hex { col, row })
}

fn any_unit(b: Board) -> impl Strategy<Value = Unit> {
    (
        (any::<bool>(), any_hex(b), prop::sample::select(KINDS.to_vec())),
        (0u8..5, 0u8..3, prop::option::of(prop::sample::select(Rank::ALL.to_vec()))),
        (any::<bool>(), 1u8..7, prop::option::of(any::<bool>())),
        (any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(
                (b_side, hex, kind),
                (close, ranged, rank),
                (mounted, blocks, leader),
                (ship, flat, ordered),
            )| {
                Unit {
                    side: if b_side { Side::B } else { Side::A },
                    hex,
                    kind: kind.to_owned(),
                    close,
                    ranged,
                    rank,
                    mounted,
                    blocks,
                    leader: leader.map(|m| if m { LeaderKind::Mounted } else { LeaderKind::Foot }),
                    command_ship: ship,
                    flat,
                    ordered,
                }
            },
        )
}

fn any_leader(b: Board) -> impl Strategy<Value = Leader> {
    (any::<bool>(), any_hex(b), any::<bool>()).prop_map(|(b_side, hex, mounted)| Leader {
        side: if b_side { Side::B } else { Side::A },
        hex,
        kind: if mounted { LeaderKind::Mounted } else { LeaderKind::Foot },
    })
}

/// A scenario on a small board (each case draws two maps), with units, lone leaders and
/// grapples anywhere (some side by side), some land, and a chosen unit or none.
pub(super) fn any_scenario() -> impl Strategy<Value = (Scenario, Option<usize>, bool)> {
    (5u8..=8, 3u8..=6)
        .prop_map(|(width, rows)| Board { width, rows })
        .prop_flat_map(|b| {
            (
                Just(b),
                (0u8..64, prop::sample::select(Card::ALL.to_vec())),
                prop::collection::vec("[Ll~.]{0,9}", 0..7),
                prop::collection::vec(any_unit(b), 0..9),
                prop::collection::vec(any_leader(b), 0..3),
                prop::collection::vec((any_hex(b), 0usize..6), 0..3),
                (prop::sample::select(SIDE_NAMES.to_vec()), prop::sample::select(SIDE_NAMES.to_vec())),
                (prop::option::of(0usize..9), any::<bool>()),
            )
        })
        .prop_map(|(board, (wind, card), terrain, units, leaders, grapples, (a, b), (selected, zoom))| {
            let grapples = grapples
                .into_iter()
                .map(|(h, d)| Grapple { a: h, b: board.step(h, Direction::ALL[d]).unwrap_or(h) })
                .collect();
            let s = Scenario {
                side_a: a.to_owned(),
                side_b: b.to_owned(),
                board,
                wind: Winds::from_bits(wind),
                card,
                terrain,
                units,
                leaders,
                grapples,
                ..Scenario::default()
            };
            // Mostly one of its units chosen, so that changes reach the highlights.
            let selected = selected.map(|k| k % s.units.len().max(1));
            (s, selected, zoom)
        })
}

/// One change a player can make in the editor: what (`kind`), to which row (`at`), and to
/// what (`value`, `to`). Half of the kinds change nothing the map shows by themselves.
#[derive(Debug, Clone)]
struct Change {
    kind: u8,
    at: usize,
    value: u8,
    to: Hex,
}

fn any_change() -> impl Strategy<Value = Change> {
    (0u8..28, 0usize..9, any::<u8>(), (0u8..9, 0u8..7)).prop_map(|(kind, at, value, (col, row))| Change {
        kind,
        at,
        value,
        to: Hex { col, row },
    })
}

fn pick(xs: &[&str], v: u8) -> String {
    xs[usize::from(v) % xs.len()].to_owned()
}

/// `c` made to one unit.
fn change_unit(u: &mut Unit, c: &Change) {
    let v = c.value;
    match c.kind {
        // Nothing the map draws, unless it changes what the chosen unit may do.
        1 => u.close = v % 6,
        2 => u.ranged = v % 4,
        3 => u.rank = Rank::ALL.get(usize::from(v % 4)).copied(),
        4 => u.mounted = !u.mounted,
        5 => u.blocks = v % 7,
        6 => u.ordered = !u.ordered,
        8 => u.leader = u.leader.map(|_| LeaderKind::Mounted).or(Some(LeaderKind::Foot)),
        // What the map draws.
        10 => u.hex = c.to,
        11 => u.side = if u.side == Side::A { Side::B } else { Side::A },
        12 => u.kind = pick(&KINDS, v),
        13 => u.leader = if u.leader.is_some() { None } else { Some(LeaderKind::Foot) },
        14 => u.command_ship = !u.command_ship,
        15 => u.flat = !u.flat,
        _ => {}
    }
}

/// `c` made to the scenario, the chosen unit and the zoom.
fn apply(s: &mut Scenario, selected: &mut Option<usize>, zoom: &mut bool, c: &Change) {
    let v = c.value;
    let (units, leaders) = (s.units.len(), s.leaders.len());
    match c.kind {
        0 => s.name = pick(&["Dan-no-ura", "", "Yashima"], v),
        7 => s.card = Card::ALL[usize::from(v) % Card::ALL.len()],
        9 if leaders > 0 => {
            let l = &mut s.leaders[c.at % leaders];
            l.kind = if l.kind == LeaderKind::Foot { LeaderKind::Mounted } else { LeaderKind::Foot };
        }
        16 => s.wind = Winds::from_bits(v),
        17 => s.set_land(c.to, !s.is_land(c.to)),
        18 if leaders > 0 => s.leaders[c.at % leaders].hex = c.to,
        19 if leaders > 0 => {
            let l = &mut s.leaders[c.at % leaders];
            l.side = if l.side == Side::A { Side::B } else { Side::A };
        }
        20 => s.grapples.push(Grapple {
            a: c.to,
            b: s.board.step(c.to, Direction::ALL[usize::from(v) % 6]).unwrap_or(c.to),
        }),
        21 if !s.grapples.is_empty() => {
            s.grapples.remove(c.at % s.grapples.len());
        }
        22 if v.is_multiple_of(2) => s.side_a = pick(&SIDE_NAMES, v / 2),
        22 => s.side_b = pick(&SIDE_NAMES, v / 2),
        23 => *selected = if v.is_multiple_of(3) { None } else { Some(c.at) },
        24 => *zoom = !*zoom,
        25 if v.is_multiple_of(2) => s.units.push(Unit::of_type(&pick(&KINDS, v / 2), Side::B, c.to)),
        25 if units > 0 => {
            s.units.remove(c.at % units);
        }
        // The chosen unit's sword (a unit with no close-combat dice grapples nothing), or
        // another unit brought beside it: what it may grapple changes, its moves may not.
        26 | 27 if units > 0 => {
            let Some(k) = selected.filter(|&k| k < units) else { return };
            if c.kind == 26 {
                s.units[k].close = if s.units[k].close == 0 { 3 } else { 0 };
            } else {
                let beside = s.board.step(s.units[k].hex, Direction::ALL[usize::from(v) % 6]);
                let other = c.at % units;
                if let Some(h) = beside.filter(|_| other != k) {
                    s.units[other].hex = h;
                }
            }
        }
        _ if units > 0 => change_unit(&mut s.units[c.at % units], c),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Equal keys, equal maps: the key leaves out nothing the map draws, a threat map shown
    /// (its side's reach, which every change to its units' dice, places or orders may turn) or
    /// not, or another side's.
    #[test]
    fn scenarios_whose_map_keys_are_equal_draw_byte_equal_maps(
        (s, selected, zoom) in any_scenario(),
        changes in prop::collection::vec(any_change(), 1..4),
        (threat, other_threat) in (any_threat(), prop::option::of(any_threat())),
    ) {
        let (mut t, mut t_selected, mut t_zoom) = (s.clone(), selected, zoom);
        for c in &changes {
            apply(&mut t, &mut t_selected, &mut t_zoom, c);
        }
        let t_threat = other_threat.unwrap_or(threat);
        let (key, map) = drawn(&view_with(s, selected, zoom, threat));
        let (t_key, t_map) = drawn(&view_with(t, t_selected, t_zoom, t_threat));
        prop_assert_eq!(key.len(), 16);
        if key == t_key {
            prop_assert!(map == t_map, "equal keys {} but the maps differ after {:?}", key, changes);
        }
    }

    /// The editor's plain hexes, kept from whichever map drew them first (any scenario of any
    /// case before), draw the very bytes the hex drawn whole does.
    #[test]
    fn an_editors_map_with_its_plain_hexes_kept_is_the_map_drawn_whole(
        (s, selected, zoom) in any_scenario(),
        threat in any_threat(),
    ) {
        let v = view_with(s, selected, zoom, threat);
        let kept = MapHtml { map: v.editor_map() }.render().expect("the map draws");
        let whole = MapHtml { map: v.editor_map_whole() }.render().expect("the map draws");
        prop_assert!(kept == whole, "the kept map differs:\n{}\n---\n{}", kept, whole);
    }
}

/// The example's map, and the largest board's with land and shore and a long order of battle
/// (its labels brief), are the same with their plain hexes kept as drawn whole, the second time
/// as the first; and most of their hexes are kept.
#[test]
fn the_largest_map_and_the_examples_keep_their_plain_hexes_and_draw_the_same() {
    let mut large = example();
    large.board = Board { width: *samurai::WIDTH.end(), rows: *samurai::ROWS.end() };
    large.terrain =
        (0..large.board.rows).map(|r| if r % 3 == 0 { "LL~.~LLL~~" } else { "~L" }.to_owned()).collect();
    large.units =
        (0..40).map(|k| Unit { hex: Hex { col: k % 26, row: k % 20 }, ..large.units[0].clone() }).collect();
    for (s, selected) in [(example(), None), (example(), Some(2)), (large, Some(5))] {
        let v = view(s, selected, false);
        for _ in 0..2 {
            let map = v.editor_map();
            // Written into every hex unescaped.
            let post = map.buttons().expect("the editor's hexes are buttons");
            assert!(!post.contains(['<', '>', '&', '"', '\'']), "{post}");
            let kept = map.hexes.iter().filter(|h| h.kept.is_some()).count();
            assert!(kept * 2 > map.hexes.len(), "{kept} of {} hexes kept", map.hexes.len());
            let kept = MapHtml { map }.render().expect("the map draws");
            let whole = MapHtml { map: v.editor_map_whole() }.render().expect("the map draws");
            assert_eq!(kept, whole);
        }
    }
}

#[test]
fn the_same_scenario_has_the_same_key_every_time() {
    let a = view(example(), Some(2), false).map_key();
    let b = view(example(), Some(2), false).map_key();
    assert_eq!(a, b);
    assert_eq!(a.len(), 16);
    assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
}

#[test]
fn every_change_that_moves_a_token_or_a_label_changes_the_key() {
    // The example (Dan-no-ura) with its spearmen's boat at F7 chosen (unit 3).
    let (base_key, base_map) = drawn(&view(example(), Some(2), false));
    type Edit = fn(&mut Scenario, &mut Option<usize>, &mut bool);
    let changes: [(&str, Edit); 20] = [
        ("a unit moved", |s, _, _| s.units[0].hex = hex("C7")),
        ("the chosen unit moved", |s, _, _| s.units[2].hex = hex("F6")),
        ("a unit's side", |s, _, _| s.units[0].side = Side::B),
        ("a unit's type", |s, _, _| s.units[0].kind = "sohei-archers".into()),
        ("a unit's own type named", |s, _, _| s.units[0].kind = "Sea Nymph".into()),
        ("a leader attached", |s, _, _| s.units[0].leader = Some(LeaderKind::Foot)),
        ("the Command Ship", |s, _, _| s.units[0].command_ship = true),
        ("a unit lying flat", |s, _, _| s.units[0].flat = true),
        ("a unit added", |s, _, _| s.units.push(Unit::of_type("junk", Side::B, hex("A1")))),
        ("a unit removed", |s, _, _| {
            s.units.pop();
        }),
        ("a lone leader moved", |s, _, _| s.leaders[0].hex = hex("B9")),
        ("a lone leader's side", |s, _, _| s.leaders[0].side = Side::B),
        ("a lone leader's kind", |s, _, _| s.leaders[0].kind = LeaderKind::Foot),
        ("the wind", |s, _, _| s.wind = Winds::of(&[Direction::Ne])),
        ("a hex made land", |s, _, _| s.set_land(hex("A1"), true)),
        ("a grapple cut", |s, _, _| s.grapples.clear()),
        ("side A's name", |s, _, _| s.side_a = "Genji".into()),
        ("side B's name", |s, _, _| s.side_b = "Heike".into()),
        ("another unit chosen", |_, selected, _| *selected = Some(0)),
        ("zoomed in", |_, _, zoom| *zoom = true),
    ];
    for (what, edit) in changes {
        let (mut s, mut selected, mut zoom) = (example(), Some(2), false);
        edit(&mut s, &mut selected, &mut zoom);
        let (key, map) = drawn(&view(s, selected, zoom));
        assert_ne!(map, base_map, "{what}: the map should change");
        assert_ne!(key, base_key, "{what}: the key should change");
    }
    // A boat beside an enemy boat may grapple it (marked G); with no close-combat dice it may
    // not, though it may move just as before.
    let beside = |close: u8| {
        let mut ours = Unit::of_type("ashigaru-spearmen", Side::A, hex("E5"));
        ours.close = close;
        let s = Scenario {
            units: vec![ours, Unit::of_type("sohei-warriors", Side::B, hex("F5"))],
            ..Scenario::default()
        };
        let v = view(s, Some(0), false);
        let marked = v.selected().is_some_and(|o| !o.grapple.is_empty());
        (drawn(&v), marked)
    };
    let ((armed_key, armed_map), marked) = beside(3);
    let ((unarmed_key, unarmed_map), unmarked) = beside(0);
    assert!(marked && !unmarked, "the test's premise: a sword to grapple with");
    assert_ne!(armed_map, unarmed_map, "the G mark");
    assert_ne!(armed_key, unarmed_key, "the chosen unit's grapple targets");
    // The board's size and the card (which turns the chosen unit's moves) too.
    let mut s = example();
    s.board.rows = 10;
    assert_ne!(view(s, Some(2), false).map_key(), base_key, "the board's size");
    let mut s = example();
    s.card = Card::ALL.into_iter().find(|c| c.id() == "serpent-command").expect("serpent command");
    assert_ne!(view(s, Some(2), false).map_key(), base_key, "a card that changes the moves");
}

#[test]
fn a_threat_map_shown_or_changed_changes_the_key() {
    let base = drawn(&view(example(), Some(2), false));
    let a = drawn(&view_with(example(), Some(2), false, Some(Side::A)));
    let b = drawn(&view_with(example(), Some(2), false, Some(Side::B)));
    assert!(a.0 != base.0 && b.0 != base.0 && a.0 != b.0, "off, side A and side B: three keys");
    assert!(a.1 != base.1 && b.1 != base.1 && a.1 != b.1, "and three maps");
    assert!(a.1.contains("id=\"threat-words\"") && !base.1.contains("threat-words"));
    // Shown, it follows what its side's units reach: the card (Serpent Command: one hex).
    let mut s = example();
    s.card = Card::SerpentCommand;
    let serpent = drawn(&view_with(s, Some(2), false, Some(Side::A)));
    assert!(serpent.0 != a.0 && serpent.1 != a.1, "the card");
    // A unit's close-combat dice are nothing the map shows, unless a threat map shows what it
    // may grapple: the spearmen's boat (unit 3, F7) made unable to grapple.
    let mut s = example();
    s.units.push(Unit::of_type("sohei-warriors", Side::B, hex("G7")));
    let armed = drawn(&view_with(s.clone(), None, false, Some(Side::A)));
    s.units[2].close = 0;
    let unarmed = drawn(&view_with(s.clone(), None, false, Some(Side::A)));
    assert!(armed.0 != unarmed.0 && armed.1 != unarmed.1, "the grapple a threat map shows");
    assert_eq!(
        view(s.clone(), None, false).map_key(),
        {
            s.units[2].close = 3;
            view(s, None, false).map_key()
        },
        "with no threat map shown, the dice leave the key alone"
    );
}

#[test]
fn changes_the_map_does_not_show_keep_the_key() {
    let (base_key, base_map) = drawn(&view(example(), Some(2), false));
    type Edit = fn(&mut Scenario);
    let changes: [(&str, Edit); 5] = [
        ("the scenario's name", |s| s.name = "Yashima".into()),
        ("a unit's blocks", |s| s.units[0].blocks = 2),
        ("a unit's ranged dice", |s| s.units[0].ranged = 1),
        ("the chosen unit's blocks", |s| s.units[2].blocks = 3),
        ("a unit's rank", |s| s.units[4].rank = Some(Rank::Square)),
    ];
    for (what, edit) in changes {
        let mut s = example();
        edit(&mut s);
        let (key, map) = drawn(&view(s, Some(2), false));
        assert_eq!(map, base_map, "{what}: the map should not change");
        assert_eq!(key, base_key, "{what}: the key should not change");
    }
}

#[test]
fn a_live_update_draws_the_map_unless_the_page_already_shows_it() {
    let s = example();
    let key = view(s.clone(), None, false).map_key();
    let posted = |map_key: Option<&str>| {
        let body = match map_key {
            Some(k) => format!("map_key={k}"),
            None => String::new(),
        };
        let f = Fields::parse(body.as_bytes());
        SamuraiView::new(s.clone(), Vec::new(), Choices::posted(&s, &f)).live_map()
    };
    assert_eq!(posted(None), LiveMap::Drawn { key: None }, "no key: the answer as before");
    assert_eq!(posted(Some(&key)), LiveMap::Kept);
    let stale = LiveMap::Drawn { key: Some(key.clone()) };
    assert_eq!(posted(Some("0123456789abcdef")), stale);
    assert_eq!(posted(Some("")), stale);
    if key.to_uppercase() != key {
        assert_eq!(posted(Some(&key.to_uppercase())), stale, "only the key as written");
    }
}

#[test]
fn every_catalog_type_keys_its_own_map() {
    // A unit's type is drawn as its capitals; no two catalog types share a key.
    let mut keys: Vec<String> = UNIT_TYPES
        .iter()
        .map(|t| {
            let s = Scenario { units: vec![Unit::of_type(t.id, Side::A, hex("D5"))], ..Scenario::default() };
            view(s, None, false).map_key()
        })
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), UNIT_TYPES.len());
}
