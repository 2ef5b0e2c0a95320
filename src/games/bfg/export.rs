//! The forum-post text of a fleet, and its one-line summary.

use std::fmt::Write as _;

use super::battle::labels;
use super::document::Fleet;
use super::fleet::{Check, EntryFigures, LeaderFigures, check};

/// Plain text for a forum post: fleet name, faction, list and points, each ship (named as the
/// roster and the tracker name it) with its options, leaders, squadron and points, each escort
/// squadron ("3 x Sword frigates"), the fleet's own leaders, the ordnance, legality and every
/// problem.
pub fn text_export(fleet: &Fleet) -> String {
    let c = check(fleet);
    let mut out = String::new();
    let faction = match (&c.faction_name, &c.list_name) {
        (Some(f), Some(l)) => format!("{f} ({l})"),
        (Some(f), None) => f.clone(),
        _ => format!("Unknown faction \"{}\"", fleet.faction),
    };
    let name = fleet.name.trim();
    if name.is_empty() {
        out.push_str(&faction);
    } else {
        let _ = write!(out, "{name} - {faction}");
    }
    let _ = writeln!(out, ", {} / {} pts", c.points, c.limit);

    let names = titles(fleet, &c);
    if !c.ships.is_empty() {
        out.push_str("\nShips\n");
        for (e, name) in c.ships.iter().zip(&names) {
            let _ =
                writeln!(out, "  {name}{}{}{}: {} pts", options(e), leaders(&e.leaders), marks(e), e.points);
        }
    }
    if !c.squadrons.is_empty() {
        out.push_str("\nEscorts\n");
        for e in &c.squadrons {
            let named = if e.name.is_empty() { String::new() } else { format!(" ({})", e.name) };
            let _ = writeln!(
                out,
                "  {} x {}{named}{}{}{}: {} pts",
                e.count,
                plural(e),
                options(e),
                leaders(&e.leaders),
                marks(e),
                e.points
            );
        }
    }
    if !c.leaders.is_empty() {
        out.push_str("\nFleet\n");
        for l in &c.leaders {
            let _ = writeln!(out, "  {}: {} pts", leader(l), l.points);
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
    let entries = c
        .ships
        .iter()
        .zip(&names)
        .map(|(e, n)| (Some(n.clone()), e))
        .chain(c.squadrons.iter().map(|e| (None, e)));
    for (name, e) in entries.filter(|(_, e)| e.counted && (e.bays > 0 || e.torpedoes.is_some())) {
        let who = name.unwrap_or_else(|| format!("{} x {}", e.count, plural(e)));
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
        parts.extend(e.salvoes.iter().map(|t| t.text.to_string()));
        let _ = writeln!(out, "  {who}: {}", parts.join("; "));
    }

    out.push_str(&crate::games::legality_text(&c.problems));
    let _ = writeln!(out, "\nChecked by Drydock (Battlefleet Gothic, engine v{})", c.engine_version);
    out
}

/// One line for a gallery card: "Imperial Navy (Gothic Sector), 505 of 1500 pts, 5 ships,
/// fleet limit 4 attack craft".
pub fn summary(c: &Check) -> String {
    let faction = match (&c.faction_name, &c.list_name) {
        (Some(f), Some(l)) => format!("{f} ({l})"),
        (Some(f), None) => f.clone(),
        _ => "Unknown faction".to_string(),
    };
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

/// The capital ships' names, as the roster and the tracker give them; an unknown class as sent.
fn titles(fleet: &Fleet, c: &Check) -> Vec<String> {
    let mut names = labels(fleet).into_iter();
    c.ships
        .iter()
        .map(|e| if e.known { names.next().unwrap_or_else(|| e.title()) } else { e.title() })
        .collect()
}

/// A leader in words: "Admiral (Ld 9, 1 + 1 re-rolls)".
fn leader(l: &LeaderFigures) -> String {
    if !l.known {
        return format!("\"{}\"", l.name);
    }
    let rerolls = match (l.rerolls_included, l.rerolls_bought) {
        (inc, 0) => format!("{inc} re-rolls"),
        (inc, n) => format!("{inc} + {n} re-rolls"),
    };
    let ld = if l.leadership.starts_with('-') { String::new() } else { format!("Ld {}, ", l.leadership) };
    format!("{} ({ld}{rerolls})", l.name)
}

fn leaders(all: &[LeaderFigures]) -> String {
    if all.is_empty() {
        return String::new();
    }
    let each: Vec<String> = all.iter().map(leader).collect();
    format!(", {}", each.join(", "))
}

/// The entry's squadron, reserve and not-counted marks.
fn marks(e: &EntryFigures) -> String {
    let mut out = String::new();
    if !e.group.is_empty() {
        let _ = write!(out, " [squadron {}]", e.group);
    }
    if e.reserve {
        out.push_str(" [reserve]");
    }
    if e.known && !e.counted {
        out.push_str(" [not counted: not of this fleet]");
    }
    out
}

fn plural(e: &EntryFigures) -> String {
    if e.count == 1 { e.class_name.to_string() } else { format!("{}s", e.class_name) }
}

fn options(e: &EntryFigures) -> String {
    e.options
        .iter()
        .map(|o| {
            if o.picks > 1 {
                format!(" + {} x{}", o.option.name, o.picks)
            } else {
                format!(" + {}", o.option.name)
            }
        })
        .collect()
}
