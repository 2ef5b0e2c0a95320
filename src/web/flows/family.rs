//! A share page's family: the build it was copied from (if listed) and its listed copies, each
//! with a one-line difference worked out from the comparison's facts. Nothing here names a game.

use super::facts::one_line;
use super::registered;
use crate::store::builds::{self, Build, Listing};
use crate::web::http::state::AppState;

/// The most copies a share page's family lists (the rest are counted: "and 4 more").
pub const MAX_FAMILY: usize = 20;

/// A build's family as read from the store, not yet judged: its original (if listed and still
/// there) and its first [`MAX_FAMILY`] listed copies, and how many more listed copies it has.
#[derive(Debug, Default)]
pub struct Kin {
    pub parent: Option<Build>,
    pub copies: Vec<Build>,
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
        let Some(r) = registered::of_kind(&b.kind) else { return Family::default() };
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
