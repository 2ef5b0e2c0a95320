//! The loaded Yacht the benches measure (benches/engine.rs and benches/live.rs): 135 form fields.

use drydock::games::boats::tables::{self, Loc, Mount};
use drydock::games::boats::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};

pub fn weapon(id: &str, mount: Option<Mount>) -> WeaponEntry {
    match tables::weapon_by_id(id) {
        Some(w) => WeaponEntry::new(w, mount),
        None => panic!("no weapon {id}"),
    }
}

fn accessory(id: &str, count: u16) -> AccessoryEntry {
    match tables::accessory(id) {
        Some(i) => AccessoryEntry::new(i, count),
        None => panic!("no accessory {id}"),
    }
}

/// A fully fitted Yacht: Deck, full Boat Top with two turrets, a weighted keel, a crew, ten weapon
/// entries with ammunition, magazines and links, accessories, cargo, armor everywhere.
pub fn big_yacht() -> Design {
    let mut d = Design::empty(&tables::HULLS[4]);
    d.name = "Leviathan".into();
    d.plant = Some(Ref::parse("super"));
    d.propellers = vec![PropellerEntry { size: None, guard: 10 }; 2];
    d.top = Top::Full;
    d.deck = Some(Deck { below: Some(30) });
    d.weighted_keel = true;
    d.crew[0].deck = Some(Section::Above);
    d.crew.push(CrewEntry { deck: Some(Section::Above), ..CrewEntry::new(&tables::ROLES[1], 2) });
    d.crew.push(CrewEntry {
        cargo: true,
        deck: Some(Section::Below),
        ..CrewEntry::new(&tables::ROLES[2], 4)
    });

    d.turrets.push(TurretEntry {
        size: 3,
        popup: false,
        universal: true,
        location: Some(Loc::FT),
        weapons: vec![weapon("vmg", None), WeaponEntry { ammo: Some("hd".into()), ..weapon("mg", None) }],
    });
    d.turrets.push(TurretEntry {
        size: 2,
        popup: false,
        universal: false,
        location: Some(Loc::BT),
        weapons: vec![WeaponEntry { ammo: Some("ap".into()), ..weapon("rl", None) }],
    });

    d.weapons = vec![
        WeaponEntry {
            count: 2,
            linked: true,
            extra_magazines: 1,
            magazine_switch: true,
            ..weapon("mg", Some(Mount::F))
        },
        WeaponEntry { ammo: Some("ap".into()), ..weapon("mml", Some(Mount::FL)) },
        WeaponEntry { ammo: Some("ap".into()), ..weapon("mml", Some(Mount::FR)) },
        WeaponEntry {
            count: 2,
            linked: true,
            ammo: Some("ap".into()),
            ..weapon("heavy-rocket", Some(Mount::F))
        },
        WeaponEntry { rocket_magazine: 4, ..weapon("light-rocket", Some(Mount::BL)) },
        WeaponEntry {
            count: 2,
            linked: true,
            deck: Some(Section::Below),
            ..weapon("torpedo", Some(Mount::B))
        },
        WeaponEntry { extra_magazines: 1, ..weapon("depth-charge", Some(Mount::B)) },
        weapon("smokescreen", Some(Mount::BL)),
        weapon("tl", Some(Mount::F)),
    ];

    d.accessories = vec![
        accessory("targeting-computer", 1),
        accessory("marine-radio", 1),
        accessory("sonar", 1),
        AccessoryEntry { deck: Some(Section::Below), ..accessory("bilge-pump", 1) },
        AccessoryEntry { deck: Some(Section::Below), ..accessory("galley", 1) },
        accessory("fire-extinguisher", 1),
        AccessoryEntry { deck: Some(Section::Below), ..accessory("single-weapon-computer", 1) },
        accessory("life-raft", 2),
        AccessoryEntry {
            cargo: true,
            deck: Some(Section::Below),
            ..accessory("passenger-accommodations", 4)
        },
        accessory("radar", 1),
        accessory("radar-detector", 1),
    ];
    d.cargo = vec![
        CargoEntry {
            name: "fuel drums".into(),
            spaces: 2,
            weight: 800,
            deck: Some(Section::Below),
            cargo: true,
        },
        CargoEntry { name: "spares".into(), spaces: 1, weight: 250, deck: None, cargo: true },
    ];

    d.armor.kind = Ref::parse("fireproof");
    for (loc, points) in [
        (Loc::F, 30),
        (Loc::FL, 20),
        (Loc::BL, 20),
        (Loc::FR, 20),
        (Loc::BR, 20),
        (Loc::B, 25),
        (Loc::FU, 20),
        (Loc::BU, 20),
        (Loc::FT, 10),
        (Loc::BT, 10),
        (Loc::FD, 5),
        (Loc::BD, 5),
    ] {
        d.armor.points.set(loc, points);
    }
    d
}
