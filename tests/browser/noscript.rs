//! Both builders with JavaScript switched off: every change goes by a plain form post, the page
//! comes back with the figures worked out, and saving works the same.

use crate::support::{Browser, TURN, app, browser_without_script};
use std::time::Duration;

/// The visible "Recalculate" button (shown only without JavaScript).
const RECALCULATE: &str = ".actions button[value='recalculate']";

/// Clicks a submit button and waits for the page the post answers with (the old page's elements
/// go stale), then for `ready` on it.
pub async fn post(b: &Browser, button: &str, ready: &str) {
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
    post(&b, RECALCULATE, "form#designer").await;
    assert_eq!(b.text("#fig-cost").await, "$5,000");
    assert!(b.text("#problems-plant").await.contains("add a propeller"));

    // Add buttons post the form too; the new row comes back with the figures.
    post(&b, "button[value='add.propellers']", "form#designer").await;
    assert_eq!(b.text("#fig-cost").await, "$5,050");
    assert_eq!(b.text("#fig-top").await, "60");
    assert_eq!(b.text("#problems-plant").await, "");

    // A problem shows next to its part after Recalculate, and goes when fixed.
    b.select("#f-new_weapon", "atg").await;
    post(&b, "button[value='add.weapons']", "#f-weapons-0-mount").await;
    b.select("#f-weapons-0-mount", "L").await;
    post(&b, RECALCULATE, "form#designer").await;
    assert!(b.text("#problems-weapons-0").await.contains("must face front or back"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    b.select("#f-weapons-0-mount", "F").await;
    b.type_into("#f-armor-F", "10").await;
    post(&b, RECALCULATE, "form#designer").await;
    assert_eq!(b.text("#problems-weapons-0").await, "");
    assert!(b.text("#verdict").await.starts_with("Legal"));
    assert_eq!(b.text("#fig-cost").await, "$7,680");

    // Saving needs no script either, and the share page shows what was built.
    b.type_into("#f-name", "Quiet Wasp").await;
    post(&b, ".actions button.primary", "#edit-link").await;
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
    post(&b, "button[value='add.main']", "#f-choices-0-entry").await;
    assert_eq!(b.text("#fig-points").await, "25");
    b.click("#f-choices-0-hq").await;
    post(&b, RECALCULATE, "form#builder").await;
    assert_eq!(b.text("#fig-points").await, "50");
    assert!(b.text("#verdict").await.starts_with("Legal"));

    b.select("#f-new-main", "alligator-apc").await;
    post(&b, "button[value='add.main']", "#f-choices-1-entry").await;
    b.type_into("#f-choices-1-count", "3").await;
    post(&b, RECALCULATE, "form#builder").await;
    assert!(b.text("#problems-choices-1").await.contains("this entry takes 1 to 2"));
    assert!(b.text("#verdict").await.starts_with("Not legal"));
    b.type_into("#f-choices-1-count", "2").await;
    post(&b, RECALCULATE, "form#builder").await;
    assert_eq!(b.text("#fig-points").await, "80");

    b.type_into("#f-name", "Quiet Watch").await;
    post(&b, ".actions button.primary", "#edit-link").await;
    assert_eq!(b.text("h1").await, "Quiet Watch");
    assert_eq!(b.text("#fig-points").await, "80");
}
