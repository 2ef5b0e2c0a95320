//! The Waffle 40K roster builder, the tank shock calculator and the fire-point planner in a
//! browser, with JavaScript and without it.

use crate::support::{Browser, TURN, app, browser, browser_without_script};

/// Adds a vehicle of `kind` with the add button, and waits for its row.
async fn add_vehicle(b: &Browser, kind: &str, row: usize) {
    b.select("#f-new_type", kind).await;
    b.click("button[value='add.vehicles']").await;
    b.css(&format!("#f-vehicles-{row}-name")).await;
    b.settle().await;
}

#[tokio::test]
async fn a_roster_is_built_with_points_problems_and_rule_cards_updating_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/waffle/new")).await;
    b.css("form#builder").await;
    b.mark_page().await;
    assert_eq!(b.text("#fig-points").await, "0");
    assert_eq!(b.text("#verdict").await, "Not started", "empty, it starts neutral");

    // A tank: its card lists the tank shock; points add up as they are typed.
    add_vehicle(&b, "tank", 0).await;
    assert!(b.text("#card-vehicles-0").await.contains("Tank shock"));
    b.type_into("#f-vehicles-0-name", "Hammer").await;
    b.type_into("#f-vehicles-0-points", "150").await;
    b.wait_text("#fig-points", "add the tank's points", |t| t == "150").await;
    b.wait_text("#points-vehicles-0", "show the tank's points", |t| t == "150 pts").await;
    b.type_into("#f-points_limit", "100").await;
    let over = b.wait_text("#problems-points_limit", "flag the limit", |t| t.contains("50 over")).await;
    assert!(over.contains("The roster costs 150 pts"), "{over}");
    b.wait_text("#verdict", "say not legal", |t| t.starts_with("Not legal")).await;
    b.type_into("#f-points_limit", "500").await;
    b.wait_text("#verdict", "say legal again", |t| t.starts_with("Legal")).await;

    // Ticking Transport: its card gains the passenger rules and a planner; no room is a note.
    b.click("#f-vehicles-0-types-transport").await;
    b.wait_text("#card-vehicles-0", "add the transport rules", |t| t.contains("Fire points")).await;
    assert!(b.exists("#card-vehicles-0 a[href^='/waffle/fire-points?name=Hammer']").await);
    b.wait_text("#problems-vehicles-0-capacity", "note the empty transport", |t| t.starts_with("Note:"))
        .await;
    b.type_into("#f-vehicles-0-capacity", "10").await;
    b.wait_text("#problems-vehicles-0-capacity", "clear", str::is_empty).await;

    // A walker that is also a tank is flagged at its types, beside the boxes.
    b.click("#f-vehicles-0-types-walker").await;
    let msg = b
        .wait_text("#problems-vehicles-0-types", "flag the walker tank", |t| t.contains("Tank and a Walker"))
        .await;
    assert!(msg.starts_with("Error: Hammer is both"), "{msg}");
    assert!(
        b.exists("#figures .problem-list a[href='#problems-vehicles-0-types']").await,
        "linked from the list"
    );
    b.click("#f-vehicles-0-types-walker").await;
    b.wait_text("#problems-vehicles-0-types", "clear", str::is_empty).await;

    // Armour out of range, beside the armour.
    b.type_into("#f-vehicles-0-armour-front", "99").await;
    b.wait_text("#problems-vehicles-0-armour", "flag armour 99", |t| t.contains("front armour is 99")).await;
    b.type_into("#f-vehicles-0-armour-front", "13").await;
    b.wait_text("#problems-vehicles-0-armour", "clear", str::is_empty).await;

    // A weapon row comes and goes; a second vehicle is added and removed.
    b.click("button[value='add.vehicles.0.weapons']").await;
    b.css("#f-vehicles-0-weapons-0-name").await;
    b.settle().await;
    b.type_into("#f-vehicles-0-weapons-0-name", "Battle cannon").await;
    b.type_into("#f-vehicles-0-weapons-0-ap", "9").await;
    b.wait_text("#problems-vehicles-0-weapons-0", "flag AP 9", |t| t.contains("Battle cannon has AP 9"))
        .await;
    b.type_into("#f-vehicles-0-weapons-0-ap", "3").await;
    b.wait_text("#verdict", "say legal", |t| t.starts_with("Legal")).await;
    add_vehicle(&b, "walker", 1).await;
    b.type_into("#f-vehicles-1-points", "105").await;
    b.wait_text("#fig-points", "add the walker", |t| t == "255").await;
    assert!(b.text("#card-vehicles-1").await.contains("Running"));
    b.click("button[value='remove.vehicles.1']").await;
    b.wait_text("#fig-points", "drop the walker", |t| t == "150").await;
    assert!(!b.exists("#f-vehicles-1-name").await);

    assert!(b.page_was_kept().await, "the page was reloaded; the builder should update in place");

    // Save: the share page shows the rule cards.
    b.type_into("#f-name", "Hammer Column").await;
    b.settle().await;
    b.click(".actions button.primary").await;
    b.css("#edit-link").await;
    assert_eq!(b.text("h1").await, "Hammer Column");
    assert_eq!(b.text("#fig-points").await, "150");
    let card = b.text("article.rule-card").await;
    assert!(card.contains("Hammer") && card.contains("Tank, Transport"), "{card}");
    assert!(card.contains("Battle cannon"));
    assert!(b.text("#forum-text").await.contains("Total: 150 of 500 pts"));
}

#[tokio::test]
async fn the_roster_builder_works_by_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/waffle/new")).await;
    let recalculate = ".actions button[value='recalculate']";
    assert!(b.exists(recalculate).await, "without JavaScript the Recalculate button shows");

    b.select("#f-new_type", "walker").await;
    b.post("button[value='add.vehicles']", "#f-vehicles-0-name").await;
    assert!(b.text("#card-vehicles-0").await.contains("Running"));
    b.type_into("#f-vehicles-0-points", "105").await;
    b.click("#f-vehicles-0-types-tank").await;
    assert_eq!(b.text("#fig-points").await, "0", "nothing changes until the form is sent");
    b.post(recalculate, "form#builder").await;
    assert_eq!(b.text("#fig-points").await, "105");
    assert!(b.text("#problems-vehicles-0-types").await.contains("both a Tank and a Walker"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));

    b.click("#f-vehicles-0-types-tank").await;
    b.post("button[value='add.vehicles.0.weapons']", "#f-vehicles-0-weapons-0-name").await;
    assert_eq!(b.text("#problems-vehicles-0-types").await, "", "the tank was unticked before the add");
    assert!(b.text("#verdict").await.starts_with("Legal"));
    b.type_into("#f-vehicles-0-weapons-0-name", "Melta lance").await;

    b.type_into("#f-name", "Quiet Striders").await;
    b.post(".actions button.primary", "#edit-link").await;
    assert_eq!(b.text("h1").await, "Quiet Striders");
    assert_eq!(b.text("#fig-points").await, "105");
    assert!(b.text("article.rule-card").await.contains("Melta lance"));
}

#[tokio::test]
async fn the_tank_shock_calculator_updates_in_place_and_works_without_script() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/waffle/tank-shock")).await;
    b.mark_page().await;
    assert_eq!(b.text("#fig-checks").await, "2", "12\" by default");
    b.type_into("#f-distance", "19").await;
    b.wait_text("#fig-checks", "count three checks", |t| t == "3").await;
    b.wait_text("#p-morale", "show the morale chance", |t| t.contains("7/12")).await;
    b.click("#f-mode-grind").await;
    b.wait_text("#fig-profile", "switch to the Grind", |t| t == "S5 AP D6").await;
    b.settle().await;
    assert!(b.url().await.contains("distance=19"), "the address follows the answer, to share it");
    // A bad distance: said beside its input, the result asks for a fix.
    b.type_into("#f-distance", "-5").await;
    b.wait_text("#problems-distance", "refuse -5", |t| t.contains("from 1 to 72, not -5")).await;
    b.css("#shock-refused").await;
    b.type_into("#f-distance", "13").await;
    b.wait_text("#problems-distance", "clear", str::is_empty).await;
    b.wait_text("#fig-checks", "count two checks", |t| t == "2").await;
    assert!(b.exists("svg.chart[role='img'] title").await);
    assert!(b.page_was_kept().await, "the calculator should update in place");

    // The planner answers in place as well.
    b.goto(&app.url("/waffle/fire-points?name=Rhino&types.0=transport&capacity=10&fire_points=2")).await;
    b.mark_page().await;
    b.click("#f-speed-cruising").await;
    b.wait_text("#plan-fire", "allow snap shots", |t| t.starts_with("Snap shots only")).await;
    b.click("#f-smoke").await;
    b.wait_text("#plan-fire", "stop the passengers", |t| t == "Nobody may shoot out").await;
    assert!(b.page_was_kept().await);

    // Without script: the GET form, and an address that says what was asked.
    let quiet = browser_without_script().await;
    quiet.goto(&app.url("/waffle/tank-shock")).await;
    quiet.type_into("#f-distance", "13").await;
    quiet.select("#f-save", "none").await;
    quiet.post("#shock-form button[type='submit']", "#fig-checks").await;
    assert_eq!(quiet.text("#fig-checks").await, "2");
    let url = quiet.url().await;
    assert!(url.contains("distance=13") && url.contains("save=none"), "{url}");
    assert!(quiet.text("#p-save").await.contains("0%"), "no save to take");
}

#[tokio::test]
async fn the_builder_and_calculator_work_with_the_keyboard_and_on_a_phone() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    for page in
        ["/waffle/new?from=example", "/waffle/tank-shock?distance=72&initiative=1", "/waffle/fire-points"]
    {
        b.goto(&app.url(page)).await;
        let overflow = b.fits_width().await;
        let wide = b.js("return [...document.querySelectorAll('body *')].filter(e => !e.closest('.chart-box svg') && e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id);").await;
        assert_eq!(
            overflow,
            serde_json::json!(true),
            "{page}: no sideways scrolling on a phone; too wide: {wide}"
        );
        let unlabeled = b.unlabeled_inputs().await;
        assert_eq!(unlabeled, serde_json::json!([]), "{page}");
        let no_legend = b.js("return [...document.querySelectorAll('fieldset')].filter(f => !f.querySelector(':scope > legend')).length;").await;
        assert_eq!(no_legend, serde_json::json!(0), "{page}");
    }
    b.goto(&app.url("/waffle/new?from=example")).await;
    let stacked = b
        .js("const p = document.querySelector('.parts').getBoundingClientRect(); const f = document.querySelector('#figures').getBoundingClientRect(); return f.top >= p.bottom;")
        .await;
    assert_eq!(stacked, serde_json::json!(true), "one column on a phone");

    // The add button works from the keyboard: focus it and press Enter.
    b.js("document.querySelector(\"button[value='add.vehicles']\").focus();").await;
    b.c.active_element().await.expect("focus").send_keys("\u{E007}").await.expect("enter");
    b.css("#f-vehicles-2-name").await;
    b.settle().await;
    // A type box is ticked with the space bar.
    b.js("document.querySelector('#f-vehicles-2-types-chariot').focus();").await;
    b.c.active_element().await.expect("focus").send_keys(" ").await.expect("space");
    b.wait_text("#card-vehicles-2", "give the chariot its rules", |t| t.contains("D3 hits on the run")).await;

    // The name field is reachable with Tab from the top of the page.
    b.goto(&app.url("/waffle/new")).await;
    let mut reached = false;
    for _ in 0..16 {
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

/// No retyping: a vehicle is duplicated in one click, and taken from a roster this browser saved
/// or from the published example, with JavaScript and without it.
#[tokio::test]
async fn a_vehicle_is_duplicated_in_one_click_or_taken_from_my_rosters_or_the_example() {
    let _turn = TURN.lock().await;
    let app = app().await;
    for script in [false, true] {
        let b = if script { browser().await } else { browser_without_script().await };
        // A roster of this browser's own, saved from the builder.
        b.goto(&app.url("/waffle/new?from=example")).await;
        b.type_into("#f-name", "Old Guard").await;
        b.type_into("#f-vehicles-1-name", "Old Strider").await;
        b.settle().await;
        b.post(".actions button.primary", "#edit-link").await;

        // A new roster: the example's Bulwark, duplicated.
        b.goto(&app.url("/waffle/new?from=example")).await;
        b.css("#f-vehicles-0-name").await;
        if script {
            b.click("button[value='copy.vehicles.0']").await;
            b.wait_text("#fig-points", "count the copy", |t| t == "185").await;
        } else {
            b.post("button[value='copy.vehicles.0']", "#f-vehicles-2-name").await;
            assert_eq!(b.text("#fig-points").await, "185");
        }
        assert_eq!(b.value("#f-vehicles-1-name").await, "Bulwark", "the copy right after it");
        assert_eq!(b.value("#f-vehicles-1-armour-front").await, "11");
        assert_eq!(b.value("#f-vehicles-1-weapons-0-name").await, "Storm gun");
        assert_eq!(b.value("#f-vehicles-2-name").await, "Strider");

        // Taken from "Old Guard": its renamed walker joins the end with all its figures.
        b.type_into("#f-name", "New Column").await;
        b.post("button[formaction='/waffle/take']", "#take").await;
        assert_eq!(b.text("h1").await, "Take a vehicle into New Column");
        let offered = b.text("#take").await;
        assert!(offered.contains("Old Guard") && offered.contains("Published example"), "{offered}");
        assert!(offered.contains("Walker · armour 12 / 12 / 10 · BS 4 · 1 weapon · 105 pts"), "{offered}");
        b.post("button[aria-label='Take Old Strider from Old Guard']", "#f-vehicles-3-name").await;
        assert_eq!(b.value("#f-name").await, "New Column", "the roster came back as it was");
        assert_eq!(b.value("#f-vehicles-3-name").await, "Old Strider");
        assert_eq!(b.value("#f-vehicles-3-weapons-0-name").await, "Melta lance");
        assert_eq!(b.text("#fig-points").await, "290");
        // And from the example, without saving anything first.
        b.post("button[formaction='/waffle/take']", "#take").await;
        b.post("button[aria-label='Take Bulwark from Iron Column']", "#f-vehicles-4-name").await;
        assert_eq!(b.value("#f-vehicles-4-name").await, "Bulwark");
        // Back without taking one: nothing changes.
        b.post("button[formaction='/waffle/take']", "#take").await;
        b.post("#take button[value='recalculate']", "#f-vehicles-4-name").await;
        assert!(!b.exists("#f-vehicles-5-name").await);
        assert_eq!(b.text("#fig-points").await, "330");
    }
}
