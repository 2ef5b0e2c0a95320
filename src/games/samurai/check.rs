//! Checking a scenario: every unit, leader and grapple where the rules allow it. Each problem is
//! explained at its field; none blocks a save.

use super::hex::{Direction, Hex};
use super::layout::{GrappleFault, Layout};
use super::scenario::{DOCUMENT_VERSION, Scenario, Unit};
use crate::games::bounds::short;
use crate::games::{Problem, samurai::Code};

/// The most dice a unit's figure may hold (a square unit rolls 4; cards add to that at the table).
pub const MAX_DICE: u8 = 6;
/// Blocks a unit may have: 1 (one left) to 6.
pub const BLOCKS: std::ops::RangeInclusive<u8> = 1..=6;

/// "Unit 3 (Ashigaru Spearmen, Taira)".
pub fn unit_label(s: &Scenario, k: usize, u: &Unit) -> String {
    format!("Unit {} ({}, {})", k + 1, short(u.type_name()), short(s.side_name(u.side)))
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
    out.extend(crate::games::version_problem("scenario", s.version, DOCUMENT_VERSION));
    if s.wind.is_empty() {
        out.push(Problem::warning(
            Code::WindNotSet,
            Some("wind".into()),
            "No direction is set for the wind and tide, so no hex side is with them and every boat moves one hex at a time. Choose the direction (or directions) the scenario map notes".into(),
        ));
    }
    terrain(l, &mut out);
    units(l, &mut out);
    orders(l, &mut out);
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
        // A type no source gives dice for is not a problem: its fields say so, in words.
        if u.unit_type().is_none() {
            out.push(Problem::warning(
                Code::UnknownUnitType,
                at("type"),
                format!(
                    "{} is not a unit type we know: its dice are as you set them, and its rank decides which swords it ignores",
                    who()
                ),
            ));
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
                        short(s.side_name(u.side)),
                        first + 1
                    ),
                )),
                None => ships[side] = Some(k),
            }
        }
    }
}

/// The units marked as ordered by the card: one side's, and for Infantry Onslaught and Cavalry
/// Charge at sea, naval units or land units but not both, at most four naval ones, and for
/// Infantry Onslaught those side by side in one group (each beside another of them).
fn orders(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    let ordered: Vec<usize> = (0..s.units.len()).filter(|&k| s.units[k].ordered).collect();
    let Some(&first) = ordered.first() else { return };
    let at = |k: usize| Some(format!("units.{k}.ordered"));
    let labels = |ks: &[usize]| -> String {
        let names: Vec<String> = ks.iter().map(|&k| unit_label(s, k, &s.units[k])).collect();
        crate::games::and_list(&names.iter().map(String::as_str).collect::<Vec<_>>())
    };
    if let Some(&other) = ordered.iter().find(|&&k| s.units[k].side != s.units[first].side) {
        out.push(Problem::error(
            Code::OrderedBothSides,
            at(other),
            format!(
                "{} is marked as ordered, and so is {}: a card orders one side's units. Untick the other side's",
                unit_label(s, other, &s.units[other]),
                unit_label(s, first, &s.units[first])
            ),
        ));
        return;
    }
    let card = s.card;
    if !card.orders_four_at_sea() {
        return;
    }
    let (naval, land): (Vec<usize>, Vec<usize>) = ordered.iter().partition(|&&k| l.naval(&s.units[k]));
    if !naval.is_empty() && !land.is_empty() {
        out.push(Problem::error(
            Code::CardMixesLandAndSea,
            at(land[0]),
            format!(
                "{} orders land units or naval units, never both: {} at sea and {} ashore are marked. Untick one kind",
                card.name(),
                labels(&naval),
                labels(&land)
            ),
        ));
    }
    if naval.len() > 4 {
        out.push(Problem::error(
            Code::CardOrdersTooMany,
            at(naval[4]),
            format!(
                "{} orders at most four naval units; {} are marked ({})",
                card.name(),
                naval.len(),
                labels(&naval)
            ),
        ));
    }
    if card == super::scenario::Card::InfantryOnslaught && naval.len() > 1 {
        let groups = groups(l, &naval);
        if groups.len() > 1 {
            let apart: Vec<usize> = groups.iter().skip(1).flatten().copied().collect();
            out.push(Problem::error(
                Code::OnslaughtNotAdjacent,
                at(apart[0]),
                format!(
                    "Infantry Onslaught orders naval units side by side, one group each beside another of it; {} {} apart from {}",
                    labels(&apart),
                    if apart.len() == 1 { "is" } else { "are" },
                    labels(&groups[0])
                ),
            ));
        }
    }
}

/// The units `ks` split into groups side by side (each unit beside another of its group), the
/// group of the first unit first, each in the scenario's order.
fn groups(l: &Layout, ks: &[usize]) -> Vec<Vec<usize>> {
    let units = &l.s.units;
    let mut left: Vec<usize> = ks.to_vec();
    let mut out = Vec::new();
    while let Some(start) = left.first().copied() {
        let mut group = vec![start];
        left.retain(|&k| k != start);
        let mut i = 0;
        while i < group.len() {
            let h = units[group[i]].hex;
            let (near, far): (Vec<usize>, Vec<usize>) = left
                .iter()
                .partition(|&&k| Direction::ALL.iter().any(|&d| l.board.step(h, d) == Some(units[k].hex)));
            group.extend(near);
            left = far;
            i += 1;
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

fn leaders(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    for (k, leader) in s.leaders.iter().enumerate() {
        // Worded only for a problem: most leaders and grapples have none.
        let who = || format!("Lone leader {} ({})", k + 1, short(s.side_name(leader.side)));
        let at = || Some(format!("leaders.{k}.hex"));
        let h = leader.hex;
        if !l.on_board(h) {
            out.push(Problem::error(Code::HexOffBoard, at(), format!("{} is on {}", who(), off_board(l, h))));
        } else if let Some(u) = l.unit_at(h) {
            out.push(Problem::error(
                Code::LeaderOnUnit,
                at(),
                format!(
                    "{} shares {h} with {}: a leader on a unit's hex is attached to it. Remove the lone leader and set the unit's leader instead",
                    who(),
                    unit_label(s, u, &s.units[u])
                ),
            ));
        } else if l.leader_at(h) != Some(k) {
            out.push(Problem::error(
                Code::HexTaken,
                at(),
                format!("{} is on {h}, which another lone leader already holds", who()),
            ));
        } else if l.ocean(h) {
            out.push(Problem::error(
                Code::LeaderAtSea,
                at(),
                format!("{} is alone on the open ocean at {h}: a leader at sea must be aboard a friendly unit's boat. Attach it to a unit or put it ashore", who()),
            ));
        }
    }
}

fn grapples(l: &Layout, out: &mut Vec<Problem>) {
    let s = l.s;
    for (k, g) in s.grapples.iter().enumerate() {
        let at = || Some(format!("grapples.{k}"));
        let who = || format!("Grapple {} ({} to {})", k + 1, g.a, g.b);
        let (a, b) = match (l.unit_at(g.a), l.unit_at(g.b)) {
            (Some(a), Some(b)) => (a, b),
            (a, _) => {
                let empty = if a.is_none() { g.a } else { g.b };
                out.push(Problem::error(
                    Code::GrappleNoUnit,
                    at(),
                    format!("{}: no unit holds {empty}. A grapple joins two units; remove it or move a unit there", who()),
                ));
                continue;
            }
        };
        let message = match l.grapple_holds(a, b) {
            Ok(()) => continue,
            Err(GrappleFault::NotAdjacent) => (
                Code::GrappleNotAdjacent,
                format!(
                    "{}: the two hexes are {} apart; a grapple joins units in hexes side by side",
                    who(),
                    g.a.distance(g.b)
                ),
            ),
            Err(GrappleFault::SameSide) => (
                Code::GrappleSameSide,
                format!(
                    "{}: both units are {}'s; a grapple joins enemies",
                    who(),
                    short(s.side_name(s.units[a].side))
                ),
            ),
            Err(GrappleFault::NotNaval) => (
                Code::GrappleNotNaval,
                format!("{}: both units are on land; a grapple needs at least one of them at sea", who()),
            ),
        };
        out.push(Problem::error(message.0, at(), message.1));
    }
}
