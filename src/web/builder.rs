//! The flows every builder shares, written once: save, change, share, copy, export, print and the
//! JSON API for saved builds. A builder (the boat designer, the Epic detachment builder) says
//! what its document is, how its form is read and how its pages look; [`routes`] wires the rest.

use super::AppState;
use super::builds::{self as shared, download, file_name, inline, load};
use super::codec::Refused;
use super::error::{ApiError, ApiJson, AppError};
use super::form::Fields;
use super::rate::WriteLimit;
use super::view::Judged;
use crate::games::Problem;
use crate::games::bounds::{self, Document, Named};
use crate::games::registry::Game;
use crate::store::builds::{Build, Content, looks_like_id};
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post, put};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

/// One kind of build: its document, how it is judged and how its pages are drawn.
pub trait Builder: Send + Sync + 'static {
    /// Its game: which builds in the store are this builder's, where its pages are, what they
    /// are called.
    const GAME: &'static Game;
    /// The rules engine's version, kept with every save.
    const ENGINE_VERSION: u32;
    /// The address under the game's path that draws the editor's form alone, for htmx:
    /// "designer" is `/boats/designer`.
    const FORM: &'static str;

    /// The document the store keeps, the API takes and "Download JSON" gives.
    type Doc: Serialize + DeserializeOwned + Document + Named + Send + 'static;
    /// A document judged by the rules engine, ready for the pages.
    type View: Judged + Send + 'static;

    /// Judges a document; `form_problems` are what reading the form found (unreadable numbers).
    fn judge(doc: Self::Doc, form_problems: Vec<Problem>) -> Self::View;
    /// Judges a document posted from the editor, whose form may also say how the page was left
    /// (boxes open or closed); `live` for a live update. The same as [`Builder::judge`] unless
    /// a builder says otherwise.
    fn judge_posted(doc: Self::Doc, form_problems: Vec<Problem>, _f: &Fields, _live: bool) -> Self::View {
        Self::judge(doc, form_problems)
    }
    fn doc(v: &Self::View) -> &Self::Doc;
    /// Shown in place of a saved document this version cannot read.
    fn stand_in(name: &str) -> Self::Doc;
    /// Whether the store (and so the gallery) lists it as legal: no errors and nothing left
    /// unread from an import, so an incomplete build is never shown as legal.
    fn legal(v: &Self::View) -> bool {
        v.verdict().all_clear()
    }
    /// One line for the gallery.
    fn summary(v: &Self::View) -> String;
    /// Reads the posted form into a document, through the form codec, with a problem for each
    /// field it could not read; a form that cannot be read at all is refused (422, nothing
    /// changed). Callers go through [`read_form`], which also keeps the document within its
    /// bounds.
    fn read(f: &Fields) -> Result<(Self::Doc, Vec<Problem>), Refused>;
    /// Does what the pressed button (the form's `action`) asks: add, remove or move a part.
    /// `f` holds the choices next to add buttons. Anything else changes nothing.
    fn press(doc: &mut Self::Doc, action: &str, f: &Fields);

    /// The editor page, new (`build_id` None) or for a saved build its owner is changing;
    /// `whole` false gives its form alone (htmx).
    fn editor(v: Self::View, build_id: Option<String>, whole: bool) -> Result<String, AppError>;
    /// A live update (htmx): the figures, and every problem slot (see [`Verdict::slots`](super::view::Verdict::slots)).
    fn live(v: Self::View) -> Result<String, AppError>;
    /// The read-only share page of a saved build.
    fn share(v: Self::View, b: Build, saved: shared::Saved) -> Result<String, AppError>;
    /// The printable page.
    fn print(v: Self::View) -> Result<String, AppError>;
    /// The text export (the forum post), as words: the default [`Builder::text`] shows it.
    fn forum_text(v: &Self::View) -> String;
    /// The text export as sent to the browser: shown (so it can be selected and copied) and
    /// saved under the build's name, unless a builder sends it otherwise.
    fn text(v: &Self::View) -> Response {
        let name = file_name(Self::doc(v).name(), "txt", Self::GAME.word);
        inline(Self::forum_text(v), "text/plain; charset=utf-8", &name)
    }
    /// What the JSON API says about a judged document (legality, figures, problems, ...).
    fn judgement(v: &Self::View) -> serde_json::Value;
}

/// The routes every builder has, under its kind's path: save, share page, change, edit, copy,
/// exports, the printable page, and the JSON API for saved builds. Every route that writes a
/// build or tries an edit token passes `writes`.
pub fn routes<B: Builder>(writes: &WriteLimit) -> Router<AppState> {
    let base = B::GAME.path;
    Router::new()
        .route(&format!("{base}/design"), post(redesign::<B>))
        .route(&format!("{base}/{}", B::FORM), post(form_fragment::<B>))
        .route(&format!("{base}/live"), post(live::<B>))
        .route(base, post(save_new::<B>).layer(writes.clone()))
        .route(&format!("{base}/export.json"), post(export_json_unsaved::<B>))
        .route(&format!("{base}/export.txt"), post(export_text_unsaved::<B>))
        .route(&format!("{base}/{}", B::GAME.print), post(print_unsaved::<B>))
        .route(&format!("{base}/{{id}}"), get(show::<B>).merge(post(update::<B>).layer(writes.clone())))
        .route(&format!("{base}/{{id}}/edit"), get(edit::<B>).layer(writes.clone()))
        .route(&format!("{base}/{{id}}/fork"), post(fork::<B>).layer(writes.clone()))
        .route(&format!("{base}/{{id}}/export.json"), get(export_json::<B>))
        .route(&format!("{base}/{{id}}/export.txt"), get(export_text::<B>))
        .route(&format!("{base}/{{id}}/{}", B::GAME.print), get(print::<B>))
        .route(&format!("/api{base}"), post(api_save::<B>).layer(writes.clone()))
        .route(&format!("/api{base}/{{id}}"), put(api_update::<B>).layer(writes.clone()))
}

/// Reads a saved build's document, judged (see [`shared::document_from_saved`]).
pub fn from_saved<B: Builder>(b: &Build) -> B::View {
    let (doc, problems) = shared::document_from_saved(b, || B::stand_in(&b.name));
    B::judge(doc, problems)
}

/// What the store keeps for a judged document.
fn content<B: Builder>(v: &B::View) -> Content {
    let doc = B::doc(v);
    Content {
        kind: B::GAME.id,
        name: doc.name().to_owned(),
        document: serde_json::to_string(doc).unwrap_or_else(|_| "{}".into()),
        engine_version: B::ENGINE_VERSION,
        legal: B::legal(v),
        summary: B::summary(v),
    }
}

/// Reads a posted form into a document and does what its pressed button asks: every row it
/// holds, or, when that is more than a document may hold (or a name is too long), a 422 that
/// says so and changes nothing. A form is never cut short without a word.
pub fn read_form<B: Builder>(f: &Fields) -> Result<(B::Doc, Vec<Problem>), AppError> {
    let (mut doc, problems) = read_unpressed::<B>(f)?;
    B::press(&mut doc, f.get("action").unwrap_or(""), f);
    within_bounds((doc, problems))
}

/// Reads a posted form as it stands, without its button (a live update).
fn read_unpressed<B: Builder>(f: &Fields) -> Result<(B::Doc, Vec<Problem>), AppError> {
    let read = B::read(f).map_err(|r| AppError::Unprocessable(r.message))?;
    within_bounds(read)
}

/// A document read from a form, or the 422 for one beyond the bounds every document keeps.
pub fn within_bounds<D: Document>(read: (D, Vec<Problem>)) -> Result<(D, Vec<Problem>), AppError> {
    match bounds::beyond_bounds(&read.0) {
        None => Ok(read),
        Some(why) => Err(AppError::Unprocessable(format!(
            "Nothing was saved or changed: {why}. Go back to the page and make it smaller."
        ))),
    }
}

/// The posted form, read and judged.
fn judged_form<B: Builder>(f: &Fields) -> Result<B::View, AppError> {
    let (doc, problems) = read_form::<B>(f)?;
    Ok(B::judge(doc, problems))
}

fn html(page: Result<String, AppError>) -> Result<Response, AppError> {
    Ok(Html(page?).into_response())
}

/// The editor drawn again from its posted form, after its button: whole (without
/// JavaScript, every button posts here) or its form alone (htmx).
fn editor_from<B: Builder>(body: &Bytes, whole: bool) -> Result<Response, AppError> {
    let f = Fields::parse(body);
    let (doc, problems) = read_form::<B>(&f)?;
    let build_id = f.get("build_id").filter(|id| looks_like_id(id)).map(str::to_owned);
    html(B::editor(B::judge_posted(doc, problems, &f, false), build_id, whole))
}

async fn redesign<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    editor_from::<B>(&body, true)
}

async fn form_fragment<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    editor_from::<B>(&body, false)
}

/// With htmx: the figures and every part's problems, as the player types.
async fn live<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let (doc, problems) = read_unpressed::<B>(&f)?;
    html(B::live(B::judge_posted(doc, problems, &f, true)))
}

/// Save as a new build: the owner gets the edit token in a cookie and lands on the share page,
/// which shows the private edit link.
async fn save_new<B: Builder>(State(state): State<AppState>, body: Bytes) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let c = content::<B>(&judged_form::<B>(&f)?);
    shared::save_as_new(&state, &c, f.get("parent_id")).await
}

/// Save changes to a saved build: only with its edit token, else 403 and nothing changes.
async fn update<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let f = Fields::parse(&body);
    let c = content::<B>(&judged_form::<B>(&f)?);
    shared::save_changes(&state, B::GAME, &id, &headers, f.get("token"), &c).await
}

/// A share page. Takes the request whole rather than a copy of its headers: this is the page
/// visitors load most.
async fn show<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::ShowQuery>,
    req: axum::extract::Request,
) -> Result<Response, AppError> {
    let at = (req.uri().path(), id.as_str());
    shared::share_page(&state, B::GAME, at, req.headers(), q.saved.is_some(), |b, saved| {
        B::share(from_saved::<B>(&b), b, saved)
    })
    .await
}

/// The editor for a saved build, for its owner; an edit link's token is adopted first.
async fn edit<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::EditQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    if let Some(answer) = shared::edit_gate(&b, q.token.as_deref(), &headers)? {
        return Ok(answer);
    }
    html(B::editor(from_saved::<B>(&b), Some(b.id), true))
}

/// "Edit a copy": a new build with the same document that remembers where it came from.
async fn fork<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    let (mut doc, _) = shared::document_from_saved(&b, || B::stand_in(&b.name));
    let name = shared::copy_name(doc.name());
    doc.rename(name);
    shared::save_copy(&state, &content::<B>(&B::judge(doc, Vec::new())), &b).await
}

async fn export_json<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    Ok(shared::stored_json(&b, B::GAME.word))
}

async fn export_json_unsaved<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    let (doc, _) = read_form::<B>(&Fields::parse(&body))?;
    Ok(download(
        serde_json::to_string_pretty(&doc).unwrap_or_default(),
        "application/json",
        &file_name(doc.name(), "json", B::GAME.word),
    ))
}

async fn export_text<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    Ok(B::text(&from_saved::<B>(&b)))
}

async fn export_text_unsaved<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    Ok(B::text(&judged_form::<B>(&Fields::parse(&body))?))
}

async fn print<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    html(B::print(from_saved::<B>(&b)))
}

async fn print_unsaved<B: Builder>(body: Bytes) -> Result<Response, AppError> {
    html(B::print(judged_form::<B>(&Fields::parse(&body))?))
}

/// JSON API: save a document as a new build.
async fn api_save<B: Builder>(
    State(state): State<AppState>,
    ApiJson(doc): ApiJson<B::Doc>,
) -> Result<Response, ApiError> {
    let v = B::judge(doc, Vec::new());
    shared::api_create(&state, &content::<B>(&v), B::judgement(&v)).await
}

/// JSON API: replace a saved build's document; needs its token in `X-Edit-Token`.
async fn api_update<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(doc): ApiJson<B::Doc>,
) -> Result<Response, ApiError> {
    let v = B::judge(doc, Vec::new());
    let b = shared::api_replace(&state, &id, &headers, &content::<B>(&v)).await?;
    Ok(Json(shared::merged(json!({ "id": b.id }), B::judgement(&v))).into_response())
}

/// A page as an HTML answer.
pub fn page(t: &impl askama::Template) -> Result<Response, AppError> {
    Ok(Html(t.render()?).into_response())
}
