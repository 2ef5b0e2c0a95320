//! The Epic data files, and what the build says about a malformed one. (The tables' figures
//! against the supplement are checked in `epic/tests.rs`.)

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

generator_tests!("src/games/epic/data", "epic_data.rs");

#[test]
fn a_vessel_naming_an_unknown_special_rule_stops_the_build() {
    let e = build_error("vessels.csv", "stubborn; depth-charges", "stubborn; depth-charge");
    assert_eq!(e, "vessels.csv, line 2, column special: special-rules.csv has no \"depth-charge\"");
}

#[test]
fn a_chain_or_entry_naming_an_unknown_vessel_stops_the_build() {
    let e =
        build_error("lists.csv", "hq; mangler; powerbarj; destroyer", "hq; mangler; powerbarj; destryoer");
    assert_eq!(e, "lists.csv, line 4, column chain: vessels.csv has no \"destryoer\"");
    let e = build_error("entries.csv", "chaos-aqua,main,hellslammer", "chaos-aqua,main,hell-slammer");
    assert_eq!(e, "entries.csv, line 18, column vessel: vessels.csv has no \"hell-slammer\"");
}

#[test]
fn a_section_limit_must_be_worded_as_the_lists_word_it() {
    let e = build_error("sections.csv", "Main Force,1 to 5", "Main Force,1-5");
    assert!(e.starts_with("sections.csv, line 6, column limit: \"1-5\" is not \"exactly <n>\""), "{e}");
    let e = build_error("sections.csv", "Main Force,1 to 5", "Main Force,5 to 1");
    assert_eq!(e, "sections.csv, line 6, column limit: \"5 to 1\" runs backwards");
}

#[test]
fn a_note_is_written_once_and_must_be_shown_somewhere() {
    let e = build_error("lists.csv", "imperial-strategy; ", "");
    assert_eq!(e, "notes.csv, line 7, column id: no vessel or list shows this note");
    let e = build_error("vessels.csv", "ram(3),hellslammer-barrage", "ram(3),hellslammer-b");
    assert_eq!(e, "vessels.csv, line 18, column note: notes.csv has no note \"hellslammer-b\"");
}

#[test]
fn a_rule_with_a_value_must_write_it_into_its_explanation() {
    let e = build_error("special-rules.csv", "Carries up to {x} units", "Carries up to x units");
    assert_eq!(
        e,
        "special-rules.csv, line 8, column explanation: a rule named \"(x)\" says \"{x}\" in its explanation, and only such a rule"
    );
}

#[test]
fn a_note_is_a_decision_or_a_rule_about_something_known() {
    let e = build_error("notes.csv", "per-vessel,decision,", "per-vessel,reading,");
    assert!(e.starts_with("notes.csv, line 2, column kind:"), "{e}");
    let e = build_error("notes.csv", "decision,alligator-apc,", "decision,aligator-apc,");
    assert_eq!(e, "notes.csv, line 6, column about: vessels.csv has no \"aligator-apc\"");
}
