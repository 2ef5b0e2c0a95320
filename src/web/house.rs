//! The house keeps its rooms: every file of src/web is read, each `crate::web::…` and `super::…`
//! path in its code (its `use` lines and paths written in place) is placed in a room, and an
//! import may only go down: a game to the flows or the plumbing, the flows to the plumbing, the
//! registry to any of them, the assembly (web/mod.rs) to everything. The plumbing never imports
//! a flow, a game or the registry; the flows never import a game or the registry; a game never
//! imports another game. So no rooms import each other in a circle. Tests (`#[cfg(test)]` blocks
//! and the tests.rs, *_tests.rs and tests/ files) may reach anywhere.

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

/// Every import between two different rooms: (from, to) with the file and line that makes it.
/// The configuration (`crate::config`, which names the web layer's option types) counts as a
/// room above the assembly: the web layer never reads it, so the two are no circle.
fn imports(games: &BTreeSet<String>) -> BTreeMap<(Room, Room), Vec<String>> {
    let dir = web_dir();
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let mut out: BTreeMap<(Room, Room), Vec<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&dir).unwrap_or(&file).to_path_buf();
        if is_test_file(&rel) {
            continue;
        }
        let at = module_of(&rel);
        let from = Room::of(&at, games);
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (n, line) in code_lines(&text) {
            if line.contains("crate::config") {
                out.entry((from.clone(), Room::Config))
                    .or_default()
                    .push(format!("{}:{n}: crate::config", rel.display()));
            }
            let mut paths = paths_in(line);
            // web/mod.rs names its own rooms bare (`registry::routes`, `use http::{..}`).
            if at.is_empty() {
                for room in ["http", "flows", "registry"].into_iter().chain(games.iter().map(String::as_str))
                {
                    if starts_path(line, &format!("{room}::")) {
                        paths.push(format!("crate::web::{room}"));
                    }
                }
            }
            for path in paths {
                let Some(to) = resolve(&at, &path) else { continue };
                let to = Room::of(&to, games);
                if to != from {
                    out.entry((from.clone(), to)).or_default().push(format!("{}:{n}: {path}", rel.display()));
                }
            }
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

/// The rooms that reach back to `start` through the imports, if any (a circle).
fn circle(edges: &BTreeSet<(Room, Room)>, start: &Room) -> Option<Vec<Room>> {
    fn walk(edges: &BTreeSet<(Room, Room)>, start: &Room, at: &Room, path: &mut Vec<Room>) -> bool {
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
