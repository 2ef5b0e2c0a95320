//! The scenario form read straight into a scenario, one field after another, as the page sends
//! it (see [`codec::direct`]): a live update of the map is read here, and any form this reader
//! does not read exactly as the codec does (a hex or a direction it cannot read, a number out of
//! range, a list's items out of order, a wind box sent twice, a name going on past a value's own)
//! is left to the codec, which reads it and says what is wrong. Each value is read by the field's
//! own serde reader through [`Plain`]; what this reader knows of its own is the scenario's shape
//! and what a blank number or choice reads as. The tests hold it to the codec on random
//! scenarios and changed forms, and in debug builds every form it reads is read by the codec
//! too and the two compared.

use crate::games::bounds;
use crate::games::samurai::hex::{rows, width};
use crate::games::samurai::{
    Board, Card, DEFAULT_BLOCKS, DOCUMENT_VERSION, Direction, Grapple, Leader, LeaderKind, Scenario, Side,
    Unit, Winds,
};
use crate::web::http::codec::{
    self,
    direct::{List, Plain, split},
};
use crate::web::http::fields::Fields;
use serde::Deserialize;

/// The scenario the form says, read as the codec reads it; `None` leaves the form to the codec.
pub fn read(f: &Fields) -> Option<Scenario> {
    let mut r = Reader::default();
    for (name, raw) in f.iter() {
        r.field(name, raw)?;
    }
    r.finish()
}

/// A value of the field's own reader.
fn value<'a, T: Deserialize<'a>>(raw: &'a str) -> Option<T> {
    Plain::read(raw)
}

/// A number or a choice: blank, `default`, as the codec leaves a blank number or choice out.
fn or_default<'a, T>(raw: &'a str, default: T, read: impl FnOnce(Plain<'a>) -> Option<T>) -> Option<T> {
    if raw.is_empty() { Some(default) } else { read(Plain::new(raw)) }
}

/// A small number (`bounds::small`), blank for `default`.
fn small_or(raw: &str, default: u8) -> Option<u8> {
    or_default(raw, default, |p| bounds::small(p).ok())
}

/// A choice, blank for its default.
fn choice<'a, T: Deserialize<'a> + Default>(raw: &'a str) -> Option<T> {
    or_default(raw, T::default(), |p| T::deserialize(p).ok())
}

/// A name known to be under a part whose fields this reader reads, but going on past a value's
/// own name: the codec's to read. Any other name under such a part is passed over, as the codec
/// passes over a name its document does not have.
fn unknown(field: &str) -> Option<()> {
    let (first, _) = split(field);
    let ours = matches!(
        first,
        "side"
            | "hex"
            | "type"
            | "close"
            | "ranged"
            | "rank"
            | "mounted"
            | "blocks"
            | "leader"
            | "command_ship"
            | "flat"
            | "ordered"
            | "kind"
            | "a"
            | "b"
            | "width"
            | "rows"
    );
    (!ours).then_some(())
}

#[derive(Default)]
struct Reader<'f> {
    version: Option<u32>,
    name: String,
    side_a: String,
    side_b: String,
    board: Board,
    /// The wind's own value (one direction, or none), and its boxes, each by its name.
    wind: Option<&'f str>,
    winds: Vec<(&'f str, Direction)>,
    card: Card,
    terrain: List<String>,
    units: List<Unit>,
    leaders: List<Leader>,
    grapples: List<Grapple>,
}

impl<'f> Reader<'f> {
    /// Reads one field; `None` gives the form to the codec.
    fn field(&mut self, name: &'f str, raw: &'f str) -> Option<()> {
        let (first, rest) = split(name);
        let leaf = |rest: Option<&str>| rest.is_none().then_some(());
        match first {
            // The lists first: most of a form's names are theirs.
            "units" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let u = self.units.item(i, Unit::default)?;
                match field {
                    None => {}
                    Some("side") => u.side = choice(raw)?,
                    Some("hex") => u.hex = value(raw)?,
                    Some("type") => u.kind = bounds::name(Plain::new(raw)).ok()?,
                    Some("close") => u.close = small_or(raw, 0)?,
                    Some("ranged") => u.ranged = small_or(raw, 0)?,
                    Some("rank") => u.rank = value(raw)?,
                    Some("mounted") => u.mounted = value(raw)?,
                    Some("blocks") => u.blocks = small_or(raw, DEFAULT_BLOCKS)?,
                    Some("leader") => u.leader = value(raw)?,
                    Some("command_ship") => u.command_ship = value(raw)?,
                    Some("flat") => u.flat = value(raw)?,
                    Some("ordered") => u.ordered = value(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "terrain" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let row = self.terrain.item(i, String::new)?;
                if field.is_some() {
                    return None;
                }
                *row = bounds::name(Plain::new(raw)).ok()?;
            }
            "leaders" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let l = self.leaders.item(i, Leader::default)?;
                match field {
                    None => {}
                    Some("side") => l.side = choice::<Side>(raw)?,
                    Some("hex") => l.hex = value(raw)?,
                    Some("kind") => l.kind = choice::<LeaderKind>(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "grapples" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let g = self.grapples.item(i, Grapple::default)?;
                match field {
                    None => {}
                    Some("a") => g.a = value(raw)?,
                    Some("b") => g.b = value(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "version" => {
                leaf(rest)?;
                self.version = if raw.is_empty() { None } else { Some(value(raw)?) };
            }
            "name" => {
                leaf(rest)?;
                self.name = bounds::name(Plain::new(raw)).ok()?;
            }
            "side_a" => {
                leaf(rest)?;
                self.side_a = bounds::name(Plain::new(raw)).ok()?;
            }
            "side_b" => {
                leaf(rest)?;
                self.side_b = bounds::name(Plain::new(raw)).ok()?;
            }
            "board" => match rest {
                None => {}
                Some("width") => {
                    self.board.width = or_default(raw, Board::default().width, |p| width(p).ok())?;
                }
                Some("rows") => self.board.rows = or_default(raw, Board::default().rows, |p| rows(p).ok())?,
                Some(other) => unknown(other)?,
            },
            "wind" => match rest {
                None => self.wind = Some(raw),
                // A box: each name once (sent twice, the later would win, which the codec sees).
                Some(key) => {
                    if key.contains('.') || self.winds.iter().any(|&(k, _)| k == key) {
                        return None;
                    }
                    self.winds.push((key, value(raw)?));
                }
            },
            "card" => {
                leaf(rest)?;
                self.card = choice(raw)?;
            }
            // Not the scenario's (the page's own: "map_key", "own_type.2", "tool").
            _ => {}
        }
        Some(())
    }

    fn finish(self) -> Option<Scenario> {
        // The boxes when any is sent, else the wind's own value, else the default.
        let wind = if !self.winds.is_empty() {
            let dirs: Vec<Direction> = self.winds.iter().map(|&(_, d)| d).collect();
            Winds::of(&dirs)
        } else {
            match self.wind {
                Some(raw) => value(raw)?,
                None => Winds::default(),
            }
        };
        Some(Scenario {
            version: self.version.unwrap_or(DOCUMENT_VERSION),
            name: self.name,
            side_a: self.side_a,
            side_b: self.side_b,
            board: self.board,
            wind,
            card: self.card,
            terrain: self.terrain.items,
            units: self.units.items,
            leaders: self.leaders.items,
            grapples: self.grapples.items,
        })
    }
}

/// What the codec reads the form as, for the tests and debug builds to hold this reader to.
pub fn by_codec(f: &Fields) -> Option<Scenario> {
    codec::decode::<Scenario>(f, super::label)
        .ok()
        .filter(|(_, problems)| problems.is_empty())
        .map(|(s, _)| s)
}

#[cfg(test)]
mod tests;
