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

/// `name` as its first segment and the rest, if any. (Names are short: a plain look at each
/// byte is quicker than a search set up for long text.)
pub fn split(name: &str) -> (&str, Option<&str>) {
    match name.bytes().position(|b| b == b'.') {
        // A "." is one byte, so its place and the next are characters' boundaries.
        Some(at) => (&name[..at], Some(&name[at + 1..])),
        None => (name, None),
    }
}
