//! The ordnance odds calculator: its page (`/bfg/odds`, a GET form, so it works without
//! JavaScript and its address can be shared) and its JSON API (`POST /api/bfg/odds`). The engine
//! ([`bfg::odds`]) works out the exact odds; this module reads the inputs, shows the engine's
//! refusal of one out of range, and draws the answer as tables and bar charts (SVG made here,
//! readable without colour).

use crate::games::bfg::{
    self, AssaultWave, BomberWave, Interception, Odds, OddsAnswer, OddsError, OddsRequest, TorpedoAttack,
};
use crate::web::flows::chart::Chart;
use crate::web::flows::view::percent;
use crate::web::http::error::{ApiError, AppError};
use crate::web::http::fields::Fields;
use crate::web::http::judging::judged;
use crate::web::http::state::AppState;
use askama::Template;
use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::input::{self, whole};

pub fn router() -> Router<AppState> {
    Router::new().route("/bfg/odds", get(judged(page))).route("/api/bfg/odds", post(judged(api_odds)))
}

/// A question as the API reads it: an [`OddsRequest`], its kind written outside
/// (`{"torpedoes": {...}}`), so that a field at fault is named (see [`input::tagged`]).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Question {
    Torpedoes(TorpedoAttack),
    Bombers(BomberWave),
    AssaultBoats(AssaultWave),
    Interception(Interception),
}

impl From<Question> for OddsRequest {
    fn from(q: Question) -> OddsRequest {
        match q {
            Question::Torpedoes(a) => OddsRequest::Torpedoes(a),
            Question::Bombers(w) => OddsRequest::Bombers(w),
            Question::AssaultBoats(w) => OddsRequest::AssaultBoats(w),
            Question::Interception(i) => OddsRequest::Interception(i),
        }
    }
}

/// JSON API: an [`OddsRequest`] in, the engine's [`OddsAnswer`] out (fractions as
/// "numerator/denominator" strings); 422 naming the input at fault.
async fn api_odds(headers: HeaderMap, body: Bytes) -> Result<Response, ApiError> {
    let req = OddsRequest::from(input::tagged::<Question>(&headers, &body, "kind", "odds request")?);
    let answer = bfg::odds(&req)
        .map_err(|e| AppError::Unprocessable(format!("The odds were not worked out: {e}.")))?;
    Ok(Json(answer).into_response())
}

/// The four cases the calculator answers, as the page offers them.
const CASES: [(&str, &str); 4] = [
    ("torpedoes", "Torpedo salvo"),
    ("bombers", "Bomber wave"),
    ("assault_boats", "Assault boats"),
    ("interception", "Fighters against a wave"),
];

/// A number input: its field (the API's name), label, value as sent, range, and the reason it
/// was refused.
pub struct NumberInput {
    pub name: &'static str,
    pub label: &'static str,
    pub value: String,
    pub min: u32,
    pub max: u32,
    pub error: Option<String>,
}

/// A checkbox, with a hint naming the craft our data gives that rule.
pub struct CheckInput {
    pub name: &'static str,
    pub label: &'static str,
    pub on: bool,
    pub hint: String,
}

/// One distribution of the answer, as a table and a chart.
pub struct Distribution {
    pub id: &'static str,
    pub title: &'static str,
    /// What is counted, for sentences: "hits".
    pub noun: &'static str,
    pub rows: Vec<Row>,
    pub expected: String,
    pub expected_decimal: String,
    pub chart: Chart,
}

pub struct Row {
    pub k: u32,
    pub exactly: String,
    pub exactly_pct: String,
    pub at_least: String,
    pub at_least_pct: String,
}

/// The whole page: the case, its inputs, and the answer or why there is none.
pub struct OddsView {
    pub kind: &'static str,
    pub numbers: Vec<NumberInput>,
    pub checks: Vec<CheckInput>,
    /// Why there is no answer: inputs that do not read, or the engine's refusal.
    pub errors: Vec<String>,
    pub results: Vec<Distribution>,
    /// How the case is worked out, in our words, and the decisions behind it.
    pub rules: &'static [&'static str],
    pub decisions: Vec<&'static bfg::Decision>,
}

#[derive(Template)]
#[template(path = "bfg/odds.html", blocks = ["result"])]
struct OddsPage {
    v: OddsView,
    cases: [(&'static str, &'static str); 4],
    /// Drawn for htmx: the result alone, and the summary out of band.
    partial: bool,
}

/// The page, or its result alone for htmx (not when htmx restores a page from history, which
/// wants it whole).
async fn page(RawQuery(query): RawQuery, headers: HeaderMap) -> Result<Response, AppError> {
    let query = query.unwrap_or_default();
    let v = OddsView::read(&Fields::parse(query.as_bytes()));
    let partial = headers.get("hx-request").is_some_and(|v| v.as_bytes() == b"true")
        && !headers.contains_key("hx-history-restore-request");
    let page = OddsPage { v, cases: CASES, partial };
    let body = if partial { page.as_result().render()? } else { page.render()? };
    let mut r = Html(body).into_response();
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("HX-Request"));
    Ok(r)
}

fn number(name: &'static str, label: &'static str, default: u32, min: u32, max: u32) -> NumberInput {
    NumberInput { name, label, value: default.to_string(), min, max, error: None }
}

/// The craft our data gives a rule, for a checkbox's hint.
fn craft_with(rule: impl Fn(&bfg::Craft) -> bool) -> String {
    let names: Vec<&str> = bfg::craft().iter().filter(|c| rule(c)).map(|c| c.name).collect();
    if names.is_empty() { String::new() } else { format!("In our data: {}.", names.join(", ")) }
}

fn check(name: &'static str, label: &'static str, hint: String) -> CheckInput {
    CheckInput { name, label, on: false, hint }
}

const TORPEDO_RULES: &[&str] = &[
    "The target's turrets roll one die each, plus one for each ship massing turrets with it (at most three): every 4+ takes one torpedo out of the salvo.",
    "Each torpedo left rolls against the armour of the facing it hits; misses are rolled again where the salvo re-rolls them.",
];
const BOMBER_RULES: &[&str] = &[
    "The turrets (the target's and the massing ships') roll one die each: every 4+ (only a 6 where turrets hit the craft only on a 6) shoots down one squadron, fighters first.",
    "Each bomber left makes D6 attacks less one for each of the target's own turrets, never fewer than none.",
    "Each escorting fighter adds one attack, shot down or not, but no more than the bombers left, and none when no bomber is left. Every attack rolls against the target's lowest armour.",
];
const ASSAULT_RULES: &[&str] = &[
    "The turrets roll one die each: every 4+ (only a 6 where turrets hit the craft only on a 6) shoots down one squadron, fighters first.",
    "Each assault boat left makes one hit-and-run raid.",
];
const INTERCEPTION_RULES: &[&str] = &[
    "Each fighter takes on one squadron of the wave, its escorting fighters first; both are removed, unless one with a 4+ save rolls it.",
    "Fighters left over then take on squadrons that saved; that second fight removes both, without a save.",
];

impl OddsView {
    /// Reads the case and its inputs from the query (defaults where a field is missing: the
    /// bomber wave's are the rules' first worked example) and works the odds out.
    pub fn read(f: &Fields) -> Self {
        use bfg::{MAX_INTERCEPTORS as CAP, MAX_MASSED, MAX_STRENGTH, MAX_TURRETS, MAX_WAVE};
        let asked = f.get("kind").unwrap_or("").trim();
        let mut errors = Vec::new();
        let kind = match CASES.iter().find(|(k, _)| *k == asked) {
            Some((k, _)) => *k,
            None if asked.is_empty() => "torpedoes",
            None => {
                errors.push(format!(
                    "There is no case \"{}\": choose a torpedo salvo, a bomber wave, assault boats or fighters against a wave",
                    crate::games::shown(asked)
                ));
                "torpedoes"
            }
        };
        let only_on_6 = || {
            check(
                "turrets_hit_only_on_6",
                "Turrets hit the wave's craft only on a 6",
                craft_with(|c| c.turrets_hit_only_on_6),
            )
        };
        let (numbers, checks, rules, decisions): (Vec<NumberInput>, Vec<CheckInput>, _, &[&str]) = match kind
        {
            "bombers" => (
                vec![
                    number("bombers", "Bomber squadrons", 3, 0, MAX_WAVE),
                    number("fighters", "Escorting fighter squadrons", 5, 0, MAX_WAVE),
                    number("turrets", "The target's turrets", 3, 0, MAX_TURRETS),
                    number("massed", "Ships massing turrets with it", 0, 0, MAX_MASSED),
                    number("armour", "The target's lowest armour (2 for 2+ to 6 for 6+)", 5, 2, 6),
                ],
                vec![only_on_6()],
                BOMBER_RULES,
                &["odds-turrets-on-6"],
            ),
            "assault_boats" => (
                vec![
                    number("boats", "Assault boat squadrons", 2, 0, MAX_WAVE),
                    number("fighters", "Escorting fighter squadrons", 0, 0, MAX_WAVE),
                    number("turrets", "The target's turrets", 2, 0, MAX_TURRETS),
                    number("massed", "Ships massing turrets with it", 0, 0, MAX_MASSED),
                ],
                vec![only_on_6()],
                ASSAULT_RULES,
                &["odds-raids", "odds-turrets-on-6"],
            ),
            "interception" => (
                vec![
                    number("interceptors", "Fighters meeting the wave (on CAP or on its way)", 2, 0, CAP),
                    number("escorts", "Fighter squadrons in the wave", 2, 0, MAX_WAVE),
                    number("strike_craft", "Bombers and assault boats in the wave", 4, 0, MAX_WAVE),
                ],
                vec![
                    check(
                        "interceptors_resilient",
                        "The meeting fighters have a 4+ save",
                        craft_with(|c| c.cap && c.resilient == bfg::Resilience::Always),
                    ),
                    check(
                        "escorts_resilient",
                        "The wave's fighters have a 4+ save",
                        craft_with(|c| c.cap && c.resilient == bfg::Resilience::Always),
                    ),
                    check(
                        "strike_craft_resilient",
                        "The wave's bombers and assault boats have a 4+ save against fighters",
                        craft_with(|c| !c.cap && c.resilient != bfg::Resilience::None),
                    ),
                ],
                INTERCEPTION_RULES,
                &["odds-cap"],
            ),
            _ => (
                vec![
                    number("strength", "Torpedoes in the salvo (its strength)", 6, 1, MAX_STRENGTH),
                    number("turrets", "The target's turrets", 2, 0, MAX_TURRETS),
                    number("massed", "Ships massing turrets with it", 0, 0, MAX_MASSED),
                    number("armour", "The armour of the facing hit (2 for 2+ to 6 for 6+)", 5, 2, 6),
                ],
                vec![check("reroll", "The salvo re-rolls its misses", String::new())],
                TORPEDO_RULES,
                &["escorts"],
            ),
        };
        let mut v = OddsView {
            kind,
            numbers,
            checks,
            errors,
            results: Vec::new(),
            rules,
            decisions: bfg::Decision::all_of(bfg::DECISIONS, decisions),
        };
        let mut values = std::collections::HashMap::new();
        for n in &mut v.numbers {
            if let Some(raw) = f.get(n.name) {
                n.value = raw.trim().to_owned();
            }
            match whole(f, n.name, n.name) {
                Ok(Some(x)) => {
                    values.insert(n.name, x);
                }
                Ok(None) if f.get(n.name).is_some() => n.error = Some(format!("Give {} a number", n.name)),
                Ok(None) => {
                    values.insert(n.name, n.value.parse().unwrap_or(0));
                }
                Err(e) => n.error = Some(e),
            }
        }
        for c in &mut v.checks {
            c.on = f.flag(c.name);
        }
        v.errors.extend(v.numbers.iter().filter_map(|n| n.error.clone()));
        if !v.errors.is_empty() {
            return v;
        }
        let n = |name: &str| values.get(name).copied().unwrap_or(0);
        let on = |name: &str| v.checks.iter().any(|c| c.name == name && c.on);
        let req = match kind {
            "bombers" => OddsRequest::Bombers(BomberWave {
                bombers: n("bombers"),
                fighters: n("fighters"),
                turrets: n("turrets"),
                massed: n("massed"),
                armour: n("armour"),
                turrets_hit_only_on_6: on("turrets_hit_only_on_6"),
            }),
            "assault_boats" => OddsRequest::AssaultBoats(AssaultWave {
                boats: n("boats"),
                fighters: n("fighters"),
                turrets: n("turrets"),
                massed: n("massed"),
                turrets_hit_only_on_6: on("turrets_hit_only_on_6"),
            }),
            "interception" => OddsRequest::Interception(Interception {
                interceptors: n("interceptors"),
                interceptors_resilient: on("interceptors_resilient"),
                escorts: n("escorts"),
                escorts_resilient: on("escorts_resilient"),
                strike_craft: n("strike_craft"),
                strike_craft_resilient: on("strike_craft_resilient"),
            }),
            _ => OddsRequest::Torpedoes(TorpedoAttack {
                strength: n("strength"),
                turrets: n("turrets"),
                massed: n("massed"),
                armour: n("armour"),
                reroll: on("reroll"),
            }),
        };
        match bfg::odds(&req) {
            Ok(answer) => v.results = distributions(&answer),
            Err(e) => {
                if let OddsError::OutOfRange { field, .. } = e
                    && let Some(input) = v.numbers.iter_mut().find(|x| x.name == field)
                {
                    input.error = Some(e.to_string());
                }
                v.errors.push(format!("{}.", capitalized(&e.to_string())));
            }
        }
        v
    }

    pub fn title(&self) -> &'static str {
        CASES.iter().find(|(k, _)| *k == self.kind).map_or("", |(_, t)| *t)
    }

    /// One sentence for the top of the result (and screen readers, as it changes).
    pub fn summary(&self) -> String {
        match self.results.first() {
            Some(d) => {
                let one = d.rows.get(1).map_or("0%", |r| r.at_least_pct.as_str());
                format!("{}: {} expected; at least one: {one}.", d.title, d.expected_decimal)
            }
            None => "No odds: see what to change below.".into(),
        }
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |first| first.to_uppercase().chain(c).collect())
}

/// The answer's distributions, the one a player asks about first.
fn distributions(a: &OddsAnswer) -> Vec<Distribution> {
    let list: Vec<(&'static str, &'static str, &'static str, &Odds)> = match a {
        OddsAnswer::Torpedoes(t) => vec![
            ("hits", "Hits on the target", "hits", &t.hits),
            ("strength_left", "Torpedoes left after the turrets", "torpedoes", &t.strength_left),
        ],
        OddsAnswer::Bombers(b) => vec![
            ("hits", "Hits on the target", "hits", &b.hits),
            ("attacks", "Attack dice rolled, the fighters' bonus included", "attacks", &b.attacks),
            ("bombers_left", "Bombers left after the turrets", "bombers", &b.bombers_left),
        ],
        OddsAnswer::AssaultBoats { raids } => vec![("raids", "Hit-and-run raids", "raids", raids)],
        OddsAnswer::Interception(i) => vec![
            (
                "strike_craft_left",
                "Bombers and assault boats that get through",
                "squadrons",
                &i.strike_craft_left,
            ),
            ("escorts_left", "The wave's fighters left", "fighters", &i.escorts_left),
            ("interceptors_left", "Meeting fighters left", "fighters", &i.interceptors_left),
        ],
    };
    list.into_iter().map(|(id, title, noun, o)| distribution(id, title, noun, o)).collect()
}

/// An exact fraction for people: "7/18", and a whole number as itself ("1", not "1/1").
fn exact(f: &bfg::Fraction) -> String {
    f.to_string()
}

fn distribution(id: &'static str, title: &'static str, noun: &'static str, o: &Odds) -> Distribution {
    let rows = o
        .outcomes
        .iter()
        .map(|x| Row {
            k: x.k,
            exactly: exact(&x.exactly),
            exactly_pct: percent(&x.exactly),
            at_least: exact(&x.at_least),
            at_least_pct: percent(&x.at_least),
        })
        .collect::<Vec<_>>();
    let p: Vec<bfg::Fraction> = o.outcomes.iter().map(|x| x.exactly.clone()).collect();
    Distribution {
        id,
        title,
        noun,
        rows,
        expected: exact(&o.expected),
        expected_decimal: format!("{:.2}", o.expected_f64),
        chart: Chart::of(id, title, noun, &p, &o.expected),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(query: &str) -> OddsView {
        OddsView::read(&Fields::parse(query.as_bytes()))
    }

    #[test]
    fn the_defaults_answer_a_torpedo_salvo() {
        let v = view("");
        assert_eq!((v.kind, v.errors.len()), ("torpedoes", 0));
        assert_eq!(v.results[0].id, "hits");
        assert_eq!(v.results[0].rows.len(), 7, "0 to 6 hits");
    }

    #[test]
    fn inputs_that_do_not_read_are_named_and_nothing_is_worked_out() {
        let v = view("kind=bombers&bombers=-2&fighters=abc&turrets=99999999999");
        assert!(v.results.is_empty());
        assert_eq!(
            v.errors,
            [
                "bombers cannot be negative (it is -2)",
                "fighters must be a whole number, not \"abc\"",
                "turrets is far too large (it is 99999999999)"
            ]
        );
        let v = view("kind=torpedoes&strength=1000");
        assert_eq!(v.errors, ["Strength must be from 1 to 30 (it is 1000)."]);
        assert_eq!(v.numbers[0].error.as_deref(), Some("strength must be from 1 to 30 (it is 1000)"));
        assert!(view("kind=nonsense").errors[0].starts_with("There is no case \"nonsense\""));
    }

    #[test]
    fn every_case_shows_the_readings_it_names() {
        let shown: Vec<Vec<&str>> = CASES
            .iter()
            .map(|(k, _)| view(&format!("kind={k}")).decisions.iter().map(|d| d.id).collect())
            .collect();
        assert_eq!(
            shown,
            [
                vec!["escorts"],
                vec!["odds-turrets-on-6"],
                vec!["odds-raids", "odds-turrets-on-6"],
                vec!["odds-cap"]
            ]
        );
    }
}
