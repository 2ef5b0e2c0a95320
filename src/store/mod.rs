//! Storage: one SQLite file, opened for durability and concurrency, migrated on start.

pub mod battles;
pub mod builds;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use std::time::Duration;

/// The migrations in `migrations/`, embedded at build time.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The size the write-ahead log is cut back to after a checkpoint.
pub const WAL_SIZE_LIMIT: u64 = 16 * 1024 * 1024;
/// How often the log is folded back into the database and cut back.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Opens (creating if needed) and migrates the database, and keeps its write-ahead log small
/// while it is open (see [`keep_wal_small`]).
///
/// WAL lets readers run beside the single writer; `synchronous = FULL` makes every acknowledged
/// save durable even if the process is killed right after; the busy timeout queues writers
/// instead of failing them under load.
pub async fn open(path: &Path) -> Result<SqlitePool, sqlx::Error> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true)
        .pragma("journal_size_limit", WAL_SIZE_LIMIT.to_string());
    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
    MIGRATOR.run(&pool).await?;
    tokio::spawn(keep_wal_small(pool.clone()));
    Ok(pool)
}

/// SQLite folds the log back into the database every thousand pages, but it can only start the
/// log over from its beginning at a moment when no reader is using it, and under sustained
/// reads and writes that moment never comes: the log grew to 672 MB in ten seconds of saving and
/// stayed that size. So every [`CHECKPOINT_EVERY`] a `TRUNCATE` checkpoint waits (within the busy
/// timeout) for the readers of the moment to finish, copies the log into the database and
/// empties it. Every save is still synced to the log before it is acknowledged
/// (`synchronous = FULL`), so this changes nothing about durability. Ends when the pool closes.
pub async fn keep_wal_small(pool: SqlitePool) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&pool).await {
            if pool.is_closed() {
                return;
            }
            tracing::warn!(error = %e, "could not checkpoint the write-ahead log; will try again");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first migration's schema, with rows in it as a server of that version left them.
    async fn database_at_the_first_migration() -> (tempfile::TempDir, SqlitePool) {
        let dir = tempfile::tempdir().expect("dir");
        let options = SqliteConnectOptions::new()
            .filename(dir.path().join("old.db"))
            .create_if_missing(true)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new().max_connections(1).connect_with(options).await.expect("open");
        let first = MIGRATOR.iter().next().expect("a first migration").version;
        MIGRATOR.run_to(first, &pool).await.expect("first migration");
        for (id, kind, parent) in
            [("aaaaaaaaaaaaaaaa", "boat", None), ("bbbbbbbbbbbbbbbb", "epic", Some("aaaaaaaaaaaaaaaa"))]
        {
            sqlx::query(
                "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, \
                 updated_at, parent_id, edit_token_hash) VALUES (?, ?, 'Old', '{\"hull\":\"dinghy\"}', 1, 1, 's', 1, 2, ?, 'h')",
            )
            .bind(id)
            .bind(kind)
            .bind(parent)
            .execute(&pool)
            .await
            .expect("old row");
        }
        (dir, pool)
    }

    async fn rows(pool: &SqlitePool) -> Vec<(String, String, String, String, Option<String>, i64, i64)> {
        sqlx::query_as(
            "SELECT id, kind, name, document, parent_id, created_at, updated_at FROM builds ORDER BY id",
        )
        .fetch_all(pool)
        .await
        .expect("rows")
    }

    #[tokio::test]
    async fn the_migrations_keep_every_old_row_and_let_any_game_be_stored() {
        // Arrange
        let (_dir, pool) = database_at_the_first_migration().await;
        let before = rows(&pool).await;
        assert!(
            sqlx::query("UPDATE builds SET kind = 'bfg' WHERE id = 'aaaaaaaaaaaaaaaa'")
                .execute(&pool)
                .await
                .is_err(),
            "the first schema fixes the kinds"
        );

        // Act
        MIGRATOR.run(&pool).await.expect("later migrations");

        // Assert: the same rows, the parent link kept, and a new kind accepted.
        assert_eq!(rows(&pool).await, before);
        assert_eq!(before[1].4.as_deref(), Some("aaaaaaaaaaaaaaaa"));
        sqlx::query("UPDATE builds SET kind = 'bfg' WHERE id = 'aaaaaaaaaaaaaaaa'")
            .execute(&pool)
            .await
            .expect("any kind");
        let check: String = sqlx::query_scalar("PRAGMA foreign_key_check")
            .fetch_optional(&pool)
            .await
            .expect("fk")
            .unwrap_or_else(|| "ok".into());
        assert_eq!(check, "ok");
        // A parent still clears its copies' link when deleted, as before.
        sqlx::query("DELETE FROM builds WHERE id = 'aaaaaaaaaaaaaaaa'").execute(&pool).await.expect("delete");
        let parent: Option<String> =
            sqlx::query_scalar("SELECT parent_id FROM builds WHERE id = 'bbbbbbbbbbbbbbbb'")
                .fetch_one(&pool)
                .await
                .expect("copy");
        assert_eq!(parent, None);
    }
}
