//! The boat designer's JSON API: the catalog, judging a design, reading a stat line. Every
//! answer comes straight from the rules engine; nothing is recomputed here.

use crate::games::boats::statline::{self, Claimed};
use crate::games::boats::{self, Design, Evaluation, Figures, tables};
use crate::games::{Problem, boats::evaluate::Line};
use crate::web::flows::api::{Made, cached_json};
use crate::web::http::error::{ApiError, ApiJson, AppError};
use crate::web::http::judging::judged;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde_json::json;
use std::sync::LazyLock;

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/api/boats/catalog", get(catalog))
        // `check`, as every game's is called; `evaluate` is its first name, kept for clients
        // written against it.
        .route("/api/boats/check", post(judged(evaluate_boat)))
        .route("/api/boats/evaluate", post(judged(evaluate_boat)))
        .route("/api/boats/import", post(import_boat).layer(writes.clone()))
}

/// The answer about one boat design.
#[derive(Debug, Serialize)]
pub struct BoatAnswer<'a> {
    pub design: &'a Design,
    pub figures: &'a Figures,
    pub problems: &'a [Problem],
    pub legal: bool,
    pub stat_line: String,
    pub ledger: &'a [Line],
    pub engine_version: u32,
}

impl<'a> BoatAnswer<'a> {
    pub fn new(design: &'a Design, e: &'a Evaluation) -> Self {
        BoatAnswer {
            design,
            figures: &e.figures,
            problems: &e.problems,
            legal: e.legal(),
            stat_line: statline::stat_line(design, e),
            ledger: &e.ledger,
            engine_version: boats::ENGINE_VERSION,
        }
    }
}

/// Serialized once: the catalog never changes while the server runs.
static CATALOG: LazyLock<Made> = LazyLock::new(|| {
    let mounts: Vec<_> =
        tables::Mount::ALL.iter().map(|m| json!({ "id": m.code(), "name": m.word() })).collect();
    let locations: Vec<_> =
        tables::Loc::ALL.iter().map(|l| json!({ "id": l.code(), "name": l.name() })).collect();
    serde_json::to_vec(&json!({
        "engine_version": boats::ENGINE_VERSION,
        "design_version": boats::DESIGN_VERSION,
        "hulls": &tables::HULLS,
        "plants": &tables::PLANTS,
        "performance": &tables::PERFORMANCE,
        "roles": &tables::ROLES,
        "weapons": tables::WEAPONS,
        "accessories": tables::ACCESSORIES,
        "turrets": &tables::TURRETS,
        "armor_types": &tables::ARMOR_TYPES,
        "mounts": mounts,
        "locations": locations,
        "boat_items": {
            "jet_drive": tables::JET_DRIVE,
            "oars": tables::OARS,
            "propeller_guard": { "cost_per_point": tables::PROPELLER_GUARD_COST, "weight_per_point": tables::PROPELLER_GUARD_WEIGHT, "max_points": tables::PROPELLER_GUARD_MAX },
            "boat_top": { "cost_pct_of_body": tables::BOAT_TOP.cost_pct_of_body, "weight_pct_of_body": tables::BOAT_TOP.weight_pct_of_body },
            "half_top": { "cost_pct_of_body": tables::HALF_TOP.cost_pct_of_body, "weight_pct_of_body": tables::HALF_TOP.weight_pct_of_body },
            "hydrofoils": { "cost_pct_of_body": tables::HYDROFOILS.cost_pct_of_body, "weight_pct_of_body": tables::HYDROFOILS.weight_pct_of_body, "spaces": tables::HYDROFOILS.spaces },
            "weighted_keel": { "cost_pct_of_body": tables::WEIGHTED_KEEL.cost_pct_of_body, "weight_pct_of_max_load": tables::WEIGHTED_KEEL.weight_pct_of_max_load },
            "spoiler": { "cost_in_armor_points": tables::SPOILER_COST_POINTS, "weight_in_armor_points": tables::SPOILER_WEIGHT_POINTS },
            "link": tables::LINK,
            "extra_magazine": { "cost": tables::EXTRA_MAGAZINE_COST, "weight": tables::EXTRA_MAGAZINE_WEIGHT, "spaces": tables::EXTRA_MAGAZINE_SPACES },
            "magazine_switch": tables::MAGAZINE_SWITCH,
            "rocket_magazine": { "cost_per_space": tables::ROCKET_MAGAZINE_COST_PER_SPACE, "weight_per_space": tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE },
            "universal_turret": tables::UNIVERSAL_TURRET,
        },
        // The catalog has always named a decision's heading "topic"; it keeps that name.
        "decisions": tables::DECISIONS.iter().map(|d| json!({ "topic": d.title, "text": d.text })).collect::<Vec<_>>(),
    }))
});

async fn catalog() -> Result<Response, ApiError> {
    cached_json(&CATALOG)
}

async fn evaluate_boat(ApiJson(design): ApiJson<Design>) -> Response {
    let e = boats::check(&design);
    Json(BoatAnswer::new(&design, &e)).into_response()
}

#[derive(Serialize)]
struct ImportAnswer<'a> {
    #[serde(flatten)]
    answer: BoatAnswer<'a>,
    unrecognized: &'a [String],
    notes: Vec<String>,
    claimed: Claimed,
}

async fn import_boat(body: String) -> Result<Response, ApiError> {
    if body.trim().is_empty() {
        return Err(AppError::Unprocessable(
            "Paste a stat line as the body, for example: Darter: Rowboat, Medium power plant, Propeller, Pilot only. ..."
                .into(),
        )
        .into());
    }
    let imp = statline::parse(&body);
    // The design keeps what was not read, as the designer's import does: saved as it is, the
    // build stays incomplete until each fragment is dealt with.
    let (design, _) = imp.design_keeping_not_read();
    let e = boats::check(&design);
    let answer = ImportAnswer {
        answer: BoatAnswer::new(&design, &e),
        unrecognized: &imp.unrecognized,
        notes: imp.notes_against(&e),
        claimed: imp.claimed,
    };
    Ok(Json(answer).into_response())
}
