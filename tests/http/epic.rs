//! The Epic 40,000 detachment builder's pages, saved detachments and API, over a real socket with
//! a real SQLite file.

use crate::support::{
    TestApp, assert_no_inline_code, spawn, stored_count, stored_name, stored_parent, stranger, with_extra,
};
use drydock::games::epic::{self, Choice, Detachment};
use drydock::web::epic::detachment_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Harbour Watch: Sea Raider with the HQ (25 + 25) and a Nautilus (50) = 100 pts, legal.
fn harbour_watch() -> Detachment {
    Detachment {
        name: "Harbour Watch".into(),
        choices: vec![Choice::new("main", "sea-raider", 1).with_hq(), Choice::new("support", "nautilus", 1)],
        ..Detachment::new("imperial-marines")
    }
}

fn form(d: &Detachment, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    with_extra(fields_of(d), extra)
}

/// Saves `d` through the builder form; returns the new build's id (the client keeps its cookie).
async fn save(app: &TestApp, d: &Detachment) -> String {
    let res = app.client.post(app.url("/epic")).form(&form(d, &[])).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    assert!(to.starts_with("/epic/") && to.ends_with("?saved=1"), "{to}");
    to.trim_start_matches("/epic/").trim_end_matches("?saved=1").to_owned()
}

#[tokio::test]
async fn the_new_page_offers_the_five_lists_with_race_and_description() {
    let app = spawn().await;
    let (status, page) = app.get("/epic/new").await;
    assert_eq!(status, StatusCode::OK);
    for l in epic::lists() {
        assert!(page.contains(&format!("href=\"/epic/new?list={}\"", l.id)), "{}", l.id);
        assert!(page.contains(l.name), "{}", l.name);
        assert!(page.contains(&format!("<span class=\"race\">{}</span>", l.race)), "{}", l.race);
    }
    assert!(page.contains("Main Force 1 to 10: Sea Raider, Alligator APC, Salamander Carrier"), "{page}");
    assert!(page.contains("no Detachment HQ"), "the Tyranid card says it has no HQ");
    assert_no_inline_code(&page);
}

#[tokio::test]
async fn each_lists_builder_page_shows_its_sections_limits_chain_and_notes() {
    let app = spawn().await;
    for l in epic::lists() {
        let (status, page) = app.get(&format!("/epic/new?list={}", l.id)).await;
        assert_eq!(status, StatusCode::OK, "{}", l.id);
        assert!(page.contains(&format!("<option value=\"{}\" selected>", l.id)), "{}", l.id);
        assert!(page.contains("<form id=\"builder\""), "{}", l.id);
        for s in l.sections {
            assert!(page.contains(&format!("id=\"sec-{}\"", s.id)), "{} {}", l.id, s.id);
        }
        for n in l.notes {
            assert!(page.contains(&askama_escape(n.text)), "{}: note {}", l.id, n.text);
        }
        for text in epic::chain_explanation(l) {
            assert!(page.contains(&askama_escape(&text)), "{}: {text}", l.id);
        }
        assert!(page.contains("Recalculate"), "a no-JS recalculate button");
        assert_no_inline_code(&page);
    }
    let (_, imperial) = app.get("/epic/new?list=imperial-marines").await;
    assert!(imperial.contains("treated as an Imperial Navy detachment"), "the Strategy note");
    // Empty, it starts neutral: what to choose first, and no problem until something is chosen.
    assert!(
        !imperial.contains("Choose one vessel to carry the Detachment HQ (+25 pts)"),
        "empty: not judged yet"
    );
    assert!(imperial.contains("id=\"first-step\">Nothing chosen yet: add a vessel to a section"));
    let (_, orks) = app.get("/epic/new?list=ork-wetboyz").await;
    assert!(orks.contains("Destryoer"), "the Ork chain's misprint is shown with our reading");
    let (_, tyranids) = app.get("/epic/new?list=tyranid-waterspawn").await;
    assert!(
        tyranids.contains("Synapse Creatures <span class=\"sum status\""),
        "Choose 3 is not met yet, and said without an alarm on an empty detachment"
    );
    assert!(tyranids.contains("0 choices; allowed exactly 3"));
    assert!(!tyranids.contains("id=\"sec-support\""), "no Support section");
    assert!(!tyranids.contains("id=\"sec-command\""), "no Command section");
}

#[tokio::test]
async fn an_unknown_list_in_the_address_is_a_404_that_names_the_five() {
    let app = spawn().await;
    let (status, page) = app.get("/epic/new?list=imperial-marine").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        page.contains("There is no detachment list &#34;imperial-marine&#34;: use imperial-marines"),
        "{page}"
    );
    assert!(page.contains("href=\"/epic/new?list=chaos-aqua\""), "the five lists are still offered");
}

#[tokio::test]
async fn the_live_fragment_shows_points_limits_and_problems_next_to_their_choice() {
    let app = spawn().await;
    let mut d = harbour_watch();
    d.choices.insert(1, Choice::new("main", "alligator-apc", 3));
    let (status, body) = app.post_fields("/epic/live", &form(&d, &[])).await;
    assert_eq!(status, StatusCode::OK);
    // 25 + 25 HQ + 3 x 15 + 50 = 145
    assert!(body.contains("<dd id=\"fig-points\">145</dd>"), "{body}");
    assert!(body.contains("Not legal: 1 error"), "{body}");
    assert!(body.contains("<span class=\"sum\" id=\"points-choices-1\" hx-swap-oob=\"true\">45 pts</span>"));
    let slot = body.split("id=\"problems-choices-1\"").nth(1).expect("the choice's slot");
    let slot = &slot[..slot.find("</div>").expect("end of slot")];
    assert!(slot.contains("Alligator APC choice has 3 vessels; this entry takes 1 to 2"), "{slot}");
    assert!(body.contains("id=\"status-sections-main\" hx-swap-oob=\"true\">2 choices; allowed 1 to 10<"));
    // The chain as built, HQ first, then the list's order.
    let chain = body.split("<ol class=\"chain\" id=\"chain\">").nth(1).expect("chain");
    let order: Vec<&str> =
        chain.split("<span class=\"link-vessel\">").skip(1).map(|s| &s[..s.find('<').unwrap_or(0)]).collect();
    assert_eq!(
        order,
        vec!["Sea Raider (HQ)", "Nautilus", "Alligator APC 1", "Alligator APC 2", "Alligator APC 3"]
    );
    assert!(!body.contains("<form"), "the live answer is a fragment");
}

#[tokio::test]
async fn the_no_js_form_round_trip_adds_sets_and_removes_choices() {
    let app = spawn().await;
    let d = Detachment::new("ork-wetboyz");
    let (status, page) = app
        .post_fields("/epic/design", &form(&d, &[("action", "add.main"), ("new.main", "powerbarj")]))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<!doctype html>"), "a whole page without JavaScript");
    assert!(page.contains("name=\"choices.0.entry\""));
    assert!(page.contains("<option value=\"powerbarj\" selected>"));
    assert!(
        page.contains("name=\"choices.0.count\" value=\"1\" min=\"1\" max=\"2\""),
        "a count input within range"
    );

    // Two Powerbarjz with the HQ: 2 x 20 + 25 = 65, legal.
    let d = Detachment { choices: vec![Choice::new("main", "powerbarj", 2).with_hq()], ..d };
    let (_, page) = app.post_fields("/epic/design", &form(&d, &[("action", "recalculate")])).await;
    assert!(page.contains("<dd id=\"fig-points\">65</dd>"), "{page}");
    assert!(page.contains("id=\"verdict\" role=\"status\">\n    Legal"), "legal at a glance");

    // Support gets a Destroyer, then more Support than Main Force is flagged at the section.
    let (_, page) = app
        .post_fields("/epic/design", &form(&d, &[("action", "add.support"), ("new.support", "destroyer")]))
        .await;
    assert!(page.contains("<dd id=\"fig-points\">95</dd>"));
    let d2 = Detachment {
        choices: vec![
            Choice::new("main", "powerbarj", 2).with_hq(),
            Choice::new("support", "destroyer", 1),
            Choice::new("support", "battilboat", 1),
        ],
        ..d.clone()
    };
    let (_, page) = app.post_fields("/epic/design", &form(&d2, &[])).await;
    let slot = page.split("id=\"problems-sections-support\"").nth(1).expect("support slot");
    assert!(
        slot[..slot.find("</div>").unwrap_or(0)].contains("Support has 2 choices but Main Force has 1"),
        "{slot}"
    );

    // Remove the first choice: the rest move up.
    let (_, page) = app.post_fields("/epic/design", &form(&d2, &[("action", "remove.choices.0")])).await;
    assert!(page.contains("<option value=\"destroyer\" selected>"));
    assert!(!page.contains("name=\"choices.2.entry\""));
    assert!(page.contains("Choose one vessel to carry the Detachment HQ"));
}

#[tokio::test]
async fn the_htmx_builder_answer_is_only_the_form() {
    let app = spawn().await;
    let (status, body) =
        app.post_fields("/epic/builder", &form(&harbour_watch(), &[("action", "add.main")])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.trim_start().starts_with("<form id=\"builder\""), "{body}");
    assert!(!body.contains("<html"));
    assert!(body.contains("name=\"choices.1.entry\""), "the new Main Force choice comes after the first");
    assert!(body.contains("<option value=\"nautilus\" selected>"));
}

#[tokio::test]
async fn a_saved_detachment_has_a_share_page_with_title_description_and_chain() {
    let app = spawn().await;
    let id = save(&app, &harbour_watch()).await;
    let (status, page) = app.get(&format!("/epic/{id}?saved=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<title>Harbour Watch · Drydock</title>"), "{page}");
    assert!(page.contains(
        "<meta name=\"description\" content=\"Imperial Marine Detachment · 100 pts · 2 vessels\">"
    ));
    assert!(page.contains(
        "<meta property=\"og:title\" content=\"Harbour Watch: an Epic 40,000 Imperial Marine Detachment\">"
    ));
    assert!(page.contains(&format!("/epic/{id}/edit?token=")), "the owner sees the private edit link");
    assert!(page.contains(&format!("href=\"/epic/{id}/edit\"")), "and an Edit button");
    assert!(page.contains("<dd id=\"fig-points\">100</dd>"));
    assert!(page.contains("<span class=\"link-vessel\">Sea Raider (HQ)</span>"));
    assert!(page.contains("Total: 100 pts"), "the forum text is on the page");
    assert!(page.contains("Depth Charges"), "its vessels' rules are explained");
    assert_no_inline_code(&page);

    // The gallery lists it.
    let (_, gallery) = app.get("/gallery?kind=epic").await;
    assert!(gallery.contains(&format!("href=\"/epic/{id}\"")) && gallery.contains("Harbour Watch"));
}

#[tokio::test]
async fn an_unknown_detachment_is_a_real_404_page() {
    let app = spawn().await;
    for path in
        ["/epic/aaaaaaaaaaaaaaaa", "/epic/not-an-id", "/epic/aaaaaaaaaaaaaaaa/roster", "/epic/x/export.txt"]
    {
        let (status, page) = app.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.contains("There is no saved detachment here"), "{path}: {page}");
    }
    // A boat's id is not a detachment.
    let res =
        app.client.post(app.url("/api/boats")).json(&json!({"hull": "dinghy"})).send().await.expect("boat");
    let boat: Value = res.json().await.expect("json");
    let (status, _) = app.get(&format!("/epic/{}", boat["id"].as_str().unwrap_or(""))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_edit_without_the_token_is_refused_with_403_and_changes_nothing() {
    let app = spawn().await;
    let id = save(&app, &harbour_watch()).await;
    let stranger =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let changed = Detachment { name: "Stolen".into(), ..harbour_watch() };

    let res =
        stranger.post(app.url(&format!("/epic/{id}"))).form(&form(&changed, &[])).send().await.expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.expect("body").contains("Nothing was changed"));
    let res = stranger
        .post(app.url(&format!("/epic/{id}")))
        .form(&form(&changed, &[("token", "not-the-token")]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(stored_name(&app, &id).await, "Harbour Watch");

    let res = stranger.get(app.url(&format!("/epic/{id}/edit"))).send().await.expect("edit");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let page = res.text().await.expect("body");
    assert!(page.contains(&format!("action=\"/epic/{id}/fork\"")), "a stranger is offered a copy");
    let res = stranger.get(app.url(&format!("/epic/{id}"))).send().await.expect("show");
    assert_eq!(res.status(), StatusCode::OK, "a stranger can read the share page");
    let share = res.text().await.expect("body");
    assert!(share.contains("Harbour Watch"), "the share page shows the detachment");
    assert!(!share.contains("/edit"), "no edit controls for a stranger");
    assert!(!share.contains("edit-link"));

    // The owner's browser holds the token in its cookie.
    let res = app
        .client
        .post(app.url(&format!("/epic/{id}")))
        .form(&form(&changed, &[]))
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(stored_name(&app, &id).await, "Stolen");
    let (status, page) = app.get(&format!("/epic/{id}/edit")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains(&format!("formaction=\"/epic/{id}\"")), "the owner can save changes");
}

#[tokio::test]
async fn a_private_edit_link_hands_the_token_to_another_browser() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/epic")).json(&harbour_watch()).send().await.expect("save");
    let v: Value = res.json().await.expect("json");
    let edit_url = v["edit_url"].as_str().expect("edit url");
    let other = stranger();
    let res = other.get(edit_url).send().await.expect("edit link");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = v["id"].as_str().expect("id");
    assert_eq!(res.headers()["location"], format!("/epic/{id}/edit").as_str());
    let res = other.get(app.url(&format!("/epic/{id}/edit"))).send().await.expect("edit");
    assert_eq!(res.status(), StatusCode::OK);
    let res = other.get(app.url(&format!("/epic/{id}/edit?token=wrong"))).send().await.expect("edit");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_fork_keeps_its_parent_and_opens_for_editing() {
    let app = spawn().await;
    let id = save(&app, &harbour_watch()).await;
    let stranger = stranger();
    let res = stranger.post(app.url(&format!("/epic/{id}/fork"))).send().await.expect("fork");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    let fork_id = to.trim_start_matches("/epic/").trim_end_matches("/edit").to_owned();
    assert_ne!(fork_id, id);
    assert_eq!(stored_parent(&app, &fork_id).await.as_deref(), Some(id.as_str()));
    assert_eq!(stored_name(&app, &fork_id).await, "Harbour Watch (copy)");

    let page = stranger.get(app.url(&to)).send().await.expect("edit").text().await.expect("body");
    assert!(page.contains("value=\"Harbour Watch (copy)\""), "the copy opens in the builder");
    let page = stranger
        .get(app.url(&format!("/epic/{fork_id}")))
        .send()
        .await
        .expect("show")
        .text()
        .await
        .expect("body");
    assert!(
        page.contains(&format!("copied from <a href=\"/epic/{id}\"><bdi>Harbour Watch</bdi></a>")),
        "{page}"
    );
    let (_, original) = app.get(&format!("/epic/{id}")).await;
    assert!(original.contains("1 copy made"));
}

#[tokio::test]
async fn the_exports_carry_the_chain_and_total_and_the_json_round_trips() {
    let app = spawn().await;
    let id = save(&app, &harbour_watch()).await;

    let res = app.client.get(app.url(&format!("/epic/{id}/export.txt"))).send().await.expect("text");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(res.headers()["content-disposition"], "inline; filename=\"harbour-watch.txt\"");
    let text = res.text().await.expect("body");
    assert!(text.starts_with("Harbour Watch - Imperial Marine Detachment, 100 pts\n"), "{text}");
    assert!(text.contains("  1 x Sea Raider (HQ +25 pts): 50 pts\n"), "{text}");
    assert!(text.contains("\nTotal: 100 pts\n"));
    assert!(text.contains("Chain of command:\n  1. Sea Raider (HQ)\n  2. Nautilus\n"), "{text}");
    assert!(text.contains("\nLegal.\n"));

    let res = app.client.get(app.url(&format!("/epic/{id}/export.json"))).send().await.expect("json");
    assert_eq!(res.headers()["content-type"], "application/json");
    let doc: Value = res.json().await.expect("json");
    let back: Detachment = serde_json::from_value(doc.clone()).expect("a detachment document");
    assert_eq!(back, harbour_watch());
    let res = app.client.post(app.url("/api/epic/check")).json(&doc).send().await.expect("check");
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["points"], json!(100));
    assert_eq!(v["text"].as_str(), Some(text.as_str()), "the same judgement from the API");

    // Unsaved, from the builder form.
    let (status, text) = app.post_fields("/epic/export.txt", &form(&harbour_watch(), &[])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("Total: 100 pts"));
    let (_, json_text) = app.post_fields("/epic/export.json", &form(&harbour_watch(), &[])).await;
    let unsaved: Detachment = serde_json::from_str(&json_text).expect("json");
    assert_eq!(unsaved, harbour_watch());
}

#[tokio::test]
async fn the_roster_is_printable_with_profiles_and_rules_explained() {
    let app = spawn().await;
    let id = save(&app, &harbour_watch()).await;
    let (status, page) = app.get(&format!("/epic/{id}/roster")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<body class=\"sheet roster\">"));
    assert!(page.contains("href=\"/static/drydock.css\""), "the stylesheet with its print rules");
    assert!(page.contains("<strong>100 pts</strong>"));
    assert!(page.contains("<tr id=\"vessel-sea-raider\"><th scope=\"row\">Sea Raider</th><td data-label=\"Speed\">30cm</td><td data-label=\"Range\">45cm</td><td data-label=\"Firepower\">3</td><td class=\"num\" data-label=\"Ram\">3</td><td data-label=\"Armour\">6+</td>"), "{page}");
    assert!(page.contains("<tr id=\"vessel-nautilus\">"));
    assert!(!page.contains("vessel-salamander-carrier"), "only its own vessels");
    for rule in ["stubborn", "depth-charges", "submarine"] {
        let r = epic::special_rule(rule).expect("rule");
        assert!(page.contains(&askama_escape(&r.explain(None))), "{rule}");
    }
    assert!(page.contains("<ol class=\"chain ticks\" id=\"chain\">"));
    assert_no_inline_code(&page);
    let css = app.get("/static/drydock.css").await.1;
    assert!(css.contains("@media print"));
}

#[tokio::test]
async fn the_reference_page_shows_all_twenty_profiles_and_every_rule() {
    let app = spawn().await;
    let (status, page) = app.get("/epic/vessels").await;
    assert_eq!(status, StatusCode::OK);
    for v in epic::vessels() {
        assert!(
            page.contains(&format!("<tr id=\"vessel-{}\"><th scope=\"row\">{}</th>", v.id, v.name)),
            "{}",
            v.id
        );
    }
    for r in epic::special_rules() {
        assert!(page.contains(&askama_escape(&r.explain(None))), "{}", r.id);
    }
    assert!(page.contains("we read it as Barrage"), "the Hellslammer's note");
    assert!(page.contains("HQ → Nautilus → Salamander Carrier → Sea Raider → Other"));
    assert_no_inline_code(&page);
}

#[tokio::test]
async fn the_api_saves_and_updates_a_detachment_only_with_its_token() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/epic")).json(&harbour_watch()).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    let id = v["id"].as_str().expect("id").to_owned();
    let token = v["edit_token"].as_str().expect("token").to_owned();
    assert_eq!(v["url"], json!(app.url(&format!("/epic/{id}"))));
    assert_eq!(v["edit_url"], json!(app.url(&format!("/epic/{id}/edit?token={token}"))));
    assert_eq!(v["points"], json!(100));
    assert_eq!(v["legal"], json!(true));
    assert_eq!(v["chain_of_command"][0]["vessel"], "Sea Raider (HQ)");
    let kind = drydock::store::testing::text(&app.db, "SELECT kind FROM builds WHERE id = $1", &[&id])
        .await
        .expect("row");
    assert_eq!(kind, "epic");

    let bigger = Detachment {
        name: "Harbour Watch II".into(),
        choices: vec![
            Choice::new("main", "salamander-carrier", 1).with_hq(),
            Choice::new("support", "nautilus", 1),
        ],
        ..Detachment::new("imperial-marines")
    };
    let url = app.url(&format!("/api/epic/{id}"));
    let res = app.client.put(&url).json(&bigger).send().await.expect("put");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app.client.put(&url).header("x-edit-token", "wrong").json(&bigger).send().await.expect("put");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(stored_name(&app, &id).await, "Harbour Watch");
    let res = app.client.put(&url).header("x-edit-token", &token).json(&bigger).send().await.expect("put");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["id"], json!(id));
    assert_eq!(v["points"], json!(135));
    assert_eq!(stored_name(&app, &id).await, "Harbour Watch II");

    let res = app
        .client
        .put(app.url("/api/epic/aaaaaaaaaaaaaaaa"))
        .header("x-edit-token", &token)
        .json(&bigger)
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // An illegal detachment is still saved, marked illegal.
    let res = app
        .client
        .post(app.url("/api/epic"))
        .json(&json!({"list": "chaos-aqua", "choices": [{"section": "main", "entry": "spawn-runner", "count": 5}]}))
        .send()
        .await
        .expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["legal"], json!(false));
}

#[tokio::test]
async fn bad_input_is_answered_with_messages_and_never_a_500() {
    let app = spawn().await;
    // An unknown list in the form: a problem naming the five.
    let d = Detachment {
        choices: vec![Choice::new("main", "sea-raider", 1)],
        ..Detachment::new("imperial-navy")
    };
    let (status, page) = app.post_fields("/epic/design", &form(&d, &[])).await;
    assert_eq!(status, StatusCode::OK);
    let slot = page.split("id=\"problems-list\"").nth(1).expect("list slot");
    assert!(
        slot[..slot.find("</div>").unwrap_or(0)]
            .contains("There is no detachment list &#34;imperial-navy&#34;"),
        "{slot}"
    );
    assert!(page.contains("Choices this list has no place for"), "the choice is kept");

    // A count out of range, an unknown entry, a count that is not a number.
    let fields = vec![
        ("list".to_owned(), "eldar-aquatics".to_owned()),
        ("choices.0.section".to_owned(), "main".to_owned()),
        ("choices.0.entry".to_owned(), "sahuagin-transport".to_owned()),
        ("choices.0.count".to_owned(), "9".to_owned()),
        ("choices.1.section".to_owned(), "support".to_owned()),
        ("choices.1.entry".to_owned(), "wraithship".to_owned()),
        ("choices.2.section".to_owned(), "main".to_owned()),
        ("choices.2.entry".to_owned(), "neryd-carrier".to_owned()),
        ("choices.2.count".to_owned(), "lots".to_owned()),
    ];
    let (status, page) = app.post_fields("/epic/design", &fields).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Sahuagin Transport choice has 9 vessels; this entry takes 1 to 2"), "{page}");
    assert!(page.contains("Support has no entry &#34;wraithship&#34;: use"), "{page}");
    assert!(page.contains("Choice 3 vessels: &#34;lots&#34; is not a whole number"), "{page}");
    assert!(
        page.contains("<option value=\"wraithship\" selected>wraithship (unknown)</option>"),
        "kept as sent"
    );

    // Garbage of every kind: never a 500.
    let garbage: Vec<Vec<(String, String)>> = vec![
        vec![],
        vec![("list".into(), "<script>".into()), ("action".into(), "add.main".into())],
        vec![
            ("list".into(), "imperial-marines".into()),
            ("action".into(), "remove.choices.99999999999999999999".into()),
        ],
        vec![("list".into(), "imperial-marines".into()), ("choices.0.count".into(), "99999999999".into())],
        vec![("list".into(), "imperial-marines".into()), ("choices.999999.entry".into(), "x".into())],
        vec![
            ("list".into(), "imperial-marines".into()),
            ("choices.0.section".into(), "main".into()),
            ("choices.0.entry".into(), "sea-raider".into()),
            ("choices.0.count".into(), "4294967295".into()),
            ("choices.0.hq".into(), "on".into()),
        ],
        vec![("version".into(), "-1".into()), ("list".into(), "chaos-aqua".into())],
    ];
    for fields in &garbage {
        for path in ["/epic/design", "/epic/builder", "/epic/live", "/epic/export.txt", "/epic/roster"] {
            let (status, body) = app.post_fields(path, fields).await;
            assert!(status.is_success(), "{path} {fields:?}: {status} {body}");
        }
    }
    let res = app
        .client
        .post(app.url("/epic/live"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(vec![b'l', b'i', b's', b't', b'=', 0xff, 0xfe, b'&', b'%'])
        .send()
        .await
        .expect("bytes");
    assert!(res.status().is_success(), "{}", res.status());

    // The API names the field at fault.
    for (body, want, status) in [
        (r#"{"list": "imperial-marines","#, "not valid JSON", StatusCode::BAD_REQUEST),
        (
            r#"{"list": "imperial-marines", "choices": [{"section": "main", "entry": "sea-raider", "count": -1}]}"#,
            "count",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (r#"{"lsit": "imperial-marines"}"#, "lsit", StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let res = app
            .client
            .post(app.url("/api/epic"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("api");
        assert_eq!(res.status(), status, "{body}");
        let v: Value = res.json().await.expect("json");
        assert!(v["error"].as_str().unwrap_or("").contains(want), "{v}");
    }
    let n = stored_count(&app).await;
    assert_eq!(n, 0, "nothing bad was stored");
}

/// How askama escapes text in HTML.
fn askama_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}
