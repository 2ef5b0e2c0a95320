//! The posted fields as a tree of paths.

use super::*;
use crate::web::http::fields::name_bit as bit;
use std::sync::atomic::{AtomicU64, Ordering};

// ---------------------------------------------------------------------------------------------
// The posted fields as a tree

pub(super) const ROOT: usize = 0;
/// A node that is never in the form: what a required field left out is read from, as zero.
pub(super) const EMPTY: usize = 1;

/// No node: the end of a list of children.
pub(super) const NONE: usize = usize::MAX;

#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// Where its name under its parent ("weapons", "2", "count") is in the bones' text.
    start: u32,
    end: u32,
    /// The field whose value is its own ([`NO_VALUE`]: none; a name sent twice, the later).
    value: u32,
    /// Its place among the bones' plans ([`NO_PLAN`]: a node without children has none).
    plan: u32,
    /// Its first and last child, and its next sibling: children are kept in the order first
    /// sent, linked through the one list of nodes (no list of its own per node).
    first: usize,
    last: usize,
    next: usize,
    /// One bit for each of its children's names ([`bit`]): a name whose bit is not set is not
    /// among them, known without looking at any (a new child, a struct's field left out).
    names: u64,
}

/// The value of a node no field gave one.
const NO_VALUE: u32 = u32::MAX;

/// The plan of a node without children.
const NO_PLAN: u32 = u32::MAX;

/// In a plan, a field the form does not send.
pub(super) const NOT_SENT: u32 = u32::MAX;

impl Node {
    /// A node named by `text[start..end]`, with no value and no children.
    fn new(start: u32, end: u32) -> Node {
        Node { start, end, value: NO_VALUE, plan: NO_PLAN, first: NONE, last: NONE, next: NONE, names: 0 }
    }
}

/// A tree's nodes and the form's names back to back, which their names are cut from: what a
/// form's tree shares with the shape kept from it, and every later form sending the same names.
#[derive(Debug)]
struct Bones {
    nodes: Vec<Node>,
    text: String,
    /// One for each node with children, filled the first time it is read as a struct or a list.
    plans: Box<[Plans]>,
    /// Each node's shape hash ([`Tree::shape_hash`]): 0 until first asked for.
    hashes: Box<[AtomicU64]>,
}

/// What a node's children are read as, found once for the shape and kept with it.
#[derive(Debug, Default)]
struct Plans {
    /// Read as a struct: which child each field is.
    fields: OnceLock<Plan>,
    /// Read as a list: its items (the children named by a number), by number, each with the
    /// number the form gave it and its node.
    items: OnceLock<Box<[(u64, u32)]>>,
}

/// Which of a node's children each field of the struct it is read as is: found once for the
/// shape, by name, and kept with it, so every later form of the shape finds its fields by
/// their place in the struct, without looking at a name.
#[derive(Debug)]
struct Plan {
    /// The struct's fields, as serde gives them (told apart by address: another struct's
    /// fields, or these from another place in the program, find theirs by name).
    fields: &'static [&'static str],
    /// Each field's node, in the fields' order ([`NOT_SENT`]: not among the children).
    children: Box<[u32]>,
}

/// Every posted field under the document's own field names, split on ".": a node may have a value
/// of its own (a presence marker, a checkbox's fallback) and children. Its nodes are shared with
/// the shape kept from the form (a later form sending the same names is read through the very
/// same nodes, nothing copied); each node's value is its field's, from the tree's own list.
#[derive(Debug)]
pub(super) struct Tree<'f> {
    bones: Arc<Bones>,
    /// Each posted field's value, in the order sent.
    values: Vec<&'f str>,
    /// The nodes set aside as unreadable: read as left out (few, and mostly none).
    gone: Vec<usize>,
}

/// Where the first "." in `name` is.
pub(super) fn dot(name: &str) -> Option<usize> {
    // Names are short: a plain look at each byte is quicker than a search set up for long text.
    name.bytes().position(|b| b == b'.')
}

/// The deepest of `prev`'s segments (`path`: where each ends in `prev`, and its node) that `name`
/// has too, at the same place: `name` is the same up to that segment's end, and ends there or
/// goes on with a ".". None when it does not share even the first.
fn shared(prev: &str, path: &[(usize, usize)], name: &str) -> Option<usize> {
    let (a, b) = (prev.as_bytes(), name.as_bytes());
    let same = common_prefix(a, b);
    path.iter()
        .take_while(|&&(end, _)| end <= same && (end == b.len() || b[end] == b'.'))
        .count()
        .checked_sub(1)
}

/// How many bytes `a` and `b` begin with alike, compared eight at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while let (Some(x), Some(y)) = (a.get(i..i + 8), b.get(i..i + 8)) {
        let (Ok(x), Ok(y)) = (<[u8; 8]>::try_from(x), <[u8; 8]>::try_from(y)) else { break };
        let differ = u64::from_le_bytes(x) ^ u64::from_le_bytes(y);
        if differ != 0 {
            return i + (differ.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + a[i..n].iter().zip(&b[i..n]).take_while(|(x, y)| x == y).count()
}

/// Whether two names are the same: told apart by their length or first byte before their
/// bytes are compared (most names a node is compared with differ there).
pub(super) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.first() == b.first() && a == b
}

/// A node's name in `text`.
fn key_in<'t>(text: &'t str, n: &Node) -> &'t [u8] {
    text.as_bytes().get(n.start as usize..n.end as usize).unwrap_or_default()
}

/// A position in the form's names, as a node keeps it (the names are bounded well under 4 GB by
/// the body's limit).
fn at32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

impl Bones {
    /// Once the tree is built: a plan's place for each node with children, and a slot for each
    /// node's shape hash ([`Tree::shape_hash`]).
    fn make_room_for_kept(&mut self) {
        let mut count = 0;
        for n in self.nodes.iter_mut().filter(|n| n.first != NONE) {
            n.plan = count;
            count += 1;
        }
        self.plans = (0..count).map(|_| Plans::default()).collect();
        self.hashes = self.nodes.iter().map(|_| AtomicU64::new(0)).collect();
    }

    /// While the bones are built (the text growing with them): the child of `parent` named
    /// `text[start..end]`, made if new. A form sends a part's fields
    /// together, so the last child made is looked at first.
    fn child(&mut self, parent: usize, start: usize, end: usize) -> usize {
        let key = self.text.as_bytes().get(start..end).unwrap_or_default();
        let last = self.nodes[parent].last;
        if last != NONE && same(key_in(&self.text, &self.nodes[last]), key) {
            return last;
        }
        let bit = bit(key);
        if self.nodes[parent].names & bit != 0 {
            let mut id = self.nodes[parent].first;
            while id != NONE {
                if same(key_in(&self.text, &self.nodes[id]), key) {
                    return id;
                }
                id = self.nodes[id].next;
            }
        }
        let id = self.nodes.len();
        self.nodes.push(Node::new(at32(start), at32(end)));
        self.nodes[parent].names |= bit;
        match last {
            NONE => self.nodes[parent].first = id,
            last => self.nodes[last].next = id,
        }
        self.nodes[parent].last = id;
        id
    }
}

impl<'f> Tree<'f> {
    /// The fields under the document's own field names (`roots`), the only ones it could read,
    /// in one walk over the form. Later values win, as in `Fields::get`.
    pub(super) fn build(f: &'f Fields<'f>, roots: &[&str]) -> Tree<'f> {
        Self::built(f, roots).0
    }

    /// [`Tree::build`]'s tree, and where each field's name ends in its text.
    fn built(f: &'f Fields<'f>, roots: &[&str]) -> (Tree<'f>, Vec<usize>) {
        // Room for a form's usual nodes (about two a field) made at once; a form of many fields
        // grows it as it goes, and only as far as its fields need.
        let mut nodes = Vec::with_capacity((2 + 2 * f.len()).min(1024));
        nodes.extend([Node::new(0, 0), Node::new(0, 0)]);
        let text = String::with_capacity(f.iter().map(|(k, _)| k.len()).sum());
        let mut tree = Bones { nodes, text, plans: Box::default(), hashes: Box::default() };
        let mut ends = Vec::with_capacity(f.len());
        // A form sends a part's fields together ("weapons.0.*", then "weapons.1.*"): whether the
        // last first segment is the document's is kept for the next field.
        let mut last: Option<(&str, bool)> = None;
        // The last name put in the tree, and the node of each of its segments with where the
        // segment ends in it: a name's segments it shares with that one ("weapons.3.mount" after
        // "weapons.3.weapon" shares "weapons" and "3") are those very nodes, found again without
        // a look among their parent's children.
        let mut prev: &str = "";
        let mut path: Vec<(usize, usize)> = Vec::with_capacity(8);
        for (field, (name, _)) in f.iter().enumerate() {
            // Where the name starts in the text.
            let base = tree.text.len();
            tree.text.push_str(name);
            ends.push(tree.text.len());
            // The node of the last segment found, and where that segment ends in the name.
            let (mut at, mut end) = match shared(prev, &path, name) {
                Some(k) => {
                    path.truncate(k + 1);
                    let (end, node) = path[k];
                    (node, end)
                }
                None => {
                    let first = dot(name).map_or(name, |i| &name[..i]);
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
                    path.clear();
                    let at = tree.child(ROOT, base, base + first.len());
                    path.push((first.len(), at));
                    (at, first.len())
                }
            };
            // The segments past the shared ones, each under the one before.
            while end < name.len() {
                let rest = &name[end + 1..];
                let seg = dot(rest).unwrap_or(rest.len());
                let start = end + 1;
                end = start + seg;
                at = tree.child(at, base + start, base + end);
                path.push((end, at));
            }
            prev = name;
            tree.nodes[at].value = at32(field);
        }
        tree.make_room_for_kept();
        (Tree::of_bones(Arc::new(tree), f), ends)
    }

    /// The tree of `f` on `bones` (built from it, or kept from a form with the same names).
    fn of_bones(bones: Arc<Bones>, f: &'f Fields<'f>) -> Tree<'f> {
        Tree { bones, values: f.iter().map(|(_, v)| v).collect(), gone: Vec::new() }
    }

    /// Node `id`'s name under its parent.
    fn key(&self, id: usize) -> &str {
        let n = &self.bones.nodes[id];
        self.bones.text.get(n.start as usize..n.end as usize).unwrap_or_default()
    }

    /// The children of `node` (set aside or not), by name, in the order first sent.
    pub(super) fn children(&self, node: usize) -> impl Iterator<Item = (&str, usize)> + '_ {
        let nodes = &self.bones.nodes;
        let first = nodes[node].first;
        std::iter::successors((first != NONE).then_some(first), |&id| {
            let next = nodes[id].next;
            (next != NONE).then_some(next)
        })
        .map(|id| (self.key(id), id))
    }

    /// The child `key` of `node` (set aside or not), looked for from `from` (one of its
    /// children, or [`NONE`] for its first) to its last child, then from its first: a struct's
    /// fields are asked for in the order its form sends them, so each is found where the one
    /// before it was left. Also where the one after it is to be looked for.
    pub(super) fn child_from(&self, node: usize, key: &str, from: usize) -> (Option<usize>, usize) {
        let Bones { nodes, text, .. } = &*self.bones;
        if nodes[node].names & bit(key.as_bytes()) == 0 {
            return (None, from);
        }
        let key = key.as_bytes();
        let first = nodes[node].first;
        let start = if from == NONE { first } else { from };
        let mut id = start;
        while id != NONE {
            if same(key_in(text, &nodes[id]), key) {
                return (Some(id), nodes[id].next);
            }
            id = nodes[id].next;
        }
        let mut id = first;
        while id != start {
            if same(key_in(text, &nodes[id]), key) {
                return (Some(id), nodes[id].next);
            }
            id = nodes[id].next;
        }
        (None, from)
    }

    /// The plans of `node`: none for a node without children.
    fn plans(&self, node: usize) -> Option<&Plans> {
        self.bones.plans.get(self.bones.nodes[node].plan as usize)
    }

    /// The children of `node` that `fields` name, in the fields' order ([`NOT_SENT`] for one not
    /// there): worked out by name ([`Tree::child_from`]) the first time the node is read as
    /// this struct, and kept with the shape. None for a node without children, or one read as
    /// another struct first.
    pub(super) fn plan(&self, node: usize, fields: &'static [&'static str]) -> Option<&[u32]> {
        let plan = self.plans(node)?.fields.get_or_init(|| {
            let mut from = NONE;
            let children = fields
                .iter()
                .map(|name| {
                    let (found, next) = self.child_from(node, name, from);
                    from = next;
                    found.map_or(NOT_SENT, at32)
                })
                .collect();
            Plan { fields, children }
        });
        std::ptr::eq(plan.fields, fields).then_some(&*plan.children)
    }

    /// The children of `node` named by a number (set aside or not), in numeric order, each with
    /// its number: a list's items. Worked out the first time the node is read as a list, and
    /// kept with the shape.
    pub(super) fn items(&self, node: usize) -> &[(u64, u32)] {
        let Some(plans) = self.plans(node) else { return &[] };
        plans.items.get_or_init(|| {
            let mut items: Vec<(u64, u32)> = self
                .children(node)
                .filter(|(k, _)| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
                .filter_map(|(k, id)| Some((k.parse::<u64>().ok()?, at32(id))))
                .collect();
            // Stable: a number sent twice ("01" and "1") keeps the order first sent.
            items.sort_by_key(|&(n, _)| n);
            items.into()
        })
    }

    /// Whether the node has a child not set aside.
    pub(super) fn has_children(&self, node: usize) -> bool {
        let nodes = &self.bones.nodes;
        let mut id = nodes[node].first;
        while id != NONE {
            if !self.gone(id) {
                return true;
            }
            id = nodes[id].next;
        }
        false
    }

    pub(super) fn value(&self, node: usize) -> Option<&'f str> {
        match self.bones.nodes[node].value {
            NO_VALUE => None,
            field => self.values.get(field as usize).copied(),
        }
    }

    /// The FNV-1a hash of the shape of node `node`'s path (`path`, where the reading is at it),
    /// as [`Path::shape_hash`](super::read::Path::shape_hash) gives it: worked out from the path
    /// the first time a form of this shape asks, and kept with the node. A node's shape is the
    /// same every time its document type reads it (its place says whether it is a struct's field,
    /// a list's item or a map's entry, and items and entries are all "*"), and the kept shapes
    /// are one document type's, so the kept hash is the one the path would give (held so in
    /// tests, which read every form in debug builds). The node read as zero ([`EMPTY`]), which
    /// stands at every place, is worked out every time.
    pub(super) fn shape_hash(&self, node: usize, path: &super::read::Path) -> u64 {
        let Some(kept) = self.bones.hashes.get(node).filter(|_| node != EMPTY) else {
            return path.shape_hash();
        };
        match kept.load(Ordering::Relaxed) {
            0 => {
                let hash = path.shape_hash();
                kept.store(hash, Ordering::Relaxed);
                hash
            }
            hash => {
                debug_assert_eq!(hash, path.shape_hash(), "node {node}'s kept shape hash");
                hash
            }
        }
    }

    pub(super) fn gone(&self, node: usize) -> bool {
        !self.gone.is_empty() && self.gone.contains(&node)
    }

    /// Sets the node aside as unreadable.
    pub(super) fn set_aside(&mut self, node: usize) {
        self.gone.push(node);
    }

    pub(super) fn raw(&self, node: usize) -> &'f str {
        self.value(node).unwrap_or("")
    }

    /// No value of its own, or only spaces: what a number or a choice reads as left out.
    pub(super) fn blank(&self, node: usize) -> bool {
        let raw = self.raw(node);
        // Most values start with a letter or a digit: that alone says.
        match raw.as_bytes().first() {
            None => true,
            Some(b) if b.is_ascii_alphanumeric() => false,
            Some(_) => raw.trim().is_empty(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Shapes kept

/// A tree without its values, kept from one form for the next that sends the same names in the
/// same order: a player's next change (a keystroke, a choice) changes values, not names. Such a
/// form's names are compared with the kept ones, and it is read through the kept nodes themselves
/// (shared, not copied), each value where the kept form's was.
#[derive(Debug)]
struct Shape {
    /// The tree's nodes and the form's names back to back.
    bones: Arc<Bones>,
    /// Where each field's name ends in the text.
    ends: Vec<usize>,
}

/// How many shapes are kept per document type, each in the slot its form's count of fields and
/// length of names choose: forms of different shapes (players editing different designs) mostly
/// keep theirs apart, and a form whose slot holds another shape is built whole and replaces it.
const SLOTS: usize = 8;

/// The largest form whose shape is kept, in fields, bytes of names and nodes (a real form has
/// about two nodes a field): with [`SLOTS`], what is kept per document type stays under about
/// half a megabyte for the shapes (a loaded Yacht's is about 17 KB), and as much again at most
/// for their plans (64 bytes for each node with children, 4 for each field of a struct one is
/// read as, 16 for each item of a list, 8 for each node's shape hash; the Yacht's come to about
/// 7 KB).
const MAX_KEPT_FIELDS: usize = 512;
const MAX_KEPT_NAMES: usize = 8 * 1024;
const MAX_KEPT_NODES: usize = 2 + 2 * MAX_KEPT_FIELDS;

/// The kept shapes, by document type (a few types: looked through in turn).
type Kept = RwLock<Vec<(TypeId, [Option<Arc<Shape>>; SLOTS])>>;

fn kept() -> &'static Kept {
    static KEPT: OnceLock<Kept> = OnceLock::new();
    KEPT.get_or_init(Default::default)
}

impl Shape {
    /// The shape of `tree` (`ends`: where each field's name ends in its text). None if the tree
    /// is too large to keep.
    fn of(tree: &Tree, ends: Vec<usize>) -> Option<Shape> {
        (tree.bones.nodes.len() <= MAX_KEPT_NODES).then(|| Shape { bones: tree.bones.clone(), ends })
    }

    /// The tree of `f` if it sends this shape's names in this order.
    fn tree<'f>(&self, f: &'f Fields<'f>) -> Option<Tree<'f>> {
        if f.len() != self.ends.len() {
            return None;
        }
        let text = self.bones.text.as_bytes();
        let mut start = 0;
        for ((name, _), &end) in f.iter().zip(&self.ends) {
            if text.get(start..end) != Some(name.as_bytes()) {
                return None;
            }
            start = end;
        }
        Some(Tree::of_bones(self.bones.clone(), f))
    }
}

impl<'f> Tree<'f> {
    /// [`Tree::build`]'s tree of a form read as a `T`, from the shape kept from an earlier form
    /// of `T` with the same names in the same order when there is one; otherwise built, and its
    /// shape kept.
    pub(super) fn of<T: DeserializeOwned + 'static>(f: &'f Fields<'f>) -> Tree<'f> {
        let names = f.iter().map(|(k, _)| k.len()).sum::<usize>();
        if f.len() > MAX_KEPT_FIELDS || names > MAX_KEPT_NAMES {
            return Tree::build(f, root_fields::<T>());
        }
        let (id, slot) = (TypeId::of::<T>(), (f.len() ^ names.rotate_left(7)) % SLOTS);
        let shape = kept().read().ok().and_then(|k| of_type(&k, id)?[slot].clone());
        if let Some(tree) = shape.and_then(|s| s.tree(f)) {
            return tree;
        }
        let (tree, ends) = Tree::built(f, root_fields::<T>());
        if let Some(shape) = Shape::of(&tree, ends)
            && let Ok(mut kept) = kept().write()
        {
            of_type_mut(&mut kept, id)[slot] = Some(Arc::new(shape));
        }
        tree
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tree written out: each node's name and value, then its children in order.
    fn shape(tree: &Tree, node: usize) -> String {
        let kids: Vec<String> = tree.children(node).map(|(_, id)| shape(tree, id)).collect();
        let n = &tree.bones.nodes[node];
        format!("{:?}={:?}/{:x}[{}]", tree.key(node), tree.value(node), n.names, kids.join(","))
    }

    fn shape_of(tree: &Tree) -> String {
        shape(tree, ROOT)
    }

    /// Every field put in by looking up each of its segments from the root, as the tree was built
    /// before shared segments were kept.
    fn by_every_segment<'f>(f: &'f Fields<'f>, roots: &[&str]) -> Tree<'f> {
        let mut tree = Bones {
            nodes: vec![Node::new(0, 0), Node::new(0, 0)],
            text: String::new(),
            plans: Box::default(),
            hashes: Box::default(),
        };
        for (field, (name, _)) in f.iter().enumerate() {
            let base = tree.text.len();
            tree.text.push_str(name);
            let first = dot(name).map_or(name, |i| &name[..i]);
            if !roots.contains(&first) {
                continue;
            }
            let mut start = base;
            let at = name.split('.').fold(ROOT, |at, seg| {
                let at = tree.child(at, start, start + seg.len());
                start += seg.len() + 1;
                at
            });
            tree.nodes[at].value = at32(field);
        }
        tree.make_room_for_kept();
        Tree::of_bones(Arc::new(tree), f)
    }

    /// A document whose own fields are the roots the tests' forms use.
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Rooted {
        a: Option<String>,
        ab: Option<String>,
        #[serde(rename = "0")]
        zero: Option<String>,
    }

    fn names_and_values() -> impl Strategy<Value = Vec<(String, String)>> {
        prop::collection::vec(
            (
                prop::collection::vec(prop::sample::select(vec!["a", "b", "ab", "0", "1", "", "x"]), 1..5),
                "[a-c]{0,2}",
            ),
            0..24,
        )
        .prop_map(|fields| fields.into_iter().map(|(segs, v)| (segs.join("."), v)).collect())
    }

    proptest! {
        /// A form sending a kept shape's names in its order is put in the very tree building it
        /// makes, whatever its values; a form sending other names is not put in that shape.
        #[test]
        fn a_kept_shape_gives_the_tree_building_gives(
            first in names_and_values(),
            values in prop::collection::vec("[a-c]{0,2}", 24),
            other in names_and_values(),
        ) {
            let roots = ["a", "ab", "0"];
            let f = Fields::from_pairs(first.clone());
            let (tree, ends) = Tree::built(&f, &roots);
            let shape = Shape::of(&tree, ends).expect("a built tree's shape");
            prop_assert_eq!(shape.tree(&f).map(|t| shape_of(&t)), Some(shape_of(&tree)));
            let again = Fields::from_pairs(first.iter().zip(&values).map(|((k, _), v)| (k.clone(), v.clone())));
            prop_assert_eq!(shape.tree(&again).map(|t| shape_of(&t)), Some(shape_of(&Tree::build(&again, &roots))));
            let other = Fields::from_pairs(other);
            let same_names = other.iter().map(|(k, _)| k).eq(f.iter().map(|(k, _)| k));
            match shape.tree(&other) {
                Some(t) => {
                    prop_assert!(same_names);
                    prop_assert_eq!(shape_of(&t), shape_of(&Tree::build(&other, &roots)));
                }
                None => prop_assert!(!same_names),
            }
        }

        /// Forms read as one type, one after another (the same names again, other names, a
        /// name more), are each put in the tree building them makes.
        #[test]
        fn forms_read_one_after_another_are_each_put_in_their_own_tree(
            forms in prop::collection::vec(names_and_values(), 1..6),
            repeats in prop::collection::vec(0usize..6, 1..12),
        ) {
            let roots = root_fields::<Rooted>();
            prop_assert_eq!(roots, &["a", "ab", "0"][..]);
            for i in repeats {
                let f = Fields::from_pairs(forms[i % forms.len()].clone());
                prop_assert_eq!(shape_of(&Tree::of::<Rooted>(&f)), shape_of(&Tree::build(&f, roots)));
            }
        }

        /// A node's plan finds, for each field, the child of that name; a node read as another
        /// struct after its plan was made gets no plan (and finds its fields by name).
        #[test]
        fn a_plan_finds_what_a_look_by_name_finds(form in names_and_values(), second_first in any::<bool>()) {
            const FIRST: &[&str] = &["a", "b", "ab", "0", "1", "", "x", "y"];
            const SECOND: &[&str] = &["x", "0", "a"];
            let roots = ["a", "ab", "0"];
            let f = Fields::from_pairs(form);
            let tree = Tree::build(&f, &roots);
            for node in 0..tree.bones.nodes.len() {
                let (fields, other) = if second_first { (SECOND, FIRST) } else { (FIRST, SECOND) };
                // Each field's child, by a look at every child's name.
                let by_name: Vec<u32> = fields
                    .iter()
                    .map(|name| tree.children(node).find(|&(k, _)| k == *name).map_or(NOT_SENT, |(_, id)| at32(id)))
                    .collect();
                match tree.plan(node, fields) {
                    Some(plan) => prop_assert_eq!(plan, &by_name[..]),
                    None => prop_assert!(by_name.iter().all(|&id| id == NOT_SENT)),
                }
                prop_assert_eq!(tree.plan(node, fields).is_some(), tree.has_children(node));
                prop_assert!(tree.plan(node, other).is_none());
            }
        }

        /// A node's items are its children named by a number, in numeric order (the order sent
        /// among equal numbers), with the numbers they were given.
        #[test]
        fn a_nodes_items_are_its_children_named_by_a_number_in_order(form in names_and_values()) {
            let f = Fields::from_pairs(form);
            let tree = Tree::build(&f, &["a", "ab", "0"]);
            for node in 0..tree.bones.nodes.len() {
                let mut by_look: Vec<(u64, u32)> = Vec::new();
                for (k, id) in tree.children(node) {
                    if let (false, Ok(n)) = (k.is_empty() || k.starts_with('+'), k.parse::<u64>()) {
                        by_look.push((n, at32(id)));
                    }
                }
                by_look.sort_by_key(|&(n, _)| n);
                prop_assert_eq!(tree.items(node), &by_look[..]);
                prop_assert!(tree.items(node).is_sorted_by_key(|&(n, _)| n));
            }
        }

        /// The common prefix read eight bytes at a time is the one read byte by byte.
        #[test]
        fn the_common_prefix_is_found_eight_bytes_at_a_time(
            a in prop::collection::vec(prop::sample::select(b"ab.".to_vec()), 0..40),
            b in prop::collection::vec(prop::sample::select(b"ab.".to_vec()), 0..40),
            cut in 0usize..64,
        ) {
            let slow = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            prop_assert_eq!(common_prefix(&a, &b), slow);
            prop_assert_eq!(common_prefix(&a, &a), a.len());
            if !a.is_empty() {
                let at = cut % a.len();
                let mut c = a.clone();
                c[at] = b'z';
                prop_assert_eq!(common_prefix(&a, &c), at);
                prop_assert_eq!(common_prefix(&a[..at], &a), at);
            }
        }

        /// Keeping the last name's segments builds the very tree a look from the root for every
        /// segment builds, whatever the order and repeats of the names.
        #[test]
        fn shared_segments_build_the_same_tree(fields in prop::collection::vec(
            (prop::collection::vec(prop::sample::select(vec!["a", "b", "ab", "0", "1", "", "x"]), 1..5), "[a-c]{0,2}"),
            0..24,
        )) {
            let f = Fields::from_pairs(fields.into_iter().map(|(segs, v)| (segs.join("."), v)));
            let roots = ["a", "ab", "0"];
            let (fast, slow) = (Tree::build(&f, &roots), by_every_segment(&f, &roots));
            prop_assert_eq!(fast.bones.nodes.len(), slow.bones.nodes.len());
            prop_assert_eq!(shape(&fast, ROOT), shape(&slow, ROOT));
        }
    }
}
