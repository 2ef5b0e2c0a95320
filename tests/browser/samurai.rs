//! The Samurai Battles naval builder in a browser: choosing a unit on the map shows its hexes
//! and its options, with JavaScript (in place) and without it (by form posts); saving, and the
//! share link's map.

use crate::support::{TURN, app, browser, browser_without_script};
use drydock::games::samurai::{self, Scenario};
use serde_json::json;

#[tokio::test]
async fn a_unit_is_chosen_on_the_map_and_its_options_update_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/samurai/new?from=example")).await;
    b.css("form#editor").await;
    b.mark_page().await;
    assert_eq!(b.unlabeled_inputs().await, json!([]), "every input has a label");

    // The form as the browser sends it reads back as the very scenario it shows.
    let sent = b
        .js("return new URLSearchParams(new FormData(document.querySelector('form#editor'))).toString();")
        .await;
    let res = reqwest::Client::new()
        .post(app.url("/samurai/export.json"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(sent.as_str().unwrap_or_default().to_owned())
        .send()
        .await
        .expect("export");
    let back: Scenario = res.json().await.expect("a scenario");
    let example: Scenario = serde_json::from_str(samurai::GAME.example).expect("the example");
    assert_eq!(back, example, "the editor's form loses nothing");

    // The spearmen's boat at F7: its hexes hatched and numbered, its options in words.
    b.click("button[value='hex.F7']").await;
    let moves = b.wait_text("#opt-moves", "show the spearmen's moves", |t| t.contains("Two hexes")).await;
    assert_eq!(moves, "One hex: G7, F6, E8, F8. Two hexes: H7, G6, G8, G5, G9.");
    assert!(b.exists("#hex-H7 .hl-move").await && b.exists("#hex-F7.selected").await);
    assert_eq!(b.text("#hex-H7 .mark").await, "2");
    assert!(b.text("#opt-notes").await.contains("Moving with or against the wind and tide"));

    // The wind turned north-east: the map and the options follow without a reload.
    b.click("#f-wind-e").await;
    b.click("#f-wind-ne").await;
    let moves = b.wait_text("#opt-moves", "turn the moves north-east", |t| t.contains("F5")).await;
    assert_eq!(moves, "One hex: G7, F6, E8, F8. Two hexes: H7, G6, G5, F5.");
    assert!(b.exists("#hex-F5 .hl-move").await);
    assert!(!b.exists("#hex-G8 .hl-move").await, "south-east is against this wind");

    // Serpent Command: one hex only.
    b.select("#f-card", "serpent-command").await;
    b.wait_text("#opt-moves", "keep to one hex", |t| t == "One hex: G7, F6, E8, F8.").await;
    assert!(b.page_was_kept().await, "the editor should update in place");

    // A row's button redraws the form in place: the list gives its buttons their target once.
    assert!(!b.exists("#unit-1.selected").await, "the spearmen are chosen, not unit 2");
    b.click("button[value='select.1']").await;
    b.wait_text("#unit-1.selected legend", "choose unit 2 from its row", |t| t.starts_with("Unit 2")).await;
    let forms = b.js("return document.querySelectorAll('form#editor, #figures').length;").await;
    assert_eq!(forms, json!(2), "one form and one figures section, not the form drawn into the figures");
    assert!(b.page_was_kept().await, "the row's button should redraw the form in place");

    // On a phone the page does not scroll sideways (the map scrolls in its own box).
    b.c.set_window_size(390, 844).await.expect("phone size");
    assert_eq!(b.fits_width().await, json!(true), "no sideways scrolling on a phone");
    b.c.set_window_size(1280, 900).await.expect("desktop size");

    // Saved: the share link's map chooses a unit in place too.
    b.click(".actions button.primary").await;
    b.css("#edit-link").await;
    assert_eq!(b.text("h1").await, "Dan-no-ura");
    let share = b.value("#share-link").await;
    b.goto(&share).await;
    b.css("#sea-view").await;
    b.mark_page().await;
    b.click("a[href*='hex=E7']").await;
    b.wait_text("#options h2", "show the naginata", |t| t.contains("Samurai Naginata")).await;
    assert!(b.text("#opt-moves").await.contains("None this turn"), "grappled");
    assert!(b.text("#opt-leader").await.contains("it may cross to F7"));
    assert!(b.exists("#hex-E6 .hl-grapple").await);
    assert!(b.page_was_kept().await, "the share page's map should update in place");
}

#[tokio::test]
async fn the_map_works_by_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/samurai/new")).await;
    assert!(b.exists(".actions button[value='recalculate']").await);

    // Place a unit of Sohei Archers for side B on E5.
    b.click("#f-tool-unit").await;
    b.select("#f-new_type", "sohei-archers").await;
    b.select("#f-new_side", "b").await;
    b.post("button[value='hex.E5']", "#f-units-0-hex").await;
    assert_eq!(b.value("#f-units-0-hex").await, "E5");
    assert_eq!(b.value("#f-units-0-close").await, "3", "the type's default dice");

    // Choose it: its hexes are hatched and its dice at sea written.
    b.click("#f-tool-select").await;
    b.post("button[value='hex.E5']", "#opt-moves").await;
    assert_eq!(b.text("#opt-moves").await, "One hex: F5, E4, D4, D5, D6, E6. Two hexes: G5, F4, F6, F3, F7.");
    assert!(b.text("#opt-dice").await.starts_with("Close combat 2; ranged 1."));
    assert!(b.exists("#hex-G5 .hl-move").await);

    // Saved without JavaScript, then the share link opens with its map.
    b.type_into("#f-name", "Night raid").await;
    b.post(".actions button.primary", "#edit-link").await;
    assert_eq!(b.text("h1").await, "Night raid");
    let share = b.value("#share-link").await;
    b.goto(&share).await;
    b.post("a[href*='hex=E5']", "#opt-moves").await;
    assert!(b.text("#options h2").await.contains("Sohei Archers of Side B at E5"));
}

/// Choosing a unit by its row's "Show its options" draws the row as chosen (its border doubled)
/// and leaves everything inside the row where it was, on a phone and on a laptop: the thicker
/// border had narrowed a phone's row enough to fold its fields, and the pressed button moved
/// 68 px down its row.
#[tokio::test]
async fn a_row_chosen_keeps_what_is_inside_it_where_it_was() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    for (w, h) in [(390, 844), (1280, 1000)] {
        // The page `w` px wide, as a phone's screen with its scroll bar drawn over the page is:
        // the window is made wider by the scroll bar this browser sets beside it.
        b.c.set_window_size(w, h).await.expect("screen size");
        b.goto(&app.url("/samurai/new?from=example")).await;
        let bar = b.js("return window.innerWidth - document.documentElement.clientWidth;").await;
        b.c.set_window_size(w + bar.as_u64().and_then(|x| u32::try_from(x).ok()).unwrap_or(0), h)
            .await
            .expect("screen size");
        b.goto(&app.url("/samurai/new?from=example")).await;
        assert_eq!(b.js("return document.documentElement.clientWidth;").await, json!(w));
        for k in [0, 2, 6] {
            let button = format!("button[value='select.{k}']");
            let inside = format!(
                "const b = document.querySelector(\"{button}\"); \
                 return b.getBoundingClientRect().top - b.closest('fieldset.unit').getBoundingClientRect().top;"
            );
            let before = b.js(&inside).await.as_f64().expect("the button's place in its row");
            b.click(&button).await;
            b.settle().await;
            assert!(b.exists(&format!("#unit-{k}.selected")).await, "{w} px: unit {k} chosen");
            let after = b.js(&inside).await.as_f64().expect("the button's place in its row");
            assert!(
                (after - before).abs() < 1.0,
                "{w} px: unit {k}'s button moved {:.1} px down its row",
                after - before
            );
        }
    }
}

/// Every point of a hex answers a tap on it, its pointed top and bottom included, and no point of
/// a neighbour's: the editor's hex buttons are clipped to their hexes.
#[tokio::test]
async fn all_of_a_hex_and_nothing_else_answers_a_tap() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/samurai/new")).await;
    b.css("form#editor").await;
    // For F5's button: what a tap finds near its top and bottom points, at its middle, and in the
    // corners of its box (which belong to its neighbours or to no hex).
    let found = b
        .js("const e = document.querySelector(\"button[value='hex.F5']\"); e.scrollIntoView({block: 'center'}); \
             const r = e.getBoundingClientRect(); \
             const at = (fx, fy) => { const t = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy); return t && t.value ? t.value : (t ? t.tagName : 'nothing'); }; \
             return [at(0.5, 0.06), at(0.5, 0.94), at(0.5, 0.5), at(0.04, 0.04), at(0.96, 0.96)];")
        .await;
    let found: Vec<String> = serde_json::from_value(found).expect("what the taps found");
    assert_eq!(found[..3], ["hex.F5", "hex.F5", "hex.F5"], "{found:?}");
    assert!(found[3..].iter().all(|v| v != "hex.F5"), "{found:?}");
}

async fn map_key(b: &crate::support::Browser) -> String {
    b.js("return document.getElementById('sea-map').dataset.mapKey;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A live update draws the map again only when what it shows changed: a unit's blocks leave the
/// very map element in place (the map's `data-map-key`, which the page's script sends, still
/// stands for it), a unit moved to another hex has it drawn again with the piece there, and the
/// key that came with it keeps the next change's map in place in turn.
#[tokio::test]
async fn a_change_the_map_does_not_show_leaves_the_map_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/samurai/new?from=example")).await;
    b.css("form#editor").await;
    b.mark_page().await;
    let key = map_key(&b).await;
    assert_eq!(key.len(), 16, "the page carries its map's key: {key:?}");
    b.js("window.__map = document.getElementById('sea-map'); window.__svg = document.getElementById('map-svg'); return true;")
        .await;
    let same_map = "return document.getElementById('sea-map') === window.__map \
                    && document.getElementById('map-svg') === window.__svg && window.__map.isConnected;";

    // Unit 1's blocks (not drawn on the map): the figures say so, the map is the same node.
    b.type_into("#f-units-0-blocks", "9").await;
    b.wait_text("#figures", "report the blocks", |t| t.contains("9 blocks")).await;
    b.settle().await;
    assert_eq!(b.js(same_map).await, json!(true), "the map should not be drawn again");
    assert_eq!(map_key(&b).await, key);

    // Unit 1 moved from B8 to C7: the map is drawn again, its piece on C7, with a new key.
    assert!(b.exists("#hex-B8 .piece").await && !b.exists("#hex-C7 .piece").await);
    b.type_into("#f-units-0-hex", "C7").await;
    for _ in 0..300 {
        if b.exists("#hex-C7 .piece").await {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(b.exists("#hex-C7 .piece.side-a").await, "the piece should be drawn on its new hex");
    assert!(!b.exists("#hex-B8 .piece").await, "and gone from the old");
    assert_eq!(b.js(same_map).await, json!(false), "the map should be drawn again");
    assert_eq!(b.js("return document.querySelectorAll('#sea-map, #map-svg').length;").await, json!(2));
    let moved = map_key(&b).await;
    assert!(moved.len() == 16 && moved != key, "a new key came with the map: {moved:?}");

    // The next change the map does not show keeps the new map in place.
    b.js("window.__map = document.getElementById('sea-map'); window.__svg = document.getElementById('map-svg'); return true;")
        .await;
    b.type_into("#f-units-0-blocks", "4").await;
    b.wait_text("#figures", "clear the blocks", |t| !t.contains("9 blocks")).await;
    b.settle().await;
    assert_eq!(b.js(same_map).await, json!(true), "the map should stay as drawn with the move");
    assert!(b.page_was_kept().await, "the editor should update in place");
}

/// A side's threat map, chosen in the editor (the map alone drawn again, in place) and on the
/// share page's map (a link, in place with htmx): every hex its units reach hatched,
/// cross-hatched or dashed, and counted, with the list in words below the map; on a phone the
/// page still fits; printed, the list comes with the map. `THREAT_SHOTS=dir` keeps screenshots
/// at 390 and 1280 px and the printed PDF there, to look at.
#[tokio::test]
async fn a_sides_threat_map_is_chosen_and_drawn_hatched_and_counted() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let shots = std::env::var("THREAT_SHOTS").ok();
    let keep = |name: &str, bytes: &[u8]| {
        if let Some(dir) = &shots {
            std::fs::write(format!("{dir}/{name}"), bytes).expect("kept");
        }
    };
    b.goto(&app.url("/samurai/new?from=example")).await;
    b.css("form#editor").await;
    b.mark_page().await;
    assert!(!b.exists("#threat-words").await, "off by default");
    b.click("button[value='hex.F7']").await;
    b.wait_text("#opt-moves", "choose the spearmen", |t| t.contains("Two hexes")).await;
    assert_eq!(b.text("#hex-H7 .mark").await, "2", "the chosen unit's reach: two hexes");

    // Minamoto's threat map: H7 is reached by two boats, E6 may be grappled, B7 boarded.
    b.select("#f-threat", "a").await;
    let heading = b.wait_text("#h-threat", "draw Minamoto's threat map", |t| t.contains("Minamoto")).await;
    assert!(heading.starts_with("Threat map: 20 hexes within reach of 3 of Minamoto's 4 units"), "{heading}");
    assert!(b.exists("#hex-H7 .hl-move").await && b.exists("#hex-E6 .hl-grapple").await);
    assert!(b.exists("#hex-B7 .hl-landing").await);
    assert_eq!(b.text("#hex-H7 .mark").await, "×2");
    assert_eq!(b.text("#hex-G5 .mark").await, "×1");
    assert!(b.exists("#hex-F7.selected").await, "the chosen unit keeps its outline");
    let list = b.text("#threat-words").await;
    assert!(list.contains("H7 (ocean): unit 3 (F7) sails 2 hexes; unit 4 (H8) sails 1 hex"), "{list}");
    assert!(b.text("#map-key").await.contains("how many of them reach it"));
    assert!(b.page_was_kept().await, "the map is drawn again in place");
    assert_eq!(b.axe().await, Vec::<String>::new(), "the editor with a threat map");
    assert_eq!(b.text("#hex-E6 .mark").await, "G×1");
    keep("editor-1280.png", &b.shot("#sea-map").await);
    keep("choice-1280.png", &b.shot("#threat-choice").await);
    b.c.set_window_size(390, 844).await.expect("phone size");
    assert_eq!(b.fits_width().await, json!(true), "no sideways scrolling on a phone");
    keep("editor-390.png", &b.shot("#sea-map").await);
    keep("choice-390.png", &b.shot("#threat-choice").await);
    b.c.set_window_size(1280, 900).await.expect("desktop size");

    // Taira's, then off: the chosen unit's reach again.
    b.select("#f-threat", "b").await;
    b.wait_text("#h-threat", "draw Taira's threat map", |t| t.contains("Taira")).await;
    assert!(!b.exists("#hex-H7 .hl-move").await, "Minamoto's reach is gone");
    b.select("#f-threat", "").await;
    for _ in 0..300 {
        if !b.exists("#threat-words").await {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!b.exists("#threat-words").await);
    assert_eq!(b.text("#hex-H7 .mark").await, "2");

    // Saved, the share page's link shows it in place; the page prints with its list.
    b.click(".actions button.primary").await;
    b.css("#edit-link").await;
    let share = b.value("#share-link").await;
    b.goto(&share).await;
    b.css("#sea-view").await;
    b.mark_page().await;
    b.click("#threat-links a[href*='threat=a']").await;
    b.wait_text("#h-threat", "show Minamoto's reach on the share page", |t| t.contains("Minamoto")).await;
    assert!(b.exists("#hex-H7 .hl-move").await && b.exists("#hex-E6 .hl-grapple").await);
    assert!(b.page_was_kept().await, "the share page's map should update in place");
    assert_eq!(b.axe().await, Vec::<String>::new(), "the share page with a threat map");
    b.c.set_window_size(390, 844).await.expect("phone size");
    assert_eq!(b.fits_width().await, json!(true), "the saved map fits a phone");
    keep("share-390.png", &b.shot("#sea-view").await);
    b.c.set_window_size(1280, 900).await.expect("desktop size");
    keep("share-1280.png", &b.shot("#sea-view").await);
    let base = share.split(['?', '#']).next().unwrap_or(&share).to_owned();
    b.goto(&format!("{base}/map?threat=a")).await;
    b.css("#threat-words").await;
    let pdf = b.print(21.0, 29.7).await;
    keep("map-threat.pdf", &pdf);
    let text = crate::support::pdf_texts(&pdf).join("\n");
    assert!(text.contains("Threat map: 20 hexes"), "printed with its list: {text}");
}

#[tokio::test]
async fn a_threat_map_is_chosen_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/samurai/new?from=example")).await;
    b.select("#f-threat", "b").await;
    b.post("#threat-choice button", "#threat-words").await;
    assert!(b.text("#h-threat").await.contains("Taira"));
    assert!(b.exists("#hex-F7 .hl-grapple").await && b.exists("#hex-H2 .hl-move").await);
}
