//! Fresh stores for tests and benchmarks: a SQLite file in a directory of its own, or a schema of
//! its own on the PostgreSQL server the test command starts (its URL in
//! `DRYDOCK_TEST_POSTGRES`), each migrated as the app does at start.

use super::{Db, Location, Open, PgSettings, open_at, open_with};
use crate::on_pool;
use rand::RngCore;
use std::path::PathBuf;
use std::time::Duration;

/// The throwaway PostgreSQL server's URL (scripts/pg.sh sets it).
pub const POSTGRES_ENV: &str = "DRYDOCK_TEST_POSTGRES";
/// `postgres` to run the HTTP tests' apps on PostgreSQL instead of SQLite.
pub const BACKEND_ENV: &str = "DRYDOCK_TEST_BACKEND";

/// A migrated store no other test uses, and where it is (for a second instance or the binary).
pub struct Fresh {
    pub db: Db,
    pub location: Location,
    /// The SQLite file's directory, removed when the store is dropped.
    dir: Option<PathBuf>,
}

impl Drop for Fresh {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn random_name() -> String {
    let mut bytes = [0u8; 8];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Says that the running test did not run its checks, and why, where a local `cargo test` shows
/// it: straight to stderr, past the test harness's capture (which hides a passing test's
/// `eprintln!`), so a green run without PostgreSQL, nginx or the rules texts says what it left out.
pub fn skipped(why: &str) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {test}: {why}");
}

/// The PostgreSQL server's URL, if the test command started one. Under CI (`CI` set) a missing
/// server is an error, so the PostgreSQL half of a run can never be skipped unnoticed; elsewhere
/// the test says it was skipped ([`skipped`]).
pub fn postgres_url() -> Option<String> {
    match std::env::var(POSTGRES_ENV) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{POSTGRES_ENV} is not set: scripts/test.sh starts a PostgreSQL server for the tests"
            );
            skipped(&format!("no PostgreSQL server ({POSTGRES_ENV} is not set; scripts/test.sh starts one)"));
            None
        }
    }
}

/// A fresh SQLite store.
pub async fn sqlite() -> Fresh {
    let dir = std::env::temp_dir().join(format!("drydock-test-{}", random_name()));
    std::fs::create_dir_all(&dir).expect("a directory for the test's database");
    let location = Location::Sqlite(dir.join("drydock.db"));
    let db = open_at(&location).await.expect("open a fresh SQLite store");
    Fresh { db, location, dir: Some(dir) }
}

/// `url` with the connection option `-c key=value` added.
pub fn with_option(url: &str, key: &str, value: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20{key}%3D{value}")
}

/// The pool settings of the tests' own PostgreSQL stores: as patient as the request timeout, as
/// the store was before it answered outages quickly. Tests share two busy cores with whole
/// builds, and they test what the app does, not how fast; the binary's own, quick defaults are
/// tested with the binary (tests/http/operations/).
pub const PATIENT: PgSettings = PgSettings {
    acquire_timeout: Duration::from_secs(10),
    statement_timeout: Duration::from_secs(10),
    ..PgSettings::DEFAULT
};

/// A fresh PostgreSQL store on the test server (a schema of its own, so tests run side by side
/// on one database), or `None` when there is no server.
pub async fn postgres() -> Option<Fresh> {
    let location = postgres_schema().await?;
    let db = open_with(&location, &Open { migrate: true, pg: PATIENT })
        .await
        .expect("open a fresh PostgreSQL store");
    Some(Fresh { db, location, dir: None })
}

/// A new, empty schema on the test server (not migrated), as a `--database` for it.
pub async fn postgres_schema() -> Option<Location> {
    let url = postgres_url()?;
    let schema = new_schema().await?;
    Some(Location::Postgres(with_option(&url, "search_path", &schema)))
}

/// Makes a new, empty schema on the test server; its name.
pub async fn new_schema() -> Option<String> {
    let url = postgres_url()?;
    let schema = format!("t_{}", random_name());
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .expect("connect to the test PostgreSQL server");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
        .execute(&pool)
        .await
        .expect("a schema for the test");
    pool.close().await;
    Some(schema)
}

/// A fresh store on each backend this run has: SQLite, and PostgreSQL when its server is up.
pub async fn both() -> Vec<Fresh> {
    let mut stores = vec![sqlite().await];
    stores.extend(postgres().await);
    stores
}

/// A fresh store on the backend `DRYDOCK_TEST_BACKEND` names (SQLite unless it says
/// `postgres`).
pub async fn chosen() -> Fresh {
    if std::env::var(BACKEND_ENV).is_ok_and(|b| b.eq_ignore_ascii_case("postgres")) {
        return postgres().await.unwrap_or_else(|| panic!("{BACKEND_ENV}=postgres needs {POSTGRES_ENV}"));
    }
    sqlite().await
}

/// Runs one statement written for tests (`$1`, `$2` parameters) on either backend; returns the
/// rows it changed.
pub async fn execute(db: &Db, sql: &str, args: &[&str]) -> u64 {
    on_pool!(db, pool => {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()));
        for a in args {
            q = q.bind(a.to_string());
        }
        q.execute(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}")).rows_affected()
    })
}

macro_rules! fetch_one_of {
    ($name:ident, $t:ty, $what:literal) => {
        #[doc = concat!("The ", $what, " in the first column of the first row a test's query finds, if any.")]
        pub async fn $name(db: &Db, sql: &str, args: &[&str]) -> Option<$t> {
            on_pool!(db, pool => {
                let mut q = sqlx::query_scalar::<_, Option<$t>>(sqlx::AssertSqlSafe(sql.to_owned()));
                for a in args {
                    q = q.bind(a.to_string());
                }
                q.fetch_optional(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}")).flatten()
            })
        }
    };
}

fetch_one_of!(text, String, "text");
fetch_one_of!(int, i64, "whole number");
fetch_one_of!(flag, bool, "truth value");

/// The texts in the first column of every row a test's query finds.
pub async fn texts(db: &Db, sql: &str, args: &[&str]) -> Vec<String> {
    on_pool!(db, pool => {
        let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql.to_owned()));
        for a in args {
            q = q.bind(a.to_string());
        }
        q.fetch_all(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
    })
}
