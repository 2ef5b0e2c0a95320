//! The BFG data files, and what the build says about a malformed one. (The tables' figures
//! against the files' worked facts are checked in `bfg/tests/`.)

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

generator_tests!("src/games/bfg/data", "bfg_data.rs");

#[test]
fn ids_are_names_in_lower_case_with_hyphens() {
    assert_eq!(generate::slug("Explorer (Gal'leath)"), "explorer-gal-leath");
    assert_eq!(generate::slug("Eldar (Corsair)"), "eldar-corsair");
    assert_eq!(generate::slug("Terror Ship"), "terror-ship");
}

#[test]
fn an_unclaimed_choice_in_a_cell_stops_the_build() {
    let e = build_error("options.csv", "Kraken,torpedoes", "Krakken,torpedoes");
    assert_eq!(e, "options.csv, line 94, column ship: ships.csv has no ship \"Krakken\"");
    // The Emperor's Sharks, claimed by nobody.
    let e = build_error(
        "options.csv",
        "Emperor battleship,sharks,Shark assault boats,,,,cell,,shark-assault-boat,,in-gothic/ordnance,in-all,,,bays:Shark 30 +5pts,\n",
        "",
    );
    assert!(
        e.ends_with("\"Shark 30 +5pts\" is a choice (priced or \"opt\") that no row of options.csv claims"),
        "{e}"
    );
    let e = build_error("options.csv", "bays:Shark 30 +5pts", "bays:Shark 30 +6pts");
    assert!(e.contains("\"Shark 30 +6pts\" is not once in Emperor battleship's cell"), "{e}");
    // The Corsair escort's torpedoes left unclaimed: "option" marks a choice.
    let e = build_error("options.csv", "torpedoes:option 2@30", "");
    assert!(e.contains("\"option\" marks a choice that no row of options.csv claims"), "{e}");
}

#[test]
fn what_a_cell_leaves_standard_must_be_what_the_weapons_give() {
    // The Dictator's standard bays: 2+2 in its cell, two weapons rows of 2.
    let e = build_error("ships.csv", "220,CA,8,20,45,2,6+F/5+,3,2+2", "220,CA,8,20,45,2,6+F/5+,3,3+2");
    assert!(e.ends_with("the cell gives 5 standard launch bays, weapons.csv gives 4"), "{e}");
    let e = build_error(
        "ships.csv",
        "Retribution battleship,345,BB,12,20,45,4,6+F/5+,4,-,9@30",
        "Retribution battleship,345,BB,12,20,45,4,6+F/5+,4,-,8@30",
    );
    assert!(
        e.ends_with("the cell gives the standard salvo Some(\"8@30\"), weapons.csv gives Some(\"9@30\")"),
        "{e}"
    );
}

#[test]
fn an_option_must_fit_weapons_its_ship_has_at_prices_that_agree() {
    let e = build_error(
        "options.csv",
        "Prow nova cannon,Prow torpedoes,weapons",
        "Prow nova gun,Prow torpedoes,weapons",
    );
    assert!(e.ends_with("weapons.csv gives Lunar cruiser no weapon \"Prow nova gun\""), "{e}");
    let e = build_error(
        "weapons.csv",
        "Starboard weapons battery (early pattern),battery,6,45,right,option -5 pts",
        "Starboard weapons battery (early pattern),battery,6,45,right,option -4 pts",
    );
    assert!(e.contains("prices it -4, not -5"), "{e}");
    // A weapon row that is an option nobody fits.
    let e =
        build_error("options.csv", "Cairn tombship,sepulchre,Sepulchre,,Sepulchre,,weapons,,,,,,,,,\n", "");
    assert!(e.ends_with("column weapon: an option or choice no row of options.csv fits"), "{e}");
}

#[test]
fn a_rule_kind_the_engine_does_not_know_stops_the_build_with_the_file_and_line() {
    let e = build_error(
        "fleet-lists.csv",
        "in-gothic/cruisers,cruiser (incl. light cruisers),max",
        "in-gothic/cruisers,cruiser (incl. light cruisers),most",
    );
    assert_eq!(
        e,
        "fleet-lists.csv, line 19, column kind: \"most\" is not a rule kind the engine knows (min, max, ratio, requires, per_points, option)"
    );
}

#[test]
fn a_check_the_engine_does_not_know_stops_the_build_with_the_file_and_line() {
    let e = build_error("list-rules.csv", "in-gothic/cruisers,max 12 of", "in-gothic/cruisers,at-most 12 of");
    assert!(e.starts_with("list-rules.csv, line "), "{e}");
    assert!(e.ends_with("column check: \"at-most\" is not a check the engine knows"), "{e}");
    let e = build_error(
        "list-rules.csv",
        "in-gothic/battleships,ratio 1 of battleship per 3 of cruiser+light",
        "in-gothic/battleships,ratio 1 of battleship per 3 of cruisr+light",
    );
    assert!(e.ends_with("\"cruisr\" is not a class, a kind or a set the language knows"), "{e}");
    let e = build_error("list-rules.csv", "max 12 of =torture-cruiser", "max 12 of =torture-crusier");
    assert!(e.ends_with("there is no ship \"torture-crusier\""), "{e}");
}

#[test]
fn every_rule_has_a_reading_and_every_reading_a_rule() {
    let e = build_error("list-rules.csv", "nec-harvest/shrouds,max 3 of =shroud-light-cruiser,,,\n", "");
    assert_eq!(
        e,
        "fleet-lists.csv, line 156, column rule_id: list-rules.csv has no reading of \"nec-harvest/shrouds\""
    );
    let e = build_error("list-rules.csv", "nec-harvest/shrouds,max 3", "nec-harvest/shroud,max 3");
    assert!(e.ends_with("column rule_id: fleet-lists.csv has no rule \"nec-harvest/shroud\""), "{e}");
}

#[test]
fn every_commanders_row_is_read_or_said_to_be_left() {
    let e = build_error(
        "leaders.csv",
        "dread-archon,Dread Archon,Dread Archon,row",
        "dread-archon,Dread Archon,Dread Arch0n,row",
    );
    assert!(e.ends_with("commanders.csv has no row \"Dread Arch0n\""), "{e}");
    let e = build_error("leaders.csv", "kor-o-mesme,", "x-kor-o-mesme,");
    assert!(!e.is_empty());
    // A ladder figure must be written in the received rows.
    let e = build_error("leaders.csv", "de-pirates,commander,25;50;100", "de-pirates,commander,25;55;100");
    assert!(e.ends_with("55 is in neither the row's notes nor the ladder rows"), "{e}");
}

#[test]
fn options_and_readings_name_each_other() {
    let e = build_error(
        "list-rules.csv",
        "in-all/power-ram,options power-ram",
        "in-all/power-ram,options power-rams",
    );
    assert!(e.ends_with("options.csv sells no option \"power-rams\" under in-all/power-ram"), "{e}");
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
fn armour_must_be_two_to_six_plus() {
    let e = build_error(
        "ships.csv",
        "Cairn tombship,500,BB,12,20,45,4+ save,6+",
        "Cairn tombship,500,BB,12,20,45,4+ save,7+",
    );
    assert!(e.ends_with("\"7+\" is not 2+ to 6+"), "{e}");
}
