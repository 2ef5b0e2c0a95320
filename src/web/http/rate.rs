//! How many writes one client may make: saves, copies, imports and edit-token attempts. Without
//! a limit, 32 clients saving for ten seconds created 30,000 builds; with it, each address gets a
//! burst and then a steady rate, and is told with 429 and `Retry-After` when to come back.
//! Reading (share pages, the gallery) is never limited here; reads that judge a document (live
//! figures, checks) have an allowance of their own, counted with this module's machinery
//! ([`Local`]) in [`super::judging`].
//!
//! The count is GCRA (one number per client, no timers): in memory (governor's) when this
//! instance is the only one, and in the store's `write_limits` table when several instances share
//! a PostgreSQL database, so a client behind a load balancer gets one allowance, not one per
//! instance. This module also says who a client is and how a refusal reads.

use super::gate::{Gate, onward};
use crate::store::Db;
use crate::store::PgStore;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderValue, Request, Response, StatusCode, header};
use futures_util::future::BoxFuture;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter, clock::Clock};
use std::convert::Infallible;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Saves, imports and edit-token attempts one client may make: `per_minute` (0: no limit),
/// `burst` of them at once.
#[derive(Debug, Clone, Copy)]
pub struct WriteRate {
    pub per_minute: u32,
    pub burst: u32,
}

impl WriteRate {
    /// The limit `cargo run` serves with (the flags' defaults are these).
    pub const DEFAULT: WriteRate = WriteRate { per_minute: 60, burst: 20 };
}

impl Default for WriteRate {
    fn default() -> Self {
        WriteRate::DEFAULT
    }
}

/// Who a client is, for counting: its IP address as the connection shows it, or, when the
/// connection comes from a trusted load balancer, the address that balancer last added to
/// `X-Forwarded-For` (never an address a client wrote there itself: a client can only prepend);
/// an IPv6 address by its /64 network, which one subscriber usually holds whole. A request that
/// reached the app without a connection (a test calling the router directly) counts as one
/// client.
pub fn client<T>(req: &Request<T>, proxies: &[IpAddr]) -> IpAddr {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED), |ConnectInfo(a)| a.ip());
    let peer = network(peer);
    if !proxies.iter().any(|p| network(*p) == peer) {
        return peer;
    }
    forwarded_for(req.headers()).map_or(peer, network)
}

/// The last address in the `X-Forwarded-For` headers: the one the nearest proxy added.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
    last.rsplit(',').next()?.trim().parse().ok()
}

/// An address as counted: IPv4 (or IPv4 mapped into IPv6) as it is, IPv6 by its /64.
pub(super) fn network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
    }
}

/// The layer put on every writing route: the limit, or nothing when it is switched off.
#[derive(Clone, Default)]
pub struct WriteLimit(Option<Arc<Limiter>>);

struct Limiter {
    proxies: Vec<IpAddr>,
    counter: Counter,
    /// Checks made, so counts that have run out are swept now and then.
    checks: AtomicU64,
}

enum Counter {
    /// This instance's own count.
    Local(Local),
    /// The count every instance on the database shares.
    Shared(Shared),
}

struct Shared {
    store: PgStore,
    /// Microseconds between writes at the steady rate.
    period: i64,
    /// How many writes at once.
    burst: i64,
}

/// Every this many checks, counts that have run out are deleted.
const SWEEP_EVERY: u64 = 1024;

/// The write limit for `rate` (`per_minute` 0 switches it off), counting clients as seen
/// through `proxies`, in memory or in `db` when other instances share it.
pub fn write_limit(rate: WriteRate, proxies: &[IpAddr], db: &Db) -> WriteLimit {
    let Some(per_minute) = NonZeroU32::new(rate.per_minute) else {
        return WriteLimit(None);
    };
    let burst = NonZeroU32::new(rate.burst).unwrap_or(NonZeroU32::MIN);
    let period = Duration::from_nanos(60_000_000_000 / u64::from(per_minute.get()));
    let counter = match db {
        Db::Postgres(store) => Counter::Shared(Shared {
            store: store.clone(),
            period: i64::try_from(period.as_micros()).unwrap_or(i64::MAX),
            burst: i64::from(burst.get()),
        }),
        Db::Sqlite(..) => {
            let quota = Quota::per_minute(per_minute).allow_burst(burst);
            Counter::Local(Local::new(quota))
        }
    };
    WriteLimit(Some(Arc::new(Limiter { proxies: proxies.to_vec(), counter, checks: AtomicU64::new(0) })))
}

/// Why a write is not let through.
enum Refused {
    /// Too many: the whole seconds to wait.
    Wait(u64),
    /// The shared count could not be read because the database is away: the write could not
    /// be made either, so the client is told so at once.
    Unavailable,
}

impl Limiter {
    /// `Ok` if `who` may write now (and counts it), or why not.
    async fn admit(&self, who: IpAddr) -> Result<(), Refused> {
        match &self.counter {
            Counter::Local(limiter) => return limiter.admit(&self.checks, who).map_err(Refused::Wait),
            Counter::Shared(shared) if swept(&self.checks) => {
                if let Err(e) = shared.sweep().await {
                    tracing::warn!(error = %e, "could not sweep the write limit's counts");
                }
            }
            Counter::Shared(_) => {}
        }
        match &self.counter {
            Counter::Local(_) => Ok(()),
            Counter::Shared(shared) => match shared.admit(who).await {
                Ok(result) => result.map_err(Refused::Wait),
                Err(e) if crate::store::unavailable(&e) => Err(Refused::Unavailable),
                // The count could not be read for another reason: the write goes ahead rather
                // than a player being refused for the store's trouble.
                Err(e) => {
                    tracing::warn!(error = %e, "could not count a write against the limit");
                    Ok(())
                }
            },
        }
    }
}

/// Whether this check is the one in [`SWEEP_EVERY`] that sweeps the counts that have run out.
fn swept(checks: &AtomicU64) -> bool {
    checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1
}

/// An allowance per client counted in this instance's memory: the write limit's on SQLite, and
/// the judging limit's (see [`super::judging`]) everywhere.
pub(super) struct Local(DefaultKeyedRateLimiter<IpAddr>);

impl Local {
    pub(super) fn new(quota: Quota) -> Self {
        Local(RateLimiter::keyed(quota))
    }

    /// `Ok` if `who` may go on now (and counts it), or the whole seconds to wait. `checks`
    /// counts the calls, so clients whose allowance is whole again (as good as never seen) are
    /// forgotten now and then.
    pub(super) fn admit(&self, checks: &AtomicU64, who: IpAddr) -> Result<(), u64> {
        if swept(checks) {
            self.0.retain_recent();
            self.0.shrink_to_fit();
        }
        self.0.check_key(&who).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.0.clock().now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
        })
    }
}

impl Shared {
    /// Deletes the counts that have run out (a client whose allowance is whole again).
    async fn sweep(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "DELETE FROM write_limits WHERE tat < (extract(epoch FROM statement_timestamp()) * 1000000)::bigint",
        )
        .execute(&self.store)
        .await
        .map(|_| ())
    }

    /// GCRA in one statement, on the database's clock so instances with clocks apart agree: the
    /// client's theoretical arrival time moves on by one period if that keeps it within `burst`
    /// periods of now; otherwise nothing changes and the wait is read back.
    async fn admit(&self, who: IpAddr) -> Result<Result<(), u64>, sqlx::Error> {
        let who = who.to_string();
        let admitted: Option<i64> = sqlx::query_scalar(
            "INSERT INTO write_limits AS w (client, tat) \
             VALUES ($1, (extract(epoch FROM statement_timestamp()) * 1000000)::bigint + $2) \
             ON CONFLICT (client) DO UPDATE \
             SET tat = GREATEST(w.tat, (extract(epoch FROM statement_timestamp()) * 1000000)::bigint) + $2 \
             WHERE GREATEST(w.tat, (extract(epoch FROM statement_timestamp()) * 1000000)::bigint) + $2 \
             - (extract(epoch FROM statement_timestamp()) * 1000000)::bigint <= $3 \
             RETURNING tat",
        )
        .bind(&who)
        .bind(self.period)
        .bind(self.period.saturating_mul(self.burst))
        .fetch_optional(&self.store)
        .await?;
        if admitted.is_some() {
            return Ok(Ok(()));
        }
        let wait: Option<i64> = sqlx::query_scalar(
            "SELECT GREATEST(tat + $2 - $3 - (extract(epoch FROM statement_timestamp()) * 1000000)::bigint, 0) \
             FROM write_limits WHERE client = $1",
        )
        .bind(&who)
        .bind(self.period)
        .bind(self.period.saturating_mul(self.burst))
        .fetch_optional(&self.store)
        .await?;
        let wait = u64::try_from(wait.unwrap_or(0)).unwrap_or(0);
        Ok(Err(wait.div_ceil(1_000_000).max(1)))
    }
}

impl<S> tower::Layer<S> for WriteLimit {
    type Service = Limited<S>;

    fn layer(&self, inner: S) -> Limited<S> {
        Limited { inner, limiter: self.0.clone() }
    }
}

/// A route behind the write limit.
#[derive(Clone)]
pub struct Limited<S> {
    inner: S,
    limiter: Option<Arc<Limiter>>,
}

impl<S> tower::Service<Request<Body>> for Limited<S>
where
    S: tower::Service<Request<Body>, Response = Response<Body>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = futures_util::future::BoxFuture<'static, Result<Response<Body>, Infallible>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        // The clone that was made ready is the one that serves (tower's rule for services used
        // from a future).
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let Some(limiter) = self.limiter.clone().filter(|_| req.extensions().get::<Counted>().is_none())
        else {
            return Box::pin(inner.call(req));
        };
        let who = client(&req, &limiter.proxies);
        Box::pin(async move {
            match limiter.admit(who).await {
                Ok(()) => inner.call(req).await,
                Err(Refused::Wait(wait)) => {
                    super::metrics::refused("writes");
                    Ok(refusal(wait))
                }
                Err(Refused::Unavailable) => Ok(unavailable()),
            }
        })
    }
}

/// Marks a request already counted (it carried an edit token of its own), so the route's write
/// limit does not count it again.
#[derive(Clone, Copy)]
struct Counted;

/// Whether a request brings an edit token of its own to try: an `X-Edit-Token` header or a
/// `token` in its address (an edit link). The owner's cookie is not: their browser sends it with
/// every page, and the routes that act on it (saves, deletes, orders, the editor, the delete page)
/// count every request anyway.
fn carries_token<T>(req: &Request<T>) -> bool {
    req.headers().contains_key(super::extract::X_EDIT_TOKEN)
        || req.uri().query().is_some_and(|q| form_urlencoded::parse(q.as_bytes()).any(|(k, _)| k == "token"))
}

/// Every edit-token attempt counts toward the write limit, on every route, reads included: a
/// request that brings a token of its own ([`carries_token`]) is counted once here, whether the
/// route then checks it (a share page showing its owner's controls, a battle's orders, the
/// delete page) or not, and refused with 429 past the limit before any token is compared. Every
/// other request goes straight on.
#[derive(Clone)]
pub struct TokenAttempts(pub WriteLimit);

impl Gate for TokenAttempts {
    fn passes(&self, req: &Request<Body>) -> bool {
        self.0.0.is_none() || !carries_token(req)
    }

    fn stop<S>(self, mut req: Request<Body>, inner: S) -> BoxFuture<'static, Response<Body>>
    where
        S: tower::Service<Request<Body>, Error = Infallible> + Send + 'static,
        S::Response: axum::response::IntoResponse,
        S::Future: Send + 'static,
    {
        Box::pin(async move {
            if let Some(limiter) = &self.0.0 {
                match limiter.admit(client(&req, &limiter.proxies)).await {
                    Ok(()) => {}
                    Err(Refused::Wait(wait)) => {
                        super::metrics::refused("writes");
                        return refusal(wait);
                    }
                    Err(Refused::Unavailable) => return unavailable(),
                }
                req.extensions_mut().insert(Counted);
            }
            onward(inner, req).await
        })
    }
}

/// 429 with `Retry-After` in whole seconds; the friendly-errors layer words the body for pages
/// and the API.
pub(super) fn refusal(wait_secs: u64) -> Response<Body> {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait_secs.max(1)));
    r
}

/// 503 with `Retry-After`, bare: the friendly-errors layer words it as every answer given
/// while the store is away.
fn unavailable() -> Response<Body> {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(super::error::RETRY_AFTER_SECS));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_counted_by_their_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(network(a), network(b));
        assert_ne!(network(a), network(c));
        let mapped: IpAddr = "::ffff:10.0.0.7".parse().unwrap();
        assert_eq!(network(mapped), "10.0.0.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_refusal_says_when_to_come_back() {
        let r = refusal(0);
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(r.headers()[header::RETRY_AFTER], "1");
        assert_eq!(refusal(7).headers()[header::RETRY_AFTER], "7");
    }

    fn from(peer: &str, forwarded: &[&str]) -> Request<()> {
        let mut req = Request::new(());
        let peer: IpAddr = peer.parse().unwrap();
        req.extensions_mut().insert(ConnectInfo(SocketAddr::new(peer, 40000)));
        for f in forwarded {
            req.headers_mut().append("x-forwarded-for", HeaderValue::from_str(f).unwrap());
        }
        req
    }

    #[test]
    fn a_trusted_balancer_names_the_client_and_nobody_else_can() {
        let lb: Vec<IpAddr> = vec!["10.0.0.2".parse().unwrap()];
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // Through the balancer: the address it added last, whatever the client wrote before it.
        assert_eq!(client(&from("10.0.0.2", &["203.0.113.9"]), &lb), ip("203.0.113.9"));
        assert_eq!(client(&from("10.0.0.2", &["1.2.3.4, 203.0.113.9"]), &lb), ip("203.0.113.9"));
        assert_eq!(client(&from("10.0.0.2", &["1.2.3.4", "203.0.113.9"]), &lb), ip("203.0.113.9"));
        assert_eq!(client(&from("10.0.0.2", &["2001:db8:1:2::7"]), &lb), network(ip("2001:db8:1:2::")));
        // Without a header, or with junk in it, the balancer itself.
        assert_eq!(client(&from("10.0.0.2", &[]), &lb), ip("10.0.0.2"));
        assert_eq!(client(&from("10.0.0.2", &["not an address"]), &lb), ip("10.0.0.2"));
        // Anyone else is counted by their own address, whatever they send.
        assert_eq!(client(&from("198.51.100.5", &["203.0.113.9"]), &lb), ip("198.51.100.5"));
        assert_eq!(client(&from("198.51.100.5", &["203.0.113.9"]), &[]), ip("198.51.100.5"));
    }
}
