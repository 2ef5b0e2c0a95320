//! How fast the boat engine judges a design, prints its stat line and reads one back (ours, and a
//! 60-item Yacht pasted in the published phrasings); how fast a
//! designer form is read; how fast the BFG engine checks a fleet and works out exact ordnance
//! odds, the Waffle engine checks a roster and works out a tank shock, and the Samurai naval engine
//! works out every unit's options on a full board.
//!
//! Plain std timing, no harness: `cargo bench --bench engine`. Each measurement warms up, then runs
//! whole batches until at least a second has passed, and prints the time per call. Words after
//! `--` pick sections by name (`boats`, `forms`, `assist`, `worst`, `unknown`, `bfg`, `waffle`, `samurai`): `cargo bench --bench engine -- bfg`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use drydock::games::boats::tables::Mount;
use drydock::games::boats::{self, examples, statline};
use drydock::games::boats::{Design, Top, WeaponEntry};

#[path = "shared/misspell.rs"]
mod misspelt;
#[path = "shared/yacht.rs"]
mod yacht;
use yacht::{big_yacht, weapon};

/// Parts in a design, counting each entry and each armored location once.
fn items(d: &Design) -> usize {
    let flags =
        [d.plant.is_some(), d.deck.is_some(), d.top != Top::None, d.hydrofoils, d.weighted_keel, d.spoiler];
    flags.iter().filter(|f| **f).count()
        + d.propellers.len()
        + d.crew.len()
        + d.turrets.len()
        + d.turrets.iter().map(|t| t.weapons.len()).sum::<usize>()
        + d.weapons.len()
        + d.accessories.len()
        + d.cargo.len()
        + d.armor.points.iter().count()
}

/// Microseconds per call: the mean over batches run for at least `at_least`, and the fastest
/// batch (which other work on the machine cannot make look slower than it is).
struct Timing {
    mean: f64,
    best: f64,
}

fn time<T>(at_least: Duration, mut f: impl FnMut() -> T) -> Timing {
    const BATCH: u32 = 200;
    // Warm up: caches, branch predictors, the allocator.
    for _ in 0..10 * BATCH {
        black_box(f());
    }
    let start = Instant::now();
    let mut calls: u64 = 0;
    let mut best = f64::INFINITY;
    while start.elapsed() < at_least {
        let batch = Instant::now();
        for _ in 0..BATCH {
            black_box(f());
        }
        best = best.min(batch.elapsed().as_secs_f64() * 1e6 / f64::from(BATCH));
        calls += u64::from(BATCH);
    }
    Timing { mean: start.elapsed().as_secs_f64() * 1e6 / calls as f64, best }
}

fn main() {
    // Cargo passes `--bench`; any other word names the sections to run.
    let picked: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let runs = |section: &str| picked.is_empty() || picked.iter().any(|p| section.contains(p.as_str()));
    let second = Duration::from_secs(1);
    if runs("boats") {
        boats(second);
    }
    if runs("forms") {
        forms(second);
    }
    if runs("assist") {
        assist(second);
    }
    if runs("worst") {
        worst_cases(second);
    }
    if runs("unknown") {
        unknown_ids(second);
    }
    if runs("bfg") {
        bfg(second);
    }
    if runs("waffle") {
        waffle(second);
    }
    if runs("samurai") {
        samurai(second);
    }
}

/// Every unit's options (and every check) on a full 13 by 9 board: a coast of land along the
/// bottom, the wind from the east, and a unit on every other hex (56 units, a leader on every
/// fourth, grapples between neighbours), then a unit on every hex (113: nobody can move, but
/// every neighbour is looked at). Target: under 50 us for all units' options.
fn samurai(at_least: Duration) {
    use drydock::games::samurai::{self, Grapple, LeaderKind, Scenario, Side, Unit, data};

    let board = |every: usize| {
        let mut s = Scenario { name: "Full board".into(), ..Scenario::default() };
        let hexes: Vec<_> = s.board.hexes().collect();
        for h in &hexes {
            if h.row >= 7 && h.col < 6 {
                s.set_land(*h, true);
            }
        }
        for (i, h) in hexes.iter().enumerate().filter(|(i, _)| i % every == 0) {
            let t = &data::UNIT_TYPES[i % 7];
            let side = if h.row < 4 { Side::B } else { Side::A };
            let mut u = Unit::of_type(t.id, side, *h);
            if u.close == 0 {
                u.close = 3;
            }
            if s.units.len().is_multiple_of(4) {
                u.leader = Some(LeaderKind::Foot);
            }
            s.units.push(u);
        }
        // Grapples between enemies side by side, where the rows meet.
        let pairs: Vec<Grapple> = s
            .units
            .iter()
            .filter(|u| u.side == Side::A && u.hex.row == 4)
            .filter_map(|a| {
                s.units
                    .iter()
                    .find(|b| b.side == Side::B && b.hex.distance(a.hex) == 1)
                    .map(|b| Grapple { a: a.hex, b: b.hex })
            })
            .collect();
        s.grapples = pairs;
        s
    };
    for (every, what) in [(2, "a unit on every other hex"), (1, "a unit on every hex")] {
        let s = board(every);
        let j = samurai::check(&s);
        let moves: usize = j.units.iter().map(|o| o.moves.len()).sum();
        let us = time(at_least, || samurai::check(black_box(&s)));
        println!(
            "samurai full 13x9 board, {what} ({} units, {moves} moves, {} grapples, {} problems): {:.2} us for every unit's options (fastest batch {:.2})",
            s.units.len(),
            s.grapples.len(),
            j.problems.len(),
            us.mean,
            us.best
        );
    }
}

/// A Yacht as a player would paste it, written by hand in published phrasings (not by our
/// writer): 60 parts and armor locations.
const PASTED_YACHT: &str = "Leviathan: Yacht with Deck (30 below, 28 above), Boat Top and weighted keel. \
    Below deck: Super power plant, 2 propellers with 10-point guards, pilot, 4 passengers in cargo space, \
    4 sleeping accommodations (in cargo), galley, bilge pump, 2 linked torpedoes back, single-weapon computer, \
    cargo (2 spaces, 800 lbs), laser battery, portable earth station, solar panel. Above deck: 2 gunners, \
    universal 3-space turret (FT) with VMG and MG w/ HD ammo, 2-space turret (BT) with RL w/ AP rockets, \
    2 linked MGs front (extra magazine, magazine switch), AP MML front-left, AP MML front-right, \
    2 linked APHRs fwd, light rocket back-left with a 2-space rocket magazine, depth charge w/ extra magazine \
    rear, smokescreen back-left, targeting laser front, 2 HMGs (one each FL, FR), flamethrower back, \
    spikedropper back-right, TC, marine radio, sonar, FE, 2 life rafts, radar, radar detector, searchlight, \
    armored searchlight, long-range radar, radar jammer, IR sighting system, LD radio, improved fire \
    extinguisher, cyberlink. Fireproof armor: F30, FL20, BL20, FR20, BR20, B25, FU20, BU20, FT10, BT10, FD5, \
    BD5. Accel. 5, Top Speed 40, HC 1.";

fn boats(second: Duration) {
    let boats = [("yacht", big_yacht()), ("darter", examples::darter())];
    for (name, d) in &boats {
        let e = boats::check(d);
        // A design with problems would time the writing of their messages as well.
        assert!(e.problems.is_empty(), "{name} should have no problems: {:?}", e.problems);
        let line = statline::stat_line(d, &e);
        println!("{name}: {line}");

        let eval_us = time(second, || boats::check(black_box(d)));
        let print_us = time(second, || statline::stat_line(black_box(d), black_box(&e)));
        let parse_us = time(second, || statline::parse(black_box(&line)));
        println!(
            "{name} ({} items): {:.2} us/evaluation (fastest batch {:.2})",
            items(d),
            eval_us.mean,
            eval_us.best
        );
        println!(
            "{name} stat line: {:.2} us/print (fastest {:.2}), {:.2} us/parse (fastest {:.2})",
            print_us.mean, print_us.best, parse_us.mean, parse_us.best
        );
    }

    // A pasted line in the published phrasings (target: under 50 us a read).
    let imp = statline::parse(PASTED_YACHT);
    assert!(imp.unrecognized.is_empty(), "the pasted yacht should read whole: {:?}", imp.unrecognized);
    let parse_us = time(second, || statline::parse(black_box(PASTED_YACHT)));
    println!(
        "pasted yacht line ({} items, {} bytes): {:.2} us/parse (fastest batch {:.2}; target under 50)",
        items(&imp.design),
        PASTED_YACHT.len(),
        parse_us.mean,
        parse_us.best
    );
}

/// The design assistant on the Minnow and the 48-item Yacht: the fastest-propulsion search (every
/// plant with each drive, with and without hydrofoils: `MAX_CANDIDATES` judgements), the armor
/// fill (a doubling then a halving, each try judged) and the one-click fixes of a Minnow with
/// no pilot and its machine gun facing a way a Dinghy has not got. Each prints its time per
/// search and per judgement it makes.
fn assist(at_least: Duration) {
    use drydock::games::boats::assist::{fastest, fill, fixes};
    let mut minnow_bare = examples::minnow();
    minnow_bare.armor.points = Default::default();
    for (name, d) in [("minnow", examples::minnow()), ("yacht", big_yacht())] {
        let s = fastest::Search { goal: fastest::Goal::Fastest, budget: None, keep_weapons: true };
        let us = time(at_least, || fastest::search(black_box(&d), &s).map(|f| f.speed));
        let n = fastest::MAX_CANDIDATES as f64;
        println!(
            "assist, fastest for the {name}: {:.1} us/search of {} candidates, {:.2} us per evaluation (fastest batch {:.1})",
            us.mean,
            fastest::MAX_CANDIDATES,
            us.mean / n,
            us.best
        );
    }
    let mut yacht_bare = big_yacht();
    yacht_bare.armor.points = Default::default();
    for (name, d) in [("bare minnow", minnow_bare), ("yacht without armor", yacht_bare)] {
        let points = fill::fill(&d, fill::Pattern::Even, None).map(|f| f.points);
        let us = time(at_least, || fill::fill(black_box(&d), fill::Pattern::Even, None).map(|f| f.points));
        let eval = time(at_least, || boats::check(black_box(&d)));
        println!(
            "assist, even fill of the {name} ({points:?} points): {:.1} us/fill, about {:.0} evaluations of {:.2} us",
            us.mean,
            us.mean / eval.mean,
            eval.mean
        );
    }
    let mut broken = examples::minnow();
    broken.crew.retain(|c| c.role.id() != "pilot");
    broken.weapons[1].mount = Some(Mount::FL);
    let e = boats::check(&broken);
    let offered = fixes::fixes(&broken, &e).len();
    let us = time(at_least, || fixes::fixes(black_box(&broken), black_box(&e)).len());
    println!("assist, fixes of a minnow with 2 fixable problems ({offered} offered): {:.1} us", us.mean);
}

/// Reading a posted designer form through the form codec (what every live update does before
/// judging), as the browser sends it: URL-encoded.
fn forms(at_least: Duration) {
    use drydock::web::boats::design_form::{fields_of, read};
    use drydock::web::http::fields::Fields;
    let d = big_yacht();
    let pairs = fields_of(&d);
    let body: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(&pairs).finish();
    let read_us = time(at_least, || read(&Fields::parse(black_box(body.as_bytes()))).map(|r| r.0.name));
    println!(
        "yacht form ({} fields, {} bytes): {:.2} us/read (fastest {:.2})",
        pairs.len(),
        body.len(),
        read_us.mean,
        read_us.best
    );
    // What the designer posts for a live update of the Minnow, as scripts/bench.sh sends it.
    let minnow = examples::minnow();
    let pairs = fields_of(&minnow);
    let body: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(&pairs).finish();
    let read_us = time(at_least, || read(&Fields::parse(black_box(body.as_bytes()))).map(|r| r.0.name));
    println!(
        "minnow form ({} fields, {} bytes): {:.2} us/read (fastest {:.2})",
        pairs.len(),
        body.len(),
        read_us.mean,
        read_us.best
    );
}

/// A 20-vehicle Waffle roster of every type (target: under 5 us a check), and exact tank shocks
/// of 48" (target: under 100 us) and of 72", the longest the calculator takes.
fn waffle(at_least: Duration) {
    use drydock::games::waffle::{self, Armour, Mode, Roster, TankShock, Vehicle, Weapon};

    let kinds: [&[&str]; 7] = [
        &["tank", "transport"],
        &["tank"],
        &["walker"],
        &["chariot", "transport"],
        &["super-heavy-vehicle", "tank"],
        &["super-heavy-walker"],
        &["super-heavy-flyer", "transport"],
    ];
    let mut r = Roster { name: "Armoured company".into(), points_limit: Some(3000), ..Roster::default() };
    for i in 0..20 {
        let types = kinds[i % kinds.len()];
        let mut v = Vehicle::new(&format!("Vehicle {i}"), types);
        v.armour = Armour { front: 14, side: 12, rear: 10 };
        v.points = 120;
        if types.contains(&"transport") {
            (v.fire_points, v.capacity) = (2, 10);
        }
        v.weapons = (0..3)
            .map(|k| Weapon {
                name: format!("Gun {k}"),
                range: 36,
                strength: Some(8),
                ap: Some(3),
                kind: "Heavy 2".into(),
            })
            .collect();
        r.vehicles.push(v);
    }
    let c = waffle::check(&r);
    assert!(c.legal && c.problems.is_empty(), "the roster should be legal: {:?}", c.problems);
    let check_us = time(at_least, || waffle::check(black_box(&r)));
    let rules: usize = c.vehicles.iter().map(|v| v.rules.len()).sum();
    println!(
        "waffle roster of {} vehicles ({rules} rules on the cards): {:.2} us/check (fastest batch {:.2})",
        r.vehicles.len(),
        check_us.mean,
        check_us.best
    );

    for (mode, distance, initiative) in [(Mode::Slam, 48, 3), (Mode::Grind, 48, 1), (Mode::Grind, 72, 1)] {
        let t = TankShock {
            mode,
            distance,
            combat_speed: 6,
            leadership: 7,
            initiative,
            toughness: 3,
            save: Some(4),
            models: 30,
        };
        let o = match waffle::tank_shock(&t) {
            Ok(o) => o,
            Err(e) => panic!("refused: {e}"),
        };
        let us = time(at_least, || waffle::tank_shock(black_box(&t)));
        println!(
            "waffle tank shock, {} {distance}\" into I{initiative} ({} checks, up to {} hits): {:.1} us (fastest batch {:.1})",
            mode.name(),
            o.checks,
            o.hits.max(),
            us.mean,
            us.best
        );
    }
}

/// The most work one request can ask of the engines: a design and a detachment filled to the
/// bounds every document keeps, and a 64 KiB pasted stat line (the body limit), so that the
/// request timeout can be seen to have room to spare.
fn worst_cases(at_least: Duration) {
    use drydock::games::bounds::{Document, MAX_COUNT, MAX_ENTRIES};
    use drydock::games::epic;

    let mut full = big_yacht();
    while full.entries() < MAX_ENTRIES {
        full.weapons.push(WeaponEntry {
            count: MAX_COUNT,
            extra_magazines: MAX_COUNT,
            ..weapon("mg", Some(Mount::F))
        });
    }
    let e = boats::check(&full);
    let eval_us = time(at_least, || boats::check(black_box(&full)));
    let print_us = time(at_least, || statline::stat_line(black_box(&full), black_box(&e)));
    println!(
        "worst case, design of {} entries: {:.1} us/evaluation, {:.1} us/stat line ({} problems)",
        full.entries(),
        eval_us.mean,
        print_us.mean,
        e.problems.len()
    );

    let line = statline::stat_line(&big_yacht(), &boats::check(&big_yacht()));
    let mut pasted = String::new();
    while pasted.len() + line.len() < 64 * 1024 {
        pasted.push_str(&line);
        pasted.push(' ');
    }
    let parse_us = time(at_least, || statline::parse(black_box(&pasted)));
    println!("worst case, stat line of {} bytes: {:.0} us/parse", pasted.len(), parse_us.mean);

    let mut d = epic::Detachment::new("imperial-marines");
    for i in 0..MAX_ENTRIES {
        let section = if i % 2 == 0 { "main" } else { "support" };
        d.choices.push(epic::Choice::new(section, "alligator-apc", u32::from(MAX_COUNT)));
    }
    let check_us = time(at_least, || epic::check(black_box(&d)));
    println!(
        "worst case, detachment of {} choices of {MAX_COUNT}: {:.1} us/check",
        d.choices.len(),
        check_us.mean
    );
}

/// Every game's example with its largest list filled to 200 entries, each naming an id one letter
/// off a catalog one, so every entry asks for a "did you mean" search: the most work a small
/// document asks of each engine, and how it grows with the document's size (which is what the
/// web layer sees when it decides where to judge: see `web::judging`).
fn unknown_ids(at_least: Duration) {
    use drydock::web::flows::builder::Builder;
    use drydock::web::{bfg::Bfg, boats::Boats, epic::Epic, samurai::Samurai, waffle::Waffle};
    use misspelt::misspell;
    use serde_json::Value;

    fn filled(example: &str, n: usize) -> Vec<u8> {
        let mut doc: Value = serde_json::from_str(example).unwrap_or_default();
        let key = doc
            .as_object()
            .and_then(|o| {
                o.iter().filter_map(|(k, v)| Some((k.clone(), v.as_array()?.len()))).max_by_key(|kv| kv.1)
            })
            .map(|kv| kv.0)
            .unwrap_or_default();
        if let Some(items) = doc.get_mut(&key).and_then(Value::as_array_mut) {
            let base = items.clone();
            items.clear();
            while items.len() < n && !base.is_empty() {
                let mut item = base[items.len() % base.len()].clone();
                misspell(&mut item);
                items.push(item);
            }
        }
        serde_json::to_vec(&doc).unwrap_or_default()
    }
    fn run<B: Builder>(at_least: Duration) {
        for n in [10, 50, 200] {
            let body = filled(B::GAME.example, n);
            if serde_json::from_slice::<B::Doc>(&body).is_err() {
                println!("{}: {n} entries do not read", B::GAME.id);
                continue;
            }
            let us = time(at_least / 3, || {
                serde_json::from_slice::<B::Doc>(black_box(&body))
                    .map(|doc| B::judge(doc, Vec::new()))
                    .is_ok()
            });
            println!(
                "unknown ids, {} of {n} entries ({} bytes): {:.1} us read and judged ({:.2} us per KiB)",
                B::GAME.id,
                body.len(),
                us.mean,
                us.mean * 1024.0 / body.len() as f64
            );
        }
    }
    run::<Boats>(at_least);
    run::<Epic>(at_least);
    run::<Bfg>(at_least);
    run::<Waffle>(at_least);
    run::<Samurai>(at_least);
}

/// The BFG engine: a 30-ship fleet checked (target under 5 us), and the largest odds the
/// calculator takes (target under 1 ms).
fn bfg(at_least: Duration) {
    use drydock::games::bfg::{self, BomberWave, Fleet, ShipEntry, Squadron, TorpedoAttack};

    // 20 capital ships, with options, and 5 squadrons of 2 escorts: 30 ships, 25 entries.
    let capital = [
        ("emperor-battleship", &["sharks"][..]),
        ("retribution-battleship", &[]),
        ("oberon-battleship", &[]),
        ("mars-battlecruiser", &[]),
        ("overlord-battlecruiser", &[]),
        ("dictator-cruiser", &["torpedo-bombers"]),
        ("dictator-cruiser", &[]),
        ("dominator-cruiser", &[]),
        ("gothic-cruiser", &[]),
        ("gothic-cruiser", &[]),
        ("lunar-cruiser", &[]),
        ("lunar-cruiser", &[]),
        ("lunar-cruiser", &[]),
        ("tyrant-cruiser", &[]),
        ("tyrant-cruiser", &[]),
        ("dauntless-light-cruiser", &["torpedo-prow"]),
        ("dauntless-light-cruiser", &[]),
        ("endurance-light-cruiser", &[]),
        ("endurance-light-cruiser", &[]),
        ("apocalypse-battleship", &[]),
    ];
    let mut fleet = Fleet::new("imperial-navy");
    fleet.points_limit = 10_000;
    fleet.ships = capital.iter().map(|(class, options)| ShipEntry::new(class, options)).collect();
    for class in ["sword-frigate", "firestorm-frigate", "cobra-destroyer", "sword-frigate", "cobra-destroyer"]
    {
        fleet.squadrons.push(Squadron::new(class, 2));
    }
    let c = bfg::check(&fleet);
    let ships: u32 = c.ships.iter().chain(&c.squadrons).map(|e| e.count).sum();
    let warnings = c.problems.len();
    let check_us = time(at_least, || bfg::check(black_box(&fleet)));
    println!(
        "bfg fleet of {ships} ships ({} pts, {warnings} warnings, fleet limit {}): {:.2} us/check (fastest batch {:.2}; target 5)",
        c.points, c.ordnance.fleet_limit, check_us.mean, check_us.best
    );
    let text_us = time(at_least, || bfg::text_export(black_box(&fleet)));
    println!("bfg fleet of {ships} ships: {:.2} us/text export", text_us.mean);

    let cases = [
        (
            "10 bombers + 10 fighters vs 8 turrets + 3 massed",
            BomberWave {
                bombers: 10,
                fighters: 10,
                turrets: 8,
                massed: 3,
                armour: 5,
                turrets_hit_only_on_6: false,
            },
        ),
        (
            "20 bombers vs 8 turrets + 3 massed",
            BomberWave {
                bombers: 20,
                fighters: 0,
                turrets: 8,
                massed: 3,
                armour: 5,
                turrets_hit_only_on_6: false,
            },
        ),
        (
            "20 bombers vs 0 turrets + 3 massed (most dice)",
            BomberWave {
                bombers: 20,
                fighters: 0,
                turrets: 0,
                massed: 3,
                armour: 2,
                turrets_hit_only_on_6: false,
            },
        ),
    ];
    for (name, wave) in cases {
        let us = time(at_least, || bfg::bombers(black_box(&wave)));
        println!("bfg odds, {name}: {:.1} us (fastest batch {:.1}; target 1000)", us.mean, us.best);
    }
    let salvo = TorpedoAttack { strength: bfg::MAX_STRENGTH, turrets: 8, massed: 3, armour: 2, reroll: true };
    let us = time(at_least, || bfg::torpedoes(black_box(&salvo)));
    println!("bfg odds, torpedo salvo of 30 re-rolling vs 8 turrets + 3 massed: {:.1} us", us.mean);
}
