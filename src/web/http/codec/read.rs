//! Reading a posted form into a document: a serde deserializer over the tree, driven by the
//! document's type, read again when a field must be set aside.

use super::access::{Items, MapEntries, StructFields, UnitVariant};
use super::*;
use crate::games::bounds::trimmed;
use crate::games::hash::{FNV_START, fnv};

// ---------------------------------------------------------------------------------------------
// Reading

/// What one reading learns about the document's shape, for the next. Facts are kept by shape: the
/// path with list indices and map keys as "*" ("turrets.*.weapons.*.count"), since every item of
/// a list has the same type; so a form with hundreds of empty counts costs one extra reading,
/// not hundreds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Fact {
    /// A number or a choice is read here: a blank value means the field was left out.
    Blank = 0,
    /// A required field without a default: left out, it reads as zero.
    Zero = 1,
    /// An `Option` of an object, a map or a list: "off" here means `None`.
    Container = 2,
}

/// The shapes where each fact holds, each beside its hash ([`Path::shape_hash`]), sorted by
/// hash. A question is asked of the hashes, computed from the path without writing its shape:
/// most are answered no there (a list's item or an object asked whether it is a blank number),
/// and a shape of the same hash is compared with the path segment by segment, still without
/// writing it. A fact that holds nowhere (most documents have no required field without a
/// default) is answered before anything is computed.
#[derive(Debug, Clone, Default)]
pub(super) struct Facts([Vec<(u64, String)>; 3]);

impl Facts {
    /// Whether the fact holds at no shape.
    pub(super) fn holds_nowhere(&self, fact: Fact) -> bool {
        self.0[fact as usize].is_empty()
    }

    /// The fact's shapes of this hash.
    fn of_hash(&self, fact: Fact, hash: u64) -> impl Iterator<Item = &str> {
        let shapes = &self.0[fact as usize];
        let from = shapes.partition_point(|&(h, _)| h < hash);
        shapes[from..].iter().take_while(move |&&(h, _)| h == hash).map(|(_, shape)| shape.as_str())
    }

    pub(super) fn contains(&self, fact: Fact, shape: &str) -> bool {
        self.has(fact, fnv(FNV_START, shape.as_bytes()), shape)
    }

    /// Whether `shape`, whose hash is `hash`, is among the fact's.
    fn has(&self, fact: Fact, hash: u64, shape: &str) -> bool {
        self.of_hash(fact, hash).any(|s| s == shape)
    }

    /// Whether the fact holds at the shape of `path`, whose shape hash is `hash`.
    pub(super) fn holds_at(&self, fact: Fact, hash: u64, path: &Path) -> bool {
        self.of_hash(fact, hash).any(|shape| path.is_shape(shape))
    }

    /// False if it was known already.
    pub(super) fn insert(&mut self, fact: Fact, shape: String) -> bool {
        let hash = fnv(FNV_START, shape.as_bytes());
        if self.has(fact, hash, &shape) {
            return false;
        }
        let shapes = &mut self.0[fact as usize];
        let at = shapes.partition_point(|&(h, _)| h <= hash);
        shapes.insert(at, (hash, shape));
        true
    }

    pub(super) fn len(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn extend(&mut self, other: Facts) {
        for (fact, shapes) in [Fact::Blank, Fact::Zero, Fact::Container].into_iter().zip(other.0) {
            for (_, shape) in shapes {
                self.insert(fact, shape);
            }
        }
    }
}

/// Why a reading stopped short.
#[derive(Debug)]
pub(super) enum Pending {
    Learn(Fact, String),
    /// A value that cannot be read: the node to set aside, its path in the document (list
    /// indices closed up), what was sent, serde's words for what is wrong, and whether it is a
    /// map's entry or a list's item (set aside, it is gone rather than defaulted).
    Unreadable {
        node: usize,
        path: String,
        raw: String,
        detail: String,
        entry: bool,
    },
}

pub(super) struct Pass<'t> {
    pub(super) tree: &'t Tree<'t>,
    /// What earlier forms of this document type taught (see [`known_facts`]).
    pub(super) known: &'t Facts,
    /// What this form taught so far.
    pub(super) facts: &'t Facts,
    pub(super) pending: RefCell<Option<Pending>>,
}

impl Pass<'_> {
    /// Whether `fact` holds at the shape of `path`. Asked for every field left out and every
    /// blank one, and mostly of a fact that holds nowhere: that is answered where it is asked.
    #[inline]
    pub(super) fn knows(&self, fact: Fact, path: &Path) -> bool {
        self.holds_somewhere(fact) && self.knows_at(fact, path.shape_hash(), path)
    }

    /// [`Pass::knows`] at node `node` (`path` is where the reading is at it): the shape's hash
    /// is the one kept with the node ([`Tree::shape_hash`]), not worked out along the path again.
    #[inline]
    pub(super) fn knows_node(&self, fact: Fact, node: usize, path: &Path) -> bool {
        self.holds_somewhere(fact) && self.knows_at(fact, self.tree.shape_hash(node, path), path)
    }

    /// Whether `fact` holds at any shape, known from earlier forms or learnt from this one.
    #[inline]
    fn holds_somewhere(&self, fact: Fact) -> bool {
        !(self.known.holds_nowhere(fact) && self.facts.holds_nowhere(fact))
    }

    /// [`Pass::knows`], for a fact that holds somewhere; `hash` is `path`'s shape hash.
    #[inline(never)]
    fn knows_at(&self, fact: Fact, hash: u64, path: &Path) -> bool {
        self.known.holds_at(fact, hash, path) || self.facts.holds_at(fact, hash, path)
    }

    pub(super) fn stop(&self, why: Pending) -> Error {
        *self.pending.borrow_mut() = Some(why);
        Error::retry()
    }

    /// An error leaving the value at `node`/`path`: the first one to leave a value says where.
    pub(super) fn locate(&self, e: Error, node: usize, path: &Path) -> Error {
        match e.failed() {
            Failed::Retry => Error::retry(),
            Failed::Missing(field) => self.stop(Pending::Learn(Fact::Zero, path.shape_of(Seg::Field(field)))),
            Failed::Message(detail) => self.stop(Pending::Unreadable {
                node,
                path: path.render(false),
                raw: self.tree.raw(node).to_owned(),
                detail,
                entry: matches!(path.seg, Some(Seg::Index(_) | Seg::Key(_))),
            }),
        }
    }
}

/// Why a reading failed, boxed: every value read is returned in a `Result` with this beside
/// it, and one word's room for the error (not the four of a `String` and its tag) keeps those
/// results small, as serde_json keeps its own. A reading fails rarely (once for each fact
/// learnt or value set aside), so the box is made rarely.
#[derive(Debug)]
pub(super) struct Error(Box<Failed>);

#[derive(Debug)]
pub(super) enum Failed {
    /// serde's words ("invalid type: string \"lots\", expected u16").
    Message(String),
    /// A required field the form does not have.
    Missing(&'static str),
    /// The reading stopped; [`Pass::pending`] says why.
    Retry,
}

impl Error {
    pub(super) fn retry() -> Error {
        Error(Box::new(Failed::Retry))
    }

    pub(super) fn failed(self) -> Failed {
        *self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &*self.0 {
            Failed::Message(m) => f.write_str(m),
            Failed::Missing(field) => write!(f, "missing field `{field}`"),
            Failed::Retry => f.write_str("the form is read again"),
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<M: fmt::Display>(msg: M) -> Self {
        Error(Box::new(Failed::Message(msg.to_string())))
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Error(Box::new(Failed::Missing(field)))
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Seg<'a> {
    Field(&'a str),
    Index(usize),
    Key(&'a str),
}

/// Where a reading is, innermost last, with list indices as the document has them.
pub(super) struct Path<'a> {
    pub(super) up: Option<&'a Path<'a>>,
    pub(super) seg: Option<Seg<'a>>,
}

impl Path<'_> {
    /// "turrets.0.weapons.1.count"; with `shape`, indices and map keys are "*".
    pub(super) fn render(&self, shape: bool) -> String {
        let mut out = String::new();
        self.write(&mut out, shape);
        out
    }

    /// Writes [`Path::render`]'s words at the end of `out`; whether there were any.
    pub(super) fn write(&self, out: &mut String, shape: bool) -> bool {
        let before = self.up.is_some_and(|up| up.write(out, shape));
        let Some(seg) = self.seg else { return before };
        if before {
            out.push('.');
        }
        match seg {
            Seg::Field(f) => out.push_str(f),
            Seg::Index(_) | Seg::Key(_) if shape => out.push('*'),
            Seg::Index(i) => {
                use std::fmt::Write;
                let _ = write!(out, "{i}");
            }
            Seg::Key(k) => out.push_str(k),
        }
        true
    }

    pub(super) fn shape_of(&self, seg: Seg) -> String {
        Path { up: Some(self), seg: Some(seg) }.render(true)
    }

    /// The FNV-1a hash of the shape [`Path::render`] writes, without writing it.
    pub(super) fn shape_hash(&self) -> u64 {
        self.hash_shape(FNV_START).0
    }

    /// Whether `shape` is what [`Path::render`] writes of this path as a shape, found by
    /// taking each segment's words off its end.
    pub(super) fn is_shape(&self, shape: &str) -> bool {
        self.without_shape(shape) == Some("")
    }

    /// `shape` without this path's shape at its end, if it ends so.
    fn without_shape<'s>(&self, shape: &'s str) -> Option<&'s str> {
        let Some(seg) = self.seg else { return self.up.map_or(Some(shape), |up| up.without_shape(shape)) };
        let words = match seg {
            Seg::Field(f) => f,
            Seg::Index(_) | Seg::Key(_) => "*",
        };
        let rest = shape.strip_suffix(words)?;
        match self.up {
            Some(up) if up.has_words() => up.without_shape(rest.strip_suffix('.')?),
            _ => Some(rest),
        }
    }

    /// Whether [`Path::write`] writes anything of this path.
    fn has_words(&self) -> bool {
        self.seg.is_some() || self.up.is_some_and(Path::has_words)
    }

    /// [`Path::write`]'s bytes hashed onto `h`; whether there were any.
    fn hash_shape(&self, h: u64) -> (u64, bool) {
        let (mut h, before) = self.up.map_or((h, false), |up| up.hash_shape(h));
        let Some(seg) = self.seg else { return (h, before) };
        if before {
            h = fnv(h, b".");
        }
        let h = match seg {
            Seg::Field(f) => fnv(h, f.as_bytes()),
            Seg::Index(_) | Seg::Key(_) => fnv(h, b"*"),
        };
        (h, true)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Normal,
    /// A required field the form leaves out: numbers read as 0, text as "", lists as empty.
    Zero,
    /// Inside an `Option` whose own value is "off": if an object is read here, the option is
    /// `None` (learnt, and read again); a scalar is `Some` ("0" for an `Option<u8>`).
    Probe,
}

/// The deserializer over one node of the tree.
#[derive(Clone, Copy)]
pub(super) struct At<'a, 'de> {
    pub(super) pass: &'a Pass<'de>,
    pub(super) node: usize,
    pub(super) path: &'a Path<'a>,
    pub(super) mode: Mode,
}

impl<'a, 'de> At<'a, 'de> {
    pub(super) fn raw(&self) -> &'de str {
        self.pass.tree.raw(self.node)
    }

    /// Its children not set aside.
    pub(super) fn children(&self) -> impl Iterator<Item = (&'de str, usize)> + 'a {
        let tree: &'de Tree<'de> = self.pass.tree;
        tree.children(self.node).filter(move |&(_, id)| !tree.gone(id))
    }

    pub(super) fn learn(&self, fact: Fact) -> Error {
        self.pass.stop(Pending::Learn(fact, self.path.render(true)))
    }

    /// The node's value for a number, a choice or a character. `None`: read as zero. A blank
    /// value otherwise teaches the next reading to leave the field out.
    pub(super) fn scalar(&self) -> Result<Option<&'de str>, Error> {
        if !self.pass.tree.blank(self.node) {
            Ok(Some(self.raw()))
        } else if self.mode == Mode::Zero {
            Ok(None)
        } else {
            Err(self.learn(Fact::Blank))
        }
    }

    pub(super) fn number<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.scalar()? {
            Some(raw) => number(raw, v),
            None => v.visit_u64(0),
        }
    }

    /// Whether a child is read: not when blank where a number or choice belongs.
    pub(super) fn readable(&self, node: usize, seg: Seg) -> bool {
        !(self.pass.tree.blank(node)
            && self.pass.knows_node(Fact::Blank, node, &Path { up: Some(self.path), seg: Some(seg) }))
    }

    /// Reads a child, saying where if it fails.
    pub(super) fn child<S: DeserializeSeed<'de>>(
        &self,
        node: usize,
        seg: Seg,
        mode: Mode,
        seed: S,
    ) -> Result<S::Value, Error> {
        let path = Path { up: Some(self.path), seg: Some(seg) };
        let at = At { pass: self.pass, node, path: &path, mode };
        seed.deserialize(at).map_err(|e| self.pass.locate(e, node, &path))
    }

    pub(super) fn entries(self) -> MapEntries<'a, 'de> {
        let items: Vec<(&'de str, usize)> =
            self.children().filter(|&(k, id)| self.readable(id, Seg::Key(k))).collect();
        MapEntries { at: self, items: items.into_iter(), next: None }
    }
}

/// A number from a form: whole numbers go to `visit_u64`/`visit_i64`, so bounded fields
/// (`bounds::count`) judge them and say their range.
pub(super) fn number<'de, V: Visitor<'de>, E: de::Error>(raw: &str, v: V) -> Result<V::Value, E> {
    let t = trimmed(raw);
    if let Ok(n) = t.parse::<u64>() {
        v.visit_u64(n)
    } else if let Ok(n) = t.parse::<i64>() {
        v.visit_i64(n)
    } else if let Some(x) = t.parse::<f64>().ok().filter(|x| x.is_finite()) {
        v.visit_f64(x)
    } else {
        Err(de::Error::invalid_type(Unexpected::Str(raw), &v))
    }
}

/// A checkbox or yes/no value; empty is unchecked.
pub(super) fn boolean<'de, V: Visitor<'de>, E: de::Error>(raw: &str, v: V) -> Result<V::Value, E> {
    // What a page's checkboxes and their fallbacks send, told at once.
    match raw {
        "on" => return v.visit_bool(true),
        "off" => return v.visit_bool(false),
        _ => {}
    }
    let t = trimmed(raw);
    let among = |words: &[&str]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
    if among(&["on", "true", "1", "yes"]) {
        v.visit_bool(true)
    } else if t.is_empty() || among(&["off", "false", "0", "no"]) {
        v.visit_bool(false)
    } else {
        Err(de::Error::invalid_type(Unexpected::Str(raw), &v))
    }
}

/// An optional object's own value saying it is not there (an unchecked box's fallback).
pub(super) fn is_off(raw: &str) -> bool {
    let t = trimmed(raw);
    ["off", "false", "0", "no"].iter().any(|w| t.eq_ignore_ascii_case(w))
}

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.number(v)
        }
    )*};
}

impl<'a, 'de> Deserializer<'de> for At<'a, 'de> {
    type Error = Error;

    numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    }

    /// A leaf is text; a node with children a map of them.
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.pass.tree.has_children(self.node) {
            return self.deserialize_map(v);
        }
        match self.pass.tree.value(self.node) {
            Some(raw) => v.visit_borrowed_str(raw),
            None => v.visit_unit(),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        boolean(self.raw(), v)
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let Some(raw) = self.scalar()? else {
            return Err(de::Error::custom("must be filled in: it has no default"));
        };
        let mut chars = raw.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => v.visit_char(c),
            _ => Err(de::Error::invalid_value(Unexpected::Str(raw), &v)),
        }
    }

    /// Borrowed from the form: a `Cow<str>` (as `bounds::name` reads) is not copied.
    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.raw())
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.raw())
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_bytes(self.raw().as_bytes())
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_bytes(self.raw().as_bytes())
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let has_children = self.pass.tree.has_children(self.node);
        match self.pass.tree.value(self.node) {
            _ if self.mode == Mode::Zero => v.visit_none(),
            None if has_children => v.visit_some(self),
            None | Some("") => v.visit_none(),
            Some(raw) if has_children && trimmed(raw).is_empty() => v.visit_none(),
            Some(raw) if is_off(raw) => {
                if self.pass.knows_node(Fact::Container, self.node, self.path) {
                    v.visit_none()
                } else {
                    v.visit_some(At { mode: Mode::Probe, ..self })
                }
            }
            Some(_) => v.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    /// The children numbered 0, 1, 2, ... in numeric order, whatever numbers the form used: a
    /// hand-made form may skip some, and this is the one place that closes the gaps. Problems
    /// name an item by its place in the list, which is what the page shows.
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.mode == Mode::Probe {
            return Err(self.learn(Fact::Container));
        }
        let items = self.pass.tree.items(self.node).iter();
        v.visit_seq(Items { at: self, items, index: 0 })
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }

    /// Every child, keyed by its name ("armor.points.F" gives "F").
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.mode == Mode::Probe {
            return Err(self.learn(Fact::Container));
        }
        v.visit_map(self.entries())
    }

    /// Only the document's own fields, in the order it declares them: the form's other fields
    /// ("action", "token") never reach it.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        if self.mode == Mode::Probe {
            return Err(self.learn(Fact::Container));
        }
        v.visit_map(StructFields::new(self, fields))
    }

    /// A choice written as its name ("half", "FL").
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match self.scalar()? {
            Some(raw) => v.visit_enum(UnitVariant(trimmed(raw))),
            None => Err(de::Error::custom("must be chosen: it has no default")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.raw())
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }
}

/// Facts are about the document's type, not one form ("turrets.*.size" is a number whatever is
/// posted), so what one reading learns is kept for the next form of that type: a form then reads
/// in one pass once its type's facts are known. Kept per type, bounded by the type's own shape
/// (and by this many should a type be recursive).
const MAX_KNOWN: usize = 4096;

/// Each document type's facts (a few types, one for each builder's form: looked through in turn).
type KnownFacts = RwLock<Vec<(TypeId, Arc<Facts>)>>;

fn facts_by_type() -> &'static KnownFacts {
    static KNOWN: OnceLock<KnownFacts> = OnceLock::new();
    KNOWN.get_or_init(Default::default)
}

/// What earlier readings learnt about `T`.
fn known_facts<T: 'static>() -> Arc<Facts> {
    let known = facts_by_type().read().ok().and_then(|k| of_type(&k, TypeId::of::<T>()).cloned());
    known.unwrap_or_default()
}

/// Keeps what this reading learnt about `T` (a form that reads is one whose facts are right).
fn remember_facts<T: 'static>(known: &Facts, learnt: Facts) {
    if learnt.is_empty() || known.len() + learnt.len() > MAX_KNOWN {
        return;
    }
    if let Ok(mut by_type) = facts_by_type().write() {
        let entry = of_type_mut(&mut by_type, TypeId::of::<T>());
        let mut all = (**entry).clone();
        all.extend(learnt);
        *entry = Arc::new(all);
    }
}

/// Reads a posted form as a `T` (see the module notes), with a problem for every field that could
/// not be read; `label` gives the player's words for a field from its path ("Count",
/// "Choice 3 vessels"). Refused whole when more than [`MAX_PROBLEMS`] fields cannot be read, or
/// when a required field without a default cannot be given one.
///
/// An unreadable value is set aside and the form read again, so the field's default applies and
/// nothing else is lost. The form is also read again when a reading learns something about the
/// document's shape only a reading can tell (that a blank field holds a number, so it is left
/// out; that an optional field holds an object, so "off" means `None`): once per field of the
/// document at most, however many items a list has.
///
/// `T` is also `Serialize`: a problem says what its field was read as in the final document.
pub fn decode<T: Serialize + DeserializeOwned + 'static>(
    f: &Fields,
    label: impl Fn(&str) -> String,
) -> Result<(T, Vec<Problem>), Refused> {
    let mut tree = Tree::of::<T>(f);
    let known = known_facts::<T>();
    let mut facts = Facts::default();
    let mut unreadable: Vec<Unreadable> = Vec::new();
    for _ in 0..MAX_PASSES {
        let pass = Pass { tree: &tree, known: &known, facts: &facts, pending: RefCell::new(None) };
        let root = Path { up: None, seg: None };
        let read = T::deserialize(At { pass: &pass, node: ROOT, path: &root, mode: Mode::Normal });
        let pending = pass.pending.into_inner();
        let why = match read {
            Ok(doc) => {
                remember_facts::<T>(&known, facts);
                return finish(doc, unreadable, &label);
            }
            Err(e) => match e.failed() {
                Failed::Retry => pending,
                Failed::Missing(field) => Some(Pending::Learn(Fact::Zero, field.to_owned())),
                Failed::Message(detail) => {
                    return Err(Refused::form(format!(
                        "This form could not be read: {detail}; nothing was changed"
                    )));
                }
            },
        };
        match why {
            Some(Pending::Learn(fact, shape)) => {
                if known.contains(fact, &shape) || !facts.insert(fact, shape) {
                    break;
                }
            }
            Some(Pending::Unreadable { node, path, raw, detail, entry }) => {
                if node == ROOT || node == EMPTY {
                    return Err(Refused::form(format!(
                        "{}: {}; nothing was changed",
                        label(&path),
                        reason(&raw, &detail)
                    )));
                }
                tree.set_aside(node);
                unreadable.push(Unreadable { path, raw, detail, entry });
                if unreadable.len() > MAX_PROBLEMS {
                    return Err(Refused::form(format!(
                        "This form has more than {MAX_PROBLEMS} unreadable fields; nothing was changed"
                    )));
                }
            }
            None => break,
        }
    }
    Err(Refused::form("This form could not be read; nothing was changed".to_owned()))
}

/// A field set aside as unreadable (see [`Pending::Unreadable`]).
pub(super) struct Unreadable {
    pub(super) path: String,
    pub(super) raw: String,
    pub(super) detail: String,
    pub(super) entry: bool,
}

/// The problems, each saying what its field was read as in the final document. A document
/// that does not serialise cannot say that: a fault of ours, never an empty answer.
pub(super) fn finish<T: Serialize>(
    doc: T,
    unreadable: Vec<Unreadable>,
    label: &impl Fn(&str) -> String,
) -> Result<(T, Vec<Problem>), Refused> {
    let value = if unreadable.is_empty() {
        Value::Null
    } else {
        serde_json::to_value(&doc).map_err(|e| Refused {
            message: "This form could not be read; nothing was changed".to_owned(),
            fault: Some(format!("the document read does not serialise: {e}")),
        })?
    };
    let problems = unreadable
        .into_iter()
        .map(|u| {
            let read = read_as(&value, &u.path, u.entry);
            let message = format!("{}: {}; it was read as {read}", label(&u.path), reason(&u.raw, &u.detail));
            Problem::error(Shared::BadNumber, Some(u.path), message)
        })
        .collect();
    Ok((doc, problems))
}

/// What is wrong with `raw`, from serde's words: `"lots" is not a whole number from 0 to 999`.
pub(super) fn reason(raw: &str, detail: &str) -> String {
    let echo = match raw.char_indices().nth(ECHO_CHARS) {
        Some((cut, _)) => format!("\"{}…\"", &raw[..cut]),
        None => format!("\"{raw}\""),
    };
    // What was sent comes first and may say ", expected" itself: split at the last one.
    match detail.rsplit_once(", expected ") {
        Some((_, expected)) => format!("{echo} is not {}", expected_words(expected)),
        None if detail.starts_with("must be ") && !raw.trim().is_empty() => format!("{echo} {detail}"),
        None => detail.to_owned(),
    }
}

/// serde's expectation in a player's words, for a form: checkboxes are on or off, and choices
/// are listed by name.
pub(super) fn expected_words(expected: &str) -> String {
    if expected == "a boolean" {
        return "on or off".to_owned();
    }
    let names =
        |list: &str| -> Vec<String> { list.split(", ").map(|n| n.trim_matches('`').to_owned()).collect() };
    if let Some(list) = expected.strip_prefix("one of ") {
        let names = names(list);
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        return format!("one of {}", crate::games::or_list(&names));
    }
    if expected.starts_with('`') {
        return names(expected).concat();
    }
    crate::web::http::json::expected_words(expected)
}

/// The value at `path` in the final document, as a form would show it. A map's entry or a list's
/// item set aside is no longer there: "nothing".
pub(super) fn read_as(doc: &Value, path: &str, entry: bool) -> String {
    let found = path.split('.').try_fold(doc, |at, seg| match at {
        Value::Object(fields) => fields.get(seg),
        Value::Array(items) => items.get(seg.parse::<usize>().ok()?),
        _ => None,
    });
    match found {
        None if entry => "nothing".to_owned(),
        // Left out when serialized: a field skipped at its default ("count" at 1).
        None => "its default".to_owned(),
        Some(Value::Null) => "nothing".to_owned(),
        Some(Value::Bool(b)) => if *b { "on" } else { "off" }.to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) if s.is_empty() => "nothing".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) if a.is_empty() => "nothing".to_owned(),
        Some(Value::Object(o)) if o.is_empty() => "nothing".to_owned(),
        Some(_) => "its default".to_owned(),
    }
}
