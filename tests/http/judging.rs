//! Reads that make the server judge a document have an allowance per client of their own, apart
//! from the write limit: past it, 429 with `Retry-After` and a clear message, in the figures
//! panel for an htmx live update; everyone else is still served.

use crate::support::{TestApp, encode, spawn_tweaked};
use drydock::games::epic;
use drydock::web::AppState;
use drydock::web::http::judging::JudgingRate;
use reqwest::StatusCode;
use serde_json::Value;
use std::net::IpAddr;

/// A client whose connections come from `ip` (any 127.0.0.N is this machine).
fn from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder().local_address(IpAddr::from(ip)).build().expect("client")
}

async fn check(app: &TestApp, client: &reqwest::Client) -> reqwest::Response {
    let doc = serde_json::to_value(epic::Detachment::new("imperial-marines")).expect("json");
    client.post(app.url("/api/epic/check")).json(&doc).send().await.expect("check")
}

fn retry_after(res: &reqwest::Response) -> u64 {
    res.headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok())
        .expect("a Retry-After in whole seconds")
}

#[tokio::test]
async fn checks_past_a_clients_burst_are_refused_with_retry_after_while_others_are_served() {
    let app = spawn_tweaked(|s| AppState { judging: JudgingRate { per_second: 1, burst: 5 }, ..s }).await;
    let greedy = from([127, 0, 0, 2]);

    for i in 0..5 {
        assert_eq!(check(&app, &greedy).await.status(), StatusCode::OK, "check {i} is within the burst");
    }
    let res = check(&app, &greedy).await;

    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(&res) >= 1);
    let v: Value = res.json().await.expect("a JSON error under /api");
    let said = v["error"].as_str().unwrap_or_default();
    assert!(said.contains("Too many checks") && said.contains("wait 1 second"), "{v}");

    // Another address is served, and so are the greedy client's reads that judge nothing.
    assert_eq!(check(&app, &from([127, 0, 0, 3])).await.status(), StatusCode::OK);
    let catalog = greedy.get(app.url("/api/epic/lists")).send().await.expect("lists");
    assert_eq!(catalog.status(), StatusCode::OK);
    // Writes have their own limit: a save still goes through.
    let doc = serde_json::to_value(epic::Detachment::new("imperial-marines")).expect("json");
    let saved = greedy.post(app.url("/api/epic")).json(&doc).send().await.expect("save");
    assert_eq!(saved.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_live_update_past_the_limit_says_so_in_the_figures_panel_and_a_page_says_so_whole() {
    let app = spawn_tweaked(|s| AppState { judging: JudgingRate { per_second: 1, burst: 1 }, ..s }).await;
    let form = encode(&[("hull".to_owned(), "dinghy".to_owned())]);
    let live = |htmx: bool| {
        let mut req = app
            .client
            .post(app.url("/boats/live"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form.clone());
        if htmx {
            req = req.header("hx-request", "true").header("hx-target", "figures");
        }
        req.send()
    };
    assert_eq!(live(true).await.expect("live").status(), StatusCode::OK);

    let res = live(true).await.expect("live");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(&res) >= 1);
    let text = res.text().await.expect("text");
    // The figures panel alone, which htmx swaps for the panel (static/drydock.js lets it).
    assert!(text.starts_with("<section id=\"figures\""), "{text}");
    assert!(text.contains("Too many checks and live updates") && !text.contains("<form"), "{text}");

    let res = live(false).await.expect("recalculate");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let text = res.text().await.expect("text");
    assert!(
        text.starts_with("<!doctype html>") && text.contains("Too many checks and live updates"),
        "{text}"
    );
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance() {
    let app = spawn_tweaked(|s| AppState {
        judging: JudgingRate { per_second: 1, burst: 2 },
        proxies: std::sync::Arc::new([IpAddr::from([127, 0, 0, 1])]),
        ..s
    })
    .await;
    let doc = serde_json::to_value(epic::Detachment::new("imperial-marines")).expect("json");
    let send = |who: &'static str| {
        app.client.post(app.url("/api/epic/check")).header("x-forwarded-for", who).json(&doc).send()
    };
    for _ in 0..2 {
        assert_eq!(send("203.0.113.7").await.expect("check").status(), StatusCode::OK);
    }
    assert_eq!(send("203.0.113.7").await.expect("check").status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(send("203.0.113.8").await.expect("check").status(), StatusCode::OK);
}

#[tokio::test]
async fn with_the_judging_limit_off_a_client_checks_as_often_as_it_likes() {
    let app = spawn_tweaked(|s| AppState { judging: JudgingRate::OFF, ..s }).await;
    for i in 0..(JudgingRate::DEFAULT.burst + 20) {
        assert_eq!(check(&app, &app.client).await.status(), StatusCode::OK, "check {i}");
    }
}
