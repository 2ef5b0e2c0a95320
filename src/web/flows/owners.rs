//! What an owner does with their builds beyond editing: "My builds" (every build this browser
//! holds an edit token for), listing a build in the gallery or taking it out, and deleting it.
//! Every game has these through [`builder::routes`](super::builder::routes); nothing here names
//! a game. Only a holder of the build's edit token (its cookie, a form's `token`, or the API's
//! `X-Edit-Token`) may list or delete; anyone else gets 403 and nothing changes.

use super::saved::{
    API_WRONG_TOKEN, forbidden, forget_edit_cookie, gone_json, load, share_path, update_error,
};
use crate::games::registry::Game;
use crate::store::builds::{self, Build, Listing, UpdateError, format_time};
use crate::web::http::error::{ApiError, AppError, error_json, read_json};
use crate::web::http::extract::EditToken;
use crate::web::http::fields::Fields;
use crate::web::http::kinds;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde_json::json;

/// The most edit cookies "My builds" reads: far more than a browser keeps for one site (about
/// 180), so no request can make it look up an unbounded list.
const MAX_OWNED: usize = 500;

/// One of this browser's builds, as "My builds" lists it.
pub struct MyBuild {
    pub name: String,
    pub kind: &'static str,
    pub summary: String,
    pub legal: bool,
    /// "In the gallery", "Not in the gallery", "A copy, not saved yet".
    pub listing: &'static str,
    pub updated: String,
    pub page: String,
}

#[derive(Template)]
#[template(path = "builds/mine.html")]
struct MinePage {
    builds: Vec<MyBuild>,
    /// What was just deleted, to say so ("The boat was deleted on ...").
    deleted: Option<String>,
}

fn listing_words(l: Listing) -> &'static str {
    match l {
        Listing::Listed => "In the gallery",
        Listing::Unlisted => "Not in the gallery",
        Listing::Copy => "A copy, not in the gallery until saved",
    }
}

/// Every build this browser may edit (its edit cookie holds the build's token), most recently
/// changed first: "My builds", and what a builder offers to take parts from.
pub async fn owned(state: &AppState, token: &EditToken) -> Result<Vec<Build>, AppError> {
    // At most MAX_OWNED, of ids that could be builds.
    let cookies: Vec<(&str, &str)> =
        token.cookies().filter(|(id, _)| builds::looks_like_id(id)).take(MAX_OWNED).collect();
    let ids: Vec<&str> = cookies.iter().map(|(id, _)| *id).collect();
    let owned = builds::among(&state.db, &ids).await?;
    Ok(owned
        .into_iter()
        .filter(|b| cookies.iter().any(|(id, token)| *id == b.id && b.token_matches(token)))
        .collect())
}

/// "My builds": every build this browser may edit (its edit cookie holds the build's token),
/// most recently changed first, with links to open and edit each.
pub async fn my_builds(
    State(state): State<AppState>,
    RawQuery(q): RawQuery,
    token: EditToken,
) -> Result<Response, AppError> {
    let builds = owned(&state, &token)
        .await?
        .into_iter()
        .filter_map(|b| {
            let game = kinds::game(&b.kind)?;
            Some(MyBuild {
                name: if b.name.trim().is_empty() {
                    format!("Unnamed {}", game.word)
                } else {
                    b.name.clone()
                },
                kind: game.title,
                summary: b.summary.clone(),
                legal: b.legal,
                listing: listing_words(b.listing()),
                updated: format_time(b.updated_at),
                page: share_path(&b),
            })
        })
        .collect();
    // "?deleted={id}" after a delete: said only of a build that really was deleted, so no
    // address can make this page announce anything else.
    let q = q.unwrap_or_default();
    let deleted = match Fields::parse(q.as_bytes()).get("deleted") {
        Some(id) => match builds::get(&state.db, id).await? {
            Some(Build { deleted_at: Some(at), kind, .. }) => {
                let word = kinds::game(&kind).map_or("build", |g| g.word);
                Some(format!("The {word} was deleted on {}.", format_time(at)))
            }
            _ => None,
        },
        None => None,
    };
    Ok(Html(MinePage { builds, deleted }.render()?).into_response())
}

#[derive(Template)]
#[template(path = "builds/delete.html")]
struct DeletePage {
    name: String,
    word: &'static str,
    page: String,
    /// Why the page is shown again (the box was not ticked).
    message: Option<String>,
}

impl DeletePage {
    fn new(b: &Build, game: &Game, message: Option<String>) -> Self {
        DeletePage { name: b.name.clone(), word: game.word, page: share_path(b), message }
    }
}

/// The build `id` of `game`, if this request holds its token (`token`, or the form's); else the
/// answer to send: 404, 410 or 403 (nothing changed).
async fn owned_build(
    state: &AppState,
    game: &Game,
    id: &str,
    token: &EditToken,
    f: &Fields<'_>,
) -> Result<Build, AppError> {
    let b = load(state, id, game).await?;
    match token.for_build(id, f.get("token")) {
        Some(token) if b.token_matches(token) => Ok(b),
        _ => Err(forbidden()),
    }
}

/// The page that asks the owner to confirm: a form whose box must be ticked (the browser
/// insists, and so does [`delete`]), so no JavaScript is needed.
pub async fn confirm_delete(
    state: &AppState,
    game: &Game,
    id: &str,
    token: &EditToken,
) -> Result<Response, AppError> {
    let b = owned_build(state, game, id, token, &Fields::default()).await?;
    Ok(Html(DeletePage::new(&b, game, None).render()?).into_response())
}

/// Deletes the build once its owner ticked the box: its link then answers 410, and the owner
/// lands on "My builds", which says it was deleted. Without the tick: the page again, 422,
/// nothing deleted.
pub async fn delete(
    state: &AppState,
    game: &Game,
    id: &str,
    token: &EditToken,
    f: &Fields<'_>,
) -> Result<Response, AppError> {
    let b = owned_build(state, game, id, token, f).await?;
    if !f.flag("confirm") {
        let why = "Nothing was deleted: tick the box to confirm that it should go.".to_owned();
        let page = DeletePage::new(&b, game, Some(why)).render()?;
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, Html(page)).into_response());
    }
    let token = token.for_build(id, f.get("token")).unwrap_or_default();
    builds::delete(&state.db, id, Some(game.id), token).await.map_err(|e| update_error(e, game))?;
    let mut r = Redirect::to(&format!("/my-builds?deleted={}", b.id)).into_response();
    forget_edit_cookie(&mut r, id);
    Ok(r)
}

/// Lists the build in the gallery (`listed=on`) or takes it out (`listed=off`), then back to
/// its page.
pub async fn set_listing(
    state: &AppState,
    game: &Game,
    id: &str,
    token: &EditToken,
    f: &Fields<'_>,
) -> Result<Response, AppError> {
    let Some(listed) = f.get("listed") else {
        return Err(AppError::Unprocessable(
            "Say whether to show it in the gallery (listed=on) or not (listed=off); nothing was changed."
                .into(),
        ));
    };
    let Some(token) = token.for_build(id, f.get("token")) else {
        load(state, id, game).await?;
        return Err(forbidden());
    };
    let b = builds::set_listing(&state.db, id, Some(game.id), token, Listing::of(listed != "off"))
        .await
        .map_err(|e| update_error(e, game))?;
    Ok(Redirect::to(&share_path(&b)).into_response())
}

/// What the API answers for a change the store refused.
fn api_refusal(e: UpdateError, kind: Option<&str>) -> Response {
    let word = kind.and_then(kinds::game).map_or("build", |g| g.word);
    match e {
        UpdateError::Gone(at) => gone_json(word, at),
        UpdateError::NotFound => {
            error_json(StatusCode::NOT_FOUND, "There is no saved build with this id.".into())
        }
        UpdateError::Forbidden => error_json(StatusCode::FORBIDDEN, API_WRONG_TOKEN.into()),
        // Deleting and listing check no revision; said as for any refused change.
        e @ UpdateError::Conflict(_) => match kind.and_then(kinds::game) {
            Some(g) => ApiError(update_error(e, g)).into_response(),
            None => error_json(StatusCode::CONFLICT, e.to_string()),
        },
        UpdateError::Db(e) => ApiError(e.into()).into_response(),
    }
}

/// The kind of build `id`, for messages.
async fn kind_of(state: &AppState, id: &str) -> Option<String> {
    builds::get(&state.db, id).await.ok().flatten().map(|b| b.kind)
}

/// JSON API: `DELETE /api/builds/{id}` with its token in `X-Edit-Token`: 200 with when, then
/// the build answers 410 everywhere.
pub async fn api_delete(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
) -> Result<Response, ApiError> {
    let token = token.api()?;
    match builds::delete(&state.db, &id, None, token).await {
        Ok(b) => Ok(Json(json!({ "id": b.id, "deleted": true, "deleted_at": b.deleted_at })).into_response()),
        Err(e) => Ok(api_refusal(e, kind_of(&state, &id).await.as_deref())),
    }
}

/// What `PATCH /api/builds/{id}` takes: `{"listed": true}` or `false`, read as strictly as a
/// document.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ListingChange {
    listed: bool,
}

/// JSON API: `PATCH /api/builds/{id}` with `{"listed": true}` or `false` (as JSON: 415 without
/// its content type, 422 for anything else, a key sent twice included) and its token in
/// `X-Edit-Token`: shows the build in the gallery or takes it out.
pub async fn api_listing(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let token = token.api()?;
    let hint = |why: String| {
        format!("{why}. Send a JSON object with \"listed\": true or false; nothing was changed.")
    };
    let ListingChange { listed } = read_json(&headers, &body, "listing change").map_err(|e| match e {
        AppError::Unprocessable(why) => AppError::Unprocessable(hint(why)),
        AppError::BadRequest(why) => AppError::BadRequest(hint(why)),
        other => other,
    })?;
    match builds::set_listing(&state.db, &id, None, token, Listing::of(listed)).await {
        Ok(b) => Ok(Json(json!({ "id": b.id, "listed": b.listing() == Listing::Listed })).into_response()),
        Err(e) => Ok(api_refusal(e, kind_of(&state, &id).await.as_deref())),
    }
}
