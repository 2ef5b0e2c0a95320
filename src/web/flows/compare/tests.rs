//! The compare facts of every registered game, through the registry alone: no game is named.

use super::*;
use crate::web::registry::GAMES;
use serde_json::Value;

/// A saved build of `kind` holding `document`, as the store would give it.
fn build(kind: &str, document: &str) -> Build {
    Build {
        id: "aaaaaaaaaaaaaaaa".into(),
        kind: kind.into(),
        name: "Example".into(),
        document: document.into(),
        engine_version: 1,
        legal: true,
        summary: String::new(),
        created_at: 0,
        updated_at: 0,
        parent_id: None,
        edit_token_hash: String::new(),
        listing: "listed".into(),
        deleted_at: None,
        cost: None,
        points: None,
        tag: None,
        parts: None,
        revision: 1,
    }
}

/// Every number in `v`, by its place.
fn numbers(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Number(_) => out.push(at.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(i.to_string());
                numbers(item, at, out);
                at.pop();
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                at.push(k.clone());
                numbers(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// `v` with the number at `at` one more.
fn one_more(v: &Value, at: &[String]) -> Value {
    let mut v = v.clone();
    let mut node = &mut v;
    for seg in at {
        node = match node {
            Value::Array(items) => &mut items[seg.parse::<usize>().unwrap_or(0)],
            other => &mut other[seg.as_str()],
        };
    }
    if let Some(n) = node.as_u64() {
        *node = Value::from(n + 1);
    }
    v
}

#[test]
fn every_games_example_compared_with_itself_is_the_same_throughout() {
    for r in &GAMES {
        let b = build(r.game.id, r.game.example);
        let (a, same) = ((r.compare)(&b), (r.compare)(&b));
        assert!(!a.facts.figures.is_empty(), "{}: figures", r.game.id);
        assert!(!a.facts.parts.is_empty(), "{}: parts", r.game.id);
        let c = compare(&a.facts, &same.facts);
        assert!(c.all_same(), "{}: {c:#?}", r.game.id);
        assert!(c.figures.iter().all(|f| f.difference == "same"), "{}", r.game.id);
        assert_eq!(one_line(&a.facts, &same.facts), "the same", "{}", r.game.id);
    }
}

#[test]
fn every_games_example_against_a_changed_copy_differs_and_lines_its_parts_up() {
    for r in &GAMES {
        let example: Value = serde_json::from_str(r.game.example).unwrap_or(Value::Null);
        let a = (r.compare)(&build(r.game.id, r.game.example));
        let mut places = Vec::new();
        numbers(&example, &mut Vec::new(), &mut places);
        let (mut figure_differs, mut part_lined_up) = (false, false);
        for at in &places {
            let changed = serde_json::to_string(&one_more(&example, at)).unwrap_or_default();
            let b = (r.compare)(&build(r.game.id, &changed));
            let c = compare(&a.facts, &b.facts);
            if c.all_same() {
                continue;
            }
            assert_ne!(one_line(&a.facts, &b.facts), "the same", "{}: {at:?}", r.game.id);
            figure_differs |= c.figures.iter().any(|f| !f.same && f.difference != "changed");
            // A part in both, changed: one row, holding both builds' counts.
            part_lined_up |= c.parts.iter().any(|p| p.change == Change::Changed && p.a != "—" && p.b != "—");
            // Every key is on one row only.
            let mut keys: Vec<&str> = c.parts.iter().map(|p| p.key.as_str()).collect();
            keys.sort_unstable();
            let n = keys.len();
            keys.dedup();
            assert_eq!(keys.len(), n, "{}: {at:?}", r.game.id);
        }
        assert!(figure_differs, "{}: no changed copy moved a figure", r.game.id);
        assert!(part_lined_up, "{}: no changed copy lined a part up with its original", r.game.id);
    }
}

#[test]
fn differences_are_said_in_words_with_their_units() {
    assert_eq!(difference(230_000, 100, Unit::Money), "+$2,300");
    assert_eq!(difference(-120_050, 100, Unit::Money), "\u{2212}$1,200.50");
    assert_eq!(difference(-10, 2, Unit::Mph), "\u{2212}5 mph");
    assert_eq!(difference(5, 2, Unit::Mph), "+2.5 mph");
    assert_eq!(difference(15, 1, Unit::Points), "+15 points");
    assert_eq!(difference(1, 1, Unit::Points), "+1 point");
    assert_eq!(difference(0, 100, Unit::Pounds), "same");
    assert_eq!(difference(250, 100, Unit::Pounds), "+2.5 lb");
    assert_eq!(difference(3, 6, Unit::Spaces), "+1/2 space");
    assert_eq!(amount(62, 6, Unit::Spaces), "10 1/3 spaces");
    assert_eq!(amount(1_234_567, 1, Unit::Plain), "1,234,567");
}

#[test]
fn a_parts_count_change_is_one_row_and_one_line_names_it() {
    let facts = |rl: i64, cost: i64| Facts {
        figures: vec![Figure::number("Cost", cost, 100, Unit::Money)],
        parts: vec![
            Part::new("weapon:rl", "rocket launcher", rl).plural("rocket launchers"),
            Part::new("crew:driver", "driver", 1),
        ],
    };
    let c = compare(&facts(2, 500_000), &facts(3, 380_000));
    assert_eq!(c.parts.len(), 2);
    assert_eq!(c.parts[0].difference, "2 → 3");
    assert_eq!(c.parts[1].change, Change::Same);
    assert_eq!(one_line(&facts(2, 500_000), &facts(3, 380_000)), "+1 rocket launcher, \u{2212}$1,200");
    let gone = Facts { parts: Vec::new(), ..facts(2, 500_000) };
    let c = compare(&facts(2, 500_000), &gone);
    assert!(c.parts.iter().all(|p| p.change == Change::Removed && p.b == "—"));
    assert_eq!(one_line(&facts(2, 500_000), &gone), "\u{2212}2 rocket launchers, \u{2212}1 driver");
}

#[test]
fn ids_are_taken_from_pasted_links_and_nothing_else() {
    let id = "abcdefghjkmnpqrs";
    assert!(looks_like_id(id), "the alphabet changed: pick another id");
    assert_eq!(id_in(id), Some(id));
    assert_eq!(id_in(&format!("  https://drydock.example/boats/{id}  ")), Some(id));
    assert_eq!(id_in(&format!("/epic/{id}/edit?token=zzzzzzzzzzzzzzzzzzzz")), Some(id));
    assert_eq!(id_in(&format!("http://x/boats/{id}?saved=1#family")), Some(id));
    assert_eq!(id_in("https://drydock.example/boats/"), None);
    assert_eq!(id_in("not a link"), None);
    assert_eq!(id_in(""), None);
    assert_eq!(id_in(&"/".repeat(5_000)), None);
}
