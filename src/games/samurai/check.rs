//! Checking a scenario: every unit, leader and grapple where the rules allow it. Each problem is
//! explained at its field; none blocks a save.

use super::hex::Hex;
use super::layout::{GrappleFault, Layout};
use super::scenario::{DOCUMENT_VERSION, Scenario, Unit};
use crate::games::{Code, Problem};

/// The most dice a unit's figure may hold (a square unit rolls 4; cards add to that at the table).
pub const MAX_DICE: u8 = 6;
/// Blocks a unit may have: 1 (one left) to 6.
pub const BLOCKS: std::ops::RangeInclusive<u8> = 1..=6;

/// "Unit 3 (Ashigaru Spearmen, Taira)".
pub fn unit_label(s: &Scenario, k: usize, u: &Unit) -> String {
    format!("Unit {} ({}, {})", k + 1, u.type_name(), s.side_name(u.side))
}

/// Where a hex off the board is: "M2, off the 13 by 9 board (rows 1 to 9; A to M on odd rows, A
/// to L on even ones)".
fn off_board(l: &Layout, h: Hex) -> String {
    let b = l.board;
    let last = |w: u8| char::from(b'A' + w.saturating_sub(1).min(25));
    format!(
        "{h}, off the {} by {} board (rows 1 to {}; A to {} on odd rows, A to {} on even ones)",
        b.width,
        b.rows,
        b.rows,
        last(b.width),
        last(b.row_width(1))
    )
}

/// Every problem of the scenario, its own first, then its terrain, units, leaders and grapples.
pub fn problems(l: &Layout) -> Vec<Problem> {
    let s = l.s;
    let mut out = Vec::new();
    if s.version != DOCUMENT_VERSION {
        out.push(Problem::warning(
            Code::UnknownVersion,
            Some("version".into()),
            format!("This scenario says it is version {}; this Drydock reads version {DOCUMENT_VERSION}, so fields it does not know were dropped", s.version),
        ));
    }
    terrain(l, &mut out);
    units(l, &mut out);
    leaders(l, &mut out);
    grapples(l, &mut out);
    out
}

fn terrain(l: &Layout, out: &mut Vec<Problem>) {
    let b = l.board;
    for (r, row) in l.s.terrain.iter().enumerate() {
        let past_rows = r >= usize::from(b.rows);
        let width = u8::try_from(r).map_or(0, |r| b.row_width(r));
        let land_past = row
            .bytes()
            .skip(if past_rows { 0 } else { usize::from(width) })
            .any(|c| c.eq_ignore_ascii_case(&b'l'));
        if land_past {
            out.push(Problem::warning(
                Code::TerrainBeyondBoard,
                Some(format!("terrain.{r}")),
                format!(
                    "Terrain row {} marks land beyond the board's edge (the board is {} by {}); that land is left off the map",
                    r + 1,
                    b.width,
                    b.rows
                ),
            ));
        }
    }
}

fn units(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    let mut ships = [None::<usize>; 2];
    for (k, u) in s.units.iter().enumerate() {
        let who = || unit_label(s, k, u);
        let at = |field: &str| Some(format!("units.{k}.{field}"));
        if !l.on_board(u.hex) {
            out.push(Problem::error(
                Code::HexOffBoard,
                at("hex"),
                format!("{} is on {}", who(), off_board(l, u.hex)),
            ));
        } else if let Some(first) = l.unit_at(u.hex).filter(|&f| f != k) {
            out.push(Problem::error(
                Code::HexTaken,
                at("hex"),
                format!(
                    "{} is on {}, which {} already holds: one unit to a hex. Move one of them",
                    who(),
                    u.hex,
                    unit_label(s, first, &s.units[first])
                ),
            ));
        }
        match u.unit_type() {
            None => out.push(Problem::warning(
                Code::UnknownUnitType,
                at("type"),
                format!(
                    "{} is not a unit type we know: its dice are as you set them, and its rank decides which swords it ignores",
                    who()
                ),
            )),
            Some(t) if t.status == super::data::Status::NotFound && u.close == 0 && u.ranged == 0 => {
                out.push(Problem::warning(
                    Code::DiceNotSet,
                    at("close"),
                    format!("{}: no source gives this type's dice, so they start at 0. Set the dice the scenario gives", who()),
                ));
            }
            Some(_) => {}
        }
        for (field, n) in [("close", u.close), ("ranged", u.ranged)] {
            if n > MAX_DICE {
                out.push(Problem::error(
                    Code::DiceOutOfRange,
                    at(field),
                    format!("{} has {n} {field} dice; a unit's figure is 0 to {MAX_DICE} (cards and leaders add theirs at the table)", who()),
                ));
            }
        }
        if !BLOCKS.contains(&u.blocks) {
            out.push(Problem::error(
                Code::BlocksOutOfRange,
                at("blocks"),
                format!(
                    "{} has {} blocks; a unit on the map has {} to {} (with none left it is gone)",
                    who(),
                    u.blocks,
                    BLOCKS.start(),
                    BLOCKS.end()
                ),
            ));
        }
        if u.command_ship {
            if l.on_board(u.hex) && !l.naval(u) {
                out.push(Problem::error(
                    Code::CommandShipOnLand,
                    at("command_ship"),
                    format!(
                        "{} is marked as a Command Ship but stands on land at {}: a Command Ship is on an ocean hex. Ashore its tile is an ordinary Command Tent: untick Command Ship",
                        who(),
                        u.hex
                    ),
                ));
            }
            let side = usize::from(u.side == super::scenario::Side::B);
            match ships[side] {
                Some(first) => out.push(Problem::error(
                    Code::CommandShipTwice,
                    at("command_ship"),
                    format!(
                        "{} is a second Command Ship for {}: a side has at most one (unit {} is already theirs)",
                        who(),
                        s.side_name(u.side),
                        first + 1
                    ),
                )),
                None => ships[side] = Some(k),
            }
        }
    }
}

fn leaders(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    for (k, leader) in s.leaders.iter().enumerate() {
        let who = format!("Lone leader {} ({})", k + 1, s.side_name(leader.side));
        let at = Some(format!("leaders.{k}.hex"));
        let h = leader.hex;
        if !l.on_board(h) {
            out.push(Problem::error(Code::HexOffBoard, at, format!("{who} is on {}", off_board(l, h))));
        } else if let Some(u) = l.unit_at(h) {
            out.push(Problem::error(
                Code::LeaderOnUnit,
                at,
                format!(
                    "{who} shares {h} with {}: a leader on a unit's hex is attached to it. Remove the lone leader and set the unit's leader instead",
                    unit_label(s, u, &s.units[u])
                ),
            ));
        } else if l.leader_at(h) != Some(k) {
            out.push(Problem::error(
                Code::HexTaken,
                at,
                format!("{who} is on {h}, which another lone leader already holds"),
            ));
        } else if l.ocean(h) {
            out.push(Problem::error(
                Code::LeaderAtSea,
                at,
                format!("{who} is alone on the open ocean at {h}: a leader at sea must be aboard a friendly unit's boat. Attach it to a unit or put it ashore"),
            ));
        }
    }
}

fn grapples(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    for (k, g) in s.grapples.iter().enumerate() {
        let at = Some(format!("grapples.{k}"));
        let who = format!("Grapple {} ({} to {})", k + 1, g.a, g.b);
        let (a, b) = match (l.unit_at(g.a), l.unit_at(g.b)) {
            (Some(a), Some(b)) => (a, b),
            (a, _) => {
                let empty = if a.is_none() { g.a } else { g.b };
                out.push(Problem::error(
                    Code::GrappleNoUnit,
                    at,
                    format!("{who}: no unit holds {empty}. A grapple joins two units; remove it or move a unit there"),
                ));
                continue;
            }
        };
        let message = match l.grapple_holds(a, b) {
            Ok(()) => continue,
            Err(GrappleFault::NotAdjacent) => (
                Code::GrappleNotAdjacent,
                format!(
                    "{who}: the two hexes are {} apart; a grapple joins units in hexes side by side",
                    g.a.distance(g.b)
                ),
            ),
            Err(GrappleFault::SameSide) => (
                Code::GrappleSameSide,
                format!("{who}: both units are {}'s; a grapple joins enemies", s.side_name(s.units[a].side)),
            ),
            Err(GrappleFault::NotNaval) => (
                Code::GrappleNotNaval,
                format!("{who}: both units are on land; a grapple needs at least one of them at sea"),
            ),
        };
        out.push(Problem::error(message.0, at, message.1));
    }
}
