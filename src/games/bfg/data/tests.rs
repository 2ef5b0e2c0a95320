//! The BFG data files, and what the build says about a malformed one. (The tables' figures
//! against the files' worked facts are checked in `bfg/tests/`.)

#[path = "../../datafile.rs"]
#[expect(dead_code, reason = "the shared reader has helpers only the other games' generators use")]
#[expect(
    clippy::duplicate_mod,
    reason = "each game's generator tests compile the shared reader as build.rs does"
)]
mod datafile;
#[path = "generate.rs"]
mod generate;

fn data_files() -> datafile::Files {
    datafile::testing::files("src/games/bfg/data", &generate::FILES)
}

/// What the build says about the data files with `from` replaced by `to` in `file`.
fn build_error(file: &str, from: &str, to: &str) -> String {
    datafile::testing::refusal(data_files(), generate::generate, (file, from, to))
}

#[test]
fn the_build_included_what_the_data_files_generate() {
    let generated = generate::generate(&data_files()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(generated, include_str!(concat!(env!("OUT_DIR"), "/bfg_data.rs")));
}

#[test]
fn ids_are_names_in_lower_case_with_hyphens() {
    assert_eq!(generate::slug("Explorer (Gal'leath)"), "explorer-gal-leath");
    assert_eq!(generate::slug("Eldar (Corsair)"), "eldar-corsair");
    assert_eq!(generate::slug("Terror Ship"), "terror-ship");
}

#[test]
fn an_unclaimed_choice_in_a_cell_stops_the_build() {
    let e = build_error("options.csv", "Kraken,torpedoes", "Krakken,torpedoes");
    assert_eq!(e, "options.csv, line 25, column ship: ships.csv has no ship \"Krakken\"");
    let e = build_error(
        "options.csv",
        "Corsair escort,torpedoes,Torpedoes,,torpedoes,option 2@30",
        "Corsair escort,torpedoes,Torpedoes,,torpedoes,2@30",
    );
    assert!(e.contains("\"option\" marks a choice that no row of options.csv claims"), "{e}");
    let e = build_error("options.csv", "Emperor battleship,sharks", "Oberon battleship,sharks");
    // The Emperor's Sharks are now claimed by nobody.
    assert!(
        e.ends_with("\"Shark 30 +5pts\" is a choice (priced or \"opt\") that no row of options.csv claims"),
        "{e}"
    );
    let e = build_error("options.csv", "Shark 30 +5pts,cell", "Shark 30 +6pts,cell");
    assert!(e.contains("\"Shark 30 +6pts\" is not once in Emperor battleship's cell"), "{e}");
}

#[test]
fn a_craft_speed_that_disagrees_between_the_received_files_stops_the_build() {
    let e = build_error("ships.csv", "2+2 (Fury 30/Starhawk 20)", "2+2 (Fury 25/Starhawk 20)");
    assert!(e.ends_with("Fury moves 25 cm here but 30 cm in attack-craft.csv"), "{e}");
    let e = build_error(
        "ships.csv",
        "(Swiftdeath 30/Doomfire 20/Dreadclaw 30)",
        "(Swiftdeth 30/Doomfire 20/Dreadclaw 30)",
    );
    assert!(e.ends_with("craft.csv has no Chaos craft written \"Swiftdeth\""), "{e}");
}

#[test]
fn every_received_craft_row_is_named_unless_it_is_a_torpedo_row() {
    let e = build_error("craft.csv", "manta,Manta bomber,Tau,Manta,,Manta\n", "");
    assert!(e.contains("craft.csv names no craft of this row"), "{e}");
}

#[test]
fn a_price_must_be_read_where_the_cell_gives_one() {
    let e = build_error("options.csv", "Shark 30 +5pts,cell", "Shark 30 +5pts,unknown");
    assert!(e.ends_with("the text in `from` gives a price: write `cell`"), "{e}");
}

#[test]
fn armour_must_be_two_to_six_plus() {
    let e = build_error(
        "ships.csv",
        "Cairn tombship,500,BB,12,20,45,4+ save,6+",
        "Cairn tombship,500,BB,12,20,45,4+ save,7+",
    );
    assert!(e.ends_with("\"7+\" is not 2+ to 6+"), "{e}");
}
