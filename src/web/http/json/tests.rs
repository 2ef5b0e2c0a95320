//! Reading documents strictly, and the sentences for what does not fit.

use super::*;
use crate::games::boats::{Design, examples};
use crate::games::epic::Detachment;
use serde::Deserialize;
use std::borrow::Cow;

fn misfit<'a, T: Deserialize<'a> + fmt::Debug>(body: &'a str) -> String {
    match from_slice::<T>(body.as_bytes()) {
        Err(Refusal::Misfit(m)) => m,
        other => panic!("{body}: expected a misfit, got {other:?}"),
    }
}

fn not_json<'a, T: Deserialize<'a> + fmt::Debug>(body: &'a str) -> String {
    match from_slice::<T>(body.as_bytes()) {
        Err(Refusal::NotJson(m)) => m,
        other => panic!("{body}: expected a syntax error, got {other:?}"),
    }
}

const OBJECT_NOT_LIST: &str = "must be an object ({...}), not a list";

#[test]
fn a_design_sent_as_an_array_is_refused() {
    assert_eq!(misfit::<Design>(r#"[1, "Seq", "dinghy"]"#), format!("it {OBJECT_NOT_LIST}"));
    assert_eq!(misfit::<Detachment>(r#"[1, "", "imperial-marines", []]"#), format!("it {OBJECT_NOT_LIST}"));
}

#[test]
fn objects_inside_a_document_sent_as_arrays_are_refused_naming_their_path() {
    for (body, path) in [
        (r#"{"hull": "dinghy", "propellers": [[]]}"#, "propellers[0]"),
        (r#"{"hull": "dinghy", "weapons": [["mg"]]}"#, "weapons[0]"),
        (r#"{"hull": "dinghy", "armor": []}"#, "armor"),
        (r#"{"hull": "dinghy", "deck": [3]}"#, "deck"),
        (r#"{"hull": "dinghy", "crew": [{"role": "pilot"}, ["gunner"]]}"#, "crew[1]"),
        (r#"{"hull": "dinghy", "turrets": [{"size": 1, "weapons": [["mg"]]}]}"#, "turrets[0].weapons[0]"),
        (r#"{"hull": "dinghy", "cargo": [["crates", 1, 100]]}"#, "cargo[0]"),
    ] {
        assert_eq!(misfit::<Design>(body), format!("{path} {OBJECT_NOT_LIST}"), "{body}");
    }
    assert_eq!(
        misfit::<Detachment>(r#"{"list": "imperial-marines", "choices": [["main", "sea-raider", 1, true]]}"#),
        format!("choices[0] {OBJECT_NOT_LIST}")
    );
}

#[test]
fn documents_written_as_objects_read_as_serde_json_reads_them() {
    for (slug, design) in examples::all() {
        let text = serde_json::to_string(&design).unwrap_or_default();
        assert_eq!(from_slice::<Design>(text.as_bytes()), Ok(design), "{slug}");
    }
    let body = r#"{"version": 1, "name": "Harbour\nWatch", "list": "imperial-marines",
            "choices": [{"section": "main", "entry": "sea-raider", "count": 1, "hq": true},
                        {"section": "support", "entry": "nautilus"}]}"#;
    let plain: Detachment = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_slice::<Detachment>(body.as_bytes()), Ok(plain));
}

#[test]
fn a_field_of_the_wrong_kind_is_named_with_what_fits() {
    let choice = |count: &str| {
        format!(
            r#"{{"list": "imperial-marines", "choices": [{{"section": "main", "entry": "x", "count": {count}}}]}}"#
        )
    };
    for (count, said) in [
        (r#""two""#, r#"the string "two""#),
        ("-1", "-1"),
        ("1000", "1000"),
        ("1.5", "1.5"),
        ("null", "null"),
        ("[]", "a list"),
        ("{}", "an object"),
        ("true", "true"),
    ] {
        assert_eq!(
            misfit::<Detachment>(&choice(count)),
            format!("choices[0].count must be a whole number from 0 to 999, not {said}")
        );
    }
    assert_eq!(
        misfit::<Design>(r#"{"hull": "dinghy", "weapons": [{"weapon": "mg", "mount": "top"}]}"#),
        "weapons[0].mount: unknown variant `top`, expected one of `F`, `B`, `L`, `R`, `FL`, `FR`, `BL`, `BR`"
    );
    assert_eq!(
        misfit::<Design>(r#"{"hull": "dinghy", "version": "1"}"#),
        r#"version must be a whole number from 0 to 4294967295, not the string "1""#
    );
    assert_eq!(misfit::<Design>(r#"{"hull": 5}"#), "hull must be a string, not 5");
    assert_eq!(misfit::<Design>(r#"{"hull": "dinghy", "hydrofoils": "yes"}"#), {
        r#"hydrofoils must be true or false, not the string "yes""#
    });
    assert_eq!(
        misfit::<Design>(r#"{"hull": "dinghy", "weapons": {}}"#),
        "weapons must be a list, not an object"
    );
    assert_eq!(misfit::<Design>(r#"{"name": "x"}"#), "it needs the field `hull`");
    assert_eq!(misfit::<Design>(r#"{"hull": "dinghy", "crew": [{}]}"#), "crew[0] needs the field `role`");
    assert!(
        misfit::<Design>(r#"{"hul": "dinghy"}"#)
            .starts_with("unknown field `hul`, expected one of `version`")
    );
    assert!(
        misfit::<Design>(r#"{"hull": "dinghy", "weapons": [{"weapon": "mg", "cuont": 2}]}"#)
            .starts_with("weapons[0]: unknown field `cuont`, expected one of `weapon`, `mount`")
    );
    let long = format!(r#"{{"hull": "dinghy", "name": "{}"}}"#, "x".repeat(101));
    assert_eq!(misfit::<Design>(&long), "name must be at most 100 characters long (this one has 101)");
    assert_eq!(
        misfit::<Design>(r#"{"hull": "dinghy", "cargo": [{"spaces": 1, "weight": 2000000}]}"#),
        "cargo[0].weight must be a whole number from 0 to 1000000, not 2000000"
    );
    assert_eq!(misfit::<Design>("7"), format!("it must be an object ({{...}}), not 7"));
}

#[test]
fn a_long_string_sent_is_repeated_only_in_part() {
    let body = format!(r#"{{"hull": "dinghy", "oars": "{}"}}"#, "é".repeat(5000));
    let said = misfit::<Design>(&body);
    assert_eq!(
        said,
        format!("oars must be a whole number from 0 to 999, not the string \"{}…\"", "é".repeat(39))
    );
}

#[test]
fn anything_after_the_document_is_refused() {
    assert_eq!(
        not_json::<Detachment>(r#"{"list": "imperial-marines"} x"#),
        "trailing characters at line 1 column 30"
    );
    assert_eq!(
        not_json::<Detachment>(r#"{"list": "imperial-marines"}{}"#),
        "trailing characters at line 1 column 29"
    );
    assert!(from_slice::<Detachment>(b"{\"list\": \"imperial-marines\"}\n \t\r\n").is_ok());
    assert_eq!(
        not_json::<Detachment>(r#"{"list": "imperial-marines","#),
        "EOF while parsing a value at line 1 column 28"
    );
    assert_eq!(not_json::<Detachment>(""), "EOF while parsing a value at line 1 column 0");
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Inner {
    a: u8,
}

#[derive(Debug, Deserialize, PartialEq)]
enum Shape {
    Unit,
    Newtype(Inner),
    Tuple(u8, u8),
    Struct { a: u8 },
}

#[derive(Debug, Deserialize)]
struct Borrowing<'a> {
    #[serde(borrow)]
    cow: Cow<'a, str>,
    plain: &'a str,
    shapes: Vec<Shape>,
    opt: Option<Inner>,
}

#[test]
fn strings_stay_borrowed_and_enums_keep_working() {
    let body = br#"{"cow": "sea", "plain": "wasp", "opt": {"a": 1},
            "shapes": ["Unit", {"Newtype": {"a": 1}}, {"Tuple": [1, 2]}, {"Struct": {"a": 3}}]}"#;
    let b: Borrowing = from_slice(body).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(matches!(b.cow, Cow::Borrowed("sea")));
    assert_eq!(b.plain, "wasp");
    assert_eq!(b.opt, Some(Inner { a: 1 }));
    assert_eq!(
        b.shapes,
        [Shape::Unit, Shape::Newtype(Inner { a: 1 }), Shape::Tuple(1, 2), Shape::Struct { a: 3 }]
    );
}

#[test]
fn structs_inside_enums_and_options_are_objects_only() {
    for (body, path) in [
        (r#"{"cow": "", "plain": "", "opt": null, "shapes": [{"Newtype": [1]}]}"#, "shapes[0].Newtype"),
        (r#"{"cow": "", "plain": "", "opt": null, "shapes": ["Unit", {"Struct": [3]}]}"#, "shapes[1].Struct"),
        (r#"{"cow": "", "plain": "", "opt": [1], "shapes": []}"#, "opt"),
    ] {
        assert_eq!(misfit::<Borrowing>(body), format!("{path} {OBJECT_NOT_LIST}"), "{body}");
    }
}

/// Path (empty at the top) | serde's message | the sentence.
const SENTENCES: &str = r#"
a.b | invalid type: string "two", expected u16 | a.b must be a whole number from 0 to 65535, not the string "two"
n | invalid value: integer `70000`, expected u16 | n must be a whole number from 0 to 65535, not 70000
n | invalid value: integer `-1`, expected u32 | n must be a whole number from 0 to 4294967295, not -1
n | invalid type: floating point `1.5`, expected u8 | n must be a whole number from 0 to 255, not 1.5
n | invalid type: integer `3`, expected i8 | n must be a whole number from -128 to 127, not 3
n | invalid type: string "x", expected i64 | n must be a whole number from -9223372036854775808 to 9223372036854775807, not the string "x"
n | invalid type: string "x", expected f64 | n must be a number, not the string "x"
on | invalid type: integer `1`, expected a boolean | on must be true or false, not 1
s | invalid type: unit value, expected a string | s must be a string, not null
s | invalid type: map, expected a borrowed string | s must be a string, not an object
v | invalid type: map, expected a sequence | v must be a list, not an object
m | invalid type: sequence, expected a map | m must be an object, not a list
 | invalid type: sequence, expected struct Design | it must be an object ({...}), not a list
x | invalid type: sequence, expected struct variant Shape::Struct | x must be an object ({...}), not a list
x | invalid type: boolean `false`, expected enum Section | x must be one of the names it takes (a string), not false
c | invalid type: string "ab", expected a character | c must be a single character, not the string "ab"
count | invalid value: integer `1000`, expected a whole number from 0 to 999 | count must be a whole number from 0 to 999, not 1000
name | invalid type: string "a, expected b", expected u8 | name must be a whole number from 0 to 255, not the string "a, expected b"
name | must be at most 100 characters long (this one has 120) | name must be at most 100 characters long (this one has 120)
 | must be at most 100 characters long (this one has 120) | it must be at most 100 characters long (this one has 120)
 | missing field `hull` | it needs the field `hull`
weapons[0] | missing field `weapon` | weapons[0] needs the field `weapon`
 | duplicate field `name` | it has the field `name` twice
weapons[0].mount | unknown variant `top`, expected one of `F`, `B` | weapons[0].mount: unknown variant `top`, expected one of `F`, `B`
hul | unknown field `hul`, expected one of `version`, `name` | unknown field `hul`, expected one of `version`, `name`
weapons[0].cuont | unknown field `cuont`, expected `weapon` or `count` | weapons[0]: unknown field `cuont`, expected `weapon` or `count`
deck.x | unknown field `x`, there are no fields | deck: unknown field `x`, there are no fields
armor.points | F armor adds up to 1200 points; a location holds at most 999 | armor.points: F armor adds up to 1200 points; a location holds at most 999
 | invalid length 1, expected a tuple of size 2 | invalid length 1, expected a tuple of size 2
"#;

#[test]
fn serde_messages_become_sentences() {
    for row in SENTENCES.lines().filter(|l| !l.is_empty()) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let [path, detail, want] = cells[..] else { panic!("a row of three cells: {row}") };
        assert_eq!(sentence(path.trim(), detail), want, "{row}");
    }
    assert_eq!(
        sentence("n", "invalid type: string \"x\", expected usize"),
        format!("n must be a whole number from 0 to {}, not the string \"x\"", usize::MAX)
    );
}

#[test]
fn a_key_sent_twice_is_refused_naming_it_wherever_it_is() {
    for (body, said) in [
        (r#"{"list": "imperial-marines", "list": "ork-wetboyz"}"#, "it has the field `list` twice"),
        (
            r#"{"hull": "dinghy", "armor": {"points": {"F": 1, "B": 2, "F": 3}}}"#,
            "armor.points has the field `F` twice",
        ),
        (
            r#"{"hull": "dinghy", "weapons": [{"weapon": "mg"}, {"weapon": "mg", "count": 1, "count": 2}]}"#,
            "weapons[1] has the field `count` twice",
        ),
    ] {
        let got =
            match (from_slice::<Design>(body.as_bytes()), from_slice::<serde_json::Value>(body.as_bytes())) {
                (Err(Refusal::Misfit(a)), Err(Refusal::Misfit(b))) if a == b => a,
                other => panic!("{body}: {other:?}"),
            };
        assert_eq!(got, said, "{body}");
    }
    // Keys that only look alike are different keys; nested objects have keys of their own.
    assert!(from_slice::<serde_json::Value>(br#"{"a": {"a": 1}, "A": [{"a": 1}, {"a": 2}]}"#).is_ok());
    // Not JSON: said as such, whatever it repeats.
    assert!(matches!(from_slice::<serde_json::Value>(br#"{"a": 1, "a": "#), Err(Refusal::NotJson(_))));
}

#[test]
fn nul_in_a_string_or_a_key_reads_as_the_replacement_character() {
    let v: serde_json::Value = from_slice(br#"{"a\u0000": "x\u0000y", "b": ["\u0000"]}"#).unwrap_or_default();
    assert_eq!(v, serde_json::json!({"a\u{FFFD}": "x\u{FFFD}y", "b": ["\u{FFFD}"]}));
    let d: Design = from_slice(br#"{"hull": "ding\u0000hy", "name": "Sea\u0000Wasp"}"#).expect("design");
    assert_eq!(d.name, "Sea\u{FFFD}Wasp");
    assert_eq!(serde_json::to_value(&d.hull).ok(), Some(serde_json::json!("ding\u{FFFD}hy")));
    let c: char = from_slice(br#""\u0000""#).expect("a character");
    assert_eq!(c, '\u{FFFD}');
}

#[test]
fn positions_are_dropped_however_often_they_were_added() {
    assert_eq!(without_position("bad at line 1 column 5 at line 1 column 9"), "bad");
    assert_eq!(without_position("the name at line 4 is bad"), "the name at line 4 is bad");
    assert_eq!(without_position("x at line a column 1"), "x at line a column 1");
}

#[test]
fn json_content_types_are_recognised_with_parameters_and_suffixes() {
    for (value, json) in [
        ("application/json", true),
        ("application/json; charset=utf-8", true),
        ("Application/JSON;charset=UTF-8", true),
        ("application/vnd.drydock+json", true),
        ("application/problem+json; q=1", true),
        ("application/+json", false),
        ("application/jsonp", false),
        ("text/json", false),
        ("application/x-www-form-urlencoded", false),
        ("text/plain", false),
        ("json", false),
        ("", false),
    ] {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_TYPE, axum::http::HeaderValue::from_static(value));
        assert_eq!(is_json_content_type(&h), json, "{value}");
    }
    assert!(!is_json_content_type(&HeaderMap::new()));
}

mod extractor {
    use crate::games::epic::Detachment;
    use crate::web::http::error::ApiJson;
    use axum::Router;
    use axum::body::Body;
    use axum::http::{Request, StatusCode, header};
    use axum::routing::post;
    use serde_json::Value;
    use tower::ServiceExt;
    use tower_http::limit::RequestBodyLimitLayer;

    /// The API's extractor behind the body limit, as the app serves it.
    async fn send(content_type: Option<&str>, body: String, limit: usize) -> (StatusCode, Value) {
        let app = Router::new()
            .route("/", post(|ApiJson(d): ApiJson<Detachment>| async move { d.list }))
            .layer(RequestBodyLimitLayer::new(limit));
        let mut req = Request::post("/");
        if let Some(ct) = content_type {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        // No Content-Length: the limit is met while the body is read, as with a chunked one.
        let req = req.body(Body::from(body)).unwrap_or_default();
        let res = app.oneshot(req).await.unwrap_or_else(|e| match e {});
        let status = res.status();
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 20).await.unwrap_or_default();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into())),
        )
    }

    fn said(v: &Value) -> &str {
        v["error"].as_str().unwrap_or("")
    }

    const OK: &str = r#"{"list": "imperial-marines"}"#;

    #[tokio::test]
    async fn a_document_is_read() {
        let (status, v) = send(Some("application/json; charset=utf-8"), OK.into(), 1024).await;
        assert_eq!((status, v), (StatusCode::OK, Value::String("imperial-marines".into())));
    }

    #[tokio::test]
    async fn each_kind_of_bad_body_gets_its_status_and_sentence() {
        let (status, v) = send(None, OK.into(), 1024).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(said(&v), "Send the body with the header Content-Type: application/json");
        assert_eq!(v["status"], 415);

        let (status, v) = send(Some("application/json"), r#"{"list": "#.into(), 1024).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(said(&v), "The body is not valid JSON: EOF while parsing a value at line 1 column 9");

        let (status, v) = send(Some("application/json"), r#"["imperial-marines"]"#.into(), 1024).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            said(&v),
            "The detachment does not fit the document format: it must be an object ({...}), not a list"
        );
        assert_eq!(v["status"], 422);

        let (status, v) = send(Some("application/json"), format!("{OK} garbage"), 1024).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(said(&v), "The body is not valid JSON: trailing characters at line 1 column 30");
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_still_413() {
        let (status, v) = send(Some("application/json"), format!("{OK}{}", " ".repeat(200)), 64).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(said(&v).contains("64 KiB"), "{v}");
    }

    #[tokio::test]
    async fn a_document_with_too_many_entries_is_refused_and_says_so() {
        let choice = r#"{"section": "main", "entry": "sea-raider"}"#;
        let body = format!(r#"{{"list": "imperial-marines", "choices": [{}]}}"#, vec![choice; 201].join(","));
        let (status, v) = send(Some("application/json"), body, 1 << 20).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            said(&v),
            "The detachment was not taken: this detachment has 201 entries; a detachment holds at most 200 (choices).",
        );
    }
}
