//! The BFG battle tracker and the ordnance odds calculator, over a real socket with a real SQLite
//! file: a saved fleet's battle turn by turn (orders, refusals, the fleet's limit as carriers
//! are crippled), who may change it, its JSON API and its survival of a restart; the odds API
//! with the rules' worked examples as exact fractions, and the odds page.

use crate::support::{TestApp, assert_no_inline_code, spawn, spawn_unlimited, stranger};
use drydock::games::bfg::Fleet;
use drydock::web::bfg::form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Ships 0 Emperor battleship (8 bays, with Sharks), 1 Lord Daros (Dictator cruiser: 4 bays and a
/// salvo of 6), 2 Retribution battleship (a salvo of 9), 3 and 4 Cobra destroyers. The fleet
/// may have 8 + 4 = 12 attack craft in play.
fn patrol() -> Fleet {
    serde_json::from_value(json!({
        "name": "Gothic Patrol",
        "faction": "imperial-navy",
        "ships": [
            {"class": "emperor-battleship", "options": ["sharks"]},
            {"class": "dictator-cruiser", "name": "Lord Daros"},
            {"class": "retribution-battleship"}
        ],
        "squadrons": [{"class": "cobra-destroyer", "count": 2}]
    }))
    .expect("fleet")
}

/// Saves `fleet` through the builder's form, as a browser would; this client keeps the edit
/// token in its cookie. Returns the build's id.
async fn save(app: &TestApp, fleet: &Fleet) -> String {
    let res = app.client.post(app.url("/bfg")).form(&fields_of(fleet)).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    to.trim_start_matches("/bfg/").trim_end_matches("?saved=1").to_owned()
}

/// Saves `fleet` through the API: (id, edit token).
async fn save_api(client: &reqwest::Client, base: &str, fleet: &Fleet) -> (String, String) {
    let res = client.post(format!("{base}/api/bfg")).json(fleet).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    (v["id"].as_str().expect("id").to_owned(), v["edit_token"].as_str().expect("token").to_owned())
}

struct Answer {
    status: StatusCode,
    location: String,
    body: String,
}

/// Posts an order form (`action` and its fields) to the battle page as `client`.
async fn order(client: &reqwest::Client, app: &TestApp, id: &str, fields: &[(&str, &str)]) -> Answer {
    let res = client.post(app.url(&format!("/bfg/{id}/battle"))).form(fields).send().await.expect("order");
    let status = res.status();
    let location = res.headers().get("location").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    Answer { status, location, body: res.text().await.expect("body") }
}

/// Gives an order that must be done: a redirect back to the page.
async fn done(app: &TestApp, id: &str, fields: &[(&str, &str)]) {
    let a = order(&app.client, app, id, fields).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{fields:?}: {}", refusal(&a.body));
    assert!(a.location.starts_with(&format!("/bfg/{id}/battle#")), "{}", a.location);
}

/// Gives an order that must be refused: 422, the page with the reason. Returns the reason.
async fn refused(app: &TestApp, id: &str, fields: &[(&str, &str)]) -> String {
    let before = stored(app, id).await;
    let a = order(&app.client, app, id, fields).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
    assert_eq!(stored(app, id).await, before, "a refused order changed the battle");
    refusal(&a.body)
}

/// The battle page as the app's client (the owner) sees it.
async fn battle_page(app: &TestApp, id: &str) -> String {
    let res = app.client.get(app.url(&format!("/bfg/{id}/battle"))).send().await.expect("page");
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("page")
}

/// The stored battle (its state and revision), if started.
async fn stored(app: &TestApp, id: &str) -> Option<(String, i64)> {
    sqlx::query_as("SELECT state, revision FROM battles WHERE build_id = ?")
        .bind(id)
        .fetch_optional(&app.db)
        .await
        .expect("battles")
}

/// The text of the element with `id` up to its first tag inside ("" when absent).
fn text(page: &str, id: &str) -> String {
    let Some(at) = page.find(&format!("id=\"{id}\"")) else { return String::new() };
    let rest = &page[at..];
    let start = rest.find('>').map_or(rest.len(), |i| i + 1);
    let rest = &rest[start..];
    rest[..rest.find('<').unwrap_or(rest.len())].trim().to_owned()
}

/// The reason a page shows for a refused order, tags removed.
fn refusal(page: &str) -> String {
    let Some(at) = page.find("<strong>Not done:</strong>") else { return String::new() };
    let rest = &page[at + "<strong>Not done:</strong>".len()..];
    let end = rest.find("</p>").unwrap_or(rest.len());
    let mut out = String::new();
    let mut in_tag = false;
    for c in rest[..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&#39;", "'").replace("&#34;", "\"").trim().to_owned()
}

/// The turn log, newest first.
fn log(page: &str) -> Vec<String> {
    let list = page.split("id=\"log\"").nth(1).expect("the log");
    let list = &list[..list.find("</ol>").expect("end of the log")];
    list.split("<li>")
        .skip(1)
        .map(|li| li.replace("<span class=\"log-turn\">", "").replace("</span>", ""))
        .map(|li| li.trim().trim_end_matches("</li>").trim().replace("&#39;", "'"))
        .collect()
}

#[tokio::test]
async fn a_battle_is_tracked_turn_by_turn_with_its_refusals_and_the_fleets_limit() {
    let app = spawn_unlimited().await;
    let id = save(&app, &patrol()).await;

    // The page shows the battle as it will begin: every ship loaded, nothing in play.
    let page = battle_page(&app, &id).await;
    assert_no_inline_code(&page);
    assert!(text(&page, "turn").starts_with("Not started"), "{}", text(&page, "turn"));
    assert_eq!((text(&page, "fleet-in-play"), text(&page, "fleet-limit")), ("0".into(), "12".into()));
    assert_eq!(text(&page, "ship-0-bays"), "loaded");
    assert_eq!(text(&page, "ship-1-torpedoes"), "loaded");
    assert!(
        page.contains("A crippled ship&#39;s launch bays are halved, rounding up"),
        "the rounding is said"
    );
    assert_eq!(stored(&app, &id).await, None, "nothing is stored until the first order");

    // The Emperor launches a wave of bombers and fighters: the battle starts with it.
    done(
        &app,
        &id,
        &[
            ("action", "launch_craft"),
            ("ship", "0"),
            ("craft.starhawk-bomber", "4"),
            ("craft.fury-interceptor", "4"),
            ("craft.shark-assault-boat", "0"),
        ],
    )
    .await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "turn"), "Turn 1");
    assert_eq!((text(&page, "fleet-in-play"), text(&page, "fleet-limit")), ("8".into(), "12".into()));
    assert!(
        page.contains("<li id=\"marker-starhawk-bomber\"><strong>4</strong> Starhawk bomber"),
        "markers by type"
    );
    assert!(page.contains("<li id=\"marker-fury-interceptor\"><strong>4</strong> Fury interceptor"));
    assert_eq!(text(&page, "ship-0-bays"), "launched: Reload Ordnance to launch again");
    assert_eq!(text(&page, "ship-0-condition"), "Intact");

    // Launching again before reloading is refused, with the engine's reason at the form.
    let why =
        refused(&app, &id, &[("action", "launch_craft"), ("ship", "0"), ("craft.fury-interceptor", "2")])
            .await;
    assert_eq!(
        why,
        "Emperor battleship has launched its attack craft and must Reload Ordnance before launching again"
    );
    let a = order(
        &app.client,
        &app,
        &id,
        &[("action", "launch_craft"), ("ship", "0"), ("craft.fury-interceptor", "2")],
    )
    .await;
    let form = a.body.split("id=\"form-launch_craft-0\"").nth(1).expect("the form");
    assert!(
        form[..form.find("</form>").unwrap_or(0)].contains("must Reload Ordnance"),
        "shown next to its form"
    );

    // Crippling the Emperor halves its bays (8 to 4): the fleet's limit drops from 12 to 8.
    done(&app, &id, &[("action", "set_condition"), ("ship", "0"), ("condition", "crippled")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-0-condition"), "Crippled");
    assert_eq!((text(&page, "fleet-in-play"), text(&page, "fleet-limit")), ("8".into(), "8".into()));
    assert_eq!(
        log(&page)[0],
        "Turn 1: Emperor battleship is crippled; the fleet may now have 8 attack craft in play"
    );

    // Over the limit: the Dictator may not add a ninth.
    let why =
        refused(&app, &id, &[("action", "launch_craft"), ("ship", "1"), ("craft.fury-interceptor", "1")])
            .await;
    assert_eq!(
        why,
        "The fleet may have at most 8 attack craft in play; 8 are in play, so 1 more would be 1 too many"
    );

    // The bombers return after their attack; now the Dictator launches, and its torpedoes too.
    done(
        &app,
        &id,
        &[("action", "remove_markers"), ("craft", "starhawk-bomber"), ("count", "4"), ("reason", "returned")],
    )
    .await;
    done(
        &app,
        &id,
        &[
            ("action", "launch_craft"),
            ("ship", "1"),
            ("craft.starhawk-bomber", "2"),
            ("craft.fury-interceptor", "0"),
        ],
    )
    .await;
    done(&app, &id, &[("action", "launch_torpedoes"), ("ship", "1")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "fleet-in-play"), "6");
    assert_eq!(text(&page, "ship-1-torpedoes"), "launched: Reload Ordnance to launch again");

    // A split the rules do not allow, and a salvo split in two.
    let why = refused(
        &app,
        &id,
        &[("action", "launch_torpedoes"), ("ship", "2"), ("split_a", "2"), ("split_b", "7")],
    )
    .await;
    assert_eq!(why, "A salvo of 9 splits into two of at least 3 that add up to 9; 2 and 7 do not");
    done(&app, &id, &[("action", "launch_torpedoes"), ("ship", "2"), ("split_a", "4"), ("split_b", "5")])
        .await;

    // No Reload Ordnance in the turn it launched; the next turn it reloads both.
    let why = refused(&app, &id, &[("action", "reload"), ("ship", "1"), ("result", "success")]).await;
    assert!(why.contains("launched ordnance this turn"), "{why}");
    done(&app, &id, &[("action", "next_turn")]).await;
    done(&app, &id, &[("action", "reload"), ("ship", "1"), ("result", "success")]).await;
    done(&app, &id, &[("action", "brace"), ("ship", "3"), ("braced", "on")]).await;

    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "turn"), "Turn 2");
    assert_eq!(text(&page, "ship-1-bays"), "loaded");
    assert_eq!(text(&page, "ship-1-torpedoes"), "loaded");
    assert_eq!(text(&page, "ship-3-braced"), "braced for impact");
    assert_eq!(
        text(&page, "latest"),
        "Latest: Cobra destroyer 1 (squadron 1) braces for impact: it launches half its ordnance while braced"
    );
    // The log, newest first.
    let entries = log(&page);
    assert_eq!(
        entries[..3],
        [
            "Turn 2: Cobra destroyer 1 (squadron 1) braces for impact: it launches half its ordnance while braced",
            "Turn 2: Lord Daros (Dictator cruiser) reloaded its ordnance",
            "Turn 2: Turn 2 begins",
        ]
    );
    assert_eq!(
        entries.last().map(String::as_str),
        Some("Turn 1: The battle begins: every ship has its ordnance loaded")
    );
    assert!(entries.contains(&"Turn 1: Retribution battleship launched torpedoes: two salvoes of 4 and 5 (in different directions)".to_owned()));
    assert_eq!(entries.len(), 10);
}

#[tokio::test]
async fn only_the_owner_gives_orders_and_a_watcher_changes_nothing() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    done(&app, &id, &[("action", "next_turn")]).await;
    let before = stored(&app, &id).await;
    assert!(before.is_some());

    // A watcher sees the battle, without a single order form.
    let watcher = stranger();
    let res = watcher.get(app.url(&format!("/bfg/{id}/battle"))).send().await.expect("page");
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.expect("page");
    assert_eq!(text(&page, "turn"), "Turn 2");
    assert!(page.contains("You are watching this battle"));
    assert!(!page.contains("<form"), "no forms for a watcher");
    assert!(page.contains("hx-trigger=\"every 20s\""), "it updates by itself");

    // Its orders, a new battle and the API without the token are all refused.
    for fields in [
        &[("action", "next_turn")][..],
        &[("action", "set_condition"), ("ship", "0"), ("condition", "destroyed")],
    ] {
        let a = order(&watcher, &app, &id, fields).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{fields:?}");
        assert!(a.body.contains("Only the fleet&#39;s owner can give orders"), "{}", a.body);
    }
    let res = watcher
        .post(app.url(&format!("/bfg/{id}/battle/new")))
        .form(&[("confirm", "yes")])
        .send()
        .await
        .expect("new");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let api = app.url(&format!("/api/bfg/{id}/battle"));
    let res = watcher.post(&api).json(&json!({"action": "next_turn"})).send().await.expect("api");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = watcher
        .post(&api)
        .header("x-edit-token", "wrong")
        .json(&json!({"action": "next_turn"}))
        .send()
        .await
        .expect("api");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = watcher.post(format!("{api}/new")).header("x-edit-token", "wrong").send().await.expect("api");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    assert_eq!(stored(&app, &id).await, before, "nothing changed");
    // An unknown fleet is a 404, page and API.
    let res = watcher.get(app.url("/bfg/aaaaaaaaaaaaaaaa/battle")).send().await.expect("page");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = watcher.get(app.url("/api/bfg/aaaaaaaaaaaaaaaa/battle")).send().await.expect("api");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn with_htmx_an_order_answers_with_the_battle_section_alone() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    let send = |fields: &'static [(&'static str, &'static str)]| {
        app.client
            .post(app.url(&format!("/bfg/{id}/battle")))
            .header("hx-request", "true")
            .form(fields)
            .send()
    };

    let res = send(&[("action", "launch_torpedoes"), ("ship", "1")]).await.expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.expect("body");
    assert!(body.trim_start().starts_with("<section id=\"battle\""), "{body}");
    assert!(!body.contains("<html"));
    assert_eq!(
        text(&body, "latest"),
        "Latest: Lord Daros (Dictator cruiser) launched torpedoes: a salvo of 6"
    );

    // A refusal comes back the same way (htmx swaps only successful answers), with the reason.
    let res = send(&[("action", "launch_torpedoes"), ("ship", "1")]).await.expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.expect("body");
    assert!(body.trim_start().starts_with("<section id=\"battle\""));
    assert_eq!(
        refusal(&body),
        "Lord Daros (Dictator cruiser) has launched its torpedoes and must Reload Ordnance before launching again"
    );
    // Form fields that do not read are named, never a 500.
    let res = send(&[("action", "launch_craft"), ("ship", "0"), ("craft.fury-interceptor", "-3")])
        .await
        .expect("order");
    assert_eq!(refusal(&res.text().await.expect("body")), "Fury interceptor cannot be negative (it is -3)");
    let res = send(&[("action", "fly_away"), ("ship", "0")]).await.expect("order");
    assert_eq!(
        refusal(&res.text().await.expect("body")),
        "There is no order \"fly_away\" in the battle tracker"
    );
    let res = send(&[("action", "launch_craft"), ("ship", "99"), ("craft.fury-interceptor", "1")])
        .await
        .expect("order");
    assert_eq!(refusal(&res.text().await.expect("body")), "There is no ship 99: the battle has ships 0 to 4");
}

#[tokio::test]
async fn a_fleet_changed_after_the_battle_began_is_refused_until_a_new_battle_starts() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    done(&app, &id, &[("action", "next_turn")]).await;
    let mut smaller = patrol();
    smaller.squadrons.clear();
    let res = app
        .client
        .post(app.url(&format!("/bfg/{id}")))
        .form(&fields_of(&smaller))
        .send()
        .await
        .expect("edit");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let page = battle_page(&app, &id).await;
    assert!(page.contains("No orders can be given:</strong> The fleet has changed since this battle began (5 ships then, 3 now): start a new battle."));
    assert!(!page.contains("id=\"form-next_turn\""), "no orders");
    assert!(page.contains("id=\"form-new\""), "a new battle is offered");
    let a = order(&app.client, &app, &id, &[("action", "next_turn")]).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert!(refusal(&a.body).starts_with("The fleet has changed since this battle began"));

    // A new battle clears the record, but only when ticked to confirm.
    let new = app.url(&format!("/bfg/{id}/battle/new"));
    let res = app.client.post(&new).form(&[("x", "")]).send().await.expect("new");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refusal(&res.text().await.expect("page")).starts_with("Tick \"Yes, clear this battle\""));
    let res = app.client.post(&new).form(&[("confirm", "yes")]).send().await.expect("new");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "turn"), "Turn 1");
    assert!(!page.contains("battle-problem"));
    assert!(!page.contains("id=\"ship-3\""), "the fleet as saved now: three ships");
    assert_eq!(log(&page), ["Turn 1: The battle begins: every ship has its ordnance loaded"]);
}

#[tokio::test]
async fn the_json_api_gives_the_state_and_status_and_takes_orders_with_the_edit_token() {
    let app = spawn().await;
    let base = app.url("");
    let (id, token) = save_api(&app.client, &base, &patrol()).await;
    let api = app.url(&format!("/api/bfg/{id}/battle"));

    let v: Value = app.client.get(&api).send().await.expect("get").json().await.expect("json");
    assert_eq!((v["started"].clone(), v["problem"].clone()), (json!(false), Value::Null));
    assert_eq!(v["status"]["fleet_limit"], 12);
    assert_eq!(v["status"]["ships"][0]["launch_capacity"], 8);
    assert_eq!(v["battle"]["turn"], 1);

    let post = |body: Value| app.client.post(&api).header("x-edit-token", &token).json(&body).send();
    let res = post(json!({"action": "launch_craft", "ship": 0, "squadrons": [{"craft": "shark-assault-boat", "count": 2}, {"craft": "starhawk-bomber", "count": 3}]})).await.expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(
        v["event"],
        json!({"turn": 1, "text": "Emperor battleship launched 2 Shark assault boat + 3 Starhawk bomber (5 squadrons): 5 of 12 attack craft in play"})
    );
    assert_eq!(v["battle"]["markers"], json!({"shark-assault-boat": 2, "starhawk-bomber": 3}));
    assert_eq!((v["status"]["in_play"].clone(), v["started"].clone()), (json!(5), json!(true)));

    // Refused: 422 with the engine's reason; the state is as it was.
    let res = post(json!({"action": "launch_craft", "ship": 1, "squadrons": [{"craft": "shark-assault-boat", "count": 1}]})).await.expect("order");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value = res.json().await.expect("json");
    assert_eq!(
        v["error"],
        "Lord Daros (Dictator cruiser) does not carry \"shark-assault-boat\": it launches fury-interceptor or starhawk-bomber"
    );
    let res = post(json!({"action": "reload", "ship": 2, "success": true})).await.expect("order");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // An order that does not fit the format is named.
    let res = post(json!({"action": "launch_craft", "ship": -1, "squadrons": []})).await.expect("order");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.json::<Value>().await.expect("json")["error"].as_str().unwrap_or("").contains("ship"));
    let res = post(json!({"action": "surrender"})).await.expect("order");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = app
        .client
        .post(&api)
        .header("x-edit-token", &token)
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .expect("order");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let v: Value = app.client.get(&api).send().await.expect("get").json().await.expect("json");
    assert_eq!(v["status"]["in_play"], 5, "refusals changed nothing");

    // The fleet changed under the battle: 409 until a new battle starts.
    let mut smaller = patrol();
    smaller.ships.truncate(1);
    let res = app
        .client
        .put(app.url(&format!("/api/bfg/{id}")))
        .header("x-edit-token", &token)
        .json(&smaller)
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), StatusCode::OK);
    let res = post(json!({"action": "next_turn"})).await.expect("order");
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let v: Value = app.client.get(&api).send().await.expect("get").json().await.expect("json");
    assert_eq!(v["status"], Value::Null);
    assert_eq!(
        v["problem"],
        "The fleet has changed since this battle began (5 ships then, 3 now): start a new battle"
    );
    let res = app.client.post(format!("{api}/new")).header("x-edit-token", &token).send().await.expect("new");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(
        (v["battle"]["ships"].as_array().map(Vec::len), v["status"]["fleet_limit"].clone()),
        (Some(3), json!(8))
    );
}

#[tokio::test]
async fn a_battle_survives_a_server_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("battle.db");
    let server = crate::process::start(&db);
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();
    let (id, token) = save_api(&client, &base, &patrol()).await;
    let api = format!("{base}/api/bfg/{id}/battle");
    for order in [
        json!({"action": "launch_craft", "ship": 1, "squadrons": [{"craft": "starhawk-bomber", "count": 4}]}),
        json!({"action": "set_condition", "ship": 0, "condition": "crippled"}),
        json!({"action": "next_turn"}),
    ] {
        let res = client.post(&api).header("x-edit-token", &token).json(&order).send().await.expect("order");
        assert_eq!(res.status(), StatusCode::OK, "{order}");
    }
    crate::process::signal(&server.child, "TERM");
    drop(server);

    let again = crate::process::start(&db);
    let res = reqwest::get(format!("http://{}/api/bfg/{id}/battle", again.addr)).await.expect("get");
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["started"], true);
    assert_eq!(v["battle"]["turn"], 2);
    assert_eq!(v["battle"]["markers"], json!({"starhawk-bomber": 4}));
    assert_eq!(v["status"]["fleet_limit"], 8, "the crippled Emperor's 4 bays and the Dictator's 4");
    assert_eq!(v["status"]["ships"][0]["condition"], "crippled");
    let page = reqwest::get(format!("http://{}/bfg/{id}/battle", again.addr))
        .await
        .expect("page")
        .text()
        .await
        .expect("page");
    assert_eq!(text(&page, "turn"), "Turn 2");
}

#[tokio::test]
async fn the_fleets_page_links_its_battle_and_the_start_page_and_builder_link_the_odds() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    let page = app
        .client
        .get(app.url(&format!("/bfg/{id}")))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("page");
    assert!(page.contains(&format!("<a class=\"button\" href=\"/bfg/{id}/battle\">Battle</a>")));
    for path in ["/bfg/new", "/bfg/new?faction=orks"] {
        let page = app.client.get(app.url(path)).send().await.expect("page").text().await.expect("page");
        assert!(page.contains("<a href=\"/bfg/odds\">Ordnance odds calculator</a>"), "{path}");
    }
}

// ----- Ordnance odds -----

/// Asks the odds API; (status, answer).
async fn odds(app: &TestApp, body: Value) -> (StatusCode, Value) {
    let res = app.client.post(app.url("/api/bfg/odds")).json(&body).send().await.expect("odds");
    (res.status(), res.json().await.expect("json"))
}

/// The chance of exactly k in a distribution of the answer, as the exact fraction.
fn exactly(d: &Value, k: usize) -> &str {
    d["outcomes"][k]["exactly"].as_str().unwrap_or("(none)")
}

#[tokio::test]
async fn the_rules_worked_examples_come_back_as_exact_fractions() {
    let app = spawn().await;
    // Three bombers and five fighters against a Devastation (3 turrets, armour 5+): the three
    // turret dice can take at most three squadrons, fighters first, so all three bombers attack.
    // Each makes D6-3 attacks (0, 0, 0, 1, 2, 3) and three fighters add one each (no more than
    // the bombers): 3 attacks when every bomber rolls 3 or less, (1/2)^3; 4 when one rolls a 4,
    // 3 x 1/6 x (1/2)^2; 5 when one rolls a 5 or two roll a 4, 1/8 + 3 x (1/6)^2 x 1/2; 12 when
    // all three roll a 6, (1/6)^3.
    let (status, v) =
        odds(&app, json!({"kind": "bombers", "bombers": 3, "fighters": 5, "turrets": 3, "armour": 5})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["kind"], "bombers");
    assert_eq!(v["bombers_left"]["outcomes"].as_array().map(Vec::len), Some(4));
    assert_eq!(exactly(&v["bombers_left"], 3), "1/1");
    let attacks = &v["attacks"];
    assert_eq!([exactly(attacks, 0), exactly(attacks, 2)], ["0/1", "0/1"]);
    assert_eq!([exactly(attacks, 3), exactly(attacks, 4), exactly(attacks, 5)], ["1/8", "1/8", "1/6"]);
    assert_eq!(exactly(attacks, 6), "23/108");
    assert_eq!(exactly(attacks, 12), "1/216");
    assert_eq!(attacks["outcomes"].as_array().map(Vec::len), Some(13));
    assert_eq!(attacks["expected"], "6/1", "3 x 1 + 3");
    assert_eq!(attacks["outcomes"][3]["at_least"], "1/1");

    // Four and four: all four fighters add an attack, as there are four bombers.
    let (_, v) =
        odds(&app, json!({"kind": "bombers", "bombers": 4, "fighters": 4, "turrets": 3, "armour": 5})).await;
    let attacks = &v["attacks"];
    assert_eq!([exactly(attacks, 3), exactly(attacks, 4), exactly(attacks, 5)], ["0/1", "1/16", "1/12"]);
    assert_eq!(exactly(attacks, 16), "1/1296");
    assert_eq!(attacks["expected"], "8/1");

    // A salvo of two against one turret, 4+ armour: the turret stops one torpedo half the time;
    // then each torpedo left hits half the time. No hit: 1/2 x 1/2 + 1/2 x 1/4.
    let (_, v) = odds(&app, json!({"kind": "torpedoes", "strength": 2, "turrets": 1, "armour": 4})).await;
    let hits: Vec<&str> = (0..3).map(|k| exactly(&v["hits"], k)).collect();
    assert_eq!(hits, ["3/8", "1/2", "1/8"]);
    assert_eq!(exactly(&v["strength_left"], 1), "1/2");
    assert_eq!(v["hits"]["expected"], "3/4");

    let (status, v) =
        odds(&app, json!({"kind": "assault_boats", "boats": 1, "turrets": 1, "turrets_hit_only_on_6": true}))
            .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!([exactly(&v["raids"], 0), exactly(&v["raids"], 1)], ["1/6", "5/6"]);
    let (_, v) = odds(
        &app,
        json!({"kind": "interception", "interceptors": 1, "strike_craft": 1, "strike_craft_resilient": true}),
    )
    .await;
    assert_eq!([exactly(&v["strike_craft_left"], 0), exactly(&v["strike_craft_left"], 1)], ["1/2", "1/2"]);
}

#[tokio::test]
async fn bad_odds_requests_are_refused_with_a_clear_message() {
    let app = spawn().await;
    for (body, said) in [
        (
            json!({"kind": "torpedoes", "strength": 1000, "armour": 4}),
            "strength must be from 1 to 30 (it is 1000)",
        ),
        (
            json!({"kind": "torpedoes", "strength": 6, "turrets": 99, "armour": 4}),
            "turrets must be from 0 to 8 (it is 99)",
        ),
        (
            json!({"kind": "bombers", "bombers": 15, "fighters": 15, "armour": 4}),
            "a wave holds at most 20 squadrons; this one has 30",
        ),
        (json!({"kind": "torpedoes", "strength": -3, "armour": 4}), "strength"),
        (json!({"kind": "torpedoes", "armour": 4}), "strength"),
        (json!({"kind": "lances", "strength": 3}), "lances"),
        (json!({"kind": "torpedoes", "strength": 3, "armour": 4, "speed": 30}), "speed"),
    ] {
        let (status, v) = odds(&app, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(v["error"].as_str().unwrap_or("").contains(said), "{body}: {}", v["error"]);
    }
    let res = app
        .client
        .post(app.url("/api/bfg/odds"))
        .header("content-type", "application/json")
        .body("{\"kind\": ")
        .send()
        .await
        .expect("odds");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

async fn odds_page(app: &TestApp, query: &str) -> String {
    let res = app.client.get(app.url(&format!("/bfg/odds{query}"))).send().await.expect("page");
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res.text().await.expect("page")
}

/// The row of k in a table of the odds page.
fn row<'a>(page: &'a str, table: &str, k: u32) -> &'a str {
    let t = page.split(&format!("id=\"odds-{table}\"")).nth(1).expect("the table");
    let r = t.split(&format!("<tr data-k=\"{k}\">")).nth(1).expect("the row");
    &r[..r.find("</tr>").expect("end of row")]
}

#[tokio::test]
async fn the_odds_page_shows_tables_and_charts_and_takes_bad_input_calmly() {
    let app = spawn().await;
    let page = odds_page(&app, "").await;
    assert_no_inline_code(&page);
    assert!(page.contains("<form id=\"odds-form\" method=\"get\" action=\"/bfg/odds\""), "a GET form");
    assert!(page.contains("aria-current=\"page\">Torpedo salvo</a>"), "a torpedo salvo by default");
    for case in ["torpedoes", "bombers", "assault_boats", "interception"] {
        assert!(page.contains(&format!("href=\"/bfg/odds?kind={case}\"")), "{case}");
    }

    // The first worked example: a table of exact fractions and percentages, and a labelled chart.
    let page = odds_page(
        &app,
        "?kind=bombers&bombers=3&fighters=5&turrets=3&massed=0&armour=5&turrets_hit_only_on_6=off",
    )
    .await;
    assert_no_inline_code(&page);
    assert!(page.contains(
        "<input type=\"number\" inputmode=\"numeric\" id=\"o-fighters\" name=\"fighters\" value=\"5\""
    ));
    assert_eq!(
        row(&page, "attacks", 3),
        "<th scope=\"row\" class=\"num\">3</th><td class=\"exact\">1/8</td><td class=\"num\">12.50%</td><td class=\"exact\">1</td><td class=\"num\">100%</td>"
    );
    assert!(row(&page, "attacks", 12).contains("<td class=\"exact\">1/216</td><td class=\"num\">0.46%</td>"));
    assert!(page.contains(
        "Expected: <strong id=\"expected-attacks\">6.00</strong> <span class=\"exact\">(exactly 6)</span>"
    ));
    let chart =
        page.split("<svg class=\"chart\" id=\"chart-attacks\"").nth(1).expect("a chart of the attacks");
    let chart = &chart[..chart.find("</svg>").expect("end of chart")];
    assert!(chart.contains("role=\"img\""));
    assert!(chart.contains(
        "<title id=\"chart-attacks-title\">Attack dice rolled, the fighters&#39; bonus included</title>"
    ));
    assert!(chart.contains("Most likely: 6 (21.30%)."), "{chart}");
    assert!(chart.contains("Expected: 6.00."));
    assert_eq!(chart.matches("<rect ").count(), 13, "a bar for each outcome, 0 to 12");
    assert!(chart.contains(">12.50%</text>"), "each bar labelled with its value");
    assert!(page.contains("<svg class=\"chart\" id=\"chart-hits\""));
    assert!(
        page.contains("where turrets hit only on a 6, that applies to the whole wave"),
        "the decision shown"
    );
    assert!(page.contains("In our data: Darkstar fighter, Eagle bomber."), "which craft the rule is for");
    assert!(page.contains("role=\"status\">Hits on the target: "), "a summary for screen readers");

    // With htmx: the result alone, and the summary out of band.
    let res = app
        .client
        .get(app.url("/bfg/odds?kind=torpedoes&strength=6&turrets=0&armour=4"))
        .header("hx-request", "true")
        .send()
        .await
        .expect("partial");
    let body = res.text().await.expect("body");
    assert!(!body.contains("<html") && !body.contains("<form"), "{body}");
    assert!(
        body.contains("<p id=\"odds-summary\" hx-swap-oob=\"innerHTML\">Hits on the target: 3.00 expected;"),
        "{body}"
    );
    assert!(row(&body, "hits", 6).contains("<td class=\"exact\">1/64</td>"), "six hits on 4+: (1/2)^6");

    // Out of range, negative, garbage: the engine's message or ours, never a 500.
    for (query, said) in [
        ("?kind=torpedoes&strength=1000", "Strength must be from 1 to 30 (it is 1000)."),
        ("?kind=bombers&turrets=99", "Turrets must be from 0 to 8 (it is 99)."),
        ("?kind=assault_boats&boats=-4", "boats cannot be negative (it is -4)"),
        ("?kind=interception&interceptors=lots", "interceptors must be a whole number, not &#34;lots&#34;"),
        ("?kind=torpedoes&armour=", "Give armour a number"),
        ("?kind=warp-storm", "There is no case &#34;warp-storm&#34;"),
        ("?kind=torpedoes&strength=99999999999999999999", "strength is far too large"),
    ] {
        let page = odds_page(&app, query).await;
        let errors =
            page.split("id=\"odds-errors\"").nth(1).unwrap_or_else(|| panic!("{query}: no errors shown"));
        assert!(errors.contains(said), "{query}: {}", &errors[..errors.find("</div>").unwrap_or(0)]);
        assert!(!page.contains("<table class=\"odds-table\""), "{query}: no odds");
    }
}

// ----- Anything a client sends -----

mod fuzz {
    use axum::body::Body;
    use axum::http::{Request, header};
    use drydock::store::builds::{self, Content};
    use drydock::web::{AppState, WriteRate, app};
    use proptest::prelude::*;
    use serde_json::{Value, json};
    use tower::ServiceExt;

    /// The app without a socket, with one saved fleet and its edit token.
    struct Harness {
        rt: tokio::runtime::Runtime,
        app: axum::Router,
        id: String,
        token: String,
        _dir: tempfile::TempDir,
    }

    impl Harness {
        fn new() -> Self {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            let dir = tempfile::tempdir().expect("dir");
            let db = rt.block_on(drydock::store::open(&dir.path().join("fuzz.db"))).expect("database");
            let fleet = super::patrol();
            let c = Content {
                kind: "bfg",
                name: fleet.name.clone(),
                document: serde_json::to_string(&fleet).expect("json"),
                engine_version: 1,
                legal: true,
                summary: String::new(),
            };
            let (b, token) = rt.block_on(builds::create(&db, &c, None)).expect("saved");
            let served_on = "127.0.0.1:3000".parse().expect("address");
            let state =
                AppState { writes: WriteRate { per_minute: 0, burst: 0 }, ..AppState::new(db, served_on) };
            Harness { rt, app: app(state), id: b.id, token, _dir: dir }
        }

        /// Sends the request and checks that the answer is no server error.
        fn send(&self, req: Request<Body>) -> Result<(), TestCaseError> {
            let what = format!("{} {}", req.method(), req.uri());
            let status = self.rt.block_on(async {
                let res =
                    self.app.clone().oneshot(req).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
                let status = res.status();
                let _ = axum::body::to_bytes(res.into_body(), 1 << 20).await;
                Ok::<_, TestCaseError>(status)
            })?;
            prop_assert!(
                status.is_success() || status.is_redirection() || status.is_client_error(),
                "{what}: {status}"
            );
            Ok(())
        }

        fn post(&self, path: &str, content_type: &str, body: Vec<u8>) -> Result<(), TestCaseError> {
            let req = Request::post(path)
                .header(header::CONTENT_TYPE, content_type)
                .header(header::COOKIE, format!("dd_edit_{}={}", self.id, self.token))
                .header("x-edit-token", &self.token)
                .body(Body::from(body))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            self.send(req)
        }
    }

    const FORM_WORDS: &[&str] = &[
        "action=launch_craft",
        "action=launch_torpedoes",
        "action=reload",
        "action=set_condition",
        "action=brace",
        "action=remove_markers",
        "action=next_turn",
        "action=x",
        "ship=0",
        "ship=1",
        "ship=2",
        "ship=4",
        "ship=5",
        "ship=-1",
        "ship=99999999999999999999",
        "craft.starhawk-bomber=4",
        "craft.fury-interceptor=999",
        "craft.shark-assault-boat=1",
        "craft.zzz=1",
        "craft=starhawk-bomber",
        "craft=fury-interceptor",
        "count=1",
        "count=0",
        "count=4294967295",
        "reason=recalled",
        "reason=returned",
        "reason=destroyed",
        "condition=crippled",
        "condition=destroyed",
        "condition=intact",
        "result=success",
        "result=failure",
        "braced=on",
        "braced=off",
        "rolled=3",
        "rolled=9",
        "split_a=4",
        "split_b=5",
        "split_a=1",
        "confirm=yes",
        "&",
        "=",
        "%FF",
        "\0",
    ];

    fn form() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(prop::sample::select(FORM_WORDS), 0..12).prop_map(|w| w.join("&").into_bytes())
    }

    fn value() -> impl Strategy<Value = Value> {
        prop::sample::select(vec![
            json!(-1),
            json!(0),
            json!(1),
            json!(3),
            json!(4),
            json!(6),
            json!(7),
            json!(8),
            json!(20),
            json!(21),
            json!(30),
            json!(99),
            json!(1000),
            json!(4_294_967_296u64),
            json!(1.5),
            json!("x"),
            json!("starhawk-bomber"),
            json!(true),
            json!(null),
            json!([4, 5]),
            json!([{"craft": "fury-interceptor", "count": 3}]),
            json!("crippled"),
            json!("recalled"),
        ])
    }

    /// An object naming its kind in `tag`, with any of `fields` holding any value.
    fn tagged(
        tag: &'static str,
        kinds: &'static [&'static str],
        fields: &'static [&'static str],
    ) -> impl Strategy<Value = Vec<u8>> {
        (prop::sample::select(kinds), prop::collection::vec((prop::sample::select(fields), value()), 0..8))
            .prop_map(move |(kind, fields)| {
                let mut o = serde_json::Map::new();
                o.insert(tag.into(), json!(kind));
                o.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
                serde_json::to_vec(&o).unwrap_or_default()
            })
    }

    const ACTIONS: &[&str] = &[
        "launch_craft",
        "launch_torpedoes",
        "reload",
        "set_condition",
        "brace",
        "remove_markers",
        "next_turn",
        "x",
    ];
    const ACTION_FIELDS: &[&str] = &[
        "ship",
        "squadrons",
        "rolled",
        "split",
        "success",
        "condition",
        "braced",
        "craft",
        "count",
        "reason",
        "z",
    ];
    const KINDS: &[&str] = &["torpedoes", "bombers", "assault_boats", "interception", "lances"];
    const ODDS_FIELDS: &[&str] = &[
        "strength",
        "turrets",
        "massed",
        "armour",
        "reroll",
        "bombers",
        "fighters",
        "turrets_hit_only_on_6",
        "boats",
        "interceptors",
        "interceptors_resilient",
        "escorts",
        "escorts_resilient",
        "strike_craft",
        "strike_craft_resilient",
    ];

    #[test]
    fn any_order_or_question_gets_an_answer_and_never_a_server_error() {
        let h = Harness::new();
        let page = format!("/bfg/{}/battle", h.id);
        let api = format!("/api/bfg/{}/battle", h.id);
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
            cases: 200,
            ..ProptestConfig::default()
        });
        let cases =
            (form(), tagged("action", ACTIONS, ACTION_FIELDS), tagged("kind", KINDS, ODDS_FIELDS), form());
        let result = runner.run(&cases, |(order, action, question, query)| {
            h.post(&page, "application/x-www-form-urlencoded", order)?;
            h.post(&api, "application/json", action)?;
            h.post("/api/bfg/odds", "application/json", question.clone())?;
            // The odds page reads the same question as a query, with form words after it.
            let fields: Value = serde_json::from_slice(&question).unwrap_or(Value::Null);
            let mut q = form_urlencoded::Serializer::new(String::new());
            for (k, v) in fields.as_object().into_iter().flatten() {
                q.append_pair(k, v.to_string().trim_matches('"'));
            }
            let uri = format!("/bfg/odds?{}&{}", q.finish(), String::from_utf8_lossy(&query));
            match Request::get(uri).body(Body::empty()) {
                Ok(req) => h.send(req),
                // Not a URI a client could send (a NUL byte).
                Err(_) => Ok(()),
            }
        });
        if let Err(e) = result {
            panic!("{e}");
        }
    }
}
