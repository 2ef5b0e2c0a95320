//! Starting: an instance whose database is away keeps trying and says it is not ready;
//! `drydock migrate` and `--no-migrate` apart; an instance of this release on a database a later
//! release migrated.

use crate::pgserver::OwnServer;
use crate::process::{Server, readiness, start_unready, start_with};
use drydock::store::testing;
use std::process::Command;
use std::time::{Duration, Instant};

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.expect("blocking work")
}

/// `drydock` run with `args` to the end: whether it succeeded, and what it said.
fn drydock(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_drydock")).args(args).output().expect("run drydock");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), said)
}

/// Saves the first game's example through `server`: the status.
async fn save(server: &Server) -> u16 {
    let game = drydock::web::registry::games().next().expect("a game");
    reqwest::Client::new()
        .post(format!("http://{}/api{}", server.addr, game.path))
        .header("content-type", "application/json")
        .body(game.example)
        .send()
        .await
        .expect("save")
        .status()
        .as_u16()
}

/// Waits (at most `limit`) until `server` says it is ready; how long that took.
async fn ready_within(server: &Server, limit: Duration) -> Duration {
    let began = Instant::now();
    loop {
        let addr = server.addr.clone();
        if blocking(move || readiness(&addr)).await == Some(200) {
            return began.elapsed();
        }
        assert!(began.elapsed() < limit, "not ready after {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Everything the server printed so far.
fn said(server: &Server) -> String {
    server.before.iter().cloned().chain(server.output.try_iter()).collect::<Vec<_>>().join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_whose_database_is_down_at_start_keeps_trying_and_serves_once_it_answers() {
    let Some(database) = blocking(OwnServer::stopped).await else { return };
    let database = std::sync::Arc::new(database);
    let url = database.url();
    let mut server = blocking(move || start_unready(url, &[])).await;
    let client = reqwest::Client::new();
    let base = format!("http://{}", server.addr);
    let get = |path: &str| client.get(format!("{base}{path}")).send();

    // It answers at once: alive, not ready; what needs the store is 503 with Retry-After and
    // says why; what does not is served.
    let health = get("/healthz").await.expect("healthz");
    assert_eq!(health.status(), 200);
    let ready = get("/readyz").await.expect("readyz");
    assert_eq!(ready.status(), 503);
    assert!(ready.headers().contains_key("retry-after"));
    let v: serde_json::Value = ready.json().await.expect("json");
    assert_eq!(v["ready"], false);
    assert!(v["reason"].as_str().unwrap_or("").contains("starting"), "{v}");
    let began = Instant::now();
    let gallery = get("/gallery").await.expect("gallery");
    assert!(began.elapsed() < Duration::from_secs(2), "{:?}", began.elapsed());
    assert_eq!(gallery.status(), 503);
    assert!(gallery.headers().contains_key("retry-after"));
    let text = gallery.text().await.expect("text");
    assert!(text.contains("restarting") && text.contains("draft"), "{text}");
    assert_eq!(save(&server).await, 503);
    assert_eq!(get("/").await.expect("home").status(), 200);
    assert_eq!(get("/api/boats/catalog").await.expect("catalog").status(), 200);

    // Still there a while later, still trying, and saying so in its log.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(server.child.try_wait().expect("status").is_none(), "the instance gave up");
    assert_eq!(readiness(&server.addr), Some(503));
    assert!(said(&server).contains("the database is not ready"));

    // The database comes: the instance migrates it and serves, never restarted.
    let starting = database.clone();
    blocking(move || starting.start()).await;
    let took = ready_within(&server, Duration::from_secs(5)).await;
    eprintln!("ready {took:?} after the database started");
    assert_eq!(save(&server).await, 201);
    assert_eq!(get("/gallery").await.expect("gallery").status(), 200);
}

#[tokio::test]
async fn drydock_migrate_runs_apart_and_no_migrate_serves_once_the_schema_is_this_releases() {
    let Some(location) = testing::postgres_schema().await else { return };
    let url = location.describe();
    // An instance told not to migrate waits, not ready, for the schema.
    let arg = url.clone();
    let server = blocking(move || start_unready(arg, &["--no-migrate"])).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(readiness(&server.addr), Some(503));
    assert_eq!(save(&server).await, 503);
    assert!(said(&server).contains("run `drydock migrate`"), "it says what is missing");

    // `drydock migrate` applies this release's migrations, once.
    let (ok, told) = blocking({
        let url = url.clone();
        move || drydock(&["migrate", "--database", &url])
    })
    .await;
    assert!(ok, "{told}");
    // This release's migrations: every one in the PostgreSQL directory not yet applied.
    assert!(told.contains("applied ") && !told.contains("applied 0 "), "{told}");
    let (ok, told) = blocking({
        let url = url.clone();
        move || drydock(&["migrate", "--database", &url])
    })
    .await;
    assert!(ok && told.contains("every migration of this release already"), "{told}");

    // The waiting instance sees it and serves, never restarted.
    ready_within(&server, Duration::from_secs(5)).await;
    assert_eq!(save(&server).await, 201);
}

#[tokio::test]
async fn a_sqlite_file_is_migrated_apart_too() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("apart.db");
    let path = file.to_str().expect("path").to_owned();
    // Not migrated: --no-migrate refuses to serve it, and says what to do.
    let (ok, told) = blocking({
        let path = path.clone();
        move || drydock(&["--bind", "127.0.0.1:0", "--no-migrate", "--database", &path])
    })
    .await;
    assert!(!ok && told.contains("drydock migrate"), "{told}");
    let (ok, told) = blocking({
        let path = path.clone();
        move || drydock(&["migrate", "--database", &path])
    })
    .await;
    assert!(ok && told.contains("applied"), "{told}");
    let server = blocking(move || start_with(path, &["--no-migrate"])).await;
    assert_eq!(save(&server).await, 201);
}

/// What a later release's migration may do to the schema: add a column with a default and a
/// table, and say so in the migrations table.
const LATER: [&str; 3] = [
    "ALTER TABLE builds ADD COLUMN later_release TEXT NOT NULL DEFAULT ''",
    "CREATE TABLE later_things (id TEXT PRIMARY KEY)",
    "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
     VALUES (99991231000001, 'a later release', TRUE, $1, 1)",
];

#[tokio::test]
async fn this_release_serves_a_database_a_later_release_migrated() {
    for store in testing::both().await {
        for sql in LATER {
            match &store.db {
                drydock::store::Db::Sqlite(pool, _) => {
                    let q = sqlx::query(sqlx::AssertSqlSafe(sql));
                    let q = if sql.contains("$1") { q.bind(vec![7u8; 48]) } else { q };
                    q.execute(pool).await.expect(sql);
                }
                drydock::store::Db::Postgres(pg) => {
                    let q = sqlx::query(sqlx::AssertSqlSafe(sql));
                    let q = if sql.contains("$1") { q.bind(vec![7u8; 48]) } else { q };
                    q.execute(pg).await.expect(sql);
                }
            }
        }
        store.db.close().await;
        // It starts, migrating as usual (nothing to do), and serves; with --no-migrate too.
        for options in [&[][..], &["--no-migrate"][..]] {
            let location = store.location.arg();
            let server = blocking(move || start_with(location, options)).await;
            assert_eq!(save(&server).await, 201, "{options:?}");
        }
    }
}

#[test]
fn a_transaction_pooler_is_never_asked_to_migrate() {
    let url = "postgres://drydock@127.0.0.1:1/drydock";
    let (ok, told) = drydock(&["--bind", "127.0.0.1:0", "--db-transaction-pooling", "--database", url]);
    assert!(!ok && told.contains("--no-migrate"), "{told}");
    let (ok, told) = drydock(&["migrate", "--db-transaction-pooling", "--database", url]);
    assert!(!ok && told.contains("direct connection"), "{told}");
}
