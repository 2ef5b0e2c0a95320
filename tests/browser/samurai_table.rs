//! The Samurai builder at the table: a unit's type chosen by name and bringing its figures, map
//! pieces unique per type with a key, grapples drawn clear of every piece's label, the printed
//! key drawn in SVG and every edge named, the map on a phone (fitted, zoomed without
//! JavaScript, the wind in view), and the rules left open worked in the editor.

use crate::support::{TURN, app, browser, browser_without_script};
use drydock::games::samurai::data::{Status, UNIT_TYPES};
use serde_json::{Value, json};

/// Saves a scenario through the JSON API; its share link.
async fn save(doc: &Value) -> String {
    let app = app().await;
    let res = reqwest::Client::new().post(app.url("/api/samurai")).json(doc).send().await.expect("save");
    assert_eq!(res.status(), 201, "saved");
    let body: Value = res.json().await.expect("json");
    app.url(&format!("/samurai/{}", body["id"].as_str().expect("an id")))
}

#[tokio::test]
async fn a_unit_type_is_chosen_by_name_and_every_known_type_brings_its_figures() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/samurai/new?from=example")).await;
    // A list of names, not a box holding "samurai-naginata".
    let kind = b.js("const s = document.querySelector('#f-units-1-type'); return [s.tagName, s.options[s.selectedIndex].text, [...s.options].some(o => o.text === o.value && o.value.includes('-'))];").await;
    assert_eq!(kind, json!(["SELECT", "Samurai Naginata", false]));
    assert!(!b.exists("input[name='units.1.type']").await);
    let recalculate = ".actions button[value='recalculate']";
    for t in UNIT_TYPES.iter() {
        b.select("#f-units-0-type", t.id).await;
        b.post(recalculate, "#f-units-0-type").await;
        assert_eq!(b.value("#f-units-0-type").await, t.id);
        let rank = t.rank.map_or("", |r| r.id());
        assert_eq!(b.value("#f-units-0-rank").await, rank, "{}", t.id);
        assert_eq!(
            b.js("return document.querySelector('#f-units-0-mounted').checked;").await,
            json!(t.mounted)
        );
        if t.status == Status::NotFound {
            // No source gives its dice: the fields start empty and say so in words, no problem.
            assert_eq!(
                (b.value("#f-units-0-close").await, b.value("#f-units-0-ranged").await),
                (String::new(), String::new())
            );
            let words = b.text("#dice-words-0").await;
            assert!(words.starts_with(&format!("No source gives the dice or rank of {}", t.name)), "{words}");
            assert_eq!(b.text("#problems-units-0").await, "", "{}", t.id);
        } else {
            let dice = (b.value("#f-units-0-close").await, b.value("#f-units-0-ranged").await);
            assert_eq!(dice, (t.close.to_string(), t.ranged.to_string()), "{}", t.id);
            assert!(!b.exists("#dice-words-0").await);
        }
    }
    assert_eq!(b.text("#verdict").await, "Legal", "no type is a problem in itself");
    // Figures typed for a type without them are kept.
    b.type_into("#f-units-0-close", "3").await;
    b.post(recalculate, "#f-units-0-close").await;
    assert_eq!(b.value("#f-units-0-close").await, "3");
    assert!(!b.exists("#dice-words-0").await);
    // A type of the player's own: named beside the list.
    b.select("#f-units-0-type", "").await;
    b.post(recalculate, "#f-own_type-0").await;
    b.type_into("#f-own_type-0", "War Junk").await;
    b.post(recalculate, "#f-own_type-0").await;
    assert_eq!(b.value("#f-own_type-0").await, "War Junk");
    assert!(b.text("#problems-units-0").await.contains("not a unit type we know"));
    assert!(b.text("#unit-0 legend").await.contains("WJ War Junk"));

    // With JavaScript the list redraws the row at once.
    let b = browser().await;
    b.goto(&app.url("/samurai/new?from=example")).await;
    b.select("#f-units-0-type", "mounted-samurai").await;
    b.wait_text("#unit-0 legend", "become the mounted samurai", |t| t.contains("Mounted Samurai")).await;
    assert_eq!(b.value("#f-units-0-close").await, "4");
    assert_eq!(b.js("return document.querySelector('#f-units-0-mounted').checked;").await, json!(true));
}

/// A scenario with types whose names start alike, types of the players' own, and grapples in
/// every direction between pieces with leaders and Command Ships.
fn crowded() -> Value {
    let unit = |side: &str, hex: &str, kind: &str| json!({"side": side, "hex": hex, "type": kind, "close": 3, "leader": "foot"});
    let mut units = vec![
        unit("a", "E5", "samurai-naginata"),
        unit("b", "F5", "samurai-no-dachi"),
        unit("b", "E4", "sohei-archers"),
        unit("b", "D4", "samurai-archers"),
        unit("b", "D5", "Sea Nymph"),
        unit("b", "D6", "Sea Needle"),
        unit("b", "E6", "samurai-naginata"),
    ];
    units[0]["command_ship"] = json!(true);
    let grapples: Vec<Value> =
        ["F5", "E4", "D4", "D5", "D6", "E6"].iter().map(|h| json!({"a": "E5", "b": h})).collect();
    json!({"name": "Melee", "side_a": "Minamoto", "side_b": "Taira", "units": units, "grapples": grapples})
}

#[tokio::test]
async fn map_pieces_are_unique_per_type_keyed_and_never_under_a_grapple() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    let share = save(&crowded()).await;
    b.goto(&share).await;
    b.css("#token-key").await;
    let key = b.js("return [...document.querySelectorAll('#token-key li')].map(l => [l.querySelector('.token-code').textContent, l.textContent.replace(l.querySelector('.token-code').textContent, '').trim()]);").await;
    assert_eq!(
        key,
        json!([
            ["SN", "Samurai Naginata"],
            ["ND", "Samurai No-dachi"],
            ["SR", "Sohei Archers"],
            ["SA", "Samurai Archers"],
            ["SN2", "Sea Nymph"],
            ["SN3", "Sea Needle"]
        ])
    );
    let pieces = b.js("return Object.fromEntries([...document.querySelectorAll('#map-svg .hex')].filter(h => h.querySelector('.initials')).map(h => [h.id, h.querySelector('.initials').textContent]));").await;
    assert_eq!(
        pieces,
        json!({"hex-E5": "SN", "hex-F5": "ND", "hex-E4": "SR", "hex-D4": "SA", "hex-D5": "SN2", "hex-D6": "SN3", "hex-E6": "SN"})
    );
    // Six grapples, one each way: no bar comes near a piece's capitals or badges.
    let clash = b
        .js("const svg = document.querySelector('#map-svg'); \
             const bars = [...svg.querySelectorAll('line.grapple')].map(l => [+l.getAttribute('x1'), +l.getAttribute('y1'), +l.getAttribute('x2'), +l.getAttribute('y2'), parseFloat(getComputedStyle(l).strokeWidth)]); \
             const labels = [...svg.querySelectorAll('.initials, .badge')].map(t => t.getBBox()); \
             const near = (b, r) => { let best = 1e9; for (let k = 0; k <= 100; k++) { const x = b[0] + (b[2] - b[0]) * k / 100, y = b[1] + (b[3] - b[1]) * k / 100; const dx = Math.max(r.x - x, 0, x - r.x - r.width), dy = Math.max(r.y - y, 0, y - r.y - r.height); best = Math.min(best, Math.hypot(dx, dy)); } return best - b[4] / 2; }; \
             return {bars: bars.length, labels: labels.length, closest: Math.min(...bars.flatMap(b => labels.map(r => near(b, r))))};")
        .await;
    assert_eq!((clash["bars"].clone(), clash["labels"].clone()), (json!(6), json!(15)), "{clash}");
    assert!(clash["closest"].as_f64().unwrap_or(-1.0) > 0.0, "a bar touches a label: {clash}");
    // The dashed cuts between the map's sections pass by every piece, badge and hex name too.
    let cuts = b
        .js("const svg = document.querySelector('#map-svg'); \
             const cuts = [...svg.querySelectorAll('line.cut')].map(l => [+l.getAttribute('x1'), +l.getAttribute('y1'), +l.getAttribute('y2')]); \
             const boxes = [...svg.querySelectorAll('.token, .initials, .badge, .hexname')].map(t => t.getBBox()); \
             return {cuts: cuts.length, crossed: cuts.flatMap(c => boxes.filter(r => r.x <= c[0] && c[0] <= r.x + r.width && c[1] < r.y + r.height && r.y < c[2]).map(r => [c[0], r.x, r.y]))};")
        .await;
    assert!(cuts["cuts"].as_u64().unwrap_or(0) > 2, "{cuts}");
    assert_eq!(cuts["crossed"], json!([]), "a section's cut crosses a label: {cuts}");
}

#[tokio::test]
async fn the_scenario_sheet_draws_its_key_in_svg_and_names_each_edge() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    let share =
        save(&serde_json::from_str(drydock::games::samurai::GAME.example).expect("the example")).await;
    b.goto(&format!("{share}/sheet")).await;
    b.css("#map-key").await;
    let edges =
        b.js("return [...document.querySelectorAll('#map-svg text.edge')].map(t => t.textContent);").await;
    assert_eq!(edges, json!(["North: Taira's edge", "South: Minamoto's edge", "West", "East"]));
    b.emulate_print(true).await;
    let key = b
        .js("const key = document.querySelector('#map-key'); \
             return {css_images: [...key.querySelectorAll('*')].filter(e => getComputedStyle(e).backgroundImage !== 'none').length, \
                     swatches: key.querySelectorAll('svg.swatch').length, \
                     patterned: [...key.querySelectorAll('svg.swatch [fill^=url]')].length, \
                     visible: [...key.querySelectorAll('svg.swatch')].every(s => s.getBoundingClientRect().width > 0)};")
        .await;
    b.emulate_print(false).await;
    assert_eq!(key, json!({"css_images": 0, "swatches": 8, "patterned": 3, "visible": true}));
    let tokens = b.js("return document.querySelectorAll('#token-key li .token-code').length;").await;
    assert!(tokens.as_u64().unwrap_or(0) >= 3, "the pieces' key: {tokens}");
    assert!(b.text("#wind-words").await.contains("toward the east"));
}

#[tokio::test]
async fn on_a_phone_the_map_fits_zooms_to_hexes_a_finger_can_tap_and_keeps_the_wind_in_view() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let hex_width = "return document.querySelector('#hex-F7 .cell').getBoundingClientRect().width;";
    let wind_in_view = "const r = document.querySelector('#wind-rose').getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;";
    for script in [true, false] {
        let b = if script { browser().await } else { browser_without_script().await };
        b.c.set_window_size(390, 844).await.expect("phone size");
        b.goto(&app.url("/samurai/new?from=example")).await;
        b.css("#map-svg").await;
        assert_eq!(b.fits_width().await, json!(true));
        let fitted = b.js(hex_width).await.as_f64().unwrap_or(0.0);
        assert!(fitted < 32.0, "fitted to the screen: {fitted}");
        assert_eq!(b.js("return document.querySelector('#map-svg').getBoundingClientRect().right <= window.innerWidth;").await, json!(true));
        // The zoom: a checkbox's label, working by CSS alone.
        b.click("label[for='f-zoom']").await;
        let zoomed = b.js(hex_width).await.as_f64().unwrap_or(0.0);
        assert!(zoomed >= 32.0, "zoomed: {zoomed} px");
        assert_eq!(b.fits_width().await, json!(true), "the map scrolls in its own box, not the page");
        // Scrolled to the far side and down through the map, the wind is still in view.
        b.js("const m = document.querySelector('#map-svg'); m.scrollIntoView({block: 'center'}); document.querySelector('.map-scroll').scrollLeft = 10000; return 0;").await;
        assert_eq!(b.js(wind_in_view).await, json!(true), "script {script}");
        // A tap at a hex's middle, zoomed, lands on its button.
        let hit = b.js("const e = document.querySelector(\"button[value='hex.L5']\"); e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect(); const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return t && t.value;").await;
        assert_eq!(hit, json!("hex.L5"));
        // Posted with the form, the zoom is kept.
        if !script {
            b.post("button[value='hex.F7']", "#opt-moves").await;
            assert_eq!(b.js("return document.querySelector('#f-zoom').checked;").await, json!(true));
            assert!(b.js(hex_width).await.as_f64().unwrap_or(0.0) >= 32.0);
        }
    }
    // A saved map zooms by a link, and its hexes' links keep the zoom.
    let share =
        save(&serde_json::from_str(drydock::games::samurai::GAME.example).expect("the example")).await;
    let b = browser_without_script().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&share).await;
    b.post("a.zoom-link", "#map-svg").await;
    assert!(b.url().await.contains("zoom=1"));
    assert!(b.js(hex_width).await.as_f64().unwrap_or(0.0) >= 32.0);
    b.post("a[href*='hex=F7']", "#opt-moves").await;
    assert!(b.url().await.contains("hex=F7&zoom=1"), "{}", b.url().await);
    assert!(b.js(hex_width).await.as_f64().unwrap_or(0.0) >= 32.0);
    assert_eq!(b.fits_width().await, json!(true));
}

#[tokio::test]
async fn two_winds_and_the_cards_orders_are_worked_out_in_the_editor_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/samurai/new")).await;
    let recalculate = ".actions button[value='recalculate']";
    b.click("#f-tool-unit").await;
    for h in ["E5", "F5", "G5", "H5", "J5"] {
        b.post(&format!("button[value='hex.{h}']"), "#f-units-0-hex").await;
    }
    b.click("#f-tool-select").await;
    b.post("button[value='hex.E5']", "#opt-moves").await;
    // East, then west as well: every side carries it, but its friends block the way east.
    b.click("#f-wind-w").await;
    b.post(recalculate, "#opt-moves").await;
    assert!(b.text("#fig-wind").await.contains("east and west"));
    let moves = b.text("#opt-moves").await;
    assert!(moves.starts_with("One hex: E4, D4, D5, D6, E6.") && moves.contains("C5"), "{moves}");
    // Untick both: a boat goes one hex, and the editor says the map should note a direction.
    b.click("#f-wind-w").await;
    b.click("#f-wind-e").await;
    b.post(recalculate, "#opt-moves").await;
    assert_eq!(b.text("#opt-moves").await, "One hex: E4, D4, D5, D6, E6.");
    assert!(b.text("#problems-wind").await.contains("No direction is set"));
    // Infantry Onslaught ordering all five boats: too many.
    b.select("#f-card", "infantry-onslaught").await;
    for k in 0..5 {
        b.click(&format!("#f-units-{k}-ordered")).await;
    }
    b.post(recalculate, "#verdict").await;
    assert!(b.text("#problems-units-4").await.contains("orders at most four naval units"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    // Four: E5 to H5 side by side, legal again; J5 not ordered stays put.
    b.click("#f-units-4-ordered").await;
    b.post(recalculate, "#verdict").await;
    assert!(b.text("#verdict").await.starts_with("Legal"), "{}", b.text("#verdict").await);
    b.post("button[value='select.4']", "#opt-moves").await;
    assert_eq!(b.text("#opt-moves").await, "None this turn.");
}

#[tokio::test]
async fn a_shore_unit_grapples_the_enemy_boat_beside_it_and_a_unit_with_no_sword_cannot() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    // C5 is a shore hex (land from A5 to C5); Taira's boats at D5 and C4, Minamoto's at D6.
    let doc = |close: u8| {
        json!({"name": "Shore", "terrain": ["", "", "", "", "LLL"], "units": [
            {"side": "a", "hex": "C5", "type": "samurai-naginata", "close": close},
            {"side": "b", "hex": "D5", "type": "sohei-warriors", "close": 3},
            {"side": "b", "hex": "C4", "type": "sohei-warriors", "close": 3},
            {"side": "a", "hex": "D6", "type": "ashigaru-bow", "close": 2}
        ]})
    };
    let share = save(&doc(4)).await;
    b.goto(&format!("{share}/map?hex=C5")).await;
    let chips = b
        .js("return [...document.querySelectorAll('.grapples .chip')].map(c => c.textContent).sort();")
        .await;
    assert_eq!(chips, json!(["May grapple C4", "May grapple D5"]));
    let marked = b.js("return [...document.querySelectorAll('#map-svg .hl-grapple')].map(p => p.closest('.hex').id).sort();").await;
    assert_eq!(marked, json!(["hex-C4", "hex-D5"]), "the enemy boats, not the friend at D6");
    assert!(b.text("#opt-dice").await.contains('3'), "one die less against a boat");
    // One close-combat die: none against a boat, so no grapple, and the notes say why.
    let share = save(&doc(1)).await;
    b.goto(&format!("{share}/map?hex=C5")).await;
    assert!(!b.exists(".grapples .chip").await);
    assert!(!b.exists("#map-svg .hl-grapple").await);
    let notes = b.text("#opt-notes").await;
    assert!(notes.contains("cannot grapple the enemy boat at"), "{notes}");
}

#[tokio::test]
async fn a_type_with_no_known_dice_says_so_in_its_row_the_options_and_the_orders() {
    let _turn = TURN.lock().await;
    let b = browser_without_script().await;
    let share = save(&json!({"name": "Peasants", "units": [
        {"side": "a", "hex": "E5", "type": "irregular-peasant-infantry"},
        {"side": "b", "hex": "F5", "type": "ashigaru-spearmen", "close": 2}
    ]}))
    .await;
    b.goto(&format!("{share}/map?hex=E5")).await;
    assert!(b.text("#opt-dice").await.starts_with("Not set yet"), "{}", b.text("#opt-dice").await);
    b.goto(&share).await;
    let orders = b.text("table.oob").await;
    assert!(orders.contains("Irregular Peasant Infantry not set not set"), "{orders}");
    assert!(orders.contains("its dice not set yet"), "{orders}");
    assert!(!orders.contains("rolls close 0"), "{orders}");
}
