//! The ordnance odds calculator: the API with the rules' worked examples as exact fractions and
//! its refusals, and the page's tables, charts and messages.

use crate::support::{TestApp, assert_no_inline_code, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Asks the odds API; (status, answer).
async fn odds(app: &TestApp, body: Value) -> (StatusCode, Value) {
    let res = app.client.post(app.url("/api/bfg/odds")).json(&body).send().await.expect("odds");
    (res.status(), res.json().await.expect("json"))
}

/// The chance of exactly k in a distribution of the answer, as the exact fraction.
fn exactly(d: &Value, k: usize) -> &str {
    d["outcomes"][k]["exactly"]["exact"].as_str().unwrap_or("(none)")
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
    assert_eq!(exactly(&v["bombers_left"], 3), "1");
    let attacks = &v["attacks"];
    assert_eq!([exactly(attacks, 0), exactly(attacks, 2)], ["0", "0"]);
    assert_eq!([exactly(attacks, 3), exactly(attacks, 4), exactly(attacks, 5)], ["1/8", "1/8", "1/6"]);
    assert_eq!(exactly(attacks, 6), "23/108");
    assert_eq!(exactly(attacks, 12), "1/216");
    assert_eq!(attacks["outcomes"].as_array().map(Vec::len), Some(13));
    assert_eq!(attacks["expected"]["exact"], "6", "3 x 1 + 3");
    assert_eq!(attacks["outcomes"][3]["at_least"]["exact"], "1");

    // Four and four: all four fighters add an attack, as there are four bombers.
    let (_, v) =
        odds(&app, json!({"kind": "bombers", "bombers": 4, "fighters": 4, "turrets": 3, "armour": 5})).await;
    let attacks = &v["attacks"];
    assert_eq!([exactly(attacks, 3), exactly(attacks, 4), exactly(attacks, 5)], ["0", "1/16", "1/12"]);
    assert_eq!(exactly(attacks, 16), "1/1296");
    assert_eq!(attacks["expected"]["exact"], "8");

    // A salvo of two against one turret, 4+ armour: the turret stops one torpedo half the time;
    // then each torpedo left hits half the time. No hit: 1/2 x 1/2 + 1/2 x 1/4.
    let (_, v) = odds(&app, json!({"kind": "torpedoes", "strength": 2, "turrets": 1, "armour": 4})).await;
    let hits: Vec<&str> = (0..3).map(|k| exactly(&v["hits"], k)).collect();
    assert_eq!(hits, ["3/8", "1/2", "1/8"]);
    assert_eq!(exactly(&v["strength_left"], 1), "1/2");
    assert_eq!(v["hits"]["expected"]["exact"], "3/4");

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
        "<th scope=\"row\" class=\"num\">3</th><td class=\"exact\" data-label=\"Exactly\">1/8</td><td class=\"num\">12.50%</td><td class=\"exact\" data-label=\"At least\">1</td><td class=\"num\">100%</td>"
    );
    assert!(
        row(&page, "attacks", 12)
            .contains("<td class=\"exact\" data-label=\"Exactly\">1/216</td><td class=\"num\">0.46%</td>")
    );
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
    assert!(
        row(&body, "hits", 6).contains("<td class=\"exact\" data-label=\"Exactly\">1/64</td>"),
        "six hits on 4+: (1/2)^6"
    );

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
