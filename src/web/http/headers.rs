//! The headers every answer carries, the kept share pages' too.

use axum::http::{HeaderValue, header};

/// The headers every answer carries, unless its handler set its own: the content security policy
/// (nothing but our own files; no framing, no inline code), no type sniffing, no framing, and the
/// referrer kept on this site. One layer that inserts all four, not one layer per header: each
/// layer a request passes costs it a move of its future and response.
pub fn security_headers(h: &mut axum::http::HeaderMap) {
    const HEADERS: [(header::HeaderName, &str); 4] = [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ];
    h.reserve(HEADERS.len());
    for (name, value) in HEADERS {
        if !h.contains_key(&name) {
            h.insert(name, HeaderValue::from_static(value));
        }
    }
    // `entry` (one look-up instead of two) was tried: it cost each answer 1.1k instructions more.
}

/// [`security_headers`] on an answer, as the stack around the app maps every answer (tower's
/// `map_response`, a plain function: axum's middleware of the same name boxes each request's
/// future and clones the services inside, on every request).
///
/// The answer's body is boxed here, as it leaves compression (the layer this one wraps): a
/// compressed body holds every encoder's state in place, 5.8 KB, and each layer above would
/// otherwise move all of it on every request, whether it compresses or not.
pub fn with_security_headers<B>(mut res: axum::http::Response<B>) -> axum::http::Response<axum::body::Body>
where
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    security_headers(res.headers_mut());
    res.map(axum::body::Body::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each header missing is put in; one the handler set is kept as it set it, and kept once.
    #[test]
    fn missing_headers_are_added_and_a_handlers_own_are_kept() {
        let mut h = axum::http::HeaderMap::new();
        security_headers(&mut h);
        assert_eq!(h.len(), 4);
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(h[header::REFERRER_POLICY], "same-origin");
        let mut own = axum::http::HeaderMap::new();
        own.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
        own.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
        security_headers(&mut own);
        assert_eq!(own.len(), 5);
        assert_eq!(own.get_all(header::X_FRAME_OPTIONS).iter().collect::<Vec<_>>(), ["SAMEORIGIN"]);
        assert_eq!(own[header::CONTENT_SECURITY_POLICY], h[header::CONTENT_SECURITY_POLICY]);
        security_headers(&mut own);
        assert_eq!(own.len(), 5, "a second pass adds nothing");
    }
}
