//! How many writes one client may make: saves, copies, imports and edit-token attempts. Without
//! a limit, 32 clients saving for ten seconds created 30,000 builds; with it, each address gets a
//! burst and then a steady rate, and is told with 429 and `Retry-After` when to come back.
//! Reading (share pages, the gallery, live figures) is never limited here.
//!
//! The counting is tower_governor's (GCRA, one small state per client, no timers); this module
//! only says who a client is and how a refusal reads.

use super::WriteRate;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use governor::middleware::NoOpMiddleware;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::time::Duration;
use tower::layer::util::Identity;
use tower::util::Either;
use tower_governor::GovernorError;
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;

/// Who a client is, for counting: its IP address as the connection shows it (never a header a
/// client could forge), an IPv6 address by its /64 network, which one subscriber usually holds
/// whole. A request that reached the app without a connection (a test calling the router
/// directly) counts as one client.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress;

impl KeyExtractor for ClientAddress {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        let ip = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED), |ConnectInfo(a)| a.ip());
        Ok(network(ip))
    }
}

/// An address as counted: IPv4 (or IPv4 mapped into IPv6) as it is, IPv6 by its /64.
fn network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
    }
}

/// The layer put on every writing route: the limit, or nothing when it is switched off.
pub type WriteLimit = Either<GovernorLayer<ClientAddress, NoOpMiddleware, Body>, Identity>;

/// The write limit for `rate`; `per_minute` 0 switches it off.
pub fn write_limit(rate: WriteRate) -> WriteLimit {
    if rate.per_minute == 0 {
        return Either::Right(Identity::new());
    }
    let period = Duration::from_nanos(60_000_000_000 / u64::from(rate.per_minute));
    let config = GovernorConfigBuilder::default()
        .key_extractor(ClientAddress)
        .period(period)
        .burst_size(rate.burst.max(1))
        .finish();
    match config {
        Some(config) => Either::Left(GovernorLayer::new(config).error_handler(refusal)),
        None => Either::Right(Identity::new()),
    }
}

/// 429 with `Retry-After` in whole seconds, rounded up; the friendly-errors layer words the body
/// for pages and the API.
fn refusal(e: GovernorError) -> Response<Body> {
    let (status, wait) = match e {
        GovernorError::TooManyRequests { wait_time, .. } => (StatusCode::TOO_MANY_REQUESTS, wait_time + 1),
        GovernorError::UnableToExtractKey | GovernorError::Other { .. } => (StatusCode::TOO_MANY_REQUESTS, 1),
    };
    let mut r = Response::new(Body::empty());
    *r.status_mut() = status;
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
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
        let r = refusal(GovernorError::TooManyRequests { wait_time: 0, headers: None });
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(r.headers()[header::RETRY_AFTER], "1");
    }
}
