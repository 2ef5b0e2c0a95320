//! The scenario laid on its board: for each hex, whether it is land and which unit or lone leader
//! holds it, and which grapples hold. Built once per judgement so every question ("is this hex
//! free ocean?") is one look-up.

use super::hex::{Board, Hex};
use super::scenario::{Scenario, Side, Unit};

#[derive(Debug, Clone, Copy, Default)]
struct Cell {
    land: bool,
    /// The first unit on the hex (a second one is a problem, and holds nothing).
    unit: Option<u16>,
    /// The first lone leader on the hex.
    leader: Option<u16>,
}

/// A scenario on its board.
pub struct Layout<'s> {
    pub s: &'s Scenario,
    pub board: Board,
    cells: Vec<Cell>,
    /// For each unit, the units it is grappled with (grapples that hold: see [`Layout::new`]).
    grappled: Vec<Vec<usize>>,
    /// Whether any unit is marked as ordered by the card.
    marked: bool,
}

impl<'s> Layout<'s> {
    pub fn new(s: &'s Scenario) -> Self {
        let board = s.board;
        let mut cells = vec![Cell::default(); board.cells()];
        for h in board.hexes() {
            if let Some(i) = board.index(h) {
                cells[i].land = s.is_land(h);
            }
        }
        for (k, u) in s.units.iter().enumerate() {
            if let (Some(i), Ok(k)) = (board.index(u.hex), u16::try_from(k)) {
                cells[i].unit.get_or_insert(k);
            }
        }
        for (k, l) in s.leaders.iter().enumerate() {
            if let (Some(i), Ok(k)) = (board.index(l.hex), u16::try_from(k)) {
                cells[i].leader.get_or_insert(k);
            }
        }
        let marked = s.units.iter().any(|u| u.ordered);
        let mut layout = Layout { s, board, cells, grappled: vec![Vec::new(); s.units.len()], marked };
        for g in &s.grapples {
            if let (Some(a), Some(b)) = (layout.unit_at(g.a), layout.unit_at(g.b))
                && layout.grapple_holds(a, b).is_ok()
                && !layout.grappled[a].contains(&b)
            {
                layout.grappled[a].push(b);
                layout.grappled[b].push(a);
            }
        }
        layout
    }

    fn cell(&self, h: Hex) -> Option<&Cell> {
        self.board.index(h).and_then(|i| self.cells.get(i))
    }

    pub fn on_board(&self, h: Hex) -> bool {
        self.board.contains(h)
    }

    /// Land by the terrain (off the board: no).
    pub fn land(&self, h: Hex) -> bool {
        self.cell(h).is_some_and(|c| c.land)
    }

    /// Ocean on the board.
    pub fn ocean(&self, h: Hex) -> bool {
        self.cell(h).is_some_and(|c| !c.land)
    }

    /// A land hex beside at least one ocean hex.
    pub fn shore(&self, h: Hex) -> bool {
        self.land(h) && self.board.neighbours(h).any(|(_, n)| self.ocean(n))
    }

    /// The unit holding a hex.
    pub fn unit_at(&self, h: Hex) -> Option<usize> {
        self.cell(h).and_then(|c| c.unit).map(usize::from)
    }

    /// The lone leader holding a hex.
    pub fn leader_at(&self, h: Hex) -> Option<usize> {
        self.cell(h).and_then(|c| c.leader).map(usize::from)
    }

    /// On the board, with neither a unit nor a lone leader.
    pub fn free(&self, h: Hex) -> bool {
        self.cell(h).is_some_and(|c| c.unit.is_none() && c.leader.is_none())
    }

    /// Whether a unit is at sea: on an ocean hex of the board.
    pub fn naval(&self, u: &Unit) -> bool {
        self.ocean(u.hex)
    }

    /// Whether a hex holds a unit of `side`.
    pub fn friend_at(&self, h: Hex, side: Side) -> bool {
        self.unit_at(h).is_some_and(|k| self.s.units[k].side == side)
    }

    /// Whether the player marked which units the card orders.
    pub fn orders_marked(&self) -> bool {
        self.marked
    }

    /// Whether unit `k` moves this turn: it is marked as ordered, or no unit is marked (options
    /// are then shown as if each were ordered).
    pub fn ordered(&self, k: usize) -> bool {
        !self.marked || self.s.units.get(k).is_some_and(|u| u.ordered)
    }

    /// The units unit `k` is grappled with.
    pub fn grappled_with(&self, k: usize) -> &[usize] {
        self.grappled.get(k).map_or(&[], Vec::as_slice)
    }

    /// Whether units `a` and `b` may be grappled: beside each other, of opposite sides, and at
    /// least one of them at sea; the reason why not otherwise.
    pub fn grapple_holds(&self, a: usize, b: usize) -> Result<(), GrappleFault> {
        let (ua, ub) = (&self.s.units[a], &self.s.units[b]);
        if ua.hex.distance(ub.hex) != 1 {
            Err(GrappleFault::NotAdjacent)
        } else if ua.side == ub.side {
            Err(GrappleFault::SameSide)
        } else if !self.naval(ua) && !self.naval(ub) {
            Err(GrappleFault::NotNaval)
        } else {
            Ok(())
        }
    }
}

/// Why two units cannot be grappled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrappleFault {
    NotAdjacent,
    SameSide,
    NotNaval,
}
