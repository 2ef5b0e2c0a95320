//! Owners and the gallery in a browser: "My builds" lists what this browser saved, deleting asks
//! for a tick first and works without JavaScript, the gallery box and the share page's listing
//! button, and the gallery's pages and filters by plain form posts and, with JavaScript, by htmx
//! without a reload.

use crate::support::{App, Browser, TURN, app, browser, browser_without_script};
use serde_json::{Value, json};
use std::time::Duration;

/// Saves a boat through the API (not by this browser): (its page).
async fn save_boat(app: &App, name: &str, weapons: Value) -> String {
    let mut doc = serde_json::to_value(drydock::games::boats::examples::darter()).expect("json");
    doc["name"] = Value::from(name);
    doc["weapons"] = weapons;
    let res = reqwest::Client::new().post(app.url("/api/boats")).json(&doc).send().await.expect("save");
    assert_eq!(res.status(), reqwest::StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    format!("/boats/{}", v["id"].as_str().expect("id"))
}

/// Saves the Piranha from the designer as `name`, the gallery box as it is or unticked; returns
/// its page.
async fn save_from_designer(b: &Browser, app: &App, name: &str, listed: bool) -> String {
    b.goto(&app.url("/boats/new?from=piranha")).await;
    b.type_into("#f-name", name).await;
    if !listed {
        b.click("#f-listed").await;
    }
    b.post(".actions button.primary", "#edit-link").await;
    let url = b.url().await;
    let path = url.trim_start_matches(&app.url("")).trim_end_matches("?saved=1").to_owned();
    assert!(path.starts_with("/boats/"), "{url}");
    path
}

#[tokio::test]
async fn my_builds_lists_this_browsers_builds_and_deleting_asks_first_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    let page = save_from_designer(&b, app, "Doomed Wasp", true).await;
    let kept = save_from_designer(&b, app, "Kept Wasp", true).await;

    // "My builds", from the navigation: both, with links to edit.
    b.post("header.site a[href='/my-builds']", "h1").await;
    assert_eq!(b.text("h1").await, "My builds");
    let list = b.text(".mine").await;
    assert!(list.contains("Doomed Wasp") && list.contains("Kept Wasp"), "{list}");
    assert!(b.exists(&format!(".mine a[href='{page}/edit']")).await);
    assert!(b.exists(&format!(".mine a[href='{kept}/edit']")).await);

    // Delete: a page that asks first. Without the tick the browser will not send it.
    b.post(&format!(".mine a[href='{page}/delete']"), "form.confirm").await;
    assert!(b.text("h1").await.contains("Doomed Wasp"));
    assert_eq!(b.unlabeled_inputs().await, json!([]));
    b.click("form.confirm button[type='submit']").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(b.url().await.ends_with(&format!("{page}/delete")), "not sent without the tick");
    assert!(b.exists("form.confirm").await);

    // Ticked, it goes: back on "My builds", told so, and only the other one is left.
    b.click("#confirm").await;
    b.post("form.confirm button[type='submit']", ".notice").await;
    assert!(b.text(".notice").await.starts_with("The boat was deleted on "));
    assert!(!b.exists(&format!(".mine a[href='{page}']")).await);
    assert!(b.exists(&format!(".mine a[href='{kept}']")).await);

    // Its link now says it was deleted.
    b.goto(&app.url(&page)).await;
    assert!(b.text("h1").await.contains("410"), "{}", b.text("h1").await);
    assert!(b.text("main").await.contains("was deleted by its owner"));
}

#[tokio::test]
async fn the_owner_keeps_a_build_out_of_the_gallery_and_lists_it_again() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let page = save_from_designer(&b, app, "Shy Piranha", false).await;
    b.goto(&app.url(&page)).await;
    assert!(b.text("#listing-state").await.starts_with("Not in the gallery"));
    b.c.set_window_size(390, 844).await.expect("phone size");
    assert_eq!(b.fits_width().await, json!(true), "the owner's controls fit a phone");
    b.goto(&app.url(&format!("{page}/delete"))).await;
    assert_eq!(b.fits_width().await, json!(true), "so does the confirmation");
    b.c.set_window_size(1280, 1000).await.expect("desktop size");
    b.goto(&app.url(&page)).await;

    let other = browser_without_script().await;
    other.goto(&app.url("/gallery?q=Shy+Piranha")).await;
    assert_eq!(other.text("#found").await, "No builds found");
    other.goto(&app.url(&page)).await;
    assert_eq!(other.text("h1").await, "Shy Piranha", "open by its link");
    assert!(!other.exists("#toggle-listing").await, "only its owner sees the controls");

    b.post("#toggle-listing", "#listing-state").await;
    assert_eq!(b.text("#listing-state").await, "Shown in the gallery.");
    other.goto(&app.url("/gallery?q=Shy+Piranha")).await;
    assert_eq!(other.text("#found").await, "1 build");
    assert!(other.exists(&format!("#results a.card[href='{page}']")).await);
}

/// Builds for the gallery tests: 22 legal boats, one illegal, one detachment, all named
/// "Gallop ...". Saved once for the binary.
async fn gallop(app: &App) {
    static SEEDED: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    SEEDED
        .get_or_init(|| async {
            for i in 1..=22 {
                save_boat(app, &format!("Gallop {i:02}"), json!([])).await;
            }
            save_boat(app, "Gallop Wreck", json!([{ "weapon": "atg", "mount": "L" }])).await;
            let mut d: Value = serde_json::from_str(drydock::games::epic::GAME.example).expect("example");
            d["name"] = Value::from("Gallop Epic");
            let res = reqwest::Client::new().post(app.url("/api/epic")).json(&d).send().await.expect("save");
            assert_eq!(res.status(), reqwest::StatusCode::CREATED);
        })
        .await;
}

#[tokio::test]
async fn the_gallery_pages_and_filters_by_plain_form_posts_without_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    gallop(app).await;
    let b = browser_without_script().await;
    b.goto(&app.url("/gallery")).await;
    assert_eq!(b.unlabeled_inputs().await, json!([]));
    b.type_into("#q", "Gallop").await;
    b.select("#kind", "boat").await;
    b.post("form.gallery-search button[type='submit']", "#results").await;
    assert_eq!(b.text("#found").await, "23 builds · page 1 of 2");
    let url = b.url().await;
    assert!(url.contains("q=Gallop") && url.contains("kind=boat"), "{url}");

    b.post("a[rel='next']", "#results").await;
    assert_eq!(b.text("#found").await, "23 builds · page 2 of 2");
    assert_eq!(b.c.find_all(fantoccini::Locator::Css("#results a.card")).await.expect("cards").len(), 3);

    b.select("#legal", "illegal").await;
    b.post("form.gallery-search button[type='submit']", "#results").await;
    assert_eq!(b.text("#found").await, "1 build");
    assert!(b.text("#results").await.contains("Gallop Wreck"));

    // On a phone nothing runs off the side.
    b.c.set_window_size(390, 844).await.expect("phone size");
    assert_eq!(b.fits_width().await, json!(true));
    b.goto(&app.url("/my-builds")).await;
    assert_eq!(b.fits_width().await, json!(true));
}

#[tokio::test]
async fn the_gallery_filters_and_pages_in_place_with_javascript() {
    let _turn = TURN.lock().await;
    let app = app().await;
    gallop(app).await;
    let b = browser().await;
    b.goto(&app.url("/gallery")).await;
    b.mark_page().await;
    b.type_into("#q", "Gallop").await;
    b.select("#kind", "boat").await;
    b.wait_text("#found", "find the 23 boats", |t| t == "23 builds · page 1 of 2").await;
    assert!(b.page_was_kept().await, "the results were swapped in, no reload");
    assert!(b.url().await.contains("kind=boat"), "the address follows, to share or go back to");
    // Filtered to boats, the page shows nothing of another game: not its published builds, not
    // its tags; and the name typed is still in its box.
    let shown = b
        .js("return [...document.querySelectorAll('#published h2, #tag optgroup')].map(e => e.tagName === 'OPTGROUP' ? e.label : e.textContent.trim());")
        .await;
    let shown: Vec<&str> = shown.as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert!(!shown.is_empty() && shown.iter().all(|t| t.to_lowercase().contains("boats")), "{shown:?}");
    assert_eq!(b.value("#q").await, "Gallop");

    b.click("a[rel='next']").await;
    b.wait_text("#found", "turn the page", |t| t == "23 builds · page 2 of 2").await;
    assert!(b.page_was_kept().await);

    b.select("#legal", "illegal").await;
    b.wait_text("#found", "keep the illegal one", |t| t == "1 build").await;
    assert!(b.text("#results").await.contains("Gallop Wreck"));
    b.select("#legal", "").await;
    b.type_into("#part", "railgun").await;
    b.click("form.gallery-search button[type='submit']").await;
    b.wait_text("#found", "find nothing", |t| t == "No builds found").await;
    let colour = b.js("return getComputedStyle(document.querySelector('#results .empty')).color;").await;
    // The success colour is --ok, #1d7a3a.
    assert_ne!(colour, json!("rgb(29, 122, 58)"), "an empty result is not in the success colour");
    assert!(b.page_was_kept().await);
}
