//! A body declared past [`BODY_LIMIT`]: refused with 413 before the handler,
//! after reading the rest of it and dropping it (as nginx's lingering close does). Answering and
//! closing while a browser is still sending would reset the connection, and the player would see
//! the browser's own "connection reset" error instead of the page saying why. The read is bounded:
//! at most [`DRAIN_LIMIT`] bytes within [`DRAIN_TIME`]; a larger declared body, or one sent with
//! `Expect: 100-continue` (the client waits for leave to send it), is refused at once.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use std::time::Duration;

/// Request bodies larger than this are refused with 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The largest declared body read (and dropped) before it is refused.
pub const DRAIN_LIMIT: u64 = 1 << 20;
/// The longest a refused body is read for.
pub const DRAIN_TIME: Duration = Duration::from_secs(2);

/// The middleware: bodies declared within the limit go on (the body limit layer still cuts one
/// that sends more than it declared, or that declares nothing).
pub async fn refuse_past_limit(req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let Some(length) = declared.filter(|&n| n > BODY_LIMIT as u64) else {
        return next.run(req).await;
    };
    let waits = req.headers().get(header::EXPECT).is_some();
    if length <= DRAIN_LIMIT && !waits {
        let _ = tokio::time::timeout(DRAIN_TIME, drain(req.into_body())).await;
    }
    StatusCode::PAYLOAD_TOO_LARGE.into_response()
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
