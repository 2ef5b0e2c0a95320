//! Many clients at once.

use crate::support::{spawn_unlimited, stored_count, stored_name};
use drydock::games::boats::examples;
use reqwest::StatusCode;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_two_clients_saving_and_reading_at_once_lose_nothing() {
    // Writes unlimited: this is about concurrency; the limit has its own test.
    let app = spawn_unlimited().await;
    let base = app.url("");
    let mut tasks = Vec::new();
    for c in 0..32 {
        let base = base.clone();
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut saved = Vec::new();
            for i in 0..8 {
                let mut d = examples::minnow();
                d.name = format!("Client {c} boat {i}");
                let res = client.post(format!("{base}/api/boats")).json(&d).send().await.expect("save");
                assert_eq!(res.status(), StatusCode::CREATED);
                let v: Value = res.json().await.expect("json");
                let id = v["id"].as_str().expect("id").to_owned();
                // Read it straight back, and read a page, while the others write.
                let v: Value = client
                    .get(format!("{base}/api/builds/{id}"))
                    .send()
                    .await
                    .expect("read")
                    .json()
                    .await
                    .expect("json");
                assert_eq!(v["name"], d.name);
                let page = client.get(format!("{base}/boats/{id}")).send().await.expect("page");
                assert_eq!(page.status(), StatusCode::OK);
                saved.push((id, d.name));
            }
            saved
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("client task"));
    }
    assert_eq!(all.len(), 256);
    let n = stored_count(&app).await;
    assert_eq!(n, 256);
    for (id, name) in &all {
        assert_eq!(&stored_name(&app, id).await, name);
    }
}
