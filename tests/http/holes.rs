//! Small holes an attacker tries on a public site: a copy that gives away its unlisted original's
//! link, a name whose direction controls turn the page's text around, edit-token guesses that
//! go uncounted.

use crate::support::{TestApp, api_save, example_named, id_and_token, spawn_unlimited, stranger};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Saves the game's example under `name` through the API: (id, edit token).
async fn save_named(app: &TestApp, g: &Game, name: &str) -> (String, String) {
    id_and_token(&api_save(app, g.path, &example_named(g, name)).await)
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

/// A header a guesser sends, if any.
type Header<'a> = Option<(&'a str, String)>;

/// How many of `n` requests made by `send` were refused with 429.
async fn refused<F, Fut>(n: usize, send: F) -> Vec<StatusCode>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = reqwest::Result<reqwest::Response>>,
{
    let mut statuses = Vec::new();
    for _ in 0..n {
        statuses.push(send().await.expect("request").status());
    }
    statuses
}

#[tokio::test]
async fn every_edit_token_attempt_counts_toward_the_write_limit_on_every_route() {
    use drydock::web::WriteRate;
    let burst = 3;
    let app = crate::support::spawn_with(WriteRate { per_minute: 1, burst }).await;
    let g = registry::games().find(|g| g.id == "bfg").expect("bfg");
    let (id, token) = save_named(&app, g, "Guarded").await;
    let page = format!("{}/{id}", g.path);
    // Each client address gets its own allowance: the test's guesser is one browser from
    // 127.0.0.1 and the save above used one write, so the guesser's first routes see burst - 1.
    let tries: Vec<(&str, String, Header)> = vec![
        ("the share page with X-Edit-Token", page.clone(), Some(("x-edit-token", "guess".into()))),
        ("the share page with ?token=", format!("{page}?token=guess"), None),
        (
            "the delete page with X-Edit-Token",
            format!("{page}/delete"),
            Some(("x-edit-token", "guess".into())),
        ),
        (
            "the delete page with a cookie",
            format!("{page}/delete"),
            Some(("cookie", format!("dd_edit_{id}=guess"))),
        ),
        (
            "the battle page with X-Edit-Token",
            format!("{page}/battle"),
            Some(("x-edit-token", "guess".into())),
        ),
        (
            "the battle's API with X-Edit-Token",
            format!("/api{page}/battle"),
            Some(("x-edit-token", "guess".into())),
        ),
        ("the build's JSON with ?token=", format!("/api/builds/{id}?token=guess"), None),
        ("the editor with ?token=", format!("{page}/edit?token=guess"), None),
    ];
    for (what, path, header) in tries {
        // A fresh allowance for each: the limit is per minute, so wait it out by starting again.
        let app = crate::support::spawn_with(WriteRate { per_minute: 1, burst }).await;
        let (id2, _) = save_named(&app, g, "Guarded").await;
        let path = path.replace(&id, &id2);
        let header = header.map(|(k, v)| (k, v.replace(&id, &id2)));
        let statuses = refused(burst as usize + 1, || {
            let req = stranger().get(app.url(&path));
            match &header {
                Some((k, v)) => req.header(*k, v).send(),
                None => req.send(),
            }
        })
        .await;
        assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{what}: {statuses:?}");
        assert!(
            statuses[..statuses.len() - 2].iter().all(|s| *s != StatusCode::TOO_MANY_REQUESTS),
            "{what}: {statuses:?}"
        );
    }
    // Reads without a token of their own are never counted, the owner's cookie included.
    app.client.get(app.url(&format!("{page}/edit?token={token}"))).send().await.expect("adopt");
    for _ in 0..(burst * 3) {
        assert_eq!(app.client.get(app.url(&page)).send().await.expect("page").status(), StatusCode::OK);
        assert_eq!(stranger().get(app.url(&page)).send().await.expect("page").status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn a_write_that_brings_its_own_token_is_counted_once() {
    use drydock::web::WriteRate;
    let app = crate::support::spawn_with(WriteRate { per_minute: 1, burst: 4 }).await;
    let g = registry::games().next().expect("a game");
    let (id, token) = save_named(&app, g, "Once").await;
    let doc: Value = serde_json::from_str(g.example).expect("example");
    let put = || {
        app.client
            .put(app.url(&format!("/api{}/{id}", g.path)))
            .header("x-edit-token", &token)
            .json(&doc)
            .send()
    };
    // The save took one of four; three PUTs are allowed, not one and a half.
    let statuses = refused(4, put).await;
    assert_eq!(statuses, [StatusCode::OK, StatusCode::OK, StatusCode::OK, StatusCode::TOO_MANY_REQUESTS]);
}
