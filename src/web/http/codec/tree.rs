//! The posted fields as a tree of paths.

use super::*;

// ---------------------------------------------------------------------------------------------
// The posted fields as a tree

pub(super) const ROOT: usize = 0;
/// A node that is never in the form: what a required field left out is read from, as zero.
pub(super) const EMPTY: usize = 1;

#[derive(Debug, Default)]
pub(super) struct Node<'f> {
    pub(super) value: Option<&'f str>,
    /// In the order first sent.
    pub(super) children: Vec<(&'f str, usize)>,
    /// Set aside as unreadable: read as left out.
    pub(super) gone: bool,
}

/// Every posted field under the document's own field names, split on ".": a node may have a value
/// of its own (a presence marker, a checkbox's fallback) and children. It borrows the names and
/// values from the posted fields.
#[derive(Debug)]
pub(super) struct Tree<'f> {
    pub(super) nodes: Vec<Node<'f>>,
}

impl<'f> Tree<'f> {
    /// The fields under the document's own field names (`roots`), the only ones it could read,
    /// in one walk over the form. Later values win, as in `Fields::get`.
    pub(super) fn build(f: &'f Fields, roots: &[&str]) -> Tree<'f> {
        // Room for a form's usual nodes (about two a field) made at once; a form of many fields
        // grows it as it goes, and only as far as its fields need.
        let mut nodes = Vec::with_capacity((2 + 2 * f.len()).min(1024));
        nodes.extend([Node::default(), Node::default()]);
        let mut tree = Tree { nodes };
        // A form sends a part's fields together ("weapons.0.*", then "weapons.1.*"): whether the
        // last first segment is the document's is kept for the next field.
        let mut last: Option<(&str, bool)> = None;
        for (name, value) in f.iter() {
            let first = name.split_once('.').map_or(name, |(first, _)| first);
            let ours = match last {
                Some((seen, ours)) if seen == first => ours,
                _ => {
                    let ours = roots.contains(&first);
                    last = Some((first, ours));
                    ours
                }
            };
            if !ours {
                continue;
            }
            let at = name.split('.').fold(ROOT, |at, key| tree.child(at, key));
            tree.nodes[at].value = Some(value);
        }
        tree
    }

    /// The child `key` of `parent`, made if new. A form sends a part's fields together, so the
    /// last child made is looked at first.
    fn child(&mut self, parent: usize, key: &'f str) -> usize {
        let children = &self.nodes[parent].children;
        if let Some(&(_, id)) = children.last().filter(|(k, _)| *k == key) {
            return id;
        }
        if let Some(&(_, id)) = children.iter().find(|(k, _)| *k == key) {
            return id;
        }
        let id = self.nodes.len();
        self.nodes.push(Node::default());
        self.nodes[parent].children.push((key, id));
        id
    }

    pub(super) fn raw(&self, node: usize) -> &'f str {
        self.nodes[node].value.unwrap_or("")
    }

    /// No value of its own, or only spaces: what a number or a choice reads as left out.
    pub(super) fn blank(&self, node: usize) -> bool {
        self.raw(node).trim().is_empty()
    }
}

/// The names of the fields of the struct `T` reads (none if it reads no struct at its root).
pub(super) fn root_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    #[derive(Debug)]
    struct Found(&'static [&'static str]);
    impl fmt::Display for Found {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("probed")
        }
    }
    impl std::error::Error for Found {}
    impl de::Error for Found {
        fn custom<M: fmt::Display>(_: M) -> Self {
            Found(&[])
        }
    }
    struct Probe;
    impl<'de> Deserializer<'de> for Probe {
        type Error = Found;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
            Err(Found(&[]))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Found> {
            Err(Found(fields))
        }
        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            v: V,
        ) -> Result<V::Value, Found> {
            v.visit_newtype_struct(self)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    match T::deserialize(Probe) {
        Err(Found(fields)) => fields,
        Ok(_) => &[],
    }
}
