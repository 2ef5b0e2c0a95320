//! Moving a store with the binary: `drydock export` out of a SQLite file, `drydock import` into
//! PostgreSQL, and back into a new SQLite file, losing nothing: every row the same (copies'
//! parents, tombstones, edit token hashes, times, battles), every link and edit token still
//! working on the new store; and an import that cannot be whole changes nothing.

use crate::process::{save_through_api, signal, start, start_with};
use drydock::store::testing;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::process::{Command, Output};

/// Runs `drydock ARGS --database AT`.
fn drydock(at: &drydock::store::Location, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_drydock"))
        .args(args)
        .arg("--database")
        .arg(at.arg())
        .output()
        .expect("run drydock")
}

fn ok(out: Output) -> String {
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{said}");
    said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_build_moves_from_sqlite_to_postgresql_and_back_unchanged() {
    let Some(pg) = testing::postgres().await else { return };
    let dir = tempfile::tempdir().expect("dir");
    let sqlite = testing::sqlite().await;

    // Arrange: a SQLite store as players leave it: every game's example, a copy, a deleted
    // build, a battle, one build unlisted.
    let server = start_with(sqlite.location.arg(), &["--writes-per-minute", "0"]);
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();
    let mut saved = Vec::new();
    for game in drydock::web::registry::games() {
        let doc: Value = serde_json::from_str(game.example).expect("example");
        let (id, token) = save_through_api(&client, &base, game, &doc).await;
        saved.push((game.path, id, token));
    }
    let no_redirects = crate::support::stranger();
    let (path, id, _) = &saved[0];
    let res = no_redirects.post(format!("{base}{path}/{id}/fork")).send().await.expect("fork");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (path, id, token) = &saved[1];
    let res = client.delete(format!("{base}/api/builds/{id}")).header("x-edit-token", token).send().await;
    assert_eq!(res.expect("delete").status(), StatusCode::OK, "{path}");
    let (_, id, token) = &saved[2];
    let res = client
        .patch(format!("{base}/api/builds/{id}"))
        .header("x-edit-token", token)
        .header("content-type", "application/json")
        .body("{\"listed\": false}")
        .send()
        .await;
    assert_eq!(res.expect("unlist").status(), StatusCode::OK);
    let (_, fleet, fleet_token) = saved.iter().find(|(p, _, _)| *p == "/bfg").expect("a fleet");
    let res = client
        .post(format!("{base}/api/bfg/{fleet}/battle"))
        .header("x-edit-token", fleet_token)
        .json(&json!({"action": "next_turn"}))
        .send()
        .await
        .expect("battle");
    assert_eq!(res.status(), StatusCode::OK);
    signal(&server.child, "TERM");
    drop(server);

    // Act: out of SQLite, into PostgreSQL, out again, into a new SQLite file, out again.
    let first = dir.path().join("from-sqlite.jsonl");
    let second = dir.path().join("from-postgres.jsonl");
    let third = dir.path().join("back-in-sqlite.jsonl");
    let path = |p: &std::path::Path| p.to_str().expect("utf-8 path").to_owned();
    let said = ok(drydock(&sqlite.location, &["export", "--to", &path(&first)]));
    assert!(said.contains("exported 6 builds and 1 battles"), "{said}");
    let said = ok(drydock(&pg.location, &["import", "--from", &path(&first)]));
    assert!(said.contains("imported 6 builds and 1 battles"), "{said}");
    ok(drydock(&pg.location, &["export", "--to", &path(&second)]));
    let back = testing::sqlite().await;
    ok(drydock(&back.location, &["import", "--from", &path(&second)]));
    ok(drydock(&back.location, &["export", "--to", &path(&third)]));

    // Assert: the same rows, byte for byte, all three times.
    let text = |p: &std::path::Path| std::fs::read_to_string(p).expect("export");
    assert_eq!(text(&first), text(&second), "PostgreSQL holds what SQLite held");
    assert_eq!(text(&first), text(&third), "and gives it back");
    assert_eq!(text(&first).lines().count(), 1 + 6 + 1);

    // And the moved store works: share pages, the tombstone, the copy's link, edit tokens.
    let moved = start(pg.location.arg());
    let base = format!("http://{}", moved.addr);
    for (path, id, _) in saved.iter().filter(|(_, id, _)| *id != saved[1].1) {
        let res = client.get(format!("{base}{path}/{id}")).send().await.expect("get");
        assert_eq!(res.status(), StatusCode::OK, "{path}/{id}");
    }
    let (path, id, _) = &saved[1];
    assert_eq!(
        client.get(format!("{base}{path}/{id}")).send().await.expect("get").status(),
        StatusCode::GONE
    );
    let (path, id, token) = &saved[0];
    let copy =
        testing::text(&pg.db, "SELECT id FROM builds WHERE parent_id = $1", &[id]).await.expect("copy");
    let page =
        client.get(format!("{base}{path}/{copy}")).send().await.expect("get").text().await.expect("text");
    assert!(page.contains(&format!("href=\"{path}/{id}\"")), "the copy still links its original");
    let game = drydock::web::registry::games().next().expect("a game");
    let res = client
        .put(format!("{base}/api{path}/{id}"))
        .header("x-edit-token", token)
        .header("content-type", "application/json")
        .body(game.example)
        .send()
        .await
        .expect("update");
    assert_eq!(res.status(), StatusCode::OK, "the edit token saved on SQLite works on PostgreSQL");
    let res = client.get(format!("{base}/api/bfg/{fleet}/battle")).send().await.expect("battle");
    assert_eq!(res.json::<Value>().await.expect("json")["battle"]["turn"], 2);
}

#[tokio::test]
async fn an_import_that_cannot_be_whole_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let store = testing::chosen().await;
    let one = drydock::store::builds::Content {
        kind: "boat",
        name: "Only one".into(),
        document: drydock::games::boats::GAME.example.into(),
        engine_version: 1,
        legal: true,
        summary: String::new(),
        facets: drydock::store::builds::Facets::default(),
    };
    drydock::store::builds::create(&store.db, &one, None, drydock::store::builds::Listing::Listed)
        .await
        .expect("save");
    let export = dir.path().join("export.jsonl");
    let export_arg = export.to_str().expect("utf-8").to_owned();
    ok(drydock(&store.location, &["export", "--to", &export_arg]));

    // Into the store it came from: every build is there already.
    let out = drydock(&store.location, &["import", "--from", &export_arg]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("line 2: build "), "{said}");
    assert!(
        said.contains("is already in this database (or earlier in the export): nothing was imported"),
        "{said}"
    );

    // A damaged export: its good lines are not imported either.
    let mut text = std::fs::read_to_string(&export).expect("export");
    text.push_str("{\"build\": {\"id\": 7}}\n");
    let fresh = testing::sqlite().await;
    std::fs::write(&export, text).expect("write");
    let out = drydock(&fresh.location, &["import", "--from", &export_arg]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 3"), "names the line");
    assert_eq!(testing::int(&fresh.db, "SELECT COUNT(*) FROM builds", &[]).await, Some(0));

    // Not an export at all; an export of a file that is not there.
    std::fs::write(&export, "id,name\n").expect("write");
    assert!(!drydock(&fresh.location, &["import", "--from", &export_arg]).status.success());
    let missing = drydock::store::Location::Sqlite(dir.path().join("no-such.db"));
    let out = drydock(&missing, &["export"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no database at"));
    assert!(!dir.path().join("no-such.db").exists(), "and does not create one");
}
