//! PostgreSQL: the pool, the settings every statement runs under, and how a statement reaches the
//! server, directly or through a pooler such as PgBouncer.
//!
//! Every statement the store runs goes through [`PgStore`] (it is the `pool` that
//! [`on_pool!`](crate::on_pool) hands a query on PostgreSQL), which does three things sqlx's pool
//! alone does not:
//!
//! - **It answers at once while the database is away.** While the store is starting (the
//!   schema not yet migrated or checked) or the database does not answer (see
//!   [`health`](super::health)), a statement fails at once with [`not_answering`], and a
//!   statement already waiting is let go the moment the database is found not answering, so no
//!   request waits out an outage.
//! - **It keeps `synchronous_commit = on` and the statement timeout**, as `SET` on each new
//!   connection, or with `SET LOCAL` in each transaction behind a transaction pooler, where a
//!   session's settings would land on whichever server connection the pooler lent.
//! - **Behind a transaction pooler** (`--db-transaction-pooling`), a statement with parameters
//!   runs in a transaction of its own, prepared unnamed: sqlx prepares a statement in one round
//!   trip and runs it in the next, and between the two a transaction pooler may hand the
//!   connection to another client; inside a transaction it may not. Named (cached) statements
//!   would outlive the transaction on a server connection other clients then get.

use super::health::{Health, State};
use futures_util::{StreamExt, TryStreamExt};
use sqlx::error::BoxDynError;
use sqlx::postgres::{
    PgArguments, PgConnectOptions, PgConnection, PgPool, PgPoolOptions, PgQueryResult, PgRow, PgStatement,
    PgTypeInfo, Postgres,
};
use sqlx::{Connection, Either, Error, Execute, Executor, SqlStr};
use std::sync::Arc;
use std::time::Duration;

/// How Drydock's pool uses a PostgreSQL database (the `--db-*` options).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgSettings {
    /// Connections one instance keeps at most: several instances share the server's
    /// `max_connections` (100 by default).
    pub max_connections: u32,
    /// How long a statement waits for a connection, connecting included.
    pub acquire_timeout: Duration,
    /// The longest a request waits on the database, its statements (and the waits for
    /// connections) together, and PostgreSQL's `statement_timeout` for each; zero for none.
    pub statement_timeout: Duration,
    /// The URL is a pooler that lends a server connection per transaction (PgBouncer's
    /// `pool_mode = transaction`).
    pub transaction_pooling: bool,
}

impl PgSettings {
    /// What `cargo run` uses (the flags' defaults are these).
    pub const DEFAULT: PgSettings = PgSettings {
        max_connections: 16,
        acquire_timeout: Duration::from_secs(1),
        statement_timeout: Duration::from_millis(1500),
        transaction_pooling: false,
    };

    /// The settings each statement runs under, as `SET` statements (`SET LOCAL` in a
    /// transaction). `synchronous_commit = on` is PostgreSQL's default; it is set anyway, so a
    /// server or role configured otherwise cannot weaken an acknowledged save.
    fn sets(&self, local: bool) -> String {
        let set = if local { "SET LOCAL" } else { "SET" };
        let ms = self.statement_timeout.as_millis();
        format!("{set} synchronous_commit = on; {set} statement_timeout = {ms}")
    }
}

impl PgSettings {
    /// How long a request may wait on the database in all: the statement timeout, if any.
    pub fn request_budget(&self) -> Option<Duration> {
        (!self.statement_timeout.is_zero()).then_some(self.statement_timeout)
    }
}

tokio::task_local! {
    /// When the request being served stops waiting on the database.
    static DEADLINE: tokio::time::Instant;
}

/// Runs `f` (a request) with its waits on the database bounded together by `budget`: a
/// statement still waiting when it is spent fails as if the database did not answer, so the
/// request is answered 503 in time, whatever mix of statements it makes.
pub async fn within_budget<F: Future>(budget: Duration, f: F) -> F::Output {
    DEADLINE.scope(tokio::time::Instant::now() + budget, f).await
}

impl Default for PgSettings {
    fn default() -> Self {
        PgSettings::DEFAULT
    }
}

/// The error a statement gets while the database is away: an I/O error, so it reads as
/// "unavailable" everywhere errors are sorted ([`super::unavailable`]).
pub fn not_answering() -> Error {
    Error::Io(std::io::Error::new(std::io::ErrorKind::NotConnected, "the database is not answering"))
}

/// What an operator should be told about an error that is theirs to fix, if it is one.
pub fn hint(e: &Error) -> Option<&'static str> {
    let code = e.as_database_error()?.try_downcast_ref::<sqlx::postgres::PgDatabaseError>()?.code();
    // A prepared statement that vanished, or one prepared twice: the server connection changed
    // between two messages of one statement, which only a transaction pooler does.
    matches!(code, "26000" | "42P05").then_some(
        "a prepared statement was lost between server connections: behind a pooler that lends \
         connections per transaction (PgBouncer's pool_mode = transaction), start with --db-transaction-pooling",
    )
}

/// A PostgreSQL store: the pool, the settings, and the store's health.
#[derive(Clone)]
pub struct PgStore(Arc<Inner>);

struct Inner {
    pool: PgPool,
    /// How to connect, for the health probe and migrations (which do not use the pool).
    options: PgConnectOptions,
    settings: PgSettings,
    /// What begins every transaction: `BEGIN` and, behind a transaction pooler, the settings.
    begin: String,
    health: Health,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("settings", &self.0.settings).finish_non_exhaustive()
    }
}

impl PgStore {
    /// A store on `url` whose pool connects when first used; `state` is where its health starts
    /// ([`State::Starting`] until the schema is ready, for a server; [`State::Up`] for a store
    /// opened and migrated on the spot).
    pub fn new(url: &str, settings: PgSettings, state: State) -> Result<PgStore, Error> {
        let options = connect_options(url)?;
        let sets = settings.sets(false);
        let pinned = settings.transaction_pooling;
        let pool = PgPoolOptions::new()
            .max_connections(settings.max_connections.max(1))
            .acquire_timeout(settings.acquire_timeout)
            .after_connect(move |conn, _| {
                let sets = sets.clone();
                Box::pin(async move {
                    // Behind a transaction pooler a session's settings would stay on a server
                    // connection others then get; there each transaction sets its own.
                    if !pinned {
                        conn.execute(sqlx::raw_sql(sqlx::AssertSqlSafe(sets))).await?;
                    }
                    Ok(())
                })
            })
            .connect_lazy_with(options.clone());
        let begin = if pinned { format!("BEGIN; {}", settings.sets(true)) } else { "BEGIN".to_owned() };
        Ok(PgStore(Arc::new(Inner { pool, options, settings, begin, health: Health::new(state) })))
    }

    pub fn settings(&self) -> PgSettings {
        self.0.settings
    }

    pub fn health(&self) -> &Health {
        &self.0.health
    }

    /// sqlx's pool itself, bypassing the store's health (for migrations and tests).
    pub fn pool(&self) -> &PgPool {
        &self.0.pool
    }

    /// A connection of its own, outside the pool, with no statement timeout (migrations may
    /// take long) and synchronous commits.
    pub async fn connect_alone(&self) -> Result<PgConnection, Error> {
        let mut conn = PgConnection::connect_with(&self.0.options).await?;
        if !self.0.settings.transaction_pooling {
            conn.execute("SET synchronous_commit = on; SET statement_timeout = 0").await?;
        }
        Ok(conn)
    }

    /// Connects and asks `SELECT 1` on `conn` (connecting first when there is none), within
    /// `limit`; a connection that fails is dropped.
    pub(super) async fn probe(&self, conn: &mut Option<PgConnection>, limit: Duration) -> Result<(), Error> {
        let attempt = async {
            if let Some(c) = conn.as_mut() {
                if c.execute("SELECT 1").await.is_ok() {
                    return Ok(());
                }
                // A connection from before a restart: try a fresh one at once.
                *conn = None;
            }
            let mut c = PgConnection::connect_with(&self.0.options).await?;
            c.execute("SELECT 1").await?;
            *conn = Some(c);
            Ok(())
        };
        match tokio::time::timeout(limit, attempt).await {
            Ok(done) => done,
            Err(_) => {
                *conn = None;
                Err(Error::PoolTimedOut)
            }
        }
    }

    pub async fn close(&self) {
        self.0.health.set(State::Down);
        self.0.pool.close().await;
    }

    pub fn is_closed(&self) -> bool {
        self.0.pool.is_closed()
    }

    /// Runs `op` if the store is up; fails at once if not, and lets it go the moment the store
    /// is found not answering, or the request's budget ([`within_budget`]) is spent. A
    /// statement that meets an outage has the health probe run at once.
    async fn guarded<T>(&self, op: impl Future<Output = Result<T, Error>>) -> Result<T, Error> {
        let mut state = self.0.health.watch();
        if *state.borrow_and_update() != State::Up {
            return Err(not_answering());
        }
        let deadline = DEADLINE.try_with(|d| *d).ok();
        let spent = async {
            match deadline {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        let done = tokio::select! {
            biased;
            done = op => done,
            _ = state.wait_for(|s| *s != State::Up) => Err(not_answering()),
            () = spent => Err(not_answering()),
        };
        if let Err(e) = &done
            && super::unavailable(e)
        {
            self.0.health.suspect();
        }
        done
    }

    /// Runs one statement to the end, every result collected (Drydock's answers are bounded).
    async fn run<'q, E: 'q + Execute<'q, Postgres>>(
        &self,
        query: E,
    ) -> Result<Vec<Either<PgQueryResult, PgRow>>, Error> {
        let pinned = self.0.settings.transaction_pooling;
        let mut query = Prepared::of(query, !pinned).map_err(Error::Encode)?;
        if !pinned {
            return self.0.pool.fetch_many(query).try_collect().await;
        }
        // A statement without parameters goes as one simple query: one message, no round trip
        // for a pooler to come between.
        if query.args.as_ref().is_none_or(|a| sqlx::Arguments::len(a) == 0) {
            query.args = None;
            return self.0.pool.fetch_many(query).try_collect().await;
        }
        let mut tx = self.0.pool.begin_with(sqlx::AssertSqlSafe(self.0.begin.clone())).await?;
        let rows = (&mut *tx).fetch_many(query).try_collect().await?;
        tx.commit().await?;
        Ok(rows)
    }

    /// Begins a transaction (with the settings, behind a transaction pooler).
    pub async fn begin(&self) -> Result<PgTx, Error> {
        let tx = self.guarded(self.0.pool.begin_with(sqlx::AssertSqlSafe(self.0.begin.clone()))).await?;
        Ok(PgTx(TxConn { tx, store: self.clone() }))
    }

    /// The settings Drydock's statements run under, as the server reports them:
    /// `synchronous_commit` and `statement_timeout`. Asked as a statement with a parameter, so
    /// behind a transaction pooler it runs as every such statement does.
    pub async fn settings_in_effect(&self) -> Result<(String, String), Error> {
        let rows = self
            .run(
                sqlx::query_as::<_, (String, String)>("SELECT current_setting($1), current_setting($2)")
                    .bind("synchronous_commit")
                    .bind("statement_timeout"),
            )
            .await?;
        let row = rows.into_iter().find_map(Either::right).ok_or(Error::RowNotFound)?;
        sqlx::FromRow::from_row(&row)
    }
}

/// A connection's options from a `postgres://` URL (`sslmode`, `sslrootcert` and the rest as
/// libpq reads them). No `extra_float_digits` is sent: Drydock keeps no floating-point numbers,
/// and PgBouncer refuses start-up parameters it does not track.
pub fn connect_options(url: &str) -> Result<PgConnectOptions, Error> {
    let options: PgConnectOptions = url.parse()?;
    Ok(options.application_name("drydock").extra_float_digits(None))
}

/// A statement taken apart, to be sent prepared and cached (`persistent`) or unnamed.
struct Prepared {
    sql: SqlStr,
    args: Option<PgArguments>,
    persistent: bool,
}

impl Prepared {
    fn of<'q, E: Execute<'q, Postgres>>(mut query: E, cache: bool) -> Result<Prepared, BoxDynError> {
        let persistent = cache && query.persistent();
        let args = query.take_arguments()?;
        Ok(Prepared { sql: query.sql(), args, persistent })
    }
}

impl Execute<'_, Postgres> for Prepared {
    fn sql(self) -> SqlStr {
        self.sql
    }

    fn statement(&self) -> Option<&PgStatement> {
        None
    }

    fn take_arguments(&mut self) -> Result<Option<PgArguments>, BoxDynError> {
        Ok(self.args.take())
    }

    fn persistent(&self) -> bool {
        self.persistent
    }
}

type Results<'e> = futures_util::stream::BoxStream<'e, Result<Either<PgQueryResult, PgRow>, Error>>;

/// Rows as a stream, from a future that collects them.
fn streamed<'e>(
    all: impl Future<Output = Result<Vec<Either<PgQueryResult, PgRow>>, Error>> + Send + 'e,
) -> Results<'e> {
    futures_util::stream::once(all)
        .map_ok(|rows| futures_util::stream::iter(rows.into_iter().map(Ok)))
        .try_flatten()
        .boxed()
}

impl<'s> Executor<'s> for &'s PgStore {
    type Database = Postgres;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> Results<'e>
    where
        's: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        streamed(async move { self.guarded(self.run(query)).await })
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> futures_util::future::BoxFuture<'e, Result<Option<PgRow>, Error>>
    where
        's: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        Box::pin(async move {
            let rows = self.guarded(self.run(query)).await?;
            Ok(rows.into_iter().find_map(Either::right))
        })
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [PgTypeInfo],
    ) -> futures_util::future::BoxFuture<'e, Result<PgStatement, Error>>
    where
        's: 'e,
    {
        Box::pin(self.guarded(self.0.pool.prepare_with(sql, parameters)))
    }

    fn describe<'e>(
        self,
        sql: SqlStr,
    ) -> futures_util::future::BoxFuture<'e, Result<sqlx::Describe<Postgres>, Error>>
    where
        's: 'e,
    {
        Box::pin(self.guarded(self.0.pool.describe(sql)))
    }
}

/// A transaction on the store: `&mut *tx` runs statements in it (unnamed behind a transaction
/// pooler), each let go if the store is found not answering; `commit` ends it.
pub struct PgTx(TxConn);

/// The inside of a [`PgTx`], what `&mut *tx` gives to run statements on.
pub struct TxConn {
    tx: sqlx::Transaction<'static, Postgres>,
    store: PgStore,
}

impl std::fmt::Debug for TxConn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TxConn")
    }
}

impl std::ops::Deref for PgTx {
    type Target = TxConn;

    fn deref(&self) -> &TxConn {
        &self.0
    }
}

impl std::ops::DerefMut for PgTx {
    fn deref_mut(&mut self) -> &mut TxConn {
        &mut self.0
    }
}

impl PgTx {
    pub async fn commit(self) -> Result<(), Error> {
        let TxConn { tx, store } = self.0;
        store.guarded(tx.commit()).await
    }

    pub async fn rollback(self) -> Result<(), Error> {
        let TxConn { tx, store } = self.0;
        store.guarded(tx.rollback()).await
    }
}

impl TxConn {
    async fn run<'q, E: 'q + Execute<'q, Postgres>>(
        &mut self,
        query: E,
    ) -> Result<Vec<Either<PgQueryResult, PgRow>>, Error> {
        let query = Prepared::of(query, !self.store.0.settings.transaction_pooling).map_err(Error::Encode)?;
        let store = self.store.clone();
        store.guarded((&mut *self.tx).fetch_many(query).try_collect()).await
    }
}

impl<'c> Executor<'c> for &'c mut TxConn {
    type Database = Postgres;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> Results<'e>
    where
        'c: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        streamed(self.run(query))
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> futures_util::future::BoxFuture<'e, Result<Option<PgRow>, Error>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        Box::pin(async move { Ok(self.run(query).await?.into_iter().find_map(Either::right)) })
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [PgTypeInfo],
    ) -> futures_util::future::BoxFuture<'e, Result<PgStatement, Error>>
    where
        'c: 'e,
    {
        (&mut *self.tx).prepare_with(sql, parameters)
    }

    fn describe<'e>(
        self,
        sql: SqlStr,
    ) -> futures_util::future::BoxFuture<'e, Result<sqlx::Describe<Postgres>, Error>>
    where
        'c: 'e,
    {
        (&mut *self.tx).describe(sql)
    }
}
