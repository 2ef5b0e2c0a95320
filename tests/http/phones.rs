//! Every builder, whatever its game: the editor carries the phone's bottom bar and the draft
//! banner, and every live update redraws the bar out of band. Written over the games registry,
//! so a game added later is held to it too.

use crate::support::spawn;
use drydock::web::codec::encode;
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
