//! The forum-post text of a checked detachment.

use std::fmt::Write as _;

use super::check::{Check, Detachment, notes_for};
use super::data::list;

/// Plain text for a forum post: list and detachment name, each choice with its vessels and points
/// (grouped by section, HQ marked), the total (against the limit, if set), the chain of command,
/// legality and every problem, and once at the end our readings of the list that bear on it.
pub fn text_export(d: &Detachment, c: &Check) -> String {
    let l = list(&d.list);
    let list_name = l.map_or_else(|| format!("Unknown list \"{}\"", d.list), |l| l.name.to_string());
    let mut out = String::new();
    let name = d.name.trim();
    if name.is_empty() {
        out.push_str(&list_name);
    } else {
        let _ = write!(out, "{name} - {list_name}");
    }
    let _ = writeln!(out, ", {}", points(c));

    let hq_mark = match l.and_then(|l| l.hq_points) {
        Some(p) => format!(" (HQ +{p} pts)"),
        None => " (HQ)".to_string(),
    };
    let line = |out: &mut String, i: usize| {
        if let Some(f) = c.choices.get(i) {
            let hq = if f.hq { hq_mark.as_str() } else { "" };
            let _ = writeln!(out, "  {} x {}{hq}: {} pts", f.count, f.vessel, f.points);
        }
    };

    for s in c.sections.iter().filter(|s| s.holds_vessels) {
        let noun = if s.choices == 1 { "choice" } else { "choices" };
        let _ = writeln!(out, "\n{}: {} {noun} (allowed: {})", s.name, s.choices, s.limit);
        for (i, f) in c.choices.iter().enumerate() {
            if f.section == s.id {
                line(&mut out, i);
            }
        }
    }
    let stray: Vec<usize> = c
        .choices
        .iter()
        .enumerate()
        .filter(|(_, f)| !c.sections.iter().any(|s| s.holds_vessels && s.id == f.section))
        .map(|(i, _)| i)
        .collect();
    if !stray.is_empty() {
        out.push_str("\nUnrecognised choices\n");
        for i in stray {
            line(&mut out, i);
        }
    }
    let _ = writeln!(out, "\nTotal: {}", points(c));

    if !c.chain_of_command.is_empty() {
        out.push_str("\nChain of command:\n");
        for link in &c.chain_of_command {
            let other = if link.step == "Other" { " [Other]" } else { "" };
            let _ = writeln!(out, "  {}. {}{other}", link.position, link.vessel);
        }
    }

    out.push_str(&crate::games::legality_text(&c.problems));
    // Our readings of the list that bear on this detachment, once each (its rules in general are
    // the players' to know; the pages show every note).
    let notes: Vec<_> = notes_for(d, c).into_iter().filter(|n| n.decision).collect();
    if !notes.is_empty() {
        out.push_str("\nHow Drydock reads the list here:\n");
        for n in notes {
            let _ = writeln!(out, "  - {}", n.text);
        }
    }
    let _ =
        writeln!(out, "\nChecked by Drydock (Epic 40,000: On the Waterways, engine v{})", c.engine_version);
    out
}

/// "130 pts", or "130 of 200 pts" against a limit.
fn points(c: &Check) -> String {
    match c.points_limit {
        Some(limit) => format!("{} of {limit} pts", c.points),
        None => format!("{} pts", c.points),
    }
}
