//! Storage: one SQLite file by default, or one PostgreSQL database shared by several instances;
//! opened for durability and concurrency, migrated on start.
//!
//! Every query is written once, with `$1`-style parameters both backends read, and run on
//! whichever pool the store holds ([`on_pool!`]); the few that must differ say so beside them.

pub mod battles;
pub mod builds;
pub mod gallery;
pub mod testing;
pub mod transfer;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// The SQLite migrations in `migrations/sqlite/`, embedded at build time.
pub static MIGRATOR: Migrator = sqlx::migrate!("migrations/sqlite");
/// The PostgreSQL migrations in `migrations/postgres/`: the same tables, PostgreSQL's types.
pub static PG_MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");

/// The size the write-ahead log is cut back to after a checkpoint.
pub const WAL_SIZE_LIMIT: u64 = 16 * 1024 * 1024;
/// How often the log is folded back into the database and cut back.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Connections one PostgreSQL instance keeps at most: several instances share the server's
/// `max_connections` (100 by default).
pub const PG_CONNECTIONS: u32 = 16;

/// Where the builds are kept: `--database` as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by URL (`postgres://user:password@host:port/database`).
    Postgres(String),
}

impl Location {
    /// A `postgres://` or `postgresql://` URL, or else a SQLite path (`sqlite://` before it is
    /// taken off).
    pub fn parse(s: &str) -> Location {
        let lower = s.get(..13).unwrap_or(s).to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            return Location::Postgres(s.to_owned());
        }
        Location::Sqlite(PathBuf::from(s.strip_prefix("sqlite://").unwrap_or(s)))
    }

    /// As `--database` takes it.
    pub fn arg(&self) -> std::ffi::OsString {
        match self {
            Location::Sqlite(p) => p.clone().into_os_string(),
            Location::Postgres(url) => url.into(),
        }
    }

    /// For logs and messages: the path, or the URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Location::Sqlite(p) => p.display().to_string(),
            Location::Postgres(url) => match (url.find("://"), url.rfind('@')) {
                (Some(scheme), Some(at)) if at > scheme => {
                    let userinfo = &url[scheme + 3..at];
                    match userinfo.find(':') {
                        Some(colon) => {
                            format!("{}{}:***{}", &url[..scheme + 3], &userinfo[..colon], &url[at..])
                        }
                        None => url.clone(),
                    }
                }
                _ => url.clone(),
            },
        }
    }
}

impl std::str::FromStr for Location {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Location::parse(s))
    }
}

/// The store: a pool on one backend or the other. A SQLite file is written by this process
/// alone, so it counts its writes in memory; PostgreSQL counts them in the database, for every
/// instance (see [`Db::change_mark`]).
#[derive(Debug, Clone)]
pub enum Db {
    Sqlite(SqlitePool, Arc<AtomicI64>),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the store's pool, whichever backend it is: the body is
/// compiled once for each, so one query text serves both.
#[macro_export]
macro_rules! on_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite($pool, _) => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
}

impl Db {
    /// The store on an open SQLite pool.
    pub fn sqlite(pool: SqlitePool) -> Db {
        Db::Sqlite(pool, Arc::new(AtomicI64::new(1)))
    }

    /// The backend's name, for logs.
    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(..) => "SQLite",
            Db::Postgres(_) => "PostgreSQL",
        }
    }

    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await);
    }

    /// Where the store stands in the sequence of writes that could change a share page (a
    /// change, a copy, listing, a delete): a page drawn after this value was read is current for
    /// as long as it stays the same. Counted in memory on SQLite, in the database (a sequence)
    /// on PostgreSQL, where every instance writes.
    pub async fn change_mark(&self) -> Result<i64, sqlx::Error> {
        match self {
            Db::Sqlite(_, changes) => Ok(changes.load(Ordering::Acquire)),
            Db::Postgres(pool) => sqlx::query_scalar("SELECT last_value FROM changes").fetch_one(pool).await,
        }
    }

    /// The change mark, when it can be read without asking the database (SQLite's).
    pub fn local_mark(&self) -> Option<i64> {
        match self {
            Db::Sqlite(_, changes) => Some(changes.load(Ordering::Acquire)),
            Db::Postgres(_) => None,
        }
    }

    /// Moves the change mark on: called by every write a page could show after it has
    /// committed, before it is answered, so a read anywhere that starts after the answer sees a
    /// new mark.
    pub async fn changed(&self) -> Result<(), sqlx::Error> {
        match self {
            Db::Sqlite(_, changes) => {
                changes.fetch_add(1, Ordering::AcqRel);
            }
            Db::Postgres(pool) => {
                sqlx::query("SELECT nextval('changes')").execute(pool).await?;
            }
        }
        Ok(())
    }
}

/// Opens (creating if needed) and migrates the store at `at`.
pub async fn open_at(at: &Location) -> Result<Db, sqlx::Error> {
    match at {
        Location::Sqlite(path) => open(path).await.map(Db::sqlite),
        Location::Postgres(url) => open_postgres(url).await.map(Db::Postgres),
    }
}

/// Connects to and migrates a PostgreSQL database. Every commit waits for its write-ahead log
/// record to be flushed (`synchronous_commit = on`, PostgreSQL's default, set here so a server
/// configured otherwise cannot weaken it): an acknowledged save survives the instance and the
/// database server being killed. Migrations take PostgreSQL's advisory lock, so instances
/// starting together apply them once.
pub async fn open_postgres(url: &str) -> Result<PgPool, sqlx::Error> {
    let options: PgConnectOptions = url.parse()?;
    let options = options.application_name("drydock").options([("synchronous_commit", "on")]);
    let pool = PgPoolOptions::new()
        .max_connections(PG_CONNECTIONS)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await?;
    PG_MIGRATOR.run(&pool).await?;
    Ok(pool)
}

/// Opens (creating if needed) and migrates a SQLite file, and keeps its write-ahead log small
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

    /// The columns of `table` on `db`'s backend, by name, without PostgreSQL's stand-in for
    /// SQLite's rowid.
    async fn columns(db: &Db, table: &str) -> Vec<String> {
        let sql = match db {
            Db::Sqlite(..) => "SELECT name FROM pragma_table_info($1) ORDER BY name",
            Db::Postgres(_) => {
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'rowid' \
                 ORDER BY column_name"
            }
        };
        testing::texts(db, sql, &[table]).await
    }

    #[tokio::test]
    async fn both_backends_migrate_to_the_same_tables() {
        let stores = testing::both().await;
        let Some(pg) = stores.get(1) else { return };
        for table in ["builds", "battles"] {
            let sqlite = columns(&stores[0].db, table).await;
            assert!(sqlite.len() > 4, "{table}: {sqlite:?}");
            assert_eq!(
                sqlite,
                columns(&pg.db, table).await,
                "{table}: migrations/sqlite and migrations/postgres differ"
            );
        }
    }

    #[tokio::test]
    async fn a_database_url_is_postgresql_and_anything_else_a_file() {
        assert_eq!(Location::parse("drydock.db"), Location::Sqlite("drydock.db".into()));
        assert_eq!(Location::parse("sqlite:///var/lib/d.db"), Location::Sqlite("/var/lib/d.db".into()));
        assert_eq!(Location::parse("./postgres.db"), Location::Sqlite("./postgres.db".into()));
        for url in ["postgres://u@h/db", "postgresql://u:p@h:5433/db", "POSTGRES://h/db"] {
            assert_eq!(Location::parse(url), Location::Postgres(url.into()));
        }
        assert_eq!(
            Location::parse("postgres://drydock:s3cret@db:5432/drydock").describe(),
            "postgres://drydock:***@db:5432/drydock"
        );
        assert_eq!(
            Location::parse("postgres://drydock@db/drydock").describe(),
            "postgres://drydock@db/drydock"
        );
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
