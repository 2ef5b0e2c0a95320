//! The nginx example (scripts/nginx-drydock.conf, only its ports changed, as scripts/bench.sh
//! --scale changes them) in front of one instance that is ready and one that is not (its
//! database never came): players are served by the ready one, and when no instance can answer
//! they get a 503 with Retry-After, never nginx's 502.

use crate::pgserver::{OwnServer, free_port};
use crate::process::{save_through_api, start_unready, start_with};
use drydock::store::testing;
use std::process::{Child, Command};

/// nginx running the example configuration in a directory of its own.
struct Nginx {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Drop for Nginx {
    /// A fast shutdown, which its workers go with (a killed master would leave them running).
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

fn nginx_exe() -> Option<&'static str> {
    let found = ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| std::path::Path::new(p).exists());
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "nginx is missing: scripts/test.sh installs it");
        testing::skipped("no nginx (scripts/test.sh installs it)");
    }
    found
}

/// Starts nginx with scripts/nginx-drydock.conf, its two instances at `a` and `b`
/// ("127.0.0.1:port").
fn nginx(exe: &str, a: &str, b: &str) -> Nginx {
    let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/nginx-drydock.conf"))
        .expect("the example");
    let port = free_port();
    let ours = example
        .replace("server 127.0.0.1:3001 ", &format!("server {a} "))
        .replace("server 127.0.0.1:3002 ", &format!("server {b} "))
        .replace("    listen 80;", &format!("    listen 127.0.0.1:{port};"));
    for want in [format!("server {a} "), format!("server {b} "), format!("listen 127.0.0.1:{port};")] {
        assert!(ours.contains(&want), "scripts/nginx-drydock.conf no longer has the lines the test rewrites");
    }
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path().display();
    // Its workers may run as nobody: they write their temporary files here.
    let temp = dir.path().join("temp");
    std::fs::create_dir(&temp).expect("temp");
    let _ = Command::new("chmod").args(["-R", "a+rwx"]).arg(dir.path()).status();
    std::fs::write(dir.path().join("drydock.conf"), ours).expect("conf");
    std::fs::write(
        dir.path().join("nginx.conf"),
        format!(
            "worker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/temp/body;\n  proxy_temp_path {d}/temp/proxy;\n  \
             include {d}/drydock.conf;\n}}\n"
        ),
    )
    .expect("nginx.conf");
    let child = Command::new(exe)
        .args(["-p", &d.to_string(), "-c"])
        .arg(dir.path().join("nginx.conf"))
        .args(["-g", "daemon off;"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start nginx");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(std::time::Instant::now() < deadline, "nginx did not start");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Nginx { child, port, _dir: dir }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_nginx_example_serves_from_ready_instances_and_never_answers_502() {
    let Some(exe) = nginx_exe() else { return };
    let Some(schema) = testing::postgres_schema().await else { return };
    let Some(away) = tokio::task::spawn_blocking(OwnServer::stopped).await.expect("server") else { return };
    let (ready, unready) = tokio::task::spawn_blocking(move || {
        (start_with(schema.arg(), &["--writes-per-minute", "0"]), start_unready(away.url(), &[]))
    })
    .await
    .expect("instances");
    let lb = nginx(exe, &ready.addr, &unready.addr);
    let base = format!("http://127.0.0.1:{}", lb.port);
    let client = reqwest::Client::new();
    let game = drydock::web::registry::games().next().expect("a game");
    let doc: serde_json::Value = serde_json::from_str(game.example).expect("example");
    let (id, _) = save_through_api(&client, &format!("http://{}", ready.addr), game, &doc).await;

    // Reads are served whichever instance nginx tries first: a 503 from the one not ready is
    // passed on to the other.
    for path in
        [format!("{}/{id}", game.path), "/gallery".into(), format!("/api/builds/{id}"), "/readyz".into()]
    {
        for _ in 0..6 {
            let res = client.get(format!("{base}{path}")).send().await.expect("get");
            assert_eq!(res.status(), 200, "{path}");
        }
    }
    // Saves: stored, or refused 503 by the instance not ready (never sent twice, never 502).
    let mut saved = 0;
    for _ in 0..8 {
        let res = client
            .post(format!("{base}/api{}", game.path))
            .header("content-type", "application/json")
            .body(game.example)
            .send()
            .await
            .expect("save");
        match res.status().as_u16() {
            201 => saved += 1,
            503 => assert!(res.headers().contains_key("retry-after")),
            other => panic!("a save through nginx answered {other}"),
        }
    }
    assert!(saved > 0, "no save reached the ready instance");

    // No instance can answer: 503 with Retry-After, saying so, never nginx's 502.
    drop(ready);
    for path in [format!("{}/{id}", game.path), "/readyz".into(), "/gallery".into()] {
        for _ in 0..4 {
            let res = client.get(format!("{base}{path}")).send().await.expect("get");
            assert_eq!(res.status(), 503, "{path}");
            assert!(res.headers().contains_key("retry-after"), "{path}");
        }
    }
}
