//! Add, remove, move and clear buttons: generic operations on a list at a path. A button is
//! whatever a client posts, so every index is checked against the list it names before it is
//! used, and one that does not fit says so instead of changing anything.

use super::*;

// ---------------------------------------------------------------------------------------------
// Add, remove and move buttons

/// Which way an item moves in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
}

/// What an add, remove or move button asks for. A list is named by its dotted path, whose last
/// segment is the list's field name: "weapons", "turrets.0.weapons".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    Add(String),
    Remove(String, usize),
    /// A copy of the item, put right after it ("copy.vehicles.2": a second vehicle like the third).
    Copy(String, usize),
    Move(String, usize, Direction),
    /// Takes a field or a map's entry out of the object that holds it ("armor.points.XYZ"), so
    /// it reads as its default: for entries a form shows but has no list for.
    Clear(String),
}

/// The words of a list button: what starts its action.
const VERBS: [&str; 5] = ["add", "remove", "copy", "move", "clear"];

impl Op {
    /// "add.weapons", "add.turrets.0.weapons", "remove.weapons.3", "remove.turrets.0.weapons.1",
    /// "copy.vehicles.2", "move.weapons.3.up", "clear.armor.points.XYZ"; `None` for anything else
    /// (recalculating, or a button that cannot be read: see [`Op::read`]). A row number too large
    /// for any list ("remove.weapons.99999999999999999999") is read as the largest there is: past
    /// the end of every list.
    pub fn parse(action: &str) -> Option<Op> {
        let (verb, rest) = action.split_once('.')?;
        match verb {
            "add" => Some(Op::Add(list_path(rest)?.to_owned())),
            "remove" | "copy" => {
                let (list, i) = rest.rsplit_once('.')?;
                let (list, i) = (list_path(list)?.to_owned(), row(i)?);
                Some(if verb == "remove" { Op::Remove(list, i) } else { Op::Copy(list, i) })
            }
            "move" => {
                let (rest, way) = rest.rsplit_once('.')?;
                let way = match way {
                    "up" => Direction::Up,
                    "down" => Direction::Down,
                    _ => return None,
                };
                let (list, i) = rest.rsplit_once('.')?;
                Some(Op::Move(list_path(list)?.to_owned(), row(i)?, way))
            }
            "clear" => {
                let (_, key) = rest.rsplit_once('.')?;
                (rest.split('.').all(|s| !s.is_empty()) && index(key).is_none())
                    .then(|| Op::Clear(rest.to_owned()))
            }
            _ => None,
        }
    }

    /// Where the player lands once it is done: the `action` values of the buttons to give focus
    /// to, best first, of which the page shows the first it has. An add keeps its own button (the
    /// new item appears just before it); a remove goes to the item that took the removed one's
    /// place, else the one before it, else the list's add button; a move follows the item to its
    /// new place; a copy goes to the new copy. None for a clear: the page keeps its place by other means.
    pub fn landing(&self) -> Vec<String> {
        match self {
            Op::Add(p) => vec![format!("add.{p}")],
            Op::Remove(p, i) => {
                let mut out = vec![format!("remove.{p}.{i}")];
                if let Some(before) = i.checked_sub(1) {
                    out.push(format!("remove.{p}.{before}"));
                }
                out.push(format!("add.{p}"));
                out
            }
            Op::Move(p, i, way) => {
                let to = match way {
                    Direction::Up => i.saturating_sub(1),
                    Direction::Down => i.saturating_add(1),
                };
                let (ahead, behind) = match way {
                    Direction::Up => ("up", "down"),
                    Direction::Down => ("down", "up"),
                };
                vec![
                    format!("move.{p}.{to}.{ahead}"),
                    format!("move.{p}.{to}.{behind}"),
                    format!("move.{p}.{i}.{ahead}"),
                    format!("move.{p}.{i}.{behind}"),
                ]
            }
            // A duplicate appears just after its original: the player lands on the new one.
            Op::Copy(p, i) => vec![format!("copy.{p}.{}", i.saturating_add(1)), format!("copy.{p}.{i}")],
            Op::Clear(_) => Vec::new(),
        }
    }

    /// A pressed button as the form codec reads it: `None` when it is no list button at all (a
    /// recalculation, or a game's own button), the operation, or the problem to show when it
    /// starts like one ("remove.", "move.") but cannot be read ("move.weapons.two.up").
    pub fn read(action: &str) -> Option<Result<Op, Problem>> {
        let verb = action.split_once('.').map_or(action, |(verb, _)| verb);
        if !VERBS.contains(&verb) {
            return None;
        }
        Some(Op::parse(action).ok_or_else(|| {
            Problem::error(
                Shared::BadButton,
                None,
                "The button pressed could not be read, so nothing was changed. The form is drawn again \
                 as it stands: press the button there."
                    .to_owned(),
            )
        }))
    }

    /// The path of the list (or, for a clear, of the field) it changes.
    pub fn list(&self) -> &str {
        match self {
            Op::Add(p) | Op::Remove(p, _) | Op::Copy(p, _) | Op::Move(p, _, _) | Op::Clear(p) => p,
        }
    }
}

pub(super) fn index(s: &str) -> Option<usize> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A button's row number: digits only, and past the largest `usize` read as the largest.
fn row(s: &str) -> Option<usize> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().unwrap_or(usize::MAX))
}

/// A list's path: no empty segment, and a field name last.
pub(super) fn list_path(p: &str) -> Option<&str> {
    let last = p.rsplit('.').next()?;
    (p.split('.').all(|s| !s.is_empty()) && index(last).is_none()).then_some(p)
}

/// Why a button was not done: said beside the list it names (when the form has that list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misfit {
    /// The list's (or the cleared field's) path, when the document has it.
    pub part: Option<String>,
    pub why: String,
}

impl Misfit {
    fn new(part: Option<&str>, why: impl Into<String>) -> Misfit {
        Misfit { part: part.map(str::to_owned), why: why.into() }
    }

    /// The problem shown beside the form: nothing was changed.
    pub fn problem(self) -> Problem {
        let message = format!(
            "{} Nothing was changed: the form is drawn again as it stands now, so press the button there.",
            self.why
        );
        Problem::error(Shared::BadButton, self.part, message)
    }
}

/// "1 row", "3 rows".
fn rows(n: usize) -> String {
    if n == 1 { "1 row".to_owned() } else { format!("{n} rows") }
}

/// Applies `op` to `doc`. An add pushes `new_item(list, at)`, where `list` is the list's path
/// without indices ("turrets.weapons") and `at` the path as pressed ("turrets.2.weapons"). A
/// remove takes its row out and keeps every other row in its order; a move swaps its row with
/// the one above or below. `Ok(true)` when the document changed, `Ok(false)` when the button fits
/// but changes nothing (two equal rows swapped). Whatever does not fit (no such list, row or
/// field, a row number past the end, an item the document refuses, nothing to add) leaves `doc`
/// unchanged and says why. Row numbers are compared, never computed with: no number a client
/// sends can overflow here.
pub fn apply<T: Serialize + DeserializeOwned>(
    doc: &mut T,
    op: &Op,
    new_item: impl Fn(&str, &str) -> Option<Value>,
) -> Result<bool, Misfit> {
    let before =
        serde_json::to_value(&*doc).map_err(|_| Misfit::new(None, "This form cannot be changed."))?;
    let mut value = before.clone();
    let path = op.list();
    match *op {
        Op::Clear(_) => {
            let (parent, key) = path.rsplit_once('.').unwrap_or(("", path));
            let removed = object_at(&mut value, parent).and_then(|o| o.remove(key));
            if removed.is_none() {
                return Err(Misfit::new(None, "There is nothing there to clear."));
            }
        }
        _ => {
            let Some(list) = list_at(&mut value, path, matches!(op, Op::Add(_))) else {
                return Err(Misfit::new(None, "The form has no list where this button points."));
            };
            let part = Some(path);
            let len = list.len();
            match *op {
                Op::Add(_) => {
                    let generic: Vec<&str> = path.split('.').filter(|s| index(s).is_none()).collect();
                    let Some(item) = new_item(&generic.join("."), path) else {
                        return Err(Misfit::new(part, "Nothing can be added to this list here."));
                    };
                    list.push(item);
                }
                Op::Remove(_, i) => {
                    if i >= len {
                        return Err(Misfit::new(
                            part,
                            format!(
                                "This button removes a row the list does not have (it has {}).",
                                rows(len)
                            ),
                        ));
                    }
                    // `Vec::remove` shifts the rows after it up: their order is kept.
                    list.remove(i);
                }
                Op::Move(_, i, way) => {
                    if i >= len {
                        return Err(Misfit::new(
                            part,
                            format!("This button moves a row the list does not have (it has {}).", rows(len)),
                        ));
                    }
                    let other = match way {
                        Direction::Up if i == 0 => None,
                        Direction::Up => Some(i - 1),
                        Direction::Down => Some(i).filter(|&i| i < len - 1).map(|i| i + 1),
                    };
                    let Some(other) = other else {
                        let end = if way == Direction::Up {
                            "first row cannot move up"
                        } else {
                            "last row cannot move down"
                        };
                        return Err(Misfit::new(part, format!("The {end}.")));
                    };
                    list.swap(i, other);
                }
                Op::Copy(_, i) => {
                    let Some(item) = list.get(i).cloned() else {
                        return Err(Misfit::new(
                            part,
                            format!(
                                "This button copies a row the list does not have (it has {}).",
                                rows(len)
                            ),
                        ));
                    };
                    // The copy goes just after its original; the rows after it keep their order.
                    list.insert(i + 1, item);
                }
                Op::Clear(_) => {}
            }
        }
    }
    match serde_json::from_value::<T>(value) {
        Ok(after) => {
            let changed = serde_json::to_value(&after).ok().as_ref() != Some(&before);
            if changed {
                *doc = after;
            }
            Ok(changed)
        }
        Err(_) => Err(Misfit::new(None, "The form cannot take that change.")),
    }
}

/// Does what a pressed button asks of a list (see [`Op::read`] and [`apply`]): `None` when it was
/// done or is no list button, else the problem to show beside the form.
pub fn press<T: Serialize + DeserializeOwned>(
    doc: &mut T,
    action: &str,
    new_item: impl Fn(&str, &str) -> Option<Value>,
) -> Option<Problem> {
    match Op::read(action)? {
        Ok(op) => press_op(doc, &op, new_item),
        Err(p) => Some(p),
    }
}

/// [`apply`], as [`press`] says it: `None` when done, else the problem.
pub fn press_op<T: Serialize + DeserializeOwned>(
    doc: &mut T,
    op: &Op,
    new_item: impl Fn(&str, &str) -> Option<Value>,
) -> Option<Problem> {
    apply(doc, op, new_item).err().map(Misfit::problem)
}

/// The object at `path` ("turrets.0", "" for the document): numbers index lists, names fields.
fn object_at<'v>(doc: &'v mut Value, path: &str) -> Option<&'v mut serde_json::Map<String, Value>> {
    let mut at = doc;
    for seg in path.split('.').filter(|s| !s.is_empty()) {
        at = match at {
            Value::Array(items) => items.get_mut(index(seg)?)?,
            Value::Object(fields) => fields.get_mut(seg)?,
            _ => return None,
        };
    }
    match at {
        Value::Object(fields) => Some(fields),
        _ => None,
    }
}

/// The list at `path` ("turrets.0.weapons"). With `create`, a list left out of the document
/// (written only when not empty) is made.
pub(super) fn list_at<'v>(doc: &'v mut Value, path: &str, create: bool) -> Option<&'v mut Vec<Value>> {
    let (init, last) = path.rsplit_once('.').unwrap_or(("", path));
    let fields = object_at(doc, init)?;
    let slot = if create { fields.entry(last).or_insert(Value::Null) } else { fields.get_mut(last)? };
    if create && slot.is_null() {
        *slot = Value::Array(Vec::new());
    }
    match slot {
        Value::Array(items) => Some(items),
        _ => None,
    }
}
