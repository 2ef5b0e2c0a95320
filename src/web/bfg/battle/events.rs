//! Watching a battle as it happens: `/bfg/{id}/battle/events`, a stream of server-sent events
//! that says "change" each time the stored battle moves on (an order, an undo, a new battle).
//! The page's script fetches the battle again when it hears one; without JavaScript the page
//! refreshes itself instead (a `<noscript>` refresh in its head).
//!
//! The stream reads the battle's revision from the store (one small query a second), so it hears
//! orders given through any instance sharing the store. It ends after a few minutes, or when the
//! fleet is deleted ("gone"); browsers reconnect by themselves, and a reconnection is answered
//! with the revision as it stands, so nothing is missed in between.

use crate::games::bfg;
use crate::store::battles;
use crate::web::flows::saved::load;
use crate::web::http::error::AppError;
use crate::web::http::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use std::convert::Infallible;
use std::time::Duration;

/// How often a stream reads the battle's revision.
const POLL: Duration = Duration::from_secs(1);
/// Every this many reads, it also makes sure the fleet is still there.
const CHECK_FLEET: u32 = 10;
/// How long one stream lasts before the browser reconnects (a bound on what one connection holds).
const LIFETIME: Duration = Duration::from_secs(300);
/// Browsers wait this long before reconnecting after a stream ends.
const RETRY: Duration = Duration::from_secs(2);

/// The stream of a saved fleet's battle: 404 or 410 as the fleet's page would be.
pub async fn events(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    load(&state, &id, &bfg::GAME).await?;
    let first = battles::revision(&state.db, &id).await?;
    Ok(Sse::new(changes(state, id, first))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

/// Where a stream stands: the revision last told, and when it began.
struct Watch {
    state: AppState,
    id: String,
    told: Option<i64>,
    began: tokio::time::Instant,
    polls: u32,
    first: bool,
    done: bool,
}

fn changes(state: AppState, id: String, now: Option<i64>) -> impl Stream<Item = Result<Event, Infallible>> {
    let w = Watch {
        state,
        id,
        told: now,
        began: tokio::time::Instant::now(),
        polls: 0,
        first: true,
        done: false,
    };
    stream::unfold(w, |mut w| async move {
        if w.done {
            return None;
        }
        if w.first {
            // Where the battle stands as the stream opens, so a page that reconnects after a
            // gap fetches what it missed.
            w.first = false;
            let ev = Event::default().event("change").retry(RETRY).data(revision_text(w.told));
            return Some((Ok(ev), w));
        }
        loop {
            if w.began.elapsed() >= LIFETIME {
                return None;
            }
            tokio::time::sleep(POLL).await;
            w.polls = w.polls.wrapping_add(1);
            let gone = w.polls % CHECK_FLEET == 0
                && load(&w.state, &w.id, &bfg::GAME)
                    .await
                    .is_err_and(|e| matches!(e.status_code(), StatusCode::NOT_FOUND | StatusCode::GONE));
            if gone {
                w.done = true;
                return Some((Ok(Event::default().event("gone").data("deleted")), w));
            }
            // A store that does not answer is asked again next time.
            let Ok(now) = battles::revision(&w.state.db, &w.id).await else { continue };
            if now != w.told {
                w.told = now;
                return Some((Ok(Event::default().event("change").data(revision_text(now))), w));
            }
        }
    })
}

fn revision_text(r: Option<i64>) -> String {
    r.map_or_else(|| "0".to_string(), |r| r.to_string())
}
