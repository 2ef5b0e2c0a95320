//! The Samurai data files, and what the build says about a malformed one.

#[path = "../../datafile.rs"]
#[expect(dead_code, reason = "the shared reader has helpers only the other games' generators use")]
#[expect(
    clippy::duplicate_mod,
    reason = "each game's generator tests compile the shared reader as build.rs does"
)]
#[macro_use]
mod datafile;
#[path = "generate.rs"]
mod generate;

generator_tests!("src/games/samurai/data", "samurai_data.rs");

#[test]
fn a_malformed_unit_row_stops_the_build_naming_where() {
    let e = build_error(
        "units.csv",
        "ashigaru-bow,Ashigaru Bow,AB,no,circle",
        "ashigaru-bow,Ashigaru Bow,AB,no,hexagon",
    );
    assert!(e.starts_with("units.csv, line 5, column rank: \"hexagon\" is not one of"), "{e}");
    let e = build_error("units.csv", "sohei-archers,", "sohei-warriors,");
    assert!(e.contains("column id: \"sohei-warriors\" is not a new id"), "{e}");
    let e = build_error(
        "units.csv",
        "ashigaru-arquebus,Ashigaru Arquebus,AQ",
        "ashigaru-arquebus,Ashigaru Arquebus,AB",
    );
    assert!(e.contains("column token: \"AB\" is not two capitals no other type has"), "{e}");
    let e = build_error("ranks.csv", "square,Square (red),4", "square,Square (red),12");
    assert!(e.contains("column dice: 12 is not 0 to 9"), "{e}");
}
