//! What every builder's saved builds share: edit tokens in cookies, ownership, share links, the
//! gallery and the JSON API for saved builds.

use super::AppState;
use super::error::{AppError, error_json};
use crate::store::builds::{self, Build, Kind, Listing, format_time};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new().route("/gallery", get(gallery)).route("/api/builds/{id}", get(build_json))
}

/// The cookie holding the edit token of one build.
pub fn cookie_name(id: &str) -> String {
    format!("dd_edit_{id}")
}

/// The value of cookie `name`, if the request has it.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The edit token a request carries for a build: the `X-Edit-Token` header (API clients), a
/// `token` form field, or the owner's cookie.
pub fn token_for<'a>(headers: &'a HeaderMap, id: &str, form_token: Option<&'a str>) -> Option<&'a str> {
    headers
        .get("x-edit-token")
        .and_then(|v| v.to_str().ok())
        .or(form_token.filter(|t| !t.is_empty()))
        .or_else(|| cookie(headers, &cookie_name(id)))
}

/// Whether the request may edit the build.
pub fn is_owner(b: &Build, headers: &HeaderMap) -> bool {
    token_for(headers, &b.id, None).is_some_and(|t| b.token_matches(t))
}

/// Remembers the edit token in the owner's browser (ten years; HttpOnly, same-site).
pub fn set_edit_cookie(r: &mut Response, id: &str, token: &str) {
    let v = format!("{}={token}; Path=/; Max-Age=315360000; HttpOnly; SameSite=Lax", cookie_name(id));
    if let Ok(v) = HeaderValue::from_str(&v) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// The origin links are shown with ("http://127.0.0.1:3000"), from the Host the browser used.
pub fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)))
        .unwrap_or("127.0.0.1:3000");
    format!("http://{host}")
}

/// Where a saved build's page is.
pub fn share_path(b: &Build) -> String {
    let kind = Kind::parse(&b.kind).unwrap_or(Kind::Boat);
    format!("{}/{}", kind.path(), b.id)
}

/// The private link that hands the edit token to another browser of the owner's.
pub fn edit_link(origin: &str, b: &Build, token: &str) -> String {
    format!("{origin}{}/edit?token={token}", share_path(b))
}

/// Loads a build of a kind, or a 404.
pub async fn load(state: &AppState, id: &str, kind: Kind) -> Result<Build, AppError> {
    match builds::get(&state.db, id).await? {
        Some(b) if b.kind == kind.as_str() => Ok(b),
        _ => Err(AppError::not_found(match kind {
            Kind::Boat => "saved boat",
            Kind::Epic => "saved detachment",
        })),
    }
}

/// The response to `?token=` on an edit link: keep the token in a cookie and drop it from the
/// address, so it does not linger in history or get shared by accident.
pub fn adopt_token(b: &Build, token: &str) -> Result<Response, AppError> {
    if !b.token_matches(token) {
        return Err(AppError::Forbidden(
            "This edit link's token does not match the build. Ask its owner for a fresh link, or edit a copy.".into(),
        ));
    }
    let mut r = Redirect::to(&format!("{}/edit", share_path(b))).into_response();
    set_edit_cookie(&mut r, &b.id, token);
    Ok(r)
}

#[derive(Deserialize)]
pub struct GalleryQuery {
    #[serde(default)]
    q: String,
    #[serde(default)]
    kind: String,
}

pub struct GalleryRow {
    pub href: String,
    pub name: String,
    pub kind: &'static str,
    pub legal: bool,
    pub summary: String,
    pub updated: String,
}

#[derive(Template)]
#[template(path = "gallery.html")]
struct GalleryPage {
    q: String,
    kind: String,
    rows: Vec<GalleryRow>,
    examples: Vec<crate::web::boat_view::StartChoice>,
}

fn row(l: Listing) -> GalleryRow {
    let kind = Kind::parse(&l.kind).unwrap_or(Kind::Boat);
    GalleryRow {
        href: format!("{}/{}", kind.path(), l.id),
        name: if l.name.trim().is_empty() { "(unnamed)".into() } else { l.name },
        kind: match kind {
            Kind::Boat => "Boat",
            Kind::Epic => "Epic detachment",
        },
        legal: l.legal,
        summary: l.summary,
        updated: format_time(l.updated_at),
    }
}

async fn gallery(State(state): State<AppState>, Query(q): Query<GalleryQuery>) -> Result<Response, AppError> {
    let kind = Kind::parse(&q.kind);
    let rows = builds::recent(&state.db, kind, &q.q, 50).await?.into_iter().map(row).collect();
    let page = GalleryPage {
        q: q.q.chars().take(100).collect(),
        kind: kind.map_or("", Kind::as_str).to_owned(),
        rows,
        examples: crate::web::boat_view::start_choices().1,
    };
    Ok(Html(page.render()?).into_response())
}

/// A saved build as JSON: its document and what the store knows about it.
async fn build_json(
    State(state): State<AppState>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Response {
    match builds::get(&state.db, &id).await {
        Ok(Some(b)) => {
            let document: serde_json::Value =
                serde_json::from_str(&b.document).unwrap_or(serde_json::Value::Null);
            Json(json!({
                "id": b.id,
                "kind": b.kind,
                "name": b.name,
                "document": document,
                "engine_version": b.engine_version,
                "legal": b.legal,
                "summary": b.summary,
                "created_at": b.created_at,
                "updated_at": b.updated_at,
                "parent_id": b.parent_id,
                "url": share_path(&b),
            }))
            .into_response()
        }
        Ok(None) => error_json(StatusCode::NOT_FOUND, format!("There is no saved build with id \"{id}\"")),
        Err(e) => super::error::ApiError(e.into()).into_response(),
    }
}
