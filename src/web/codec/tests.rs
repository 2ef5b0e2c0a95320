//! Tests of the form codec.

use super::*;
use crate::games::bounds::MAX_COUNT;
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;

// Test documents with the serde shapes of the real ones.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Top {
    #[default]
    None,
    Half,
    Full,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Mount {
    F,
    B,
    FL,
    FR,
}

fn one() -> u16 {
    1
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Deck {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    below: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Gun {
    kind: String,
    #[serde(default = "one", deserialize_with = "crate::games::bounds::count")]
    count: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mount: Option<Mount>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    group: Option<u8>,
    #[serde(default)]
    linked: bool,
    /// Loaded unless the form says otherwise.
    #[serde(default = "yes")]
    loaded: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ammo: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Turret {
    #[serde(deserialize_with = "crate::games::bounds::small")]
    size: u8,
    #[serde(default)]
    guns: Vec<Gun>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Ship {
    #[serde(default)]
    name: String,
    hull: String,
    #[serde(default)]
    top: Top,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deck: Option<Deck>,
    #[serde(default, deserialize_with = "crate::games::bounds::count")]
    oars: u16,
    #[serde(default)]
    guns: Vec<Gun>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    turrets: Vec<Turret>,
    /// Points by location.
    #[serde(default)]
    armor: BTreeMap<String, u16>,
}

fn gun(kind: &str) -> Gun {
    Gun { kind: kind.into(), count: 1, mount: None, group: None, linked: false, loaded: true, ammo: None }
}

fn ship() -> Ship {
    Ship {
        name: "Sea Wasp".into(),
        hull: "dinghy".into(),
        top: Top::Half,
        deck: None,
        oars: 2,
        guns: vec![Gun { mount: Some(Mount::FL), count: 2, ..gun("mg") }, gun("rl")],
        turrets: vec![Turret { size: 2, guns: vec![gun("vmg")] }],
        armor: BTreeMap::from([("F".into(), 10), ("B".into(), 8)]),
    }
}

fn form(pairs: &[(&str, &str)]) -> Fields<'static> {
    Fields::from_pairs(pairs.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())))
}

fn label(path: &str) -> String {
    format!("Field {path}")
}

fn read<T: Serialize + DeserializeOwned + 'static>(pairs: &[(&str, &str)]) -> (T, Vec<Problem>) {
    match decode(&form(pairs), label) {
        Ok(read) => read,
        Err(refused) => panic!("refused: {}", refused.message),
    }
}

fn round_trip<T: Serialize + DeserializeOwned + 'static>(doc: &T) -> Result<(T, Vec<Problem>), Refused> {
    decode(&Fields::from_pairs(encode(doc)), label)
}

fn messages(problems: &[Problem]) -> Vec<(&str, &str)> {
    problems.iter().map(|p| (p.part.as_deref().unwrap_or(""), p.message.as_str())).collect()
}

// Writing

#[test]
fn a_document_is_written_as_paths_with_markers_checkboxes_and_no_nulls() {
    let s = Ship { deck: Some(Deck { below: None }), turrets: vec![], guns: vec![gun("mg")], ..ship() };
    let got = encode(&s);
    let want = [
        ("name", "Sea Wasp"),
        ("hull", "dinghy"),
        ("top", "half"),
        ("deck", "on"),
        ("oars", "2"),
        ("guns.0", "on"),
        ("guns.0.kind", "mg"),
        ("guns.0.count", "1"),
        ("guns.0.linked", "off"),
        ("guns.0.loaded", "on"),
        ("armor", "on"),
        ("armor.B", "8"),
        ("armor.F", "10"),
    ];
    let want: Vec<(String, String)> = want.iter().map(|&(k, v)| (k.into(), v.into())).collect();
    assert_eq!(got, want);
}

#[test]
fn map_entries_are_written_in_the_order_the_document_gives_them() {
    let d = crate::games::carwars::examples::all().remove(0).1;
    let mut d = d;
    d.armor.points.unknown = vec![("Z".into(), 1), ("A".into(), 2)];
    let fields = encode(&d);
    let z = fields.iter().position(|(k, _)| k == "armor.points.Z");
    let a = fields.iter().position(|(k, _)| k == "armor.points.A");
    assert!(z.is_some() && z < a, "{fields:?}");
}

// Round trips

#[test]
fn a_ship_survives_the_form_unchanged() {
    let s = ship();
    assert_eq!(round_trip(&s), Ok((s, vec![])));
}

#[test]
fn every_car_wars_example_survives_the_form_unchanged() {
    for (slug, d) in crate::games::carwars::examples::all() {
        assert_eq!(round_trip(&d), Ok((d.clone(), vec![])), "{slug}");
    }
}

#[test]
fn unknown_armor_locations_survive_the_form_in_their_order() {
    let mut d = crate::games::carwars::examples::all().remove(1).1;
    d.armor.points.unknown = vec![("Z".into(), 1), ("Q".into(), 2)];
    assert_eq!(round_trip(&d), Ok((d.clone(), vec![])));
}

#[test]
fn epic_detachments_survive_the_form_unchanged() {
    use crate::games::epic::{Choice, Detachment};
    let lists = ["imperial-marines", "ork-wetboyz", "tyranid-waterspawn", "bogus"];
    for list in lists {
        let d = Detachment {
            name: "Harbour Watch".into(),
            choices: vec![
                Choice::new("main", "sea-raider", 1).with_hq(),
                Choice::new("main", "alligator-apc", 2),
                Choice::new("support", "nautilus", 0),
            ],
            ..Detachment::new(list)
        };
        assert_eq!(round_trip(&d), Ok((d.clone(), vec![])), "{list}");
        let empty = Detachment::new(list);
        assert_eq!(round_trip(&empty), Ok((empty.clone(), vec![])), "{list}");
    }
}

fn arb_gun() -> impl Strategy<Value = Gun> {
    let mount = prop::option::of(prop::sample::select(vec![Mount::F, Mount::B, Mount::FL, Mount::FR]));
    (
        "\\PC{0,8}",
        0..=MAX_COUNT,
        mount,
        any::<Option<u8>>(),
        any::<bool>(),
        any::<bool>(),
        // An empty ammunition id is no ammunition: `Some("")` reads as `None`.
        prop::option::of("\\PC{1,8}"),
    )
        .prop_map(|(kind, count, mount, group, linked, loaded, ammo)| Gun {
            kind,
            count,
            mount,
            group,
            linked,
            loaded,
            ammo,
        })
}

fn arb_ship() -> impl Strategy<Value = Ship> {
    let top = prop::sample::select(vec![Top::None, Top::Half, Top::Full]);
    let deck = prop::option::of(any::<Option<u16>>().prop_map(|below| Deck { below }));
    let turret =
        (any::<u8>(), prop::collection::vec(arb_gun(), 0..3)).prop_map(|(size, guns)| Turret { size, guns });
    (
        "\\PC{0,12}",
        "[a-z.]{0,8}",
        top,
        deck,
        0..=MAX_COUNT,
        prop::collection::vec(arb_gun(), 0..4),
        prop::collection::vec(turret, 0..3),
        prop::collection::btree_map("[A-Z]{1,3}", any::<u16>(), 0..4),
    )
        .prop_map(|(name, hull, top, deck, oars, guns, turrets, armor)| Ship {
            name,
            hull,
            top,
            deck,
            oars,
            guns,
            turrets,
            armor,
        })
}

proptest! {
    #[test]
    fn every_generated_ship_survives_the_form_unchanged(s in arb_ship()) {
        prop_assert_eq!(round_trip(&s), Ok((s.clone(), vec![])));
    }

    #[test]
    fn a_form_of_any_strings_never_panics(pairs in prop::collection::vec(
        ("(name|hull|top|deck|oars|guns|turrets|armor|x)(\\.(0|1|7|kind|count|mount|guns|size|F|))*", "\\PC{0,6}"),
        0..24,
    )) {
        let f = Fields::from_pairs(pairs);
        let _ = decode::<Ship>(&f, label);
    }

    #[test]
    fn a_form_of_any_strings_never_panics_the_real_documents(pairs in prop::collection::vec(
        (
            "(name|hull|list|version|deck|armor|weapons|turrets|choices|crew|cargo)\
             (\\.(0|1|9|weapon|count|mount|link_group|points|F|type|below|size|section|hq|weight|))*",
            "(on|off|0|1|-1|999|1000|F|T|below|mg|\\PC{0,4})",
        ),
        0..24,
    )) {
        let f = Fields::from_pairs(pairs);
        let _ = decode::<crate::games::carwars::Design>(&f, label);
        let _ = decode::<crate::games::epic::Detachment>(&f, label);
    }
}

// Lists

#[test]
fn gaps_in_list_indices_close_up_and_problems_name_the_closed_up_place() {
    let (s, problems) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("guns.3.kind", "mg"),
        ("guns.10.kind", "rl"),
        ("guns.10.count", "lots"),
        ("turrets.5.size", "1"),
        ("turrets.5.guns.7.kind", "vmg"),
        ("turrets.5.guns.7.count", "-2"),
    ]);
    assert_eq!(s.guns, vec![gun("mg"), gun("rl")]);
    assert_eq!(s.turrets, vec![Turret { size: 1, guns: vec![gun("vmg")] }]);
    let parts: Vec<&str> = problems.iter().filter_map(|p| p.part.as_deref()).collect();
    assert_eq!(parts, ["guns.1.count", "turrets.0.guns.0.count"]);
    assert!(problems[0].message.starts_with("Field guns.1.count: \"lots\""), "{}", problems[0].message);
}

#[test]
fn list_keys_that_are_not_numbers_are_ignored() {
    let (s, problems) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("guns.new.kind", "mg"),
        ("guns.1x.kind", "mg"),
        ("guns.2.kind", "rl"),
    ]);
    assert_eq!((s.guns, problems), (vec![gun("rl")], vec![]));
}

// Unreadable values

#[test]
fn an_unreadable_number_is_reported_and_read_as_its_default_keeping_the_rest() {
    let (s, problems) = read::<Ship>(&[
        ("name", "Sea Wasp"),
        ("hull", "dinghy"),
        ("oars", "many"),
        ("guns.0.kind", "mg"),
        ("guns.0.count", "two"),
        ("guns.0.linked", "on"),
        ("armor.F", "thick"),
        ("armor.B", "8"),
    ]);
    assert_eq!(s.name, "Sea Wasp");
    assert_eq!(s.oars, 0);
    assert_eq!(s.guns, vec![Gun { linked: true, ..gun("mg") }]);
    assert_eq!(s.armor, BTreeMap::from([("B".into(), 8)]));
    assert_eq!(
        messages(&problems),
        [
            ("oars", "Field oars: \"many\" is not a whole number from 0 to 999; it was read as 0"),
            (
                "guns.0.count",
                "Field guns.0.count: \"two\" is not a whole number from 0 to 999; it was read as 1"
            ),
            (
                "armor.F",
                "Field armor.F: \"thick\" is not a whole number from 0 to 65535; it was read as nothing"
            ),
        ]
    );
    assert!(problems.iter().all(|p| p.code == Code::BadNumber && p.is_error()));
}

#[test]
fn numbers_past_their_bounds_say_the_bound() {
    let (s, problems) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("oars", "1000"),
        ("turrets.0.size", "300"),
        ("guns.0.kind", "mg"),
        ("guns.0.group", "-1"),
    ]);
    assert_eq!((s.oars, s.turrets[0].size, s.guns[0].group), (0, 0, None));
    assert_eq!(
        messages(&problems),
        [
            ("oars", "Field oars: \"1000\" is not a whole number from 0 to 999; it was read as 0"),
            (
                "guns.0.group",
                "Field guns.0.group: \"-1\" is not a whole number from 0 to 255; it was read as its default"
            ),
            (
                "turrets.0.size",
                "Field turrets.0.size: \"300\" is not a whole number from 0 to 255; it was read as 0"
            ),
        ]
    );
}

#[test]
fn an_unknown_choice_lists_the_choices_and_a_bad_checkbox_says_on_or_off() {
    let (s, problems) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("top", "huge"),
        ("guns.0.kind", "mg"),
        ("guns.0.mount", "up"),
        ("guns.0.linked", "maybe"),
    ]);
    assert_eq!((s.top, s.guns[0].mount, s.guns[0].linked), (Top::None, None, false));
    assert_eq!(
        messages(&problems),
        [
            ("top", "Field top: \"huge\" is not one of none, half or full; it was read as none"),
            (
                "guns.0.mount",
                "Field guns.0.mount: \"up\" is not one of F, B, FL or FR; it was read as its default"
            ),
            ("guns.0.linked", "Field guns.0.linked: \"maybe\" is not on or off; it was read as off"),
        ]
    );
}

#[test]
fn a_long_unreadable_value_is_cut_short_in_the_message() {
    let long = "x".repeat(100);
    let (_, problems) = read::<Ship>(&[("hull", "dinghy"), ("oars", long.as_str())]);
    let cut = format!("\"{}…\"", "x".repeat(ECHO_CHARS));
    assert!(problems[0].message.contains(&cut), "{}", problems[0].message);
}

#[test]
fn a_name_too_long_is_reported_in_its_own_words() {
    use crate::games::epic::Detachment;
    let long = "x".repeat(120);
    let f = form(&[("list", "ork-wetboyz"), ("name", &long)]);
    let (d, problems) = decode::<Detachment>(&f, |_| "Name".into()).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(d.name, "");
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0]
            .message
            .ends_with("must be at most 100 characters long (this one has 120); it was read as nothing"),
        "{}",
        problems[0].message
    );
}

#[test]
fn thirty_two_unreadable_fields_are_reported_and_thirty_three_refuse_the_form() {
    let bad = |n: usize| -> Vec<(String, String)> {
        let mut pairs = vec![("hull".to_owned(), "dinghy".to_owned())];
        for i in 0..n {
            pairs.push((format!("guns.{i}.kind"), "mg".into()));
            pairs.push((format!("guns.{i}.count"), "lots".into()));
        }
        pairs
    };
    let (s, problems) =
        decode::<Ship>(&Fields::from_pairs(bad(MAX_PROBLEMS)), label).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!((s.guns.len(), problems.len()), (MAX_PROBLEMS, MAX_PROBLEMS));
    let refused = decode::<Ship>(&Fields::from_pairs(bad(MAX_PROBLEMS + 1)), label);
    assert_eq!(
        refused.err().map(|r| r.message),
        Some("This form has more than 32 unreadable fields; nothing was changed".into())
    );
}

// What the form leaves out or sends empty

#[test]
fn fields_the_document_does_not_have_are_ignored() {
    let (s, problems) = read::<Ship>(&[
        ("action", "add.guns"),
        ("new_weapon", "mg"),
        ("build_id", "abc"),
        ("token", "secret"),
        ("ledger_open", "on"),
        ("hull", "dinghy"),
        ("guns.0.kind", "mg"),
        ("guns.0.colour", "red"),
        ("deck.paint", "blue"),
    ]);
    assert_eq!(s.guns, vec![gun("mg")]);
    assert_eq!(s.deck, Some(Deck::default()));
    assert_eq!(problems, vec![]);
}

#[test]
fn empty_numbers_and_choices_take_their_defaults_and_empty_text_stays_empty() {
    let (s, problems) = read::<Ship>(&[
        ("name", ""),
        ("hull", "dinghy"),
        ("top", ""),
        ("oars", " "),
        ("guns.0.kind", ""),
        ("guns.0.count", ""),
        ("guns.0.mount", ""),
        ("guns.0.group", ""),
        ("guns.0.ammo", ""),
        ("turrets.0.size", ""),
        ("armor.F", ""),
        ("armor.B", "3"),
    ]);
    assert_eq!(problems, vec![]);
    assert_eq!((s.name.as_str(), s.top, s.oars), ("", Top::None, 0));
    assert_eq!(s.guns, vec![gun("")]);
    assert_eq!(s.turrets, vec![Turret { size: 0, guns: vec![] }]);
    assert_eq!(s.armor, BTreeMap::from([("B".into(), 3)]));
}

#[test]
fn hundreds_of_empty_counts_read_as_their_defaults() {
    let mut pairs = vec![("hull".to_owned(), "dinghy".to_owned())];
    for i in 0..300 {
        pairs.push((format!("guns.{i}.kind"), "mg".into()));
        pairs.push((format!("guns.{i}.count"), String::new()));
    }
    let (s, problems) = decode::<Ship>(&Fields::from_pairs(pairs), label).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!((s.guns.len(), problems.len()), (300, 0));
    assert!(s.guns.iter().all(|g| g.count == 1));
}

#[test]
fn a_required_field_left_out_reads_as_zero() {
    let (s, problems) = read::<Ship>(&[("guns.0.count", "2"), ("turrets.0.guns.0.kind", "mg")]);
    assert_eq!(problems, vec![]);
    assert_eq!(s.hull, "");
    assert_eq!(s.guns, vec![Gun { count: 2, ..gun("") }]);
    assert_eq!(s.turrets, vec![Turret { size: 0, guns: vec![gun("mg")] }]);
}

#[test]
fn a_required_choice_left_out_refuses_the_form_naming_it() {
    #[derive(Debug, Serialize, Deserialize)]
    struct Pick {
        top: Top,
    }
    let refused = decode::<Pick>(&form(&[("top", "")]), |_| "Top".into()).err().map(|r| r.message);
    assert_eq!(refused.as_deref(), Some("Top: must be chosen: it has no default; nothing was changed"));
}

// Options and checkboxes

#[test]
fn an_optional_object_follows_its_checkbox_and_hidden_fallback() {
    let deck = |pairs: &[(&str, &str)]| {
        let mut all = vec![("hull", "dinghy")];
        all.extend_from_slice(pairs);
        read::<Ship>(&all).0.deck
    };
    assert_eq!(deck(&[]), None);
    assert_eq!(deck(&[("deck", "off")]), None);
    assert_eq!(deck(&[("deck", "off"), ("deck.below", "3")]), None);
    assert_eq!(deck(&[("deck", ""), ("deck.below", "3")]), None);
    assert_eq!(deck(&[("deck", "off"), ("deck", "on"), ("deck.below", "3")]), Some(Deck { below: Some(3) }));
    assert_eq!(deck(&[("deck", "on")]), Some(Deck { below: None }));
    assert_eq!(deck(&[("deck", "on"), ("deck.below", "")]), Some(Deck { below: None }));
    assert_eq!(deck(&[("deck.below", "3")]), Some(Deck { below: Some(3) }));
}

#[test]
fn an_optional_number_of_zero_is_kept_and_an_empty_one_is_none() {
    let (s, _) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("deck", "on"),
        ("deck.below", "0"),
        ("guns.0.kind", "mg"),
        ("guns.0.group", "0"),
        ("guns.0.ammo", "off"),
        ("guns.1.kind", "rl"),
        ("guns.1.group", ""),
    ]);
    assert_eq!(s.deck, Some(Deck { below: Some(0) }));
    assert_eq!((s.guns[0].group, s.guns[0].ammo.as_deref()), (Some(0), Some("off")));
    assert_eq!(s.guns[1].group, None);
}

#[test]
fn checkboxes_read_their_last_value_and_a_default_on_box_needs_its_fallback() {
    let (s, _) = read::<Ship>(&[
        ("hull", "dinghy"),
        ("guns.0.kind", "mg"),
        ("guns.0.linked", "off"),
        ("guns.0.linked", "on"),
        ("guns.0.loaded", "off"),
        ("guns.1.kind", "rl"),
        ("guns.1.linked", "yes"),
        ("guns.1.loaded", "0"),
        ("guns.2.kind", "hmg"),
    ]);
    let flags: Vec<(bool, bool)> = s.guns.iter().map(|g| (g.linked, g.loaded)).collect();
    assert_eq!(flags, [(true, false), (true, false), (false, true)]);
}

#[test]
fn a_hand_made_form_for_the_real_documents_reads_like_the_old_readers() {
    use crate::games::carwars::design::{Design, Section};
    let (d, problems) = read::<Design>(&[
        ("hull", "dinghy"),
        ("weapons.4.weapon", "mg"),
        ("weapons.4.count", "many"),
        ("weapons.4.deck", "below"),
        ("armor.points.F", "12"),
        ("deck", "off"),
        ("action", "recalculate"),
    ]);
    assert_eq!(d.weapons.len(), 1);
    assert_eq!((d.weapons[0].count, d.weapons[0].deck), (1, Some(Section::Below)));
    assert_eq!(d.armor.points.get(crate::games::carwars::tables::Loc::F), 12);
    assert_eq!(d.deck, None);
    assert_eq!(
        messages(&problems),
        [(
            "weapons.0.count",
            "Field weapons.0.count: \"many\" is not a whole number from 0 to 999; it was read as its default"
        )]
    );
}

// Buttons

#[test]
fn buttons_name_their_operation() {
    assert_eq!(Op::parse("add.weapons"), Some(Op::Add("weapons".into())));
    assert_eq!(Op::parse("add.turrets.0.weapons"), Some(Op::Add("turrets.0.weapons".into())));
    assert_eq!(Op::parse("remove.weapons.3"), Some(Op::Remove("weapons".into(), 3)));
    assert_eq!(Op::parse("remove.turrets.0.weapons.1"), Some(Op::Remove("turrets.0.weapons".into(), 1)));
    assert_eq!(Op::parse("copy.vehicles.2"), Some(Op::Copy("vehicles".into(), 2)));
    assert_eq!(Op::parse("copy.vehicles"), None);
    assert_eq!(Op::parse("move.weapons.3.up"), Some(Op::Move("weapons".into(), 3, Direction::Up)));
    assert_eq!(
        Op::parse("move.turrets.1.guns.0.down"),
        Some(Op::Move("turrets.1.guns".into(), 0, Direction::Down))
    );
    // A row number past any list's end is read as the largest there is, and refused when done.
    assert_eq!(
        Op::parse("move.guns.18446744073709551615.down"),
        Some(Op::Move("guns".into(), usize::MAX, Direction::Down))
    );
    assert_eq!(
        Op::parse("remove.guns.99999999999999999999999999999"),
        Some(Op::Remove("guns".into(), usize::MAX))
    );
    for not_an_op in [
        "recalculate",
        "add.",
        "add.turrets.0",
        "add.a..b",
        "remove.weapons",
        "remove.weapons.x",
        "remove.weapons.-1",
        "move.weapons.1",
        "move.weapons.1.left",
        "explode.weapons",
        "clear.name",
        "clear.armor.",
        "clear.guns.0",
    ] {
        assert_eq!(Op::parse(not_an_op), None, "{not_an_op}");
    }
    assert_eq!(Op::parse("clear.armor.F"), Some(Op::Clear("armor.F".into())));
}

#[test]
fn a_button_that_starts_like_a_list_button_but_cannot_be_read_is_a_problem() {
    for action in ["recalculate", "explode.weapons", "hex.D5", "", "addition.x"] {
        assert_eq!(Op::read(action), None, "{action}");
    }
    for action in
        ["add.", "remove.weapons", "remove.weapons.-1", "move.weapons.1.left", "clear.guns.0", "move"]
    {
        let Some(Err(p)) = Op::read(action) else { panic!("{action}: a problem") };
        assert_eq!(p.code, Code::BadButton, "{action}");
        assert!(p.message.contains("nothing was changed"), "{action}: {}", p.message);
    }
    assert_eq!(Op::read("remove.guns.1"), Some(Ok(Op::Remove("guns".into(), 1))));
}

#[test]
fn a_clear_takes_a_map_entry_out_and_nothing_else() {
    let mut s = ship();
    assert_eq!(apply(&mut s, &Op::Clear("armor.F".into()), new_gun), Ok(true));
    assert_eq!(s.armor, BTreeMap::from([("B".into(), 8)]));
    for op in ["armor.F", "armor.X", "turrets.4.size", "nothing.here"] {
        assert!(apply(&mut s, &Op::Clear(op.into()), new_gun).is_err(), "{op}");
    }
    assert_eq!(s.armor, BTreeMap::from([("B".into(), 8)]));
}

fn new_gun(list: &str, _at: &str) -> Option<Value> {
    match list {
        "guns" => Some(serde_json::json!({"kind": "new"})),
        "turrets.guns" => Some(serde_json::json!({"kind": "turret-new"})),
        "turrets" => Some(serde_json::json!({"size": 1})),
        _ => None,
    }
}

#[test]
fn items_are_added_removed_and_moved_in_nested_lists() {
    let mut s = ship();
    assert_eq!(apply(&mut s, &Op::Add("guns".into()), new_gun), Ok(true));
    assert_eq!(s.guns.last(), Some(&gun("new")));
    assert_eq!(apply(&mut s, &Op::Add("turrets.0.guns".into()), new_gun), Ok(true));
    assert_eq!(s.turrets[0].guns, vec![gun("vmg"), gun("turret-new")]);
    assert_eq!(apply(&mut s, &Op::Move("turrets.0.guns".into(), 1, Direction::Up), new_gun), Ok(true));
    assert_eq!(s.turrets[0].guns, vec![gun("turret-new"), gun("vmg")]);
    assert_eq!(apply(&mut s, &Op::Remove("turrets.0.guns".into(), 0), new_gun), Ok(true));
    assert_eq!(s.turrets[0].guns, vec![gun("vmg")]);
    assert_eq!(apply(&mut s, &Op::Move("guns".into(), 0, Direction::Down), new_gun), Ok(true));
    let kinds: Vec<&str> = s.guns.iter().map(|g| g.kind.as_str()).collect();
    assert_eq!(kinds, ["rl", "mg", "new"]);
    // A copy goes right after its item; the rest move down one.
    assert!(apply(&mut s, &Op::Copy("guns".into(), 1), new_gun).unwrap());
    let kinds: Vec<&str> = s.guns.iter().map(|g| g.kind.as_str()).collect();
    assert_eq!(kinds, ["rl", "mg", "mg", "new"]);
    assert!(apply(&mut s, &Op::Copy("turrets.0.guns".into(), 0), new_gun).unwrap());
    assert_eq!(s.turrets[0].guns, vec![gun("vmg"), gun("vmg")]);
}

fn kinds(s: &Ship) -> Vec<&str> {
    s.guns.iter().map(|g| g.kind.as_str()).collect()
}

#[test]
fn removing_a_row_keeps_the_order_of_the_rows_after_it() {
    let five = || Ship { guns: ["a", "b", "c", "d", "e"].map(gun).to_vec(), ..ship() };
    for (i, want) in [
        (0, ["b", "c", "d", "e"]),
        (1, ["a", "c", "d", "e"]),
        (2, ["a", "b", "d", "e"]),
        (3, ["a", "b", "c", "e"]),
        (4, ["a", "b", "c", "d"]),
    ] {
        let mut s = five();
        assert_eq!(apply(&mut s, &Op::Remove("guns".into(), i), new_gun), Ok(true), "remove {i}");
        assert_eq!(kinds(&s), want, "remove {i}");
    }
    // Three rows, the middle one out, then the first: what is left keeps its order.
    let mut s = Ship { guns: ["a", "b", "c"].map(gun).to_vec(), ..ship() };
    assert_eq!(apply(&mut s, &Op::Remove("guns".into(), 1), new_gun), Ok(true));
    assert_eq!(kinds(&s), ["a", "c"]);
    assert_eq!(apply(&mut s, &Op::Remove("guns".into(), 0), new_gun), Ok(true));
    assert_eq!(kinds(&s), ["c"]);
}

#[test]
fn moving_a_row_swaps_it_with_its_neighbour_in_a_long_list() {
    let mut s = Ship { guns: ["a", "b", "c", "d"].map(gun).to_vec(), ..ship() };
    assert_eq!(apply(&mut s, &Op::Move("guns".into(), 1, Direction::Down), new_gun), Ok(true));
    assert_eq!(kinds(&s), ["a", "c", "b", "d"]);
    assert_eq!(apply(&mut s, &Op::Move("guns".into(), 3, Direction::Up), new_gun), Ok(true));
    assert_eq!(kinds(&s), ["a", "c", "d", "b"]);
    // Two equal rows swapped: the button fits and nothing changes.
    let mut twins = Ship { guns: ["a", "a", "b"].map(gun).to_vec(), ..ship() };
    assert_eq!(apply(&mut twins, &Op::Move("guns".into(), 0, Direction::Down), new_gun), Ok(false));
}

#[test]
fn an_item_can_be_added_to_a_list_the_document_leaves_out_when_empty() {
    let mut s = Ship { turrets: vec![], ..ship() };
    assert_eq!(apply(&mut s, &Op::Add("turrets".into()), new_gun), Ok(true));
    assert_eq!(s.turrets, vec![Turret { size: 1, guns: vec![] }]);
    let mut d = crate::games::carwars::examples::all().remove(0).1;
    d.turrets.clear();
    let item = |_: &str, _: &str| Some(serde_json::json!({"size": 1}));
    assert_eq!(apply(&mut d, &Op::Add("turrets".into()), item), Ok(true));
    assert_eq!(d.turrets.len(), 1);
}

#[test]
fn buttons_that_do_not_fit_leave_the_document_unchanged_and_say_why() {
    let bad = [
        (Op::Remove("guns".into(), 2), Some("guns"), "removes a row the list does not have (it has 2 rows)"),
        (Op::Remove("guns".into(), usize::MAX), Some("guns"), "removes a row the list does not have"),
        (Op::Remove("turrets.3.guns".into(), 0), None, "no list where this button points"),
        (Op::Remove("turrets.x.guns".into(), 0), None, "no list where this button points"),
        (Op::Move("guns".into(), 0, Direction::Up), Some("guns"), "first row cannot move up"),
        (Op::Move("guns".into(), 1, Direction::Down), Some("guns"), "last row cannot move down"),
        (Op::Move("guns".into(), 5, Direction::Up), Some("guns"), "moves a row the list does not have"),
        (Op::Move("guns".into(), usize::MAX, Direction::Down), Some("guns"), "moves a row the list"),
        (Op::Move("guns".into(), usize::MAX, Direction::Up), Some("guns"), "moves a row the list"),
        (
            Op::Move("turrets.0.guns".into(), usize::MAX, Direction::Down),
            Some("turrets.0.guns"),
            "moves a row",
        ),
        (Op::Move("turrets.18446744073709551615.guns".into(), 0, Direction::Down), None, "no list"),
        (Op::Add("cannons".into()), Some("cannons"), "Nothing can be added"),
        (Op::Add("name".into()), None, "no list where this button points"),
        (Op::Remove("armor".into(), 0), None, "no list where this button points"),
        (Op::Add("turrets.0.size".into()), None, "no list where this button points"),
        (Op::Copy("guns".into(), 2), Some("guns"), "copies a row the list does not have"),
        (Op::Copy("guns".into(), usize::MAX), Some("guns"), "copies a row the list does not have"),
        (Op::Copy("turrets.3.guns".into(), 0), None, "no list where this button points"),
    ];
    for (op, part, why) in bad {
        let mut s = ship();
        let Err(misfit) = apply(&mut s, &op, new_gun) else { panic!("{op:?} does not fit") };
        assert_eq!(misfit.part.as_deref(), part, "{op:?}");
        assert!(misfit.why.contains(why), "{op:?}: {}", misfit.why);
        assert_eq!(s, ship(), "{op:?}");
        let p = misfit.problem();
        assert_eq!((p.code, p.severity), (Code::BadButton, crate::games::Severity::Error));
        assert!(p.message.ends_with("press the button there."), "{}", p.message);
    }
    // An item the document refuses.
    let mut s = ship();
    let refused =
        apply(&mut s, &Op::Add("guns".into()), |_, _| Some(serde_json::json!({"kind": "mg", "colour": 1})));
    assert!(refused.is_err());
    assert!(apply(&mut s, &Op::Add("guns".into()), |_, _| Some(serde_json::json!("mg"))).is_err());
    assert_eq!(s, ship());
}

/// A button as a client may post it: any verb of ours, any path the test documents have or not,
/// any number, including the largest and past it.
fn arb_action() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        (0usize..6).prop_map(|n| n.to_string()),
        Just(usize::MAX.to_string()),
        Just((usize::MAX - 1).to_string()),
        Just("18446744073709551616".to_owned()),
        Just("99999999999999999999999999".to_owned()),
        Just("-1".to_owned()),
        Just(String::new()),
    ];
    let path = prop::sample::select(vec![
        "guns",
        "turrets.0.guns",
        "turrets.1.guns",
        "turrets",
        "armor",
        "name",
        "x",
    ]);
    let way = prop::sample::select(vec!["up", "down", "left", ""]);
    let verb = prop::sample::select(vec!["add", "remove", "move", "clear"]);
    (verb, path, number, way).prop_map(|(verb, path, n, way)| match verb {
        "add" => format!("add.{path}"),
        "remove" => format!("remove.{path}.{n}"),
        "move" => format!("move.{path}.{n}.{way}"),
        _ => format!("clear.{path}.{n}"),
    })
}

/// What a remove or move does to a list, written plainly: the model the codec must agree with.
fn model(rows: &mut Vec<String>, op: &Op) {
    match *op {
        Op::Remove(_, i) if i < rows.len() => {
            rows.remove(i);
        }
        Op::Move(_, i, Direction::Up) if i > 0 && i < rows.len() => rows.swap(i - 1, i),
        Op::Move(_, i, Direction::Down) if rows.len() > 1 && i < rows.len() - 1 => rows.swap(i, i + 1),
        _ => {}
    }
}

proptest! {
    #[test]
    fn any_button_with_any_number_on_any_path_never_panics(
        s in arb_ship(),
        actions in prop::collection::vec(arb_action(), 1..12),
    ) {
        let mut s = s;
        for action in &actions {
            let before = s.clone();
            match press(&mut s, action, new_gun) {
                Some(p) => {
                    prop_assert_eq!(p.code, Code::BadButton);
                    prop_assert_eq!(&s, &before, "{} refused but changed the ship", action);
                }
                None => prop_assert!(Op::parse(action).is_some(), "{} done but not a button", action),
            }
        }
    }

    #[test]
    fn removes_and_moves_keep_every_other_row_in_its_order(
        n in 3usize..9,
        ops in prop::collection::vec((any::<bool>(), 0usize..10, any::<bool>()), 1..16),
    ) {
        let names: Vec<String> = (0..n).map(|i| format!("gun{i}")).collect();
        let mut s = Ship { guns: names.iter().map(|k| gun(k)).collect(), ..ship() };
        let mut rows = names.clone();
        for (remove, i, up) in ops {
            let way = if up { Direction::Up } else { Direction::Down };
            let op = if remove { Op::Remove("guns".into(), i) } else { Op::Move("guns".into(), i, way) };
            let _ = apply(&mut s, &op, new_gun);
            model(&mut rows, &op);
            let got: Vec<String> = s.guns.iter().map(|g| g.kind.clone()).collect();
            prop_assert_eq!(&got, &rows, "after {:?}", op);
        }
    }
}
