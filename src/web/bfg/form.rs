//! The fleet builder's form, through the form codec: inputs are named by the fleet's own paths
//! ("ships.2.name", "squadrons.0.count", "ships.1.options.3"). What is the builder's own: the
//! words for a field, and what its add buttons add.

use crate::games::Problem;
use crate::games::bfg::{self, Fleet, ShipEntry, Squadron};
use crate::web::codec;
use crate::web::form::Fields;

/// An escort squadron starts at the smallest size we do not warn about.
const NEW_SQUADRON: u32 = bfg::SQUADRON_MIN;

/// Reads the builder form into a fleet, with a problem for every field that did not parse.
pub fn read(f: &Fields) -> Result<(Fleet, Vec<Problem>), codec::Refused> {
    codec::decode::<Fleet>(f, label)
}

/// The player's words for a field, for a message about it.
pub(super) fn label(path: &str) -> String {
    let parts: Vec<&str> = path.split('.').collect();
    let n = |k: &str| k.parse::<usize>().map_or(1, |k| k + 1);
    match parts[..] {
        ["points_limit"] => "Points limit".into(),
        ["version"] => "Version".into(),
        ["squadrons", k, "count"] => format!("Squadron {} ships", n(k)),
        ["ships", k, field, ..] => format!("Ship {} {field}", n(k)),
        ["squadrons", k, field, ..] => format!("Squadron {} {field}", n(k)),
        _ => path.to_owned(),
    }
}

/// Does what the pressed button asks: "add.ships" and "add.squadrons" add the class chosen in
/// the form's `new.ships` / `new.squadrons` select (with the first choice of each of its option
/// groups, which a ship must take); remove and move buttons work through the codec. Anything
/// else changes nothing; a button that does not fit the form gives the problem to show.
pub fn press(fleet: &mut Fleet, action: &str, f: &Fields) -> Option<Problem> {
    let chosen = |list: &str| bfg::ship(f.get(&format!("new.{list}")).unwrap_or("").trim());
    codec::press(fleet, action, |list, _| match list {
        "ships" => {
            let ship = chosen("ships").filter(|s| !s.is_escort())?;
            serde_json::to_value(ShipEntry {
                options: first_of_each_group(ship),
                ..ShipEntry::new(ship.id, &[])
            })
            .ok()
        }
        "squadrons" => {
            let ship = chosen("squadrons").filter(|s| s.is_escort())?;
            serde_json::to_value(Squadron {
                options: first_of_each_group(ship),
                ..Squadron::new(ship.id, NEW_SQUADRON)
            })
            .ok()
        }
        _ => None,
    })
}

fn first_of_each_group(ship: &bfg::Ship) -> Vec<String> {
    ship.groups()
        .filter_map(|g| ship.options.iter().find(|o| o.group == Some(g)))
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
            .find(|s| !s.is_escort() && s.groups().next().is_some())
            .expect("a ship with a group");
        let fleet = Fleet::new(grouped.faction);
        let got = pressed(&fleet, &[("new.ships", grouped.id), ("action", "add.ships")]);
        assert_eq!(got.ships[0].options.len(), grouped.groups().count());
        assert!(bfg::check(&got).problems.iter().all(|p| p.code != crate::games::Code::OptionRequired));
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
