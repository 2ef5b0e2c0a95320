//! The BFG battle tracker and the ordnance odds calculator, over a real socket with a real SQLite
//! file: a saved fleet's battle turn by turn (orders, refusals, the fleet's limit as carriers
//! are crippled), who may change it, its JSON API and its survival of a restart; the odds API
//! with the rules' worked examples as exact fractions, and the odds page.

use crate::support::{TestApp, assert_no_inline_code, spawn, spawn_unlimited, stranger};
use drydock::games::bfg::Fleet;
use drydock::web::bfg::fleet_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

mod folded;
mod fuzz;
mod import;
mod misread;
mod odds;
mod tracker;

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
    let b = drydock::store::battles::get(&app.db, id).await.expect("battles")?;
    Some((b.state, b.revision))
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
        "Turn 1: Emperor battleship is crippled, 6 of 12 hits left; the fleet may now have 8 attack craft in play"
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
    assert!(
        page.contains(&format!("data-events=\"/bfg/{id}/battle/events\"")),
        "it follows the orders as they come"
    );
    assert!(
        page.contains("<noscript><meta http-equiv=\"refresh\" content=\"10\"></noscript>"),
        "and refreshes itself without JavaScript"
    );

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
    let store = drydock::store::testing::chosen().await;
    let db = store.location.arg();
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
    let page = app.page(&format!("/bfg/{id}")).await;
    assert!(page.contains(&format!("<a class=\"button\" href=\"/bfg/{id}/battle\">Battle</a>")));
    for path in ["/bfg/new", "/bfg/new?faction=orks"] {
        let page = app.page(path).await;
        assert!(page.contains("<a href=\"/bfg/odds\">Ordnance odds calculator</a>"), "{path}");
    }
}
