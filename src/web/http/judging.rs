//! Reads that make the server judge a document a client sends without saving it: live figures,
//! the editor drawn again, the checks, odds, tank shock, the unsaved exports and print pages.
//! They are free to ask, so two things keep one client from taking the server's CPU:
//!
//! - their own allowance per client (`--judging-per-second`, `--judging-burst`), far above what a
//!   player typing makes and apart from the write limit, counted as [`rate::client`] says who a
//!   client is; past it they are answered 429 with `Retry-After` (an htmx live update gets the
//!   message in its figures panel, the form untouched);
//! - a document over [`INLINE_BYTES`] is judged on a small pool of blocking threads, one
//!   fewer than the machine has cores, never on the runtime's workers, which go on answering
//!   everyone else's pages while it is judged.
//!
//! Every judging route's handler is [`judged`]; what it needs (the counts, the pool) is in the
//! app's state ([`WithJudges`]), made once by the app from its `judging` rate.

use super::error::{error_json, error_page};
use super::rate::{self, Local};
use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use axum::response::{Html, IntoResponse};
use futures_util::future::{BoxFuture, Either};
use governor::Quota;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use tokio::sync::Semaphore;

/// A document sent in more bytes than this is judged on the blocking pool. Work grows with the
/// entries a document holds, and most of all with entries naming ids the catalog does not have
/// (each asks for a "did you mean" search): the worst, a boat or a fleet of nothing but
/// misspelt ids, costs some 0.3 ms a KiB (`cargo bench --bench engine -- unknown` prints each
/// game's), so a document this size holds a worker for 1.3 ms at worst. Every game's largest
/// form a player makes fits: the loaded Yacht's editor (48 items, 135 fields) posts 2.7 KiB,
/// and a live update is the request players make most (on the pool, which has one thread on
/// two cores, they had queued behind each other: a twenty-fifth of bare axum's rate).
pub const INLINE_BYTES: u64 = 4 * 1024;

/// How many judging reads one client may make: `per_second` (0: no limit), `burst` at once.
#[derive(Debug, Clone, Copy)]
pub struct JudgingRate {
    pub per_second: u32,
    pub burst: u32,
}

impl JudgingRate {
    /// The limit `cargo run` serves with (the flags' defaults are these): a player typing in an
    /// editor sends a live update at most every quarter second.
    pub const DEFAULT: JudgingRate = JudgingRate { per_second: 50, burst: 200 };
    /// No limit: for load benchmarks that judge from one address.
    pub const OFF: JudgingRate = JudgingRate { per_second: 0, burst: 0 };
}

impl Default for JudgingRate {
    fn default() -> Self {
        JudgingRate::DEFAULT
    }
}

/// What every judging route shares: the allowance per client, and the pool.
pub struct Judges {
    limit: Option<Local>,
    checks: AtomicU64,
    proxies: Arc<[IpAddr]>,
    pool: Arc<Semaphore>,
}

impl Judges {
    pub fn new(rate: JudgingRate, proxies: Arc<[IpAddr]>) -> Arc<Judges> {
        let limit = NonZeroU32::new(rate.per_second).map(|per_second| {
            Local::new(
                Quota::per_second(per_second).allow_burst(NonZeroU32::new(rate.burst).unwrap_or(per_second)),
            )
        });
        Arc::new(Judges {
            limit,
            checks: AtomicU64::new(0),
            proxies,
            pool: Arc::new(Semaphore::new(super::cores().saturating_sub(1).max(1))),
        })
    }
}

/// A state that holds the judges, or none (then nothing is limited and everything is judged
/// where it arrives). The state, not an extension put on every request: inserting one cost
/// each request a map of its own (1.2k instructions of a live update). A trait, so this file
/// need not name the app's state, whose file names the judges (no two files import each other).
pub trait WithJudges {
    fn judges(&self) -> Option<&Judges>;
}

/// The judges alone, as the live routes answered in front of the router are given them (a
/// live update's handler reads nothing else of the app's state).
impl WithJudges for Option<Arc<Judges>> {
    fn judges(&self) -> Option<&Judges> {
        self.as_deref()
    }
}

/// What every judging route's handler is wrapped in: `post(judged(redesign::<B>))`, and the
/// live routes' (`builder::live_answer`, called in front of the router).
///
/// A wrapper of the handler, not a layer on its route: a layer on a route is boxed as a route of
/// its own, and every request then clones and calls through that box as well as the handler's
/// (about 1.8k instructions of a live update, 3% of Epic's). The handler goes on as axum boxes
/// any handler.
#[derive(Clone, Copy)]
pub struct Judged<H>(H);

/// [`Judged`], as routes write it.
pub fn judged<H>(handler: H) -> Judged<H> {
    Judged(handler)
}

impl<H, T, S> axum::handler::Handler<T, S> for Judged<H>
where
    H: axum::handler::Handler<T, S>,
    T: 'static,
    S: WithJudges + Clone + Send + Sync + 'static,
{
    type Future = Either<H::Future, BoxFuture<'static, Response<Body>>>;

    fn call(self, req: Request<Body>, state: S) -> Self::Future {
        let pool = match state.judges() {
            None => None,
            Some(judges) => {
                // The one check on the way: this client's allowance, then where the judging runs.
                if let Some(limit) = &judges.limit
                    && let Err(wait) = limit.admit(&judges.checks, rate::client(&req, &judges.proxies))
                {
                    super::metrics::refused("judging");
                    return Either::Right(Box::pin(std::future::ready(refusal(&req, wait))));
                }
                // What is judged: the body (its size exact when it has a length, none: 0;
                // unknown when chunked) and, for the GET forms (odds, tank shock), the query.
                let query = req.uri().query().map_or(0, |q| q.len() as u64);
                let body = axum::body::HttpBody::size_hint(req.body()).upper();
                let inline = body.is_some_and(|n| n.saturating_add(query) <= INLINE_BYTES);
                (!inline).then(|| judges.pool.clone())
            }
        };
        match pool {
            None => Either::Left(self.0.call(req, state)),
            Some(pool) => Either::Right(Box::pin(on_the_pool(pool, self.0, req, state))),
        }
    }
}

/// Answers a request with a large (or unsized) body on the blocking pool: the body is read here
/// first (it is bounded by the app's body limit), so the handler then only computes.
async fn on_the_pool<H, T, S>(
    pool: Arc<Semaphore>,
    handler: H,
    req: Request<Body>,
    state: S,
) -> Response<Body>
where
    H: axum::handler::Handler<T, S>,
    T: 'static,
    S: Send + 'static,
{
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        // Past the body limit (the layer outside counts), or the client went away.
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let req = Request::from_parts(parts, Body::from(bytes));
    let Ok(permit) = pool.acquire_owned().await else {
        // The pool is never closed.
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    let runtime = tokio::runtime::Handle::current();
    // The permit goes with the work: if the request is given up (its timeout), the thread is
    // still busy until the judging ends, and the pool counts it so.
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        runtime.block_on(handler.call(req, state))
    });
    match work.await {
        Ok(answer) => answer,
        // A panic goes on to the app's panic layer, as it would have from the worker.
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

/// 429 with `Retry-After`, in the words the request's sender shows: a live update's figures
/// panel for htmx (the form stays as it is), JSON under `/api`, a page elsewhere.
fn refusal(req: &Request<Body>, wait: u64) -> Response<Body> {
    let wait = wait.max(1);
    let message = format!(
        "Too many checks and live updates came from your address in a short time, so this one was not \
         worked out. Nothing is lost: wait {wait} second{} and change a field or send it again.",
        if wait == 1 { "" } else { "s" }
    );
    let status = StatusCode::TOO_MANY_REQUESTS;
    let figures = req.headers().get("hx-target").is_some_and(|t| t == "figures");
    let mut r = if figures {
        // The message is our own words: nothing in it needs escaping.
        let panel = format!(
            "<section id=\"figures\" class=\"figures\" aria-label=\"Figures\"><p class=\"refused\" \
             role=\"alert\">{message}</p></section>"
        );
        (status, Html(panel)).into_response()
    } else if req.uri().path().starts_with("/api/") {
        error_json(status, message)
    } else {
        error_page(status, message)
    };
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
    r
}

#[cfg(test)]
mod tests {
    use super::INLINE_BYTES;

    /// Each game's representative live update (tests/data/live/, the forms the live bench
    /// measures: the Minnow, the loaded Yacht, every game's example) is judged on the runtime's
    /// workers, not queued for the blocking pool.
    #[test]
    fn every_representative_live_form_is_judged_on_the_workers() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/live");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).expect("tests/data/live") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "form") {
                let len = std::fs::metadata(&path).expect("a form").len();
                assert!(len <= INLINE_BYTES, "{}: {len} bytes, past {INLINE_BYTES}", path.display());
                seen += 1;
            }
        }
        assert!(seen >= 6, "only {seen} forms in {}", dir.display());
    }
}
