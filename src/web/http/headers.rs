//! The headers every answer carries (the kept share pages' too), and the edge every answer
//! leaves by, compressed for the clients that take it.

use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, header};
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use tower_http::compression::{self, Compression, CompressionLayer, CompressionLevel, DefaultPredicate};

/// The headers every answer carries, unless its handler set its own: the content security policy
/// (nothing but our own files; no framing, no inline code), no type sniffing, no framing, and the
/// referrer kept on this site. One layer that inserts all four, not one layer per header: each
/// layer a request passes costs it a move of its future and response.
pub fn security_headers(h: &mut axum::http::HeaderMap) {
    // How many: the seen-flags below are counted with it, so a header added is never skipped.
    const N: usize = 4;
    const HEADERS: [(header::HeaderName, &str); N] = [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ];
    // Which are there already, told from the few headers an answer has (most have one or
    // two) rather than by a look-up of each name; then each missing one is put in.
    let mut there = [false; N];
    for name in h.keys() {
        for ((own, _), seen) in HEADERS.iter().zip(&mut there) {
            *seen |= name == own;
        }
    }
    h.reserve(there.iter().filter(|t| !**t).count());
    for ((name, value), there) in HEADERS.into_iter().zip(there) {
        if !there {
            h.insert(name, HeaderValue::from_static(value));
        }
    }
    // `entry` (one look-up instead of two) was tried: it cost each answer 1.1k instructions more.
}

/// An HTML page or fragment as an answer: its content type, and the [`security_headers`] already
/// on it, copied whole from a map made once (a copy of five headers costs a fraction of putting
/// them in one by one, which had cost a live update about 2k instructions). The map is made with
/// room for the headers the way out adds (its length, `Vary`), which a copy keeps: a full one
/// had been grown, every one of its headers placed again, for the seventh.
pub fn html(page: String) -> Response<Body> {
    static HEADERS: std::sync::LazyLock<axum::http::HeaderMap> = std::sync::LazyLock::new(|| {
        let mut h = axum::http::HeaderMap::with_capacity(8);
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        security_headers(&mut h);
        h
    });
    let mut r = Response::new(Body::from(page));
    *r.headers_mut() = HEADERS.clone();
    r
}

/// The way out of the app for every answer: [`security_headers`] put on it, and its body
/// compressed (tower-http's layer, at its fastest level: pages are small and made per request,
/// and that level costs a fraction of the default's time for nearly the same size) when the
/// client takes a compressed answer.
///
/// A request that names no encoding it takes (no `Accept-Encoding`: wrk, curl, scripts) does not
/// pass the compression layer at all. That layer would answer it as it was, but only after
/// reading the request's headers for an encoding and moving the answer through a compressed
/// body that holds every encoder's state in place (5.8 KB): about 4.4k instructions of a live
/// update's 71k (Epic), for nothing. It is answered exactly as that layer answers it (the same
/// `Vary`, see [`as_compression_leaves_it`]). Whatever goes through compression has its body
/// boxed as it leaves, so no layer above moves those 5.8 KB.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outgoing;

impl<S> tower::Layer<S> for Outgoing {
    type Service = OutgoingService<S>;

    fn layer(&self, inner: S) -> OutgoingService<S> {
        let compression = CompressionLayer::new().quality(CompressionLevel::Fastest);
        OutgoingService { inner: tower::Layer::layer(&compression, inner) }
    }
}

/// A service at the [`Outgoing`] edge: the inner service in tower-http's compression, called
/// through it or, for a request naming no encoding, past it. One copy of the inner service, not
/// one for each way: the stack is cloned for every request.
#[derive(Clone)]
pub struct OutgoingService<S> {
    inner: Compression<S>,
}

impl<S, B> tower::Service<Request<Body>> for OutgoingService<S>
where
    S: tower::Service<Request<Body>, Response = Response<B>, Error = Infallible>,
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError> + Send + Sync,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = OutgoingFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // Compression is ready when the service inside is.
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        if req.headers().contains_key(header::ACCEPT_ENCODING) {
            OutgoingFuture::Compressed { inner: self.inner.call(req) }
        } else {
            OutgoingFuture::Plain { inner: self.inner.get_mut().call(req) }
        }
    }
}

pin_project_lite::pin_project! {
    /// An answer on its way out through [`Outgoing`].
    #[project = OutgoingState]
    pub enum OutgoingFuture<F> {
        Plain { #[pin] inner: F },
        Compressed { #[pin] inner: compression::ResponseFuture<F, DefaultPredicate> },
    }
}

impl<F, B> Future for OutgoingFuture<F>
where
    F: Future<Output = Result<Response<B>, Infallible>>,
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError> + Send + Sync,
{
    type Output = Result<Response<Body>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut res = match self.project() {
            OutgoingState::Plain { inner } => {
                let Ok(mut res) = std::task::ready!(inner.poll(cx));
                as_compression_leaves_it(&mut res);
                res.map(Body::new)
            }
            OutgoingState::Compressed { inner } => {
                let Ok(res) = std::task::ready!(inner.poll(cx));
                res.map(Body::new)
            }
        };
        security_headers(res.headers_mut());
        Poll::Ready(Ok(res))
    }
}

/// What tower-http's compression does to an answer when the request named no encoding: the
/// answer goes as it is, with `Vary: Accept-Encoding` added when it is one that would have been
/// compressed for a client taking it (its predicate: over 32 bytes, not an image, an event
/// stream or gRPC; not already encoded or a range) and does not say so already. The tests hold
/// the two to the same headers.
fn as_compression_leaves_it<B: axum::body::HttpBody>(res: &mut Response<B>) {
    let h = res.headers();
    if h.contains_key(header::CONTENT_ENCODING) || h.contains_key(header::CONTENT_RANGE) || !compressible(res)
    {
        return;
    }
    let varies = res.headers().get_all(header::VARY).iter().any(|v| {
        v.as_bytes().windows(ACCEPT_ENCODING.len()).any(|w| w.eq_ignore_ascii_case(ACCEPT_ENCODING))
    });
    if !varies {
        res.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
}

const ACCEPT_ENCODING: &[u8] = b"accept-encoding";

/// tower-http's default predicate (`DefaultPredicate`: at least 32 bytes when the size is
/// known, and not gRPC, an image other than SVG, or an event stream), with the content type
/// looked up once rather than once for each type it rules out. A test holds the two together.
fn compressible<B: axum::body::HttpBody>(res: &Response<B>) -> bool {
    let size = res.body().size_hint().exact().or_else(|| {
        res.headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|h| h.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
    });
    if size.is_some_and(|n| n < 32) {
        return false;
    }
    let kind = res.headers().get(header::CONTENT_TYPE).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let not =
        |kind_of: &str, but: &str| (!but.is_empty() && kind.starts_with(but)) || !kind.starts_with(kind_of);
    not("application/grpc", "application/grpc-web")
        && not("image/", "image/svg+xml")
        && not("text/event-stream", "")
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

    /// An answer made by [`html`] leaves with the headers, in the order, and the body that
    /// axum's `Html` answer leaves with once [`security_headers`] has passed it, and they pass
    /// it unchanged.
    #[tokio::test]
    async fn html_answers_as_axums_html_with_the_security_headers() {
        use axum::response::IntoResponse;
        for page in ["", "<p>x</p>", "é & <b>"] {
            let mut theirs = axum::response::Html(page.to_owned()).into_response();
            security_headers(theirs.headers_mut());
            let mut ours = html(page.to_owned());
            let before = ours.headers().clone();
            security_headers(ours.headers_mut());
            let listed = |h: &axum::http::HeaderMap| {
                h.iter().map(|(k, v)| (k.to_string(), v.as_bytes().to_vec())).collect::<Vec<_>>()
            };
            assert_eq!(listed(ours.headers()), listed(theirs.headers()), "{page:?}");
            assert_eq!(listed(ours.headers()), listed(&before), "{page:?}: nothing added later");
            assert_eq!(ours.status(), theirs.status());
            let body = |r: Response<Body>| async move {
                let hint = axum::body::HttpBody::size_hint(r.body()).exact();
                (hint, axum::body::to_bytes(r.into_body(), usize::MAX).await.expect("a body"))
            };
            assert_eq!(body(ours).await, body(theirs).await, "{page:?}");
        }
    }

    use tower_http::compression::Predicate;

    /// [`compressible`] says what tower-http's default predicate says, over content types near
    /// each it rules out (and unreadable ones), and sizes told by the body, by a length header
    /// (readable or not) or not at all.
    #[test]
    fn compressible_is_the_default_predicate() {
        use axum::body::Bytes;
        let kinds: &[&[u8]] = &[
            b"",
            b"text/html; charset=utf-8",
            b"application/json",
            b"application/grpc",
            b"application/grpc+proto",
            b"application/grpc-web",
            b"application/grpc-web+proto",
            b"application/grp",
            b"image/png",
            b"image/",
            b"image",
            b"image/svg+xml",
            b"image/svg+xml; charset=utf-8",
            b"image/svg",
            b"text/event-stream",
            b"text/event-stream; charset=utf-8",
            b"text/event",
            b"Image/png",
            b" image/png",
            b"text/html\xff",
            b"image/png\t",
        ];
        let lengths: &[Option<&[u8]>] = &[
            None,
            Some(b"0"),
            Some(b"31"),
            Some(b"32"),
            Some(b"33"),
            Some(b"x"),
            Some(b"-1"),
            Some(b"\xff"),
        ];
        let bodies: Vec<Option<usize>> = vec![None, Some(0), Some(31), Some(32), Some(900)];
        let mut cases = 0;
        for kind in kinds {
            for length in lengths {
                for body in &bodies {
                    let body = match body {
                        Some(n) => Body::from(vec![b'x'; *n]),
                        None => Body::from_stream(futures_util::stream::iter([Ok::<_, Infallible>(
                            Bytes::from("x"),
                        )])),
                    };
                    let mut res = Response::new(body);
                    if !kind.is_empty() {
                        res.headers_mut()
                            .insert(header::CONTENT_TYPE, HeaderValue::from_bytes(kind).unwrap());
                    }
                    if let Some(l) = length {
                        res.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from_bytes(l).unwrap());
                    }
                    let want = DefaultPredicate::new().should_compress(&res);
                    assert_eq!(compressible(&res), want, "{kind:?}, length {length:?}");
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, kinds.len() * lengths.len() * bodies.len());
    }

    /// Headers already there are seen however many the answer has, and wherever they stand.
    #[test]
    fn the_security_headers_already_there_are_seen_among_many() {
        for at in 0..12 {
            let mut h = axum::http::HeaderMap::new();
            for i in 0..12 {
                if i == at {
                    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
                } else {
                    h.insert(
                        header::HeaderName::from_bytes(format!("x-own-{i}").as_bytes()).unwrap(),
                        HeaderValue::from_static("1"),
                    );
                }
            }
            security_headers(&mut h);
            assert_eq!(h.len(), 15);
            assert_eq!(h.get_all(header::REFERRER_POLICY).iter().collect::<Vec<_>>(), ["no-referrer"]);
        }
    }
}

/// [`Outgoing`] against the stack it replaces (security headers mapped on every answer over
/// tower-http's compression for every request), on many answers and many requests: the same
/// status, the same headers in the same order, the same bytes.
#[cfg(test)]
mod outgoing {
    use super::*;
    use axum::body::Bytes;
    use axum::http::StatusCode;
    use tower::{Service, ServiceBuilder, ServiceExt};

    /// A path, the status and the headers its answer has.
    type Case = (&'static str, u16, &'static [(&'static str, &'static str)]);

    /// Each case the compression layer treats its own way: a path, the answer's status and
    /// headers. Each answers the same page of text unless [`answer`] says otherwise.
    const CASES: [Case; 15] = [
        ("/page", 200, &[]),
        ("/tiny", 200, &[]),
        ("/exactly-32", 200, &[]),
        ("/png", 200, &[("content-type", "image/png")]),
        ("/svg", 200, &[("content-type", "image/svg+xml")]),
        ("/events", 200, &[("content-type", "text/event-stream")]),
        ("/encoded", 200, &[("content-encoding", "gzip")]),
        ("/range", 206, &[("content-range", "bytes 0-99/2000")]),
        ("/varies", 200, &[("vary", "Accept-Encoding")]),
        ("/varies-else", 200, &[("vary", "cookie")]),
        ("/own-frame", 200, &[("x-frame-options", "SAMEORIGIN"), ("content-type", "text/html")]),
        ("/json", 200, &[("content-type", "application/json")]),
        ("/streamed", 200, &[]),
        ("/empty", 204, &[]),
        ("/missing", 404, &[("content-type", "text/plain; charset=utf-8")]),
    ];

    /// The answer to a request: its case by the request's path.
    fn answer(req: &Request<Body>) -> Response<Body> {
        let path = req.uri().path();
        let (_, status, headers) = CASES.iter().find(|(p, ..)| *p == path).expect("a known case");
        let page = "<p>A boat of many parts.</p>\n".repeat(40);
        let body = match path {
            "/tiny" => Body::from("ok"),
            "/exactly-32" => Body::from("x".repeat(32)),
            "/png" => Body::from(vec![7u8; 900]),
            "/json" => Body::from(format!("{{\"text\":{page:?}}}")),
            "/streamed" => Body::from_stream(two_chunks(page)),
            "/empty" => Body::empty(),
            _ => Body::from(page),
        };
        let mut b = Response::builder().status(*status);
        for (name, value) in *headers {
            b = b.header(*name, *value);
        }
        b.body(body).unwrap()
    }

    /// A body of two chunks whose length is not known ahead.
    fn two_chunks(text: String) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> + Send {
        let (a, b) = text.split_at(text.len() / 2);
        futures_util::stream::iter([Ok(Bytes::from(a.to_owned())), Ok(Bytes::from(b.to_owned()))])
    }

    /// The app inside: answers by [`answer`].
    async fn inner(req: Request<Body>) -> Result<Response<Body>, Infallible> {
        Ok(answer(&req))
    }

    /// What the stack did before [`Outgoing`]: the security headers put on the answer as it left
    /// the compression layer, its body boxed.
    fn old_way(res: Response<tower_http::compression::CompressionBody<Body>>) -> Response<Body> {
        let mut res = res.map(Body::new);
        security_headers(res.headers_mut());
        res
    }

    /// What a client sees of an answer: its status, its headers in order, its whole body.
    async fn seen(res: Response<Body>) -> (StatusCode, Vec<(String, Vec<u8>)>, Bytes) {
        let (parts, body) = res.into_parts();
        let headers = parts.headers.iter().map(|(k, v)| (k.to_string(), v.as_bytes().to_vec())).collect();
        (parts.status, headers, axum::body::to_bytes(body, 1 << 20).await.unwrap())
    }

    #[tokio::test]
    async fn answers_as_the_compression_layer_would() {
        let encodings = [
            None,
            Some("gzip"),
            Some("br"),
            Some("br, gzip"),
            Some("identity"),
            Some("gzip;q=0"),
            Some("identity;q=0"),
            Some("*"),
            Some("*;q=0"),
            Some("deflate"),
            Some(""),
            Some("nonsense,,;q=x"),
        ];
        let mut old = ServiceBuilder::new()
            .map_response(old_way)
            .layer(CompressionLayer::new().quality(CompressionLevel::Fastest))
            .service(tower::service_fn(inner));
        let mut new = ServiceBuilder::new().layer(Outgoing).service(tower::service_fn(inner));
        let mut compressed = 0;
        for (path, ..) in CASES {
            for enc in encodings {
                let req = || {
                    let mut r = Request::get(path);
                    if let Some(e) = enc {
                        r = r.header(header::ACCEPT_ENCODING, e);
                    }
                    r.body(Body::empty()).unwrap()
                };
                let want = seen(old.ready().await.unwrap().call(req()).await.unwrap()).await;
                let got = seen(new.ready().await.unwrap().call(req()).await.unwrap()).await;
                assert_eq!(got.0, want.0, "status of {path} for {enc:?}");
                assert_eq!(got.1, want.1, "headers of {path} for {enc:?}");
                assert_eq!(got.2, want.2, "body of {path} for {enc:?}");
                let plain = seen(answer(&req())).await;
                compressed += usize::from(got.2 != plain.2);
                if enc.is_none() {
                    assert_eq!(
                        got.2, plain.2,
                        "{path} is sent as it was made to a client naming no encoding"
                    );
                    let csp = got.1.iter().filter(|(k, _)| k == "content-security-policy").count();
                    assert_eq!(csp, 1, "{path} carries the security headers");
                }
            }
        }
        assert!(compressed >= 20, "the cases include compressed answers ({compressed})");
    }
}
