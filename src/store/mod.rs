//! Storage: one SQLite file by default, or one PostgreSQL database shared by several instances;
//! opened for durability and concurrency, migrated on start.
//!
//! Every query is written once, with `$1`-style parameters both backends read, and run on
//! whichever pool the store holds ([`on_pool!`]); the few that must differ say so beside them.

pub mod battles;
pub mod builds;
pub mod gallery;
pub mod health;
pub mod pg;
pub mod testing;
pub mod transfer;

pub use health::State;
pub use pg::{PgSettings, PgStore};
use sqlx::migrate::Migrator;
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
    Postgres(PgStore),
}

/// How a store is opened: whether it migrates (`--no-migrate` turns that off: the schema must
/// then be migrated already, by `drydock migrate`), and the PostgreSQL pool's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Open {
    pub migrate: bool,
    pub pg: PgSettings,
}

impl Default for Open {
    fn default() -> Self {
        Open { migrate: true, pg: PgSettings::DEFAULT }
    }
}

/// Whether an error means the store could not be reached, or could not take the statement just
/// now (down, restarting, failing over, out of connections, full, busy past the wait, the
/// connection lost): the request may be tried again in a moment, unlike a statement that failed.
pub fn unavailable(e: &sqlx::Error) -> bool {
    use sqlx::Error as E;
    match e {
        E::PoolTimedOut | E::PoolClosed | E::Io(_) | E::Tls(_) | E::Protocol(_) | E::WorkerCrashed => true,
        E::Database(d) => match d.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
            // 08: the connection lost or refused (PgBouncer's own refusals too); 53: too many
            // connections, disk full, out of memory; 57: shutting down, starting up, the
            // statement timeout; 40: a serialization failure or deadlock; 25006: read only (a
            // standby, mid-failover); 55P03: a lock not had in time.
            Some(pg) => {
                let code = pg.code();
                ["08", "53", "57", "40"].iter().any(|class| code.starts_with(class))
                    || code == "25006"
                    || code == "55P03"
            }
            // SQLite's primary result codes: busy, locked, an I/O error, full.
            None => d
                .code()
                .and_then(|c| c.parse::<u32>().ok())
                .is_some_and(|c| matches!(c & 0xff, 5 | 6 | 10 | 13)),
        },
        _ => false,
    }
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

    /// Where the store stands: a SQLite file is up once open.
    pub fn state(&self) -> State {
        match self {
            Db::Sqlite(..) => State::Up,
            Db::Postgres(store) => store.health().state(),
        }
    }

    /// Resolves once the store is up: at once on SQLite; on PostgreSQL once its schema is ready.
    pub async fn up(&self) {
        if let Db::Postgres(store) = self {
            store.health().up().await;
        }
    }

    /// Whether the store answers within [`health::PROBE_LIMIT`]: a SQLite file is asked now; a
    /// PostgreSQL store is up only if its last probe, a fraction of a second ago, was answered
    /// in time.
    pub async fn ready(&self) -> bool {
        match self {
            Db::Sqlite(pool, _) => {
                let ask = sqlx::query("SELECT 1").execute(pool);
                matches!(tokio::time::timeout(health::PROBE_LIMIT, ask).await, Ok(Ok(_)))
            }
            Db::Postgres(store) => store.health().state() == State::Up,
        }
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

/// Opens (creating if needed) and migrates the store at `at`, with the default settings.
pub async fn open_at(at: &Location) -> Result<Db, sqlx::Error> {
    open_with(at, &Open::default()).await
}

/// Opens the store at `at` now: connects, and migrates it (or, with `migrate` off, checks that
/// it is migrated). For `drydock export` and `import`, and tests.
pub async fn open_with(at: &Location, o: &Open) -> Result<Db, sqlx::Error> {
    match at {
        Location::Sqlite(path) => open_sqlite(path, Schema::of(o.migrate)).await.map(Db::sqlite),
        Location::Postgres(url) => {
            let store = PgStore::new(url, o.pg, State::Starting)?;
            prepare(o.migrate)(store.clone()).await?;
            store.health().set(State::Up);
            Ok(Db::Postgres(store))
        }
    }
}

/// Opens the store at `at` for serving. A SQLite file is opened and migrated (or checked) now.
/// A PostgreSQL store is returned at once, [`State::Starting`]: a task of its own connects and
/// migrates (or checks) for as long as the database is away, then keeps its health known
/// ([`health::keep_watch`]), so a server can start before its database and outlive its
/// restarts.
pub async fn serve_at(at: &Location, o: &Open) -> Result<Db, sqlx::Error> {
    match at {
        Location::Sqlite(_) => open_with(at, o).await,
        Location::Postgres(url) => {
            let store = PgStore::new(url, o.pg, State::Starting)?;
            tokio::spawn(health::keep_watch(store.clone(), prepare(o.migrate)));
            Ok(Db::Postgres(store))
        }
    }
}

/// `drydock migrate`: applies the migrations of this release that the store at `at` lacks;
/// returns their versions.
pub async fn migrate_at(at: &Location, o: &Open) -> Result<Vec<i64>, sqlx::Error> {
    let db = match at {
        Location::Sqlite(path) => Db::sqlite(open_sqlite(path, Schema::AsItIs).await?),
        Location::Postgres(url) => Db::Postgres(PgStore::new(url, o.pg, State::Up)?),
    };
    let before = applied(&db).await.unwrap_or_default();
    let done = match &db {
        Db::Sqlite(pool, _) => tolerant(&MIGRATOR).run(pool).await.map_err(sqlx::Error::from),
        Db::Postgres(store) => migrate_postgres(store.clone()).await,
    };
    db.close().await;
    done?;
    let ours = if matches!(db, Db::Sqlite(..)) { &MIGRATOR } else { &PG_MIGRATOR };
    Ok(ours.iter().map(|m| m.version).filter(|v| !before.iter().any(|(b, _)| b == v)).collect())
}

/// What opening does to a store's schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Schema {
    /// Applies the migrations it lacks.
    Migrate,
    /// Refuses a schema that lacks one of this release's migrations.
    Check,
    /// Leaves it as it is.
    AsItIs,
}

impl Schema {
    fn of(migrate: bool) -> Schema {
        if migrate { Schema::Migrate } else { Schema::Check }
    }
}

/// A migrator with `m`'s migrations that accepts a database migrated by a later release (whose
/// migrations it does not know): schema changes are additive, so this release still works on
/// it, and instances can be replaced one at a time.
pub fn tolerant(m: &Migrator) -> Migrator {
    let mut out = Migrator::with_migrations(m.iter().cloned().collect());
    out.set_ignore_missing(true);
    out
}

/// The migrations applied (successfully) to the store, by version and checksum; an error if it
/// was never migrated.
pub async fn applied(db: &Db) -> Result<Vec<(i64, Vec<u8>)>, sqlx::Error> {
    const SQL: &str = "SELECT version, checksum FROM _sqlx_migrations WHERE success ORDER BY version";
    match db {
        Db::Sqlite(pool, _) => sqlx::query_as(SQL).fetch_all(pool).await,
        // On a connection of its own (a starting store runs no statement through its pool), as
        // one simple query, which a transaction pooler cannot split.
        Db::Postgres(store) => {
            use sqlx::Row;
            let rows = sqlx::raw_sql(SQL).fetch_all(&mut connect_in_time(store).await?).await?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
        }
    }
}

/// Whether every migration of `m` has been applied as this release has it (`--no-migrate`);
/// says which is missing or different.
async fn check_migrated(db: &Db, m: &Migrator) -> Result<(), sqlx::Error> {
    let applied = match applied(db).await {
        Ok(applied) => applied,
        // No migration table: never migrated. (An outage is said as it is.)
        Err(e) if unavailable(&e) => return Err(e),
        Err(_) => Vec::new(),
    };
    for x in m.iter() {
        match applied.iter().find(|(v, _)| *v == x.version) {
            None => {
                return Err(sqlx::Error::Configuration(
                    format!(
                        "the database lacks migration {} ({}): run `drydock migrate` with this release first",
                        x.version, x.description
                    )
                    .into(),
                ));
            }
            Some((_, sum)) if **sum != *x.checksum => {
                return Err(sqlx::migrate::MigrateError::VersionMismatch(x.version).into());
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// How a PostgreSQL store gets its schema ready before it serves: migrated, or checked.
fn prepare(migrate: bool) -> health::Prepare {
    if migrate { |s| Box::pin(migrate_postgres(s)) } else { |s| Box::pin(check_postgres(s)) }
}

/// Migrates a PostgreSQL database on a connection of its own, with no statement timeout (a
/// migration may take long). PostgreSQL's advisory lock lets the first instance migrate while
/// others starting with it wait; the lock is the session's, so migrations need a direct
/// connection (or a session pooler), never a transaction pooler.
async fn migrate_postgres(store: PgStore) -> Result<(), sqlx::Error> {
    if store.settings().transaction_pooling {
        return Err(sqlx::Error::Configuration(
            "migrations cannot run through a transaction pooler: run `drydock migrate` on a direct \
             connection, and start the instances behind the pooler with --no-migrate"
                .into(),
        ));
    }
    let mut conn = connect_in_time(&store).await?;
    // `run` on a connection does not compile inside a boxed future (sqlx's "Acquire is not
    // general enough"); this is what it calls.
    tolerant(&PG_MIGRATOR).run_direct(None, &mut conn, false).await?;
    Ok(())
}

async fn check_postgres(store: PgStore) -> Result<(), sqlx::Error> {
    check_migrated(&Db::Postgres(store), &PG_MIGRATOR).await
}

/// A connection of the store's own, within the pool's acquire timeout (at least a second): a
/// host that drops packets would otherwise keep the attempt waiting for minutes.
async fn connect_in_time(store: &PgStore) -> Result<sqlx::postgres::PgConnection, sqlx::Error> {
    let limit = store.settings().acquire_timeout.max(health::PROBE_LIMIT);
    tokio::time::timeout(limit, store.connect_alone()).await.unwrap_or(Err(sqlx::Error::PoolTimedOut))
}

/// Opens (creating if needed) and migrates a SQLite file, and keeps its write-ahead log small
/// while it is open (see [`keep_wal_small`]).
///
/// WAL lets readers run beside the single writer; `synchronous = FULL` makes every acknowledged
/// save durable even if the process is killed right after; the busy timeout queues writers
/// instead of failing them under load.
pub async fn open(path: &Path) -> Result<SqlitePool, sqlx::Error> {
    open_sqlite(path, Schema::Migrate).await
}

/// Opens (creating if needed) a SQLite file, doing to its schema what `schema` says.
async fn open_sqlite(path: &Path, schema: Schema) -> Result<SqlitePool, sqlx::Error> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true)
        .pragma("journal_size_limit", WAL_SIZE_LIMIT.to_string());
    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
    match schema {
        Schema::Migrate => tolerant(&MIGRATOR).run(&pool).await?,
        Schema::Check => check_migrated(&Db::sqlite(pool.clone()), &MIGRATOR).await?,
        Schema::AsItIs => {}
    }
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
    async fn an_outage_or_a_busy_store_is_unavailable_and_a_failed_statement_is_not() {
        assert!(unavailable(&sqlx::Error::PoolTimedOut));
        assert!(unavailable(&pg::not_answering()));
        assert!(!unavailable(&sqlx::Error::RowNotFound));
        for store in testing::both().await {
            let fails = |sql: &'static str| {
                let db = store.db.clone();
                async move { on_pool!(&db, pool => sqlx::query(sql).execute(pool).await.expect_err(sql)) }
            };
            // A statement that cannot work: not an outage.
            assert!(!unavailable(&fails("SELECT * FROM no_such_table").await));
            assert!(!unavailable(&fails("INSERT INTO battles (build_id) VALUES (NULL)").await));
            if let Location::Postgres(url) = &store.location {
                // A statement stopped by the statement timeout: the store is busy, try again.
                let quick =
                    PgSettings { statement_timeout: Duration::from_millis(100), ..PgSettings::DEFAULT };
                let db =
                    open_with(&Location::Postgres(url.clone()), &Open { migrate: true, pg: quick }).await;
                let db = db.expect("the store, impatient");
                let slow = on_pool!(&db, pool => sqlx::query("SELECT pg_sleep(3)").execute(pool).await.expect_err("stopped"));
                assert!(unavailable(&slow), "{slow}");
            }
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
