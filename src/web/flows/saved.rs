//! What every builder's saved builds share: edit tokens in cookies, ownership, share links and
//! the JSON API for saved builds. (The gallery is in `gallery.rs`; "My builds", listing and
//! deleting in `owners.rs`.)

use crate::games::registry::Game;
use crate::store::builds::{self, Build, Content, Listing, UpdateError, format_time};
use crate::web::http::error::{ApiError, AppError, error_json, with_content_type};
use crate::web::http::extract::{EDIT_COOKIE, EditToken};
use crate::web::http::kinds;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde_json::json;

/// The cookie holding the edit token of one build.
pub fn cookie_name(id: &str) -> String {
    format!("{EDIT_COOKIE}{id}")
}

/// The API's words for a token that is not the build's.
pub const API_WRONG_TOKEN: &str = "The edit token does not match this build; nothing was changed.";

/// Whether the request with these headers may edit the build (see [`EditToken::owns`]).
pub fn is_owner(b: &Build, headers: &HeaderMap) -> bool {
    EditToken::read(headers).owns(b)
}

/// Remembers the edit token in the owner's browser (ten years; HttpOnly, same-site).
pub fn set_edit_cookie(r: &mut Response, id: &str, token: &str) {
    let v = format!("{}={token}; Path=/; Max-Age=315360000; HttpOnly; SameSite=Lax", cookie_name(id));
    if let Ok(v) = HeaderValue::from_str(&v) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// Makes the browser forget a build's edit token (the build was deleted).
pub fn forget_edit_cookie(r: &mut Response, id: &str) {
    let v = format!("{}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax", cookie_name(id));
    if let Ok(v) = HeaderValue::from_str(&v) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// Where a saved build's page is.
pub fn share_path(b: &Build) -> String {
    match kinds::game(&b.kind) {
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

/// Loads a build of a kind: a 404 if there is none, a 410 if its owner deleted it.
pub async fn load(state: &AppState, id: &str, game: &Game) -> Result<Build, AppError> {
    match builds::get(&state.db, id).await? {
        Some(b) if b.kind == game.id => match b.deleted_at {
            Some(at) => Err(gone(game.word, at)),
            None => Ok(b),
        },
        _ => Err(AppError::not_found(&noun(game))),
    }
}

/// A build its owner deleted at `at`: 410, saying so.
pub fn gone(word: &str, at: i64) -> AppError {
    AppError::Status(
        StatusCode::GONE,
        format!(
            "This {word} was deleted by its owner on {}. It is gone for everyone, with its exports. \
             Copies others made of it before then are theirs and are still there.",
            format_time(at)
        ),
    )
}

/// An edit without the build's token.
pub fn forbidden() -> AppError {
    AppError::Forbidden(
        "Only the person who saved this build can change it, and this browser does not hold its edit token. \
         Nothing was changed. Use \"Edit a copy\" on its page to make your own version."
            .into(),
    )
}

/// Saves a new build (a copy of `parent`, if given), listed or not: the owner gets the edit token
/// in a cookie and lands on the share page, which shows the private edit link.
pub async fn save_as_new(
    state: &AppState,
    c: &Content,
    parent: Option<&str>,
    listing: Listing,
) -> Result<Response, AppError> {
    let parent = parent.filter(|id| builds::looks_like_id(id));
    let (b, token) = builds::create(&state.db, c, parent, listing).await?;
    let mut r = Redirect::to(&format!("{}?saved=1", share_path(&b))).into_response();
    set_edit_cookie(&mut r, &b.id, &token);
    Ok(r)
}

/// "Edit a copy": saves `c` as a new build that remembers `parent`, and opens it for editing. It
/// stays out of the gallery until its owner saves it.
pub async fn save_copy(state: &AppState, c: &Content, parent: &Build) -> Result<Response, AppError> {
    let (copy, token) = builds::create(&state.db, c, Some(&parent.id), Listing::Copy).await?;
    let mut r = Redirect::to(&format!("{}/edit", share_path(&copy))).into_response();
    set_edit_cookie(&mut r, &copy.id, &token);
    Ok(r)
}

/// The name a copy gets: "Sea Wasp" becomes "Sea Wasp (copy)", once.
pub fn copy_name(name: &str) -> String {
    if name.is_empty() || name.ends_with("(copy)") { name.to_owned() } else { format!("{name} (copy)") }
}

/// Replaces a saved build's content from a posted form and sets its listing (`None`: as it was),
/// if the request holds its edit token (`token`, with the form's own); otherwise 403 and
/// nothing changes. With the revision
/// the form was opened at, only if no other save came since: `Ok(Err(now))`, the build as it is
/// now, when one did (nothing written; the caller answers with the conflict).
pub async fn save_changes(
    state: &AppState,
    game: &Game,
    id: &str,
    token: &EditToken,
    (form_token, listing, revision): (Option<&str>, Option<Listing>, Option<i64>),
    c: &Content,
) -> Result<Result<Response, Box<Build>>, AppError> {
    let Some(token) = token.for_build(id, form_token) else {
        // Without a token: no such build, or not yours.
        load(state, id, game).await?;
        return Err(forbidden());
    };
    // The store checks the build's kind, token and revision as it writes; only a write that
    // happened moves the change mark, so refused edits cannot make every share page render again.
    match builds::update(&state.db, id, token, c, listing, revision).await {
        Ok(b) => Ok(Ok(Redirect::to(&format!("{}?saved=1", share_path(&b))).into_response())),
        Err(UpdateError::Conflict(now)) => Ok(Err(now)),
        Err(e) => Err(update_error(e, game)),
    }
}

/// What a refused change of a build of `game` answers.
pub fn update_error(e: UpdateError, game: &Game) -> AppError {
    match e {
        UpdateError::Conflict(now) => AppError::Status(
            StatusCode::CONFLICT,
            format!(
                "This {} was saved again on {} (it is at revision {} now); nothing was changed.",
                game.word,
                format_time(now.updated_at),
                now.revision
            ),
        ),
        UpdateError::Forbidden => forbidden(),
        UpdateError::NotFound => AppError::not_found(&noun(game)),
        UpdateError::Gone(at) => gone(game.word, at),
        UpdateError::Db(e) => e.into(),
    }
}

/// The build a copy was copied from, as anyone who can see the copy may be told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parent {
    /// Not a copy (or its parent's row is not in this store).
    None,
    /// A listed build: its page and its name.
    Shown { href: String, name: String },
    /// Its owner deleted it.
    Deleted,
    /// Out of the gallery (unlisted, or a copy never saved): its link is its owner's to give,
    /// so a copy's page neither names nor links it.
    Unlisted,
}

impl Parent {
    /// What `b`'s page and JSON may say of the build it was copied from.
    pub async fn of(state: &AppState, b: &Build) -> Result<Parent, sqlx::Error> {
        let Some(pid) = &b.parent_id else { return Ok(Parent::None) };
        Ok(match builds::get(&state.db, pid).await? {
            None => Parent::None,
            Some(p) if p.deleted_at.is_some() => Parent::Deleted,
            Some(p) if p.listing() != Listing::Listed => Parent::Unlisted,
            Some(p) => Parent::Shown { href: share_path(&p), name: p.name },
        })
    }
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
                crate::games::Shared::UnreadableDocument,
                None,
                format!(
                    "This {} was saved in a form this version cannot read ({e}). Its document is kept unchanged; download it as JSON from this page.",
                    kinds::game(&b.kind).map_or("build", |g| g.word)
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

/// The query of the API's change of a saved build: `?revision=N`, the revision the client read.
#[derive(serde::Deserialize)]
pub struct RevisionQuery {
    pub revision: Option<i64>,
}

/// The query of an editor page: `?token=` when opened from a private edit link.
#[derive(serde::Deserialize)]
pub struct EditQuery {
    pub token: Option<String>,
}

#[derive(Template)]
#[template(path = "boats/forbidden.html")]
struct ForbiddenPage<'a> {
    b: &'a Build,
    /// Its page, where "Edit a copy" posts under.
    page: String,
}

/// Who may open a build's editor. `None`: this browser owns it, go ahead. Otherwise the answer to
/// send instead: an edit link's `?token=` (`link`) adopted into a cookie, or a 403 page offering
/// a copy.
pub fn edit_gate(b: &Build, link: Option<&str>, token: &EditToken) -> Result<Option<Response>, AppError> {
    if let Some(link) = link {
        return adopt_token(b, link).map(Some);
    }
    if token.owns(b) {
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
    let (b, token) = builds::create(&state.db, c, None, Listing::Listed).await?;
    let origin = state.public.as_str();
    let body = json!({
        "id": b.id,
        "revision": b.revision,
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

/// JSON API: replaces a saved build's content; needs its token in `X-Edit-Token`. With the
/// revision the client read, only if no other save came since: `Ok(Err(409))` otherwise, saying
/// the revision now, nothing written.
pub async fn api_replace(
    state: &AppState,
    id: &str,
    token: &EditToken,
    c: &Content,
    revision: Option<i64>,
) -> Result<Result<Build, Response>, ApiError> {
    let token = token.api()?;
    match builds::update(&state.db, id, token, c, None, revision).await {
        Ok(b) => Ok(Ok(b)),
        Err(UpdateError::Conflict(now)) => {
            let message = format!(
                "This build was saved again since revision {}: it is at revision {} now, saved on {}. Nothing \
                 was changed: read it again, then send your change with ?revision={}.",
                revision.unwrap_or_default(),
                now.revision,
                format_time(now.updated_at),
                now.revision
            );
            let body = json!({ "error": message, "status": 409, "revision": now.revision });
            Ok(Err((StatusCode::CONFLICT, Json(body)).into_response()))
        }
        Err(UpdateError::Forbidden) => Err(AppError::Forbidden(API_WRONG_TOKEN.into()).into()),
        Err(e) => Err(match kinds::game(c.kind) {
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

/// The API's answer about a deleted build: 410, saying so and when.
pub fn gone_json(word: &str, at: i64) -> Response {
    let message = gone(word, at).to_string();
    (StatusCode::GONE, Json(json!({ "error": message, "status": 410, "deleted_at": at }))).into_response()
}

/// A saved build as JSON: its document and what the store knows about it.
pub async fn build_json(
    State(state): State<AppState>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Response {
    match builds::get(&state.db, &id).await {
        Ok(Some(Build { deleted_at: Some(at), kind, .. })) => {
            let word = kinds::game(&kind).map_or("build", |g| g.word);
            gone_json(word, at)
        }
        Ok(Some(b)) => {
            let document: serde_json::Value =
                serde_json::from_str(&b.document).unwrap_or(serde_json::Value::Null);
            // An unlisted or deleted parent's id is not told (its id is its link): only that
            // there is one, and why it is not named.
            let (parent_id, parent) = match Parent::of(&state, &b).await {
                Ok(Parent::None) => (None, None),
                Ok(Parent::Shown { .. }) => (b.parent_id.as_deref(), Some("listed")),
                Ok(Parent::Unlisted) => (None, Some("unlisted")),
                Ok(Parent::Deleted) => (None, Some("deleted")),
                Err(e) => return crate::web::http::error::ApiError(e.into()).into_response(),
            };
            Json(json!({
                "id": b.id,
                "kind": b.kind,
                "name": b.name,
                "document": document,
                "engine_version": b.engine_version,
                "revision": b.revision,
                "legal": b.legal,
                "summary": b.summary,
                "created_at": b.created_at,
                "updated_at": b.updated_at,
                "parent_id": parent_id,
                "parent": parent,
                "listed": b.listing() == Listing::Listed,
                "url": share_path(&b),
            }))
            .into_response()
        }
        Ok(None) => error_json(StatusCode::NOT_FOUND, format!("There is no saved build with id \"{id}\"")),
        Err(e) => crate::web::http::error::ApiError(e.into()).into_response(),
    }
}
