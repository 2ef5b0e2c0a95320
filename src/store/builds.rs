//! Saved builds: one table for every builder. A build has a short unguessable id for its share
//! link, and an edit token whose hash alone is stored; only a holder of the token may change it.

use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{FromRow, SqlitePool};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, FromRow)]
pub struct Build {
    pub id: String,
    /// The game it belongs to: a game's id in the registry (src/web/registry.rs).
    pub kind: String,
    pub name: String,
    pub document: String,
    pub engine_version: i64,
    pub legal: bool,
    pub summary: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub parent_id: Option<String>,
    pub edit_token_hash: String,
}

impl Build {
    /// Whether `token` is this build's edit token. Compares hashes in constant time.
    pub fn token_matches(&self, token: &str) -> bool {
        let a = hash_token(token);
        let b = self.edit_token_hash.as_bytes();
        a.len() == b.len() && a.bytes().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// What the gallery lists.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct Listing {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub legal: bool,
    pub summary: String,
    pub updated_at: i64,
}

/// The judged document to store.
#[derive(Debug, Clone)]
pub struct Content {
    /// The game's id ("boat", "epic").
    pub kind: &'static str,
    pub name: String,
    pub document: String,
    pub engine_version: u32,
    pub legal: bool,
    pub summary: String,
}

const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// Base32 (lowercase, unpadded) of random bytes.
fn random_base32(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    let mut out = String::with_capacity(bytes * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in buf {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((acc >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((acc << (5 - bits)) & 31) as usize]));
    }
    out
}

/// A new build id: 80 random bits in 16 characters.
pub fn new_id() -> String {
    random_base32(10)
}

/// A new edit token: 160 random bits.
pub fn new_token() -> String {
    random_base32(20)
}

/// Whether `s` could be a build id (so junk never reaches the database).
pub fn looks_like_id(s: &str) -> bool {
    s.len() == 16 && s.bytes().all(|b| ALPHABET.contains(&b))
}

pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

pub(super) fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Saves a new build; returns it with its edit token (shown to the owner once, then only its
/// hash is kept). A `parent` that is not a saved build is not remembered.
pub async fn create(
    db: &SqlitePool,
    c: &Content,
    parent: Option<&str>,
) -> Result<(Build, String), sqlx::Error> {
    let token = new_token();
    let now = now_millis();
    let build = sqlx::query_as::<_, Build>(
        "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, updated_at, \
         parent_id, edit_token_hash) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM builds WHERE id = ?), ?) RETURNING *",
    )
    .bind(new_id())
    .bind(c.kind)
    .bind(&c.name)
    .bind(&c.document)
    .bind(i64::from(c.engine_version))
    .bind(c.legal)
    .bind(&c.summary)
    .bind(now)
    .bind(now)
    .bind(parent)
    .bind(hash_token(&token))
    .fetch_one(db)
    .await?;
    Ok((build, token))
}

pub async fn get(db: &SqlitePool, id: &str) -> Result<Option<Build>, sqlx::Error> {
    if !looks_like_id(id) {
        return Ok(None);
    }
    sqlx::query_as::<_, Build>("SELECT * FROM builds WHERE id = ?").bind(id).fetch_optional(db).await
}

/// Why an update did not happen.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    #[error("no such build")]
    NotFound,
    #[error("the edit token does not match")]
    Forbidden,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Replaces a build's content, if `token` is its edit token and it is of the same kind.
pub async fn update(db: &SqlitePool, id: &str, token: &str, c: &Content) -> Result<Build, UpdateError> {
    let build = get(db, id).await?.ok_or(UpdateError::NotFound)?;
    if build.kind != c.kind {
        return Err(UpdateError::NotFound);
    }
    if !build.token_matches(token) {
        return Err(UpdateError::Forbidden);
    }
    // The token hash is part of the condition, so a concurrent re-key could never be overwritten.
    sqlx::query_as::<_, Build>(
        "UPDATE builds SET name = ?, document = ?, engine_version = ?, legal = ?, summary = ?, updated_at = ? \
         WHERE id = ? AND edit_token_hash = ? RETURNING *",
    )
    .bind(&c.name)
    .bind(&c.document)
    .bind(i64::from(c.engine_version))
    .bind(c.legal)
    .bind(&c.summary)
    .bind(now_millis())
    .bind(id)
    .bind(&build.edit_token_hash)
    .fetch_optional(db)
    .await?
    .ok_or(UpdateError::Forbidden)
}

/// Recent builds, newest first, optionally of one kind and with a name containing `q`.
pub async fn recent(
    db: &SqlitePool,
    kind: Option<&str>,
    q: &str,
    limit: i64,
) -> Result<Vec<Listing>, sqlx::Error> {
    // LIKE with the wildcards in the search text escaped, so "%" finds a percent sign. The
    // search is at most a name long: SQLite refuses LIKE patterns past 50,000 bytes.
    let q: String = q.chars().take(crate::games::bounds::MAX_NAME_CHARS).collect();
    let pattern = format!("%{}%", q.trim().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    sqlx::query_as::<_, Listing>(
        "SELECT id, kind, name, legal, summary, updated_at FROM builds \
         WHERE (?1 IS NULL OR kind = ?1) AND name LIKE ?2 ESCAPE '\\' \
         ORDER BY updated_at DESC, id LIMIT ?3",
    )
    .bind(kind)
    .bind(pattern)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// How many builds were forked from this one.
pub async fn fork_count(db: &SqlitePool, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM builds WHERE parent_id = ?").bind(id).fetch_one(db).await
}

/// A date for people: "2026-11-29 13:20 UTC".
pub fn format_time(millis: i64) -> String {
    let secs = millis.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sixteen_base32_characters() {
        let id = new_id();
        assert!(looks_like_id(&id), "{id}");
        assert_ne!(new_id(), id);
        assert!(!looks_like_id("../../etc/passwd"));
    }

    #[test]
    fn times_print_as_utc_dates() {
        assert_eq!(format_time(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_time(1_795_996_800_000), "2026-11-30 00:00 UTC");
    }

    #[sqlx::test(migrator = "crate::store::MIGRATOR")]
    async fn a_build_is_only_updated_with_its_token(db: SqlitePool) {
        let c = Content {
            kind: "boat",
            name: "Test".into(),
            document: "{}".into(),
            engine_version: 1,
            legal: true,
            summary: "s".into(),
        };
        let (b, token) = create(&db, &c, None).await.unwrap();
        let changed = Content { name: "Changed".into(), ..c.clone() };
        assert!(matches!(update(&db, &b.id, "wrong", &changed).await, Err(UpdateError::Forbidden)));
        assert_eq!(get(&db, &b.id).await.unwrap().unwrap().name, "Test");
        assert_eq!(update(&db, &b.id, &token, &changed).await.unwrap().name, "Changed");
        let (fork, _) = create(&db, &c, Some(&b.id)).await.unwrap();
        assert_eq!(fork.parent_id.as_deref(), Some(b.id.as_str()));
        assert_eq!(fork_count(&db, &b.id).await.unwrap(), 1);
    }

    #[sqlx::test(migrator = "crate::store::MIGRATOR")]
    async fn the_gallery_searches_names_literally(db: SqlitePool) {
        for name in ["Piranha", "100% Pike", "Minnow"] {
            let c = Content {
                kind: "boat",
                name: name.into(),
                document: "{}".into(),
                engine_version: 1,
                legal: true,
                summary: String::new(),
            };
            create(&db, &c, None).await.unwrap();
        }
        let found = recent(&db, Some("boat"), "%", 10).await.unwrap();
        assert_eq!(found.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(), vec!["100% Pike"]);
        assert_eq!(recent(&db, None, "nnow", 10).await.unwrap().len(), 1);
        assert_eq!(recent(&db, Some("epic"), "", 10).await.unwrap().len(), 0);
    }
}
