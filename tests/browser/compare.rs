//! Comparing two builds in a browser without JavaScript: from a copy's share page, its family
//! names its original; "Compare with…" offers the original, and its plain GET form opens the
//! compare page, which fits a phone's screen (its tables scroll inside themselves if they must,
//! the page never sideways) and passes the accessibility checks.

use crate::phones::too_wide;
use crate::support::{TURN, app, browser, browser_without_script};
use serde_json::{Value, json};

#[tokio::test]
async fn a_copy_is_compared_with_its_original_from_its_share_page_and_fits_a_phone() {
    let _turn = TURN.lock().await;
    let app = app().await;
    // The original, saved and listed by someone else.
    let mut doc: Value = serde_json::from_str(drydock::games::boats::GAME.example).expect("json");
    doc["name"] = Value::from("Compared Piranha");
    let res = reqwest::Client::new().post(app.url("/api/boats")).json(&doc).send().await.expect("save");
    assert_eq!(res.status(), reqwest::StatusCode::CREATED);
    let saved: Value = res.json().await.expect("json");
    let original = format!("/boats/{}", saved["id"].as_str().expect("id"));

    // A copy with a third torpedo, saved from the designer without JavaScript.
    let b = browser_without_script().await;
    b.goto(&app.url(&original)).await;
    b.post("form[action$='/fork'] button", "form#designer").await;
    b.type_into("#f-name", "Compared Piranha Mk II").await;
    b.type_into("#f-weapons-1-count", "3").await;
    b.post(".actions button.primary", "#family").await;
    assert_eq!(b.text("h1").await, "Compared Piranha Mk II");
    let family = b.text("#family-original").await;
    assert!(family.contains("Compared Piranha") && family.contains("\u{2212}1 Torpedo"), "{family}");

    // "Compare with…": the original is offered first; the form opens the compare page.
    b.post("#compare-with", "form#compare-with").await;
    assert!(b.exists(&format!("input[name='b'][value='{}']:checked", &original[7..])).await);
    assert_eq!(b.unlabeled_inputs().await, json!([]));
    b.post("form#compare-with button[type='submit']", "#compare-figures").await;
    assert!(b.url().await.contains("/boats/compare?a="), "{}", b.url().await);
    let parts = b.text("#compare-parts").await;
    assert!(parts.contains("3 → 2") || parts.contains("2 → 3"), "{parts}");
    assert!(b.text("#compare-figures").await.contains("$"));

    // At 390 px: nothing scrolls sideways and every word is whole, without JavaScript and with
    // it; with it, the page passes axe (which needs scripts to run).
    let compared = b.url().await;
    let phone = browser().await;
    phone.goto(&compared).await;
    for b in [&b, &phone] {
        b.c.set_window_size(390, 844).await.expect("phone size");
        assert_eq!(too_wide(b).await, None);
    }
    assert_eq!(phone.axe().await, Vec::<String>::new());
    if let Ok(dir) = std::env::var("DRYDOCK_SHOTS") {
        phone.c.set_window_size(390, 2400).await.expect("a tall phone");
        let png = phone.c.screenshot().await.expect("a screenshot");
        std::fs::write(format!("{dir}/compare-390.png"), png).expect("the screenshot written");
    }
}
