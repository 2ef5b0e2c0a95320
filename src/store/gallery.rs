//! The gallery's queries: listed, live builds, filtered, searched and sorted, a page at a time.

use super::Db;
use crate::on_pool;
use serde::Serialize;
use sqlx::FromRow;

/// What the gallery shows of a listed build.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct Card {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub legal: bool,
    pub summary: String,
    pub updated_at: i64,
}

/// How the gallery orders what it finds. Builds without the figure sorted by come last; builds
/// saved in the same millisecond in the order they were saved (rowid), newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Most recently saved first.
    Newest,
    Cheapest,
    Costliest,
    FewestPoints,
    MostPoints,
}

/// The gallery's filters, each `None` for any.
#[derive(Debug, Clone, Default)]
pub struct Filter<'a> {
    pub kind: Option<&'a str>,
    pub tag: Option<&'a str>,
    pub legal: Option<bool>,
    /// Part of the name, as typed.
    pub name: &'a str,
    /// A part the build holds, as typed ("laser").
    pub part: &'a str,
}

/// What every gallery query asks of a build: listed, named (an unnamed build is kept and shared
/// by its link, and listed once it has a name), not deleted, and through the filters.
/// Parameters: $1 kind, $2 tag, $3 legal, $4 the name pattern, $5 the part pattern (NULL: any).
/// Names are matched in any letter case (SQLite's LIKE ignores ASCII case and PostgreSQL's does
/// not, so both sides are lowered); parts are stored in lower case.
macro_rules! gallery_where {
    () => {
        "FROM builds WHERE listing = 'listed' AND deleted_at IS NULL AND trim(name) <> '' \
         AND ($1 IS NULL OR kind = $1) AND ($2 IS NULL OR tag = $2) AND ($3 IS NULL OR legal = $3) \
         AND lower(name) LIKE lower($4) ESCAPE '\\' AND ($5 IS NULL OR parts LIKE $5 ESCAPE '\\') "
    };
}

/// One page of the gallery: $6 the page size, $7 the offset.
macro_rules! gallery_page {
    ($order:literal) => {
        concat!(
            "SELECT id, kind, name, legal, summary, updated_at ",
            gallery_where!(),
            "ORDER BY ",
            $order,
            " LIMIT $6 OFFSET $7"
        )
    };
}

impl Sort {
    fn query(self) -> &'static str {
        match self {
            Sort::Newest => gallery_page!("updated_at DESC, rowid DESC"),
            Sort::Cheapest => gallery_page!("cost IS NULL, cost, updated_at DESC, rowid DESC"),
            Sort::Costliest => gallery_page!("cost IS NULL, cost DESC, updated_at DESC, rowid DESC"),
            Sort::FewestPoints => gallery_page!("points IS NULL, points, updated_at DESC, rowid DESC"),
            Sort::MostPoints => gallery_page!("points IS NULL, points DESC, updated_at DESC, rowid DESC"),
        }
    }
}

/// A LIKE pattern finding `text` anywhere, its wildcards taken literally ("%" finds a percent
/// sign), or `None` for an empty text. Callers bound the text's length: SQLite refuses LIKE
/// patterns past 50,000 bytes.
fn containing(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| format!("%{}%", t.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")))
}

/// How many listed builds pass `f`, and the `limit` of them from `offset` on, in `sort` order.
pub async fn gallery(
    db: &Db,
    f: &Filter<'_>,
    sort: Sort,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<Card>), sqlx::Error> {
    let name = containing(f.name).unwrap_or_else(|| "%".into());
    let part = containing(&f.part.to_lowercase());
    let total: i64 = on_pool!(db, pool => sqlx::query_scalar(concat!("SELECT COUNT(*) ", gallery_where!()))
        .bind(f.kind)
        .bind(f.tag)
        .bind(f.legal)
        .bind(&name)
        .bind(&part)
        .fetch_one(pool)
        .await)?;
    if total <= offset {
        return Ok((total, Vec::new()));
    }
    let cards = on_pool!(db, pool => sqlx::query_as::<_, Card>(sort.query())
        .bind(f.kind)
        .bind(f.tag)
        .bind(f.legal)
        .bind(&name)
        .bind(&part)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    Ok((total, cards))
}

/// The tags listed builds carry, by kind: what the gallery's tag filter offers.
pub async fn tags(db: &Db) -> Result<Vec<(String, String)>, sqlx::Error> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT DISTINCT kind, tag FROM builds WHERE listing = 'listed' AND deleted_at IS NULL \
         AND trim(name) <> '' AND tag IS NOT NULL ORDER BY kind, tag LIMIT 500",
    )
    .fetch_all(pool)
    .await)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::builds::{Content, Facets, Listing, create};

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
    async fn the_gallery_searches_names_and_parts_literally() {
        for store in crate::store::testing::both().await {
            let db = store.db.clone();
            for (name, parts) in
                [("Piranha", vec!["Heavy laser"]), ("100% Pike", vec![]), ("Minnow", vec!["2 Torpedoes"])]
            {
                let parts = parts.into_iter().map(String::from).collect();
                create(&db, &content(name, Facets { parts, ..Facets::default() }), None, Listing::Listed)
                    .await
                    .unwrap();
            }
            let names = |cards: Vec<Card>| cards.into_iter().map(|c| c.name).collect::<Vec<_>>();
            let by = |name, part| Filter { name, part, ..Filter::default() };
            let (n, found) = gallery(&db, &by("%", ""), Sort::Newest, 10, 0).await.unwrap();
            assert_eq!((n, names(found)), (1, vec!["100% Pike".to_owned()]));
            assert_eq!(gallery(&db, &by("nnow", ""), Sort::Newest, 10, 0).await.unwrap().0, 1);
            assert_eq!(
                names(gallery(&db, &by("", "LASER"), Sort::Newest, 10, 0).await.unwrap().1),
                vec!["Piranha"]
            );
            assert_eq!(
                names(gallery(&db, &by("", "torpedo"), Sort::Newest, 10, 0).await.unwrap().1),
                vec!["Minnow"]
            );
            assert_eq!(gallery(&db, &by("", "_"), Sort::Newest, 10, 0).await.unwrap().0, 0);
            let epic = Filter { kind: Some("epic"), ..Filter::default() };
            assert_eq!(gallery(&db, &epic, Sort::Newest, 10, 0).await.unwrap().0, 0);
        }
    }
}
