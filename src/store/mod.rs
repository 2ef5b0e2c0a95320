//! Storage: one SQLite file, opened for durability and concurrency, migrated on start.

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
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

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
