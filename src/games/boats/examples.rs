//! The published example boats, as designs. The page offers them as starting points and the
//! tests check that they reproduce their printed figures to the dollar and pound.

use super::design::{AccessoryEntry, CrewEntry, Design, PropellerEntry, Ref, WeaponEntry};
use super::tables::{self, Loc, Mount};

fn find<T: super::design::Catalogued>(id: &str) -> &'static T {
    // The ids below are literals from our own tables; a typo fails the examples test.
    match Ref::<T>::parse(id) {
        Ref::Known(t) => t,
        Ref::Unknown(_) => &T::all()[0],
    }
}

fn boat(name: &str, hull: &str, plant: &str, propellers: usize) -> Design {
    let mut d = Design::empty(find(hull));
    d.name = name.into();
    d.plant = Some(Ref::Known(find(plant)));
    d.propellers = vec![PropellerEntry { size: None, guard: 0 }; propellers];
    d
}

fn armor(d: &mut Design, kind: &str, points: &[(Loc, u16)]) {
    d.armor.kind = Ref::Known(find(kind));
    for &(loc, p) in points {
        d.armor.points.set(loc, p);
    }
}

fn weapon(id: &str, mount: Mount) -> WeaponEntry {
    WeaponEntry::new(find(id), Some(mount))
}

/// Darter: a Rowboat racer with nothing but speed.
pub fn darter() -> Design {
    let mut d = boat("Darter", "rowboat", "medium", 1);
    armor(&mut d, "plastic", &[(Loc::F, 2), (Loc::R, 1), (Loc::L, 1), (Loc::B, 1), (Loc::U, 3)]);
    d
}

/// Piranha: a Dinghy with a Vulcan forward and two linked torpedoes aft.
pub fn piranha() -> Design {
    let mut d = boat("Piranha", "dinghy", "small", 1);
    d.weapons.push(weapon("vmg", Mount::F));
    d.weapons.push(WeaponEntry { count: 2, linked: true, ..weapon("torpedo", Mount::B) });
    d.accessories.push(AccessoryEntry::new(find("fire-extinguisher"), 1));
    armor(&mut d, "plastic", &[(Loc::F, 15), (Loc::R, 15), (Loc::L, 15), (Loc::B, 12), (Loc::U, 15)]);
    d
}

/// Minnow: a two-propeller Dinghy with passengers and fireproof armor.
pub fn minnow() -> Design {
    let mut d = boat("Minnow", "dinghy", "medium", 2);
    d.crew.push(CrewEntry::new(&tables::ROLES[2], 2));
    d.weapons.push(WeaponEntry { ammo: Some("ap".into()), ..weapon("mml", Mount::F) });
    d.weapons.push(WeaponEntry { ammo: Some("hd".into()), ..weapon("mg", Mount::B) });
    d.accessories.push(AccessoryEntry::new(find("targeting-computer"), 1));
    d.accessories.push(AccessoryEntry::new(find("marine-radio"), 1));
    armor(&mut d, "fireproof", &[(Loc::F, 12), (Loc::R, 10), (Loc::L, 10), (Loc::B, 10), (Loc::U, 10)]);
    d
}

/// The example boats with the stable slugs the page and the gallery use.
pub fn all() -> Vec<(&'static str, Design)> {
    vec![("darter", darter()), ("piranha", piranha()), ("minnow", minnow())]
}

/// Published stat lines, as printed (the Piranha's with the magazine's "VGM" misprint).
pub const PUBLISHED: [(&str, &str); 3] = [
    (
        "darter",
        "Darter: Rowboat, Medium power plant, Propeller, Pilot only. No weapons. Armor: F2, R1, L1, B1, U3. Accel. 20, Top Speed 100, HC 3, 799 lbs; $3,315.",
    ),
    (
        "piranha",
        "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VGM front, 2 linked torpedoes back, Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636.",
    ),
    (
        "minnow",
        "Minnow: Dinghy, Medium power plant, 2 Propellers, Pilot, 2 Passengers. MML with AP rockets front, MG with HD ammo back, Targeting computer, Marine Radio. Fireproof Armor: F12, R10, L10, B10, U10. Accel. 10, Top Speed 60, HC 2, 3,000 lbs; $13,552.",
    ),
];

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::games::boats::check;
    use crate::games::boats::units::{Money, Speed, Weight};

    /// Evaluates a design and checks it against its published figures; the limits tests check
    /// the published boats' JSON documents with it too.
    pub(in crate::games::boats) fn check_figures(
        d: &Design,
        cost: i64,
        weight_centi: i64,
        shown: i64,
        accel: Speed,
        top: Speed,
        hc: i64,
    ) {
        let e = check(d);
        assert_eq!(e.problems, vec![], "{} should be legal", d.name);
        assert_eq!(e.figures.cost, Money::whole(cost), "{} cost", d.name);
        assert_eq!(e.figures.weight, Weight::centi(weight_centi), "{} weight", d.name);
        assert_eq!(e.figures.weight_rounded, shown, "{} weight as printed", d.name);
        assert_eq!(e.figures.acceleration, accel, "{} acceleration", d.name);
        assert_eq!(e.figures.top_speed, top, "{} top speed", d.name);
        assert_eq!(e.figures.handling_class, hc, "{} HC", d.name);
        assert_eq!(e.figures.spaces_used.0, e.figures.spaces_total * 6, "{} is full", d.name);
    }

    #[test]
    fn the_darter_reproduces_its_published_figures() {
        check_figures(&darter(), 3315, 79_900, 799, Speed::mph(20), Speed::mph(100), 3);
    }

    #[test]
    fn the_piranha_reproduces_its_published_figures() {
        check_figures(&piranha(), 9636, 299_700, 2997, Speed::mph(5), Speed::mph(40), 2);
    }

    #[test]
    fn the_minnow_reproduces_its_published_figures() {
        check_figures(&minnow(), 13552, 299_950, 3000, Speed::mph(10), Speed::mph(60), 2);
    }
}

#[cfg(test)]
mod readme {
    use crate::games::boats::{Design, check, statline};

    const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));

    /// The JSON blocks the README marks as design examples.
    fn examples() -> Vec<&'static str> {
        README
            .split("<!-- design example -->")
            .skip(1)
            .filter_map(|rest| rest.split("```json").nth(1)?.split("```").next())
            .collect()
    }

    #[test]
    fn the_readme_design_examples_are_complete_legal_designs() {
        let found = examples();
        assert_eq!(found.len(), 2);
        for json in found {
            let d: Design = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
            let e = check(&d);
            assert_eq!(e.problems, vec![], "{}", d.name);
            // The stat line the README quotes for it, when it quotes one, is the one we write.
            let line = statline::stat_line(&d, &e);
            if d.name == "Sea Castle" {
                assert!(README.contains(&line), "README should quote: {line}");
                assert_eq!(e.figures.cost.to_string(), "$146,775");
            }
        }
    }
}
