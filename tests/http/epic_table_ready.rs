//! The Epic builder made table-ready: a points limit to build toward, each vessel's numbers in its
//! rules, the list's notes given once a page and once an export, the general rules, and tick
//! boxes on the printed roster.

use crate::support::spawn;
use drydock::games::epic::{Choice, Detachment};
use drydock::web::epic::detachment_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Two choices of two Alligators each (the entry the list prices without "each"), a Sea Raider
/// with the HQ and a Nautilus: 25 + 25 + 60 + 50 = 160 pts.
fn alligators(limit: Option<u32>) -> Detachment {
    Detachment {
        name: "Swamp Patrol".into(),
        points_limit: limit,
        choices: vec![
            Choice::new("main", "sea-raider", 1).with_hq(),
            Choice::new("main", "alligator-apc", 2),
            Choice::new("main", "alligator-apc", 2),
            Choice::new("support", "nautilus", 1),
        ],
        ..Detachment::new("imperial-marines")
    }
}

/// The text of the problems slot `id` in `page`.
fn slot<'a>(page: &'a str, id: &str) -> &'a str {
    let rest = page.split(&format!("id=\"{id}\"")).nth(1).unwrap_or("");
    &rest[..rest.find("</div>").unwrap_or(0)]
}

#[tokio::test]
async fn the_points_limit_is_built_toward_with_the_total_against_it() {
    let app = spawn().await;
    let (_, page) = app.get("/epic/new?list=imperial-marines").await;
    assert!(page.contains("<label for=\"f-points_limit\">Points limit (empty for none)</label>"), "{page}");
    assert!(page.contains("<span class=\"bar-figures\" id=\"bar-figures\">0 pts</span>"));

    let (status, live) = app.post_fields("/epic/live", &fields_of(&alligators(Some(150)))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(live.contains("<dd id=\"fig-points\">160</dd>"), "{live}");
    assert!(live.contains("<dd id=\"fig-limit\">150</dd>"), "{live}");
    assert!(
        slot(&live, "problems-points_limit").contains(
            "The detachment costs 160 pts, 10 over its limit of 150 pts: remove a choice or raise the limit"
        ),
        "{live}"
    );
    assert!(
        live.contains("id=\"status-bar\" class=\"status-bar\" aria-label=\"Totals\" hx-swap-oob=\"true\"")
    );
    assert!(live.contains("<span class=\"bar-figures\" id=\"bar-figures\">160 of 150 pts</span>"), "{live}");

    // Within the limit, or with none, it is legal; the share page and roster say the total
    // against it.
    let (status, within) = app.post_fields("/epic/live", &fields_of(&alligators(Some(160)))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(within.contains(">Legal<") || within.contains("Legal\n"), "{within}");
    let res = app.client.post(app.url("/epic")).form(&fields_of(&alligators(Some(200)))).send().await;
    let to = res.expect("save").headers()["location"].to_str().expect("location").to_owned();
    let id = to.trim_start_matches("/epic/").trim_end_matches("?saved=1").to_owned();
    let (_, roster) = app.get(&format!("/epic/{id}/roster")).await;
    assert!(roster.contains("<strong>160 of 200 pts</strong>"), "{roster}");
    let (_, text) = app.get(&format!("/epic/{id}/export.txt")).await;
    assert!(text.starts_with("Swamp Patrol - Imperial Marine Detachment, 160 of 200 pts\n"), "{text}");
    let (_, json_text) = app.get(&format!("/epic/{id}/export.json")).await;
    let doc: Value = serde_json::from_str(&json_text).expect("json");
    assert_eq!(doc["points_limit"], json!(200));
}

#[tokio::test]
async fn a_bad_points_limit_is_explained_and_nothing_else_is_lost() {
    let app = spawn().await;
    for bad in ["lots", "0", "100001", "-3"] {
        let mut f = fields_of(&alligators(None));
        f.push(("points_limit".into(), bad.into()));
        let (status, page) = app.post_fields("/epic/design", &f).await;
        assert_eq!(status, StatusCode::OK, "{bad}");
        let problems = slot(&page, "problems-points_limit");
        assert!(problems.contains("Points limit"), "{bad}: {problems}");
        assert!(page.contains("value=\"Swamp Patrol\""), "{bad}: the rest of the form is kept");
        assert!(page.contains("name=\"choices.3.entry\""), "{bad}: every choice is kept");
    }
    // The JSON API refuses it naming the field and the range.
    for bad in [json!(0), json!(100_001), json!("200"), json!(1.5)] {
        let body = json!({"list": "imperial-marines", "points_limit": bad});
        let res = app.client.post(app.url("/api/epic/check")).json(&body).send().await.expect("check");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        let msg = res.text().await.expect("body");
        assert!(msg.contains("points_limit"), "{bad}: {msg}");
    }
    // A detachment saved before the limit existed has none, and says so.
    let old = json!({"name": "Old Watch", "list": "imperial-marines", "choices": [{"section": "main", "entry": "sea-raider", "hq": true}]});
    let res = app.client.post(app.url("/api/epic/check")).json(&old).send().await.expect("check");
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["points_limit"], Value::Null);
    assert_eq!(v["legal"], json!(true));
}

#[tokio::test]
async fn each_vessel_has_its_numbers_written_into_its_rules() {
    let app = spawn().await;
    let (_, builder) = app.post_fields("/epic/design", &fields_of(&alligators(None))).await;
    assert!(builder.contains("<dt>Transport (3)</dt><dd>Carries up to 3 units aboard."), "{builder}");
    assert!(!builder.contains("up to x units"), "no x where the vessel has a number");

    let (_, reference) = app.get("/epic/vessels").await;
    let profiles = reference.split("id=\"special-rules\"").next().unwrap_or("");
    for said in [
        "<strong>Transport (3)</strong>: Carries up to 3 units aboard",
        "<strong>Transport (2)</strong>: Carries up to 2 units aboard",
        "<strong>Hang On (2)</strong>: Orks only. On top of the units it carries, 2 more units may cling",
        "<strong>Ram (4)</strong>: When it rams it may add 4 to its Ram value",
    ] {
        assert!(profiles.contains(said), "{said}");
    }
    assert!(!profiles.contains("{x}") && !profiles.contains(" x more units"));
    // The special rules in general keep their x; the general rules are there in our words.
    let rules = reference.split("id=\"special-rules\"").nth(1).unwrap_or("");
    assert!(rules.contains("Carries up to x units aboard"));
    assert!(rules.contains("the extra is the player&#39;s choice"), "Ram's extra is optional");
    assert!(rules.contains("against a vessel without Ram"), "Ram sinks only a vessel without Ram");
    for general in [
        "id=\"general-ram-value\"",
        "id=\"general-ramming\"",
        "id=\"general-avoid-ram\"",
        "id=\"general-crowd-sail\"",
        "id=\"general-heavy-barrage\"",
        "id=\"general-river-move\"",
        "id=\"general-ocean-move\"",
        "Drop-off (up to half its move, set down the units it carries, then turn to face any direction)",
    ] {
        assert!(rules.contains(general), "{general}");
    }
    let api: Value =
        app.client.get(app.url("/api/epic/lists")).send().await.expect("lists").json().await.expect("json");
    let transport = api["special_rules"].as_array().and_then(|r| r.iter().find(|r| r["id"] == "transport"));
    assert!(
        transport.is_some_and(|t| t["explanation"].as_str().is_some_and(|e| e.contains("up to x units")))
    );
    assert_eq!(api["general_rules"].as_array().map(Vec::len), Some(7));
}

#[tokio::test]
async fn the_lists_notes_are_given_once_a_page_and_once_an_export() {
    let app = spawn().await;
    let d = alligators(None);
    let once = "we price it per vessel, so two Alligators cost 30 pts";

    let (_, builder) = app.post_fields("/epic/design", &fields_of(&d)).await;
    assert_eq!(builder.matches(once).count(), 1, "the builder says it once, not at each Alligator");
    assert!(!builder.contains("the list omits"), "no note on every entry row");
    assert!(builder.contains("<strong>Our reading:</strong> Support may have no more choices than Main Force. The list does not say whether choices or vessels are counted; we count choices"));
    assert!(!builder.contains("data-code=\"PRICED_PER_VESSEL\""));

    let res = app.client.post(app.url("/epic")).form(&fields_of(&d)).send().await.expect("save");
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    let id = to.trim_start_matches("/epic/").trim_end_matches("?saved=1").to_owned();
    let (_, share) = app.get(&format!("/epic/{id}")).await;
    let (_, roster) = app.get(&format!("/epic/{id}/roster")).await;
    // The share page shows the forum text as well, which carries its own copy.
    assert_eq!(share.matches(once).count(), 2, "the notes once and the forum text once");
    assert_eq!(roster.matches(once).count(), 1, "the roster once");

    for path in [format!("/epic/{id}/export.txt"), "/epic/export.txt".to_owned()] {
        let text = if path.starts_with("/epic/export") {
            app.post_fields(&path, &fields_of(&d)).await.1
        } else {
            app.get(&path).await.1
        };
        assert_eq!(text.matches(once).count(), 1, "{path}: {text}");
        assert_eq!(text.matches("How Drydock reads the list here:").count(), 1, "{path}");
        assert!(!text.contains("Notes:"), "{path}: no note per choice");
    }
    let res = app.client.post(app.url("/api/epic/check")).json(&d).send().await.expect("check");
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["problems"], json!([]), "no warning per Alligator choice");
    let notes = v["notes"].as_array().expect("notes");
    assert_eq!(notes.iter().filter(|n| n.as_str().is_some_and(|n| n.contains(once))).count(), 1);
}

#[tokio::test]
async fn the_printed_roster_has_a_box_to_tick_for_every_vessel() {
    let app = spawn().await;
    let (status, roster) = app.post_fields("/epic/roster", &fields_of(&alligators(None))).await;
    assert_eq!(status, StatusCode::OK);
    // 1 Sea Raider + 2 + 2 Alligators + 1 Nautilus
    assert_eq!(roster.matches("class=\"tick-box\"").count(), 6, "{roster}");
    assert!(roster.contains("Tick a vessel off when it sinks"));
}
