//! Several instances on one PostgreSQL database, as behind a load balancer: the real binary,
//! twice, on one schema of the test server. What one instance writes, the other reads at once;
//! saves through both at the same time are all kept; killing one mid-burst loses no save it
//! acknowledged; edit tokens and the write limit hold across them.
//!
//! Skipped (with a line saying so) when no PostgreSQL server was started, except under CI, where
//! that is an error (store::testing::postgres_url).

use crate::pgserver::OwnServer;
use crate::process::{Server, save_through_api, save_until_killed, signal, start_with};
use drydock::store::testing::{self, Fresh};
use reqwest::StatusCode;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A PostgreSQL store and two instances on it, started with `options`.
async fn two_instances(options: &[&str]) -> Option<(Fresh, Server, Server)> {
    let store = testing::postgres().await?;
    // Patient with the database: these tests are about what two instances keep, not how
    // quickly they give up on a busy machine.
    let options = [options, crate::process::PATIENT_DB].concat();
    let a = start_with(store.location.arg(), &options);
    let b = start_with(store.location.arg(), &options);
    Some((store, a, b))
}

fn url(server: &Server, path: &str) -> String {
    format!("http://{}{path}", server.addr)
}

/// Saves a build of the first game through `server`'s API: its id and edit token.
async fn save(client: &reqwest::Client, server: &Server, name: &str) -> (String, String) {
    let game = drydock::web::registry::games().next().expect("a game");
    let mut doc: Value = serde_json::from_str(game.example).expect("example");
    doc["name"] = Value::from(name);
    save_through_api(client, &url(server, ""), game, &doc).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_one_instance_writes_the_other_serves_at_once_never_a_stale_page() {
    let Some((_store, a, b)) = two_instances(&[]).await else { return };
    let game = drydock::web::registry::games().next().expect("a game");
    let owner = reqwest::Client::new();
    let visitor = reqwest::Client::new();
    let (id, token) = save(&owner, &a, "First name").await;
    let page = format!("{}/{id}", game.path);
    let mut doc: Value = serde_json::from_str(game.example).expect("example");

    for round in 0..15 {
        // The other instance draws the page and keeps it for visitors...
        let before = visitor.get(url(&b, &page)).send().await.expect("get").text().await.expect("text");
        let again = visitor.get(url(&b, &page)).send().await.expect("get").text().await.expect("text");
        assert_eq!(before, again, "kept");
        // ...one instance saves a change (the token works on either: the rounds alternate)...
        let name = format!("Name {round}");
        doc["name"] = Value::from(name.as_str());
        let writer = if round % 2 == 0 { &a } else { &b };
        let res = owner
            .put(url(writer, &format!("/api{page}")))
            .header("x-edit-token", &token)
            .json(&doc)
            .send()
            .await
            .expect("update");
        assert_eq!(res.status(), StatusCode::OK);
        // ...and the moment it is acknowledged, both serve the new page.
        for reader in [&b, &a] {
            let now = visitor.get(url(reader, &page)).send().await.expect("get").text().await.expect("text");
            assert!(now.contains(&name), "round {round}: a stale page after the save was acknowledged");
        }
    }

    // A copy made through one shows on its original's page at the other.
    let res = crate::support::stranger().post(url(&a, &format!("{page}/fork"))).send().await.expect("fork");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "to the copy's editor");
    let original = visitor.get(url(&b, &page)).send().await.expect("get").text().await.expect("text");
    assert!(original.contains("1 copy made"), "the other instance counts the copy at once");
    // Deleted through one: gone at the other, at once.
    let res = owner.delete(url(&a, &format!("/api/builds/{id}"))).header("x-edit-token", &token).send().await;
    assert_eq!(res.expect("delete").status(), StatusCode::OK);
    let res = visitor.get(url(&b, &page)).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::GONE);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saves_through_both_instances_at_once_are_all_kept() {
    let Some((store, a, b)) = two_instances(&["--writes-per-minute", "0"]).await else { return };
    let mut tasks = Vec::new();
    for c in 0..8 {
        let server = if c % 2 == 0 { a.addr.clone() } else { b.addr.clone() };
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let game = drydock::web::registry::games()
                .nth(c % drydock::web::registry::games().count())
                .expect("a game");
            let mut acked = Vec::new();
            for i in 0..20 {
                let mut doc: Value = serde_json::from_str(game.example).expect("example");
                doc["name"] = Value::from(format!("Client {c} save {i}"));
                let (id, _) = save_through_api(&client, &format!("http://{server}"), game, &doc).await;
                acked.push((id, game.path, format!("Client {c} save {i}")));
            }
            acked
        }));
    }
    let mut acked = Vec::new();
    for t in tasks {
        acked.extend(t.await.expect("savers"));
    }
    let ids: HashSet<&str> = acked.iter().map(|(id, _, _)| id.as_str()).collect();
    assert_eq!(ids.len(), 160, "every save has an id of its own");
    let stored = testing::int(&store.db, "SELECT COUNT(*) FROM builds", &[]).await;
    assert_eq!(stored, Some(160));
    // Each is served, under its own name, by the instance that did not save it as well.
    let client = reqwest::Client::new();
    for (id, path, name) in &acked {
        for server in [&a, &b] {
            let res = client.get(url(server, &format!("{path}/{id}"))).send().await.expect("get");
            assert_eq!(res.status(), StatusCode::OK);
            assert!(res.text().await.expect("text").contains(name.as_str()));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_one_instance_mid_burst_loses_no_acknowledged_save() {
    let Some((store, a, b)) = two_instances(&["--writes-per-minute", "0"]).await else { return };
    let on_a = Arc::new(AtomicUsize::new(0));
    let on_b = Arc::new(AtomicUsize::new(0));
    let saver_a = tokio::spawn(save_until_killed(a.addr.clone(), 4, on_a.clone()));
    let saver_b = tokio::spawn(save_until_killed(b.addr.clone(), 4, on_b.clone()));
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while on_a.load(Ordering::SeqCst) < 21 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    signal(&a.child, "KILL");
    // The survivor keeps saving for a moment after its neighbour died, then stops too.
    let after = on_b.load(Ordering::SeqCst);
    while on_b.load(Ordering::SeqCst) < after + 20 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    signal(&b.child, "KILL");
    let mut acked = saver_a.await.expect("savers on a");
    let from_a = acked.len();
    acked.extend(saver_b.await.expect("savers on b"));
    let from_b = acked.len() - from_a;
    // What the waits above reached, and no more: the survivor may not have saved at all before its
    // neighbour died, so it is held to twenty after.
    assert!(
        from_a > 20 && from_b >= after + 20,
        "both saved before the kills (a {from_a}; b {from_b}, {after} of them before a was killed)"
    );
    drop((a, b));

    for (id, _) in &acked {
        let found = drydock::store::builds::get(&store.db, id).await.expect("lookup");
        assert!(found.is_some(), "acknowledged save {id} was lost");
    }
    // A new instance on the same database serves them all.
    let c = start_with(store.location.arg(), &[]);
    let client = reqwest::Client::new();
    for (id, path) in acked.iter().step_by(7) {
        let res = client.get(url(&c, &format!("{path}/{id}"))).send().await.expect("get");
        assert_eq!(res.status(), StatusCode::OK, "{path}/{id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_write_limit_is_one_allowance_across_instances_per_client_behind_the_balancer() {
    let options = ["--writes-per-minute", "6", "--write-burst", "2", "--trusted-proxy", "127.0.0.1"];
    let Some((_store, a, b)) = two_instances(&options).await else { return };
    let game = drydock::web::registry::games().next().expect("a game");
    let client = reqwest::Client::new();
    let post = |server: &Server, player: &str| {
        client
            .post(url(server, &format!("/api{}", game.path)))
            .header("content-type", "application/json")
            .header("x-forwarded-for", player)
            .body(game.example)
            .send()
    };
    // The balancer sends one player's saves to either instance: two at once, then a wait.
    assert_eq!(post(&a, "203.0.113.1").await.expect("save").status(), StatusCode::CREATED);
    assert_eq!(post(&b, "203.0.113.1").await.expect("save").status(), StatusCode::CREATED);
    let refused = post(&a, "203.0.113.1").await.expect("save");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused.headers()["retry-after"].to_str().expect("text").parse().expect("seconds");
    assert!((1..=10).contains(&wait), "one save every 10 s: {wait}");
    assert_eq!(post(&b, "203.0.113.1").await.expect("save").status(), StatusCode::TOO_MANY_REQUESTS);
    // Another player behind the same balancer has an allowance of their own.
    assert_eq!(post(&b, "203.0.113.2").await.expect("save").status(), StatusCode::CREATED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_database_server_mid_burst_loses_no_acknowledged_save() {
    let Some(server) = OwnServer::new() else { return };
    let app = start_with(server.url(), &["--writes-per-minute", "0"]);
    let saved = Arc::new(AtomicUsize::new(0));
    let savers = tokio::spawn(save_until_killed(app.addr.clone(), 4, saved.clone()));
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while saved.load(Ordering::SeqCst) < 21 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    server.kill_main();
    // Every saver stops at its first refused save: the database is gone.
    let acked = savers.await.expect("savers");
    assert!(acked.len() > 20, "saves were acknowledged before the kill ({})", acked.len());

    // The server comes back, recovers from its log, and every acknowledged save is there; the
    // instance, never restarted, serves them again.
    server.start();
    let db =
        drydock::store::open_at(&drydock::store::Location::Postgres(server.url())).await.expect("reopen");
    for (id, _) in &acked {
        assert!(
            drydock::store::builds::get(&db, id).await.expect("lookup").is_some(),
            "acknowledged save {id} was lost"
        );
    }
    db.close().await;
    let client = reqwest::Client::new();
    let (id, path) = acked.last().expect("a save");
    let mut status = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..50 {
        status = client.get(url(&app, &format!("{path}/{id}"))).send().await.expect("get").status();
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "while it reconnects: 503, never 500");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, StatusCode::OK, "the instance reconnects by itself");
}
