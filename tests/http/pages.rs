//! The boat pages and saved builds, over HTTP as a browser without JavaScript would use them.

use crate::support::{
    TestApp, assert_no_inline_code, encode, post_form, spawn, stored_count, stored_name, stored_parent,
    stranger, with_extra,
};
use drydock::games::boats::examples;
use drydock::web::boats::design_form::fields_of;
use reqwest::StatusCode;
use serde_json::Value;

fn form(d: &drydock::games::boats::Design, extra: &[(&str, &str)]) -> String {
    encode(&with_extra(fields_of(d), extra))
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).send().await.expect("request")
}

/// Saves a design through the page's form; returns the build id (the client keeps the cookie).
async fn save(app: &TestApp, d: &drydock::games::boats::Design) -> String {
    let res = post_form(app, "/boats", form(d, &[])).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let loc = res.headers()["location"].to_str().expect("location").to_owned();
    let cookie = res.headers()["set-cookie"].to_str().unwrap_or("");
    assert!(cookie.contains("HttpOnly"));
    // Served over plain http (no https --public-url): not Secure, or the browser would drop it.
    assert!(!cookie.contains("Secure"), "{cookie}");
    loc.trim_start_matches("/boats/").trim_end_matches("?saved=1").to_owned()
}

#[tokio::test]
async fn the_home_and_start_pages_offer_every_hull_and_example() {
    let app = spawn().await;
    assert_eq!(get(&app, "/").await.status(), StatusCode::OK);
    let body = get(&app, "/boats/new").await.text().await.expect("text");
    for want in [
        "from=rowboat",
        "from=dinghy",
        "from=speeder",
        "from=cruiser",
        "from=yacht",
        "from=darter",
        "from=piranha",
        "from=minnow",
        "action=\"/boats/import\"",
        "action=\"/boats/upload\"",
    ] {
        assert!(body.contains(want), "start page lacks {want}");
    }
}

#[tokio::test]
async fn starting_from_an_example_shows_its_published_figures() {
    let app = spawn().await;
    let res = get(&app, "/boats/new?from=minnow").await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.expect("text");
    assert!(body.contains(r#"<dd id="fig-cost">$13,552</dd>"#), "{body}");
    assert!(body.contains(r#"<dd id="fig-weight">3,000 lb</dd>"#));
    assert!(body.contains("Legal"));
    // A Cruiser starts with the Deck it must have.
    let body = get(&app, "/boats/new?from=cruiser").await.text().await.expect("text");
    assert!(body.contains(r#"id="f-deck" name="deck" checked"#), "cruiser starts decked");
    assert_eq!(get(&app, "/boats/new?from=submarine").await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn without_javascript_the_form_round_trips_and_its_buttons_work() {
    let app = spawn().await;
    let d = examples::piranha();
    // Recalculate: same figures back.
    let body = post_form(&app, "/boats/design", form(&d, &[("action", "recalculate")]))
        .await
        .text()
        .await
        .expect("text");
    assert!(body.contains(r#"<dd id="fig-cost">$9,636</dd>"#));
    // Add a weapon chosen in the "add" select.
    let body = post_form(&app, "/boats/design", form(&d, &[("new_weapon", "rl"), ("action", "add.weapons")]))
        .await
        .text()
        .await
        .expect("text");
    assert!(body.contains(r#"name="weapons.2.weapon""#), "a third weapon row");
    assert!(body.contains("OVER_SPACES"), "the Piranha is full: adding a rocket launcher overflows it");
    // Remove the torpedoes.
    let body = post_form(&app, "/boats/design", form(&d, &[("action", "remove.weapons.1")]))
        .await
        .text()
        .await
        .expect("text");
    assert!(!body.contains(r#"name="weapons.1.weapon""#));
    assert!(body.contains(r#"<dd id="fig-cost">$8,986</dd>"#));
    // A number that is not a number is reported next to its field, not a 500.
    let body = post_form(&app, "/boats/design", form(&d, &[("armor.points.F", "lots")]))
        .await
        .text()
        .await
        .expect("text");
    assert!(
        body.contains("Front armor: &#34;lots&#34; is not a whole number")
            || body.contains("Front armor: &quot;lots&quot; is not a whole number"),
        "{body}"
    );
}

#[tokio::test]
async fn turret_weapons_are_added_and_removed_in_their_turret_and_unticked_boxes_stay_unticked() {
    use drydock::games::boats::tables::weapon_by_id;
    use drydock::games::boats::{CargoEntry, TurretEntry, WeaponEntry};
    let app = spawn().await;
    let mut d = examples::piranha();
    let mg = WeaponEntry::new(weapon_by_id("mg").expect("mg"), None);
    d.turrets.push(TurretEntry {
        size: 2,
        popup: false,
        universal: false,
        location: None,
        weapons: vec![mg],
    });
    d.cargo.push(CargoEntry { name: "Crates".into(), spaces: 1, weight: 50, deck: None, cargo: true });
    let page = |extra: &'static [(&'static str, &'static str)]| {
        let body = form(&d, extra);
        let app = &app;
        async move { post_form(app, "/boats/design", body).await.text().await.expect("text") }
    };
    // Add a rocket launcher to the turret: the turret now has two weapons.
    let body = page(&[("turrets.0.new_weapon", "rl"), ("action", "add.turrets.0.weapons")]).await;
    assert!(body.contains(r#"name="turrets.0.weapons.1.weapon""#), "a second turret weapon");
    assert!(body.contains(r#"name="turrets.0.size""#), "the turret stays");
    // Remove the turret's machine gun: the turret stays, empty.
    let body = page(&[("action", "remove.turrets.0.weapons.0")]).await;
    assert!(body.contains(r#"name="turrets.0.size""#), "the turret stays");
    assert!(!body.contains(r#"name="turrets.0.weapons.0.weapon""#), "its weapon is gone");
    // The cargo's "In cargo space" box, unticked: the hidden "off" is all the browser sends.
    let body = page(&[("cargo.0.cargo", "off")]).await;
    assert!(body.contains(r#"id="f-cargo-0-cargo" name="cargo.0.cargo">"#), "unticked, not checked");
}

#[tokio::test]
async fn the_htmx_endpoints_answer_fragments() {
    let app = spawn().await;
    let mut d = examples::piranha();
    let frag = post_form(&app, "/boats/designer", form(&d, &[("action", "add.turrets")]))
        .await
        .text()
        .await
        .expect("text");
    assert!(frag.trim_start().starts_with("<form id=\"designer\""), "{}", &frag[..80.min(frag.len())]);
    assert!(!frag.contains("<html"));
    assert!(frag.contains("TURRET_NEEDS_TOP"));

    d.weapons[0].mount = Some(drydock::games::boats::tables::Mount::L);
    d.weapons.push(drydock::games::boats::WeaponEntry::new(
        drydock::games::boats::tables::weapon_by_id("atg").expect("atg"),
        Some(drydock::games::boats::tables::Mount::R),
    ));
    let live = post_form(&app, "/boats/live", form(&d, &[])).await.text().await.expect("text");
    assert!(live.trim_start().starts_with("<section id=\"figures\""));
    assert!(live.contains(r#"<div id="problems-weapons-2" class="problems" aria-live="polite" hx-swap-oob="true"><p class="problem error" data-code="GUN_FRONT_OR_BACK">"#), "{live}");
    // Every slot is emptied first, so fixed problems disappear; only slots with problems follow.
    let clear = live.find(r#"<div hx-swap-oob="innerHTML:form .problems"></div>"#).expect("clear-all");
    assert!(clear < live.find(r#"id="problems-weapons-2""#).expect("slot"));
    assert!(!live.contains(r#"id="problems-weapons-0""#));
}

#[tokio::test]
async fn saving_gives_a_share_page_with_link_previews_and_a_private_edit_link() {
    let app = spawn().await;
    let id = save(&app, &examples::piranha()).await;
    assert_eq!(id.len(), 16);
    let body = get(&app, &format!("/boats/{id}?saved=1")).await.text().await.expect("text");
    assert!(body.contains("<title>Piranha · Drydock</title>"));
    assert!(body.contains(r#"<meta property="og:title" content="Piranha: a Car Wars Dinghy">"#));
    assert!(body.contains(r#"<meta name="description" content="Piranha: Dinghy, Small power plant"#));
    assert!(
        body.contains(&format!("/boats/{id}/edit?token=")),
        "the owner sees the private edit link once saved"
    );
    // Someone else sees no edit controls.
    let stranger = reqwest::Client::new();
    let body = stranger
        .get(app.url(&format!("/boats/{id}?saved=1")))
        .send()
        .await
        .expect("get")
        .text()
        .await
        .expect("text");
    assert!(!body.contains("edit?token="));
    assert!(!body.contains(&format!("href=\"/boats/{id}/edit\"")));
    assert!(body.contains("Edit a copy"));
}

#[tokio::test]
async fn an_unknown_build_is_a_404_page() {
    let app = spawn().await;
    for path in [
        "/boats/aaaaaaaaaaaaaaaa",
        "/boats/nope",
        "/boats/aaaaaaaaaaaaaaaa/edit",
        "/boats/aaaaaaaaaaaaaaaa/export.json",
        "/boats/aaaaaaaaaaaaaaaa/sheet",
        "/boats/%2e%2e%2fetc",
    ] {
        let res = get(&app, path).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(res.text().await.expect("text").contains("Not Found"), "{path}");
    }
    let res = post_form(&app, "/boats/aaaaaaaaaaaaaaaa/fork", String::new()).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = app.client.get(app.url("/api/builds/aaaaaaaaaaaaaaaa")).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_edit_without_the_token_is_403_and_changes_nothing() {
    let app = spawn().await;
    let id = save(&app, &examples::piranha()).await;
    let mut changed = examples::piranha();
    changed.name = "Hijacked".into();
    let stranger =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let res = stranger
        .post(app.url(&format!("/boats/{id}")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form(&changed, &[]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.expect("text").contains("Nothing was changed"));
    // A wrong token in the form is no better.
    let res = stranger
        .post(app.url(&format!("/boats/{id}")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form(&changed, &[("token", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(stored_name(&app, &id).await, "Piranha");
    let res = stranger.get(app.url(&format!("/boats/{id}/edit"))).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.expect("text").contains("Edit a copy"));

    // The owner (whose client holds the cookie) can.
    let res = post_form(&app, &format!("/boats/{id}"), form(&changed, &[])).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(stored_name(&app, &id).await, "Hijacked");
}

#[tokio::test]
async fn the_private_edit_link_hands_the_token_to_another_browser() {
    let app = spawn().await;
    let id = save(&app, &examples::darter()).await;
    let body = get(&app, &format!("/boats/{id}?saved=1")).await.text().await.expect("text");
    let start = body.find("/edit?token=").expect("edit link") + "/edit?token=".len();
    let token: String = body[start..].chars().take_while(char::is_ascii_alphanumeric).collect();

    let laptop = stranger();
    let res = laptop.get(app.url(&format!("/boats/{id}/edit?token={token}"))).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], format!("/boats/{id}/edit"));
    let res = laptop.get(app.url(&format!("/boats/{id}/edit"))).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("text").contains("Save changes"));
    let res = laptop.get(app.url(&format!("/boats/{id}/edit?token=wrong"))).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn edit_a_copy_forks_a_build_that_remembers_its_parent() {
    let app = spawn().await;
    let id = save(&app, &examples::minnow()).await;
    let stranger = stranger();
    let res = stranger.post(app.url(&format!("/boats/{id}/fork"))).send().await.expect("fork");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let loc = res.headers()["location"].to_str().expect("location").to_owned();
    let fork_id = loc.trim_start_matches("/boats/").trim_end_matches("/edit").to_owned();
    assert_ne!(fork_id, id);
    assert_eq!(stored_parent(&app, &fork_id).await.as_deref(), Some(id.as_str()));
    assert_eq!(stored_name(&app, &fork_id).await, "Minnow (copy)");
    // The forker may edit the copy.
    let res = stranger.get(app.url(&loc)).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::OK);
    let page = stranger
        .get(app.url(&format!("/boats/{fork_id}")))
        .send()
        .await
        .expect("get")
        .text()
        .await
        .expect("text");
    assert!(page.contains(&format!("copied from <a href=\"/boats/{id}\"><bdi>Minnow</bdi></a>")));
}

#[tokio::test]
async fn exports_give_the_document_the_stat_line_and_a_record_sheet() {
    let app = spawn().await;
    let d = examples::piranha();
    let id = save(&app, &d).await;
    let res = get(&app, &format!("/boats/{id}/export.json")).await;
    assert_eq!(res.headers()["content-type"], "application/json");
    assert!(res.headers()["content-disposition"].to_str().unwrap_or("").contains("piranha.json"));
    let back: drydock::games::boats::Design = res.json().await.expect("design json");
    assert_eq!(back, d);
    let text = get(&app, &format!("/boats/{id}/export.txt")).await.text().await.expect("text");
    assert!(text.starts_with("Piranha: Dinghy, Small power plant, Propeller, Pilot only. VMG front"));
    let sheet = get(&app, &format!("/boats/{id}/sheet")).await.text().await.expect("text");
    for want in ["Front (F)", "Bottom (U)", "Vulcan machine gun", "Torpedo", "D6: normal", "Draft", "To hit"]
    {
        assert!(sheet.contains(want), "sheet lacks {want}");
    }
    // The same from an unsaved design.
    let res = post_form(&app, "/boats/export.json", form(&d, &[])).await;
    let back: drydock::games::boats::Design = res.json().await.expect("design json");
    assert_eq!(back, d);
    let text = post_form(&app, "/boats/export.txt", form(&d, &[])).await.text().await.expect("text");
    assert!(text.contains("$9,636"));
    assert_eq!(post_form(&app, "/boats/sheet", form(&d, &[])).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_pasted_stat_line_opens_in_the_designer_with_what_was_not_understood() {
    let app = spawn().await;
    let mut s = form_urlencoded::Serializer::new(String::new());
    s.append_pair("statline", "Nessie: Speeder, Large power plant, Propeller, Pilot only. Sea serpent, VMG front, Fire extinguishr. Armor: F10. Accel. 10, Top Speed 60, HC 2, 4,000 lbs; $20,000.");
    let body = post_form(&app, "/boats/import", s.finish()).await.text().await.expect("text");
    assert!(body.contains("<code>Sea serpent</code>"), "{body}");
    // Each fragment says why it was not read and offers the nearest catalog items.
    assert!(body.contains("<code>Fire extinguishr</code>: &#34;extinguishr&#34; is not a word the reader knows. Did you mean <strong>Fire extinguisher</strong>"), "{body}");
    assert!(body.contains(r#"name="weapons.0.weapon""#));
    assert!(body.contains("The stat line gives cost $20,000; the parts add up to"));
    let res = post_form(&app, "/boats/import", "statline=".into()).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_design_file_imports_and_a_bad_one_is_refused_with_a_reason() {
    let app = spawn().await;
    let json = serde_json::to_string(&examples::minnow()).expect("json");
    let part = reqwest::multipart::Part::text(json)
        .file_name("minnow.json")
        .mime_str("application/json")
        .expect("mime");
    let res = app
        .client
        .post(app.url("/boats/upload"))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .expect("upload");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("text").contains(r#"<dd id="fig-cost">$13,552</dd>"#));
    let res = app
        .client
        .post(app.url("/boats/upload"))
        .multipart(reqwest::multipart::Form::new().text("json", "{\"hull\": 7}"))
        .send()
        .await
        .expect("upload");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.expect("text").contains("not a Drydock boat design"));
}

#[tokio::test]
async fn the_gallery_finds_builds_by_name_and_lists_the_examples() {
    let app = spawn().await;
    save(&app, &examples::piranha()).await;
    save(&app, &examples::darter()).await;
    let body = get(&app, "/gallery?q=pira").await.text().await.expect("text");
    // Found among the recent builds (and listed again among the published examples).
    assert_eq!(body.matches("<strong><bdi>Piranha</bdi></strong>").count(), 1);
    assert_eq!(body.matches("<strong>Piranha</strong>").count(), 1, "as an example");
    assert_eq!(body.matches("<strong><bdi>Darter</bdi></strong>").count(), 0);
    assert_eq!(body.matches("<strong>Darter</strong>").count(), 1, "only as an example");
    assert!(body.contains("Published boats"));
    let body = get(&app, "/gallery?kind=epic").await.text().await.expect("text");
    assert!(body.contains("No saved build in the gallery matches this search"));
}

#[tokio::test]
async fn the_json_api_saves_and_updates_with_the_token() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/boats")).json(&examples::darter()).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    let id = v["id"].as_str().expect("id").to_owned();
    let token = v["edit_token"].as_str().expect("token").to_owned();
    assert_eq!(v["figures"]["cost"], 3315);
    let mut d = examples::darter();
    d.name = "Darter II".into();
    let res = app.client.put(app.url(&format!("/api/boats/{id}"))).json(&d).send().await.expect("put");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app
        .client
        .put(app.url(&format!("/api/boats/{id}")))
        .header("x-edit-token", "nope")
        .json(&d)
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(stored_name(&app, &id).await, "Darter");
    let res = app
        .client
        .put(app.url(&format!("/api/boats/{id}")))
        .header("x-edit-token", &token)
        .json(&d)
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["id"], id.as_str());
    assert_eq!(v["legal"], true);
    assert_eq!(v["figures"]["cost"], 3315);
    assert_eq!(v["problems"].as_array().map(Vec::len), Some(0));
    let v: Value = app
        .client
        .get(app.url(&format!("/api/builds/{id}")))
        .send()
        .await
        .expect("get")
        .json()
        .await
        .expect("json");
    assert_eq!(v["name"], "Darter II");
    assert_eq!(v["kind"], "boat");
    assert_eq!(v["document"]["hull"], "rowboat");
}

#[tokio::test]
async fn cross_site_form_posts_are_refused() {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/boats"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("sec-fetch-site", "cross-site")
        .header("origin", "https://evil.example")
        .body(form(&examples::darter(), &[]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.expect("text").contains("sent from another site"));
    let n = stored_count(&app).await;
    assert_eq!(n, 0);
    // The same post from the site itself is fine.
    let res = app
        .client
        .post(app.url("/boats"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("sec-fetch-site", "same-origin")
        .body(form(&examples::darter(), &[]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn old_and_unreadable_saved_documents_still_open() {
    let app = spawn().await;
    // A minimal document as an early version might have written it.
    drydock::store::testing::execute(&app.db, "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, updated_at, edit_token_hash) VALUES ('oldoldoldoldoldo', 'boat', 'Old', '{\"hull\": \"dinghy\", \"plant\": \"small\", \"propellers\": [{}], \"crew\": [{\"role\": \"pilot\"}]}', 0, TRUE, '', 0, 0, 'x')", &[])
        .await;
    let res = get(&app, "/boats/oldoldoldoldoldo").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("text").contains(r#"<dd id="fig-cost">$5,050</dd>"#));
    // A document this version cannot read is shown with a problem; its JSON is kept.
    drydock::store::testing::execute(&app.db, "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, updated_at, edit_token_hash) VALUES ('futurefuturefutu', 'boat', 'Future', '{\"hull\": \"dinghy\", \"warp\": 9}', 9, TRUE, '', 0, 0, 'x')", &[])
        .await;
    let res = get(&app, "/boats/futurefuturefutu").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("text").contains("cannot read"));
    let json = get(&app, "/boats/futurefuturefutu/export.json").await.text().await.expect("text");
    assert!(json.contains("\"warp\": 9"));
}

#[tokio::test]
async fn a_wrong_method_gets_a_clear_405() {
    let app = spawn().await;
    let res = app.client.delete(app.url("/boats/new")).send().await.expect("delete");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(res.headers().contains_key("allow"));
    assert!(res.text().await.expect("text").contains("does not accept"));
    // A live route (answered in front of the router) asked another way says which method it
    // takes, in the same words as any route.
    let res = app.client.get(app.url("/boats/live")).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.headers()["allow"], "POST");
    assert!(res.text().await.expect("text").contains("does not accept"));
}

#[tokio::test]
async fn visitors_never_see_a_stale_share_page_after_a_change() {
    let app = spawn().await;
    let id = save(&app, &examples::piranha()).await;
    let visitor =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let page = |c: reqwest::Client, url: String| async move {
        c.get(url).send().await.expect("get").text().await.expect("text")
    };
    let url = app.url(&format!("/boats/{id}"));
    // Twice, so the second comes from the cache.
    assert!(page(visitor.clone(), url.clone()).await.contains("<h1>Piranha</h1>"));
    assert!(page(visitor.clone(), url.clone()).await.contains("<h1>Piranha</h1>"));
    let mut changed = examples::piranha();
    changed.name = "Piranha Mk II".into();
    assert_eq!(
        post_form(&app, &format!("/boats/{id}"), form(&changed, &[])).await.status(),
        StatusCode::SEE_OTHER
    );
    assert!(page(visitor.clone(), url.clone()).await.contains("<h1>Piranha Mk II</h1>"));
    // A copy changes the original's page too (its count of copies).
    assert_eq!(
        visitor.post(app.url(&format!("/boats/{id}/fork"))).send().await.expect("fork").status(),
        StatusCode::SEE_OTHER
    );
    assert!(page(visitor.clone(), url).await.contains("1 copy made"));
}

#[tokio::test]
async fn boat_pages_keep_to_the_content_security_policy() {
    let app = spawn().await;
    let id = save(&app, &examples::minnow()).await;
    for path in [
        "/".to_owned(),
        "/boats/new".into(),
        "/boats/new?from=yacht".into(),
        format!("/boats/{id}"),
        format!("/boats/{id}/sheet"),
        "/gallery".into(),
        "/nowhere".into(),
    ] {
        let page = get(&app, &path).await.text().await.expect("text");
        assert_no_inline_code(&page);
    }
}

#[tokio::test]
async fn a_rowed_boat_shows_its_rowing_figures_and_a_jet_boat_its_drive() {
    let app = spawn().await;
    let live = post_form(
        &app,
        "/boats/live",
        "hull=rowboat&oars=2&crew.0.role=pilot&crew.1.role=passenger&crew.1.count=3".into(),
    )
    .await
    .text()
    .await
    .expect("text");
    assert!(live.contains("<dt>Rowing</dt><dd>2.5 mph/turn, up to 5 mph (2 rowers)</dd>"), "{live}");
    let live = post_form(&app, "/boats/live", "hull=dinghy&plant=mini&jet_drive=on&crew.0.role=pilot".into())
        .await
        .text()
        .await
        .expect("text");
    assert!(live.contains("<dt>Jet drive</dt><dd>will not run: too heavy for the plant</dd>"), "{live}");
}

#[tokio::test]
async fn weapons_in_one_link_group_are_linked_on_every_page() {
    use drydock::games::boats::tables::{Mount, weapon_by_id};
    let app = spawn().await;
    // The Piranha's Vulcan joins a new front rocket launcher in link group 1: one link, $50.
    let mut d = examples::piranha();
    d.weapons[0].link_group = Some(1);
    d.weapons.push(drydock::games::boats::WeaponEntry {
        link_group: Some(1),
        ..drydock::games::boats::WeaponEntry::new(weapon_by_id("rl").expect("rl"), Some(Mount::F))
    });
    let page = post_form(&app, "/boats/design", form(&d, &[])).await.text().await.expect("text");
    assert!(
        page.contains(r#"<select id="f-weapons-2-link_group" name="weapons.2.link_group""#),
        "the row offers it"
    );
    assert!(page.contains(r#"<option value="1" selected>Group 1</option>"#));
    // RL loaded: $1,000 + 10 x $35; plus the link.
    assert!(page.contains("$11,036"), "Piranha $9,636 + RL $1,350 + link $50");
    assert!(page.contains("VMG (link group 1) front"), "the stat line says so");
    assert!(page.contains("Link group 1: 1 link"), "the ledger has its line");
    let id = save(&app, &d).await;
    let sheet = get(&app, &format!("/boats/{id}/sheet")).await.text().await.expect("text");
    assert!(sheet.contains("3, link group 1"), "the record sheet shows the group beside DP");
    let back: drydock::games::boats::Design =
        get(&app, &format!("/boats/{id}/export.json")).await.json().await.expect("json");
    assert_eq!(back, d);
}

#[tokio::test]
async fn a_parent_that_was_never_saved_is_not_remembered_and_not_an_error() {
    let app = spawn().await;
    let res =
        post_form(&app, "/boats", form(&examples::darter(), &[("parent_id", "aaaaaaaaaaaaaaaa")])).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = res.headers()["location"].to_str().expect("location").trim_start_matches("/boats/").to_owned();
    let id = id.trim_end_matches("?saved=1");
    assert_eq!(stored_parent(&app, id).await, None);
}

#[tokio::test]
async fn a_boat_page_kept_for_visitors_is_never_served_at_an_epic_address() {
    let app = spawn().await;
    let id = save(&app, &examples::darter()).await;
    let visitor = stranger();
    let res = visitor.get(app.url(&format!("/boats/{id}"))).send().await.expect("boat");
    assert_eq!(res.status(), StatusCode::OK);
    // The boat page is now kept; the same id under /epic is still not a detachment.
    let res = visitor.get(app.url(&format!("/epic/{id}"))).send().await.expect("epic");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_kept_share_page_is_served_compressed_with_the_headers_every_page_has() {
    use std::io::Read;
    let app = spawn().await;
    let id = save(&app, &examples::piranha()).await;
    let visitor = stranger();
    for round in 0..2 {
        // The first visit renders and keeps the page; the second is answered from what was kept.
        let res = visitor
            .get(app.url(&format!("/boats/{id}")))
            .header("accept-encoding", "gzip, deflate, br, zstd")
            .send()
            .await
            .expect("page");
        assert_eq!(res.status(), StatusCode::OK);
        let h = res.headers().clone();
        assert_eq!(h["content-encoding"], "br", "round {round}");
        assert_eq!(h["vary"], "accept-encoding");
        assert!(h["content-security-policy"].to_str().unwrap_or("").starts_with("default-src 'self'"));
        assert_eq!(h["x-content-type-options"], "nosniff");
        let bytes = res.bytes().await.expect("body");
        let mut page = String::new();
        brotli::Decompressor::new(&bytes[..], 4096).read_to_string(&mut page).expect("brotli");
        assert!(page.contains("Piranha") && page.contains("$9,636"), "round {round}");
        assert_eq!(app.pages.len(), 1);
    }
    let res = visitor.get(app.url(&format!("/boats/{id}"))).header("accept-encoding", "gzip").send().await;
    let res = res.expect("page");
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let bytes = res.bytes().await.expect("body");
    let mut page = String::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut page).expect("gzip");
    assert!(page.contains("Piranha"));
    // The owner never gets the kept page: theirs has the edit buttons.
    let owner = app.client.get(app.url(&format!("/boats/{id}"))).send().await.expect("page");
    assert!(owner.text().await.expect("page").contains(&format!("/boats/{id}/edit")));
}

#[tokio::test]
async fn past_forty_weapon_rows_each_weapon_is_a_field_offering_one_shared_list() {
    use drydock::games::boats::WeaponEntry;
    use drydock::games::boats::tables::weapon_by_id;
    let app = spawn().await;
    let mut d = examples::piranha();
    let page = |d: &drydock::games::boats::Design, extra: &'static [(&'static str, &'static str)]| {
        let body = form(d, extra);
        let app = &app;
        async move { post_form(app, "/boats/design", body).await.text().await.expect("text") }
    };
    // A real boat keeps a select of the catalog in each row.
    let body = page(&d, &[]).await;
    assert!(body.contains(r#"<select id="f-weapons-0-weapon" name="weapons.0.weapon""#), "a select");
    assert!(!body.contains("<datalist"), "no shared list");
    // 41 rows: one list of the weapons, each row (and the adder) a field offering it.
    let mg = WeaponEntry::new(weapon_by_id("mg").expect("mg"), None);
    d.weapons = vec![mg; 41];
    let body = page(&d, &[]).await;
    assert_eq!(body.matches("<datalist").count(), 1, "one shared list");
    assert!(body.contains(r#"<datalist id="weapon-list"><option value="mg">Machine gun ("#), "ids, named");
    assert!(!body.contains(r#"<select id="f-weapons-0-weapon""#), "no select per row");
    let field = r#"<input list="weapon-list" value="mg" autocomplete="off" spellcheck="false" id="f-weapons-40-weapon" name="weapons.40.weapon" hx-post="/boats/designer""#;
    assert!(body.contains(field), "a field offering the list, redrawing the form when changed");
    assert!(body.contains(r#"<label for="f-weapons-40-weapon">Weapon</label>"#), "labelled");
    assert!(body.contains(r#"id="f-new_weapon" name="new_weapon""#), "the adder too");
    // The form posts as before: a weapon typed in a row, and one added, are read.
    let body =
        page(&d, &[("weapons.3.weapon", "rl"), ("new_weapon", "hmg"), ("action", "add.weapons")]).await;
    assert!(
        body.contains(r#"value="rl" autocomplete="off" spellcheck="false" id="f-weapons-3-weapon""#),
        "changed"
    );
    assert!(
        body.contains(r#"value="hmg" autocomplete="off" spellcheck="false" id="f-weapons-41-weapon""#),
        "added"
    );
}
