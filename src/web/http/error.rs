//! One error type for every handler. Client mistakes get their status and a message that says
//! what to change; server faults are logged inside the request's span and shown to the client
//! only as "something went wrong", never with details.

use super::json::{self, Refusal};
use crate::games::bounds::{Document, beyond_bounds};
use askama::Template;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unprocessable(String),
    /// A status chosen by a rejection (415, 413, ...), with its message.
    #[error("{1}")]
    Status(StatusCode, String),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("template: {0}")]
    Template(#[from] askama::Error),
    #[error("{0}")]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Status(s, _) => *s,
            AppError::Db(e) if crate::store::unavailable(e) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Db(_) | AppError::Template(_) | AppError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    /// What the client is told.
    pub fn public_message(&self) -> String {
        if self.status_code() == StatusCode::SERVICE_UNAVAILABLE && matches!(self, AppError::Db(_)) {
            // The store logs its outages as they begin and end; one line per request would
            // flood the log while it lasts.
            tracing::debug!(error = %self, "the database did not answer");
            RESTARTING.into()
        } else if self.status_code().is_server_error() {
            // The details are in the log, inside this request's span.
            match self {
                AppError::Db(e) if let Some(hint) = crate::store::pg::hint(e) => {
                    tracing::error!(error = %self, hint, "request failed");
                }
                _ => tracing::error!(error = %self, "request failed"),
            }
            "Something went wrong on our side. Nothing you sent was lost; please try again.".into()
        } else {
            self.to_string()
        }
    }

    pub fn not_found(what: &str) -> Self {
        AppError::NotFound(format!("There is no {what} here. It may have been mistyped, or never saved."))
    }
}

/// What a request that needs the store is told while the store cannot be reached (503).
pub const RESTARTING: &str = "The store of saved builds is restarting or cannot be reached just now, so this \
    could not be done. An editor keeps your changes as a draft in this browser and \
    offers them back when you reload the page. Please try again in a few seconds.";

/// The `Retry-After` of a 503 while the store cannot be reached, in seconds.
pub const RETRY_AFTER_SECS: u32 = 5;

/// `Retry-After` on a 503: when the store, or the server, may answer again.
fn with_retry_after(mut r: Response) -> Response {
    if r.status() == StatusCode::SERVICE_UNAVAILABLE && !r.headers().contains_key(header::RETRY_AFTER) {
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    }
    r
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    status: u16,
    title: &'static str,
    message: String,
}

/// Renders the error page for a status and message.
pub fn error_page(status: StatusCode, message: String) -> Response {
    let page =
        ErrorPage { status: status.as_u16(), title: status.canonical_reason().unwrap_or("Error"), message };
    let body = page.render().unwrap_or_else(|_| "Something went wrong.".to_owned());
    (status, Html(body)).into_response()
}

/// The JSON body of an API error: `{"error": "...", "status": 422}`.
pub fn error_json(status: StatusCode, message: String) -> Response {
    (status, Json(json!({ "error": message, "status": status.as_u16() }))).into_response()
}

/// Pages get an HTML error page.
impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        with_retry_after(error_page(self.status_code(), self.public_message()))
    }
}

/// The API's error: the same errors, as JSON.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl<E: Into<AppError>> From<E> for ApiError {
    fn from(e: E) -> Self {
        ApiError(e.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        with_retry_after(error_json(self.0.status_code(), self.0.public_message()))
    }
}

/// A JSON document in the body, read strictly (objects only, nothing after the value), whose
/// rejections are API errors naming the field at fault and what fits there
/// ("The design does not fit the document format: weapons[0].count must be a whole number from 0
/// to 999, not the string \"two\""). A document over the size limits is refused too.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Document> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // The content type first, as axum's `Json` does: a form posted to the API is told to send
        // JSON, not that its body does not parse.
        require_json(req.headers())?;
        // A body over the limit fails here with 413 (the limit layer's length error).
        let body = Bytes::from_request(req, state).await.map_err(|r| {
            let status = r.status();
            ApiError(AppError::Status(status, rejection_text(status, r.body_text())))
        })?;
        let doc: T = json::from_slice(&body).map_err(|r| ApiError(json_rejection(T::NOUN, r)))?;
        if let Some(why) = beyond_bounds(&doc) {
            return Err(ApiError(AppError::Unprocessable(format!("The {} was not taken: {why}.", T::NOUN))));
        }
        Ok(ApiJson(doc))
    }
}

/// A JSON body's content type, or the 415 that asks for it: every route that reads JSON asks
/// this first, so a form posted to the API is told to send JSON, not that its body does not
/// parse.
pub fn require_json(headers: &axum::http::HeaderMap) -> Result<(), AppError> {
    if json::is_json_content_type(headers) {
        return Ok(());
    }
    Err(AppError::Status(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Send the body with the header Content-Type: application/json".into(),
    ))
}

/// A JSON body read strictly as a `noun` ("design", "order"): its content type (415), then the
/// JSON itself (400 when it is not JSON, 422 naming the field when it does not fit, or names a
/// key twice). For bodies already read; [`ApiJson`] reads a document from the request.
pub fn read_json<T: DeserializeOwned>(
    headers: &axum::http::HeaderMap,
    body: &[u8],
    noun: &str,
) -> Result<T, AppError> {
    require_json(headers)?;
    json::from_slice(body).map_err(|r| json_rejection(noun, r))
}

/// The error for a body that is not a `noun` ("design", "detachment"): 400 when it is not JSON,
/// 422 when it is JSON of the wrong shape.
pub fn json_rejection(noun: &str, r: Refusal) -> AppError {
    match r {
        Refusal::NotJson(detail) => AppError::BadRequest(format!("The body is not valid JSON: {detail}")),
        Refusal::Misfit(detail) => {
            AppError::Unprocessable(format!("The {noun} does not fit the document format: {detail}"))
        }
    }
}

/// A clear message for statuses that layers produce on their own.
pub fn rejection_text(status: StatusCode, fallback: String) -> String {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => "The request is too large: bodies are limited to 64 KiB.".into(),
        StatusCode::REQUEST_TIMEOUT => "The request took too long and was stopped. Please try again.".into(),
        StatusCode::METHOD_NOT_ALLOWED => "That address does not accept this kind of request.".into(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "This content type is not accepted here.".into(),
        StatusCode::FORBIDDEN => {
            "This form was sent from another site, so it was refused. Open Drydock and send it from there."
                .into()
        }
        _ => fallback,
    }
}

/// Adds `Content-Type` to a response (for text exports).
pub fn with_content_type(mut r: Response, ct: &'static str) -> Response {
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_store_away_is_a_503_with_retry_after_saying_drafts_are_kept() {
        for r in [
            AppError::Db(crate::store::pg::not_answering()).into_response(),
            ApiError(AppError::Db(sqlx::Error::PoolTimedOut)).into_response(),
        ] {
            assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(r.headers()[header::RETRY_AFTER], RETRY_AFTER_SECS.to_string().as_str());
            let body = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&body);
            assert!(text.contains("restarting") && text.contains("draft"), "{text}");
        }
        // A statement that failed is still a 500, without Retry-After.
        let r = AppError::Db(sqlx::Error::RowNotFound).into_response();
        assert_eq!(r.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!r.headers().contains_key(header::RETRY_AFTER));
    }
}
