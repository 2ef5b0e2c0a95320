//! The boat drawn, the record sheet on paper, the weight and spaces bars over their limits, and a
//! build imported with parts not read.

use crate::support::{A4, Browser, LETTER, TURN, app, browser, browser_without_script};
use serde_json::{Value, json};

/// A Yacht with everything the drawing and the sheet show: split sides, a full top with a turret
/// at each end, a deck, weapons on six facings, guarded propellers, gunners and passengers.
pub(crate) fn yacht() -> Value {
    json!({
        "name": "Sea Castle", "hull": "yacht", "plant": "super",
        "propellers": [{"guard": 10}, {"guard": 10}], "top": "full", "deck": {},
        "crew": [{"role": "pilot"}, {"role": "gunner", "count": 2}, {"role": "passenger", "count": 6}],
        "weapons": [
            {"weapon": "mg", "mount": "F"}, {"weapon": "rl", "mount": "FL"}, {"weapon": "rl", "mount": "FR"},
            {"weapon": "torpedo", "mount": "B", "count": 2}, {"weapon": "vmg", "mount": "BL", "extra_magazines": 1},
            {"weapon": "depth-charge", "mount": "B"}
        ],
        "turrets": [
            {"size": 2, "location": "FT", "weapons": [{"weapon": "vmg"}]},
            {"size": 1, "location": "BT", "weapons": [{"weapon": "mg"}]}
        ],
        "armor": {"points": {"F": 40, "FL": 30, "FR": 30, "BL": 30, "BR": 30, "B": 30, "FU": 40, "BU": 40,
                             "FT": 20, "BT": 20, "FD": 10, "BD": 10}}
    })
}

/// A legal Speeder with all the sheet has rows for.
fn full_speeder() -> Value {
    json!({
        "name": "Full Speeder", "hull": "speeder", "plant": "large",
        "propellers": [{"guard": 10}, {"guard": 10}],
        "crew": [{"role": "pilot"}, {"role": "gunner"}, {"role": "passenger", "count": 3, "cargo": true}],
        "weapons": [
            {"weapon": "mg", "mount": "F", "extra_magazines": 1}, {"weapon": "rl", "mount": "L"},
            {"weapon": "rl", "mount": "R"}, {"weapon": "torpedo", "mount": "B"}
        ],
        "armor": {"points": {"F": 30, "L": 25, "R": 25, "B": 25, "U": 30}}
    })
}

/// Saves `doc` through the JSON API; its id.
async fn save(doc: &Value) -> String {
    let res = reqwest::Client::new()
        .post(app().await.url("/api/boats"))
        .json(doc)
        .send()
        .await
        .expect("save through the API");
    assert_eq!(res.status(), 201, "the API saved it");
    let body: Value = res.json().await.expect("json");
    body["id"].as_str().expect("an id").to_owned()
}

/// The words drawn in the boat's picture on the page, joined by " | ".
async fn drawn(b: &Browser, within: &str) -> String {
    let js = format!(
        "return [...document.querySelectorAll('{within} .boat-drawing svg text')].map(t => t.textContent).join(' | ');"
    );
    b.js(&js).await.as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn every_hull_size_is_drawn_with_its_armor_locations_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    // On a phone: the drawing scales down with the page.
    b.c.set_window_size(390, 900).await.expect("phone size");
    let sizes: [(&str, &[&str]); 5] = [
        ("rowboat", &["F 0", "L 0", "R 0", "B 0", "U 0"]),
        ("dinghy", &["F 0", "L 0", "R 0", "B 0", "U 0"]),
        ("speeder", &["F 0", "L 0", "R 0", "B 0", "U 0"]),
        // Cruisers and Yachts must have a deck: it is drawn, with its armor.
        ("cruiser", &["F 0", "L 0", "R 0", "B 0", "U 0", "Deck D 0"]),
        ("yacht", &["F 0", "FL 0", "BL 0", "FR 0", "BR 0", "B 0", "FU 0", "BU 0", "Deck FD 0", "Deck BD 0"]),
    ];
    for (hull, labels) in sizes {
        b.goto(&app.url(&format!("/boats/new?from={hull}"))).await;
        let words = drawn(&b, "#figures").await;
        for l in labels {
            assert!(words.split(" | ").any(|w| w == *l), "{hull}: {l} in {words}");
        }
        // Only its own locations: a five-location hull has no split sides.
        if hull != "yacht" {
            assert!(!words.contains("FL "), "{hull}: {words}");
        }
        let desc = b.js("return document.querySelector('.boat-drawing desc').textContent;").await;
        assert!(desc.as_str().unwrap_or_default().contains("seen from above"), "{desc}");
        assert_eq!(b.fits_width().await, json!(true), "{hull}");
    }
}

#[tokio::test]
async fn the_drawing_shows_weapons_turrets_and_propellers_where_they_sit() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let id = save(&yacht()).await;
    let b = browser().await;
    for page in [format!("/boats/{id}"), format!("/boats/{id}/sheet")] {
        b.goto(&app.url(&page)).await;
        let words = drawn(&b, "body").await;
        for w in [
            "F 40",
            "FL 30",
            "BR 30",
            "FT 20",
            "BT 20",
            "Deck FD 10",
            "FU 40",
            "MG",
            "RL",
            "VMG",
            "2 torpedoes, depth charge",
            "guard 10",
        ] {
            assert!(words.split(" | ").any(|x| x == w), "{page}: {w} in {words}");
        }
        // A turret on each end of the top, and the two propellers' hubs.
        assert_eq!(b.js("return document.querySelectorAll('.boat-drawing circle').length;").await, json!(4));
        let desc = b.js("return document.querySelector('.boat-drawing desc').textContent;").await;
        let desc = desc.as_str().unwrap_or_default().to_owned();
        assert!(desc.contains("turret 1 on Front Top: VMG"), "{desc}");
        assert!(desc.contains("2 propellers at the back"), "{desc}");
    }
}

#[tokio::test]
async fn the_drawing_follows_the_figures_as_the_player_types() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/boats/new?from=piranha")).await;
    let words = drawn(&b, "#figures").await;
    assert!(words.contains("F 15") && words.contains("VMG") && words.contains("2 torpedoes"), "{words}");
    b.mark_page().await;
    b.type_into("#f-armor-F", "22").await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !drawn(&b, "#figures").await.split(" | ").any(|w| w == "F 22") {
        assert!(std::time::Instant::now() < deadline, "the drawing never showed F 22");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(b.page_was_kept().await, "redrawn in place, not reloaded");
}

#[tokio::test]
async fn the_record_sheet_prints_on_one_page_for_a_small_boat_and_two_for_a_yacht() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    // The published boats: one page each, on Letter and on A4.
    for from in ["piranha", "darter", "minnow"] {
        b.goto(&app.url(&format!("/boats/new?from={from}"))).await;
        b.click(".actions button[formaction='/boats/sheet']").await;
        let handles = b.c.windows().await.expect("windows");
        b.c.switch_to_window(handles.last().cloned().expect("the sheet's tab")).await.expect("switch");
        b.css("body.sheet .ticks-table").await;
        for (w, h) in [LETTER, A4] {
            assert_eq!(b.printed_pages(w, h).await, 1, "{from} on {w} x {h} cm");
        }
        b.c.close_window().await.expect("close the sheet");
        b.c.switch_to_window(handles[0].clone()).await.expect("back");
    }
    // A Speeder as full as the rules let it be: seven armor rows of 10 to 30 points, four
    // weapons (one with an extra magazine), five aboard. Still one page.
    let id = save(&full_speeder()).await;
    b.goto(&app.url(&format!("/boats/{id}/sheet"))).await;
    for (w, h) in [LETTER, A4] {
        assert_eq!(b.printed_pages(w, h).await, 1, "a full Speeder on {w} x {h} cm");
    }
    let id = save(&yacht()).await;
    b.goto(&app.url(&format!("/boats/{id}/sheet"))).await;
    for (w, h) in [LETTER, A4] {
        let pages = b.printed_pages(w, h).await;
        assert!((1..=2).contains(&pages), "the Yacht took {pages} pages on {w} x {h} cm");
    }
}

#[tokio::test]
async fn the_record_sheet_has_boxes_to_tick_for_armor_damage_and_shots() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let id = save(&yacht()).await;
    let b = browser_without_script().await;
    b.goto(&app.url(&format!("/boats/{id}/sheet"))).await;
    // Front armor: 40 points in eight groups of five.
    let row = |name: &str| {
        format!(
            "return [...document.querySelectorAll('.ticks-table tr')].filter(r => r.querySelector('th') && r.querySelector('th').textContent === '{name}').map(r => [r.querySelectorAll('.five').length, r.querySelectorAll('.tick').length])[0] || null;"
        )
    };
    assert_eq!(b.js(&row("Front (F)")).await, json!([8, 40]));
    assert_eq!(b.js(&row("Propeller 1 guard")).await, json!([2, 10]));
    // Damage points: the Super plant's 8, a propeller sized to it 12, each person 3: a crew line
    // is one row with a set of boxes for each person, numbered.
    assert_eq!(b.js(&row("Super power plant")).await, json!([2, 8]));
    assert_eq!(b.js(&row("Propeller 2")).await, json!([3, 12]));
    assert_eq!(b.js(&row("6 Passengers")).await, json!([6, 18]));
    assert_eq!(b.js(&row("2 Gunners")).await, json!([2, 6]));
    let who = b
        .js("return [...document.querySelectorAll('.ticks-table tr')].filter(r => r.querySelector('th').textContent === '6 Passengers').map(r => [...r.querySelectorAll('.set .who')].map(w => w.textContent))[0];")
        .await;
    assert_eq!(who, json!(["1", "2", "3", "4", "5", "6"]));
    // Each weapon its own line with its DP boxes and a row of shots boxes per load: the VMG
    // firing back-left its loaded 20 and its extra magazine's 20; each torpedo its one. The
    // first line of each place it fires from names it.
    let weapon = |name: &str| {
        format!(
            "return [...document.querySelectorAll('.weapons tbody tr')].filter(r => r.querySelector('td.weapon') && r.querySelector('td.weapon').textContent === '{name}').map(r => [r.querySelector('td.dp').querySelectorAll('.tick').length, [...r.querySelectorAll('.load')].map(l => l.querySelectorAll('.tick').length)]);"
        )
    };
    assert_eq!(b.js(&weapon("Vulcan machine gun")).await, json!([[3, [20, 20]], [3, [20]]]));
    assert_eq!(b.js(&weapon("Torpedo 2")).await, json!([[3, [1]]]));
    assert_eq!(b.js(&weapon("Depth charge")).await, json!([[2, [3]]]));
    let from = b.js("return [...document.querySelectorAll('.weapons tbody th[scope=rowgroup]')].map(t => t.textContent);").await;
    assert_eq!(
        from,
        json!([
            "Front (F)",
            "Front-left (FL)",
            "Front-right (FR)",
            "Back (B)",
            "Back-left (BL)",
            "Turret (FT)",
            "Turret (BT)"
        ])
    );
    // The handling track from HC 1 down to -6, the start ringed; the control-table decision said.
    assert_eq!(
        b.text(".hc-track").await.split_whitespace().collect::<Vec<_>>(),
        ["+1", "0", "-1", "-2", "-3", "-4", "-5", "-6"]
    );
    assert_eq!(b.text(".hc-track .start").await, "+1");
    assert!(b.text(".handling-decision").await.contains("does not reprint that table"));
    // Speed, acceleration, draft and range.
    let perf = b.text("dl.performance").await;
    for w in ["Acceleration", "Top speed", "Draft", "Range on a charge"] {
        assert!(perf.contains(w), "{w} in {perf}");
    }
    // Readable on a phone: no row of boxes or table runs off the side.
    b.c.set_window_size(390, 900).await.expect("phone size");
    let wide = b.js("return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));").await;
    assert_eq!(b.fits_width().await, json!(true), "{wide}");
}

#[tokio::test]
async fn over_the_maximum_load_the_bars_turn_red_and_say_by_how_much() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    // The Piranha weighs 2,997 lb of its 3,000 and fills its 10 spaces.
    b.goto(&app.url("/boats/new?from=piranha")).await;
    assert!(!b.exists(".gauge.over").await);
    b.click("button[value='add.cargo']").await;
    b.css("#f-cargo-0-weight").await;
    b.settle().await;
    b.type_into("#f-cargo-0-weight", "500").await;
    let weight = b
        .wait_text(".gauge:first-child .gauge-text", "say how far over", |t| t.contains("over by 497 lb"))
        .await;
    assert!(weight.starts_with("3,497 of 3,000 lb max load"), "{weight}");
    assert!(b.exists(".gauge.over .gauge-bar .past").await, "the part past the limit is drawn apart");
    let colour =
        b.js("return getComputedStyle(document.querySelector('.gauge.over .gauge-bar .used')).fill;").await;
    assert_eq!(colour, json!("rgb(179, 38, 30)"), "red over the limit");
    // In body spaces instead of cargo space: one space over the ten.
    b.click("#f-cargo-0-cargo").await;
    b.wait_text("#figures .gauges", "say the spaces are over", |t| t.contains("11 of 10: over by 1 space"))
        .await;
    assert_eq!(b.fits_width().await, json!(true));
}

#[tokio::test]
async fn an_import_with_a_part_not_read_stays_incomplete_until_the_part_is_removed() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/boats/new")).await;
    b.type_into(
        "#statline",
        "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VGM front, 2 linked torpedoes back, Fire extinguisher, Flux capacitor. Armor: F15, R15, L15, B12, U15.",
    )
    .await;
    b.post("form[action='/boats/import'] button", "#designer").await;
    assert_eq!(b.text("#verdict").await, "Incomplete: 1 part not read");
    assert!(!b.exists("#verdict.legal").await, "not the success colour");
    assert_eq!(b.text("#not-read-0 code").await, "Flux capacitor");

    // Saved, the fragment is kept with the build and shown on its page.
    b.post(".actions button.primary", "#share-link").await;
    let share = b.value("#share-link").await;
    assert!(b.text("#not-read").await.contains("Flux capacitor"));
    assert_eq!(b.text("#verdict").await, "Incomplete: 1 part not read");
    b.goto(&format!("{share}/sheet")).await;
    assert!(b.text("body").await.contains("incomplete: 1 part not read"));

    // Removed in the editor (a plain form post), the design is legal again, and saved so.
    b.goto(&format!("{share}/edit")).await;
    b.post("button[value='remove.not_read.0']", "#designer").await;
    assert_eq!(b.text("#verdict").await, "Legal");
    assert!(!b.exists("#sec-not-read").await);
    b.post(".actions button.primary", "#share-link").await;
    assert!(!b.exists("#not-read").await, "nothing left to deal with");
    assert_eq!(b.text("#verdict").await, "Legal");
}

#[tokio::test]
async fn removing_the_last_part_not_read_turns_the_verdict_legal_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/boats/new")).await;
    b.type_into("#statline", "Darter: Rowboat, Medium power plant, Propeller, Pilot only, Warp core, Cup holder. Armor: F2, R1, L1, B1, U3.")
        .await;
    b.post("form[action='/boats/import'] button", "#designer").await;
    assert_eq!(b.text("#verdict").await, "Incomplete: 2 parts not read");
    b.mark_page().await;
    b.click("button[value='remove.not_read.1']").await;
    b.wait_text("#verdict", "count one left", |t| t == "Incomplete: 1 part not read").await;
    b.click("button[value='remove.not_read.0']").await;
    b.wait_text("#verdict", "say legal", |t| t == "Legal").await;
    assert!(b.page_was_kept().await);
}
