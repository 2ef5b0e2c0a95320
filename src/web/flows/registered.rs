//! What the shared flows ask of each game's builder beyond its [`Game`]: its routes, its published
//! builds, its gallery facets, its stored documents checked, its side of a comparison. The
//! registry fills one [`Registered`] per game from its builder (`registry::entry`) and the app's
//! assembly hands the table in once (`web::install_games`), so no flow imports a game or the
//! registry, and this table imports no builder. Before it is handed in the table is empty.

use super::facts::Side;
use super::view::StartChoice;
use crate::games::registry::Game;
use crate::store::builds::{Build, Facets};
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use crate::web::http::judging::Judges;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use axum::Router;
use futures_util::future::{BoxFuture, Either};
use std::sync::OnceLock;

/// A game, its routes (its builder's pages, and the flows every builder shares) and the
/// published builds the gallery offers to start from.
pub struct Registered {
    pub game: &'static Game,
    /// Its builder's htmx form, under its path: [`Builder::FORM`].
    pub form: &'static str,
    pub routes: fn(&WriteLimit) -> Router<AppState>,
    pub published: fn() -> &'static [StartChoice],
    /// A saved build's gallery facets, judged again by its builder: `builder::stored_facets::<B>`.
    pub facets: fn(&Build) -> Facets,
    /// Why a stored document is not one its builder could have saved: `builder::check_stored::<B>`.
    pub document: fn(&str) -> Result<(), String>,
    /// A saved build judged as one side of a comparison (its facts and problems):
    /// `compare::side::<B>`, with the game's `compare::Comparable` facts.
    pub compare: fn(&Build) -> Side,
    /// A live update of a posted form up to one stage (`builder::live_upto::<B>`): what
    /// benches/live.rs counts, stage by stage, in the very code the live route runs.
    pub live_upto: fn(&Fields, LiveStage) -> Result<usize, AppError>,
    /// A posted live update answered by the live route's handler (`builder::live_answer::<B>`),
    /// given the app's judges: the app answers `POST {path}/live` with it before its router.
    pub live: LiveAnswer,
    /// The game's example as its form posts it (`builder::example_form::<B>`): the recorded live
    /// forms in tests/data/live/ are written from it.
    pub example_form: fn() -> Result<FormPairs, String>,
}

/// A form's fields, names and values, in order.
pub type FormPairs = Vec<(String, String)>;

/// A live update's answer on its way: the judging wrapper's future (`judging::Judged`).
pub type LiveFuture =
    Either<BoxFuture<'static, axum::response::Response>, BoxFuture<'static, axum::response::Response>>;

/// A posted live update answered, given the app's judges (`builder::live_answer::<B>`).
pub type LiveAnswer = fn(axum::extract::Request, Option<std::sync::Arc<Judges>>) -> LiveFuture;

/// How far a live update goes: reading the form into a document, judging it, drawing the
/// figures (the live route runs all three).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveStage {
    Read,
    Judge,
    Draw,
}

static TABLE: OnceLock<&'static [Registered]> = OnceLock::new();

/// Hands the table in. The first table stays: the house has one registry.
pub fn install(games: &'static [Registered]) {
    let _ = TABLE.set(games);
}

/// Every game's entry, in the registry's order.
pub fn all() -> &'static [Registered] {
    TABLE.get().copied().unwrap_or_default()
}

/// The entry of the game whose builds are of this kind.
pub fn of_kind(kind: &str) -> Option<&'static Registered> {
    all().iter().find(|r| r.game.id == kind)
}

/// Each game with builds published for everyone, and those builds.
pub fn published() -> impl Iterator<Item = (&'static Game, &'static [StartChoice])> {
    all().iter().map(|r| (r.game, (r.published)())).filter(|(_, p)| !p.is_empty())
}
