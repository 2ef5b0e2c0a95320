//! The Samurai Battles naval scenario builder: a map drawn on the server (paint land, place
//! units, set the wind), each unit's options at sea, the orders of battle, a printable scenario
//! sheet. Saving, share pages, copies and exports come from [`builder`]; a saved scenario's
//! map with a hex chosen is its own page (`/samurai/{id}/map?hex=D5`).

pub mod api;
pub mod brief;
mod facts;
pub mod legend;
pub mod map;
pub mod orders;
pub mod scenario_form;
pub mod threat;
pub mod view;

use crate::games::Problem;
use crate::games::registry::Game;
use crate::games::samurai::{self, Hex, Scenario};
use crate::store::builds::Build;
use crate::web::flows::builder::{self, Builder, Editing, page};
use crate::web::flows::print::Printed;
use crate::web::flows::saved::load;
use crate::web::flows::share::Saved;
use crate::web::flows::view::Judged;
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;
use view::{Choices, SamuraiView};

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/samurai/new", get(new_scenario))
        .route("/samurai/{id}/map", get(map_page))
        .merge(api::router())
        .merge(builder::routes::<Samurai>(writes))
}

/// The scenario builder as a [`Builder`].
pub struct Samurai;

impl Builder for Samurai {
    const GAME: &'static Game = &samurai::GAME;
    const ENGINE_VERSION: u32 = samurai::ENGINE_VERSION;
    const FORM: &'static str = "editor";
    type Doc = Scenario;
    type View = SamuraiView;

    fn judge(s: Scenario, form_problems: Vec<Problem>) -> SamuraiView {
        SamuraiView::new(s, form_problems, Choices::default())
    }
    fn judge_posted(s: Scenario, form_problems: Vec<Problem>, f: &Fields, live: bool) -> SamuraiView {
        let c = Choices::posted(&s, f);
        if live { SamuraiView::live(s, form_problems, c) } else { SamuraiView::new(s, form_problems, c) }
    }
    crate::builder_parts! { doc: s, form: scenario_form, text, editor: EditorPage.as_editor, live: LivePage }
    fn stand_in(name: &str) -> Scenario {
        Scenario { name: name.to_owned(), ..Scenario::default() }
    }
    fn share(v: SamuraiView, b: Build, saved: Saved) -> Result<String, AppError> {
        Ok(ShowPage { map: v.linked_map(format!("/samurai/{}/map", b.id)), v, b, saved }.render()?)
    }
    fn print(v: SamuraiView, p: Printed) -> Result<String, AppError> {
        Ok(SheetPage { map: v.printed_map(), v, p }.render()?)
    }
    fn judgement(v: &SamuraiView) -> serde_json::Value {
        let j = &v.j;
        json!({ "legal": j.legal, "problems": j.problems, "units": j.units, "leaders": j.leaders })
    }
}

/// The editor, new or for a saved scenario its owner is changing.
#[derive(Template)]
#[template(path = "samurai/editor.html", blocks = ["editor"])]
pub struct EditorPage {
    pub v: SamuraiView,
    /// The saved build being edited, if any, and how (its revision, a conflict, ...).
    pub at: Editing,
}

#[derive(Template)]
#[template(path = "samurai/live.html")]
struct LivePage {
    v: SamuraiView,
}

#[derive(Template)]
#[template(path = "samurai/show.html")]
struct ShowPage {
    v: SamuraiView,
    map: map::MapView,
    b: Build,
    saved: Saved,
}

#[derive(Template)]
#[template(path = "samurai/sheet.html")]
struct SheetPage {
    v: SamuraiView,
    map: map::MapView,
    p: Printed,
}

/// A saved scenario's map with the unit on one hex chosen, and that unit's options.
#[derive(Template)]
#[template(path = "samurai/map_page.html")]
struct MapPage {
    v: SamuraiView,
    map: map::MapView,
    b: Build,
    hex: Option<String>,
    /// Why the `threat` asked for was not shown, if it was not one.
    notice: Option<String>,
}

/// `/samurai/new`: an empty 13 by 9 sea, or `?from=example` the example scenario.
async fn new_scenario(RawQuery(q): RawQuery) -> Result<Response, AppError> {
    let from_example = Fields::parse(q.as_deref().unwrap_or("").as_bytes()).get("from") == Some("example");
    let s = if from_example {
        serde_json::from_str(samurai::GAME.example).unwrap_or_default()
    } else {
        Scenario::default()
    };
    builder::new_editor::<Samurai>(s)
}

/// `/samurai/{id}/map?hex=D5&zoom=1&threat=a`: the saved scenario's map with the unit on D5
/// chosen (a hex that is not on the board, or holds no unit, chooses nothing and says so),
/// zoomed in with `zoom` (a phone's bigger hexes; its hexes' links keep it), showing side A's
/// threat map with `threat` (a value that is no side is a 400 page saying so, the map drawn
/// without one).
async fn map_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<Response, AppError> {
    let b = load(&state, &id, &samurai::GAME).await?;
    let mut v = builder::from_saved::<Samurai>(&b);
    let query = Fields::parse(q.as_deref().unwrap_or("").as_bytes());
    let wanted = query.get("hex").map(str::to_owned);
    let hex = wanted.as_deref().and_then(Hex::parse);
    if let Some(h) = hex {
        let s = v.s.clone();
        v.c.choose(&s, h);
    }
    v.c.zoom = query.get("zoom").is_some_and(|z| !matches!(z, "" | "0" | "off"));
    let notice = match threat::parse(query.get("threat").unwrap_or("")) {
        Ok(side) => {
            v.c.threat = side;
            None
        }
        Err(why) => Some(why),
    };
    let map = v.linked_map(format!("/samurai/{}/map", b.id));
    let refused = notice.is_some();
    let res = page(&MapPage {
        hex: wanted.map(|w| crate::games::bounds::one_line(&w).chars().take(8).collect()),
        v,
        map,
        b,
        notice,
    })?;
    Ok(if refused { (StatusCode::BAD_REQUEST, res).into_response() } else { res })
}
