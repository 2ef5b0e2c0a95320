//! The fleet builder's form, through the form codec: inputs are named by the fleet's own paths
//! ("ships.2.name", "squadrons.0.count", "ships.1.options.3"). What is the builder's own: the
//! words for a field, and what its add buttons add.

use crate::games::Problem;
use crate::games::bfg::{self, Aboard, Fleet, ShipEntry, Squadron};
use crate::web::http::codec::{self, Op};
use crate::web::http::fields::Fields;

/// Reads the builder form into a fleet, with a problem for every field that did not parse. A
/// list of another faction (the faction was just changed) gives way to the faction's first.
pub fn read(f: &Fields) -> Result<(Fleet, Vec<Problem>), codec::Refused> {
    let (mut fleet, problems) = codec::decode::<Fleet>(f, label)?;
    if bfg::list_of(&fleet).is_none()
        && let Some(l) = bfg::faction(fleet.faction.trim()).and_then(bfg::Faction::default_list)
    {
        fleet.list = l.id.to_owned();
    }
    Ok((fleet, problems))
}

/// The player's words for a field, for a message about it.
pub(super) fn label(path: &str) -> String {
    let parts: Vec<&str> = path.split('.').collect();
    let n = |k: &str| k.parse::<usize>().map_or(1, |k| k + 1);
    match parts[..] {
        ["points_limit"] => "Points limit".into(),
        ["version"] => "Version".into(),
        ["squadrons", k, "count"] => format!("Squadron {} ships", n(k)),
        [list, k, "leaders", j, "rerolls"] => {
            let what = if list == "ships" { "Ship" } else { "Squadron" };
            format!("{what} {} leader {} extra re-rolls", n(k), n(j))
        }
        ["leaders", j, "rerolls"] => format!("Fleet leader {} extra re-rolls", n(j)),
        ["ships", k, field, ..] => format!("Ship {} {field}", n(k)),
        ["squadrons", k, field, ..] => format!("Squadron {} {field}", n(k)),
        _ => path.to_owned(),
    }
}

/// The size a new escort squadron starts at: the smallest the list's rules allow escorts (two
/// by the general rules; six in a Vanguard fleet).
fn new_squadron(fleet: &Fleet) -> u32 {
    let list = bfg::list_of(fleet);
    list.into_iter()
        .flat_map(|l| l.rules())
        .flat_map(|r| r.readings.iter())
        .filter_map(|r| match r.check {
            bfg::RuleCheck::SquadronMin { n, of: bfg::Set::Kind(bfg::Kind::Escort), .. } => Some(n),
            _ => None,
        })
        .max()
        .unwrap_or(2)
}

/// Does what the pressed button asks: "add.ships" and "add.squadrons" add the class chosen in
/// the form's `new.ships` / `new.squadrons` select ("reserve:" before a class takes it as a
/// reserve), with the first choice of each of its option groups a ship must take;
/// "add.ships.3.leaders" puts the leader chosen in `new.ships.3.leaders` aboard, "add.leaders"
/// buys the one in `new.leaders` for the fleet; remove and move buttons work through the codec.
/// Anything else changes nothing; a button that does not fit the form gives the problem to show.
pub fn press(fleet: &mut Fleet, action: &str, f: &Fields) -> Option<Problem> {
    let op = match Op::read(action)? {
        Ok(op) => op,
        Err(p) => return Some(p),
    };
    let chosen = |list: &str| {
        let raw = f.get(&format!("new.{list}")).unwrap_or("").trim();
        let (reserve, id) = match raw.strip_prefix("reserve:") {
            Some(id) => (true, id),
            None => (false, raw),
        };
        bfg::ship(id).map(|s| (s, reserve))
    };
    let list = fleet.list.clone();
    match op {
        Op::Add(path) if path == "ships" => {
            if let Some((ship, reserve)) = chosen("ships").filter(|(s, _)| !s.is_escort()) {
                fleet.ships.push(ShipEntry {
                    options: first_of_each_group(ship, &list),
                    reserve,
                    ..ShipEntry::new(ship.id, &[])
                });
            }
            None
        }
        Op::Add(path) if path == "squadrons" => {
            let size = new_squadron(fleet);
            if let Some((ship, reserve)) = chosen("squadrons").filter(|(s, _)| s.is_escort()) {
                fleet.squadrons.push(Squadron {
                    options: first_of_each_group(ship, &list),
                    reserve,
                    ..Squadron::new(ship.id, size)
                });
            }
            None
        }
        Op::Add(path) if path == "leaders" => {
            if let Some(l) = bfg::leader(f.get("new.leaders").unwrap_or("").trim()) {
                fleet.leaders.push(Aboard::new(l.id));
            }
            None
        }
        Op::Add(path) => {
            let l = bfg::leader(f.get(&format!("new.{path}")).unwrap_or("").trim())?;
            let mut parts = path.split('.');
            let (Some(kind), Some(i), Some("leaders"), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return None;
            };
            let i = i.parse::<usize>().ok()?;
            let aboard = match kind {
                "ships" => fleet.ships.get_mut(i).map(|s| &mut s.leaders),
                "squadrons" => fleet.squadrons.get_mut(i).map(|s| &mut s.leaders),
                _ => None,
            };
            if let Some(aboard) = aboard {
                aboard.push(Aboard::new(l.id));
            }
            None
        }
        op => codec::press_op(fleet, &op, |_, _| None),
    }
}

/// The first option of each group the ship must choose from (as the fleet's list offers them).
fn first_of_each_group(ship: &bfg::Ship, list: &str) -> Vec<String> {
    ship.groups
        .iter()
        .filter(|g| g.min > 0)
        .filter_map(|g| ship.options_in(list).find(|o| o.group == Some(g.id)))
        .map(|o| o.id.to_owned())
        .collect()
}

/// The form fields that write `fleet` back (the tests post fleets the way a browser would).
pub fn fields_of(fleet: &Fleet) -> Vec<(String, String)> {
    codec::encode(fleet)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Fleet {
        serde_json::from_str(bfg::GAME.example).expect("the example fleet")
    }

    fn with(fleet: &Fleet, extra: &[(&str, &str)]) -> Fields<'static> {
        let mut f = fields_of(fleet);
        f.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        Fields::from_pairs(f)
    }

    fn pressed(fleet: &Fleet, extra: &[(&str, &str)]) -> Fleet {
        let f = with(fleet, extra);
        let (mut got, problems) = read(&f).expect("read");
        assert_eq!(problems, vec![]);
        press(&mut got, f.get("action").unwrap_or(""), &f);
        got
    }

    #[test]
    fn a_fleet_survives_the_form_unchanged() {
        let mut fleet = example();
        fleet.ships[0].options = vec!["nothing-such".into()];
        fleet.squadrons[0].name = "Red Squadron".into();
        let (back, problems) = read(&Fields::from_pairs(fields_of(&fleet))).expect("read");
        assert_eq!((back, problems), (fleet, vec![]));
    }

    #[test]
    fn add_buttons_add_the_chosen_class_to_its_own_list_only() {
        let fleet = example();
        let got = pressed(&fleet, &[("new.ships", "mars-battlecruiser"), ("action", "add.ships")]);
        assert_eq!(got.ships.last().map(|s| s.class.as_str()), Some("mars-battlecruiser"));
        let got = pressed(&fleet, &[("new.squadrons", "firestorm-frigate"), ("action", "add.squadrons")]);
        assert_eq!(got.squadrons.last().map(|s| (s.class.as_str(), s.count)), Some(("firestorm-frigate", 2)));
        // An escort offered as a single ship, a capital ship as a squadron, or nothing chosen: no change.
        for extra in [
            [("new.ships", "sword-frigate"), ("action", "add.ships")],
            [("new.squadrons", "lunar-cruiser"), ("action", "add.squadrons")],
            [("new.ships", "bogus"), ("action", "add.ships")],
            [("new.ships", "lunar-cruiser"), ("action", "add.options")],
        ] {
            assert_eq!(pressed(&fleet, &extra), fleet, "{extra:?}");
        }
        let got = pressed(&fleet, &[("action", "remove.ships.0")]);
        assert_eq!(got.ships.len(), 1);
    }

    #[test]
    fn a_new_ship_takes_the_first_choice_of_each_option_group() {
        let grouped = bfg::ships()
            .iter()
            .find(|s| !s.is_escort() && s.groups.iter().any(|g| g.min > 0))
            .expect("a ship with a group");
        let fleet = Fleet::new(grouped.faction);
        let got = pressed(&fleet, &[("new.ships", grouped.id), ("action", "add.ships")]);
        assert_eq!(got.ships[0].options.len(), grouped.groups.iter().filter(|g| g.min > 0).count());
        assert!(bfg::check(&got).problems.iter().all(|p| p.code != crate::games::bfg::Code::OptionRequired));
    }

    #[test]
    fn an_unreadable_count_is_named_in_the_players_words() {
        let f = with(&example(), &[("squadrons.0.count", "lots")]);
        let (fleet, problems) = read(&f).expect("read");
        assert_eq!(fleet.squadrons[0].count, 1);
        assert_eq!(problems[0].part.as_deref(), Some("squadrons.0.count"));
        assert!(problems[0].message.starts_with("Squadron 1 ships: \"lots\""), "{}", problems[0].message);
    }
}
