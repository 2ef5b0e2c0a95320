//! Reading an order into the engine's [`Action`], from the page's forms or the API's JSON, with
//! the field at fault named when it does not read.

use super::super::input::{self, whole};
use crate::games::bfg::{self, Action, Condition, Launch, Removal, SquadronOrdnance};
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use axum::http::HeaderMap;

/// An order as the API reads it: the engine's [`Action`] with its kind in an `action` field
/// (`{"action": "reload", "ship": 0, "success": true}`), or as the engine writes it
/// (`{"reload": {"ship": 0, "success": true}}`). A field that does not fit is named by its path
/// ("ship must be a whole number from 0 to ..., not -1"; "squadrons[0].count ..."); see
/// [`input::tagged`].
pub(super) fn from_json(headers: &HeaderMap, body: &[u8]) -> Result<Action, AppError> {
    input::tagged(headers, body, "action", "order")
}

/// A form's field that does not read as an order: its name as the form posts it ("ship",
/// "split_b", "craft.fury-interceptor"), and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misread {
    pub field: String,
    pub message: String,
}

impl Misread {
    fn at(field: &str, message: impl Into<String>) -> Self {
        Misread { field: field.to_owned(), message: message.into() }
    }
}

/// A whole number from the form's field `name` (see [`whole`]), misread at that field.
fn number(f: &Fields, name: &str, what: &str) -> Result<Option<u32>, Misread> {
    whole(f, name, what).map_err(|message| Misread::at(name, message))
}

/// A whole number the order needs: `missing` said at the field when it is left empty.
fn needed(f: &Fields, name: &str, what: &str, missing: &str) -> Result<u32, Misread> {
    number(f, name, what)?.ok_or_else(|| Misread::at(name, missing))
}

/// Reads an order from a form: `action` names it, `ship` the ship (numbered as on the page);
/// a launch sends `craft.{id}` counts, a salvo `rolled` and `split_a`/`split_b`, a Reload
/// Ordnance `result` (`success` or `failure`), and so on. What cannot be read is said in words
/// at the field that holds it.
pub fn read_order(f: &Fields) -> Result<Action, Misread> {
    let ship = || -> Result<usize, Misread> {
        let n = needed(f, "ship", "The ship", "Choose a ship")?;
        usize::try_from(n).map_err(|_| Misread::at("ship", "The ship is out of range"))
    };
    let text = |name: &str, missing: &str| -> Result<String, Misread> {
        let value = f.get(name).unwrap_or("");
        if value.is_empty() { Err(Misread::at(name, missing)) } else { Ok(value.to_owned()) }
    };
    Ok(match f.get("action").unwrap_or("") {
        "launch_craft" => {
            let mut squadrons = Vec::new();
            for (craft, _) in f.under("craft") {
                let name = format!("craft.{craft}");
                let what =
                    bfg::craft_by_id(craft).map_or_else(|| "Squadrons".to_owned(), |c| c.name.to_owned());
                let count = number(f, &name, &what)?.unwrap_or(0);
                squadrons.push(Launch { craft: craft.to_owned(), count });
            }
            Action::LaunchCraft { ship: ship()?, squadrons }
        }
        "launch_torpedoes" => {
            let rolled = number(f, "rolled", "The D6 rolled")?;
            let split =
                match (number(f, "split_a", "The first salvo")?, number(f, "split_b", "The second salvo")?) {
                    (None, None) => None,
                    (Some(a), Some(b)) => Some([a, b]),
                    (a, _) => {
                        let empty = if a.is_none() { "split_a" } else { "split_b" };
                        return Err(Misread::at(
                            empty,
                            "To split the salvo, give the strength of both salvoes",
                        ));
                    }
                };
            Action::LaunchTorpedoes { ship: ship()?, rolled, split }
        }
        "launch_squadron" => {
            let squadron = text("squadron", "Choose a squadron")?;
            let ordnance = match f.get("ordnance") {
                Some("torpedoes") => SquadronOrdnance::Torpedoes,
                Some("craft") => SquadronOrdnance::Craft,
                _ => {
                    return Err(Misread::at(
                        "ordnance",
                        "Say whether the squadron launches torpedoes or attack craft",
                    ));
                }
            };
            let craft = f.get("craft").map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned);
            let mut rolled = Vec::new();
            for r in f
                .get("rolled")
                .unwrap_or("")
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|r| !r.is_empty())
            {
                let n = r.parse::<u32>().map_err(|_| {
                    let shown = crate::games::shown(r);
                    Misread::at(
                        "rolled",
                        format!("The D6 rolled must be whole numbers, one for each ship, not \"{shown}\""),
                    )
                })?;
                rolled.push(n);
            }
            if rolled.len() > bfg::MAX_SHIPS {
                let message = format!("Give at most {} rolls, one for each ship", bfg::MAX_SHIPS);
                return Err(Misread::at("rolled", message));
            }
            Action::LaunchSquadron { squadron, ordnance, craft, rolled }
        }
        "hits" => {
            let hits = needed(f, "hits", "The hits taken", "Say how many hits the ship takes")?;
            Action::Hits { ship: ship()?, hits }
        }
        "shields" => {
            let down = needed(f, "down", "The shields down", "Say how many shields are down")?;
            Action::Shields { ship: ship()?, down }
        }
        "undo" => Action::Undo {},
        "reload" => {
            let success = match f.get("result") {
                Some("success") => true,
                Some("failure") => false,
                _ => return Err(Misread::at("result", "Say whether the Reload Ordnance order succeeded")),
            };
            Action::Reload { ship: ship()?, success }
        }
        "set_condition" => {
            let condition = match f.get("condition") {
                Some("intact") => Condition::Intact,
                Some("crippled") => Condition::Crippled,
                Some("destroyed") => Condition::Destroyed,
                _ => return Err(Misread::at("condition", "Choose crippled or destroyed")),
            };
            Action::SetCondition { ship: ship()?, condition }
        }
        "brace" => Action::Brace { ship: ship()?, braced: f.flag("braced") },
        "remove_markers" => {
            let craft = text("craft", "Choose the attack craft to remove")?;
            let count = needed(f, "count", "The number of markers", "Say how many markers to remove")?;
            let reason = match f.get("reason") {
                Some("destroyed") => Removal::Destroyed,
                Some("returned") => Removal::Returned,
                Some("recalled") => Removal::Recalled,
                _ => {
                    return Err(Misread::at(
                        "reason",
                        "Say why the markers leave play: destroyed, returned or recalled",
                    ));
                }
            };
            Action::RemoveMarkers { craft, count, reason }
        }
        "next_turn" => Action::NextTurn {},
        other => {
            let shown = crate::games::shown(other);
            return Err(Misread::at(
                "action",
                format!("There is no order \"{shown}\" in the battle tracker"),
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};
    use serde_json::{Map, Value, json};

    /// Every kind of order, so a new one cannot be missed here (the match has no catch-all).
    fn one_of_each() -> Vec<Action> {
        let all = vec![
            Action::LaunchCraft {
                ship: 1,
                squadrons: vec![Launch { craft: "fury-interceptor".into(), count: 2 }],
            },
            Action::LaunchTorpedoes { ship: 2, rolled: Some(4), split: Some([3, 4]) },
            Action::LaunchTorpedoes { ship: 2, rolled: None, split: None },
            Action::LaunchSquadron {
                squadron: "squadrons.0".into(),
                ordnance: SquadronOrdnance::Torpedoes,
                craft: None,
                rolled: vec![3, 5],
            },
            Action::LaunchSquadron {
                squadron: "group:Red".into(),
                ordnance: SquadronOrdnance::Craft,
                craft: Some("doomfire".into()),
                rolled: vec![],
            },
            Action::Reload { ship: 0, success: false },
            Action::Hits { ship: 1, hits: 3 },
            Action::SetCondition { ship: 3, condition: Condition::Crippled },
            Action::Shields { ship: 0, down: 2 },
            Action::Brace { ship: 3, braced: true },
            Action::RemoveMarkers { craft: "starhawk-bomber".into(), count: 1, reason: Removal::Recalled },
            Action::NextTurn {},
            Action::Undo {},
        ];
        for a in &all {
            match a {
                Action::LaunchCraft { .. }
                | Action::LaunchTorpedoes { .. }
                | Action::LaunchSquadron { .. }
                | Action::Reload { .. }
                | Action::Hits { .. }
                | Action::SetCondition { .. }
                | Action::Shields { .. }
                | Action::Brace { .. }
                | Action::RemoveMarkers { .. }
                | Action::NextTurn {}
                | Action::Undo {} => {}
            }
        }
        all
    }

    /// The engine's order as the README writes it: its kind in `action`, beside its fields.
    fn documented(a: &Action) -> Map<String, Value> {
        let Ok(Value::Object(outside)) = serde_json::to_value(a) else { panic!("{a:?} is not an object") };
        let (kind, fields) = outside.into_iter().next().expect("a kind");
        let Value::Object(mut fields) = fields else { panic!("{kind} has no fields") };
        fields.insert("action".into(), Value::String(kind));
        fields
    }

    fn json_order(body: &Value) -> Result<Action, String> {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let bytes = serde_json::to_vec(body).expect("json");
        from_json(&h, &bytes).map_err(|e| e.to_string())
    }

    #[test]
    fn the_api_reads_every_order_as_documented_and_as_the_engine_writes_it() {
        for a in one_of_each() {
            assert_eq!(json_order(&Value::Object(documented(&a))), Ok(a.clone()));
            assert_eq!(json_order(&serde_json::to_value(&a).expect("json")), Ok(a));
        }
    }

    /// A value of the wrong type for `v`.
    fn wrong(v: &Value) -> Value {
        if v.is_boolean() { json!("yes") } else { json!(true) }
    }

    #[test]
    fn each_field_of_a_json_order_wrong_in_turn_is_named() {
        let prefix = "The order does not fit the document format: ";
        for a in one_of_each() {
            let order = documented(&a);
            for (field, value) in order.iter().filter(|(k, _)| *k != "action") {
                let mut bad = order.clone();
                bad.insert(field.clone(), wrong(value));
                let err = json_order(&Value::Object(bad)).expect_err(field);
                assert!(err.starts_with(&format!("{prefix}{field} must be ")), "{field}: {err}");
                // Nested: each field of the first item of a list of objects.
                if let Some(Value::Object(item)) = value.as_array().and_then(|l| l.first()) {
                    for (inner, v) in item {
                        let mut bad = order.clone();
                        bad[field][0][inner] = wrong(v);
                        let err = json_order(&Value::Object(bad)).expect_err(inner);
                        let path = format!("{prefix}{field}[0].{inner} must be ");
                        assert!(err.starts_with(&path), "{field}[0].{inner}: {err}");
                    }
                }
                // Left out: named when the order needs it (the optional ones read as none).
                let mut without = order.clone();
                without.remove(field);
                if let Err(err) = json_order(&Value::Object(without)) {
                    assert_eq!(err, format!("{prefix}it needs the field `{field}`"));
                }
            }
            // A field the order does not have is named too.
            let mut extra = order.clone();
            extra.insert("speed".into(), json!(3));
            let err = json_order(&Value::Object(extra)).expect_err("speed");
            assert!(err.starts_with(prefix) && err.contains("`speed`"), "{err}");
        }
        // A value of the right type out of range, and a choice that is not one, by name.
        let err = json_order(&json!({"action": "hits", "ship": -1, "hits": 2})).expect_err("ship");
        assert!(err.starts_with(&format!("{prefix}ship must be a whole number from 0 to ")), "{err}");
        let err =
            json_order(&json!({"action": "set_condition", "ship": 0, "condition": "sunk"})).expect_err("c");
        assert!(
            err.starts_with(&format!("{prefix}condition: unknown variant `sunk`, expected one of ")),
            "{err}"
        );
        let err = json_order(&json!({"action": "launch_torpedoes", "ship": 0, "split": [3]})).expect_err("s");
        assert_eq!(err, format!("{prefix}split: a salvo splits into two salvoes, [a, b], not 1 part"));
    }

    fn read(pairs: &[(&str, &str)]) -> Result<Action, Misread> {
        read_order(&Fields::from_pairs(pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))))
    }

    #[test]
    fn the_forms_read_every_order() {
        let got = [
            read(&[("action", "launch_craft"), ("ship", "1"), ("craft.fury-interceptor", "2")]),
            read(&[
                ("action", "launch_torpedoes"),
                ("ship", "2"),
                ("rolled", "4"),
                ("split_a", "3"),
                ("split_b", "4"),
            ]),
            read(&[
                ("action", "launch_torpedoes"),
                ("ship", "2"),
                ("rolled", ""),
                ("split_a", ""),
                ("split_b", ""),
            ]),
            read(&[
                ("action", "launch_squadron"),
                ("squadron", "squadrons.0"),
                ("ordnance", "torpedoes"),
                ("rolled", "3, 5"),
            ]),
            read(&[
                ("action", "launch_squadron"),
                ("squadron", "group:Red"),
                ("ordnance", "craft"),
                ("craft", "doomfire"),
            ]),
            read(&[("action", "reload"), ("ship", "0"), ("result", "failure")]),
            read(&[("action", "hits"), ("ship", "1"), ("hits", "3")]),
            read(&[("action", "set_condition"), ("ship", "3"), ("condition", "crippled")]),
            read(&[("action", "shields"), ("ship", "0"), ("down", "2")]),
            read(&[("action", "brace"), ("ship", "3"), ("braced", "on")]),
            read(&[
                ("action", "remove_markers"),
                ("craft", "starhawk-bomber"),
                ("count", "1"),
                ("reason", "recalled"),
            ]),
            read(&[("action", "next_turn")]),
            read(&[("action", "undo")]),
        ];
        assert_eq!(got.to_vec(), one_of_each().into_iter().map(Ok).collect::<Vec<_>>());
    }

    #[test]
    fn each_field_of_a_form_order_wrong_in_turn_is_named() {
        // The fields posted, the field named, the reason.
        type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
        let cases: &[Case] = &[
            (&[("action", "surrender")], "action", "There is no order \"surrender\" in the battle tracker"),
            (&[("action", "reload"), ("result", "success")], "ship", "Choose a ship"),
            (
                &[("action", "hits"), ("ship", "-1"), ("hits", "1")],
                "ship",
                "The ship cannot be negative (it is -1)",
            ),
            (
                &[("action", "hits"), ("ship", "first"), ("hits", "1")],
                "ship",
                "The ship must be a whole number, not \"first\"",
            ),
            (&[("action", "hits"), ("ship", "0"), ("hits", "")], "hits", "Say how many hits the ship takes"),
            (
                &[("action", "hits"), ("ship", "0"), ("hits", "lots")],
                "hits",
                "The hits taken must be a whole number, not \"lots\"",
            ),
            (&[("action", "shields"), ("ship", "0")], "down", "Say how many shields are down"),
            (
                &[("action", "shields"), ("ship", "0"), ("down", "99999999999")],
                "down",
                "The shields down is far too large (it is 99999999999)",
            ),
            (
                &[("action", "launch_craft"), ("ship", "0"), ("craft.fury-interceptor", "two")],
                "craft.fury-interceptor",
                "Fury interceptor must be a whole number, not \"two\"",
            ),
            (
                &[("action", "launch_torpedoes"), ("ship", "0"), ("rolled", "six")],
                "rolled",
                "The D6 rolled must be a whole number, not \"six\"",
            ),
            (
                &[("action", "launch_torpedoes"), ("ship", "0"), ("split_a", "x")],
                "split_a",
                "The first salvo must be a whole number, not \"x\"",
            ),
            (
                &[("action", "launch_torpedoes"), ("ship", "0"), ("split_a", "3"), ("split_b", "x")],
                "split_b",
                "The second salvo must be a whole number, not \"x\"",
            ),
            (
                &[("action", "launch_torpedoes"), ("ship", "0"), ("split_a", "4")],
                "split_b",
                "To split the salvo, give the strength of both salvoes",
            ),
            (
                &[("action", "launch_torpedoes"), ("ship", "0"), ("split_b", "4")],
                "split_a",
                "To split the salvo, give the strength of both salvoes",
            ),
            (&[("action", "launch_squadron"), ("ordnance", "craft")], "squadron", "Choose a squadron"),
            (
                &[("action", "launch_squadron"), ("squadron", "squadrons.0"), ("ordnance", "nova")],
                "ordnance",
                "Say whether the squadron launches torpedoes or attack craft",
            ),
            (
                &[
                    ("action", "launch_squadron"),
                    ("squadron", "squadrons.0"),
                    ("ordnance", "torpedoes"),
                    ("rolled", "3, x"),
                ],
                "rolled",
                "The D6 rolled must be whole numbers, one for each ship, not \"x\"",
            ),
            (
                &[("action", "reload"), ("ship", "0"), ("result", "maybe")],
                "result",
                "Say whether the Reload Ordnance order succeeded",
            ),
            (
                &[("action", "set_condition"), ("ship", "0"), ("condition", "sunk")],
                "condition",
                "Choose crippled or destroyed",
            ),
            (
                &[("action", "remove_markers"), ("count", "1"), ("reason", "returned")],
                "craft",
                "Choose the attack craft to remove",
            ),
            (
                &[
                    ("action", "remove_markers"),
                    ("craft", "starhawk-bomber"),
                    ("count", "some"),
                    ("reason", "returned"),
                ],
                "count",
                "The number of markers must be a whole number, not \"some\"",
            ),
            (
                &[("action", "remove_markers"), ("craft", "starhawk-bomber"), ("reason", "returned")],
                "count",
                "Say how many markers to remove",
            ),
            (
                &[
                    ("action", "remove_markers"),
                    ("craft", "starhawk-bomber"),
                    ("count", "1"),
                    ("reason", "bored"),
                ],
                "reason",
                "Say why the markers leave play: destroyed, returned or recalled",
            ),
        ];
        for (pairs, field, message) in cases {
            assert_eq!(read(pairs), Err(Misread::at(field, *message)), "{pairs:?}");
        }
        let many = vec!["1"; bfg::MAX_SHIPS + 1].join(",");
        let got = read(&[
            ("action", "launch_squadron"),
            ("squadron", "s"),
            ("ordnance", "torpedoes"),
            ("rolled", &many),
        ]);
        assert_eq!(got.map_err(|m| m.field), Err("rolled".to_owned()));
    }
}
