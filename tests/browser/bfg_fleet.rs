//! The Battlefleet Gothic fleet builder in a browser: with JavaScript the figures follow every
//! change in place; without it every button posts the form and the page comes back worked out.

use crate::support::{Browser, TURN, app, browser, browser_without_script};

/// Adds a class with the add button of `list` ("ships", "squadrons"), and waits for its row.
async fn add(b: &Browser, list: &str, class: &str, row: usize) {
    b.select(&format!("#f-new-{list}"), class).await;
    b.click(&format!("button[value='add.{list}']")).await;
    b.css(&format!("#f-{list}-{row}-class")).await;
    b.settle().await;
}

#[tokio::test]
async fn a_fleet_is_built_with_points_and_ordnance_updating_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/bfg/new")).await;
    b.click("a[href='/bfg/new?faction=imperial-navy']").await;
    b.css("form#builder").await;
    b.mark_page().await;
    assert_eq!(b.text("#fig-points").await, "0");

    add(&b, "ships", "dictator-cruiser", 0).await;
    b.wait_text("#fig-points", "price the Dictator", |t| t == "220").await;
    b.wait_text("#fig-craft-limit", "count its four bays", |t| t == "4").await;
    add(&b, "squadrons", "sword-frigate", 0).await;
    b.wait_text("#fig-points", "add two Swords", |t| t == "290").await;

    // A squadron of seven breaks the rule of at most six escorts, named with its numbers.
    b.type_into("#f-squadrons-0-count", "7").await;
    b.wait_text("#fig-points", "price seven Swords", |t| t == "465").await;
    b.wait_text("#problems-squadrons-0", "name the rule", |t| {
        t == "Error: Squadrons of at most 6 escorts: squadron 1 (7 Sword frigates) has 7 (general/escort-squadron-max)"
    })
    .await;
    b.wait_text("#verdict", "say not legal", |t| t.starts_with("Not legal")).await;
    b.type_into("#f-squadrons-0-count", "6").await;
    b.wait_text("#fig-points", "price six Swords", |t| t == "430").await;
    b.wait_text("#verdict", "be legal with six", |t| t.starts_with("Legal")).await;

    // A limit below the points: an error next to the limit.
    b.type_into("#f-points_limit", "400").await;
    b.wait_text("#problems-points_limit", "flag the limit", |t| t.contains("30 over")).await;
    b.wait_text("#verdict", "say not legal", |t| t.starts_with("Not legal")).await;
    b.type_into("#f-points_limit", "1500").await;
    b.wait_text("#verdict", "say legal again", |t| t.starts_with("Legal")).await;

    // Removing the Dictator takes its bays with it.
    b.click("button[value='remove.ships.0']").await;
    b.wait_text("#fig-craft-limit", "drop the bays", |t| t == "0").await;
    assert!(b.page_was_kept().await, "the builder should update in place");

    // Save: the share page shows the fleet and its forum text.
    b.type_into("#f-name", "Patrol Seven").await;
    b.settle().await;
    b.click(".actions button.primary").await;
    b.wait_text("h1", "show the saved fleet", |t| t == "Patrol Seven").await;
    assert!(b.text("#forum-text").await.contains("6 x Sword frigates"));
}

#[tokio::test]
async fn the_builder_works_without_javascript_on_a_phone_and_by_keyboard() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&app.url("/bfg/new?faction=space-marines")).await;
    b.select("#f-new-ships", "strike-cruiser").await;
    b.post("button[value='add.ships']", "#f-ships-0-class").await;
    assert_eq!(b.text("#fig-points").await, "145");
    // The prow is one of two: torpedoes instead of bays, sent with Recalculate.
    b.click("#f-ships-0-option-prow-torpedoes").await;
    b.post(".actions button[value='recalculate']", "#fig-points").await;
    assert!(b.text("#ordnance").await.contains("6@30"), "the prow salvo");
    assert_eq!(b.text("#fig-bays").await, "0");
    let overflow = b.fits_width().await;
    assert_eq!(overflow, serde_json::json!(true), "no sideways scrolling on a phone");
    let unlabeled = b.unlabeled_inputs().await;
    assert_eq!(unlabeled, serde_json::json!([]));
    // The name field is reachable with Tab from the top of the page (Recalculate left focus on
    // itself, at the form's foot: start again from the page's first link).
    b.js("document.querySelector('a.skip').focus();").await;
    let mut reached = false;
    for _ in 0..12 {
        b.c.active_element().await.expect("focus").send_keys("\u{E004}").await.expect("tab");
        if b.js("return document.activeElement && document.activeElement.id;").await
            == serde_json::json!("f-name")
        {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab reaches the name field");
}

/// A fleet of 41 ships is drawn lean (see the README's Limits): it passes axe, every field is
/// labelled, and an option ticked on one ship gives it its own weapons table, in place.
#[tokio::test]
async fn a_long_fleet_is_drawn_lean_and_its_weapons_tables_follow_its_options() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let doc = serde_json::json!({
        "name": "Long patrol", "faction": "imperial-navy", "list": "in-gothic", "points_limit": 100_000,
        "ships": vec![serde_json::json!({"class": "lunar-cruiser"}); 41]
    });
    let res = reqwest::Client::new().post(app.url("/api/bfg")).json(&doc).send().await.expect("save");
    let saved: serde_json::Value = res.json().await.expect("json");
    let b = browser().await;
    b.goto(saved["edit_url"].as_str().expect("edit link")).await;
    b.css("#fleet-arms").await;
    assert_eq!(b.axe().await, Vec::<String>::new());
    assert_eq!(b.unlabeled_inputs().await, serde_json::json!([]));
    assert_eq!(b.text("#arms-0").await, "Lunar cruiser: ships 1–41");
    b.click("input[name^='ships.2.options'][value='nova-cannon']").await;
    b.wait_text("#fleet-arms", "give ship 3 its own table", |t| t.contains("Lunar cruiser: ship 3")).await;
    assert_eq!(b.text("#arms-0").await, "Lunar cruiser: ships 1–2, 4–41");
}
