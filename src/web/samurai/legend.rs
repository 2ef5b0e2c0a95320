//! A unit's heading in the orders of battle, and its type's defaults: its number, its piece's
//! capitals, its type, its hex, where it stands and what it rolls at sea. Drawn with its row,
//! and alone by every live update (`samurai/live.html`), which needs no more of the row: the
//! row's lists (side, type, rank, leader) were most of a live update's drawing once the map
//! was left out.

use super::map::Tokens;
use super::view::defaults;
use crate::games::line;
use crate::games::samurai::data::{self, UNIT_TYPES};
use crate::games::samurai::{Board, Hex, Unit, UnitOptions};
use std::borrow::Cow;

pub struct UnitHead {
    pub index: usize,
    pub number: usize,
    pub hex: Hex,
    /// Its piece's capitals on the map.
    pub token: Cow<'static, str>,
    pub type_name: String,
    pub defaults: &'static str,
    pub place: &'static str,
    pub at_sea: String,
    /// Its row drawn briefly (see `SamuraiView::brief`): its side, hex and type as fields, the
    /// rest carried hidden and said in words.
    pub brief: bool,
}

impl UnitHead {
    /// Unit `k`, `u`, as the engine judged it (`o`), on `board`; `tokens` are the map's
    /// capitals ([`token_codes`](super::map::token_codes)).
    pub fn new(k: usize, u: &Unit, o: &UnitOptions, board: Board, tokens: &Tokens, brief: bool) -> Self {
        let place = place(board.contains(u.hex), o);
        let at_sea = if o.naval && u.dice_unknown() {
            "its dice not set yet".to_owned()
        } else if o.naval {
            line(&[&"rolls close ", &o.dice.close, &", ranged ", &o.dice.ranged])
        } else {
            String::new()
        };
        UnitHead {
            index: k,
            number: k + 1,
            hex: u.hex,
            token: tokens.code(k),
            type_name: u.type_name().to_owned(),
            defaults: u.unit_type().map_or("", defaults_once),
            place,
            at_sea,
            brief,
        }
    }
}

/// Where a unit stands, in words: off the board, at sea, on the shore or ashore.
pub fn place(on_board: bool, o: &UnitOptions) -> &'static str {
    if !on_board {
        "off the board"
    } else if o.naval {
        "at sea"
    } else if o.shore {
        "on the shore"
    } else {
        "ashore"
    }
}

/// [`defaults`] of a unit type, written once for every type: it depends on the type alone, and
/// writing it for every unit had been a quarter of drawing a live update.
fn defaults_once(t: &'static data::UnitType) -> &'static str {
    static ALL: std::sync::LazyLock<Vec<String>> =
        std::sync::LazyLock::new(|| UNIT_TYPES.iter().map(defaults).collect());
    let at = UNIT_TYPES.iter().position(|k| std::ptr::eq(k, t));
    at.and_then(|i| ALL.get(i)).map_or("", String::as_str)
}
