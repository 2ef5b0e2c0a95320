//! The boat designer, saved boats and their share pages, exports and record sheets.

use super::AppState;
use super::boat_form::{self, Action};
use super::boat_view::{self, BoatView, StartChoice};
use super::builds::{self as shared, download, file_name, load};
use super::error::{ApiError, ApiJson, AppError};
use super::form::Fields;
use super::view::ProblemView;
use crate::games::Problem;
use crate::games::carwars::design::DESIGN_VERSION;
use crate::games::carwars::{self, Design, statline};
use crate::store::builds::{self, Build, Content, Kind};
use askama::Template;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/boats/new", get(new_design))
        .route("/boats/design", post(redesign))
        .route("/boats/designer", post(designer_fragment))
        .route("/boats/live", post(live_figures))
        .route("/boats", post(save_new))
        .route("/boats/import", post(import_statline))
        .route("/boats/upload", post(upload_json))
        .route("/boats/export.json", post(export_json_unsaved))
        .route("/boats/export.txt", post(export_text_unsaved))
        .route("/boats/sheet", post(sheet_unsaved))
        .route("/boats/{id}", get(show).post(update))
        .route("/boats/{id}/edit", get(edit))
        .route("/boats/{id}/fork", post(fork))
        .route("/boats/{id}/export.json", get(export_json))
        .route("/boats/{id}/export.txt", get(export_text))
        .route("/boats/{id}/sheet", get(sheet))
        .route("/api/boats", post(api_save))
        .route("/api/boats/{id}", axum::routing::put(api_update))
}

/// Reads a saved design (see [`shared::document_from_saved`]).
pub fn design_from_saved(b: &Build) -> (Design, Vec<Problem>) {
    shared::document_from_saved(b, || Design {
        name: b.name.clone(),
        ..Design::empty(&carwars::tables::HULLS[0])
    })
}

/// What the store keeps for a design.
fn content(v: &BoatView) -> Content {
    Content {
        kind: Kind::Boat,
        name: v.design.name.clone(),
        document: serde_json::to_string(&v.design).unwrap_or_else(|_| "{}".into()),
        engine_version: carwars::ENGINE_VERSION,
        legal: v.legal(),
        summary: v.summary(),
    }
}

/// The designer as the player sees it: new, or editing a saved build they own.
#[derive(Template)]
#[template(path = "boats/designer.html", blocks = ["designer"])]
pub struct DesignerPage {
    pub v: BoatView,
    /// The saved build being edited, if any.
    pub build_id: Option<String>,
    /// Fragments of a pasted stat line that could not be read, and notes on how it was read.
    pub unrecognized: Vec<String>,
    pub notes: Vec<String>,
}

impl DesignerPage {
    fn new(v: BoatView) -> Self {
        DesignerPage { v, build_id: None, unrecognized: Vec::new(), notes: Vec::new() }
    }
}

#[derive(Template)]
#[template(path = "boats/live.html")]
struct LivePage {
    v: BoatView,
    slots: Vec<(String, Vec<ProblemView>)>,
}

#[derive(Template)]
#[template(path = "boats/start.html")]
struct StartPage {
    hulls: Vec<StartChoice>,
    examples: Vec<StartChoice>,
}

fn html(t: &impl Template) -> Result<Response, AppError> {
    Ok(Html(t.render()?).into_response())
}

#[derive(Deserialize)]
struct NewQuery {
    from: Option<String>,
}

async fn new_design(Query(q): Query<NewQuery>) -> Result<Response, AppError> {
    match q.from.as_deref().filter(|s| !s.is_empty()) {
        None => {
            let (hulls, examples) = boat_view::start_choices();
            html(&StartPage { hulls, examples })
        }
        Some(slug) => match boat_view::start_design(slug) {
            Some(d) => html(&DesignerPage::new(BoatView::new(d, Vec::new()))),
            None => Err(AppError::NotFound(format!(
                "There is no hull or example called \"{slug}\". Start from one of the choices on the designer's first page."
            ))),
        },
    }
}

/// Reads the posted designer form and applies the button's action.
fn read_form(body: &Bytes) -> (Fields<'_>, Design, Vec<Problem>) {
    let f = Fields::parse(body);
    let (mut d, problems) = boat_form::read(&f);
    let action = Action::parse(f.get("action").unwrap_or(""));
    boat_form::apply(&mut d, &action, &f);
    (f, d, problems)
}

fn designer_from(body: &Bytes) -> DesignerPage {
    let (f, d, problems) = read_form(body);
    let mut page = DesignerPage::new(BoatView::new(d, problems).with_boxes(&f, false));
    page.build_id = f.get("build_id").filter(|id| builds::looks_like_id(id)).map(str::to_owned);
    page
}

/// Without JavaScript: every button posts the whole form here and gets the page back.
async fn redesign(body: Bytes) -> Result<Response, AppError> {
    html(&designer_from(&body))
}

/// With htmx: a structural change (hull, weapon, add/remove) re-renders the form.
async fn designer_fragment(body: Bytes) -> Result<Response, AppError> {
    Ok(Html(designer_from(&body).as_designer().render()?).into_response())
}

/// With htmx: the figures panel and every part's problems, as the player types.
async fn live_figures(body: Bytes) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let (d, problems) = boat_form::read(&f);
    let v = BoatView::new(d, problems).with_boxes(&f, true);
    let slots = v.slots();
    html(&LivePage { v, slots })
}

/// Save as a new build: the owner gets the edit token in a cookie and lands on the share page,
/// which shows the private edit link.
async fn save_new(State(state): State<AppState>, body: Bytes) -> Result<Response, AppError> {
    let (f, d, problems) = read_form(&body);
    let v = BoatView::new(d, problems);
    shared::save_as_new(&state, &content(&v), f.get("parent_id")).await
}

async fn update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (f, d, problems) = read_form(&body);
    let v = BoatView::new(d, problems);
    shared::save_changes(&state, Kind::Boat, &id, &headers, f.get("token"), &content(&v)).await
}

#[derive(Template)]
#[template(path = "boats/show.html")]
struct ShowPage {
    v: BoatView,
    b: Build,
    saved: shared::Saved,
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::ShowQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    shared::share_page(&state, Kind::Boat, &id, &headers, q.saved.is_some(), |b, saved| {
        let (d, problems) = design_from_saved(&b);
        Ok(ShowPage { v: BoatView::new(d, problems), saved, b }.render()?)
    })
    .await
}

async fn edit(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::EditQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Boat).await?;
    if let Some(answer) = shared::edit_gate(&b, q.token.as_deref(), &headers)? {
        return Ok(answer);
    }
    let (d, problems) = design_from_saved(&b);
    let mut page = DesignerPage::new(BoatView::new(d, problems));
    page.build_id = Some(b.id);
    html(&page)
}

/// "Edit a copy": a new build with the same design that remembers where it came from.
async fn fork(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Boat).await?;
    let (mut d, _) = design_from_saved(&b);
    d.name = shared::copy_name(&d.name);
    let v = BoatView::new(d, Vec::new());
    shared::save_copy(&state, &content(&v), &b).await
}

fn json_download(d: &Design) -> Response {
    download(
        serde_json::to_string_pretty(d).unwrap_or_default(),
        "application/json",
        &file_name(&d.name, "json", "boat"),
    )
}

fn text_download(d: &Design) -> Response {
    let e = carwars::evaluate(d);
    download(
        format!("{}\n", statline::stat_line(d, &e)),
        "text/plain; charset=utf-8",
        &file_name(&d.name, "txt", "boat"),
    )
}

async fn export_json(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Boat).await?;
    Ok(shared::stored_json(&b, "boat"))
}

async fn export_text(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Boat).await?;
    Ok(text_download(&design_from_saved(&b).0))
}

async fn export_json_unsaved(body: Bytes) -> Response {
    json_download(&read_form(&body).1)
}

async fn export_text_unsaved(body: Bytes) -> Response {
    text_download(&read_form(&body).1)
}

#[derive(Template)]
#[template(path = "boats/sheet.html")]
struct SheetPage {
    v: BoatView,
}

async fn sheet(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Boat).await?;
    let (d, problems) = design_from_saved(&b);
    html(&SheetPage { v: BoatView::new(d, problems) })
}

async fn sheet_unsaved(body: Bytes) -> Result<Response, AppError> {
    let (_, d, problems) = read_form(&body);
    html(&SheetPage { v: BoatView::new(d, problems) })
}

/// Paste a published stat line to start from it.
async fn import_statline(body: Bytes) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let text = f.text("statline");
    if text.trim().is_empty() {
        return Err(AppError::Unprocessable(
            "Paste a stat line into the box first, for example the Piranha's: \"Piranha: Dinghy, Small power plant, Propeller, Pilot only. ...\""
                .into(),
        ));
    }
    let imp = statline::parse(&text);
    let v = BoatView::new(imp.design, Vec::new());
    let mut notes = imp.notes;
    notes.extend(statline::claim_mismatches(&imp.claimed, &v.eval));
    let mut page = DesignerPage::new(v);
    page.unrecognized = imp.unrecognized;
    page.notes = notes;
    html(&page)
}

/// Import a design document: a JSON file upload, or JSON pasted into a box.
async fn upload_json(mut multipart: Multipart) -> Result<Response, AppError> {
    let mut text = String::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| {
        AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
    })? {
        let name = field.name().unwrap_or("").to_owned();
        let data = field.text().await.map_err(|e| {
            AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
        })?;
        if (name == "file" || name == "json") && !data.trim().is_empty() {
            text = data;
        }
    }
    if text.trim().is_empty() {
        return Err(AppError::Unprocessable("Choose a design file (.json) or paste its JSON first.".into()));
    }
    let d: Design = serde_json::from_str(&text).map_err(|e| {
        AppError::Unprocessable(format!(
            "That file is not a Drydock boat design: {e}. Designs are the JSON that \"Download JSON\" gives."
        ))
    })?;
    html(&DesignerPage::new(BoatView::new(d, Vec::new())))
}

/// JSON API: save a design as a new build.
async fn api_save(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(d): ApiJson<Design>,
) -> Result<Response, ApiError> {
    let v = BoatView::new(d, Vec::new());
    let extra = json!({ "legal": v.legal(), "figures": v.eval.figures, "problems": v.eval.problems });
    shared::api_create(&state, &headers, &content(&v), extra).await
}

/// JSON API: replace a saved design; needs its token in `X-Edit-Token`.
async fn api_update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(d): ApiJson<Design>,
) -> Result<Response, ApiError> {
    let v = BoatView::new(d, Vec::new());
    let b = shared::api_replace(&state, &id, &headers, &content(&v)).await?;
    Ok(Json(json!({ "id": b.id, "legal": v.legal(), "figures": v.eval.figures })).into_response())
}

/// The version a design document is written at, for the templates.
pub const fn design_version() -> u32 {
    DESIGN_VERSION
}
