//! Serving the app: our own accept loop, so slow, idle or too many clients cannot lock everyone
//! else out.
//!
//! `axum::serve` sets no hyper timer, so a client that trickles header bytes, or opens a connection
//! and says nothing, holds it (and a file descriptor) forever; enough of them and accepting fails
//! with "Too many open files". Here every connection is watched:
//!
//! - the first request's headers must be complete within `header_timeout` of the connection being
//!   accepted, a later request's within `header_timeout` of its first byte, however slowly the
//!   client keeps sending;
//! - between requests an idle keep-alive connection is kept `idle_timeout`;
//! - while a request is being answered no timer runs (the app's own timeout bounds handlers), but
//!   a response the client stops reading for `idle_timeout` ends the connection;
//! - at most `max_connections` are open; beyond that a new connection is told 503 and closed;
//! - one client holds at most `connections_per_client` of them (see [`super::clients`]).
//!
//! Why not hyper's `header_read_timeout`: in hyper 1.12 (`proto/h1/conn.rs`, `poll_read_head`) its
//! timer is armed whenever the connection starts waiting for a request head, before any byte has
//! arrived: on the first poll after accept, and again right after each response, because
//! `State::idle` sets `notify_read` when the timeout is configured so the read loop re-arms it at
//! once. It is one deadline per head (not reset by trickled bytes), so it does stop a slow client,
//! but it also closes an idle keep-alive connection after `header_timeout`: the two limits cannot
//! differ. hyper has no idle timeout of its own for HTTP/1. So the watcher below owns both, and
//! hyper runs without a timer, as under `axum::serve`.

use super::clients::{Clients, Forwarded, TOO_MANY};
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{Request, Response};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How the server treats connections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// Time an idle keep-alive connection is kept open between requests.
    pub idle_timeout: Duration,
    /// Open connections at most.
    pub max_connections: usize,
    /// Open connections one client may hold (0: no share, only `max_connections`); behind a
    /// trusted proxy, a forwarded client's requests in flight.
    pub connections_per_client: usize,
    /// Load balancers whose connections carry many clients (`--trusted-proxy`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl ServeOptions {
    /// The limits `cargo run` serves with (the flags' defaults are these).
    pub const DEFAULT: ServeOptions = ServeOptions {
        header_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(20),
        max_connections: 1024,
        connections_per_client: 64,
        trusted_proxies: Vec::new(),
    };
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions::DEFAULT
    }
}

/// File descriptors kept beyond `max_connections`: the listener, the database and its journal,
/// logs, and connections being told the server is busy.
const SPARE_FILES: usize = 64;
/// Connections being told 503 at once; more are told in one write and closed at once.
const REFUSING_AT_ONCE: usize = 32;
/// How long a refused connection may take to read its 503.
const REFUSAL_LINGER: Duration = Duration::from_secs(1);
/// Pause after a failed accept: the failing connection stays queued, so retrying at once spins.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);
/// How long shutdown waits for requests in progress.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);
/// Repeated warnings (refusals, accept errors) are logged at most this often, with a count.
const WARN_EVERY: Duration = Duration::from_secs(10);

/// The answer when every connection slot is taken. Short and complete, so it fits the socket's
/// send buffer in one write.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
Retry-After: 1\r\n\
Connection: close\r\n\
Content-Type: text/plain; charset=utf-8\r\n\
Content-Length: 47\r\n\
\r\n\
Drydock is busy. Please try again in a moment.\n";

/// Serves `app` on `listener` until `shutdown` resolves, then lets requests in progress finish
/// (for at most ten seconds).
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    opts: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()>
where
    S: App,
{
    raise_open_file_limit(opts.max_connections);
    // More permits than a semaphore can count would panic; no system has that many sockets anyway.
    let slots = Arc::new(Semaphore::new(opts.max_connections.min(Semaphore::MAX_PERMITS)));
    let refusing = Arc::new(Semaphore::new(REFUSING_AT_ONCE));
    let clients = Clients::new(opts.connections_per_client, &opts.trusted_proxies);
    let limits = Limits::new(&opts);
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    // The watcher below owns the header timeout (see the module docs); hyper's would also cut
    // idle keep-alive connections at the header timeout.
    http.header_read_timeout(None);
    let mut refused = Throttled::default();
    let mut crowded = Throttled::default();
    let mut failed = Throttled::default();
    let mut shutdown = pin!(shutdown);

    loop {
        let accepted = tokio::select! {
            () = shutdown.as_mut() => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // The client gave up before we got to it: nothing to do.
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                if let Some(n) = failed.note() {
                    tracing::error!(error = %e, times = n, "accept failed; retrying shortly");
                }
                tokio::select! {
                    () = shutdown.as_mut() => break,
                    () = tokio::time::sleep(ACCEPT_BACKOFF) => continue,
                }
            }
        };
        // Pages are answered in one write; sending it at once (no Nagle delay) keeps latency low.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "could not set TCP_NODELAY");
        }
        // A client past its share is refused before it takes one of everyone's slots.
        let Ok(held) = clients.connection(peer) else {
            if let Some(n) = crowded.note() {
                tracing::warn!(
                    %peer,
                    connections_per_client = opts.connections_per_client,
                    refused = n,
                    "a client holds its share of connections; answering its new ones 503"
                );
            }
            super::metrics::refused("client connections");
            refuse(stream, &refusing, TOO_MANY);
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            if let Some(n) = refused.note() {
                tracing::warn!(
                    max_connections = opts.max_connections,
                    refused = n,
                    "all connections are in use; answering new ones 503"
                );
            }
            super::metrics::refused("connections");
            refuse(stream, &refusing, BUSY);
            continue;
        };
        let proxied = clients.is_proxy(peer).then(|| clients.clone());
        let conn = connection(stream, peer, app.clone(), http.clone(), limits, proxied, graceful.watcher());
        tokio::spawn(async move {
            conn.await;
            drop((slot, held));
        });
    }

    drop(listener);
    let open = graceful.count();
    if open > 0 {
        tracing::info!(connections = open, "waiting for requests in progress");
    }
    if tokio::time::timeout(DRAIN_TIMEOUT, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still in progress after {DRAIN_TIMEOUT:?}; closing them");
    }
    Ok(())
}

/// What can be served: the app's service ([`crate::web::service`]), or a router (tests mount
/// routes of their own beside the app).
pub trait App:
    tower::Service<Request<Body>, Response = Response<Body>, Error = Infallible, Future: Send + 'static>
    + Clone
    + Send
    + Sync
    + 'static
{
}

impl<S> App for S where
    S: tower::Service<Request<Body>, Response = Response<Body>, Error = Infallible, Future: Send + 'static>
        + Clone
        + Send
        + Sync
        + 'static
{
}

/// Serves one connection until it ends, the client is too slow or idle, or shutdown drains it.
async fn connection<S: App>(
    stream: TcpStream,
    peer: SocketAddr,
    app: S,
    http: hyper::server::conn::http1::Builder,
    limits: Limits,
    proxied: Option<Arc<Clients>>,
    watcher: Watcher,
) {
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched { stream, activity: activity.clone() });
    let (started, finished) = (activity.clone(), activity.clone());
    // Handlers (a rate limiter, say) can ask who is calling with `ConnectInfo<SocketAddr>`, as
    // with `into_make_service_with_connect_info`.
    // Through a trusted proxy, each forwarded client's requests in flight are counted instead.
    let service = Forwarded { inner: app, clients: proxied }
        .map_request(move |mut req: Request<Incoming>| {
            started.request_started();
            req.extensions_mut().insert(ConnectInfo(peer));
            req.map(Body::new)
        })
        .map_response(move |res: Response<Body>| {
            let activity = finished;
            res.map(|body| Tracked { body, activity })
        });
    let conn = watcher.watch(http.serve_connection(io, TowerToHyperService::new(service)));
    let mut conn = pin!(conn);
    let mut check = pin!(tokio::time::sleep(limits.period));
    loop {
        tokio::select! {
            biased;
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            () = check.as_mut() => match activity.check(&limits) {
                Ok(next) => check.as_mut().reset(tokio::time::Instant::now() + next),
                Err(why) => {
                    tracing::debug!(%peer, why, "closing connection");
                    return;
                }
            },
        }
    }
}

/// The watcher's limits, in the milliseconds `Activity` counts in.
#[derive(Clone, Copy)]
struct Limits {
    header_ms: u64,
    idle_ms: u64,
    /// The longest the watcher sleeps between checks. No longer than either limit, so a deadline
    /// that starts after one check (a head's first byte, a request finishing) is never later than
    /// the next check, and every deadline is kept exactly.
    period: Duration,
}

impl Limits {
    fn new(opts: &ServeOptions) -> Self {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        // A zero limit must not make the watcher spin.
        let period = opts.header_timeout.min(opts.idle_timeout).max(Duration::from_millis(10));
        Limits { header_ms: ms(opts.header_timeout), idle_ms: ms(opts.idle_timeout), period }
    }
}

/// "Not happening", for the instants below.
const NEVER: u64 = u64::MAX;

/// What one connection is doing, as the socket, the service and the response bodies see it.
/// Instants are milliseconds since the connection was accepted. Everything is touched from the
/// connection's own task; atomics only make it shareable between the pieces.
struct Activity {
    accepted: Instant,
    /// Requests whose response has not been sent yet.
    in_flight: AtomicUsize,
    /// When the last request finished, so the connection became idle.
    idle_since: AtomicU64,
    /// When the next request's head started arriving (at accept for the first); `NEVER` while
    /// idle with nothing received or while a request is in flight.
    head_since: AtomicU64,
    /// When a write first found the client not reading; `NEVER` while writes go through.
    blocked_since: AtomicU64,
}

impl Activity {
    fn new() -> Self {
        Activity {
            accepted: Instant::now(),
            in_flight: AtomicUsize::new(0),
            idle_since: AtomicU64::new(0),
            // A fresh connection owes its first request at once: opening connections and saying
            // nothing is the cheapest way to hold them.
            head_since: AtomicU64::new(0),
            blocked_since: AtomicU64::new(NEVER),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.accepted.elapsed().as_millis()).unwrap_or(NEVER - 1)
    }

    /// Bytes arrived. Cheap on the hot path: only the first bytes of a head read the clock.
    fn bytes_arrived(&self) {
        if self.in_flight.load(Ordering::Relaxed) == 0 && self.head_since.load(Ordering::Relaxed) == NEVER {
            self.head_since.store(self.now(), Ordering::Relaxed);
        }
    }

    fn write_polled(&self, blocked: bool) {
        let since = self.blocked_since.load(Ordering::Relaxed);
        if blocked && since == NEVER {
            self.blocked_since.store(self.now(), Ordering::Relaxed);
        } else if !blocked && since != NEVER {
            self.blocked_since.store(NEVER, Ordering::Relaxed);
        }
    }

    /// A head is complete and its request goes to the app.
    fn request_started(&self) {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        self.head_since.store(NEVER, Ordering::Relaxed);
    }

    /// A response has been sent (or given up).
    fn request_finished(&self) {
        self.idle_since.store(self.now(), Ordering::Relaxed);
        self.head_since.store(NEVER, Ordering::Relaxed);
        self.in_flight.fetch_sub(1, Ordering::Relaxed);
    }

    /// `Ok(when to check again)`, or why the connection should be closed.
    fn check(&self, limits: &Limits) -> Result<Duration, &'static str> {
        let now = self.now();
        let mut next = u64::try_from(limits.period.as_millis()).unwrap_or(NEVER);
        let mut within = |since: u64, limit: u64, why: &'static str| {
            let left = since.saturating_add(limit).saturating_sub(now);
            if left == 0 {
                return Err(why);
            }
            next = next.min(left);
            Ok(())
        };
        let blocked = self.blocked_since.load(Ordering::Relaxed);
        if blocked != NEVER {
            within(blocked, limits.idle_ms, "the client stopped reading the response")?;
        }
        // A request in progress is bounded by the app's own timeout, not here.
        if self.in_flight.load(Ordering::Relaxed) == 0 {
            let head = self.head_since.load(Ordering::Relaxed);
            if head != NEVER {
                within(head, limits.header_ms, "request headers did not arrive in time")?;
            } else {
                let idle = self.idle_since.load(Ordering::Relaxed);
                within(idle, limits.idle_ms, "idle")?;
            }
        }
        Ok(Duration::from_millis(next))
    }
}

/// The socket, telling `Activity` when bytes arrive and when the client stops reading.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.bytes_arrived();
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let wrote = Pin::new(&mut self.stream).poll_write(cx, data);
        self.activity.write_polled(wrote.is_pending());
        wrote
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let wrote = Pin::new(&mut self.stream).poll_write_vectored(cx, data);
        self.activity.write_polled(wrote.is_pending());
        wrote
    }

    // hyper writes head and body in one vectored write when the socket supports it.
    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// A response body that marks its request finished when hyper is done with it (sent, or the
/// connection gone), so the idle timer starts then and not while the response is still going out.
struct Tracked {
    body: Body,
    activity: Arc<Activity>,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    // Passed on so hyper still sets Content-Length and skips polling empty bodies.
    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.activity.request_finished();
    }
}

/// Tells a connection beyond the limit that the server is busy, and closes it.
fn refuse(mut stream: TcpStream, refusing: &Arc<Semaphore>, answer: &'static [u8]) {
    let Ok(permit) = refusing.clone().try_acquire_owned() else {
        // Too many being refused already: one write (a fresh socket's send buffer takes it) and
        // close, so a flood cannot pile up file descriptors here either.
        let _ = stream.try_write(answer);
        return;
    };
    tokio::spawn(async move {
        let _ = tokio::time::timeout(REFUSAL_LINGER, say_busy(&mut stream, answer)).await;
        drop(permit);
    });
}

async fn say_busy(stream: &mut TcpStream, answer: &[u8]) -> io::Result<()> {
    stream.write_all(answer).await?;
    stream.shutdown().await?;
    // Closing with the client's request still unread would reset the connection, and a reset
    // can destroy the 503 before the client reads it: read what it sent until it closes.
    let mut buf = [0u8; 2048];
    for _ in 0..32 {
        if stream.read(&mut buf).await? == 0 {
            break;
        }
    }
    Ok(())
}

/// Errors that concern only the one connection being accepted.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

/// Counts a repeated event and says when to log it: the first time, then at most every
/// `WARN_EVERY`, with how many happened since.
#[derive(Default)]
struct Throttled {
    last: Option<Instant>,
    since: u64,
}

impl Throttled {
    fn note(&mut self) -> Option<u64> {
        self.since += 1;
        if self.last.is_some_and(|at| at.elapsed() < WARN_EVERY) {
            return None;
        }
        self.last = Some(Instant::now());
        Some(std::mem::take(&mut self.since))
    }
}

/// Lets the process open as many files as the system allows it (the soft limit is often 1024,
/// the hard limit far more), and warns when `max_connections` still does not fit.
#[cfg(unix)]
fn raise_open_file_limit(max_connections: usize) {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given, which lives for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        tracing::debug!(error = %io::Error::last_os_error(), "could not read the open-file limit");
        return;
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
        // SAFETY: setrlimit only reads the struct it is given, which lives for the call.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        } else {
            // Some systems refuse an unlimited soft limit; the current one stands.
            tracing::debug!(error = %io::Error::last_os_error(), "could not raise the open-file limit");
        }
    }
    let wanted =
        libc::rlim_t::try_from(max_connections.saturating_add(SPARE_FILES)).unwrap_or(libc::rlim_t::MAX);
    if wanted > limit.rlim_cur {
        tracing::warn!(
            max_connections,
            open_file_limit = limit.rlim_cur,
            "max_connections plus {SPARE_FILES} spare exceeds the open-file limit; accepting may fail \
             with \"Too many open files\" before connections are refused with 503"
        );
    }
}

#[cfg(not(unix))]
fn raise_open_file_limit(_max_connections: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(header: u64, idle: u64) -> Limits {
        Limits::new(&ServeOptions {
            header_timeout: Duration::from_millis(header),
            idle_timeout: Duration::from_millis(idle),
            ..ServeOptions::DEFAULT
        })
    }

    /// An `Activity` as if accepted `ago` milliseconds back, so checks need no sleeping.
    fn accepted_ago(ago: u64) -> Activity {
        let mut a = Activity::new();
        a.accepted = Instant::now().checked_sub(Duration::from_millis(ago)).unwrap_or(a.accepted);
        a
    }

    #[test]
    fn the_busy_answer_says_its_own_length() {
        let text = String::from_utf8_lossy(BUSY);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
        assert!(head.contains(&format!("Content-Length: {}", body.len())), "{text}");
        assert!(head.starts_with("HTTP/1.1 503 Service Unavailable\r\n"));
        assert!(head.contains("Retry-After: 1") && head.contains("Connection: close"));
    }

    #[test]
    fn a_fresh_connection_owes_its_headers_within_the_header_timeout() {
        let a = accepted_ago(999_000);
        assert_eq!(a.check(&limits(5_000, 20_000)), Err("request headers did not arrive in time"));
        assert!(accepted_ago(1_000).check(&limits(5_000, 20_000)).is_ok());
    }

    #[test]
    fn an_idle_connection_is_kept_the_idle_timeout_not_the_header_timeout() {
        let a = accepted_ago(0);
        a.request_started();
        a.request_finished();
        assert_eq!(a.check(&limits(5_000, 20_000)), Ok(Duration::from_millis(5_000)));
        let a = accepted_ago(30_000);
        a.request_started();
        a.idle_since.store(18_000, Ordering::Relaxed);
        a.in_flight.store(0, Ordering::Relaxed);
        assert!(a.check(&limits(5_000, 20_000)).is_ok(), "12 s idle is within 20 s");
        a.idle_since.store(5_000, Ordering::Relaxed);
        assert_eq!(a.check(&limits(5_000, 20_000)), Err("idle"));
    }

    #[test]
    fn a_request_in_progress_is_never_cut_by_the_idle_or_header_timers() {
        let a = accepted_ago(999_000);
        a.request_started();
        assert!(a.check(&limits(1_000, 1_000)).is_ok());
    }

    #[test]
    fn a_client_not_reading_its_response_is_cut_after_the_idle_timeout() {
        let a = accepted_ago(60_000);
        a.request_started();
        a.blocked_since.store(30_000, Ordering::Relaxed);
        assert_eq!(a.check(&limits(5_000, 20_000)), Err("the client stopped reading the response"));
        a.write_polled(false);
        assert!(a.check(&limits(5_000, 20_000)).is_ok());
    }

    #[test]
    fn the_next_check_comes_no_later_than_the_nearest_deadline() {
        let a = accepted_ago(3_000);
        // The first head started at accept: 2 s of 5 left.
        let next = a.check(&limits(5_000, 20_000)).unwrap_or_default();
        assert!(next <= Duration::from_millis(2_000) && next >= Duration::from_millis(1_900), "{next:?}");
    }
}
