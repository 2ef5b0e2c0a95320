//! A form's add, remove, move and clear buttons are whatever a client posts: a row number of
//! 18446744073709551615 or past the end of its list, on any list of any builder's form, posted to
//! every route that reads a form (the editor drawn again, its htmx form, live figures, saving a
//! new build or changes, the unsaved exports and the printable page). Never a panic or a 500:
//! the editor shows the problem beside the form and changes nothing, and a save carrying such a
//! button is refused with nothing stored.

use crate::support::{TestApp, encode, post_form, save_example, spawn_unlimited, stored_count};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Each builder's htmx form address under its path, from its registry entry.
fn form_route(g: &Game) -> &'static str {
    registry::GAMES
        .iter()
        .find(|r| r.game.id == g.id)
        .map_or_else(|| panic!("{} is registered", g.id), |r| r.form)
}

/// Every list in a document's JSON: its path and length.
fn lists(v: &Value, at: &str, out: &mut Vec<(String, usize)>) {
    let join = |k: &str| if at.is_empty() { k.to_owned() } else { format!("{at}.{k}") };
    match v {
        Value::Array(items) => {
            out.push((at.to_owned(), items.len()));
            for (i, item) in items.iter().enumerate() {
                lists(item, &join(&i.to_string()), out);
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                lists(item, &join(k), out);
            }
        }
        _ => {}
    }
}

/// The buttons no page draws for a list of `len` rows: the largest row number there is, one
/// past it, and rows past the end, for every verb.
fn bad_buttons(list: &str, len: usize) -> Vec<String> {
    let max = u64::MAX;
    vec![
        format!("move.{list}.{max}.down"),
        format!("move.{list}.{max}.up"),
        format!("remove.{list}.{max}"),
        format!("remove.{list}.18446744073709551616"),
        format!("move.{list}.{len}.up"),
        format!("move.{list}.{}.down", len.saturating_sub(1)),
        format!("remove.{list}.{len}"),
        format!("move.{list}.99999999999999999999999999.down"),
    ]
}

async fn saved_example(app: &TestApp, g: &Game) -> String {
    let (id, token) = save_example(app, g).await;
    // This browser holds its edit token, as its owner's does.
    let adopt = app.client.get(app.url(&format!("{}/{id}/edit?token={token}", g.path))).send().await;
    assert_eq!(adopt.expect("adopt").status(), StatusCode::SEE_OTHER);
    id
}

#[tokio::test]
async fn a_button_past_the_end_of_any_list_is_a_problem_beside_the_form_on_every_route() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let example: Value = serde_json::from_str(g.example).expect("example");
        let fields = drydock::web::http::codec::encode(&example);
        let mut found = Vec::new();
        lists(&example, "", &mut found);
        assert!(!found.is_empty(), "{}: the example has a list", g.id);
        let id = saved_example(&app, g).await;
        let stored = app.page(&format!("/api/builds/{id}")).await;
        for (list, len) in found {
            for action in bad_buttons(&list, len) {
                let mut posted = fields.clone();
                posted.push(("action".to_owned(), action.clone()));
                let body = encode(&posted);
                let what = format!("{} {action}", g.id);

                // The editor, whole and as its htmx form: the problem beside the form.
                for route in [format!("{}/design", g.path), format!("{}/{}", g.path, form_route(g))] {
                    let res = post_form(&app, &route, body.clone()).await;
                    assert_eq!(res.status(), StatusCode::OK, "{what} at {route}");
                    let page = res.text().await.expect("page");
                    assert!(page.contains("data-code=\"BAD_BUTTON\""), "{what} at {route}: {page}");
                    assert!(page.contains("Nothing was changed"), "{what} at {route}");
                }
                // Live figures do not press buttons; exports and the printable page draw the form
                // as posted.
                for route in [
                    format!("{}/live", g.path),
                    format!("{}/export.json", g.path),
                    format!("{}/export.txt", g.path),
                    format!("{}/{}", g.path, g.print),
                ] {
                    let res = post_form(&app, &route, body.clone()).await;
                    assert_eq!(res.status(), StatusCode::OK, "{what} at {route}");
                }
                // Saving: refused, the editor back with the problem, nothing stored or changed.
                let before = stored_count(&app).await;
                let res = post_form(&app, g.path, body.clone()).await;
                assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{what}: save new");
                let page = res.text().await.expect("page");
                assert!(page.contains("data-code=\"BAD_BUTTON\""), "{what}: save new");
                assert!(page.contains("the button sent with the form does not fit it"), "{what}");
                assert_eq!(stored_count(&app).await, before, "{what}: nothing stored");
                let res = post_form(&app, &format!("{}/{id}", g.path), body.clone()).await;
                assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{what}: save changes");
                assert_eq!(app.page(&format!("/api/builds/{id}")).await, stored, "{what}: unchanged");
            }
        }
    }
}

#[tokio::test]
async fn a_button_that_cannot_be_read_is_said_so_and_a_list_the_form_lacks_too() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let example: Value = serde_json::from_str(g.example).expect("example");
        for action in ["remove.nothing.0", "move.name.0.up", "add.", "remove.x", "clear.nowhere.at.all"] {
            let mut posted = drydock::web::http::codec::encode(&example);
            posted.push(("action".to_owned(), action.to_owned()));
            let res = post_form(&app, &format!("{}/design", g.path), encode(&posted)).await;
            assert_eq!(res.status(), StatusCode::OK, "{} {action}", g.id);
            let page = res.text().await.expect("page");
            assert!(page.contains("data-code=\"BAD_BUTTON\""), "{} {action}", g.id);
        }
    }
}
