//! The serde accessors the form reader hands out over the tree: a struct's fields, a list's
//! items, a map's entries and keys, and a choice read as a unit variant.

use super::read::{At, Error, Fact, Mode, Path, Seg, boolean, number};
use super::*;

pub(super) struct StructFields<'a, 'de> {
    pub(super) at: At<'a, 'de>,
    pub(super) names: std::iter::Enumerate<std::slice::Iter<'static, &'static str>>,
    /// Each field's node, when the node has its plan for these fields ([`Tree::plan`]).
    pub(super) plan: Option<&'de [u32]>,
    pub(super) next: Option<(&'static str, usize, Mode)>,
    /// Where the next field's node is looked for first, without a plan ([`Tree::child_from`]).
    pub(super) from: usize,
}

impl<'a, 'de> StructFields<'a, 'de> {
    pub(super) fn new(at: At<'a, 'de>, fields: &'static [&'static str]) -> Self {
        let plan = at.pass.tree.plan(at.node, fields);
        StructFields { at, names: fields.iter().enumerate(), plan, next: None, from: tree::NONE }
    }

    /// The node of the field `name`, the `i`th, if the form sends it.
    fn node(&mut self, i: usize, name: &str) -> Option<usize> {
        match self.plan {
            Some(plan) => plan.get(i).filter(|&&id| id != tree::NOT_SENT).map(|&id| id as usize),
            None => {
                let (found, from) = self.at.pass.tree.child_from(self.at.node, name, self.from);
                self.from = from;
                found
            }
        }
    }
}

impl<'de> MapAccess<'de> for StructFields<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let at = self.at;
        while let Some((i, &name)) = self.names.next() {
            let seg = Seg::Field(name);
            let found = self.node(i, name).filter(|&id| !at.pass.tree.gone(id));
            let next = match found {
                Some(id) if at.readable(id, seg) => Some((id, Mode::Normal)),
                _ if at.pass.knows(Fact::Zero, &Path { up: Some(at.path), seg: Some(seg) }) => {
                    Some((EMPTY, Mode::Zero))
                }
                _ => None,
            };
            if let Some((id, mode)) = next {
                self.next = Some((name, id, mode));
                return seed.deserialize(FieldKey { name, index: i as u64 }).map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let Some((name, id, mode)) = self.next.take() else {
            return Err(de::Error::custom("a value was asked for before its field"));
        };
        self.at.child(id, Seg::Field(name), mode, seed)
    }
}

/// A struct field's key: serde's derived field identifier is told the field by its place in the
/// struct's fields (its `visit_u64`), which it matches as one number, where a name is matched
/// against each field's name in turn. Anything but an identifier is given the name. A place is
/// a field's only while the struct's fields, as serde gives them, hold no `alias` (serde lists
/// an alias among them, so every field after it would be one place on; see the module notes).
struct FieldKey {
    name: &'static str,
    index: u64,
}

impl<'de> Deserializer<'de> for FieldKey {
    type Error = Error;

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_u64(self.index)
    }

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.name)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum ignored_any
    }
}

pub(super) struct Items<'a, 'de> {
    pub(super) at: At<'a, 'de>,
    /// (the number the form gave it, its node), in order ([`Tree::items`]); those set aside,
    /// and those blank where a blank item is left out, are passed over.
    pub(super) items: std::slice::Iter<'de, (u64, u32)>,
    pub(super) index: usize,
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, Error> {
        let at = self.at;
        let read = |&&(_, id): &&(u64, u32)| {
            let id = id as usize;
            !at.pass.tree.gone(id) && at.readable(id, Seg::Index(0))
        };
        let Some(&(_, id)) = self.items.by_ref().find(read) else { return Ok(None) };
        let index = self.index;
        self.index += 1;
        self.at.child(id as usize, Seg::Index(index), Mode::Normal, seed).map(Some)
    }

    /// At most this many (some may be passed over).
    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

pub(super) struct MapEntries<'a, 'de> {
    pub(super) at: At<'a, 'de>,
    pub(super) items: std::vec::IntoIter<(&'de str, usize)>,
    pub(super) next: Option<(&'de str, usize)>,
}

impl<'de> MapAccess<'de> for MapEntries<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, id)) = self.items.next() else { return Ok(None) };
        self.next = Some((key, id));
        // A key that does not fit (a letter where the map is keyed by numbers) is that entry's
        // problem, not the whole map's.
        let path = Path { up: Some(self.at.path), seg: Some(Seg::Key(key)) };
        seed.deserialize(Key(key)).map(Some).map_err(|e| self.at.pass.locate(e, id, &path))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let Some((key, id)) = self.next.take() else {
            return Err(de::Error::custom("a value was asked for before its key"));
        };
        self.at.child(id, Seg::Key(key), Mode::Normal, seed)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

macro_rules! forward_numbers_to {
    ($target:ident: $($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.$target(v)
        }
    )*};
}
/// A map's key: text (lent from the form), or a number or choice written as text.
pub(super) struct Key<'de>(&'de str);

impl<'de> Deserializer<'de> for Key<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.0)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        boolean(self.0, v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_enum(UnitVariant(self.0))
    }

    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        number(self.0, v)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        number(self.0, v)
    }

    forward_numbers_to! { deserialize_u64:
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u128
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i128
        deserialize_f32 deserialize_f64
    }

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// A unit variant named by a form value.
pub(super) struct UnitVariant<'a>(pub(super) &'a str);

impl<'de, 'a> EnumAccess<'de> for UnitVariant<'a> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        seed.deserialize(StrDeserializer::<Error>::new(self.0)).map(|v| (v, self))
    }
}

impl<'de> VariantAccess<'de> for UnitVariant<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"a choice with a value"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &v))
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], v: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &v))
    }
}
