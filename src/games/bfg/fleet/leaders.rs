//! Leaders, the fleet's own and those aboard its ships, against the list.

use super::*;

/// A leader as judged, with a problem for an unknown id, one the list does not offer, a ship he
/// may not ride, and too many re-rolls. `on`: the ship and entry carrying him (`None` for the
/// fleet's own).
pub(super) fn leader(
    list: Option<&'static FleetList>,
    a: &Aboard,
    part: String,
    on: Option<(&'static Ship, &Entry)>,
    problems: &mut Vec<Problem>,
) -> LeaderFigures {
    let id = a.id.trim();
    let Some(l) = data::leader(id) else {
        let pool: Vec<&str> = data::leaders()
            .iter()
            .filter(|l| list.is_none_or(|x| l.offered_in(x.id)))
            .map(|l| l.id)
            .collect();
        let closest = nearest(id, pool.iter().copied(), OFFERED);
        problems.push(Problem::error(
            Code::UnknownLeader,
            Some(part.clone()),
            format!("There is no leader \"{}\": use {}", shown(id), or_list(&closest)),
        ));
        return LeaderFigures {
            id: a.id.clone(),
            name: shown(id),
            known: false,
            leader: None,
            points: 0,
            leadership: "",
            rerolls_included: "",
            rerolls_bought: a.rerolls,
            part,
        };
    };
    if let Some(x) = list
        && !l.offered_in(x.id)
    {
        let offered: Vec<&str> =
            data::leaders().iter().filter(|k| k.offered_in(x.id)).map(|k| k.name).collect();
        let offered = if offered.is_empty() { "none".to_string() } else { or_list(&offered) };
        problems.push(Problem::error(
            Code::LeaderNotInList,
            Some(part.clone()),
            format!("The {} list does not offer the {}: it offers {offered}", x.name, leader_title(l)),
        ));
    }
    match (l.placement, on) {
        (data::lists::Placement::Fleet, Some((ship, _))) => problems.push(Problem::error(
            Code::LeaderPlacement,
            Some(part.clone()),
            format!(
                "The {} is bought for the fleet and rides no ship: take it off the {}",
                l.name, ship.name
            ),
        )),
        (data::lists::Placement::Ships(_), None) => problems.push(Problem::error(
            Code::LeaderPlacement,
            Some(part.clone()),
            format!("The {} must be placed on a ship", l.name),
        )),
        (data::lists::Placement::Ships(set), Some((ship, e))) => {
            if !lists::entry_is(&set, ship, e.options(), e.leaders(), e.group(), e.reserve()) {
                problems.push(Problem::error(
                    Code::LeaderPlacement,
                    Some(part.clone()),
                    format!(
                        "The {} rides {}; the {} is not one",
                        l.name,
                        lists::requirement(&set),
                        ship.name
                    ),
                ));
            }
        }
        (data::lists::Placement::Fleet, None) => {}
    }
    let points = match l.cost(a.rerolls) {
        Some(p) => p,
        None => {
            let most = l.ladder.len();
            problems.push(Problem::error(
                Code::RerollsOver,
                Some(format!("{part}.rerolls")),
                if most == 0 {
                    format!("The {} buys no extra re-rolls; {} are asked", l.name, a.rerolls)
                } else {
                    format!("The {} buys at most {most} extra re-rolls; {} are asked", l.name, a.rerolls)
                },
            ));
            l.cost(u32::try_from(most).unwrap_or(0)).unwrap_or(l.points)
        }
    };
    LeaderFigures {
        id: l.id.to_string(),
        name: l.name.to_string(),
        known: true,
        leader: Some(l),
        points,
        leadership: l.leadership,
        rerolls_included: l.rerolls,
        rerolls_bought: a.rerolls,
        part,
    }
}

/// A leader as a message names it: its name, and the received row's when it says more ("Ork
/// Warlord (Cyclops Cluster / Waaagh!)").
fn leader_title(l: &Leader) -> String {
    match l.row.strip_prefix(l.name).map(str::trim) {
        Some("") => l.name.to_owned(),
        Some(rest) => format!("{} {rest}", l.name),
        None if l.row.is_empty() => l.name.to_owned(),
        None => format!("{} ({})", l.name, l.row),
    }
}
