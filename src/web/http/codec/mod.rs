//! The form codec: one writer and one reader for every builder's HTML form, driven by the
//! document's serde derive, so a builder needs no hand-written reader or field list.
//!
//! Inputs are named by the path of the document field they edit ("name", "weapons.2.count",
//! "turrets.0.weapons.1.ammo", "armor.points.F"), which is also the path problems carry, so a
//! problem lands next to its input.
//!
//! How values are written ([`encode`]) and read ([`decode`]):
//! - strings as they are, numbers as written, `true` as "on" and `false` as "off";
//! - `null` (an absent `Option`) is left out;
//! - every object but the document itself is also written as its own path with "on"
//!   ("deck=on", "weapons.0=on"): a presence marker, so an `Option<Deck>` whose fields are all
//!   left out, or a list item with nothing but defaults, still reads back as present. A page
//!   shows an optional object as a checkbox with a hidden fallback before it ("deck=off", then
//!   "deck=on" when checked: later values win), and "off", "false", "0" or "no" there reads as
//!   `None` whatever fields the form sends under it.
//!
//! Reading is forgiving, as builders are (see the guide): a field the form leaves out, or sends
//! empty where a number, a choice or a nested object belongs, takes its serde default (an empty
//! name still reads as ""); a required field without a default reads as zero (0, "", off, an
//! empty list). A value that cannot be read is reported as a problem at its field and read as its
//! default, and the rest of the form is kept. Fields the document does not have ("action",
//! "token", "new_weapon") are never seen by it, so `deny_unknown_fields` documents read forms.
//!
//! What a form cannot say, so a document holding it does not come back the same: `Some("")` (an
//! empty optional text reads as `None`), a map key or an object key with a "." in it or an
//! empty one, a `null` inside a list, and enum variants with data (choices are unit variants,
//! written by name). The document itself must be a struct: `Fields` is walked under its field
//! names.
//!
//! What a document may not be: a struct with a serde `alias`. A struct's field is told to serde
//! by its place among the struct's fields, and serde lists an alias among them (a test holds
//! `src/` to none).

use super::error::AppError;
use super::fields::Fields;
use crate::games::{Problem, Shared};
use serde::Serialize;
use serde::de::value::StrDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use serde_json::Value;
use std::any::TypeId;
use std::cell::RefCell;
use std::fmt;
use std::sync::{Arc, OnceLock, RwLock};

/// The most unreadable fields a form may have before it is refused whole: past this, the form is
/// more likely garbage than a player's typing.
pub const MAX_PROBLEMS: usize = 32;

/// The most times one form is read. Each reading after the first learns one fact about the
/// document's shape or sets one unreadable field aside, and there are only so many of either; this
/// only keeps a pathological (recursive) document type from reading for ever.
const MAX_PASSES: usize = 512;

/// The longest value a message repeats, in characters.
const ECHO_CHARS: usize = 40;

/// A form refused whole, answered with 422: nothing was changed. Or, with a `fault`, a form
/// read that failed on our side (a document read from it that would not serialise again),
/// answered as a server error: the cause is logged, never shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refused {
    pub message: String,
    /// The cause, when the fault is ours and not the form's.
    pub fault: Option<String>,
}

impl Refused {
    /// The form's own fault, said in `message`.
    pub fn form(message: impl Into<String>) -> Self {
        Refused { message: message.into(), fault: None }
    }
}

impl From<Refused> for AppError {
    fn from(r: Refused) -> Self {
        match r.fault {
            Some(cause) => AppError::Internal(anyhow::anyhow!("reading a form: {cause}")),
            None => AppError::Unprocessable(r.message),
        }
    }
}

mod access;
pub mod direct;
mod ops;
mod read;
#[cfg(test)]
mod tests;
mod tree;
mod write;

use tree::{EMPTY, ROOT, Tree};

pub use ops::{Direction, Misfit, Op, apply, press, press_op};
pub use read::decode;
pub use write::encode;

/// What is kept for the document type `id` in a list kept by type (a few types, one for each
/// builder's form, so looked for one by one).
fn of_type<V>(kept: &[(TypeId, V)], id: TypeId) -> Option<&V> {
    kept.iter().find(|(t, _)| *t == id).map(|(_, v)| v)
}

/// [`of_type`], made empty first if nothing is kept for the type yet.
fn of_type_mut<V: Default>(kept: &mut Vec<(TypeId, V)>, id: TypeId) -> &mut V {
    let at = match kept.iter().position(|(t, _)| *t == id) {
        Some(at) => at,
        None => {
            kept.push((id, V::default()));
            kept.len() - 1
        }
    };
    &mut kept[at].1
}
