//! Every game the house serves, in the order the navigation shows them. The routes, the gallery's
//! filter and cards, the navigation and the start page are written over this list; adding a game
//! is its engine (src/games/<game>/, with its [`Game`]), its templates (templates/<game>/), its
//! small web module (a [`Builder`](super::flows::builder::Builder) and its own pages) and one line here.

use super::flows::builder::{Builder, check_stored, example_form, live_answer, live_upto, stored_facets};
use super::flows::compare::{Comparable, side};
pub use super::flows::registered::Registered;
use super::flows::view::StartChoice;
use super::http::rate::WriteLimit;
use super::http::state::AppState;
use super::{bfg, boats, epic, samurai, waffle};
use crate::games::registry::Game;
use crate::store::Db;
use crate::store::builds::{self, Facets};
use axum::Router;

/// The table: one line per game, its builder, its routes and its published builds. The macro
/// makes [`GAMES`] and, for this file's tests, each builder's generic checks, so a game's line
/// is the only place a test over every builder learns of it.
macro_rules! registry {
    ($($builder:ty => ($routes:expr, $published:expr)),+ $(,)?) => {
        pub static GAMES: [Registered; [$(stringify!($builder)),+].len()] =
            [$(entry::<$builder>($routes, $published)),+];

        /// Every builder's generic checks, in the registry's order.
        #[cfg(test)]
        fn each_builder() -> Vec<tests::Checks> {
            vec![$(tests::Checks::of::<$builder>()),+]
        }
    };
}

registry! {
    boats::Boats => (boats::router, boats::view::published),
    epic::Epic => (epic::router, || &[]),
    bfg::Bfg => (bfg::router, || &[]),
    waffle::Waffle => (waffle::router, || &[]),
    samurai::Samurai => (samurai::router, || &[]),
}

/// The entry of the game whose builder is `B`: its game, form, facets, stored-document check and
/// side of a comparison all come from the builder; its routes and published builds are its line.
const fn entry<B: Builder + Comparable>(
    routes: fn(&WriteLimit) -> Router<AppState>,
    published: fn() -> &'static [StartChoice],
) -> Registered {
    Registered {
        game: B::GAME,
        form: B::FORM,
        routes,
        published,
        facets: stored_facets::<B>,
        document: check_stored::<B>,
        compare: side::<B>,
        live_upto: live_upto::<B>,
        live: live_answer::<B>,
        example_form: example_form::<B>,
    }
}

/// The games, in order.
pub fn games() -> impl Iterator<Item = &'static Game> {
    GAMES.iter().map(|r| r.game)
}

/// The game whose builds are of this kind.
pub fn game(id: &str) -> Option<&'static Game> {
    games().find(|g| g.id == id)
}

/// The games' descriptors alone, in order: what the HTTP layer is handed.
pub fn descriptors() -> &'static [&'static Game] {
    static LIST: std::sync::OnceLock<Vec<&'static Game>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| games().collect())
}

/// Every game's routes.
pub fn routes(writes: &WriteLimit) -> Router<AppState> {
    GAMES.iter().fold(Router::new(), |r, g| r.merge((g.routes)(writes)))
}

/// What `drydock import` checks rows against that the store does not know: every game's
/// documents, and the battle tracker's states (only fleets have battles).
pub struct Checks;

impl crate::store::transfer::Rows for Checks {
    fn document(&self, kind: &str, document: &str) -> Result<(), String> {
        match GAMES.iter().find(|r| r.game.id == kind) {
            Some(r) => (r.document)(document),
            None => Err(format!("no game here keeps builds of the kind \"{}\"", crate::games::shown(kind))),
        }
    }

    fn battle(&self, kind: &str, state: &str) -> Result<(), String> {
        if kind != crate::games::bfg::GAME.id {
            return Err(format!(
                "its build is of the kind \"{}\", which has no battles",
                crate::games::shown(kind)
            ));
        }
        bfg::battle::check_stored(state)
    }
}

/// Works out the gallery facets of every saved build that has none (saved before there were
/// any, or by a game that had none then), by judging its document again through its game's
/// builder; a few hundred at a time. Run at start, before serving: the gallery then sorts,
/// filters and searches every build. Returns how many were judged.
pub async fn fill_facets(db: &Db) -> Result<u64, sqlx::Error> {
    const BATCH: i64 = 200;
    let mut judged = 0;
    for g in &GAMES {
        loop {
            let rows = builds::unjudged(db, g.game.id, BATCH).await?;
            for b in &rows {
                // A tombstone has nothing to judge: it gets empty facets.
                let f = if b.deleted_at.is_some() { Facets::default() } else { (g.facets)(b) };
                builds::set_facets(db, &b.id, &f).await?;
                judged += 1;
            }
            if rows.len() < usize::try_from(BATCH).unwrap_or(usize::MAX) {
                break;
            }
        }
    }
    Ok(judged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Shared;
    use crate::web::flows::builder::{Builder, read_form};
    use crate::web::http::codec;
    use crate::web::http::fields::Fields;
    use proptest::prelude::*;
    use serde_json::Value;

    /// Every list in a document's JSON, by path ("weapons", "turrets.0.weapons"), and every
    /// object's fields (what a clear button may name).
    fn paths(v: &Value, at: &str, out: &mut Vec<String>) {
        let join = |k: &str| if at.is_empty() { k.to_owned() } else { format!("{at}.{k}") };
        match v {
            Value::Array(items) => {
                out.push(at.to_owned());
                for (i, item) in items.iter().enumerate() {
                    paths(item, &join(&i.to_string()), out);
                }
            }
            Value::Object(fields) => {
                for (k, item) in fields {
                    out.push(join(k));
                    paths(item, &join(k), out);
                }
            }
            _ => {}
        }
    }

    /// A button a client may post on a builder's form: any verb, any path the game's example has
    /// (or a made-up one), any row number, including the largest and past it.
    fn arb_button(paths: Vec<String>) -> impl Strategy<Value = String> {
        let number = prop_oneof![
            (0usize..5).prop_map(|n| n.to_string()),
            Just(usize::MAX.to_string()),
            Just("18446744073709551616".to_owned()),
            Just("-1".to_owned()),
        ];
        let mut paths = paths;
        paths.extend(["nothing".to_owned(), "name".to_owned(), "a.b.c".to_owned()]);
        let verb = prop::sample::select(vec!["add", "remove", "move", "clear", "hex", "grapple"]);
        let way = prop::sample::select(vec!["up", "down"]);
        (verb, prop::sample::select(paths), number, way).prop_map(|(verb, path, n, way)| match verb {
            "add" | "clear" => format!("{verb}.{path}"),
            "remove" => format!("remove.{path}.{n}"),
            "move" => format!("move.{path}.{n}.{way}"),
            "hex" => format!("hex.Z{n}"),
            _ => format!("grapple.A1.{path}"),
        })
    }

    /// Presses `buttons` one after the other on `B`'s example, each on the form the last one
    /// left, as the editor does: never a panic; a button refused leaves the document as posted.
    fn press_all<B: Builder>(buttons: &[String]) -> Result<(), TestCaseError> {
        let mut doc: B::Doc =
            serde_json::from_str(B::GAME.example).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for action in buttons {
            let mut fields = codec::encode(&doc);
            fields.push(("new_weapon".to_owned(), "mg".to_owned()));
            // The document as the form reads it with no button pressed: the codec's own form
            // leaves an empty list out, and a list whose default is not empty (Samurai's wind)
            // reads back as its default (the editor's form carries a marker for it).
            let Ok((posted, _)) = read_form::<B>(&Fields::from_pairs(fields.clone())) else { continue };
            fields.push(("action".to_owned(), action.clone()));
            let f = Fields::from_pairs(fields);
            let Ok((after, problems)) = read_form::<B>(&f) else { continue };
            if problems.iter().any(|p| p.code == Shared::BadButton) {
                prop_assert_eq!(
                    serde_json::to_value(&after).ok(),
                    serde_json::to_value(&posted).ok(),
                    "{}",
                    action
                );
            }
            doc = after;
        }
        Ok(())
    }

    fn game_paths(example: &str) -> Vec<String> {
        let mut out = Vec::new();
        paths(&serde_json::from_str(example).unwrap_or(Value::Null), "", &mut out);
        out
    }

    /// Every string's place in a JSON value (keys and indices), and every object key's.
    fn string_places(v: &Value, at: &mut Vec<String>, out: &mut Vec<(Vec<String>, bool)>) {
        match v {
            Value::String(_) => out.push((at.clone(), false)),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    at.push(i.to_string());
                    string_places(item, at, out);
                    at.pop();
                }
            }
            Value::Object(fields) => {
                for (k, item) in fields {
                    at.push(k.clone());
                    out.push((at.clone(), true));
                    string_places(item, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }

    /// `v` with `text` put at the end of the string (or the object key, `key`) at `at`.
    fn with_text(v: &Value, at: &[String], key: bool, text: &str) -> Value {
        let mut v = v.clone();
        let Some((last, init)) = at.split_last() else { return v };
        let mut node = &mut v;
        for seg in init {
            node = match node {
                Value::Array(items) => &mut items[seg.parse::<usize>().unwrap_or(0)],
                other => &mut other[seg.as_str()],
            };
        }
        match node {
            Value::Object(fields) if key => {
                if let Some(item) = fields.remove(last) {
                    fields.insert(format!("{last}{text}"), item);
                }
            }
            Value::Object(fields) => {
                if let Some(Value::String(s)) = fields.get_mut(last) {
                    s.push_str(text);
                }
            }
            Value::Array(items) => {
                if let Some(Value::String(s)) = items.get_mut(last.parse::<usize>().unwrap_or(usize::MAX)) {
                    s.push_str(text);
                }
            }
            _ => {}
        }
        v
    }

    /// No text a document holds, an id, a name, a key, can start a line of its forum text: each
    /// string of `B`'s example in turn is given a line break and a line of its own, and the export
    /// of every document that still reads has no such line.
    fn forum_text_lines_come_from_drydock_alone<B: Builder>() -> Vec<String> {
        let example: Value = serde_json::from_str(B::GAME.example).unwrap_or(Value::Null);
        let mut places = Vec::new();
        string_places(&example, &mut Vec::new(), &mut places);
        let mut read = 0;
        let mut forged_at = Vec::new();
        for (at, key) in places {
            for forged in ["\nFORGED LINE", "\r\nFORGED LINE", "\u{2028}FORGED LINE", "\u{85}FORGED LINE"] {
                let doc = with_text(&example, &at, key, forged);
                let Ok(doc) = crate::web::http::json::from_slice::<B::Doc>(
                    &serde_json::to_vec(&doc).unwrap_or_default(),
                ) else {
                    continue;
                };
                read += 1;
                let text = B::forum_text(&B::judge(doc, Vec::new()));
                if text
                    .lines()
                    .flat_map(|l| l.split(['\u{2028}', '\u{85}', '\r']))
                    .any(|l| l.trim_start().starts_with("FORGED"))
                {
                    forged_at.push(format!("{at:?} {forged:?}"));
                }
            }
        }
        assert!(read > 0, "{}: some string takes any text", B::GAME.id);
        forged_at.iter().map(|f| format!("{}: {f}", B::GAME.id)).collect()
    }

    /// One builder's generic checks, as plain functions the registry's table holds.
    pub(super) struct Checks {
        id: &'static str,
        example: &'static str,
        forum: fn() -> Vec<String>,
        press: fn(&[String]) -> Result<(), TestCaseError>,
    }

    impl Checks {
        pub(super) fn of<B: Builder>() -> Self {
            Self {
                id: B::GAME.id,
                example: B::GAME.example,
                forum: forum_text_lines_come_from_drydock_alone::<B>,
                press: press_all::<B>,
            }
        }
    }

    #[test]
    fn every_registered_game_has_its_builders_checks() {
        let ids: Vec<&str> = each_builder().iter().map(|c| c.id).collect();
        assert_eq!(ids, games().map(|g| g.id).collect::<Vec<_>>());
    }

    #[test]
    fn no_text_in_a_document_forges_a_line_of_any_games_forum_text() {
        let forged: Vec<String> = each_builder().iter().flat_map(|c| (c.forum)()).collect();
        assert!(forged.is_empty(), "these strings forged lines of their forum text: {forged:#?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_button_on_any_builders_form_never_panics(
            pressed in each_builder()
                .iter()
                .map(|c| prop::collection::vec(arb_button(game_paths(c.example)), 1..8))
                .collect::<Vec<_>>(),
        ) {
            for (c, buttons) in each_builder().iter().zip(&pressed) {
                (c.press)(buttons)?;
            }
        }
    }

    /// A folder's subfolders whose `mod.rs` holds `marker`: the games' modules there.
    fn game_folders(folder: &str, marker: &str) -> Vec<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        let mut found: Vec<String> = std::fs::read_dir(&root)
            .map(|d| d.flatten().collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter(|e| std::fs::read_to_string(e.path().join("mod.rs")).is_ok_and(|t| t.contains(marker)))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        found.sort();
        found
    }

    /// The files under `folder` (relative to the repository) with these endings, recursively,
    /// leaving out the subfolders `skip`.
    fn files_in(folder: &str, endings: &[&str], skip: &[String], out: &mut Vec<std::path::PathBuf>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        for entry in std::fs::read_dir(&root).map(|d| d.flatten().collect::<Vec<_>>()).unwrap_or_default() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !skip.contains(&name) {
                    files_in(&format!("{folder}/{name}"), endings, skip, out);
                }
            } else if endings.iter().any(|e| name.ends_with(e)) {
                out.push(path);
            }
        }
    }

    /// The house keeps itself: no shared file's code names a game. A game's id ("waffle"), its
    /// path ("/waffle") or its modules (`waffle::`) appear only in the games' own folders, the
    /// registry and the module lists (`src/web/mod.rs`, `src/games/mod.rs`); shared files' tests
    /// and comments may use a game as their example. The games come from the registry and from
    /// the folders that hold a game's `GAME` or `Builder`, never from a list here.
    #[test]
    fn no_shared_file_names_a_game() {
        let engines = game_folders("src/games", "pub static GAME");
        let webs = game_folders("src/web", "impl Builder for");
        let templates: Vec<String> = games().map(|g| g.path.trim_start_matches('/').to_owned()).collect();
        assert_eq!((engines.len(), webs.len()), (GAMES.len(), GAMES.len()), "{engines:?} {webs:?}");
        let mut files = Vec::new();
        files_in(
            "src",
            &[".rs"],
            &[[&engines[..], &webs[..]].concat(), vec!["fingerprints".into()]].concat(),
            &mut files,
        );
        files_in("templates", &[".html"], &templates, &mut files);
        files_in("static", &[".js"], &[], &mut files);
        let own = ["src/web/registry.rs", "src/web/mod.rs", "src/games/mod.rs"];
        // Test files (a module's tests.rs or tests/ folder) may use a game as their example.
        files.retain(|f| {
            !own.iter().any(|o| f.ends_with(o))
                && !f.ends_with("tests.rs")
                && !f.components().any(|c| c.as_os_str() == "tests")
        });
        assert!(files.len() > 40, "{} shared files", files.len());
        let mut named = Vec::new();
        let words: Vec<String> = games()
            .flat_map(|g| [format!("\"{}\"", g.id), format!("\"{}", g.path)])
            .chain(engines.iter().chain(&webs).map(|m| format!("{m}::")))
            .collect();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let mut in_comment = false;
            for (n, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("#[cfg(test)]") {
                    break;
                }
                // Template comments `{# ... #}` may run over several lines.
                if code.starts_with("{#") {
                    in_comment = !code.contains("#}");
                    continue;
                }
                if in_comment {
                    in_comment = !code.contains("#}");
                    continue;
                }
                if code.starts_with("//") {
                    continue;
                }
                for w in &words {
                    // A path word must end the path ("/bfg" is a game's, "/bfgx" is not).
                    let hit = code.match_indices(w.as_str()).any(|(at, _)| {
                        !w.starts_with("\"/")
                            || !code[at + w.len()..]
                                .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
                    });
                    if hit {
                        named.push(format!("{}:{}: {w}", file.display(), n + 1));
                    }
                }
            }
        }
        assert!(named.is_empty(), "shared files name a game: {named:#?}");
    }

    #[test]
    fn games_have_distinct_ids_and_paths() {
        let mut ids: Vec<&str> = games().map(|g| g.id).collect();
        let mut paths: Vec<&str> = games().map(|g| g.path).collect();
        ids.sort_unstable();
        ids.dedup();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(ids.len(), GAMES.len());
        assert_eq!(paths.len(), GAMES.len());
        assert!(games().all(|g| g.path.starts_with('/') && !g.path.starts_with("/api")));
        assert_eq!(game("epic").map(|g| g.word), Some("detachment"));
        assert_eq!(game("nope"), None);
    }
}
