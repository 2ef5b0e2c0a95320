//! Comparing two saved builds of one game, written once for every game: each game says what is
//! comparable in a judged build (its [`Facts`]: headline figures and keyed parts, through
//! [`Comparable`] and the registry's `compare`), and this module lines the two up, says every
//! difference in words ("+$2,300", "−5 mph", "2 → 3", "same"), draws the compare page, answers
//! the API, and gives a share page its family (the build it was copied from and its listed
//! copies, each with a one-line difference). Nothing here names a game.

use super::builder::{Builder, from_saved};
use super::facts::shown_name;
pub use super::facts::{
    Change, Comparison, Facts, Figure, FigureRow, Part, PartRow, Side, Unit, amount, compare, difference,
    one_line,
};
pub use super::family::{Family, Kin, MAX_FAMILY, Relative};
use super::owners;
use super::registered::{self, Registered};
use super::saved::{gone, load, share_path};
use super::view::Judged;
use crate::games::registry::Game;
use crate::store::builds::{self, Build, looks_like_id};
use crate::web::http::error::{ApiError, AppError};
use crate::web::http::extract::EditToken;
use crate::web::http::fields::Fields;
use crate::web::http::judging::judged;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Json;
use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use serde_json::{Value, json};

/// A game whose builds can be compared: its facts, from the judged view its pages show.
pub trait Comparable: Builder {
    fn facts(v: &Self::View) -> Facts;
}

/// A saved build of `B`, judged, as a side of a comparison: the registry's `compare`.
pub fn side<B: Comparable>(b: &Build) -> Side {
    let v = from_saved::<B>(b);
    let verdict = v.verdict();
    Side {
        id: b.id.clone(),
        name: shown_name(b, B::GAME),
        page: share_path(b),
        legal: B::legal(&v),
        problems: verdict.listed().to_vec(),
        unlisted: verdict.unlisted(),
        facts: B::facts(&v),
    }
}

/// The longest pasted link or id read (a share link is under 100 characters).
const MAX_PASTED: usize = 2_000;

/// The build id in what a player pasted or a link carried: a bare id, or a share link, edit link
/// or compare address holding one ("https://drydock.example/boats/ABCD…", "/boats/ABCD…/edit").
/// Only the path is read; a query (an edit link's token) is never used.
pub fn id_in(text: &str) -> Option<&str> {
    let t = text.trim();
    if t.len() > MAX_PASTED {
        return None;
    }
    if looks_like_id(t) {
        return Some(t);
    }
    let path = t.split(['?', '#']).next().unwrap_or("");
    path.split('/').rev().find(|s| looks_like_id(s))
}

/// Every game's compare routes: its page and the chooser under each game's path, and the API.
pub fn router() -> Router<AppState> {
    let mut r = Router::new().route("/api/compare", get(judged(api)));
    for g in registered::all() {
        let game = g.game;
        r = r
            .route(
                &format!("{}/compare", game.path),
                get(judged(move |state: State<AppState>, q: RawQuery| page(state, game, q))),
            )
            .route(
                &format!("{}/{{id}}/compare", game.path),
                get(move |state: State<AppState>, id: Path<String>, token: EditToken| {
                    choose(state, game, id, token)
                }),
            );
    }
    r
}

/// Which of the two a message is about.
fn which(first: bool) -> &'static str {
    if first { "The first build (a)" } else { "The second build (b)" }
}

/// The build named by the query's `name` (or, for the second, a pasted `paste`), loaded: every
/// way it can fail, in words.
async fn one(state: &AppState, f: &Fields<'_>, first: bool) -> Result<Build, AppError> {
    let (name, pasted) =
        if first { ("a", None) } else { ("b", f.get("paste").filter(|p| !p.trim().is_empty())) };
    let Some(text) = pasted.or_else(|| f.get(name).filter(|t| !t.trim().is_empty())) else {
        return Err(AppError::BadRequest(format!(
            "{} is missing. Say which two builds to compare: ?a=…&b=…, each a build's id or its share link.",
            which(first)
        )));
    };
    let Some(id) = id_in(text) else {
        let shown: String = crate::games::shown(text).chars().take(80).collect();
        return Err(AppError::BadRequest(format!(
            "{}: \"{shown}\" is not a build's id or share link. Paste the whole link of a build's page (it \
             ends in a 16-letter id), or the id alone.",
            which(first)
        )));
    };
    match builds::get(&state.db, id).await? {
        None => Err(AppError::NotFound(format!(
            "{}: there is no saved build with the id \"{id}\" here. It may have been mistyped, or never saved.",
            which(first)
        ))),
        Some(Build { deleted_at: Some(at), kind, .. }) => {
            let word = registered(&kind).map_or("build", |r| r.game.word);
            Err(AppError::Status(StatusCode::GONE, format!("{}: {}", which(first), gone(word, at))))
        }
        Some(b) => Ok(b),
    }
}

fn registered(kind: &str) -> Option<&'static Registered> {
    registered::of_kind(kind)
}

/// The two builds a query names, of one game this version serves, each judged as a side (on a
/// blocking thread: two builds' judging is CPU, not waiting).
async fn pair(state: &AppState, q: Option<&str>) -> Result<(&'static Registered, Side, Side), AppError> {
    let f = Fields::parse(q.unwrap_or("").as_bytes());
    let a = one(state, &f, true).await?;
    let b = one(state, &f, false).await?;
    let (Some(ra), Some(rb)) = (registered(&a.kind), registered(&b.kind)) else {
        return Err(AppError::NotFound(
            "One of these builds is of a kind this version of Drydock does not serve.".into(),
        ));
    };
    if ra.game.id != rb.game.id {
        return Err(AppError::Unprocessable(format!(
            "The first build (a) is {} {} and the second (b) is {} {}: only builds of the same game can be \
             compared.",
            article(ra.game.word),
            ra.game.word,
            article(rb.game.word),
            rb.game.word
        )));
    }
    let (sa, sb) = tokio::task::spawn_blocking(move || ((ra.compare)(&a), (ra.compare)(&b)))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("comparing two builds: {e}")))?;
    Ok((ra, sa, sb))
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u', 'E']) { "an" } else { "a" }
}

#[derive(Template)]
#[template(path = "compare.html")]
struct ComparePage {
    game: &'static Game,
    a: Side,
    b: Side,
    c: Comparison,
}

impl ComparePage {
    /// Both sides, each with its letter, for the problems drawn side by side.
    fn sides(&self) -> [(&'static str, &Side); 2] {
        [("a", &self.a), ("b", &self.b)]
    }
}

/// The compare page: both builds side by side. Two builds of another game are sent to that
/// game's compare page.
async fn page(
    State(state): State<AppState>,
    game: &'static Game,
    RawQuery(q): RawQuery,
) -> Result<Response, AppError> {
    let (r, a, b) = pair(&state, q.as_deref()).await?;
    if r.game.id != game.id {
        let to = format!("{}/compare?a={}&b={}", r.game.path, a.id, b.id);
        return Ok(Redirect::to(&to).into_response());
    }
    let c = compare(&a.facts, &b.facts);
    Ok(Html(ComparePage { game, a, b, c }.render()?).into_response())
}

fn side_json(s: &Side) -> Value {
    let problems: Vec<Value> = s
        .problems
        .iter()
        .map(|p| json!({ "code": p.code, "severity": if p.error { "error" } else { "warning" }, "message": p.message }))
        .collect();
    json!({
        "id": s.id,
        "name": s.name,
        "url": s.page,
        "legal": s.legal,
        "problems": problems,
        "problems_not_listed": s.unlisted,
        "figures": s.facts.figures,
        "parts": s.facts.parts,
    })
}

/// `GET /api/compare?a=…&b=…`: both builds' facts and problems, and every difference.
async fn api(State(state): State<AppState>, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    let (r, a, b) = pair(&state, q.as_deref()).await?;
    let c = compare(&a.facts, &b.facts);
    Ok(Json(json!({
        "kind": r.game.id,
        "a": side_json(&a),
        "b": side_json(&b),
        "same": c.all_same(),
        "figures": c.figures,
        "parts": c.parts,
    }))
    .into_response())
}

/// A build that may be offered to compare with.
pub struct Choice {
    pub id: String,
    pub name: String,
    /// Why it is offered: "its original", "a copy of it", "one of your builds".
    pub why: &'static str,
}

#[derive(Template)]
#[template(path = "compare_choose.html")]
struct ChoosePage {
    game: &'static Game,
    id: String,
    name: String,
    choices: Vec<Choice>,
}

/// "Compare with…": the build's original and listed copies, this browser's builds of the same
/// game, or any link pasted; a plain GET form to the compare page.
async fn choose(
    State(state): State<AppState>,
    game: &'static Game,
    Path(id): Path<String>,
    token: EditToken,
) -> Result<Response, AppError> {
    let b = load(&state, &id, game).await?;
    let kin = Kin::read(&state, &b).await?;
    let mut choices: Vec<Choice> = Vec::new();
    let mut offer = |c: &Build, why: &'static str| {
        if c.id != b.id && !choices.iter().any(|x| x.id == c.id) {
            choices.push(Choice { id: c.id.clone(), name: shown_name(c, game), why });
        }
    };
    if let Some(p) = &kin.parent {
        offer(p, "its original");
    }
    for c in &kin.copies {
        offer(c, "a copy of it");
    }
    for m in owners::owned(&state, &token).await?.iter().filter(|m| m.kind == game.id) {
        offer(m, "one of your builds");
    }
    let name = shown_name(&b, game);
    Ok(Html(ChoosePage { game, id: b.id, name, choices }.render()?).into_response())
}

#[cfg(test)]
mod tests;
