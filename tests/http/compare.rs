//! Comparing two builds and a build's family, over a real socket: the compare page and API for
//! every registered game, every bad case in words (never a 500), and the family a share page
//! lists (its listed original and listed copies, bounded, each with a one-line difference).

use crate::support::{TestApp, api_save, example_named, id_and_token, spawn, spawn_unlimited};
use drydock::games::registry::Game;
use drydock::web::flows::compare::MAX_FAMILY;
use drydock::web::http::codec;
use drydock::web::registry::GAMES;
use reqwest::StatusCode;
use serde_json::Value;

fn boats() -> &'static Game {
    &drydock::games::boats::GAME
}

/// Saves the boat `doc` through the designer's form, as a copy of `parent` when given, listed or
/// not: the new build's id.
async fn save_form(app: &TestApp, g: &Game, doc: &Value, parent: Option<&str>, listed: bool) -> String {
    let design: drydock::games::boats::Design = serde_json::from_value(doc.clone()).expect("a design");
    let mut fields = codec::encode(&design);
    if let Some(p) = parent {
        fields.push(("parent_id".into(), p.into()));
    }
    fields.push(("listed".into(), if listed { "on" } else { "off" }.into()));
    let res = app.client.post(app.url(g.path)).form(&fields).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{}", res.text().await.unwrap_or_default());
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    to.trim_start_matches(&format!("{}/", g.path)).trim_end_matches("?saved=1").to_owned()
}

/// The Piranha, and a copy of it with a third torpedo and 5 points less armor in front.
fn piranha_and_changed() -> (Value, Value) {
    let a = example_named(boats(), "Piranha");
    let mut b = example_named(boats(), "Piranha Mk II");
    b["weapons"][1]["count"] = Value::from(3);
    b["armor"]["points"]["F"] = Value::from(10);
    (a, b)
}

#[tokio::test]
async fn the_compare_page_shows_both_boats_side_by_side_with_every_difference_in_words() {
    let app = spawn().await;
    let (a, b) = piranha_and_changed();
    let a = id_and_token(&api_save(&app, "/boats", &a).await).0;
    let b = id_and_token(&api_save(&app, "/boats", &b).await).0;
    let (status, page) = app.get(&format!("/boats/compare?a={a}&b={b}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Piranha Mk II"), "{page}");
    // A third torpedo: one row, both counts; armor in front 5 less; the cost more, in dollars.
    assert!(page.contains("2 → 3"), "{page}");
    assert!(
        page.contains(
            "<th scope=\"row\">Armor, Front</th><td>15</td><td>10</td><td class=\"difference\">\u{2212}5</td>"
        ),
        "{page}"
    );
    assert!(page.contains("<th scope=\"row\">Cost</th>"), "{page}");
    let cost_row = &page[page.find("<th scope=\"row\">Cost</th>").expect("cost")..];
    let cost_diff = &cost_row[cost_row.find("class=\"difference\">").expect("a difference") + 19..];
    assert!(cost_diff.starts_with("+$"), "{cost_diff}");
    // Unchanged figures say so.
    assert!(
        page.contains(
            "<th scope=\"row\">Armor, Back</th><td>12</td><td>12</td><td class=\"difference\">same</td>"
        ),
        "{page}"
    );
    // A pasted share link names the build as well as its id.
    let link = app.url(&format!("/boats/{b}?saved=1"));
    let (status, pasted) = app.get(&format!("/boats/compare?a={a}&b={}", urlencode(&link))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pasted.contains("2 → 3"));
    // The chooser's pasted field is used in place of its choice.
    let (status, chosen) = app.get(&format!("/boats/compare?a={a}&b={a}&paste={}", urlencode(&link))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(chosen.contains("2 → 3"));
    crate::support::assert_no_inline_code(&page);
}

fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[tokio::test]
async fn the_compare_api_gives_both_sides_figures_parts_and_problems() {
    let app = spawn().await;
    let (a, mut b) = piranha_and_changed();
    // The copy has no pilot: a problem on its side only.
    b["crew"] = Value::Array(Vec::new());
    let a = id_and_token(&api_save(&app, "/boats", &a).await).0;
    let b = id_and_token(&api_save(&app, "/boats", &b).await).0;
    let res = app.client.get(app.url(&format!("/api/compare?a={a}&b={b}"))).send().await.expect("get");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["kind"], "boat");
    assert_eq!(v["same"], false);
    let row = |list: &str, field: &str, name: &str| -> Value {
        v[list].as_array().and_then(|l| l.iter().find(|r| r[field] == name).cloned()).unwrap_or(Value::Null)
    };
    assert_eq!(row("figures", "label", "Armor, Front")["difference"], "\u{2212}5");
    assert!(row("figures", "label", "Cost")["difference"].as_str().is_some_and(|d| d.starts_with("+$")));
    let torpedoes =
        v["parts"].as_array().and_then(|l| l.iter().find(|p| p["difference"] == "2 → 3").cloned());
    assert!(
        torpedoes.is_some_and(
            |t| t["change"] == "changed" && t["key"].as_str().is_some_and(|k| k.contains("torpedo"))
        ),
        "{v}"
    );
    assert_eq!(v["a"]["problems"].as_array().map(Vec::len), Some(0), "{v}");
    assert!(v["b"]["problems"].as_array().is_some_and(|p| !p.is_empty()), "{v}");
    assert_eq!(v["b"]["legal"], false);
}

#[tokio::test]
async fn every_game_compares_its_example_with_a_copy_of_itself_as_all_the_same() {
    let app = spawn().await;
    for r in &GAMES {
        let g = r.game;
        let doc: Value = serde_json::from_str(g.example).expect("json");
        let a = id_and_token(&api_save(&app, g.path, &doc).await).0;
        let b = id_and_token(&api_save(&app, g.path, &doc).await).0;
        let (status, page) = app.get(&format!("{}/compare?a={a}&b={b}", g.path)).await;
        assert_eq!(status, StatusCode::OK, "{}: {page}", g.id);
        assert!(page.contains("id=\"all-same\""), "{}", g.id);
        // The same build twice is allowed too.
        let (status, page) = app.get(&format!("{}/compare?a={a}&b={a}", g.path)).await;
        assert_eq!(status, StatusCode::OK, "{}", g.id);
        assert!(page.contains("id=\"all-same\""), "{}", g.id);
        let (status, json) = app.get(&format!("/api/compare?a={a}&b={b}")).await;
        assert_eq!(status, StatusCode::OK, "{}", g.id);
        let v: Value = serde_json::from_str(&json).expect("json");
        assert_eq!((v["kind"].as_str(), v["same"].as_bool()), (Some(g.id), Some(true)), "{}", g.id);
    }
}

#[tokio::test]
async fn every_bad_compare_gets_a_clear_answer_never_a_500() {
    let app = spawn().await;
    let boat = id_and_token(&api_save(&app, "/boats", &example_named(boats(), "Boat")).await).0;
    let epic = &drydock::games::epic::GAME;
    let list = id_and_token(&api_save(&app, epic.path, &example_named(epic, "List")).await).0;
    let saved = api_save(&app, "/boats", &example_named(boats(), "Doomed")).await;
    let (doomed, token) = id_and_token(&saved);
    let res = app.client.delete(app.url(&format!("/api/builds/{doomed}"))).header("x-edit-token", &token);
    assert!(res.send().await.expect("delete").status().is_success());
    let unknown = "aaaaaaaaaaaaaaaa";
    let cases: [(String, StatusCode, &str); 7] = [
        (format!("a={boat}&b={list}"), StatusCode::UNPROCESSABLE_ENTITY, "only builds of the same game"),
        (format!("a={boat}&b={doomed}"), StatusCode::GONE, "deleted by its owner"),
        (format!("a={unknown}&b={boat}"), StatusCode::NOT_FOUND, "no saved build with the id"),
        (
            format!("a={boat}&b=https%3A%2F%2Fexample.com%2Fboats%2F"),
            StatusCode::BAD_REQUEST,
            "is not a build",
        ),
        (format!("a={boat}"), StatusCode::BAD_REQUEST, "The second build (b) is missing"),
        (format!("b={boat}"), StatusCode::BAD_REQUEST, "The first build (a) is missing"),
        ("a=%FF%FE&b=%00".to_owned(), StatusCode::BAD_REQUEST, "is not a build"),
    ];
    for (q, status, words) in &cases {
        let (got, page) = app.get(&format!("/boats/compare?{q}")).await;
        assert_eq!((got, page.contains(words)), (*status, true), "{q}: {page}");
        let (got, json) = app.get(&format!("/api/compare?{q}")).await;
        assert_eq!(got, *status, "{q}: {json}");
        let v: Value = serde_json::from_str(&json).expect("json");
        assert!(v["error"].as_str().is_some_and(|e| e.contains(words)), "{q}: {json}");
    }
    // Two Epic detachments asked for at the boats' address go to the Epic compare page.
    let res =
        app.client.get(app.url(&format!("/boats/compare?a={list}&b={list}"))).send().await.expect("get");
    assert!(res.status().is_redirection());
    assert_eq!(res.headers()["location"], format!("/epic/compare?a={list}&b={list}").as_str());
    // The chooser of a deleted or unknown build.
    assert_eq!(app.get(&format!("/boats/{doomed}/compare")).await.0, StatusCode::GONE);
    assert_eq!(app.get(&format!("/boats/{unknown}/compare")).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_copys_page_names_its_original_with_the_difference_and_the_original_lists_the_copy() {
    let app = spawn().await;
    let (a, b) = piranha_and_changed();
    let original = save_form(&app, boats(), &a, None, true).await;
    let copy = save_form(&app, boats(), &b, Some(&original), true).await;
    let hidden =
        save_form(&app, boats(), &example_named(boats(), "Secret copy"), Some(&original), false).await;
    let stranger = crate::support::stranger();
    let page = |id: String| {
        let stranger = stranger.clone();
        let url = app.url(&format!("/boats/{id}"));
        async move { stranger.get(url).send().await.expect("get").text().await.expect("text") }
    };
    let copy_page = page(copy.clone()).await;
    let named = &copy_page[copy_page.find("id=\"family-original\"").expect("its original, named")..];
    let named = &named[..named.find("</p>").unwrap_or(named.len())];
    // From the copy, the original has one torpedo fewer and costs less.
    assert!(named.contains("Piranha") && named.contains("\u{2212}1 Torpedo, \u{2212}$"), "{named}");
    assert!(
        named.contains(&format!("/boats/compare?a={copy}&"))
            && named.contains(&format!("b={original}\">Compare")),
        "{named}"
    );
    let original_page = page(original.clone()).await;
    let copies = &original_page[original_page.find("id=\"family-copies\"").expect("its copies")..];
    let copies = &copies[..copies.find("</ul>").unwrap_or(copies.len())];
    assert!(copies.contains("Piranha Mk II") && copies.contains("+1 Torpedo, +$"), "{copies}");
    // The unlisted copy is never shown, nor its id.
    assert!(!original_page.contains("Secret copy") && !original_page.contains(&hidden), "{copies}");
    // An unlisted original is not named on its copy's page.
    let quiet = save_form(&app, boats(), &a, None, false).await;
    let of_quiet = save_form(&app, boats(), &b, Some(&quiet), true).await;
    let quiet_page = page(of_quiet).await;
    assert!(!quiet_page.contains("id=\"family-original\"") && !quiet_page.contains(&quiet));
    // The owner's editor offers it too, for the saved version.
    let (status, editor) = app.get(&format!("/boats/{copy}/edit")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(editor.contains(&format!("href=\"/boats/{copy}/compare\"")), "{editor}");
    // The chooser offers the original and the copy, and a field to paste any link.
    let (status, chooser) = app.get(&format!("/boats/{copy}/compare")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        chooser.contains(&format!("value=\"{original}\"")) && chooser.contains("name=\"paste\""),
        "{chooser}"
    );
    assert!(!chooser.contains(&format!("value=\"{hidden}\"")) || chooser.contains("one of your builds"));
}

#[tokio::test]
async fn a_family_lists_at_most_its_bound_of_copies_and_counts_the_rest() {
    let app = spawn_unlimited().await;
    let (a, b) = piranha_and_changed();
    let original = save_form(&app, boats(), &a, None, true).await;
    for _ in 0..MAX_FAMILY + 2 {
        save_form(&app, boats(), &b, Some(&original), true).await;
    }
    let page =
        crate::support::stranger().get(app.url(&format!("/boats/{original}"))).send().await.expect("get");
    let page = page.text().await.expect("text");
    let copies = &page[page.find("id=\"family-copies\"").expect("copies")..];
    let copies = &copies[..copies.find("</ul>").unwrap_or(copies.len())];
    assert_eq!(copies.matches(">Compare</a>").count(), MAX_FAMILY, "{copies}");
    assert!(copies.contains("id=\"family-more\">and 2 more"), "{copies}");
}
