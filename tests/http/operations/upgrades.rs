//! Upgrades without downtime: instances are replaced one at a time, so for a while the previous
//! release serves from a schema this release migrated. Tested without building an old binary:
//! every statement the previous release sends is recorded, with its arguments and the columns it
//! reads back, in tests/data/previous-release/queries.json, and each runs, in order, against a
//! database migrated by this release, on both backends. A migration that drops, renames or
//! retypes what the previous release uses, or adds a constraint its writes break, fails here.
//!
//! When a release is cut, its own statements become the next "previous release".

use drydock::on_pool;
use drydock::store::testing::{self, Fresh};
use drydock::store::{Db, Open, open_with};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Recorded {
    queries: Vec<Statement>,
}

#[derive(Deserialize)]
struct Statement {
    name: String,
    /// "sqlite" or "postgres" when only that backend runs it.
    only: Option<String>,
    sql: String,
    args: Vec<Value>,
    reads: Option<Reads>,
    /// How many rows it returns.
    rows: Option<usize>,
    /// How many rows it changes.
    affects: Option<u64>,
}

/// The columns the previous release decodes from each row, and as what.
#[derive(Deserialize)]
struct Reads {
    /// "name" (a struct read by column name) or "index" (a tuple or a scalar).
    by: String,
    columns: Vec<(String, String)>,
}

fn recorded() -> Recorded {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/previous-release/queries.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("recorded statements")).expect("their format")
}

/// Binds the recorded arguments, each as the type the previous release bound.
macro_rules! bound {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                Value::String(s) => q.bind(s.clone()),
                Value::Bool(b) => q.bind(*b),
                Value::Number(n) => q.bind(n.as_i64().expect("a whole number")),
                Value::Object(o) => match o.get("null").and_then(Value::as_str) {
                    Some("text") => q.bind(None::<String>),
                    Some("int") => q.bind(None::<i64>),
                    Some("bool") => q.bind(None::<bool>),
                    other => panic!("a NULL of type {other:?}"),
                },
                other => panic!("an argument {other}"),
            };
        }
        q
    }};
}

/// Decodes one column of `row` as the previous release does; the error if it cannot.
macro_rules! decoded {
    ($row:expr, $at:expr, $ty:expr) => {{
        use sqlx::Row;
        let row = $row;
        match $ty {
            "text" => row.try_get::<String, _>($at).map(drop),
            "text?" => row.try_get::<Option<String>, _>($at).map(drop),
            "int" => row.try_get::<i64, _>($at).map(drop),
            "int?" => row.try_get::<Option<i64>, _>($at).map(drop),
            "bool" => row.try_get::<bool, _>($at).map(drop),
            other => panic!("a column of type {other}"),
        }
    }};
}

/// Runs every recorded statement for `db`'s backend, in order; what went wrong with each.
async fn run_recorded(db: &Db) -> Vec<String> {
    let backend = match db {
        Db::Sqlite(..) => "sqlite",
        Db::Postgres(_) => "postgres",
    };
    let mut problems = Vec::new();
    for s in recorded().queries.iter().filter(|s| s.only.as_deref().is_none_or(|o| o == backend)) {
        let outcome: Result<(), String> = on_pool!(db, pool => {
            let query = bound!(sqlx::query(sqlx::AssertSqlSafe(s.sql.clone())), &s.args);
            if s.reads.is_some() || s.rows.is_some() {
                match query.fetch_all(pool).await {
                    Err(e) => Err(e.to_string()),
                    Ok(rows) => {
                        let mut wrong = Vec::new();
                        if let Some(n) = s.rows && rows.len() != n {
                            wrong.push(format!("{} rows, not {n}", rows.len()));
                        }
                        let by_index = s.reads.as_ref().is_some_and(|r| r.by == "index");
                        for row in &rows {
                            for (i, (column, ty)) in s.reads.iter().flat_map(|r| r.columns.iter()).enumerate() {
                                let read = if by_index {
                                    decoded!(row, i, ty.as_str())
                                } else {
                                    decoded!(row, column.as_str(), ty.as_str())
                                };
                                if let Err(e) = read {
                                    wrong.push(format!("column {column}: {e}"));
                                }
                            }
                        }
                        if wrong.is_empty() { Ok(()) } else { Err(wrong.join("; ")) }
                    }
                }
            } else {
                match query.execute(pool).await {
                    Err(e) => Err(e.to_string()),
                    Ok(done) => match s.affects {
                        Some(n) if done.rows_affected() != n => {
                            Err(format!("changed {} rows, not {n}", done.rows_affected()))
                        }
                        _ => Ok(()),
                    },
                }
            }
        });
        if let Err(why) = outcome {
            problems.push(format!("{} ({backend}): {why}", s.name));
        }
    }
    problems
}

/// Runs the recorded statements as the previous release would, on `store` after its schema was
/// changed: through a pool opened now, not migrating, as an instance started after the change
/// opens it (a SQLite connection that was already open may hold the schema it read before, and
/// sqlx does not always re-read it).
async fn run_recorded_afresh(store: &Fresh) -> Vec<String> {
    let db = open_with(&store.location, &Open { migrate: false, pg: testing::PATIENT })
        .await
        .expect("open the changed store");
    let problems = run_recorded(&db).await;
    db.close().await;
    problems
}

#[tokio::test]
async fn every_statement_of_the_previous_release_runs_on_a_database_migrated_by_this_one() {
    let stores = testing::both().await;
    assert!(recorded().queries.len() > 30, "the previous release's statements are recorded");
    for store in &stores {
        let problems = run_recorded(&store.db).await;
        assert!(problems.is_empty(), "{}:\n{}", store.db.backend(), problems.join("\n"));
    }
}

#[tokio::test]
async fn a_migration_that_would_break_the_previous_release_fails_the_check() {
    for store in testing::both().await {
        // Additive: a new column with a default, a new table. The previous release is fine.
        testing::execute(&store.db, "ALTER TABLE builds ADD COLUMN colour TEXT NOT NULL DEFAULT 'grey'", &[])
            .await;
        testing::execute(&store.db, "CREATE TABLE later_things (id TEXT PRIMARY KEY)", &[]).await;
        let fine = run_recorded_afresh(&store).await;
        assert!(fine.is_empty(), "{}: {fine:?}", store.db.backend());
    }
    for store in testing::both().await {
        // A column renamed: what it reads and writes by that name breaks.
        testing::execute(&store.db, "ALTER TABLE builds RENAME COLUMN summary TO blurb", &[]).await;
        let broken = run_recorded_afresh(&store).await;
        assert!(
            broken.iter().any(|p| p.starts_with("builds::create (") && p.contains("summary")),
            "{broken:?}"
        );
        assert!(broken.iter().any(|p| p.starts_with("builds::gallery (newest) (")), "{broken:?}");
    }
    let Some(store) = testing::postgres().await else { return };
    // A column its writes do not fill, made required: its saves break.
    testing::execute(&store.db, "ALTER TABLE builds ADD COLUMN owner TEXT NOT NULL", &[]).await;
    let broken = run_recorded_afresh(&store).await;
    assert!(broken.iter().any(|p| p.starts_with("builds::create (") && p.contains("owner")), "{broken:?}");
    let Some(store) = testing::postgres().await else { return };
    // A column retyped: its writes still go in (PostgreSQL casts them), but what it reads back
    // no longer decodes.
    testing::execute(&store.db, "ALTER TABLE builds ALTER COLUMN engine_version TYPE TEXT", &[]).await;
    let broken = run_recorded_afresh(&store).await;
    assert!(
        broken.iter().any(|p| p.starts_with("builds::get (") && p.contains("engine_version")),
        "{broken:?}"
    );
}
