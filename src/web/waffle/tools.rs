//! The tools beside the roster: the tank shock calculator (a page and its JSON) and the
//! fire-point planner. Both pages are GET forms, so they work without script and their addresses
//! can be shared; htmx swaps their answers in place.

use super::roster_form;
use super::view::{Planner, ShockView};
use crate::games::Problem;
use crate::games::bounds::Document;
use crate::games::waffle::{self, Code, Speed, TankShock, Vehicle};
use crate::web::flows::builder::page;
use crate::web::flows::view::{ProblemView, Verdict, as_is};
use crate::web::http::codec;
use crate::web::http::error::{ApiJson, AppError};
use crate::web::http::fields::Fields;
use crate::web::http::json::{self, Refusal};
use crate::web::http::judging::judged;
use crate::web::http::state::AppState;
use askama::Template;
use axum::extract::RawQuery;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Map, Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/waffle/tank-shock", get(judged(tank_shock_page)))
        .route("/waffle/fire-points", get(judged(fire_points)))
        .route("/api/waffle/tank-shock", post(judged(tank_shock)))
}

/// The tank shock page's inputs: name (the engine's field), the player's words, default.
const SHOCK: [(&str, &str, &str); 8] = [
    ("mode", "Slam or Grind", "slam"),
    ("distance", "Distance to the unit (inches)", "12"),
    ("combat_speed", "The tank's combat speed (inches)", "6"),
    ("leadership", "Leadership", "7"),
    ("initiative", "Initiative", "3"),
    ("toughness", "Toughness", "3"),
    ("save", "Armour save", "4"),
    ("models", "Models in the unit", "10"),
];

/// One input of the tank shock page, as typed.
pub struct ShockInput {
    pub name: &'static str,
    pub label: &'static str,
    pub value: String,
}

/// The tank shock page's inputs (one left out takes its default) and the tank shock they make.
/// They are read as the API reads its JSON, so both refuse the same inputs in the same words;
/// each is also read alone among the defaults, so every wrong one gets a problem at its field.
pub fn read_shock(f: &Fields) -> (Vec<ShockInput>, Result<TankShock, Vec<Problem>>) {
    let inputs: Vec<ShockInput> = SHOCK
        .iter()
        .map(|&(name, label, default)| ShockInput {
            name,
            label,
            value: f.get(name).unwrap_or(default).trim().to_owned(),
        })
        .collect();
    let json = |raw: &str| match raw {
        "none" => Value::Null,
        raw => raw.parse::<i64>().map_or_else(|_| json!(raw), Value::from),
    };
    let read = |only: Option<&str>| {
        let doc: Map<String, Value> = SHOCK
            .iter()
            .zip(&inputs)
            .map(|(&(name, _, default), i)| {
                (name.to_owned(), json(if only.is_none_or(|o| o == name) { &i.value } else { default }))
            })
            .collect();
        json::from_slice::<TankShock>(Value::Object(doc).to_string().as_bytes())
    };
    let problems: Vec<Problem> = inputs
        .iter()
        .filter_map(|i| {
            let Err(Refusal::Misfit(why) | Refusal::NotJson(why)) = read(Some(i.name)) else { return None };
            let why = why.strip_prefix(i.name).unwrap_or(&why);
            Some(Problem::error(
                Code::ShockInputOutOfRange,
                Some(i.name.to_owned()),
                format!("{}{why}", i.label),
            ))
        })
        .collect();
    let read = if problems.is_empty() { read(None).map_err(|_| problems) } else { Err(problems) };
    (inputs, read)
}

#[derive(Template)]
#[template(path = "waffle/tank_shock.html")]
struct ShockPage {
    inputs: Vec<ShockInput>,
    /// Problems with the inputs, each shown at its field.
    verdict: Verdict,
    result: Option<ShockView>,
}

impl ShockPage {
    /// What was typed in an input.
    fn typed(&self, name: &str) -> &str {
        self.inputs.iter().find(|i| i.name == name).map_or("", |i| i.value.as_str())
    }
}

/// `/waffle/tank-shock`: the figures, or the problems at their inputs.
async fn tank_shock_page(RawQuery(q): RawQuery) -> Result<Response, AppError> {
    let (inputs, read) = read_shock(&Fields::parse(q.as_deref().unwrap_or("").as_bytes()));
    let (result, problems) = match read.and_then(|t| waffle::tank_shock(&t).map_err(|r| r.problems)) {
        Ok(o) => (Some(ShockView::new(&o)), Vec::new()),
        Err(problems) => (None, problems),
    };
    let slots = || inputs.iter().map(|i| i.name.to_owned()).collect();
    page(&ShockPage { verdict: Verdict::new(Vec::new(), &problems, slots, as_is), inputs, result })
}

/// A tank shock is read as strictly as a document, through [`ApiJson`]: its numbers are bounded as
/// they are read, so it holds no entries or names to bound afterwards.
impl Document for TankShock {
    const NOUN: &'static str = "tank shock";
    const ENTRIES: &'static str = "inputs";
    fn entries(&self) -> usize {
        0
    }
    fn names(&self) -> Vec<&str> {
        Vec::new()
    }
}

/// Out-of-range inputs are refused as they are read (422 naming the field and its range); one
/// the engine refuses (a distance under the combat speed) is 422 with its problems, each at its
/// field.
async fn tank_shock(ApiJson(t): ApiJson<TankShock>) -> Response {
    match waffle::tank_shock(&t) {
        Ok(o) => Json(json!({
            "input": t,
            "result": ShockView::new(&o),
            "decisions": waffle::DECISIONS,
            "engine_version": waffle::ENGINE_VERSION,
        }))
        .into_response(),
        Err(refused) => {
            let answer = json!({ "error": refused.to_string(), "status": 422, "problems": refused.problems });
            (StatusCode::UNPROCESSABLE_ENTITY, Json(answer)).into_response()
        }
    }
}

/// The fire-point planner's inputs: the vehicle (through the codec, as the roster form names its
/// fields: "fire_points", "types.0"), this turn's speed (default combat speed) and smoke.
pub fn read_planner(f: &Fields) -> Result<(Vehicle, Speed, bool, Vec<Problem>), codec::Refused> {
    let (v, problems) = codec::decode::<Vehicle>(f, roster_form::label)?;
    let speed = f.get("speed").and_then(|s| Speed::ALL.into_iter().find(|x| x.id() == s));
    Ok((v, speed.unwrap_or(Speed::Combat), f.flag("smoke"), problems))
}

#[derive(Template)]
#[template(path = "waffle/fire_points.html")]
struct PlannerPage {
    p: Planner,
    problems: Vec<ProblemView>,
}

/// `/waffle/fire-points`: what the models inside a vehicle may do this turn (a GET form).
async fn fire_points(RawQuery(q): RawQuery) -> Result<Response, AppError> {
    let f = Fields::parse(q.as_deref().unwrap_or("").as_bytes());
    let (v, speed, smoke, problems) = read_planner(&f)?;
    page(&PlannerPage {
        p: Planner::new(v, speed, smoke),
        problems: problems.iter().map(ProblemView::new).collect(),
    })
}
