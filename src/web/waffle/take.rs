//! "Take a vehicle from another roster": rather than typing a vehicle's armour, weapons and points
//! again, the player picks it from one of their own rosters (those this browser holds an edit
//! token for, as "My builds" lists them) or from the published example, and it is added to the
//! roster being edited. Plain form posts, so it works without JavaScript: the builder's button
//! posts the whole form here; the page lists the vehicles, carrying the form along in hidden
//! fields; a vehicle's button posts it all back with `pick`, and the builder comes back with the
//! vehicle added. Nothing is saved until the player saves.

use super::Waffle;
use super::view::WaffleView;
use crate::games::waffle::{self, Roster, Vehicle, vehicle_types};
use crate::store::builds::{Build, format_time, looks_like_id};
use crate::web::flows::builder::{self, Builder, page, within_bounds};
use crate::web::flows::owners;
use crate::web::flows::saved::document_from_saved;
use crate::web::http::error::AppError;
use crate::web::http::extract::{EditToken, PostedForm};
use crate::web::http::state::AppState;
use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::post;

/// The most of the player's own rosters the page lists (the most recently changed): a page of
/// bounded size whatever the browser holds.
pub const MAX_ROSTERS: usize = 12;

pub fn router() -> Router<AppState> {
    Router::new().route("/waffle/take", post(take))
}

/// A roster the player may take a vehicle from.
pub struct Source {
    /// "Iron Column".
    pub name: String,
    /// Where it comes from: "Your roster, changed …" or "Published example".
    pub from: String,
    /// The `pick` of its vehicles: its build's id, or "example".
    pub key: String,
    pub vehicles: Vec<Offer>,
}

/// One vehicle offered, in a line.
pub struct Offer {
    /// The `pick` value that takes it: "{key}.{index}".
    pub pick: String,
    pub name: String,
    /// "Tank, Transport · armour 11 / 11 / 10 · BS 4 · 1 weapon · 40 pts".
    pub line: String,
}

#[derive(Template)]
#[template(path = "waffle/take.html")]
struct TakePage {
    /// The roster being edited, as its form holds it, to carry back.
    fields: Vec<(String, String)>,
    title: String,
    sources: Vec<Source>,
    /// Rosters of the player's not listed (past [`MAX_ROSTERS`]).
    more: usize,
    /// Said when a pick could not be found (a roster since deleted).
    notice: Option<&'static str>,
}

fn offers(key: &str, r: &Roster) -> Vec<Offer> {
    r.vehicles
        .iter()
        .enumerate()
        .map(|(k, v)| {
            let types: Vec<&str> = vehicle_types(v).iter().map(waffle::VehicleType::name).collect();
            let types = if types.is_empty() { "A plain vehicle".to_owned() } else { types.join(", ") };
            let weapons = match v.weapons.len() {
                1 => "1 weapon".to_owned(),
                n => format!("{n} weapons"),
            };
            Offer {
                pick: format!("{key}.{k}"),
                name: if v.name.trim().is_empty() { format!("Vehicle {}", k + 1) } else { v.name.clone() },
                line: format!(
                    "{types} · armour {} / {} / {} · BS {} · {weapons} · {} pts",
                    v.armour.front, v.armour.side, v.armour.rear, v.bs, v.points
                ),
            }
        })
        .collect()
}

/// The player's rosters (this browser's, most recently changed first, at most
/// [`MAX_ROSTERS`]) and the published example, with how many of the player's were left out.
async fn sources(state: &AppState, token: &EditToken) -> Result<(Vec<(Source, Roster)>, usize), AppError> {
    let mine: Vec<Build> =
        owners::owned(state, token).await?.into_iter().filter(|b| b.kind == waffle::GAME.id).collect();
    let more = mine.len().saturating_sub(MAX_ROSTERS);
    let mut out = Vec::new();
    for b in mine.into_iter().take(MAX_ROSTERS) {
        let (r, _) = document_from_saved::<Roster>(&b, Roster::default);
        let name = if r.name.trim().is_empty() { "Unnamed roster".to_owned() } else { r.name.clone() };
        let from = format!("Your roster, changed {}", format_time(b.updated_at));
        out.push((Source { name, from, vehicles: offers(&b.id, &r), key: b.id }, r));
    }
    let example: Roster = serde_json::from_str(waffle::GAME.example).unwrap_or_default();
    out.push((
        Source {
            name: example.name.clone(),
            from: "Published example".into(),
            key: "example".into(),
            vehicles: offers("example", &example),
        },
        example,
    ));
    Ok((out, more))
}

/// The vehicle `pick` ("{key}.{index}") names among the sources.
fn picked(sources: &[(Source, Roster)], pick: &str) -> Option<Vehicle> {
    let (key, k) = pick.rsplit_once('.')?;
    let k: usize = k.parse().ok()?;
    if key != "example" && !looks_like_id(key) {
        return None;
    }
    sources.iter().find(|(s, _)| s.key == key).and_then(|(_, r)| r.vehicles.get(k).cloned())
}

/// `POST /waffle/take`: the roster form, and a `pick` or not. With a pick the builder comes back
/// (a whole page) with the vehicle added at the end; without, the list to pick from.
async fn take(
    State(state): State<AppState>,
    token: EditToken,
    form: PostedForm,
) -> Result<Response, AppError> {
    let f = form.fields();
    let (mut r, problems) = builder::read_form::<Waffle>(&f)?;
    let (sources, more) = sources(&state, &token).await?;
    let mut notice = None;
    if let Some(pick) = f.get("pick") {
        match picked(&sources, pick) {
            Some(v) => {
                r.vehicles.push(v);
                let (r, problems) = within_bounds((r, problems))?;
                let at = builder::Editing::from_form(&f, Waffle::GAME);
                return Ok(Html(Waffle::editor(WaffleView::new(r, problems), at, true)?).into_response());
            }
            None => {
                notice = Some(
                    "That vehicle is no longer there (its roster was changed or deleted): choose another.",
                )
            }
        }
    }
    let fields = f
        .iter()
        .filter(|(k, _)| !matches!(*k, "action" | "pick"))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let title = if r.name.trim().is_empty() { "your roster".to_owned() } else { r.name.clone() };
    page(&TakePage { fields, title, sources: sources.into_iter().map(|(s, _)| s).collect(), more, notice })
}
