//! A battle of more ships than the page draws every card's order forms for
//! ([`EVERY_CARDS_ORDERS_UP_TO`]): each card offers "Orders" and only the card being given
//! orders draws its forms, without JavaScript (`?orders=ship-3`, a plain link) and with htmx
//! (that card alone, swapped in); the card stays open after its order, a refusal is shown at its
//! form, and a watcher sees neither forms nor "Orders". One ship fewer draws every card's forms.

use super::{order, refusal, save, stored, text};
use crate::support::{TestApp, spawn, stranger};
use drydock::games::bfg::Fleet;
use drydock::web::bfg::battle::EVERY_CARDS_ORDERS_UP_TO;
use reqwest::StatusCode;
use serde_json::json;

/// `n` ships: Dictator cruisers (4 bays, a salvo of 6), the last two a squadron of Cobra
/// destroyers. Ships are numbered cruisers first, then the squadron's.
fn armada(n: usize) -> Fleet {
    serde_json::from_value(json!({
        "name": "Armada",
        "faction": "imperial-navy",
        "points_limit": 100_000,
        "ships": vec![json!({"class": "dictator-cruiser"}); n - 2],
        "squadrons": [{"class": "cobra-destroyer", "count": 2}]
    }))
    .expect("fleet")
}

/// The battle page (with `query`) as the app's client, the owner, asks it; htmx or not.
async fn page(app: &TestApp, id: &str, query: &str, htmx: bool) -> reqwest::Response {
    let mut req = app.client.get(app.url(&format!("/bfg/{id}/battle{query}")));
    if htmx {
        req = req.header("hx-request", "true");
    }
    let res = req.send().await.expect("page");
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res
}

/// How many times `needle` is in `page`.
fn count(page: &str, needle: &str) -> usize {
    page.matches(needle).count()
}

#[tokio::test]
async fn a_battle_past_the_count_draws_the_orders_of_the_card_being_ordered_only() {
    let app = spawn().await;
    let ships = EVERY_CARDS_ORDERS_UP_TO + 1;
    let id = save(&app, &armada(ships)).await;
    let (last, cobra) = (ships - 3, ships - 1);

    // Every card offers "Orders", labelled by its heading; no card draws its forms.
    let body = page(&app, &id, "", false).await.text().await.expect("page");
    assert_eq!(count(&body, "<form"), 1, "only Next turn: {}", count(&body, "<form"));
    assert!(body.contains("id=\"form-next_turn\""));
    assert_eq!(count(&body, ">Orders</a>"), ships + 1, "a link a ship and one for the squadron");
    assert!(body.contains(&format!(
        "<a href=\"?orders=ship-{last}\" hx-get=\"?orders=ship-{last}\" aria-labelledby=\"orders-for ship-{last}-name\">Orders</a>"
    )));
    assert!(body.contains("href=\"?orders=squadron-squadrons-0\""));
    assert!(body.contains("<span id=\"orders-for\" hidden>Orders for</span>"));

    // Without JavaScript, the link draws the page again with that card's forms, its first
    // field focused.
    let body = page(&app, &id, &format!("?orders=ship-{last}"), false).await.text().await.expect("page");
    assert!(body.contains(&format!("id=\"form-hits-{last}\"")));
    assert!(body.contains(&format!("id=\"form-set_condition-{last}\"")));
    assert!(!body.contains("id=\"form-hits-0\""), "one card's forms only");
    assert_eq!(count(&body, " autofocus"), 1);
    assert!(
        body.contains(&format!("id=\"h-{last}\" name=\"hits\" value=\"1\" min=\"1\" max=\"8\" autofocus>"))
    );
    assert_eq!(count(&body, ">Orders</a>"), ships, "the open card has none");

    // With htmx, the card alone, to put in its place.
    let card = page(&app, &id, &format!("?orders=ship-{last}"), true).await;
    assert_eq!(card.headers()["vary"], "HX-Request");
    let card = card.text().await.expect("card");
    assert!(
        card.trim_start().starts_with(&format!("<article class=\"ship-card intact\" id=\"ship-{last}\""))
    );
    assert_eq!(count(&card, "<article"), 1);
    assert!(card.contains(&format!("id=\"form-launch_craft-{last}\"")) && card.contains(" autofocus"));
    let card = page(&app, &id, "?orders=squadron-squadrons-0", true).await.text().await.expect("card");
    assert!(card.contains("id=\"b-launch_squadron-squadrons-0-torpedoes\" autofocus"), "{card}");
    // A card the page no longer holds (or never did): the whole section, sent to replace it.
    let stale = page(&app, &id, "?orders=ship-999", true).await;
    assert_eq!(stale.headers()["hx-retarget"], "#battle");
    assert_eq!(stale.headers()["hx-reswap"], "outerHTML");
    assert!(stale.text().await.expect("section").trim_start().starts_with("<section id=\"battle\""));

    // An order: without JavaScript, back at its card, still open.
    let hits = [("action", "hits"), ("ship", "5"), ("hits", "2")];
    let a = order(&app.client, &app, &id, &hits).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert_eq!(a.location, format!("/bfg/{id}/battle?orders=ship-5#ship-5"));
    // With htmx, the battle redrawn with that card open (its buttons are where they were).
    let res = app
        .client
        .post(app.url(&format!("/bfg/{id}/battle")))
        .header("hx-request", "true")
        .form(&hits)
        .send()
        .await
        .expect("order");
    let body = res.text().await.expect("section");
    assert_eq!(text(&body, "ship-5-condition"), "Crippled");
    assert!(body.contains("id=\"b-hits-5\"") && !body.contains("id=\"b-hits-4\""));
    assert!(!body.contains(" autofocus"), "focus stays on the button pressed");
    let launch = [("action", "launch_squadron"), ("squadron", "squadrons.0"), ("ordnance", "torpedoes")];
    let a = order(&app.client, &app, &id, &launch).await;
    assert_eq!(a.location, format!("/bfg/{id}/battle?orders=squadron-squadrons-0#squadron-squadrons-0"));

    // Refused: the reason at the form of the card it came from, drawn open.
    let before = stored(&app, &id).await;
    let wrong = [("action", "set_condition"), ("ship", "7"), ("condition", "sunk")];
    let a = order(&app.client, &app, &id, &wrong).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(stored(&app, &id).await, before);
    assert_eq!(refusal(&a.body), "Choose crippled or destroyed");
    assert!(a.body.contains("<a href=\"#form-set_condition-7\">"), "the notice links to the form");
    let form = a.body.split("id=\"form-set_condition-7\"").nth(1).expect("the form, open");
    assert!(form[..form.find("</form>").expect("end")].contains("Choose crippled or destroyed"));

    // A destroyed ship takes no orders: no link.
    let destroy = [("action", "set_condition"), ("ship", &*cobra.to_string()), ("condition", "destroyed")];
    assert_eq!(order(&app.client, &app, &id, &destroy).await.status, StatusCode::SEE_OTHER);
    let body = page(&app, &id, "", false).await.text().await.expect("page");
    assert!(!body.contains(&format!("?orders=ship-{cobra}\"")));

    // A watcher: neither forms nor "Orders", whatever the address asks.
    let res = stranger().get(app.url(&format!("/bfg/{id}/battle?orders=ship-5"))).send().await.expect("page");
    let body = res.text().await.expect("page");
    assert!(!body.contains("<form") && !body.contains(">Orders</a>"));
    assert!(body.contains("id=\"ship-5-condition\""));
}

#[tokio::test]
async fn a_battle_of_the_count_draws_every_cards_orders_as_before() {
    let app = spawn().await;
    let ships = EVERY_CARDS_ORDERS_UP_TO;
    let id = save(&app, &armada(ships)).await;
    let body = page(&app, &id, "", false).await.text().await.expect("page");
    assert!(!body.contains(">Orders</a>") && !body.contains("hx-target=\"closest article\""));
    for ship in 0..ships {
        assert!(body.contains(&format!("id=\"form-brace-{ship}\"")), "ship {ship}");
    }
    assert!(body.contains("id=\"form-launch_squadron-squadrons-0\""));
    assert!(
        body.contains("title=\"hit 1\"") && body.contains("role=\"img\" aria-label=\"8 of 8 hits left\"")
    );
    assert!(!body.contains(" autofocus"));
    let a = order(&app.client, &app, &id, &[("action", "hits"), ("ship", "5"), ("hits", "2")]).await;
    assert_eq!(a.location, format!("/bfg/{id}/battle#ship-5"));
}
