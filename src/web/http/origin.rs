//! Where players reach Drydock, set once (`--public-url`) and never taken from a request: share
//! and edit links are written with it, and a browser's cross-site posts are refused by comparing
//! their `Origin` with it. The `Host` header is the client's to choose, so trusting it would let
//! anyone write links into answers, fill caches with one entry per invented host name, and pass a
//! DNS-rebinding page's posts as same-site.

use axum::extract::Request;
use axum::http::{Method, header};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The public origin ("https://drydock.example.org"), and the other spellings of it a browser may
/// send in `Origin` (for a loopback address: `localhost` and the address itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicOrigin {
    origin: String,
    aliases: Vec<String>,
}

/// Why a `--public-url` was refused.
#[derive(Debug, thiserror::Error)]
#[error(
    "--public-url must be an origin such as https://drydock.example.org or http://10.0.0.5:3000 \
     (http or https, a host, an optional port, no path): {0}"
)]
pub struct BadPublicUrl(String);

impl PublicOrigin {
    /// Reads `--public-url`: scheme, host and optional port; a trailing slash is dropped.
    pub fn parse(url: &str) -> Result<Self, BadPublicUrl> {
        let url = url.trim().trim_end_matches('/');
        let bad = || BadPublicUrl(format!("\"{url}\""));
        let (scheme, authority) = url.split_once("://").ok_or_else(bad)?;
        let scheme = scheme.to_ascii_lowercase();
        if !matches!(scheme.as_str(), "http" | "https") {
            return Err(bad());
        }
        let ok_char = |c: char| c.is_ascii_alphanumeric() || ".-:[]".contains(c);
        if authority.is_empty() || authority.len() > 253 || !authority.chars().all(ok_char) {
            return Err(bad());
        }
        Ok(PublicOrigin {
            origin: format!("{scheme}://{}", authority.to_ascii_lowercase()),
            aliases: Vec::new(),
        })
    }

    /// The default: the address the server listens on (an unspecified address is reached as
    /// 127.0.0.1). On a loopback address a browser on this machine may also say `localhost`.
    pub fn served_on(addr: SocketAddr) -> Self {
        let ip = if addr.ip().is_unspecified() { IpAddr::V4(Ipv4Addr::LOCALHOST) } else { addr.ip() };
        let port = addr.port();
        let origin = format!("http://{}", SocketAddr::new(ip, port));
        let aliases = if ip.is_loopback() {
            [
                format!("http://localhost:{port}"),
                format!("http://127.0.0.1:{port}"),
                format!("http://[::1]:{port}"),
            ]
            .into_iter()
            .filter(|o| *o != origin)
            .collect()
        } else {
            Vec::new()
        };
        PublicOrigin { origin, aliases }
    }

    /// "http://127.0.0.1:3000": what links start with.
    pub fn as_str(&self) -> &str {
        &self.origin
    }

    /// Whether players reach the site over https: its cookies are then sent only over https.
    pub fn is_https(&self) -> bool {
        self.origin.starts_with("https://")
    }

    /// Whether a browser's `Origin` header names this site.
    pub fn trusts(&self, origin: &[u8]) -> bool {
        let same = |o: &str| o.as_bytes().eq_ignore_ascii_case(origin);
        same(&self.origin) || self.aliases.iter().any(|a| same(a))
    }
}

/// The header a browser says where a request comes from in, when it sends no `Origin`; named once,
/// not parsed from text on every write.
const SEC_FETCH_SITE: header::HeaderName = header::HeaderName::from_static("sec-fetch-site");

/// Whether a request may pass: anything that only reads (GET, HEAD, OPTIONS); a write whose
/// `Origin` is the public origin; a write without `Origin` that the browser does not mark as from
/// another site. Requests with neither header come from programs (curl, API clients), which a web
/// page cannot make a browser send. Refused writes get 403 (see `web::edge`).
pub fn allows(public: &PublicOrigin, req: &Request) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    let headers = req.headers();
    match headers.get(header::ORIGIN) {
        // A browser says where the page that sent this came from; "null" (sandboxed or
        // file pages) is never us.
        Some(origin) => public.trusts(origin.as_bytes()),
        None => {
            headers.get(SEC_FETCH_SITE).is_none_or(|site| matches!(site.as_bytes(), b"same-origin" | b"none"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_an_origin_without_a_path() {
        assert_eq!(
            PublicOrigin::parse("https://Drydock.example.org/").unwrap().as_str(),
            "https://drydock.example.org"
        );
        assert_eq!(PublicOrigin::parse("http://10.0.0.5:3000").unwrap().as_str(), "http://10.0.0.5:3000");
        for bad in
            ["drydock.example.org", "ftp://x", "https://", "https://x/y", "https://a b", "javascript://x"]
        {
            assert!(PublicOrigin::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_default_origin_is_the_bound_address_and_loopback_accepts_localhost() {
        let o = PublicOrigin::served_on("0.0.0.0:3000".parse().unwrap());
        assert_eq!(o.as_str(), "http://127.0.0.1:3000");
        assert!(o.trusts(b"http://localhost:3000"));
        assert!(o.trusts(b"http://127.0.0.1:3000"));
        assert!(!o.trusts(b"http://localhost:3001"));
        assert!(!o.trusts(b"http://evil.example:3000"));
        assert!(!o.trusts(b"null"));
        let lan = PublicOrigin::served_on("192.168.1.5:80".parse().unwrap());
        assert_eq!(lan.as_str(), "http://192.168.1.5:80");
        assert!(!lan.trusts(b"http://localhost:80"));
    }
}
