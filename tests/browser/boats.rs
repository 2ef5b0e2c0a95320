//! The boat designer in a browser.

use crate::support::{TURN, app, browser};

#[tokio::test]
async fn the_designer_updates_figures_and_problems_without_a_reload() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    // Start from an empty Speeder, then pick the Dinghy hull in the designer.
    b.goto(&app.url("/boats/new")).await;
    b.click("a[href='/boats/new?from=speeder']").await;
    b.wait_text("#fig-cost", "show the Speeder's body", |t| t == "$8,000").await;
    b.mark_page().await;
    b.select("#f-hull", "dinghy").await;
    b.wait_text("#fig-cost", "switch to the Dinghy", |t| t == "$4,000").await;

    // A plant: live figures, no reload.
    b.select("#f-plant", "small").await;
    b.wait_text("#fig-cost", "show the plant's price", |t| t == "$5,000").await;
    b.wait_text("#problems-plant", "say the plant has nothing to drive", |t| t.contains("add a propeller"))
        .await;

    // A propeller: the form grows a row, the problem goes.
    b.click("button[value='add.propellers']").await;
    b.wait_text("#fig-cost", "add the propeller", |t| t == "$5,050").await;
    b.wait_text("#fig-top", "reach 60 mph", |t| t == "60").await;
    b.wait_text("#problems-plant", "clear", str::is_empty).await;

    // An anti-tank gun on the left of a Dinghy: the problem shows next to the weapon...
    b.select("#f-new_weapon", "atg").await;
    b.click("button[value='add.weapons']").await;
    b.css("#f-weapons-0-mount").await;
    b.settle().await;
    b.select("#f-weapons-0-mount", "L").await;
    let msg = b
        .wait_text("#problems-weapons-0", "flag the facing", |t| t.contains("must face front or back"))
        .await;
    assert!(msg.contains("Anti-tank gun on a Dinghy"), "{msg}");
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    // ...and in the summary, linking to it...
    assert!(b.exists("#figures .problem-list a[href='#problems-weapons-0']").await);

    // ...and goes away when fixed.
    b.select("#f-weapons-0-mount", "F").await;
    b.wait_text("#problems-weapons-0", "clear", str::is_empty).await;
    b.wait_text("#verdict", "say legal", |t| t.starts_with("Legal")).await;

    // Typing a number updates the figures too.
    b.type_into("#f-armor-F", "10").await;
    b.wait_text("#fig-cost", "price the armor", |t| t == "$7,680").await;

    // An MG joins the anti-tank gun's link group: loaded MG $1,500, then one link $50.
    b.select("#f-new_weapon", "mg").await;
    b.click("button[value='add.weapons']").await;
    b.css("#f-weapons-1-link_group").await;
    b.settle().await;
    b.wait_text("#fig-cost", "price the MG", |t| t == "$9,180").await;
    b.select("#f-weapons-0-link_group", "1").await;
    b.wait_text("#problems-weapons-0", "say the group is alone", |t| {
        t.contains("Link group 1 has only this weapon")
    })
    .await;
    b.select("#f-weapons-1-link_group", "1").await;
    b.wait_text("#fig-cost", "price the link", |t| t == "$9,230").await;
    b.wait_text("#problems-weapons-0", "clear", str::is_empty).await;

    assert!(b.page_was_kept().await, "the page was reloaded; figures should update in place");
}

#[tokio::test]
async fn a_saved_boat_is_shared_read_only_and_forked_into_an_editable_copy() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let owner = browser().await;
    owner.goto(&app.url("/boats/new?from=piranha")).await;
    owner.type_into("#f-name", "Sea Wasp").await;
    owner.settle().await;
    owner.click(".actions button.primary").await;
    owner.css("#edit-link").await;
    assert!(owner.url().await.contains("?saved=1"));
    let share = owner.value("#share-link").await;
    assert!(share.contains("/boats/"), "{share}");
    assert_eq!(owner.text("h1").await, "Sea Wasp");
    assert!(owner.exists("a[href$='/edit']").await, "the owner can edit");

    // A friend opens the link in a fresh browser: read-only.
    let friend = browser().await;
    friend.goto(&share).await;
    assert_eq!(friend.text("h1").await, "Sea Wasp");
    assert_eq!(friend.text("#fig-cost").await, "$9,636");
    assert!(!friend.exists("a[href$='/edit']").await, "no edit link for others");
    assert!(!friend.exists("#edit-link").await);
    assert!(!friend.exists("form#designer").await, "no edit controls");
    assert!(!friend.exists("input[name='name']").await);

    // Opening the owner's edit page is refused...
    friend.goto(&format!("{share}/edit")).await;
    assert!(friend.text("h1").await.contains("Not yours to edit"));

    // ...but "Edit a copy" forks it.
    friend.click("form[action$='/fork'] button").await;
    friend.css("form#designer").await;
    let fork_url = friend.url().await;
    assert!(fork_url.ends_with("/edit") && !fork_url.starts_with(&share), "{fork_url}");
    assert_eq!(friend.value("#f-name").await, "Sea Wasp (copy)");
    friend.type_into("#f-name", "Sea Wasp Mk II").await;
    friend.select("#f-armor-type", "fireproof").await;
    friend.settle().await;
    friend.click(".actions button.primary").await;
    friend.wait_text("h1", "show the new name", |t| t == "Sea Wasp Mk II").await;
    assert!(friend.text(".meta").await.contains("copied from Sea Wasp"));
    assert_eq!(friend.text("#fig-cost").await, "$10,572");

    // The original is unchanged.
    owner.goto(&share).await;
    assert_eq!(owner.text("#fig-cost").await, "$9,636");
    assert!(owner.text(".meta").await.contains("1 copy made"));
}

#[tokio::test]
async fn script_in_a_name_is_shown_as_text() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let payload = r#"<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"#;
    b.goto(&app.url("/boats/new?from=darter")).await;
    b.type_into("#f-name", payload).await;
    b.settle().await;
    // The live-updated figures carry the name as text, not as markup.
    b.wait_text("#stat-line", "show the typed name", |t| t.starts_with(payload)).await;
    assert_eq!(
        b.js("return document.querySelectorAll('#figures img, #figures script').length;").await,
        serde_json::json!(0)
    );
    assert_eq!(b.js("return window.__pwned === undefined;").await, serde_json::json!(true));
    b.click(".actions button.primary").await;
    b.css("#share-link").await;
    let share = b.value("#share-link").await;

    let other = browser().await;
    other.goto(&share).await;
    assert_eq!(other.text("h1").await, payload);
    assert!(other.text("#stat-line").await.starts_with(payload));
    assert_eq!(other.js("return window.__pwned === undefined;").await, serde_json::json!(true));
    assert_eq!(
        other.js("return document.querySelectorAll('h1 img, h1 script').length;").await,
        serde_json::json!(0)
    );
    other.goto(&app.url("/gallery")).await;
    assert!(other.text(".cards").await.contains(payload));
    assert_eq!(other.js("return window.__pwned === undefined;").await, serde_json::json!(true));
}

#[tokio::test]
async fn the_designer_works_with_the_keyboard_and_on_a_phone() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&app.url("/boats/new?from=minnow")).await;
    // One column: the figures come after the parts, not beside them.
    let stacked = b
        .js("const p = document.querySelector('.parts').getBoundingClientRect(); const f = document.querySelector('#figures').getBoundingClientRect(); return f.top >= p.bottom;")
        .await;
    assert_eq!(stacked, serde_json::json!(true), "one column on a phone: the figures follow the parts");
    let overflow = b.fits_width().await;
    assert_eq!(overflow, serde_json::json!(true), "no sideways scrolling on a phone");
    // Every visible input has a label.
    let unlabeled = b.unlabeled_inputs().await;
    assert_eq!(unlabeled, serde_json::json!([]));
    // The name field is reachable with Tab from the top of the page.
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
async fn the_ledger_opens_with_every_line_and_stays_open_as_figures_change() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/boats/new?from=piranha")).await;
    b.click("details.ledger-box > summary").await;
    let total = b.wait_text("table.ledger tfoot", "total the ledger", |t| t.contains("$9,636")).await;
    assert!(total.contains("2,997 lb"), "{total}");
    let lines = b.text("table.ledger tbody").await;
    for want in ["Dinghy body", "Vulcan machine gun", "Link", "Plastic armor, 72 points", "Bought loaded"] {
        assert!(lines.contains(want), "the ledger lacks {want}: {lines}");
    }
    // A change updates the ledger in place and leaves it open.
    b.type_into("#f-armor-F", "16").await;
    b.wait_text("table.ledger tfoot", "add a point of armor", |t| t.contains("$9,649")).await;
    assert_eq!(
        b.js("return document.querySelector('details.ledger-box').open;").await,
        serde_json::json!(true)
    );
    // Closed, it stays closed.
    b.click("details.ledger-box > summary").await;
    b.type_into("#f-armor-F", "15").await;
    b.wait_text("#fig-cost", "go back", |t| t == "$9,636").await;
    assert_eq!(
        b.js("return document.querySelector('details.ledger-box').open;").await,
        serde_json::json!(false)
    );
}

#[tokio::test]
async fn past_forty_weapon_rows_each_weapon_is_a_labelled_field_offering_the_shared_list() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let doc = serde_json::json!({"name": "Arsenal", "hull": "yacht", "plant": "large",
        "weapons": vec![serde_json::json!({"weapon": "mg", "mount": "F"}); 41]});
    let res = reqwest::Client::new().post(app.url("/api/boats")).json(&doc).send().await.expect("save");
    let v: serde_json::Value = res.json().await.expect("json");
    b.goto(v["edit_url"].as_str().expect("edit link")).await;
    assert_eq!(b.value("#f-weapons-3-weapon").await, "mg");
    assert_eq!(
        b.js("return document.querySelectorAll('datalist#weapon-list option').length > 30;").await,
        true
    );
    assert_eq!(b.unlabeled_inputs().await, serde_json::json!([]));
    assert_eq!(b.axe().await, Vec::<String>::new());
    // Typing another weapon's id and leaving the field redraws the form with it.
    let before = b.text("#sum-problems-weapons-3").await;
    // (By keys, as a player does: select all, type, Tab; clearing the field would post it empty.)
    let field = b.css("#f-weapons-3-weapon").await;
    field.send_keys("\u{E009}a\u{E000}rl\u{E004}").await.expect("type");
    b.wait_text("#sum-problems-weapons-3", "price the rocket launcher", |t| t != before).await;
    b.settle().await;
    assert_eq!(b.value("#f-weapons-3-weapon").await, "rl");
}
