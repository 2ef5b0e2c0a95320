//! The binary itself: its options, its database, its shutdown.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `drydock` process and the address it reported.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub output: std::sync::mpsc::Receiver<String>,
}

/// Starts the real binary on a free port with the given database file, and waits until it says
/// where it is serving.
pub fn start(database: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(["--bind", "127.0.0.1:0", "--database"])
        .arg(database)
        .env("RUST_LOG", "info")
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
    let mut server = Server { child, addr: String::new(), output: rx };
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

pub fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill").arg(format!("-{sig}")).arg(child.id().to_string()).status().expect("kill");
    assert!(ok.success());
}

#[test]
fn help_lists_the_bind_and_database_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_drydock")).arg("--help").output().expect("run --help");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for want in ["--bind", "DRYDOCK_BIND", "127.0.0.1:3000", "--database", "DRYDOCK_DATABASE", "drydock.db"] {
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
    let said: Vec<String> = server.output.try_iter().collect();
    assert!(said.iter().any(|l| l.contains("stopped cleanly")), "{said:?}");
}

mod reqwest {
    /// A GET without an async runtime, for the process tests.
    pub fn blocking_get(url: &str) -> String {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        rt.block_on(async { ::reqwest::get(url).await.expect("get").text().await.expect("text") })
    }
}
