//! The posted fields as a tree of paths.

use super::*;

// ---------------------------------------------------------------------------------------------
// The posted fields as a tree

pub(super) const ROOT: usize = 0;
/// A node that is never in the form: what a required field left out is read from, as zero.
pub(super) const EMPTY: usize = 1;

#[derive(Debug, Default)]
pub(super) struct Node {
    pub(super) value: Option<String>,
    /// In the order first sent.
    pub(super) children: Vec<(String, usize)>,
    /// Set aside as unreadable: read as left out.
    pub(super) gone: bool,
}

/// Every posted field under the document's own field names, split on ".": a node may have a value
/// of its own (a presence marker, a checkbox's fallback) and children.
#[derive(Debug)]
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
}

impl Tree {
    /// `Fields` can only be walked under a prefix, so the tree holds the fields under the
    /// document's own field names (`roots`): the only ones it could read anyway.
    pub(super) fn build(f: &Fields, roots: &[&str]) -> Tree {
        let mut tree = Tree { nodes: vec![Node::default(), Node::default()] };
        let mut index: HashMap<(usize, String), usize> = HashMap::new();
        let mut child = |tree: &mut Tree, parent: usize, key: &str| -> usize {
            *index.entry((parent, key.to_owned())).or_insert_with(|| {
                tree.nodes.push(Node::default());
                let id = tree.nodes.len() - 1;
                tree.nodes[parent].children.push((key.to_owned(), id));
                id
            })
        };
        for &name in roots {
            let own = f.get(name);
            let mut under = f.under(name).peekable();
            if own.is_none() && under.peek().is_none() {
                continue;
            }
            let top = child(&mut tree, ROOT, name);
            tree.nodes[top].value = own.map(str::to_owned);
            for (rest, value) in under {
                let at = rest.split('.').fold(top, |at, key| child(&mut tree, at, key));
                // Later values win, as in `Fields::get`.
                tree.nodes[at].value = Some(value.to_owned());
            }
        }
        tree
    }

    pub(super) fn raw(&self, node: usize) -> &str {
        self.nodes[node].value.as_deref().unwrap_or("")
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
