//! Layers that look at each request on its way in and, nearly always, let it straight through:
//! the service inside is called at once and its future is the layer's own, unboxed. Only the
//! rare request a gate must wait on or answer itself (a body declared past the limit, an edit
//! token to count) takes a boxed path. axum's `from_fn` middleware, which these replace, boxed
//! every request's future and cloned the services inside it, on every request (a live update
//! passed three).
//!
//! [`Gate`] says which way a request goes; [`Gated`] is the layer. The edge (`web::edge`), which
//! also looks at every answer on its way out, has a future of its own.

use axum::body::Body;
use axum::http::{Request, Response};
use axum::response::IntoResponse;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Either, Map};
use std::convert::Infallible;
use tower::ServiceExt;

/// What a gate does with a request.
pub trait Gate: Clone + Send + Sync + 'static {
    /// Whether `req` goes straight on: nothing to wait for, nothing to answer.
    fn passes(&self, req: &Request<Body>) -> bool;

    /// The rest of the way for a request that does not pass: answered here, or sent on to
    /// `inner` (ready to be called) after what the gate waits for.
    fn stop<S>(self, req: Request<Body>, inner: S) -> BoxFuture<'static, Response<Body>>
    where
        S: tower::Service<Request<Body>, Error = Infallible> + Send + 'static,
        S::Response: IntoResponse,
        S::Future: Send + 'static;
}

/// The layer of a [`Gate`].
#[derive(Clone)]
pub struct Gated<G>(pub G);

impl<G: Clone, S> tower::Layer<S> for Gated<G> {
    type Service = GatedService<G, S>;

    fn layer(&self, inner: S) -> GatedService<G, S> {
        GatedService { gate: self.0.clone(), inner }
    }
}

/// A service behind a [`Gate`].
#[derive(Clone)]
pub struct GatedService<G, S> {
    gate: G,
    inner: S,
}

/// An answer of the service inside, as an axum response.
type Answered<R> = fn(Result<R, Infallible>) -> Result<Response<Body>, Infallible>;

fn answered<R: IntoResponse>(r: Result<R, Infallible>) -> Result<Response<Body>, Infallible> {
    Ok(match r {
        Ok(r) => r.into_response(),
        Err(never) => match never {},
    })
}

impl<G, S> tower::Service<Request<Body>> for GatedService<G, S>
where
    G: Gate,
    S: tower::Service<Request<Body>, Error = Infallible> + Clone + Send + 'static,
    S::Response: IntoResponse,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future =
        Either<Map<S::Future, Answered<S::Response>>, BoxFuture<'static, Result<Response<Body>, Infallible>>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        if self.gate.passes(&req) {
            return Either::Left(self.inner.call(req).map(answered::<S::Response> as Answered<S::Response>));
        }
        // The service made ready goes with the request; a clone stays for the next one.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let stopped = self.gate.clone().stop(req, inner);
        Either::Right(Box::pin(stopped.map(Ok)))
    }
}

/// Sends `req` on to `inner` (ready to be called), for a gate's [`Gate::stop`] once it has
/// waited.
pub async fn onward<S>(inner: S, req: Request<Body>) -> Response<Body>
where
    S: tower::Service<Request<Body>, Error = Infallible>,
    S::Response: IntoResponse,
{
    match inner.oneshot(req).await {
        Ok(r) => r.into_response(),
        Err(never) => match never {},
    }
}
