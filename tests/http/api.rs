//! The JSON API.

use crate::support::{spawn, stored_count};
use reqwest::StatusCode;
use serde_json::{Value, json};

const PIRANHA: &str = r#"{
  "version": 1,
  "name": "Piranha",
  "hull": "dinghy",
  "plant": "small",
  "propellers": [{}],
  "crew": [{"role": "pilot"}],
  "weapons": [
    {"weapon": "vmg", "mount": "F"},
    {"weapon": "torpedo", "mount": "B", "count": 2, "linked": true}
  ],
  "accessories": [{"item": "fire-extinguisher"}],
  "armor": {"type": "plastic", "points": {"F": 15, "R": 15, "L": 15, "B": 12, "U": 15}}
}"#;

const MINNOW: &str = r#"{
  "name": "Minnow",
  "hull": "dinghy",
  "plant": "medium",
  "propellers": [{}, {}],
  "crew": [{"role": "pilot"}, {"role": "passenger", "count": 2}],
  "weapons": [
    {"weapon": "mml", "mount": "F", "ammo": "ap"},
    {"weapon": "mg", "mount": "B", "ammo": "hd"}
  ],
  "accessories": [{"item": "targeting-computer"}, {"item": "marine-radio"}],
  "armor": {"type": "fireproof", "points": {"F": 12, "R": 10, "L": 10, "B": 10, "U": 10}}
}"#;

const DARTER: &str = r#"{
  "name": "Darter",
  "hull": "rowboat",
  "plant": "medium",
  "propellers": [{}],
  "crew": [{"role": "pilot"}],
  "armor": {"points": {"F": 2, "R": 1, "L": 1, "B": 1, "U": 3}}
}"#;

async fn evaluate(body: &str) -> (StatusCode, Value) {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/api/boats/evaluate"))
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .expect("request");
    let status = res.status();
    (status, res.json().await.expect("json body"))
}

fn assert_published(v: &Value, cost: f64, weight: f64, shown: i64, accel: f64, top: f64, hc: i64) {
    let f = &v["figures"];
    assert_eq!(f["cost"].as_f64(), Some(cost), "{v}");
    assert_eq!(f["weight"].as_f64(), Some(weight));
    assert_eq!(f["weight_rounded"].as_i64(), Some(shown));
    assert_eq!(f["acceleration"].as_f64(), Some(accel));
    assert_eq!(f["top_speed"].as_f64(), Some(top));
    assert_eq!(f["handling_class"].as_i64(), Some(hc));
    assert_eq!(v["legal"], json!(true));
    assert_eq!(v["problems"], json!([]));
}

#[tokio::test]
async fn the_published_designs_evaluate_to_their_printed_figures() {
    let (status, v) = evaluate(PIRANHA).await;
    assert_eq!(status, StatusCode::OK);
    assert_published(&v, 9636.0, 2997.0, 2997, 5.0, 40.0, 2);
    assert_eq!(
        v["stat_line"],
        "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VMG front, 2 linked torpedoes back, \
         Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636."
    );
    let (_, v) = evaluate(MINNOW).await;
    assert_published(&v, 13552.0, 2999.5, 3000, 10.0, 60.0, 2);
    let (_, v) = evaluate(DARTER).await;
    assert_published(&v, 3315.0, 799.0, 799, 20.0, 100.0, 3);
    assert_eq!(v["figures"]["spaces_used"], json!(6));
    assert_eq!(v["figures"]["spaces_total"], json!(6));
}

#[tokio::test]
async fn the_published_stat_lines_import_to_their_printed_figures() {
    let app = spawn().await;
    let lines = [
        (
            "Darter: Rowboat, Medium power plant, Propeller, Pilot only. No weapons. Armor: F2, R1, L1, B1, U3. Accel. 20, Top Speed 100, HC 3, 799 lbs; $3,315.",
            (3315.0, 799.0, 799, 20.0, 100.0, 3),
        ),
        (
            "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VGM front, 2 linked torpedoes back, Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636.",
            (9636.0, 2997.0, 2997, 5.0, 40.0, 2),
        ),
        (
            "Minnow: Dinghy, Medium power plant, 2 Propellers, Pilot, 2 Passengers. MML with AP rockets front, MG with HD ammo back, Targeting computer, Marine Radio. Fireproof Armor: F12, R10, L10, B10, U10. Accel. 10, Top Speed 60, HC 2, 3,000 lbs; $13,552.",
            (13552.0, 2999.5, 3000, 10.0, 60.0, 2),
        ),
    ];
    for (line, (cost, weight, shown, accel, top, hc)) in lines {
        let res = app
            .client
            .post(app.url("/api/boats/import"))
            .header("content-type", "text/plain")
            .body(line)
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), StatusCode::OK);
        let v: Value = res.json().await.expect("json");
        assert_published(&v, cost, weight, shown, accel, top, hc);
        assert_eq!(v["unrecognized"], json!([]), "{line}");
        // The stat line's own figures agree with the parts: no mismatch notes.
        assert!(
            v["notes"]
                .as_array()
                .expect("notes")
                .iter()
                .all(|n| !n.as_str().unwrap_or("").contains("add up"))
        );
    }
}

#[tokio::test]
async fn an_import_lists_what_it_could_not_read() {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/api/boats/import"))
        .body("Gizmo: Dinghy, Small power plant, Propeller, Pilot only. Warp drive, MG front. Armor: F5. Accel. 5, Top Speed 40, HC 2, 1,999 lbs; $6,000.")
        .send()
        .await
        .expect("request");
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["unrecognized"], json!(["Warp drive"]));
    assert_eq!(v["design"]["weapons"][0]["weapon"], "mg");
    let notes = v["notes"].to_string();
    assert!(notes.contains("The stat line gives cost $6,000; the parts add up to"), "{notes}");
}

#[tokio::test]
async fn an_empty_import_is_refused_with_an_example() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/boats/import")).body("  ").send().await.expect("request");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value = res.json().await.expect("json");
    assert!(v["error"].as_str().unwrap_or("").contains("Paste a stat line"));
}

#[tokio::test]
async fn a_design_with_problems_still_answers_200_with_the_problems() {
    let (status, v) = evaluate(r#"{"hull": "rowboat", "plant": "small", "propellers": [{}], "crew": [{"role": "pilot"}], "weapons": [{"weapon": "atg", "mount": "F"}]}"#).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["legal"], json!(false));
    let codes: Vec<&str> =
        v["problems"].as_array().expect("problems").iter().filter_map(|p| p["code"].as_str()).collect();
    assert!(codes.contains(&"GUN_NOT_ON_HULL"), "{codes:?}");
    assert!(codes.contains(&"OVER_SPACES"), "{codes:?}");
    let p = v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .find(|p| p["code"] == "GUN_NOT_ON_HULL")
        .cloned()
        .unwrap_or_default();
    assert_eq!(p["severity"], "error");
    assert_eq!(
        p["message"],
        "Anti-tank gun cannot be mounted on a Rowboat; anti-tank guns need a Dinghy or larger"
    );
    assert_eq!(p["part"], "weapons.0");
}

#[tokio::test]
async fn an_unknown_id_is_a_problem_listing_the_nearest_ids() {
    let (status, v) = evaluate(r#"{"hull": "dinghy", "plant": "small", "propellers": [{}], "crew": [{"role": "pilot"}], "weapons": [{"weapon": "vgm"}]}"#).await;
    assert_eq!(status, StatusCode::OK);
    let p = &v["problems"][0];
    assert_eq!(p["code"], "UNKNOWN_WEAPON");
    assert_eq!(p["part"], "weapons.0");
    assert!(
        p["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("Unknown weapon \"vgm\"; the nearest valid ids are: vmg"),
        "{p}"
    );
    // Nothing is lost: the unknown id comes back as sent.
    assert_eq!(v["design"]["weapons"][0]["weapon"], "vgm");
}

#[tokio::test]
async fn malformed_json_is_a_400_and_a_wrong_field_a_422_naming_it() {
    let (status, v) = evaluate(r#"{"hull": "dinghy","#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap_or("").contains("not valid JSON"), "{v}");

    let (status, v) = evaluate(r#"{"hull": "dinghy", "weapons": [{"weapon": "mg", "mount": "top"}]}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap_or("").contains("weapons[0].mount"), "{v}");

    let (status, v) = evaluate(r#"{"hull": "dinghy", "oars": -1}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap_or("").contains("oars"), "{v}");

    let (status, v) = evaluate(r#"{"hul": "dinghy"}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap_or("").contains("hul"), "{v}");
}

#[tokio::test]
async fn a_body_over_64_kib_is_refused_with_413() {
    let app = spawn().await;
    let big = format!(r#"{{"hull": "dinghy", "name": "{}"}}"#, "x".repeat(70 * 1024));
    let res = app
        .client
        .post(app.url("/api/boats/evaluate"))
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let v: Value = res.json().await.expect("json");
    assert!(v["error"].as_str().unwrap_or("").contains("64 KiB"));
}

#[tokio::test]
async fn json_without_its_content_type_is_refused_with_415() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/boats/evaluate")).body(DARTER).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let v: Value = res.json().await.expect("json");
    assert!(v["error"].as_str().unwrap_or("").contains("application/json"));
}

#[tokio::test]
async fn the_catalog_lists_every_table_with_ids_and_figures() {
    let app = spawn().await;
    let v: Value = app
        .client
        .get(app.url("/api/boats/catalog"))
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert_eq!(v["hulls"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["plants"].as_array().map(Vec::len), Some(6));
    assert_eq!(v["armor_types"].as_array().map(Vec::len), Some(8));
    let vmg = v["weapons"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["id"] == "vmg"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(vmg["cost"], json!(2000));
    assert_eq!(vmg["load"]["shots"], json!(20));
    assert!(v["accessories"].as_array().is_some_and(|a| a.iter().any(|a| a["id"] == "marine-radio")));
    assert_eq!(v["turrets"].as_array().map(Vec::len), Some(10));
    assert!(v["decisions"].as_array().is_some_and(|d| !d.is_empty()));
}

#[tokio::test]
async fn unknown_addresses_get_a_real_404() {
    let app = spawn().await;
    let res = app.client.get(app.url("/api/nothing")).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.headers()["content-type"], "application/json");
    let res = app.client.get(app.url("/no/such/page")).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let body = res.text().await.expect("text");
    assert!(body.contains("<h1>") && body.contains("Not Found"), "{body}");
}

#[tokio::test]
async fn an_address_or_query_that_cannot_be_read_is_a_400_saying_why() {
    let app = spawn().await;
    let res = app.client.get(app.url("/api/builds/%FF")).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["error"], "This request could not be read. Invalid URL: Invalid UTF-8 in `id`.");
    let res = app.client.get(app.url("/boats/new?from=dinghy&from=yacht")).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(res.headers()["content-type"].to_str().unwrap_or("").starts_with("text/html"));
    let body = res.text().await.expect("text");
    assert!(body.contains("duplicate field `from`"), "{body}");
}

#[tokio::test]
async fn responses_carry_the_security_headers() {
    let app = spawn().await;
    let res = app.client.get(app.url("/api/boats/catalog")).send().await.expect("request");
    let h = res.headers();
    assert!(h["content-security-policy"].to_str().unwrap_or("").contains("default-src 'self'"));
    assert!(h["content-security-policy"].to_str().unwrap_or("").contains("frame-ancestors 'none'"));
    assert_eq!(h["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn evaluating_stores_nothing() {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/api/boats/evaluate"))
        .header("content-type", "application/json")
        .body(DARTER)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    let n = stored_count(&app).await;
    assert_eq!(n, 0);
}

#[tokio::test]
async fn the_epic_check_answers_points_legality_and_chain() {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/api/epic/check"))
        .json(&json!({"list": "imperial-marines", "choices": [
            {"section": "main", "entry": "sea-raider", "hq": true},
            {"section": "support", "entry": "nautilus"}
        ]}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["points"], json!(100));
    assert_eq!(v["legal"], json!(true));
    assert_eq!(v["chain_of_command"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["vessels"], json!(2));
    // Command counts the vessel marked HQ; the others count choices of vessels.
    assert_eq!(v["sections"][0]["id"], "command");
    assert_eq!(v["sections"][0]["holds_vessels"], json!(false));
    assert_eq!(v["sections"][1]["holds_vessels"], json!(true));
}

#[tokio::test]
async fn static_files_are_served_with_validators_and_no_third_party_code() {
    let app = spawn().await;
    for path in
        ["/static/drydock.css", "/static/drydock.js", "/static/htmx-2.0.11.min.js", "/static/icon.svg"]
    {
        let res = app.client.get(app.url(path)).send().await.expect("get");
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.headers().contains_key("etag") || res.headers().contains_key("last-modified"), "{path}");
    }
    let page = app.page("/boats/new?from=piranha").await;
    assert!(
        !page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("//cdn"),
        "no third-party requests"
    );
    assert_eq!(
        app.client.get(app.url("/static/nothing.css")).send().await.expect("get").status(),
        StatusCode::NOT_FOUND
    );
}

/// A form past the body limit, sent as a browser on a slow line sends it (headers, then the body
/// a piece at a time): the player gets the 413 page saying why, never a connection reset because
/// the server answered and closed with the body still coming. Up to a mebibyte, the body is read
/// and dropped before the answer.
#[tokio::test]
async fn a_form_past_the_limit_sent_slowly_gets_its_413_page_not_a_reset() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn().await;
    for size in [65 * 1024, 200 * 1024] {
        let mut s = tokio::net::TcpStream::connect(app.addr).await.expect("connect");
        let head = format!(
            "POST /boats/design HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {size}\r\nConnection: close\r\n\r\nname=",
            app.addr
        );
        s.write_all(head.as_bytes()).await.expect("headers");
        let piece = vec![b'x'; 16 * 1024];
        let mut sent = 5;
        while sent < size {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let n = piece.len().min(size - sent);
            // A refused write is the failure itself: the answer below says which.
            if s.write_all(&piece[..n]).await.is_err() {
                break;
            }
            sent += n;
        }
        let mut answer = Vec::new();
        let read = s.read_to_end(&mut answer).await;
        let text = String::from_utf8_lossy(&answer);
        assert!(
            read.is_ok(),
            "{size} bytes: the answer was cut ({read:?}) after {sent} bytes sent: {text:.300}"
        );
        assert!(text.starts_with("HTTP/1.1 413"), "{size} bytes: {text:.300}");
        assert!(text.contains("64 KiB"), "{size} bytes: no reason given: {text:.600}");
        assert_eq!(sent, size, "the server stopped reading the body");
    }
    // Past a mebibyte, or waiting for leave to send (`Expect: 100-continue`), it is refused at
    // once, with nothing read: the headers alone get the answer.
    for extra in ["Content-Length: 5000000\r\n", "Content-Length: 70000\r\nExpect: 100-continue\r\n"] {
        let mut s = tokio::net::TcpStream::connect(app.addr).await.expect("connect");
        let head = format!(
            "POST /boats/design HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             {extra}Connection: close\r\n\r\n",
            app.addr
        );
        s.write_all(head.as_bytes()).await.expect("headers");
        let mut answer = Vec::new();
        let read = tokio::time::timeout(std::time::Duration::from_secs(5), s.read_to_end(&mut answer)).await;
        let text = String::from_utf8_lossy(&answer);
        assert!(read.is_ok(), "{extra}: no answer before the body came");
        assert!(text.starts_with("HTTP/1.1 413"), "{extra}: {text:.300}");
    }
}
