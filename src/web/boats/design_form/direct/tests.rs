//! The direct reader is held to the codec: on every form it reads, it reads what the codec reads
//! (with no problem), and it reads every form the page writes for a design.

use super::*;
use crate::games::boats::examples;
use crate::games::boats::tests::properties::{any_design, legalish_design};
use crate::web::http::codec::direct::testing::{self, form, pairs};
use proptest::prelude::*;

/// The form's document by both readers (see [`testing::both`]).
fn both(f: &Fields) -> (Option<Design>, Option<Design>) {
    testing::both(f, read, super::super::label)
}

#[test]
fn the_published_designs_and_the_bench_forms_are_read_directly_as_the_codec_reads_them() {
    for (name, d) in examples::all() {
        let (direct, _) = both(&form(&codec::encode(&d)));
        assert_eq!(direct.as_ref(), Some(&d), "{name}");
    }
    for name in ["boat-minnow", "boat-yacht"] {
        let path = format!("{}/tests/data/live/{name}.form", env!("CARGO_MANIFEST_DIR"));
        let body = std::fs::read(path).expect("the bench's form");
        let f = Fields::parse(&body);
        let (direct, codec) = both(&f);
        assert!(direct.is_some() && codec.is_some(), "{name}");
    }
}

/// The page's own ways of writing a field, each read as the codec reads it.
#[test]
fn blanks_fallbacks_and_later_values_read_as_the_codec_reads_them() {
    let base = [("hull", "dinghy")];
    let cases: &[&[(&str, &str)]] = &[
        &[("deck", "off")],
        &[("deck", "off"), ("deck", "on")],
        &[("deck", "on"), ("deck", "off")],
        &[("deck", "off"), ("deck.below", "3")],
        &[("deck", ""), ("deck.below", "3")],
        &[("deck.below", "3")],
        &[("deck.below", "")],
        &[("deck", "on"), ("deck.below", "")],
        &[("version", "")],
        &[("version", "7"), ("version", "")],
        &[("top", "")],
        &[("top", "half"), ("top", "")],
        &[("oars", ""), ("plant", ""), ("name", "")],
        &[("oars", " 2"), ("name", "  Two  lines\n")],
        &[("weapons.0.weapon", "mg"), ("weapons.0.count", "3"), ("weapons.0.count", "")],
        &[("weapons.0.weapon", "mg"), ("weapons.0.link_group", ""), ("weapons.0.mount", "")],
        &[("weapons.0", "on"), ("weapons.0.weapon", "mg"), ("weapons.3", "on"), ("weapons.3.weapon", "rl")],
        &[
            ("weapons.0.weapon", "mg"),
            ("weapons.0.extra", "x"),
            ("new_weapon", "rl"),
            ("action", "add:weapons"),
        ],
        &[("weapons", "on"), ("crew", ""), ("armor", "on"), ("armor.points", "on")],
        &[("armor.points.F", "4"), ("armor.points.B", ""), ("armor.type", "")],
        &[("armor.points.Q", "2"), ("armor.points.q", "3"), ("armor.points.Z", "")],
        &[("armor.points.F", "2"), ("armor.points.F", "5"), ("armor.points.B", "4"), ("armor.points.B", "")],
        &[("turrets.0.size", "2"), ("turrets.0.weapons.0.weapon", "mg"), ("turrets.0.new_weapon", "rl")],
        &[("cargo.0.spaces", "1"), ("cargo.0.weight", "100"), ("cargo.0.cargo", "")],
        &[("crew.0.role", "pilot"), ("crew.0.cargo", "yes"), ("crew.0.deck", "below")],
        &[("hull", ""), ("weapons.0.weapon", "")],
    ];
    for extra in cases {
        let mut p = pairs(&base);
        p.extend(pairs(extra));
        let (direct, _) = both(&form(&p));
        assert!(direct.is_some(), "read directly: {extra:?}");
    }
}

/// What only the codec reads (it reads it otherwise, or says what is wrong) is left to it.
#[test]
fn what_only_the_codec_reads_is_left_to_it() {
    let cases: &[&[(&str, &str)]] = &[
        &[],
        &[("hull", "dinghy"), ("deck", "yes")],
        &[("hull", "dinghy"), ("plant", "off")],
        &[("hull", "dinghy"), ("oars", "lots")],
        &[("hull", "dinghy"), ("oars", "99999")],
        &[("hull", "dinghy"), ("top", " ")],
        &[("hull", "dinghy"), ("weapons.0.count", "2")],
        &[("hull", "dinghy"), ("weapons.1.weapon", "mg"), ("weapons.0.weapon", "mg")],
        &[("hull", "dinghy"), ("weapons.01.weapon", "mg")],
        &[("hull", "dinghy"), ("weapons.0.weapon", "mg"), ("weapons.0.count.x", "2")],
        &[("hull", "dinghy"), ("weapons.0.weapon", "mg"), ("weapons.0.mount", "off")],
        &[("hull", "dinghy"), ("armor.points.F", "2"), ("armor.points.f", "3")],
        &[("hull", "dinghy"), ("armor.points.Q", "2"), ("armor.points.Q", "3")],
        &[("hull", "dinghy"), ("turrets.0.size", "")],
        &[("hull", "dinghy"), ("cargo.0.spaces", "1")],
        &[("hull", "dinghy"), ("not_read.0", "on")],
        &[("hull.x", "dinghy")],
    ];
    for case in cases {
        let f = form(&pairs(case));
        assert_eq!(read(&f), None, "left to the codec: {case:?}");
    }
}

/// A design: any at all, or one near legal (whose values are mostly in range, so most forms
/// changed from it still read).
fn a_design() -> impl Strategy<Value = Design> {
    prop_oneof![any_design(), legalish_design()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every form the page writes for a design the codec reads without a problem is read directly.
    #[test]
    fn every_written_design_is_read_directly_as_the_codec_reads_it(d in a_design()) {
        let (direct, codec) = both(&form(&codec::encode(&d)));
        prop_assert_eq!(direct.is_some(), codec.is_some());
    }

    /// A changed form is read directly only as the codec reads it.
    #[test]
    fn a_changed_form_is_read_directly_only_as_the_codec_reads_it(
        d in a_design(),
        changes in testing::changes(
            vec!["deck",
        "deck.below",
        "weapons.0",
        "weapons.0.weapon",
        "weapons.9.weapon",
        "weapons.01.weapon",
        "weapons.0.foo",
        "armor.points.F",
        "armor.points.f",
        "armor.points.X",
        "turrets.0.size",
        "turrets.0.weapons.0.weapon",
        "crew.0.role",
        "cargo.0.spaces",
        "version",
        "top",
        "name.x",
        "action"],
            vec!["", " ", "on", "off", "no", "yes", "0", "1", "2", "007", "+3", "1.0", "-1", "x", "70000", "F",
        "below", "half", "mg", "standard"],
        ),
    ) {
        both(&form(&testing::changed(codec::encode(&d), &changes)));
    }
}
