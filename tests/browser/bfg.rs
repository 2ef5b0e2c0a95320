//! The BFG battle tracker and ordnance odds in a browser: with JavaScript (htmx updates the
//! battle and the odds in place) and without (every order and every question is a plain form),
//! and a battle of more ships than the page draws every card's orders for ("Orders" a card).

use crate::support::{App, Browser, TURN, app, browser, browser_without_script};
use serde_json::{Value, json};
use std::time::Duration;

/// Saves the fleet through the API and hands its edit token to `owner` through the private edit
/// link, as a player opening it on another device would. Ships: 0 Emperor battleship (8 bays),
/// 1 Dictator cruiser (4 bays, a salvo of 6), 2 and 3 Sword frigates. Returns the battle page.
async fn owned_fleet(app: &App, owner: &Browser) -> String {
    let fleet = json!({
        "name": "Gothic Patrol",
        "faction": "imperial-navy",
        "ships": [{"class": "emperor-battleship"}, {"class": "dictator-cruiser"}],
        "squadrons": [{"class": "sword-frigate", "count": 2}]
    });
    owned(app, owner, &fleet).await
}

/// A fleet of more ships than the battle page draws every card's orders for: Dictator cruisers
/// (ship 30 among them), then a squadron of two Cobra destroyers. Saved as [`owned_fleet`] is.
async fn owned_armada(app: &App, owner: &Browser) -> String {
    let ships = drydock::web::bfg::battle::EVERY_CARDS_ORDERS_UP_TO + 1;
    let fleet = json!({
        "name": "Armada",
        "faction": "imperial-navy",
        "points_limit": 100_000,
        "ships": vec![json!({"class": "dictator-cruiser"}); ships - 2],
        "squadrons": [{"class": "cobra-destroyer", "count": 2}]
    });
    owned(app, owner, &fleet).await
}

/// Saves `fleet` and hands its edit token to `owner` (see [`owned_fleet`]).
async fn owned(app: &App, owner: &Browser, fleet: &Value) -> String {
    let res = reqwest::Client::new().post(app.url("/api/bfg")).json(fleet).send().await.expect("save");
    let v: Value = res.json().await.expect("json");
    owner.goto(v["edit_url"].as_str().expect("edit link")).await;
    owner.css("form#builder").await;
    format!("{}/battle", v["url"].as_str().expect("url"))
}

/// Clicks a submit button and waits for the page the post answers with (the old page's elements
/// go stale), then for `ready` on it.
async fn post(b: &Browser, button: &str, ready: &str) {
    let old = b.css("body").await;
    b.click(button).await;
    for _ in 0..100 {
        if old.tag_name().await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(old.tag_name().await.is_err(), "clicking {button} did not load a new page");
    b.css(ready).await;
}

/// Nothing sticks out sideways, and every visible input is labelled.
async fn readable_on_a_phone(b: &Browser) {
    let fits = b.fits_width().await;
    assert_eq!(fits, json!(true), "no sideways scrolling on a phone");
    let unlabeled = b.unlabeled_inputs().await;
    assert_eq!(unlabeled, json!([]));
}

#[tokio::test]
async fn a_battle_is_tracked_in_place_with_htmx_and_watched_read_only() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let owner = browser().await;
    let page = owned_fleet(app, &owner).await;
    owner.goto(&page).await;
    owner.mark_page().await;
    assert!(owner.text("#turn").await.starts_with("Not started"));
    assert_eq!(owner.text("#fleet-limit").await, "12");

    // Four bombers from the Emperor: the fleet's line follows, the page stays.
    owner.type_into("#lc-0-starhawk-bomber", "4").await;
    owner.click("#b-launch_craft-0").await;
    owner.wait_text("#fleet-in-play", "count four markers", |t| t == "4").await;
    assert!(owner.text("#marker-starhawk-bomber").await.starts_with("4 Starhawk bomber"));
    assert!(owner.text("#ship-0-bays").await.starts_with("launched"));
    assert_eq!(owner.text("#turn").await, "Turn 1");

    // Again before reloading: refused, the reason shown at the top and at its form.
    owner.type_into("#lc-0-fury-interceptor", "1").await;
    owner.click("#b-launch_craft-0").await;
    let said = owner.wait_text("#refusal", "say why", |t| t.contains("must Reload Ordnance")).await;
    assert!(said.starts_with("Not done: Emperor battleship has launched its attack craft"), "{said}");
    assert!(owner.text("#form-launch_craft-0 .problem").await.contains("must Reload Ordnance"));
    assert_eq!(owner.text("#fleet-in-play").await, "4");

    // Crippled, the Emperor's bays count half: the limit drops from 12 to 8.
    owner.select("#sc-0", "crippled").await;
    owner.click("#b-set_condition-0").await;
    owner.wait_text("#fleet-limit", "drop to 8", |t| t == "8").await;
    assert!(!owner.exists("#refusal").await, "the refusal is gone once an order is done");
    owner.click("#b-next_turn").await;
    owner.wait_text("#turn", "move to turn 2", |t| t == "Turn 2").await;
    owner.click("#b-reload-0-success").await;
    owner.wait_text("#ship-0-bays", "show the bays loaded", |t| t.starts_with("loaded")).await;
    assert!(owner.text("#log li").await.contains("Emperor battleship reloaded its ordnance"), "newest first");
    assert!(owner.page_was_kept().await, "the page was reloaded; orders should update it in place");

    // A friend with the link watches: the same battle, no orders.
    let friend = browser().await;
    friend.goto(&page).await;
    assert_eq!(friend.text("#turn").await, "Turn 2");
    assert_eq!(friend.text("#fleet-limit").await, "8");
    assert_eq!(friend.text("#ship-0-condition").await, "Crippled 6 of 12 hits left");
    assert!(!friend.exists("form").await, "no order forms for a watcher");

    // On a phone the battle reads in one column.
    owner.c.set_window_size(390, 844).await.expect("phone size");
    readable_on_a_phone(&owner).await;
}

#[tokio::test]
async fn a_battle_is_tracked_by_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    let page = owned_fleet(app, &b).await;
    b.goto(&page).await;

    b.type_into("#lc-1-fury-interceptor", "2").await;
    b.type_into("#lc-1-starhawk-bomber", "2").await;
    post(&b, "#b-launch_craft-1", "#fleet").await;
    assert!(b.url().await.ends_with("/battle#ship-1"), "back at the ship: {}", b.url().await);
    assert_eq!(b.text("#fleet-in-play").await, "4");
    assert!(b.text("#ship-1-bays").await.starts_with("launched"));
    assert!(b.text("#ship-1-torpedoes").await.starts_with("loaded"), "torpedoes are loaded apart");

    // Its torpedoes, then again: refused, with the reason on the page that comes back.
    post(&b, "#b-launch_torpedoes-1", "#fleet").await;
    assert!(b.text("#latest").await.contains("Dictator cruiser launched torpedoes: a salvo of 6"));
    post(&b, "#b-launch_torpedoes-1", "#refusal").await;
    assert!(b.text("#refusal").await.contains("has launched its torpedoes and must Reload Ordnance"));

    // Markers return, a frigate is lost, the turn ends.
    b.select("#rm-reason", "returned").await;
    b.type_into("#rm-count", "2").await;
    post(&b, "#b-remove_markers", "#fleet").await;
    assert_eq!(b.text("#fleet-in-play").await, "2");
    b.select("#sc-2", "destroyed").await;
    post(&b, "#b-set_condition-2", "#fleet").await;
    assert_eq!(b.text("#ship-2-condition").await, "Destroyed 0 of 1 hits left");
    assert!(!b.exists("#form-brace-2").await, "a destroyed ship takes no orders");
    post(&b, "#b-next_turn", "#fleet").await;
    assert_eq!(b.text("#turn").await, "Turn 2");

    // A new battle, once confirmed.
    b.click("#new-confirm").await;
    post(&b, "#b-new", "#fleet").await;
    assert_eq!(b.text("#turn").await, "Turn 1");
    assert_eq!(b.text("#fleet-in-play").await, "0");
    assert_eq!(b.text("#ship-2-condition").await, "Intact 1 of 1 hits left");
}

/// Where `sel` is on the screen (its top, in CSS pixels), once scrolled to the middle as a player
/// scrolls what they tap into view.
async fn on_screen(b: &Browser, sel: &str, scroll: bool) -> f64 {
    let at = serde_json::to_value(b.css(sel).await).expect("an element reference");
    let script = "if (arguments[1]) arguments[0].scrollIntoView({block: 'center'}); return arguments[0].getBoundingClientRect().top;";
    let top = b.c.execute(script, vec![at, json!(scroll)]).await.expect("where");
    top.as_f64().expect("a number")
}

#[tokio::test]
async fn past_the_count_a_cards_orders_open_in_place_and_stay_open_after_its_order() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let owner = browser().await;
    let page = owned_armada(app, &owner).await;
    for (w, h) in [(390, 844), (1280, 1000)] {
        owner.c.set_window_size(w, h).await.expect("screen size");
        owner.goto(&page).await;
        owner.mark_page().await;
        assert!(!owner.exists("#form-hits-30").await, "no card draws its forms");

        // "Orders": the card's forms come in its place, the first field focused where the
        // link was on the screen.
        let link = "a[href='?orders=ship-30']";
        let was = on_screen(&owner, link, true).await;
        owner.click(link).await;
        owner.css("#form-hits-30").await;
        owner.settle().await;
        let focused = owner.js("return document.activeElement.id;").await;
        assert_eq!(focused, json!("h-30"), "at {w} px");
        let now = on_screen(&owner, "#h-30", false).await;
        assert!((now - was).abs() <= 50.0, "at {w} px the view moved from {was:.0} to {now:.0}");

        // An order: the card stays open, its button where it was, no other card opens.
        owner.type_into("#h-30", "4").await;
        let was = on_screen(&owner, "#b-hits-30", true).await;
        owner.click("#b-hits-30").await;
        owner.wait_text("#ship-30-condition", "be crippled", |t| t.starts_with("Crippled")).await;
        owner.settle().await;
        assert!(owner.exists("#form-hits-30").await && !owner.exists("#form-hits-29").await);
        let now = on_screen(&owner, "#b-hits-30", false).await;
        assert!((now - was).abs() <= 50.0, "at {w} px the button moved from {was:.0} to {now:.0}");
        assert!(owner.page_was_kept().await, "orders update the page in place");
        if w == 390 {
            readable_on_a_phone(&owner).await;
            let found = owner.axe().await;
            assert!(found.is_empty(), "{found:?}");
        }
        owner.click("#b-undo").await;
        owner.wait_text("#ship-30-condition", "be intact", |t| t.starts_with("Intact")).await;
    }
}

#[tokio::test]
async fn past_the_count_a_cards_orders_open_by_a_plain_link_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    let page = owned_armada(app, &b).await;
    b.goto(&page).await;
    post(&b, "a[href='?orders=ship-30']", "#form-hits-30").await;
    assert!(b.url().await.ends_with("/battle?orders=ship-30"), "{}", b.url().await);
    assert_eq!(b.js("return document.activeElement.id;").await, json!("h-30"), "its first field focused");
    b.type_into("#h-30", "4").await;
    post(&b, "#b-hits-30", "#fleet").await;
    assert!(b.url().await.ends_with("/battle?orders=ship-30#ship-30"), "back at the card: {}", b.url().await);
    assert!(b.text("#ship-30-condition").await.starts_with("Crippled"));
    assert!(b.exists("#form-hits-30").await, "still open");
    // The squadron's launch, by its own card.
    post(&b, "a[href='?orders=squadron-squadrons-0']", "#b-launch_squadron-squadrons-0-torpedoes").await;
    post(&b, "#b-launch_squadron-squadrons-0-torpedoes", "#fleet").await;
    assert!(
        b.text("#latest").await.contains("launched torpedoes from 2 ships"),
        "{}",
        b.text("#latest").await
    );
}

#[tokio::test]
async fn the_odds_follow_the_inputs_in_place_with_htmx() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/bfg/new")).await;
    b.click("a[href='/bfg/odds']").await;
    b.css("#odds-form").await;
    b.click("a[href='/bfg/odds?kind=bombers']").await;
    // The rules' first worked example is the default wave: 3 bombers, 5 fighters, 3 turrets.
    b.wait_text("#expected-attacks", "show six attacks", |t| t == "6.00").await;
    b.mark_page().await;

    b.type_into("#o-bombers", "4").await;
    b.type_into("#o-fighters", "4").await;
    b.wait_text("#expected-attacks", "show eight attacks", |t| t == "8.00").await;
    b.wait_text("#odds-attacks tr[data-k='4'] td.exact", "show 1/16", |t| t == "1/16").await;
    assert!(b.text("#odds-summary").await.starts_with("Hits on the target:"));
    assert!(b.exists("svg#chart-hits title").await);
    let url = b.url().await;
    assert!(url.contains("bombers=4") && url.contains("fighters=4"), "the address keeps the inputs: {url}");

    // Out of range: the engine's message, no odds.
    b.type_into("#o-turrets", "99").await;
    b.wait_text("#odds-errors", "refuse 99 turrets", |t| {
        t.contains("Turrets must be from 0 to 8 (it is 99).")
    })
    .await;
    assert!(!b.exists("#odds-hits").await);
    b.type_into("#o-turrets", "3").await;
    b.wait_text("#expected-attacks", "come back", |t| t == "8.00").await;
    assert!(b.page_was_kept().await, "the page was reloaded; the odds should update in place");

    b.c.set_window_size(390, 844).await.expect("phone size");
    readable_on_a_phone(&b).await;
}

#[tokio::test]
async fn the_odds_are_worked_out_by_a_plain_form_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/bfg/odds?kind=torpedoes")).await;
    b.type_into("#o-strength", "2").await;
    b.type_into("#o-turrets", "1").await;
    b.type_into("#o-armour", "4").await;
    post(&b, "#odds-submit", "#odds-hits").await;
    assert!(b.url().await.contains("strength=2"), "a shareable address");
    // Two torpedoes, one turret, 4+: no hit 3/8, one 1/2, two 1/8.
    assert_eq!(b.text("#odds-hits tr[data-k='0'] td.exact").await, "3/8");
    assert_eq!(b.text("#odds-hits tr[data-k='2'] td.exact").await, "1/8");
    assert_eq!(b.text("#expected-hits").await, "0.75");

    b.type_into("#o-strength", "1000").await;
    post(&b, "#odds-submit", "#odds-errors").await;
    assert!(b.text("#odds-errors").await.contains("Strength must be from 1 to 30 (it is 1000)."));
}
