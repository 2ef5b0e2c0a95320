//! Printed pages a player can play from: every game's printed page carries the build's share
//! link and its QR code on each sheet of paper (read back from the PDF); the boat record sheet's
//! boxes, headings, accessories and armor type, and the fullest boat of each hull on its pages;
//! Waffle rule cards four or more to a page.

use crate::support::{
    A4, Browser, LETTER, TURN, app, browser, browser_without_script, pdf_foot_qr_codes, pdf_texts, qr_codes,
};
use drydock::games::boats::{self, Design, tables};
use drydock::games::boats::{AccessoryEntry, CrewEntry, PropellerEntry, Ref, Section, WeaponEntry};
use serde_json::{Value, json};

/// Saves `doc` as a build of the game at `path` ("/boats") through the JSON API; its share link.
async fn save(path: &str, doc: &Value) -> String {
    let app = app().await;
    let res =
        reqwest::Client::new().post(app.url(&format!("/api{path}"))).json(doc).send().await.expect("save");
    assert_eq!(res.status(), 201, "{path}: saved");
    let body: Value = res.json().await.expect("json");
    app.url(&format!("{path}/{}", body["id"].as_str().expect("an id")))
}

/// The printed page at `url` on A4: each sheet of paper names `share` and shows its QR code.
async fn every_page_leads_back(b: &Browser, url: &str, share: &str) -> usize {
    b.goto(url).await;
    b.css("#print-foot").await;
    assert!(b.text("#print-foot").await.contains(share), "{url}: the foot names the share link");
    // On screen: the QR code reads back as the share link.
    assert_eq!(qr_codes(&b.shot("#print-qr").await), [share.to_owned()], "{url}: the QR code on screen");
    let pdf = b.print(A4.0, A4.1).await;
    let texts = pdf_texts(&pdf);
    let codes = pdf_foot_qr_codes(&pdf);
    assert_eq!(texts.len(), codes.len());
    for (k, (text, code)) in texts.iter().zip(&codes).enumerate() {
        assert!(text.contains(share), "{url}: page {} of {} names {share}:\n{text}", k + 1, texts.len());
        assert_eq!(code, &[share.to_owned()], "{url}: page {} of {}'s QR code", k + 1, texts.len());
    }
    // On either paper no sheet holds the foot alone (a trailing margin once pushed the foot of
    // an Epic roster onto a sheet of its own on Letter).
    for (paper, size) in [("A4", A4), ("Letter", LETTER)] {
        let texts = if paper == "A4" { texts.clone() } else { pdf_texts(&b.print(size.0, size.1).await) };
        for (k, text) in texts.iter().enumerate() {
            let body = text.replace("Open the live build:", "").replace(share, "");
            let words = body.split_whitespace().count();
            assert!(
                words >= 5,
                "{url}: on {paper}, page {} of {} holds only its foot:\n{text}",
                k + 1,
                texts.len()
            );
        }
    }
    texts.len()
}

#[tokio::test]
async fn every_printed_page_of_every_game_carries_the_share_link_and_its_qr_code() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    for game in drydock::web::registry::games() {
        let doc: Value = serde_json::from_str(game.example).expect("the game's example");
        let share = save(game.path, &doc).await;
        let pages = every_page_leads_back(&b, &format!("{share}/{}", game.print), &share).await;
        assert!(pages >= 1, "{}", game.id);
    }
    // A long one: twelve Waffle vehicles' cards and their rules run over several sheets of paper.
    let share = save("/waffle", &twelve_vehicles()).await;
    let pages = every_page_leads_back(&b, &format!("{share}/cards"), &share).await;
    assert!(pages >= 2, "{pages}");

    // Printed from the editor of a build not saved (the editor's Record sheet button posts its
    // form): it says there is no link yet. From the editor of a saved build: its link, and a
    // word that the paper may hold changes not saved.
    let minnow = boats::examples::minnow();
    let share = save("/boats", &serde_json::to_value(&minnow).expect("json")).await;
    let mut fields = drydock::web::boats::design_form::fields_of(&minnow);
    let printed = |fields: Vec<(String, String)>| async move {
        let res = reqwest::Client::new()
            .post(app.url("/boats/sheet"))
            .header("origin", app.url(""))
            .form(&fields)
            .send()
            .await
            .expect("print from the form");
        assert_eq!(res.status(), 200);
        res.text().await.expect("the page")
    };
    let page = printed(fields.clone()).await;
    assert!(page.contains("Not saved yet") && !page.contains("id=\"print-qr\""), "{page}");
    let id = share.rsplit('/').next().expect("an id").to_owned();
    fields.push(("build_id".into(), id));
    let page = printed(fields).await;
    assert!(page.contains(&format!("href=\"{share}\"")) && page.contains("id=\"print-qr\""));
    assert!(page.contains("changes not saved are on this paper only"));
}

/// Twelve typical Waffle vehicles: tanks, transports, walkers and more, one to three weapons each.
fn twelve_vehicles() -> Value {
    let types: [&[&str]; 12] = [
        &["tank"],
        &["tank", "transport"],
        &["walker"],
        &["transport"],
        &["chariot"],
        &["super-heavy-vehicle"],
        &["tank"],
        &["walker"],
        &["transport"],
        &["tank", "transport"],
        &["super-heavy-walker"],
        &["chariot", "transport"],
    ];
    let weapons = [
        json!({"name": "Battle cannon", "range": 72, "strength": 8, "ap": 3, "type": "Ordnance 1, Large Blast"}),
        json!({"name": "Heavy bolter", "range": 36, "strength": 5, "ap": 4, "type": "Heavy 3"}),
        json!({"name": "Storm bolter", "range": 24, "strength": 4, "ap": 5, "type": "Assault 2"}),
    ];
    let vehicles: Vec<Value> = types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let transport = t.contains(&"transport");
            json!({
                "name": format!("Vehicle {}", i + 1), "types": t,
                "armour": {"front": 12, "side": 11, "rear": 10}, "bs": 4,
                "weapons": weapons[..1 + i % 3].to_vec(), "points": 50 + 10 * i,
                "capacity": if transport { 10 } else { 0 }, "fire_points": if transport { 2 } else { 0 },
            })
        })
        .collect();
    json!({"name": "Twelve", "points_limit": 2000, "vehicles": vehicles})
}

#[tokio::test]
async fn rule_cards_come_four_or_more_to_a_sheet_and_no_sheet_holds_only_a_title() {
    let _turn = TURN.lock().await;
    let b = browser().await;
    let share = save("/waffle", &twelve_vehicles()).await;
    b.goto(&format!("{share}/cards")).await;
    b.css(".rules-reference").await;
    // Each rule the cards name is written out once, after them; the cards name them.
    let ids = b.js("return [...document.querySelectorAll('.rules-reference dt')].map(d => d.id);").await;
    let ids: Vec<String> = serde_json::from_value(ids).expect("ids");
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "each rule once: {ids:?}");
    let titles =
        b.js("return [...document.querySelectorAll('.rules-reference dt')].map(d => d.textContent);").await;
    let titles: Vec<String> = serde_json::from_value(titles).expect("titles");
    assert!(titles.contains(&"Tank shock".to_owned()) && titles.contains(&"Running".to_owned()));
    assert!(b.text("#card-1").await.contains("Rules: No reaction to shooting"));
    for (w, h) in [A4, LETTER] {
        let texts = pdf_texts(&b.print(w, h).await);
        let on_page = |t: &str| (1..=12).filter(|n| t.contains(&format!("Vehicle {n} "))).count();
        let cards: Vec<usize> = texts.iter().map(|t| on_page(t)).collect();
        assert_eq!(cards.iter().sum::<usize>(), 12, "every card once: {cards:?}");
        assert!(texts[0].contains("Twelve") && cards[0] >= 4, "the title comes with cards: {cards:?}");
        // Every sheet of cards but the last holds at least four.
        let last = cards.iter().rposition(|&n| n > 0).expect("cards");
        assert!(cards[..last].iter().all(|&n| n >= 4), "{w}x{h} cm: {cards:?}");
        assert!(texts.len() <= 3, "{w}x{h} cm: twelve cards and their rules on {} sheets", texts.len());
        for (k, t) in texts.iter().enumerate() {
            let words = t.split_whitespace().count();
            assert!(words > 40, "sheet {} holds next to nothing: {t}", k + 1);
        }
    }
}

// ----- The boat record sheet -----

/// A boat of `hull` as full as the rules let it be: with `people`, every body and cargo space
/// holds a passenger (besides a pilot, a machine gun with a spare magazine and a fire extinguisher
/// where the hull takes them); then the rest of its maximum load in armor, spread evenly. The
/// lightest plant that still moves it. Legal, with less than one armor point's weight left.
fn fullest(hull_id: &str, people: bool) -> Design {
    let hull = tables::hull(hull_id).expect("a hull");
    for plant in tables::PLANTS.iter() {
        // A pilot, the Deck the hull must have, and one propeller.
        let mut d = Design::blank(hull);
        d.name = format!("Fullest {} ({})", hull.name, if people { "crowded" } else { "armored" });
        d.plant = Some(Ref::Known(plant));
        d.propellers = vec![PropellerEntry { size: None, guard: 0 }];
        if people && hull_id != "rowboat" {
            let mut mg = WeaponEntry::new(tables::weapon_by_id("mg").expect("mg"), None);
            mg.extra_magazines = 1;
            d.weapons.push(mg);
            d.accessories.push(AccessoryEntry::new(
                tables::accessory("fire-extinguisher").expect("an extinguisher"),
                1,
            ));
        }
        if people {
            // One passenger at a time, into the body while it has room, then into cargo space
            // (passengers may ride there), on whichever deck has room.
            let passenger = tables::role("passenger").expect("passenger");
            for _ in 0..200 {
                let f = boats::check(&d).figures;
                let cargo = if f.spaces_used.ceil_whole() < f.spaces_total {
                    false
                } else if f.cargo_spaces_used.ceil_whole() < f.cargo_spaces_total {
                    true
                } else {
                    break;
                };
                let deck = f
                    .below_deck
                    .map(|b| if b.used.ceil_whole() < b.total { Section::Below } else { Section::Above });
                match d
                    .crew
                    .iter_mut()
                    .find(|c| c.role.id() == "passenger" && c.cargo == cargo && c.deck == deck)
                {
                    Some(c) => c.count += 1,
                    None => {
                        let mut c = CrewEntry::new(passenger, 1);
                        c.cargo = cargo;
                        c.deck = deck;
                        d.crew.push(c);
                    }
                }
            }
        }
        let locations = boats::check(&d).figures.armor_locations;
        let per_point = hull.armor_weight_per_point;
        let spare = boats::check(&d).figures.load_remaining;
        if spare.0 < 0 {
            continue;
        }
        let points = spare.0 / per_point.0;
        for (k, loc) in locations.iter().enumerate() {
            let share =
                points / locations.len() as i64 + i64::from((k as i64) < points % locations.len() as i64);
            d.armor.points.set(*loc, u16::try_from(share).expect("points"));
        }
        let e = boats::check(&d);
        if e.problems.iter().all(|p| !p.is_error()) && e.figures.top_speed.0 > 0 {
            assert!(e.figures.load_remaining.0 < per_point.0, "{hull_id}: full to the pound");
            return d;
        }
    }
    panic!("no plant moves a full {hull_id}");
}

#[tokio::test]
async fn the_fullest_boat_of_each_hull_fits_one_page_and_a_loaded_yacht_two() {
    let _turn = TURN.lock().await;
    let b = browser().await;
    for hull in ["rowboat", "dinghy", "speeder", "cruiser", "yacht"] {
        for people in [true, false] {
            let d = fullest(hull, people);
            let share = save("/boats", &serde_json::to_value(&d).expect("json")).await;
            b.goto(&format!("{share}/sheet")).await;
            b.css(".ticks-table").await;
            let most = if hull == "yacht" { 2 } else { 1 };
            for (w, h) in [A4, LETTER] {
                let pages = b.printed_pages(w, h).await;
                assert!(pages <= most, "{}: {pages} pages on {w} x {h} cm", d.name);
            }
        }
    }
}

/// The record sheet of a Yacht with accessories and fireproof armor, its figures measured as
/// printed: boxes at least 4 mm with gaps, headings over their numbers.
#[tokio::test]
async fn the_record_sheet_says_what_each_accessory_does_and_prints_boxes_to_tick() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    let mut d = crate::sheet::yacht();
    d["armor"]["type"] = json!("fireproof");
    d["accessories"] = json!([
        {"item": "targeting-computer"}, {"item": "fire-extinguisher"}, {"item": "marine-radio"},
        {"item": "sonar"}, {"item": "life-raft"}
    ]);
    d["spoiler"] = json!(false);
    let share = save("/boats", &d).await;
    b.goto(&format!("{share}/sheet")).await;
    assert_eq!(b.text(".sheet-armor h2").await, "Armor: Fireproof");
    assert!(b.text(".armor-type").await.contains("fire and incendiary attacks cannot set the boat alight"));
    let fittings = b.text(".sheet-fittings").await;
    for (item, effect) in [
        ("Targeting computer", "+1 to hit with every weapon the boat fires"),
        ("Fire extinguisher", "Puts out a fire aboard"),
        ("Marine radio", "hundreds of miles"),
        ("Sonar", "Depth below the boat"),
        ("Life raft", "ready 3 turns later"),
    ] {
        assert!(fittings.contains(item) && fittings.contains(effect), "{item}: {fittings}");
    }
    // Every accessory the tables know says what it does.
    for a in tables::ACCESSORIES.iter() {
        assert!(!a.at_table.is_empty(), "{}", a.id);
    }

    b.emulate_print(true).await;
    let measured = b
        .js("const mm = 96 / 25.4; \
             const ticks = [...document.querySelectorAll('.tick')]; \
             const sizes = ticks.map(t => t.getBoundingClientRect()); \
             const small = sizes.filter(r => r.width < 4 * mm - 0.5 || r.height < 4 * mm - 0.5).length; \
             let gaps = []; \
             document.querySelectorAll('.five').forEach(f => { const r = [...f.querySelectorAll('.tick')].map(t => t.getBoundingClientRect()); for (let i = 1; i < r.length; i++) gaps.push((r[i].left - r[i-1].right) / mm); }); \
             const aligned = [...document.querySelectorAll('table.sheet-table')].flatMap(t => { \
               const heads = [...t.querySelectorAll('thead th')]; \
               return heads.map((h, i) => [h, i]).filter(([h]) => h.classList.contains('num')).map(([h, i]) => { \
                 const cells = [...t.querySelectorAll('tbody tr')].map(r => [...r.children].filter(c => !c.hasAttribute('rowspan'))).map(c => c[i - (t.classList.contains('weapons') ? 1 : 0)]).filter(c => c && c.classList.contains('num')); \
                 return cells.map(c => Math.abs(c.getBoundingClientRect().right - h.getBoundingClientRect().right)); }).flat(); }); \
             return {ticks: ticks.length, small, min_gap: Math.min(...gaps), max_misalign: Math.max(...aligned), aligned: aligned.length};")
        .await;
    b.emulate_print(false).await;
    assert!(measured["ticks"].as_u64().unwrap_or(0) > 300, "{measured}");
    assert_eq!(measured["small"], json!(0), "every box at least 4 mm: {measured}");
    assert!(measured["min_gap"].as_f64().unwrap_or(0.0) >= 0.4, "a gap between boxes: {measured}");
    assert!(measured["aligned"].as_u64().unwrap_or(0) > 20, "{measured}");
    assert!(
        measured["max_misalign"].as_f64().unwrap_or(99.0) <= 1.5,
        "headings over their numbers: {measured}"
    );
}
