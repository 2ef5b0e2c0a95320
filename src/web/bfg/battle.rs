//! The battle tracker of a saved fleet: its page (`/bfg/{id}/battle`) and JSON API
//! (`/api/bfg/{id}/battle`). The fleet's owner (the holder of its edit token, as for editing)
//! gives orders turn by turn; anyone with the link watches. The engine ([`bfg::apply`]) records
//! an order or refuses it with the reason; this module reads orders from forms and JSON into
//! the engine's [`Action`] ([`orders`], naming the field at fault), keeps the state in the store
//! and shows it.
//!
//! A battle not yet started is shown as it would begin ([`Battle::new`]) and is stored with its
//! first order. Every write names the revision it read: two orders sent at once are applied one
//! after the other, never one over the other.

use crate::games::bfg::{self, Action, Battle, Event, Fleet, Refusal};
use crate::store::battles;
use crate::store::builds::Build;
use crate::web::flows::builder::Builder;
use crate::web::flows::saved::{document_from_saved, is_owner, load};
use crate::web::http::error::{ApiError, AppError};
use crate::web::http::extract::PostedForm;
use crate::web::http::fields::Fields;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use super::Bfg;
use orders::read_order;
use view::BattleView;
pub use view::EVERY_CARDS_ORDERS_UP_TO;

mod events;
mod odds;
mod orders;
mod view;

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/bfg/{id}/battle", get(page).merge(post(order).layer(writes.clone())))
        .route("/bfg/{id}/battle/events", get(events::events))
        .route("/bfg/{id}/battle/odds", get(crate::web::http::judging::judged(odds::odds_against)))
        .route("/bfg/{id}/battle/new", post(restart).layer(writes.clone()))
        .route("/api/bfg/{id}/battle", get(api_get).merge(post(api_order).layer(writes.clone())))
        .route("/api/bfg/{id}/battle/new", post(api_restart).layer(writes.clone()))
}

/// Orders read again this many times when others keep landing between the read and the write.
const ATTEMPTS: usize = 8;

/// A saved fleet, read for battle: the document, or why it cannot be read.
async fn fleet_of(state: &AppState, id: &str) -> Result<(Build, Result<Fleet, String>), AppError> {
    let b = load(state, id, &bfg::GAME).await?;
    let (fleet, problems) = document_from_saved(&b, || Bfg::stand_in(&b.name));
    let fleet = match problems.into_iter().next() {
        None => Ok(fleet),
        Some(p) => Err(p.message),
    };
    Ok((b, fleet))
}

/// The battle as stored, or as it would begin.
struct Current {
    battle: Battle,
    /// The revision read; `None` when no battle was started.
    revision: Option<i64>,
}

/// Why there is no battle to give orders to: a record this version cannot read, a fleet the
/// tracker refuses or cannot read. Start a new battle (or fix the fleet).
type NoBattle = String;

async fn current(
    state: &AppState,
    id: &str,
    fleet: &Result<Fleet, String>,
) -> Result<Result<Current, NoBattle>, AppError> {
    let fleet = match fleet {
        Ok(f) => f,
        Err(why) => return Ok(Err(why.clone())),
    };
    Ok(match battles::get(&state.db, id).await? {
        // A battle stored by an older version is read as this one (Battle::migrate).
        Some(s) => match serde_json::from_str::<Battle>(&s.state) {
            Ok(battle) => Ok(Current { battle: battle.migrate(fleet), revision: Some(s.revision) }),
            Err(e) => Err(format!(
                "This battle's record cannot be read by this version of Drydock ({e}); start a new battle"
            )),
        },
        None => {
            Battle::new(fleet).map(|battle| Current { battle, revision: None }).map_err(|r| r.to_string())
        }
    })
}

/// An order refused: the status to answer with and the reason; for a form's field that could
/// not be read, that field (its input is marked, described by the reason).
struct Refused {
    status: StatusCode,
    message: String,
    field: Option<String>,
}

impl Refused {
    fn of(r: &Refusal) -> Self {
        // A fleet changed under the battle conflicts with the stored battle; the rest are orders
        // the rules do not allow.
        let status = if matches!(r, Refusal::FleetChanged(_)) {
            StatusCode::CONFLICT
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        Refused { status, message: r.to_string(), field: None }
    }
}

/// Applies an order to the stored battle (starting it if it was not), or says why not; the
/// battle is then unchanged.
async fn act(
    state: &AppState,
    id: &str,
    fleet: &Result<Fleet, String>,
    action: &Action,
) -> Result<Result<(Event, Battle), Refused>, AppError> {
    let f = match fleet {
        Ok(f) => f,
        Err(why) => {
            return Ok(Err(Refused {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message: why.clone(),
                field: None,
            }));
        }
    };
    for _ in 0..ATTEMPTS {
        let cur = match current(state, id, fleet).await? {
            Ok(c) => c,
            Err(why) => return Ok(Err(Refused { status: StatusCode::CONFLICT, message: why, field: None })),
        };
        let mut battle = cur.battle;
        let event = match bfg::apply(&mut battle, f, action.clone()) {
            Ok(e) => e,
            Err(r) => return Ok(Err(Refused::of(&r))),
        };
        let json = serde_json::to_string(&battle).map_err(anyhow::Error::from)?;
        match battles::save(&state.db, id, &json, cur.revision).await? {
            battles::Written::Done => return Ok(Ok((event, battle))),
            battles::Written::Stale => {}
            // Deleted since it was read: 410, and no battle comes back for it.
            battles::Written::NoBuild => {
                load(state, id, &bfg::GAME).await?;
            }
        }
    }
    Err(AppError::Status(
        StatusCode::CONFLICT,
        "Other orders for this battle kept arriving at the same moment, so this one was not recorded. Send it again."
            .into(),
    ))
}

/// Starts the battle anew from the fleet as saved now.
async fn start_anew(
    state: &AppState,
    id: &str,
    fleet: &Result<Fleet, String>,
) -> Result<Result<Battle, Refused>, AppError> {
    let fleet = match fleet {
        Ok(f) => f,
        Err(why) => {
            return Ok(Err(Refused {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message: why.clone(),
                field: None,
            }));
        }
    };
    let battle = match Battle::new(fleet) {
        Ok(b) => b,
        Err(r) => return Ok(Err(Refused::of(&r))),
    };
    let json = serde_json::to_string(&battle).map_err(anyhow::Error::from)?;
    if battles::restart(&state.db, id, &json).await?.is_none() {
        // Deleted since it was read: 410, and no battle comes back for it.
        load(state, id, &bfg::GAME).await?;
        return Err(AppError::not_found(&crate::web::flows::saved::noun(&bfg::GAME)));
    }
    Ok(Ok(battle))
}

/// Why `state`, as stored, is not a battle the tracker could have written (for `drydock
/// import`): not its record, read strictly, or beyond its bounds (more log entries than it
/// keeps, more ships, ...).
pub fn check_stored(state: &str) -> Result<(), String> {
    let battle: Battle = crate::web::http::json::from_slice(state.as_bytes()).map_err(|r| {
        let (crate::web::http::json::Refusal::NotJson(why) | crate::web::http::json::Refusal::Misfit(why)) =
            r;
        format!("it is not a battle record: {why}")
    })?;
    battle.beyond_bounds().map_or(Ok(()), |why| Err(format!("it is past the tracker's bounds: {why}")))
}

/// A post or JSON order without the fleet's edit token.
fn not_the_owner() -> AppError {
    AppError::Forbidden(
        "Only the fleet's owner can give orders in its battle, and this browser does not hold its edit token. \
         Nothing was changed. You can watch the battle on its page."
            .into(),
    )
}

// ----- The page -----

#[derive(Template)]
#[template(path = "bfg/battle.html", blocks = ["battle"], whitespace = "minimize")]
struct BattlePage {
    v: BattleView,
}

/// One card of the battle (`?orders=ship-3` for htmx): its order forms drawn, its first field
/// marked for the view to land on.
#[derive(Template)]
#[template(path = "bfg/battle_card.html")]
struct BattleCard {
    v: BattleView,
}

/// Whether the request came from htmx (which wants the battle section alone).
fn from_htmx(headers: &HeaderMap) -> bool {
    headers.get("hx-request").is_some_and(|v| v.as_bytes() == b"true")
}

/// The page, or its battle section alone for htmx; either way it depends on that header.
fn rendered(v: BattleView, status: StatusCode, headers: &HeaderMap) -> Result<Response, AppError> {
    let page = BattlePage { v };
    let body = if from_htmx(headers) { page.as_battle().render()? } else { page.render()? };
    let mut r = (status, Html(body)).into_response();
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("HX-Request"));
    Ok(r)
}

/// The page; `?orders=ship-3` (a card's element id) draws that card's order forms when a battle
/// has too many ships to draw every card's (its "Orders"). For htmx, that card alone; if the
/// page no longer holds it (a new battle of another fleet since), the battle section, sent to
/// replace the section.
async fn page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    let cur = current(&state, &id, &fleet).await?;
    let owner = is_owner(&b, &headers);
    let open = query.and_then(|q| Fields::parse(q.as_bytes()).get("orders").map(str::to_owned));
    if open.is_none() {
        return rendered(BattleView::new(&b, &fleet, cur, owner, None), StatusCode::OK, &headers);
    }
    // Its first field focused: without JavaScript the browser scrolls it into view.
    let v = BattleView::new(&b, &fleet, cur, owner, None).opening(open).landing();
    if !from_htmx(&headers) {
        return rendered(v, StatusCode::OK, &headers);
    }
    if v.open.as_deref().is_some_and(|card| v.has_card(card)) {
        let body = BattleCard { v }.render()?;
        let mut r = Html(body).into_response();
        r.headers_mut().insert(header::VARY, HeaderValue::from_static("HX-Request"));
        return Ok(r);
    }
    let mut r = rendered(v, StatusCode::OK, &headers)?;
    r.headers_mut().insert("hx-retarget", HeaderValue::from_static("#battle"));
    r.headers_mut().insert("hx-reswap", HeaderValue::from_static("outerHTML"));
    Ok(r)
}

/// An order from the page's forms. Done: back to the page (without JavaScript, a redirect, so
/// a reload does not give the order twice) or the battle section (htmx). Refused: the page with
/// the reason next to the form, unchanged; 422 without JavaScript, 200 for htmx, which only
/// swaps in successful answers.
async fn order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    form: PostedForm,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    if !is_owner(&b, &headers) {
        return Err(not_the_owner());
    }
    let f = form.fields();
    let key = view::form_key(&f);
    let refused = match read_order(&f) {
        Err(m) => {
            Refused { status: StatusCode::UNPROCESSABLE_ENTITY, message: m.message, field: Some(m.field) }
        }
        Ok(action) => match act(&state, &id, &fleet, &action).await? {
            Ok((_, battle)) => {
                // The card the order was for stays open (when the battle's cards are folded).
                let card = view::card_of_action(&action);
                if from_htmx(&headers) {
                    // Stored: the page needs no more of its revision than that.
                    let cur = Ok(Current { battle, revision: Some(0) });
                    let v = BattleView::new(&b, &fleet, cur, true, None).opening(card);
                    return rendered(v, StatusCode::OK, &headers);
                }
                let back = match card {
                    Some(card) if view::folds(battle.ships.len()) => format!("?orders={card}#{card}"),
                    _ => format!("#{}", view::anchor(&action)),
                };
                return Ok(Redirect::to(&format!("/bfg/{id}/battle{back}")).into_response());
            }
            Err(r) => r,
        },
    };
    refusal_page(&state, &b, &fleet, &headers, (key, view::card_of(&f)), refused).await
}

/// The page with a refusal shown at the form that was sent: its key, and its card (drawn open).
async fn refusal_page(
    state: &AppState,
    b: &Build,
    fleet: &Result<Fleet, String>,
    headers: &HeaderMap,
    (key, card): (String, Option<String>),
    refused: Refused,
) -> Result<Response, AppError> {
    let cur = current(state, &b.id, fleet).await?;
    let status = if from_htmx(headers) { StatusCode::OK } else { refused.status };
    let mut v = BattleView::new(b, fleet, cur, true, Some((key, refused.message))).opening(card);
    v.misread = refused.field;
    rendered(v, status, headers)
}

/// "Start a new battle": the owner's, and only when ticked to confirm, since it clears the record.
async fn restart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    form: PostedForm,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    if !is_owner(&b, &headers) {
        return Err(not_the_owner());
    }
    let f = form.fields();
    let stored = battles::get(&state.db, &id).await?.is_some();
    if stored && !f.flag("confirm") {
        let message = "Tick \"Yes, clear this battle\" to start a new one: its record and log will be gone.";
        let refused =
            Refused { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into(), field: None };
        return refusal_page(&state, &b, &fleet, &headers, ("new".into(), None), refused).await;
    }
    match start_anew(&state, &id, &fleet).await? {
        Ok(battle) if from_htmx(&headers) => {
            let cur = Ok(Current { battle, revision: Some(1) });
            rendered(BattleView::new(&b, &fleet, cur, true, None), StatusCode::OK, &headers)
        }
        Ok(_) => Ok(Redirect::to(&format!("/bfg/{id}/battle")).into_response()),
        Err(r) => refusal_page(&state, &b, &fleet, &headers, ("new".into(), None), r).await,
    }
}

// ----- The JSON API -----

/// The battle as the API gives it: the state (null when there is none to give orders to), the
/// engine's status (null when it refuses the battle), the reason in `problem`, and whether it
/// was started (stored) or is shown as it would begin.
fn battle_json(
    id: &str,
    started: bool,
    battle: Result<&Battle, &str>,
    fleet: &Result<Fleet, String>,
) -> serde_json::Value {
    let (status, problem) = match (battle, fleet) {
        (Ok(b), Ok(f)) => match bfg::status(b, f) {
            Ok(s) => (Some(s), None),
            Err(r) => (None, Some(r.to_string())),
        },
        (Err(why), _) => (None, Some(why.to_owned())),
        (Ok(_), Err(why)) => (None, Some(why.clone())),
    };
    // The undo record stays in the store: the answer says what undoing would take back.
    let battle = battle.ok().map(|b| {
        let mut v = json!(b);
        if let Some(o) = v.as_object_mut() {
            o.remove("undo");
            o.insert("undo".into(), json!(b.undoable()));
        }
        v
    });
    json!({
        "id": id,
        "started": started,
        "battle": battle,
        "status": status,
        "problem": problem,
        "engine_version": bfg::ENGINE_VERSION,
    })
}

async fn api_get(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let (_, fleet) = fleet_of(&state, &id).await?;
    let body = match current(&state, &id, &fleet).await? {
        Ok(c) => battle_json(&id, c.revision.is_some(), Ok(&c.battle), &fleet),
        Err(why) => {
            let started = battles::get(&state.db, &id).await?.is_some();
            battle_json(&id, started, Err(&why), &fleet)
        }
    };
    Ok(Json(body).into_response())
}

/// The build, if `X-Edit-Token` holds its edit token; else 403.
async fn owned(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Build, Result<Fleet, String>), ApiError> {
    let (b, fleet) = fleet_of(state, id).await?;
    let Some(token) = headers.get(crate::web::http::extract::X_EDIT_TOKEN).and_then(|v| v.to_str().ok())
    else {
        return Err(
            AppError::Forbidden("Send the fleet's edit token in the X-Edit-Token header.".into()).into()
        );
    };
    if !b.token_matches(token) {
        return Err(AppError::Forbidden(
            "The edit token does not match this fleet; nothing was changed.".into(),
        )
        .into());
    }
    Ok((b, fleet))
}

/// An order as JSON (`{"action": "launch_craft", "ship": 0, "squadrons": [...]}`): the event and
/// the battle after it, or the refusal (422; 409 when the fleet no longer matches the battle).
async fn api_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (_, fleet) = owned(&state, &id, &headers).await?;
    let action = orders::from_json(&headers, &body)?;
    match act(&state, &id, &fleet, &action).await? {
        Ok((event, battle)) => {
            let mut body = battle_json(&id, true, Ok(&battle), &fleet);
            body["event"] = json!(event);
            Ok(Json(body).into_response())
        }
        Err(r) => Err(AppError::Status(r.status, r.message).into()),
    }
}

async fn api_restart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, fleet) = owned(&state, &id, &headers).await?;
    match start_anew(&state, &id, &fleet).await? {
        Ok(battle) => Ok(Json(battle_json(&id, true, Ok(&battle), &fleet)).into_response()),
        Err(r) => Err(AppError::Status(r.status, r.message).into()),
    }
}
