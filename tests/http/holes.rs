//! Small holes an attacker tries on a public site: a copy that gives away its unlisted original's
//! link, a name whose direction controls turn the page's text around, edit-token guesses that
//! go uncounted.

use crate::support::{TestApp, spawn_unlimited, stranger};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Saves the game's example under `name` through the API: (id, edit token).
async fn save_named(app: &TestApp, g: &Game, name: &str) -> (String, String) {
    let mut doc: Value = serde_json::from_str(g.example).expect("example");
    doc["name"] = Value::from(name);
    let res = app.client.post(app.url(&format!("/api{}", g.path))).json(&doc).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::CREATED, "{}", g.id);
    let v: Value = res.json().await.expect("json");
    (v["id"].as_str().expect("id").to_owned(), v["edit_token"].as_str().expect("token").to_owned())
}

async fn set_listed(app: &TestApp, id: &str, token: &str, listed: bool) {
    let res = app
        .client
        .patch(app.url(&format!("/api/builds/{id}")))
        .header("x-edit-token", token)
        .json(&serde_json::json!({ "listed": listed }))
        .send()
        .await
        .expect("patch");
    assert_eq!(res.status(), StatusCode::OK);
}

async fn text(client: &reqwest::Client, url: String) -> String {
    client.get(url).send().await.expect("get").text().await.expect("body")
}

#[tokio::test]
async fn a_copy_of_an_unlisted_build_neither_names_nor_links_it() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_named(&app, g, "Secret original").await;
        let original = format!("{}/{id}", g.path);
        // Copied while listed, the copy saved by its owner (listed); then the original is unlisted.
        let (copy_id, copy_token) = copy_of(&app, g, &original).await;
        let copy = format!("{}/{copy_id}", g.path);
        let page = text(&stranger(), app.url(&copy)).await;
        assert!(
            page.contains(&format!("copied from <a href=\"{original}\"><bdi>Secret original</bdi></a>")),
            "{copy}"
        );
        set_listed(&app, &id, &token, false).await;

        for page in [text(&stranger(), app.url(&copy)).await, text(&app.client, app.url(&copy)).await] {
            assert!(page.contains("copied from an unlisted build"), "{copy}");
            assert!(!page.contains(&id), "{copy}: the unlisted original's id is its link");
            assert!(!page.contains("Secret original"), "{copy}");
        }
        let v: Value =
            serde_json::from_str(&text(&stranger(), app.url(&format!("/api/builds/{copy_id}"))).await)
                .expect("json");
        assert_eq!(
            (v["parent_id"].clone(), v["parent"].clone()),
            (Value::Null, Value::from("unlisted")),
            "{v}"
        );
        // Unlisting the copy too changes nothing of that; listing the original again links it.
        set_listed(&app, &copy_id, &copy_token, false).await;
        assert!(text(&stranger(), app.url(&copy)).await.contains("copied from an unlisted build"));
        set_listed(&app, &id, &token, true).await;
        assert!(text(&stranger(), app.url(&copy)).await.contains(&format!("href=\"{original}\"")), "{copy}");
        let v: Value =
            serde_json::from_str(&text(&stranger(), app.url(&format!("/api/builds/{copy_id}"))).await)
                .expect("json");
        assert_eq!((v["parent_id"].as_str(), v["parent"].as_str()), (Some(id.as_str()), Some("listed")));
    }
}

/// "Edit a copy" of `original` by another browser, which then saves the copy (listing it):
/// the copy's id and edit token.
async fn copy_of(app: &TestApp, g: &Game, original: &str) -> (String, String) {
    let res = stranger().post(app.url(&format!("{original}/fork"))).send().await.expect("fork");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{original}");
    let copy = res.headers()["location"].to_str().expect("location").trim_end_matches("/edit").to_owned();
    let id = copy.rsplit('/').next().expect("id").to_owned();
    let cookie = res.headers()["set-cookie"].to_str().expect("cookie");
    let token = cookie.split(';').next().and_then(|kv| kv.split_once('=')).expect("token").1.to_owned();
    let doc: Value = serde_json::from_str(g.example).expect("example");
    let put =
        app.client.put(app.url(&format!("/api{}/{id}", g.path))).header("x-edit-token", &token).json(&doc);
    assert_eq!(put.send().await.expect("save the copy").status(), StatusCode::OK);
    (id, token)
}

/// A name written to turn the text after it around: U+202E (RIGHT-TO-LEFT OVERRIDE), an isolate
/// left open, and right-to-left letters, which carry the text after them along without isolation
/// ("סירה · 120 pts" shows its figure on the wrong side). Saves drop the controls (as names are
/// one line); the letters are the player's.
const REVERSING: &str = "\u{202E}Wasp\u{2067} סירה";

#[tokio::test]
async fn names_are_isolated_from_the_pages_direction_in_every_list() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_named(&app, g, REVERSING).await;
        let page = format!("{}/{id}", g.path);
        app.client.get(app.url(&format!("{page}/edit?token={token}"))).send().await.expect("adopt");
        let (copy_id, _) = copy_of(&app, g, &page).await;

        // Whatever the name holds, it is shown inside <bdi> (or without the controls at all).
        let isolated = |html: &str, list: &str| {
            let body = html.find("<main").expect("a main");
            assert!(html[body..].contains("Wasp סירה"), "{list}: the name without its controls");
            for (i, _) in html.match_indices("Wasp").filter(|(i, _)| *i > body) {
                let before = &html[..i];
                let open = before.rfind("<bdi>").unwrap_or(0);
                let close = before.rfind("</bdi>");
                assert!(
                    open > 0 && close.is_none_or(|c| c < open) && html[i..].contains("</bdi>"),
                    "{list}: {}",
                    &html[i.saturating_sub(80)..(i + 40).min(html.len())]
                );
            }
        };
        let gallery = text(&stranger(), app.url("/gallery")).await;
        assert!(gallery.contains(&format!("href=\"{page}\"")), "{}", g.id);
        isolated(&gallery, "gallery");
        let mine = text(&app.client, app.url("/my-builds")).await;
        assert!(mine.contains(&format!("href=\"{page}\"")), "{}", g.id);
        isolated(&mine, "my builds");
        isolated(&text(&stranger(), app.url(&format!("{}/{copy_id}", g.path))).await, "a copy's original");
        isolated(&text(&app.client, app.url(&format!("{page}/delete"))).await, "the delete page");
        // In a forum text the controls are dropped: the line reads as written.
        if let Ok(t) = app.client.get(app.url(&format!("{page}/export.txt"))).send().await {
            let t = t.text().await.expect("text");
            assert!(!t.contains('\u{202E}') && !t.contains('\u{2067}'), "{}: {t}", g.id);
        }
        // Deleted: it leaves the lists.
        let del = app.client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
        assert_eq!(del.send().await.expect("delete").status(), StatusCode::OK);
    }
}
