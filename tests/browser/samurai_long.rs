//! A long Samurai scenario (issue 24): past 40 units and lone leaders each row but the chosen
//! unit's is brief (its side by letter, its hex, its type as a field offering one shared list of
//! the types, its other figures in words and carried hidden). The form still posts the same
//! scenario, every field is labelled, axe passes, a type typed into a brief row brings its
//! figures, and "Edit its figures" draws the row whole, with JavaScript and without; the rows
//! fit a phone.

use crate::support::{Browser, TURN, app, browser, browser_without_script};
use drydock::games::samurai::Scenario;
use drydock::games::samurai::data::UNIT_TYPES;
use serde_json::{Value, json};

/// 45 units of three kinds of figures, one of the player's own type, and a lone leader.
fn long() -> Value {
    let units: Vec<Value> = (0..45u8)
        .map(|k| {
            let hex = format!("{}{}", char::from(b'A' + k % 13), k / 13 + 1);
            match k % 3 {
                0 => {
                    json!({"side": "a", "hex": hex, "type": "samurai-naginata", "close": 4, "rank": "square"})
                }
                1 => {
                    json!({"side": "b", "hex": hex, "type": "War Junk", "close": 3, "ranged": 1, "blocks": 2,
                            "leader": "foot", "flat": true})
                }
                _ => json!({"side": "b", "hex": hex, "type": "mounted-samurai", "close": 4, "rank": "square",
                            "mounted": true, "command_ship": k == 2}),
            }
        })
        .collect();
    json!({"name": "Long", "side_a": "Minamoto", "side_b": "Taira", "board": {"width": 13, "rows": 9},
           "wind": ["e"], "units": units, "leaders": [{"side": "a", "hex": "M9", "kind": "mounted"}]})
}

/// Saves `doc` and opens its editor in `b`.
async fn open_editor(b: &Browser, doc: &Value) {
    let app = app().await;
    let res = reqwest::Client::new().post(app.url("/api/samurai")).json(doc).send().await.expect("save");
    let saved: Value = res.json().await.expect("json");
    b.goto(saved["edit_url"].as_str().expect("edit link")).await;
}

/// The scenario the editor's form posts now, as the server reads it (its JSON export).
async fn posted(b: &Browser) -> Scenario {
    let got = b.js("const f = new FormData(document.getElementById('editor')); f.set('action', 'recalculate'); return fetch('/samurai/export.json', {method: 'POST', body: new URLSearchParams(f)}).then(r => r.json());").await;
    serde_json::from_value(got).expect("a scenario")
}

#[tokio::test]
async fn past_forty_rows_each_unit_is_brief_and_the_form_still_posts_the_whole_scenario() {
    let _turn = TURN.lock().await;
    let b = browser().await;
    let doc = long();
    open_editor(&b, &doc).await;
    // Brief rows: the type a field offering the shared list, the side by letter.
    assert!(b.exists("#unit-0.brief").await && b.exists("#unit-44.brief").await);
    let kind = b.js("const f = document.querySelector('#f-units-1-type'); return [f.tagName, f.value, f.getAttribute('list')];").await;
    assert_eq!(kind, json!(["INPUT", "War Junk", "unit-types"]));
    assert_eq!(b.value("#f-units-0-type").await, "samurai-naginata");
    assert_eq!(
        b.js("return document.querySelectorAll('datalist#unit-types option').length;").await,
        json!(UNIT_TYPES.len())
    );
    assert_eq!(b.js("return document.querySelectorAll('datalist').length;").await, json!(1));
    assert_eq!(b.text("#f-units-1-side option:checked").await, "B");
    assert!(b.text("#brief-rows").await.contains("A is Minamoto, B is Taira"));
    assert_eq!(
        b.text("#unit-1 .figures-words").await,
        "Close 3, ranged 1, rank not known, 2 blocks; foot leader; lying flat"
    );
    assert!(!b.exists("#f-units-1-close").await, "a brief row's dice are words, not fields");
    assert_eq!(b.unlabeled_inputs().await, json!([]));
    assert_eq!(b.axe().await, Vec::<String>::new());
    // Its hidden fields and brief fields post the scenario it was opened with.
    let saved: Scenario = serde_json::from_value(doc).expect("a scenario");
    let read = posted(&b).await;
    assert_eq!((read.units, read.leaders), (saved.units.clone(), saved.leaders.clone()));

    // "Edit its figures" draws that row whole; the others stay brief.
    b.click("#unit-1 button[value='select.1']").await;
    b.wait_text("#unit-1 legend", "draw unit 2 whole", |_| true).await;
    b.css("#f-units-1-close").await;
    assert_eq!(b.value("#f-own_type-1").await, "War Junk");
    assert_eq!(b.value("#f-units-1-blocks").await, "2");
    assert!(!b.exists("#unit-1.brief").await && b.exists("#unit-0.brief").await);
    assert_eq!(posted(&b).await.units, saved.units);

    // A type typed into a brief row (by keys, as a player does) brings that type's figures.
    let field = b.css("#f-units-3-type").await;
    field.send_keys("\u{E009}a\u{E000}sohei-archers\u{E004}").await.expect("type");
    b.wait_text("#unit-3 legend", "become sohei archers", |t| t.contains("Sohei Archers")).await;
    b.settle().await;
    assert_eq!(b.value("#f-units-3-type").await, "sohei-archers");
    assert!(b.text("#unit-3 .figures-words").await.starts_with("Close 3, ranged 2, Triangle"));
    assert!(b.exists("#f-units-1-close").await, "the chosen unit's row stays whole");
}

#[tokio::test]
async fn without_javascript_a_brief_row_is_drawn_whole_by_a_form_post_and_fits_a_phone() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    open_editor(&b, &long()).await;
    assert!(b.exists("#unit-4.brief").await);
    assert_eq!(b.fits_width().await, json!(true), "brief rows fit a 390 px phone");
    b.post("#unit-4 button[value='select.4']", "#f-own_type-4").await;
    assert_eq!(b.value("#f-units-4-close").await, "3");
    assert!(b.text("#options").await.contains("Unit 5"), "its options are shown beside the map");
    assert!(b.exists("#unit-5.brief").await);
}
