//! Abuse the server must hold against: bounded work for any request, no trust in Host, long
//! searches, forms that would lose rows, refused edits, clear messages, one-line names, and
//! rate-limited writes with a write-ahead log that stays small. (Slow clients: connections.rs.)

use crate::support::{
    TestApp, encode, post_form, save_boat, spawn, spawn_unlimited, spawn_with, stored_count, stranger,
};
use drydock::games::boats::examples;
use drydock::web::WriteRate;
use drydock::web::boats::design_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The document the store holds for a build.
async fn stored_document(app: &TestApp, id: &str) -> Value {
    let doc = drydock::store::testing::text(&app.db, "SELECT document FROM builds WHERE id = $1", &[id])
        .await
        .expect("doc");
    serde_json::from_str(&doc).expect("json")
}

async fn post_json(app: &TestApp, path: &str, body: String) -> (StatusCode, Value) {
    let res = app
        .client
        .post(app.url(path))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("request");
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn import(app: &TestApp, line: &str) -> (StatusCode, Vec<u8>, Duration) {
    let started = Instant::now();
    let res =
        app.client.post(app.url("/api/boats/import")).body(line.to_owned()).send().await.expect("import");
    let status = res.status();
    let body = res.bytes().await.expect("body").to_vec();
    (status, body, started.elapsed())
}

#[tokio::test]
async fn a_huge_count_in_a_pasted_stat_line_is_listed_as_not_read_and_the_answer_stays_small() {
    let app = spawn().await;
    let line = "Dinghy, Small power plant, 65535 Propellers, Pilot only.";
    let (status, body, _) = import(&app, line).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.len() < 20_000, "answer of {} bytes", body.len());
    let v: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(v["unrecognized"], json!(["65535 Propellers"]));
    assert_eq!(v["design"]["plant"], "small");
    assert_eq!(v["design"]["crew"], json!([{"role": "pilot"}]));
    assert!(v["design"].get("propellers").is_none(), "{}", v["design"]);
    let notes = v["notes"].to_string();
    assert!(notes.contains("more than a design holds"), "{notes}");

    // Within the count bound but past the entries a design holds: not read either.
    let (_, body, _) = import(&app, "Dinghy, Small power plant, 999 Propellers, Pilot only.").await;
    let v: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(v["unrecognized"], json!(["999 Propellers"]));
    // Many is fine while it fits.
    let (_, body, _) = import(&app, "Yacht, Large power plant, 150 Propellers, Pilot only.").await;
    let v: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(v["design"]["propellers"].as_array().map(Vec::len), Some(150));
    assert_eq!(v["unrecognized"], json!([]));

    // The fragment 150 times (8 KB): still a small, quick answer. (Before: 40 times answered
    // 512 MB in 6.5 s; 150 killed the process.)
    let (status, body, took) = import(&app, &format!("{line} ").repeat(150)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.len() < 200_000, "answer of {} bytes", body.len());
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[tokio::test]
async fn a_short_paste_to_the_import_page_gives_a_page_of_ordinary_size() {
    let app = spawn().await;
    let body =
        encode(&[("statline".into(), "Dinghy, 65535 Propellers, 65535 Passengers, Pilot only".into())]);
    let res = post_form(&app, "/boats/import", body).await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.expect("page");
    assert!(page.len() < 300_000, "a page of {} bytes", page.len());
    assert!(page.contains("65535 Propellers"), "the fragment is shown as not read");
}

#[tokio::test]
async fn a_document_past_the_bounds_is_refused_by_the_api_with_the_field_and_the_limit() {
    let app = spawn().await;
    let many = json!({"hull": "yacht", "plant": "large", "propellers": vec![json!({}); 201], "crew": [{"role": "pilot"}]});
    let (status, v) = post_json(&app, "/api/boats", many.to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = v["error"].as_str().unwrap_or_default();
    assert!(error.contains("202 entries") && error.contains("at most 200"), "{error}");

    let big = json!({"hull": "dinghy", "weapons": [{"weapon": "mg", "count": 5000}]});
    let (status, v) = post_json(&app, "/api/boats/evaluate", big.to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = v["error"].as_str().unwrap_or_default();
    assert!(error.contains("weapons[0].count") && error.contains("a whole number from 0 to 999"), "{error}");
    assert!(!error.contains("u16"), "{error}");

    let many_choices = json!({"list": "imperial-marines", "choices": vec![json!({"section": "main", "entry": "sea-raider"}); 201]});
    let (status, v) = post_json(&app, "/api/epic/check", many_choices.to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap_or_default().contains("detachment"), "{v}");
    assert_eq!(stored_count(&app).await, 0);
}

#[tokio::test]
async fn an_epic_document_error_names_the_detachment_and_what_fits() {
    let app = spawn().await;
    let body = r#"{"list": "imperial-marines", "choices": [{"section": "main", "entry": "sea-raider", "count": "two"}]}"#;
    let (status, v) = post_json(&app, "/api/epic", body.into()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = v["error"].as_str().unwrap_or_default();
    assert!(error.contains("detachment"), "{error}");
    assert!(!error.contains("design"), "{error}");
    assert!(error.contains("choices[0].count") && error.contains("a whole number from 0 to 999"), "{error}");
    assert!(!error.contains("u32"), "{error}");
}

#[tokio::test]
async fn a_document_must_be_a_json_object_at_every_level() {
    let app = spawn().await;
    for body in [
        r#"[1, "Seq", "dinghy"]"#,
        r#"{"hull": "dinghy", "propellers": [[]]}"#,
        r#"{"hull": "dinghy", "weapons": [["mg"]]}"#,
        r#"{"hull": "dinghy", "armor": []}"#,
    ] {
        let (status, v) = post_json(&app, "/api/boats", body.into()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
    }
    let (status, _) = post_json(&app, "/api/epic", r#"["x", "imperial-marines", []]"#.into()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(stored_count(&app).await, 0);
}

#[tokio::test]
async fn names_are_one_line_in_every_builder_and_export() {
    let app = spawn().await;
    let boat = json!({"name": "Sea\nWasp\r\nArmor: F99", "hull": "dinghy", "crew": [{"role": "pilot"}]});
    let (status, v) = post_json(&app, "/api/boats", boat.to_string()).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().expect("id");
    let text = app.client.get(app.url(&format!("/boats/{id}/export.txt"))).send().await.expect("txt");
    let text = text.text().await.expect("text");
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    assert!(text.starts_with("Sea Wasp Armor - F99: Dinghy"), "{text}");

    let epic = json!({"name": "River\nMain Force: 9 Sea Raiders", "list": "imperial-marines"});
    let (status, v) = post_json(&app, "/api/epic", epic.to_string()).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().expect("id");
    let text = app.client.get(app.url(&format!("/epic/{id}/export.txt"))).send().await.expect("txt");
    let text = text.text().await.expect("text");
    assert!(!text.lines().any(|l| l.starts_with("Main Force: 9")), "{text}");
    assert!(text.contains("River Main Force: 9 Sea Raiders"), "{text}");

    // From the form too.
    let mut d = examples::darter();
    d.name = "Line\none".into();
    let res = post_form(&app, "/boats", encode(&fields_of(&d))).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let names = drydock::store::testing::texts(&app.db, "SELECT name FROM builds", &[]).await;
    assert!(names.contains(&"Line one".to_owned()), "{names:?}");

    // Bounded in length.
    let long = json!({"name": "x".repeat(101), "hull": "dinghy"});
    let (status, v) = post_json(&app, "/api/boats", long.to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap_or_default().contains("at most 100 characters"), "{v}");
}

#[tokio::test]
async fn links_are_written_with_the_public_origin_whatever_host_a_client_sends() {
    let app = spawn().await;
    let origin = format!("http://{}", app.addr);
    let res = app
        .client
        .post(app.url("/api/boats"))
        .header("host", "evil.example")
        .json(&examples::piranha())
        .send()
        .await
        .expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    let id = v["id"].as_str().expect("id").to_owned();
    assert!(v["url"].as_str().unwrap_or_default().starts_with(&origin), "{v}");
    assert!(v["edit_url"].as_str().unwrap_or_default().starts_with(&origin), "{v}");

    // Many visitors with invented host names: one kept page, and no invented name in it.
    let visitor = stranger();
    for i in 0..120 {
        let host = format!("h{i}-{}.example", "x".repeat(2000));
        let res =
            visitor.get(app.url(&format!("/boats/{id}"))).header("host", host).send().await.expect("page");
        assert_eq!(res.status(), StatusCode::OK);
        let page = res.text().await.expect("page");
        assert!(!page.contains(".example"), "a link was written with the Host header");
        assert!(page.contains(&format!("{origin}/boats/{id}")));
    }
    assert_eq!(app.pages.len(), 1, "the cache is keyed by address alone");
}

#[tokio::test]
async fn a_dns_rebinding_page_cannot_post_as_the_site_itself() {
    let app = spawn().await;
    let body = encode(&fields_of(&examples::darter()));
    let port = app.addr.port();
    // The browser thinks evil.example is same-origin (its DNS now points here).
    let res = app
        .client
        .post(app.url("/boats"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("host", format!("evil.example:{port}"))
        .header("origin", format!("http://evil.example:{port}"))
        .header("sec-fetch-site", "same-origin")
        .body(body.clone())
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(stored_count(&app).await, 0);
    // The site itself, under either of its loopback names, may post.
    for origin in [format!("http://127.0.0.1:{port}"), format!("http://localhost:{port}")] {
        let res = app
            .client
            .post(app.url("/boats"))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", origin)
            .body(body.clone())
            .send()
            .await
            .expect("post");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
}

#[tokio::test]
async fn a_long_search_answers_a_page_not_a_500() {
    let app = spawn().await;
    for q in ["_".repeat(25_000), "a".repeat(50_000), "%".repeat(15_000)] {
        let res = app.client.get(app.url("/gallery")).query(&[("q", &q)]).send().await.expect("gallery");
        assert_eq!(res.status(), StatusCode::OK);
        let page = res.text().await.expect("page");
        assert!(page.contains("only the first 100 characters"), "the cut is said");
    }
}

#[tokio::test]
async fn a_form_with_more_rows_than_a_design_holds_is_refused_and_changes_nothing() {
    let app = spawn().await;
    let d = examples::darter();
    let res = post_form(&app, "/boats", encode(&fields_of(&d))).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = res.headers()["location"].to_str().expect("location");
    let id = id.trim_start_matches("/boats/").trim_end_matches("?saved=1").to_owned();

    let mut big = d.clone();
    big.propellers = vec![big.propellers[0].clone(); 1005];
    for path in
        [format!("/boats/{id}"), "/boats".to_owned(), "/boats/design".to_owned(), "/boats/live".to_owned()]
    {
        let res = post_form(&app, &path, encode(&fields_of(&big))).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        let page = res.text().await.expect("page");
        let said =
            page.contains("this design has 1011 entries") && page.contains("Nothing was saved or changed");
        assert!(
            said,
            "{path}: {}",
            page.get(page.find("<main").unwrap_or(0)..)
                .unwrap_or("")
                .chars()
                .take(900)
                .collect::<String>()
                .replace("\n", " ")
        );
    }
    assert_eq!(stored_count(&app).await, 1);
    let doc = stored_document(&app, &id).await;
    assert_eq!(doc["propellers"].as_array().map(Vec::len), Some(1), "unchanged");

    // Every row is kept, whatever its number, while they fit.
    let mut fields: Vec<(String, String)> =
        fields_of(&d).into_iter().filter(|(k, _)| !k.starts_with("propellers.")).collect();
    for i in 0..150 {
        let n = if i == 149 { 1500 } else { i };
        fields.push((format!("propellers.{n}.guard"), "0".into()));
    }
    let res = post_form(&app, &format!("/boats/{id}"), encode(&fields)).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = stored_document(&app, &id).await;
    assert_eq!(doc["propellers"].as_array().map(Vec::len), Some(150));
}

#[tokio::test]
async fn a_refused_edit_leaves_the_share_page_cache_alone() {
    let app = spawn().await;
    let id = save_boat(&app, &examples::piranha()).await;
    let visitor = stranger();
    let res = visitor.get(app.url(&format!("/boats/{id}"))).send().await.expect("page");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(app.pages.len(), 1);

    let mut fields = fields_of(&examples::piranha());
    fields.push(("token".into(), "not-the-token".into()));
    let res = visitor
        .post(app.url(&format!("/boats/{id}")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(encode(&fields))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = visitor
        .put(app.url(&format!("/api/boats/{id}")))
        .header("x-edit-token", "not-the-token")
        .json(&examples::piranha())
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.pages.len(), 1, "refused edits do not empty the cache");
}

#[tokio::test]
async fn saves_past_the_burst_are_refused_with_retry_after_and_other_clients_go_on() {
    // The default burst, refilled once a minute rather than once a second: on a loaded machine
    // twenty saves can take more than a second, and a token refilled meanwhile made it 21.
    let app = spawn_with(WriteRate { per_minute: 1, burst: 20 }).await;
    let mut created = 0;
    let mut refused = None;
    for _ in 0..25 {
        let res =
            app.client.post(app.url("/api/boats")).json(&examples::darter()).send().await.expect("save");
        match res.status() {
            StatusCode::CREATED => created += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                refused = Some(res);
                break;
            }
            s => panic!("unexpected {s}"),
        }
    }
    assert_eq!(created, 20, "the burst");
    let res = refused.expect("a refusal after the burst");
    let wait: u64 = res.headers()["retry-after"].to_str().expect("retry-after").parse().expect("seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    let v: Value = res.json().await.expect("json");
    assert!(v["error"].as_str().unwrap_or_default().contains("wait"), "{v}");
    assert_eq!(stored_count(&app).await, 20);

    // Pages are still served, and a client at another address may still save.
    let res = app.client.get(app.url("/gallery")).send().await.expect("gallery");
    assert_eq!(res.status(), StatusCode::OK);
    let other = reqwest::Client::builder().local_address("127.0.0.2".parse().ok()).build().expect("client");
    let res = other.post(app.url("/api/boats")).json(&examples::darter()).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn guessing_edit_tokens_is_rate_limited() {
    let app = spawn().await;
    let id = save_boat(&app, &examples::darter()).await;
    let guesser = stranger();
    let mut statuses = Vec::new();
    for i in 0..30 {
        let res = guesser
            .get(app.url(&format!("/boats/{id}/edit")))
            .query(&[("token", format!("guess{i}"))])
            .send()
            .await
            .expect("guess");
        statuses.push(res.status());
    }
    assert!(statuses.contains(&StatusCode::FORBIDDEN));
    assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
}

/// The size of the database's write-ahead log.
fn wal_size(app: &TestApp) -> u64 {
    let drydock::store::Location::Sqlite(db) = &app.store.location else { return 0 };
    let mut wal = db.clone().into_os_string();
    wal.push("-wal");
    std::fs::metadata(wal).map_or(0, |m| m.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_write_ahead_log_is_cut_back_after_a_burst_of_saves() {
    let app = spawn_unlimited().await;
    if app.db.local_mark().is_none() {
        // SQLite's own log; PostgreSQL manages its write-ahead log itself.
        return;
    }
    let mut tasks = Vec::new();
    for c in 0..8 {
        let base = app.url("");
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            for i in 0..60 {
                let mut d = examples::minnow();
                d.name = format!("Client {c} boat {i}");
                let res = client.post(format!("{base}/api/boats")).json(&d).send().await.expect("save");
                assert_eq!(res.status(), StatusCode::CREATED);
                // A reader between writes keeps the log in use.
                let _ = client.get(format!("{base}/gallery")).send().await;
            }
        }));
    }
    for t in tasks {
        t.await.expect("client");
    }
    assert_eq!(stored_count(&app).await, 480);
    // Within a few checkpoint intervals the log is folded back and cut to (almost) nothing.
    let deadline = Instant::now() + Duration::from_secs(8);
    while wal_size(&app) > 64 * 1024 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(wal_size(&app) <= 64 * 1024, "the log is {} bytes", wal_size(&app));
}

#[tokio::test]
async fn a_database_that_does_not_answer_gets_a_503_that_says_so_never_a_500() {
    let app = spawn().await;
    let id = save_boat(&app, &examples::minnow()).await;
    // The database goes away under the running app (its pool is the app's own).
    app.db.close().await;

    for path in [format!("/boats/{id}"), "/gallery".to_owned(), format!("/boats/{id}/edit")] {
        let res = stranger().get(app.url(&path)).send().await.expect("get");
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        assert!(res.headers().contains_key("retry-after"), "{path}");
        let text = res.text().await.expect("text");
        assert!(text.contains("restarting") && text.contains("draft"), "{path}: {text}");
    }
    let (status, v) =
        post_json(&app, "/api/boats", serde_json::to_string(&examples::darter()).expect("json")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(v["error"].as_str().unwrap_or_default().contains("try again"), "{v}");
}
