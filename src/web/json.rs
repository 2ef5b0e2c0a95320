//! Reading a JSON document from a request body, strictly, and saying in a sentence what is wrong
//! with one that does not fit ("choices[0].count must be a whole number from 0 to 999, not the
//! string \"two\"").
//!
//! Strict: serde's derived `Deserialize` accepts a JSON array where a struct belongs (its fields
//! in order), so `[1, "Seq", "dinghy"]` would pass for a design. A document and every object in
//! it must be written as a JSON object, with its field names; [`Strict`] refuses the rest.

use axum::http::{HeaderMap, header};
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected, VariantAccess, Visitor,
};
use std::fmt;

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
            while let Some(key) = map.next_key::<Cow<'de, str>>()? {
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

/// A deserializer that reads every struct from an object only, however deep it sits: it asks the
/// deserializer it wraps for a map where a struct is wanted, so an array there is refused as
/// "invalid type: sequence, expected struct Design", and it wraps every visitor, seed and access
/// it hands on so the structs inside are read the same way.
///
/// Everything else passes straight through: the wrappers are plain newtypes, nothing is buffered
/// or allocated, and borrowed strings (`&str`, `Cow<str>`) stay borrowed.
///
/// Structs read through serde's buffered content (untagged, internally or adjacently tagged
/// enums, `flatten`) are beyond its reach; documents use none of those.
pub struct Strict<D>(pub D);

/// Forwards `deserialize_*` methods that take only a visitor.
macro_rules! forward_deserialize {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(StrictVisitor::<V>(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any deserialize_bool
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str deserialize_string
        deserialize_bytes deserialize_byte_buf deserialize_option deserialize_unit
        deserialize_seq deserialize_map deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, StrictVisitor::<V>(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, StrictVisitor::<V>(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, StrictVisitor::<V>(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, StrictVisitor::<V>(visitor))
    }

    /// The point of it all: a struct is read as a map, never as a sequence of its fields.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(StrictVisitor::<V>(visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, StrictVisitor::<V>(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A visitor whose deserializers and accesses are strict. With `OBJECT` it also refuses a
/// sequence itself: a struct variant's content is asked for with `deserialize_struct` by the
/// format, out of [`Strict`]'s reach, so its visitor says no instead.
struct StrictVisitor<V, const OBJECT: bool = false>(V);

/// Forwards `visit_*` methods that take a plain value.
macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.0.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>, const OBJECT: bool> Visitor<'de> for StrictVisitor<V, OBJECT> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visit! {
        visit_bool(bool)
        visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128)
        visit_f32(f32) visit_f64(f64)
        visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    // Text as it is, but with U+0000 as U+FFFD: no store keeps U+0000.

    fn visit_char<E: de::Error>(self, v: char) -> Result<V::Value, E> {
        self.0.visit_char(if v == '\0' { crate::games::bounds::NUL_STAND_IN } else { v })
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        match crate::games::bounds::without_nul(v) {
            std::borrow::Cow::Borrowed(v) => self.0.visit_str(v),
            std::borrow::Cow::Owned(v) => self.0.visit_string(v),
        }
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        match crate::games::bounds::without_nul(v) {
            std::borrow::Cow::Borrowed(v) => self.0.visit_borrowed_str(v),
            std::borrow::Cow::Owned(v) => self.0.visit_string(v),
        }
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        match crate::games::bounds::without_nul(&v) {
            std::borrow::Cow::Borrowed(_) => self.0.visit_string(v),
            std::borrow::Cow::Owned(replaced) => self.0.visit_string(replaced),
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Strict(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        if OBJECT {
            return Err(de::Error::invalid_type(Unexpected::Seq, &self));
        }
        self.0.visit_seq(StrictSeq(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(StrictMap(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(StrictEnum(data))
    }
}

/// A seed that hands its value a strict deserializer.
struct StrictSeed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for StrictSeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(d))
    }
}

struct StrictSeq<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for StrictSeq<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(StrictSeed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct StrictMap<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for StrictMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(StrictSeed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(StrictSeed(seed))
    }

    fn next_entry_seed<K: DeserializeSeed<'de>, T: DeserializeSeed<'de>>(
        &mut self,
        key: K,
        value: T,
    ) -> Result<Option<(K::Value, T::Value)>, A::Error> {
        self.0.next_entry_seed(StrictSeed(key), StrictSeed(value))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct StrictEnum<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for StrictEnum<A> {
    type Error = A::Error;
    type Variant = StrictVariant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self::Variant), A::Error> {
        self.0.variant_seed(StrictSeed(seed)).map(|(v, variant)| (v, StrictVariant(variant)))
    }
}

struct StrictVariant<A>(A);

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for StrictVariant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(StrictSeed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, StrictVisitor::<V>(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, StrictVisitor::<V, true>(visitor))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::{Design, examples};
    use crate::games::epic::Detachment;
    use serde::Deserialize;
    use std::borrow::Cow;

    fn misfit<'a, T: Deserialize<'a> + fmt::Debug>(body: &'a str) -> String {
        match from_slice::<T>(body.as_bytes()) {
            Err(Refusal::Misfit(m)) => m,
            other => panic!("{body}: expected a misfit, got {other:?}"),
        }
    }

    fn not_json<'a, T: Deserialize<'a> + fmt::Debug>(body: &'a str) -> String {
        match from_slice::<T>(body.as_bytes()) {
            Err(Refusal::NotJson(m)) => m,
            other => panic!("{body}: expected a syntax error, got {other:?}"),
        }
    }

    const OBJECT_NOT_LIST: &str = "must be an object ({...}), not a list";

    #[test]
    fn a_design_sent_as_an_array_is_refused() {
        assert_eq!(misfit::<Design>(r#"[1, "Seq", "dinghy"]"#), format!("it {OBJECT_NOT_LIST}"));
        assert_eq!(
            misfit::<Detachment>(r#"[1, "", "imperial-marines", []]"#),
            format!("it {OBJECT_NOT_LIST}")
        );
    }

    #[test]
    fn objects_inside_a_document_sent_as_arrays_are_refused_naming_their_path() {
        for (body, path) in [
            (r#"{"hull": "dinghy", "propellers": [[]]}"#, "propellers[0]"),
            (r#"{"hull": "dinghy", "weapons": [["mg"]]}"#, "weapons[0]"),
            (r#"{"hull": "dinghy", "armor": []}"#, "armor"),
            (r#"{"hull": "dinghy", "deck": [3]}"#, "deck"),
            (r#"{"hull": "dinghy", "crew": [{"role": "pilot"}, ["gunner"]]}"#, "crew[1]"),
            (r#"{"hull": "dinghy", "turrets": [{"size": 1, "weapons": [["mg"]]}]}"#, "turrets[0].weapons[0]"),
            (r#"{"hull": "dinghy", "cargo": [["crates", 1, 100]]}"#, "cargo[0]"),
        ] {
            assert_eq!(misfit::<Design>(body), format!("{path} {OBJECT_NOT_LIST}"), "{body}");
        }
        assert_eq!(
            misfit::<Detachment>(
                r#"{"list": "imperial-marines", "choices": [["main", "sea-raider", 1, true]]}"#
            ),
            format!("choices[0] {OBJECT_NOT_LIST}")
        );
    }

    #[test]
    fn documents_written_as_objects_read_as_serde_json_reads_them() {
        for (slug, design) in examples::all() {
            let text = serde_json::to_string(&design).unwrap_or_default();
            assert_eq!(from_slice::<Design>(text.as_bytes()), Ok(design), "{slug}");
        }
        let body = r#"{"version": 1, "name": "Harbour\nWatch", "list": "imperial-marines",
            "choices": [{"section": "main", "entry": "sea-raider", "count": 1, "hq": true},
                        {"section": "support", "entry": "nautilus"}]}"#;
        let plain: Detachment = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(from_slice::<Detachment>(body.as_bytes()), Ok(plain));
    }

    #[test]
    fn a_field_of_the_wrong_kind_is_named_with_what_fits() {
        let choice = |count: &str| {
            format!(
                r#"{{"list": "imperial-marines", "choices": [{{"section": "main", "entry": "x", "count": {count}}}]}}"#
            )
        };
        for (count, said) in [
            (r#""two""#, r#"the string "two""#),
            ("-1", "-1"),
            ("1000", "1000"),
            ("1.5", "1.5"),
            ("null", "null"),
            ("[]", "a list"),
            ("{}", "an object"),
            ("true", "true"),
        ] {
            assert_eq!(
                misfit::<Detachment>(&choice(count)),
                format!("choices[0].count must be a whole number from 0 to 999, not {said}")
            );
        }
        assert_eq!(
            misfit::<Design>(r#"{"hull": "dinghy", "weapons": [{"weapon": "mg", "mount": "top"}]}"#),
            "weapons[0].mount: unknown variant `top`, expected one of `F`, `B`, `L`, `R`, `FL`, `FR`, `BL`, `BR`"
        );
        assert_eq!(
            misfit::<Design>(r#"{"hull": "dinghy", "version": "1"}"#),
            r#"version must be a whole number from 0 to 4294967295, not the string "1""#
        );
        assert_eq!(misfit::<Design>(r#"{"hull": 5}"#), "hull must be a string, not 5");
        assert_eq!(misfit::<Design>(r#"{"hull": "dinghy", "hydrofoils": "yes"}"#), {
            r#"hydrofoils must be true or false, not the string "yes""#
        });
        assert_eq!(
            misfit::<Design>(r#"{"hull": "dinghy", "weapons": {}}"#),
            "weapons must be a list, not an object"
        );
        assert_eq!(misfit::<Design>(r#"{"name": "x"}"#), "it needs the field `hull`");
        assert_eq!(misfit::<Design>(r#"{"hull": "dinghy", "crew": [{}]}"#), "crew[0] needs the field `role`");
        assert!(
            misfit::<Design>(r#"{"hul": "dinghy"}"#)
                .starts_with("unknown field `hul`, expected one of `version`")
        );
        assert!(
            misfit::<Design>(r#"{"hull": "dinghy", "weapons": [{"weapon": "mg", "cuont": 2}]}"#)
                .starts_with("weapons[0]: unknown field `cuont`, expected one of `weapon`, `mount`")
        );
        let long = format!(r#"{{"hull": "dinghy", "name": "{}"}}"#, "x".repeat(101));
        assert_eq!(misfit::<Design>(&long), "name must be at most 100 characters long (this one has 101)");
        assert_eq!(
            misfit::<Design>(r#"{"hull": "dinghy", "cargo": [{"spaces": 1, "weight": 2000000}]}"#),
            "cargo[0].weight must be a whole number from 0 to 1000000, not 2000000"
        );
        assert_eq!(misfit::<Design>("7"), format!("it must be an object ({{...}}), not 7"));
    }

    #[test]
    fn a_long_string_sent_is_repeated_only_in_part() {
        let body = format!(r#"{{"hull": "dinghy", "oars": "{}"}}"#, "é".repeat(5000));
        let said = misfit::<Design>(&body);
        assert_eq!(
            said,
            format!("oars must be a whole number from 0 to 999, not the string \"{}…\"", "é".repeat(39))
        );
    }

    #[test]
    fn anything_after_the_document_is_refused() {
        assert_eq!(
            not_json::<Detachment>(r#"{"list": "imperial-marines"} x"#),
            "trailing characters at line 1 column 30"
        );
        assert_eq!(
            not_json::<Detachment>(r#"{"list": "imperial-marines"}{}"#),
            "trailing characters at line 1 column 29"
        );
        assert!(from_slice::<Detachment>(b"{\"list\": \"imperial-marines\"}\n \t\r\n").is_ok());
        assert_eq!(
            not_json::<Detachment>(r#"{"list": "imperial-marines","#),
            "EOF while parsing a value at line 1 column 28"
        );
        assert_eq!(not_json::<Detachment>(""), "EOF while parsing a value at line 1 column 0");
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        a: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    enum Shape {
        Unit,
        Newtype(Inner),
        Tuple(u8, u8),
        Struct { a: u8 },
    }

    #[derive(Debug, Deserialize)]
    struct Borrowing<'a> {
        #[serde(borrow)]
        cow: Cow<'a, str>,
        plain: &'a str,
        shapes: Vec<Shape>,
        opt: Option<Inner>,
    }

    #[test]
    fn strings_stay_borrowed_and_enums_keep_working() {
        let body = br#"{"cow": "sea", "plain": "wasp", "opt": {"a": 1},
            "shapes": ["Unit", {"Newtype": {"a": 1}}, {"Tuple": [1, 2]}, {"Struct": {"a": 3}}]}"#;
        let b: Borrowing = from_slice(body).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(matches!(b.cow, Cow::Borrowed("sea")));
        assert_eq!(b.plain, "wasp");
        assert_eq!(b.opt, Some(Inner { a: 1 }));
        assert_eq!(
            b.shapes,
            [Shape::Unit, Shape::Newtype(Inner { a: 1 }), Shape::Tuple(1, 2), Shape::Struct { a: 3 }]
        );
    }

    #[test]
    fn structs_inside_enums_and_options_are_objects_only() {
        for (body, path) in [
            (r#"{"cow": "", "plain": "", "opt": null, "shapes": [{"Newtype": [1]}]}"#, "shapes[0].Newtype"),
            (
                r#"{"cow": "", "plain": "", "opt": null, "shapes": ["Unit", {"Struct": [3]}]}"#,
                "shapes[1].Struct",
            ),
            (r#"{"cow": "", "plain": "", "opt": [1], "shapes": []}"#, "opt"),
        ] {
            assert_eq!(misfit::<Borrowing>(body), format!("{path} {OBJECT_NOT_LIST}"), "{body}");
        }
    }

    /// Path (empty at the top) | serde's message | the sentence.
    const SENTENCES: &str = r#"
a.b | invalid type: string "two", expected u16 | a.b must be a whole number from 0 to 65535, not the string "two"
n | invalid value: integer `70000`, expected u16 | n must be a whole number from 0 to 65535, not 70000
n | invalid value: integer `-1`, expected u32 | n must be a whole number from 0 to 4294967295, not -1
n | invalid type: floating point `1.5`, expected u8 | n must be a whole number from 0 to 255, not 1.5
n | invalid type: integer `3`, expected i8 | n must be a whole number from -128 to 127, not 3
n | invalid type: string "x", expected i64 | n must be a whole number from -9223372036854775808 to 9223372036854775807, not the string "x"
n | invalid type: string "x", expected f64 | n must be a number, not the string "x"
on | invalid type: integer `1`, expected a boolean | on must be true or false, not 1
s | invalid type: unit value, expected a string | s must be a string, not null
s | invalid type: map, expected a borrowed string | s must be a string, not an object
v | invalid type: map, expected a sequence | v must be a list, not an object
m | invalid type: sequence, expected a map | m must be an object, not a list
 | invalid type: sequence, expected struct Design | it must be an object ({...}), not a list
x | invalid type: sequence, expected struct variant Shape::Struct | x must be an object ({...}), not a list
x | invalid type: boolean `false`, expected enum Section | x must be one of the names it takes (a string), not false
c | invalid type: string "ab", expected a character | c must be a single character, not the string "ab"
count | invalid value: integer `1000`, expected a whole number from 0 to 999 | count must be a whole number from 0 to 999, not 1000
name | invalid type: string "a, expected b", expected u8 | name must be a whole number from 0 to 255, not the string "a, expected b"
name | must be at most 100 characters long (this one has 120) | name must be at most 100 characters long (this one has 120)
 | must be at most 100 characters long (this one has 120) | it must be at most 100 characters long (this one has 120)
 | missing field `hull` | it needs the field `hull`
weapons[0] | missing field `weapon` | weapons[0] needs the field `weapon`
 | duplicate field `name` | it has the field `name` twice
weapons[0].mount | unknown variant `top`, expected one of `F`, `B` | weapons[0].mount: unknown variant `top`, expected one of `F`, `B`
hul | unknown field `hul`, expected one of `version`, `name` | unknown field `hul`, expected one of `version`, `name`
weapons[0].cuont | unknown field `cuont`, expected `weapon` or `count` | weapons[0]: unknown field `cuont`, expected `weapon` or `count`
deck.x | unknown field `x`, there are no fields | deck: unknown field `x`, there are no fields
armor.points | F armor adds up to 1200 points; a location holds at most 999 | armor.points: F armor adds up to 1200 points; a location holds at most 999
 | invalid length 1, expected a tuple of size 2 | invalid length 1, expected a tuple of size 2
"#;

    #[test]
    fn serde_messages_become_sentences() {
        for row in SENTENCES.lines().filter(|l| !l.is_empty()) {
            let cells: Vec<&str> = row.split(" | ").collect();
            let [path, detail, want] = cells[..] else { panic!("a row of three cells: {row}") };
            assert_eq!(sentence(path.trim(), detail), want, "{row}");
        }
        assert_eq!(
            sentence("n", "invalid type: string \"x\", expected usize"),
            format!("n must be a whole number from 0 to {}, not the string \"x\"", usize::MAX)
        );
    }

    #[test]
    fn a_key_sent_twice_is_refused_naming_it_wherever_it_is() {
        for (body, said) in [
            (r#"{"list": "imperial-marines", "list": "ork-wetboyz"}"#, "it has the field `list` twice"),
            (
                r#"{"hull": "dinghy", "armor": {"points": {"F": 1, "B": 2, "F": 3}}}"#,
                "armor.points has the field `F` twice",
            ),
            (
                r#"{"hull": "dinghy", "weapons": [{"weapon": "mg"}, {"weapon": "mg", "count": 1, "count": 2}]}"#,
                "weapons[1] has the field `count` twice",
            ),
        ] {
            let got = match (
                from_slice::<Design>(body.as_bytes()),
                from_slice::<serde_json::Value>(body.as_bytes()),
            ) {
                (Err(Refusal::Misfit(a)), Err(Refusal::Misfit(b))) if a == b => a,
                other => panic!("{body}: {other:?}"),
            };
            assert_eq!(got, said, "{body}");
        }
        // Keys that only look alike are different keys; nested objects have keys of their own.
        assert!(from_slice::<serde_json::Value>(br#"{"a": {"a": 1}, "A": [{"a": 1}, {"a": 2}]}"#).is_ok());
        // Not JSON: said as such, whatever it repeats.
        assert!(matches!(from_slice::<serde_json::Value>(br#"{"a": 1, "a": "#), Err(Refusal::NotJson(_))));
    }

    #[test]
    fn nul_in_a_string_or_a_key_reads_as_the_replacement_character() {
        let v: serde_json::Value =
            from_slice(br#"{"a\u0000": "x\u0000y", "b": ["\u0000"]}"#).unwrap_or_default();
        assert_eq!(v, serde_json::json!({"a\u{FFFD}": "x\u{FFFD}y", "b": ["\u{FFFD}"]}));
        let d: Design = from_slice(br#"{"hull": "ding\u0000hy", "name": "Sea\u0000Wasp"}"#).expect("design");
        assert_eq!(d.name, "Sea\u{FFFD}Wasp");
        assert_eq!(serde_json::to_value(&d.hull).ok(), Some(serde_json::json!("ding\u{FFFD}hy")));
        let c: char = from_slice(br#""\u0000""#).expect("a character");
        assert_eq!(c, '\u{FFFD}');
    }

    #[test]
    fn positions_are_dropped_however_often_they_were_added() {
        assert_eq!(without_position("bad at line 1 column 5 at line 1 column 9"), "bad");
        assert_eq!(without_position("the name at line 4 is bad"), "the name at line 4 is bad");
        assert_eq!(without_position("x at line a column 1"), "x at line a column 1");
    }

    #[test]
    fn json_content_types_are_recognised_with_parameters_and_suffixes() {
        for (value, json) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON;charset=UTF-8", true),
            ("application/vnd.drydock+json", true),
            ("application/problem+json; q=1", true),
            ("application/+json", false),
            ("application/jsonp", false),
            ("text/json", false),
            ("application/x-www-form-urlencoded", false),
            ("text/plain", false),
            ("json", false),
            ("", false),
        ] {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, axum::http::HeaderValue::from_static(value));
            assert_eq!(is_json_content_type(&h), json, "{value}");
        }
        assert!(!is_json_content_type(&HeaderMap::new()));
    }

    mod extractor {
        use crate::games::epic::Detachment;
        use crate::web::error::ApiJson;
        use axum::Router;
        use axum::body::Body;
        use axum::http::{Request, StatusCode, header};
        use axum::routing::post;
        use serde_json::Value;
        use tower::ServiceExt;
        use tower_http::limit::RequestBodyLimitLayer;

        /// The API's extractor behind the body limit, as the app serves it.
        async fn send(content_type: Option<&str>, body: String, limit: usize) -> (StatusCode, Value) {
            let app = Router::new()
                .route("/", post(|ApiJson(d): ApiJson<Detachment>| async move { d.list }))
                .layer(RequestBodyLimitLayer::new(limit));
            let mut req = Request::post("/");
            if let Some(ct) = content_type {
                req = req.header(header::CONTENT_TYPE, ct);
            }
            // No Content-Length: the limit is met while the body is read, as with a chunked one.
            let req = req.body(Body::from(body)).unwrap_or_default();
            let res = app.oneshot(req).await.unwrap_or_else(|e| match e {});
            let status = res.status();
            let bytes = axum::body::to_bytes(res.into_body(), 1 << 20).await.unwrap_or_default();
            (
                status,
                serde_json::from_slice(&bytes)
                    .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into())),
            )
        }

        fn said(v: &Value) -> &str {
            v["error"].as_str().unwrap_or("")
        }

        const OK: &str = r#"{"list": "imperial-marines"}"#;

        #[tokio::test]
        async fn a_document_is_read() {
            let (status, v) = send(Some("application/json; charset=utf-8"), OK.into(), 1024).await;
            assert_eq!((status, v), (StatusCode::OK, Value::String("imperial-marines".into())));
        }

        #[tokio::test]
        async fn each_kind_of_bad_body_gets_its_status_and_sentence() {
            let (status, v) = send(None, OK.into(), 1024).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
            assert_eq!(said(&v), "Send the body with the header Content-Type: application/json");
            assert_eq!(v["status"], 415);

            let (status, v) = send(Some("application/json"), r#"{"list": "#.into(), 1024).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert_eq!(said(&v), "The body is not valid JSON: EOF while parsing a value at line 1 column 9");

            let (status, v) = send(Some("application/json"), r#"["imperial-marines"]"#.into(), 1024).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(
                said(&v),
                "The detachment does not fit the document format: it must be an object ({...}), not a list"
            );
            assert_eq!(v["status"], 422);

            let (status, v) = send(Some("application/json"), format!("{OK} garbage"), 1024).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert_eq!(said(&v), "The body is not valid JSON: trailing characters at line 1 column 30");
        }

        #[tokio::test]
        async fn a_body_over_the_limit_is_still_413() {
            let (status, v) = send(Some("application/json"), format!("{OK}{}", " ".repeat(200)), 64).await;
            assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
            assert!(said(&v).contains("64 KiB"), "{v}");
        }

        #[tokio::test]
        async fn a_document_with_too_many_entries_is_refused_and_says_so() {
            let choice = r#"{"section": "main", "entry": "sea-raider"}"#;
            let body =
                format!(r#"{{"list": "imperial-marines", "choices": [{}]}}"#, vec![choice; 201].join(","));
            let (status, v) = send(Some("application/json"), body, 1 << 20).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(
                said(&v),
                "The detachment was not taken: this detachment has 201 entries; a detachment holds at most 200 (choices).",
            );
        }
    }
}
