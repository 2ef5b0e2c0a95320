//! The forum-post text of a roster, and its one-line summary.

use std::fmt::Write as _;

use super::check::{Check, check};
use super::roster::{Roster, Vehicle, Weapon};

/// Plain text for a forum post: the roster's name and points, each vehicle with its types,
/// profile, weapons, points and the titles of its rules, the total, legality and every problem.
/// Judges the roster itself (a few microseconds).
pub fn text_export(r: &Roster) -> String {
    let c = check(r);
    let mut out = String::new();
    let name = if r.name.is_empty() { "Waffle 40K roster" } else { r.name.as_str() };
    let _ = writeln!(out, "{name}, {}", points_line(&c));

    for (v, card) in r.vehicles.iter().zip(&c.vehicles) {
        let types: Vec<&str> = card.types.iter().map(|t| t.name()).collect();
        let types = if types.is_empty() { "Vehicle".to_owned() } else { types.join(", ") };
        let _ = writeln!(out, "\n{} ({types}): {} pts", card.name, v.points);
        let _ = writeln!(out, "  {}", profile(v));
        for w in &v.weapons {
            let _ = writeln!(out, "  - {}", weapon(w));
        }
        let titles: Vec<&str> = card.rules.iter().map(|rule| rule.title).collect();
        let _ = writeln!(out, "  Rules: {}", titles.join("; "));
    }
    let _ = writeln!(out, "\nTotal: {}", points_line(&c));

    let errors: Vec<&str> = c.problems.iter().filter(|p| p.is_error()).map(|p| p.message.as_str()).collect();
    let notes: Vec<&str> = c.problems.iter().filter(|p| !p.is_error()).map(|p| p.message.as_str()).collect();
    if c.legal {
        out.push_str("\nLegal.\n");
    } else {
        let noun = if errors.len() == 1 { "problem" } else { "problems" };
        let _ = writeln!(out, "\nNOT LEGAL ({} {noun}):", errors.len());
        for e in errors {
            let _ = writeln!(out, "  - {e}");
        }
    }
    if !notes.is_empty() {
        out.push_str("Notes:\n");
        for n in notes {
            let _ = writeln!(out, "  - {n}");
        }
    }
    let _ = writeln!(out, "\nChecked by Drydock (Waffle Edition 40K vehicles, engine v{})", c.engine_version);
    out
}

/// One line for the gallery: "Iron Column: 3 vehicles, 290 of 500 pts, legal".
pub fn summary(r: &Roster) -> String {
    let c = check(r);
    let name = if r.name.is_empty() { "Waffle 40K roster" } else { r.name.as_str() };
    let n = c.vehicles.len();
    format!(
        "{name}: {n} {}, {}, {}",
        if n == 1 { "vehicle" } else { "vehicles" },
        points_line(&c),
        if c.legal { "legal" } else { "not legal" }
    )
}

/// "290 pts" or "290 of 500 pts".
fn points_line(c: &Check) -> String {
    match c.points_limit {
        Some(limit) => format!("{} of {limit} pts", c.points),
        None => format!("{} pts", c.points),
    }
}

/// "Armour 11/11/10 (front/side/rear), BS 4, fire points 2, carries 10".
fn profile(v: &Vehicle) -> String {
    let a = v.armour;
    let mut line = format!("Armour {}/{}/{} (front/side/rear), BS {}", a.front, a.side, a.rear, v.bs);
    if v.fire_points > 0 {
        let _ = write!(line, ", fire points {}", v.fire_points);
    }
    if v.capacity > 0 {
        let _ = write!(line, ", carries {}", v.capacity);
    }
    line
}

/// "Storm gun 24\" S4 AP5 Assault 2"; "–" for a missing Strength or AP, no range for 0.
fn weapon(w: &Weapon) -> String {
    let name = if w.name.is_empty() { "Weapon" } else { w.name.as_str() };
    let mut line = name.to_owned();
    if w.range > 0 {
        let _ = write!(line, " {}\"", w.range);
    }
    let dash = |v: Option<u8>| v.map_or_else(|| "–".to_owned(), |v| v.to_string());
    let _ = write!(line, " S{} AP{}", dash(w.strength), dash(w.ap));
    if !w.kind.is_empty() {
        let _ = write!(line, " {}", w.kind);
    }
    line
}
