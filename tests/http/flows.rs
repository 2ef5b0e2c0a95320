//! The flows every game has, tested once over every game in the registry: save, share, 403 for
//! anyone without the token, the owner's change, copy, exports, the printable page, and a build
//! never served at another game's address. A new game passes these by being registered.

use crate::support::{
    TestApp, api_save, id_and_token, post_form, spawn, spawn_unlimited, stored_count, stored_name,
    stored_parent, stranger, with_extra,
};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Saves the game's example through the API: (id, edit token).
async fn save_legal_example(app: &TestApp, g: &Game) -> (String, String) {
    let v = api_save(app, g.path, &serde_json::from_str(g.example).expect("example")).await;
    let (id, token) = id_and_token(&v);
    assert_eq!(v["url"], format!("http://{}{}/{id}", app.addr, g.path));
    assert_eq!(v["legal"], true, "{}: the example is legal", g.id);
    (id, token)
}

async fn status_of(req: reqwest::RequestBuilder) -> StatusCode {
    req.send().await.expect("request").status()
}

#[tokio::test]
async fn every_game_saves_shares_guards_copies_exports_and_prints() {
    // Writes unlimited: each game makes several; the limit has its own test.
    let app = spawn_unlimited().await;
    let name_of = |g: &Game| -> String {
        let v: Value = serde_json::from_str(g.example).expect("example");
        v["name"].as_str().unwrap_or_default().to_owned()
    };
    for g in registry::games() {
        let (id, token) = save_legal_example(&app, g).await;
        let page = format!("{}/{id}", g.path);

        // Shared: anyone may read it.
        let visitor = stranger();
        let res = visitor.get(app.url(&page)).send().await.expect("share page");
        assert_eq!(res.status(), StatusCode::OK, "{page}");
        assert!(res.text().await.expect("page").contains(&name_of(g)), "{page} shows the name");
        let res = app.client.get(app.url(&format!("/api/builds/{id}"))).send().await.expect("json");
        let v: Value = res.json().await.expect("json");
        assert_eq!(v["kind"], g.id);

        // Guarded: no token, no change; the form, the editor and the API all say 403.
        let api = app.url(&format!("/api{page}"));
        let put = visitor.put(&api).header("content-type", "application/json").body(g.example);
        assert_eq!(status_of(put).await, StatusCode::FORBIDDEN, "{page}");
        let put =
            visitor.put(&api).header("content-type", "application/json").header("x-edit-token", "wrong");
        assert_eq!(status_of(put.body(g.example)).await, StatusCode::FORBIDDEN, "{page}");
        assert_eq!(status_of(visitor.get(app.url(&format!("{page}/edit")))).await, StatusCode::FORBIDDEN);
        let form = visitor.post(app.url(&page)).header("content-type", "application/x-www-form-urlencoded");
        assert_eq!(status_of(form.body("name=Mine")).await, StatusCode::FORBIDDEN, "{page}");

        // The owner may change it.
        let put =
            app.client.put(&api).header("content-type", "application/json").header("x-edit-token", &token);
        assert_eq!(status_of(put.body(g.example)).await, StatusCode::OK, "{page}");
        // Its private edit link hands this browser the token; then the editor opens.
        let adopt = app.client.get(app.url(&format!("{page}/edit?token={token}")));
        assert_eq!(status_of(adopt).await, StatusCode::SEE_OTHER, "{page}");
        assert_eq!(status_of(app.client.get(app.url(&format!("{page}/edit")))).await, StatusCode::OK);

        // Copied: a new build that remembers its parent, open for its new owner.
        let res = visitor.post(app.url(&format!("{page}/fork"))).send().await.expect("fork");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{page}");
        let to = res.headers()["location"].to_str().expect("location").to_owned();
        let copy = to.trim_start_matches(&format!("{}/", g.path)).trim_end_matches("/edit").to_owned();
        assert_eq!(stored_parent(&app, &copy).await.as_deref(), Some(id.as_str()));
        let res = visitor.get(app.url(&to)).send().await.expect("the copy's editor");
        assert_eq!(res.status(), StatusCode::OK);
        // Its editor says whose build it copies and saves it as the player's own, never as
        // "changes" to a build they do not own.
        let editor = res.text().await.expect("page");
        let notice = editor.split("id=\"copy-notice\">").nth(1).expect("the copy's notice");
        assert!(
            notice.starts_with(&format!(
                "This is your own copy of <a href=\"{page}\"><bdi>{}</bdi></a>",
                name_of(g)
            )),
            "{notice}"
        );
        assert!(editor.contains(&format!("formaction=\"{}/{copy}\">Save as my build</button>", g.path)));
        assert!(!editor.contains("Save changes") && !editor.contains("Save as a new build"), "{page}");
        // Saved once, it is the player's build like any other.
        let example: Value = serde_json::from_str(g.example).expect("example");
        let fields =
            with_extra(drydock::web::http::codec::encode(&example), &[("build_id", &copy), ("copy_of", &id)]);
        let saved =
            visitor.post(app.url(&format!("{}/{copy}", g.path))).form(&fields).send().await.expect("save");
        assert_eq!(saved.status(), StatusCode::SEE_OTHER, "{page}");
        let editor = visitor.get(app.url(&to)).send().await.expect("editor").text().await.expect("page");
        assert!(!editor.contains("copy-notice") && editor.contains("Save changes"), "{page}");

        // Exported and printed.
        let res = visitor.get(app.url(&format!("{page}/export.json"))).send().await.expect("json");
        assert_eq!(res.status(), StatusCode::OK);
        let doc: Value = res.json().await.expect("document");
        assert_eq!(doc["name"], name_of(g));
        let res = visitor.get(app.url(&format!("{page}/export.txt"))).send().await.expect("text");
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["content-type"].to_str().unwrap_or("").starts_with("text/plain"));
        assert!(res.text().await.expect("text").contains(&name_of(g)));
        let res = visitor.get(app.url(&format!("{page}/{}", g.print))).send().await.expect("print");
        assert_eq!(res.status(), StatusCode::OK, "{page}/{}", g.print);

        // Never served at another game's address.
        for other in registry::games().filter(|o| o.id != g.id) {
            let res = visitor.get(app.url(&format!("{}/{id}", other.path))).send().await.expect("other");
            assert_eq!(res.status(), StatusCode::NOT_FOUND, "{} at {}", g.id, other.path);
        }
    }
}

#[tokio::test]
async fn every_game_is_in_the_navigation_the_start_page_and_the_gallery_filter() {
    let app = spawn().await;
    let home = app.page("/").await;
    let gallery = app.page("/gallery").await;
    // Every page's description names every game, as the navigation does.
    let description = home.split("<meta name=\"description\" content=\"").nth(1).unwrap_or_default();
    let description = &description[..description.find('"').unwrap_or(0)];
    for g in registry::games() {
        assert!(description.contains(g.nav), "{}: {description}", g.id);
        let start = format!("href=\"{}/new\"", g.path);
        assert!(home.contains(&format!("{start}>{}</a>", g.start)), "{}: start button", g.id);

        // The home page says what Drydock does for each game, a line each with its way in.
        let card = home.split(&format!("<li class=\"game\" id=\"game-{}\">", g.id)).nth(1).expect("a card");
        let card = &card[..card.find("</li>").unwrap_or(card.len())];
        assert!(
            card.contains(&format!("<p>{}</p>", g.about.replace('\'', "&#39;"))) && card.contains(&start),
            "{}: {card}",
            g.id
        );
        assert!(g.about.len() > 60 && g.about.ends_with('.'), "{}: a sentence", g.id);
        assert!(gallery.contains(&format!("<option value=\"{}\">{}</option>", g.id, g.plural)), "{}", g.id);
        let res = app.client.get(app.url(&format!("{}/new", g.path))).send().await.expect("start");
        assert_eq!(res.status(), StatusCode::OK, "{}/new", g.path);
    }
}

/// A form field the server could not read is read as its default and reported beside it; saving
/// such a form would keep the default in place of what was typed, so the save is refused (422)
/// with the editor drawn again and nothing stored or changed, for a new build and a saved one.
#[tokio::test]
async fn every_game_refuses_to_save_a_form_with_a_field_it_could_not_read() {
    let app = spawn_unlimited().await;
    let long = "x".repeat(120);
    let body = crate::support::encode(&[("name".to_owned(), long.clone())]);
    for g in registry::games() {
        let before = stored_count(&app).await;
        let res = post_form(&app, g.path, body.clone()).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{}", g.id);
        let page = res.text().await.expect("page");
        assert!(page.contains("Nothing was saved: a field could not be read"), "{}: {page}", g.id);
        assert!(page.contains("must be at most 100 characters long (this one has 120)"), "{}", g.id);
        assert!(page.contains("<form"), "{}: the editor comes back", g.id);
        assert_eq!(stored_count(&app).await, before, "{}: nothing stored", g.id);

        let (id, token) = save_legal_example(&app, g).await;
        let name = stored_name(&app, &id).await;
        let change =
            crate::support::encode(&[("name".to_owned(), long.clone()), ("token".to_owned(), token)]);
        let res = post_form(&app, &format!("{}/{id}", g.path), change).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{}", g.id);
        assert_eq!(stored_name(&app, &id).await, name, "{}: nothing changed", g.id);
    }
}
