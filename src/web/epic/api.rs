//! The detachment builder's JSON API: the lists and profiles, and checking a detachment. Every
//! answer comes straight from the rules engine.

use crate::games::epic;
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
    Router::new()
        .route("/api/epic/lists", get(epic_lists))
        .route("/api/epic/check", post(judged(check_detachment)))
}

static EPIC_LISTS: LazyLock<Made> = LazyLock::new(|| {
    serde_json::to_vec(&json!({
        "engine_version": epic::ENGINE_VERSION,
        "lists": epic::lists(),
        "vessels": epic::vessels(),
        "special_rules": epic::special_rules(),
        "general_rules": epic::general_rules(),
    }))
});

async fn epic_lists() -> Result<Response, ApiError> {
    cached_json(&EPIC_LISTS)
}

async fn check_detachment(ApiJson(d): ApiJson<epic::Detachment>) -> Response {
    let c = epic::check(&d);
    Json(json!({
        "detachment": d,
        "points": c.points,
        "points_limit": c.points_limit,
        "legal": c.legal,
        "problems": c.problems,
        "chain_of_command": c.chain_of_command,
        "vessels": c.vessels,
        "choices": c.choices,
        "sections": c.sections,
        "notes": epic::notes_for(&d, &c),
        "text": epic::text_export(&d, &c),
        "engine_version": epic::ENGINE_VERSION,
    }))
    .into_response()
}
