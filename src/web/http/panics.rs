//! A handler's panic answered as a page: the connection is not dropped, the client is told
//! (see `panic_response` in `web`), and the panic is logged there.
//!
//! tower-http's `CatchPanic` does the same, but boxes every answer's body as it passes, and the
//! edge above boxed it again to name one body type: two allocations and two indirections on
//! each frame of every answer, the live figures' too. Here an answer leaves as the axum `Body`
//! it already is (`Body::new` of a `Body` is the same body).

use axum::body::{Body, Bytes};
use axum::http::{Request, Response};
use std::any::Any;
use std::convert::Infallible;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::task::{Context, Poll};

/// What a panic is answered with, given what it was raised with.
pub type PanicAnswer = fn(Box<dyn Any + Send + 'static>) -> Response<Body>;

/// The layer: a panic while the inner service is called or its answer is made becomes
/// `answer`'s page.
#[derive(Clone, Copy)]
pub struct CatchPanic(pub PanicAnswer);

impl<S> tower::Layer<S> for CatchPanic {
    type Service = CatchPanicService<S>;

    fn layer(&self, inner: S) -> CatchPanicService<S> {
        CatchPanicService { inner, answer: self.0 }
    }
}

#[derive(Clone)]
pub struct CatchPanicService<S> {
    inner: S,
    answer: PanicAnswer,
}

impl<S, B> tower::Service<Request<Body>> for CatchPanicService<S>
where
    S: tower::Service<Request<Body>, Response = Response<B>, Error = Infallible>,
    B: axum::body::HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = CatchPanicFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        let answer = self.answer;
        match catch_unwind(AssertUnwindSafe(|| self.inner.call(req))) {
            Ok(inner) => CatchPanicFuture::Running { inner, answer },
            Err(panic) => CatchPanicFuture::Panicked { page: Some(answer(panic)) },
        }
    }
}

pin_project_lite::pin_project! {
    /// An answer on its way out through [`CatchPanic`].
    #[project = CatchPanicState]
    pub enum CatchPanicFuture<F> {
        Running { #[pin] inner: F, answer: PanicAnswer },
        Panicked { page: Option<Response<Body>> },
    }
}

impl<F, B> Future for CatchPanicFuture<F>
where
    F: Future<Output = Result<Response<B>, Infallible>>,
    B: axum::body::HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Output = Result<Response<Body>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            CatchPanicState::Running { inner, answer } => {
                match catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
                    Ok(Poll::Ready(Ok(res))) => Poll::Ready(Ok(res.map(Body::new))),
                    Ok(Poll::Pending) => Poll::Pending,
                    Err(panic) => Poll::Ready(Ok(answer(panic))),
                }
            }
            // Polled again after its answer: there is none left to give.
            CatchPanicState::Panicked { page } => match page.take() {
                Some(page) => Poll::Ready(Ok(page)),
                None => Poll::Pending,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;
    use tower::{Service, ServiceBuilder, ServiceExt};

    fn page(panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
        let said = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let mut r = Response::new(Body::from(format!("caught: {said}")));
        *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
        r
    }

    /// A service that panics when called ("/call"), while its answer is made ("/poll", after a
    /// wait), or answers ("/fine").
    #[derive(Clone)]
    struct Panicky;

    impl tower::Service<Request<Body>> for Panicky {
        type Response = Response<Body>;
        type Error = Infallible;
        type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, req: Request<Body>) -> Self::Future {
            let path = req.uri().path().to_owned();
            if path == "/call" {
                panic!("in the call");
            }
            Box::pin(async move {
                if path == "/poll" {
                    tokio::task::yield_now().await;
                    panic!("{}", String::from("while answering"));
                }
                Ok(Response::new(Body::from("fine")))
            })
        }
    }

    async fn ask(path: &str) -> (StatusCode, String) {
        let mut svc = ServiceBuilder::new().layer(CatchPanic(page)).service(Panicky);
        let res =
            svc.ready().await.unwrap().call(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
        let status = res.status();
        let body = axum::body::to_bytes(res.into_body(), 1 << 10).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn a_panic_when_called_or_while_answering_is_answered_with_the_page() {
        assert_eq!(ask("/fine").await, (StatusCode::OK, "fine".to_owned()));
        assert_eq!(ask("/call").await, (StatusCode::INTERNAL_SERVER_ERROR, "caught: in the call".to_owned()));
        assert_eq!(
            ask("/poll").await,
            (StatusCode::INTERNAL_SERVER_ERROR, "caught: while answering".to_owned())
        );
    }
}
