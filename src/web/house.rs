//! The house keeps its rooms: every file of src/web is read, each `crate::web::…` and `super::…`
//! path in its code (its `use` lines and paths written in place) is placed in a room, and an
//! import may only go down: a game to the flows or the plumbing, the flows to the plumbing, the
//! registry to any of them, the assembly (web/mod.rs) to everything. The plumbing never imports
//! a flow, a game or the registry; the flows never import a game or the registry; a game never
//! imports another game. So no rooms import each other in a circle. Inside the two shared rooms
//! the files keep the same order: no two files of the plumbing, or of the flows, import each
//! other round a circle (a folder such as http/codec counts as one file). Tests (`#[cfg(test)]`
//! blocks and the tests.rs, *_tests.rs and tests/ files) may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A room of src/web, from the bottom up.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Room {
    Http,
    Flows,
    Game(String),
    Registry,
    Assembly,
    Config,
}

impl Room {
    /// A room may import the rooms below it, never one at its height or above.
    fn height(&self) -> u8 {
        match self {
            Room::Http => 0,
            Room::Flows => 1,
            Room::Game(_) => 2,
            Room::Registry => 3,
            Room::Assembly => 4,
            Room::Config => 5,
        }
    }

    /// The room a module path under `web` is in (`[]` is web/mod.rs itself).
    fn of(path: &[String], games: &BTreeSet<String>) -> Room {
        match path.first().map(String::as_str) {
            Some("http") => Room::Http,
            Some("flows") => Room::Flows,
            Some("registry") => Room::Registry,
            Some(g) if games.contains(g) => Room::Game(g.to_owned()),
            // web/mod.rs and what it declares itself (`AppState` re-exported, `app`, ...).
            _ => Room::Assembly,
        }
    }
}

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A test file: a module's tests.rs, a *_tests.rs, anything in a tests/ folder, this one.
fn is_test_file(rel: &Path) -> bool {
    let name = rel.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // This file is a test too.
    rel == Path::new("house.rs")
        || name == "tests.rs"
        || name.ends_with("_tests.rs")
        || rel.components().any(|c| c.as_os_str() == "tests")
}

/// The module path of a file under `web`: web/flows/saved.rs is `[flows, saved]`, web/http/json/mod.rs
/// is `[http, json]`, web/mod.rs is `[]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" {
            parts.push(stem.to_owned());
        }
    }
    parts
}

/// The code of a file without its comments and `#[cfg(test)]` items (a `mod x;` line, or a block
/// up to the closing brace at the attribute's indentation).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().map(|(n, l)| (n + 1, l));
    while let Some((n, line)) = lines.next() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            let indent = &line[..line.len() - code.len()];
            if let Some((_, item)) = lines.next()
                && item.trim_end().ends_with('{')
            {
                let close = format!("{indent}}}");
                for (_, l) in lines.by_ref() {
                    if l.trim_end() == close {
                        break;
                    }
                }
            }
            continue;
        }
        if !code.starts_with("//") {
            out.push((n, line));
        }
    }
    out
}

/// Every path a line names that starts with `crate::web::` or `super::`, as written (groups in
/// braces spread: `super::{a, b::c}` is `super::a` and `super::b::c`).
fn paths_in(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < line.len() {
        let rest = &bytes[i..];
        let starts = (rest.starts_with(b"crate::web::") || rest.starts_with(b"super::"))
            && (i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == b':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < line.len() && (ident(bytes[end]) || bytes[end] == b':') {
            end += 1;
        }
        let head = line[i..end].trim_end_matches(':').to_owned();
        if line[end..].starts_with('{') {
            let mut depth = 0;
            let mut close = end;
            for (at, c) in line[end..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            close = end + at;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let inner = &line[end + 1..close.max(end + 1)];
            let mut depth = 0;
            let mut from = 0;
            let mut items = Vec::new();
            for (at, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&inner[from..at]);
                        from = at + 1;
                    }
                    _ => {}
                }
            }
            items.push(&inner[from..]);
            for item in items.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
                for p in paths_in(&format!("{head}::{item}")) {
                    out.push(p);
                }
            }
            i = close.max(end) + 1;
        } else {
            out.push(head);
            i = end;
        }
    }
    out
}

/// Whether a path in the line starts with `head` (not as the tail of a longer path or name).
fn starts_path(line: &str, head: &str) -> bool {
    let bytes = line.as_bytes();
    line.match_indices(head)
        .any(|(at, _)| at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || b"_:".contains(&bytes[at - 1])))
}

/// Where a path written in the module `at` leads, as a module path under `web` (`None`: outside
/// `web`, or `self`).
fn resolve(at: &[String], path: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    if parts.starts_with(&["crate", "web"]) {
        return Some(parts[2..].iter().map(|s| (*s).to_owned()).collect());
    }
    let ups = parts.iter().take_while(|p| **p == "super").count();
    let base = at.len().checked_sub(ups)?;
    let mut to: Vec<String> = at[..base].to_vec();
    to.extend(parts[ups..].iter().filter(|p| **p != "self" && **p != "*").map(|s| (*s).to_owned()));
    Some(to)
}

/// One import a file of src/web makes: the module it is written in, the module path it leads
/// to, and the file and line that make it.
struct Import {
    from: Vec<String>,
    to: Vec<String>,
    at: String,
}

/// The child modules of the folder a mod.rs is in (`[]` for web/mod.rs): its own folders and files.
fn children(dir: &Path) -> Vec<String> {
    let entries: Vec<_> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    entries
        .iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?;
            if p.is_dir() {
                Some(name.to_owned())
            } else {
                name.strip_suffix(".rs").filter(|n| *n != "mod").map(str::to_owned)
            }
        })
        .collect()
}

/// Every path the code (not the tests) of src/web names inside `web`. A mod.rs names its own
/// children bare (`registry::routes`, `use http::{..}`, `cache::KeptPages`): those count too.
fn every_import() -> Vec<Import> {
    let dir = web_dir();
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let mut out = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&dir).unwrap_or(&file).to_path_buf();
        if is_test_file(&rel) {
            continue;
        }
        let at = module_of(&rel);
        let own = if rel.file_name().is_some_and(|n| n == "mod.rs") {
            file.parent().map(children).unwrap_or_default()
        } else {
            Vec::new()
        };
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (n, line) in code_lines(&text) {
            if line.contains("crate::config") {
                out.push(Import {
                    from: at.clone(),
                    to: vec!["..config".into()],
                    at: format!("{}:{n}: crate::config", rel.display()),
                });
            }
            let mut paths = paths_in(line);
            for child in own.iter().filter(|c| starts_path(line, &format!("{c}::"))) {
                let mut full = vec!["crate".to_owned(), "web".to_owned()];
                full.extend(at.iter().cloned());
                full.push(child.clone());
                paths.push(full.join("::"));
            }
            for path in paths {
                let Some(to) = resolve(&at, &path) else { continue };
                out.push(Import { from: at.clone(), to, at: format!("{}:{n}: {path}", rel.display()) });
            }
        }
    }
    out
}

/// Every import between two different rooms: (from, to) with the file and line that makes it.
/// The configuration (`crate::config`, which names the web layer's option types) counts as a
/// room above the assembly: the web layer never reads it, so the two are no circle.
fn imports(games: &BTreeSet<String>) -> BTreeMap<(Room, Room), Vec<String>> {
    let mut out: BTreeMap<(Room, Room), Vec<String>> = BTreeMap::new();
    for i in every_import() {
        let from = Room::of(&i.from, games);
        let to = if i.to == ["..config"] { Room::Config } else { Room::of(&i.to, games) };
        if to != from {
            out.entry((from, to)).or_default().push(i.at);
        }
    }
    out
}

/// The file of a shared room a module path is in: `flows/saved` for `[flows, saved, load]`,
/// `http/codec` for anything in web/http/codec/ (a folder counts as one file), `flows` for what
/// flows/mod.rs itself declares. `None` outside the shared rooms.
fn shared_file(path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let room = path.first().filter(|r| *r == "http" || *r == "flows")?;
    Some(match path.get(1) {
        Some(m) if modules.contains(&format!("{room}/{m}")) => format!("{room}/{m}"),
        _ => room.clone(),
    })
}

/// Every import between two files of one shared room (the plumbing, or the flows), with where.
fn file_imports() -> BTreeMap<(String, String), Vec<String>> {
    let dir = web_dir();
    let modules: BTreeSet<String> = ["http", "flows"]
        .iter()
        .flat_map(|room| children(&dir.join(room)).into_iter().map(move |c| format!("{room}/{c}")))
        .collect();
    let mut out: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for i in every_import() {
        let (Some(from), Some(to)) = (shared_file(&i.from, &modules), shared_file(&i.to, &modules)) else {
            continue;
        };
        if from != to && from.split('/').next() == to.split('/').next() {
            out.entry((from, to)).or_default().push(i.at);
        }
    }
    out
}

/// The games' folders: every folder of src/web but the shared rooms.
fn game_folders() -> BTreeSet<String> {
    let entries: Vec<_> = std::fs::read_dir(web_dir()).map(|d| d.flatten().collect()).unwrap_or_default();
    entries
        .into_iter()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "http" && n != "flows")
        .collect()
}

/// The nodes (rooms, or files) that reach back to `start` through the imports, if any (a circle).
fn circle<T: Ord + Clone>(edges: &BTreeSet<(T, T)>, start: &T) -> Option<Vec<T>> {
    fn walk<T: Ord + Clone>(edges: &BTreeSet<(T, T)>, start: &T, at: &T, path: &mut Vec<T>) -> bool {
        for (_, next) in edges.iter().filter(|(a, _)| a == at) {
            if next == start {
                return true;
            }
            if !path.contains(next) {
                path.push(next.clone());
                if walk(edges, start, next, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.clone()];
    walk(edges, start, start, &mut path).then_some(path)
}

#[test]
fn no_room_of_src_web_imports_one_above_it_or_in_a_circle() {
    let games = game_folders();
    assert_eq!(games.len(), super::registry::GAMES.len(), "{games:?}");
    let found = imports(&games);
    // The reading works: the rooms do import downwards.
    for (from, to) in [
        (Room::Flows, Room::Http),
        (Room::Game("boats".into()), Room::Flows),
        (Room::Assembly, Room::Registry),
    ] {
        assert!(
            found.contains_key(&(from.clone(), to.clone())),
            "no import {from:?} -> {to:?} found: {found:#?}"
        );
    }
    let wrong: Vec<String> = found
        .iter()
        .filter(|((from, to), _)| to.height() >= from.height())
        .flat_map(|((from, to), at)| at.iter().map(move |a| format!("{from:?} -> {to:?} at {a}")))
        .collect();
    assert!(wrong.is_empty(), "imports that go up or sideways: {wrong:#?}");
    let edges: BTreeSet<(Room, Room)> = found.keys().cloned().collect();
    for room in edges.iter().map(|(from, _)| from) {
        assert_eq!(circle(&edges, room), None, "rooms importing each other in a circle");
    }
}

/// Inside the plumbing and inside the flows no two files import each other, directly or round a
/// circle: each shared file stands on the ones below it (the flows: view and facts at the
/// bottom, then saved, the table, family, share, builder, the pages), so any of them can be read,
/// tested and moved with what it stands on alone.
#[test]
fn no_files_of_a_shared_room_import_each_other_in_a_circle() {
    let found = file_imports();
    // The reading works: files of a room do import each other.
    for (from, to) in
        [("flows/builder", "flows/saved"), ("flows/compare", "flows/facts"), ("http/extract", "http/error")]
    {
        assert!(
            found.contains_key(&(from.to_owned(), to.to_owned())),
            "no import {from} -> {to} found: {:#?}",
            found.keys().collect::<Vec<_>>()
        );
    }
    let edges: BTreeSet<(String, String)> = found.keys().cloned().collect();
    for file in edges.iter().map(|(from, _)| from) {
        if let Some(round) = circle(&edges, file) {
            let lines: Vec<String> = round
                .iter()
                .zip(round.iter().cycle().skip(1))
                .flat_map(|(a, b)| found.get(&(a.clone(), b.clone())).into_iter().flatten().cloned())
                .collect();
            panic!("files importing each other in a circle: {} -> {file}, at {lines:#?}", round.join(" -> "));
        }
    }
}

#[test]
fn a_circle_is_found_and_a_line_is_not_one() {
    let edges = |pairs: &[(&str, &str)]| -> BTreeSet<(String, String)> {
        pairs.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
    };
    let line = edges(&[("a", "b"), ("b", "c"), ("a", "c")]);
    assert!(["a", "b", "c"].iter().all(|n| circle(&line, &(*n).to_owned()).is_none()));
    let round = edges(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]);
    assert_eq!(circle(&round, &"a".to_owned()), Some(vec!["a".to_owned(), "b".to_owned(), "c".to_owned()]));
    assert_eq!(circle(&round, &"d".to_owned()), None);
    let modules: BTreeSet<String> = ["flows/saved".to_owned(), "http/codec".to_owned()].into();
    let path = |p: &str| p.split('/').map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(shared_file(&path("flows/saved/load"), &modules).as_deref(), Some("flows/saved"));
    assert_eq!(shared_file(&path("http/codec/read/Facts"), &modules).as_deref(), Some("http/codec"));
    assert_eq!(shared_file(&path("flows/JUDGED"), &modules).as_deref(), Some("flows"));
    assert_eq!(shared_file(&path("boats/view"), &modules), None);
}

#[test]
fn paths_are_read_as_written() {
    let at: Vec<String> = vec!["flows".into(), "saved".into()];
    assert_eq!(
        paths_in("use super::{owners, gallery::{self, page}};"),
        ["super::owners", "super::gallery::self", "super::gallery::page"]
    );
    assert_eq!(
        paths_in("f: &$crate::web::http::fields::Fields, a::super::b, crate::web::registry::games()"),
        ["crate::web::http::fields::Fields", "crate::web::registry::games"]
    );
    assert_eq!(resolve(&at, "super::super::registry::GAMES"), Some(vec!["registry".into(), "GAMES".into()]));
    assert_eq!(resolve(&at, "crate::web::AppState"), Some(vec!["AppState".into()]));
    let games: BTreeSet<String> = ["boats".to_owned()].into();
    assert_eq!(Room::of(&["AppState".into()], &games), Room::Assembly);
    assert_eq!(Room::of(&["boats".into(), "form".into()], &games), Room::Game("boats".into()));
    assert_eq!(
        code_lines("use a;\n#[cfg(test)]\nmod tests {\n    use b;\n}\n// c\nuse d;"),
        [(1, "use a;"), (7, "use d;")]
    );
}
