//! Every game the house serves, in the order the navigation shows them. The routes, the gallery's
//! filter and cards, the navigation and the start page are written over this list; adding a game
//! is its engine (src/games/<game>/, with its [`Game`]), its templates (templates/<game>/), its
//! small web module (a [`Builder`](super::builder::Builder) and its own pages) and one line here.

use super::AppState;
use super::builder::stored_facets;
use super::rate::WriteLimit;
use super::view::StartChoice;
use super::{bfg, boats, epic, samurai, waffle};
use crate::games::registry::Game;
use crate::store::Db;
use crate::store::builds::{self, Build, Facets};
use axum::Router;

/// A game, its routes (its builder's pages, and the flows every builder shares) and the
/// published builds the gallery offers to start from.
pub struct Registered {
    pub game: &'static Game,
    pub routes: fn(&WriteLimit) -> Router<AppState>,
    pub published: fn() -> &'static [StartChoice],
    /// A saved build's gallery facets, judged again by its builder: `builder::stored_facets::<B>`.
    pub facets: fn(&Build) -> Facets,
}

pub static GAMES: [Registered; 5] = [
    Registered {
        game: &crate::games::carwars::GAME,
        routes: boats::router,
        published: boats::view::published,
        facets: stored_facets::<boats::Boats>,
    },
    Registered {
        game: &crate::games::epic::GAME,
        routes: epic::router,
        published: || &[],
        facets: stored_facets::<epic::Epic>,
    },
    Registered {
        game: &crate::games::bfg::GAME,
        routes: bfg::router,
        published: || &[],
        facets: stored_facets::<bfg::Fleets>,
    },
    Registered {
        game: &crate::games::waffle::GAME,
        routes: waffle::router,
        published: || &[],
        facets: stored_facets::<waffle::Waffle>,
    },
    Registered {
        game: &crate::games::samurai::GAME,
        routes: samurai::router,
        published: || &[],
        facets: stored_facets::<samurai::Samurai>,
    },
];

/// The games, in order.
pub fn games() -> impl Iterator<Item = &'static Game> {
    GAMES.iter().map(|r| r.game)
}

/// The game whose builds are of this kind.
pub fn game(id: &str) -> Option<&'static Game> {
    games().find(|g| g.id == id)
}

/// Each game with builds published for everyone, and those builds.
pub fn published() -> impl Iterator<Item = (&'static Game, &'static [StartChoice])> {
    GAMES.iter().map(|r| (r.game, (r.published)())).filter(|(_, p)| !p.is_empty())
}

/// Every game's routes.
pub fn routes(writes: &WriteLimit) -> Router<AppState> {
    GAMES.iter().fold(Router::new(), |r, g| r.merge((g.routes)(writes)))
}

/// Works out the gallery facets of every saved build that has none (saved before there were
/// any, or by a game that had none then), by judging its document again through its game's
/// builder; a few hundred at a time. Run at start, before serving: the gallery then sorts,
/// filters and searches every build. Returns how many were judged.
pub async fn fill_facets(db: &Db) -> Result<u64, sqlx::Error> {
    const BATCH: i64 = 200;
    let mut judged = 0;
    for g in &GAMES {
        loop {
            let rows = builds::unjudged(db, g.game.id, BATCH).await?;
            for b in &rows {
                // A tombstone has nothing to judge: it gets empty facets.
                let f = if b.deleted_at.is_some() { Facets::default() } else { (g.facets)(b) };
                builds::set_facets(db, &b.id, &f).await?;
                judged += 1;
            }
            if rows.len() < usize::try_from(BATCH).unwrap_or(usize::MAX) {
                break;
            }
        }
    }
    Ok(judged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_have_distinct_ids_and_paths() {
        let mut ids: Vec<&str> = games().map(|g| g.id).collect();
        let mut paths: Vec<&str> = games().map(|g| g.path).collect();
        ids.sort_unstable();
        ids.dedup();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(ids.len(), GAMES.len());
        assert_eq!(paths.len(), GAMES.len());
        assert!(games().all(|g| g.path.starts_with('/') && !g.path.starts_with("/api")));
        assert_eq!(game("epic").map(|g| g.word), Some("detachment"));
        assert_eq!(game("nope"), None);
    }
}
