//! Every game the house serves, in the order the navigation shows them. The routes, the gallery's
//! filter and cards, the navigation and the start page are written over this list; adding a game
//! is its engine (src/games/<game>/, with its [`Game`]), its templates (templates/<game>/), its
//! small web module (a [`Builder`](super::builder::Builder) and its own pages) and one line here.

use super::AppState;
use super::rate::WriteLimit;
use super::view::StartChoice;
use super::{bfg, boats, epic, samurai, waffle};
use crate::games::registry::Game;
use axum::Router;

/// A game, its routes (its builder's pages, and the flows every builder shares) and the
/// published builds the gallery offers to start from.
pub struct Registered {
    pub game: &'static Game,
    pub routes: fn(&WriteLimit) -> Router<AppState>,
    pub published: fn() -> &'static [StartChoice],
}

pub static GAMES: [Registered; 5] = [
    Registered {
        game: &crate::games::carwars::GAME,
        routes: boats::router,
        published: boats::view::published,
    },
    Registered { game: &crate::games::epic::GAME, routes: epic::router, published: || &[] },
    Registered { game: &crate::games::bfg::GAME, routes: bfg::router, published: || &[] },
    Registered { game: &crate::games::waffle::GAME, routes: waffle::router, published: || &[] },
    Registered { game: &crate::games::samurai::GAME, routes: samurai::router, published: || &[] },
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
