//! The board's geometry: hexes, the board's size, and the six directions.
//!
//! Hexes are pointy-topped and laid in rows, as on a Commands & Colors board. Rows alternate the
//! board's full width and one hex less: row 1 (the top, Side B's edge) has `width` hexes, row 2
//! `width - 1` shifted half a hex right, and so on, so a 13-wide board has rows of 13 and 12. A
//! hex is written as its column letter and row number ("D5"): columns A, B, ... from the left of
//! each row, rows 1, 2, ... from the top.
//!
//! Inside, a hex is worked in "doubled" coordinates: `x = 2 * col + (row is 2nd, 4th, ...)`,
//! `y = row`. The six neighbours then differ by exactly one of the six [`Direction`] steps
//! (E = +2,0; NE = +1,-1; NW = -1,-1; W = -2,0; SW = -1,+1; SE = +1,+1), the same for every hex,
//! and the distance between two hexes is `dy + max(0, (dx - dy) / 2)`.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

use crate::games::{Backwards, bounds};

/// The board's size, as the scenario sets it (default 13 wide by 9 rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Hexes in the first (full) row: 5 to 26 (the letters A to Z). Optional, default 13.
    #[serde(default = "default_width", deserialize_with = "width")]
    pub width: u8,
    /// Rows: 3 to 20. Optional, default 9.
    #[serde(default = "default_rows", deserialize_with = "rows")]
    pub rows: u8,
}

pub const WIDTH: std::ops::RangeInclusive<u8> = 5..=26;
pub const ROWS: std::ops::RangeInclusive<u8> = 3..=20;

impl Default for Board {
    fn default() -> Self {
        Board { width: default_width(), rows: default_rows() }
    }
}

fn default_width() -> u8 {
    13
}

fn default_rows() -> u8 {
    9
}

pub(crate) fn width<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = bounds::whole(d, (*WIDTH.start()).into(), (*WIDTH.end()).into())?;
    Ok(u8::try_from(v).unwrap_or(*WIDTH.end()))
}

pub(crate) fn rows<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = bounds::whole(d, (*ROWS.start()).into(), (*ROWS.end()).into())?;
    Ok(u8::try_from(v).unwrap_or(*ROWS.end()))
}

impl Board {
    /// How many hexes row `row` (from 0) has: the full width, or one less on every second row.
    pub fn row_width(&self, row: u8) -> u8 {
        if row.is_multiple_of(2) { self.width } else { self.width.saturating_sub(1) }
    }

    pub fn contains(&self, h: Hex) -> bool {
        h.row < self.rows && h.col < self.row_width(h.row)
    }

    /// Every hex of the board, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.row_width(row)).map(move |col| Hex { col, row }))
    }

    /// How many hexes the board has.
    pub fn len(&self) -> usize {
        (0..self.rows).map(|r| usize::from(self.row_width(r))).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A place for each hex of the board (`row * width + col`), for tables indexed by hex.
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.contains(h).then(|| usize::from(h.row) * usize::from(self.width) + usize::from(h.col))
    }

    /// The size of a table [`Board::index`] indexes.
    pub fn cells(&self) -> usize {
        usize::from(self.rows) * usize::from(self.width)
    }

    /// The hex one step from `h` in direction `d`, if it is on the board.
    pub fn step(&self, h: Hex, d: Direction) -> Option<Hex> {
        let (x, y) = h.doubled();
        let (dx, dy) = d.delta();
        let n = Hex::from_doubled(x + dx, y + dy)?;
        self.contains(n).then_some(n)
    }

    /// The neighbours of `h` on the board, with the direction of each.
    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = (Direction, Hex)> + '_ {
        Direction::ALL.into_iter().filter_map(move |d| self.step(h, d).map(|n| (d, n)))
    }

    /// Which of the board's three sections (0 left, 1 centre, 2 right) a hex is in, by where
    /// its centre falls: the board is cut in three equal widths. A hex whose centre lies on a
    /// cut is in both sections it touches (`both` is then the second).
    pub fn section(&self, h: Hex) -> (u8, Option<u8>) {
        // In half-hex units the board is 2 * width wide; a hex's centre is at x + 1.
        let centre = u32::from(h.doubled_x()) + 1;
        let w = 2 * u32::from(self.width);
        let at = |k: u32| centre * 3 == k * w;
        let first = u8::try_from((centre * 3 / w).min(2)).unwrap_or(2);
        if at(1) || at(2) { (first - 1, Some(first)) } else { (first, None) }
    }
}

/// A hex of the board, by column and row from 0. Written "D5" (column letter, row from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hex {
    pub col: u8,
    pub row: u8,
}

impl Hex {
    /// The hex at column letter `col` and row number `row`, as written ("D", 5).
    pub fn new(col: u8, row: u8) -> Hex {
        Hex { col, row }
    }

    fn doubled(self) -> (i16, i16) {
        (i16::from(self.doubled_x()), i16::from(self.row))
    }

    /// Its x in half-hex steps from the left edge.
    pub fn doubled_x(self) -> u8 {
        self.col.saturating_mul(2).saturating_add(self.row % 2)
    }

    fn from_doubled(x: i16, y: i16) -> Option<Hex> {
        let row = u8::try_from(y).ok()?;
        let x = x - i16::from(row % 2);
        if x < 0 || x % 2 != 0 {
            return None;
        }
        Some(Hex { col: u8::try_from(x / 2).ok()?, row })
    }

    /// Hexes between this one and `other`.
    pub fn distance(self, other: Hex) -> u16 {
        let (x1, y1) = self.doubled();
        let (x2, y2) = other.doubled();
        let (dx, dy) = ((x1 - x2).unsigned_abs(), (y1 - y2).unsigned_abs());
        dy + dx.saturating_sub(dy) / 2
    }

    /// Reads "D5", "d5", "AA3" is refused: one letter A to Z, then a row from 1 to 99.
    pub fn parse(s: &str) -> Option<Hex> {
        let s = crate::games::bounds::trimmed(s);
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: u8 = digits.parse().ok()?;
        let col = u8::try_from(u32::from(letter) - u32::from('A')).ok()?;
        (row >= 1).then(|| Hex { col, row: row - 1 })
    }
}

impl Hex {
    /// Its name ("D5"): the column's letter, then the row's number from 1. Made without
    /// `format!`, since a map writes every hex's name several times.
    pub fn name(self) -> Backwards {
        let mut text = Backwards::whole(u64::from(self.row) + 1);
        text.put(b'A'.saturating_add(self.col.min(25)));
        text
    }

    /// Its [`name`](Hex::name), written to `out` in one write.
    pub fn write_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        out.write_str(self.name().as_str())
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// Hexes written one after another with `sep` between ("E5, F5"), without a list of strings.
pub struct Listed<'a> {
    pub hexes: &'a [Hex],
    pub sep: &'static str,
}

/// `hexes` as a list for a sentence: `listed(&[e5, f5], " or ")` writes "E5 or F5".
pub fn listed<'a>(hexes: &'a [Hex], sep: &'static str) -> Listed<'a> {
    Listed { hexes, sep }
}

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.hexes.iter().enumerate() {
            if i > 0 {
                f.write_str(self.sep)?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Hex;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a hex such as \"D5\" (a column letter A to Z, then a row number from 1)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Hex, E> {
                Hex::parse(v)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(&crate::games::shown(v)), &self))
            }
        }
        d.deserialize_str(V)
    }
}

/// One of the six directions across a hex side, counter-clockwise from east. The wind and tide
/// blow along one of them. Written "e", "ne", ... or "east", "north-east", ...; anything else (a
/// number such as 7 included) is refused naming the six.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Direction {
    #[default]
    E,
    Ne,
    Nw,
    W,
    Sw,
    Se,
}

impl Serialize for Direction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Direction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Direction;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("one of the six hex directions: e, ne, nw, w, sw, se (or east, north-east, ...)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Direction, E> {
                Direction::parse(v)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(&crate::games::shown(v)), &self))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Direction, E> {
                Err(E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Direction, E> {
                Err(E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Direction, E> {
                Err(E::invalid_value(de::Unexpected::Float(v), &self))
            }
        }
        d.deserialize_any(V)
    }
}

impl Direction {
    pub const ALL: [Direction; 6] =
        [Direction::E, Direction::Ne, Direction::Nw, Direction::W, Direction::Sw, Direction::Se];

    /// The step in doubled coordinates.
    fn delta(self) -> (i16, i16) {
        match self {
            Direction::E => (2, 0),
            Direction::Ne => (1, -1),
            Direction::Nw => (-1, -1),
            Direction::W => (-2, 0),
            Direction::Sw => (-1, 1),
            Direction::Se => (1, 1),
        }
    }

    /// Turned by `sixths` of a full turn counter-clockwise (negative: clockwise).
    pub fn turned(self, sixths: i8) -> Direction {
        let i = (self as i8 + sixths).rem_euclid(6);
        Direction::ALL[usize::try_from(i).unwrap_or(0)]
    }

    pub fn opposite(self) -> Direction {
        self.turned(3)
    }

    /// Whether a step this way crosses one of the three hex sides with a wind blowing `wind`:
    /// the wind's own direction and the two beside it.
    pub fn with(self, wind: Direction) -> bool {
        self == wind || self == wind.turned(1) || self == wind.turned(-1)
    }

    /// Reads "e" or "east" (any case).
    pub fn parse(s: &str) -> Option<Direction> {
        let s = s.trim();
        Direction::ALL
            .into_iter()
            .find(|d| d.id().eq_ignore_ascii_case(s) || d.name().eq_ignore_ascii_case(s))
    }

    /// "e", as documents write it.
    pub fn id(self) -> &'static str {
        match self {
            Direction::E => "e",
            Direction::Ne => "ne",
            Direction::Nw => "nw",
            Direction::W => "w",
            Direction::Sw => "sw",
            Direction::Se => "se",
        }
    }

    /// "east", for people.
    pub fn name(self) -> &'static str {
        match self {
            Direction::E => "east",
            Direction::Ne => "north-east",
            Direction::Nw => "north-west",
            Direction::W => "west",
            Direction::Sw => "south-west",
            Direction::Se => "south-east",
        }
    }

    /// The unit vector on a drawing with y down (for the wind arrow).
    pub fn unit(self) -> (f64, f64) {
        let (dx, dy) = self.delta();
        let (x, y) = (f64::from(dx) * 0.5 * 3f64.sqrt(), f64::from(dy) * 1.5);
        let len = x.hypot(y);
        (x / len, y / len)
    }
}

/// The directions the net wind and tide blow toward, as the scenario map notes them: one or more
/// of the six (the naval rules allow more than one axis). Kept as a set: a direction listed twice
/// counts once, and they are written in [`Direction::ALL`]'s order.
///
/// A step is *with* the wind and tide when it crosses one of the three sides with at least one of
/// the listed directions ([`Winds::carries`]): each direction marks a way the water helps a boat
/// along, so a board with two axes noted has more sides with them, never fewer. With none listed
/// no side is with them, and a boat goes one hex at a time (the check says the map should note
/// one).
///
/// Read from a document as one direction (`"e"`, as every scenario saved before there could be
/// more) or a list (`["e", "ne"]`); written as a list. An empty string or list is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Winds(u8);

impl Default for Winds {
    /// East, as a new scenario starts.
    fn default() -> Self {
        Winds::of(&[Direction::E])
    }
}

impl Winds {
    /// No direction at all.
    pub const NONE: Winds = Winds(0);

    /// The set whose bits (see [`Winds::bits`]) are `bits`; bits past the sixth are dropped.
    pub fn from_bits(bits: u8) -> Winds {
        Winds(bits & 0b11_1111)
    }

    pub fn of(dirs: &[Direction]) -> Winds {
        Winds(dirs.iter().fold(0, |bits, d| bits | (1 << *d as u8)))
    }

    pub fn contains(self, d: Direction) -> bool {
        self.0 & (1 << d as u8) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as a number from 0 to 63 (bit `k` for `Direction::ALL[k]`), for tables indexed by it.
    pub fn bits(self) -> usize {
        usize::from(self.0)
    }

    /// The directions, in [`Direction::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        Direction::ALL.into_iter().filter(move |d| self.contains(*d))
    }

    /// Whether a step this way crosses a side with the wind and tide.
    pub fn carries(self, step: Direction) -> bool {
        self.iter().any(|w| step.with(w))
    }

    /// "east", "east and north-east", "east, north-east and west"; "none noted" for none.
    pub fn names(self) -> String {
        if self.is_empty() {
            return "none noted".to_owned();
        }
        let names: Vec<&str> = self.iter().map(Direction::name).collect();
        crate::games::and_list(&names)
    }
}

impl Serialize for Winds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Winds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Winds;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("one of the six hex directions (e, ne, nw, w, sw, se), or a list of them")
            }
            /// One direction, as every scenario saved before there could be more; "" is none.
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Winds, E> {
                if v.trim().is_empty() {
                    return Ok(Winds::NONE);
                }
                let d = Direction::deserialize(de::value::StrDeserializer::<E>::new(v))?;
                Ok(Winds::of(&[d]))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Winds, E> {
                Ok(Winds::NONE)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Winds, A::Error> {
                let mut w = Winds::NONE;
                while let Some(d) = seq.next_element::<Direction>()? {
                    w.0 |= 1 << d as u8;
                }
                Ok(w)
            }
            /// A form's boxes ("wind.0=e", "wind.3=w"), read as the list they are: a value that
            /// is not a direction is the form codec's to report at its own field.
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Winds, A::Error> {
                let mut w = Winds::NONE;
                while let Some((_, d)) = map.next_entry::<de::IgnoredAny, Direction>()? {
                    w.0 |= 1 << d as u8;
                }
                Ok(w)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Winds, E> {
                Err(E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Winds, E> {
                Err(E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Winds, E> {
                Err(E::invalid_value(de::Unexpected::Float(v), &self))
            }
        }
        d.deserialize_any(V)
    }
}
