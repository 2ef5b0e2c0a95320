//! The Waffle 40K roster builder, its rule cards, the fire-point planner and the tank shock
//! calculator, over a real socket with a real SQLite file.

use crate::support::{TestApp, assert_no_inline_code, spawn, stored_count, with_extra};
use drydock::games::waffle::{self, Armour, Roster, Vehicle, Weapon};
use drydock::web::http::codec::encode as fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The registry's example: Bulwark (Tank, Transport, 40 pts) and Strider (Walker, 105 pts).
fn iron_column() -> Roster {
    serde_json::from_str(waffle::GAME.example).expect("the example roster")
}

fn form(r: &Roster, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    with_extra(fields_of(r), extra)
}

async fn post_json(app: &TestApp, path: &str, body: &Value) -> (StatusCode, Value) {
    let res = app.client.post(app.url(path)).json(body).send().await.expect("request");
    let status = res.status();
    (status, res.json().await.expect("json"))
}

/// The text of the problems slot with this DOM id.
fn slot<'a>(page: &'a str, id: &str) -> &'a str {
    let from = page.split(&format!("id=\"{id}\"")).nth(1).unwrap_or_else(|| panic!("no slot {id}"));
    &from[..from.find("</div>").unwrap_or(from.len())]
}

/// How askama escapes text in HTML.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// Saves a roster through the builder form; returns its id (the client keeps its cookie).
async fn save(app: &TestApp, r: &Roster) -> String {
    let res = app.client.post(app.url("/waffle")).form(&form(r, &[])).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    to.trim_start_matches("/waffle/").trim_end_matches("?saved=1").to_owned()
}

#[tokio::test]
async fn the_new_page_is_an_empty_builder_and_can_start_from_the_example() {
    let app = spawn().await;
    let (status, page) = app.get("/waffle/new").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<form id=\"builder\""));
    assert!(page.contains("<dd id=\"fig-points\">0</dd>"));
    assert!(page.contains("Recalculate"), "a no-JS recalculate button");
    assert!(page.contains("href=\"/waffle/tank-shock\""));
    assert_no_inline_code(&page);

    let (_, page) = app.get("/waffle/new?from=example").await;
    assert!(page.contains("value=\"Iron Column\""));
    assert!(page.contains("<dd id=\"fig-points\">145</dd>"), "40 + 105");
    assert!(page.contains("<dd id=\"fig-limit\">500</dd>"));
    assert!(
        page.contains("name=\"vehicles.0.types.1\" value=\"transport\" checked"),
        "the types are checkboxes, ticked as the roster has them"
    );
    assert!(page.contains("name=\"vehicles.1.types.3\" value=\"walker\" checked"));
    assert!(page.contains("name=\"vehicles.0.weapons.0.strength\" value=\"4\""));
    assert!(page.contains("href=\"/waffle/fire-points?name=Bulwark&#38;types.0=tank&#38;types.1=transport&#38;fire_points=2&#38;capacity=10\""), "the transport's planner");
    assert_no_inline_code(&page);
}

#[tokio::test]
async fn the_no_js_form_adds_and_removes_vehicles_and_weapons() {
    let app = spawn().await;
    let empty = Roster::default();
    let (status, page) = app
        .post_fields("/waffle/design", &form(&empty, &[("action", "add.vehicles"), ("new_type", "tank")]))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<!doctype html>"), "a whole page without JavaScript");
    assert!(page.contains("name=\"vehicles.0.types.0\" value=\"tank\" checked"), "a tank was added");
    assert!(page.contains("name=\"vehicles.0.armour.front\" value=\"10\""));
    assert!(page.contains("Tank shock"), "its card has the tank rules");

    let mut r = Roster { vehicles: vec![Vehicle::new("Hammer", &["tank"])], ..Roster::default() };
    let (_, page) =
        app.post_fields("/waffle/design", &form(&r, &[("action", "add.vehicles.0.weapons")])).await;
    assert!(page.contains("name=\"vehicles.0.weapons.0.name\""), "a weapon row");
    assert!(page.contains("name=\"vehicles.0.weapons.0.strength\" value=\"\""), "Strength starts as –");

    r.vehicles[0].weapons = vec![
        Weapon {
            name: "Battle cannon".into(),
            range: 72,
            strength: Some(8),
            ap: Some(3),
            kind: "Ordnance 1".into(),
        },
        Weapon {
            name: "Heavy bolter".into(),
            range: 36,
            strength: Some(5),
            ap: Some(4),
            kind: "Heavy 3".into(),
        },
    ];
    r.vehicles.push(Vehicle::new("Rhino", &["tank", "transport"]));
    let (_, page) =
        app.post_fields("/waffle/design", &form(&r, &[("action", "remove.vehicles.0.weapons.0")])).await;
    assert!(page.contains("value=\"Heavy bolter\""));
    assert!(!page.contains("Battle cannon"));
    let (_, page) = app.post_fields("/waffle/design", &form(&r, &[("action", "remove.vehicles.0")])).await;
    assert!(page.contains("name=\"vehicles.0.name\" value=\"Rhino\""));
    assert!(!page.contains("name=\"vehicles.1.name\""));

    // The htmx answer to a button is the form alone.
    let (_, body) = app.post_fields("/waffle/builder", &form(&r, &[("action", "add.vehicles")])).await;
    assert!(body.trim_start().starts_with("<form id=\"builder\""), "{body}");
    assert!(body.contains("name=\"vehicles.2.name\""), "a plain vehicle at the end");
    assert!(!body.contains("<html"));
}

#[tokio::test]
async fn the_live_fragment_places_problems_beside_their_inputs_and_updates_each_card() {
    let app = spawn().await;
    let mut r = iron_column();
    r.points_limit = Some(100);
    r.vehicles[1].types.push("tank".into());
    r.vehicles[1].armour = Armour { front: 99, side: 12, rear: 10 };
    r.vehicles[1].fire_points = 2;
    let (status, body) = app.post_fields("/waffle/live", &form(&r, &[])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!body.contains("<form"), "the live answer is a fragment");
    assert!(body.contains("<dd id=\"fig-points\">145</dd>"), "{body}");
    assert!(body.contains("Not legal: 4 errors"), "{body}");
    assert!(slot(&body, "problems-points_limit").contains("45 over its limit of 100 pts"));
    assert!(slot(&body, "problems-vehicles-1-types").contains("Strider is both a Tank and a Walker"));
    assert!(
        slot(&body, "problems-vehicles-1-armour")
            .contains("front armour is 99; armour values run from 10 to 14")
    );
    assert!(slot(&body, "problems-vehicles-1-fire_points").contains("is not a Transport"));
    // Each vehicle's heading (its name and points) is redrawn in place.
    assert!(body.contains(
        "<legend id=\"legend-vehicle-1\" hx-swap-oob=\"true\">Vehicle 2: Strider <span class=\"sum\" id=\"points-vehicles-1\">105 pts</span></legend>"
    ), "{body}");
    // Each vehicle's rule card summary is swapped in place with its rules.
    let card = body.split("id=\"card-vehicles-0\" hx-swap-oob=\"true\"").nth(1).expect("card 0");
    assert!(card.contains("Tank, Transport, 9 rules"), "{card}");
    assert!(card.contains("Speed and passengers&#39; shooting"));
    let card = body.split("id=\"card-vehicles-1\" hx-swap-oob=\"true\"").nth(1).expect("card 1");
    assert!(card.contains("Tank, Walker"), "{card}");
}

#[tokio::test]
async fn the_check_api_gives_points_legality_problems_and_every_vehicles_rules() {
    let app = spawn().await;
    let (status, v) =
        post_json(&app, "/api/waffle/check", &serde_json::to_value(iron_column()).expect("json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((v["points"].clone(), v["legal"].clone()), (json!(145), json!(true)));
    assert_eq!(v["problems"], json!([]));
    let rules: Vec<&str> = v["vehicles"][1]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    let want: Vec<&str> = waffle::card_rules(waffle::TypeSet::of(&[waffle::VehicleType::Walker]))
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(rules, want);
    assert_eq!(v["vehicles"][1]["rules"][0]["source"]["type"], "walker");
    assert!(v["text"].as_str().unwrap_or("").contains("Total: 145 of 500 pts"));

    // Problems are part of the answer, not errors.
    let (status, v) = post_json(
        &app,
        "/api/waffle/check",
        &json!({"vehicles": [{"name": "Odd", "types": ["tanq", "chariot", "super-heavy-flyer"], "armour": {"front": 99}, "fire_points": 3}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["legal"], json!(false));
    let codes: Vec<&str> =
        v["problems"].as_array().expect("problems").iter().filter_map(|p| p["code"].as_str()).collect();
    assert_eq!(codes, ["UNKNOWN_TYPE", "CHARIOT_FLYER", "ARMOUR_OUT_OF_RANGE", "FIRE_POINTS_NOT_TRANSPORT"]);
    assert!(v["problems"][0]["message"].as_str().unwrap_or("").contains("did you mean \"tank\"?"));
    assert_eq!(v["problems"][2]["part"], "vehicles.0.armour.front");
}

#[tokio::test]
async fn the_catalog_lists_the_seven_types_and_their_rules() {
    let app = spawn().await;
    let res = app.client.get(app.url("/api/waffle/catalog")).send().await.expect("catalog");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "public, max-age=300");
    let v: Value = res.json().await.expect("json");
    let types = v["catalog"]["types"].as_array().expect("types");
    let ids: Vec<&str> = types.iter().filter_map(|t| t["id"].as_str()).collect();
    assert_eq!(
        ids,
        [
            "tank",
            "transport",
            "chariot",
            "walker",
            "super-heavy-vehicle",
            "super-heavy-walker",
            "super-heavy-flyer"
        ]
    );
    assert!(types.iter().all(|t| !t["rules"].as_array().expect("rules").is_empty()));
    assert_eq!(types[0]["rules"][0]["id"], "tank/tank-shock");
    assert_eq!(v["catalog"]["every_vehicle"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["catalog"]["combinations"].as_array().map(Vec::len), Some(waffle::COMBINATIONS.len()));
    assert_eq!(v["catalog"]["tank_shock_decisions"][0]["id"], "six-always-fails");
    assert_eq!(v["engine_version"], json!(waffle::ENGINE_VERSION));
}

/// A 13" Slam into Leadership 7, Initiative 3, Toughness 3, a 4+ save, by hand: two checks; one
/// check gives 0, 1, 2 or 3 hits with 3, 1, 1, 1 chances in 6; S10 wounds T3 on 2+ and the 4+
/// save fails half the time, so a hit is an unsaved wound with chance 5/12; one check leaves no
/// unsaved wound with 1/2 + 1/6 (7/12 + 49/144 + 343/1728) = 7123/10368, two with its square.
#[tokio::test]
async fn the_tank_shock_api_answers_a_13_inch_slam_exactly() {
    let app = spawn().await;
    let input = json!({"mode": "slam", "distance": 13, "leadership": 7, "initiative": 3, "toughness": 3, "save": 4, "models": 10});
    let (status, v) = post_json(&app, "/api/waffle/tank-shock", &input).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let r = &v["result"];
    assert_eq!((r["mode"].clone(), r["checks"].clone()), (json!("Slam"), json!(2)));
    assert_eq!(
        (r["strength"].clone(), r["ap"].clone(), r["to_wound"].clone()),
        (json!(10), json!("–"), json!(2))
    );
    assert_eq!(r["morale_pass"]["exact"], "7/12", "21 of 36 rolls of 2D6 are 7 or under");
    assert_eq!(r["save_allowed"]["exact"], "1");
    let exact = |d: &str| -> Vec<String> {
        r[d]["p"]
            .as_array()
            .expect("p")
            .iter()
            .map(|c| c["exact"].as_str().unwrap_or("").to_owned())
            .collect()
    };
    assert_eq!(exact("hits_per_check"), ["1/2", "1/6", "1/6", "1/6"]);
    assert_eq!(exact("hits"), ["1/4", "1/6", "7/36", "2/9", "1/12", "1/18", "1/36"]);
    assert_eq!(r["hits"]["mean"]["exact"], "2");
    let wounds = exact("wounds");
    assert_eq!(wounds.len(), 7);
    assert_eq!(wounds[0], "50737129/107495424", "(7123/10368)^2");
    assert_eq!(wounds[6], "15625/107495424", "(125/10368)^2: three unsaved wounds from each check");
    assert_eq!(r["wounds"]["mean"]["exact"], "5/6", "2 hits x 5/12");
    assert_eq!(r["casualties"], r["wounds"], "ten models are never all lost");
    let percent = r["wounds"]["p"][0]["percent"].as_f64().unwrap_or(0.0);
    assert!((percent - 47.199).abs() < 0.001, "{percent}");
    assert_eq!(v["decisions"].as_array().map(Vec::len), Some(waffle::DECISIONS.len()));
    assert_eq!(
        v["input"],
        json!({"mode": "slam", "distance": 13, "combat_speed": 6, "leadership": 7, "initiative": 3, "toughness": 3, "save": 4, "models": 10})
    );
}

#[tokio::test]
async fn the_tank_shock_page_shows_the_figures_exactly_with_a_chart_and_the_decisions() {
    let app = spawn().await;
    let (status, page) =
        app.get("/waffle/tank-shock?mode=slam&distance=13&combat_speed=6&leadership=7&initiative=3&toughness=3&save=4&models=10")
            .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<form id=\"shock-form\" class=\"shock-form\" method=\"get\""), "a GET form");
    assert!(page.contains("<dd id=\"fig-checks\">2</dd>"));
    assert!(page.contains("<tr id=\"p-morale\"><th scope=\"row\">The unit passes its Morale check (and may step aside)</th><td class=\"exact\" data-label=\"Exactly\">7/12</td><td class=\"num\">58.33%</td></tr>"));
    assert!(
        page.contains(
            "<td class=\"exact\" data-label=\"Exactly\">50737129/107495424</td><td class=\"num\">47.20%</td>"
        ),
        "{page}"
    );
    // Each number's chance of at least that many, beside its chance of exactly that many: the
    // last is the same, and none is certain.
    let wounds = page.split("id=\"odds-wounds\"").nth(1).unwrap_or_default();
    let row = |k: u32| {
        let r = wounds.split(&format!("<tr data-k=\"{k}\">")).nth(1).unwrap_or_default();
        r[..r.find("</tr>").unwrap_or(0)].to_owned()
    };
    assert!(
        row(0).ends_with("<td class=\"exact\" data-label=\"At least\">1</td><td class=\"num\">100%</td>"),
        "{}",
        row(0)
    );
    assert!(
        row(6).ends_with("<td class=\"exact\" data-label=\"Exactly\">15625/107495424</td><td class=\"num\">0.01%</td><td class=\"exact\" data-label=\"At least\">15625/107495424</td><td class=\"num\">0.01%</td>"),
        "{}",
        row(6)
    );
    assert!(page.contains("on average 5/6 (0.833)"));
    // The chart: drawn on the server, titled and described, every bar labelled.
    assert!(page.contains("role=\"img\" aria-labelledby=\"chart-wounds-title chart-wounds-desc\""));
    assert!(
        page.contains("<title id=\"chart-wounds-title\">Unsaved wounds: the chance of each number</title>")
    );
    assert!(page.contains("Bar chart of the chance of each number of unsaved wounds, from 0 to"), "{page}");
    assert!(page.contains("Most likely: 0 (47.20%)."));
    assert!(page.contains("class=\"chart-v\">47.20%</text>"), "each bar labelled with its chance");
    for d in &waffle::DECISIONS {
        assert!(page.contains(&escaped(d.text)), "{}", d.id);
    }
    assert_no_inline_code(&page);

    // Without a query: the defaults, worked out.
    let (status, page) = app.get("/waffle/tank-shock").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<dd id=\"fig-checks\">2</dd>"), "12\" by default");
    assert!(page.contains(
        "<input type=\"number\" inputmode=\"numeric\" id=\"f-distance\" name=\"distance\" value=\"12\""
    ));
    // A Grind with no save.
    let (_, page) = app.get("/waffle/tank-shock?mode=grind&distance=6&save=none&toughness=5").await;
    assert!(page.contains("<dd id=\"fig-profile\">S5 AP D6</dd>"));
    assert!(page.contains("<dd id=\"fig-to-wound\">4+</dd>"));
    assert!(page.contains("<option value=\"none\" selected>No save</option>"));
}

#[tokio::test]
async fn the_fire_point_planner_says_what_the_passengers_may_do() {
    let app = spawn().await;
    let bulwark = "/waffle/fire-points?name=Bulwark&types.0=tank&types.1=transport&fire_points=2&capacity=10";
    let (status, page) = app.get(&format!("{bulwark}&speed=cruising")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>Fire-point planner: Bulwark</h1>"));
    assert!(page.contains("id=\"plan-fire\">Snap shots only: up to 2 models may shoot out</p>"), "{page}");
    assert!(page.contains("id=\"f-speed-cruising\" name=\"speed\" value=\"cruising\" checked"));
    assert!(page.contains("the vehicle may not go flat out or use its smoke launchers"));
    let (_, page) = app.get(&format!("{bulwark}&speed=stationary&smoke=on")).await;
    assert!(page.contains("id=\"plan-fire\">Nobody may shoot out</p>"));
    assert!(page.contains("It used its smoke launchers this turn"));
    assert_no_inline_code(&page);
    // Not a transport; numbers that are not numbers.
    let (status, page) = app.get("/waffle/fire-points?name=Strider&types.0=walker&capacity=lots").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("It is not a Transport: nobody rides inside."));
    assert!(page.contains("data-code=\"BAD_NUMBER\""), "{page}");
}

#[tokio::test]
async fn the_share_page_and_the_printable_cards_show_every_rule_with_its_source() {
    let app = spawn().await;
    let id = save(&app, &iron_column()).await;
    let (status, page) = app.get(&format!("/waffle/{id}?saved=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<title>Iron Column · Drydock</title>"));
    assert!(
        page.contains(
            "<meta name=\"description\" content=\"Iron Column: 2 vehicles, 145 of 500 pts, legal\">"
        )
    );
    assert!(page.contains("Total: 145 of 500 pts"), "the forum text");
    assert!(page.contains(&format!("href=\"/waffle/{id}/cards\"")));
    assert!(page.contains("Plan its fire points this turn"), "the transport's planner");
    assert_no_inline_code(&page);

    let (status, cards) = app.get(&format!("/waffle/{id}/cards")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cards.contains("<body class=\"sheet waffle-cards\">"));
    assert!(cards.contains("href=\"/static/waffle.css\""), "the print rules for cards");
    assert_eq!(cards.matches("<article class=\"rule-card printed-card\"").count(), 2);
    // The cards name their rules; each rule's text is written once, after them.
    let walker = waffle::card_rules(waffle::TypeSet::of(&[waffle::VehicleType::Walker]));
    for rule in &walker {
        assert!(cards.contains(&escaped(rule.text)), "{}", rule.id);
        assert!(cards.contains(&escaped(&rule.source.label())), "{}", rule.id);
    }
    let decision = waffle::card_rules(waffle::TypeSet::of(&[waffle::VehicleType::Transport]))
        .into_iter()
        .find_map(|r| r.decision)
        .expect("a transport rule with our reading");
    assert!(cards.contains(&escaped(decision)));
    assert!(
        cards.contains(
            "<td class=\"num\">24&#34;</td><td class=\"num\">4</td><td class=\"num\">5</td><td>Assault 2</td>"
        ),
        "{cards}"
    );
    assert_no_inline_code(&cards);
    let css = app.get("/static/waffle.css").await.1;
    assert!(css.contains("break-inside: avoid"));

    // Unsaved, from the builder form; and the forum text.
    let (status, cards) = app.post_fields("/waffle/cards", &form(&iron_column(), &[])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cards.contains("Melta lance"));
    let res = app.client.get(app.url(&format!("/waffle/{id}/export.txt"))).send().await.expect("text");
    assert_eq!(res.headers()["content-disposition"], "inline; filename=\"iron-column.txt\"");
    let text = res.text().await.expect("text");
    assert!(text.starts_with("Iron Column, 145 of 500 pts\n"), "{text}");
}

#[tokio::test]
async fn bad_input_gets_a_4xx_or_a_problem_and_never_a_5xx() {
    let app = spawn().await;
    // An unknown type and armour 99 in the form: problems beside their inputs, the type kept.
    let fields = vec![
        ("vehicles.0.name".to_owned(), "Odd".to_owned()),
        ("vehicles.0.types.7".to_owned(), "tanq".to_owned()),
        ("vehicles.0.armour.front".to_owned(), "99".to_owned()),
        ("vehicles.0.armour.side".to_owned(), "999".to_owned()),
        ("vehicles.0.bs".to_owned(), "lots".to_owned()),
    ];
    let (status, page) = app.post_fields("/waffle/design", &fields).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        slot(&page, "problems-vehicles-0-types")
            .contains("the type &#34;tanq&#34;, which is not a vehicle type: did you mean &#34;tank&#34;?"),
        "{page}"
    );
    assert!(page.contains("value=\"tanq\" checked"), "kept as sent, to untick");
    let armour = slot(&page, "problems-vehicles-0-armour");
    assert!(armour.contains("Odd&#39;s front armour is 99"), "{armour}");
    assert!(armour.contains("Vehicle 1 side armour: &#34;999&#34;"), "{armour}");
    assert!(
        slot(&page, "problems-vehicles-0-bs").contains("Vehicle 1 BS: &#34;lots&#34; is not a whole number")
    );

    // 10,000 vehicles: refused whole (the body is over 64 KiB), and so are 250; nothing saved.
    let many = |n: usize| -> Vec<(String, String)> {
        (0..n).map(|i| (format!("vehicles.{i}.points"), "1".to_owned())).collect()
    };
    let res = app.client.post(app.url("/waffle/design")).form(&many(10_000)).send().await.expect("post");
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    for path in ["/waffle/design", "/waffle/live", "/waffle"] {
        let (status, page) = app.post_fields(path, &many(250)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert!(page.contains("this roster has 250 entries; a roster holds at most 200"), "{page}");
    }
    let huge = json!({"vehicles": vec![json!({}); 10_000]});
    for path in ["/api/waffle/check", "/api/waffle"] {
        let (status, v) = post_json(&app, path, &huge).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert!(v["error"].as_str().unwrap_or("").contains("at most 200"), "{v}");
    }

    // Tank shocks out of range: 422 naming the field; on the page, a problem at the field.
    for (body, field) in [
        (
            json!({"mode": "slam", "distance": -5, "leadership": 7, "initiative": 3, "toughness": 3, "models": 10}),
            "distance",
        ),
        (
            json!({"mode": "slam", "distance": 5, "leadership": 7, "initiative": 3, "toughness": 3, "models": 10}),
            "combat speed",
        ),
        (
            json!({"mode": "ram", "distance": 12, "leadership": 7, "initiative": 3, "toughness": 3, "models": 10}),
            "mode",
        ),
        (
            json!({"mode": "slam", "distance": 12, "leadership": 7, "initiative": 3, "toughness": 3, "models": 0}),
            "models",
        ),
        (
            json!({"mode": "slam", "distance": 12, "leadership": 7, "initiative": 3, "toughness": 3, "save": 1, "models": 5}),
            "save",
        ),
        (json!({"mode": "slam", "distance": 12}), "leadership"),
    ] {
        let (status, v) = post_json(&app, "/api/waffle/tank-shock", &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(v["error"].as_str().unwrap_or("").contains(field), "{field}: {v}");
    }
    let res = app
        .client
        .post(app.url("/api/waffle/tank-shock"))
        .header("content-type", "application/json")
        .body("{\"mode\": ")
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let (status, page) = app.get("/waffle/tank-shock?distance=-5&leadership=abc&mode=ram&save=9").await;
    assert_eq!(status, StatusCode::OK);
    // The page reads its inputs as the API reads them: the same refusals, in the same words.
    let distance = slot(&page, "problems-distance");
    assert!(
        distance.contains("Distance to the unit (inches) must be a whole number from 1 to 72, not -5"),
        "{page}"
    );
    assert!(slot(&page, "problems-leadership").contains("from 2 to 10, not the string &#34;abc&#34;"));
    assert!(
        slot(&page, "problems-mode")
            .contains("Slam or Grind: unknown variant `ram`, expected `slam` or `grind`")
    );
    assert!(slot(&page, "problems-save").contains("Armour save must be a whole number from 2 to 6, not 9"));
    assert!(page.contains("id=\"shock-refused\""));
    let (_, page) = app.get("/waffle/tank-shock?distance=4&combat_speed=6").await;
    assert!(slot(&page, "problems-distance").contains("4&#34; is not a tank shock"));

    // Garbage of every kind: never a 500.
    let garbage: Vec<Vec<(String, String)>> = vec![
        vec![],
        vec![("action".into(), "add.vehicles.99.weapons".into())],
        vec![("action".into(), "remove.vehicles.99999999999999999999".into())],
        vec![("points_limit".into(), "-1".into()), ("vehicles.0.points".into(), "99999999999".into())],
        vec![("vehicles.999999.types.0".into(), "<script>".into()), ("action".into(), "add.vehicles".into())],
        vec![
            ("vehicles.0.weapons.0.ap".into(), "0".into()),
            ("vehicles.0.weapons.0.strength".into(), "x".into()),
        ],
        vec![("vehicles.0".into(), "off".into()), ("vehicles.0.armour".into(), "7".into())],
        vec![("version".into(), "-1".into()), ("name".into(), "x".repeat(500))],
    ];
    for fields in &garbage {
        for path in
            ["/waffle/design", "/waffle/builder", "/waffle/live", "/waffle/export.txt", "/waffle/cards"]
        {
            let (status, body) = app.post_fields(path, fields).await;
            assert!(!status.is_server_error(), "{path} {fields:?}: {status} {body}");
        }
    }
    for query in [
        "",
        "?types.0=transport&fire_points=-1&capacity=9999999&speed=warp",
        "?types=x&name=%FF",
        "?weapons.0.range=x",
    ] {
        let (status, _) = app.get(&format!("/waffle/fire-points{query}")).await;
        assert!(!status.is_server_error(), "{query}: {status}");
    }
    assert_eq!(stored_count(&app).await, 0, "nothing bad was stored");
}

/// Whether `got` holds what an abridged README answer shows: objects need the keys shown, a
/// list ending in "..." only its first items, "..." stands for anything, and a string ending in
/// "..." for any string that starts with the rest.
fn shows(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::String(w), _) if w == "..." => true,
        (Value::String(w), Value::String(g)) if w.ends_with("...") => {
            g.starts_with(w.trim_end_matches("..."))
        }
        (Value::Object(w), Value::Object(g)) => w.iter().all(|(k, v)| g.get(k).is_some_and(|g| shows(v, g))),
        (Value::Array(w), Value::Array(g)) => {
            let open = w.last() == Some(&json!("..."));
            let w = if open { &w[..w.len() - 1] } else { &w[..] };
            (if open { g.len() >= w.len() } else { g.len() == w.len() })
                && w.iter().zip(g).all(|(w, g)| shows(w, g))
        }
        _ => want == got,
    }
}

#[tokio::test]
async fn the_readmes_waffle_examples_answer_as_it_says() {
    let app = spawn().await;
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let section = readme.split("## Waffle 40K vehicles").nth(1).expect("the Waffle section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let blocks: Vec<&str> = section.split("```json").skip(1).filter_map(|b| b.split("```").next()).collect();
    let document: Value = serde_json::from_str(blocks[0]).expect("the roster document");
    let (status, v) = post_json(&app, "/api/waffle/check", &document).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((v["points"].clone(), v["legal"].clone()), (json!(145), json!(true)), "as the README says");

    // Each curl example, then the answer it shows.
    let requests: Vec<(&str, &str)> = section
        .split("curl -s localhost:3000")
        .skip(1)
        .filter_map(|c| Some((c.split_whitespace().next()?, c.split("-d '").nth(1)?.split('\'').next()?)))
        .collect();
    assert_eq!(requests.len(), 2);
    for ((path, body), answer) in requests.into_iter().zip(&blocks[1..]) {
        let body: Value = serde_json::from_str(body).expect("the request");
        let want: Value = serde_json::from_str(answer).expect("the answer");
        let (status, got) = post_json(&app, path, &body).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(shows(&want, &got), "{path}: the README shows\n{want}\nbut the answer is\n{got}");
    }
}

#[tokio::test]
async fn taking_a_vehicle_offers_only_this_browsers_rosters_and_the_example_and_never_fails() {
    let app = spawn().await;
    // This client's own roster (its edit cookie) is offered, with the example; a roster saved by
    // someone else is not.
    let mine = save(&app, &iron_column()).await;
    let res = crate::support::stranger()
        .post(app.url("/api/waffle"))
        .json(&iron_column())
        .send()
        .await
        .expect("another's save");
    let id = res.json::<Value>().await.expect("json")["id"].as_str().expect("an id").to_owned();
    let fields = form(&Roster::default(), &[]);
    let (status, page) = app.post_fields("/waffle/take", &fields).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Published example") && page.contains(&format!("value=\"{mine}.0\"")), "{page}");
    assert!(!page.contains(&format!("value=\"{id}.0\"")));
    // A pick that names nothing known (someone else's roster, a vehicle past the end, nonsense)
    // draws the list again with a word, and adds nothing.
    for pick in [format!("{id}.0"), "example.99".into(), "x.y".into(), "example.-1".into(), ".".into()] {
        let mut f = fields.clone();
        f.push(("pick".into(), pick.clone()));
        let (status, page) = app.post_fields("/waffle/take", &f).await;
        assert_eq!(status, StatusCode::OK, "{pick}");
        assert!(page.contains("That vehicle is no longer there"), "{pick}");
    }
    // The example's second vehicle: the builder comes back with it.
    let mut f = fields.clone();
    f.push(("pick".into(), "example.1".into()));
    let (status, page) = app.post_fields("/waffle/take", &f).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("name=\"vehicles.0.name\" value=\"Strider\""), "{page}");
}
