//! What the form leaves out or sends empty, options and checkboxes, and buttons.

use super::*;

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
    use crate::games::boats::design::{Design, Section};
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
    assert_eq!(d.armor.points.get(crate::games::boats::tables::Loc::F), 12);
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
        assert_eq!(p.code, Shared::BadButton, "{action}");
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
    let mut d = crate::games::boats::examples::all().remove(0).1;
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
        assert_eq!((p.code, p.severity), (Shared::BadButton.into(), crate::games::Severity::Error));
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
                    prop_assert_eq!(p.code, Shared::BadButton);
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
