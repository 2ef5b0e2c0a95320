//! The forum-post text of a scenario, and its one-line summary.

use std::fmt::Write as _;

use super::Judgement;
use super::scenario::{Scenario, Side};
use crate::games::legality_text;

/// "Dan-no-ura", or "Unnamed scenario".
pub fn title(s: &Scenario) -> &str {
    if s.name.trim().is_empty() { "Unnamed scenario" } else { &s.name }
}

/// Plain text for a forum post: the board, the wind and tide, each side's order of battle (hex,
/// type, dice at sea or ashore, leader, Command Ship), lone leaders, grapples, legality.
pub fn text_export(s: &Scenario, j: &Judgement) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", title(s));
    let land = s.board.hexes().filter(|&h| s.is_land(h)).count();
    let _ = writeln!(
        out,
        "Samurai Battles naval scenario: {} by {} hexes ({land} land), wind and tide toward the {}",
        s.board.width,
        s.board.rows,
        s.wind.names()
    );
    let _ = writeln!(out, "Options worked out for: {}", s.card.name());
    for side in Side::BOTH {
        let edge = if side == Side::A { "bottom" } else { "top" };
        let _ = writeln!(out, "\n{} (holds the {edge} edge)", s.side_name(side));
        let mut any = false;
        for (u, o) in s.units.iter().zip(&j.units).filter(|(u, _)| u.side == side) {
            any = true;
            let place = if o.naval {
                "at sea"
            } else if o.shore {
                "on the shore"
            } else {
                "ashore"
            };
            let _ = write!(out, "  {} {} ({place}): close {}", u.hex, u.type_name(), o.dice.close);
            if o.dice.ranged > 0 {
                let _ = write!(out, ", ranged {}", o.dice.ranged);
            }
            let _ = write!(out, ", {} blocks", u.blocks);
            if u.mounted {
                out.push_str(", mounted");
            }
            if let Some(l) = u.leader {
                let _ = write!(out, ", {}", l.name().to_lowercase());
            }
            if u.command_ship {
                out.push_str(", Command Ship");
            }
            if u.flat {
                out.push_str(", lying flat");
            }
            if u.ordered {
                out.push_str(", ordered");
            }
            out.push('\n');
        }
        for l in s.leaders.iter().filter(|l| l.side == side) {
            any = true;
            let _ = writeln!(out, "  {} {} (alone)", l.hex, l.kind.name());
        }
        if !any {
            out.push_str("  (nothing placed)\n");
        }
    }
    if !s.grapples.is_empty() {
        let pairs: Vec<String> = s.grapples.iter().map(|g| format!("{}-{}", g.a, g.b)).collect();
        let _ = writeln!(out, "\nGrappled: {}", pairs.join(", "));
    }
    out.push_str(&legality_text(&j.problems));
    let _ = writeln!(out, "\nChecked by Drydock (Samurai Battles naval rules, engine v{})", j.engine_version);
    out
}

/// One line for the gallery: "Dan-no-ura: 13x9, 6 and 5 units, wind east, legal".
pub fn summary(s: &Scenario, j: &Judgement) -> String {
    let count = |side: Side| s.units.iter().filter(|u| u.side == side).count();
    format!(
        "{}: {}x{} board, {} and {} units, wind toward the {}, {}",
        title(s),
        s.board.width,
        s.board.rows,
        count(Side::A),
        count(Side::B),
        s.wind.names(),
        if j.legal { "legal" } else { "not legal" }
    )
}
