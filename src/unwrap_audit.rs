//! Keeps the house rule "no `unwrap()`/`expect()` on anything a request can influence" true in
//! the code that serves requests and keeps builds: a scan of `src/web` and `src/store`, test
//! code left out, for `.unwrap()` and `.expect(`. A new one fails the test naming its file and
//! line; one that truly cannot fail goes in [`ALLOWED`] with the reason.
//!
//! Test code is what a `#[cfg(test)]` module holds: an inline one (`#[cfg(test)]` then
//! `mod tests {`, written at a file's end, so the scan of that file stops there) or one in a
//! file of its own (`#[cfg(test)]` then `mod tests;`: that file, or that folder, is skipped), and
//! any `tests/` folder.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Files (from the crate's root) whose every line is allowed, and why.
const ALLOWED_FILES: &[(&str, &str)] = &[(
    "src/store/testing.rs",
    "fresh stores for tests and benchmarks only: no request reaches it, and a test should stop \
     at once when it cannot make its store",
)];

/// Single lines allowed: (file, the line's text trimmed, why it cannot fail). None at present.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// The Rust files under `dir`, but those in `tests/` folders.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where a file's child modules live: beside it for `mod.rs` and `lib.rs`, else in the folder
/// named after it.
fn children_dir(file: &Path) -> PathBuf {
    let parent = file.parent().unwrap_or(Path::new(""));
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") | None => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
    }
}

/// The lines of `text` that are not test code, numbered from 1, and the files and folders of
/// the test modules it declares.
fn code_lines<'t>(file: &Path, text: &'t str, test_only: &mut Vec<PathBuf>) -> Vec<(usize, &'t str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() == "#[cfg(test)]"
            && let Some(next) = lines.get(i + 1).map(|l| l.trim())
            && let Some(rest) = next.strip_prefix("mod ").or_else(|| next.strip_prefix("pub mod "))
        {
            match rest.strip_suffix(';') {
                Some(name) => {
                    let dir = children_dir(file);
                    test_only.push(dir.join(format!("{name}.rs")));
                    test_only.push(dir.join(name));
                }
                None => break,
            }
        }
        out.push((i + 1, *line));
    }
    out
}

/// Every `.unwrap()` and `.expect(` outside test code and the allowed: "file:line: text".
fn unwraps(root: &Path) -> Vec<String> {
    let mut all = Vec::new();
    for dir in ["src/web", "src/store"] {
        files(&root.join(dir), &mut all);
    }
    let mut test_only = Vec::new();
    let mut found = Vec::new();
    let texts: Vec<(PathBuf, String)> =
        all.into_iter().filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t))).collect();
    let mut scanned = Vec::new();
    for (path, text) in &texts {
        scanned.push((path, code_lines(path, text, &mut test_only)));
    }
    let skipped: HashSet<&Path> = test_only.iter().map(PathBuf::as_path).collect();
    for (path, lines) in scanned {
        if path.ancestors().any(|a| skipped.contains(a)) {
            continue;
        }
        let name = path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/");
        if ALLOWED_FILES.iter().any(|(f, _)| *f == name) {
            continue;
        }
        for (n, line) in lines {
            let code = line.trim();
            if code.starts_with("//") || !(code.contains(".unwrap()") || code.contains(".expect(")) {
                continue;
            }
            if ALLOWED.iter().any(|(f, l, _)| *f == name && *l == code) {
                continue;
            }
            found.push(format!("{name}:{n}: {code}"));
        }
    }
    found
}

#[test]
fn request_and_store_code_has_no_unwrap_or_expect_outside_the_allowed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = unwraps(root);
    assert!(
        found.is_empty(),
        "unwrap()/expect() in src/web or src/store (answer with an error instead, or allow it in \
         src/unwrap_audit.rs with the reason it cannot fail):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_an_unwrap_and_leaves_test_modules_out() {
    let dir = std::env::temp_dir().join(format!("drydock-audit-{}", std::process::id()));
    let web = dir.join("src/web");
    let _ = std::fs::remove_dir_all(&dir);
    let made = std::fs::create_dir_all(web.join("inner")).and_then(|()| {
        std::fs::create_dir_all(web.join("tests"))?;
        std::fs::write(
            web.join("page.rs"),
            "fn a() {\n    let x = y.unwrap();\n    // z.unwrap() in a comment\n}\n#[cfg(test)]\nmod helpers;\n#[cfg(test)]\nmod tests {\n    fn b() { c.expect(\"x\"); }\n}\n",
        )?;
        std::fs::create_dir_all(web.join("page"))?;
        std::fs::write(web.join("page/helpers.rs"), "fn d() { e.unwrap(); }\n")?;
        std::fs::write(web.join("tests/t.rs"), "fn f() { g.unwrap(); }\n")?;
        std::fs::write(web.join("inner/mod.rs"), "fn h() { i.expect(\"why\"); }\n")
    });
    assert!(made.is_ok(), "{made:?}");
    let found = unwraps(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        found,
        ["src/web/inner/mod.rs:1: fn h() { i.expect(\"why\"); }", "src/web/page.rs:2: let x = y.unwrap();"]
    );
}
