//! Kept share pages under other spellings of their address: the real binary, its resident
//! memory read from /proc while a client asks for one large page under 1,500 spellings.

use crate::process::{save_through_api, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A 26 by 20 Samurai board with as many units as a document may hold beside its two rows of
/// land (198: 200 entries), on the odd rows' hexes, both sides: its share page is over 300 KB.
fn full_board() -> Value {
    let columns: Vec<char> = ('A'..='Z').collect();
    let mut units = Vec::new();
    'rows: for row in (1..=20).step_by(2) {
        for (k, col) in columns.iter().enumerate() {
            if units.len() == drydock::games::bounds::MAX_ENTRIES - 2 {
                break 'rows;
            }
            let side = if row < 10 { "a" } else { "b" };
            let kind = ["ashigaru-spearmen", "samurai-naginata", "ashigaru-bow", "sohei-warriors"][k % 4];
            units.push(json!({"side": side, "hex": format!("{col}{row}"), "type": kind, "close": 3}));
        }
    }
    json!({
        "name": "The whole coast",
        "board": {"width": 26, "rows": 20},
        "wind": ["e"],
        "terrain": ["LLLLLLLLLLLLLLLLLLLLLLLLLL", "LLLLLLLLLLLL"],
        "units": units,
    })
}

/// The id with the letters `n`'s bits choose percent-encoded: `n` from 1 to 2,047 gives a
/// different spelling of the same address each.
fn spelled(id: &str, n: usize) -> String {
    id.bytes()
        .enumerate()
        .map(|(k, b)| if (n >> k) & 1 == 1 { format!("%{b:02X}") } else { char::from(b).to_string() })
        .collect()
}

/// The server's resident memory in KiB (`VmRSS` in /proc/PID/status).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the server's status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_large_page_asked_for_under_many_spellings_is_kept_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start(dir.path().join("kept.db"));
    let base = format!("http://{}", server.addr);
    let client =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let game = &drydock::games::samurai::GAME;
    let (id, _token) = save_through_api(&reqwest::Client::new(), &base, game, &full_board()).await;
    let own = format!("{}/{id}", game.path);

    let page = client.get(format!("{base}{own}")).send().await.expect("get");
    assert_eq!(page.status(), StatusCode::OK);
    let page = page.text().await.expect("page");
    assert!(page.len() > 300_000, "the page is large: {} bytes", page.len());

    // Every spelling: the share page's letters percent-encoded, its printed page's, doubled
    // and trailing slashes, and queries the page ignores.
    let mut addresses: Vec<String> =
        (1..=1500).map(|n| format!("{}/{}", game.path, spelled(&id, n))).collect();
    addresses.extend((1..=100).map(|n| format!("{}/{}/{}", game.path, spelled(&id, n), game.print)));
    addresses.extend((1..=50).map(|n| format!("{}{}/{id}", "/".repeat(n % 5 + 2), &game.path[1..])));
    addresses.extend((1..=50).map(|n| format!("{own}{}", "/".repeat(n % 5 + 1))));
    addresses.extend((1..=50).map(|n| format!("{own}?v={n}")));
    let addresses = Arc::new(addresses);

    // Settle: the page kept, the allocator warmed by a few of each kind.
    for a in addresses.iter().step_by(100) {
        client.get(format!("{base}{a}")).header("accept-encoding", "br, gzip").send().await.expect("get");
    }
    let pid = server.child.id();
    let before = rss_kib(pid);

    let peak = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(usize::try_from(rss_kib(pid)).unwrap_or(usize::MAX), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let next = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..4 {
        let (client, base, addresses, next) = (client.clone(), base.clone(), addresses.clone(), next.clone());
        workers.push(tokio::spawn(async move {
            let mut answers = Vec::new();
            while let Some(a) = addresses.get(next.fetch_add(1, Ordering::Relaxed)) {
                let r = client.get(format!("{base}{a}")).header("accept-encoding", "br, gzip").send().await;
                let r = r.expect("get");
                let location = r.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_owned);
                answers.push((a.clone(), r.status(), location, r.bytes().await.expect("body").len()));
            }
            answers
        }));
    }
    let mut answers = Vec::new();
    for w in workers {
        answers.extend(w.await.expect("worker"));
    }
    done.store(true, Ordering::Relaxed);
    sampler.join().expect("sampler");
    let peak = peak.load(Ordering::Relaxed) as u64;
    eprintln!("resident memory: {before} KiB before, {peak} KiB at most during");
    assert!(
        peak <= before + 100 * 1024,
        "resident memory rose from {before} KiB to {peak} KiB under {} spellings of one page",
        addresses.len()
    );

    // Idle: the memory goes back near where it was.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_kib(pid);
    eprintln!("resident memory: {after} KiB after idling");
    assert!(after <= before + 30 * 1024, "resident memory {after} KiB after idling, {before} KiB before");

    // What each spelling got: the share page's spellings a small permanent redirect to its own
    // address (query kept off, never a copy of the page); the printed page itself; a query the
    // page ignores, the kept page.
    for (a, status, location, len) in &answers {
        if a.ends_with(game.print) || a.contains("?v=") {
            assert_eq!(*status, StatusCode::OK, "{a}");
        } else {
            assert_eq!(*status, StatusCode::PERMANENT_REDIRECT, "{a}");
            assert_eq!(location.as_deref(), Some(own.as_str()), "{a}");
            assert!(*len < 2048, "{a}: a redirect of {len} bytes");
        }
    }
    // A browser following one lands on the page.
    let follows = reqwest::Client::new();
    let landed = follows.get(format!("{base}{}", addresses[7])).send().await.expect("get");
    assert_eq!(landed.url().path(), own);
    assert_eq!(landed.text().await.expect("page"), page);
}
