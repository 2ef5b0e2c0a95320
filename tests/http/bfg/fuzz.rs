//! Anything a client sends to the battle's orders (form and JSON), the odds API and the odds
//! page's query: an answer, and never a server error.

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
        let db = drydock::store::Db::sqlite(
            rt.block_on(drydock::store::open(&dir.path().join("fuzz.db"))).expect("database"),
        );
        let fleet = super::patrol();
        let c = Content {
            kind: "bfg",
            name: fleet.name.clone(),
            document: serde_json::to_string(&fleet).expect("json"),
            engine_version: 1,
            legal: true,
            summary: String::new(),
            facets: builds::Facets::default(),
        };
        let (b, token) = rt.block_on(builds::create(&db, &c, None, builds::Listing::Listed)).expect("saved");
        let served_on = "127.0.0.1:3000".parse().expect("address");
        let state =
            AppState { writes: WriteRate { per_minute: 0, burst: 0 }, ..AppState::new(db, served_on) };
        Harness { rt, app: app(state), id: b.id, token, _dir: dir }
    }

    /// Sends the request and checks that the answer is no server error.
    fn send(&self, req: Request<Body>) -> Result<(), TestCaseError> {
        let what = format!("{} {}", req.method(), req.uri());
        let status = self.rt.block_on(async {
            let res = self.app.clone().oneshot(req).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
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
    let mut runner =
        proptest::test_runner::TestRunner::new(ProptestConfig { cases: 200, ..ProptestConfig::default() });
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
