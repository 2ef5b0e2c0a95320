//! Moving a store: every build (deleted ones too, as the tombstones they are) and every battle
//! out of one database as JSON lines, and into another, all or none. Rows go as they are, edit
//! token hashes, times and copies' parents included, so a SQLite file moved into PostgreSQL and
//! back is the same file's rows, and every share and edit link still works.
//!
//! The format: a first line `{"drydock":"export","version":1}`, then one line per build in the
//! order they were saved (`{"build":{...}}`, the `builds` columns), then one per battle
//! (`{"battle":{...}}`).
//!
//! An import reads as it goes and never holds the export: a line at a time, each at most
//! [`MAX_LINE_BYTES`] (a longer one is refused by its number once that much of it is read),
//! each row written into one transaction as soon as it is checked. Rows are checked for what a
//! save could have written (ids in Drydock's form, names and documents within the limits, an
//! edit token's hash, a battle of a saved fleet within the tracker's bounds); the first that is
//! not stops the import, naming its line, and the transaction is rolled back: nothing imported.

use super::Db;
use super::battles::Stored;
use super::builds::{Build, MAX_PARTS_CHARS, looks_like_id};
use crate::games::bounds::{self, json_without_nul, without_nul};
use crate::on_pool;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// The format's version, in the first line.
pub const VERSION: u32 = 1;

/// The longest line an import reads: far more than any row a save writes (a document is read
/// from a request of at most 64 KiB, and is at most [`MAX_DOCUMENT_BYTES`] as stored).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest document an import takes, as stored. A save's document comes from a body of at
/// most 64 KiB: every character in it was sent (no text grows as it is stored: names and ids are
/// one line, so nothing is written as an escape it was not sent as), and the rest is each entry's
/// fields at their defaults, at most 200 entries of a few hundred bytes. The same bound holds a
/// battle's state (at most 500 log entries and 300 ships).
pub const MAX_DOCUMENT_BYTES: usize = 512 * 1024;

/// Rows read from the store at a time.
const BATCH: i64 = 500;

/// How many rows went out or in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub builds: u64,
    pub battles: u64,
}

/// What an import checks a row against that the store does not know: each game's documents and
/// the battle tracker's states (the web layer's registry answers).
pub trait Rows {
    /// Why `document` is not one a save of a build of `kind` could have written (a kind no game
    /// here has, a document that does not read as its game's, one past the limits).
    fn document(&self, kind: &str, document: &str) -> Result<(), String>;
    /// Why `state` is not a battle the tracker could have written for a build of `kind`.
    fn battle(&self, kind: &str, state: &str) -> Result<(), String>;
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
    #[error("line {line}: {reason}; nothing was imported")]
    Format { line: u64, reason: String },
    #[error(
        "line {line}: build {id} is already in this database (or earlier in the export): nothing was imported"
    )]
    Exists { line: u64, id: String },
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

/// The lines of an export, read one at a time into one buffer, none longer than
/// [`MAX_LINE_BYTES`].
struct Lines<R> {
    input: R,
    /// The number of the line last read (from 1).
    number: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its line break, with its number, or `None` at the end. A line
    /// longer than [`MAX_LINE_BYTES`] is refused as soon as that much of it is read: the rest is
    /// never read.
    fn next(&mut self) -> Result<Option<(u64, &str)>, TransferError> {
        self.buf.clear();
        let mut ended = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if chunk.is_empty() {
                break;
            }
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE_BYTES + 2 {
                return Err(TransferError::Format {
                    line: self.number + 1,
                    reason: format!(
                        "the line is longer than {} bytes, more than any row Drydock writes; it was not read further",
                        MAX_LINE_BYTES
                    ),
                });
            }
            self.buf.extend_from_slice(&chunk[..take]);
            self.input.consume(take);
            if end {
                ended = true;
                break;
            }
        }
        if self.buf.is_empty() && !ended {
            return Ok(None);
        }
        self.number += 1;
        while self.buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            self.buf.pop();
        }
        let line = self.number;
        std::str::from_utf8(&self.buf)
            .map(|text| Some((line, text)))
            .map_err(|_| TransferError::Format { line, reason: "the line is not UTF-8 text".into() })
    }
}

/// A row's text as the store keeps it: without U+0000 (see [`bounds::NUL_STAND_IN`]), so an
/// export of a SQLite store that holds one imports into PostgreSQL, which cannot.
fn storable(b: Build) -> Build {
    let text = |s: String| match without_nul(&s) {
        std::borrow::Cow::Borrowed(_) => s,
        std::borrow::Cow::Owned(t) => t,
    };
    Build {
        name: text(b.name),
        document: match json_without_nul(&b.document) {
            std::borrow::Cow::Borrowed(_) => b.document,
            std::borrow::Cow::Owned(t) => t,
        },
        summary: text(b.summary),
        tag: b.tag.map(text),
        parts: b.parts.map(text),
        ..b
    }
}

/// Whether `s` is an edit token's hash as saves write it: SHA-256, 64 lower-case hex digits.
fn is_token_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Why a build row is not one a save could have written, in words, or `None`.
fn build_refusal(b: &Build, rows: &impl Rows) -> Option<String> {
    // (Direction controls count as one line: saves made before names dropped them kept them.)
    let one_line =
        |s: &str| bounds::one_line(s).chars().eq(s.chars().filter(|c| !bounds::is_bidi_control(*c)));
    if !looks_like_id(&b.id) {
        let id: String = bounds::one_line(&b.id).chars().take(40).collect();
        return Some(format!("\"{id}\" is not a build id (16 of a-z and 2-7)"));
    }
    let id = &b.id;
    if let Some(parent) = b.parent_id.as_deref().filter(|p| !looks_like_id(p)) {
        let parent: String = bounds::one_line(parent).chars().take(40).collect();
        return Some(format!("build {id} names \"{parent}\" as its original, which is not a build id"));
    }
    if !is_token_hash(&b.edit_token_hash) {
        return Some(format!(
            "build {id} has no edit token hash (64 hex digits): no save writes one without"
        ));
    }
    if !one_line(&b.name) {
        return Some(format!("build {id}'s name is not one line"));
    }
    if let Some(why) = bounds::name_too_long(&b.name) {
        return Some(format!("build {id}'s name {why}"));
    }
    if !one_line(&b.summary) || b.tag.as_deref().is_some_and(|t| !one_line(t)) {
        return Some(format!("build {id}'s summary or tag is not one line"));
    }
    if b.parts.as_deref().is_some_and(|p| p.len() > MAX_PARTS_CHARS) {
        return Some(format!("build {id}'s parts are longer than {MAX_PARTS_CHARS} characters"));
    }
    if !["listed", "unlisted", "copy"].contains(&b.listing.as_str()) {
        return Some(format!("build {id}'s listing is not listed, unlisted or copy"));
    }
    if b.created_at < 0 || b.updated_at < b.created_at || b.deleted_at.is_some_and(|d| d < b.created_at) {
        return Some(format!("build {id}'s times are out of order (saved, changed, deleted)"));
    }
    if b.engine_version < 1 || b.revision < 1 {
        return Some(format!("build {id}'s engine version or revision is below 1"));
    }
    if b.document.len() > MAX_DOCUMENT_BYTES {
        return Some(format!("build {id}'s document is longer than {MAX_DOCUMENT_BYTES} bytes"));
    }
    if b.deleted_at.is_some() {
        // A tombstone: deleting empties a build's content and takes it out of the gallery.
        let emptied =
            b.name.is_empty() && b.document == "{}" && b.summary.is_empty() && b.listing == "unlisted";
        return (!emptied).then(|| format!("build {id} is deleted but still holds its content"));
    }
    rows.document(&b.kind, &b.document).err().map(|why| format!("build {id}: {why}"))
}

/// Why a battle row is not one the tracker could have written, apart from its build.
fn battle_refusal(s: &Stored) -> Option<String> {
    let id = &s.build_id;
    if !looks_like_id(id) {
        return Some("a battle's build id is not a build id (16 of a-z and 2-7)".to_owned());
    }
    if s.revision < 1 || s.started_at < 0 || s.updated_at < s.started_at {
        return Some(format!("the battle of build {id} has a revision below 1 or times out of order"));
    }
    if s.state.len() > MAX_DOCUMENT_BYTES {
        return Some(format!("the battle of build {id} is longer than {MAX_DOCUMENT_BYTES} bytes"));
    }
    None
}

/// Reads an export from `input` and adds its rows to `db` in one transaction, checking each
/// against `rows` (see the module notes): a line that is not an export's, a row no save could
/// have written, or a build already there leaves `db` as it was, and the error names the line.
pub async fn import(db: &Db, input: impl BufRead, rows: &impl Rows) -> Result<Counts, TransferError> {
    let mut lines = Lines { input, number: 0, buf: Vec::new() };
    let bad = |line: u64| move |e: serde_json::Error| TransferError::Format { line, reason: e.to_string() };
    let Some((_, first)) = lines.next()? else {
        return Err(TransferError::Format { line: 1, reason: "empty: not a Drydock export".into() });
    };
    let h: Header = serde_json::from_str(first).map_err(bad(1))?;
    if h.drydock != "export" || h.version != VERSION {
        return Err(TransferError::Format {
            line: 1,
            reason: format!("not a Drydock export of version {VERSION}"),
        });
    }
    let mut counts = Counts::default();
    on_pool!(db, pool => {
        let mut tx = pool.begin().await?;
        // Copies are linked to their originals once every build is in, so a copy may come before
        // its original: the links wait in a table of the transaction's own.
        sqlx::query("CREATE TEMP TABLE import_parents (id TEXT PRIMARY KEY, parent TEXT NOT NULL)")
            .execute(&mut *tx)
            .await?;
        while let Some((line, text)) = lines.next()? {
            if text.trim().is_empty() {
                continue;
            }
            let refused = |reason: String| TransferError::Format { line, reason };
            match serde_json::from_str(text).map_err(bad(line))? {
                Line::Build(b) => {
                    let b = storable(*b);
                    if let Some(why) = build_refusal(&b, rows) {
                        return Err(refused(why));
                    }
                    let done = sqlx::query(
                        "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, \
                         updated_at, parent_id, edit_token_hash, listing, deleted_at, cost, points, tag, parts, \
                         revision) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $11, $12, $13, $14, $15, $16, $17) \
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
                    .bind(b.revision)
                    .execute(&mut *tx)
                    .await?;
                    if done.rows_affected() != 1 {
                        return Err(TransferError::Exists { line, id: b.id });
                    }
                    if let Some(parent) = &b.parent_id {
                        sqlx::query("INSERT INTO import_parents (id, parent) VALUES ($1, $2)")
                            .bind(&b.id)
                            .bind(parent)
                            .execute(&mut *tx)
                            .await?;
                    }
                    counts.builds += 1;
                }
                Line::Battle(s) => {
                    if let Some(why) = battle_refusal(&s) {
                        return Err(refused(why));
                    }
                    let id = &s.build_id;
                    // Its build: here already, or earlier in the export (builds come first).
                    let build: Option<(String, Option<i64>)> =
                        sqlx::query_as("SELECT kind, deleted_at FROM builds WHERE id = $1")
                            .bind(id)
                            .fetch_optional(&mut *tx)
                            .await?;
                    let kind = match build {
                        None => {
                            return Err(refused(format!(
                                "a battle of build {id}, which is not in this database or earlier in the export"
                            )));
                        }
                        Some((_, Some(_))) => {
                            return Err(refused(format!(
                                "a battle of build {id}, which was deleted: a deleted fleet's battle goes with it"
                            )));
                        }
                        Some((kind, None)) => kind,
                    };
                    let state = json_without_nul(&s.state);
                    if let Err(why) = rows.battle(&kind, &state) {
                        return Err(refused(format!("the battle of build {id}: {why}")));
                    }
                    let done = sqlx::query(
                        "INSERT INTO battles (build_id, state, revision, started_at, updated_at) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (build_id) DO NOTHING",
                    )
                    .bind(id)
                    .bind(&*state)
                    .bind(s.revision)
                    .bind(s.started_at)
                    .bind(s.updated_at)
                    .execute(&mut *tx)
                    .await?;
                    if done.rows_affected() != 1 {
                        return Err(refused(format!(
                            "build {id}'s battle is already in this database (or earlier in the export)"
                        )));
                    }
                    counts.battles += 1;
                }
            }
        }
        sqlx::query(
            "UPDATE builds SET parent_id = (SELECT p.id FROM import_parents t JOIN builds p ON p.id = t.parent \
             WHERE t.id = builds.id) WHERE id IN (SELECT id FROM import_parents)",
        )
        .execute(&mut *tx)
        .await?;
        sqlx::query("DROP TABLE import_parents").execute(&mut *tx).await?;
        tx.commit().await?;
    });
    db.changed().await?;
    Ok(counts)
}
