//! Drydock behind a real PgBouncer (Debian's package; scripts/test.sh installs it), in transaction
//! pooling and in session pooling: saves from several clients at once through two instances, a
//! share page kept and redrawn after a save through the other instance, the write limit shared;
//! and `synchronous_commit = on` kept for Drydock's statements although the database's own
//! default is off, which a pooler would otherwise let through.

use crate::pgserver::{free_port, run_as, server_user};
use crate::process::{save_through_api, start_with};
use drydock::store::testing;
use sqlx::Connection;
use std::path::PathBuf;
use std::process::Command;

/// How a PgBouncer lends server connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Transaction,
    Session,
}

/// A PgBouncer of the test's own in front of one database of the test server. By transaction,
/// with a small pool (two server connections), so Drydock's connections share them; by session,
/// with a server connection for each of Drydock's.
pub(super) struct Bouncer {
    dir: tempfile::TempDir,
    port: u16,
    /// The database it fronts, on the test server directly.
    pub(super) direct: String,
}

fn pgbouncer() -> Option<PathBuf> {
    let found =
        ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].into_iter().map(PathBuf::from).find(|p| p.exists());
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "pgbouncer is missing: scripts/test.sh installs it");
        testing::skipped("no pgbouncer (scripts/test.sh installs it)");
    }
    found
}

impl Bouncer {
    /// A new database on the test server, its default `synchronous_commit` off, and a PgBouncer
    /// in `mode` in front of it.
    async fn start(mode: Mode) -> Option<Bouncer> {
        Bouncer::start_on(&testing::postgres_url()?, mode).await
    }

    /// As [`Bouncer::start`], in front of the server at `server` (a test's own, to stop).
    pub(super) async fn start_on(server: &str, mode: Mode) -> Option<Bouncer> {
        let exe = pgbouncer()?;
        let name = format!("b_{}", testing::new_schema().await?);
        let admin =
            sqlx::postgres::PgPoolOptions::new().max_connections(1).connect(server).await.expect("connect");
        for sql in
            [format!("CREATE DATABASE {name}"), format!("ALTER DATABASE {name} SET synchronous_commit = off")]
        {
            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&admin).await.expect("the bouncer's database");
        }
        admin.close().await;
        let pg_port = server.rsplit(':').next()?.split('/').next()?.to_owned();
        let user = server_user();
        let dir = tempfile::tempdir().expect("dir");
        let port = free_port();
        let (mode_name, pool_size) = match mode {
            Mode::Transaction => ("transaction", 2),
            Mode::Session => ("session", 50),
        };
        let d = dir.path().display();
        std::fs::write(dir.path().join("userlist.txt"), "\"postgres\" \"\"\n").expect("userlist");
        std::fs::write(
            dir.path().join("pgbouncer.ini"),
            format!(
                "[databases]\n{name} = host=127.0.0.1 port={pg_port} dbname={name}\n\n\
                 [pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n\
                 auth_type = trust\nauth_file = {d}/userlist.txt\npool_mode = {mode_name}\n\
                 default_pool_size = {pool_size}\nmax_client_conn = 500\nserver_login_retry = 1\n\
                 server_connect_timeout = 3\n\
                 logfile = {d}/pgbouncer.log\npidfile = {d}/pgbouncer.pid\n"
            ),
        )
        .expect("ini");
        if let Some(user) = user {
            let ok = Command::new("chown").args(["-R", user]).arg(dir.path()).status().expect("chown");
            assert!(ok.success());
        }
        let ini = dir.path().join("pgbouncer.ini");
        run_as(user, dir.path(), &exe, &["-d", ini.to_str().expect("path")]);
        let direct = format!("postgres://postgres@127.0.0.1:{pg_port}/{name}");
        let bouncer = Bouncer { dir, port, direct };
        bouncer.wait_listening();
        Some(bouncer)
    }

    fn wait_listening(&self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(std::time::Instant::now() < deadline, "pgbouncer did not start: {}", self.log());
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("pgbouncer.log")).unwrap_or_default()
    }

    /// The last lines of its log, but for its once-a-minute statistics.
    pub(super) fn log_tail(&self) -> Vec<String> {
        let log = self.log();
        let lines: Vec<&str> = log.lines().filter(|l| !l.contains(" stats: ")).collect();
        lines[lines.len().saturating_sub(60)..].iter().map(|l| (*l).to_owned()).collect()
    }

    /// The URL of the database through the bouncer.
    pub(super) fn url(&self) -> String {
        let name = self.direct.rsplit('/').next().unwrap_or_default();
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Bouncer {
    fn drop(&mut self) {
        let pid = std::fs::read_to_string(self.dir.path().join("pgbouncer.pid")).unwrap_or_default();
        if let Ok(pid) = pid.trim().parse::<u32>() {
            let _ = Command::new("kill").args(["-TERM", &pid.to_string()]).status();
        }
    }
}

/// Saves the first game's example through the server at `addr` as the player at `player` (the balancer's
/// X-Forwarded-For): the status, and the id and edit token when saved.
async fn save_as(addr: &str, player: &str) -> (u16, Option<(String, String)>) {
    let game = drydock::web::registry::games().next().expect("a game");
    let res = reqwest::Client::new()
        .post(format!("http://{addr}/api{}", game.path))
        .header("content-type", "application/json")
        .header("x-forwarded-for", player)
        .body(game.example)
        .send()
        .await
        .expect("save");
    let status = res.status().as_u16();
    let v: serde_json::Value = res.json().await.unwrap_or_default();
    let saved = v["id"].as_str().zip(v["edit_token"].as_str()).map(|(i, t)| (i.to_owned(), t.to_owned()));
    (status, saved)
}

async fn behind(mode: Mode) {
    let Some(bouncer) = Bouncer::start(mode).await else { return };
    let mut options = vec!["--writes-per-minute", "6", "--write-burst", "3", "--trusted-proxy", "127.0.0.1"];
    options.extend(super::PATIENT);
    let mut settings = drydock::store::PgSettings::DEFAULT;
    if mode == Mode::Transaction {
        // Migrated apart, on a direct connection, as a transaction pooler needs (a session
        // pooler lets the instances migrate at start themselves).
        let out = Command::new(env!("CARGO_BIN_EXE_drydock"))
            .args(["migrate", "--database", &bouncer.direct])
            .output()
            .expect("drydock migrate");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        options.extend(["--db-transaction-pooling", "--no-migrate"]);
        settings.transaction_pooling = true;
    }
    let options: Vec<String> = options.into_iter().map(str::to_owned).collect();
    let url = bouncer.url();
    let (a, b) = tokio::task::spawn_blocking(move || {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        (start_with(&url, &options), start_with(&url, &options))
    })
    .await
    .expect("two instances");

    // Saves from twelve players at once, through both instances, over the bouncer's two server
    // connections: every one acknowledged and stored.
    let mut saving = Vec::new();
    for p in 0..12 {
        let server = if p % 2 == 0 { a.addr.clone() } else { b.addr.clone() };
        saving.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in 0..3 {
                let (status, saved) = save_as(&server, &format!("203.0.113.{p}")).await;
                assert_eq!(status, 201, "{mode:?}: a save");
                ids.extend(saved.map(|(id, _)| id));
            }
            ids
        }));
    }
    let mut ids = Vec::new();
    for s in saving {
        ids.extend(s.await.expect("savers"));
    }
    assert_eq!(ids.len(), 36);
    let store = drydock::store::open_with(
        &drydock::store::Location::Postgres(bouncer.url()),
        &drydock::store::Open { migrate: false, pg: settings },
    )
    .await
    .expect("the store through the bouncer");
    for id in &ids {
        assert!(
            drydock::store::builds::get(&store, id).await.expect("read").is_some(),
            "{mode:?}: {id} lost"
        );
    }

    // The write limit is one allowance across both: a fourth save from a player is refused.
    assert_eq!(save_as(&a.addr, "203.0.113.1").await.0, 429, "{mode:?}: the write limit");

    // A share page kept by one instance is drawn anew after the other saves a change.
    let game = drydock::web::registry::games().next().expect("a game");
    let client = reqwest::Client::new();
    let (id, token) =
        save_through_api(&client, &format!("http://{}", a.addr), game, &doc(game, "Before")).await;
    let page = format!("http://{}{}/{id}", b.addr, game.path);
    for _ in 0..2 {
        assert!(client.get(&page).send().await.expect("get").text().await.expect("text").contains("Before"));
    }
    let res = client
        .put(format!("http://{}/api{}/{id}", a.addr, game.path))
        .header("x-edit-token", &token)
        .json(&doc(game, "After"))
        .send()
        .await
        .expect("update");
    assert_eq!(res.status(), 200);
    let now = client.get(&page).send().await.expect("get").text().await.expect("text");
    assert!(now.contains("After"), "{mode:?}: a stale share page behind the bouncer");

    // Synchronous commits, although the database's default is off: asked on many of the
    // store's statements at once, as the bouncer hands them to its server connections.
    let mut asks = Vec::new();
    for _ in 0..24 {
        let store = store.clone();
        asks.push(tokio::spawn(async move {
            let drydock::store::Db::Postgres(pg) = &store else { panic!("PostgreSQL") };
            pg.settings_in_effect().await.expect("settings").0
        }));
    }
    for ask in asks {
        assert_eq!(ask.await.expect("ask"), "on", "{mode:?}: synchronous_commit lost behind the bouncer");
    }
    // ...where a connection that does not set it gets the database's off, through the same bouncer.
    let mut plain =
        sqlx::PgConnection::connect_with(&drydock::store::pg::connect_options(&bouncer.url()).expect("url"))
            .await
            .expect("a plain connection");
    // As one simple query: a prepared one could meet another server connection between its
    // two round trips, as the app's would without --db-transaction-pooling.
    let row = sqlx::raw_sql("SHOW synchronous_commit").fetch_one(&mut plain).await.expect("show");
    let default: String = sqlx::Row::try_get(&row, 0).expect("a setting");
    assert_eq!(default, "off");
    // And the instances said what they run with when they started.
    let said: Vec<String> = a.before.iter().cloned().chain(a.output.try_iter()).collect();
    assert!(said.iter().any(|l| l.contains("synchronous_commit=on")), "{said:?}");
    store.close().await;
}

/// A document of `game` named `name`.
fn doc(game: &drydock::games::registry::Game, name: &str) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(game.example).expect("example");
    doc["name"] = serde_json::Value::from(name);
    doc
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drydock_works_behind_pgbouncer_pooling_by_transaction() {
    behind(Mode::Transaction).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drydock_works_behind_pgbouncer_pooling_by_session() {
    behind(Mode::Session).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_transaction_pooler_without_the_option_the_log_names_it() {
    let Some(bouncer) = Bouncer::start(Mode::Transaction).await else { return };
    let out = Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(["migrate", "--database", &bouncer.direct])
        .output()
        .expect("drydock migrate");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let url = bouncer.url();
    let server = tokio::task::spawn_blocking(move || {
        start_with(&url, &[&["--no-migrate", "--writes-per-minute", "0"][..], super::PATIENT].concat())
    })
    .await
    .expect("instance");
    // Cached statements meet server connections they were not prepared on.
    let mut saving = Vec::new();
    for p in 0..12 {
        let addr = server.addr.clone();
        saving.push(tokio::spawn(async move {
            let mut statuses = Vec::new();
            for _ in 0..4 {
                statuses.push(save_as(&addr, &format!("198.51.100.{p}")).await.0);
            }
            statuses
        }));
    }
    let mut statuses = Vec::new();
    for s in saving {
        statuses.extend(s.await.expect("savers"));
    }
    assert!(statuses.contains(&500), "{statuses:?}");
    let said: Vec<String> = server.before.iter().cloned().chain(server.output.try_iter()).collect();
    assert!(said.iter().any(|l| l.contains("--db-transaction-pooling")), "{said:?}");
}
