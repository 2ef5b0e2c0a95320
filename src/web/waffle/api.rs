//! The roster builder's JSON API: the catalog of types and rules, and checking a roster. Every
//! answer comes straight from the rules engine.

use crate::games::waffle;
use crate::web::flows::api::{Made, cached_json};
use crate::web::http::error::{ApiError, ApiJson};
use crate::web::http::judging::judged;
use crate::web::http::state::AppState;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use std::sync::LazyLock;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/waffle/catalog", get(catalog)).route("/api/waffle/check", post(judged(check)))
}

static CATALOG: LazyLock<Made> = LazyLock::new(|| {
    let catalog = json!({ "engine_version": waffle::ENGINE_VERSION, "catalog": waffle::catalog() });
    serde_json::to_vec(&catalog)
});

async fn catalog() -> Result<Response, ApiError> {
    cached_json(&CATALOG)
}

async fn check(ApiJson(r): ApiJson<waffle::Roster>) -> Response {
    let text = waffle::text_export(&r);
    let mut answer = json!(waffle::check(&r));
    answer["text"] = json!(text);
    Json(answer).into_response()
}
