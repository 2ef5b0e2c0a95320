//! Both builders with JavaScript switched off: every change goes by a plain form post, the page
//! comes back with the figures worked out, and saving works the same.

use crate::support::{TURN, app, browser_without_script};

/// The visible "Recalculate" button (shown only without JavaScript).
const RECALCULATE: &str = ".actions button[value='recalculate']";

#[tokio::test]
async fn the_designer_works_by_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/boats/new?from=speeder")).await;
    assert_eq!(b.text("#fig-cost").await, "$8,000");
    // That button sits in <noscript>, so finding it proves scripting is off on this page.
    assert!(b.exists(RECALCULATE).await, "without JavaScript the Recalculate button shows");

    // Choosing does nothing until the form is sent: no script runs.
    b.select("#f-hull", "dinghy").await;
    b.select("#f-plant", "small").await;
    assert_eq!(b.text("#fig-cost").await, "$8,000");
    b.post(RECALCULATE, "form#designer").await;
    assert_eq!(b.text("#fig-cost").await, "$5,000");
    assert!(b.text("#problems-plant").await.contains("add a propeller"));

    // Add buttons post the form too; the new row comes back with the figures.
    b.post("button[value='add.propellers']", "form#designer").await;
    assert_eq!(b.text("#fig-cost").await, "$5,050");
    assert_eq!(b.text("#fig-top").await, "60");
    assert_eq!(b.text("#problems-plant").await, "");

    // A problem shows next to its part after Recalculate, and goes when fixed.
    b.select("#f-new_weapon", "atg").await;
    b.post("button[value='add.weapons']", "#f-weapons-0-mount").await;
    b.select("#f-weapons-0-mount", "L").await;
    b.post(RECALCULATE, "form#designer").await;
    assert!(b.text("#problems-weapons-0").await.contains("must face front or back"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    b.select("#f-weapons-0-mount", "F").await;
    b.type_into("#f-armor-F", "10").await;
    b.post(RECALCULATE, "form#designer").await;
    assert_eq!(b.text("#problems-weapons-0").await, "");
    assert!(b.text("#verdict").await.starts_with("Legal"));
    assert_eq!(b.text("#fig-cost").await, "$7,680");

    // Saving needs no script either, and the share page shows what was built.
    b.type_into("#f-name", "Quiet Wasp").await;
    b.post(".actions button.primary", "#edit-link").await;
    assert_eq!(b.text("h1").await, "Quiet Wasp");
    assert_eq!(b.text("#fig-cost").await, "$7,680");
}

#[tokio::test]
async fn the_detachment_builder_works_by_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.goto(&app.url("/epic/new?list=imperial-marines")).await;
    assert_eq!(b.text("#fig-points").await, "0");

    b.select("#f-new-main", "sea-raider").await;
    b.post("button[value='add.main']", "#f-choices-0-entry").await;
    assert_eq!(b.text("#fig-points").await, "25");
    b.click("#f-choices-0-hq").await;
    b.post(RECALCULATE, "form#builder").await;
    assert_eq!(b.text("#fig-points").await, "50");
    assert!(b.text("#verdict").await.starts_with("Legal"));

    b.select("#f-new-main", "alligator-apc").await;
    b.post("button[value='add.main']", "#f-choices-1-entry").await;
    b.type_into("#f-choices-1-count", "3").await;
    b.post(RECALCULATE, "form#builder").await;
    assert!(b.text("#problems-choices-1").await.contains("this entry takes 1 to 2"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    b.type_into("#f-choices-1-count", "2").await;
    b.post(RECALCULATE, "form#builder").await;
    assert_eq!(b.text("#fig-points").await, "80");

    b.type_into("#f-name", "Quiet Watch").await;
    b.post(".actions button.primary", "#edit-link").await;
    assert_eq!(b.text("h1").await, "Quiet Watch");
    assert_eq!(b.text("#fig-points").await, "80");
}

/// Without JavaScript nothing that needs it shows: every element marked `hidden` (the copy and
/// print buttons, the draft banner) stays hidden, whatever the stylesheet gives its kind, on
/// every builder's editor and share page; with JavaScript the copy buttons are there.
#[tokio::test]
async fn buttons_that_need_javascript_are_hidden_without_it() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = crate::support::saved_examples(app).await;
    let shown_hidden = "return [...document.querySelectorAll('[hidden]')].filter(e => getComputedStyle(e).display !== 'none').map(e => e.outerHTML.slice(0, 80));";
    let b = browser_without_script().await;
    let mut copy_buttons = 0;
    for (share, edit) in &examples {
        for page in [app.url(share), edit.clone()] {
            b.goto(&page).await;
            b.css("main").await;
            assert_eq!(b.js(shown_hidden).await, serde_json::json!([]), "{page}");
            copy_buttons += b
                .js("return document.querySelectorAll('button.copy, button.print').length;")
                .await
                .as_u64()
                .unwrap_or(0);
        }
    }
    assert!(copy_buttons > 0, "the pages have buttons that need JavaScript");
    drop(b);
    let b = crate::support::browser().await;
    b.goto(&app.url(&examples[0].0)).await;
    let shown = b.js("return [...document.querySelectorAll('button.copy')].filter(e => e.offsetParent !== null).length;").await;
    assert!(shown.as_u64().is_some_and(|n| n > 0), "with JavaScript they show");
}
