//! Add, remove and move buttons: generic operations on a list at a path.

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

impl Op {
    /// "add.weapons", "add.turrets.0.weapons", "remove.weapons.3", "remove.turrets.0.weapons.1",
    /// "copy.vehicles.2", "move.weapons.3.up", "clear.armor.points.XYZ"; `None` for anything else
    /// (recalculating).
    pub fn parse(action: &str) -> Option<Op> {
        let (verb, rest) = action.split_once('.')?;
        match verb {
            "add" => Some(Op::Add(list_path(rest)?.to_owned())),
            "remove" | "copy" => {
                let (list, i) = rest.rsplit_once('.')?;
                let (list, i) = (list_path(list)?.to_owned(), index(i)?);
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
                Some(Op::Move(list_path(list)?.to_owned(), index(i)?, way))
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

/// A list's path: no empty segment, and a field name last.
pub(super) fn list_path(p: &str) -> Option<&str> {
    let last = p.rsplit('.').next()?;
    (p.split('.').all(|s| !s.is_empty()) && index(last).is_none()).then_some(p)
}

/// Applies `op` to `doc`. An add pushes `new_item(list, at)`, where `list` is the list's path
/// without indices ("turrets.weapons") and `at` the path as pressed ("turrets.2.weapons"), and
/// does nothing when that gives `None`. Whatever does not fit (no such list, item or field, an
/// item the document refuses) leaves `doc` unchanged and gives false.
pub fn apply<T: Serialize + DeserializeOwned>(
    doc: &mut T,
    op: &Op,
    new_item: impl Fn(&str, &str) -> Option<Value>,
) -> bool {
    let Ok(before) = serde_json::to_value(&*doc) else { return false };
    let mut value = before.clone();
    let changed = match *op {
        Op::Clear(ref path) => {
            let (parent, key) = path.rsplit_once('.').unwrap_or(("", path));
            object_at(&mut value, parent).and_then(|o| o.remove(key)).is_some()
        }
        _ => {
            let Some(list) = list_at(&mut value, op.list(), matches!(op, Op::Add(_))) else { return false };
            match *op {
                Op::Add(ref path) => {
                    let generic: Vec<&str> = path.split('.').filter(|s| index(s).is_none()).collect();
                    new_item(&generic.join("."), path).map(|item| list.push(item)).is_some()
                }
                Op::Remove(_, i) => (i < list.len()).then(|| list.remove(i)).is_some(),
                Op::Copy(_, i) => list.get(i).cloned().map(|item| list.insert(i + 1, item)).is_some(),
                Op::Move(_, i, Direction::Up) => {
                    (i > 0 && i < list.len()).then(|| list.swap(i - 1, i)).is_some()
                }
                Op::Move(_, i, Direction::Down) => {
                    (i + 1 < list.len()).then(|| list.swap(i, i + 1)).is_some()
                }
                Op::Clear(_) => false,
            }
        }
    };
    if !changed {
        return false;
    }
    match serde_json::from_value::<T>(value) {
        Ok(after) if serde_json::to_value(&after).ok().as_ref() != Some(&before) => {
            *doc = after;
            true
        }
        _ => false,
    }
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
