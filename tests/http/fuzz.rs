//! Fuzzing the readers through the whole app: arbitrary bytes, and text made of the words stat
//! lines, documents and forms are made of, posted to every endpoint that reads a document
//! without saving it (the pasted stat line, the JSON documents, the builders' forms and their
//! printable pages). Whatever comes in: never a panic or a 500, an answer of bounded size, in
//! bounded time. Runs in CI with a fixed number of cases (`FUZZ_CASES` for longer runs).

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use drydock::web::{AppState, WriteRate, app};
use proptest::prelude::*;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The largest answer any of these requests may give: the 64 KiB body echoed a few times over
/// (unread fragments, the document as read), plus a page around it.
const MAX_ANSWER: usize = 1 << 20;
/// A generous bound in a debug build; the release engine does the worst case in about a
/// millisecond (`cargo bench --bench engine`).
const MAX_TIME: Duration = Duration::from_secs(3);

const ENDPOINTS: [(&str, &str); 12] = [
    ("/api/boats/import", "text/plain"),
    ("/api/boats/evaluate", "application/json"),
    ("/api/epic/check", "application/json"),
    ("/boats/live", "application/x-www-form-urlencoded"),
    ("/boats/design", "application/x-www-form-urlencoded"),
    ("/boats/import", "application/x-www-form-urlencoded"),
    ("/boats/sheet", "application/x-www-form-urlencoded"),
    ("/boats/export.txt", "application/x-www-form-urlencoded"),
    ("/epic/live", "application/x-www-form-urlencoded"),
    ("/epic/design", "application/x-www-form-urlencoded"),
    ("/epic/roster", "application/x-www-form-urlencoded"),
    ("/epic/export.json", "application/x-www-form-urlencoded"),
];

/// The words inputs are made of: stat-line parts, JSON pieces, form fields and separators.
const WORDS: &[&str] = &[
    "Dinghy",
    "Yacht",
    "Rowboat",
    "Cruiser",
    "Speeder",
    ": ",
    ", ",
    ". ",
    " ",
    "(",
    ")",
    "and ",
    "Small power plant",
    "Heavy-Duty power plant",
    "65535 ",
    "999 ",
    "2 ",
    "0 ",
    "Propellers",
    "Propeller with 10-point guards",
    "Pilot only",
    "Gunners",
    "Passengers in cargo space",
    "linked ",
    "MG with HD ammo ",
    "(2 extra magazines, magazine switch) ",
    "front",
    "back-left",
    "3-space turret (FT) with AC",
    "Below Deck:",
    "Above Deck:",
    "Deck (34 below, 24 above)",
    "Fireproof Armor: ",
    "F30",
    "Q7",
    "Cargo (2 spaces, 400 lbs) in body space",
    "Accel. 5",
    "Top Speed 40",
    "HC 2",
    "2,997 lbs",
    "$9,636",
    "{",
    "}",
    "[",
    "]",
    "\"hull\": \"yacht\"",
    "\"propellers\": [{}, {}]",
    "\"count\": 999",
    "\"count\": -1",
    "\"weapons\": [{\"weapon\": \"mg\"}]",
    "\"name\": \"a\\nb\"",
    "\"choices\": [{\"section\": \"main\", \"entry\": \"sea-raider\"}]",
    "\"list\": \"imperial-marines\"",
    "&",
    "=",
    "hull=yacht",
    "propellers.",
    "weapons.7.count=999",
    "crew.0.role=pilot",
    "choices.3.count=5",
    "list=ork-wetboyz",
    "action=add.main",
    "action=remove.0",
    "armor.F=999",
    "name=%0Ax",
    "%FF",
    "statline=",
    "\u{2028}",
    "é",
    "\0",
];

fn wordy() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(WORDS), 0..600).prop_map(|w| w.concat().into_bytes())
}

fn any_body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![prop::collection::vec(any::<u8>(), 0..2048), wordy()]
}

struct Harness {
    rt: tokio::runtime::Runtime,
    app: axum::Router,
    _dir: tempfile::TempDir,
}

impl Harness {
    fn new() -> Self {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        let dir = tempfile::tempdir().expect("dir");
        let db = drydock::store::Db::sqlite(
            rt.block_on(drydock::store::open(&dir.path().join("fuzz.db"))).expect("database"),
        );
        let served_on = "127.0.0.1:3000".parse().expect("address");
        // Writes and judging unlimited: the fuzzer posts far faster than a player, and a 429
        // would leave the reader untried.
        let state = AppState {
            writes: WriteRate { per_minute: 0, burst: 0 },
            judging: drydock::web::http::judging::JudgingRate::OFF,
            ..AppState::new(db, served_on)
        };
        Harness { rt, app: app(state), _dir: dir }
    }

    /// Posts `body` and checks the answer's status, size and time.
    fn post(&self, path: &str, content_type: &str, body: Vec<u8>) -> Result<(), TestCaseError> {
        let req = Request::post(path).header(header::CONTENT_TYPE, content_type).body(Body::from(body));
        let req = req.map_err(|e| TestCaseError::fail(e.to_string()))?;
        let started = Instant::now();
        let (status, size) = self.rt.block_on(async {
            let res = self.app.clone().oneshot(req).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let status = res.status();
            let bytes = axum::body::to_bytes(res.into_body(), MAX_ANSWER + 1)
                .await
                .map_err(|e| TestCaseError::fail(format!("{path}: answer over {MAX_ANSWER} bytes ({e})")))?;
            Ok::<_, TestCaseError>((status, bytes.len()))
        })?;
        let took = started.elapsed();
        prop_assert!(!status.is_server_error(), "{} answered {}", path, status);
        prop_assert!(status.is_success() || status.is_client_error(), "{} answered {}", path, status);
        prop_assert!(size <= MAX_ANSWER, "{} answered {} bytes", path, size);
        prop_assert!(took <= MAX_TIME, "{} took {:?}", path, took);
        Ok(())
    }
}

fn cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256)
}

#[test]
fn any_body_posted_to_any_reader_gets_a_bounded_answer_in_bounded_time() {
    let h = Harness::new();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(),
        ..ProptestConfig::default()
    });
    let result = runner.run(&(any_body(), 0..ENDPOINTS.len()), |(body, i)| {
        let (path, content_type) = ENDPOINTS[i];
        h.post(path, content_type, body)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn the_largest_bodies_of_repeated_parts_stay_bounded_at_every_reader() {
    let h = Harness::new();
    // Each body just under the 64 KiB limit, of the parts that make the most work.
    let fill = |part: &str| {
        let mut s = String::new();
        while s.len() + part.len() < 64 * 1024 - 64 {
            s.push_str(part);
        }
        s.into_bytes()
    };
    let statline = fill("Dinghy, Small power plant, 65535 Propellers, 999 Passengers, Pilot only. ");
    let json_boat = {
        let mut s = String::from("{\"hull\":\"yacht\",\"weapons\":[");
        while s.len() < 60 * 1024 {
            s.push_str("{\"weapon\":\"zzzzzzzzzzzzzzzzzzzz\",\"count\":999},");
        }
        s.push_str("{\"weapon\":\"mg\"}]}");
        s.into_bytes()
    };
    let mut form = String::from("hull=yacht&list=imperial-marines");
    let mut i = 0;
    while form.len() < 60 * 1024 {
        form.push_str(&format!("&weapons.{i}.weapon=mg&weapons.{i}.count=999&choices.{i}.section=main"));
        i += 1;
    }
    for (path, content_type) in ENDPOINTS {
        let body = match content_type {
            "text/plain" => statline.clone(),
            "application/json" => json_boat.clone(),
            _ => form.clone().into_bytes(),
        };
        if let Err(e) = h.post(path, content_type, body) {
            panic!("{e}");
        }
    }
    // The form's rows are refused whole, never cut, and never a 500.
    let req = Request::post("/boats/live")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(form))
        .expect("request");
    let res = h.rt.block_on(h.app.clone().oneshot(req)).expect("answer");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
