//! The battle tracker of a saved fleet: its page (`/bfg/{id}/battle`) and JSON API
//! (`/api/bfg/{id}/battle`). The fleet's owner (the holder of its edit token, as for editing)
//! gives orders turn by turn; anyone with the link watches. The engine ([`bfg::apply`]) records
//! an order or refuses it with the reason; this module reads orders from forms and JSON, keeps
//! the state in the store and shows it.
//!
//! A battle not yet started is shown as it would begin ([`Battle::new`]) and is stored with its
//! first order. Every write names the revision it read: two orders sent at once are applied one
//! after the other, never one over the other.

use crate::games::bfg::{self, Action, Battle, Condition, Event, Fleet, Launch, LogEntry, Refusal, Removal};
use crate::store::battles;
use crate::store::builds::Build;
use crate::web::AppState;
use crate::web::builder::Builder;
use crate::web::builds::{document_from_saved, is_owner, load};
use crate::web::error::{ApiError, AppError};
use crate::web::form::Fields;
use crate::web::rate::WriteLimit;
use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::Fleets;
use super::input::{self, whole};

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/bfg/{id}/battle", get(page).merge(post(order).layer(writes.clone())))
        .route("/bfg/{id}/battle/new", post(restart).layer(writes.clone()))
        .route("/api/bfg/{id}/battle", get(api_get).merge(post(api_order).layer(writes.clone())))
        .route("/api/bfg/{id}/battle/new", post(api_restart).layer(writes.clone()))
}

/// Orders read again this many times when others keep landing between the read and the write.
const ATTEMPTS: usize = 8;

/// The decisions the battle page shows, besides the crippled-bays rounding shown by the fleet's
/// limit.
const SHOWN_DECISIONS: [&str; 10] = [
    "crippled-torpedoes",
    "braced",
    "braced-reload",
    "reload-order",
    "never-runs-out",
    "over-limit",
    "recall",
    "markers-by-craft",
    "escorts",
    "rolled-strength",
];

/// A decision's words, by id.
fn decision(id: &str) -> &'static str {
    bfg::DECISIONS.iter().find(|d| d.id == id).map_or("", |d| d.text)
}

/// An order as the API reads it: the engine's [`Action`], its kind written outside
/// (`{"launch_craft": {...}}`), so that a field at fault is named (see [`input::tagged`]). A
/// test keeps the two in step.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Order {
    LaunchCraft {
        ship: usize,
        squadrons: Vec<Launch>,
    },
    LaunchTorpedoes {
        ship: usize,
        #[serde(default)]
        rolled: Option<u32>,
        #[serde(default)]
        split: Option<[u32; 2]>,
    },
    Reload {
        ship: usize,
        success: bool,
    },
    SetCondition {
        ship: usize,
        condition: Condition,
    },
    Brace {
        ship: usize,
        braced: bool,
    },
    RemoveMarkers {
        craft: String,
        count: u32,
        reason: Removal,
    },
    NextTurn {},
}

impl From<Order> for Action {
    fn from(o: Order) -> Action {
        match o {
            Order::LaunchCraft { ship, squadrons } => Action::LaunchCraft { ship, squadrons },
            Order::LaunchTorpedoes { ship, rolled, split } => Action::LaunchTorpedoes { ship, rolled, split },
            Order::Reload { ship, success } => Action::Reload { ship, success },
            Order::SetCondition { ship, condition } => Action::SetCondition { ship, condition },
            Order::Brace { ship, braced } => Action::Brace { ship, braced },
            Order::RemoveMarkers { craft, count, reason } => Action::RemoveMarkers { craft, count, reason },
            Order::NextTurn {} => Action::NextTurn {},
        }
    }
}

/// A saved fleet, read for battle: the document, or why it cannot be read.
async fn fleet_of(state: &AppState, id: &str) -> Result<(Build, Result<Fleet, String>), AppError> {
    let b = load(state, id, &bfg::GAME).await?;
    let (fleet, problems) = document_from_saved(&b, || Fleets::stand_in(&b.name));
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
        Some(s) => match serde_json::from_str::<Battle>(&s.state) {
            Ok(battle) => Ok(Current { battle, revision: Some(s.revision) }),
            Err(e) => Err(format!(
                "This battle's record cannot be read by this version of Drydock ({e}); start a new battle"
            )),
        },
        None => {
            Battle::new(fleet).map(|battle| Current { battle, revision: None }).map_err(|r| r.to_string())
        }
    })
}

/// An order refused: the status to answer with and the reason.
struct Refused {
    status: StatusCode,
    message: String,
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
        Refused { status, message: r.to_string() }
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
    for _ in 0..ATTEMPTS {
        let cur = match current(state, id, fleet).await? {
            Ok(c) => c,
            Err(why) => return Ok(Err(Refused { status: StatusCode::CONFLICT, message: why })),
        };
        let Ok(f) = fleet else { break };
        let mut battle = cur.battle;
        let event = match bfg::apply(&mut battle, f, action.clone()) {
            Ok(e) => e,
            Err(r) => return Ok(Err(Refused::of(&r))),
        };
        let json = serde_json::to_string(&battle).map_err(anyhow::Error::from)?;
        if battles::save(&state.db, id, &json, cur.revision).await? {
            return Ok(Ok((event, battle)));
        }
    }
    Err(AppError::Status(
        StatusCode::CONFLICT,
        "Other orders for this battle kept arriving at the same moment, so this one was not recorded. Send it again.".into(),
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
            return Ok(Err(Refused { status: StatusCode::UNPROCESSABLE_ENTITY, message: why.clone() }));
        }
    };
    let battle = match Battle::new(fleet) {
        Ok(b) => b,
        Err(r) => return Ok(Err(Refused::of(&r))),
    };
    let json = serde_json::to_string(&battle).map_err(anyhow::Error::from)?;
    battles::restart(&state.db, id, &json).await?;
    Ok(Ok(battle))
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
#[template(path = "bfg/battle.html", blocks = ["battle"])]
struct BattlePage {
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

async fn page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    let cur = current(&state, &id, &fleet).await?;
    let owner = is_owner(&b, &headers);
    rendered(BattleView::new(&b, &fleet, cur, owner, None), StatusCode::OK, &headers)
}

/// An order from the page's forms. Done: back to the page (without JavaScript, a redirect, so
/// a reload does not give the order twice) or the battle section (htmx). Refused: the page with
/// the reason next to the form, unchanged; 422 without JavaScript, 200 for htmx, which only
/// swaps in successful answers.
async fn order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    if !is_owner(&b, &headers) {
        return Err(not_the_owner());
    }
    let f = Fields::parse(&body);
    let key = form_key(&f);
    let refused = match read_order(&f) {
        Err(message) => Refused { status: StatusCode::UNPROCESSABLE_ENTITY, message },
        Ok(action) => match act(&state, &id, &fleet, &action).await? {
            Ok((_, battle)) => {
                if from_htmx(&headers) {
                    // Stored: the page needs no more of its revision than that.
                    let cur = Ok(Current { battle, revision: Some(0) });
                    return rendered(BattleView::new(&b, &fleet, cur, true, None), StatusCode::OK, &headers);
                }
                return Ok(Redirect::to(&format!("/bfg/{id}/battle#{}", anchor(&action))).into_response());
            }
            Err(r) => r,
        },
    };
    refusal_page(&state, &b, &fleet, &headers, key, refused).await
}

/// The page with a refusal shown at the form that was sent.
async fn refusal_page(
    state: &AppState,
    b: &Build,
    fleet: &Result<Fleet, String>,
    headers: &HeaderMap,
    key: String,
    refused: Refused,
) -> Result<Response, AppError> {
    let cur = current(state, &b.id, fleet).await?;
    let status = if from_htmx(headers) { StatusCode::OK } else { refused.status };
    let v = BattleView::new(b, fleet, cur, true, Some((key, refused.message)));
    rendered(v, status, headers)
}

/// "Start a new battle": the owner's, and only when ticked to confirm, since it clears the record.
async fn restart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    if !is_owner(&b, &headers) {
        return Err(not_the_owner());
    }
    let f = Fields::parse(&body);
    let stored = battles::get(&state.db, &id).await?.is_some();
    if stored && !f.flag("confirm") {
        let message = "Tick \"Yes, clear this battle\" to start a new one: its record and log will be gone.";
        let refused = Refused { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() };
        return refusal_page(&state, &b, &fleet, &headers, "new".into(), refused).await;
    }
    match start_anew(&state, &id, &fleet).await? {
        Ok(battle) if from_htmx(&headers) => {
            let cur = Ok(Current { battle, revision: Some(1) });
            rendered(BattleView::new(&b, &fleet, cur, true, None), StatusCode::OK, &headers)
        }
        Ok(_) => Ok(Redirect::to(&format!("/bfg/{id}/battle")).into_response()),
        Err(r) => refusal_page(&state, &b, &fleet, &headers, "new".into(), r).await,
    }
}

/// Where a page lands after an order: the ship's card, or the fleet's line.
fn anchor(a: &Action) -> String {
    match a {
        Action::LaunchCraft { ship, .. }
        | Action::LaunchTorpedoes { ship, .. }
        | Action::Reload { ship, .. }
        | Action::SetCondition { ship, .. }
        | Action::Brace { ship, .. } => format!("ship-{ship}"),
        Action::RemoveMarkers { .. } | Action::NextTurn {} => "fleet".into(),
    }
}

/// Which form was sent: its order and ship, as [`ShipRow::key`] names it.
fn form_key(f: &Fields) -> String {
    let action = f.get("action").unwrap_or("");
    match f.get("ship") {
        Some(ship) if !ship.is_empty() => format!("{action}-{ship}"),
        _ => action.to_owned(),
    }
}

/// Reads an order from a form: `action` names it, `ship` the ship (numbered as on the page);
/// a launch sends `craft.{id}` counts, a salvo `rolled` and `split_a`/`split_b`, a Reload
/// Ordnance `result` (`success` or `failure`), and so on. What cannot be read is said in words.
pub fn read_order(f: &Fields) -> Result<Action, String> {
    let ship = || -> Result<usize, String> {
        let n = whole(f, "ship", "The ship")?.ok_or("Choose a ship")?;
        usize::try_from(n).map_err(|_| "The ship is out of range".to_owned())
    };
    Ok(match f.get("action").unwrap_or("") {
        "launch_craft" => {
            let mut squadrons = Vec::new();
            for (craft, _) in f.under("craft") {
                let name = format!("craft.{craft}");
                let what =
                    bfg::craft_by_id(craft).map_or_else(|| "Squadrons".to_owned(), |c| c.name.to_owned());
                let count = whole(f, &name, &what)?.unwrap_or(0);
                squadrons.push(Launch { craft: craft.to_owned(), count });
            }
            Action::LaunchCraft { ship: ship()?, squadrons }
        }
        "launch_torpedoes" => {
            let rolled = whole(f, "rolled", "The D6 rolled")?;
            let split =
                match (whole(f, "split_a", "The first salvo")?, whole(f, "split_b", "The second salvo")?) {
                    (None, None) => None,
                    (Some(a), Some(b)) => Some([a, b]),
                    _ => return Err("To split the salvo, give the strength of both salvoes".into()),
                };
            Action::LaunchTorpedoes { ship: ship()?, rolled, split }
        }
        "reload" => {
            let success = match f.get("result") {
                Some("success") => true,
                Some("failure") => false,
                _ => return Err("Say whether the Reload Ordnance order succeeded".into()),
            };
            Action::Reload { ship: ship()?, success }
        }
        "set_condition" => {
            let condition = match f.get("condition") {
                Some("intact") => Condition::Intact,
                Some("crippled") => Condition::Crippled,
                Some("destroyed") => Condition::Destroyed,
                _ => return Err("Choose intact, crippled or destroyed".into()),
            };
            Action::SetCondition { ship: ship()?, condition }
        }
        "brace" => Action::Brace { ship: ship()?, braced: f.flag("braced") },
        "remove_markers" => {
            let craft = f.get("craft").unwrap_or("").to_owned();
            if craft.is_empty() {
                return Err("Choose the attack craft to remove".into());
            }
            let count =
                whole(f, "count", "The number of markers")?.ok_or("Say how many markers to remove")?;
            let reason = match f.get("reason") {
                Some("destroyed") => Removal::Destroyed,
                Some("returned") => Removal::Returned,
                Some("recalled") => Removal::Recalled,
                _ => return Err("Say why the markers leave play: destroyed, returned or recalled".into()),
            };
            Action::RemoveMarkers { craft, count, reason }
        }
        "next_turn" => Action::NextTurn {},
        other => {
            return Err(format!(
                "There is no order \"{}\" in the battle tracker",
                crate::games::shown(other)
            ));
        }
    })
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
    json!({
        "id": id,
        "started": started,
        "battle": battle.ok(),
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
    let Some(token) = headers.get("x-edit-token").and_then(|v| v.to_str().ok()) else {
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
    let action = Action::from(input::tagged::<Order>(&headers, &body, "action", "order")?);
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

// ----- What the page shows -----

/// The battle as the page shows it. Nothing here judges an order: the engine's status says
/// what each ship can do, the battle what it has done.
pub struct BattleView {
    pub id: String,
    pub title: String,
    pub faction: String,
    /// This browser holds the fleet's edit token: the order forms show.
    pub owner: bool,
    /// Stored; otherwise this is the battle as it would begin.
    pub started: bool,
    pub turn: u32,
    /// Why no orders can be given (a fleet changed since the battle began, a record this
    /// version cannot read), in the engine's words.
    pub problem: Option<String>,
    pub ships: Vec<ShipRow>,
    pub fleet: Option<FleetLine>,
    /// Newest first.
    pub log: Vec<LogEntry>,
    pub log_dropped: u32,
    /// The form whose order was refused, and why.
    pub refused: Option<(String, String)>,
    /// Whether a form on the page has that key (otherwise the refusal shows at the top alone).
    placed: bool,
}

/// One ship as the page shows it.
pub struct ShipRow {
    pub index: usize,
    pub label: String,
    pub condition: &'static str,
    pub braced: bool,
    pub escort: bool,
    pub torpedoes_loaded: bool,
    pub bays_loaded: bool,
    /// Its salvo now, when it has one (and the engine's status is known).
    pub tubes: Option<Tubes>,
    /// Its launch bays, when it has some.
    pub hangar: Option<Hangar>,
    pub never_runs_out: bool,
    /// The status is known and the owner may give it orders.
    pub orders: bool,
}

pub struct Tubes {
    /// The salvo it launches now: "6", "3", "D6+2 halved".
    pub now: String,
    /// "torpedoes" or "missiles".
    pub kind: &'static str,
    /// The strength is rolled: the D6 is asked for.
    pub rolled: bool,
    /// Its full salvo may be split (the engine says whether it may now).
    pub may_split: bool,
}

pub struct Hangar {
    pub bays: u32,
    /// Squadrons it may launch at once now.
    pub capacity: u32,
    pub craft: Vec<CraftRow>,
}

pub struct CraftRow {
    pub id: String,
    pub name: String,
    /// "fighter, 30 cm".
    pub about: String,
    /// Markers of it in play (the fleet's line).
    pub count: u32,
}

/// The fleet's attack craft against its limit now.
pub struct FleetLine {
    pub limit: u32,
    pub in_play: u64,
    pub over: bool,
    pub markers: Vec<CraftRow>,
}

fn craft_row(id: &str, count: u32) -> CraftRow {
    match bfg::craft_by_id(id) {
        Some(c) => {
            let roles: Vec<&str> = c.roles.iter().map(|r| r.name()).collect();
            CraftRow {
                id: id.to_owned(),
                name: c.name.to_owned(),
                about: format!("{}, {} cm", roles.join(" and "), c.speed_cm),
                count,
            }
        }
        None => CraftRow { id: id.to_owned(), name: id.to_owned(), about: String::new(), count },
    }
}

/// The options of a fleet entry ("ships.2", "squadrons.0").
fn options_of<'a>(fleet: &'a Fleet, part: &str) -> &'a [String] {
    let entry = part.split_once('.').and_then(|(list, i)| Some((list, i.parse::<usize>().ok()?)));
    match entry {
        Some(("ships", i)) => fleet.ships.get(i).map_or(&[], |s| &s.options[..]),
        Some(("squadrons", i)) => fleet.squadrons.get(i).map_or(&[], |s| &s.options[..]),
        _ => &[],
    }
}

impl BattleView {
    fn new(
        b: &Build,
        fleet: &Result<Fleet, String>,
        cur: Result<Current, NoBattle>,
        owner: bool,
        refused: Option<(String, String)>,
    ) -> Self {
        let (title, faction) = match fleet {
            Ok(f) => {
                let faction = bfg::faction(&f.faction).map_or("Unknown faction", |x| x.name).to_owned();
                let title = if f.name.trim().is_empty() {
                    format!("Unnamed {faction} fleet")
                } else {
                    f.name.clone()
                };
                (title, faction)
            }
            Err(_) => (b.name.clone(), String::new()),
        };
        let mut v = BattleView {
            id: b.id.clone(),
            title,
            faction,
            owner,
            started: false,
            turn: 1,
            problem: None,
            ships: Vec::new(),
            fleet: None,
            log: Vec::new(),
            log_dropped: 0,
            refused,
            placed: false,
        };
        let cur = match cur {
            Ok(c) => c,
            Err(why) => {
                v.problem = Some(why);
                v.placed = v.refused.as_ref().is_some_and(|(k, _)| k == "new");
                return v;
            }
        };
        let battle = cur.battle;
        v.started = cur.revision.is_some();
        v.turn = battle.turn;
        v.log = battle.log.iter().rev().cloned().collect();
        v.log_dropped = battle.log_dropped;
        let status = match fleet {
            Ok(f) => bfg::status(&battle, f).map_err(|r| r.to_string()),
            Err(why) => Err(why.clone()),
        };
        match status {
            Ok(s) => {
                v.fleet = Some(FleetLine {
                    limit: s.fleet_limit,
                    in_play: s.in_play,
                    over: s.over_limit,
                    markers: battle.markers.iter().map(|(id, n)| craft_row(id, *n)).collect(),
                });
                let f = fleet.as_ref().ok();
                v.ships = battle
                    .ships
                    .iter()
                    .zip(s.ships)
                    .enumerate()
                    .map(|(index, (state, st))| {
                        let profile = bfg::ship(&state.class);
                        let fitting =
                            profile.zip(f).map(|(p, f)| bfg::Fitting::new(p, options_of(f, &state.part)));
                        let salvo = fitting.as_ref().and_then(|x| x.torpedoes);
                        ShipRow {
                            index,
                            label: st.label,
                            condition: st.condition.word(),
                            braced: st.braced,
                            escort: profile.is_some_and(bfg::Ship::is_escort),
                            torpedoes_loaded: st.torpedoes_loaded,
                            bays_loaded: st.bays_loaded,
                            tubes: st.salvo.zip(salvo).map(|(now, salvo)| Tubes {
                                now,
                                kind: if salvo.kind == bfg::SalvoKind::Missiles {
                                    "missiles"
                                } else {
                                    "torpedoes"
                                },
                                rolled: matches!(salvo.strength, bfg::Strength::Rolled { .. }),
                                may_split: salvo.split() != bfg::Split::Never,
                            }),
                            hangar: fitting.as_ref().filter(|x| x.bays > 0).map(|x| Hangar {
                                bays: x.bays,
                                capacity: st.launch_capacity,
                                craft: st.craft.iter().map(|id| craft_row(id, 0)).collect(),
                            }),
                            never_runs_out: profile.is_some_and(|p| p.never_runs_out),
                            orders: owner && st.condition != Condition::Destroyed,
                        }
                    })
                    .collect();
            }
            Err(why) => {
                v.problem = Some(why);
                v.ships = battle
                    .ships
                    .iter()
                    .enumerate()
                    .map(|(index, s)| ShipRow {
                        index,
                        label: s.label.clone(),
                        condition: s.condition.word(),
                        braced: s.braced,
                        escort: false,
                        torpedoes_loaded: s.torpedoes_loaded,
                        bays_loaded: s.bays_loaded,
                        tubes: None,
                        hangar: None,
                        never_runs_out: false,
                        orders: false,
                    })
                    .collect();
            }
        }
        v.placed = v.refused.as_ref().is_some_and(|(key, _)| v.has_form(key));
        v
    }

    /// Whether the page holds the form `key` names, for the owner.
    fn has_form(&self, key: &str) -> bool {
        if !self.owner {
            return false;
        }
        let orders = self.problem.is_none();
        match key {
            "new" => self.started || self.problem.is_some(),
            "next_turn" => orders,
            "remove_markers" => orders && self.fleet.as_ref().is_some_and(|f| !f.markers.is_empty()),
            _ => self.ships.iter().any(|s| {
                (orders && s.key("set_condition") == key)
                    || (s.orders
                        && ["launch_craft", "launch_torpedoes", "reload", "brace"]
                            .iter()
                            .any(|a| s.key(a) == key))
            }),
        }
    }

    /// The refusal to show at the form `key`, if that form's order was refused.
    pub fn refused_at(&self, key: &str) -> Option<&str> {
        self.refused.as_ref().filter(|(k, _)| k == key).map(|(_, m)| m.as_str())
    }

    /// The refusal, and the form it belongs to if the page holds it (for the notice at the top).
    pub fn refusal(&self) -> Option<(&str, Option<String>)> {
        let (key, message) = self.refused.as_ref()?;
        Some((message.as_str(), self.placed.then(|| format!("form-{key}"))))
    }

    pub fn crippled_bays(&self) -> &'static str {
        decision("crippled-bays")
    }

    pub fn decisions(&self) -> Vec<&'static str> {
        SHOWN_DECISIONS.iter().map(|id| decision(id)).collect()
    }

    /// The latest entry of the log.
    pub fn latest(&self) -> Option<&LogEntry> {
        self.log.first()
    }
}

impl ShipRow {
    /// The key of one of its forms: "reload-3".
    pub fn key(&self, action: &str) -> String {
        format!("{action}-{}", self.index)
    }

    /// Whether it has any ordnance at all (so a Reload Ordnance form makes sense).
    pub fn reloads(&self) -> bool {
        !self.never_runs_out && (self.tubes.is_some() || self.hangar.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    /// Every kind of order, so a new one cannot be missed here (the match has no catch-all).
    fn one_of_each() -> Vec<Action> {
        let all = vec![
            Action::LaunchCraft {
                ship: 1,
                squadrons: vec![Launch { craft: "fury-interceptor".into(), count: 2 }],
            },
            Action::LaunchTorpedoes { ship: 2, rolled: Some(4), split: Some([3, 4]) },
            Action::LaunchTorpedoes { ship: 2, rolled: None, split: None },
            Action::Reload { ship: 0, success: false },
            Action::SetCondition { ship: 3, condition: Condition::Crippled },
            Action::Brace { ship: 3, braced: true },
            Action::RemoveMarkers { craft: "starhawk-bomber".into(), count: 1, reason: Removal::Recalled },
            Action::NextTurn {},
        ];
        for a in &all {
            match a {
                Action::LaunchCraft { .. }
                | Action::LaunchTorpedoes { .. }
                | Action::Reload { .. }
                | Action::SetCondition { .. }
                | Action::Brace { .. }
                | Action::RemoveMarkers { .. }
                | Action::NextTurn {} => {}
            }
        }
        all
    }

    #[test]
    fn the_api_reads_every_order_as_the_engine_writes_it() {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        for a in one_of_each() {
            let json = serde_json::to_vec(&a).expect("json");
            let read = input::tagged::<Order>(&h, &json, "action", "order").map(Action::from);
            assert_eq!(read.ok(), Some(a));
        }
    }

    #[test]
    fn the_forms_read_every_order() {
        let read = |pairs: &[(&str, &str)]| {
            read_order(&Fields::from_pairs(pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))))
        };
        let got = [
            read(&[("action", "launch_craft"), ("ship", "1"), ("craft.fury-interceptor", "2")]),
            read(&[
                ("action", "launch_torpedoes"),
                ("ship", "2"),
                ("rolled", "4"),
                ("split_a", "3"),
                ("split_b", "4"),
            ]),
            read(&[
                ("action", "launch_torpedoes"),
                ("ship", "2"),
                ("rolled", ""),
                ("split_a", ""),
                ("split_b", ""),
            ]),
            read(&[("action", "reload"), ("ship", "0"), ("result", "failure")]),
            read(&[("action", "set_condition"), ("ship", "3"), ("condition", "crippled")]),
            read(&[("action", "brace"), ("ship", "3"), ("braced", "on")]),
            read(&[
                ("action", "remove_markers"),
                ("craft", "starhawk-bomber"),
                ("count", "1"),
                ("reason", "recalled"),
            ]),
            read(&[("action", "next_turn")]),
        ];
        assert_eq!(got.to_vec(), one_of_each().into_iter().map(Ok).collect::<Vec<_>>());
        assert_eq!(
            read(&[("action", "launch_torpedoes"), ("ship", "2"), ("split_a", "4")]),
            Err("To split the salvo, give the strength of both salvoes".into())
        );
        assert_eq!(read(&[("action", "reload"), ("result", "success")]), Err("Choose a ship".into()));
    }
}
