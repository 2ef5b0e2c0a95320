//! Comparing two saved builds of one game, written once for every game: each game says what is
//! comparable in a judged build (its [`Facts`]: headline figures and keyed parts, through
//! [`Comparable`] and the registry's `compare`), and this module lines the two up, says every
//! difference in words ("+$2,300", "−5 mph", "2 → 3", "same"), draws the compare page, answers
//! the API, and gives a share page its family (the build it was copied from and its listed
//! copies, each with a one-line difference). Nothing here names a game.

use super::builder::{Builder, from_saved};
use super::owners;
use super::registered::{self, Registered};
use super::saved::{gone, load, share_path};
use super::view::{Judged, ProblemView};
use crate::games::registry::Game;
use crate::store::builds::{self, Build, Listing, looks_like_id};
use crate::web::http::error::{ApiError, AppError};
use crate::web::http::extract::EditToken;
use crate::web::http::fields::Fields;
use crate::web::http::judging::JUDGED;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Json;
use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::HashMap;

/// The most copies a share page's family lists (the rest are counted: "and 4 more").
pub const MAX_FAMILY: usize = 20;
/// The most changes a family's one-line difference names before "and N more".
const LINE_CHANGES: usize = 3;
/// The longest pasted link or id read (a share link is under 100 characters).
const MAX_PASTED: usize = 2_000;

/// How a figure is written, and writing it: one rule with the engines' own quantities.
pub use crate::games::units::{Unit, amount};

/// One headline figure of a build. Its label is also its key: the same label in both builds is
/// the same figure.
#[derive(Debug, Clone, Serialize)]
pub struct Figure {
    pub label: String,
    /// The figure in `per`ths of its unit (a cost of $12.50 is 1250, per 100), so a difference
    /// is exact; `None` for a figure in words (a chain of command).
    pub value: Option<i64>,
    #[serde(skip)]
    pub per: i64,
    pub unit: Unit,
    /// As the page writes it: "$12,340", "60 mph", "10 1/3 spaces".
    pub shown: String,
}

impl Figure {
    /// A figure that is a number: `value` in `per`ths of `unit`.
    pub fn number(label: impl Into<String>, value: i64, per: i64, unit: Unit) -> Figure {
        let per = per.max(1);
        Figure { label: label.into(), value: Some(value), per, unit, shown: amount(value, per, unit) }
    }

    /// A whole number of `unit`.
    pub fn whole(label: impl Into<String>, value: impl Into<i64>, unit: Unit) -> Figure {
        Figure::number(label, value.into(), 1, unit)
    }

    /// A figure in words: it is the same or it changed.
    pub fn words(label: impl Into<String>, text: impl Into<String>) -> Figure {
        Figure { label: label.into(), value: None, per: 1, unit: Unit::Plain, shown: text.into() }
    }
}

/// One part of a build: `key` is what makes it the same part in another build of its game (a
/// weapon's id and ammunition, a vessel's section and entry), `count` how many, `detail` what
/// else is said of it (a change of detail alone is a change).
#[derive(Debug, Clone, Serialize)]
pub struct Part {
    pub key: String,
    pub label: String,
    /// The label for more than one, when it is not the label.
    #[serde(skip)]
    pub plural: Option<String>,
    pub count: i64,
    pub detail: String,
}

impl Part {
    pub fn new(key: impl Into<String>, label: impl Into<String>, count: impl Into<i64>) -> Part {
        Part {
            key: key.into(),
            label: label.into(),
            plural: None,
            count: count.into(),
            detail: String::new(),
        }
    }

    pub fn plural(mut self, plural: impl Into<String>) -> Part {
        self.plural = Some(plural.into());
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Part {
        self.detail = detail.into();
        self
    }

    /// "1 rocket launcher", "2 rocket launchers".
    fn counted(&self, n: i64) -> String {
        match (&self.plural, n) {
            (_, 1) => format!("1 {}", self.label),
            (Some(p), n) => format!("{n} {p}"),
            (None, n) => format!("{n} × {}", self.label),
        }
    }
}

/// What can be compared of a judged build: its headline figures (the first is the one a family's
/// one-line difference names, a cost or the points) and its parts.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Facts {
    pub figures: Vec<Figure>,
    pub parts: Vec<Part>,
}

/// A game whose builds can be compared: its facts, from the judged view its pages show.
pub trait Comparable: Builder {
    fn facts(v: &Self::View) -> Facts;
}

/// One build as the compare page shows it: its facts and its problems, judged once.
#[derive(Debug, Clone)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub page: String,
    pub legal: bool,
    /// Its problems, the first [`MAX_LISTED`](crate::games::MAX_LISTED) as its page lists them.
    pub problems: Vec<ProblemView>,
    /// How many more it has.
    pub unlisted: usize,
    pub facts: Facts,
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

fn shown_name(b: &Build, game: &Game) -> String {
    if b.name.trim().is_empty() { format!("Unnamed {}", game.word) } else { b.name.clone() }
}

/// What happened to a part from the first build to the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    Same,
    Added,
    Removed,
    Changed,
}

/// A figure of both builds, and the difference in words.
#[derive(Debug, Clone, Serialize)]
pub struct FigureRow {
    pub label: String,
    pub a: String,
    pub b: String,
    /// The second against the first: "+$2,300", "−5 mph", "changed", "same", "only in the second".
    pub difference: String,
    pub same: bool,
}

/// A part of either build or both, lined up by its key.
#[derive(Debug, Clone, Serialize)]
pub struct PartRow {
    pub key: String,
    pub label: String,
    pub a: String,
    pub b: String,
    /// "added", "removed", "2 → 3", "changed", "same".
    pub difference: String,
    pub change: Change,
}

/// Two builds' facts lined up.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub figures: Vec<FigureRow>,
    pub parts: Vec<PartRow>,
}

impl Comparison {
    /// Whether nothing differs.
    pub fn all_same(&self) -> bool {
        self.figures.iter().all(|f| f.same) && self.parts.iter().all(|p| p.change == Change::Same)
    }
}

/// One part's count and detail in one build, every row of the same key added up.
struct Held<'a> {
    part: &'a Part,
    count: i64,
    detail: String,
}

/// Each key's parts in `parts`, added up, in order of first appearance.
fn held(parts: &[Part]) -> (Vec<&str>, HashMap<&str, Held<'_>>) {
    let mut order = Vec::new();
    let mut by_key: HashMap<&str, Held<'_>> = HashMap::new();
    for p in parts {
        match by_key.get_mut(p.key.as_str()) {
            Some(h) => {
                h.count = h.count.saturating_add(p.count);
                if !p.detail.is_empty() && !h.detail.split("; ").any(|d| d == p.detail) {
                    if !h.detail.is_empty() {
                        h.detail.push_str("; ");
                    }
                    h.detail.push_str(&p.detail);
                }
            }
            None => {
                order.push(p.key.as_str());
                by_key.insert(&p.key, Held { part: p, count: p.count, detail: p.detail.clone() });
            }
        }
    }
    (order, by_key)
}

fn held_text(h: Option<&Held<'_>>) -> String {
    match h {
        None => "—".to_owned(),
        Some(h) if h.detail.is_empty() => h.count.to_string(),
        Some(h) => format!("{} · {}", h.count, h.detail),
    }
}

/// Lines up `a`'s and `b`'s facts: every figure of either (in `a`'s order, then `b`'s own) and
/// every part of either, the same key on one row.
pub fn compare(a: &Facts, b: &Facts) -> Comparison {
    let mut figures = Vec::new();
    for fa in &a.figures {
        let fb = b.figures.iter().find(|f| f.label == fa.label);
        figures.push(figure_row(Some(fa), fb));
    }
    for fb in b.figures.iter().filter(|fb| !a.figures.iter().any(|f| f.label == fb.label)) {
        figures.push(figure_row(None, Some(fb)));
    }
    let (order_a, in_a) = held(&a.parts);
    let (order_b, in_b) = held(&b.parts);
    let keys = order_a.iter().chain(order_b.iter().filter(|k| !in_a.contains_key(*k)));
    let parts = keys
        .map(|key| {
            let (ha, hb) = (in_a.get(key), in_b.get(key));
            let (change, difference) = match (ha, hb) {
                (Some(x), Some(y)) if x.count != y.count => {
                    (Change::Changed, format!("{} → {}", x.count, y.count))
                }
                (Some(x), Some(y)) if x.detail != y.detail => (Change::Changed, "changed".to_owned()),
                (Some(_), Some(_)) => (Change::Same, "same".to_owned()),
                (None, _) => (Change::Added, "added".to_owned()),
                (_, None) => (Change::Removed, "removed".to_owned()),
            };
            let part = ha.or(hb).map(|h| h.part);
            PartRow {
                key: (*key).to_owned(),
                label: part.map_or_else(String::new, |p| p.label.clone()),
                a: held_text(ha),
                b: held_text(hb),
                difference,
                change,
            }
        })
        .collect();
    Comparison { figures, parts }
}

fn figure_row(a: Option<&Figure>, b: Option<&Figure>) -> FigureRow {
    let shown = |f: Option<&Figure>| f.map_or_else(|| "—".to_owned(), |f| f.shown.clone());
    let difference = match (a, b) {
        (Some(x), Some(y)) => match (x.value, y.value) {
            (Some(vx), Some(vy)) if x.per == y.per && x.unit == y.unit => {
                difference(vy.saturating_sub(vx), x.per, x.unit)
            }
            _ if x.shown == y.shown => "same".to_owned(),
            _ => "changed".to_owned(),
        },
        (Some(_), None) => "only in the first".to_owned(),
        (None, _) => "only in the second".to_owned(),
    };
    let label = a.or(b).map_or_else(String::new, |f| f.label.clone());
    FigureRow { label, a: shown(a), b: shown(b), same: difference == "same", difference }
}

/// The difference `d` (second minus first) in words: "+$2,300", "−5 mph", "same".
pub fn difference(d: i64, per: i64, unit: Unit) -> String {
    match d {
        0 => "same".to_owned(),
        d if d > 0 => format!("+{}", amount(d, per, unit)),
        d => format!("\u{2212}{}", amount(d.saturating_abs(), per, unit)),
    }
}

/// The difference from `from` to `to` in one line, for a family: the parts added, removed and
/// changed (the first few), then the first figure's difference: "+1 rocket launcher, −$1,200";
/// "the same" when nothing differs.
pub fn one_line(from: &Facts, to: &Facts) -> String {
    let c = compare(from, to);
    let (_, in_from) = held(&from.parts);
    let (_, in_to) = held(&to.parts);
    let mut changes: Vec<String> = Vec::new();
    for row in c.parts.iter().filter(|r| r.change != Change::Same) {
        let (f, t) = (in_from.get(row.key.as_str()), in_to.get(row.key.as_str()));
        let part = f.or(t).map(|h| h.part);
        let Some(part) = part else { continue };
        let n = t.map_or(0, |h| h.count).saturating_sub(f.map_or(0, |h| h.count));
        changes.push(match n {
            0 => format!("{} changed", part.label),
            n if n > 0 => format!("+{}", part.counted(n)),
            n => format!("\u{2212}{}", part.counted(n.saturating_abs())),
        });
    }
    let more = changes.len().saturating_sub(LINE_CHANGES);
    changes.truncate(LINE_CHANGES);
    if more > 0 {
        changes.push(format!("and {more} more change{}", if more == 1 { "" } else { "s" }));
    }
    if let Some(first) = c.figures.first().filter(|f| !f.same) {
        changes.push(first.difference.clone());
    }
    if changes.is_empty() {
        let others = c.figures.iter().filter(|f| !f.same).count();
        return if others == 0 { "the same".to_owned() } else { format!("{others} figures differ") };
    }
    changes.join(", ")
}

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
    let mut r = Router::new().route("/api/compare", get(api).layer(JUDGED));
    for g in registered::all() {
        let game = g.game;
        r = r
            .route(
                &format!("{}/compare", game.path),
                get(move |state: State<AppState>, q: RawQuery| page(state, game, q)).layer(JUDGED),
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

/// A build's family as read from the store, not yet judged: its original (if listed and still
/// there) and its first [`MAX_FAMILY`] listed copies, and how many more listed copies it has.
#[derive(Debug, Default)]
pub struct Kin {
    parent: Option<Build>,
    copies: Vec<Build>,
    more: i64,
}

impl Kin {
    /// Reads `b`'s family: at most [`MAX_FAMILY`] + 1 builds, never an unlisted one.
    pub async fn read(state: &AppState, b: &Build) -> Result<Kin, sqlx::Error> {
        let parent = match &b.parent_id {
            Some(pid) => builds::get(&state.db, pid)
                .await?
                .filter(|p| p.listing() == Listing::Listed && p.deleted_at.is_none() && p.kind == b.kind),
            None => None,
        };
        let limit = i64::try_from(MAX_FAMILY).unwrap_or(i64::MAX);
        let (copies, listed) = builds::listed_copies(&state.db, &b.id, limit).await?;
        let more = listed.saturating_sub(i64::try_from(copies.len()).unwrap_or(i64::MAX)).max(0);
        Ok(Kin { parent, copies, more })
    }
}

/// A relative as a share page lists it.
#[derive(Debug, Clone)]
pub struct Relative {
    pub name: String,
    pub href: String,
    /// The compare page of this build against it.
    pub compare: String,
    /// How it differs from this build, in one line.
    pub difference: String,
}

/// A share page's family, judged.
#[derive(Debug, Default)]
pub struct Family {
    pub parent: Option<Relative>,
    pub copies: Vec<Relative>,
    /// Listed copies beyond those shown.
    pub more: i64,
}

impl Family {
    /// Judges `b` and its `kin` and says how each differs from `b`. Judging is CPU: called where
    /// the share page is drawn, on a blocking thread, and kept with the page.
    pub fn of(b: &Build, kin: Kin) -> Family {
        let Some(r) = registered(&b.kind) else { return Family::default() };
        if kin.parent.is_none() && kin.copies.is_empty() {
            return Family::default();
        }
        let this = (r.compare)(b);
        let relative = |other: &Build| {
            let s = (r.compare)(other);
            Relative {
                name: s.name,
                href: s.page,
                compare: format!("{}/compare?a={}&b={}", r.game.path, b.id, other.id),
                difference: one_line(&this.facts, &s.facts),
            }
        };
        Family {
            parent: kin.parent.as_ref().map(relative),
            copies: kin.copies.iter().map(relative).collect(),
            more: kin.more,
        }
    }
}

#[cfg(test)]
mod tests;
