//! The Battlefleet Gothic fleet builder: choosing a faction, the builder with live points and
//! ordnance figures, and its JSON API. Saving, share pages, copies, exports and the printable
//! roster come from [`builder`].

pub mod api;
pub mod battle;
mod facts;
pub mod fleet_form;
pub mod import;
pub mod input;
pub mod odds;
pub mod view;

use crate::games::bfg::{self, Fleet};
use crate::games::registry::Game;
use crate::store::builds::{Build, Facets};
use crate::web::flows::builder::{self, Builder, Editing, page};
use crate::web::flows::print::Printed;
use crate::web::flows::share::Saved;
use crate::web::flows::view::Judged;
use crate::web::http::error::AppError;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Router;
use axum::extract::Query;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::json;
use view::FleetView;

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/bfg/new", get(new_fleet))
        .merge(api::router())
        .merge(import::router(writes))
        .merge(battle::router(writes))
        .merge(odds::router())
        .merge(builder::routes::<Bfg>(writes))
}

/// The fleet builder as a [`Builder`].
pub struct Bfg;

impl Builder for Bfg {
    const GAME: &'static Game = &bfg::GAME;
    const ENGINE_VERSION: u32 = bfg::ENGINE_VERSION;
    type Doc = Fleet;
    type View = FleetView;

    crate::builder_parts! {
        judge, doc: fleet, form: fleet_form, text, live: LivePage { slots }, share: ShowPage, print: RosterPage
    }
    fn stand_in(name: &str) -> Fleet {
        Fleet { name: name.to_owned(), ..Fleet::new("") }
    }
    fn editor(v: FleetView, at: Editing, whole: bool) -> Result<String, AppError> {
        let page = BuilderPage { v, at, notes: Vec::new() };
        Ok(if whole { page.render()? } else { page.as_builder().render()? })
    }
    fn judgement(v: &FleetView) -> serde_json::Value {
        json!({
            "legal": v.check.legal,
            "points": v.check.points,
            "limit": v.check.limit,
            "problems": v.check.problems,
            "ordnance": api::ordnance(&v.check),
        })
    }
    /// Its points, its faction, and the classes of its ships and squadrons.
    fn facets(v: &FleetView) -> Facets {
        let c = &v.check;
        Facets {
            cost: None,
            points: Some(i64::from(c.points)),
            tag: c.faction_name.clone(),
            parts: c.ships.iter().chain(&c.squadrons).map(|e| e.class_name.to_string()).collect(),
        }
    }
}

#[derive(Template)]
#[template(path = "bfg/start.html")]
struct StartPage {
    factions: &'static [bfg::Faction],
    /// Why the player is back here: an unknown faction in the address.
    message: Option<String>,
}

#[derive(Template)]
#[template(path = "bfg/builder.html", blocks = ["builder"])]
pub struct BuilderPage {
    pub v: FleetView,
    /// The saved build being edited, if any, and how (its revision, a conflict, ...).
    pub at: Editing,
    /// How an imported roster was read (placements, points that disagree); empty otherwise.
    pub notes: Vec<String>,
}

#[derive(Template)]
#[template(path = "bfg/live.html")]
struct LivePage {
    v: FleetView,
    slots: Vec<crate::web::flows::view::Slot>,
}

#[derive(Template)]
#[template(path = "bfg/show.html")]
struct ShowPage {
    v: FleetView,
    b: Build,
    saved: Saved,
}

#[derive(Template)]
#[template(path = "bfg/roster.html")]
struct RosterPage {
    v: FleetView,
    p: Printed,
}

#[derive(Deserialize)]
struct NewQuery {
    faction: Option<String>,
}

/// `/bfg/new`: the factions to choose from; `?faction=` opens the builder for one.
async fn new_fleet(Query(q): Query<NewQuery>) -> Result<Response, AppError> {
    let factions = bfg::factions();
    let Some(id) = q.faction.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return page(&StartPage { factions, message: None });
    };
    if bfg::faction(id).is_some() {
        return builder::new_editor::<Bfg>(Fleet::new(id));
    }
    // The engine says what is wrong and which factions there are.
    let message = bfg::check(&Fleet::new(id))
        .problems
        .into_iter()
        .find(|p| p.code == crate::games::bfg::Code::UnknownFaction)
        .map(|p| format!("{}.", p.message.trim_end_matches('.')));
    let body = StartPage { factions, message }.render()?;
    Ok((StatusCode::NOT_FOUND, Html(body)).into_response())
}
