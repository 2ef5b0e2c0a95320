//! The Epic 40,000 waterway detachment builder: choosing a list, the builder with live points,
//! limits and chain of command, saved detachments with share links, copies, exports and a
//! printable roster, and a reference of every profile and list.

use super::AppState;
use super::builds::{self as shared, download, file_name, inline, load};
use super::epic_form::{self, Action};
use super::epic_view::{self, EpicView, ListInfo, VesselView};
use super::error::{ApiError, ApiJson, AppError};
use super::form::Fields;
use super::view::ProblemView;
use crate::games::Problem;
use crate::games::epic::{self, Detachment, SpecialRule};
use crate::store::builds::{self, Build, Content, Kind};
use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/epic/new", get(new_detachment))
        .route("/epic/vessels", get(reference))
        .route("/epic/design", post(redesign))
        .route("/epic/builder", post(builder_fragment))
        .route("/epic/live", post(live_figures))
        .route("/epic", post(save_new))
        .route("/epic/export.json", post(export_json_unsaved))
        .route("/epic/export.txt", post(export_text_unsaved))
        .route("/epic/roster", post(roster_unsaved))
        .route("/epic/{id}", get(show).post(update))
        .route("/epic/{id}/edit", get(edit))
        .route("/epic/{id}/fork", post(fork))
        .route("/epic/{id}/export.json", get(export_json))
        .route("/epic/{id}/export.txt", get(export_text))
        .route("/epic/{id}/roster", get(roster))
        .route("/api/epic", post(api_save))
        .route("/api/epic/{id}", put(api_update))
}

/// Reads a saved detachment (see [`shared::document_from_saved`]).
pub fn detachment_from_saved(b: &Build) -> (Detachment, Vec<Problem>) {
    shared::document_from_saved(b, || Detachment { name: b.name.clone(), ..Detachment::new("") })
}

/// What the store keeps for a detachment.
fn content(v: &EpicView) -> Content {
    Content {
        kind: Kind::Epic,
        name: v.d.name.clone(),
        document: serde_json::to_string(&v.d).unwrap_or_else(|_| "{}".into()),
        engine_version: epic::ENGINE_VERSION,
        legal: v.legal(),
        summary: v.summary(),
    }
}

fn html(t: &impl Template) -> Result<Response, AppError> {
    Ok(Html(t.render()?).into_response())
}

#[derive(Template)]
#[template(path = "epic/start.html")]
struct StartPage {
    lists: Vec<ListInfo>,
    /// Why the player is back here: an unknown list in the address.
    message: Option<String>,
}

/// The builder as the player sees it: new, or editing a saved detachment they own.
#[derive(Template)]
#[template(path = "epic/builder.html", blocks = ["builder"])]
pub struct BuilderPage {
    pub v: EpicView,
    /// The saved build being edited, if any.
    pub build_id: Option<String>,
}

#[derive(Template)]
#[template(path = "epic/live.html")]
struct LivePage {
    v: EpicView,
    slots: Vec<(String, Vec<ProblemView>)>,
}

#[derive(Deserialize)]
struct NewQuery {
    list: Option<String>,
}

/// `/epic/new`: the five lists to choose from; `?list=` opens the builder for one.
async fn new_detachment(Query(q): Query<NewQuery>) -> Result<Response, AppError> {
    let lists = epic_view::all_lists();
    let Some(id) = q.list.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return html(&StartPage { lists, message: None });
    };
    if epic::list(id).is_some() {
        return html(&BuilderPage { v: EpicView::new(Detachment::new(id), Vec::new()), build_id: None });
    }
    // The engine says what is wrong and which lists there are.
    let message = epic::check(&Detachment::new(id))
        .problems
        .into_iter()
        .find(|p| p.code == "UNKNOWN_LIST")
        .map(|p| format!("{}.", p.message));
    let body = StartPage { lists, message }.render()?;
    Ok((StatusCode::NOT_FOUND, Html(body)).into_response())
}

/// Reads the posted builder form and applies the button's action.
fn read_form(body: &Bytes) -> (Fields<'_>, Detachment, Vec<Problem>) {
    let f = Fields::parse(body);
    let (mut d, problems) = epic_form::read(&f);
    let action = Action::parse(f.get("action").unwrap_or(""));
    epic_form::apply(&mut d, &action, &f);
    (f, d, problems)
}

fn builder_from(body: &Bytes) -> BuilderPage {
    let (f, d, problems) = read_form(body);
    let build_id = f.get("build_id").filter(|id| builds::looks_like_id(id)).map(str::to_owned);
    BuilderPage { v: EpicView::new(d, problems), build_id }
}

/// Without JavaScript: every button posts the whole form here and gets the page back.
async fn redesign(body: Bytes) -> Result<Response, AppError> {
    html(&builder_from(&body))
}

/// With htmx: a structural change (list, vessel, add/remove) re-renders the form.
async fn builder_fragment(body: Bytes) -> Result<Response, AppError> {
    Ok(Html(builder_from(&body).as_builder().render()?).into_response())
}

/// With htmx: the figures panel, every choice's points, every section's count and every part's
/// problems, as the player changes counts and the HQ.
async fn live_figures(body: Bytes) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let (d, problems) = epic_form::read(&f);
    let v = EpicView::new(d, problems);
    let slots = v.slots();
    html(&LivePage { v, slots })
}

/// Save as a new build: the owner gets the edit token in a cookie and lands on the share page.
async fn save_new(State(state): State<AppState>, body: Bytes) -> Result<Response, AppError> {
    let (f, d, problems) = read_form(&body);
    let v = EpicView::new(d, problems);
    shared::save_as_new(&state, &content(&v), f.get("parent_id")).await
}

async fn update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (f, d, problems) = read_form(&body);
    let v = EpicView::new(d, problems);
    shared::save_changes(&state, Kind::Epic, &id, &headers, f.get("token"), &content(&v)).await
}

#[derive(Template)]
#[template(path = "epic/show.html")]
struct ShowPage {
    v: EpicView,
    b: Build,
    saved: shared::Saved,
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::ShowQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    shared::share_page(&state, Kind::Epic, &id, &headers, q.saved.is_some(), |b, saved| {
        let (d, problems) = detachment_from_saved(&b);
        Ok(ShowPage { v: EpicView::new(d, problems), saved, b }.render()?)
    })
    .await
}

async fn edit(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::EditQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Epic).await?;
    if let Some(answer) = shared::edit_gate(&b, q.token.as_deref(), &headers)? {
        return Ok(answer);
    }
    let (d, problems) = detachment_from_saved(&b);
    html(&BuilderPage { v: EpicView::new(d, problems), build_id: Some(b.id) })
}

/// "Edit a copy": a new build with the same detachment that remembers where it came from.
async fn fork(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Epic).await?;
    let (mut d, _) = detachment_from_saved(&b);
    d.name = shared::copy_name(&d.name);
    let v = EpicView::new(d, Vec::new());
    shared::save_copy(&state, &content(&v), &b).await
}

/// The forum-post text, shown in the browser (so it can be selected and copied) and saved under
/// the detachment's name.
fn text_answer(v: &EpicView) -> Response {
    inline(v.text(), "text/plain; charset=utf-8", &file_name(&v.d.name, "txt", "detachment"))
}

async fn export_json(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Epic).await?;
    Ok(shared::stored_json(&b, "detachment"))
}

async fn export_text(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Epic).await?;
    let (d, problems) = detachment_from_saved(&b);
    Ok(text_answer(&EpicView::new(d, problems)))
}

async fn export_json_unsaved(body: Bytes) -> Response {
    let (_, d, _) = read_form(&body);
    download(
        serde_json::to_string_pretty(&d).unwrap_or_default(),
        "application/json",
        &file_name(&d.name, "json", "detachment"),
    )
}

async fn export_text_unsaved(body: Bytes) -> Response {
    let (_, d, problems) = read_form(&body);
    text_answer(&EpicView::new(d, problems))
}

#[derive(Template)]
#[template(path = "epic/roster.html")]
struct RosterPage {
    v: EpicView,
}

async fn roster(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let b = load(&state, &id, Kind::Epic).await?;
    let (d, problems) = detachment_from_saved(&b);
    html(&RosterPage { v: EpicView::new(d, problems) })
}

async fn roster_unsaved(body: Bytes) -> Result<Response, AppError> {
    let (_, d, problems) = read_form(&body);
    html(&RosterPage { v: EpicView::new(d, problems) })
}

#[derive(Template)]
#[template(path = "epic/vessels.html")]
struct ReferencePage {
    /// Each list with the profiles of its race.
    races: Vec<(ListInfo, Vec<VesselView>)>,
    rules: &'static [SpecialRule],
}

/// Every profile, special rule and list, for reading before building.
async fn reference() -> Result<Response, AppError> {
    let vessels = epic_view::all_vessels();
    let races = epic_view::all_lists()
        .into_iter()
        .map(|l| {
            let of_race = vessels.iter().filter(|v| v.race == l.race).cloned().collect();
            (l, of_race)
        })
        .collect();
    html(&ReferencePage { races, rules: epic::special_rules() })
}

/// What the API says about a judged detachment, besides its id.
fn judgement(v: &EpicView) -> serde_json::Value {
    json!({
        "legal": v.check.legal,
        "points": v.check.points,
        "problems": v.check.problems,
        "chain_of_command": v.check.chain_of_command,
    })
}

/// JSON API: save a detachment as a new build.
async fn api_save(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(d): ApiJson<Detachment>,
) -> Result<Response, ApiError> {
    let v = EpicView::new(d, Vec::new());
    shared::api_create(&state, &headers, &content(&v), judgement(&v)).await
}

/// JSON API: replace a saved detachment; needs its token in `X-Edit-Token`.
async fn api_update(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(d): ApiJson<Detachment>,
) -> Result<Response, ApiError> {
    let v = EpicView::new(d, Vec::new());
    let b = shared::api_replace(&state, &id, &headers, &content(&v)).await?;
    let mut body = judgement(&v);
    if let Some(o) = body.as_object_mut() {
        o.insert("id".into(), json!(b.id));
    }
    Ok(Json(body).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epic::Choice;
    use proptest::prelude::*;

    fn any_detachment() -> impl Strategy<Value = Detachment> {
        let mut lists: Vec<&'static str> = epic::lists().iter().map(|l| l.id).collect();
        lists.extend(["", "imperial", "<b>"]);
        let mut entries: Vec<&'static str> = epic::vessels().iter().map(|v| v.id).collect();
        entries.extend(["", "wraithship"]);
        let choice = (
            prop::sample::select(vec!["main", "support", "synapse", "command", "", "x"]),
            prop::sample::select(entries),
            prop_oneof![0u32..4, any::<u32>()],
            any::<bool>(),
        )
            .prop_map(|(s, e, count, hq)| Choice { section: s.into(), entry: e.into(), count, hq });
        (prop::sample::select(lists), prop::collection::vec(choice, 0..12), ".{0,12}").prop_map(
            |(list, choices, name)| Detachment {
                name: name.trim().to_owned(),
                choices,
                ..Detachment::new(list)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_detachment_survives_the_form_and_renders_every_page(d in any_detachment()) {
            let fields = epic_form::fields_of(&d);
            let (back, problems) = epic_form::read(&Fields::from_pairs(fields));
            prop_assert!(problems.is_empty());
            prop_assert_eq!(&back, &d);

            let page = BuilderPage { v: EpicView::new(d.clone(), Vec::new()), build_id: None };
            let html = page.render();
            prop_assert!(html.is_ok());
            prop_assert!(page.as_builder().render().is_ok());
            let live = LivePage { slots: page.v.slots(), v: EpicView::new(d.clone(), Vec::new()) };
            let live = live.render().unwrap_or_default();
            let points = format!("<dd id=\"fig-points\">{}</dd>", epic::check(&d).points);
            prop_assert!(live.contains(&points));
            let roster = RosterPage { v: EpicView::new(d, Vec::new()) };
            prop_assert!(roster.render().is_ok());
        }
    }
}
