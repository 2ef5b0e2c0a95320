//! Where a live update's instructions go: for one representative form of every registered game
//! (tests/data/live/, a `.form` per form, named by its game's id), the instructions one
//! `POST /{game}/live` costs, counted by callgrind and split into reading the form (the body's
//! fields into a document), judging it, drawing the figures fragment, and everything else (the
//! router, the layers around it, the answer's body).
//!
//!   cargo bench --bench live                 # the counts beside benches/live-counts.txt
//!   cargo bench --bench live -- record       # the counts, written to benches/live-counts.txt
//!   cargo bench --bench live -- forms        # writes tests/data/live/ afresh
//!   cargo bench --bench live -- list         # each form's name, live address and file
//!
//! Each stage is the very function the live route calls (`builder::live_read`,
//! `builder::live_judge`, `Builder::live`, run up to a stage by `builder::live_upto`, which the
//! registry holds for every game, so no game is listed here), and the whole request goes
//! through `web::service` (what the server serves) in-process (`tower::ServiceExt::oneshot`),
//! with the subscriber and allocator the server runs with. The stages are counted cumulatively (read; read and judge; read, judge and draw; the
//! whole request), each in its own run, so no stage pays for cloning another's output; a part is
//! the difference between two. Only the measured updates are counted (`measured`): not the
//! start-up, the warm-up or the database pool's threads. Every run is made twice, with `SHORT`
//! and `LONG` repetitions after the same warm-up, and the count per request is the difference
//! over `LONG - SHORT`, so what a run does once (a first call's set-up) cancels out too.
//!
//! Beside each form, `bare`: the same request to bare axum, a route reading the body and answering
//! the very bytes Drydock answered (what `scripts/bench.sh` measures under wrk as the floor),
//! counted the same way: what Drydock costs beyond it is the whole request less that.
//!
//! Callgrind counts instructions, not time: unlike req/s they do not move with what else the
//! machine runs, so a change of a few per cent in one part shows.

use axum::body::{Body, Bytes};
use axum::http::{Request, header};
use drydock::games::registry::Game;
use drydock::web::flows::builder::{live_judge, live_read};
use drydock::web::flows::registered::{LiveStage, Registered};
use drydock::web::http::fields::Fields;
use drydock::web::http::serve::App;
use drydock::web::{AppState, registry, samurai, service};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use tower::ServiceExt;

#[path = "shared/yacht.rs"]
mod yacht;

#[global_allocator]
static ALLOCATOR: drydock::alloc::Allocator = drydock::alloc::Allocator;

const SHORT: usize = 20;
const LONG: usize = 120;
/// Requests made before either count begins: the codec's facts about each document type are
/// learnt, the allocator and the router are warm.
const WARM: usize = 5;

fn forms_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/live")
}

/// What the designer posts for a live update of the Minnow: every field its form has, as the page
/// posts them (an unchecked box sends only its hidden "off", an empty size is sent empty).
const MINNOW: &str = "version=1&ledger_open=&maneuvers_open=&name=Minnow&hull=dinghy&top=none&deck=off&hydrofoils=off&weighted_keel=off&spoiler=off&plant=medium&propellers.0.size=&propellers.0.guard=0&propellers.1.size=&propellers.1.guard=0&jet_drive=off&oars=0&crew.0.role=pilot&crew.0.count=1&crew.1.role=passenger&crew.1.count=2&crew.1.cargo=off&new_crew=gunner&armor.type=fireproof&armor.points.F=12&armor.points.L=10&armor.points.R=10&armor.points.B=10&armor.points.U=10&weapons.0.weapon=mml&weapons.0.mount=F&weapons.0.count=1&weapons.0.linked=off&weapons.0.link_group=&weapons.0.ammo=ap&weapons.0.extra_magazines=0&weapons.0.magazine_switch=off&weapons.1.weapon=mg&weapons.1.mount=B&weapons.1.count=1&weapons.1.linked=off&weapons.1.link_group=&weapons.1.ammo=hd&weapons.1.extra_magazines=0&weapons.1.magazine_switch=off&new_weapon=mg&accessories.0.item=targeting-computer&accessories.0.count=1&accessories.1.item=marine-radio&accessories.1.count=1&new_accessory=fire-extinguisher";

fn urlencoded(pairs: &[(String, String)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

/// A game's example as its form writes it.
fn example_form(r: &Registered) -> String {
    match (r.example_form)() {
        Ok(pairs) => urlencoded(&pairs),
        Err(e) => panic!("{e}"),
    }
}

/// The Samurai example's form as its editor page posts it after a change the map does not show:
/// with the key of the map the page already shows (`map_key`), so the live update leaves the map
/// out (`SamuraiView::live_map`).
fn samurai_map_kept() -> String {
    let body = example_form(entry("samurai"));
    let f = Fields::parse(body.as_bytes());
    let read = live_read::<samurai::Samurai>(&f).unwrap_or_else(|e| panic!("the Samurai example: {e:?}"));
    let key = live_judge::<samurai::Samurai>(read, &f).map_key();
    format!("{body}&map_key={key}")
}

/// The registry's entry of the game `id`.
fn entry(id: &str) -> &'static Registered {
    registry::GAMES.iter().find(|r| r.game.id == id).unwrap_or_else(|| panic!("no game {id} in the registry"))
}

/// Writes the representative forms: the Minnow as the designer posts it, the loaded Yacht (135
/// fields), every other registered game's example as its form writes it, and the Samurai
/// example again with its map's key (a change that leaves the map as it is).
fn write_forms() {
    let yacht = urlencoded(&drydock::web::http::codec::encode(&yacht::big_yacht()));
    let mut forms = vec![("boat-minnow".to_owned(), MINNOW.to_owned()), ("boat-yacht".to_owned(), yacht)];
    // The boats' own two above stand for their game; every other game's example is its form.
    for r in registry::GAMES.iter().filter(|r| r.game.id != "boat") {
        forms.push((r.game.id.to_owned(), example_form(r)));
    }
    forms.push(("samurai-map-kept".to_owned(), samurai_map_kept()));
    let dir = forms_dir();
    std::fs::create_dir_all(&dir).expect("tests/data/live");
    for (name, body) in forms {
        std::fs::write(dir.join(format!("{name}.form")), body).expect("writing a form");
        println!("wrote tests/data/live/{name}.form");
    }
}

/// A representative form: its file's name ("boat-yacht"), its game and its body.
struct Form {
    name: String,
    game: &'static Game,
    body: Bytes,
}

/// Every form in tests/data/live/, by name; each registered game must have at least one.
fn forms() -> Vec<Form> {
    let mut forms: Vec<Form> = std::fs::read_dir(forms_dir())
        .expect("tests/data/live/ (write it with `cargo bench --bench live -- forms`)")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.strip_suffix(".form")?.to_owned();
            let id = name.split('-').next().unwrap_or(&name).to_owned();
            let game = registry::game(&id).unwrap_or_else(|| panic!("{name}.form: no game {id}"));
            Some(Form { body: std::fs::read(&path).expect("a form").into(), name, game })
        })
        .collect();
    forms.sort_by(|a, b| a.name.cmp(&b.name));
    for g in registry::games() {
        assert!(forms.iter().any(|f| f.game.id == g.id), "tests/data/live/ has no form of {}", g.id);
    }
    forms
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Read,
    Judge,
    Draw,
    Request,
    /// The same request to bare axum (as `benches/baseline.rs` serves it): a route that reads the
    /// form's body and answers the very bytes Drydock answered, with none of Drydock's layers.
    Bare,
}

impl Stage {
    /// The live route's own stage, or `None` for the whole request.
    fn live(self) -> Option<LiveStage> {
        match self {
            Stage::Read => Some(LiveStage::Read),
            Stage::Judge => Some(LiveStage::Judge),
            Stage::Draw => Some(LiveStage::Draw),
            Stage::Request | Stage::Bare => None,
        }
    }
}

const STAGES: [(Stage, &str); 4] =
    [(Stage::Read, "read"), (Stage::Judge, "judge"), (Stage::Draw, "draw"), (Stage::Request, "request")];

/// `n` live updates of `body`, up to `stage`, through its game's own functions (the registry's
/// `live_upto`, the live route's stages).
fn stages(r: &Registered, stage: LiveStage, body: &Bytes, n: usize) -> usize {
    let mut out = 0;
    for _ in 0..n {
        let f = Fields::parse(black_box(body));
        match (r.live_upto)(&f, stage) {
            Ok(made) => out += black_box(made),
            Err(e) => panic!("{}: the form was refused: {e:?}", r.game.id),
        }
    }
    out
}

/// `n` whole live requests through the app, as wrk sends them (htmx's header, no compression).
async fn requests<S: App>(app: &S, form: &Form, n: usize) -> usize {
    let path = format!("{}/live", form.game.path);
    let mut out = 0;
    for _ in 0..n {
        let req = Request::post(path.as_str())
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header("hx-request", "true")
            .body(Body::from(form.body.clone()))
            .expect("a request");
        let res = app.clone().oneshot(req).await.expect("an answer");
        assert!(res.status().is_success(), "{}: {}", form.name, res.status());
        let body = axum::body::to_bytes(res.into_body(), usize::MAX).await.expect("a body");
        out += black_box(body.len());
    }
    out
}

/// The measured updates, and only they: callgrind counts what runs inside this function
/// (`--toggle-collect`, see [`count`]), so neither the start-up (the database's opening, the
/// rate limiter's clock calibrating itself for as long as it takes) nor the warm-up, nor the
/// database pool's own threads, count.
#[inline(never)]
fn measured<T>(updates: impl FnOnce() -> T) -> T {
    black_box(updates())
}

/// Bare axum answering `form` as Drydock's `app` does: the same route, the body read whole, the
/// very answer's bytes (asked of `app` once) with its content type, and nothing else.
async fn bare<S: App>(app: &S, form: &Form) -> axum::Router {
    let req = Request::post(format!("{}/live", form.game.path))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("hx-request", "true")
        .body(Body::from(form.body.clone()))
        .expect("a request");
    let res = app.clone().oneshot(req).await.expect("an answer");
    let answer = axum::body::to_bytes(res.into_body(), usize::MAX).await.expect("a body");
    let bare = axum::Router::new().route(
        &format!("{}/live", form.game.path),
        axum::routing::post(move |body: Bytes| async move {
            black_box(body.len());
            ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], answer)
        }),
    );
    requests(&bare, form, WARM).await;
    bare
}

/// One measured run (what callgrind runs): `WARM` updates, then `n` more, up to `stage`.
fn run(name: &str, stage: Stage, n: usize) {
    let Some(form) = forms().into_iter().find(|f| f.name == name) else { panic!("no form {name}") };
    if let Some(stage) = stage.live() {
        let r = entry(form.game.id);
        stages(r, stage, &form.body, WARM);
        measured(|| stages(r, stage, &form.body, n));
        return;
    }
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("info,sqlx=warn"))
        .with_writer(std::io::stderr)
        .init();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (db, app) = rt.block_on(async {
        let at = drydock::store::Location::parse(&dir.path().join("live.db").to_string_lossy());
        let db = drydock::store::open_at(&at).await.expect("a database");
        let app = service(AppState::new(db.clone(), "127.0.0.1:3000".parse().expect("an address")));
        requests(&app, &form, WARM).await;
        (db, app)
    });
    if stage == Stage::Bare {
        let bare = rt.block_on(bare(&app, &form));
        measured(|| rt.block_on(requests(&bare, &form, n)));
    } else {
        measured(|| rt.block_on(requests(&app, &form, n)));
    }
    rt.block_on(db.close());
}

/// Instructions callgrind counts for one run of `name` up to `stage`, `n` updates after the warm-up.
fn count(name: &str, stage: &str, n: usize) -> u64 {
    let exe = std::env::current_exe().expect("this bench's path");
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no"])
        .arg("--toggle-collect=*live::measured*")
        .arg(&exe)
        .args(["run", name, stage, &n.to_string()])
        .output()
        .expect("valgrind (Debian's package valgrind) to run");
    let err = String::from_utf8_lossy(&out.stderr);
    let collected = err.lines().find_map(|l| {
        let (_, n) = l.split_once("Collected :")?;
        n.trim().parse::<u64>().ok()
    });
    match collected {
        Some(c) if out.status.success() => c,
        _ => panic!("callgrind did not count {name} {stage}:\n{err}"),
    }
}

/// Instructions per live update of `name` up to `stage`.
fn per_update(name: &str, stage: &str) -> u64 {
    let (short, long) = (count(name, stage, SHORT), count(name, stage, LONG));
    long.saturating_sub(short) / (LONG - SHORT) as u64
}

/// The counts last recorded (benches/live-counts.txt): per form, read, judge, draw and rest.
fn recorded_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/live-counts.txt")
}

/// Each form's recorded parts, by name (a missing or unreadable file is no record).
fn recorded() -> Vec<(String, [u64; 4])> {
    let text = std::fs::read_to_string(recorded_file()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next()?.to_owned();
            let parts: Vec<u64> = words.map(|w| w.replace(',', "").parse().ok()).collect::<Option<_>>()?;
            Some((name, parts.try_into().ok()?))
        })
        .collect()
}

/// A part against its recorded count: "+3%", and "+24% !" past [`REGRESSION`].
fn against(now: u64, then: Option<u64>) -> String {
    let Some(then) = then.filter(|t| *t > 0) else { return String::new() };
    let change = (now as f64 - then as f64) / then as f64 * 100.0;
    let flag = if change > REGRESSION { " !" } else { "" };
    format!("{change:+.0}%{flag}")
}

/// A part this much larger than its recorded count (per cent) is flagged as a regression.
const REGRESSION: f64 = 20.0;

/// Counts every form (or those whose names contain one of `only`), prints each part beside its
/// recorded count, and with `record` writes them as the new record.
fn counts(only: &[String], record: bool) {
    println!("instructions per live update (callgrind; {}-{} updates after {WARM} warm ones)", LONG, SHORT);
    println!("each part's change against benches/live-counts.txt; \"!\" marks more than {REGRESSION}% worse");
    println!("bare: the same request to bare axum reading the form and answering the same bytes");
    println!(
        "{:<16} {:>6} {:>10} {:>6} {:>10} {:>6} {:>10} {:>6} {:>10} {:>6} {:>11} {:>9}",
        "form", "bytes", "read", "", "judge", "", "draw", "", "rest", "", "request", "bare"
    );
    let before = recorded();
    // The record afterwards: what was counted now, and the forms not counted this time as they were.
    let mut after = before.clone();
    for form in forms() {
        if !only.is_empty() && !only.iter().any(|o| form.name.contains(o.as_str())) {
            continue;
        }
        let [read, judged, drawn, request] = STAGES.map(|(_, s)| per_update(&form.name, s));
        let bare = per_update(&form.name, "bare");
        let parts =
            [read, judged.saturating_sub(read), drawn.saturating_sub(judged), request.saturating_sub(drawn)];
        let then = before.iter().find(|(n, _)| *n == form.name).map(|(_, p)| *p);
        let vs = |i: usize| against(parts[i], then.map(|t| t[i]));
        println!(
            "{:<16} {:>6} {:>10} {:>6} {:>10} {:>6} {:>10} {:>6} {:>10} {:>6} {:>11} {:>9}",
            form.name,
            form.body.len(),
            parts[0],
            vs(0),
            parts[1],
            vs(1),
            parts[2],
            vs(2),
            parts[3],
            vs(3),
            request,
            bare
        );
        match after.iter_mut().find(|(n, _)| *n == form.name) {
            Some((_, p)) => *p = parts,
            None => after.push((form.name.clone(), parts)),
        }
    }
    if record {
        after.sort();
        let lines: Vec<String> =
            after.iter().map(|(n, p)| format!("{n} {} {} {} {}", p[0], p[1], p[2], p[3])).collect();
        let text = format!(
            "# Instructions per live update by part (benches/live.rs): form, read, judge, draw, rest.\n\
             # Written by `cargo bench --bench live -- record`; the bench prints each part against these.\n{}\n",
            lines.join("\n")
        );
        std::fs::write(recorded_file(), text).expect("writing benches/live-counts.txt");
        println!("recorded in benches/live-counts.txt");
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the other words choose what to do.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["forms"] => write_forms(),
        ["list"] => {
            let dir = forms_dir();
            for f in forms() {
                println!(
                    "{} {}/live {}",
                    f.name,
                    f.game.path,
                    dir.join(format!("{}.form", f.name)).display()
                );
            }
        }
        ["run", name, stage, n] => {
            let stage = match STAGES.iter().find(|(_, s)| s == stage) {
                Some(&(stage, _)) => stage,
                None if *stage == "bare" => Stage::Bare,
                None => panic!("no stage {stage}"),
            };
            run(name, stage, n.parse().expect("a number of updates"));
        }
        ["record", only @ ..] => counts(&only.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(), true),
        only => counts(&only.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(), false),
    }
}
