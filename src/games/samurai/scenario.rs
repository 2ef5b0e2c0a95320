//! The scenario: the document a player builds, stores and sends. Its board (size, which hexes are
//! land, the wind and tide), both sides' units and lone leaders on their hexes, the grapples in
//! place, and the card whose effect the options are worked out for.
//!
//! Every number is bounded as it is read, so no document can make the engine do unbounded work;
//! what is legal to read but breaks a rule (two units on a hex, a hex off the board) comes back
//! from [`check`](super::check) as a problem at its field.

use serde::{Deserialize, Deserializer, Serialize};

use super::data::{Rank, UnitType, unit_type};
use super::hex::{Board, Direction, Hex, Winds};
use crate::games::bounds;

/// Version of the scenario document format this engine reads.
pub const DOCUMENT_VERSION: u32 = 1;

/// Blocks a new unit starts with (one report says every unit takes four hits; unverified).
pub const DEFAULT_BLOCKS: u8 = 4;

fn default_version() -> u32 {
    DOCUMENT_VERSION
}

/// A naval or amphibious scenario.
///
/// ```json
/// {"name": "Dan-no-ura", "side_a": "Minamoto", "side_b": "Taira",
///  "board": {"width": 13, "rows": 9}, "wind": ["e"], "card": "order",
///  "terrain": ["", "", "", "", "", "", "", "LLL", "LLLL"],
///  "units": [{"side": "a", "hex": "D6", "type": "samurai-naginata", "close": 4, "leader": "foot"}],
///  "leaders": [{"side": "a", "hex": "B9", "kind": "mounted"}],
///  "grapples": [{"a": "D6", "b": "E5"}]}
/// ```
/// Unknown fields are refused; every field has a default, so `{}` is an empty 13 by 9 sea.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default = "default_version")]
    pub version: u32,
    #[serde(default, deserialize_with = "bounds::name")]
    pub name: String,
    /// The side holding the bottom edge (the last row). Optional, default "" ("Side A").
    #[serde(default, deserialize_with = "bounds::name")]
    pub side_a: String,
    /// The side holding the top edge (row 1). Optional, default "" ("Side B").
    #[serde(default, deserialize_with = "bounds::name")]
    pub side_b: String,
    #[serde(default)]
    pub board: Board,
    /// The net wind and tide: the directions it blows toward, one or more of the six (see
    /// [`Winds`]: `"e"` or `["e", "ne"]`). Optional, default east.
    #[serde(default)]
    pub wind: Winds,
    /// The card the options are worked out for. Optional, default an ordinary order.
    #[serde(default)]
    pub card: Card,
    /// Which hexes are land, a row a line from the top: `L` (or `l`) is land, anything else
    /// (`~` or `.`; spaces at a row's ends are trimmed, as a name's are) ocean; a row shorter than the board is ocean to its end, and rows left
    /// out are ocean. Optional, default all ocean.
    #[serde(default, deserialize_with = "terrain")]
    pub terrain: Vec<String>,
    #[serde(default)]
    pub units: Vec<Unit>,
    /// Leaders alone on a hex (a leader with a unit is the unit's `leader`).
    #[serde(default)]
    pub leaders: Vec<Leader>,
    #[serde(default)]
    pub grapples: Vec<Grapple>,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: DOCUMENT_VERSION,
            name: String::new(),
            side_a: String::new(),
            side_b: String::new(),
            board: Board::default(),
            wind: Winds::default(),
            card: Card::default(),
            terrain: Vec::new(),
            units: Vec::new(),
            leaders: Vec::new(),
            grapples: Vec::new(),
        }
    }
}

impl Scenario {
    /// Whether a hex is land by the terrain rows (off the board: not land).
    pub fn is_land(&self, h: Hex) -> bool {
        self.terrain
            .get(usize::from(h.row))
            .and_then(|row| row.as_bytes().get(usize::from(h.col)))
            .is_some_and(|c| c.eq_ignore_ascii_case(&b'l'))
    }

    /// Makes a hex land or ocean, growing the terrain rows as needed.
    pub fn set_land(&mut self, h: Hex, land: bool) {
        let (row, col) = (usize::from(h.row), usize::from(h.col));
        while self.terrain.len() <= row {
            self.terrain.push(String::new());
        }
        let mut cells: Vec<u8> = self.terrain[row]
            .bytes()
            .map(|b| if b.eq_ignore_ascii_case(&b'l') { b'L' } else { b'~' })
            .collect();
        if cells.len() <= col {
            cells.resize(col + 1, b'~');
        }
        cells[col] = if land { b'L' } else { b'~' };
        let text: String = cells.into_iter().map(char::from).collect();
        self.terrain[row] = text.trim_end_matches('~').to_owned();
        while self.terrain.last().is_some_and(String::is_empty) {
            self.terrain.pop();
        }
    }

    /// The name of a side, as pages and messages write it.
    pub fn side_name(&self, side: Side) -> &str {
        let (given, fallback) = match side {
            Side::A => (&self.side_a, "Side A"),
            Side::B => (&self.side_b, "Side B"),
        };
        if given.trim().is_empty() { fallback } else { given }
    }
}

/// Which side a unit or leader fights for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Holds the bottom edge; retreats toward it (south).
    #[default]
    A,
    /// Holds the top edge; retreats toward it (north).
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// "a", as documents write it.
    pub fn id(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }

    /// The two directions toward its own edge, the ones it retreats along.
    pub fn back(self) -> [Direction; 2] {
        match self {
            Side::A => [Direction::Sw, Direction::Se],
            Side::B => [Direction::Nw, Direction::Ne],
        }
    }
}

/// A leader's kind: on foot or mounted (at sea every leader acts as one on foot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum LeaderKind {
    #[default]
    Foot,
    Mounted,
}

impl LeaderKind {
    pub fn name(self) -> &'static str {
        match self {
            LeaderKind::Foot => "Foot leader",
            LeaderKind::Mounted => "Mounted leader",
        }
    }
}

/// One unit on its hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    #[serde(default)]
    pub side: Side,
    /// Its hex ("D5"). Optional, default A1.
    #[serde(default)]
    pub hex: Hex,
    /// A unit type id from the catalog ("ashigaru-spearmen"), or the player's own type's name.
    #[serde(rename = "type", default, deserialize_with = "bounds::name")]
    pub kind: String,
    /// Close-combat dice on land, as the scenario gives them (0 to 255; over 6 is a problem).
    #[serde(default, deserialize_with = "bounds::small")]
    pub close: u8,
    /// Ranged dice on land (0 for none).
    #[serde(default, deserialize_with = "bounds::small")]
    pub ranged: u8,
    /// Its standard, for the swords it ignores; none where unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
    #[serde(default)]
    pub mounted: bool,
    /// Blocks (figures) left. Optional, default 4.
    #[serde(default = "default_blocks", deserialize_with = "bounds::small")]
    pub blocks: u8,
    /// The leader attached to it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderKind>,
    /// The Commander and bodyguard's Command Ship (a Command Tent tile on an ocean hex).
    #[serde(default)]
    pub command_ship: bool,
    /// Lying flat: it embarked or disembarked this turn.
    #[serde(default)]
    pub flat: bool,
    /// Among the units the card orders this turn. When no unit is marked, every unit's options
    /// are shown as if it were ordered; once some are, the others stay put, and the card's limits
    /// are checked (Infantry Onslaught: at most four naval units side by side). Optional.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ordered: bool,
}

fn default_blocks() -> u8 {
    DEFAULT_BLOCKS
}

impl Default for Unit {
    fn default() -> Self {
        Unit {
            side: Side::A,
            hex: Hex::default(),
            kind: String::new(),
            close: 0,
            ranged: 0,
            rank: None,
            mounted: false,
            blocks: DEFAULT_BLOCKS,
            leader: None,
            command_ship: false,
            flat: false,
            ordered: false,
        }
    }
}

impl Unit {
    /// A unit of a catalog type with its default figures (an unknown type starts at 0 dice).
    pub fn of_type(kind: &str, side: Side, hex: Hex) -> Unit {
        let mut u = Unit { side, hex, kind: kind.to_owned(), ..Unit::default() };
        if let Some(t) = unit_type(kind) {
            u.take_type(t);
        }
        u
    }

    /// Becomes a unit of type `t` with its default figures: dice, rank and whether it is mounted
    /// (a type no source gives figures for has 0 dice and no rank, for the player to set).
    pub fn take_type(&mut self, t: &UnitType) {
        self.kind = t.id.to_owned();
        self.close = t.close;
        self.ranged = t.ranged;
        self.rank = t.rank;
        self.mounted = t.mounted;
    }

    /// Whether its dice are still to be set: a type no source gives figures for, at 0 dice.
    pub fn dice_unknown(&self) -> bool {
        self.unit_type().is_some_and(|t| t.status == super::data::Status::NotFound)
            && self.close == 0
            && self.ranged == 0
    }

    /// Its catalog type, if it is one.
    pub fn unit_type(&self) -> Option<&'static UnitType> {
        unit_type(&self.kind)
    }

    /// Its type's name: the catalog's, or the player's own.
    pub fn type_name(&self) -> &str {
        match self.unit_type() {
            Some(t) => t.name,
            None if self.kind.trim().is_empty() => "Unit",
            None => &self.kind,
        }
    }
}

/// A leader alone on a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    #[serde(default)]
    pub side: Side,
    #[serde(default)]
    pub hex: Hex,
    #[serde(default)]
    pub kind: LeaderKind,
}

/// A grapple marker between two hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Grapple {
    #[serde(default)]
    pub a: Hex,
    #[serde(default)]
    pub b: Hex,
}

impl Grapple {
    /// The other end, if `h` is one end.
    pub fn partner(&self, h: Hex) -> Option<Hex> {
        if self.a == h {
            Some(self.b)
        } else if self.b == h {
            Some(self.a)
        } else {
            None
        }
    }
}

/// The card whose effect at sea the options are worked out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Card {
    /// Any card that simply orders units (a section card, most tactic cards).
    #[default]
    Order,
    InfantryOnslaught,
    CavalryCharge,
    SerpentCommand,
    MoveAsWind,
    KatchuKeibaVictor,
    SpiritOfHayaJi,
}

impl Card {
    pub const ALL: [Card; 7] = [
        Card::Order,
        Card::InfantryOnslaught,
        Card::CavalryCharge,
        Card::SerpentCommand,
        Card::MoveAsWind,
        Card::KatchuKeibaVictor,
        Card::SpiritOfHayaJi,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Card::Order => "order",
            Card::InfantryOnslaught => "infantry-onslaught",
            Card::CavalryCharge => "cavalry-charge",
            Card::SerpentCommand => "serpent-command",
            Card::MoveAsWind => "move-as-wind",
            Card::KatchuKeibaVictor => "katchu-keiba-victor",
            Card::SpiritOfHayaJi => "spirit-of-haya-ji",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Card::Order => "An ordinary order (section or tactic card)",
            Card::InfantryOnslaught => "Infantry Onslaught (ordering naval units)",
            Card::CavalryCharge => "Cavalry Charge (ordering naval units)",
            Card::SerpentCommand => "Serpent Command",
            Card::MoveAsWind => "Move as Wind (Dragon card)",
            Card::KatchuKeibaVictor => "Katchu-Keiba Victor (Dragon card)",
            Card::SpiritOfHayaJi => "Spirit of Haya-Ji (Dragon card)",
        }
    }

    /// The cards whose naval use orders naval units or land units, never both, and at most four
    /// naval units (Infantry Onslaught, Cavalry Charge).
    pub fn orders_four_at_sea(self) -> bool {
        matches!(self, Card::InfantryOnslaught | Card::CavalryCharge)
    }

    /// The Dragon cards that lengthen a move "as their text says".
    pub fn lengthens_move(self) -> bool {
        matches!(self, Card::MoveAsWind | Card::KatchuKeibaVictor | Card::SpiritOfHayaJi)
    }
}

impl bounds::Document for Scenario {
    const NOUN: &'static str = "scenario";
    const ENTRIES: &'static str = "terrain rows, units, lone leaders and grapples";

    fn entries(&self) -> usize {
        self.terrain.len() + self.units.len() + self.leaders.len() + self.grapples.len()
    }

    fn names(&self) -> Vec<&str> {
        let mut names = vec![self.name.as_str(), self.side_a.as_str(), self.side_b.as_str()];
        names.extend(self.units.iter().map(|u| u.kind.as_str()));
        names.extend(self.terrain.iter().map(String::as_str));
        names
    }
}

impl bounds::Named for Scenario {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

/// Serde: terrain rows, each one line of bounded length like a name.
fn terrain<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Row(String);
    impl<'de> Deserialize<'de> for Row {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            bounds::name(d).map(Row)
        }
    }
    Ok(Vec::<Row>::deserialize(d)?.into_iter().map(|r| r.0).collect())
}
