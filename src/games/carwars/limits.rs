//! Every construction limit the engine checks, one test each: the smallest design that breaks the
//! limit (a legal minimal boat plus exactly the offending part) with the problem's exact code,
//! severity and message, next to a legal neighbour that does not have it. Then the figures the
//! rules give in numbers, and the published boats read from their JSON documents.

use super::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use super::evaluate::{Evaluation, LineKind, band, check, range_miles};
use super::examples::{self, tests::check_figures};
use super::tables::{self, Hull, Item, Loc, Mount, Plant, Role, Weapon};
use super::units::{Money, Spaces, Speed, Weight};
use crate::games::{Code, Severity};

// ---------------------------------------------------------------- helpers

fn hull(id: &str) -> &'static Hull {
    tables::hull(id).expect("a hull id from our tables")
}

fn plant(id: &str) -> &'static Plant {
    tables::plant_by_id(id).expect("a plant id from our tables")
}

fn weapon(id: &str) -> &'static Weapon {
    tables::weapon_by_id(id).expect("a weapon id from our tables")
}

fn item(id: &str) -> &'static Item {
    tables::accessory(id).expect("an accessory id from our tables")
}

fn role(id: &str) -> &'static Role {
    tables::role(id).expect("a role id from our tables")
}

/// The smallest legal boat of a hull: the empty hull with its pilot, a plant, one propeller sized
/// to it, and the Deck a Cruiser or Yacht must have.
fn boat(hull_id: &str, plant_id: &str) -> Design {
    let mut d = Design::blank(hull(hull_id));
    d.plant = Some(Ref::Known(plant(plant_id)));
    d.propellers.push(PropellerEntry { size: None, guard: 0 });
    d
}

/// 360 lb, 4 of 6 spaces.
fn rowboat() -> Design {
    boat("rowboat", "mini")
}

/// 1,765 lb, 5 of 10 spaces.
fn dinghy() -> Design {
    boat("dinghy", "small")
}

/// 3,375 lb, 6 of 17 spaces.
fn speeder() -> Design {
    boat("speeder", "medium")
}

/// 6,390 lb, 8 of 25 spaces; Deck split 19 below, 18 above.
fn cruiser() -> Design {
    boat("cruiser", "large")
}

/// 11,425 lb, 10 of 40 spaces; Deck split 29 below, 29 above.
fn yacht() -> Design {
    boat("yacht", "super")
}

fn with_weapon(mut d: Design, id: &str, mount: Mount) -> Design {
    d.weapons.push(WeaponEntry::new(weapon(id), Some(mount)));
    d
}

fn with_entry(mut d: Design, e: WeaponEntry) -> Design {
    d.weapons.push(e);
    d
}

fn with_accessory(mut d: Design, id: &str, count: u16) -> Design {
    d.accessories.push(AccessoryEntry::new(item(id), count));
    d
}

fn with_crew(mut d: Design, id: &str, count: u16) -> Design {
    d.crew.push(CrewEntry::new(role(id), count));
    d
}

fn with_top(mut d: Design, top: Top) -> Design {
    d.top = top;
    d
}

fn turret(size: u8, weapons: &[&str]) -> TurretEntry {
    TurretEntry {
        size,
        popup: false,
        universal: false,
        location: None,
        weapons: weapons.iter().map(|id| WeaponEntry::new(weapon(id), None)).collect(),
    }
}

fn with_turret(mut d: Design, t: TurretEntry) -> Design {
    d.turrets.push(t);
    d
}

fn with_armor(mut d: Design, loc: Loc, points: u16) -> Design {
    d.armor.points.set(loc, points);
    d
}

fn cargo(spaces: u16, weight: u32) -> CargoEntry {
    CargoEntry { name: String::new(), spaces, weight, deck: None, cargo: true }
}

/// Severity and message of every problem with this code.
fn flagged(d: &Design, code: Code) -> Vec<(Severity, String)> {
    check(d).problems.into_iter().filter(|p| p.code == code).map(|p| (p.severity, p.message)).collect()
}

fn error(message: &str) -> Vec<(Severity, String)> {
    vec![(Severity::Error, message.to_owned())]
}

fn warning(message: &str) -> Vec<(Severity, String)> {
    vec![(Severity::Warning, message.to_owned())]
}

/// The neighbour is legal and free of the problem.
fn assert_legal_without(d: &Design, code: Code) {
    let e = check(d);
    assert!(e.problems.iter().all(|p| p.code != code), "{code} in {:?}", e.problems);
    assert!(e.legal(), "the neighbour should be legal: {:?}", e.problems);
}

/// The neighbour does not have the problem (it may break another limit on purpose).
fn assert_without(d: &Design, code: Code) {
    assert_eq!(flagged(d, code), vec![], "{code}");
}

fn figures_of(d: &Design) -> super::Figures {
    check(d).figures
}

/// The first ledger line of a kind.
fn line_of(e: &Evaluation, wanted: impl Fn(&LineKind) -> bool) -> (Money, Weight, Spaces) {
    let l = e.ledger.iter().find(|l| wanted(&l.kind)).expect("the ledger has the line");
    (l.cost, l.weight, l.spaces)
}

fn lb(p: i64) -> Weight {
    Weight::whole(p)
}

fn usd(d: i64) -> Money {
    Money::whole(d)
}

fn sp(s: i64) -> Spaces {
    Spaces::whole(s)
}

// ---------------------------------------------------------------- the minimal boats

#[test]
fn the_minimal_boat_of_every_hull_is_legal() {
    for d in [rowboat(), dinghy(), speeder(), cruiser(), yacht()] {
        // Act
        let e = check(&d);

        // Assert
        assert_eq!(e.problems, vec![], "{}", d.hull.id());
    }
}

// ---------------------------------------------------------------- load and spaces

#[test]
fn the_darter_with_one_more_point_of_armor_is_over_its_max_load() {
    // Arrange: the Darter weighs 799 lb of the Rowboat's 800; a point of armor is 3 lb.
    let darter = super::examples::darter();
    let heavier = with_armor(darter.clone(), Loc::U, 4);

    // Act
    let got = flagged(&heavier, Code::OverMaxLoad);

    // Assert
    assert_eq!(got, error("Weighs 802 lb; a Rowboat's maximum load is 800 lb (2 lb over)"));
    assert_legal_without(&darter, Code::OverMaxLoad);
}

#[test]
fn a_boat_at_exactly_its_max_load_is_legal() {
    let mut d = rowboat();
    d.cargo.push(CargoEntry { cargo: false, ..cargo(0, 440) });

    assert_eq!(figures_of(&d).weight, lb(800));
    assert_legal_without(&d, Code::OverMaxLoad);
}

#[test]
fn a_third_of_a_space_too_many_is_over_spaces() {
    // Arrange: a Dinghy with 5 passengers fills its 10 spaces; a mini rocket takes a third more.
    let full = with_crew(dinghy(), "passenger", 5);
    let over = with_weapon(full.clone(), "mini-rocket", Mount::F);

    // Act
    let got = flagged(&over, Code::OverSpaces);

    // Assert
    assert_eq!(got, error("Parts take 10 1/3 spaces; a Dinghy has 10"));
    assert_legal_without(&full, Code::OverSpaces);
}

#[test]
fn a_fourth_passenger_in_a_speeders_cargo_space_is_over_its_three() {
    let mut three = speeder();
    three.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 3) });
    let mut four = three.clone();
    four.crew[1].count = 4;

    assert_eq!(
        flagged(&four, Code::OverCargoSpaces),
        error("Cargo space holds 4 spaces of goods and passengers; a Speeder has 3")
    );
    assert_legal_without(&three, Code::OverCargoSpaces);
}

#[test]
fn a_dinghy_has_no_cargo_space_at_all() {
    let mut d = dinghy();
    d.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 1) });

    assert_eq!(
        flagged(&d, Code::OverCargoSpaces),
        error("Cargo space holds 1 space of goods and passengers; a Dinghy has no cargo space")
    );
}

#[test]
fn a_fire_extinguisher_cannot_ride_in_cargo_space() {
    // Arrange
    let mut d = speeder();
    d.accessories.push(AccessoryEntry { cargo: true, ..AccessoryEntry::new(item("fire-extinguisher"), 1) });
    let mut neighbour = speeder();
    neighbour
        .accessories
        .push(AccessoryEntry { cargo: true, ..AccessoryEntry::new(item("passenger-accommodations"), 1) });

    // Act
    let got = flagged(&d, Code::NotForCargoSpace);

    // Assert
    assert_eq!(
        got,
        error(
            "Fire extinguisher cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"
        )
    );
    assert_legal_without(&neighbour, Code::NotForCargoSpace);
}

#[test]
fn a_gunner_cannot_ride_in_cargo_space_but_a_passenger_can() {
    let mut d = speeder();
    d.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("gunner"), 1) });
    let mut neighbour = speeder();
    neighbour.crew.push(CrewEntry { cargo: true, ..CrewEntry::new(role("passenger"), 1) });

    assert_eq!(
        flagged(&d, Code::NotForCargoSpace),
        error(
            "Gunner cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"
        )
    );
    assert_legal_without(&neighbour, Code::NotForCargoSpace);
}

// ---------------------------------------------------------------- big guns and the one-third rule

#[test]
fn an_anti_tank_gun_cannot_go_on_a_rowboat() {
    let d = with_weapon(rowboat(), "atg", Mount::F);
    let neighbour = with_weapon(dinghy(), "atg", Mount::F);

    assert_eq!(
        flagged(&d, Code::GunNotOnHull),
        error("Anti-tank gun cannot be mounted on a Rowboat; anti-tank guns need a Dinghy or larger")
    );
    assert_legal_without(&neighbour, Code::GunNotOnHull);
}

#[test]
fn a_tank_gun_cannot_go_on_a_dinghy() {
    let d = with_weapon(dinghy(), "tg", Mount::F);
    let neighbour = with_weapon(yacht(), "tg", Mount::F);

    assert_eq!(
        flagged(&d, Code::GunNotOnHull),
        error("Tank gun cannot be mounted on a Dinghy; tank guns need a Speeder or larger")
    );
    assert_legal_without(&neighbour, Code::GunNotOnHull);
}

#[test]
fn an_anti_tank_gun_on_a_dinghy_faces_front_or_back_only() {
    let d = with_weapon(dinghy(), "atg", Mount::L);
    let neighbour = with_weapon(dinghy(), "atg", Mount::B);

    assert_eq!(
        flagged(&d, Code::GunFrontOrBack),
        error("Anti-tank gun on a Dinghy must face front or back, not left")
    );
    assert_legal_without(&neighbour, Code::GunFrontOrBack);
}

#[test]
fn a_tank_gun_on_a_speeder_or_cruiser_faces_front_or_back_only() {
    // A tank gun is too big for either under the one-third rule; the facing is a limit of its own.
    for (d, name) in [(speeder(), "Speeder"), (cruiser(), "Cruiser")] {
        let right = with_weapon(d.clone(), "tg", Mount::R);
        let back = with_weapon(d, "tg", Mount::B);

        assert_eq!(
            flagged(&right, Code::GunFrontOrBack),
            error(&format!("Tank gun on a {name} must face front or back, not right"))
        );
        assert_without(&back, Code::GunFrontOrBack);
    }
}

#[test]
fn a_tank_gun_on_a_yacht_may_face_any_side() {
    let d = with_weapon(yacht(), "tg", Mount::BR);

    assert_legal_without(&d, Code::GunFrontOrBack);
}

#[test]
fn a_big_gun_that_must_face_front_or_back_cannot_go_in_a_turret() {
    // Arrange: the Dinghy's 1-space turret is also too small for the 3-space gun.
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["atg"]));
    let neighbour = with_turret(with_top(cruiser(), Top::Full), turret(3, &["atg"]));

    // Act
    let got = flagged(&d, Code::GunFrontOrBack);

    // Assert
    assert_eq!(got, error("Anti-tank gun on a Dinghy must face front or back, so it cannot go in a turret"));
    assert_legal_without(&neighbour, Code::GunFrontOrBack);
}

#[test]
fn a_tank_gun_is_too_big_for_a_cruiser_under_the_one_third_rule() {
    let d = with_weapon(cruiser(), "tg", Mount::F);
    let neighbour = with_weapon(yacht(), "tg", Mount::F);

    assert_eq!(
        flagged(&d, Code::WeaponTooBig),
        error(
            "Tank gun needs 10 spaces; a Cruiser's single weapon may use at most 8 (a third of its 25 spaces)"
        )
    );
    assert_legal_without(&neighbour, Code::WeaponTooBig);
}

#[test]
fn an_autocannon_is_too_big_for_a_rowboat_but_a_vulcan_fits() {
    let d = with_weapon(rowboat(), "ac", Mount::F);
    let neighbour = with_weapon(rowboat(), "vmg", Mount::F);

    assert_eq!(
        flagged(&d, Code::WeaponTooBig),
        error(
            "Autocannon needs 3 spaces; a Rowboat's single weapon may use at most 2 (a third of its 6 spaces)"
        )
    );
    assert_without(&neighbour, Code::WeaponTooBig);
}

// ---------------------------------------------------------------- turrets

/// A top with a turret one size over the hull's limit is flagged; at the limit it is legal.
fn check_turret_limit(d: Design, name: &str, largest: u8) {
    let over = with_turret(with_top(d.clone(), Top::Full), turret(largest + 1, &[]));
    let at = with_turret(with_top(d, Top::Full), turret(largest, &[]));

    assert_eq!(
        flagged(&over, Code::TurretTooBig),
        error(&format!(
            "A {}-space turret is too big for a {name}: its top takes at most a {largest}-space turret",
            largest + 1
        ))
    );
    assert_legal_without(&at, Code::TurretTooBig);
}

#[test]
fn a_rowboat_top_takes_only_a_zero_space_turret() {
    check_turret_limit(rowboat(), "Rowboat", 0);
}

#[test]
fn a_dinghy_top_takes_up_to_a_one_space_turret() {
    check_turret_limit(dinghy(), "Dinghy", 1);
}

#[test]
fn a_speeder_top_takes_up_to_a_two_space_turret() {
    check_turret_limit(speeder(), "Speeder", 2);
}

#[test]
fn a_cruiser_top_takes_up_to_a_three_space_turret() {
    check_turret_limit(cruiser(), "Cruiser", 3);
}

#[test]
fn a_yacht_top_takes_any_size_of_turret() {
    let d = with_turret(with_top(yacht(), Top::Full), turret(4, &[]));
    let popup = with_turret(with_top(yacht(), Top::Full), TurretEntry { popup: true, ..turret(4, &[]) });

    assert_legal_without(&d, Code::TurretTooBig);
    assert_legal_without(&popup, Code::TurretTooBig);
}

#[test]
fn there_is_no_five_space_turret() {
    let d = with_turret(with_top(yacht(), Top::Full), turret(5, &[]));

    assert_eq!(
        flagged(&d, Code::UnknownTurret),
        error("There is no 5-space turret; turrets hold 0 to 4 spaces")
    );
}

#[test]
fn only_a_yacht_with_a_full_boat_top_carries_a_second_turret() {
    let two = with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &[])), turret(1, &[]));
    let cruiser_two =
        with_turret(with_turret(with_top(cruiser(), Top::Full), turret(1, &[])), turret(1, &[]));

    assert_legal_without(&two, Code::TooManyTurrets);
    assert_eq!(
        flagged(&cruiser_two, Code::TooManyTurrets),
        error("This Cruiser has room for 1 turret: only a Yacht with a full Boat Top carries two")
    );
}

#[test]
fn a_yacht_with_a_half_top_gets_one_turret() {
    let one = with_turret(with_top(yacht(), Top::Half), turret(1, &[]));
    let two = with_turret(one.clone(), turret(1, &[]));

    assert_eq!(
        flagged(&two, Code::TooManyTurrets),
        error("This Yacht has room for 1 turret: a second turret needs a full Boat Top")
    );
    assert_legal_without(&one, Code::TooManyTurrets);
}

#[test]
fn a_third_turret_on_a_yacht_is_one_too_many() {
    let two = with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &[])), turret(1, &[]));
    let three = with_turret(two.clone(), turret(1, &[]));

    assert_eq!(
        flagged(&three, Code::TooManyTurrets),
        error("This Yacht has room for 2 turrets: one in each top location")
    );
    assert_legal_without(&two, Code::TooManyTurrets);
}

#[test]
fn a_turret_needs_a_top() {
    let d = with_turret(dinghy(), turret(1, &[]));
    let neighbour = with_turret(with_top(dinghy(), Top::Half), turret(1, &[]));

    assert_eq!(
        flagged(&d, Code::TurretNeedsTop),
        error("A turret sits in the roof: add a Boat Top or Half Top")
    );
    assert_legal_without(&neighbour, Code::TurretNeedsTop);
}

#[test]
fn a_turret_holds_no_more_than_its_size() {
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["vmg"]));
    let neighbour = with_turret(with_top(dinghy(), Top::Full), turret(1, &["mg"]));

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 1-space turret holds 1 space of weapons; its contents need 2")
    );
    assert_legal_without(&neighbour, Code::TurretOverfull);
}

#[test]
fn an_extra_magazine_counts_against_the_turret_room() {
    let mut t = turret(1, &["mg"]);
    t.weapons[0].extra_magazines = 1;
    let d = with_turret(with_top(dinghy(), Top::Full), t);

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 1-space turret holds 1 space of weapons; its contents need 2")
    );
}

#[test]
fn a_zero_space_turret_holds_only_a_targeting_laser() {
    let d = with_turret(with_top(rowboat(), Top::Full), turret(0, &["mg"]));
    let neighbour = with_turret(with_top(rowboat(), Top::Full), turret(0, &["tl"]));

    assert_eq!(
        flagged(&d, Code::TurretOverfull),
        error("The 0-space turret holds 0 spaces of weapons; its contents need 1")
    );
    assert_legal_without(&neighbour, Code::TurretOverfull);
}

#[test]
fn a_turret_on_a_yacht_with_a_full_top_goes_front_or_back() {
    let top = with_top(yacht(), Top::Full);
    let d = with_turret(top.clone(), TurretEntry { location: Some(Loc::T), ..turret(1, &[]) });
    let neighbour = with_turret(top, TurretEntry { location: Some(Loc::BT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("A turret on this Yacht goes in FT or BT, not T"));
    assert_legal_without(&neighbour, Code::TurretLocation);
}

#[test]
fn a_turret_on_a_small_boat_goes_in_its_one_top() {
    let d =
        with_turret(with_top(dinghy(), Top::Full), TurretEntry { location: Some(Loc::FT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("A turret on this Dinghy goes in T, not FT"));
}

#[test]
fn two_turrets_cannot_share_a_top_location() {
    let top = with_top(yacht(), Top::Full);
    let front = TurretEntry { location: Some(Loc::FT), ..turret(1, &[]) };
    let d = with_turret(with_turret(top.clone(), front.clone()), front.clone());
    let neighbour =
        with_turret(with_turret(top, front), TurretEntry { location: Some(Loc::BT), ..turret(1, &[]) });

    assert_eq!(flagged(&d, Code::TurretLocation), error("Two turrets in FT: each top location holds one"));
    assert_legal_without(&neighbour, Code::TurretLocation);
}

#[test]
fn a_dropped_weapon_cannot_go_in_a_turret() {
    let d = with_turret(with_top(dinghy(), Top::Full), turret(1, &["smokescreen"]));
    let neighbour = with_weapon(dinghy(), "smokescreen", Mount::B);

    assert_eq!(
        flagged(&d, Code::NotInTurret),
        error("Smokescreen drops its load over the side, so it cannot go in a turret")
    );
    assert_legal_without(&neighbour, Code::NotInTurret);
}

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
    let codes: Vec<Code> = e.problems.iter().map(|p| p.code).collect();
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

// ---------------------------------------------------------------- propulsion

#[test]
fn a_propeller_takes_at_most_ten_points_of_guard() {
    let guarded = |guard| {
        let mut d = dinghy();
        d.propellers[0].guard = guard;
        d
    };

    assert_eq!(
        flagged(&guarded(11), Code::PropellerGuardOver),
        error("Propeller 1 has 11 points of guard; a propeller takes at most 10")
    );
    assert_legal_without(&guarded(10), Code::PropellerGuardOver);
}

#[test]
fn a_jet_drive_replaces_propellers() {
    let d = Design { jet_drive: true, ..boat("dinghy", "medium") };
    let neighbour = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };

    assert_eq!(
        flagged(&d, Code::JetWithPropellers),
        error("A jet drive replaces propellers; remove the propeller or the jet drive")
    );
    assert_legal_without(&neighbour, Code::JetWithPropellers);
}

#[test]
fn a_jet_drive_short_of_power_factors_does_not_run_and_the_boat_stands_still() {
    // Arrange: 1,300 + 300 + 150 + 500 = 2,250 lb needs 1,125 power factors; a Small plant has 1,000.
    let d = Design { jet_drive: true, propellers: vec![], ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(
        flagged(&d, Code::JetDriveWontRun),
        warning(
            "The jet drive will not run: the plant's 1,000 power factors are under half the boat's 2,250 lb (it needs at least 1,125). With no propeller the boat has no powered movement: acceleration and top speed are 0"
        )
    );
    assert!(e.legal());
    assert_eq!(e.figures.jet_drive_running, Some(false));
    assert_eq!(e.figures.acceleration, Speed::ZERO);
    assert_eq!(e.figures.top_speed, Speed::ZERO);
    assert_eq!(e.figures.range_miles_at_20_mph, None);
    let neighbour = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };
    assert_legal_without(&neighbour, Code::JetDriveWontRun);
}

#[test]
fn a_propeller_must_be_sized_to_the_plant() {
    let sized = |id| {
        let mut d = dinghy();
        d.propellers[0].size = Some(Ref::Known(plant(id)));
        d
    };

    assert_eq!(
        flagged(&sized("medium"), Code::PropellerWrongSize),
        error("Propeller 1 is sized for a Medium plant; a Small plant turns Small propellers")
    );
    assert_legal_without(&sized("small"), Code::PropellerWrongSize);
}

#[test]
fn propellers_or_a_jet_drive_need_a_plant() {
    let props = Design { plant: None, ..dinghy() };
    let jet = Design { plant: None, propellers: vec![], jet_drive: true, ..dinghy() };

    assert_eq!(flagged(&props, Code::NoPlant), error("Propellers need a power plant; choose one"));
    assert_eq!(flagged(&jet, Code::NoPlant), error("The jet drive needs a power plant; choose one"));
    assert_eq!(flagged(&jet, Code::JetDriveWontRun), vec![]);
    assert_legal_without(&dinghy(), Code::NoPlant);
}

#[test]
fn a_plant_with_nothing_to_drive_cannot_move_the_boat() {
    let d = Design { propellers: vec![], ..dinghy() };

    assert_eq!(
        flagged(&d, Code::NoWayToMove),
        error("The power plant has nothing to drive: add a propeller or a jet drive")
    );
    assert_legal_without(&dinghy(), Code::NoWayToMove);
}

#[test]
fn a_boat_without_plant_or_oars_has_no_way_to_move() {
    let d = Design::empty(hull("dinghy"));
    let neighbour = Design { oars: 1, ..Design::empty(hull("dinghy")) };

    assert_eq!(
        flagged(&d, Code::NoWayToMove),
        error("The boat has no way to move: add a power plant with a propeller or jet drive, or oars")
    );
    assert_legal_without(&neighbour, Code::NoWayToMove);
}

#[test]
fn a_plant_without_propellers_on_a_rowed_boat_is_idle() {
    let d = Design { propellers: vec![], oars: 1, ..dinghy() };

    assert_eq!(
        flagged(&d, Code::PlantIdle),
        warning("The power plant has no propeller or jet drive to turn; only the oars move the boat")
    );
    assert_legal_without(&Design { oars: 1, ..dinghy() }, Code::PlantIdle);
}

// ---------------------------------------------------------------- crew

#[test]
fn every_boat_needs_a_pilot() {
    let nobody = Design { crew: vec![], ..dinghy() };
    let gunner_only = Design { crew: vec![CrewEntry::new(role("gunner"), 1)], ..dinghy() };

    for d in [nobody, gunner_only] {
        assert_eq!(flagged(&d, Code::NoPilot), error("Every boat needs a pilot; add one to the crew"));
    }
    assert_legal_without(&dinghy(), Code::NoPilot);
}

// ---------------------------------------------------------------- mounts

#[test]
fn a_small_boat_has_no_split_side_mounts() {
    let d = with_weapon(dinghy(), "mg", Mount::FL);
    let neighbour = with_weapon(dinghy(), "mg", Mount::L);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("A Dinghy has no front-left mount; use F, B, L or R")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

#[test]
fn a_yacht_mounts_side_weapons_front_or_back_of_the_side() {
    let d = with_weapon(yacht(), "mg", Mount::L);
    let neighbour = with_weapon(yacht(), "mg", Mount::BL);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("A Yacht has no left mount; use F, B, FL, FR, BL or BR")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

#[test]
fn a_dropped_weapon_cannot_face_front() {
    let d = with_weapon(dinghy(), "smokescreen", Mount::F);
    let yacht_charge = with_weapon(yacht(), "depth-charge", Mount::FR);
    let neighbour = with_weapon(dinghy(), "smokescreen", Mount::R);

    assert_eq!(
        flagged(&d, Code::MountNotAllowed),
        error("Smokescreen drops its load off the back or a side, so it cannot face front")
    );
    assert_eq!(
        flagged(&yacht_charge, Code::MountNotAllowed),
        error("Depth charge drops its load off the back or a side, so it cannot face front-right")
    );
    assert_legal_without(&neighbour, Code::MountNotAllowed);
}

// ---------------------------------------------------------------- armor

#[test]
fn a_dinghy_has_no_front_left_armor() {
    let d = with_armor(dinghy(), Loc::FL, 5);
    let neighbour = with_armor(yacht(), Loc::FL, 5);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error(
            "5 points on Front Left (FL), but this Dinghy has no such location; its locations are F, L, R, B, U"
        )
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn top_armor_needs_a_top() {
    let d = with_armor(dinghy(), Loc::T, 2);
    let neighbour = with_top(d.clone(), Top::Half);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("2 points on Top (T), but this Dinghy has no such location; its locations are F, L, R, B, U")
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn deck_armor_needs_a_deck() {
    let d = with_armor(dinghy(), Loc::D, 2);
    let neighbour = Design { deck: Some(Deck { below: None }), ..d.clone() };

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("2 points on Deck (D), but this Dinghy has no such location; its locations are F, L, R, B, U")
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn a_yacht_top_and_deck_are_armored_front_and_back() {
    let d = with_armor(with_top(yacht(), Top::Full), Loc::T, 1);
    let neighbour = with_armor(with_armor(with_top(yacht(), Top::Full), Loc::FT, 1), Loc::BD, 1);

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error(
            "1 point on Top (T), but this Yacht has no such location; its locations are F, FL, BL, FR, BR, B, FU, BU, FT, BT, FD, BD"
        )
    );
    assert_legal_without(&neighbour, Code::ArmorLocation);
}

#[test]
fn an_unknown_armor_location_is_named() {
    let mut d = dinghy();
    d.armor.points.unknown.push(("Q".into(), 5));

    assert_eq!(
        flagged(&d, Code::ArmorLocation),
        error("5 points on \"Q\", which is not an armor location; use F, L, R, B, U")
    );
}

// ---------------------------------------------------------------- unknown ids

#[test]
fn an_unknown_hull_lists_the_nearest_hulls() {
    let d = Design { hull: Ref::Unknown("yaht".into()), ..dinghy() };

    assert_eq!(
        flagged(&d, Code::UnknownHull),
        error("Unknown hull \"yaht\"; the nearest valid ids are: yacht, dinghy, rowboat, cruiser")
    );
}

#[test]
fn an_unknown_plant_lists_the_nearest_plants() {
    let d = Design { plant: Some(Ref::Unknown("meduim".into())), ..dinghy() };

    assert_eq!(
        flagged(&d, Code::UnknownPlant),
        error("Unknown power plant \"meduim\"; the nearest valid ids are: medium, mini, large, small")
    );
}

#[test]
fn an_unknown_propeller_size_lists_the_plants() {
    let mut d = dinghy();
    d.propellers[0].size = Some(Ref::Unknown("smal".into()));

    assert_eq!(
        flagged(&d, Code::UnknownPropellerSize),
        error("Unknown power plant \"smal\"; the nearest valid ids are: small, mini, super, large")
    );
}

#[test]
fn an_unknown_weapon_lists_the_nearest_weapons() {
    let mut d = dinghy();
    d.weapons
        .push(WeaponEntry { weapon: Ref::Unknown("vgm".into()), ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&d, Code::UnknownWeapon),
        error("Unknown weapon \"vgm\"; the nearest valid ids are: vmg, wgm, hmg, lmg")
    );
}

#[test]
fn an_unknown_accessory_lists_the_nearest_accessories() {
    let mut d = dinghy();
    d.accessories.push(AccessoryEntry {
        item: Ref::Unknown("sonarr".into()),
        ..AccessoryEntry::new(item("sonar"), 1)
    });

    assert_eq!(
        flagged(&d, Code::UnknownAccessory),
        error("Unknown accessory \"sonarr\"; the nearest valid ids are: sonar, radar, galley, solar-panel")
    );
}

#[test]
fn an_unknown_armor_type_lists_the_nearest_types() {
    let mut d = with_armor(dinghy(), Loc::F, 1);
    d.armor.kind = Ref::Unknown("fireprof".into());

    assert_eq!(
        flagged(&d, Code::UnknownArmorType),
        error(
            "Unknown armor type \"fireprof\"; the nearest valid ids are: fireproof, lr-fireproof, rp-fireproof, radarproof"
        )
    );
}

#[test]
fn an_unknown_crew_role_lists_the_roles() {
    let mut d = dinghy();
    d.crew.push(CrewEntry { role: Ref::Unknown("pilto".into()), ..CrewEntry::new(role("pilot"), 1) });

    assert_eq!(
        flagged(&d, Code::UnknownRole),
        error("Unknown crew role \"pilto\"; the nearest valid ids are: pilot, gunner, passenger")
    );
}

#[test]
fn an_unknown_ammunition_lists_the_weapons_ammunition() {
    let d = with_entry(
        dinghy(),
        WeaponEntry { ammo: Some("hdd".into()), ..WeaponEntry::new(weapon("mg"), None) },
    );
    let laser = with_entry(
        dinghy(),
        WeaponEntry { ammo: Some("hd".into()), ..WeaponEntry::new(weapon("light-laser"), None) },
    );

    assert_eq!(
        flagged(&d, Code::UnknownAmmo),
        error("Machine gun has no ammunition \"hdd\"; choose one of standard, hd, ap, incendiary, explosive")
    );
    assert_eq!(flagged(&laser, Code::UnknownAmmo), error("Light laser takes no ammunition; remove \"hd\""));
}

// ---------------------------------------------------------------- weapon options

#[test]
fn a_weapon_without_a_magazine_takes_no_extra_magazine_or_switch() {
    let mags = with_entry(
        dinghy(),
        WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("light-laser"), None) },
    );
    let switch = with_entry(
        dinghy(),
        WeaponEntry { magazine_switch: true, ..WeaponEntry::new(weapon("torpedo"), None) },
    );
    let neighbour =
        with_entry(dinghy(), WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&mags, Code::NoMagazine),
        error("Light laser has no magazine, so it cannot take extra magazines")
    );
    assert_eq!(
        flagged(&switch, Code::NoMagazine),
        error("Torpedo has no magazine, so it cannot take a magazine switch")
    );
    assert_legal_without(&neighbour, Code::NoMagazine);
}

#[test]
fn a_rocket_magazine_only_holds_single_shot_rockets() {
    let mg = with_entry(dinghy(), WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("mg"), None) });
    let torpedo =
        with_entry(dinghy(), WeaponEntry { rocket_magazine: 1, ..WeaponEntry::new(weapon("torpedo"), None) });
    let neighbour = with_entry(
        dinghy(),
        WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("light-rocket"), None) },
    );

    assert_eq!(
        flagged(&mg, Code::NoRocketMagazine),
        error("A rocket magazine only holds single-shot rockets, not a Machine gun")
    );
    assert_eq!(
        flagged(&torpedo, Code::NoRocketMagazine),
        error("A rocket magazine only holds single-shot rockets, not a Torpedo")
    );
    assert_legal_without(&neighbour, Code::NoRocketMagazine);
}

#[test]
fn a_single_linked_weapon_buys_no_link() {
    let d = with_entry(dinghy(), WeaponEntry { linked: true, ..WeaponEntry::new(weapon("mg"), None) });

    assert_eq!(
        flagged(&d, Code::LinkNothing),
        warning("Only one Machine gun: there is nothing to link it to, so no link is bought")
    );
    assert!(check(&d).ledger.iter().all(|l| !matches!(l.kind, LineKind::Links { .. })));
    let two =
        with_entry(dinghy(), WeaponEntry { linked: true, count: 2, ..WeaponEntry::new(weapon("mg"), None) });
    assert_legal_without(&two, Code::LinkNothing);
}

#[test]
fn a_magazine_switch_without_an_extra_magazine_is_pointless() {
    let d =
        with_entry(dinghy(), WeaponEntry { magazine_switch: true, ..WeaponEntry::new(weapon("mg"), None) });
    let neighbour = with_entry(
        dinghy(),
        WeaponEntry { magazine_switch: true, extra_magazines: 1, ..WeaponEntry::new(weapon("mg"), None) },
    );

    assert_eq!(
        flagged(&d, Code::SwitchWithoutMagazine),
        warning("The Machine gun's magazine switch has no second magazine to switch to")
    );
    assert_legal_without(&neighbour, Code::SwitchWithoutMagazine);
}

#[test]
fn a_count_of_zero_adds_nothing_and_is_said_so() {
    let gun = with_entry(dinghy(), WeaponEntry { count: 0, ..WeaponEntry::new(weapon("mg"), None) });
    let extinguisher = with_accessory(dinghy(), "fire-extinguisher", 0);
    let passengers = with_crew(dinghy(), "passenger", 0);

    assert_eq!(flagged(&gun, Code::CountZero), warning("Machine gun has a count of 0, so it adds nothing"));
    assert_eq!(
        flagged(&extinguisher, Code::CountZero),
        warning("Fire extinguisher has a count of 0, so it adds nothing")
    );
    assert_eq!(
        flagged(&passengers, Code::CountZero),
        warning("Passenger has a count of 0, so it adds nothing")
    );
    for d in [&gun, &extinguisher, &passengers] {
        assert_eq!(check(d).figures.cost, check(&dinghy()).figures.cost);
    }
    assert_legal_without(&with_accessory(dinghy(), "fire-extinguisher", 1), Code::CountZero);
}

// ---------------------------------------------------------------- warnings about the water

#[test]
fn hydrofoils_on_a_boat_that_never_reaches_35_mph_never_lift() {
    // Arrange: 1,300 + 100 + 10 + 150 + 650 = 2,210 lb on 500 power factors: 20 mph.
    let d = Design { hydrofoils: true, ..boat("dinghy", "mini") };
    let neighbour = Design { hydrofoils: true, ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(
        flagged(&d, Code::HydrofoilsNeverLift),
        warning(
            "Hydrofoils lift the boat at 35 mph, but its top speed is 20 mph: they never lift, and only add cost and weight"
        )
    );
    assert_eq!(e.figures.top_speed_on_hydrofoils, None);
    assert_eq!(e.figures.handling_class_on_hydrofoils, None);
    assert_legal_without(&neighbour, Code::HydrofoilsNeverLift);
}

#[test]
fn a_boat_faster_than_50_mph_overruns_its_forward_torpedo() {
    // 1,300 + 500 + 25 + 150 + 100 = 2,075 lb on 2,500 power factors: 80 mph.
    let d = with_weapon(boat("dinghy", "medium"), "torpedo", Mount::F);
    let neighbour = with_weapon(boat("dinghy", "medium"), "torpedo", Mount::B);

    assert_eq!(
        flagged(&d, Code::TorpedoOverrun),
        warning(
            "Torpedoes run at 50 mph; fired forward at more than that (top speed 80 mph) the boat catches and sets off its own torpedo"
        )
    );
    assert_legal_without(&neighbour, Code::TorpedoOverrun);
}

#[test]
fn a_boat_up_on_hydrofoils_overruns_its_forward_torpedo() {
    // Arrange: 1,765 + 100 + 650 = 2,515 lb on 1,000 power factors: 40 mph in the water, 60 once
    // foiling.
    let d = Design { hydrofoils: true, ..with_weapon(dinghy(), "torpedo", Mount::F) };
    let neighbour = Design { hydrofoils: true, ..with_weapon(dinghy(), "torpedo", Mount::B) };

    // Act
    let got = flagged(&d, Code::TorpedoOverrun);

    // Assert
    assert_eq!(check(&d).figures.top_speed, Speed::mph(40));
    assert_eq!(
        got,
        warning(
            "Torpedoes run at 50 mph; fired forward at more than that (top speed 60 mph on hydrofoils) the boat catches and sets off its own torpedo"
        )
    );
    assert_legal_without(&neighbour, Code::TorpedoOverrun);
}

#[test]
fn spikes_oil_and_ordinary_mines_do_nothing_on_water() {
    let spikes = with_weapon(dinghy(), "spikedropper", Mount::B);
    let mines = with_weapon(dinghy(), "minedropper", Mount::B);
    let oil = with_weapon(dinghy(), "oil-jet", Mount::B);
    let amphibious = with_entry(
        dinghy(),
        WeaponEntry {
            ammo: Some("amphibious".into()),
            ..WeaponEntry::new(weapon("minedropper"), Some(Mount::B))
        },
    );

    assert_eq!(
        flagged(&spikes, Code::NoEffectOnWater),
        warning("Spikedropper does nothing against boats with this load. Spikes sink at once.")
    );
    assert_eq!(
        flagged(&mines, Code::NoEffectOnWater),
        warning(
            "Minedropper does nothing against boats with this load. Ordinary mines sink harmlessly; amphibious mines (double price) float."
        )
    );
    assert_eq!(
        flagged(&oil, Code::NoEffectOnWater),
        warning("Oil jet does nothing against boats with this load. Oil does nothing on water.")
    );
    assert_legal_without(&amphibious, Code::NoEffectOnWater);
}

#[test]
fn a_design_from_a_newer_drydock_is_flagged() {
    let d = Design { version: super::DESIGN_VERSION + 1, ..dinghy() };

    assert_eq!(
        flagged(&d, Code::NewerVersion),
        warning(
            "This design was written by a newer Drydock (version 2); parts this version does not know may be missing"
        )
    );
    assert_legal_without(&dinghy(), Code::NewerVersion);
}

// ---------------------------------------------------------------- figures the rules give

#[test]
fn the_rules_speeder_of_4980_lb_with_a_medium_plant_does_10_and_60() {
    // Arrange: 2,700 + 500 + 25 + 150 = 3,375 lb, plus 1,605 lb of cargo.
    let mut d = speeder();
    d.cargo.push(cargo(1, 1605));

    // Act
    let f = figures_of(&d);

    // Assert: 2,500 / 4,980 = .502.
    assert_eq!(f.weight, lb(4980));
    assert_eq!(f.power_ratio, 0.502);
    assert_eq!(f.acceleration, Speed::mph(10));
    assert_eq!(f.top_speed, Speed::mph(60));
}

#[test]
fn the_same_speeder_with_a_mini_plant_barely_moves() {
    // 2,700 + 100 + 10 + 150 = 2,960 lb, plus 2,020 lb of cargo: 500 / 4,980 = .1004.
    let mut d = boat("speeder", "mini");
    d.cargo.push(cargo(1, 2020));

    let f = figures_of(&d);

    assert_eq!(f.weight, lb(4980));
    assert_eq!(f.acceleration, Speed::halves(5));
    assert_eq!(f.top_speed, Speed::mph(20));
}

#[test]
fn a_ratio_of_exactly_0_333_is_in_the_5_and_40_band() {
    let at = band(333, lb(1000));
    let under = band(332, lb(1000));

    assert_eq!((at.acceleration, at.top_speed), (Speed::mph(5), Speed::mph(40)));
    assert_eq!((under.acceleration, under.top_speed), (Speed::halves(5), Speed::mph(20)));
}

#[test]
fn a_yacht_at_exactly_0_333_does_5_and_40_and_a_pound_more_does_2_5_and_20() {
    // Arrange: 8,000 power factors move 24,024 lb at exactly .333.
    let loaded = |weight| {
        let mut d = yacht();
        d.cargo.push(cargo(1, weight));
        d
    };

    // Act
    let at = figures_of(&loaded(24_024 - 11_425));
    let over = figures_of(&loaded(24_025 - 11_425));

    // Assert
    assert_eq!(at.weight, lb(24_024));
    assert_eq!((at.acceleration, at.top_speed), (Speed::mph(5), Speed::mph(40)));
    assert_eq!((over.acceleration, over.top_speed), (Speed::halves(5), Speed::mph(20)));
}

#[test]
fn the_bottom_bands_crawl_at_2_5_and_then_stop() {
    assert_eq!(band(50, lb(1000)).top_speed, Speed::halves(5));
    assert_eq!(band(49, lb(1000)).top_speed, Speed::ZERO);
    assert_eq!(band(49, lb(1000)).acceleration, Speed::ZERO);
    assert_eq!(band(2000, lb(1000)).top_speed, Speed::mph(100));
    assert_eq!(band(1999, lb(1000)).top_speed, Speed::mph(80));
}

#[test]
fn a_running_jet_drive_adds_5_acceleration_and_20_top_speed() {
    // Arrange: 1,300 + 500 + 150 + 500 = 2,450 lb on 2,500 power factors: 15 and 80 from the table.
    let d = Design { jet_drive: true, propellers: vec![], ..boat("dinghy", "medium") };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(e.figures.jet_drive_running, Some(true));
    assert_eq!(e.figures.acceleration, Speed::mph(20));
    assert_eq!(e.figures.top_speed, Speed::mph(100));
    assert_eq!(line_of(&e, |k| *k == LineKind::JetDrive), (usd(5000), lb(500), sp(2)));
}

#[test]
fn a_jet_drive_runs_at_exactly_half_the_weight_in_power_factors() {
    // Arrange: 2,700 + 500 + 150 + 500 = 3,850 lb, plus cargo to 5,000 lb = 2 x 2,500 power factors.
    let loaded = |weight| {
        let mut d = Design { jet_drive: true, propellers: vec![], ..speeder() };
        d.cargo.push(cargo(1, weight));
        d
    };

    // Act
    let exact = figures_of(&loaded(1150));
    let heavier = figures_of(&loaded(1151));

    // Assert: .5 is the 10 and 60 band, plus the jet's 5 and 20.
    assert_eq!(exact.weight, lb(5000));
    assert_eq!(exact.jet_drive_running, Some(true));
    assert_eq!((exact.acceleration, exact.top_speed), (Speed::mph(15), Speed::mph(80)));
    assert_eq!(heavier.jet_drive_running, Some(false));
    assert_eq!((heavier.acceleration, heavier.top_speed), (Speed::ZERO, Speed::ZERO));
}

#[test]
fn hydrofoils_cost_the_body_weigh_half_of_it_and_add_20_mph_and_a_point_of_hc_once_foiling() {
    // Arrange: 1,765 + 650 = 2,415 lb on 1,000 power factors: 5 and 40.
    let d = Design { hydrofoils: true, ..dinghy() };

    // Act
    let e = check(&d);

    // Assert
    assert_eq!(line_of(&e, |k| *k == LineKind::Hydrofoils), (usd(4000), lb(650), sp(1)));
    assert_eq!(e.figures.top_speed, Speed::mph(40));
    assert_eq!(e.figures.top_speed_on_hydrofoils, Some(Speed::mph(60)));
    assert_eq!(e.figures.handling_class, 2);
    assert_eq!(e.figures.handling_class_on_hydrofoils, Some(3));
}

#[test]
fn a_weighted_keel_costs_half_the_body_weighs_a_tenth_of_max_load_and_deepens_the_draft() {
    let d = Design { weighted_keel: true, ..speeder() };

    let e = check(&d);

    assert_eq!(line_of(&e, |k| *k == LineKind::WeightedKeel), (usd(4000), lb(700), sp(0)));
    assert_eq!(e.figures.draft_inches, 1.0);
    assert_eq!(e.figures.draft, "1\"");
    let yacht = check(&Design { weighted_keel: true, ..yacht() });
    assert_eq!(yacht.figures.draft_inches, 2.0);
    assert_eq!(line_of(&yacht, |k| *k == LineKind::WeightedKeel), (usd(22_500), lb(4000), sp(0)));
}

#[test]
fn a_boat_top_is_a_tenth_of_the_body_and_a_half_top_a_twentieth() {
    let full = check(&with_top(cruiser(), Top::Full));
    let half = check(&with_top(cruiser(), Top::Half));

    assert_eq!(line_of(&full, |k| *k == LineKind::Top(Top::Full)), (usd(2000), lb(540), sp(0)));
    assert_eq!(line_of(&half, |k| *k == LineKind::Top(Top::Half)), (usd(1000), lb(270), sp(0)));
}

#[test]
fn a_spoiler_costs_25_and_weighs_10_points_of_plain_armor() {
    let e = check(&Design { spoiler: true, ..speeder() });

    assert_eq!(line_of(&e, |k| *k == LineKind::Spoiler), (usd(500), lb(100), sp(0)));
}

#[test]
fn reverse_is_2_5_mph_a_turn_up_to_5_mph_or_the_top_speed_if_less() {
    // Arrange: a Speeder on a Mini plant carrying 2,140 lb of cargo weighs 5,100 lb: 500 / 5,100 = .098.
    let mut crawling = boat("speeder", "mini");
    crawling.cargo.push(cargo(3, 2140));

    // Act
    let slow = figures_of(&crawling);
    let fast = figures_of(&dinghy());

    // Assert
    assert_eq!(slow.top_speed, Speed::halves(5));
    assert_eq!(slow.reverse_top_speed, Speed::halves(5));
    assert_eq!(slow.reverse_acceleration, Speed::halves(5));
    assert_eq!(fast.reverse_top_speed, Speed::mph(5));
    assert_eq!(fast.reverse_acceleration, Speed::halves(5));
}

#[test]
fn oars_row_at_2_5_mph_a_rower_up_to_15_and_rowers_are_the_people_aboard() {
    // A pair of oars is $25, 10 lb and a space.
    let one_rower = Design { oars: 3, ..Design::empty(hull("rowboat")) };
    let three = with_crew(Design { oars: 3, ..Design::empty(hull("rowboat")) }, "passenger", 2);
    let seven = with_crew(Design { oars: 7, ..Design::empty(hull("dinghy")) }, "passenger", 6);

    let e = check(&one_rower);
    assert_eq!(line_of(&e, |k| *k == LineKind::Oars), (usd(75), lb(30), sp(3)));
    assert_eq!(e.figures.rowers, 1);
    assert_eq!(e.figures.rowing_top_speed, Some(Speed::halves(5)));
    assert_eq!(e.figures.rowing_acceleration, Some(Speed::halves(5)));
    assert_eq!(figures_of(&three).rowers, 3);
    assert_eq!(figures_of(&three).rowing_top_speed, Some(Speed::halves(15)));
    assert_eq!(figures_of(&seven).rowers, 7);
    assert_eq!(figures_of(&seven).rowing_top_speed, Some(Speed::mph(15)));
    assert_eq!(figures_of(&seven).rowing_acceleration, Some(Speed::halves(5)));
    assert_eq!(figures_of(&dinghy()).rowing_top_speed, None);
}

#[test]
fn a_charge_lasts_200_miles_at_20_mph_and_less_the_faster_you_go() {
    // Each 10 mph over 20 adds 2 power units to the 10 a 10-mile leg uses.
    assert_eq!(range_miles(Speed::mph(20)), 200.0);
    assert_eq!(range_miles(Speed::mph(10)), 200.0);
    assert_eq!(range_miles(Speed::mph(30)), 166.7);
    assert_eq!(range_miles(Speed::mph(50)), 125.0);
    assert_eq!(range_miles(Speed::mph(100)), 76.9);

    let darter = figures_of(&super::examples::darter());
    assert_eq!(darter.range_miles_at_20_mph, Some(200.0));
    assert_eq!(darter.range_miles_at_top_speed, Some(76.9));
}

#[test]
fn each_hull_has_its_draft() {
    let drafts: Vec<(f64, &str)> = [rowboat(), dinghy(), speeder(), cruiser(), yacht()]
        .iter()
        .map(|d| {
            let f = figures_of(d);
            (f.draft_inches, f.draft)
        })
        .collect();

    assert_eq!(
        drafts,
        vec![
            (0.0, "none: any depth of water"),
            (0.25, "1/4\""),
            (0.5, "1/2\""),
            (1.0, "1\""),
            (1.5, "1 1/2\""),
        ]
    );
}

#[test]
fn bigger_hulls_make_hard_maneuvers_harder_or_not_at_all() {
    let extra = |d: &Design| -> Vec<Option<u8>> { figures_of(d).maneuvers.iter().map(|m| m.extra).collect() };

    assert_eq!(extra(&rowboat()), vec![Some(0); 6]);
    assert_eq!(extra(&dinghy()), vec![Some(0); 6]);
    assert_eq!(extra(&speeder()), vec![Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)]);
    assert_eq!(extra(&cruiser()), vec![Some(0), Some(0), Some(1), Some(2), Some(2), Some(2)]);
    assert_eq!(extra(&yacht()), vec![Some(0), Some(0), Some(2), None, None, None]);
    assert!(!figures_of(&speeder()).bootlegger);
}

#[test]
fn a_loaded_depth_charge_and_its_extra_loaded_magazine_cost_what_the_rules_print() {
    // Arrange
    let d = with_entry(
        yacht(),
        WeaponEntry { extra_magazines: 1, ..WeaponEntry::new(weapon("depth-charge"), Some(Mount::B)) },
    );

    // Act
    let e = check(&d);

    // Assert: $1,750 and 375 lb loaded; $1,550 and 315 lb a loaded magazine.
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Weapon { .. })), (usd(1750), lb(375), sp(2)));
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Magazines { .. })), (usd(1550), lb(315), sp(1)));
    assert!(e.legal(), "{:?}", e.problems);
}

#[test]
fn a_rocket_magazine_is_priced_by_the_spaces_it_holds_plus_its_rockets() {
    // Three light rockets take 1 1/2 spaces: a 2-space magazine at $50 and 15 lb a space.
    let plain = with_entry(
        dinghy(),
        WeaponEntry { rocket_magazine: 3, ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F)) },
    );
    let ap = with_entry(
        dinghy(),
        WeaponEntry {
            rocket_magazine: 3,
            ammo: Some("ap".into()),
            ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F))
        },
    );

    let magazine = |d: &Design| line_of(&check(d), |k| matches!(k, LineKind::RocketMagazine { .. }));

    assert_eq!(magazine(&plain), (usd(100 + 3 * 75), lb(30 + 3 * 25), sp(2)));
    assert_eq!(magazine(&ap), (Money::cents(10_000 + 3 * 11_250), Weight::centi(3000 + 3 * 3750), sp(2)));
}

#[test]
fn linking_n_weapons_buys_n_minus_one_links_at_50_dollars() {
    let d = with_entry(
        dinghy(),
        WeaponEntry { count: 3, linked: true, ..WeaponEntry::new(weapon("mg"), Some(Mount::F)) },
    );

    let e = check(&d);

    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Links { links: 2 })), (usd(100), lb(0), sp(0)));
}

/// A weapon facing front in link group `g`.
fn grouped(id: &str, g: u8) -> WeaponEntry {
    WeaponEntry { link_group: Some(g), ..WeaponEntry::new(weapon(id), Some(Mount::F)) }
}

#[test]
fn different_weapons_in_one_link_group_buy_one_link_fewer_than_they_are() {
    let mg_and_rl = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1));
    let apart = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 2));

    let e = check(&mg_and_rl);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::LinkGroup { group: 1, weapons: 2 })),
        (usd(50), lb(0), sp(0))
    );
    assert!(e.legal(), "{:?}", e.problems);
    assert_eq!(e.figures.cost, check(&apart).figures.cost + usd(50));
    // Two linked MGs joining the RL's group: three weapons, two links (not one of their own too).
    let three = with_entry(
        with_entry(dinghy(), WeaponEntry { count: 2, linked: true, ..grouped("mg", 1) }),
        grouped("rl", 1),
    );
    let e = check(&three);
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::LinkGroup { weapons: 3, .. })).0, usd(100));
    assert!(e.ledger.iter().all(|l| !matches!(l.kind, LineKind::Links { .. })));
}

#[test]
fn a_link_group_of_one_weapon_buys_no_link() {
    let d = with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 2));

    assert_eq!(
        flagged(&d, Code::LinkGroupAlone),
        vec![
            (
                Severity::Warning,
                "Link group 1 has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    .to_owned()
            ),
            (
                Severity::Warning,
                "Link group 2 has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    .to_owned()
            ),
        ]
    );
    assert!(check(&d).ledger.iter().all(|l| !matches!(l.kind, LineKind::LinkGroup { .. })));
    assert_legal_without(
        &with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1)),
        Code::LinkGroupAlone,
    );
}

#[test]
fn a_link_group_across_facings_is_a_warning() {
    let front_and_back = with_entry(
        with_entry(dinghy(), grouped("mg", 1)),
        WeaponEntry { mount: Some(Mount::B), ..grouped("rl", 1) },
    );
    let mut turret_and_front = with_turret(with_top(dinghy(), Top::Full), turret(1, &["mg"]));
    turret_and_front.turrets[0].weapons[0].link_group = Some(3);
    turret_and_front.weapons.push(grouped("rl", 3));

    assert_eq!(
        flagged(&front_and_back, Code::LinkFacings),
        warning(
            "Link group 1 joins weapons facing front and back: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    assert_eq!(
        flagged(&turret_and_front, Code::LinkFacings),
        warning(
            "Link group 3 joins weapons facing front and in the turret: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    let mut two_turrets =
        with_turret(with_turret(with_top(yacht(), Top::Full), turret(1, &["mg"])), turret(1, &["mg"]));
    for t in &mut two_turrets.turrets {
        t.weapons[0].link_group = Some(1);
    }
    assert_eq!(
        flagged(&two_turrets, Code::LinkFacings),
        warning(
            "Link group 1 joins weapons facing in turret 1 and in turret 2: linked weapons fire together at one target, and these cannot all bear on the same one"
        )
    );
    let e = check(&turret_and_front);
    assert_eq!(line_of(&e, |k| matches!(k, LineKind::LinkGroup { group: 3, weapons: 2 })).0, usd(50));
    assert_legal_without(
        &with_entry(with_entry(dinghy(), grouped("mg", 1)), grouped("rl", 1)),
        Code::LinkFacings,
    );
}

#[test]
fn a_universal_turret_costs_1000_dollars_more() {
    let plain = with_turret(with_top(dinghy(), Top::Full), turret(1, &[]));
    let universal =
        with_turret(with_top(dinghy(), Top::Full), TurretEntry { universal: true, ..turret(1, &[]) });

    let price = |d: &Design| line_of(&check(d), |k| matches!(k, LineKind::Turret { .. }));

    assert_eq!(price(&plain), (usd(1000), lb(150), sp(1)));
    assert_eq!(price(&universal), (usd(2000), lb(150), sp(1)));
}

#[test]
fn a_propeller_guard_is_10_dollars_and_4_lb_a_point() {
    let mut d = dinghy();
    d.propellers[0].guard = 10;

    let e = check(&d);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::PropellerGuard { points: 10 })),
        (usd(100), lb(40), sp(0))
    );
}

#[test]
fn laser_reflective_armor_on_a_dinghy_is_14_30_and_6_6_lb_a_point() {
    let mut d = with_armor(dinghy(), Loc::F, 10);
    d.armor.kind = Ref::parse("laser-reflective");

    let e = check(&d);

    assert_eq!(
        line_of(&e, |k| matches!(k, LineKind::Armor { .. })),
        (Money::cents(14_300), Weight::centi(6_600), sp(0))
    );
    assert!(
        e.ledger.iter().any(|l| matches!(l.kind, LineKind::Armor { cost_per_point, weight_per_point, .. }
        if cost_per_point == Money::cents(1430) && weight_per_point == Weight::centi(660)))
    );
}

#[test]
fn metal_armor_costs_two_and_a_half_times_and_weighs_five_times() {
    let mut d = with_armor(dinghy(), Loc::F, 2);
    d.armor.kind = Ref::parse("metal");

    let e = check(&d);

    assert_eq!(line_of(&e, |k| matches!(k, LineKind::Armor { .. })), (usd(65), lb(60), sp(0)));
}

#[test]
fn armor_piercing_micromissiles_and_rockets_cost_and_weigh_half_again() {
    let mml = |ammo: Option<&str>| {
        let d = with_entry(
            dinghy(),
            WeaponEntry { ammo: ammo.map(str::to_owned), ..WeaponEntry::new(weapon("mml"), Some(Mount::F)) },
        );
        line_of(&check(&d), |k| matches!(k, LineKind::Weapon { .. }))
    };
    let rocket = |ammo: Option<&str>| {
        let d = with_entry(
            dinghy(),
            WeaponEntry {
                ammo: ammo.map(str::to_owned),
                ..WeaponEntry::new(weapon("light-rocket"), Some(Mount::F))
            },
        );
        line_of(&check(&d), |k| matches!(k, LineKind::Weapon { .. }))
    };

    // $750 + 10 x $20 or $30; 100 lb + 10 x 2.5 or 3.75 lb.
    assert_eq!(mml(None), (usd(950), lb(125), sp(1)));
    assert_eq!(mml(Some("ap")), (usd(1050), Weight::centi(13_750), sp(1)));
    assert_eq!(rocket(None), (usd(75), lb(25), Spaces::sixths(3)));
    assert_eq!(rocket(Some("ap")), (Money::cents(11_250), Weight::centi(3_750), Spaces::sixths(3)));
}

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
