//! The binary itself: its options, its database, its shutdown.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A running `drydock` process and the address it reported.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub output: std::sync::mpsc::Receiver<String>,
    /// What it printed up to the line saying where it serves.
    pub before: Vec<String>,
}

/// Options for an instance in a test about what it does rather than how quickly it gives up on
/// its PostgreSQL database: as patient as the tests' own stores (`testing::PATIENT`), since tests
/// share two busy cores with whole builds. The outage tests use the binary's quick defaults.
pub const PATIENT_DB: &[&str] = &["--db-statement-timeout", "10s", "--db-acquire-timeout", "10s"];

/// Starts the real binary on a free port with the given database file, and waits until it says
/// where it is serving.
pub fn start(database: impl AsRef<std::ffi::OsStr>) -> Server {
    start_with(database, &[])
}

/// As [`start`], with more options; returns once the server is ready (its `/readyz` says so: a
/// PostgreSQL store connects and migrates after the server starts answering).
pub fn start_with(database: impl AsRef<std::ffi::OsStr>, options: &[&str]) -> Server {
    ready(start_unready(database, options))
}

/// As [`start`], logging as `rust_log` says (a `RUST_LOG` value), whatever `DRYDOCK_TEST_LOG` is.
pub fn start_logging(database: impl AsRef<std::ffi::OsStr>, rust_log: &str) -> Server {
    ready(launch(database, &[], rust_log))
}

/// `server`, once its `/readyz` says it is ready.
fn ready(server: Server) -> Server {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while readiness(&server.addr) != Some(200) {
        assert!(
            std::time::Instant::now() < deadline,
            "the server at {} never became ready; it said:\n{}",
            server.addr,
            server.before.iter().cloned().chain(server.output.try_iter()).collect::<Vec<_>>().join("\n")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    server
}

/// The status `/readyz` answers at `addr` ("127.0.0.1:port"), if it answers: asked over a plain
/// socket, so it works inside and outside an async runtime.
pub fn readiness(addr: &str) -> Option<u16> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    stream.write_all(b"GET /readyz HTTP/1.1\r\nHost: drydock\r\nConnection: close\r\n\r\n").ok()?;
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

/// As [`start_with`], without waiting for the store: returns once the server says where it
/// serves. It logs at `info`, or as `DRYDOCK_TEST_LOG` says (`info,sqlx::query=debug` shows
/// every statement, in [`Server::output`]).
pub fn start_unready(database: impl AsRef<std::ffi::OsStr>, options: &[&str]) -> Server {
    let log = std::env::var("DRYDOCK_TEST_LOG").unwrap_or_else(|_| "info".into());
    launch(database, options, &log)
}

/// The binary started with `options`, logging as `rust_log` says; returned once it says where it
/// serves.
fn launch(database: impl AsRef<std::ffi::OsStr>, options: &[&str], rust_log: &str) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(["--bind", "127.0.0.1:0"])
        .args(options)
        .arg("--database")
        .arg(database)
        .env("RUST_LOG", rust_log)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start drydock");
    let (tx, rx) = std::sync::mpsc::channel();
    let streams = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    ];
    let mut server = Server { child, addr: String::new(), output: rx, before: Vec::new() };
    for stream in streams.into_iter().flatten() {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while server.addr.is_empty() {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = server.output.recv_timeout(left).expect("server announces its address");
        if let Some(rest) = line.split("address=").nth(1) {
            server.addr = rest.split_whitespace().next().unwrap_or("").to_owned();
        }
        server.before.push(line);
    }
    server
}

impl Drop for Server {
    /// A test that fails half-way never leaves a server running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Saves `doc` as a build of `game` through the API of the server at `base` ("http://addr"):
/// its id and edit token.
pub async fn save_through_api(
    client: &::reqwest::Client,
    base: &str,
    game: &drydock::games::registry::Game,
    doc: &serde_json::Value,
) -> (String, String) {
    let res = client.post(format!("{base}/api{}", game.path)).json(doc).send().await.expect("save");
    assert_eq!(res.status(), ::reqwest::StatusCode::CREATED);
    let v: serde_json::Value = res.json().await.expect("json");
    (v["id"].as_str().expect("id").to_owned(), v["edit_token"].as_str().expect("token").to_owned())
}

pub fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill").arg(format!("-{sig}")).arg(child.id().to_string()).status().expect("kill");
    assert!(ok.success());
}

#[test]
fn help_lists_the_bind_and_database_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_drydock")).arg("--help").output().expect("run --help");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for want in [
        "--bind",
        "DRYDOCK_BIND",
        "127.0.0.1:3000",
        "--database",
        "DRYDOCK_DATABASE",
        "drydock.db",
        "--public-url",
        "DRYDOCK_PUBLIC_URL",
        "--max-connections",
        "--header-timeout",
        "--idle-timeout",
        "--writes-per-minute",
        "--write-burst",
        "postgres://",
        "--trusted-proxy",
        "DRYDOCK_TRUSTED_PROXY",
        "export",
        "import",
        "migrate",
        "--no-migrate",
        "--db-max-connections",
        "--db-acquire-timeout",
        "--db-statement-timeout",
        "--db-transaction-pooling",
        "--page-cache-mib",
        "DRYDOCK_PAGE_CACHE_MIB",
        "--metrics-bind",
        "DRYDOCK_METRICS_BIND",
    ] {
        assert!(text.contains(want), "--help should mention {want}:\n{text}");
    }
}

#[test]
fn the_server_creates_and_migrates_its_database_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("fresh.db");
    assert!(!db.exists());
    let mut server = start(&db);
    assert!(db.exists(), "the database file is created on start");

    let body = reqwest::blocking_get(&format!("http://{}/api/boats/catalog", server.addr));
    assert!(body.contains("\"hulls\""));

    signal(&server.child, "TERM");
    let status = server.child.wait().expect("wait");
    assert!(status.success(), "exit status {status:?}");
    // Everything it printed: its pipes close when it exits, and the readers then hang up (what
    // is still in flight is waited for, not raced).
    let mut said: Vec<String> = Vec::new();
    while let Ok(line) = server.output.recv_timeout(Duration::from_secs(5)) {
        said.push(line);
    }
    assert!(said.iter().any(|l| l.contains("stopped cleanly")), "{said:?}");
}

#[tokio::test]
async fn links_are_written_with_the_public_url_and_posts_from_it_are_accepted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_with(dir.path().join("public.db"), &["--public-url", "https://drydock.example.org/"]);
    let client = ::reqwest::Client::new();
    let body = serde_json::to_string(&drydock::games::boats::examples::piranha()).expect("json");
    let res = client
        .post(format!("http://{}/api/boats", server.addr))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("save");
    assert_eq!(res.status(), ::reqwest::StatusCode::CREATED);
    let v: serde_json::Value = res.json().await.expect("json");
    let id = v["id"].as_str().expect("id");
    assert_eq!(v["url"], format!("https://drydock.example.org/boats/{id}"));
    assert!(v["edit_url"].as_str().unwrap_or("").starts_with("https://drydock.example.org/boats/"));
    let page = client.get(format!("http://{}/boats/{id}", server.addr)).send().await.expect("page");
    assert!(page.text().await.expect("text").contains(&format!("https://drydock.example.org/boats/{id}")));

    // A browser on the public site may post; one on the bound address is another site now.
    let form = [("hull", "dinghy"), ("name", "From the site")];
    for (origin, status) in [
        ("https://drydock.example.org", ::reqwest::StatusCode::SEE_OTHER),
        (&*format!("http://{}", server.addr), ::reqwest::StatusCode::FORBIDDEN),
    ] {
        let res = no_redirects()
            .post(format!("http://{}/boats", server.addr))
            .header("origin", origin)
            .form(&form)
            .send()
            .await
            .expect("post");
        assert_eq!(res.status(), status, "{origin}");
        if status == ::reqwest::StatusCode::SEE_OTHER {
            assert_cookies_are_secure(&res);
        }
    }
    // The site is reached over https: every cookie it sets is Secure (a saved build's, and an
    // edit link's adopted in another browser).
    let edit_url = v["edit_url"]
        .as_str()
        .unwrap_or("")
        .replace("https://drydock.example.org", &format!("http://{}", server.addr));
    let res = no_redirects().get(edit_url).send().await.expect("edit link");
    assert_eq!(res.status(), ::reqwest::StatusCode::SEE_OTHER);
    assert_cookies_are_secure(&res);
}

/// Every cookie the answer sets (at least one) is marked Secure.
fn assert_cookies_are_secure(res: &::reqwest::Response) {
    let cookies: Vec<&str> =
        res.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).collect();
    assert!(!cookies.is_empty(), "a cookie is set");
    for c in cookies {
        assert!(c.split(';').any(|a| a.trim() == "Secure"), "not Secure: {c}");
    }
}

#[test]
fn a_public_url_that_is_not_an_origin_stops_the_server_with_a_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(["--bind", "127.0.0.1:0", "--public-url", "drydock.example.org/boats", "--database"])
        .arg(tempfile::tempdir().expect("dir").path().join("x.db"))
        .output()
        .expect("run");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--public-url must be an origin"), "{said}");
}

fn no_redirects() -> ::reqwest::Client {
    ::reqwest::Client::builder().redirect(::reqwest::redirect::Policy::none()).build().expect("client")
}

mod reqwest {
    /// A GET without an async runtime, for the process tests.
    pub fn blocking_get(url: &str) -> String {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        rt.block_on(async { ::reqwest::get(url).await.expect("get").text().await.expect("text") })
    }
}

/// Saves designs as fast as `clients` connections allow until the server dies; returns the ids
/// whose save was acknowledged. `saved` counts the acknowledgements as they arrive.
/// Every game's builds are saved in turn.
pub async fn save_until_killed(
    addr: String,
    clients: usize,
    saved: Arc<AtomicUsize>,
) -> Vec<(String, String)> {
    let games: Vec<_> = drydock::web::registry::games().collect();
    let mut tasks = Vec::new();
    for c in 0..clients {
        let (addr, saved, games) = (addr.clone(), saved.clone(), games.clone());
        tasks.push(tokio::spawn(async move {
            let client = ::reqwest::Client::new();
            let mut acked = Vec::new();
            for turn in c.. {
                let game = games[turn % games.len()];
                let res = client
                    .post(format!("http://{addr}/api{}", game.path))
                    .header("content-type", "application/json")
                    .body(game.example)
                    .send()
                    .await;
                let Ok(res) = res else { break };
                if res.status() != ::reqwest::StatusCode::CREATED {
                    break;
                }
                match res.json::<serde_json::Value>().await {
                    Ok(v) => {
                        acked.push((v["id"].as_str().unwrap_or_default().to_owned(), game.path.to_owned()));
                        saved.fetch_add(1, Ordering::SeqCst);
                    }
                    Err(_) => break,
                }
            }
            acked
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap_or_default());
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_save_of_every_game_survives_sigkill_and_the_database_stays_sound() {
    // The store the test run is on: a SQLite file, or a PostgreSQL schema.
    let store = drydock::store::testing::chosen().await;
    // Writes unlimited: this is about durability under a burst; the limit has its own test.
    let server = start_with(store.location.arg(), &["--writes-per-minute", "0"]);
    let saved = Arc::new(AtomicUsize::new(0));
    let saver = tokio::spawn(save_until_killed(server.addr.clone(), 8, saved.clone()));
    // Let the burst run until more than 20 saves are acknowledged, then kill the server without
    // warning, mid-write.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while saved.load(Ordering::SeqCst) < 21 && !saver.is_finished() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    signal(&server.child, "KILL");
    let acked = saver.await.expect("savers");
    drop(server);
    assert!(acked.len() > 20, "the burst should have saved something before the kill ({})", acked.len());

    let db = drydock::store::open_at(&store.location).await.expect("reopen after the kill");
    if let drydock::store::Db::Sqlite(pool, _) = &db {
        let check: String =
            sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("integrity check");
        assert_eq!(check, "ok");
    }
    for (id, _) in &acked {
        let found = drydock::store::builds::get(&db, id).await.expect("lookup");
        assert!(found.is_some(), "acknowledged save {id} was lost ({})", db.backend());
    }
    // And the restarted server serves them, every game's.
    db.close().await;
    let again = start(store.location.arg());
    for game in drydock::web::registry::games() {
        let (id, path) = acked.iter().find(|(_, p)| p == game.path).expect("a save of every game");
        let res = ::reqwest::get(format!("http://{}{path}/{id}", again.addr)).await.expect("get");
        assert_eq!(res.status(), ::reqwest::StatusCode::OK, "{path}/{id}");
    }
}
