//! The Waffle 40K vehicle roster: the builder with live points and rule cards. Saving, share
//! pages, copies, exports and the printable cards come from [`builder`]; the tank shock
//! calculator and the fire-point planner are in [`tools`].

pub mod api;
mod facts;
pub mod roster_form;
pub mod take;
pub mod tools;
pub mod view;

use crate::games::registry::Game;
use crate::games::waffle::{self, Roster};
use crate::store::builds::{Build, Facets};
use crate::web::flows::builder::{self, Builder, Editing};
use crate::web::flows::print::Printed;
use crate::web::flows::share::Saved;
use crate::web::flows::view::Judged;
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
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
        .merge(take::router())
        .merge(builder::routes::<Waffle>(writes))
}

/// The roster builder as a [`Builder`].
pub struct Waffle;

impl Builder for Waffle {
    const GAME: &'static Game = &waffle::GAME;
    const ENGINE_VERSION: u32 = waffle::ENGINE_VERSION;
    type Doc = Roster;
    type View = WaffleView;

    crate::builder_parts! {
        judge, doc: r, form: roster_form, text,
        editor: BuilderPage.as_builder, live: LivePage, share: ShowPage, print: CardsPage
    }
    fn stand_in(name: &str) -> Roster {
        Roster { name: name.to_owned(), ..Roster::default() }
    }
    fn judgement(v: &WaffleView) -> serde_json::Value {
        let c = &v.check;
        json!({ "legal": c.legal, "points": c.points, "problems": c.problems, "vehicles": c.vehicles })
    }
    /// Its points, and what its vehicles are (their types) and carry (their weapons).
    fn facets(v: &WaffleView) -> Facets {
        let types = v.check.vehicles.iter().flat_map(|c| c.types.iter().map(|t| t.name().to_owned()));
        let weapons = v.r.vehicles.iter().flat_map(|veh| veh.weapons.iter().map(|w| w.name.clone()));
        Facets {
            cost: None,
            points: Some(i64::from(v.check.points)),
            tag: None,
            parts: types.chain(weapons).collect(),
        }
    }
}

/// The builder, new or for a saved roster its owner is changing.
#[derive(Template)]
#[template(path = "waffle/builder.html", blocks = ["builder"])]
pub struct BuilderPage {
    pub v: WaffleView,
    /// The saved build being edited, if any, and how (its revision, a conflict, ...).
    pub at: Editing,
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
    p: Printed,
}

/// `/waffle/new`: an empty roster, or `?from=example` the example one.
async fn new_roster(RawQuery(q): RawQuery) -> Result<Response, AppError> {
    let from_example = Fields::parse(q.as_deref().unwrap_or("").as_bytes()).get("from") == Some("example");
    let r = if from_example {
        serde_json::from_str(waffle::GAME.example).unwrap_or_default()
    } else {
        Roster::default()
    };
    builder::new_editor::<Waffle>(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::waffle::{Armour, Vehicle, VehicleType, Weapon};
    use proptest::prelude::*;

    /// What a browser posts from a rendered form: every input's name and value (a checkbox only
    /// when ticked), unescaped. Selects and buttons hold nothing of the roster.
    fn posted(html: &str) -> Vec<(String, String)> {
        let attr = |tag: &str, name: &str| -> Option<String> {
            let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(unescaped(&tag[at..at + tag[at..].find('"')?]))
        };
        html.split("<input ")
            .skip(1)
            .filter_map(|rest| {
                let tag = format!(" {}", &rest[..rest.find('>')?]);
                let unticked = attr(&tag, "type").as_deref() == Some("checkbox") && !tag.contains(" checked");
                if unticked {
                    None
                } else {
                    Some((attr(&tag, "name")?, attr(&tag, "value").unwrap_or_default()))
                }
            })
            .collect()
    }

    /// HTML text as the browser reads it: numeric and the four named entities.
    fn unescaped(s: &str) -> String {
        let mut out = String::new();
        let mut rest = s;
        while let Some(at) = rest.find('&') {
            out.push_str(&rest[..at]);
            let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
            let entity = &rest[at + 1..end];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                e => e.strip_prefix('#').and_then(|n| n.parse().ok()).and_then(char::from_u32),
            };
            out.push(c.unwrap_or('\u{fffd}'));
            rest = rest.get(end + 1..).unwrap_or("");
        }
        out + rest
    }

    fn any_vehicle() -> impl Strategy<Value = Vehicle> {
        let weapon = (
            ".{0,8}",
            0u16..=999,
            prop::option::of(0u8..=12),
            prop::option::of(0u8..=8),
            "[A-Za-z ,0-9]{0,12}",
        )
            .prop_map(|(name, range, strength, ap, kind)| Weapon {
                name: crate::games::bounds::one_line(&name),
                range,
                strength,
                ap,
                kind: crate::games::bounds::one_line(&kind),
            });
        (
            (
                ".{0,10}",
                prop::collection::vec(any::<bool>(), 7),
                prop::sample::select(vec!["", "tanq", "Boat"]),
            ),
            (any::<u8>(), 10u8..=14, 10u8..=14, 0u8..=12),
            (prop::collection::vec(weapon, 0..3), 0u16..=12, 0u16..=12, 0u16..=999),
        )
            .prop_map(
                |((name, ticked, odd), (front, side, rear, bs), (weapons, fire_points, capacity, points))| {
                    // Known types in the order the page lists them, then one we do not know.
                    let mut types: Vec<String> = VehicleType::ALL
                        .iter()
                        .zip(ticked)
                        .filter(|(_, on)| *on)
                        .map(|(t, _)| t.id().to_owned())
                        .collect();
                    if !odd.is_empty() {
                        types.push(odd.to_owned());
                    }
                    Vehicle {
                        name: crate::games::bounds::one_line(&name),
                        types,
                        armour: Armour { front, side, rear },
                        bs,
                        weapons,
                        fire_points,
                        capacity,
                        points,
                    }
                },
            )
    }

    fn any_roster() -> impl Strategy<Value = Roster> {
        (".{0,12}", prop::option::of(1u32..=100_000), prop::collection::vec(any_vehicle(), 0..4)).prop_map(
            |(name, points_limit, vehicles)| Roster {
                name: crate::games::bounds::one_line(&name),
                points_limit,
                vehicles,
                ..Roster::default()
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The editor as drawn posts back the roster it shows, and every page of it renders.
        #[test]
        fn any_roster_survives_its_own_form_and_renders_every_page(r in any_roster()) {
            let page = BuilderPage { v: WaffleView::new(r.clone(), Vec::new()), at: Editing::default() };
            let html = page.render().map_err(|e| TestCaseError::fail(e.to_string()))?;
            let form = page.as_builder().render().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(html.contains(&form));
            let (back, problems) = roster_form::read(&Fields::from_pairs(posted(&form))).map_err(|e| TestCaseError::fail(e.message))?;
            prop_assert!(problems.is_empty(), "{problems:?}");
            prop_assert_eq!(&back, &r);

            let live = LivePage { v: WaffleView::new(r.clone(), Vec::new()) }.render().map_err(|e| TestCaseError::fail(e.to_string()))?;
            let points = format!("<dd id=\"fig-points\">{}</dd>", waffle::check(&r).points);
            prop_assert!(live.contains(&points));
            prop_assert_eq!(live.matches("class=\"card-summary\"").count(), r.vehicles.len());
            let cards = CardsPage { v: WaffleView::new(r, Vec::new()), p: Printed::from_form(None) }.render();
            prop_assert!(cards.is_ok());
        }
    }
}
