//! Each client's share of the server's connections (`--connections-per-client`), so one address
//! opening sockets until the cap cannot lock everyone else out: past its share, that client's
//! new connections are told 503 with `Retry-After` and closed, while others are still served.
//!
//! A client is counted as the write limit counts one ([`rate::client`]): an IPv6 address by its
//! /64. A trusted load balancer (`--trusted-proxy`) holds the connections of every player behind
//! it, so its connections are not counted; instead each forwarded client's requests in flight
//! through it are, with the same share, and one past it is answered 503 with `Retry-After`.

use super::rate;
use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use futures_util::future::{BoxFuture, Either};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

/// How many connections (or, behind a trusted proxy, requests in flight) each client holds now.
pub struct Clients {
    share: usize,
    proxies: Arc<[IpAddr]>,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection or request counted for its client, until dropped.
pub struct Held {
    clients: Arc<Clients>,
    who: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.clients.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.who) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&self.who);
            }
        }
    }
}

impl Clients {
    /// Each client's `share` (0: no share, only the server's cap), clients counted as seen
    /// through `proxies`.
    pub fn new(share: usize, proxies: &[IpAddr]) -> Arc<Clients> {
        Arc::new(Clients { share, proxies: proxies.into(), held: Mutex::default() })
    }

    /// Whether connections from `peer` are a trusted proxy's, whose requests are counted instead.
    pub fn is_proxy(&self, peer: SocketAddr) -> bool {
        self.proxies.contains(&peer.ip())
    }

    /// Counts one more for `who`, or `None` when it already holds its share.
    fn hold(self: &Arc<Self>, who: IpAddr) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let n = held.entry(who).or_insert(0);
        if self.share > 0 && *n >= self.share {
            return None;
        }
        *n += 1;
        Some(Held { clients: self.clone(), who })
    }

    /// Counts a connection from `peer`: `Ok` with what to keep while it is open (nothing for a
    /// trusted proxy's or when there is no share), or `Err` when its client holds its share.
    pub fn connection(self: &Arc<Self>, peer: SocketAddr) -> Result<Option<Held>, Crowded> {
        if self.share == 0 || self.is_proxy(peer) {
            return Ok(None);
        }
        self.hold(rate::network(peer.ip())).map(Some).ok_or(Crowded)
    }
}

/// A client already holds its share.
#[derive(Debug)]
pub struct Crowded;

/// What a client past its share is told.
macro_rules! too_many_text {
    () => {
        "Too many connections from your address at once. Close some, then try again shortly.\n"
    };
}

/// The answer to a connection past its client's share. Short and complete, so it fits a fresh
/// socket's send buffer in one write.
pub const TOO_MANY: &[u8] = concat!(
    "HTTP/1.1 503 Service Unavailable\r\n",
    "Retry-After: 1\r\n",
    "Connection: close\r\n",
    "Content-Type: text/plain; charset=utf-8\r\n",
    "Content-Length: 84\r\n",
    "\r\n",
    too_many_text!()
)
.as_bytes();

/// A connection's service: from a trusted proxy, each forwarded client's requests in flight are
/// counted.
#[derive(Clone)]
pub struct Forwarded<S> {
    pub inner: S,
    /// `None` for a connection straight from its client.
    pub clients: Option<Arc<Clients>>,
}

impl<S, B> tower::Service<Request<B>> for Forwarded<S>
where
    S: tower::Service<Request<B>, Response = Response<Body>, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Either<S::Future, BoxFuture<'static, Result<Response<Body>, Infallible>>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        let Some(clients) = self.clients.as_ref().filter(|c| c.share > 0) else {
            return Either::Left(self.inner.call(req));
        };
        let who = rate::client(&req, &clients.proxies);
        let Some(held) = clients.hold(who) else {
            return Either::Right(Box::pin(std::future::ready(Ok(too_many()))));
        };
        let answer = self.inner.call(req);
        Either::Right(Box::pin(async move {
            let answer = answer.await;
            drop(held);
            answer
        }))
    }
}

/// 503 with `Retry-After` for a forwarded client past its share of requests in flight.
fn too_many() -> Response<Body> {
    super::metrics::refused("client connections");
    let mut r = Response::new(Body::from(too_many_text!()));
    *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(s: &str) -> SocketAddr {
        SocketAddr::new(s.parse().unwrap_or(IpAddr::from([0, 0, 0, 0])), 40000)
    }

    #[test]
    fn a_client_holds_its_share_and_no_more_and_gets_it_back_as_connections_close() {
        let clients = Clients::new(2, &[]);
        let a = clients.connection(peer("10.0.0.1"));
        let b = clients.connection(peer("10.0.0.1"));
        assert!(matches!((&a, &b), (Ok(Some(_)), Ok(Some(_)))));
        assert!(clients.connection(peer("10.0.0.1")).is_err());
        // Someone else is served.
        assert!(clients.connection(peer("10.0.0.2")).is_ok());
        drop(a);
        assert!(clients.connection(peer("10.0.0.1")).is_ok());
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_network() {
        let clients = Clients::new(1, &[]);
        let _one = clients.connection(peer("2001:db8:1:2::1"));
        assert!(clients.connection(peer("2001:db8:1:2:ffff::9")).is_err());
        assert!(clients.connection(peer("2001:db8:1:3::1")).is_ok());
    }

    #[test]
    fn a_trusted_proxy_and_a_share_of_zero_are_not_counted_by_connection() {
        let lb: IpAddr = [10, 0, 0, 9].into();
        let clients = Clients::new(1, &[lb]);
        let held: Vec<_> = (0..5).map(|_| clients.connection(peer("10.0.0.9"))).collect();
        assert!(held.iter().all(|h| matches!(h, Ok(None))));
        let off = Clients::new(0, &[]);
        assert!((0..5).all(|_| matches!(off.connection(peer("10.0.0.1")), Ok(None))));
    }

    #[test]
    fn the_refusal_says_its_own_length_and_when_to_come_back() {
        let text = String::from_utf8_lossy(TOO_MANY);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
        assert!(head.contains(&format!("Content-Length: {}", body.len())), "{text}");
        assert!(head.starts_with("HTTP/1.1 503 Service Unavailable\r\n"));
        assert!(head.contains("Retry-After: 1"));
        assert_eq!(too_many().status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
