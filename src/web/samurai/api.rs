//! The scenario builder's JSON API: the catalog (unit types with their defaults and marks, ranks,
//! cards, directions, the naval rules in our words) and checking a scenario. Every answer comes
//! straight from the rules engine.

use crate::games::samurai::{self, Scenario};
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
    Router::new().route("/api/samurai/catalog", get(catalog)).route("/api/samurai/check", post(judged(check)))
}

static CATALOG: LazyLock<Made> = LazyLock::new(|| {
    let catalog = json!({ "engine_version": samurai::ENGINE_VERSION, "catalog": samurai::catalog() });
    serde_json::to_vec(&catalog)
});

async fn catalog() -> Result<Response, ApiError> {
    cached_json(&CATALOG)
}

/// `{legal, problems, units: [{id, naval, moves, landings, dice, ...}], leaders, text,
/// engine_version}`.
async fn check(ApiJson(s): ApiJson<Scenario>) -> Response {
    let j = samurai::check(&s);
    let mut answer = json!(j);
    answer["text"] = json!(samurai::text_export(&s, &j));
    Json(answer).into_response()
}
