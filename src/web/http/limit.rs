//! A body declared past [`BODY_LIMIT`]: refused with 413 before the handler,
//! after reading the rest of it and dropping it (as nginx's lingering close does). Answering and
//! closing while a browser is still sending would reset the connection, and the player would see
//! the browser's own "connection reset" error instead of the page saying why. The read is bounded:
//! at most [`DRAIN_LIMIT`] bytes within [`DRAIN_TIME`]; a larger declared body, or one sent with
//! `Expect: 100-continue` (the client waits for leave to send it), is refused at once.

use super::gate::Gate;
use axum::body::Body;
use axum::http::{Request, Response, StatusCode, header};
use axum::response::IntoResponse;
use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use std::time::Duration;

/// Request bodies larger than this are refused with 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The largest declared body read (and dropped) before it is refused.
pub const DRAIN_LIMIT: u64 = 1 << 20;
/// The longest a refused body is read for.
pub const DRAIN_TIME: Duration = Duration::from_secs(2);

/// The gate: bodies declared within the limit (or not declared) go straight on (the body limit
/// layer still cuts one that sends more than it declared, or that declares nothing).
#[derive(Clone, Copy)]
pub struct PastLimit;

/// The body length `req` declares, if any.
fn declared<B>(req: &Request<B>) -> Option<u64> {
    req.headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
}

impl Gate for PastLimit {
    fn passes(&self, req: &Request<Body>) -> bool {
        declared(req).is_none_or(|n| n <= BODY_LIMIT as u64)
    }

    fn stop<S>(self, req: Request<Body>, _: S) -> BoxFuture<'static, Response<Body>> {
        let length = declared(&req).unwrap_or(u64::MAX);
        let waits = req.headers().get(header::EXPECT).is_some();
        Box::pin(async move {
            if length <= DRAIN_LIMIT && !waits {
                let _ = tokio::time::timeout(DRAIN_TIME, drain(req.into_body())).await;
            }
            StatusCode::PAYLOAD_TOO_LARGE.into_response()
        })
    }
}

/// Reads `body` to its end (or past [`DRAIN_LIMIT`]), keeping nothing.
async fn drain(body: Body) {
    let mut read = 0u64;
    let mut chunks = body.into_data_stream();
    while let Some(Ok(chunk)) = chunks.next().await {
        read += chunk.len() as u64;
        if read > DRAIN_LIMIT {
            break;
        }
    }
}
