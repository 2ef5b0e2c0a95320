//! The operator's counters: the real binary with `--metrics-bind`, scraped as Prometheus would.

use crate::process::{Server, save_through_api, start_with};
use reqwest::StatusCode;

/// The metrics address the server announced at start.
fn metrics_address(server: &Server) -> String {
    server
        .before
        .iter()
        .find_map(|l| l.split("metrics=").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the server says where it serves metrics")
        .to_owned()
}

/// The value of the series named `name` whose labels include each of `labels` (`class="api"`).
fn value(scrape: &str, name: &str, labels: &[&str]) -> Option<f64> {
    scrape.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (series, v) = l.rsplit_once(' ')?;
        let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
        (metric == name && labels.iter().all(|want| rest.contains(want))).then(|| v.parse().ok())?
    })
}

/// A server started on a fresh database with `options` and metrics, with the boat example saved:
/// its site, its metrics address, the example and the saved build's id. The server lives as
/// long as the directory and the server returned.
async fn serving_the_example(
    options: &[&str],
) -> (tempfile::TempDir, Server, String, String, serde_json::Value, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let options: Vec<&str> = ["--metrics-bind", "127.0.0.1:0"].iter().chain(options).copied().collect();
    let server = start_with(dir.path().join("metrics.db"), &options);
    let (site, metrics) =
        (format!("http://{}", server.addr), format!("http://{}/metrics", metrics_address(&server)));
    let game = &drydock::games::boats::GAME;
    let doc: serde_json::Value = serde_json::from_str(game.example).expect("example");
    let (id, _) = save_through_api(&reqwest::Client::new(), &site, game, &doc).await;
    (dir, server, site, metrics, doc, id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_address_counts_requests_kept_pages_the_pool_and_refusals() {
    let limits = [
        "--writes-per-minute",
        "1",
        "--write-burst",
        "1",
        "--judging-per-second",
        "1",
        "--judging-burst",
        "1",
    ];
    let (_dir, _server, site, metrics, doc, id) = serving_the_example(&limits).await;
    let client = reqwest::Client::new();
    let game = &drydock::games::boats::GAME;
    // The second save is past the write limit.
    let refused = client.post(format!("{site}/api{}", game.path)).json(&doc).send().await.expect("save");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    for _ in 0..3 {
        let r = client.get(format!("{site}{}/{id}", game.path)).send().await.expect("share page");
        assert_eq!(r.status(), StatusCode::OK);
    }
    // The second check is past the judging limit.
    for want in [StatusCode::OK, StatusCode::TOO_MANY_REQUESTS] {
        let r = client.post(format!("{site}/api/boats/evaluate")).json(&doc).send().await.expect("check");
        assert_eq!(r.status(), want);
    }
    let r = client.get(format!("{site}/api{}/catalog", game.path)).send().await.expect("catalog");
    assert_eq!(r.status(), StatusCode::OK);
    // The public address has no /metrics.
    let r = client.get(format!("{site}/metrics")).send().await.expect("public /metrics");
    assert_eq!(r.status(), StatusCode::NOT_FOUND);

    let scrape = client.get(&metrics).send().await.expect("scrape");
    assert_eq!(scrape.status(), StatusCode::OK);
    assert!(scrape.headers()["content-type"].to_str().unwrap_or("").starts_with("text/plain"));
    let scrape = scrape.text().await.expect("text");
    let count = |name: &str, labels: &[&str]| value(&scrape, name, labels).unwrap_or(0.0);
    assert_eq!(count("drydock_requests_total", &["class=\"share\"", "status=\"200\""]), 3.0, "{scrape}");
    assert_eq!(count("drydock_requests_total", &["class=\"api\"", "status=\"201\""]), 1.0, "{scrape}");
    assert_eq!(count("drydock_requests_total", &["class=\"api\"", "status=\"429\""]), 2.0, "{scrape}");
    assert_eq!(count("drydock_requests_total", &["class=\"api\"", "status=\"200\""]), 2.0, "{scrape}");
    assert_eq!(count("drydock_requests_total", &["class=\"other\"", "status=\"404\""]), 1.0, "{scrape}");
    assert!(
        count("drydock_requests_total", &["class=\"health\"", "status=\"200\""]) >= 1.0,
        "readiness probes"
    );
    // The first visit drew the page; the next two were answered from the kept page.
    assert_eq!(count("drydock_kept_page_hits_total", &[]), 2.0, "{scrape}");
    assert!(count("drydock_kept_page_sent_bytes_total", &[]) > 1000.0, "{scrape}");
    assert_eq!(count("drydock_kept_pages", &[]), 1.0, "{scrape}");
    assert!(count("drydock_kept_page_bytes", &[]) > 1000.0, "{scrape}");
    assert_eq!(count("drydock_refusals_total", &["kind=\"writes\""]), 1.0, "{scrape}");
    assert_eq!(count("drydock_refusals_total", &["kind=\"judging\""]), 1.0, "{scrape}");
    assert!(count("drydock_db_pool_connections", &[]) >= 1.0, "{scrape}");
    assert!(value(&scrape, "drydock_db_pool_idle", &[]).is_some(), "{scrape}");
    // Latency is a histogram with buckets, by class.
    assert_eq!(count("drydock_request_duration_seconds_count", &["class=\"share\""]), 3.0, "{scrape}");
    assert_eq!(
        count("drydock_request_duration_seconds_bucket", &["class=\"share\"", "le=\"+Inf\""]),
        3.0,
        "{scrape}"
    );
    assert!(scrape.contains("# TYPE drydock_request_duration_seconds histogram"), "{scrape}");

    // Counters move with the requests.
    client.get(format!("{site}{}/{id}", game.path)).send().await.expect("share page");
    let again = client.get(&metrics).send().await.expect("scrape").text().await.expect("text");
    assert_eq!(value(&again, "drydock_kept_page_hits_total", &[]), Some(3.0), "{again}");
    // Only /metrics answers there.
    let other = client.get(metrics.replace("/metrics", "/")).send().await.expect("get");
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
}

/// A page no one has visited, visited by 32 at once (a link just shared): one visit draws it,
/// the other 31 wait for it and are answered from the kept page, every one the same page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_visited_by_many_at_once_is_drawn_once() {
    let (_dir, _server, site, metrics, doc, id) = serving_the_example(&[]).await;
    let client = reqwest::Client::new();
    let game = &drydock::games::boats::GAME;
    let visits: Vec<_> = (0..32)
        .map(|_| {
            // Each visitor on a connection of its own, as many browsers are.
            let (client, url) = (reqwest::Client::new(), format!("{site}{}/{id}", game.path));
            tokio::spawn(async move {
                let r = client.get(url).send().await.expect("share page");
                (r.status(), r.text().await.expect("body"))
            })
        })
        .collect();
    let mut pages = Vec::new();
    for v in visits {
        let (status, body) = v.await.expect("visit");
        assert_eq!(status, StatusCode::OK);
        pages.push(body);
    }
    let name = doc["name"].as_str().expect("the example is named");
    assert!(pages.iter().all(|p| *p == pages[0] && p.contains(name)), "every visitor saw the same page");
    let scrape = client.get(&metrics).send().await.expect("scrape").text().await.expect("text");
    assert_eq!(value(&scrape, "drydock_kept_page_hits_total", &[]), Some(31.0), "{scrape}");
    assert_eq!(value(&scrape, "drydock_kept_pages", &[]), Some(1.0), "{scrape}");
}

#[test]
fn without_the_option_nothing_listens_for_metrics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_with(dir.path().join("plain.db"), &[]);
    assert!(!server.before.iter().any(|l| l.contains("metrics=")), "{:?}", server.before);
}
