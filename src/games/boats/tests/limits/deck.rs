//! Decks and the hull items.

use super::*;

// ---------------------------------------------------------------- deck

#[test]
fn a_cruiser_and_a_yacht_must_have_a_deck() {
    for (d, name, total) in [(cruiser(), "Cruiser", 37), (yacht(), "Yacht", 58)] {
        let mut bare = d.clone();
        bare.deck = None;

        assert_eq!(
            flagged(&bare, Code::DeckRequired),
            error(&format!(
                "A {name} must have a Deck; add one and split its {total} spaces below and above"
            ))
        );
        assert_legal_without(&d, Code::DeckRequired);
    }
}

#[test]
fn a_rowboat_cannot_have_a_deck() {
    let mut d = rowboat();
    d.deck = Some(Deck { below: None });
    let mut neighbour = dinghy();
    neighbour.deck = Some(Deck { below: None });

    assert_eq!(flagged(&d, Code::DeckNotAllowed), error("A Rowboat cannot have a Deck"));
    assert_legal_without(&neighbour, Code::DeckNotAllowed);
}

#[test]
fn a_forbidden_deck_is_not_laid_out_or_armored() {
    // Arrange: a Rowboat with a lopsided Deck and deck armor.
    let mut d = with_armor(rowboat(), Loc::D, 1);
    d.deck = Some(Deck { below: Some(0) });

    // Act
    let e = check(&d);

    // Assert: one problem for the Deck, and D is not a location this boat has.
    let codes: Vec<crate::games::Code> = e.problems.iter().map(|p| p.code).collect();
    assert_eq!(codes, vec![Code::DeckNotAllowed, Code::ArmorLocation]);
    assert_eq!(e.figures.below_deck, None);
}

#[test]
fn each_part_of_a_deck_needs_a_third_of_the_spaces() {
    // A Cruiser has 25 + 12 = 37 spaces: each part needs at least 13.
    let split = |below| {
        let mut d = cruiser();
        d.deck = Some(Deck { below: Some(below) });
        d
    };

    assert_eq!(
        flagged(&split(12), Code::DeckSectionTooSmall),
        error("Below deck has 12 of the 37 spaces; each part of the Deck needs at least a third (13)")
    );
    assert_eq!(
        flagged(&split(25), Code::DeckSectionTooSmall),
        error("Above deck has 12 of the 37 spaces; each part of the Deck needs at least a third (13)")
    );
    assert_legal_without(&split(13), Code::DeckSectionTooSmall);
    assert_legal_without(&split(24), Code::DeckSectionTooSmall);
}

#[test]
fn a_yachts_deck_parts_need_twenty_of_its_fifty_eight_spaces() {
    let split = |below| {
        let mut d = yacht();
        d.deck = Some(Deck { below: Some(below) });
        d
    };

    assert_eq!(
        flagged(&split(19), Code::DeckSectionTooSmall),
        error("Below deck has 19 of the 58 spaces; each part of the Deck needs at least a third (20)")
    );
    assert_legal_without(&split(20), Code::DeckSectionTooSmall);
}

#[test]
fn a_deck_part_holds_no_more_than_its_spaces() {
    // Arrange: 13 spaces below; the Large plant takes 6 of them.
    let mut base = cruiser();
    base.deck = Some(Deck { below: Some(13) });
    let below = |n| {
        let mut d = base.clone();
        d.crew.push(CrewEntry { deck: Some(Section::Below), ..CrewEntry::new(role("passenger"), n) });
        d
    };

    // Act
    let got = flagged(&below(8), Code::DeckSectionFull);

    // Assert
    assert_eq!(
        got,
        error("Below deck holds 14 spaces of parts but has 13; move something or change the split")
    );
    assert_legal_without(&below(7), Code::DeckSectionFull);
}

#[test]
fn the_part_above_deck_holds_no_more_than_its_spaces() {
    // 24 below leaves 13 above; the pilot takes 2 of them.
    let mut base = cruiser();
    base.deck = Some(Deck { below: Some(24) });
    let above = |n| with_crew(base.clone(), "passenger", n);

    assert_eq!(
        flagged(&above(12), Code::DeckSectionFull),
        error("Above deck holds 14 spaces of parts but has 13; move something or change the split")
    );
    assert_legal_without(&above(11), Code::DeckSectionFull);
}

#[test]
fn a_deck_cannot_put_more_below_than_the_boat_has() {
    let mut d = cruiser();
    d.deck = Some(Deck { below: Some(38) });
    let mut neighbour = cruiser();
    neighbour.deck = Some(Deck { below: Some(24) });

    assert_eq!(flagged(&d, Code::DeckSplit), error("38 spaces below deck is more than the 37 a Cruiser has"));
    assert_legal_without(&neighbour, Code::DeckSplit);
}

#[test]
fn placing_parts_on_a_boat_without_a_deck_is_ignored_and_said_so() {
    let mut d = dinghy();
    d.crew[0].deck = Some(Section::Below);

    assert_eq!(
        flagged(&d, Code::NoDeckToPlaceOn),
        warning(
            "Some parts are placed below or above deck, but the boat has no Deck: the placement is ignored"
        )
    );
    assert_legal_without(&dinghy(), Code::NoDeckToPlaceOn);
}

// ---------------------------------------------------------------- hull items

#[test]
fn a_weighted_keel_cannot_go_on_a_rowboat_or_dinghy() {
    for (d, name) in [(rowboat(), "Rowboat"), (dinghy(), "Dinghy")] {
        let keeled = Design { weighted_keel: true, ..d };

        assert_eq!(
            flagged(&keeled, Code::KeelNotAllowed),
            error(&format!("A weighted keel cannot go on a {name}; only Speeders and larger"))
        );
    }
    assert_legal_without(&Design { weighted_keel: true, ..speeder() }, Code::KeelNotAllowed);
}

#[test]
fn a_spoiler_cannot_go_on_a_cruiser_or_yacht() {
    for (d, name) in [(cruiser(), "Cruiser"), (yacht(), "Yacht")] {
        let spoilt = Design { spoiler: true, ..d };

        assert_eq!(
            flagged(&spoilt, Code::SpoilerNotAllowed),
            error(&format!("A spoiler only fits a Speeder or smaller, not a {name}"))
        );
    }
    assert_legal_without(&Design { spoiler: true, ..speeder() }, Code::SpoilerNotAllowed);
}

#[test]
fn oars_only_go_on_a_rowboat_or_dinghy() {
    for (d, name) in [(speeder(), "Speeder"), (cruiser(), "Cruiser"), (yacht(), "Yacht")] {
        let rowed = Design { oars: 1, ..d };

        assert_eq!(
            flagged(&rowed, Code::OarsNotAllowed),
            error(&format!("Oars only work on a Rowboat or Dinghy, not a {name}"))
        );
    }
    assert_legal_without(&Design { oars: 1, ..dinghy() }, Code::OarsNotAllowed);
}
