//! The Epic 40,000 waterway detachment builder: choosing a list, the builder with live points,
//! limits and chain of command, and a reference of every profile and list. Saving, share pages,
//! copies, exports and the printable roster come from [`builder`].

pub mod api;
pub mod detachment_form;
mod facts;
pub mod view;

use crate::games::epic::{self, Detachment, GeneralRule, SpecialRule};
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
use view::{EpicView, ListInfo, VesselView};

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/epic/new", get(new_detachment))
        .route("/epic/vessels", get(reference))
        .merge(api::router())
        .merge(builder::routes::<Epic>(writes))
}

/// The detachment builder as a [`Builder`]: saving, sharing, copying and exporting come from
/// there.
pub struct Epic;

impl Builder for Epic {
    const GAME: &'static Game = &crate::games::epic::GAME;
    const ENGINE_VERSION: u32 = epic::ENGINE_VERSION;
    type Doc = Detachment;
    type View = EpicView;

    crate::builder_parts! {
        judge, doc: d, form: detachment_form, text,
        editor: BuilderPage.as_builder, live: LivePage { slots }, share: ShowPage, print: RosterPage
    }
    fn stand_in(name: &str) -> Detachment {
        Detachment { name: name.to_owned(), ..Detachment::new("") }
    }
    fn judgement(v: &EpicView) -> serde_json::Value {
        json!({
            "legal": v.check.legal,
            "points": v.check.points,
            "points_limit": v.check.points_limit,
            "problems": v.check.problems,
            "chain_of_command": v.check.chain_of_command,
        })
    }
    /// Its points, its list, and the vessels chosen.
    fn facets(v: &EpicView) -> Facets {
        Facets {
            cost: None,
            points: Some(i64::from(v.check.points)),
            tag: v.check.list_name.map(str::to_owned),
            parts: v.check.choices.iter().map(|c| c.vessel.to_string()).collect(),
        }
    }
}

#[derive(Template)]
#[template(path = "epic/start.html")]
struct StartPage {
    lists: Vec<ListInfo>,
    /// Why the player is back here: an unknown list in the address.
    message: Option<String>,
}

/// The builder as the player sees it: new, or editing a saved detachment they own.
#[derive(Template)]
#[template(path = "epic/builder.html", blocks = ["builder"])]
pub struct BuilderPage {
    pub v: EpicView,
    /// The saved build being edited, if any, and how (its revision, a conflict, ...).
    pub at: Editing,
}

#[derive(Template)]
#[template(path = "epic/live.html")]
struct LivePage {
    v: EpicView,
    slots: Vec<crate::web::flows::view::Slot>,
}

#[derive(Template)]
#[template(path = "epic/show.html")]
struct ShowPage {
    v: EpicView,
    b: Build,
    saved: Saved,
}

#[derive(Template)]
#[template(path = "epic/roster.html")]
struct RosterPage {
    v: EpicView,
    p: Printed,
}

#[derive(Deserialize)]
struct NewQuery {
    list: Option<String>,
}

/// `/epic/new`: the five lists to choose from; `?list=` opens the builder for one.
async fn new_detachment(Query(q): Query<NewQuery>) -> Result<Response, AppError> {
    let lists = view::all_lists();
    let Some(id) = q.list.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return page(&StartPage { lists, message: None });
    };
    if epic::list(id).is_some() {
        return builder::new_editor::<Epic>(Detachment::new(id));
    }
    // The engine says what is wrong and which lists there are.
    let message = epic::check(&Detachment::new(id))
        .tally
        .problems
        .into_iter()
        .find(|p| p.code == crate::games::Shared::UnknownList)
        .map(|p| format!("{}.", p.message));
    let body = StartPage { lists, message }.render()?;
    Ok((StatusCode::NOT_FOUND, Html(body)).into_response())
}

#[derive(Template)]
#[template(path = "epic/vessels.html")]
struct ReferencePage {
    /// Each list with the profiles of its race.
    races: Vec<(ListInfo, Vec<VesselView>)>,
    rules: &'static [SpecialRule],
    general: &'static [GeneralRule],
}

/// Every profile, special rule and list, for reading before building.
async fn reference() -> Result<Response, AppError> {
    let vessels = view::all_vessels();
    let races = view::all_lists()
        .into_iter()
        .map(|l| {
            let of_race = vessels.iter().filter(|v| v.race == l.race).cloned().collect();
            (l, of_race)
        })
        .collect();
    page(&ReferencePage { races, rules: epic::special_rules(), general: epic::general_rules() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epic::Choice;
    use crate::web::http::fields::Fields;
    use proptest::prelude::*;

    fn any_detachment() -> impl Strategy<Value = Detachment> {
        let mut lists: Vec<&'static str> = epic::lists().iter().map(|l| l.id).collect();
        lists.extend(["", "imperial", "<b>"]);
        let mut entries: Vec<&'static str> = epic::vessels().iter().map(|v| v.id).collect();
        entries.extend(["", "wraithship"]);
        let choice = (
            prop::sample::select(vec!["main", "support", "synapse", "command", "", "x"]),
            prop::sample::select(entries),
            prop_oneof![0u32..4, 0u32..=u32::from(crate::games::bounds::MAX_COUNT)],
            any::<bool>(),
        )
            .prop_map(|(s, e, count, hq)| Choice { section: s.into(), entry: e.into(), count, hq });
        (prop::sample::select(lists), prop::collection::vec(choice, 0..12), ".{0,12}").prop_map(
            |(list, choices, name)| Detachment {
                name: crate::games::bounds::one_line(&name),
                choices,
                ..Detachment::new(list)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_detachment_survives_the_form_and_renders_every_page(d in any_detachment()) {
            let fields = detachment_form::fields_of(&d);
            let (back, problems) = detachment_form::read(&Fields::from_pairs(fields)).map_err(|r| TestCaseError::fail(r.message))?;
            prop_assert!(problems.is_empty());
            prop_assert_eq!(&back, &d);

            let page = BuilderPage { v: EpicView::new(d.clone(), Vec::new()), at: Editing::default() };
            let html = page.render();
            prop_assert!(html.is_ok());
            prop_assert!(page.as_builder().render().is_ok());
            let live = LivePage { slots: page.v.verdict.slots(), v: EpicView::new(d.clone(), Vec::new()) };
            let live = live.render().map_err(|e| TestCaseError::fail(e.to_string()))?;
            let points = format!("<dd id=\"fig-points\">{}</dd>", epic::check(&d).points);
            prop_assert!(live.contains(&points));
            let roster = RosterPage { v: EpicView::new(d, Vec::new()), p: Printed::from_form(None) };
            prop_assert!(roster.render().is_ok());
        }
    }
}
