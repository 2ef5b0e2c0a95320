//! The Waffle 40K vehicle roster: the builder with live points and rule cards. Saving, share
//! pages, copies, exports and the printable cards come from [`builder`]; the tank shock
//! calculator and the fire-point planner are in [`tools`].

pub mod api;
pub mod form;
pub mod tools;
pub mod view;

use crate::games::Problem;
use crate::games::registry::Game;
use crate::games::waffle::{self, Roster};
use crate::store::builds::Build;
use crate::web::AppState;
use crate::web::builder::{self, Builder, page};
use crate::web::builds::{Saved, file_name, inline};
use crate::web::codec::Refused;
use crate::web::error::AppError;
use crate::web::form::Fields;
use crate::web::rate::WriteLimit;
use askama::Template;
use axum::Router;
use axum::extract::RawQuery;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;
use view::WaffleView;

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/waffle/new", get(new_roster))
        .merge(api::router())
        .merge(tools::router())
        .merge(builder::routes::<Waffle>(writes))
}

/// The roster builder as a [`Builder`].
pub struct Waffle;

impl Builder for Waffle {
    const GAME: &'static Game = &waffle::GAME;
    const ENGINE_VERSION: u32 = waffle::ENGINE_VERSION;
    const FORM: &'static str = "builder";
    type Doc = Roster;
    type View = WaffleView;

    fn judge(r: Roster, form_problems: Vec<Problem>) -> WaffleView {
        WaffleView::new(r, form_problems)
    }
    fn doc(v: &WaffleView) -> &Roster {
        &v.r
    }
    fn name(r: &Roster) -> &str {
        &r.name
    }
    fn rename(r: &mut Roster, name: String) {
        r.name = name;
    }
    fn stand_in(name: &str) -> Roster {
        Roster { name: name.to_owned(), ..Roster::default() }
    }
    fn summary(v: &WaffleView) -> String {
        v.summary()
    }
    fn read(f: &Fields) -> Result<(Roster, Vec<Problem>), Refused> {
        form::read(f)
    }
    fn press(r: &mut Roster, action: &str, f: &Fields) {
        form::press(r, action, f);
    }
    fn editor(v: WaffleView, build_id: Option<String>, whole: bool) -> Result<String, AppError> {
        let page = BuilderPage { v, build_id };
        Ok(if whole { page.render()? } else { page.as_builder().render()? })
    }
    fn live(v: WaffleView) -> Result<String, AppError> {
        Ok(LivePage { v }.render()?)
    }
    fn share(v: WaffleView, b: Build, saved: Saved) -> Result<String, AppError> {
        Ok(ShowPage { v, b, saved }.render()?)
    }
    fn print(v: WaffleView) -> Result<String, AppError> {
        Ok(CardsPage { v }.render()?)
    }
    /// The forum-post text, shown in the browser and saved under the roster's name.
    fn text(v: &WaffleView) -> Response {
        inline(v.text(), "text/plain; charset=utf-8", &file_name(&v.r.name, "txt", Self::GAME.word))
    }
    fn judgement(v: &WaffleView) -> serde_json::Value {
        let c = &v.check;
        json!({ "legal": c.legal, "points": c.points, "problems": c.problems, "vehicles": c.vehicles })
    }
}

/// The builder, new or for a saved roster its owner is changing.
#[derive(Template)]
#[template(path = "waffle/builder.html", blocks = ["builder"])]
pub struct BuilderPage {
    pub v: WaffleView,
    pub build_id: Option<String>,
}

#[derive(Template)]
#[template(path = "waffle/live.html")]
struct LivePage {
    v: WaffleView,
}

#[derive(Template)]
#[template(path = "waffle/show.html")]
struct ShowPage {
    v: WaffleView,
    b: Build,
    saved: Saved,
}

#[derive(Template)]
#[template(path = "waffle/cards.html")]
struct CardsPage {
    v: WaffleView,
}

/// `/waffle/new`: an empty roster, or `?from=example` the example one.
async fn new_roster(RawQuery(q): RawQuery) -> Result<Response, AppError> {
    let from_example = Fields::parse(q.as_deref().unwrap_or("").as_bytes()).get("from") == Some("example");
    let r = if from_example {
        serde_json::from_str(waffle::GAME.example).unwrap_or_default()
    } else {
        Roster::default()
    };
    page(&BuilderPage { v: WaffleView::new(r, Vec::new()), build_id: None })
}
