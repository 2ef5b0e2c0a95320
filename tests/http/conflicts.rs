//! Two editors of one build: the owner on two devices, or a shared edit link. A save from a form
//! opened before the other's save is refused (409) with the editor drawn again: the player's own
//! version in its form, where the saved version differs from it, and a save again replaces the
//! saved one knowingly. Nothing is written over or thrown away without the player saying so. The
//! API's PUT takes the revision it read (`?revision=N`) and answers 409 on a mismatch.

use crate::support::{
    TestApp, api_save, encode, id_and_token, post_form, spawn_unlimited, stored_name, stranger,
};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Saves the game's example, which starts at revision 1.
async fn save_first(app: &TestApp, g: &Game) -> (String, String) {
    let v = api_save(app, g.path, &serde_json::from_str(g.example).expect("example")).await;
    assert_eq!(v["revision"], 1, "{}", g.id);
    id_and_token(&v)
}

async fn revision(app: &TestApp, id: &str) -> i64 {
    let v: Value = serde_json::from_str(&app.page(&format!("/api/builds/{id}")).await).expect("json");
    v["revision"].as_i64().expect("revision")
}

/// The example's form, named `name`, as the editor opened at `revision` posts it.
fn form(g: &Game, name: &str, id: &str, revision: Option<i64>) -> String {
    let mut doc: Value = serde_json::from_str(g.example).expect("example");
    doc["name"] = Value::from(name);
    let mut fields = drydock::web::http::codec::encode(&doc);
    fields.push(("build_id".to_owned(), id.to_owned()));
    if let Some(r) = revision {
        fields.push(("revision".to_owned(), r.to_string()));
    }
    encode(&fields)
}

/// A browser of the owner's: its own cookie jar, the edit token adopted from the edit link.
async fn owners_browser(app: &TestApp, g: &Game, id: &str, token: &str) -> reqwest::Client {
    let b = stranger();
    let res = b.get(app.url(&format!("{}/{id}/edit?token={token}", g.path))).send().await.expect("adopt");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    b
}

async fn post_as(b: &reqwest::Client, app: &TestApp, path: &str, body: String) -> (StatusCode, String) {
    let res = b
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("post");
    let status = res.status();
    (status, res.text().await.expect("text"))
}

#[tokio::test]
async fn a_save_from_a_form_opened_before_anothers_save_is_a_conflict_that_keeps_both() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_first(&app, g).await;
        let page = format!("{}/{id}", g.path);
        let (phone, laptop) =
            (owners_browser(&app, g, &id, &token).await, owners_browser(&app, g, &id, &token).await);

        // Both open the editor at revision 1: it says so in its form.
        for b in [&phone, &laptop] {
            let editor = b
                .get(app.url(&format!("{page}/edit")))
                .send()
                .await
                .expect("edit")
                .text()
                .await
                .expect("page");
            assert!(editor.contains(r#"<input type="hidden" name="revision" value="1">"#), "{}", g.id);
        }
        // The phone saves first.
        let (status, _) = post_as(&phone, &app, &page, form(g, "Phone version", &id, Some(1))).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{}", g.id);
        assert_eq!(
            (stored_name(&app, &id).await, revision(&app, &id).await),
            ("Phone version".to_owned(), 2)
        );

        // The laptop's save from revision 1 is refused: nothing written over the phone's.
        let (status, conflict) = post_as(&laptop, &app, &page, form(g, "Laptop version", &id, Some(1))).await;
        assert_eq!(status, StatusCode::CONFLICT, "{}", g.id);
        assert_eq!(stored_name(&app, &id).await, "Phone version", "{}: nothing overwritten", g.id);
        assert!(conflict.contains("Not saved: this build was changed since you opened it"), "{}", g.id);
        assert!(conflict.contains("data-code=\"CONFLICT\""), "{}", g.id);
        // The laptop's own version is in the form, at the revision now, and kept as the draft.
        assert!(conflict.contains(r#"value="Laptop version""#), "{}: {conflict}", g.id);
        assert!(conflict.contains(r#"<input type="hidden" name="revision" value="2">"#), "{}", g.id);
        assert!(conflict.contains(r#"data-draft-posted="true""#), "{}", g.id);
        // What differs: the name, saved and theirs.
        let row = conflict
            .find("<caption>Where the saved version differs from yours</caption>")
            .expect("the differences");
        let table = &conflict[row..conflict[row..].find("</table>").map_or(conflict.len(), |e| row + e)];
        assert!(
            table.contains("<bdi>Phone version</bdi></td><td><bdi>Laptop version</bdi>"),
            "{}: {table}",
            g.id
        );
        assert!(conflict.contains(&format!("href=\"{page}/edit\">open the saved version</a>")), "{}", g.id);

        // Saved again from the conflict page (at revision 2): the laptop's version, knowingly.
        let (status, _) = post_as(&laptop, &app, &page, form(g, "Laptop version", &id, Some(2))).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{}", g.id);
        assert_eq!(
            (stored_name(&app, &id).await, revision(&app, &id).await),
            ("Laptop version".to_owned(), 3)
        );
        // A form that names no revision (an older page, a client of its own) is saved as before.
        let (status, _) = post_as(&phone, &app, &page, form(g, "No revision", &id, None)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{}", g.id);
        assert_eq!(revision(&app, &id).await, 4);
    }
}

#[tokio::test]
async fn the_editor_carries_its_revision_through_every_redraw_and_a_refused_save() {
    let app = spawn_unlimited().await;
    let g = registry::games().next().expect("a game");
    let (id, token) = save_first(&app, g).await;
    let body = form(g, "Redrawn", &id, Some(1));
    for route in [format!("{}/design", g.path), format!("{}/designer", g.path)] {
        let (status, page) = app.post_fields(&route, &serde_urlencoded_pairs(&body)).await;
        assert_eq!(status, StatusCode::OK, "{route}");
        assert!(page.contains(r#"<input type="hidden" name="revision" value="1">"#), "{route}");
    }
    // A save refused for a field it cannot read comes back at the revision it was opened at.
    let bad = format!("{body}&oars=lots&token={token}");
    let res = post_form(&app, &format!("{}/{id}", g.path), bad).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(page.contains(r#"<input type="hidden" name="revision" value="1">"#));
    assert!(page.contains(r#"data-draft-posted="true""#));
}

fn serde_urlencoded_pairs(body: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(body.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

#[tokio::test]
async fn the_apis_put_takes_the_revision_it_read_and_answers_409_on_a_mismatch() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let (id, token) = save_first(&app, g).await;
        let api = app.url(&format!("/api{}/{id}", g.path));
        let put = |revision: Option<&str>, name: &str| {
            let mut doc: Value = serde_json::from_str(g.example).expect("example");
            doc["name"] = Value::from(name);
            let url = match revision {
                Some(r) => format!("{api}?revision={r}"),
                None => api.clone(),
            };
            app.client.put(url).header("x-edit-token", &token).json(&doc).send()
        };
        let res = put(Some("1"), "First").await.expect("put");
        assert_eq!(res.status(), StatusCode::OK, "{}", g.id);
        assert_eq!(res.json::<Value>().await.expect("json")["revision"], 2);

        let res = put(Some("1"), "Stale").await.expect("put");
        assert_eq!(res.status(), StatusCode::CONFLICT, "{}", g.id);
        let v: Value = res.json().await.expect("json");
        assert_eq!((v["status"].as_i64(), v["revision"].as_i64()), (Some(409), Some(2)), "{v}");
        assert!(v["error"].as_str().unwrap_or("").contains("Nothing was changed"), "{v}");
        assert_eq!(stored_name(&app, &id).await, "First", "{}: nothing written", g.id);

        assert_eq!(put(Some("2"), "Second").await.expect("put").status(), StatusCode::OK);
        assert_eq!(put(None, "Third").await.expect("put").status(), StatusCode::OK, "no revision: no check");
        assert_eq!(revision(&app, &id).await, 4);
        let res = put(Some("two"), "Bad").await.expect("put");
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{}", g.id);
        assert_eq!(stored_name(&app, &id).await, "Third");
        // A wrong token is still a 403, whatever revision it sends.
        let res = app
            .client
            .put(format!("{api}?revision=1"))
            .header("x-edit-token", "wrong")
            .json(&serde_json::from_str::<Value>(g.example).expect("example"))
            .send()
            .await;
        assert_eq!(res.expect("put").status(), StatusCode::FORBIDDEN);
    }
}
