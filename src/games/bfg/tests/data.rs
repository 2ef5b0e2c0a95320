//! The generated tables against facts stated in the data files.

use super::*;

fn the(id: &str) -> &'static Ship {
    ship(id).unwrap_or_else(|| panic!("no ship {id}"))
}

/// A ship fitted with options, in any list.
fn fitted(id: &str, options: &[&str]) -> Fitting {
    let options: Vec<String> = options.iter().map(|o| (*o).to_string()).collect();
    Fitting::new(the(id), &options, None)
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
    assert_eq!(sharks.map(|o| (o.price, o.craft)), Some((5, &["shark-assault-boat"][..])));
    assert_eq!(e.source, "Battlefleet_Gothic.gst#L215");
    // weapons.csv: port and starboard batteries 6 at 60 cm, dorsal and prow 5, two bays of 4.
    let w: Vec<(&str, &str, &str, &str)> =
        e.weapons.iter().map(|w| (w.name, w.strength, w.range, w.arcs)).collect();
    assert_eq!(
        w,
        [
            ("Port weapons battery", "6", "60", "left"),
            ("Starboard weapons battery", "6", "60", "right"),
            ("Dorsal weapons battery", "5", "60", "left/front/right"),
            ("Prow weapons battery", "5", "60", "left/front/right"),
            ("Port launch bays", "4", "-", "-"),
            ("Starboard launch bays", "4", "-", "-"),
        ]
    );
}

#[test]
fn salvoes_read_strength_speed_and_whether_they_split() {
    let r = the("retribution-battleship").torpedoes;
    assert_eq!(r.map(|t| (t.text, t.split())), Some(("9@30", Split::Allowed)));
    let g = the("gothic-cruiser").torpedoes;
    assert_eq!(g.map(|t| (t.text, t.split())), Some(("6@30", Split::Never)));
    let ork = fitted("terror-ship", &["prow-torpedoes"]).torpedoes;
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
    // Tyranid boarding torpedoes move 15 cm; the Hive Ship's are Remastered's 8 (ships.csv has
    // BSData's 6).
    assert_eq!(fitted("hive-ship", &["prow-torpedoes"]).torpedoes.map(|t| t.text), Some("boarding 8@15"));
    // A cruiser with prow and thorax torpedoes launches two salvoes.
    let c = fitted("tyranid-cruiser", &["prow-torpedoes", "thorax-torpedoes"]);
    assert_eq!(c.salvoes.iter().map(|s| s.text).collect::<Vec<_>>(), ["boarding 4@15", "boarding 4@15"]);
}

#[test]
fn remarks_and_nova_cannons_are_not_torpedoes_but_lunars_keep_theirs() {
    assert_eq!(the("apocalypse-battleship").torpedoes, None);
    assert_eq!(the("despoiler-battleship").torpedoes, None);
    assert!(the("lunar-cruiser").torpedoes.is_some());
    assert!(the("tyrant-cruiser").torpedoes.is_some());
    let d = the("dauntless-light-cruiser");
    assert_eq!(d.torpedoes, None);
    assert_eq!(d.option("torpedo-prow").map(|o| o.price), Some(0));
    // Options replace weapons: the Lunar's nova cannon takes its torpedoes, the Dauntless's
    // torpedoes its prow lance.
    let l = fitted("lunar-cruiser", &["nova-cannon"]);
    assert_eq!((l.torpedoes, l.points), (None, 200));
    assert!(l.weapons.iter().any(|w| w.name == "Prow nova cannon" && w.range == "30-150"));
    let d = fitted("dauntless-light-cruiser", &["torpedo-prow"]);
    assert!(d.weapons.iter().all(|w| w.name != "Prow lance battery"));
    assert_eq!(d.torpedoes.map(|t| t.text), Some("6@30"));
    // The Dominator's early-pattern batteries cost 5 pts less and replace its 30 cm ones.
    let dom = fitted("dominator-cruiser", &["early-pattern"]);
    assert_eq!(dom.points, 185);
    let batteries: Vec<(&str, &str)> =
        dom.weapons.iter().filter(|w| w.kind == WeaponKind::Battery).map(|w| (w.strength, w.range)).collect();
    assert_eq!(batteries, [("6", "45"), ("6", "45")]);
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
    assert_eq!(e.groups.iter().map(|g| (g.id, g.min, g.max)).collect::<Vec<_>>(), [("configuration", 1, 1)]);
    let bk = fitted("explorer-gal-leath", &["bor-kan"]);
    let craft: Vec<&str> = bk.craft.iter().map(|c| c.id).collect();
    assert_eq!((bk.bays, craft), (4, vec!["barracuda", "manta"]));
    assert_eq!(bk.torpedoes.map(|t| t.text), Some("missiles 8@20-40"));
    assert_eq!(fitted("explorer-gal-leath", &["vash-ya"]).bays, 8);
    // Three hooks of one Orca or Warden each.
    assert_eq!(e.hooks(), (3, 3));
    assert_eq!(the("custodian-or-es-el-leath").hooks(), (3, 0));
    // "1 (T'olku cfg)" names no craft: the faction's; both configurations carry the bay.
    let p = fitted("protector-lar-shi-vre", &["t-olku"]);
    assert_eq!((p.bays, p.craft.iter().map(|c| c.id).collect::<Vec<_>>()), (1, vec!["barracuda", "manta"]));
    assert_eq!(fitted("protector-lar-shi-vre", &["vior-la"]).bays, 1);
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
    // Exactly as written: not another case, no space around, not a part of an id.
    assert!(ship("lunar-cruiser").is_some());
    for near in ["Lunar-cruiser", "lunar-cruiser ", " lunar-cruiser", "lunar-cruise", "lunar-cruiser-"] {
        assert_eq!(ship(near).map(|x| x.name), None, "{near:?}");
    }
    assert_eq!(craft_by_id("Fury interceptor"), None);
}

#[test]
fn every_rule_is_found_by_its_id() {
    for r in rules() {
        assert!(rule(r.id).is_some_and(|x| std::ptr::eq(x, r)), "{}", r.id);
    }
    assert!(rules().len() > 100, "{} rules", rules().len());
    for missing in
        ["", "zzz", "in-gothic", "in-gothic/", "In-Gothic/battleships", "general/commander-over-750 "]
    {
        assert!(rule(missing).is_none(), "{missing:?}");
    }
}

#[test]
fn every_option_and_bay_names_known_craft() {
    for s in ships() {
        for id in s.craft.iter().chain(s.options.iter().flat_map(|o| o.craft.iter())) {
            let c = the_craft(id);
            assert_eq!(c.faction, s.faction, "{} carries {id}", s.id);
        }
        // Every ship that can have bays carries some craft.
        let may = s
            .weapons
            .iter()
            .chain(s.options.iter().flat_map(|o| o.adds.iter()))
            .any(|w| w.kind == WeaponKind::LaunchBay);
        assert_eq!(may, !s.craft.is_empty(), "{}", s.id);
    }
}

#[test]
fn every_weapon_row_is_a_standard_weapon_or_fitted_by_an_option() {
    let standard: usize = ships().iter().map(|s| s.weapons.len()).sum();
    let mut fitted: Vec<(&str, &str)> = Vec::new();
    for s in ships() {
        for w in s.options.iter().flat_map(|o| o.adds.iter()) {
            if !fitted.contains(&(s.id, w.name)) {
                fitted.push((s.id, w.name));
            }
        }
    }
    // weapons.csv has 284 rows.
    assert_eq!(standard + fitted.len(), 284);
    assert!(ships().iter().all(|s| !s.weapons.is_empty() || !s.options.is_empty()));
}

#[test]
fn every_list_has_its_rules_roster_and_leaders() {
    assert_eq!(lists().len(), 25);
    assert_eq!(rules().len(), 162);
    // Every rule reaches some list, and a list's rules are the general ones, its own and its
    // groups'.
    for r in rules() {
        assert!(lists().iter().any(|l| l.rule_ids.contains(&r.id)), "{} reaches no list", r.id);
        assert!(!r.readings.is_empty(), "{}", r.id);
    }
    let gothic = list("in-gothic").expect("Gothic Sector");
    assert_eq!(gothic.name, "Gothic Sector");
    assert!(gothic.rule_ids.starts_with(&["general/commander-over-750"]));
    assert!(
        gothic.rule_ids.contains(&"in-all/power-ram") && gothic.rule_ids.contains(&"in-gothic/battleships")
    );
    assert!(!gothic.rule_ids.iter().any(|r| r.starts_with("in-bastion/")));
    assert!(gothic.fields("emperor-battleship") && !gothic.fields("apocalypse-battleship"));
    // Cadia takes the Bastion rules and roster.
    let cadia = list("in-cadia").expect("Cadia");
    assert!(cadia.rule_ids.contains(&"in-bastion/battleships") && cadia.fields("apocalypse-battleship"));
    // The Tyranid hive fleet drops the general commander and squadron rules.
    let hive = list("ty-hive").expect("hive");
    assert!(!hive.rule_ids.contains(&"general/commander-over-750"));
    assert!(!hive.rule_ids.contains(&"general/escort-squadron-max"));
    // Space Marine lists price Imperial escorts their own way.
    assert_eq!(list("sm-codex").and_then(|l| l.price("firestorm-frigate")), Some(45));
    // Classes without a profile are on the roster, never fielded.
    assert!(gothic.roster.iter().all(|e| e.profile));
    assert!(
        list("in-bastion")
            .is_some_and(|l| l.roster.iter().any(|e| !e.profile && e.class == "Endeavour light cruiser"))
    );
    // A Chaos fleet may field renegade Imperial cruisers and escorts.
    assert!(list("ch-incursion").is_some_and(|l| l.fields("lunar-cruiser") && !l.fields("dictator-cruiser")));
    for f in factions() {
        assert!(f.default_list().is_some(), "{} has no list", f.id);
    }
}

#[test]
fn leaders_carry_their_points_leadership_and_re_roll_prices() {
    let admiral = leader("admiral").expect("admiral");
    assert_eq!(
        (admiral.points, admiral.leadership, admiral.rerolls, admiral.ladder),
        (100, "9", "1", &[25, 75, 150][..])
    );
    assert_eq!(admiral.cost(2), Some(175));
    assert_eq!(admiral.cost(4), None);
    assert!(
        admiral.offered_in("in-gothic") && admiral.offered_in("in-cadia") && !admiral.offered_in("sm-codex")
    );
    let mark = leader("incursion-mark-of-tzeentch").expect("mark");
    assert_eq!((mark.points, mark.name), (30, "Mark of Tzeentch"));
    let necron = leader("necron-fleet-rerolls").expect("necron");
    assert_eq!((necron.points, necron.ladder), (0, &[25, 75][..]));
    assert!(leader("fortress-monastery-rerolls").is_none());
    assert_eq!(leaders().len(), 32);
}

#[test]
fn unverified_rules_are_marked() {
    let unverified: Vec<&str> = rules().iter().filter(|r| r.unverified).map(|r| r.id).collect();
    assert_eq!(
        unverified,
        [
            "in-cadia/grand-cruisers-bsdata",
            "in-armageddon/sm-caps-bsdata",
            "tau-commerce/bsdata-explorer-min"
        ]
    );
}
