//! A long fleet in the BFG builder: past 40 ships and squadrons each row is drawn lean (its class
//! and leaders offer shared lists, its weapons are one table for each class as fitted), so the
//! builder of the largest fleets stays well within an answer's bound; up to 40 rows it is drawn
//! as it always was.

use crate::support::{TestApp, encode, post_form, spawn_unlimited};
use drydock::games::bfg::Fleet;
use drydock::web::bfg::fleet_form::fields_of;
use serde_json::{Value, json};

/// Well within the 1 MiB bound of any answer.
const MOST: usize = 900_000;

fn cruisers(n: usize) -> Fleet {
    serde_json::from_value(json!({
        "name": "Long patrol", "faction": "imperial-navy", "list": "in-gothic", "points_limit": 100_000,
        "ships": vec![json!({"class": "lunar-cruiser"}); n]
    }))
    .expect("a fleet")
}

async fn builder(app: &TestApp, f: &Fleet, path: &str) -> String {
    let res = post_form(app, path, encode(&fields_of(f))).await;
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.text().await.expect("body")
}

#[tokio::test]
async fn forty_rows_are_drawn_in_full_and_the_forty_first_makes_them_lean() {
    let app = spawn_unlimited().await;
    let full = builder(&app, &cruisers(40), "/bfg/builder").await;
    assert!(full.contains(r#"<select id="f-ships-39-class" name="ships.39.class""#), "a select a row");
    assert!(full.contains(r#"<details class="weapons" id="weapons-problems-ships-39">"#), "its own table");
    assert!(!full.contains("<datalist") && !full.contains("fleet-arms"), "no shared lists");

    let mut f = cruisers(41);
    f.ships[2].options = vec!["nova-cannon".into()];
    let lean = builder(&app, &f, "/bfg/builder").await;
    assert!(!lean.contains("<select id=\"f-ships-0-class\""), "no select of the classes");
    assert!(
        lean.contains(r#"<input list="ship-classes" value="lunar-cruiser" autocomplete="off" spellcheck="false" id="f-ships-40-class" name="ships.40.class""#),
        "a field offering the shared list"
    );
    assert_eq!(lean.matches(r#"<datalist id="ship-classes">"#).count(), 1, "one list of the classes");
    assert!(lean.contains(r#"<option value="lunar-cruiser">Lunar cruiser (180 pts)</option>"#), "ids, named");
    assert!(!lean.contains("<details class=\"weapons\""), "no table a row");
    assert!(
        !lean.contains(
            "hx-target=\"closest form\" hx-swap=\"outerHTML\" hx-sync=\"closest form:replace\">Remove"
        ),
        "buttons inherit"
    );
    // One table for each fitting, titled with the rows that have it, and each row links to its own.
    assert!(lean.contains(r#"<h3 id="arms-0">Lunar cruiser: ships 1–2, 4–41</h3>"#), "{lean}");
    assert!(lean.contains(r#"<h3 id="arms-1">Lunar cruiser: ship 3</h3>"#));
    assert!(lean.contains(
        r##"<p class="profile" id="profile-problems-ships-40"><a href="#arms-0">Profile and weapons ("##
    ));
    assert!(lean.contains(
        r##"<p class="profile" id="profile-problems-ships-2"><a href="#arms-1">Profile and weapons ("##
    ));
    assert!(
        lean.contains(r#"<legend id="legend-problems-ships-0">Ship 1: Lunar cruiser <span class="sum">"#)
    );
    // The live update redraws the tables with the rows, as options change them.
    let live = builder(&app, &f, "/bfg/live").await;
    assert!(live.contains(r#"id="fleet-arms" aria-labelledby="fleet-arms-title" hx-swap-oob="true""#));
    assert!(live.contains(r#"<h3 id="arms-1">Lunar cruiser: ship 3</h3>"#));
    // The lean form posts the same fleet back.
    let (status, back) = app.get("/bfg/new?faction=imperial-navy").await;
    assert!(status.is_success() && !back.is_empty());
    let res = post_form(&app, "/bfg/export.json", encode(&fields_of(&f))).await;
    let read: Value = res.json().await.expect("json");
    assert_eq!(read["ships"].as_array().map(Vec::len), Some(41));
    assert_eq!(read["ships"][2]["options"], json!(["nova-cannon"]));
}

/// The builder's largest answers: 200 Despoiler battleships (the largest row of any list: its
/// options, leaders and weapons) named with the worst names, drawn whole from the store, and a
/// form of 200 that fits the body limit posted to every address the builder posts to.
#[tokio::test]
async fn the_builder_of_the_largest_fleet_answers_within_900_kb() {
    let app = spawn_unlimited().await;
    let name = "<&\"'>".repeat(20);
    let doc = json!({
        "name": name, "faction": "chaos", "list": "ch-black-crusade", "points_limit": 100_000,
        "ships": vec![json!({"class": "despoiler-battleship", "name": name, "group": name}); 200]
    });
    let res = app.client.post(app.url("/api/bfg")).json(&doc).send().await.expect("save");
    let saved: Value = res.json().await.expect("json");
    let edit = saved["edit_url"].as_str().expect("edit url");
    let edit = &edit[edit.find("/bfg/").expect("under /bfg")..];
    // The edit link gives the browser the token and sends it on to the editor.
    let to_editor = app.client.get(app.url(edit)).send().await.expect("edit link");
    let at = to_editor.headers().get("location").and_then(|l| l.to_str().ok()).unwrap_or(edit).to_owned();
    let (status, page) = app.get(&at).await;
    assert!(status.is_success(), "{status}");
    assert!(page.contains("<form id=\"builder\""));
    println!("the editor of 200 worst-named Despoilers: {} bytes", page.len());
    assert!(page.len() < MOST, "{} bytes", page.len());

    let mut f: Fleet = serde_json::from_value(doc).expect("a fleet");
    for s in &mut f.ships {
        s.name = "N".repeat(100);
        s.group = "G".repeat(100);
    }
    f.name = "F".repeat(100);
    for path in ["/bfg/builder", "/bfg/design", "/bfg/live"] {
        let answer = builder(&app, &f, path).await;
        println!("{path} of 200 Despoilers: {} bytes", answer.len());
        assert!(answer.len() < MOST, "{path}: {} bytes", answer.len());
    }
}
