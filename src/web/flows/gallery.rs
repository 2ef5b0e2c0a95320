//! The gallery: every listed build, a page at a time, sorted (newest, cost, points), filtered (kind,
//! tag such as a boat's hull, legality) and searched by name and by part ("laser"). One GET form
//! that works without JavaScript; with it, htmx swaps the results alone. Whatever the address
//! holds gets a page: what could not be used is said on it, and every query is bounded (a page of
//! [`PAGE_SIZE`], searches cut to a name's length, LIKE patterns escaped).

use super::registered;
use crate::games::bounds::{self, MAX_NAME_CHARS};
use crate::games::registry::Game;
use crate::store;
use crate::store::builds::format_time;
use crate::store::gallery::{Card, Filter, Sort};
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use crate::web::http::kinds;
use crate::web::http::state::AppState;
use askama::Template;
use axum::extract::{RawQuery, State};
use axum::response::{Html, IntoResponse, Response};

/// Builds on one page of the gallery.
pub const PAGE_SIZE: i64 = 20;
/// The longest part search: no part's name is longer.
pub const MAX_PART_CHARS: usize = 40;

/// The orders the gallery offers: (the address's word, what the menu says, the order).
pub const SORTS: [(&str, &str, Sort); 5] = [
    ("newest", "Newest first", Sort::Newest),
    ("cost", "Cost, lowest first", Sort::Cheapest),
    ("cost-desc", "Cost, highest first", Sort::Costliest),
    ("points", "Points, fewest first", Sort::FewestPoints),
    ("points-desc", "Points, most first", Sort::MostPoints),
];

/// The legality filter's choices: (the address's word, what the menu says, the filter).
pub const LEGALITY: [(&str, &str, Option<bool>); 3] = [
    ("", "Legal or not", None),
    ("legal", "Legal only", Some(true)),
    ("illegal", "Not legal only", Some(false)),
];

pub struct GalleryRow {
    pub href: String,
    pub name: String,
    pub kind: &'static str,
    pub legal: bool,
    pub summary: String,
    pub updated: String,
}

/// A card for a listed build; none for a kind no game here serves (a newer version's).
fn row(c: Card) -> Option<GalleryRow> {
    let game = kinds::game(&c.kind)?;
    Some(GalleryRow {
        href: format!("{}/{}", game.path, c.id),
        name: if c.name.trim().is_empty() { "(unnamed)".into() } else { c.name },
        kind: game.title,
        legal: c.legal,
        summary: c.summary,
        updated: format_time(c.updated_at),
    })
}

/// What the address asked for, as the gallery could use it, and what it could not.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Asked {
    pub q: String,
    pub part: String,
    /// A game's id, or "" for every kind.
    pub kind: String,
    pub tag: String,
    /// "", "legal" or "illegal".
    pub legal: String,
    /// One of [`SORTS`]' words.
    pub sort: String,
    pub page: i64,
    /// What could not be used, and what was done instead.
    pub notes: Vec<String>,
}

/// Text from the address, one line, cut to `max` characters (with a note saying so).
fn cut(text: &str, max: usize, what: &str, notes: &mut Vec<String>) -> String {
    if text.chars().nth(max).is_some() {
        notes.push(format!(
            "{what} are at most {max} characters long, so only the first {max} characters of your \
             search were used."
        ));
    }
    bounds::one_line(&text.chars().take(max).collect::<String>())
}

impl Asked {
    /// Reads the gallery's address leniently: every field is optional, and one that cannot be
    /// used is replaced by its default with a note, never refused.
    pub fn read(query: &str) -> Asked {
        let f = Fields::parse(query.as_bytes());
        let mut notes = Vec::new();
        let q = cut(f.get("q").unwrap_or(""), MAX_NAME_CHARS, "Names", &mut notes);
        let part = cut(f.get("part").unwrap_or(""), MAX_PART_CHARS, "Part names", &mut notes);
        let tag = cut(f.get("tag").unwrap_or(""), MAX_NAME_CHARS, "Tags", &mut notes);
        let kind = match f.get("kind").unwrap_or("") {
            "" => String::new(),
            k => match kinds::game(k) {
                Some(g) => g.id.to_owned(),
                None => {
                    notes.push(format!(
                        "There is no kind of build called “{}”; every kind is shown.",
                        crate::games::shown(k)
                    ));
                    String::new()
                }
            },
        };
        let legal = match f.get("legal").unwrap_or("") {
            l if LEGALITY.iter().any(|(w, _, _)| *w == l) => l.to_owned(),
            l => {
                notes.push(format!(
                    "“{}” is not a legality filter; legal and illegal builds are both shown.",
                    crate::games::shown(l)
                ));
                String::new()
            }
        };
        let sort = match f.get("sort").unwrap_or("") {
            "" => "newest".to_owned(),
            s if SORTS.iter().any(|(w, _, _)| *w == s) => s.to_owned(),
            s => {
                notes.push(format!(
                    "The gallery cannot sort by “{}”; the newest builds come first.",
                    crate::games::shown(s)
                ));
                "newest".to_owned()
            }
        };
        let page = match f.get("page").unwrap_or("").trim() {
            "" => 1,
            p => match p.parse::<i64>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    notes.push(format!(
                        "There is no page “{}”: pages are numbered from 1. This is page 1.",
                        crate::games::shown(p)
                    ));
                    1
                }
            },
        };
        Asked { q, part, kind, tag, legal, sort, page, notes }
    }

    /// The address of page `page` of the same search.
    pub fn href(&self, page: i64) -> String {
        let mut s = form_urlencoded::Serializer::new(String::new());
        for (k, v) in [
            ("q", self.q.as_str()),
            ("part", &self.part),
            ("kind", &self.kind),
            ("tag", &self.tag),
            ("legal", &self.legal),
        ] {
            if !v.is_empty() {
                s.append_pair(k, v);
            }
        }
        if self.sort != "newest" {
            s.append_pair("sort", &self.sort);
        }
        if page > 1 {
            s.append_pair("page", &page.to_string());
        }
        let query = s.finish();
        if query.is_empty() { "/gallery".into() } else { format!("/gallery?{query}") }
    }

    fn filter(&self) -> Filter<'_> {
        Filter {
            kind: (!self.kind.is_empty()).then_some(self.kind.as_str()),
            tag: (!self.tag.is_empty()).then_some(self.tag.as_str()),
            legal: LEGALITY.iter().find(|(w, _, _)| *w == self.legal).and_then(|(_, _, l)| *l),
            name: &self.q,
            part: &self.part,
        }
    }

    fn order(&self) -> Sort {
        SORTS.iter().find(|(w, _, _)| *w == self.sort).map_or(Sort::Newest, |(_, _, s)| *s)
    }

    /// Whether anything narrows the search (for the words of an empty result).
    pub fn narrowed(&self) -> bool {
        !(self.q.is_empty()
            && self.part.is_empty()
            && self.kind.is_empty()
            && self.tag.is_empty()
            && self.legal.is_empty())
    }
}

/// The tags listed builds carry, by game: the tag filter's menu.
pub struct TagGroup {
    pub game: &'static Game,
    pub tags: Vec<String>,
}

#[derive(Template)]
#[template(path = "gallery.html", blocks = ["results"])]
struct GalleryPage {
    a: Asked,
    groups: Vec<TagGroup>,
    rows: Vec<GalleryRow>,
    total: i64,
    pages: i64,
    /// The page asked for is past the last one.
    past_end: bool,
    /// Each game's published builds, to start from.
    published: Vec<(&'static Game, &'static [crate::web::flows::view::StartChoice])>,
}

impl GalleryPage {
    fn sorts(&self) -> &'static [(&'static str, &'static str, Sort)] {
        &SORTS
    }
    fn legality(&self) -> &'static [(&'static str, &'static str, Option<bool>)] {
        &LEGALITY
    }
    fn prev(&self) -> Option<String> {
        (self.a.page > 1 && !self.past_end).then(|| self.a.href(self.a.page - 1))
    }
    fn next(&self) -> Option<String> {
        (self.a.page < self.pages).then(|| self.a.href(self.a.page + 1))
    }
    fn last(&self) -> String {
        self.a.href(self.pages)
    }
}

/// `/gallery`: the page, or with htmx (`HX-Request`) the same page, of which htmx takes the
/// results alone (`hx-select`).
pub async fn page(State(state): State<AppState>, RawQuery(query): RawQuery) -> Result<Response, AppError> {
    let a = Asked::read(query.as_deref().unwrap_or(""));
    // Past the last page nothing is read: the offset is never beyond the builds there are.
    let offset = (a.page - 1).saturating_mul(PAGE_SIZE);
    let (total, cards) =
        store::gallery::gallery(&state.db, &a.filter(), a.order(), PAGE_SIZE, offset).await?;
    let pages = ((total + PAGE_SIZE - 1) / PAGE_SIZE).max(1);
    let mut groups: Vec<TagGroup> = Vec::new();
    // A gallery filtered to one game shows nothing of another: not its tags, not its examples.
    let shown = |id: &str| a.kind.is_empty() || a.kind == id;
    for (kind, tag) in store::gallery::tags(&state.db).await? {
        let Some(game) = kinds::game(&kind).filter(|g| shown(g.id)) else { continue };
        match groups.last_mut() {
            Some(g) if g.game.id == game.id => g.tags.push(tag),
            _ => groups.push(TagGroup { game, tags: vec![tag] }),
        }
    }
    let published = registered::published().filter(|(g, _)| shown(g.id)).collect();
    let page = GalleryPage {
        past_end: a.page > pages,
        a,
        groups,
        rows: cards.into_iter().filter_map(row).collect(),
        total,
        pages,
        published,
    };
    Ok(Html(page.render()?).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_read_leniently_with_a_note_for_what_could_not_be_used() {
        // The games come from the assembly, as when the app is served.
        crate::web::install_games();
        let a = Asked::read("page=-1&sort=garbage&kind=chess&legal=maybe");
        assert_eq!((a.page, a.sort.as_str(), a.kind.as_str(), a.legal.as_str()), (1, "newest", "", ""));
        assert_eq!(a.notes.len(), 4, "{:?}", a.notes);
        let long = "x".repeat(10_000);
        let a = Asked::read(&format!("q={long}&part={long}"));
        assert_eq!((a.q.chars().count(), a.part.chars().count()), (MAX_NAME_CHARS, MAX_PART_CHARS));
        assert_eq!(a.notes.len(), 2);
        let a = Asked::read("q=Sea+Wasp&part=laser&kind=boat&tag=Dinghy&legal=legal&sort=cost-desc&page=3");
        assert!(a.notes.is_empty());
        assert_eq!(
            a.href(4),
            "/gallery?q=Sea+Wasp&part=laser&kind=boat&tag=Dinghy&legal=legal&sort=cost-desc&page=4"
        );
        assert_eq!(Asked::read("").href(1), "/gallery");
    }
}
