//! Counters an operator can scrape, in Prometheus text format at `/metrics` on a separate
//! address (`--metrics-bind`, off unless given; never on the public one): requests by route
//! class and status, their latency, kept share pages served, the database pool's connections,
//! and requests refused by a limit. Recorded with the `metrics` crate and rendered by
//! `metrics-exporter-prometheus`.
//!
//! Recording costs a request next to nothing: while no address is given, one flag read; with
//! one, a clock read, the route class worked out from the path (no string is built), and
//! increments of handles registered once (static labels, kept in statics), not looked up by name.
//! The figures that are states (pool, kept pages) are read when scraped.

use ::metrics::{Counter, Histogram, counter, describe_counter, describe_gauge, describe_histogram, gauge};
use axum::extract::Request;
use axum::response::Response;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether a recorder is installed (`--metrics-bind`): otherwise nothing is recorded.
static ON: AtomicBool = AtomicBool::new(false);

const REQUESTS: &str = "drydock_requests_total";
const LATENCY: &str = "drydock_request_duration_seconds";
const KEPT_HITS: &str = "drydock_kept_page_hits_total";
const KEPT_SENT: &str = "drydock_kept_page_sent_bytes_total";
const REFUSALS: &str = "drydock_refusals_total";

/// The latency histogram's buckets, in seconds.
const BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// Route classes, the `class` label: a share page (GET `/{game}/{id}`), an editor page
/// (`/{game}/new`, `/{game}/{id}/edit`), the live figures (`/{game}/live`), a printed page, an
/// export, another form post (saves, form redraws, battle orders), the JSON API, static files,
/// health probes, anything else (home, gallery, my builds, tools, unknown addresses).
const CLASSES: [&str; 10] =
    ["share", "editor", "live", "print", "export", "form", "api", "static", "health", "other"];

/// The statuses counted by their code, the `status` label; any other is counted by its class
/// ("2xx" ... "5xx").
const STATUSES: [u16; 22] = [
    200, 201, 204, 301, 302, 303, 304, 307, 308, 400, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429, 500,
    503,
];
const STATUS_LABELS: [&str; 26] = [
    "200", "201", "204", "301", "302", "303", "304", "307", "308", "400", "403", "404", "405", "408", "409",
    "410", "413", "415", "422", "429", "500", "503", "2xx", "3xx", "4xx", "5xx",
];

/// One request counter for each class and status, registered at its first use.
static REQUEST_COUNTERS: [[OnceLock<Counter>; STATUS_LABELS.len()]; CLASSES.len()] =
    [const { [const { OnceLock::new() }; STATUS_LABELS.len()] }; CLASSES.len()];
static LATENCIES: [OnceLock<Histogram>; CLASSES.len()] = [const { OnceLock::new() }; CLASSES.len()];
static KEPT: OnceLock<(Counter, Counter)> = OnceLock::new();

/// The class of a request (an index into [`CLASSES`]), from its method and address.
fn class(method: &axum::http::Method, path: &str) -> usize {
    let of = |name: &str| CLASSES.iter().position(|c| *c == name).unwrap_or(CLASSES.len() - 1);
    if path.starts_with("/api/") {
        return of("api");
    }
    if path.starts_with("/static/") {
        return of("static");
    }
    if path == "/healthz" || path == "/readyz" {
        return of("health");
    }
    let mut parts = path.split('/').skip(1);
    let (game, second, third) = (parts.next(), parts.next(), parts.next());
    let printed = |s: &str| super::kinds::games().any(|g| g.print == s);
    let read = *method == axum::http::Method::GET || *method == axum::http::Method::HEAD;
    let name = match (second, third) {
        _ if game.is_none_or(|g| !super::kinds::games().any(|x| x.path.strip_prefix('/') == Some(g))) => {
            "other"
        }
        (Some("live"), None) => "live",
        (Some(id), None) if read && crate::store::builds::looks_like_id(id) => "share",
        (Some("new"), None) | (Some(_), Some("edit")) => "editor",
        (Some(x), None) | (Some(_), Some(x)) if x.starts_with("export.") => "export",
        (Some(x), None) | (Some(_), Some(x)) if printed(x) => "print",
        _ if !read => "form",
        _ => "other",
    };
    of(name)
}

/// The index of a status in [`STATUS_LABELS`].
fn status_index(status: axum::http::StatusCode) -> usize {
    let code = status.as_u16();
    STATUSES
        .iter()
        .position(|s| *s == code)
        .unwrap_or_else(|| STATUSES.len() + usize::from(code / 100).clamp(2, 5) - 2)
}

/// Counts one request of class `class` answered `status` after `took`.
fn record(class: usize, status: axum::http::StatusCode, took: Duration) {
    let (Some(counters), Some(latency)) = (REQUEST_COUNTERS.get(class), LATENCIES.get(class)) else { return };
    let s = status_index(status);
    if let Some(cell) = counters.get(s) {
        cell.get_or_init(|| counter!(REQUESTS, "class" => CLASSES[class], "status" => STATUS_LABELS[s]))
            .increment(1);
    }
    latency
        .get_or_init(|| ::metrics::histogram!(LATENCY, "class" => CLASSES[class]))
        .record(took.as_secs_f64());
}

/// Counts a visit answered from the kept share pages, with the bytes its body sent.
pub fn kept_page(bytes: usize) {
    if !ON.load(Ordering::Relaxed) {
        return;
    }
    let (hits, sent) = KEPT.get_or_init(|| (counter!(KEPT_HITS), counter!(KEPT_SENT)));
    hits.increment(1);
    sent.increment(u64::try_from(bytes).unwrap_or(u64::MAX));
}

/// Counts a request refused by a limit: `kind` names the limit ("writes" for the write limit;
/// "judging", "connections" and any other limit name their own). Call it once per refusal,
/// with a fixed name (it is a label: a name made from the request would make series without end).
pub fn refused(kind: &'static str) {
    if ON.load(Ordering::Relaxed) {
        counter!(REFUSALS, "kind" => kind).increment(1);
    }
}

/// Every request the app answers, counted by [`record`] (the answer's headers are out; a body
/// still streaming is not waited for).
#[derive(Clone)]
pub struct Metered<S>(pub S);

pin_project_lite::pin_project! {
    /// A request's answer on its way, and what to count when it is ready (`None`: nothing).
    pub struct Timed<F> {
        #[pin]
        inner: F,
        started: Option<(usize, Instant)>,
    }
}

impl<F, E> std::future::Future for Timed<F>
where
    F: std::future::Future<Output = Result<Response, E>>,
{
    type Output = F::Output;

    fn poll(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        let this = self.project();
        let out = std::task::ready!(this.inner.poll(cx));
        if let (Some((class, at)), Ok(r)) = (this.started.take(), &out) {
            record(class, r.status(), at.elapsed());
        }
        std::task::Poll::Ready(out)
    }
}

impl<S> tower::Service<Request> for Metered<S>
where
    S: tower::Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Timed<S::Future>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), S::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let started =
            ON.load(Ordering::Relaxed).then(|| (class(req.method(), req.uri().path()), Instant::now()));
        Timed { inner: self.0.call(req), started }
    }
}

/// Installs the recorder every count goes to; from then on requests are counted. Once, at start.
pub fn install() -> anyhow::Result<metrics_exporter_prometheus::PrometheusHandle> {
    use metrics_exporter_prometheus::{Matcher, PrometheusBuilder};
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(LATENCY.to_owned()), &BUCKETS)?
        .install_recorder()?;
    describe_counter!(REQUESTS, "Requests answered, by route class and status.");
    describe_histogram!(
        LATENCY,
        ::metrics::Unit::Seconds,
        "Time to answer a request's headers, by route class."
    );
    describe_counter!(KEPT_HITS, "Share-page visits answered from the kept pages.");
    describe_counter!(
        KEPT_SENT,
        ::metrics::Unit::Bytes,
        "Body bytes of the visits answered from the kept pages."
    );
    describe_gauge!("drydock_kept_pages", "Share pages kept in memory.");
    describe_gauge!(
        "drydock_kept_page_bytes",
        ::metrics::Unit::Bytes,
        "Bytes the kept pages take (bounded by --page-cache-mib)."
    );
    describe_gauge!("drydock_db_pool_connections", "Database connections open in the pool.");
    describe_gauge!("drydock_db_pool_idle", "Database connections open and idle in the pool.");
    describe_counter!(REFUSALS, "Requests refused by a limit, by the limit's name.");
    ON.store(true, Ordering::Relaxed);
    Ok(handle)
}

/// Serves `/metrics` on `listener` until the process ends; everything else there is 404. The
/// states (the kept pages' count and bytes, as `pages` reads them; the pool) are read at each
/// scrape; the recorder's upkeep runs every few
/// seconds, so its histograms stay small however rarely it is scraped.
pub async fn serve(
    listener: tokio::net::TcpListener,
    handle: metrics_exporter_prometheus::PrometheusHandle,
    pages: impl Fn() -> (usize, usize) + Send + Sync + 'static,
    db: crate::store::Db,
) -> std::io::Result<()> {
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(5));
        loop {
            every.tick().await;
            upkeep.run_upkeep();
        }
    });
    let pages = std::sync::Arc::new(pages);
    let scrape = move || {
        let (kept, bytes) = pages();
        gauge!("drydock_kept_pages").set(kept as f64);
        gauge!("drydock_kept_page_bytes").set(bytes as f64);
        let (size, idle) = match &db {
            crate::store::Db::Sqlite(pool, _) => (pool.size(), pool.num_idle()),
            crate::store::Db::Postgres(store) => (store.pool().size(), store.pool().num_idle()),
        };
        gauge!("drydock_db_pool_connections").set(f64::from(size));
        gauge!("drydock_db_pool_idle").set(idle as f64);
        let body = handle.render();
        ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], body)
    };
    let app = axum::Router::new().route("/metrics", axum::routing::get(move || std::future::ready(scrape())));
    axum::serve(listener, app).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{Method, StatusCode};

    #[test]
    fn requests_are_classed_by_their_route() {
        // The games come from the assembly, as when the app is served.
        crate::web::install_games();
        let class_of = |m: &Method, p: &str| CLASSES[class(m, p)];
        assert_eq!(class_of(&Method::GET, "/boats/abcdefghijklmnop"), "share");
        assert_eq!(class_of(&Method::POST, "/boats/abcdefghijklmnop"), "form");
        assert_eq!(class_of(&Method::GET, "/samurai/abcdefghijklmnop/edit"), "editor");
        assert_eq!(class_of(&Method::GET, "/epic/new"), "editor");
        assert_eq!(class_of(&Method::POST, "/waffle/live"), "live");
        assert_eq!(class_of(&Method::GET, "/bfg/abcdefghijklmnop/export.txt"), "export");
        assert_eq!(class_of(&Method::GET, "/api/boats/catalog"), "api");
        assert_eq!(class_of(&Method::GET, "/static/drydock.css"), "static");
        assert_eq!(class_of(&Method::GET, "/readyz"), "health");
        assert_eq!(class_of(&Method::GET, "/gallery"), "other");
        assert_eq!(class_of(&Method::GET, "/nowhere/live"), "other");
        let print = crate::web::registry::games().next().map(|g| g.print).unwrap_or_default();
        assert_eq!(class_of(&Method::GET, &format!("/boats/abcdefghijklmnop/{print}")), "print");
    }

    #[test]
    fn statuses_are_counted_by_code_or_by_their_class() {
        assert_eq!(STATUS_LABELS[status_index(StatusCode::OK)], "200");
        assert_eq!(STATUS_LABELS[status_index(StatusCode::TOO_MANY_REQUESTS)], "429");
        assert_eq!(STATUS_LABELS[status_index(StatusCode::IM_A_TEAPOT)], "4xx");
        assert_eq!(STATUS_LABELS[status_index(StatusCode::BAD_GATEWAY)], "5xx");
        assert_eq!(STATUS_LABELS[status_index(StatusCode::CONTINUE)], "2xx");
        assert_eq!(STATUSES.len() + 4, STATUS_LABELS.len());
    }
}
