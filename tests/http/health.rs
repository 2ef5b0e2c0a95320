//! `/healthz` and `/readyz` on an app whose store is up (SQLite, or PostgreSQL in the test
//! command's second pass); the not-ready side is in operations::startup and operations::outage.

use crate::support::spawn;

#[tokio::test]
async fn health_and_readiness_answer_json_and_are_never_cached() {
    let app = spawn().await;
    for (path, key, want) in [("/healthz", "status", "ok"), ("/readyz", "ready", "true")] {
        let res = app.client.get(app.url(path)).send().await.expect("request");
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
        let v: serde_json::Value = res.json().await.expect("json");
        assert_eq!(v[key].to_string().trim_matches('"'), want, "{path}: {v}");
    }
    // A load balancer may ask with HEAD.
    let head = app.client.head(app.url("/readyz")).send().await.expect("head");
    assert_eq!(head.status(), 200);
}
