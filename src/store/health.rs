//! Whether a PostgreSQL store can be used now, and the watch that keeps it known.
//!
//! A server's store starts [`State::Starting`]: it serves at once, and a task of its own
//! ([`keep_watch`]) connects, migrates (or checks that `drydock migrate` has), and only then
//! makes it [`State::Up`], retrying for as long as the database is away. From then on it probes
//! the database every [`PROBE_EVERY`] on a connection of its own (outside the pool, so a busy pool
//! is not taken for an outage), at once when a statement met an outage, and every
//! [`PROBE_EVERY_DOWN`] while it is [`State::Down`]. A probe that does not answer within
//! [`PROBE_LIMIT`] makes the store `Down`: statements then fail at once, and those already
//! waiting are let go (see [`super::pg::PgStore`]), so every request is answered within about
//! [`PROBE_EVERY`] plus [`PROBE_LIMIT`] even when the server hangs rather than refuses. The first
//! probe that answers makes it `Up` again: the pool replaces its dead connections as it hands
//! them out, so nothing needs restarting.

use super::pg::PgStore;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};

/// How often an `Up` store's database is asked whether it answers.
pub const PROBE_EVERY: Duration = Duration::from_millis(250);
/// How often a `Down` store's database is asked again.
pub const PROBE_EVERY_DOWN: Duration = Duration::from_millis(100);
/// How long the database has to answer a probe: also what `/readyz` promises ("answers within a
/// second").
pub const PROBE_LIMIT: Duration = Duration::from_secs(1);
/// Between attempts to prepare the schema while starting.
const START_RETRY: Duration = Duration::from_millis(500);
/// Repeated warnings are logged at most this often.
const WARN_EVERY: Duration = Duration::from_secs(10);

/// Where a store stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Serving already, but the schema is not yet migrated (or checked): no statement runs.
    Starting,
    /// Statements run.
    Up,
    /// The database did not answer the last probe: statements fail at once.
    Down,
}

/// A store's state, and the way statements tell the watch that they met an outage.
#[derive(Debug)]
pub struct Health {
    state: watch::Sender<State>,
    suspect: Notify,
}

impl Health {
    pub fn new(state: State) -> Health {
        Health { state: watch::Sender::new(state), suspect: Notify::new() }
    }

    pub fn state(&self) -> State {
        *self.state.borrow()
    }

    pub fn watch(&self) -> watch::Receiver<State> {
        self.state.subscribe()
    }

    pub(super) fn set(&self, state: State) {
        self.state.send_replace(state);
    }

    /// A statement met what looks like an outage: probe now rather than at the next tick.
    pub fn suspect(&self) {
        self.suspect.notify_one();
    }

    /// Resolves once the store is up (at once if it is).
    pub async fn up(&self) {
        let mut rx = self.watch();
        let _ = rx.wait_for(|s| *s == State::Up).await;
    }
}

/// What a starting store must do before it serves: migrate, or check that this release's
/// migrations have been applied (by `drydock migrate`).
pub type Prepare = fn(PgStore) -> futures_util::future::BoxFuture<'static, Result<(), sqlx::Error>>;

/// Prepares `store` (retrying until the database lets it), makes it up, and then keeps its
/// health known until the store is closed.
pub async fn keep_watch(store: PgStore, prepare: Prepare) {
    let mut warned: Option<Instant> = None;
    let began = Instant::now();
    loop {
        if store.is_closed() {
            return;
        }
        match prepare(store.clone()).await {
            Ok(()) => break,
            Err(e) => {
                if warned.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
                    tracing::warn!(error = %e, "the database is not ready; not serving builds yet, trying again");
                    warned = Some(Instant::now());
                }
                tokio::time::sleep(START_RETRY).await;
            }
        }
    }
    store.health().set(State::Up);
    tracing::info!(after = ?began.elapsed(), "the database is ready");
    check_settings(&store).await;

    let mut conn = None;
    let mut down_since: Option<Instant> = None;
    loop {
        let every = if down_since.is_some() { PROBE_EVERY_DOWN } else { PROBE_EVERY };
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = store.health().suspect.notified() => {}
        }
        if store.is_closed() {
            return;
        }
        match (store.probe(&mut conn, PROBE_LIMIT).await, down_since) {
            (Ok(()), Some(since)) => {
                store.health().set(State::Up);
                down_since = None;
                tracing::info!(after = ?since.elapsed(), "the database answers again; serving builds");
            }
            (Err(e), None) => {
                store.health().set(State::Down);
                down_since = Some(Instant::now());
                tracing::warn!(error = %e, "the database does not answer; answering 503 until it does");
            }
            _ => {}
        }
        // A flood of failing statements must not make probes back to back.
        tokio::time::sleep(PROBE_EVERY_DOWN / 2).await;
    }
}

/// Says, loudly, if Drydock's statements do not run with synchronous commits (a pooler that
/// dropped the settings): an acknowledged save could then be lost in a crash.
async fn check_settings(store: &PgStore) {
    match store.settings_in_effect().await {
        Ok((sync, _)) if sync == "off" => tracing::error!(
            synchronous_commit = %sync,
            "Drydock's statements run with synchronous_commit = off: a save acknowledged just before the \
             database crashes could be lost. Behind a pooler that lends connections per transaction, start \
             with --db-transaction-pooling"
        ),
        Ok((sync, timeout)) => {
            tracing::info!(synchronous_commit = %sync, statement_timeout = %timeout, "database settings")
        }
        Err(e) => tracing::warn!(error = %e, "could not read the database settings in effect"),
    }
}
