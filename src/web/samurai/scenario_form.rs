//! The scenario form's words and buttons. Inputs are named by the scenario's paths
//! ("units.2.close"), the paths the engine's problems carry, so the form codec reads them and a
//! problem lands next to its unit. Hex buttons on the map say what the chosen tool does there.

use super::view::Tool;
use crate::games::Problem;
use crate::games::samurai::{Grapple, Hex, Leader, LeaderKind, Scenario, Side, Unit};
use crate::web::http::codec;
use crate::web::http::fields::Fields;

mod direct;

/// Reads the scenario form through the form codec, then each unit's type as the row's fields
/// give it: its list of types, or with "your own type" chosen the name typed beside it
/// (`own_type.{i}`); a unit whose type changed from the one the row showed (`type_was.{i}`)
/// takes the new type's figures, its dice, rank and whether it is mounted. A row of the player's
/// own type shows an empty `type_was` (its name is in `own_type`, once): a catalog type chosen
/// there is a change, and an own name never gives figures to take.
pub fn read(f: &Fields) -> Result<(Scenario, Vec<Problem>), codec::Refused> {
    let (mut s, problems) = codec::direct::decode_with(f, direct::read, label)?;
    let rows = s.units.len();
    let (own_types, types_were) = (f.by_row("own_type", rows), f.by_row("type_was", rows));
    for ((u, own), was) in s.units.iter_mut().zip(own_types).zip(types_were) {
        if u.kind.trim().is_empty()
            && let Some(own) = own
        {
            u.kind = crate::games::bounds::one_line(own);
        }
        let changed = was.is_some_and(|was| was != u.kind);
        if changed && let Some(t) = u.unit_type() {
            u.take_type(t);
        }
    }
    Ok((s, problems))
}

/// The player's words for a field: "Unit 2 close".
pub(super) fn label(path: &str) -> String {
    let n = |k: &str| k.parse::<usize>().map_or(1, |k| k + 1);
    match path.split('.').collect::<Vec<_>>()[..] {
        ["units", i, field] => format!("Unit {} {}", n(i), field.replace('_', " ")),
        ["leaders", i, field] => format!("Lone leader {} {field}", n(i)),
        ["grapples", i, end] => format!("Grapple {} end {end}", n(i)),
        ["board", field] => format!("Board {field}"),
        _ => path.replace('_', " "),
    }
}

/// Does what the pressed button asks:
/// - "hex.D5": what the chosen `tool` does there: make it land or ocean, place a unit of
///   `new_type` for `new_side` (on a hex no unit holds), place a lone leader; selecting changes
///   nothing in the scenario;
/// - "grapple.D5.E5" marks a grapple (once), "ungrapple.D5.E5" removes every grapple between
///   the two;
/// - remove buttons through the codec ("remove.units.2", "remove.leaders.0", "remove.grapples.1").
///
/// Anything else changes nothing; a list button that does not fit the form gives the problem
/// to show.
pub fn press(s: &mut Scenario, action: &str, f: &Fields) -> Option<Problem> {
    if let Some(h) = action.strip_prefix("hex.").and_then(Hex::parse) {
        let side = if f.get("new_side") == Some("b") { Side::B } else { Side::A };
        match Tool::parse(f.get("tool").unwrap_or("")) {
            Tool::Select => {}
            Tool::Land => s.set_land(h, true),
            Tool::Ocean => s.set_land(h, false),
            Tool::Unit => {
                if !s.units.iter().any(|u| u.hex == h) {
                    s.units.push(Unit::of_type(f.get("new_type").unwrap_or("ashigaru-bow"), side, h));
                }
            }
            Tool::Leader => {
                let kind = if f.get("new_leader") == Some("mounted") {
                    LeaderKind::Mounted
                } else {
                    LeaderKind::Foot
                };
                s.leaders.push(Leader { side, hex: h, kind });
            }
        }
        return None;
    }
    let pair = |rest: &str| {
        let (a, b) = rest.split_once('.')?;
        Some(Grapple { a: Hex::parse(a)?, b: Hex::parse(b)? })
    };
    if let Some(g) = action.strip_prefix("grapple.").and_then(pair) {
        if !s.grapples.iter().any(|x| x.partner(g.a) == Some(g.b)) {
            s.grapples.push(g);
        }
        return None;
    }
    if let Some(g) = action.strip_prefix("ungrapple.").and_then(pair) {
        s.grapples.retain(|x| x.partner(g.a) != Some(g.b));
        return None;
    }
    codec::press(s, action, |_, _| None)
}
