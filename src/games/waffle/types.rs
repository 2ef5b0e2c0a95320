//! The seven vehicle types of the Waffle vehicle text, their ids in a roster and how a typed id is
//! read.

use serde::Serialize;
use std::fmt;

/// A vehicle type. A vehicle may have several (a Tank that is also a Transport); one with none is
/// a plain vehicle, which has only the rules every vehicle has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VehicleType {
    Tank,
    Transport,
    Chariot,
    Walker,
    SuperHeavyVehicle,
    SuperHeavyWalker,
    SuperHeavyFlyer,
}

impl VehicleType {
    /// Every type, in the order cards and the catalog list them.
    pub const ALL: [VehicleType; 7] = [
        VehicleType::Tank,
        VehicleType::Transport,
        VehicleType::Chariot,
        VehicleType::Walker,
        VehicleType::SuperHeavyVehicle,
        VehicleType::SuperHeavyWalker,
        VehicleType::SuperHeavyFlyer,
    ];

    /// The id a roster uses: "tank", "super-heavy-walker" (what it serializes to).
    pub const fn id(self) -> &'static str {
        match self {
            VehicleType::Tank => "tank",
            VehicleType::Transport => "transport",
            VehicleType::Chariot => "chariot",
            VehicleType::Walker => "walker",
            VehicleType::SuperHeavyVehicle => "super-heavy-vehicle",
            VehicleType::SuperHeavyWalker => "super-heavy-walker",
            VehicleType::SuperHeavyFlyer => "super-heavy-flyer",
        }
    }

    /// The name players read: "Tank", "Super-heavy walker".
    pub const fn name(self) -> &'static str {
        match self {
            VehicleType::Tank => "Tank",
            VehicleType::Transport => "Transport",
            VehicleType::Chariot => "Chariot",
            VehicleType::Walker => "Walker",
            VehicleType::SuperHeavyVehicle => "Super-heavy vehicle",
            VehicleType::SuperHeavyWalker => "Super-heavy walker",
            VehicleType::SuperHeavyFlyer => "Super-heavy flyer",
        }
    }

    /// Reads a type as a player or a client may write it: the id or the name, in any case, with
    /// spaces or underscores for the hyphens and the ends trimmed ("Super-heavy walker",
    /// "SUPER_HEAVY_WALKER", " tank "). `None` for anything else. Does not allocate.
    pub fn parse(text: &str) -> Option<VehicleType> {
        let text = text.trim();
        VehicleType::ALL.into_iter().find(|t| same_id(text, t.id()))
    }

    /// Whether this type fights as a walker does (a Walker, or a Super-heavy walker, which we read
    /// as a walker: see the rule `super-heavy-walker/walker-rules`).
    pub const fn walks(self) -> bool {
        matches!(self, VehicleType::Walker | VehicleType::SuperHeavyWalker)
    }

    /// Whether this is one of the three super-heavy types.
    pub const fn super_heavy(self) -> bool {
        matches!(
            self,
            VehicleType::SuperHeavyVehicle | VehicleType::SuperHeavyWalker | VehicleType::SuperHeavyFlyer
        )
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for VehicleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `text` spells `id` if they are equal ignoring ASCII case, with ' ' and '_' read as '-'.
fn same_id(text: &str, id: &str) -> bool {
    let norm = |b: u8| match b {
        b' ' | b'_' => b'-',
        b => b.to_ascii_lowercase(),
    };
    text.len() == id.len() && text.bytes().zip(id.bytes()).all(|(a, b)| norm(a) == b)
}

/// A set of vehicle types, in the order of [`VehicleType::ALL`] whatever order they were added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TypeSet(u8);

impl TypeSet {
    /// No types: a plain vehicle.
    pub const EMPTY: TypeSet = TypeSet(0);

    /// The set of the given types.
    pub fn of(types: &[VehicleType]) -> TypeSet {
        types.iter().fold(TypeSet::EMPTY, |s, &t| s.with(t))
    }

    /// This set and `t`.
    #[must_use]
    pub const fn with(self, t: VehicleType) -> TypeSet {
        TypeSet(self.0 | t.bit())
    }

    pub const fn has(self, t: VehicleType) -> bool {
        self.0 & t.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether any type in the set fights as a walker does.
    pub const fn walks(self) -> bool {
        self.has(VehicleType::Walker) || self.has(VehicleType::SuperHeavyWalker)
    }

    /// The types, in the order of [`VehicleType::ALL`].
    pub fn iter(self) -> impl Iterator<Item = VehicleType> {
        VehicleType::ALL.into_iter().filter(move |t| self.has(*t))
    }
}

impl Serialize for TypeSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}
