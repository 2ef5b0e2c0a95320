//! Sustained saves, and the check that none that were acknowledged are lost.
//!
//! Load: CLIENTS connections each POST a boat design to `/api/boats` as fast as the server
//! answers, for DURATION; prints saves/s, p50/p99 latency and every error, and writes the id of
//! each save answered 201 to IDFILE, one a line (only those: a save is acknowledged when the
//! client has its id).
//!
//!   cargo bench --bench writes -- 127.0.0.1:3903 32 60s acked.txt [DESIGN.json]
//!
//! Verify: opens the SQLite file as Drydock does (recovering its WAL, as after a crash) and
//! checks that every id in the files is stored; exits non-zero naming the missing ones.
//!
//!   cargo bench --bench writes -- --verify drydock.db acked.txt more.txt
//!
//! scripts/bench.sh runs both: a long load, then a short one during which the server is killed.

use anyhow::{Context, bail};
use axum::body::Bytes;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::time::Instant;

/// The Minnow, as scripts/bench.sh saves it; used when no design file is given.
const MINNOW: &str = r#"{"name":"Minnow","hull":"dinghy","plant":"medium","propellers":[{},{}],"crew":[{"role":"pilot"},{"role":"passenger","count":2}],"weapons":[{"weapon":"mml","mount":"F","ammo":"ap"},{"weapon":"mg","mount":"B","ammo":"hd"}],"accessories":[{"item":"targeting-computer"},{"item":"marine-radio"}],"armor":{"type":"fireproof","points":{"F":12,"R":10,"L":10,"B":10,"U":10}}}"#;

/// A request that takes longer than this counts as an error (the server's own timeout is 10 s).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// After a connection error, wait this long before the next try, so a client facing a dead
/// server does not spin.
const RETRY_PAUSE: Duration = Duration::from_millis(20);

const USAGE: &str =
    "usage: writes ADDR CLIENTS DURATION IDFILE [DESIGN.json]\n       writes --verify DB IDFILE...";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // `cargo bench` passes `--bench` to harness-less benches; it is not ours.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    match args.as_slice() {
        [flag, db, files @ ..] if flag == "--verify" && !files.is_empty() => {
            verify(Path::new(db), files).await
        }
        [addr, clients, duration, ids] => load(addr, clients, duration, ids, None).await,
        [addr, clients, duration, ids, design] => load(addr, clients, duration, ids, Some(design)).await,
        _ => bail!("{USAGE}"),
    }
}

/// What one client saw.
#[derive(Default)]
struct Tally {
    ids: Vec<String>,
    /// Latency of each acknowledged save.
    latencies: Vec<Duration>,
    /// Answers other than 201, by status.
    refused: BTreeMap<u16, u64>,
    /// 201 answers without a readable id.
    unreadable: u64,
    /// Requests that got no answer (connection refused or reset, timeout).
    failed: u64,
    first_failure: Option<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.ids.extend(other.ids);
        self.latencies.extend(other.latencies);
        for (status, n) in other.refused {
            *self.refused.entry(status).or_default() += n;
        }
        self.unreadable += other.unreadable;
        self.failed += other.failed;
        if self.first_failure.is_none() {
            self.first_failure = other.first_failure;
        }
    }

    fn errors(&self) -> u64 {
        self.refused.values().sum::<u64>() + self.unreadable + self.failed
    }
}

async fn load(
    addr: &str,
    clients: &str,
    duration: &str,
    ids: &str,
    design: Option<&String>,
) -> anyhow::Result<()> {
    let clients: usize = clients.parse().with_context(|| format!("clients {clients:?}"))?;
    if clients == 0 {
        bail!("clients must be at least 1");
    }
    let duration = parse_duration(duration)?;
    let body: Bytes = match design {
        Some(path) => std::fs::read(path).with_context(|| format!("reading {path}"))?.into(),
        None => Bytes::from_static(MINNOW.as_bytes()),
    };
    let url = format!("http://{addr}/api/boats");
    let http = reqwest::Client::builder()
        .no_proxy()
        .timeout(REQUEST_TIMEOUT)
        .pool_max_idle_per_host(clients)
        .tcp_nodelay(true)
        .build()?;

    let started = Instant::now();
    let deadline = started + duration;
    let workers: Vec<_> = (0..clients)
        .map(|_| tokio::spawn(client(http.clone(), url.clone(), body.clone(), deadline)))
        .collect();
    let mut all = Tally::default();
    for w in workers {
        all.merge(w.await?);
    }
    let elapsed = started.elapsed();

    let mut out =
        std::io::BufWriter::new(std::fs::File::create(ids).with_context(|| format!("creating {ids}"))?);
    for id in &all.ids {
        writeln!(out, "{id}")?;
    }
    out.flush()?;

    all.latencies.sort_unstable();
    let saves = all.ids.len();
    println!(
        "{saves} saves in {:.1} s by {clients} clients: {:.0} saves/s, p50 {}, p99 {}, errors {}",
        elapsed.as_secs_f64(),
        saves as f64 / elapsed.as_secs_f64(),
        percentile(&all.latencies, 50.0),
        percentile(&all.latencies, 99.0),
        all.errors(),
    );
    for (status, n) in &all.refused {
        println!("  {n} answered {status}");
    }
    if all.unreadable > 0 {
        println!("  {} answered 201 without an id", all.unreadable);
    }
    if all.failed > 0 {
        println!("  {} got no answer (first: {})", all.failed, all.first_failure.as_deref().unwrap_or("?"));
    }
    if saves == 0 {
        // Nothing to check afterwards: say so rather than let "all present" pass for a check.
        bail!("no save was acknowledged");
    }
    Ok(())
}

/// One connection's loop: save, note the answer, again, until the deadline.
async fn client(http: reqwest::Client, url: String, body: Bytes, deadline: Instant) -> Tally {
    let mut t = Tally::default();
    while Instant::now() < deadline {
        let sent = Instant::now();
        let answer = http
            .post(&url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.clone())
            .send()
            .await;
        let answer = match answer {
            Ok(a) => a,
            Err(e) => {
                t.failed += 1;
                t.first_failure.get_or_insert_with(|| error_chain(&e));
                tokio::time::sleep(RETRY_PAUSE).await;
                continue;
            }
        };
        let status = answer.status().as_u16();
        let text = match answer.bytes().await {
            Ok(b) => b,
            Err(e) => {
                // The status came but not the whole answer: not acknowledged.
                t.failed += 1;
                t.first_failure.get_or_insert_with(|| error_chain(&e));
                continue;
            }
        };
        let took = sent.elapsed();
        if status != 201 {
            *t.refused.entry(status).or_default() += 1;
            continue;
        }
        match serde_json::from_slice::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v["id"].as_str().map(str::to_owned))
        {
            Some(id) => {
                t.ids.push(id);
                t.latencies.push(took);
            }
            None => t.unreadable += 1,
        }
    }
    t
}

/// "reqwest error: connection refused" rather than only the outermost words.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

async fn verify(db: &Path, files: &[String]) -> anyhow::Result<()> {
    let mut acked = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).with_context(|| format!("reading {f}"))?;
        acked.extend(text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned));
    }
    // Opening creates a missing file: a mistyped path would read as "every save lost".
    if !db.is_file() {
        bail!("no database at {}", db.display());
    }
    let pool = drydock::store::open(db).await.with_context(|| format!("opening {}", db.display()))?;
    // Reopened after the crash: SQLite has recovered the WAL but not yet folded it back.
    println!("WAL after reopening: {}", wal_size(db));
    let stored: Vec<String> = sqlx::query_scalar("SELECT id FROM builds").fetch_all(&pool).await?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&pool).await?;
    pool.close().await;

    let stored: HashSet<String> = stored.into_iter().collect();
    let missing: Vec<&String> = acked.iter().filter(|id| !stored.contains(*id)).collect();
    println!("integrity check: {integrity}; {} builds stored", stored.len());
    if missing.is_empty() && integrity == "ok" {
        println!("{} acknowledged saves, all present", acked.len());
        return Ok(());
    }
    if !missing.is_empty() {
        println!("{} of {} acknowledged saves MISSING:", missing.len(), acked.len());
        for id in missing {
            println!("  {id}");
        }
    }
    std::process::exit(1);
}

/// The size of the database's `-wal` file, or "none" when there is none.
fn wal_size(db: &Path) -> String {
    let mut wal = PathBuf::from(db).into_os_string();
    wal.push("-wal");
    match std::fs::metadata(&wal) {
        Ok(m) => format!("{} bytes ({:.1} MB)", m.len(), m.len() as f64 / 1_048_576.0),
        Err(_) => "none".to_owned(),
    }
}

/// "60s", "500ms", "2m" or bare seconds ("60").
fn parse_duration(s: &str) -> anyhow::Result<Duration> {
    let bad = || anyhow::anyhow!("duration {s:?}: use 60s, 500ms, 2m or a number of seconds");
    let (n, unit) = match s.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let n: f64 = n.parse().map_err(|_| bad())?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => return Err(bad()),
    };
    Duration::try_from_secs_f64(secs).map_err(|_| bad())
}

/// The latency at percentile `p` of sorted `xs`, in milliseconds.
fn percentile(xs: &[Duration], p: f64) -> String {
    if xs.is_empty() {
        return "n/a".to_owned();
    }
    let rank = ((p / 100.0) * xs.len() as f64).ceil() as usize;
    let d = xs[rank.clamp(1, xs.len()) - 1];
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}
