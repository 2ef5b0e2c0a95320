//! Reach: how one unit's options meet each hex (sailing there one or two hexes, embarking or
//! disembarking onto it, grappling the enemy boat on it), and a side's threat map, the union
//! of its units' reaches. Both read the [`UnitOptions`] the engine worked out (with the wind and
//! tide, the card and the units it orders): nothing here decides a rule again.

use serde::Serialize;

use super::Judgement;
use super::hex::Hex;
use super::options::UnitOptions;
use super::scenario::Side;

/// How a unit reaches a hex this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Reach {
    /// Sails there: a naval move of one or two hexes.
    Sail(u8),
    /// Embarks onto it: a land unit into a boat on the ocean hex beside it.
    Embark,
    /// Disembarks onto it: a boat's unit onto the land hex beside it.
    Disembark,
    /// May spend a sword to grapple the enemy boat on it.
    Grapple,
}

impl UnitOptions {
    /// How this unit reaches `h`, if it does. A hex is reached one way: a landing before a sea
    /// move (a landing is one of its `moves`), either before a grapple (a grapple's hex holds a
    /// unit, so none is both).
    pub fn reach_at(&self, h: Hex) -> Option<Reach> {
        if self.landings.contains(&h) {
            Some(if self.naval { Reach::Disembark } else { Reach::Embark })
        } else if self.moves.contains(&h) {
            Some(Reach::Sail(if self.hex.distance(h) == 1 { 1 } else { 2 }))
        } else if self.grapple.contains(&h) {
            Some(Reach::Grapple)
        } else {
            None
        }
    }

    /// Every hex this unit reaches, each once, with how: its moves, landings and grapples.
    pub fn reach(&self) -> impl Iterator<Item = (Hex, Reach)> + '_ {
        self.moves.iter().chain(&self.grapple).filter_map(|&h| self.reach_at(h).map(|r| (h, r)))
    }
}

/// One hex a side threatens: which of its units reach it, and how.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ThreatHex {
    pub hex: Hex,
    /// (the unit's place in the scenario's units, from 0; how it reaches the hex), by unit.
    pub units: Vec<(usize, Reach)>,
}

/// A side's threat map: every hex any of its units reaches this turn, in the board's reading
/// order (row by row from the top, each row from the left).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Threat {
    pub side: Side,
    pub hexes: Vec<ThreatHex>,
}

impl Threat {
    /// The hex's entry, if the side reaches it.
    pub fn at(&self, h: Hex) -> Option<&ThreatHex> {
        self.hexes
            .binary_search_by_key(&(h.row, h.col), |t| (t.hex.row, t.hex.col))
            .ok()
            .map(|i| &self.hexes[i])
    }

    /// How many units of the side reach at least one hex.
    pub fn units(&self) -> usize {
        let mut units: Vec<usize> = self.hexes.iter().flat_map(|t| t.units.iter().map(|u| u.0)).collect();
        units.sort_unstable();
        units.dedup();
        units.len()
    }
}

/// The threat map of `side`: the union of [`UnitOptions::reach`] over its units, each unit's
/// reach worked out with every other piece where it stands (as the single unit's options are).
/// At most 18 hexes a unit (the two rings around it), so at most 3,600 entries for 200 units.
pub fn threat(j: &Judgement, side: Side) -> Threat {
    let mut all: Vec<(Hex, usize, Reach)> = j
        .units
        .iter()
        .filter(|o| o.side == side)
        .flat_map(|o| o.reach().map(move |(h, r)| (h, o.id, r)))
        .collect();
    all.sort_unstable_by_key(|&(h, k, _)| (h.row, h.col, k));
    let mut hexes: Vec<ThreatHex> = Vec::new();
    for (h, k, r) in all {
        match hexes.last_mut() {
            Some(t) if t.hex == h => t.units.push((k, r)),
            _ => hexes.push(ThreatHex { hex: h, units: vec![(k, r)] }),
        }
    }
    Threat { side, hexes }
}
