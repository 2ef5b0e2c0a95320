//! The Battlefleet Gothic fleet builder's pages and API, over a real socket with a real SQLite
//! file: choosing a faction, building by form posts as a browser without JavaScript does, live
//! figures, the catalog and check API, the roster, and bad input of every kind.

use crate::support::{TestApp, assert_no_inline_code, encode, post_form, spawn, with_extra};
use drydock::games::bfg::{self, Fleet, ShipEntry, Squadron};
use drydock::web::bfg::fleet_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn example() -> Fleet {
    serde_json::from_str(bfg::GAME.example).expect("the example fleet")
}

fn form(f: &Fleet, extra: &[(&str, &str)]) -> String {
    encode(&with_extra(fields_of(f), extra))
}

async fn page(app: &TestApp, path: &str, body: String) -> (StatusCode, String) {
    let res = post_form(app, path, body).await;
    (res.status(), res.text().await.expect("body"))
}

async fn check(app: &TestApp, body: Value) -> (StatusCode, Value) {
    let res = app.client.post(app.url("/api/bfg/check")).json(&body).send().await.expect("request");
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_start_page_offers_every_faction_and_opens_its_builder() {
    let app = spawn().await;
    let (status, start) = app.get("/bfg/new").await;
    assert_eq!(status, StatusCode::OK);
    for f in bfg::factions() {
        assert!(start.contains(&format!("href=\"/bfg/new?faction={}\"", f.id)), "{}", f.id);
        let (status, builder) = app.get(&format!("/bfg/new?faction={}", f.id)).await;
        assert_eq!(status, StatusCode::OK, "{}", f.id);
        assert!(builder.contains(&format!("<option value=\"{}\" selected>", f.id)), "{}", f.id);
        assert!(builder.contains("<form id=\"builder\""));
        assert_no_inline_code(&builder);
    }
    let (status, body) = app.get("/bfg/new?faction=imperial-nav").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("imperial-navy"), "the nearest faction is offered: {body}");
}

#[tokio::test]
async fn a_fleet_is_built_by_form_posts_with_exact_points_and_ordnance() {
    let app = spawn().await;
    let mut f = Fleet::new("imperial-navy");
    // Add a Dictator, then a squadron of Sword frigates, by the builder's buttons.
    let (_, body) =
        page(&app, "/bfg/design", form(&f, &[("new.ships", "dictator-cruiser"), ("action", "add.ships")]))
            .await;
    assert!(body.contains(r#"name="ships.0.class""#), "a ship row");
    assert!(body.contains(r#"<dd id="fig-points">220</dd>"#), "{body}");
    assert!(body.contains(r#"<dd id="fig-bays">4</dd>"#));
    assert!(body.contains(r#"<dd id="fig-craft-limit">4</dd>"#));
    assert!(body.contains("Fury interceptor (fighter, 30 cm)"), "the craft its bays launch");
    f.ships.push(ShipEntry::new("dictator-cruiser", &[]));
    let (_, body) = page(
        &app,
        "/bfg/design",
        form(&f, &[("new.squadrons", "sword-frigate"), ("action", "add.squadrons")]),
    )
    .await;
    assert!(body.contains(r#"name="squadrons.0.count" value="2""#), "a squadron of two: {body}");
    assert!(body.contains(r#"<dd id="fig-points">290</dd>"#));
    // Eight ships: past the general rules' six a squadron, an error at the squadron naming the rule.
    f.squadrons.push(Squadron::new("sword-frigate", 8));
    let (_, body) = page(&app, "/bfg/design", form(&f, &[])).await;
    assert!(body.contains(r#"<dd id="fig-points">500</dd>"#));
    let slot = body.find(r#"id="problems-squadrons-0""#).expect("the squadron's slot");
    assert!(body[slot..slot + 600].contains("Squadrons of at most 6 escorts: squadron 1 (8 Sword frigates) has 8 (general/escort-squadron-max)"), "{}", &body[slot..slot + 600]);
    assert!(body.contains(r#"class="verdict illegal""#));
    assert!(
        body.contains(r#"<li class="rule broken" id="rule-general-escort-squadron-max">"#),
        "the list's rules say which is broken"
    );
    f.squadrons[0].count = 6;
    // A limit of 400: over it, an error placed at the limit.
    f.points_limit = 400;
    let (_, body) = page(&app, "/bfg/design", form(&f, &[])).await;
    let slot = body.find(r#"id="problems-points_limit""#).expect("the limit's slot");
    assert!(body[slot..slot + 400].contains("OVER_POINTS_LIMIT"), "{}", &body[slot..slot + 400]);
    // Remove the ship.
    let (_, body) = page(&app, "/bfg/design", form(&f, &[("action", "remove.ships.0")])).await;
    assert!(!body.contains(r#"name="ships.0.class""#));
    assert!(body.contains(r#"<dd id="fig-points">210</dd>"#));
}

#[tokio::test]
async fn options_are_ticked_on_the_ship_and_priced() {
    let app = spawn().await;
    let mut f = Fleet::new("space-marines");
    f.ships.push(ShipEntry::new("strike-cruiser", &[]));
    let (_, body) = page(&app, "/bfg/design", form(&f, &[])).await;
    // The prow's refits are radios of one input, "None" (the standard bays) ticked.
    assert!(
        body.contains(
            r#"type="radio" id="f-ships-0-option-prow-none" name="ships.0.options.0" value="" checked"#
        ),
        "{body}"
    );
    assert!(body.contains(
        r#"type="radio" id="f-ships-0-option-prow-torpedoes" name="ships.0.options.0" value="prow-torpedoes""#
    ));
    assert!(body.contains("Prow launch bays"), "the standard weapons are listed");
    // Choosing the torpedoes instead: the salvo shows, the bays go.
    let (_, body) = page(&app, "/bfg/design", form(&f, &[("ships.0.options.0", "prow-torpedoes")])).await;
    assert!(body.contains("6@30"), "the prow salvo");
    assert!(
        body.contains("Prow torpedoes (+0 pts): replaces Prow launch bays")
            || body.contains("Prow torpedoes: replaces Prow launch bays"),
        "{body}"
    );
    // Both at once (a hand-made form): the engine says they are alternatives.
    let (_, body) = page(
        &app,
        "/bfg/design",
        form(&f, &[("ships.0.options.0", "prow-torpedoes"), ("ships.0.options.1", "prow-bombardment")]),
    )
    .await;
    assert!(body.contains("OPTIONS_EXCLUSIVE"), "{body}");
    // A priced option: the Strike Cruiser's prow lance, +20.
    let (_, body) = page(&app, "/bfg/design", form(&f, &[("ships.0.options.1", "prow-lance")])).await;
    assert!(body.contains(r#"<dd id="fig-points">165</dd>"#), "{body}");
}

#[tokio::test]
async fn live_figures_answer_a_fragment_with_every_problem_slot() {
    let app = spawn().await;
    let mut f = example();
    f.ships.push(ShipEntry::new("emperor-battleship", &[]));
    f.points_limit = 600;
    let res = app
        .client
        .post(app.url("/bfg/live"))
        .header("HX-Request", "true")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form(&f, &[]))
        .send()
        .await
        .expect("live");
    assert_eq!(res.status(), StatusCode::OK);
    let live = res.text().await.expect("text");
    assert!(live.trim_start().starts_with("<section id=\"figures\""));
    assert!(live.contains(r#"<dd id="fig-points">870</dd>"#));
    assert!(live.contains(r#"<dd id="fig-craft-limit">12</dd>"#), "Emperor 8 bays + Dictator 4");
    assert!(
        live.contains(r#"id="problems-points_limit" class="problems" aria-live="polite" hx-swap-oob="true""#)
    );
    let frag =
        page(&app, "/bfg/builder", form(&f, &[("action", "add.ships"), ("new.ships", "lunar-cruiser")]))
            .await
            .1;
    assert!(frag.trim_start().starts_with("<form id=\"builder\""));
    assert!(!frag.contains("<html"));
}

#[tokio::test]
async fn the_api_checks_fleets_of_four_factions_to_the_point() {
    let app = spawn().await;
    let (status, a) = check(&app, serde_json::from_str(bfg::GAME.example).expect("json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (a["points"].as_u64(), a["limit"].as_u64(), a["legal"].as_bool()),
        (Some(505), Some(1500), Some(true))
    );
    assert_eq!(a["fleet"]["list"], "in-gothic", "a fleet without a list is read as its faction's first");
    assert_eq!((a["ordnance"]["bays"].as_u64(), a["ordnance"]["fleet_limit"].as_u64()), (Some(4), Some(4)));
    assert_eq!(a["ordnance"]["ships"][0]["torpedoes_text"], "6@30");
    assert!(a["text"].as_str().unwrap_or("").contains("3 x Sword frigates: 105 pts"));
    let cases = [
        // A battleship needs three cruisers, and an Incursion fleet its Warmaster.
        (
            json!({"faction": "chaos", "ships": [{"class": "despoiler-battleship"}, {"class": "devastation-cruiser"}], "squadrons": [{"class": "infidel-raider", "count": 3}]}),
            710,
            false,
        ),
        (
            json!({"faction": "space-marines", "ships": [{"class": "battle-barge"}, {"class": "strike-cruiser"}]}),
            570,
            true,
        ),
        // Weapons bought: 200 + 20 + 25; no escorts for the hive ship.
        (
            json!({"faction": "tyranids", "ships": [{"class": "hive-ship", "options": ["thorax-bays", "prow-torpedoes"]}]}),
            245,
            false,
        ),
        (
            json!({"faction": "orks", "ships": [{"class": "terror-ship"}], "squadrons": [{"class": "brute-ram-ship", "count": 7}]}),
            360,
            true,
        ),
    ];
    for (fleet, points, legal) in cases {
        let (status, a) = check(&app, fleet.clone()).await;
        assert_eq!(status, StatusCode::OK, "{fleet}");
        assert_eq!((a["points"].as_u64(), a["legal"].as_bool()), (Some(points), Some(legal)), "{fleet}: {a}");
    }
    // The never-runs-out fleet counts its bays twice.
    let (_, a) = check(
        &app,
        json!({"faction": "tyranids", "ships": [{"class": "hive-ship", "options": ["thorax-bays", "prow-pyro-acid"]}]}),
    )
    .await;
    assert_eq!((a["ordnance"]["bays"].as_u64(), a["ordnance"]["fleet_limit"].as_u64()), (Some(2), Some(4)));
    assert_eq!(a["ordnance"]["doubled"], true);
}

#[tokio::test]
async fn unknown_ships_are_kept_and_named_and_bad_documents_are_refused() {
    let app = spawn().await;
    let (status, a) =
        check(&app, json!({"faction": "imperial-navy", "ships": [{"class": "lunar-cruser"}]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(a["legal"], false);
    assert_eq!(a["fleet"]["ships"][0]["class"], "lunar-cruser", "kept as sent");
    let problem = &a["problems"][0];
    assert_eq!((problem["code"].as_str(), problem["part"].as_str()), (Some("UNKNOWN_SHIP"), Some("ships.0")));
    assert!(problem["message"].as_str().unwrap_or("").contains("lunar-cruiser"), "{problem}");
    let many: Vec<Value> = (0..10_000).map(|_| json!({"class": "sword-frigate", "count": 2})).collect();
    for bad in [
        json!({"faction": "orks", "squadrons": [{"class": "brute-ram-ship", "count": -1}]}),
        json!({"faction": "orks", "squadrons": [{"class": "brute-ram-ship", "count": 100000}]}),
        json!({"faction": "orks", "points_limit": "lots"}),
        json!({"faction": "orks", "ships": [{"name": "no class"}]}),
        json!({"faction": "orks", "fleet": 1}),
    ] {
        let (status, a) = check(&app, bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {a}");
        assert!(a["error"].as_str().is_some_and(|e| !e.is_empty()), "{bad}: {a}");
    }
    // 10,000 squadrons: past the entries every document keeps, refused before anything is saved.
    let res = app
        .client
        .post(app.url("/api/bfg"))
        .json(&json!({"faction": "imperial-navy", "squadrons": many}))
        .send()
        .await
        .expect("save");
    assert!(res.status().is_client_error(), "{}", res.status());
    // Garbage forms: a clear answer, never a 5xx.
    for body in
        ["", "squadrons.0.count=-5", "ships.99999999999999999999.class=x", "points_limit=1e99", "%FF=%FE&&&="]
    {
        let (status, _) = page(&app, "/bfg/design", body.to_owned()).await;
        assert!(status.is_success() || status.is_client_error(), "{body}: {status}");
    }
}

#[tokio::test]
async fn the_catalog_lists_factions_ships_craft_and_our_decisions() {
    let app = spawn().await;
    let res = app.client.get(app.url("/api/bfg/catalog")).send().await.expect("catalog");
    assert_eq!(res.status(), StatusCode::OK);
    let c: Value = res.json().await.expect("json");
    assert_eq!(c["factions"].as_array().map(Vec::len), Some(bfg::factions().len()));
    assert_eq!(c["ships"].as_array().map(Vec::len), Some(bfg::ships().len()));
    assert_eq!(c["attack_craft"].as_array().map(Vec::len), Some(bfg::craft().len()));
    assert!(c["decisions"].as_array().is_some_and(|d| d.iter().any(|d| d["id"] == "crippled-bays")));
    assert_eq!(c["default_points_limit"], 1500);
}

#[tokio::test]
async fn the_roster_has_a_row_of_boxes_for_every_ship() {
    let app = spawn().await;
    let (status, roster) = page(&app, "/bfg/roster", form(&example(), &[])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(roster.contains("Lord Daros (Dictator cruiser)"));
    for k in 1..=3 {
        assert!(
            roster.contains(&format!("<th scope=\"row\">Sword frigate {k} (squadron 1)</th>")),
            "escort {k}: {roster}"
        );
    }
    assert_eq!(roster.matches("<section class=\"sheet-ship\"").count(), 2, "two cruisers");
    assert_eq!(roster.matches("<section class=\"sheet-squadron\"").count(), 1, "a squadron");
    assert!(roster.contains("attack craft in play at most 4"));
}
