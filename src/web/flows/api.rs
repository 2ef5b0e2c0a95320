//! What every game's JSON API shares. Each game's own API is in its web module
//! (`boats::api`, `epic::api`); saving and changing builds is in `builder`.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// A JSON answer made once at start (a catalog), which browsers and proxies may keep a while.
pub fn cached_json(bytes: &'static [u8]) -> Response {
    let mut r = bytes.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    r
}
