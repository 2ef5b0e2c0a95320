//! The reader for the games' data files: small CSV tables, read at build time.
//!
//! Not part of the library. `build.rs` compiles it in with `#[path]` (next to each game's
//! generator, which turns the rows into typed Rust statics), and so do the generators' tests, so
//! a malformed file is rejected by the same code in both. It does no I/O: text in, rows out.
//!
//! The format: the first line names the columns; cells are split on commas outside double
//! quotes, and `""` inside quotes is one quote; blank lines and lines starting with `#` are
//! skipped. Every error names the file, the line and the column, so a build that stops on a
//! data file says where to look.

use std::collections::BTreeMap;
use std::fmt;

/// A game's data files, by file name.
pub type Files = BTreeMap<String, String>;

/// What is wrong with a data file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One parsed file.
#[derive(Debug)]
pub struct Table {
    pub file: String,
    header_line: usize,
    columns: Vec<String>,
    rows: Vec<(usize, Vec<String>)>,
}

/// One row of a table, with the line it came from.
#[derive(Debug, Clone, Copy)]
pub struct Row<'t> {
    table: &'t Table,
    line: usize,
    cells: &'t [String],
}

/// The named file of `files`, parsed, with at least the `columns` (separated by spaces) a reader
/// needs.
pub fn table(files: &Files, file: &str, columns: &str) -> Result<Table, Error> {
    let text = files.get(file).ok_or_else(|| Error(format!("{file}: the file is missing")))?;
    let table = Table::parse(file, text)?;
    for column in columns.split_whitespace() {
        if !table.columns.iter().any(|c| c == column) {
            return Err(Error(format!("{file}, line {}: no column {column:?}", table.header_line)));
        }
    }
    Ok(table)
}

impl Table {
    pub fn parse(file: &str, text: &str) -> Result<Table, Error> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
        let at = |line: usize, message: String| Error(format!("{file}, line {line}: {message}"));
        let (header_line, header) = lines.next().ok_or_else(|| at(1, "no header line".into()))?;
        let columns = cells(header).map_err(|m| at(header_line, m))?;
        let mut rows = Vec::new();
        for (line, text) in lines {
            let row = cells(text).map_err(|m| at(line, m))?;
            if row.len() != columns.len() {
                let message = format!("{} cells where the header names {} columns", row.len(), columns.len());
                return Err(at(line, message));
            }
            rows.push((line, row));
        }
        let columns = columns.into_iter().map(|c| c.trim().to_string()).collect();
        Ok(Table { file: file.to_string(), header_line, columns, rows })
    }

    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(|(line, cells)| Row { table: self, line: *line, cells })
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// The row whose `column` reads `value`, if any.
    pub fn find(&self, column: &str, value: &str) -> Option<Row<'_>> {
        self.rows().find(|r| r.text(column).is_ok_and(|v| v == value))
    }
}

impl<'t> Row<'t> {
    pub fn line(&self) -> usize {
        self.line
    }

    /// An error about this row's `column`.
    pub fn error(&self, column: &str, message: impl fmt::Display) -> Error {
        Error(format!("{}, line {}, column {column}: {message}", self.table.file, self.line))
    }

    /// The cell, trimmed; empty if blank.
    pub fn text(&self, column: &str) -> Result<&'t str, Error> {
        let i = self.table.columns.iter().position(|c| c == column);
        let cell = i.and_then(|i| self.cells.get(i)).ok_or_else(|| self.error(column, "no such column"))?;
        Ok(cell.trim())
    }

    /// The cell, which must not be blank.
    pub fn required(&self, column: &str) -> Result<&'t str, Error> {
        match self.text(column)? {
            "" => Err(self.error(column, "is blank")),
            s => Ok(s),
        }
    }

    /// The cell, or `None` if blank.
    pub fn optional(&self, column: &str) -> Result<Option<&'t str>, Error> {
        self.text(column).map(|s| (!s.is_empty()).then_some(s))
    }

    /// A number in units of `1/per_unit` (see [`exact`]).
    pub fn number(&self, column: &str, per_unit: i64) -> Result<i64, Error> {
        exact(self.required(column)?, per_unit).map_err(|m| self.error(column, m))
    }

    pub fn whole(&self, column: &str) -> Result<i64, Error> {
        self.number(column, 1)
    }

    /// `yes` or `no`.
    pub fn flag(&self, column: &str) -> Result<bool, Error> {
        match self.text(column)? {
            "yes" => Ok(true),
            "no" => Ok(false),
            other => Err(self.error(column, format!("{other:?} is neither yes nor no"))),
        }
    }

    /// A list separated by semicolons; blank is the empty list.
    pub fn list(&self, column: &str) -> Result<Vec<&'t str>, Error> {
        Ok(self.text(column)?.split(';').map(str::trim).filter(|s| !s.is_empty()).collect())
    }

    /// The cell as one of `words`, each standing for a piece of Rust.
    pub fn word<T: Copy>(&self, column: &str, words: &[(&str, T)]) -> Result<T, Error> {
        let cell = self.text(column)?;
        words.iter().find(|(w, _)| *w == cell).map(|&(_, t)| t).ok_or_else(|| {
            let known: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
            self.error(column, format!("{cell:?} is not one of {}", known.join(", ")))
        })
    }
}

/// One line of CSV: cells split on commas outside double quotes; `""` in quotes is a quote.
fn cells(line: &str) -> Result<Vec<String>, String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.trim_end_matches('\r').chars().peekable();
    while let Some(c) = chars.next() {
        let cell = out.last_mut().ok_or("no cell")?;
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            c => cell.push(c),
        }
    }
    if quoted {
        return Err("a quoted cell is not closed".into());
    }
    Ok(out)
}

/// A number as the tables print it ("37.5", "1/3", "1 1/2", "3") in units of `1/per_unit`: the
/// tables' halves and thirds become whole numbers of a small unit, and a figure that is not a
/// whole number of them is an error rather than a rounding.
pub fn exact(s: &str, per_unit: i64) -> Result<i64, String> {
    let not_a_number = || format!("{s:?} is not a number");
    let (whole, frac) = match s.split_once(' ') {
        Some((w, f)) if f.contains('/') => (w, f),
        _ if s.contains('/') => ("0", s),
        _ => (s, ""),
    };
    let digits = |t: &str| -> Result<i64, String> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not_a_number());
        }
        t.parse().map_err(|_| not_a_number())
    };
    let inexact = || format!("{s:?} is not a whole number of 1/{per_unit}");
    let mut n = 0;
    if let Some((a, b)) = frac.split_once('/') {
        let (a, b) = (digits(a.trim())?, digits(b.trim())?);
        if b == 0 || (a * per_unit) % b != 0 {
            return Err(inexact());
        }
        n += a * per_unit / b;
    }
    let (int, dec) = whole.split_once('.').unwrap_or((whole, ""));
    n += digits(int)? * per_unit;
    if !dec.is_empty() {
        let den = 10_i64.checked_pow(u32::try_from(dec.len()).map_err(|_| not_a_number())?);
        let den = den.ok_or_else(not_a_number)?;
        let num = digits(dec)?;
        if (num * per_unit) % den != 0 {
            return Err(inexact());
        }
        n += num * per_unit / den;
    }
    Ok(n)
}

/// A Rust string literal for `s`.
pub fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// A Rust slice of string literals.
pub fn lits(items: &[&str]) -> String {
    let items: Vec<String> = items.iter().map(|s| lit(s)).collect();
    format!("&[{}]", items.join(", "))
}

/// The tests every game's generator has, in the module that includes this file (`#[macro_use]`)
/// beside its `generate` module: `data_files()` and `build_error(file, from, to)` for its own
/// tests, and the check that the build included what the data files in `$dir` generate (the
/// generated file `$out` in OUT_DIR).
#[cfg(test)]
macro_rules! generator_tests {
    ($dir:literal, $out:literal) => {
        fn data_files() -> datafile::Files {
            datafile::testing::files($dir, &generate::FILES)
        }

        /// What the build says about the data files with `from` replaced by `to` in `file`.
        fn build_error(file: &str, from: &str, to: &str) -> String {
            datafile::testing::refusal(data_files(), generate::generate, (file, from, to))
        }

        #[test]
        fn the_build_included_what_the_data_files_generate() {
            let generated = generate::generate(&data_files()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(generated, include_str!(concat!(env!("OUT_DIR"), "/", $out)));
        }
    };
}

/// What the generators' tests share: reading a game's data files as build.rs does, and what a
/// generator says about them with one edit made.
#[cfg(test)]
pub mod testing {
    use super::{Error, Files};

    /// The files `names` of the data folder `dir` (relative to the crate).
    pub fn files(dir: &str, names: &[&str]) -> Files {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        names
            .iter()
            .map(|name| {
                let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
                ((*name).to_string(), text)
            })
            .collect()
    }

    /// What `generate` says about `files` with the first `from` in `file` replaced by `to`.
    pub fn refusal(
        mut files: Files,
        generate: fn(&Files) -> Result<String, Error>,
        (file, from, to): (&str, &str, &str),
    ) -> String {
        let text = files.get_mut(file).unwrap_or_else(|| panic!("no {file}"));
        assert!(text.contains(from), "{file} has no {from:?}");
        *text = text.replacen(from, to, 1);
        match generate(&files) {
            Ok(_) => panic!("the build took {file} with {to:?}"),
            Err(e) => e.to_string(),
        }
    }
}
