//! A saved build's share page: what it says besides the build (owner, links, the build it was
//! copied from, its family), served from the kept pages to visitors or drawn for its owner.

use super::family::{Family, Kin};
use super::saved::{Parent, edit_link, load, share_path};
use crate::games::registry::Game;
use crate::store::builds::{self, Build, Listing, format_time};
use crate::web::http::error::AppError;
use crate::web::http::extract::{EditToken, carries};
use crate::web::http::state::AppState;
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};

/// What a share page says about the saved build besides its content.
pub struct Saved {
    /// Whether this browser may edit it.
    pub owner: bool,
    /// The private edit link, right after saving.
    pub edit_link: Option<String>,
    pub share_url: String,
    /// The build it was copied from, as the page may say it.
    pub parent: Parent,
    /// Its own address ("/boats/{id}"), where its owner's forms post.
    pub page: String,
    /// Shown in the gallery.
    pub listed: bool,
    /// A copy its owner has not saved yet (not in the gallery until then).
    pub unsaved_copy: bool,
    pub forks: i64,
    pub created: String,
    pub updated: String,
    /// Its original (if listed) and its listed copies, each with how it differs from this one:
    /// judged where the page is drawn ([`share_page`]), from `kin`.
    pub family: Family,
    kin: Kin,
}

/// The share page's facts about `b`, for a request carrying `token`. `just_saved` is the
/// `?saved=1` a save redirects to.
pub async fn saved(
    state: &AppState,
    b: &Build,
    token: &EditToken,
    just_saved: bool,
) -> Result<Saved, AppError> {
    let owner = token.owns(b);
    let origin = state.public.as_str();
    let edit_link = match (just_saved, owner, token.cookie(&b.id)) {
        (true, true, Some(token)) => Some(edit_link(origin, b, token)),
        _ => None,
    };
    Ok(Saved {
        owner,
        edit_link,
        share_url: format!("{origin}{}", share_path(b)),
        parent: Parent::of(state, b).await?,
        page: share_path(b),
        listed: b.listing() == Listing::Listed,
        unsaved_copy: b.listing() == Listing::Copy,
        forks: builds::fork_count(&state.db, &b.id).await?,
        created: format_time(b.created_at),
        updated: format_time(b.updated_at),
        family: Family::default(),
        kin: Kin::read(state, b).await?,
    })
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
    F: FnOnce(Build, Saved) -> Result<String, AppError> + Send + 'static,
{
    if !crate::web::http::cache::own_address(address, game.path, id) && builds::looks_like_id(id) {
        // Another spelling of the page's address: one page, kept once, under its own.
        let to = format!("{}/{id}{}", game.path, if just_saved { "?saved=1" } else { "" });
        return Ok(crate::web::http::cache::redirect(&to));
    }
    let anonymous = !just_saved && !carries(headers, id);
    // Taken before the build is read: a page drawn from a build that changes (or is deleted)
    // while it is drawn is sent, and kept under a mark that has already moved on.
    let mark = state.pages.marks.read(&state.db).await?;
    if anonymous && let Some(page) = state.pages.get(address, mark) {
        return Ok(page.kept_response(headers));
    }
    // One visit draws a page that is missing; those arriving meanwhile wait for it, then are
    // answered from it (see `PageCache::draw_or_wait`).
    let _drawing = if anonymous {
        let drawing = state.pages.draw_or_wait(address).await;
        if drawing.is_none()
            && let Some(page) = state.pages.get(address, mark)
        {
            return Ok(page.kept_response(headers));
        }
        drawing
    } else {
        None
    };
    let b = load(state, id, game).await?;
    let facts = saved(state, &b, &EditToken::read(headers), just_saved).await?;
    let cacheable = !facts.owner && facts.edit_link.is_none();
    // Drawn, and compressed to be kept, on a blocking thread: a large page takes milliseconds
    // of CPU (far more in a debug build), which on an async worker would hold up every other
    // request it serves, as when every kept page is drawn anew after the database comes back.
    let turn = state.pages.turn_to_draw().await;
    let drawn = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let mut facts = facts;
        facts.family = Family::of(&b, std::mem::take(&mut facts.kin));
        let plain = axum::body::Bytes::from(render(b, facts)?);
        Ok::<_, AppError>(if cacheable { Ok(crate::web::http::cache::Page::new(plain)) } else { Err(plain) })
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("drawing a share page: {e}")))??;
    match drawn {
        Ok(page) => Ok(state.pages.keep(address, page, mark).response(headers)),
        Err(plain) => Ok(Html(plain).into_response()),
    }
}
