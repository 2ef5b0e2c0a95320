//! The generated tables against facts stated in the data files.

use super::*;

fn the(id: &str) -> &'static Ship {
    ship(id).unwrap_or_else(|| panic!("no ship {id}"))
}

fn the_craft(id: &str) -> &'static Craft {
    craft_by_id(id).unwrap_or_else(|| panic!("no craft {id}"))
}

#[test]
fn the_tables_hold_every_row_of_the_received_files() {
    assert_eq!(ships().len(), 68);
    assert_eq!(craft().len(), 19);
    let ids: Vec<&str> = factions().iter().map(|f| f.id).collect();
    assert_eq!(
        ids,
        [
            "imperial-navy",
            "chaos",
            "orks",
            "space-marines",
            "tau",
            "eldar-corsair",
            "tyranids",
            "necrons",
            "dark-eldar"
        ]
    );
    assert_eq!(faction("tyranids").map(|f| f.ships().count()), Some(5));
}

#[test]
fn the_emperor_is_as_its_row_gives_it() {
    // ships.csv: 365 pts, BB, 12 hits, 15 cm, 45 degrees, 4 shields, 5+, 5 turrets,
    // 4+4 bays of Fury 30 / Starhawk 20, Sharks +5 pts.
    let e = the("emperor-battleship");
    assert_eq!(
        (e.points, e.kind, e.hits, e.speeds_cm, e.turns),
        (365, Kind::Battleship, 12, &[15][..], Some(45))
    );
    assert_eq!((e.shields, e.armour.lowest(), e.turrets), ("4", 5, Some(5)));
    assert_eq!(e.bays.map(|b| (b.count, b.craft)), Some((8, &["fury-interceptor", "starhawk-bomber"][..])));
    assert_eq!(e.torpedoes, None);
    let sharks = e.option("sharks");
    assert_eq!(sharks.map(|o| (o.price, o.craft)), Some((Price::Points(5), &["shark-assault-boat"][..])));
    assert_eq!(e.source, "Battlefleet_Gothic.gst#L215");
}

#[test]
fn salvoes_read_strength_speed_and_whether_they_split() {
    let r = the("retribution-battleship").torpedoes;
    assert_eq!(r.map(|t| (t.text, t.split())), Some(("9@30", Split::Allowed)));
    let g = the("gothic-cruiser").torpedoes;
    assert_eq!(g.map(|t| (t.text, t.split())), Some(("6@30", Split::Never)));
    let ork = the("terror-ship").option("prow-torpedoes").and_then(|o| o.torpedoes);
    assert_eq!(
        ork.map(|t| (t.text, t.split(), t.strength.min(), t.strength.max())),
        Some(("D6+2@30", Split::IfRolledOverSix, 3, 8))
    );
    let ravager = the("ravager-attack-ship").torpedoes;
    assert_eq!(ravager.map(|t| (t.text, t.split())), Some(("D6@30", Split::Never)));
    let tau = the("custodian-or-es-el-leath").torpedoes;
    assert_eq!(
        tau.map(|t| (t.text, t.kind, t.speed_cm, t.speed_max_cm)),
        Some(("missiles 8@20-40", SalvoKind::Missiles, 20, 40))
    );
    // Tyranid torpedoes move 15 cm.
    assert_eq!(
        the("hive-ship").option("prow-torpedoes").and_then(|o| o.torpedoes).map(|t| t.text),
        Some("6@15")
    );
}

#[test]
fn remarks_and_nova_cannons_are_not_torpedoes_but_lunars_keep_theirs() {
    assert_eq!(the("apocalypse-battleship").torpedoes, None);
    assert_eq!(the("despoiler-battleship").torpedoes, None);
    assert!(the("lunar-cruiser").torpedoes.is_some());
    assert!(the("tyrant-cruiser").torpedoes.is_some());
    let d = the("dauntless-light-cruiser");
    assert_eq!(d.torpedoes, None);
    assert_eq!(d.option("torpedo-prow").map(|o| o.price), Some(Price::WithShip));
}

#[test]
fn armour_reads_every_facing() {
    let a = the("terror-ship").armour;
    assert_eq!((a.prow, a.sides, a.rear, a.lowest()), (6, 5, 4, 4));
    let a = the("retribution-battleship").armour;
    assert_eq!((a.prow, a.sides, a.rear), (6, 5, 5));
    let a = the("explorer-gal-leath").armour;
    assert_eq!((a.prow, a.sides, a.rear), (5, 5, 4));
    let a = the("hero-lar-shi").armour;
    assert_eq!((a.prow, a.sides, a.deflector), (6, 5, true));
}

#[test]
fn odd_profiles_keep_what_the_row_says() {
    let v = the("void-stalker-battleship");
    assert_eq!(
        (v.speeds_cm, v.turns, v.shields, v.turrets),
        (&[10, 20, 25][..], None, "holofields", Some(0))
    );
    let k = the("kraken");
    assert_eq!((k.turrets, k.never_runs_out), (None, true));
    let h = the("hive-ship");
    assert_eq!(
        (h.points, h.points_are_base, h.turrets, h.unverified, h.never_runs_out),
        (200, true, Some(4), true, true)
    );
    assert!(!the("tyranid-cruiser").unverified);
    assert_eq!(the("styx-heavy-cruiser").kind, Kind::HeavyCruiser);
    assert_eq!(the("mars-battlecruiser").kind, Kind::Battlecruiser);
    assert!(the("sword-frigate").is_escort());
}

#[test]
fn tau_configurations_share_the_cells_craft_and_hooks_are_left_out() {
    let e = the("explorer-gal-leath");
    assert_eq!((e.bays, e.torpedoes), (None, None));
    assert_eq!(e.groups().collect::<Vec<_>>(), ["configuration"]);
    let bk = e.option("bor-kan");
    assert_eq!(bk.and_then(|o| o.bays).map(|b| (b.count, b.craft)), Some((4, &["barracuda", "manta"][..])));
    assert_eq!(bk.and_then(|o| o.torpedoes).map(|t| t.text), Some("missiles 8@20-40"));
    assert_eq!(e.option("vash-ya").and_then(|o| o.bays).map(|b| b.count), Some(8));
    // "1 (T'olku cfg)" names no craft: the faction's.
    let p = the("protector-lar-shi-vre").option("t-olku").and_then(|o| o.bays);
    assert_eq!(p.map(|b| (b.count, b.craft)), Some((1, &["barracuda", "manta"][..])));
    assert_eq!(the("custodian-or-es-el-leath").bays.map(|b| b.count), Some(6));
}

#[test]
fn craft_roles_and_special_rules_come_from_their_rows() {
    assert_eq!(the_craft("fury-interceptor").roles, [Role::Fighter]);
    assert!(the_craft("fury-interceptor").cap);
    let fb = the_craft("fighta-bomma");
    assert_eq!(
        (fb.roles, fb.multi_role(), fb.cap, fb.speed_cm),
        (&[Role::Fighter, Role::Bomber][..], true, true, 25)
    );
    let th = the_craft("thunderhawk");
    assert_eq!((th.resilient, th.multi_role(), th.has(Role::AssaultBoat)), (Resilience::Always, true, true));
    let m = the_craft("manta");
    assert_eq!((m.resilient, m.cap), (Resilience::AgainstFighters, false));
    let d = the_craft("darkstar");
    assert_eq!((d.resilient, d.turrets_hit_only_on_6), (Resilience::Always, true));
    assert!(the_craft("eagle").turrets_hit_only_on_6);
    let tb = the_craft("imperial-torpedo-bomber");
    assert_eq!((tb.roles, tb.torpedo_strength, tb.speed_cm), (&[Role::TorpedoBomber][..], Some(2), 20));
    let de: Vec<(u32, &[Role])> = ["dark-eldar-fighter", "dark-eldar-bomber", "dark-eldar-assault-boat"]
        .iter()
        .map(|id| (the_craft(id).speed_cm, the_craft(id).roles))
        .collect();
    assert_eq!(de, [(30, &[Role::Fighter][..]), (20, &[Role::Bomber][..]), (30, &[Role::AssaultBoat][..])]);
    assert!(the_craft("tyranid-assault-boat").unverified);
    assert_eq!(the_craft("tyranid-assault-boat").speed_cm, 15);
}

#[test]
fn every_ship_and_craft_is_found_by_its_id() {
    for s in ships() {
        assert_eq!(ship(s.id).map(|x| x.name), Some(s.name));
    }
    for c in craft() {
        assert_eq!(craft_by_id(c.id).map(|x| x.name), Some(c.name));
    }
    assert_eq!(ship("zzz"), None);
    assert_eq!(ship(""), None);
    assert_eq!(craft_by_id("Fury interceptor"), None);
}

#[test]
fn every_option_and_bay_names_known_craft() {
    for s in ships() {
        let bays = s.bays.into_iter().chain(s.options.iter().filter_map(|o| o.bays));
        for id in bays.flat_map(|b| b.craft.iter()).chain(s.options.iter().flat_map(|o| o.craft.iter())) {
            let c = the_craft(id);
            assert_eq!(c.faction, s.faction, "{} carries {id}", s.id);
        }
    }
}
