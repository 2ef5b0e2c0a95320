//! What every builder's saved builds share: edit tokens in cookies, ownership, share links, the
//! gallery and the JSON API for saved builds.

use super::AppState;
use super::error::{ApiError, AppError, error_json, with_content_type};
use super::registry;
use crate::games::bounds;
use crate::games::registry::Game;
use crate::store::builds::{self, Build, Content, Listing, UpdateError, format_time};
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

/// What the cookie holding a build's edit token is called, before the build's id.
const EDIT_COOKIE: &str = "dd_edit_";

/// The cookie holding the edit token of one build.
pub fn cookie_name(id: &str) -> String {
    format!("{EDIT_COOKIE}{id}")
}

/// The edit token this browser keeps for build `id` in its cookie, if any. (Compares the name
/// in place: share pages ask this on every visit.)
pub fn edit_cookie<'a>(headers: &'a HeaderMap, id: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| k.strip_prefix(EDIT_COOKIE) == Some(id))
        .map(|(_, v)| v)
}

/// The edit token a request carries for a build: the `X-Edit-Token` header (API clients), a
/// `token` form field, or the owner's cookie.
pub fn token_for<'a>(headers: &'a HeaderMap, id: &str, form_token: Option<&'a str>) -> Option<&'a str> {
    headers
        .get("x-edit-token")
        .and_then(|v| v.to_str().ok())
        .or(form_token.filter(|t| !t.is_empty()))
        .or_else(|| edit_cookie(headers, id))
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

/// Where a saved build's page is.
pub fn share_path(b: &Build) -> String {
    match registry::game(&b.kind) {
        Some(g) => format!("{}/{}", g.path, b.id),
        // A kind no game here serves (written by a newer version): its JSON is still there.
        None => format!("/api/builds/{}", b.id),
    }
}

/// The private link that hands the edit token to another browser of the owner's.
pub fn edit_link(origin: &str, b: &Build, token: &str) -> String {
    format!("{origin}{}/edit?token={token}", share_path(b))
}

/// What a saved build of this kind is called in messages.
pub fn noun(game: &Game) -> String {
    format!("saved {}", game.word)
}

/// Loads a build of a kind, or a 404.
pub async fn load(state: &AppState, id: &str, game: &Game) -> Result<Build, AppError> {
    match builds::get(&state.db, id).await? {
        Some(b) if b.kind == game.id => Ok(b),
        _ => Err(AppError::not_found(&noun(game))),
    }
}

/// An edit without the build's token.
pub fn forbidden() -> AppError {
    AppError::Forbidden(
        "Only the person who saved this build can change it, and this browser does not hold its edit token. \
         Nothing was changed. Use \"Edit a copy\" on its page to make your own version."
            .into(),
    )
}

/// Saves a new build (a copy of `parent`, if given): the owner gets the edit token in a cookie
/// and lands on the share page, which shows the private edit link.
pub async fn save_as_new(state: &AppState, c: &Content, parent: Option<&str>) -> Result<Response, AppError> {
    let parent = parent.filter(|id| builds::looks_like_id(id));
    let (b, token) = builds::create(&state.db, c, parent).await?;
    state.pages.invalidate();
    let mut r = Redirect::to(&format!("{}?saved=1", share_path(&b))).into_response();
    set_edit_cookie(&mut r, &b.id, &token);
    Ok(r)
}

/// "Edit a copy": saves `c` as a new build that remembers `parent`, and opens it for editing.
pub async fn save_copy(state: &AppState, c: &Content, parent: &Build) -> Result<Response, AppError> {
    let (copy, token) = builds::create(&state.db, c, Some(&parent.id)).await?;
    state.pages.invalidate();
    let mut r = Redirect::to(&format!("{}/edit", share_path(&copy))).into_response();
    set_edit_cookie(&mut r, &copy.id, &token);
    Ok(r)
}

/// The name a copy gets: "Sea Wasp" becomes "Sea Wasp (copy)", once.
pub fn copy_name(name: &str) -> String {
    if name.is_empty() || name.ends_with("(copy)") { name.to_owned() } else { format!("{name} (copy)") }
}

/// Replaces a saved build's content from a posted form, if the request holds its edit token;
/// otherwise 403 and nothing changes.
pub async fn save_changes(
    state: &AppState,
    game: &Game,
    id: &str,
    headers: &HeaderMap,
    form_token: Option<&str>,
    c: &Content,
) -> Result<Response, AppError> {
    let Some(token) = token_for(headers, id, form_token) else {
        // Without a token: no such build, or not yours.
        load(state, id, game).await?;
        return Err(forbidden());
    };
    // The store checks the build's kind and token as it writes; only a write that happened
    // empties the cache, so refused edits cannot make every share page render again.
    match builds::update(&state.db, id, token, c).await {
        Ok(b) => {
            state.pages.invalidate();
            Ok(Redirect::to(&format!("{}?saved=1", share_path(&b))).into_response())
        }
        Err(e) => Err(update_error(e, game)),
    }
}

fn update_error(e: UpdateError, game: &Game) -> AppError {
    match e {
        UpdateError::Forbidden => forbidden(),
        UpdateError::NotFound => AppError::not_found(&noun(game)),
        UpdateError::Db(e) => e.into(),
    }
}

/// What a share page says about the saved build besides its content.
pub struct Saved {
    /// Whether this browser may edit it.
    pub owner: bool,
    /// The private edit link, right after saving.
    pub edit_link: Option<String>,
    pub share_url: String,
    /// Where the build it was copied from is, and its name.
    pub parent: Option<(String, String)>,
    pub forks: i64,
    pub created: String,
    pub updated: String,
}

/// The share page's facts about `b`. `just_saved` is the `?saved=1` a save redirects to.
pub async fn saved(
    state: &AppState,
    b: &Build,
    headers: &HeaderMap,
    just_saved: bool,
) -> Result<Saved, AppError> {
    let owner = is_owner(b, headers);
    let origin = state.public.as_str();
    let edit_link = match (just_saved, owner, edit_cookie(headers, &b.id)) {
        (true, true, Some(token)) => Some(edit_link(origin, b, token)),
        _ => None,
    };
    let parent = match &b.parent_id {
        Some(pid) => builds::get(&state.db, pid).await?.map(|p| (share_path(&p), p.name)),
        None => None,
    };
    Ok(Saved {
        owner,
        edit_link,
        share_url: format!("{origin}{}", share_path(b)),
        parent,
        forks: builds::fork_count(&state.db, &b.id).await?,
        created: format_time(b.created_at),
        updated: format_time(b.updated_at),
    })
}

/// Reads a saved document. Every field added after version 1 has a default, so older documents
/// read as they are; one this version cannot read at all is replaced for display by `stand_in`
/// with a problem saying so, and stays unchanged in the store (its JSON can still be downloaded).
pub fn document_from_saved<T: serde::de::DeserializeOwned>(
    b: &Build,
    stand_in: impl FnOnce() -> T,
) -> (T, Vec<crate::games::Problem>) {
    match serde_json::from_str::<T>(&b.document) {
        Ok(d) => (d, Vec::new()),
        Err(e) => {
            let p = crate::games::Problem::error(
                crate::games::Code::UnreadableDocument,
                None,
                format!(
                    "This {} was saved in a form this version cannot read ({e}). Its document is kept unchanged; download it as JSON from this page.",
                    registry::game(&b.kind).map_or("build", |g| g.word)
                ),
            );
            (stand_in(), vec![p])
        }
    }
}

/// The query of a share page: `?saved=1` right after a save.
#[derive(serde::Deserialize)]
pub struct ShowQuery {
    pub saved: Option<String>,
}

/// The query of an editor page: `?token=` when opened from a private edit link.
#[derive(serde::Deserialize)]
pub struct EditQuery {
    pub token: Option<String>,
}

/// A share page: served from the cache to visitors who present no edit token (the page is the
/// same for all of them), rendered by `render` otherwise, and kept when nothing in it depends on
/// the visitor. `address` is the page's own ("/boats/{id}"): a boat's page is never the answer
/// at `/epic/{id}`.
pub async fn share_page<F>(
    state: &AppState,
    game: &Game,
    (address, id): (&str, &str),
    headers: &HeaderMap,
    just_saved: bool,
    render: F,
) -> Result<Response, AppError>
where
    F: FnOnce(Build, Saved) -> Result<String, AppError>,
{
    let anonymous = !just_saved && token_for(headers, id, None).is_none();
    if anonymous && let Some(page) = state.pages.get(address) {
        return Ok(page.response(headers));
    }
    let b = load(state, id, game).await?;
    let facts = saved(state, &b, headers, just_saved).await?;
    let cacheable = !facts.owner && facts.edit_link.is_none();
    let page = axum::body::Bytes::from(render(b, facts)?);
    if cacheable {
        return Ok(state.pages.put(address, page).response(headers));
    }
    Ok(Html(page).into_response())
}

#[derive(Template)]
#[template(path = "boats/forbidden.html")]
struct ForbiddenPage<'a> {
    b: &'a Build,
    /// Its page, where "Edit a copy" posts under.
    page: String,
}

/// Who may open a build's editor. `None`: this browser owns it, go ahead. Otherwise the answer to
/// send instead: an edit link's `?token=` adopted into a cookie, or a 403 page offering a copy.
pub fn edit_gate(b: &Build, token: Option<&str>, headers: &HeaderMap) -> Result<Option<Response>, AppError> {
    if let Some(token) = token {
        return adopt_token(b, token).map(Some);
    }
    if is_owner(b, headers) {
        return Ok(None);
    }
    let body = ForbiddenPage { b, page: share_path(b) }.render()?;
    Ok(Some((StatusCode::FORBIDDEN, Html(body)).into_response()))
}

/// A download's file name from a build's name: "Sea Wasp" -> "sea-wasp.json"; `fallback` when
/// the name has no letters or digits.
pub fn file_name(name: &str, ext: &str, fallback: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let slug = if slug.is_empty() { fallback.to_owned() } else { slug.chars().take(60).collect() };
    format!("{slug}.{ext}")
}

/// A body sent as a file to save.
pub fn download(body: String, ct: &'static str, name: &str) -> Response {
    file_response(body, ct, "attachment", name)
}

/// A body the browser shows (plain text to select and copy), saved under `name` if saved.
pub fn inline(body: String, ct: &'static str, name: &str) -> Response {
    file_response(body, ct, "inline", name)
}

fn file_response(body: String, ct: &'static str, disposition: &str, name: &str) -> Response {
    let mut r = with_content_type(body.into_response(), ct);
    if let Ok(v) = HeaderValue::from_str(&format!("{disposition}; filename=\"{name}\"")) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

/// The stored document as it is, pretty-printed: an unreadable one is still the player's to
/// download.
pub fn stored_json(b: &Build, fallback: &str) -> Response {
    let pretty = serde_json::from_str::<serde_json::Value>(&b.document)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or(b.document.clone());
    download(pretty, "application/json", &file_name(&b.name, "json", fallback))
}

/// JSON API: saves a new build and answers 201 with its id, share url, edit token and private
/// edit url, plus the builder's own `extra` fields (figures, problems, ...).
pub async fn api_create(
    state: &AppState,
    c: &Content,
    extra: serde_json::Value,
) -> Result<Response, ApiError> {
    // A new build without a parent changes no other page, so the cache stays.
    let (b, token) = builds::create(&state.db, c, None).await?;
    let origin = state.public.as_str();
    let body = json!({
        "id": b.id,
        "url": format!("{origin}{}", share_path(&b)),
        "edit_token": token,
        "edit_url": edit_link(origin, &b, &token),
    });
    Ok((StatusCode::CREATED, Json(merged(body, extra))).into_response())
}

/// `base` with the fields of `extra` added (both JSON objects).
pub fn merged(mut base: serde_json::Value, extra: serde_json::Value) -> serde_json::Value {
    if let (Some(base), serde_json::Value::Object(extra)) = (base.as_object_mut(), extra) {
        base.extend(extra);
    }
    base
}

/// JSON API: replaces a saved build's content; needs its token in `X-Edit-Token`.
pub async fn api_replace(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    c: &Content,
) -> Result<Build, ApiError> {
    let Some(token) = headers.get("x-edit-token").and_then(|v| v.to_str().ok()) else {
        return Err(
            AppError::Forbidden("Send the build's edit token in the X-Edit-Token header.".into()).into()
        );
    };
    match builds::update(&state.db, id, token, c).await {
        Ok(b) => {
            state.pages.invalidate();
            Ok(b)
        }
        Err(UpdateError::Forbidden) => {
            Err(AppError::Forbidden("The edit token does not match this build; nothing was changed.".into())
                .into())
        }
        Err(e) => Err(match registry::game(c.kind) {
            Some(game) => update_error(e, game),
            None => AppError::not_found("saved build"),
        }
        .into()),
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
    /// The search was longer than any name and was cut to that length.
    cut: bool,
    kind: String,
    rows: Vec<GalleryRow>,
    /// Each game's published builds, to start from.
    published: Vec<(&'static Game, &'static [crate::web::view::StartChoice])>,
}

/// A card for a listed build; none for a kind no game here serves (a newer version's).
fn row(l: Listing) -> Option<GalleryRow> {
    let game = registry::game(&l.kind)?;
    Some(GalleryRow {
        href: format!("{}/{}", game.path, l.id),
        name: if l.name.trim().is_empty() { "(unnamed)".into() } else { l.name },
        kind: game.title,
        legal: l.legal,
        summary: l.summary,
        updated: format_time(l.updated_at),
    })
}

async fn gallery(State(state): State<AppState>, Query(q): Query<GalleryQuery>) -> Result<Response, AppError> {
    let kind = registry::game(&q.kind).map(|g| g.id);
    // Names are at most this long, so a longer search finds nothing more; SQLite also refuses
    // LIKE patterns past 50,000 bytes.
    let search = bounds::one_line(&q.q.chars().take(bounds::MAX_NAME_CHARS).collect::<String>());
    let rows = builds::recent(&state.db, kind, &search, 50).await?.into_iter().filter_map(row).collect();
    let page = GalleryPage {
        cut: q.q.chars().nth(bounds::MAX_NAME_CHARS).is_some(),
        q: search,
        kind: kind.unwrap_or("").to_owned(),
        rows,
        published: registry::published().collect(),
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
