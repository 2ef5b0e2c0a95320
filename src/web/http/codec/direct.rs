//! What a builder's direct reader reads with: one that reads its form's fields straight into its
//! document, one after another, as the page sends them (the boat designer's, the Samurai
//! scenario's), and leaves any form it does not read exactly as [`decode`](super::decode) would
//! to the codec.
//!
//! [`Plain`] is one form value read by the codec's own rules: numbers, checkboxes,
//! choices, optional values and text are read here as [`decode`](super::decode) reads a field
//! that holds nothing but its value, with the same functions. What the codec would read in
//! some other way (a blank number, which it leaves out; an optional value reading "off", which
//! it probes) or could not read at all is not read here: the direct reader then leaves the
//! whole form to the codec, which reads it and says what is wrong.

use super::read::{boolean, is_off, number};
use super::*;
use crate::games::bounds::trimmed;
use serde::de::DeserializeOwned;

/// A game's direct reader: fed the form's fields in the order sent, then asked for the document.
/// Either may give up (`None`), and the form is then read by the codec.
pub trait Reader<'f>: Default {
    type Doc;
    /// Reads one field.
    fn field(&mut self, name: &'f str, raw: &'f str) -> Option<()>;
    /// The document, whole (every required field given).
    fn finish(self) -> Option<Self::Doc>;
}

/// The document `R` reads from the form, if it reads it.
pub fn read<'f, R: Reader<'f>>(f: &'f Fields) -> Option<R::Doc> {
    let mut r = R::default();
    for (name, raw) in f.iter() {
        r.field(name, raw)?;
    }
    r.finish()
}

/// Reads a form as [`decode`] does: by the game's direct reader `direct` where it reads it (then
/// with no problem, as the codec would find none), by the codec otherwise. A debug build (every
/// test runs one) reads each form the direct reader reads with the codec too, and the two must
/// be the same.
pub fn decode_with<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug + 'static>(
    f: &Fields,
    direct: impl FnOnce(&Fields) -> Option<T>,
    label: impl Fn(&str) -> String,
) -> Result<(T, Vec<Problem>), Refused> {
    match direct(f) {
        Some(doc) => {
            debug_assert_eq!(
                Some(&doc),
                by_codec(f, &label).as_ref(),
                "the direct reader read the form otherwise"
            );
            Ok((doc, Vec::new()))
        }
        None => decode(f, label),
    }
}

/// What the codec reads the form as, when it reads it without a problem: what a direct reader
/// is held to.
pub fn by_codec<T: Serialize + DeserializeOwned + 'static>(
    f: &Fields,
    label: impl Fn(&str) -> String,
) -> Option<T> {
    decode::<T>(f, label).ok().filter(|(_, problems)| problems.is_empty()).map(|(doc, _)| doc)
}

/// A value this module does not read: the form is left to the codec.
#[derive(Debug)]
pub struct Unread;

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("left to the form codec")
    }
}

impl std::error::Error for Unread {}

impl de::Error for Unread {
    #[cold]
    fn custom<M: fmt::Display>(_: M) -> Self {
        Unread
    }
}

/// A form field's value, as a serde deserializer: hand it to a field's own reader
/// (`bounds::count(Plain::new(raw))`, `Option::<Mount>::deserialize(..)`).
#[derive(Debug, Clone, Copy)]
pub struct Plain<'de>(&'de str);

impl<'de> Plain<'de> {
    pub fn new(raw: &'de str) -> Self {
        Plain(raw)
    }

    /// What `raw` reads as, as a `T`; `None` when the codec must read it.
    pub fn read<T: de::Deserialize<'de>>(raw: &'de str) -> Option<T> {
        T::deserialize(Plain(raw)).ok()
    }

    /// A number or a choice here is read, not left out: blank, the codec leaves it out. (Most
    /// values start with a letter or a digit, which says so at a glance.)
    fn scalar(self) -> Result<&'de str, Unread> {
        match self.0.as_bytes().first() {
            Some(b) if b.is_ascii_alphanumeric() => Ok(self.0),
            _ if self.0.trim().is_empty() => Err(Unread),
            _ => Ok(self.0),
        }
    }
}

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
            number(self.scalar()?, v)
        }
    )*};
}

/// Anything else (a character, a list, an object) is the codec's to read.
macro_rules! unread {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unread> {
            Err(Unread)
        }
    )*};
}

impl<'de> Deserializer<'de> for Plain<'de> {
    type Error = Unread;

    numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    }

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        v.visit_borrowed_str(self.0)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        boolean(self.0, v)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        v.visit_borrowed_str(self.0)
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        v.visit_borrowed_str(self.0)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        v.visit_borrowed_str(self.0)
    }

    /// Empty is `None`, as the codec reads it; "off" (and its like) the codec probes.
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Unread> {
        match self.0 {
            "" => v.visit_none(),
            raw if is_off(raw) => Err(Unread),
            _ => v.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> Result<V::Value, Unread> {
        v.visit_newtype_struct(self)
    }

    /// A choice by its name, as the codec reads one.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Unread> {
        StrDeserializer::<Unread>::new(trimmed(self.scalar()?)).deserialize_enum(name, variants, v)
    }

    unread! {
        deserialize_char deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_seq
        deserialize_map deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, _: V) -> Result<V::Value, Unread> {
        Err(Unread)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Unread> {
        Err(Unread)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        _: V,
    ) -> Result<V::Value, Unread> {
        Err(Unread)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Unread> {
        Err(Unread)
    }
}

/// A name or a line of text (`bounds::name`: one line, at most a name's length).
pub fn text(raw: &str) -> Option<String> {
    crate::games::bounds::name(Plain::new(raw)).ok()
}

/// A number or a choice that may be blank, read by `read` (the field's own serde reader, handed
/// the value as [`Plain`]): blank is `Some(None)`, the field left out (its default), as the codec
/// leaves a blank number or choice out; `None` is a value `read` refuses.
pub fn unless_blank_with<'a, T>(
    raw: &'a str,
    read: impl FnOnce(Plain<'a>) -> Result<T, Unread>,
) -> Option<Option<T>> {
    if raw.is_empty() { Some(None) } else { read(Plain(raw)).ok().map(Some) }
}

/// [`unless_blank_with`] by the type's own `Deserialize`.
pub fn unless_blank<'a, T: de::Deserialize<'a>>(raw: &'a str) -> Option<Option<T>> {
    unless_blank_with(raw, T::deserialize)
}

/// [`unless_blank_with`], blank for `default`.
pub fn or_default<'a, T>(
    raw: &'a str,
    default: T,
    read: impl FnOnce(Plain<'a>) -> Result<T, Unread>,
) -> Option<T> {
    Some(unless_blank_with(raw, read)?.unwrap_or(default))
}

/// A list's items as the form numbers them: each item's fields together, items in rising order
/// (gaps closed up, as the codec closes them).
pub struct List<T> {
    pub items: Vec<T>,
    /// The number the form gave the last item.
    last: Option<u64>,
}

impl<T> Default for List<T> {
    fn default() -> Self {
        List { items: Vec::new(), last: None }
    }
}

impl<T> List<T> {
    /// The item `seg` numbers: the last again, or a new one after it. `None` for a number that
    /// is not plainly written or that goes back.
    pub fn item(&mut self, seg: &str, new: impl FnOnce() -> T) -> Option<&mut T> {
        let n = index(seg)?;
        match self.last {
            Some(last) if n == last => {}
            Some(last) if n < last => return None,
            _ => {
                self.items.push(new());
                self.last = Some(n);
            }
        }
        self.items.last_mut()
    }

    /// The items, each whole (its required fields given), or `None`.
    pub fn finish<U>(self, whole: impl FnMut(T) -> Option<U>) -> Option<Vec<U>> {
        self.items.into_iter().map(whole).collect()
    }
}

/// A list item's number, written plainly: digits, no leading zero (at most 18 of them).
pub fn index(seg: &str) -> Option<u64> {
    if !matches!(seg.as_bytes(), [b'0'] | [b'1'..=b'9', ..]) || seg.len() > 18 {
        return None;
    }
    seg.bytes().try_fold(0u64, |n, b| b.is_ascii_digit().then(|| n * 10 + u64::from(b - b'0')))
}

/// `name` as its first segment and the rest, if any.
pub fn split(name: &str) -> (&str, Option<&str>) {
    match super::tree::dot(name) {
        // A "." is one byte, so its place and the next are characters' boundaries.
        Some(at) => (&name[..at], Some(&name[at + 1..])),
        None => (name, None),
    }
}

/// What the tests of a direct reader share: holding it to the codec, and changing forms as a
/// hand-made or a mangled form changes them.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use proptest::prelude::*;

    pub fn form(pairs: &[(String, String)]) -> Fields<'static> {
        Fields::from_pairs(pairs.iter().cloned())
    }

    pub fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    /// The form's document by the direct reader and by the codec: the direct reader's, if it
    /// reads the form, must be the codec's.
    pub fn both<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug + 'static>(
        f: &Fields,
        direct: impl FnOnce(&Fields) -> Option<T>,
        label: impl Fn(&str) -> String,
    ) -> (Option<T>, Option<T>) {
        let (direct, codec) = (direct(f), by_codec::<T>(f, label));
        if let Some(d) = &direct {
            assert_eq!(
                Some(d),
                codec.as_ref(),
                "the direct reader read {:?} otherwise",
                f.iter().collect::<Vec<_>>()
            );
        }
        (direct, codec)
    }

    /// One change to a form.
    #[derive(Debug, Clone)]
    pub enum Change {
        Drop(usize),
        Again(usize),
        Value(usize, &'static str),
        Swap(usize, usize),
        Add(&'static str, &'static str),
    }

    /// One to three changes: a field dropped, sent again, given one of `values`, two swapped, or
    /// one of `names` added with one of `values`.
    pub fn changes(
        names: Vec<&'static str>,
        values: Vec<&'static str>,
    ) -> impl Strategy<Value = Vec<Change>> {
        let values = prop::sample::select(values);
        let change = prop_oneof![
            (0usize..64).prop_map(Change::Drop),
            (0usize..64).prop_map(Change::Again),
            ((0usize..64), values.clone()).prop_map(|(i, v)| Change::Value(i, v)),
            ((0usize..64), (0usize..64)).prop_map(|(i, j)| Change::Swap(i, j)),
            (prop::sample::select(names), values).prop_map(|(k, v)| Change::Add(k, v)),
        ];
        prop::collection::vec(change, 1..4)
    }

    /// The form's fields with the changes made.
    pub fn changed(mut p: Vec<(String, String)>, changes: &[Change]) -> Vec<(String, String)> {
        for c in changes {
            let n = p.len();
            match *c {
                Change::Add(k, v) => p.push((k.to_owned(), v.to_owned())),
                _ if n == 0 => {}
                Change::Drop(i) => {
                    p.remove(i % n);
                }
                Change::Again(i) => {
                    let pair = p[i % n].clone();
                    p.push(pair);
                }
                Change::Value(i, v) => p[i % n].1 = v.to_owned(),
                Change::Swap(i, j) => p.swap(i % n, j % n),
            }
        }
        p
    }
}
