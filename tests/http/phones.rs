//! Every builder, whatever its game: the editor carries the phone's bottom bar and the draft
//! banner, and every live update redraws the bar out of band. Written over the games registry,
//! so a game added later is held to it too.

use crate::support::spawn;
use drydock::web::http::codec::encode;
use reqwest::StatusCode;
use serde_json::Value;

#[tokio::test]
async fn every_builders_editor_and_live_update_carry_the_bottom_bar() {
    let app = spawn().await;
    for g in drydock::web::registry::games() {
        let example: Value = serde_json::from_str(g.example).expect("the example is JSON");
        let fields = encode(&example);

        let res = app.client.post(app.url(&format!("{}/design", g.path))).form(&fields).send().await;
        let res = res.expect("editor");
        assert_eq!(res.status(), StatusCode::OK, "{}", g.id);
        let editor = res.text().await.expect("body");
        assert_eq!(editor.matches("id=\"status-bar\"").count(), 1, "{}: one bar", g.id);
        assert!(editor.contains("<span class=\"bar-figures\" id=\"bar-figures\">"), "{}", g.id);
        assert!(
            editor.contains(&format!("data-draft-form=\"{}\"", form_id(&editor))),
            "{}: the draft banner names the editor's form",
            g.id
        );
        assert!(editor.contains(&format!("data-draft-base=\"{}\"", g.path)), "{}", g.id);

        let res = app.client.post(app.url(&format!("{}/live", g.path))).form(&fields).send().await;
        let live = res.expect("live").text().await.expect("body");
        assert!(
            live.contains(
                "<aside id=\"status-bar\" class=\"status-bar\" aria-label=\"Totals\" hx-swap-oob=\"true\">"
            ),
            "{}: {live}",
            g.id
        );
        let figures = |page: &str| {
            let at = page.split("id=\"bar-figures\">").nth(1).unwrap_or("");
            at[..at.find('<').unwrap_or(0)].to_owned()
        };
        assert!(!figures(&live).is_empty(), "{}", g.id);
        assert_eq!(figures(&live), figures(&editor), "{}: the live bar says what the editor says", g.id);
    }
}

/// The id of the editor's form: the one whose action is its game's `/design`.
fn form_id(page: &str) -> String {
    let at = page.split("<form id=\"").nth(1).unwrap_or("");
    at[..at.find('"').unwrap_or(0)].to_owned()
}

/// A new build's editor, by following its game's start page to the first choice it offers (a
/// hull, a list, a faction) when the start page is not already the editor.
async fn new_editor(app: &crate::support::TestApp, g: &drydock::games::registry::Game) -> String {
    let start = app.page(&format!("{}/new", g.path)).await;
    if start.contains("id=\"status-bar\"") {
        return start;
    }
    let prefix = format!("href=\"{}/new?", g.path);
    let at = start.find(&prefix).expect("a first choice") + "href=\"".len();
    let href = &start[at..at + start[at..].find('"').expect("an address")];
    app.page(&href.replace("&amp;", "&")).await
}

#[tokio::test]
async fn an_empty_builder_starts_neutral_and_judges_what_was_entered_or_saved() {
    let app = spawn().await;
    for g in drydock::web::registry::games() {
        let editor = new_editor(&app, g).await;
        assert!(
            editor.contains(
                "<p class=\"verdict starting\" id=\"verdict\" role=\"status\">\n    Not started\n</p>"
            ),
            "{}",
            g.id
        );
        assert!(
            editor.contains("class=\"bar-verdict starting\" id=\"bar-verdict\">Not started</span>"),
            "{}",
            g.id
        );
        let first = g.first.replace('\'', "&#39;").replace('"', "&#34;");
        assert!(
            editor.contains(&format!("<p class=\"hint\" id=\"first-step\">{first}</p>")),
            "{}: what to choose first",
            g.id
        );
        assert!(
            !editor.contains("class=\"problem ") && !editor.contains("problem-list"),
            "{}: no problems yet",
            g.id
        );

        // Something chosen: the whole verdict, with every problem.
        let example: Value = serde_json::from_str(g.example).expect("the example is JSON");
        let mut broken = example.clone();
        broken["name"] = Value::from("Tried");
        let live = app.post_fields(&format!("{}/live", g.path), &encode(&broken)).await.1;
        assert!(!live.contains("starting") && live.contains("class=\"verdict legal\""), "{}", g.id);

        // Saved empty, its editor and page say what the rules say of it.
        let fields = form_fields(&editor);
        let res = app.client.post(app.url(g.path)).form(&fields).send().await.expect("save");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{}: saved", g.id);
        let to = res.headers()["location"].to_str().expect("location");
        let share = to.split('?').next().unwrap_or(to);
        let edit = app.page(&format!("{share}/edit")).await;
        assert!(
            edit.contains("id=\"status-bar\"") && !edit.contains("starting"),
            "{}: its editor judges it",
            g.id
        );
    }
}

/// The name and value of every input and selected option of a page's editor form, as a browser
/// would post them (enough for a new build's form: hidden fields, text and number boxes, selects).
fn form_fields(page: &str) -> Vec<(String, String)> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[at..at + tag[at..].find('"')?].replace("&amp;", "&").replace("&#34;", "\""))
    };
    let mut out = Vec::new();
    for tag in page.split("<input").skip(1).map(|t| &t[..t.find('>').unwrap_or(t.len())]) {
        let (Some(name), kind) = (attr(tag, "name"), attr(tag, "type").unwrap_or_default()) else { continue };
        if kind == "checkbox" && !tag.contains(" checked") || kind == "radio" && !tag.contains(" checked") {
            continue;
        }
        out.push((name, attr(tag, "value").unwrap_or_default()));
    }
    for select in page.split("<select").skip(1) {
        let head = &select[..select.find('>').unwrap_or(0)];
        let Some(name) = attr(head, "name") else { continue };
        let body = &select[..select.find("</select>").unwrap_or(select.len())];
        let chosen =
            body.split("<option").skip(1).find(|o| o[..o.find('>').unwrap_or(0)].contains(" selected"));
        if let Some(o) = chosen.or_else(|| body.split("<option").nth(1)) {
            out.push((name, attr(o, "value").unwrap_or_default()));
        }
    }
    out
}
