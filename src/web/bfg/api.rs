//! The fleet builder's JSON API: the catalog (factions, fleet lists with their composition
//! rules as we read them, fleet commanders, ships with their weapons, options and choice slots,
//! attack craft, our decisions) and checking a fleet. Every answer comes straight from the rules
//! engine.

use crate::games::bfg::{self, Check, Fleet};
use crate::web::flows::api::{Made, cached_json};
use crate::web::http::error::{ApiError, ApiJson};
use crate::web::http::judging::judged;
use crate::web::http::state::AppState;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use std::sync::LazyLock;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/bfg/catalog", get(catalog)).route("/api/bfg/check", post(judged(check_fleet)))
}

static CATALOG: LazyLock<Made> = LazyLock::new(|| {
    serde_json::to_vec(&json!({
        "engine_version": bfg::ENGINE_VERSION,
        "document_version": bfg::DOCUMENT_VERSION,
        "default_points_limit": bfg::DEFAULT_POINTS_LIMIT,
        "factions": bfg::factions(),
        "lists": bfg::lists(),
        "rules": bfg::rules(),
        "leaders": bfg::leaders(),
        "ships": bfg::ships(),
        "attack_craft": bfg::craft(),
        "decisions": bfg::DECISIONS,
    }))
});

async fn catalog() -> Result<Response, ApiError> {
    cached_json(&CATALOG)
}

/// The fleet's ordnance as the API gives it: the fleet's figures, and each ship's and
/// squadron's (bays, launch capacity, craft, salvo, turrets) in the fleet's order.
pub fn ordnance(c: &Check) -> Value {
    let o = &c.ordnance;
    json!({
        "bays": o.bays,
        "fleet_limit": o.fleet_limit,
        "doubled": o.doubled,
        "carriers": o.carriers,
        "torpedo_ships": o.torpedo_ships,
        "ships": c.ships.iter().chain(&c.squadrons).collect::<Vec<_>>(),
    })
}

async fn check_fleet(ApiJson(fleet): ApiJson<Fleet>) -> Response {
    let c = bfg::check(&fleet);
    Json(json!({
        "fleet": fleet,
        "points": c.points,
        "limit": c.limit,
        "legal": c.legal,
        "problems": c.problems,
        "faction_name": c.faction_name,
        "list": c.list,
        "list_name": c.list_name,
        "rules": c.rules,
        "leaders": c.leaders,
        "not_read": fleet.not_read,
        "ordnance": ordnance(&c),
        "text": bfg::text_export(&fleet),
        "engine_version": bfg::ENGINE_VERSION,
    }))
    .into_response()
}
