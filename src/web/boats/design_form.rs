//! The boat designer's form, through the one form codec: inputs are named by the path of the
//! design field they edit ("weapons.2.count", "armor.points.F", "deck.below"), which is also
//! where a problem with them is placed. What is the designer's own: the words for a field in a
//! message, and what each add button adds.

use crate::games::Problem;
use crate::games::boats::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Design, PropellerEntry, TurretEntry, WeaponEntry,
};
use crate::games::boats::tables::{self, Loc, Mount};
use crate::web::http::codec;
#[cfg(doc)]
use crate::web::http::codec::Op;
use crate::web::http::fields::Fields;
use serde::Serialize;
use serde_json::Value;

mod direct;

/// Reads the designer form into a design, with a problem for every field that did not parse.
/// A form that cannot be read at all is refused (see [`codec::decode`]).
pub fn read(f: &Fields) -> Result<(Design, Vec<Problem>), codec::Refused> {
    let (mut d, problems) = codec::direct::decode_with(f, direct::read, label)?;
    // The ammunition select offers standard ammunition by name; the design leaves it out.
    for w in d.weapons.iter_mut().chain(d.turrets.iter_mut().flat_map(|t| t.weapons.iter_mut())) {
        if w.ammo.as_deref() == Some("standard") {
            w.ammo = None;
        }
    }
    Ok((d, problems))
}

/// The player's words for a field, for a message about it.
pub(super) fn label(path: &str) -> String {
    let parts: Vec<&str> = path.split('.').collect();
    match parts[..] {
        ["version"] => "Version".into(),
        ["oars"] => "Pairs of oars".into(),
        ["deck", "below"] => "Spaces below deck".into(),
        ["armor", "points", code] => {
            Loc::parse(code).map_or("Armor".into(), |l| format!("{} armor", l.name()))
        }
        ["propellers", _, "guard"] => "Propeller guard".into(),
        ["turrets", _, "size"] => "Turret size".into(),
        ["cargo", _, "spaces"] => "Cargo spaces".into(),
        ["cargo", _, "weight"] => "Cargo weight".into(),
        [.., "count"] => "Count".into(),
        [.., "link_group"] => "Link group".into(),
        [.., "extra_magazines"] => "Extra magazines".into(),
        [.., "rocket_magazine"] => "Rocket magazine".into(),
        _ => path.to_owned(),
    }
}

/// Does what the pressed button asks (an add, remove, move or clear, see [`Op`]; the assistant's
/// fill, fastest and fixes, see [`super::assist`]), or says why it cannot; any other button changes nothing. `f` holds the choice next to an add button.
pub fn press(d: &mut Design, action: &str, f: &Fields) -> Option<Problem> {
    if let Some(note) = super::assist::press(d, action, f) {
        return note;
    }
    codec::press(d, action, |list, at| new_item(f, list, at))
}

/// The weapon the "weapon to add" choices start at, and what an add with no known choice adds.
pub const NEW_WEAPON: &str = "mg";
/// The person the "person to add" choice starts at, and what an add with no known choice adds.
pub const NEW_CREW: &str = "gunner";
/// The accessory the "accessory to add" choice starts at, and what an add with no known choice
/// adds (it was the accessories file's first row, whatever the page offered).
pub const NEW_ACCESSORY: &str = "fire-extinguisher";

/// What an add button adds to the list `list` (its path without indices) at `at`: the weapon,
/// person or accessory chosen beside the button (the choice's starting value, named above, when
/// the form sent none or an unknown one), or a blank row.
fn new_item(f: &Fields, list: &str, at: &str) -> Option<Value> {
    fn chosen<'f>(f: &'f Fields, field: &str, start: &'static str) -> &'f str {
        f.get(field).filter(|id| !id.is_empty()).unwrap_or(start)
    }
    let weapon = |field: &str, mount: Option<Mount>| {
        let w = tables::weapon_by_id(chosen(f, field, NEW_WEAPON))
            .or_else(|| tables::weapon_by_id(NEW_WEAPON))?;
        Some(WeaponEntry::new(w, mount))
    };
    match list {
        "propellers" => value(PropellerEntry { size: None, guard: 0 }),
        "crew" => {
            let role = tables::role(chosen(f, "new_crew", NEW_CREW)).or_else(|| tables::role(NEW_CREW))?;
            value(CrewEntry::new(role, 1))
        }
        "weapons" => value(weapon("new_weapon", Some(Mount::F))?),
        "turrets" => value(TurretEntry {
            size: 1,
            popup: false,
            universal: false,
            location: None,
            weapons: Vec::new(),
        }),
        // "turrets.2.weapons": the choice is "turrets.2.new_weapon".
        "turrets.weapons" => value(weapon(&format!("{}.new_weapon", at.strip_suffix(".weapons")?), None)?),
        "accessories" => {
            let item = tables::accessory(chosen(f, "new_accessory", NEW_ACCESSORY))
                .or_else(|| tables::accessory(NEW_ACCESSORY))?;
            value(AccessoryEntry::new(item, 1))
        }
        "cargo" => value(CargoEntry { name: String::new(), spaces: 1, weight: 100, deck: None, cargo: true }),
        _ => None,
    }
}

fn value(item: impl Serialize) -> Option<Value> {
    serde_json::to_value(item).ok()
}

/// The form fields that write `d` back: what the tests use to post a design the way a browser
/// would (the page's inputs carry the same names).
pub fn fields_of(d: &Design) -> Vec<(String, String)> {
    codec::encode(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::design::Ref;
    use crate::games::boats::examples;

    fn pairs(p: &[(&str, &str)]) -> Fields<'static> {
        Fields::from_pairs(p.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())))
    }

    /// Reads the form and presses its button, as the builder does.
    fn read_and_apply(f: &Fields) -> Result<(Design, Vec<Problem>), codec::Refused> {
        let (mut d, problems) = read(f)?;
        press(&mut d, f.get("action").unwrap_or(""), f);
        Ok((d, problems))
    }

    fn with(d: &Design, extra: &[(&str, &str)]) -> Fields<'static> {
        let mut f = fields_of(d);
        f.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        Fields::from_pairs(f)
    }

    /// An add with no choice, or one no table has, adds the choice's starting value, named by id
    /// (not by a table's row order): the same the designer's choices start at.
    #[test]
    fn an_add_without_a_known_choice_adds_the_starting_choice() {
        let d = examples::minnow();
        for sent in [None, Some(""), Some("bogus")] {
            let mut extra = vec![("action", "add.weapons")];
            extra.extend(sent.map(|v| ("new_weapon", v)));
            let (got, _) = read_and_apply(&with(&d, &extra)).expect("read");
            assert_eq!(got.weapons.last().map(|w| w.weapon.id()), Some(NEW_WEAPON), "{sent:?}");
            let mut extra = vec![("action", "add.crew")];
            extra.extend(sent.map(|v| ("new_crew", v)));
            let (got, _) = read_and_apply(&with(&d, &extra)).expect("read");
            assert_eq!(got.crew.last(), Some(&CrewEntry::new(tables::role(NEW_CREW).expect(NEW_CREW), 1)));
            let mut extra = vec![("action", "add.accessories")];
            extra.extend(sent.map(|v| ("new_accessory", v)));
            let (got, _) = read_and_apply(&with(&d, &extra)).expect("read");
            assert_eq!(got.accessories.last().map(|a| a.item.id()), Some(NEW_ACCESSORY), "{sent:?}");
        }
        // The designer's choices start where an add without one lands.
        let v = crate::web::boats::view::BoatView::new(d, Vec::new());
        assert_eq!(
            (v.new_weapon("new_weapon").current(), v.new_crew().current(), v.new_accessory().current()),
            (NEW_WEAPON, NEW_CREW, NEW_ACCESSORY)
        );
    }

    #[test]
    fn every_example_survives_the_form_unchanged() {
        for (slug, d) in examples::all() {
            let (back, problems) = read(&Fields::from_pairs(fields_of(&d))).expect("read");
            assert_eq!(problems, vec![], "{slug}");
            assert_eq!(back, d, "{slug}");
        }
    }

    #[test]
    fn buttons_add_the_chosen_part_where_they_stand() {
        let mut d = examples::piranha();
        d.turrets.push(TurretEntry {
            size: 1,
            popup: false,
            universal: false,
            location: None,
            weapons: vec![],
        });
        let (got, _) = read_and_apply(&with(
            &d,
            &[("turrets.0.new_weapon", "rl"), ("new_weapon", "atg"), ("action", "add.turrets.0.weapons")],
        ))
        .expect("read");
        assert_eq!(
            got.turrets[0].weapons,
            vec![WeaponEntry::new(tables::weapon_by_id("rl").expect("rl"), None)]
        );
        assert_eq!(got.weapons, d.weapons);
        let (got, _) =
            read_and_apply(&with(&d, &[("new_weapon", "atg"), ("action", "add.weapons")])).expect("read");
        assert_eq!(got.weapons.last().map(|w| w.weapon.id()), Some("atg"));
        assert_eq!(got.weapons.last().and_then(|w| w.mount), Some(Mount::F));
        let (got, _) =
            read_and_apply(&with(&d, &[("new_crew", "bogus"), ("action", "add.crew")])).expect("read");
        assert_eq!(got.crew.last(), Some(&CrewEntry::new(tables::role(NEW_CREW).expect(NEW_CREW), 1)));
        let (got, _) = read_and_apply(&with(&d, &[("action", "add.cargo")])).expect("read");
        assert_eq!(got.cargo.last().map(|c| (c.spaces, c.weight, c.cargo)), Some((1, 100, true)));
        let (got, _) = read_and_apply(&with(&d, &[("action", "remove.turrets.0")])).expect("read");
        assert!(got.turrets.is_empty());
        let (got, _) = read_and_apply(&with(&d, &[("action", "explode")])).expect("read");
        assert_eq!(got, d);
    }

    #[test]
    fn a_turret_weapon_is_removed_from_its_turret_not_the_turret() {
        let mut d = examples::piranha();
        let mg = WeaponEntry::new(tables::weapon_by_id("mg").expect("mg"), None);
        d.turrets.push(TurretEntry {
            size: 2,
            popup: false,
            universal: false,
            location: None,
            weapons: vec![mg.clone(), mg],
        });
        let (got, _) = read_and_apply(&with(&d, &[("action", "remove.turrets.0.weapons.1")])).expect("read");
        assert_eq!(got.turrets.len(), 1);
        assert_eq!(got.turrets[0].weapons.len(), 1);
    }

    #[test]
    fn points_on_an_unknown_location_are_kept_and_can_be_removed() {
        let mut d = examples::piranha();
        d.armor.points.unknown.push(("XYZ".into(), 4));
        let (back, problems) = read(&Fields::from_pairs(fields_of(&d))).expect("read");
        assert_eq!((back.armor.points.unknown.clone(), problems), (vec![("XYZ".into(), 4)], vec![]));
        let (got, _) = read_and_apply(&with(&d, &[("action", "clear.armor.points.XYZ")])).expect("read");
        assert!(got.armor.points.unknown.is_empty());
        assert_eq!(got.armor.points.total(), examples::piranha().armor.points.total());
    }

    #[test]
    fn unreadable_fields_are_named_in_the_players_words() {
        let (d, problems) = read(&pairs(&[
            ("hull", "dinghy"),
            ("armor.points.F", "lots"),
            ("deck", "on"),
            ("deck.below", "x"),
            ("weapons.0.weapon", "mg"),
            ("weapons.0.count", "two"),
            ("cargo.0.spaces", "1"),
            ("cargo.0.weight", "2000000"),
        ]))
        .expect("read");
        assert_eq!(d.hull, Ref::parse("dinghy"));
        let got: Vec<(&str, &str)> =
            problems.iter().map(|p| (p.part.as_deref().unwrap_or(""), p.message.as_str())).collect();
        let starts = [
            "Spaces below deck: \"x\"",
            "Front armor: \"lots\"",
            "Count: \"two\"",
            "Cargo weight: \"2000000\"",
        ];
        assert_eq!(got.len(), starts.len(), "{got:?}");
        for want in starts {
            assert!(got.iter().any(|(_, m)| m.starts_with(want)), "{want} in {got:?}");
        }
    }

    #[test]
    fn an_unchecked_in_cargo_box_reads_as_body_spaces() {
        let mut d = examples::piranha();
        d.cargo.push(CargoEntry { name: "Crates".into(), spaces: 1, weight: 100, deck: None, cargo: false });
        let (back, problems) = read(&Fields::from_pairs(fields_of(&d))).expect("read");
        assert_eq!((back, problems), (d.clone(), vec![]));
        // The page's hidden fallback before the checkbox: "off", then "on" only when checked.
        let (back, _) = read(&with(&d, &[("cargo.0.cargo", "off")])).expect("read");
        assert!(!back.cargo[0].cargo);
        let (back, _) = read(&with(&d, &[("cargo.0.cargo", "off"), ("cargo.0.cargo", "on")])).expect("read");
        assert!(back.cargo[0].cargo);
    }
}
