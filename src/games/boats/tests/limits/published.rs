//! The published boats read from their JSON documents.

use super::*;

// ---------------------------------------------------------------- the published boats as documents

#[test]
fn the_darter_document_comes_to_3315_dollars_799_lb_20_100_hc_3() {
    let json = r#"{
        "name": "Darter",
        "hull": "rowboat",
        "plant": "medium",
        "propellers": [{}],
        "crew": [{"role": "pilot"}],
        "armor": {"points": {"F": 2, "R": 1, "L": 1, "B": 1, "U": 3}}
    }"#;

    let d: Design = serde_json::from_str(json).expect("the document reads");
    assert_eq!(d, examples::darter());
    check_figures(&d, 3315, 79_900, 799, Speed::mph(20), Speed::mph(100), 3);
}

#[test]
fn the_piranha_document_comes_to_9636_dollars_2997_lb_5_40_hc_2() {
    let json = r#"{
        "name": "Piranha",
        "hull": "dinghy",
        "plant": "small",
        "propellers": [{}],
        "crew": [{"role": "pilot"}],
        "weapons": [
            {"weapon": "vmg", "mount": "F"},
            {"weapon": "torpedo", "mount": "B", "count": 2, "linked": true}
        ],
        "accessories": [{"item": "fire-extinguisher"}],
        "armor": {"type": "plastic", "points": {"F": 15, "R": 15, "L": 15, "B": 12, "U": 15}}
    }"#;

    let d: Design = serde_json::from_str(json).expect("the document reads");
    assert_eq!(d, examples::piranha());
    check_figures(&d, 9636, 299_700, 2997, Speed::mph(5), Speed::mph(40), 2);
}

#[test]
fn the_minnow_document_comes_to_13552_dollars_2999_5_lb_shown_3000_10_60_hc_2() {
    let json = r#"{
        "name": "Minnow",
        "hull": "dinghy",
        "plant": "medium",
        "propellers": [{}, {}],
        "crew": [{"role": "pilot"}, {"role": "passenger", "count": 2}],
        "weapons": [
            {"weapon": "mml", "mount": "F", "ammo": "ap"},
            {"weapon": "mg", "mount": "B", "ammo": "hd"}
        ],
        "accessories": [{"item": "targeting-computer"}, {"item": "marine-radio"}],
        "armor": {"type": "fireproof", "points": {"F": 12, "R": 10, "L": 10, "B": 10, "U": 10}}
    }"#;

    let d: Design = serde_json::from_str(json).expect("the document reads");
    assert_eq!(d, examples::minnow());
    check_figures(&d, 13_552, 299_950, 3000, Speed::mph(10), Speed::mph(60), 2);
}
