//! The games the house serves, as plain descriptors ([`Game`]: where a game's pages are, what its
//! builds are called), handed in once by the app's assembly (`web::install_games`, from the
//! registry) so that nothing shared imports a game or the registry. The navigation every page
//! carries (error pages too), the metrics' route classes and the flows' look-ups of a build's
//! game by its kind read them here. Before they are handed in the list is empty.

use crate::games::registry::Game;
use std::sync::OnceLock;

static GAMES: OnceLock<&'static [&'static Game]> = OnceLock::new();

/// Hands the games in. The first list stays: the house has one registry.
pub fn install(games: &'static [&'static Game]) {
    let _ = GAMES.set(games);
}

/// The games, in the registry's order.
pub fn games() -> impl Iterator<Item = &'static Game> {
    GAMES.get().copied().unwrap_or_default().iter().copied()
}

/// The game whose builds are of this kind.
pub fn game(kind: &str) -> Option<&'static Game> {
    games().find(|g| g.id == kind)
}
