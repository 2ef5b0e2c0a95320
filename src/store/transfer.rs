//! Moving a store: every build (deleted ones too, as the tombstones they are) and every battle
//! out of one database as JSON lines, and into another, all or none. Rows go as they are, edit
//! token hashes, times and copies' parents included, so a SQLite file moved into PostgreSQL and
//! back is the same file's rows, and every share and edit link still works.
//!
//! The format: a first line `{"drydock":"export","version":1}`, then one line per build in the
//! order they were saved (`{"build":{...}}`, the `builds` columns), then one per battle
//! (`{"battle":{...}}`).

use super::Db;
use super::battles::Stored;
use super::builds::Build;
use crate::on_pool;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// The format's version, in the first line.
pub const VERSION: u32 = 1;

/// Rows read from the store at a time.
const BATCH: i64 = 500;

/// How many rows went out or in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub builds: u64,
    pub battles: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    drydock: String,
    version: u32,
}

/// One line after the header.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum Line {
    Build(Box<Build>),
    Battle(Stored),
}

/// A build with its place in the order they were saved.
#[derive(sqlx::FromRow)]
struct Numbered {
    seq: i64,
    #[sqlx(flatten)]
    build: Build,
}

/// Why an export or import stopped.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error("line {line}: {reason}")]
    Format { line: u64, reason: String },
    #[error("build {0} is already in this database: nothing was imported")]
    Exists(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Writes every row of `db` to `out`.
pub async fn export(db: &Db, out: &mut impl Write) -> Result<Counts, TransferError> {
    let mut counts = Counts::default();
    serde_json::to_writer(&mut *out, &Header { drydock: "export".into(), version: VERSION })?;
    out.write_all(b"\n")?;
    let mut after = i64::MIN;
    loop {
        let rows = on_pool!(db, pool => sqlx::query_as::<_, Numbered>(
            "SELECT rowid AS seq, * FROM builds WHERE rowid > $1 ORDER BY rowid LIMIT $2",
        )
        .bind(after)
        .bind(BATCH)
        .fetch_all(pool)
        .await)?;
        let Some(last) = rows.last() else { break };
        after = last.seq;
        for row in rows {
            serde_json::to_writer(&mut *out, &Line::Build(Box::new(row.build)))?;
            out.write_all(b"\n")?;
            counts.builds += 1;
        }
    }
    let mut after = String::new();
    loop {
        let rows = on_pool!(db, pool => sqlx::query_as::<_, Stored>(
            "SELECT * FROM battles WHERE build_id > $1 ORDER BY build_id LIMIT $2",
        )
        .bind(&after)
        .bind(BATCH)
        .fetch_all(pool)
        .await)?;
        let Some(last) = rows.last() else { break };
        after = last.build_id.clone();
        for row in rows {
            serde_json::to_writer(&mut *out, &Line::Battle(row))?;
            out.write_all(b"\n")?;
            counts.battles += 1;
        }
    }
    Ok(counts)
}

/// Reads an export from `input` and adds its rows to `db` in one transaction: a line that is not
/// an export's, or a build already there, leaves `db` as it was.
pub async fn import(db: &Db, input: impl BufRead) -> Result<Counts, TransferError> {
    let mut builds = Vec::new();
    let mut battles = Vec::new();
    let mut header = false;
    for (n, line) in (1u64..).zip(input.lines()) {
        let line = line?;
        let bad = |e: serde_json::Error| TransferError::Format { line: n, reason: e.to_string() };
        if n == 1 {
            let h: Header = serde_json::from_str(&line).map_err(bad)?;
            if h.drydock != "export" || h.version != VERSION {
                return Err(TransferError::Format {
                    line: 1,
                    reason: format!("not a Drydock export of version {VERSION}"),
                });
            }
            header = true;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(&line).map_err(bad)? {
            Line::Build(b) => builds.push(*b),
            Line::Battle(b) => battles.push(b),
        }
    }
    if !header {
        return Err(TransferError::Format { line: 1, reason: "empty: not a Drydock export".into() });
    }
    on_pool!(db, pool => {
        let mut tx = pool.begin().await?;
        // Parents are linked once every build is in, so a copy may come before its original.
        for b in &builds {
            let done = sqlx::query(
                "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, \
                 updated_at, parent_id, edit_token_hash, listing, deleted_at, cost, points, tag, parts) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $11, $12, $13, $14, $15, $16) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(&b.id)
            .bind(&b.kind)
            .bind(&b.name)
            .bind(&b.document)
            .bind(b.engine_version)
            .bind(b.legal)
            .bind(&b.summary)
            .bind(b.created_at)
            .bind(b.updated_at)
            .bind(&b.edit_token_hash)
            .bind(&b.listing)
            .bind(b.deleted_at)
            .bind(b.cost)
            .bind(b.points)
            .bind(&b.tag)
            .bind(&b.parts)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(TransferError::Exists(b.id.clone()));
            }
        }
        for b in builds.iter().filter(|b| b.parent_id.is_some()) {
            sqlx::query("UPDATE builds SET parent_id = (SELECT id FROM builds WHERE id = $1) WHERE id = $2")
                .bind(&b.parent_id)
                .bind(&b.id)
                .execute(&mut *tx)
                .await?;
        }
        for s in &battles {
            sqlx::query(
                "INSERT INTO battles (build_id, state, revision, started_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&s.build_id)
            .bind(&s.state)
            .bind(s.revision)
            .bind(s.started_at)
            .bind(s.updated_at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    });
    db.changed().await?;
    Ok(Counts { builds: builds.len() as u64, battles: battles.len() as u64 })
}
