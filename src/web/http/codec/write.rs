//! Writing a document as the fields a browser posts.

use super::*;

// ---------------------------------------------------------------------------------------------
// Writing

/// The fields a browser would post for `doc` (see the module notes), in the order the document
/// serializes them. A document serde_json cannot write (a map keyed by structs) has no form and
/// gives no fields; every builder document can be written.
pub fn encode<T: Serialize>(doc: &T) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // Through JSON text rather than `serde_json::Value`: a `Value`'s objects sort their keys, and
    // the order of a map's entries (unknown armor locations) is part of the document.
    let Ok(json) = serde_json::to_vec(doc) else { return out };
    let mut reader = serde_json::Deserializer::from_slice(&json);
    let flat = Flatten { path: String::new(), out: &mut out };
    if flat.deserialize(&mut reader).is_err() {
        out.clear();
    }
    out
}

/// Writes one JSON value's fields under `path` ("" for the document itself).
pub(super) struct Flatten<'o> {
    pub(super) path: String,
    pub(super) out: &'o mut Vec<(String, String)>,
}

impl Flatten<'_> {
    fn put(self, value: String) {
        self.out.push((self.path, value));
    }
}

pub(super) fn joined(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") }
}

impl<'de> DeserializeSeed<'de> for Flatten<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Flatten<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.put(if v { "on" } else { "off" }.to_owned());
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.put(v.to_string());
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.put(v.to_string());
        Ok(())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.put(v.to_string());
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.put(v.to_owned());
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0usize;
        while seq
            .next_element_seed(Flatten { path: joined(&self.path, &i.to_string()), out: &mut *self.out })?
            .is_some()
        {
            i += 1;
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        if !self.path.is_empty() {
            self.out.push((self.path.clone(), "on".to_owned()));
        }
        while let Some(key) = map.next_key::<String>()? {
            map.next_value_seed(Flatten { path: joined(&self.path, &key), out: &mut *self.out })?;
        }
        Ok(())
    }
}
