//! The Epic 40,000 detachment builder in a browser.

use crate::support::{Browser, TURN, app, browser};
use serde_json::json;

/// The chain of command as the page lists it, one vessel a line.
async fn chain(b: &Browser) -> Vec<String> {
    b.text("#chain").await.lines().map(str::to_owned).collect()
}

/// Adds a choice of `entry` to `section` with the section's add button, and waits for its row.
async fn add(b: &Browser, section: &str, entry: &str, row: usize) {
    b.select(&format!("#f-new-{section}"), entry).await;
    b.click(&format!("button[value='add.{section}']")).await;
    b.css(&format!("#f-choices-{row}-entry")).await;
    b.settle().await;
}

#[tokio::test]
async fn a_detachment_is_built_with_points_limits_and_chain_updating_in_place() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/epic/new")).await;
    b.click("a[href='/epic/new?list=imperial-marines']").await;
    b.css("form#builder").await;
    b.mark_page().await;
    assert_eq!(b.text("#fig-points").await, "0");
    // Empty, it starts neutral: nothing to correct before anything is chosen.
    assert_eq!(b.text("#verdict").await, "Not started");
    assert_eq!(b.text("#problems-sections-command").await, "");

    // A Sea Raider carrying the HQ: 25 + 25, the smallest legal detachment.
    add(&b, "main", "sea-raider", 0).await;
    b.wait_text("#fig-points", "price the Sea Raider", |t| t == "25").await;
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    assert!(
        b.text("#problems-sections-command").await.contains("Choose one vessel to carry the Detachment HQ")
    );
    b.click("#f-choices-0-hq").await;
    b.wait_text("#fig-points", "add the HQ", |t| t == "50").await;
    b.wait_text("#verdict", "say legal", |t| t.starts_with("Legal")).await;
    b.wait_text("#problems-sections-command", "clear", str::is_empty).await;
    b.wait_text("#points-choices-0", "show the choice's points", |t| t == "50 pts").await;

    // Alligators: two are priced per vessel (a note), three are too many for one choice.
    add(&b, "main", "alligator-apc", 1).await;
    b.type_into("#f-choices-1-count", "2").await;
    b.wait_text("#fig-points", "price two Alligators", |t| t == "80").await;
    b.wait_text("#points-choices-1", "show 30 pts", |t| t == "30 pts").await;
    // Priced per vessel is a decision shown once in the list's notes, not a note on the choice.
    assert_eq!(b.text("#problems-choices-1").await, "");
    assert!(b.text(".list-notes").await.contains("two Alligators cost 30 pts"));
    b.type_into("#f-choices-1-count", "3").await;
    let msg =
        b.wait_text("#problems-choices-1", "flag the count", |t| t.contains("this entry takes 1 to 2")).await;
    assert!(msg.contains("Alligator APC choice has 3 vessels"), "{msg}");
    b.wait_text("#verdict", "say not legal", |t| t.starts_with("Not legal")).await;
    assert!(
        b.exists("#figures .problem-list a[href='#problems-choices-1']").await,
        "the summary links to it"
    );
    b.type_into("#f-choices-1-count", "2").await;
    b.wait_text("#verdict", "say legal again", |t| t.starts_with("Legal")).await;
    b.wait_text("#status-sections-main", "count two choices", |t| t.starts_with("2 choices")).await;

    // Support: a Nautilus, second in command after the HQ.
    add(&b, "support", "nautilus", 2).await;
    b.wait_text("#fig-points", "add the Nautilus", |t| t == "130").await;
    assert_eq!(
        chain(&b).await,
        vec!["Sea Raider (HQ)", "Nautilus", "Alligator APC 1 (Other)", "Alligator APC 2 (Other)"]
    );

    // Marking a second HQ is flagged at that choice; moving the HQ reorders the chain.
    b.click("#f-choices-2-hq").await;
    b.wait_text("#problems-choices-2", "flag a second HQ", |t| t.contains("second Detachment HQ")).await;
    b.wait_text("#fig-points", "charge both HQs", |t| t == "155").await;
    b.click("#f-choices-0-hq").await;
    b.wait_text("#problems-choices-2", "clear", str::is_empty).await;
    b.wait_text("#fig-points", "charge one HQ", |t| t == "130").await;
    b.wait_text("#chain", "put the Nautilus first", |t| t.starts_with("Nautilus (HQ)")).await;
    assert_eq!(chain(&b).await[1], "Sea Raider");

    // Removing a choice.
    b.click("button[value='remove.choices.1']").await;
    b.wait_text("#fig-points", "drop the Alligators", |t| t == "100").await;
    assert!(!b.exists("#f-choices-2-entry").await);

    assert!(b.page_was_kept().await, "the page was reloaded; the builder should update in place");

    // Save: the share page, with the private edit link for the owner.
    b.type_into("#f-name", "Harbour Watch").await;
    b.settle().await;
    b.click(".actions button.primary").await;
    b.css("#edit-link").await;
    assert_eq!(b.text("h1").await, "Harbour Watch");
    assert_eq!(b.text("#fig-points").await, "100");
    assert!(b.text("#forum-text").await.contains("Total: 100 pts"));
}

#[tokio::test]
async fn a_saved_detachment_is_shared_read_only_and_forked_into_an_editable_copy() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let owner = browser().await;
    owner.goto(&app.url("/epic/new?list=ork-wetboyz")).await;
    owner.type_into("#f-name", "Wet Boyz").await;
    add(&owner, "main", "mangler", 0).await;
    owner.click("#f-choices-0-hq").await;
    owner.wait_text("#fig-points", "price the Mangler and HQ", |t| t == "75").await;
    owner.settle().await;
    owner.click(".actions button.primary").await;
    owner.css("#edit-link").await;
    let share = owner.value("#share-link").await;
    assert!(share.contains("/epic/"), "{share}");
    assert!(owner.exists("a[href$='/edit']").await, "the owner can edit");

    // A friend opens the link in a fresh browser: read-only.
    let friend = browser().await;
    friend.goto(&share).await;
    assert_eq!(friend.text("h1").await, "Wet Boyz");
    assert_eq!(friend.text("#fig-points").await, "75");
    assert!(friend.text("#chain").await.starts_with("Mangler (HQ)"));
    assert!(!friend.exists("a[href$='/edit']").await, "no edit link for others");
    assert!(!friend.exists("#edit-link").await);
    assert!(!friend.exists("form#builder").await, "no edit controls");
    assert!(!friend.exists("input[name='name']").await);
    assert!(!friend.exists("input[type='checkbox']").await);

    // The owner's edit page is refused...
    friend.goto(&format!("{share}/edit")).await;
    assert!(friend.text("h1").await.contains("Not yours to edit"));

    // ...but "Edit a copy" forks it into the builder.
    friend.click("form[action$='/fork'] button").await;
    friend.css("form#builder").await;
    let fork_url = friend.url().await;
    assert!(fork_url.ends_with("/edit") && !fork_url.starts_with(&share), "{fork_url}");
    assert_eq!(friend.value("#f-name").await, "Wet Boyz (copy)");
    friend.type_into("#f-name", "Wetter Boyz").await;
    add(&friend, "support", "destroyer", 1).await;
    friend.wait_text("#fig-points", "add the Destroyer", |t| t == "105").await;
    // Changing a choice's vessel re-renders it with the new vessel's price.
    friend.select("#f-choices-1-entry", "battilboat").await;
    friend
        .wait_text("#row-problems-choices-1 legend", "name the Battilboat", |t| t.contains("Battilboat"))
        .await;
    friend.wait_text("#fig-points", "price the Battilboat", |t| t == "115").await;
    friend.settle().await;
    friend.click(".actions button.primary").await;
    friend.wait_text("h1", "show the new name", |t| t == "Wetter Boyz").await;
    assert!(friend.text(".meta").await.contains("copied from Wet Boyz"));
    assert_eq!(friend.text("#fig-points").await, "115");

    // The original is unchanged.
    owner.goto(&share).await;
    assert_eq!(owner.text("#fig-points").await, "75");
    assert!(owner.text(".meta").await.contains("1 copy made"));
}

#[tokio::test]
async fn the_builder_works_with_the_keyboard_and_on_a_phone() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&app.url("/epic/new?list=tyranid-waterspawn")).await;
    add(&b, "synapse", "kelpie", 0).await;
    // One column: the figures come after the choices, not beside them.
    let stacked = b
        .js("const p = document.querySelector('.parts').getBoundingClientRect(); const f = document.querySelector('#figures').getBoundingClientRect(); return f.top >= p.bottom;")
        .await;
    assert_eq!(stacked, serde_json::json!(true), "one column on a phone");
    let overflow = b.fits_width().await;
    assert_eq!(overflow, serde_json::json!(true), "no sideways scrolling on a phone");
    // Every visible input has a label, and every group of inputs a legend.
    let unlabeled = b.unlabeled_inputs().await;
    assert_eq!(unlabeled, serde_json::json!([]));
    let no_legend = b.js("return [...document.querySelectorAll('fieldset')].filter(f => !f.querySelector(':scope > legend')).length;").await;
    assert_eq!(no_legend, serde_json::json!(0));
    assert!(!b.exists("#f-choices-0-hq").await, "Tyranids have no HQ to mark");

    // The add button works from the keyboard: focus it and press Enter.
    b.js("document.querySelector(\"button[value='add.synapse']\").focus();").await;
    b.c.active_element().await.expect("focus").send_keys("\u{E007}").await.expect("enter");
    b.css("#f-choices-1-entry").await;
    b.settle().await;
    b.js("document.querySelector(\"button[value='add.synapse']\").focus();").await;
    b.c.active_element().await.expect("focus").send_keys("\u{E007}").await.expect("enter");
    b.css("#f-choices-2-entry").await;
    b.wait_text("#fig-points", "price three Kelpies", |t| t == "120").await;
    b.wait_text("#verdict", "say legal", |t| t.starts_with("Legal")).await;

    // The name field is reachable with Tab from the top of the page.
    b.goto(&app.url("/epic/new?list=chaos-aqua")).await;
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

#[tokio::test]
async fn a_points_limit_is_built_toward_and_the_printed_roster_has_boxes_to_tick() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/epic/new?list=imperial-marines")).await;
    b.mark_page().await;
    b.type_into("#f-points_limit", "60").await;
    b.wait_text("#fig-limit", "show the limit", |t| t == "60").await;
    add(&b, "main", "sea-raider", 0).await;
    b.click("#f-choices-0-hq").await;
    b.wait_text("#fig-points", "add the HQ", |t| t == "50").await;
    b.wait_text("#verdict", "say legal", |t| t.starts_with("Legal")).await;
    add(&b, "support", "nautilus", 1).await;
    b.wait_text("#fig-points", "add the Nautilus", |t| t == "100").await;
    let msg = b.wait_text("#problems-points_limit", "flag the limit", |t| t.contains("over its limit")).await;
    assert!(msg.contains("100 pts, 40 over its limit of 60 pts"), "{msg}");
    b.wait_text("#verdict", "say not legal", |t| t.starts_with("Not legal: 1 error")).await;
    assert!(
        b.exists("#figures .problem-list a[href='#problems-points_limit']").await,
        "the summary links to the limit"
    );
    assert!(b.page_was_kept().await, "all of it without a reload");

    // Printed: one box to tick for every vessel, beside its place in the chain of command.
    b.type_into("#f-points_limit", "").await;
    b.wait_text("#fig-limit", "drop the limit", |t| t == "none").await;
    b.click("button[formaction='/epic/roster']").await;
    let windows = b.c.windows().await.expect("windows");
    b.c.switch_to_window(windows.last().expect("the roster's window").clone()).await.expect("switch");
    b.css("body.roster").await;
    assert_eq!(b.js("return document.querySelectorAll('#chain .tick-box').length;").await, json!(2));
    let boxed = b
        .js("const r = document.querySelector('.tick-box').getBoundingClientRect(); return r.width > 8 && r.height > 8;")
        .await;
    assert_eq!(boxed, json!(true), "the boxes are drawn");
    b.c.close_window().await.expect("close the roster");
    b.c.switch_to_window(windows[0].clone()).await.expect("back");
}
