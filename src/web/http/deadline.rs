//! The time a request may take ([`REQUEST_TIMEOUT`](crate::web::REQUEST_TIMEOUT)), past which it is
//! stopped with 408, counted from when it reaches the app.
//!
//! Most requests (a live update, a page) are answered the first time they are polled, with
//! nothing to wait for. Arming a timer for each of them (as tower-http's timeout does, before it
//! even polls the request) costs a registration with the runtime's timer, and its removal, on
//! every request. Here the moment the request arrived is noted, and the timer is armed only if the
//! request has to wait, for the time left: the limit is the same, counted from the same moment.

use axum::http::{Request, Response, StatusCode};
use pin_project_lite::pin_project;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::{Instant, Sleep};

/// Stops a request that takes longer than `limit` with `status` and an empty body.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    pub limit: Duration,
    pub status: StatusCode,
}

impl<S> tower::Layer<S> for Deadline {
    type Service = DeadlineService<S>;

    fn layer(&self, inner: S) -> DeadlineService<S> {
        DeadlineService { inner, limit: self.limit, status: self.status }
    }
}

#[derive(Debug, Clone)]
pub struct DeadlineService<S> {
    inner: S,
    limit: Duration,
    status: StatusCode,
}

impl<S, ReqB, ResB> tower::Service<Request<ReqB>> for DeadlineService<S>
where
    S: tower::Service<Request<ReqB>, Response = Response<ResB>>,
    ResB: Default,
{
    type Response = Response<ResB>;
    type Error = S::Error;
    type Future = DeadlineFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<ReqB>) -> Self::Future {
        DeadlineFuture {
            until: Instant::now() + self.limit,
            status: self.status,
            inner: self.inner.call(req),
            timer: None,
        }
    }
}

pin_project! {
    /// A request's answer, or `status` once its time is up.
    pub struct DeadlineFuture<F> {
        until: Instant,
        status: StatusCode,
        #[pin]
        inner: F,
        // Armed the first time the request has to wait.
        timer: Option<Pin<Box<Sleep>>>,
    }
}

impl<F, B, E> Future for DeadlineFuture<F>
where
    F: Future<Output = Result<Response<B>, E>>,
    B: Default,
{
    type Output = Result<Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        // Once armed, whether the time is up is asked first, as a timeout does: a request woken
        // after its time is stopped, not answered late.
        if let Some(timer) = this.timer.as_mut()
            && timer.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Ok(stopped(*this.status)));
        }
        if let Poll::Ready(answer) = this.inner.poll(cx) {
            return Poll::Ready(answer);
        }
        if this.timer.is_none() {
            let mut timer = Box::pin(tokio::time::sleep_until(*this.until));
            // Polled once to be woken when the time is up (or found up already).
            if timer.as_mut().poll(cx).is_ready() {
                return Poll::Ready(Ok(stopped(*this.status)));
            }
            *this.timer = Some(timer);
        }
        Poll::Pending
    }
}

/// The answer to a request stopped for its time: `status`, no body (the edge words it).
fn stopped<B: Default>(status: StatusCode) -> Response<B> {
    let mut r = Response::new(B::default());
    *r.status_mut() = status;
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;
    use tower::{Layer, Service, ServiceExt};

    /// A service answering 200 after `wait` (at once for zero).
    fn after(wait: Duration) -> impl Service<Request<()>, Response = Response<String>, Error = Infallible> {
        tower::service_fn(move |_: Request<()>| async move {
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
            Ok::<_, Infallible>(Response::new("answered".to_owned()))
        })
    }

    const LIMIT: Deadline = Deadline { limit: Duration::from_secs(10), status: StatusCode::REQUEST_TIMEOUT };

    #[tokio::test(start_paused = true)]
    async fn a_request_within_its_time_is_answered_and_one_past_it_is_stopped() {
        for (wait, status, body) in [
            (Duration::ZERO, StatusCode::OK, "answered"),
            (Duration::from_secs(9), StatusCode::OK, "answered"),
            (Duration::from_secs(11), StatusCode::REQUEST_TIMEOUT, ""),
        ] {
            let started = Instant::now();
            let r = LIMIT.layer(after(wait)).oneshot(Request::new(())).await.unwrap();
            assert_eq!((r.status(), r.body().as_str()), (status, body), "waiting {wait:?}");
            let took = started.elapsed();
            assert_eq!(took, wait.min(LIMIT.limit), "waiting {wait:?}");
        }
    }

    /// The time is counted from when the request reached the app, not from when it first had to
    /// wait: a request first polled six seconds late and then waiting five is stopped at ten.
    #[tokio::test(start_paused = true)]
    async fn the_time_counts_from_the_call_not_from_the_first_wait() {
        let started = Instant::now();
        let mut svc = LIMIT.layer(after(Duration::from_secs(5)));
        let answer = svc.ready().await.unwrap().call(Request::new(()));
        tokio::time::sleep(Duration::from_secs(6)).await;
        let r = answer.await.unwrap();
        assert_eq!(r.status(), StatusCode::REQUEST_TIMEOUT);
        assert_eq!(started.elapsed(), Duration::from_secs(10));
    }
}
