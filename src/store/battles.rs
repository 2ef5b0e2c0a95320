//! Battles: the state of a saved fleet's battle tracker, one row per build, as JSON. The store
//! knows nothing of the game: it keeps the state it is given and says which revision it holds,
//! so a write can be refused when another landed after it was read.

use super::Db;
use crate::on_pool;
use sqlx::FromRow;

use super::builds::{looks_like_id, now_millis};
use crate::games::bounds::json_without_nul;

/// A stored battle.
#[derive(Debug, Clone, PartialEq, Eq, FromRow, serde::Serialize, serde::Deserialize)]
pub struct Stored {
    pub build_id: String,
    /// The tracker's state, as JSON.
    pub state: String,
    /// How many times it has been written (1 when started).
    pub revision: i64,
    /// Unix milliseconds.
    pub started_at: i64,
    pub updated_at: i64,
}

/// The battle of build `id`, if one was started.
pub async fn get(db: &Db, id: &str) -> Result<Option<Stored>, sqlx::Error> {
    if !looks_like_id(id) {
        return Ok(None);
    }
    on_pool!(db, pool => sqlx::query_as::<_, Stored>("SELECT * FROM battles WHERE build_id = $1").bind(id).fetch_optional(pool).await)
}

/// Writes `state` over the battle at `revision` (as read), or starts it when `revision` is
/// `None` and none is stored. `false` when another write came first: nothing is written, and
/// the caller reads again.
pub async fn save(db: &Db, id: &str, state: &str, revision: Option<i64>) -> Result<bool, sqlx::Error> {
    let now = now_millis();
    let state = &*json_without_nul(state);
    let done = on_pool!(db, pool => match revision {
        None => sqlx::query(
            "INSERT INTO battles (build_id, state, revision, started_at, updated_at) VALUES ($1, $2, 1, $3, $3) \
             ON CONFLICT (build_id) DO NOTHING",
        )
        .bind(id)
        .bind(state)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected(),
        Some(r) => sqlx::query(
            "UPDATE battles SET state = $1, revision = revision + 1, updated_at = $2 \
             WHERE build_id = $3 AND revision = $4",
        )
        .bind(state)
        .bind(now)
        .bind(id)
        .bind(r)
        .execute(pool)
        .await?
        .rows_affected(),
    });
    Ok(done == 1)
}

/// Starts the battle anew with `state`, whatever was stored.
pub async fn restart(db: &Db, id: &str, state: &str) -> Result<Stored, sqlx::Error> {
    let now = now_millis();
    let state = &*json_without_nul(state);
    on_pool!(db, pool => sqlx::query_as::<_, Stored>(
        "INSERT INTO battles (build_id, state, revision, started_at, updated_at) VALUES ($1, $2, 1, $3, $3) \
         ON CONFLICT (build_id) DO UPDATE SET state = excluded.state, revision = battles.revision + 1, \
         started_at = excluded.started_at, updated_at = excluded.updated_at RETURNING *",
    )
    .bind(id)
    .bind(state)
    .bind(now)
    .fetch_one(pool)
    .await)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "aaaaaaaaaaaaaaaa";

    #[tokio::test]
    async fn a_write_from_a_stale_read_is_refused_and_changes_nothing() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            assert_eq!(get(&db, ID).await.unwrap(), None);
            assert!(save(&db, ID, r#"{"turn":1}"#, None).await.unwrap());
            // A second start from the same empty read lost the race.
            assert!(!save(&db, ID, r#"{"turn":9}"#, None).await.unwrap());
            let first = get(&db, ID).await.unwrap().unwrap();
            assert_eq!((first.state.as_str(), first.revision), (r#"{"turn":1}"#, 1));

            assert!(save(&db, ID, r#"{"turn":2}"#, Some(1)).await.unwrap());
            assert!(!save(&db, ID, r#"{"turn":3}"#, Some(1)).await.unwrap(), "revision 1 was read before");
            let now = get(&db, ID).await.unwrap().unwrap();
            assert_eq!((now.state.as_str(), now.revision), (r#"{"turn":2}"#, 2));
        }
    }

    #[tokio::test]
    async fn a_restart_replaces_the_state_and_moves_the_revision_on() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let fresh = restart(&db, ID, "{}").await.unwrap();
            assert_eq!(fresh.revision, 1);
            assert!(save(&db, ID, r#"{"turn":2}"#, Some(1)).await.unwrap());

            let again = restart(&db, ID, r#"{"turn":1}"#).await.unwrap();

            // A write read before the restart cannot land on the new battle.
            assert_eq!(again.revision, 3);
            assert!(!save(&db, ID, r#"{"turn":5}"#, Some(2)).await.unwrap());
            assert_eq!(get(&db, ID).await.unwrap().unwrap().state, r#"{"turn":1}"#);
            let refused = crate::on_pool!(&db, pool => sqlx::query(
                "INSERT INTO battles (build_id, state, revision, started_at, updated_at) \
                 VALUES ('b', 'not json', 1, 0, 0)"
            )
            .execute(pool)
            .await
            .is_err());
            assert!(refused, "{}: a state that is not JSON is refused", db.backend());
            assert_eq!(get(&db, "../etc").await.unwrap(), None);
        }
    }
}
