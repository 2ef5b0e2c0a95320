//! The HTTP face of Drydock: the JSON API, the pages, the layers every request passes. This
//! file is the app's assembly: it hands the registry's games to the shared rooms and mounts
//! every room's routes under one stack of layers. The rooms by role, each importing only the
//! rooms listed before it (the house test in `house.rs` keeps it so):
//!
//! - [`http`]: the plumbing (serving, limits, errors, JSON, form fields and the form codec)
//! - [`flows`]: the saved-build flows every game shares (builder, saved builds, owners, gallery,
//!   compare, printing)
//! - one folder per game ([`boats`], [`epic`], [`bfg`], [`waffle`], [`samurai`]): what is its own
//! - [`registry`]: the games, in order; the only shared file that names them

pub mod bfg;
pub mod boats;
pub mod epic;
pub mod flows;
pub mod http;
pub mod registry;
pub mod samurai;
pub mod waffle;

#[cfg(test)]
mod house;

pub use http::rate::WriteRate;
pub use http::state::AppState;

use flows::{builder, compare, saved};
use http::gate::Gated;
use http::headers::Outgoing;
use http::{cache, error, health, judging, limit, metrics, origin, rate};

use crate::store::Db;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::any::Any;
use std::time::Duration;
use tower::ServiceBuilder;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;
use tower_http::trace::{DefaultOnFailure, TraceLayer};

use error::{AppError, error_json, error_page, rejection_text};

/// Requests taking longer than this are stopped with 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The whole application as a router, without a server: tests call this directly, and may
/// mount routes of their own beside it. The server serves [`service`], the same stack without
/// this router in front.
pub fn app(state: AppState) -> Router {
    Router::new().fallback_service(service(state))
}

/// The whole application as one service, what the server serves: every request goes straight
/// into the stack of layers (no router in front of it: a fallback-only router cost each request
/// a boxed copy of the whole stack, its own look-up and a future around the stack's).
pub fn service(state: AppState) -> impl http::serve::App {
    install_games();
    let static_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
    let writes = rate::write_limit(state.writes, &state.proxies, &state.db);
    let judges = Some(judging::Judges::new(state.judging, state.proxies.clone()));
    let state = AppState { judges: judges.clone(), ..state };
    let public = state.public.clone();
    let pages = state.pages.clone();
    let db = state.db.clone();
    let routes = Router::new()
        .route("/", axum::routing::get(home))
        .merge(registry::routes(&writes))
        .merge(saved_builds(&writes))
        .merge(compare::router())
        .merge(health::router())
        .nest_service("/static", ServeDir::new(static_dir))
        .fallback(not_found)
        .with_state(state);
    // One stack around the whole router, not one per route (`Router::layer` wraps every route
    // apart, and a request then pays for cloning and boxing its copy).
    // Each request's own events (its span, its start and answer, at debug level) only when the
    // log would keep them (`RUST_LOG=debug`, or `tower_http=debug`): otherwise the layer only
    // times and wraps every request for nothing.
    let traced = request_events_logged().then(|| {
        ServiceBuilder::new().map_response(IntoResponse::into_response).layer(
            // A 5xx is logged where it happens, once (a 500 with its cause; an outage as it
            // begins and ends), not again for every request it answers.
            TraceLayer::new_for_http().on_failure(DefaultOnFailure::new().level(tracing::Level::DEBUG)),
        )
    });
    let app = ServiceBuilder::new()
        .map_response(IntoResponse::into_response)
        .option_layer(traced)
        .map_response(IntoResponse::into_response)
        // Security headers, and compression for clients that take it. Share pages bring
        // their own, compressed once per change (see cache.rs).
        .layer(Outgoing)
        .layer(http::panics::CatchPanic(panic_response))
        .layer(Edge(public))
        .layer(Gated(rate::TokenAttempts(writes.clone())))
        .layer(http::deadline::Deadline { limit: REQUEST_TIMEOUT, status: StatusCode::REQUEST_TIMEOUT })
        .layer(Gated(limit::PastLimit))
        .layer(RequestBodyLimitLayer::new(limit::BODY_LIMIT))
        .service(Lives { routes, judges });
    // Kept share pages are answered in front of everything else (see cache::KeptPages).
    let budget = match &db {
        Db::Postgres(store) => store.settings().request_budget(),
        Db::Sqlite(..) => None,
    };
    let kept = cache::KeptPages { inner: app, pages, db };
    metrics::Metered(Budgeted { inner: kept, budget })
}

/// Whether the log keeps tower-http's events about each request (all at debug level).
fn request_events_logged() -> bool {
    use tracing::Level;
    tracing::enabled!(target: "tower_http::trace::make_span", Level::DEBUG)
        || tracing::enabled!(target: "tower_http::trace::on_request", Level::DEBUG)
        || tracing::enabled!(target: "tower_http::trace::on_response", Level::DEBUG)
        || tracing::enabled!(target: "tower_http::trace::on_failure", Level::DEBUG)
}

/// Hands the registry's games to the shared rooms, which never import it: the plain list to the
/// HTTP layer (the navigation every page carries, the metrics' route classes) and the whole
/// table to the flows (looking a build's game up by its kind, the gallery, comparing). Once per
/// process: later calls find them in place.
pub fn install_games() {
    http::kinds::install(registry::descriptors());
    flows::registered::install(&registry::GAMES);
}

/// The gallery, "My builds", and the JSON API for any saved build: read, delete, list. Mounted
/// here, by the assembly, so the saved-build flows never mount one another.
fn saved_builds(writes: &rate::WriteLimit) -> Router<AppState> {
    use axum::routing::{delete, get, patch};
    use flows::{gallery, owners};
    Router::new().route("/gallery", get(gallery::page)).route("/my-builds", get(owners::my_builds)).route(
        "/api/builds/{id}",
        get(saved::build_json)
            .merge(delete(owners::api_delete).layer(writes.clone()))
            .merge(patch(owners::api_listing).layer(writes.clone())),
    )
}

/// Every game's live route, answered in front of the router: a `POST {path}/live` goes straight
/// to its handler ([`builder::live_answer`]), and the path asked any other way is answered 405
/// with the method it takes, as a router's route answers. A live update is the request players
/// make most, and through the router each one paid for its look-up, a boxed copy of the route,
/// the two extensions the router puts on a matched request (its path and its parameters; the
/// first makes the request's map of them, which no live handler reads) and a `Content-Length`
/// put in the headers for the server to read back (hyper writes a whole body's length itself):
/// some 4k instructions, a tenth of Epic's whole update. The router has no live route of its
/// own: one handler, made once (two, one for each way in, were inlined apart, and every game's
/// reading of the form cost 4-7% more under LTO). Anything else goes to the router.
#[derive(Clone)]
struct Lives<S> {
    routes: S,
    judges: Option<std::sync::Arc<judging::Judges>>,
}

/// Each game's live path (`{path}/live`) and its answer, in the registry's order.
fn lives() -> &'static [(String, flows::registered::LiveAnswer)] {
    static LIVES: std::sync::LazyLock<Vec<(String, flows::registered::LiveAnswer)>> =
        std::sync::LazyLock::new(|| {
            registry::GAMES.iter().map(|g| (format!("{}/live", g.game.path), g.live)).collect()
        });
    &LIVES
}

impl<S, B> tower::Service<axum::http::Request<B>> for Lives<S>
where
    S: tower::Service<axum::http::Request<B>, Response = Response, Error = std::convert::Infallible>,
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = futures_util::future::Either<
        futures_util::future::NeverError<flows::registered::LiveFuture>,
        S::Future,
    >;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        self.routes.poll_ready(cx)
    }

    fn call(&mut self, req: axum::http::Request<B>) -> Self::Future {
        use futures_util::FutureExt;
        use futures_util::future::Either;
        let Some((_, live)) = lives().iter().find(|(path, _)| path == req.uri().path()) else {
            return Either::Right(self.routes.call(req));
        };
        if req.method() != axum::http::Method::POST {
            // As a router answers a method its route does not take: the way out words it.
            let refused = (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "POST")]).into_response();
            let refused: flows::registered::LiveFuture = Either::Right(Box::pin(std::future::ready(refused)));
            return Either::Left(refused.never_error());
        }
        Either::Left(live(req.map(axum::body::Body::new), self.judges.clone()).never_error())
    }
}

/// Every request's waits on a PostgreSQL store bounded together ([`crate::store::pg::within_budget`]):
/// past the budget it is answered 503, not left waiting for the request timeout. A SQLite file
/// is this process's own and has no such wait.
#[derive(Clone)]
struct Budgeted<S> {
    inner: S,
    budget: Option<Duration>,
}

impl<S> tower::Service<Request> for Budgeted<S>
where
    S: tower::Service<Request, Response = Response> + Send,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = futures_util::future::Either<
        S::Future,
        futures_util::future::BoxFuture<'static, Result<Response, S::Error>>,
    >;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let call = self.inner.call(req);
        match self.budget {
            None => futures_util::future::Either::Left(call),
            Some(budget) => {
                futures_util::future::Either::Right(Box::pin(crate::store::pg::within_budget(budget, call)))
            }
        }
    }
}

#[derive(askama::Template)]
#[template(path = "home.html")]
struct Home;

async fn home() -> Result<Response, AppError> {
    builder::page(&Home)
}

/// Unknown addresses: a JSON 404 under `/api`, a page elsewhere. A page's address spelled with
/// doubled or trailing slashes is sent on to its tidy spelling (308), never kept under it.
async fn not_found(req: Request) -> Response {
    let reads = matches!(*req.method(), axum::http::Method::GET | axum::http::Method::HEAD);
    if let Some(tidy) = cache::tidy_address(req.uri()).filter(|_| reads) {
        return cache::redirect(&tidy);
    }
    if req.uri().path().starts_with("/api/") {
        error_json(StatusCode::NOT_FOUND, format!("No API endpoint at {}", req.uri().path()))
    } else {
        AppError::not_found("page").into_response()
    }
}

/// A panic becomes a plain 500 page; the panic itself is logged.
fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response {
    let detail = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    tracing::error!(panic = detail, "handler panicked");
    error_page(
        StatusCode::INTERNAL_SERVER_ERROR,
        "Something went wrong on our side. Nothing you sent was lost; please try again.".into(),
    )
}

/// Marks every cookie the answer sets `Secure`, so a browser never sends it over plain http
/// (a site reached over https: `--public-url https://...`). Every cookie, wherever it is set:
/// the edit tokens' and any added later.
fn secure_cookies(h: &mut axum::http::HeaderMap) {
    let header::Entry::Occupied(mut cookies) = h.entry(header::SET_COOKIE) else { return };
    for v in cookies.iter_mut() {
        let secure = v.to_str().is_ok_and(|s| s.split(';').any(|a| a.trim().eq_ignore_ascii_case("secure")));
        if !secure && let Ok(with) = HeaderValue::from_bytes(&[v.as_bytes(), b"; Secure"].concat()) {
            *v = with;
        }
    }
}

/// The edge of the app, one layer for two jobs. First, a browser's cross-site writes are
/// refused ([`origin::allows`]). Then, what layers outside the handlers (body limit, timeout,
/// method routing, the cross-site refusal) and axum's extractors (an address or query that
/// cannot be read) answer with bare bodies, empty or plain text, gets the same clear message as
/// every other error: JSON under `/api`, a page elsewhere. Handlers always answer with HTML or
/// JSON. A request goes on with its future unboxed ([`EdgeFuture`]); only an answer to be worded
/// again takes a boxed path.
#[derive(Clone)]
struct Edge(std::sync::Arc<origin::PublicOrigin>);

impl<S> tower::Layer<S> for Edge {
    type Service = EdgeService<S>;

    fn layer(&self, inner: S) -> EdgeService<S> {
        EdgeService { public: self.0.clone(), inner }
    }
}

/// A service at the [`Edge`].
#[derive(Clone)]
struct EdgeService<S> {
    public: std::sync::Arc<origin::PublicOrigin>,
    inner: S,
}

impl<S> tower::Service<Request> for EdgeService<S>
where
    S: tower::Service<Request, Response = Response, Error = std::convert::Infallible>,
{
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = EdgeFuture<S::Future>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), std::convert::Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let api = req.uri().path().starts_with("/api/");
        let inner = if origin::allows(&self.public, &req) {
            futures_util::future::Either::Left(self.inner.call(req))
        } else {
            futures_util::future::Either::Right(std::future::ready(Ok(StatusCode::FORBIDDEN.into_response())))
        };
        EdgeFuture::Answering { inner, https: self.public.is_https(), api }
    }
}

pin_project_lite::pin_project! {
    /// An answer on its way out through the [`Edge`]: the service's own, then, only when it is a
    /// bare error, worded again.
    #[project = EdgeState]
    enum EdgeFuture<F> {
        Answering {
            #[pin]
            inner: futures_util::future::Either<F, std::future::Ready<Result<Response, std::convert::Infallible>>>,
            https: bool,
            api: bool,
        },
        Rewording {
            rewording: futures_util::future::BoxFuture<'static, Response>,
        },
    }
}

impl<F> std::future::Future for EdgeFuture<F>
where
    F: std::future::Future<Output = Result<Response, std::convert::Infallible>>,
{
    type Output = Result<Response, std::convert::Infallible>;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        loop {
            match self.as_mut().project() {
                EdgeState::Answering { inner, https, api } => {
                    let Ok(mut res) = std::task::ready!(inner.poll(cx));
                    if *https {
                        secure_cookies(res.headers_mut());
                    }
                    if !bare_error(&res) {
                        return std::task::Poll::Ready(Ok(res));
                    }
                    let rewording = Box::pin(reword(res, *api));
                    self.set(EdgeFuture::Rewording { rewording });
                }
                EdgeState::Rewording { rewording } => return rewording.as_mut().poll(cx).map(Ok),
            }
        }
    }
}

/// An error answered with a bare body: empty, or plain text.
fn bare_error(res: &Response) -> bool {
    let status = res.status();
    // The status first: most answers are not errors, and their headers need no look.
    (status.is_client_error() || status.is_server_error())
        && res
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_none_or(|ct| ct.starts_with("text/plain"))
}

/// A bare error in our words: JSON under `/api` (`api`), a page elsewhere.
async fn reword(res: Response, api: bool) -> Response {
    let status = res.status();
    let (parts, body) = res.into_parts();
    let said = match status {
        // An extractor's own words say what could not be read ("Failed to deserialize query
        // string: duplicate field `from`").
        StatusCode::BAD_REQUEST | StatusCode::UNPROCESSABLE_ENTITY => {
            let bytes = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            String::from_utf8_lossy(&bytes).trim().to_owned()
        }
        _ => String::new(),
    };
    let fallback = if said.is_empty() {
        status.canonical_reason().unwrap_or("Request refused").to_owned()
    } else {
        format!("This request could not be read. {}.", said.trim_end_matches('.'))
    };
    let message = if status == StatusCode::TOO_MANY_REQUESTS {
        let wait = parts.headers.get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()).unwrap_or("a few");
        format!(
            "Too many saves, imports or edit attempts came from your address in a short time. Nothing was saved or lost: wait {wait} seconds and send it again."
        )
    } else if status == StatusCode::SERVICE_UNAVAILABLE {
        error::RESTARTING.to_owned()
    } else {
        rejection_text(status, fallback)
    };
    let mut out = if api { error_json(status, message) } else { error_page(status, message) };
    // Keep headers that matter to the client (Allow on 405, for instance).
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Lives`] answers each game's `POST {path}/live` with the live route's handler (the
    /// game's example form: its figures, 200), the path asked any other way with 405 and the
    /// method it takes, and hands everything else to the service behind it (here one answering
    /// 418): the live path spelt with a trailing slash or longer, another of the game's paths,
    /// a path that only ends the same.
    #[tokio::test]
    async fn the_live_posts_are_answered_in_front_and_everything_else_is_handed_on() {
        use tower::ServiceExt;
        install_games();
        let behind = tower::service_fn(|_: Request| async {
            Ok::<_, std::convert::Infallible>(StatusCode::IM_A_TEAPOT.into_response())
        });
        let front = Lives { routes: behind, judges: None };
        let ask = |method: &str, path: &str, body: String| {
            let req = Request::builder()
                .method(method)
                .uri(path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(axum::body::Body::from(body))
                .expect("a request");
            front.clone().oneshot(req)
        };
        assert_eq!(lives().len(), registry::GAMES.len());
        for g in &registry::GAMES {
            let pairs = (g.example_form)().expect("the example's form");
            let form: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
            let live = format!("{}/live", g.game.path);
            let Ok(res) = ask("POST", &live, form.clone()).await;
            assert_eq!(res.status(), StatusCode::OK, "{live}");
            assert_eq!(res.headers()[header::CONTENT_TYPE], "text/html; charset=utf-8", "{live}");
            let body = axum::body::to_bytes(res.into_body(), 1 << 20).await.expect("a body");
            assert!(!body.is_empty(), "{live}");
            for method in ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"] {
                let Ok(res) = ask(method, &live, form.clone()).await;
                assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {live}");
                assert_eq!(res.headers()[header::ALLOW], "POST", "{method} {live}");
            }
            for (method, path) in [
                ("POST", format!("{live}/")),
                ("POST", format!("{live}s")),
                ("POST", format!("/x{live}")),
                ("POST", format!("{}/design", g.game.path)),
            ] {
                let Ok(res) = ask(method, &path, form.clone()).await;
                assert_eq!(res.status(), StatusCode::IM_A_TEAPOT, "{method} {path}");
            }
        }
    }

    #[test]
    fn a_panic_becomes_a_plain_500_page_without_details() {
        let r = panic_response(Box::new("index out of bounds: secret detail"));
        assert_eq!(r.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(r.headers()[header::CONTENT_TYPE], "text/html; charset=utf-8");
    }

    #[tokio::test]
    async fn a_panic_page_says_nothing_was_lost_and_hides_the_cause() {
        let r = panic_response(Box::new(String::from("secret detail")));
        let body = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap_or_default();
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains("Nothing you sent was lost"));
        assert!(!text.contains("secret detail"));
    }
}
