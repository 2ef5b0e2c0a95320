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
    direct::{List, Plain, or_default, split, text, unless_blank},
};
use crate::web::http::fields::Fields;
use serde::Deserialize;

/// The scenario the form says, read as the codec reads it; `None` leaves the form to the codec.
pub fn read(f: &Fields) -> Option<Scenario> {
    codec::direct::read::<Reader>(f)
}

/// A small number (`bounds::small`), blank for `default`.
fn small_or(raw: &str, default: u8) -> Option<u8> {
    or_default(raw, default, bounds::small)
}

/// A choice, blank for its default.
fn choice<'a, T: Deserialize<'a> + Default>(raw: &'a str) -> Option<T> {
    or_default(raw, T::default(), T::deserialize)
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

impl<'f> codec::direct::Reader<'f> for Reader<'f> {
    type Doc = Scenario;

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
                    Some("hex") => u.hex = Plain::read(raw)?,
                    Some("type") => u.kind = text(raw)?,
                    Some("close") => u.close = small_or(raw, 0)?,
                    Some("ranged") => u.ranged = small_or(raw, 0)?,
                    Some("rank") => u.rank = Plain::read(raw)?,
                    Some("mounted") => u.mounted = Plain::read(raw)?,
                    Some("blocks") => u.blocks = small_or(raw, DEFAULT_BLOCKS)?,
                    Some("leader") => u.leader = Plain::read(raw)?,
                    Some("command_ship") => u.command_ship = Plain::read(raw)?,
                    Some("flat") => u.flat = Plain::read(raw)?,
                    Some("ordered") => u.ordered = Plain::read(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "terrain" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let row = self.terrain.item(i, String::new)?;
                if field.is_some() {
                    return None;
                }
                *row = text(raw)?;
            }
            "leaders" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let l = self.leaders.item(i, Leader::default)?;
                match field {
                    None => {}
                    Some("side") => l.side = choice::<Side>(raw)?,
                    Some("hex") => l.hex = Plain::read(raw)?,
                    Some("kind") => l.kind = choice::<LeaderKind>(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "grapples" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let g = self.grapples.item(i, Grapple::default)?;
                match field {
                    None => {}
                    Some("a") => g.a = Plain::read(raw)?,
                    Some("b") => g.b = Plain::read(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "version" => {
                leaf(rest)?;
                self.version = unless_blank(raw)?;
            }
            "name" => {
                leaf(rest)?;
                self.name = text(raw)?;
            }
            "side_a" => {
                leaf(rest)?;
                self.side_a = text(raw)?;
            }
            "side_b" => {
                leaf(rest)?;
                self.side_b = text(raw)?;
            }
            "board" => match rest {
                None => {}
                Some("width") => {
                    self.board.width = or_default(raw, Board::default().width, width)?;
                }
                Some("rows") => self.board.rows = or_default(raw, Board::default().rows, rows)?,
                Some(other) => unknown(other)?,
            },
            "wind" => match rest {
                None => self.wind = Some(raw),
                // A box: each name once (sent twice, the later would win, which the codec sees).
                Some(key) => {
                    if key.contains('.') || self.winds.iter().any(|&(k, _)| k == key) {
                        return None;
                    }
                    self.winds.push((key, Plain::read(raw)?));
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
                Some(raw) => Plain::read(raw)?,
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

#[cfg(test)]
mod tests;
