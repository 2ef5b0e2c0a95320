//! The forum-post text of a fleet, and its one-line summary.

use std::fmt::Write as _;

use super::fleet::{Check, EntryFigures, Fleet, check};

/// Plain text for a forum post: fleet name, faction and points, each ship with its options and
/// points, each escort squadron ("3 x Sword frigates"), the ordnance, legality and every problem.
pub fn text_export(fleet: &Fleet) -> String {
    let c = check(fleet);
    let mut out = String::new();
    let faction = c.faction_name.clone().unwrap_or_else(|| format!("Unknown faction \"{}\"", fleet.faction));
    let name = fleet.name.trim();
    if name.is_empty() {
        out.push_str(&faction);
    } else {
        let _ = write!(out, "{name} - {faction}");
    }
    let _ = writeln!(out, ", {} / {} pts", c.points, c.limit);

    if !c.ships.is_empty() {
        out.push_str("\nShips\n");
        for e in &c.ships {
            let _ = writeln!(out, "  {}{}: {} pts", ship_label(e), options(e), e.points);
        }
    }
    if !c.squadrons.is_empty() {
        out.push_str("\nEscorts\n");
        for e in &c.squadrons {
            let named = if e.name.is_empty() { String::new() } else { format!(" ({})", e.name) };
            let _ = writeln!(out, "  {} x {}{named}{}: {} pts", e.count, plural(e), options(e), e.points);
        }
    }

    let o = &c.ordnance;
    out.push_str("\nOrdnance\n");
    let doubled = if o.doubled { ", bays that never run out counted twice" } else { "" };
    let _ = writeln!(
        out,
        "  Launch bays: {} in {} {}; fleet limit {} attack craft in play{doubled}",
        o.bays,
        o.carriers,
        if o.carriers == 1 { "carrier" } else { "carriers" },
        o.fleet_limit
    );
    let entries = c.ships.iter().map(|e| (true, e)).chain(c.squadrons.iter().map(|e| (false, e)));
    for (ship, e) in entries.filter(|(_, e)| e.bays > 0 || e.torpedoes.is_some()) {
        let who = if ship { ship_label(e) } else { format!("{} x {}", e.count, plural(e)) };
        let mut parts = Vec::new();
        if e.bays > 0 {
            let craft: Vec<String> =
                e.craft.iter().map(|k| format!("{} {} cm", k.name, k.speed_cm)).collect();
            let each = if e.count > 1 { " each" } else { "" };
            parts.push(format!(
                "{} {}{each} ({})",
                e.bays,
                if e.bays == 1 { "bay" } else { "bays" },
                craft.join(", ")
            ));
        }
        if let Some(t) = &e.torpedoes_text {
            parts.push((*t).to_string());
        }
        let _ = writeln!(out, "  {who}: {}", parts.join("; "));
    }

    out.push_str(&crate::games::legality_text(&c.problems));
    let _ = writeln!(out, "\nChecked by Drydock (Battlefleet Gothic, engine v{})", c.engine_version);
    out
}

/// One line for a gallery card: "Imperial Navy, 505 of 1500 pts, 5 ships, fleet limit 4
/// attack craft".
pub fn summary(c: &Check) -> String {
    let faction = c.faction_name.as_deref().unwrap_or("Unknown faction");
    let ships: u64 = c.ships.iter().chain(&c.squadrons).map(|e| u64::from(e.count)).sum();
    let mut line = format!(
        "{faction}, {} of {} pts, {ships} {}",
        c.points,
        c.limit,
        if ships == 1 { "ship" } else { "ships" }
    );
    if c.ordnance.fleet_limit > 0 {
        let _ = write!(line, ", fleet limit {} attack craft", c.ordnance.fleet_limit);
    }
    line
}

fn ship_label(e: &EntryFigures) -> String {
    if e.name.is_empty() { e.class_name.to_string() } else { format!("{} ({})", e.name, e.class_name) }
}

fn plural(e: &EntryFigures) -> String {
    if e.count == 1 { e.class_name.to_string() } else { format!("{}s", e.class_name) }
}

fn options(e: &EntryFigures) -> String {
    e.options.iter().map(|o| format!(" + {}", o.name)).collect()
}
