//! What `drydock import` takes: only rows a save could have written, the first that is not
//! named by its line and nothing imported; an export of any store SQLite holds, U+0000 included,
//! into PostgreSQL; and an export of any size, read a line at a time in bounded memory (the
//! binary's peak memory measured), a line longer than any row refused by its number without
//! being read whole.

use drydock::store::testing::{self, Fresh};
use drydock::store::transfer::{self, Counts, TransferError};
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

const HEADER: &str = r#"{"drydock":"export","version":1}"#;
const BOAT: &str = "aaaaaaaaaaaaaaaa";
const FLEET: &str = "bbbbbbbbbbbbbbbb";
const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/// A build's line as an export writes it.
fn build(id: &str, kind: &str, document: &str) -> Value {
    let name =
        serde_json::from_str::<Value>(document).ok().and_then(|d| d["name"].as_str().map(str::to_owned));
    json!({"build": {
        "id": id, "kind": kind, "name": name.unwrap_or_default(), "document": document,
        "engine_version": 1, "legal": true, "summary": "a summary", "created_at": 1_700_000_000_000i64,
        "updated_at": 1_700_000_000_500i64, "parent_id": null, "edit_token_hash": HASH,
        "listing": "listed", "deleted_at": null, "cost": null, "points": null, "tag": null, "parts": "",
    }})
}

fn example(kind: &str) -> &'static str {
    drydock::web::registry::game(kind).expect("a game").example
}

/// A fleet's battle as the tracker starts it, as an export writes it.
fn battle(id: &str) -> Value {
    let fleet: drydock::games::bfg::Fleet = serde_json::from_str(example("bfg")).expect("fleet");
    let state = drydock::games::bfg::Battle::new(&fleet).expect("a battle");
    json!({"battle": {
        "build_id": id, "state": serde_json::to_string(&state).expect("json"), "revision": 1,
        "started_at": 1_700_000_001_000i64, "updated_at": 1_700_000_001_000i64,
    }})
}

/// A good export: a boat, a fleet, the fleet's battle (lines 2, 3 and 4).
fn good() -> Vec<Value> {
    vec![build(BOAT, "boat", example("boat")), build(FLEET, "bfg", example("bfg")), battle(FLEET)]
}

fn text(lines: &[Value]) -> String {
    let mut out = format!("{HEADER}\n");
    for l in lines {
        out.push_str(&l.to_string());
        out.push('\n');
    }
    out
}

async fn import(store: &Fresh, text: &str) -> Result<Counts, TransferError> {
    transfer::import(&store.db, std::io::Cursor::new(text.as_bytes()), &drydock::web::registry::Checks).await
}

async fn count(store: &Fresh, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    testing::int(&store.db, &sql, &[]).await.expect("count")
}

/// The document of `kind`'s example with `f` done to it.
fn changed(kind: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(example(kind)).expect("example");
    f(&mut v);
    v.to_string()
}

#[tokio::test]
async fn an_import_refuses_any_row_no_save_could_have_written_naming_its_line_and_takes_nothing() {
    let store = testing::chosen().await;
    assert_eq!(import(&store, &text(&good())).await.ok(), Some(Counts { builds: 2, battles: 1 }));

    type Change = Box<dyn Fn(&mut Vec<Value>)>;
    let set = |line: usize, field: &'static str, v: Value| -> Change {
        Box::new(move |lines: &mut Vec<Value>| {
            let row = lines[line - 2].as_object_mut().and_then(|o| o.values_mut().next()).expect("a row");
            row[field] = v.clone();
        })
    };
    let weapons = |n: usize| changed("boat", |d| d["weapons"] = json!(vec![json!({"weapon": "mg"}); n]));
    let cases: Vec<(Change, u64, &str)> = vec![
        (set(2, "id", json!("../../etc/passwd")), 2, "is not a build id"),
        (set(2, "id", json!("AAAAAAAAAAAAAAAA")), 2, "is not a build id"),
        (set(2, "id", json!("")), 2, "is not a build id"),
        (set(3, "parent_id", json!("x")), 3, "which is not a build id"),
        (set(2, "edit_token_hash", json!("")), 2, "no edit token hash"),
        (set(2, "edit_token_hash", json!("not a hash")), 2, "no edit token hash"),
        (set(2, "name", json!("x".repeat(101))), 2, "must be at most 100 characters"),
        (set(2, "name", json!("Sea\nWasp")), 2, "name is not one line"),
        (set(2, "summary", json!("a\nforged line")), 2, "summary or tag is not one line"),
        (set(2, "parts", json!("x".repeat(5000))), 2, "parts are longer"),
        (set(2, "listing", json!("everywhere")), 2, "listing is not"),
        (set(2, "updated_at", json!(1)), 2, "times are out of order"),
        (set(2, "kind", json!("chess")), 2, "no game here keeps builds of the kind \"chess\""),
        (set(2, "document", json!("[1, 2]")), 2, "its document is not a design"),
        (set(2, "document", json!("{\"hull\": \"dinghy\"")), 2, "its document is not a design"),
        (set(2, "document", json!(weapons(201))), 2, "entries; a design holds at most 200"),
        (
            set(2, "document", json!(changed("boat", |d| d["oars"] = json!(1000)))),
            2,
            "oars must be a whole number from 0 to 999",
        ),
        (
            set(2, "document", json!(changed("boat", |d| d["name"] = json!("n".repeat(101))))),
            2,
            "at most 100 characters",
        ),
        (
            set(2, "document", json!(format!("{{\"hull\": \"{}\"}}", "h".repeat(600 * 1024)))),
            2,
            "longer than 524288 bytes",
        ),
        (
            set(3, "document", json!(changed("bfg", |d| d["unknown"] = json!(1)))),
            3,
            "unknown field `unknown`",
        ),
        (set(2, "deleted_at", json!(1_700_000_002_000i64)), 2, "is deleted but still holds its content"),
        (set(4, "build_id", json!("cccccccccccccccc")), 4, "which is not in this database or earlier"),
        (set(4, "build_id", json!(BOAT)), 4, "of the kind \"boat\", which has no battles"),
        (set(4, "revision", json!(0)), 4, "revision below 1"),
        (set(4, "state", json!("{}")), 4, "it is not a battle record"),
        (
            Box::new(|lines: &mut Vec<Value>| {
                let mut b: Value = serde_json::from_str(lines[2]["battle"]["state"].as_str().unwrap_or("{}"))
                    .expect("state");
                b["log"] = json!(vec![json!({"turn": 1, "text": "x"}); 501]);
                lines[2]["battle"]["state"] = json!(b.to_string());
            }),
            4,
            "its log has 501 entries; the tracker keeps at most 500",
        ),
        (
            Box::new(|lines: &mut Vec<Value>| {
                // A deleted fleet, as deleting leaves it, with the battle that should have gone.
                let fleet = lines[1]["build"].as_object_mut().expect("row");
                for (k, v) in [
                    ("name", json!("")),
                    ("document", json!("{}")),
                    ("summary", json!("")),
                    ("listing", json!("unlisted")),
                    ("deleted_at", json!(1_700_000_002_000i64)),
                ] {
                    fleet.insert(k.to_owned(), v);
                }
            }),
            4,
            "which was deleted: a deleted fleet's battle goes with it",
        ),
        (
            Box::new(|lines: &mut Vec<Value>| lines.push(lines[0].clone())),
            5,
            "build aaaaaaaaaaaaaaaa is already in this database (or earlier in the export)",
        ),
        (
            Box::new(|lines: &mut Vec<Value>| lines.push(lines[2].clone())),
            5,
            "battle is already in this database",
        ),
        (Box::new(|lines: &mut Vec<Value>| lines.push(json!({"build": {"id": 7}}))), 5, "invalid type"),
    ];
    for (change, line, said) in cases {
        let fresh = testing::chosen().await;
        let mut lines = good();
        change(&mut lines);
        let err = import(&fresh, &text(&lines)).await.expect_err(said).to_string();
        assert!(err.starts_with(&format!("line {line}: ")), "{said}: {err}");
        assert!(err.contains(said), "{said}: {err}");
        assert!(err.ends_with("nothing was imported"), "{err}");
        assert_eq!(
            (count(&fresh, "builds").await, count(&fresh, "battles").await),
            (0, 0),
            "{said}: nothing imported"
        );
    }
}

#[tokio::test]
async fn an_import_takes_a_tombstone_a_copy_before_its_original_and_blank_lines() {
    let store = testing::chosen().await;
    let mut copy = build("cccccccccccccccc", "boat", example("boat"));
    copy["build"]["parent_id"] = json!(BOAT);
    copy["build"]["listing"] = json!("copy");
    let mut tomb = build("dddddddddddddddd", "epic", "{}");
    for (k, v) in [
        ("name", json!("")),
        ("summary", json!("")),
        ("listing", json!("unlisted")),
        ("deleted_at", json!(1_700_000_002_000i64)),
    ] {
        tomb["build"][k] = v;
    }
    let mut lines = vec![copy, tomb];
    lines.extend(good());
    let text = text(&lines).replace('\n', "\r\n\n");
    assert_eq!(import(&store, &text).await.ok(), Some(Counts { builds: 4, battles: 1 }));
    let parent =
        testing::text(&store.db, "SELECT parent_id FROM builds WHERE id = 'cccccccccccccccc'", &[]).await;
    assert_eq!(parent.as_deref(), Some(BOAT), "the copy is linked to its original, which came after it");
}

/// Runs the binary as `drydock ARGS`: whether it succeeded, what it said, and its peak resident
/// memory in KiB, read from the kernel's high-water mark for the process (`VmHWM` in
/// /proc/PID/status) every millisecond while it runs drydock. (Not wait4's count: a child
/// started from this test process keeps the test's own peak, from before it ran drydock.)
fn run_measured(args: &[&std::ffi::OsStr]) -> (bool, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(args)
        // A backtrace for the error would load the debug build's symbols: hundreds of MiB that
        // are not the import's.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run drydock");
    let mut stderr = child.stderr.take().expect("stderr");
    let said = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let status = loop {
        // Only once it runs drydock: until then the child is this test process's copy.
        if let Ok(text) = std::fs::read_to_string(&status_file)
            && text.lines().any(|l| l.strip_prefix("Name:").is_some_and(|n| n.trim() == "drydock"))
        {
            let hwm = text.lines().find_map(|l| l.strip_prefix("VmHWM:"));
            let kib = hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(kib.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    (status.success(), said.join().unwrap_or_default(), peak)
}

/// `drydock import --from FILE --database AT`, measured.
fn import_file(at: &drydock::store::Location, file: &std::path::Path) -> (bool, String, u64) {
    let db = at.arg();
    run_measured(&[
        "import".as_ref(),
        "--from".as_ref(),
        file.as_os_str(),
        "--database".as_ref(),
        db.as_os_str(),
    ])
}

/// An export of `n` boats, every one a distinct build with the most part text a build keeps
/// (4,000 characters, which an import only measures: the rows are big and quick to check),
/// written to `path`; its size in bytes.
fn many_boats(path: &std::path::Path, n: usize) -> u64 {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("file"));
    writeln!(out, "{HEADER}").expect("write");
    let mut row = build(BOAT, "boat", example("boat"));
    row["build"]["parts"] = json!("p".repeat(drydock::store::builds::MAX_PARTS_CHARS));
    let row = row.to_string();
    let (before, after) = row.split_once(BOAT).expect("the id in the row");
    // Ids in Drydock's alphabet, each its own: the number in base 32, padded with "a".
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz234567";
    for i in 0..n {
        let mut id = [b'a'; 16];
        let mut k = i;
        for slot in id.iter_mut().rev() {
            *slot = ALPHABET[k % 32];
            k /= 32;
        }
        out.write_all(before.as_bytes()).expect("write");
        out.write_all(&id).expect("write");
        out.write_all(after.as_bytes()).expect("write");
        out.write_all(b"\n").expect("write");
    }
    out.flush().expect("flush");
    std::fs::metadata(path).expect("size").len()
}

#[test]
fn a_line_of_100_mb_is_refused_by_its_number_without_being_read_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("huge-line.jsonl");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("file"));
    let good = text(&good());
    out.write_all(good.as_bytes()).expect("write");
    out.write_all(b"{\"build\": {\"name\": \"").expect("write");
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        out.write_all(&chunk).expect("write");
    }
    out.write_all(b"\"}}\n").expect("write");
    out.flush().expect("flush");
    drop(out);
    let db = dir.path().join("into.db");
    let (ok, said, peak_kib) = import_file(&drydock::store::Location::Sqlite(db.clone()), &path);
    assert!(!ok, "refused");
    assert!(said.contains("line 5: the line is longer than 1048576 bytes"), "{said}");
    assert!(said.contains("nothing was imported"), "{said}");
    eprintln!("importing a 100 MB line: refused at line 5, peak memory {} MiB", peak_kib / 1024);
    assert!(peak_kib < 64 * 1024, "peak memory {peak_kib} KiB: the line was read whole");
}

#[test]
fn an_import_of_any_size_holds_about_one_line_in_memory() {
    let dir = tempfile::tempdir().expect("dir");
    let (small, large) = (dir.path().join("small.jsonl"), dir.path().join("large.jsonl"));
    let small_bytes = many_boats(&small, 100);
    let large_bytes = many_boats(&large, 6_000);
    let (ok, said, small_peak) =
        import_file(&drydock::store::Location::Sqlite(dir.path().join("a.db")), &small);
    assert!(ok, "{said}");
    let (ok, said, large_peak) =
        import_file(&drydock::store::Location::Sqlite(dir.path().join("b.db")), &large);
    assert!(ok, "{said}");
    assert!(said.contains("imported 6000 builds"), "{said}");
    eprintln!(
        "import peak memory: {} MiB for {} MiB of export, {} MiB for {} MiB",
        small_peak / 1024,
        small_bytes >> 20,
        large_peak / 1024,
        large_bytes >> 20
    );
    assert!(large_bytes > 25 << 20, "the large export is {large_bytes} bytes");
    // Sixty times the rows, and the peak grows by far less than the export: no row is kept.
    assert!(large_peak < small_peak + 12 * 1024, "{small_peak} KiB, then {large_peak} KiB");
}

#[tokio::test]
async fn a_sqlite_store_holding_nul_moves_into_postgresql() {
    let Some(pg) = testing::postgres().await else { return };
    let sqlite = testing::sqlite().await;
    // As an older version could have left it: U+0000 in a name, an id and a battle's state.
    let doc = changed("bfg", |d| {
        d["faction"] = json!("imperial\u{0}navy");
        d["name"] = json!("Sea\u{0}Wolves");
    });
    let mut rows = [build(FLEET, "bfg", &doc), battle(FLEET)];
    rows[0]["build"]["name"] = json!("Sea\u{0}Wolves");
    let state = rows[1]["battle"]["state"].as_str().unwrap_or_default().replace("begins", "beg\\u0000ins");
    rows[1]["battle"]["state"] = json!(state);
    for (table, row) in [("builds", &rows[0]["build"]), ("battles", &rows[1]["battle"])] {
        let cols: Vec<&String> = row.as_object().expect("row").keys().collect();
        let sql = format!(
            "INSERT INTO {table} ({}) SELECT {} FROM json_each($1) LIMIT 1",
            cols.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", "),
            cols.iter().map(|c| format!("json_extract($1, '$.{c}')")).collect::<Vec<_>>().join(", "),
        );
        testing::execute(&sqlite.db, &sql, &[&row.to_string()]).await;
    }
    let held = testing::text(&sqlite.db, "SELECT name FROM builds", &[]).await.expect("name");
    assert!(held.contains('\0'), "SQLite holds U+0000: {held:?}");

    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("export.jsonl");
    let run = |at: &drydock::store::Location, verb: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_drydock"))
            .args([verb, if verb == "export" { "--to" } else { "--from" }])
            .arg(&file)
            .arg("--database")
            .arg(at.arg())
            .output()
            .expect("run");
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{verb}: {said}");
    };
    run(&sqlite.location, "export");
    run(&pg.location, "import");
    let name = testing::text(&pg.db, "SELECT name FROM builds", &[]).await.expect("name");
    assert_eq!(name, "Sea\u{FFFD}Wolves");
    let doc = testing::text(&pg.db, "SELECT document FROM builds", &[]).await.expect("document");
    let doc: Value = serde_json::from_str(&doc).expect("json");
    assert_eq!(
        (doc["faction"].as_str(), doc["name"].as_str()),
        (Some("imperial\u{FFFD}navy"), Some("Sea\u{FFFD}Wolves"))
    );
    let state = testing::text(&pg.db, "SELECT state FROM battles", &[]).await.expect("state");
    assert!(state.contains("beg\\ufffdins") || state.contains("beg\u{FFFD}ins"), "{state}");
}
