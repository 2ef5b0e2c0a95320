//! Tests of the form codec.

use super::*;
use crate::games::bounds::MAX_COUNT;
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;

mod presses;

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
    let d = crate::games::boats::examples::all().remove(0).1;
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
    for (slug, d) in crate::games::boats::examples::all() {
        assert_eq!(round_trip(&d), Ok((d.clone(), vec![])), "{slug}");
    }
}

#[test]
fn unknown_armor_locations_survive_the_form_in_their_order() {
    let mut d = crate::games::boats::examples::all().remove(1).1;
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

    /// A form's fields read the same in any order (a struct's fields are looked for where the
    /// one before was found, then from the first).
    #[test]
    fn every_generated_ship_survives_its_form_sent_in_any_order((s, order) in arb_ship().prop_flat_map(|s| {
        let n = encode(&s).len();
        (Just(s), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
    })) {
        let pairs = encode(&s);
        let shuffled: Vec<(String, String)> = order.iter().map(|&i| pairs[i].clone()).collect();
        prop_assert_eq!(decode(&Fields::from_pairs(shuffled), label), Ok((s.clone(), vec![])));
        let reversed: Vec<(String, String)> = pairs.into_iter().rev().collect();
        prop_assert_eq!(decode(&Fields::from_pairs(reversed), label), Ok((s, vec![])));
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
        let _ = decode::<crate::games::boats::Design>(&f, label);
        let _ = decode::<crate::games::epic::Detachment>(&f, label);
    }
}

// Shapes and names, as the reading compares them

/// `f` of the path with these segments under the root.
fn with_path<R>(up: &read::Path, segs: &[read::Seg], f: &mut impl FnMut(&read::Path) -> R) -> R {
    match segs.split_first() {
        None => f(up),
        Some((seg, rest)) => with_path(&read::Path { up: Some(up), seg: Some(*seg) }, rest, f),
    }
}

fn arb_segs() -> impl Strategy<Value = Vec<(u8, String, usize)>> {
    prop::collection::vec((0..3u8, "(a|b|ab|count|weapons|x\\.y|\\*|)", 0..12usize), 0..6)
}

proptest! {
    /// A path is the shape it writes, and no other; its hash is the hash of what it writes.
    #[test]
    fn a_path_is_its_own_shape_and_no_other(mine in arb_segs(), theirs in arb_segs(), cut in 0..4usize) {
        fn segs(v: &[(u8, String, usize)]) -> Vec<read::Seg<'_>> {
            v.iter()
                .map(|(kind, name, i)| match kind {
                    0 => read::Seg::Field(name),
                    1 => read::Seg::Index(*i),
                    _ => read::Seg::Key(name),
                })
                .collect()
        }
        let root = read::Path { up: None, seg: None };
        let other = with_path(&root, &segs(&theirs), &mut |p| p.render(true));
        with_path(&root, &segs(&mine), &mut |p| {
            let shape = p.render(true);
            assert!(p.is_shape(&shape), "{shape:?}");
            assert_eq!(p.shape_hash(), crate::games::hash::fnv(crate::games::hash::FNV_START, shape.as_bytes()));
            assert_eq!(p.is_shape(&other), other == shape, "{shape:?} against {other:?}");
            if cut > 0 && !shape.is_empty() {
                let shorter = &shape[..shape.len().saturating_sub(cut)];
                assert!(!p.is_shape(shorter), "{shape:?} against {shorter:?}");
            }
            assert!(!p.is_shape(&format!("x{shape}")) && !p.is_shape(&format!("{shape}.")));
        });
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
    assert!(problems.iter().all(|p| p.code == Shared::BadNumber && p.is_error()));
}

/// A form after one with unreadable values, sending the same names, is read through the same
/// kept nodes: what the first set aside is not set aside for it, and the other way about.
#[test]
fn what_one_form_sets_aside_is_not_set_aside_for_the_next_with_the_same_names() {
    let names = ["name", "oars", "guns.0.kind", "guns.0.count", "armor.F", "armor.B"];
    let with = |values: [&'static str; 6]| -> Vec<(&'static str, &'static str)> {
        names.into_iter().zip(values).collect()
    };
    let (first, problems) = read::<Ship>(&with(["Wasp", "many", "mg", "two", "thick", "8"]));
    assert_eq!((first.oars, first.guns[0].count, first.armor.len()), (0, 1, 1));
    assert_eq!(problems.len(), 3);
    let (second, problems) = read::<Ship>(&with(["Wasp", "4", "mg", "3", "5", "8"]));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!((second.oars, second.guns[0].count), (4, 3));
    assert_eq!(second.armor, BTreeMap::from([("B".into(), 8), ("F".into(), 5)]));
    let (third, problems) = read::<Ship>(&with(["Wasp", "5", "mg", "lots", "6", "x"]));
    assert_eq!((third.oars, third.guns[0].count), (5, 1));
    assert_eq!(third.armor, BTreeMap::from([("F".into(), 6)]));
    assert_eq!(
        messages(&problems).into_iter().map(|(at, _)| at).collect::<Vec<_>>(),
        ["guns.0.count", "armor.B"]
    );
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

/// A document serde reads but cannot write, as a bug of ours could make one.
#[derive(Debug, Deserialize)]
struct Unwritable {
    #[expect(dead_code, reason = "read, never looked at")]
    count: u16,
}

impl Serialize for Unwritable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("a map keyed by a struct"))
    }
}

#[test]
fn a_document_that_does_not_serialise_is_a_fault_of_ours_never_an_empty_reading() {
    // Read cleanly, nothing needs writing.
    assert!(decode::<Unwritable>(&form(&[("count", "3")]), label).is_ok());
    // An unreadable field's problem says what it was read as: that needs the document written.
    let refused = decode::<Unwritable>(&form(&[("count", "lots")]), label).err();
    let fault = refused.as_ref().and_then(|r| r.fault.clone());
    assert!(fault.is_some_and(|f| f.contains("a map keyed by a struct")), "{refused:?}");
    let answer = crate::web::error::AppError::from(refused.unwrap_or_else(|| Refused::form("")));
    assert_eq!(answer.status_code(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
    assert!(!answer.public_message().contains("map keyed"), "the cause is logged, not shown");
}

/// The reader tells serde a struct's field by its place among the struct's fields, and serde
/// lists an alias among them: no struct in `src/` may have one (see the module notes).
#[test]
fn no_serde_attribute_in_the_sources_names_an_alias() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    sources(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 100, "the sources were found");
    let attribute = concat!("#[", "serde(");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source is text");
        for (at, _) in text.match_indices(attribute) {
            let inside = text[at..].split(")]").next().unwrap_or_default();
            assert!(!inside.contains("alias"), "{}: {inside}", file.display());
        }
    }
}

/// Fields are read by their place among a struct's fields: a struct whose fields are declared in
/// another order than the form sends them, with some left out and one skipped, reads each into
/// its own field.
#[test]
fn fields_are_read_into_their_own_places_whatever_order_they_come_in() {
    #[derive(Debug, PartialEq, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Many {
        a: u16,
        #[serde(skip)]
        skipped: u16,
        #[serde(default)]
        b: String,
        #[serde(rename = "sea")]
        c: u16,
        #[serde(default)]
        d: Option<u16>,
        #[serde(default)]
        e: bool,
    }
    let (m, problems) = read::<Many>(&[("e", "on"), ("sea", "3"), ("b", "bee"), ("a", "1"), ("d", "4")]);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(m, Many { a: 1, skipped: 0, b: "bee".into(), c: 3, d: Some(4), e: true });
    let (m, problems) = read::<Many>(&[("a", "x"), ("c", "5")]);
    assert_eq!(m, Many { a: 0, ..Many::default() }, "{problems:?}");
    assert_eq!(problems.len(), 1, "{problems:?}");
}
