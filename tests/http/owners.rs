//! Owners: deleting a build (its link, JSON and exports answer 410 after; its copies live on; a
//! fleet's battle goes with it), listing it in the gallery or not, a copy kept out of the gallery
//! until its owner saves it, "My builds", and nobody but the owner changing any of it. Every game
//! in the registry is tested the same way: a new game passes by being registered.

use crate::support::{TestApp, spawn, spawn_unlimited, spawn_with, stranger};
use drydock::games::registry::Game;
use drydock::web::{WriteRate, registry};
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

/// Makes `app.client` the owner's browser: its private edit link hands it the token's cookie.
async fn adopt(app: &TestApp, page: &str, token: &str) {
    let res = app.client.get(app.url(&format!("{page}/edit?token={token}"))).send().await.expect("adopt");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{page}");
}

async fn status(req: reqwest::RequestBuilder) -> StatusCode {
    req.send().await.expect("request").status()
}

async fn text(client: &reqwest::Client, url: String) -> (StatusCode, String) {
    let res = client.get(url).send().await.expect("get");
    (res.status(), res.text().await.expect("body"))
}

fn form(client: &reqwest::Client, url: String, body: &str) -> reqwest::RequestBuilder {
    client.post(url).header("content-type", "application/x-www-form-urlencoded").body(body.to_owned())
}

/// Whether the gallery lists the build at `page`.
async fn in_gallery(app: &TestApp, page: &str) -> bool {
    let (s, body) = text(&stranger(), app.url("/gallery")).await;
    assert_eq!(s, StatusCode::OK);
    body.contains(&format!("href=\"{page}\""))
}

#[tokio::test]
async fn an_owner_deletes_a_build_after_confirming_and_everything_of_it_answers_410() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_named(&app, g, "Doomed").await;
        let page = format!("{}/{id}", g.path);
        adopt(&app, &page, &token).await;

        // The owner's page offers it; the confirmation page asks for a tick.
        let (s, share) = text(&app.client, app.url(&page)).await;
        assert_eq!(s, StatusCode::OK);
        assert!(
            share.contains(&format!("href=\"{page}/delete\"")),
            "{page}: the owner's page offers deleting"
        );
        let (s, confirm) = text(&app.client, app.url(&format!("{page}/delete"))).await;
        assert_eq!(s, StatusCode::OK, "{page}");
        assert!(confirm.contains("name=\"confirm\"") && confirm.contains(" required"), "{page}");

        // Without the tick nothing goes.
        let res = form(&app.client, app.url(&format!("{page}/delete")), "").send().await.expect("post");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{page}");
        assert!(res.text().await.expect("page").contains("Nothing was deleted"));
        assert_eq!(status(stranger().get(app.url(&page))).await, StatusCode::OK, "{page} is still there");

        // With it, it goes, and the owner lands on "My builds", told so.
        let res =
            form(&app.client, app.url(&format!("{page}/delete")), "confirm=yes").send().await.expect("post");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{page}");
        let to = res.headers()["location"].to_str().expect("location").to_owned();
        assert_eq!(to, format!("/my-builds?deleted={id}"));
        let (_, mine) = text(&app.client, app.url(&to)).await;
        assert!(mine.contains(&format!("The {} was deleted on ", g.word)), "{page}");
        assert!(!mine.contains(&format!("href=\"{page}\"")), "{page} is no longer in My builds");

        // Its link, its JSON, its exports, its printable page, its editor and copying it: 410.
        let visitor = stranger();
        let (s, body) = text(&visitor, app.url(&page)).await;
        assert_eq!(s, StatusCode::GONE, "{page}");
        assert!(body.contains(&format!("This {} was deleted by its owner", g.word)), "{page}");
        assert!(!body.contains("Doomed"), "its name is gone too");
        for path in ["export.json", "export.txt", g.print, "edit"] {
            assert_eq!(
                status(visitor.get(app.url(&format!("{page}/{path}")))).await,
                StatusCode::GONE,
                "{page}/{path}"
            );
        }
        assert_eq!(status(visitor.post(app.url(&format!("{page}/fork")))).await, StatusCode::GONE, "{page}");
        let res = visitor.get(app.url(&format!("/api/builds/{id}"))).send().await.expect("json");
        assert_eq!(res.status(), StatusCode::GONE);
        let v: Value = res.json().await.expect("json");
        assert!(v["error"].as_str().unwrap_or_default().contains("deleted"), "{v}");
        assert!(v["deleted_at"].as_i64().is_some(), "{v}");
        let put = app.client.put(app.url(&format!("/api{page}"))).header("x-edit-token", &token);
        let put = put.header("content-type", "application/json").body(g.example);
        assert_eq!(status(put).await, StatusCode::GONE, "{page}: not brought back by a save");
        // Deleting again says it is gone.
        let again = app.client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
        assert_eq!(status(again).await, StatusCode::GONE);
    }
}

#[tokio::test]
async fn the_api_deletes_with_the_token_and_lists_or_unlists() {
    let app = spawn_unlimited().await;
    let g = registry::games().next().expect("a game");
    let (id, token) = save_named(&app, g, "Api Boat").await;
    let page = format!("{}/{id}", g.path);
    let api = app.url(&format!("/api/builds/{id}"));

    let res =
        app.client.patch(&api).header("x-edit-token", &token).json(&serde_json::json!({"listed": false}));
    let res = res.send().await.expect("patch");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.expect("json")["listed"], false);
    assert!(!in_gallery(&app, &page).await);
    let v: Value = app.client.get(&api).send().await.expect("get").json().await.expect("json");
    assert_eq!(v["listed"], false, "{v}");
    // As strict as a document: JSON's content type, or 415; a key sent twice, or anything but
    // "listed" as true or false, 422; and nothing changes.
    let json = |body: &'static str| {
        app.client
            .patch(&api)
            .header("x-edit-token", &token)
            .header("content-type", "application/json")
            .body(body)
    };
    for bad in
        [r#"{"listed": "yes"}"#, r#"{"listed": true, "listed": false}"#, r#"{"listed": true, "x": 1}"#, "{}"]
    {
        let res = json(bad).send().await.expect("patch");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        let said = res.json::<Value>().await.expect("json")["error"].as_str().unwrap_or("").to_owned();
        assert!(said.ends_with("nothing was changed."), "{bad}: {said}");
        if bad.contains("true, \"listed\"") {
            assert!(said.contains("has the field `listed` twice"), "{said}");
        }
    }
    assert_eq!(status(json("{\"listed\": true,")).await, StatusCode::BAD_REQUEST, "not JSON");
    for ct in [None, Some("text/plain"), Some("application/x-www-form-urlencoded")] {
        let mut req = app.client.patch(&api).header("x-edit-token", &token).body("{\"listed\": true}");
        if let Some(ct) = ct {
            req = req.header("content-type", ct);
        }
        assert_eq!(status(req).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct:?}");
    }
    assert!(!in_gallery(&app, &page).await, "nothing refused changed the listing");
    let res =
        app.client.patch(&api).header("x-edit-token", &token).json(&serde_json::json!({"listed": true}));
    assert_eq!(status(res).await, StatusCode::OK);
    assert!(in_gallery(&app, &page).await);

    let res = app.client.delete(&api).header("x-edit-token", &token).send().await.expect("delete");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.expect("json")["deleted"], true);
    assert_eq!(status(stranger().get(app.url(&page))).await, StatusCode::GONE);
    assert!(!in_gallery(&app, &page).await);
}

#[tokio::test]
async fn nobody_but_the_owner_can_delete_or_list_and_a_refusal_changes_nothing() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, _token) = save_named(&app, g, "Guarded").await;
        let page = format!("{}/{id}", g.path);
        let visitor = stranger();

        assert_eq!(status(visitor.get(app.url(&format!("{page}/delete")))).await, StatusCode::FORBIDDEN);
        let del = form(&visitor, app.url(&format!("{page}/delete")), "confirm=yes");
        assert_eq!(status(del).await, StatusCode::FORBIDDEN, "{page}");
        let del = form(&visitor, app.url(&format!("{page}/delete")), "confirm=yes&token=wrong");
        assert_eq!(status(del).await, StatusCode::FORBIDDEN, "{page}");
        let unlist = form(&visitor, app.url(&format!("{page}/listing")), "listed=off&token=wrong");
        assert_eq!(status(unlist).await, StatusCode::FORBIDDEN, "{page}");
        let unlist = form(&visitor, app.url(&format!("{page}/listing")), "listed=off");
        assert_eq!(status(unlist).await, StatusCode::FORBIDDEN, "{page}");
        let api = app.url(&format!("/api/builds/{id}"));
        assert_eq!(status(visitor.delete(&api)).await, StatusCode::FORBIDDEN);
        assert_eq!(status(visitor.delete(&api).header("x-edit-token", "wrong")).await, StatusCode::FORBIDDEN);
        let patch =
            visitor.patch(&api).header("x-edit-token", "wrong").json(&serde_json::json!({"listed": false}));
        assert_eq!(status(patch).await, StatusCode::FORBIDDEN);

        // Still there, still listed, and a stranger's page offers no owner's controls.
        let (s, body) = text(&visitor, app.url(&page)).await;
        assert_eq!(s, StatusCode::OK, "{page}");
        assert!(!body.contains("/delete\""), "{page}");
        assert!(in_gallery(&app, &page).await, "{page}");
    }
    // Unknown builds are 404, not 403.
    let missing = form(&stranger(), app.url("/boats/aaaaaaaaaaaaaaaa/delete"), "confirm=yes");
    assert_eq!(status(missing).await, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn deleting_is_a_write_the_rate_limit_counts() {
    let app = spawn_with(WriteRate { per_minute: 60, burst: 3 }).await;
    let url = app.url("/boats/aaaaaaaaaaaaaaaa/delete");
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(status(form(&app.client, url.clone(), "confirm=yes&token=guess")).await);
    }
    assert_eq!(&statuses[..3], &[StatusCode::NOT_FOUND; 3]);
    assert_eq!(statuses[4], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
}

#[tokio::test]
async fn copies_outlive_a_deleted_original_and_say_so() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_named(&app, g, "Original").await;
        let page = format!("{}/{id}", g.path);
        let visitor = stranger();
        let res = visitor.post(app.url(&format!("{page}/fork"))).send().await.expect("fork");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let copy = res.headers()["location"].to_str().expect("location").trim_end_matches("/edit").to_owned();
        let (_, body) = text(&visitor, app.url(&copy)).await;
        assert!(body.contains(&format!("href=\"{page}\"")), "the copy links to its original");

        let del = app.client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
        assert_eq!(status(del).await, StatusCode::OK);

        let (s, body) = text(&visitor, app.url(&copy)).await;
        assert_eq!(s, StatusCode::OK, "{copy} lives on");
        assert!(body.contains("copied from a build its owner has since deleted"), "{copy}");
        assert!(!body.contains(&format!("href=\"{page}\"")), "{copy} no longer links to it");
        assert_eq!(status(visitor.get(app.url(&format!("{copy}/export.json")))).await, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_deleted_fleets_battle_goes_with_it() {
    let app = spawn_unlimited().await;
    let g = registry::game("bfg").expect("BFG");
    let (id, token) = save_named(&app, g, "Last Stand").await;
    let battle = app.url(&format!("/api/bfg/{id}/battle"));
    let res = app.client.get(&battle).header("x-edit-token", &token).send().await.expect("battle");
    assert_eq!(res.status(), StatusCode::OK);
    let res =
        app.client.post(format!("{battle}/new")).header("x-edit-token", &token).send().await.expect("start");
    assert!(res.status().is_success(), "{}", res.status());
    let kept =
        drydock::store::testing::int(&app.db, "SELECT COUNT(*) FROM battles WHERE build_id = $1", &[&id])
            .await
            .expect("count");
    assert_eq!(kept, 1, "the battle is stored");

    let del = app.client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
    assert_eq!(status(del).await, StatusCode::OK);
    let kept =
        drydock::store::testing::int(&app.db, "SELECT COUNT(*) FROM battles WHERE build_id = $1", &[&id])
            .await
            .expect("count");
    assert_eq!(kept, 0, "the battle went with the fleet");
    assert_eq!(status(app.client.get(&battle).header("x-edit-token", &token)).await, StatusCode::GONE);
    assert_eq!(status(stranger().get(app.url(&format!("/bfg/{id}/battle")))).await, StatusCode::GONE);
}

#[tokio::test]
async fn the_share_page_cache_never_serves_a_deleted_or_unlisted_build_stale() {
    let app = spawn().await;
    let g = registry::games().next().expect("a game");
    let (id, token) = save_named(&app, g, "Cached").await;
    let page = format!("{}/{id}", g.path);
    let visitor = stranger();
    for _ in 0..2 {
        assert_eq!(status(visitor.get(app.url(&page))).await, StatusCode::OK);
    }
    assert!(
        app.pages.get(&page, app.db.change_mark().await.expect("mark")).is_some(),
        "the page is kept for visitors"
    );

    let patch = app.client.patch(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
    assert_eq!(status(patch.json(&serde_json::json!({"listed": false}))).await, StatusCode::OK);
    assert!(
        app.pages.get(&page, app.db.change_mark().await.expect("mark")).is_none(),
        "a listing change empties the cache"
    );
    assert_eq!(status(visitor.get(app.url(&page))).await, StatusCode::OK, "unlisted, still open by its link");

    let del = app.client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token);
    assert_eq!(status(del).await, StatusCode::OK);
    for _ in 0..2 {
        assert_eq!(status(visitor.get(app.url(&page))).await, StatusCode::GONE);
    }
    assert!(app.pages.get(&page, app.db.change_mark().await.expect("mark")).is_none(), "a 410 is never kept");
}

#[tokio::test]
async fn an_unlisted_build_is_out_of_the_gallery_but_open_by_its_link() {
    let app = spawn_unlimited().await;
    // Chosen at save time: the editor's box, sent unticked.
    let fields = "name=Hidden+Darter&hull=rowboat&listed=off";
    let res = form(&app.client, app.url("/boats"), fields).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = res.headers()["location"].to_str().expect("location").trim_end_matches("?saved=1").to_owned();
    assert!(!in_gallery(&app, &page).await, "saved unlisted");
    let (s, body) = text(&stranger(), app.url(&page)).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("Hidden Darter"));
    let (_, mine) = text(&app.client, app.url(&page)).await;
    assert!(mine.contains("Not in the gallery"), "the owner sees it is unlisted");

    // Listed from its page, then out again.
    let res = form(&app.client, app.url(&format!("{page}/listing")), "listed=on").send().await.expect("list");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(in_gallery(&app, &page).await);
    let res =
        form(&app.client, app.url(&format!("{page}/listing")), "listed=off").send().await.expect("unlist");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(!in_gallery(&app, &page).await);
    // Saving changes without the box (an older form) keeps it as it is.
    let res = form(&app.client, app.url(&page), "name=Still+Hidden&hull=rowboat&plant=medium")
        .send()
        .await
        .expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(!in_gallery(&app, &page).await);
    // A listing change must say which.
    let res = form(&app.client, app.url(&format!("{page}/listing")), "").send().await.expect("nothing");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_copy_stays_out_of_the_gallery_until_its_owner_saves_it() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, _) = save_named(&app, g, "Popular").await;
        let copier = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let res = copier.post(app.url(&format!("{}/{id}/fork", g.path))).send().await.expect("fork");
        let copy = res.headers()["location"].to_str().expect("location").trim_end_matches("/edit").to_owned();
        assert!(!in_gallery(&app, &copy).await, "{copy}: not listed before its owner saves it");
        let (_, editor) = text(&copier, app.url(&format!("{copy}/edit"))).await;
        assert!(editor.contains("id=\"f-listed\" name=\"listed\" checked"), "{copy}: saving will list it");
        let (_, own_page) = text(&copier, app.url(&copy)).await;
        assert!(own_page.contains("not in the gallery until you save it"), "{copy}");

        // Its owner saves it from the editor, the box left ticked: now listed.
        let body = format!("name=My+own+version&listed=off&listed=on&{}", minimal_form(g));
        let res = form(&copier, app.url(&copy), &body).send().await.expect("save");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{copy}");
        assert!(in_gallery(&app, &copy).await, "{copy}: listed once saved");
    }
}

/// The least a game's form needs to read as its example's kind of document.
fn minimal_form(g: &Game) -> &'static str {
    match g.id {
        "boat" => "hull=dinghy",
        "epic" => "list=imperial-marines",
        "bfg" => "faction=imperial-navy",
        _ => "",
    }
}

#[tokio::test]
async fn my_builds_lists_every_build_this_browser_may_edit_and_no_other() {
    let app = spawn_unlimited().await;
    let mut mine = Vec::new();
    for g in registry::games() {
        let (id, token) = save_named(&app, g, &format!("Mine {}", g.id)).await;
        let page = format!("{}/{id}", g.path);
        adopt(&app, &page, &token).await;
        mine.push(page);
    }
    let (other_id, _) = save_named(&app, registry::games().next().expect("game"), "Not mine").await;

    let (s, body) = text(&app.client, app.url("/my-builds")).await;
    assert_eq!(s, StatusCode::OK);
    for page in &mine {
        assert!(body.contains(&format!("href=\"{page}\"")), "{page}");
        assert!(body.contains(&format!("href=\"{page}/edit\"")), "{page}: with a link to edit");
    }
    assert!(!body.contains(&other_id), "a build saved through the API alone has no cookie here");

    // Another browser holds none; a cookie with a wrong token shows nothing either.
    let (_, empty) = text(&stranger(), app.url("/my-builds")).await;
    assert!(empty.contains("This browser holds no builds yet"));
    let id = mine[0].rsplit('/').next().expect("id");
    let forged =
        stranger().get(app.url("/my-builds")).header("cookie", format!("dd_edit_{id}=guess; dd_edit_junk=1"));
    let body = forged.send().await.expect("get").text().await.expect("body");
    assert!(!body.contains(&mine[0]), "a guessed token owns nothing");
    // "?deleted=" announces only a build that was deleted.
    let (_, body) = text(&app.client, app.url(&format!("/my-builds?deleted={other_id}"))).await;
    assert!(!body.contains("was deleted"));
    let (s, body) = text(&app.client, app.url("/my-builds?deleted=%3Cscript%3E")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(!body.contains("was deleted") && !body.contains("<script>"));
    // It is in the navigation of every page.
    let (_, home) = text(&stranger(), app.url("/")).await;
    assert!(home.contains("<a href=\"/my-builds\">My builds</a>"));
}

/// Where a request's edit token is read (the `EditToken` and `PostedForm` extractors): the
/// `X-Edit-Token` header first, then a form's `token` field (when not empty), then the build's
/// cookie; the first found is the one tried. A token in two places is the first place's, so a
/// wrong one there is refused (403, nothing changed) even with the right one behind it. A body
/// that is not a form reads as no fields, and is told what is missing.
#[tokio::test]
async fn the_edit_token_is_the_headers_then_the_forms_then_the_cookies_whatever_else_is_sent() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_named(&app, g, "Twice").await;
        let page = format!("{}/{id}", g.path);
        adopt(&app, &page, &token).await;
        let listing = app.url(&format!("{page}/listing"));

        // The owner's browser: its cookie, unless a form names another token.
        assert_eq!(status(form(&app.client, listing.clone(), "listed=off")).await, StatusCode::SEE_OTHER);
        assert!(!in_gallery(&app, &page).await, "{page}");
        let wrong = form(&app.client, listing.clone(), "listed=on&token=wrong");
        assert_eq!(
            status(wrong).await,
            StatusCode::FORBIDDEN,
            "{page}: the form's token is tried, not the cookie"
        );
        let empty = form(&app.client, listing.clone(), "listed=on&token=");
        assert_eq!(status(empty).await, StatusCode::SEE_OTHER, "{page}: an empty token field is none");
        assert!(in_gallery(&app, &page).await, "{page}");

        // A stranger: the header before the form, either alone enough.
        let visitor = stranger();
        let header_first =
            form(&visitor, listing.clone(), "listed=off&token=wrong").header("x-edit-token", &token);
        assert_eq!(status(header_first).await, StatusCode::SEE_OTHER, "{page}");
        let wrong_header = form(&visitor, listing.clone(), &format!("listed=on&token={token}"))
            .header("x-edit-token", "wrong");
        assert_eq!(status(wrong_header).await, StatusCode::FORBIDDEN, "{page}");
        assert!(!in_gallery(&app, &page).await, "{page}: nothing changed");
        let by_form = form(&visitor, listing.clone(), &format!("listed=on&token={token}"));
        assert_eq!(status(by_form).await, StatusCode::SEE_OTHER, "{page}");

        // Not a form: no fields, so the listing asked for is missing (422), for the owner too.
        let not_a_form = app
            .client
            .post(&listing)
            .header("content-type", "application/octet-stream")
            .body(vec![0xff_u8, 0x00, 0xfe, b'&', b'=']);
        let res = not_a_form.send().await.expect("post");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{page}");
        assert!(res.text().await.expect("body").contains("listed=on"), "{page}");

        // The API takes the header alone: a cookie or a form's token is not asked.
        let doc: Value = serde_json::from_str(g.example).expect("example");
        let put = app.client.put(app.url(&format!("/api{}/{id}", g.path))).json(&doc);
        let res = put.send().await.expect("put");
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{page}");
        let body: Value = res.json().await.expect("json");
        assert!(body["error"].as_str().is_some_and(|e| e.contains("X-Edit-Token")), "{body}");
    }
}
