//! Spawns the app on port 0 with a fresh store, for one test: a SQLite file, or a schema of its
//! own on the test PostgreSQL server when DRYDOCK_TEST_BACKEND=postgres (scripts/test.sh runs
//! this binary both ways).

use drydock::store::testing::{self, Fresh};
use drydock::web::http::serve::{ServeOptions, serve};
use drydock::web::{AppState, WriteRate, service};
use std::net::SocketAddr;

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    /// The store the app writes to, for checking what was stored.
    pub db: drydock::store::Db,
    /// The app's share-page cache, for checking what it keeps.
    pub pages: std::sync::Arc<drydock::web::http::cache::PageCache>,
    /// The store's place; its SQLite file lives as long as the app.
    pub store: Fresh,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// A page's text, as this app's client gets it (whatever its status).
    pub async fn page(&self, path: &str) -> String {
        self.get(path).await.1
    }

    /// A GET by this app's client: the status and the text.
    pub async fn get(&self, path: &str) -> (reqwest::StatusCode, String) {
        let res = self.client.get(self.url(path)).send().await.expect("request");
        let status = res.status();
        (status, res.text().await.expect("body"))
    }

    /// Form fields posted (urlencoded) by this app's client: the status and the text.
    pub async fn post_fields(
        &self,
        path: &str,
        fields: &[(String, String)],
    ) -> (reqwest::StatusCode, String) {
        let res = self.client.post(self.url(path)).form(fields).send().await.expect("request");
        let status = res.status();
        (status, res.text().await.expect("body"))
    }
}

/// A document's form `fields` with `extra` ones after them (a button pressed, a box ticked).
pub fn with_extra(mut fields: Vec<(String, String)>, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    fields.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
    fields
}

/// The app as `cargo run` serves it: default limits.
pub async fn spawn() -> TestApp {
    spawn_with(WriteRate::default()).await
}

/// The app with writes and judging reads unlimited, for tests that save or check in bulk.
pub async fn spawn_unlimited() -> TestApp {
    spawn_tweaked(|s| AppState {
        writes: WriteRate { per_minute: 0, burst: 0 },
        judging: drydock::web::http::judging::JudgingRate::OFF,
        ..s
    })
    .await
}

pub async fn spawn_with(writes: WriteRate) -> TestApp {
    spawn_tweaked(|s| AppState { writes, ..s }).await
}

/// The app with its state as `tweak` makes it from the default (limits of a test's own).
pub async fn spawn_tweaked(tweak: impl FnOnce(AppState) -> AppState) -> TestApp {
    let store = testing::chosen().await;
    let db = store.db.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let state = tweak(AppState::new(db.clone(), addr));
    let pages = state.pages.clone();
    let app = service(state);
    let serving = ServeOptions::default();
    tokio::spawn(async move { serve(listener, app, serving, std::future::pending()).await });
    TestApp { addr, client: stranger(), db, pages, store }
}

/// How long a test client keeps an idle connection for another request: well under the server's
/// idle timeout (`ServeOptions`, 20 s), as a browser's is, so a request is never sent on a
/// connection the server is closing that instant (the client would see it cut, with no answer).
const CLIENT_IDLE: std::time::Duration = std::time::Duration::from_secs(5);

/// A browser: its own cookie jar, and it shows redirects instead of following them. The app's own
/// client is one; a second is a stranger to its builds.
pub fn stranger() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(CLIENT_IDLE)
        .build()
        .expect("client")
}

/// The name the store holds for a build.
pub async fn stored_name(app: &TestApp, id: &str) -> String {
    testing::text(&app.db, "SELECT name FROM builds WHERE id = $1", &[id]).await.expect("row")
}

/// The parent a build was copied from, as the store holds it.
pub async fn stored_parent(app: &TestApp, id: &str) -> Option<String> {
    testing::text(&app.db, "SELECT parent_id FROM builds WHERE id = $1", &[id]).await
}

/// How many builds the store holds.
pub async fn stored_count(app: &TestApp) -> i64 {
    testing::int(&app.db, "SELECT COUNT(*) FROM builds", &[]).await.expect("count")
}

/// Pages keep to the content security policy: no inline scripts, handlers or styles.
pub fn assert_no_inline_code(page: &str) {
    for (i, _) in page.match_indices("<script") {
        let tag = &page[i..page[i..].find('>').map_or(page.len(), |e| i + e)];
        assert!(tag.contains(" src="), "inline script: {tag}");
    }
    assert!(!page.contains(" style="), "inline style attribute");
    assert!(!page.contains("<style"), "inline style element");
    assert!(!page.contains(" onclick=") && !page.contains(" onchange="), "inline handler");
}

/// Form fields as a browser posts them (urlencoded).
pub fn encode(pairs: &[(String, String)]) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

/// Posts a urlencoded form body.
pub async fn post_form(app: &TestApp, path: &str, body: String) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("request")
}

/// Saves a boat through the JSON API; returns its id.
pub async fn save_boat(app: &TestApp, d: &drydock::games::boats::Design) -> String {
    let doc = serde_json::to_value(d).expect("a design as JSON");
    id_and_token(&api_save(app, "/boats", &doc).await).0
}

/// Saves `doc` as a new build through the JSON API under `path` ("/boats", a game's path), which
/// must answer 201: what it answered.
pub async fn api_save(app: &TestApp, path: &str, doc: &serde_json::Value) -> serde_json::Value {
    let res = app.client.post(app.url(&format!("/api{path}"))).json(doc).send().await.expect("save");
    assert_eq!(res.status(), reqwest::StatusCode::CREATED, "{path}: {doc}");
    res.json().await.expect("json")
}

/// The id and edit token of a save's answer.
pub fn id_and_token(saved: &serde_json::Value) -> (String, String) {
    let field = |k: &str| saved[k].as_str().unwrap_or_else(|| panic!("no {k} in {saved}")).to_owned();
    (field("id"), field("edit_token"))
}

/// A game's example document, named `name`.
pub fn example_named(g: &drydock::games::registry::Game, name: &str) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(g.example).expect("the example is JSON");
    doc["name"] = serde_json::Value::from(name);
    doc
}

/// Saves a game's example through its API: its id and edit token.
pub async fn save_example(app: &TestApp, g: &drydock::games::registry::Game) -> (String, String) {
    let doc: serde_json::Value = serde_json::from_str(g.example).expect("the example is JSON");
    id_and_token(&api_save(app, g.path, &doc).await)
}

/// 200 Samurai units each of the player's own type `name`, on alternate sides across a 26×20
/// board: a scenario whose every row, heading and problem repeats the name (the output and
/// threat-map size tests' worst case).
pub fn samurai_own_types(name: &str) -> serde_json::Value {
    let own: Vec<serde_json::Value> = (0..200u16)
        .map(|k| {
            let hex = format!("{}{}", char::from(b'A' + u8::try_from(k % 10).unwrap_or(0) * 2), k / 10 + 1);
            serde_json::json!({"side": if k % 2 == 0 { "a" } else { "b" }, "hex": hex, "type": name})
        })
        .collect();
    serde_json::json!({
        "name": name, "side_a": name, "side_b": name, "board": {"width": 26, "rows": 20},
        "wind": ["e"], "units": own,
    })
}
