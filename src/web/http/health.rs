//! For load balancers and orchestrators. `GET /healthz`: the process answers (it never asks the
//! database, so a database outage does not get every instance restarted). `GET /readyz`: this
//! instance can serve builds now, its store migrated and the database answering within a second
//! ([`crate::store::Db::ready`]); otherwise 503 with `Retry-After`, so a balancer sends players
//! elsewhere while it starts or while its database is away. Both answer JSON and are never
//! cached.

use super::error::RETRY_AFTER_SECS;
use crate::store::State as StoreState;
use crate::web::http::state::AppState;
use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
}

async fn healthz() -> Response {
    uncached((StatusCode::OK, Json(json!({ "status": "ok" }))).into_response())
}

async fn readyz(State(state): State<AppState>) -> Response {
    let store = state.db.backend();
    if state.db.ready().await {
        return uncached((StatusCode::OK, Json(json!({ "ready": true, "store": store }))).into_response());
    }
    let reason = match state.db.state() {
        StoreState::Starting => "the store is starting: connecting to the database and migrating it",
        StoreState::Up | StoreState::Down => "the database does not answer within a second",
    };
    let mut r =
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "ready": false, "store": store, "reason": reason })))
            .into_response();
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    uncached(r)
}

fn uncached(mut r: Response) -> Response {
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}
