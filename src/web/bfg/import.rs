//! BattleScribe and New Recruit rosters in: `POST /bfg/import` (a file chosen on the start page)
//! opens the builder with the fleet read, its notes and its lines not read; `POST
//! /api/bfg/import` (the file as the body) answers the fleet as `POST /api/bfg/check` does, with
//! the notes and the points the roster states. The engine reads the file (`bfg::roster`); a file
//! it cannot read is a 422 saying why, and nothing is lost.

use super::BuilderPage;
use super::view::FleetView;
use crate::games::bfg::{self, roster};
use crate::web::flows::builder::page;
use crate::web::http::error::{ApiError, AppError};
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use axum::body::Bytes;
use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::json;

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/bfg/import", post(import_page).layer(writes.clone()))
        .route("/api/bfg/import", post(import_api).layer(writes.clone()))
}

/// The roster read, or why not, as a message for the player.
fn read(bytes: &[u8]) -> Result<roster::Imported, AppError> {
    if bytes.is_empty() {
        return Err(AppError::Unprocessable(
            "Choose a roster file first: a .rosz or .ros file saved by BattleScribe or New Recruit.".into(),
        ));
    }
    roster::read(bytes).map_err(|why| {
        AppError::Unprocessable(format!(
            "This file could not be read as a BattleScribe or New Recruit roster: {why}. Nothing was saved."
        ))
    })
}

async fn import_page(mut multipart: Multipart) -> Result<Response, AppError> {
    let mut bytes = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| {
        AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
    })? {
        let name = field.name().unwrap_or("").to_owned();
        let data = field.bytes().await.map_err(|e| {
            AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
        })?;
        if name == "file" && !data.is_empty() {
            bytes = data.to_vec();
        }
    }
    let imp = read(&bytes)?;
    let v = FleetView::new(imp.fleet.clone(), Vec::new());
    let notes = imp.notes_against(&v.check);
    page(&BuilderPage { v, at: crate::web::flows::builder::Editing::default(), notes })
}

async fn import_api(body: Bytes) -> Result<Response, ApiError> {
    let imp = read(&body)?;
    let c = bfg::check(&imp.fleet);
    Ok(Json(json!({
        "fleet": imp.fleet,
        "points": c.points,
        "claimed_points": imp.claimed,
        "limit": c.limit,
        "legal": c.legal,
        "problems": c.problems,
        "list": c.list,
        "not_read": imp.fleet.not_read,
        "notes": imp.notes_against(&c),
        "ordnance": super::api::ordnance(&c),
        "engine_version": bfg::ENGINE_VERSION,
    }))
    .into_response())
}
