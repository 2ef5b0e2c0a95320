//! The JSON API answers byte for byte as recorded, for the published boats (from their documents
//! and from their printed stat lines), the README's examples, the catalogs and Epic detachments.
//! Restructuring the house must not change a single byte a client sees; a deliberate change to an
//! answer is recorded again with `GOLDEN_UPDATE=1 cargo test --test http golden` and shows up in
//! the diff of `tests/data/golden/`.

use crate::support::{TestApp, spawn};
use drydock::games::boats::examples;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden");
const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));

/// The README's JSON examples: boat designs, then the detachment.
fn readme_examples() -> (Vec<String>, String) {
    let boats = README
        .split("<!-- design example -->")
        .skip(1)
        .filter_map(|s| s.split("```json").nth(1)?.split("```").next().map(str::to_owned))
        .collect();
    let epic = README
        .split("## The Epic detachment document")
        .nth(1)
        .and_then(|s| s.split("```json").nth(1)?.split("```").next().map(str::to_owned))
        .unwrap_or_default();
    (boats, epic)
}

async fn answer(app: &TestApp, method: &str, path: &str, content_type: &str, body: String) -> String {
    let req = match method {
        "GET" => app.client.get(app.url(path)),
        _ => app.client.post(app.url(path)).header("content-type", content_type).body(body),
    };
    let res = req.send().await.expect("request");
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.text().await.expect("body")
}

fn check(name: &str, got: &str) {
    let path = format!("{DIR}/{name}");
    if std::env::var_os("GOLDEN_UPDATE").is_some() {
        std::fs::create_dir_all(DIR).expect("golden dir");
        std::fs::write(&path, got).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} missing: record it"));
    assert!(want == got, "{name} changed:\nwas: {want}\nnow: {got}");
}

#[tokio::test]
async fn the_api_answers_byte_for_byte_as_recorded() {
    let app = spawn().await;
    let json = "application/json";
    for (slug, d) in examples::all() {
        let body = serde_json::to_string(&d).expect("json");
        check(
            &format!("evaluate-{slug}.json"),
            &answer(&app, "POST", "/api/boats/evaluate", json, body).await,
        );
    }
    for (slug, line) in examples::PUBLISHED {
        let got = answer(&app, "POST", "/api/boats/import", "text/plain", line.to_owned()).await;
        check(&format!("import-{slug}.json"), &got);
    }
    let (boats, epic) = readme_examples();
    assert!(boats.len() >= 2 && !epic.is_empty(), "the README's examples were not found");
    for (i, body) in boats.into_iter().enumerate() {
        check(
            &format!("readme-boat-{i}.json"),
            &answer(&app, "POST", "/api/boats/evaluate", json, body).await,
        );
    }
    check("readme-epic.json", &answer(&app, "POST", "/api/epic/check", json, epic).await);
    check("catalog.json", &answer(&app, "GET", "/api/boats/catalog", "", String::new()).await);
    check("epic-lists.json", &answer(&app, "GET", "/api/epic/lists", "", String::new()).await);
}

/// Every game's live figures answer byte for byte as recorded, for each representative form the
/// live benchmark measures (tests/data/live/, one or more per game, named by the game's id): the
/// fragment htmx swaps in while a player types may get faster, never different.
#[tokio::test]
async fn every_games_live_figures_answer_byte_for_byte_as_recorded() {
    let app = spawn().await;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/live");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/data/live")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".form").map(str::to_owned))
        .collect();
    names.sort();
    for g in drydock::web::registry::games() {
        assert!(names.iter().any(|n| n.split('-').next() == Some(g.id)), "no live form of {}", g.id);
    }
    for name in names {
        let id = name.split('-').next().unwrap_or(&name);
        let game = drydock::web::registry::game(id).unwrap_or_else(|| panic!("{name}: no game {id}"));
        let body = std::fs::read_to_string(format!("{dir}/{name}.form")).expect("a form");
        let res = app
            .client
            .post(app.url(&format!("{}/live", game.path)))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("hx-request", "true")
            .body(body)
            .send()
            .await
            .expect("request");
        assert!(res.status().is_success(), "{name}: {}", res.status());
        // Its length comes with it, as the server writes a whole body's (the app puts none in).
        let length = res.headers().get("content-length").and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
        let text = res.text().await.expect("body");
        assert_eq!(length, Some(text.len()), "{name}: Content-Length");
        check(&format!("live-{name}.html"), &text);
    }
}

/// Each request's own events are kept only when the log asks for them (`tower_http=debug`): then
/// the real binary logs a live update's start and answer, and the answer is the same byte for byte
/// as recorded; at the default level, nothing is logged per request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_events_are_logged_when_asked_for_and_change_no_answer() {
    let dir = tempfile::tempdir().expect("temp dir");
    let form =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/live/boat-minnow.form"))
            .expect("the Minnow form");
    for (log, logged) in [("info,tower_http=debug", true), ("info", false)] {
        let server = crate::process::start_logging(dir.path().join(format!("{logged}.db")), log);
        let res = reqwest::Client::new()
            .post(format!("http://{}/boats/live", server.addr))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("hx-request", "true")
            .body(form.clone())
            .send()
            .await
            .expect("request");
        assert!(res.status().is_success(), "{log}: {}", res.status());
        check("live-boat-minnow.html", &res.text().await.expect("body"));
        // The answer's event is written as the response is sent; give the log a moment.
        let mut said = Vec::new();
        let deadline =
            std::time::Instant::now() + std::time::Duration::from_secs(if logged { 10 } else { 1 });
        while std::time::Instant::now() < deadline {
            match server.output.recv_timeout(std::time::Duration::from_millis(100)) {
                Ok(line) => said.push(line),
                Err(_) if !logged => break,
                Err(_) => {}
            }
            if said.iter().any(|l| l.contains("finished processing request")) {
                break;
            }
        }
        let per_request = said.iter().filter(|l| l.contains("processing request")).count();
        assert_eq!(per_request > 0, logged, "{log}: the log said {said:#?}");
    }
}
