//! A fitted ship's options against its class and its list.

use super::*;

/// Unknown, repeated, excess and conflicting options, options the list does not sell, groups
/// short of their picks and options on a ship that is not what they need.
pub(super) fn check_options(
    ship: &'static Ship,
    list: Option<&'static FleetList>,
    fitting: &Fitting,
    e: &Entry,
    problems: &mut Vec<Problem>,
) {
    let mut picks: Vec<(&'static ShipOption, u32)> = Vec::new();
    for (k, raw) in e.options().iter().enumerate() {
        let at = || Some(format!("{}.options.{k}", e.part()));
        let Some((id, n)) = parse_pick(raw) else { continue };
        let Some(o) = ship.option(id) else {
            let offered: Vec<&str> = ship
                .options
                .iter()
                .filter(|o| list.is_none_or(|l| o.offered_in(l.id)))
                .map(|o| o.id)
                .collect();
            let message = if offered.is_empty() {
                let here = match list {
                    Some(l) if !ship.options.is_empty() => format!(" in the {} list", l.name),
                    _ => String::new(),
                };
                format!("The {} has no options{here}: remove \"{}\"", ship.name, shown(id))
            } else {
                let mut seen: Vec<&str> = Vec::new();
                for o in offered {
                    if !seen.contains(&o) {
                        seen.push(o);
                    }
                }
                let closest = nearest(id, seen.iter().copied(), OFFERED);
                format!("The {} has no option \"{}\": use {}", ship.name, shown(id), or_list(&closest))
            };
            problems.push(Problem::error(Code::UnknownOption, at(), message));
            continue;
        };
        let offered = match list {
            Some(l) => ship.option_in(id, l.id),
            None => Some(o),
        };
        let Some(o) = offered else {
            let lists: Vec<&str> = data::lists()
                .iter()
                .filter(|l| ship.options.iter().any(|x| x.id == id && x.offered_in(l.id)))
                .map(|l| l.name)
                .collect();
            problems.push(Problem::error(
                Code::OptionNotInList,
                at(),
                format!(
                    "The {} list does not offer the {}'s {} (only {})",
                    list.map_or("", |l| l.name),
                    ship.name,
                    o.name,
                    or_list(&lists)
                ),
            ));
            continue;
        };
        if let Some(other) =
            picks.iter().find(|(t, _)| o.excludes.contains(&t.id) || t.excludes.contains(&o.id))
        {
            problems.push(Problem::error(
                Code::OptionsExclusive,
                at(),
                format!("The {} takes {} or {}, not both: remove one", ship.name, other.0.name, o.name),
            ));
            continue;
        }
        let have = picks.iter().find(|(t, _)| t.id == o.id).map_or(0, |(_, n)| *n);
        if have.saturating_add(n) > o.max {
            let code = if o.max == 1 { Code::OptionRepeated } else { Code::OptionTooMany };
            let message = if o.max == 1 {
                format!("{} is chosen twice on the {}: remove one", o.name, ship.name)
            } else {
                format!(
                    "The {} takes {} at most {} times; this one has {}",
                    ship.name,
                    o.name,
                    o.max,
                    have.saturating_add(n)
                )
            };
            problems.push(Problem::error(code, at(), message));
        }
        if let Some(g) = o.group.and_then(|g| ship.group(g)) {
            let used: u32 = picks.iter().filter(|(t, _)| t.group == o.group).map(|(_, n)| *n).sum();
            if used.saturating_add(n) > g.max {
                let message = if g.max == 1 {
                    let other =
                        picks.iter().find(|(t, _)| t.group == o.group).map_or("another", |(t, _)| t.name);
                    format!(
                        "The {} takes {} or {}, not both: remove one ({}: one choice)",
                        ship.name, other, o.name, g.name
                    )
                } else {
                    format!(
                        "The {}'s {} take at most {} picks; this one has {}",
                        ship.name,
                        g.name.to_lowercase(),
                        g.max,
                        used.saturating_add(n)
                    )
                };
                let code = if g.max == 1 { Code::OptionsExclusive } else { Code::OptionTooMany };
                problems.push(Problem::error(code, at(), message));
            }
        }
        match picks.iter_mut().find(|(t, _)| t.id == o.id) {
            Some((_, m)) => *m = m.saturating_add(n),
            None => picks.push((o, n)),
        }
    }
    for g in ship.groups {
        if list.is_some_and(|l| !ship.options_in(l.id).any(|o| o.group == Some(g.id))) {
            continue;
        }
        let used: u32 = fitting.options.iter().filter(|(o, _)| o.group == Some(g.id)).map(|(_, n)| *n).sum();
        if used < g.min {
            let names: Vec<&str> =
                ship.options.iter().filter(|o| o.group == Some(g.id)).map(|o| o.name).collect();
            problems.push(Problem::error(
                Code::OptionRequired,
                Some(format!("{}.options", e.part())),
                format!(
                    "The {} needs one {} option: choose {}",
                    ship.name,
                    g.name.to_lowercase(),
                    or_list(&names)
                ),
            ));
        }
    }
    for (o, _) in &fitting.options {
        let Some(needs) = o.needs else { continue };
        if !lists::entry_is(&needs, ship, e.options(), e.leaders(), e.group(), e.reserve()) {
            problems.push(Problem::error(
                Code::OptionNeeds,
                Some(format!("{}.options", e.part())),
                format!("The {}'s {} needs {}", ship.name, o.name, lists::requirement(&needs)),
            ));
        }
    }
}
