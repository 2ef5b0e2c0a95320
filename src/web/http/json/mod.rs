//! Reading a JSON document from a request body, strictly, and saying in a sentence what is wrong
//! with one that does not fit ("choices[0].count must be a whole number from 0 to 999, not the
//! string \"two\"").
//!
//! Strict: serde's derived `Deserialize` accepts a JSON array where a struct belongs (its fields
//! in order), so `[1, "Seq", "dinghy"]` would pass for a design. A document and every object in
//! it must be written as a JSON object, with its field names; [`Strict`] refuses the rest.

use axum::http::{HeaderMap, header};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

mod strict;
#[cfg(test)]
mod tests;

pub use strict::Strict;

/// Why a body could not be read as a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not JSON at all: a syntax error, a body that ends too soon or that goes on after the value.
    /// The parser's words and where ("EOF while parsing an object at line 1 column 18").
    NotJson(String),
    /// JSON, but not the document's shape: a sentence naming the field and what fits. It starts
    /// in lower case and follows a colon ("weapons[0].count must be ...", "it must be an object").
    Misfit(String),
}

/// Whether the request says its body is JSON: `application/json` or `application/*+json`, with
/// parameters (`; charset=utf-8`) or without, in any case.
pub fn is_json_content_type(headers: &HeaderMap) -> bool {
    let Some(Ok(value)) = headers.get(header::CONTENT_TYPE).map(|v| v.to_str()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json")
            || subtype
                .rsplit_once('+')
                .is_some_and(|(name, suffix)| !name.is_empty() && suffix.eq_ignore_ascii_case("json")))
}

/// Reads one JSON value from `bytes` as a `T`, strictly (see [`Strict`]); nothing but white space
/// may follow it, and no object may name a key twice (JSON leaves it to the reader, and a reader
/// that keeps the last one reads what a client may not have meant: refused, naming the key, as a
/// document's field sent twice always was). U+0000 in a string reads as U+FFFD (see
/// [`bounds::NUL_STAND_IN`](crate::games::bounds::NUL_STAND_IN)).
pub fn from_slice<'de, T: de::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Refusal> {
    if let Some((path, key)) = duplicate_key(bytes) {
        let subject = if path.is_empty() { "it" } else { path.as_str() };
        return Err(Refusal::Misfit(format!("{subject} has the field `{key}` twice")));
    }
    let mut json = serde_json::Deserializer::from_slice(bytes);
    // The path tracker outside, the strict layer inside: the tracker's seeds and access wrappers
    // reach the strict layer as ordinary seeds, which it wraps again, so every level is both
    // strict and tracked.
    let value = serde_path_to_error::deserialize(Strict(&mut json)).map_err(|e| refusal(&e))?;
    json.end().map_err(|e| Refusal::NotJson(positioned(&e)))?;
    Ok(value)
}

/// The first key an object in `bytes` names twice: the object's path ("weapons[0]", "" for the
/// top) and the key. `None` when there is none, or when `bytes` is not JSON (the reading proper
/// says what is wrong then). One walk over the body, which the body limit keeps small; keys are
/// borrowed where they can be, and a path is written out only for the key found.
fn duplicate_key(bytes: &[u8]) -> Option<(String, String)> {
    use std::borrow::Cow;
    use std::cell::RefCell;
    use std::collections::HashSet;

    enum Seg<'de> {
        Index(usize),
        Key(Cow<'de, str>),
    }

    struct Walk<'a, 'de> {
        at: &'a RefCell<Vec<Seg<'de>>>,
        found: &'a RefCell<Option<(String, String)>>,
    }

    impl<'de> Walk<'_, 'de> {
        fn child(&self) -> Walk<'_, 'de> {
            Walk { at: self.at, found: self.found }
        }

        fn path(&self) -> String {
            let mut out = String::new();
            for seg in self.at.borrow().iter() {
                match seg {
                    Seg::Index(i) => out.push_str(&format!("[{i}]")),
                    Seg::Key(k) if out.is_empty() => out.push_str(k),
                    Seg::Key(k) => {
                        out.push('.');
                        out.push_str(k);
                    }
                }
            }
            out
        }
    }

    impl<'de> DeserializeSeed<'de> for Walk<'_, 'de> {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Walk<'_, 'de> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E: de::Error>(self) -> Result<(), E> {
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            let mut i = 0usize;
            loop {
                self.at.borrow_mut().push(Seg::Index(i));
                let more = seq.next_element_seed(self.child());
                self.at.borrow_mut().pop();
                if more?.is_none() {
                    return Ok(());
                }
                i += 1;
            }
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let mut seen: HashSet<Cow<'de, str>> = HashSet::new();
            while let Some(crate::games::bounds::Lent(key)) = map.next_key()? {
                let key = match crate::games::bounds::without_nul(&key) {
                    Cow::Borrowed(_) => key,
                    Cow::Owned(k) => Cow::Owned(k),
                };
                if seen.contains(&key) && self.found.borrow().is_none() {
                    *self.found.borrow_mut() = Some((self.path(), key.to_string()));
                }
                self.at.borrow_mut().push(Seg::Key(key.clone()));
                let value = map.next_value_seed(self.child());
                self.at.borrow_mut().pop();
                value?;
                seen.insert(key);
            }
            Ok(())
        }
    }

    let at = RefCell::new(Vec::new());
    let found = RefCell::new(None);
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let read = Walk { at: &at, found: &found }.deserialize(&mut json).and_then(|()| json.end());
    read.ok().and_then(|()| found.into_inner())
}

fn refusal(e: &serde_path_to_error::Error<serde_json::Error>) -> Refusal {
    let inner = e.inner();
    match inner.classify() {
        serde_json::error::Category::Data => {
            // Only unknown segments ("?") say nothing: treat them as the top.
            let path = if e.path().iter().all(|s| matches!(s, serde_path_to_error::Segment::Unknown)) {
                String::new()
            } else {
                e.path().to_string()
            };
            Refusal::Misfit(sentence(&path, without_position(&inner.to_string())))
        }
        // Io cannot happen reading a slice; Syntax and Eof are not JSON.
        _ => Refusal::NotJson(positioned(inner)),
    }
}

/// A syntax error's words with its position once. An error that passed through `Error::custom`
/// may already carry a position in its text; the parser adds it again.
fn positioned(e: &serde_json::Error) -> String {
    let text = e.to_string();
    if e.line() == 0 {
        return text;
    }
    format!("{} at line {} column {}", without_position(&text), e.line(), e.column())
}

/// `text` without the " at line L column C" serde_json adds, as many times as it was added.
fn without_position(mut text: &str) -> &str {
    loop {
        let Some((head, tail)) = text.rsplit_once(" at line ") else {
            return text;
        };
        let is_position = tail.split_once(" column ").is_some_and(|(l, c)| is_digits(l) && is_digits(c));
        if !is_position {
            return text;
        }
        text = head;
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// One of serde's messages about the value at `path` ("" at the top) as a sentence: what the
/// field must be and what it was not. Messages that already say what is wrong in their own words
/// (unknown fields and variants with their lists of valid names, limits of our own) keep them.
pub fn sentence(path: &str, detail: &str) -> String {
    let subject = if path.is_empty() { "it" } else { path };
    let mismatch = detail.strip_prefix("invalid type: ").or_else(|| detail.strip_prefix("invalid value: "));
    // The expectation is ours and never says ", expected"; what was sent comes first and may
    // (a string), so split at the last one.
    if let Some((got, expected)) = mismatch.and_then(|m| m.rsplit_once(", expected ")) {
        return format!("{subject} must be {}, not {}", expected_words(expected), got_words(got));
    }
    if detail.starts_with("must be ") {
        return format!("{subject} {detail}");
    }
    if let Some(field) = detail.strip_prefix("missing field `").and_then(|f| f.strip_suffix('`')) {
        return format!("{subject} needs the field `{field}`");
    }
    if let Some(field) = detail.strip_prefix("duplicate field `").and_then(|f| f.strip_suffix('`')) {
        return format!("{subject} has the field `{field}` twice");
    }
    // The path of an unknown field ends with the field itself, which the message names: say it
    // of the object that holds it.
    let path = match unknown_field(detail) {
        Some(field) if path == field => "",
        Some(field) => path.strip_suffix(field).and_then(|p| p.strip_suffix('.')).unwrap_or(path),
        None => path,
    };
    if path.is_empty() { detail.to_owned() } else { format!("{path}: {detail}") }
}

fn unknown_field(detail: &str) -> Option<&str> {
    let rest = detail.strip_prefix("unknown field `")?;
    rest.rsplit_once("`, expected ")
        .or_else(|| rest.rsplit_once("`, there are no fields"))
        .map(|(field, _)| field)
}

/// What serde says was expected, in words a client understands.
pub(crate) fn expected_words(expected: &str) -> String {
    fn whole(min: impl fmt::Display, max: impl fmt::Display) -> String {
        format!("a whole number from {min} to {max}")
    }
    match expected {
        "u8" => whole(0, u8::MAX),
        "u16" => whole(0, u16::MAX),
        "u32" => whole(0, u32::MAX),
        "u64" => whole(0, u64::MAX),
        "u128" => whole(0, u128::MAX),
        "usize" => whole(0, usize::MAX),
        "i8" => whole(i8::MIN, i8::MAX),
        "i16" => whole(i16::MIN, i16::MAX),
        "i32" => whole(i32::MIN, i32::MAX),
        "i64" => whole(i64::MIN, i64::MAX),
        "i128" => whole(i128::MIN, i128::MAX),
        "isize" => whole(isize::MIN, isize::MAX),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a borrowed string" | "a string" => "a string".into(),
        "a character" => "a single character".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        "unit" => "null".into(),
        "option" => "a value or null".into(),
        "variant identifier" | "field identifier" => "a name (a string)".into(),
        e if e.starts_with("struct ") => "an object ({...})".into(),
        e if e.starts_with("tuple struct ") || e.starts_with("tuple ") => "a list".into(),
        e if e.starts_with("enum ") => "one of the names it takes (a string)".into(),
        e => e.into(),
    }
}

/// The longest string sent that a message repeats, in characters.
const ECHO_CHARS: usize = 40;

/// What serde says was sent, in words: `the string "two"`, `-1`, `a list`, `null`.
fn got_words(got: &str) -> String {
    if let Some(quoted) = got.strip_prefix("string ") {
        // A body may hold a string of 60 KiB; the message repeats only its start.
        return match quoted.char_indices().nth(ECHO_CHARS) {
            Some((cut, _)) => format!("the string {}…\"", &quoted[..cut]),
            None => format!("the string {quoted}"),
        };
    }
    for prefix in ["integer `", "floating point `", "boolean `"] {
        if let Some(v) = got.strip_prefix(prefix).and_then(|v| v.strip_suffix('`')) {
            return v.into();
        }
    }
    match got {
        "unit value" => "null".into(),
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        "number" => "a number".into(),
        g => g.into(),
    }
}
