//! Saved builds: one table for every builder. A build has a short unguessable id for its share
//! link, and an edit token whose hash alone is stored; only a holder of the token may change,
//! list, unlist or delete it. A deleted build stays as a tombstone (its content emptied), so its
//! link can say it was deleted and its copies that their original is gone.

use super::Db;
use crate::on_pool;
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::FromRow;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize, serde::Deserialize)]
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
    /// "listed", "unlisted" or "copy" (see [`Listing`]).
    pub listing: String,
    /// When its owner deleted it (unix milliseconds); the row is then a tombstone.
    pub deleted_at: Option<i64>,
    pub cost: Option<i64>,
    pub points: Option<i64>,
    pub tag: Option<String>,
    /// The parts it holds, as the gallery searches them; `None` until judged.
    pub parts: Option<String>,
    /// How many times its content was saved (1 when made): a save from a form opened at an
    /// older revision is a conflict (see [`update`]). Exports written before there were
    /// revisions read as 1.
    #[serde(default = "first_revision")]
    pub revision: i64,
}

fn first_revision() -> i64 {
    1
}

impl Build {
    /// Whether it shows in the gallery.
    pub fn listing(&self) -> Listing {
        Listing::from_column(&self.listing)
    }

    /// Whether `token` is this build's edit token. Compares hashes in constant time.
    pub fn token_matches(&self, token: &str) -> bool {
        let a = hash_token(token);
        let b = self.edit_token_hash.as_bytes();
        a.len() == b.len() && a.bytes().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// Whether a build shows in the gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// In the gallery.
    Listed,
    /// Reached by its link only.
    Unlisted,
    /// Made by "Edit a copy" and not yet saved by its owner: not in the gallery until it is.
    Copy,
}

impl Listing {
    pub fn column(self) -> &'static str {
        match self {
            Listing::Listed => "listed",
            Listing::Unlisted => "unlisted",
            Listing::Copy => "copy",
        }
    }

    fn from_column(s: &str) -> Listing {
        match s {
            "listed" => Listing::Listed,
            "copy" => Listing::Copy,
            _ => Listing::Unlisted,
        }
    }

    /// `listed` as a choice.
    pub fn of(listed: bool) -> Listing {
        if listed { Listing::Listed } else { Listing::Unlisted }
    }
}

/// What the gallery sorts, filters and searches a build by, as its game's builder judged it.
/// A game that says nothing gives none: its builds are still listed, by name and date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facets {
    /// Its cost in whole dollars (a boat's).
    pub cost: Option<i64>,
    /// Its points (a detachment's, a fleet's, a roster's).
    pub points: Option<i64>,
    /// One word to filter by: a boat's hull, a fleet's faction, a detachment's list.
    pub tag: Option<String>,
    /// The parts it holds, as a player names them ("Heavy laser", "2 torpedoes").
    pub parts: Vec<String>,
}

/// The longest part text kept for one build: far more than a real build's parts take (a
/// Yacht's whole ledger is under 1,000 characters), so a search never reads an unbounded text.
pub const MAX_PARTS_CHARS: usize = 4_000;

impl Facets {
    /// The parts as the gallery searches them: lower case, one line each, "; " between.
    pub fn parts_text(&self) -> String {
        let mut out = String::new();
        for p in &self.parts {
            let p = crate::games::bounds::one_line(&p.to_lowercase());
            if p.is_empty() {
                continue;
            }
            if out.len() + p.len() + 2 > MAX_PARTS_CHARS {
                break;
            }
            if !out.is_empty() {
                out.push_str("; ");
            }
            out.push_str(&p);
        }
        out
    }
}

/// The judged document to store. Its texts are stored without U+0000 (see
/// [`Content::storable`]).
#[derive(Debug, Clone)]
pub struct Content {
    /// The game's id ("boat", "epic").
    pub kind: &'static str,
    pub name: String,
    pub document: String,
    pub engine_version: u32,
    pub legal: bool,
    pub summary: String,
    pub facets: Facets,
}

impl Content {
    /// As the store keeps it: U+0000 in its name, document, summary or tag replaced by U+FFFD
    /// (`bounds::NUL_STAND_IN`), on either backend. Requests read through forms and JSON never
    /// carry one; this holds for every other way in (a pasted stat line, a future route), so
    /// SQLite and PostgreSQL keep the same text and no save fails on PostgreSQL for it.
    fn storable(&self) -> Content {
        use crate::games::bounds::{json_without_nul, without_nul};
        Content {
            name: without_nul(&self.name).into_owned(),
            document: json_without_nul(&self.document).into_owned(),
            summary: without_nul(&self.summary).into_owned(),
            facets: Facets {
                tag: self.facets.tag.as_deref().map(|t| without_nul(t).into_owned()),
                ..self.facets.clone()
            },
            ..self.clone()
        }
    }
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

/// Saves a new build, listed in the gallery or not; returns it with its edit token (shown to the
/// owner once, then only its hash is kept). A `parent` that is not a saved build is not
/// remembered.
pub async fn create(
    db: &Db,
    c: &Content,
    parent: Option<&str>,
    listing: Listing,
) -> Result<(Build, String), sqlx::Error> {
    let token = new_token();
    let now = now_millis();
    let c = &c.storable();
    let build = on_pool!(db, pool => sqlx::query_as::<_, Build>(
        "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, updated_at, \
         parent_id, edit_token_hash, listing, cost, points, tag, parts) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, (SELECT id FROM builds WHERE id = $9), $10, $11, $12, $13, \
         $14, $15) RETURNING *",
    )
    .bind(new_id())
    .bind(c.kind)
    .bind(&c.name)
    .bind(&c.document)
    .bind(i64::from(c.engine_version))
    .bind(c.legal)
    .bind(&c.summary)
    .bind(now)
    .bind(parent)
    .bind(hash_token(&token))
    .bind(listing.column())
    .bind(c.facets.cost)
    .bind(c.facets.points)
    .bind(c.facets.tag.as_deref())
    .bind(c.facets.parts_text())
    .fetch_one(pool)
    .await)?;
    // A copy changes its original's page (its count of copies); a new build changes none.
    if build.parent_id.is_some() {
        db.changed().await?;
    }
    Ok((build, token))
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Build>, sqlx::Error> {
    if !looks_like_id(id) {
        return Ok(None);
    }
    on_pool!(db, pool => sqlx::query_as::<_, Build>("SELECT * FROM builds WHERE id = $1").bind(id).fetch_optional(pool).await)
}

/// Why an update did not happen.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    /// Saved again since the revision the change was made from: nothing was written; the build
    /// as it is now.
    #[error("the build was saved again since")]
    Conflict(Box<Build>),
    #[error("no such build")]
    NotFound,
    #[error("the edit token does not match")]
    Forbidden,
    /// Its owner deleted it, at this time (unix milliseconds).
    #[error("the build was deleted")]
    Gone(i64),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// The build `id` (of `kind`, if given) that `token` may change: not found, deleted, or not
/// this token's are refused.
async fn owned(db: &Db, id: &str, kind: Option<&str>, token: &str) -> Result<Build, UpdateError> {
    let build = get(db, id).await?.ok_or(UpdateError::NotFound)?;
    if kind.is_some_and(|k| k != build.kind) {
        return Err(UpdateError::NotFound);
    }
    if let Some(at) = build.deleted_at {
        return Err(UpdateError::Gone(at));
    }
    if !build.token_matches(token) {
        return Err(UpdateError::Forbidden);
    }
    Ok(build)
}

/// Replaces a build's content, if `token` is its edit token and it is of the same kind, and
/// sets its listing (`None` keeps it, except that a copy its owner saves for the first time is
/// listed: "Edit a copy" lists nothing until then). With `revision` (the one the change was
/// made from), only if no other save came since: otherwise a conflict, nothing written.
pub async fn update(
    db: &Db,
    id: &str,
    token: &str,
    c: &Content,
    listing: Option<Listing>,
    revision: Option<i64>,
) -> Result<Build, UpdateError> {
    let build = owned(db, id, Some(c.kind), token).await?;
    if revision.is_some_and(|r| r != build.revision) {
        return Err(UpdateError::Conflict(Box::new(build)));
    }
    let c = &c.storable();
    // The token hash, the tombstone and the revision asked for are part of the condition, so a
    // concurrent re-key, delete or save from the same revision could never be overwritten.
    let updated = on_pool!(db, pool => sqlx::query_as::<_, Build>(
        "UPDATE builds SET name = $1, document = $2, engine_version = $3, legal = $4, summary = $5, \
         updated_at = $6, cost = $7, points = $8, tag = $9, parts = $10, revision = revision + 1, \
         listing = CASE WHEN $13 IS NOT NULL THEN $13 WHEN listing = 'copy' THEN 'listed' ELSE listing END \
         WHERE id = $11 AND edit_token_hash = $12 AND deleted_at IS NULL AND ($14 IS NULL OR revision = $14) \
         RETURNING *",
    )
    .bind(&c.name)
    .bind(&c.document)
    .bind(i64::from(c.engine_version))
    .bind(c.legal)
    .bind(&c.summary)
    .bind(now_millis())
    .bind(c.facets.cost)
    .bind(c.facets.points)
    .bind(c.facets.tag.as_deref())
    .bind(c.facets.parts_text())
    .bind(id)
    .bind(&build.edit_token_hash)
    .bind(listing.map(Listing::column))
    .bind(revision)
    .fetch_optional(pool)
    .await)?;
    let Some(updated) = updated else {
        // Something changed between the read and the write: say what, as read now.
        return Err(match owned(db, id, Some(c.kind), token).await {
            Ok(now) => UpdateError::Conflict(Box::new(now)),
            Err(e) => e,
        });
    };
    db.changed().await?;
    Ok(updated)
}

/// Deletes a build, if `token` is its edit token (and it is of `kind`, if given): its row stays
/// as a tombstone with its content emptied (name, document, summary, facets), out of the
/// gallery, so its link says it was deleted and its copies that their original is gone. A
/// battle tracked for it goes with it. Copies keep living: they are their owners' builds.
pub async fn delete(db: &Db, id: &str, kind: Option<&str>, token: &str) -> Result<Build, UpdateError> {
    let build = owned(db, id, kind, token).await?;
    let gone = on_pool!(db, pool => {
        let mut tx = pool.begin().await?;
        let gone = sqlx::query_as::<_, Build>(
            "UPDATE builds SET deleted_at = $1, name = '', document = '{}', summary = '', listing = 'unlisted', \
             cost = NULL, points = NULL, tag = NULL, parts = '' \
             WHERE id = $2 AND edit_token_hash = $3 AND deleted_at IS NULL RETURNING *",
        )
        .bind(now_millis())
        .bind(id)
        .bind(&build.edit_token_hash)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(UpdateError::Forbidden)?;
        sqlx::query("DELETE FROM battles WHERE build_id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        gone
    });
    db.changed().await?;
    Ok(gone)
}

/// Lists a build in the gallery or takes it out, if `token` is its edit token.
pub async fn set_listing(
    db: &Db,
    id: &str,
    kind: Option<&str>,
    token: &str,
    listing: Listing,
) -> Result<Build, UpdateError> {
    let build = owned(db, id, kind, token).await?;
    let set = on_pool!(db, pool => sqlx::query_as::<_, Build>(
        "UPDATE builds SET listing = $1 WHERE id = $2 AND edit_token_hash = $3 AND deleted_at IS NULL \
         RETURNING *",
    )
    .bind(listing.column())
    .bind(id)
    .bind(&build.edit_token_hash)
    .fetch_optional(pool)
    .await)?
    .ok_or(UpdateError::Forbidden)?;
    db.changed().await?;
    Ok(set)
}

/// The builds among `ids` that are still there (not deleted), most recently changed first:
/// the ones a browser holds edit tokens for. Each is read in full, for its token to be checked.
pub async fn among(db: &Db, ids: &[&str]) -> Result<Vec<Build>, sqlx::Error> {
    let ids: Vec<&str> = ids.iter().copied().filter(|id| looks_like_id(id)).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = serde_json::to_string(&ids).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    // The ids go in as one JSON array, read back as rows by each backend's own function.
    match db {
        Db::Sqlite(pool, _) => {
            sqlx::query_as::<_, Build>(
                "SELECT * FROM builds WHERE id IN (SELECT value FROM json_each($1)) AND deleted_at IS NULL \
                 ORDER BY updated_at DESC, id",
            )
            .bind(list)
            .fetch_all(pool)
            .await
        }
        Db::Postgres(pool) => {
            sqlx::query_as::<_, Build>(
                "SELECT * FROM builds WHERE id IN (SELECT json_array_elements_text($1::json)) \
                 AND deleted_at IS NULL ORDER BY updated_at DESC, id",
            )
            .bind(list)
            .fetch_all(pool)
            .await
        }
    }
}

/// Up to `limit` live builds of `kind` whose facets were never worked out (saved before there
/// were any).
pub async fn unjudged(db: &Db, kind: &str, limit: i64) -> Result<Vec<Build>, sqlx::Error> {
    on_pool!(db, pool => sqlx::query_as::<_, Build>("SELECT * FROM builds WHERE kind = $1 AND parts IS NULL LIMIT $2")
        .bind(kind)
        .bind(limit)
        .fetch_all(pool)
        .await)
}

/// Keeps the facets worked out for a build (nothing else of it changes, not even its time).
pub async fn set_facets(db: &Db, id: &str, f: &Facets) -> Result<(), sqlx::Error> {
    on_pool!(db, pool => sqlx::query("UPDATE builds SET cost = $1, points = $2, tag = $3, parts = $4 WHERE id = $5")
        .bind(f.cost)
        .bind(f.points)
        .bind(f.tag.as_deref())
        .bind(f.parts_text())
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))?;
    // Facets show in the gallery, which is never kept: no share page changes.
    Ok(())
}

/// How many copies of this one are still there.
pub async fn fork_count(db: &Db, id: &str) -> Result<i64, sqlx::Error> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM builds WHERE parent_id = $1 AND deleted_at IS NULL")
        .bind(id)
        .fetch_one(pool)
        .await)
}

/// The first `limit` listed copies of this one still there (oldest first), and how many listed
/// copies it has in all: a share page's family. Unlisted copies and copies never saved are not
/// read.
pub async fn listed_copies(db: &Db, id: &str, limit: i64) -> Result<(Vec<Build>, i64), sqlx::Error> {
    let copies = on_pool!(db, pool => sqlx::query_as::<_, Build>(
        "SELECT * FROM builds WHERE parent_id = $1 AND deleted_at IS NULL AND listing = 'listed' \
         ORDER BY created_at, id LIMIT $2",
    )
    .bind(id)
    .bind(limit)
    .fetch_all(pool)
    .await)?;
    let all = on_pool!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM builds WHERE parent_id = $1 AND deleted_at IS NULL AND listing = 'listed'",
    )
    .bind(id)
    .fetch_one(pool)
    .await)?;
    Ok((copies, all))
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

    fn content(name: &str, facets: Facets) -> Content {
        Content {
            kind: "boat",
            name: name.into(),
            document: "{}".into(),
            engine_version: 1,
            legal: true,
            summary: "s".into(),
            facets,
        }
    }

    #[tokio::test]
    async fn a_build_is_only_updated_with_its_token() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let c = content("Test", Facets::default());
            let (b, token) = create(&db, &c, None, Listing::Listed).await.unwrap();
            let changed = Content { name: "Changed".into(), ..c.clone() };
            assert!(matches!(
                update(&db, &b.id, "wrong", &changed, None, None).await,
                Err(UpdateError::Forbidden)
            ));
            assert_eq!(get(&db, &b.id).await.unwrap().unwrap().name, "Test");
            assert_eq!(update(&db, &b.id, &token, &changed, None, None).await.unwrap().name, "Changed");
            let (fork, _) = create(&db, &c, Some(&b.id), Listing::Copy).await.unwrap();
            assert_eq!(fork.parent_id.as_deref(), Some(b.id.as_str()));
            assert_eq!(fork_count(&db, &b.id).await.unwrap(), 1);
        }
    }

    #[tokio::test]
    async fn a_save_from_an_older_revision_is_a_conflict_and_writes_nothing() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let c = content("First", Facets::default());
            let (b, token) = create(&db, &c, None, Listing::Listed).await.unwrap();
            assert_eq!(b.revision, 1);
            // Two editors open it at revision 1; the first saves, moving it to 2.
            let mine = Content { name: "Mine".into(), ..c.clone() };
            let theirs = Content { name: "Theirs".into(), ..c.clone() };
            assert_eq!(update(&db, &b.id, &token, &mine, None, Some(1)).await.unwrap().revision, 2);
            match update(&db, &b.id, &token, &theirs, None, Some(1)).await {
                Err(UpdateError::Conflict(now)) => assert_eq!((now.name.as_str(), now.revision), ("Mine", 2)),
                other => panic!("{}: a conflict, not {other:?}", db.backend()),
            }
            assert_eq!(get(&db, &b.id).await.unwrap().unwrap().name, "Mine");
            // From the revision now, or saying none (an older form, a client of its own): saved.
            assert_eq!(update(&db, &b.id, &token, &theirs, None, Some(2)).await.unwrap().revision, 3);
            assert_eq!(update(&db, &b.id, &token, &mine, None, None).await.unwrap().revision, 4);
            // A listing change is not a change of content.
            set_listing(&db, &b.id, None, &token, Listing::Unlisted).await.unwrap();
            assert_eq!(get(&db, &b.id).await.unwrap().unwrap().revision, 4);
            // A wrong token or a deleted build is said as such, whatever revision is sent.
            assert!(matches!(
                update(&db, &b.id, "wrong", &mine, None, Some(1)).await,
                Err(UpdateError::Forbidden)
            ));
            delete(&db, &b.id, None, &token).await.unwrap();
            assert!(matches!(
                update(&db, &b.id, &token, &mine, None, Some(1)).await,
                Err(UpdateError::Gone(_))
            ));
        }
    }

    #[tokio::test]
    async fn every_write_a_page_could_show_moves_the_change_mark() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let mark = || async { db.change_mark().await.unwrap() };
            let c = content("Marked", Facets::default());
            let start = mark().await;
            let (b, token) = create(&db, &c, None, Listing::Listed).await.unwrap();
            assert_eq!(mark().await, start, "a new build changes no page");
            let mut seen = vec![start];
            update(&db, &b.id, &token, &c, None, None).await.unwrap();
            seen.push(mark().await);
            set_listing(&db, &b.id, None, &token, Listing::Unlisted).await.unwrap();
            seen.push(mark().await);
            create(&db, &c, Some(&b.id), Listing::Copy).await.unwrap();
            seen.push(mark().await);
            delete(&db, &b.id, None, &token).await.unwrap();
            seen.push(mark().await);
            let mut distinct = seen.clone();
            distinct.dedup();
            assert_eq!(distinct, seen, "each write moved the mark: {seen:?}");
        }
    }

    #[tokio::test]
    async fn text_holding_nul_is_kept_with_the_replacement_character_on_both_backends() {
        let mut kept = Vec::new();
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let c = Content {
                name: "Sea\0Wasp".into(),
                document: r#"{"hull":"ding\u0000hy","name":"\\u0000"}"#.into(),
                summary: "\0".into(),
                ..content("", Facets { tag: Some("t\0".into()), ..Facets::default() })
            };
            let (b, token) = create(&db, &c, None, Listing::Listed)
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", db.backend()));
            let created = (b.name, b.document, b.summary, b.tag);
            let b = update(&db, &b.id, &token, &c, None, None)
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", db.backend()));
            assert_eq!((b.name.clone(), b.document.clone(), b.summary.clone(), b.tag.clone()), created);
            kept.push(created);
        }
        let want = (
            "Sea\u{FFFD}Wasp".to_owned(),
            r#"{"hull":"ding\ufffdhy","name":"\\u0000"}"#.to_owned(),
            "\u{FFFD}".to_owned(),
            Some("t\u{FFFD}".to_owned()),
        );
        assert!(kept.iter().all(|k| *k == want), "{kept:?}");
    }

    #[tokio::test]
    async fn a_copy_is_listed_once_its_owner_saves_it_unless_they_say_otherwise() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let c = content("Copy", Facets::default());
            let (a, ta) = create(&db, &c, None, Listing::Copy).await.unwrap();
            let (b, tb) = create(&db, &c, None, Listing::Copy).await.unwrap();
            assert_eq!(a.listing(), Listing::Copy);
            assert_eq!(update(&db, &a.id, &ta, &c, None, None).await.unwrap().listing(), Listing::Listed);
            let b = update(&db, &b.id, &tb, &c, Some(Listing::Unlisted), None).await.unwrap();
            assert_eq!(b.listing(), Listing::Unlisted);
            // Saving again keeps the owner's choice.
            assert_eq!(update(&db, &b.id, &tb, &c, None, None).await.unwrap().listing(), Listing::Unlisted);
        }
    }

    #[tokio::test]
    async fn a_deleted_build_is_a_tombstone_its_copies_outlive() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            let c = content("Sea Wasp", Facets { cost: Some(9_000), ..Facets::default() });
            let (b, token) = create(&db, &c, None, Listing::Listed).await.unwrap();
            let (copy, _) = create(&db, &c, Some(&b.id), Listing::Copy).await.unwrap();
            assert!(matches!(delete(&db, &b.id, None, "wrong").await, Err(UpdateError::Forbidden)));
            assert!(matches!(delete(&db, &b.id, Some("epic"), &token).await, Err(UpdateError::NotFound)));
            let gone = delete(&db, &b.id, Some("boat"), &token).await.unwrap();
            assert!(gone.deleted_at.is_some());
            assert_eq!((gone.name.as_str(), gone.document.as_str(), gone.cost), ("", "{}", None));
            assert!(matches!(delete(&db, &b.id, None, &token).await, Err(UpdateError::Gone(_))));
            assert!(matches!(update(&db, &b.id, &token, &c, None, None).await, Err(UpdateError::Gone(_))));
            assert_eq!(get(&db, &copy.id).await.unwrap().unwrap().parent_id.as_deref(), Some(b.id.as_str()));
            let (total, _) = crate::store::gallery::gallery(
                &db,
                &crate::store::gallery::Filter::default(),
                crate::store::gallery::Sort::Newest,
                10,
                0,
            )
            .await
            .unwrap();
            assert_eq!(total, 0, "neither the deleted build nor the unsaved copy is listed");
        }
    }
}
