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

/// The revision of build `id`'s battle, if one was started: a small read for watchers that only
/// need to know whether it changed.
pub async fn revision(db: &Db, id: &str) -> Result<Option<i64>, sqlx::Error> {
    if !looks_like_id(id) {
        return Ok(None);
    }
    on_pool!(db, pool => sqlx::query_scalar::<_, i64>("SELECT revision FROM battles WHERE build_id = $1").bind(id).fetch_optional(pool).await)
}

/// What became of a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Done,
    /// Another write came first: nothing was written, and the caller reads again.
    Stale,
    /// The build is not there, or was deleted: a deleted fleet's battle is gone for good, and
    /// no write brings it back.
    NoBuild,
}

/// A statement that writes a battle only while its build is there and not deleted, on each
/// backend: `$head`, then a read of the build (`$1`), then `$tail`. On PostgreSQL the build's row
/// is locked for share as it is read: a delete that has marked it (and taken its battle away)
/// makes the write wait, see it deleted and write nothing; a write that came first makes the
/// delete wait for it, and then take its battle away. SQLite writes one statement at a time, so
/// the check and the write cannot be split by a delete.
macro_rules! while_the_build_lives {
    ($db:expr, $head:literal, $tail:literal) => {
        match $db {
            Db::Sqlite(..) => concat!($head, " FROM builds WHERE id = $1 AND deleted_at IS NULL", $tail),
            Db::Postgres(_) => {
                concat!($head, " FROM builds WHERE id = $1 AND deleted_at IS NULL FOR SHARE", $tail)
            }
        }
    };
}

/// Writes `state` over the battle at `revision` (as read), or starts it when `revision` is
/// `None` and none is stored, while build `id` is there and not deleted.
pub async fn save(db: &Db, id: &str, state: &str, revision: Option<i64>) -> Result<Written, sqlx::Error> {
    let now = now_millis();
    let state = &*json_without_nul(state);
    let sql = match revision {
        None => while_the_build_lives!(
            db,
            "INSERT INTO battles (build_id, state, revision, started_at, updated_at) SELECT $1, $2, 1, $3, $3",
            " ON CONFLICT (build_id) DO NOTHING"
        ),
        Some(_) => while_the_build_lives!(
            db,
            "UPDATE battles SET state = $2, revision = revision + 1, updated_at = $3 \
             WHERE build_id = $1 AND revision = $4 AND EXISTS (SELECT 1",
            ")"
        ),
    };
    let done = on_pool!(db, pool => {
        let q = sqlx::query(sql).bind(id).bind(state).bind(now);
        let q = match revision {
            Some(r) => q.bind(r),
            None => q,
        };
        q.execute(pool).await?.rows_affected()
    });
    if done == 1 {
        return Ok(Written::Done);
    }
    Ok(if lives(db, id).await? { Written::Stale } else { Written::NoBuild })
}

/// Whether build `id` is there and not deleted.
async fn lives(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    on_pool!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM builds WHERE id = $1 AND deleted_at IS NULL")
        .bind(id)
        .fetch_one(pool)
        .await)
    .map(|n| n > 0)
}

/// Starts the battle anew with `state`, whatever was stored, while build `id` is there and not
/// deleted; `None` when it is not.
pub async fn restart(db: &Db, id: &str, state: &str) -> Result<Option<Stored>, sqlx::Error> {
    let now = now_millis();
    let state = &*json_without_nul(state);
    let sql = while_the_build_lives!(
        db,
        "INSERT INTO battles (build_id, state, revision, started_at, updated_at) SELECT $1, $2, 1, $3, $3",
        " ON CONFLICT (build_id) DO UPDATE SET state = excluded.state, revision = battles.revision + 1, \
         started_at = excluded.started_at, updated_at = excluded.updated_at RETURNING *"
    );
    on_pool!(db, pool => sqlx::query_as::<_, Stored>(sql)
        .bind(id)
        .bind(state)
        .bind(now)
        .fetch_optional(pool)
        .await)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::builds::{self, Content, Facets, Listing};

    /// A live build to track a battle for: (its id, its edit token).
    async fn fleet(db: &Db) -> (String, String) {
        let c = Content {
            kind: "bfg",
            name: "Fleet".into(),
            document: "{}".into(),
            engine_version: 1,
            legal: true,
            summary: String::new(),
            facets: Facets::default(),
        };
        let (b, token) = builds::create(db, &c, None, Listing::Listed).await.expect("a build");
        (b.id, token)
    }

    #[tokio::test]
    async fn a_write_from_a_stale_read_is_refused_and_changes_nothing() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let (id, _) = fleet(&db).await;
            let id = id.as_str();
            assert_eq!(get(&db, id).await.unwrap(), None);
            assert_eq!(save(&db, id, r#"{"turn":1}"#, None).await.unwrap(), Written::Done);
            // A second start from the same empty read lost the race.
            assert_eq!(save(&db, id, r#"{"turn":9}"#, None).await.unwrap(), Written::Stale);
            let first = get(&db, id).await.unwrap().unwrap();
            assert_eq!((first.state.as_str(), first.revision), (r#"{"turn":1}"#, 1));

            assert_eq!(save(&db, id, r#"{"turn":2}"#, Some(1)).await.unwrap(), Written::Done);
            assert_eq!(revision(&db, id).await.unwrap(), Some(2));
            assert_eq!(revision(&db, "bbbbbbbbbbbbbbbb").await.unwrap(), None);
            assert_eq!(
                save(&db, id, r#"{"turn":3}"#, Some(1)).await.unwrap(),
                Written::Stale,
                "revision 1 was read before"
            );
            let now = get(&db, id).await.unwrap().unwrap();
            assert_eq!((now.state.as_str(), now.revision), (r#"{"turn":2}"#, 2));
        }
    }

    #[tokio::test]
    async fn a_restart_replaces_the_state_and_moves_the_revision_on() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let (id, _) = fleet(&db).await;
            let id = id.as_str();
            let fresh = restart(&db, id, "{}").await.unwrap().expect("restarted");
            assert_eq!(fresh.revision, 1);
            assert_eq!(save(&db, id, r#"{"turn":2}"#, Some(1)).await.unwrap(), Written::Done);

            let again = restart(&db, id, r#"{"turn":1}"#).await.unwrap().expect("restarted");

            // A write read before the restart cannot land on the new battle.
            assert_eq!(again.revision, 3);
            assert_eq!(save(&db, id, r#"{"turn":5}"#, Some(2)).await.unwrap(), Written::Stale);
            assert_eq!(get(&db, id).await.unwrap().unwrap().state, r#"{"turn":1}"#);
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

    #[tokio::test]
    async fn a_deleted_builds_battle_is_gone_and_no_write_brings_it_back() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let (id, token) = fleet(&db).await;
            assert_eq!(save(&db, &id, r#"{"turn":1}"#, None).await.unwrap(), Written::Done);
            builds::delete(&db, &id, None, &token).await.expect("deleted");
            assert_eq!(get(&db, &id).await.unwrap(), None, "{}: the battle went with it", db.backend());
            assert_eq!(save(&db, &id, r#"{"turn":2}"#, Some(1)).await.unwrap(), Written::NoBuild);
            assert_eq!(save(&db, &id, r#"{"turn":1}"#, None).await.unwrap(), Written::NoBuild);
            assert_eq!(restart(&db, &id, "{}").await.unwrap(), None);
            assert_eq!(
                save(&db, "cccccccccccccccc", "{}", None).await.unwrap(),
                Written::NoBuild,
                "no build at all"
            );
            assert_eq!(get(&db, &id).await.unwrap(), None, "{}: nothing came back", db.backend());
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn starts_and_writes_racing_a_delete_leave_no_battle() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            for round in 0..12 {
                let (id, token) = fleet(&db).await;
                if round % 2 == 1 {
                    assert_eq!(save(&db, &id, r#"{"turn":1}"#, None).await.unwrap(), Written::Done);
                }
                let writers: Vec<_> = (0..6)
                    .map(|k| {
                        let (db, id) = (db.clone(), id.clone());
                        tokio::spawn(async move {
                            for _ in 0..8 {
                                let read = get(&db, &id).await.expect("read").map(|s| s.revision);
                                let state = format!(r#"{{"writer":{k}}}"#);
                                match save(&db, &id, &state, read).await.expect("write") {
                                    Written::NoBuild => return,
                                    Written::Done | Written::Stale => {}
                                }
                                if k % 2 == 0 {
                                    let _ = restart(&db, &id, &state).await.expect("restart");
                                }
                            }
                        })
                    })
                    .collect();
                builds::delete(&db, &id, None, &token).await.expect("deleted");
                for w in writers {
                    w.await.expect("writer");
                }
                assert_eq!(
                    get(&db, &id).await.unwrap(),
                    None,
                    "{} round {round}: a battle outlived its fleet",
                    db.backend()
                );
            }
        }
    }
}
