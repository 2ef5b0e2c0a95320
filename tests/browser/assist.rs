//! The boat design assistant in a browser: a one-click fix and the fill's Apply, each pressed
//! as a player would, leave the view where it was, and Back returns to the build as it was
//! before each press.

use crate::support::{Browser, TURN, app, browser};
use serde_json::{Value, json};

/// A phone's screen and a laptop's.
const SCREENS: [(u32, u32); 2] = [(390, 844), (1280, 1000)];
/// How far the pressed control may move on the screen, in CSS pixels.
const MOST_MOVED: f64 = 50.0;

/// Scrolls the control to the middle of the screen, notes where it is and waits for htmx to
/// settle its answer after the press.
const BEFORE: &str = r#"
window.__settled = false;
document.addEventListener('htmx:afterSettle', () => { window.__settled = true; }, { once: true });
const e = document.querySelector(arguments[0]);
e.scrollIntoView({ block: 'center', inline: 'nearest' });
return e.getBoundingClientRect().top;
"#;

/// Presses `sel` and says how far what has focus afterwards stands from where `sel` was.
async fn press(b: &Browser, sel: &str) -> f64 {
    let top = b.c.execute(BEFORE, vec![json!(sel)]).await.expect("where the button is");
    b.css(sel).await.click().await.unwrap_or_else(|e| panic!("click {sel}: {e}"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while b.js("return window.__settled === true && !document.querySelector('.htmx-request');").await
        != json!(true)
    {
        assert!(std::time::Instant::now() < deadline, "no answer to {sel}");
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    }
    let after = b
        .js("const a = document.activeElement; return a && a !== document.body ? a.getBoundingClientRect().top : null;")
        .await;
    let after = after.as_f64().unwrap_or_else(|| panic!("{sel}: focus fell to the page"));
    after - top.as_f64().unwrap_or(0.0)
}

/// The Piranha with no pilot and no armor: a problem with a fix, and weight left to fill.
fn boat() -> Value {
    let mut d = drydock::games::boats::examples::piranha();
    d.crew.clear();
    d.armor.points = Default::default();
    d.name = "Unfinished Piranha".into();
    serde_json::to_value(&d).expect("json")
}

async fn armor_front(b: &Browser) -> String {
    b.value("input[name='armor.points.F']").await
}

#[tokio::test]
async fn a_fix_and_the_fill_stay_put_and_back_undoes_each() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let res = reqwest::Client::new().post(app.url("/api/boats")).json(&boat()).send().await.expect("save");
    let body: Value = res.json().await.expect("json");
    let edit = body["edit_url"].as_str().expect("an edit link").to_owned();
    let shots = std::env::var_os("DRYDOCK_ASSIST_SHOTS");
    for (w, h) in SCREENS {
        b.c.set_window_size(w, h).await.expect("screen size");
        b.leave_to(&edit).await;
        b.css("#fix-list").await;
        b.mark_page().await;

        let moved = press(&b, "#fix-list button[value='fix.pilot']").await;
        assert!(moved.abs() <= MOST_MOVED, "{w} px: the fix moved the view {moved:.0} px");
        b.wait_text("#verdict", "say the boat is legal", |t| t.starts_with("Legal")).await;
        assert!(!b.exists("#fix-list button").await, "the fix removed its problem");

        // The assistant's box starts open, its answers drawn with the page (and redrawn by the
        // fix's answer).
        assert_eq!(b.js("return document.getElementById('assist-box').open;").await, json!(true));
        let preview =
            b.wait_text("#assist-fill-preview", "preview the fill", |t| t.contains("points:")).await;
        if let Some(dir) = &shots {
            for (name, sel) in [("assist", "#sec-assist"), ("figures", "#figures")] {
                let png = b.shot(sel).await;
                std::fs::write(std::path::Path::new(dir).join(format!("{name}-{w}.png")), png).expect("shot");
            }
        }
        assert_eq!(armor_front(&b).await, "0");
        let moved = press(&b, "button[value='assist.fill']").await;
        assert!(moved.abs() <= MOST_MOVED, "{w} px: the fill's Apply moved the view {moved:.0} px");
        let front = armor_front(&b).await;
        assert!(
            front.parse::<u32>().unwrap_or(0) > 0,
            "{w} px: the fill added armor ({preview}); F is {front}"
        );
        assert!(b.page_was_kept().await, "no reload");

        // Back: the build before the fill (its pilot kept), then before the fix.
        b.c.back().await.expect("back");
        b.wait_text("#fig-cost", "undo the fill", |_| true).await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while armor_front(&b).await != "0" {
            assert!(std::time::Instant::now() < deadline, "{w} px: Back did not undo the fill");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(!b.exists("#fix-list button").await, "{w} px: the pilot is still aboard");
        b.c.back().await.expect("back");
        b.css("#fix-list button[value='fix.pilot']").await;
        assert!(b.page_was_kept().await, "{w} px: Back stayed on the page");

        // The same fix beside its problem lands where it was pressed, not at the list.
        let moved = press(&b, ".problems button[value='here.fix.pilot']").await;
        assert!(moved.abs() <= MOST_MOVED, "{w} px: the fix beside its problem moved the view {moved:.0} px");
        b.wait_text("#verdict", "say the boat is legal", |t| t.starts_with("Legal")).await;
        let focused = b.js("return document.activeElement.closest('#fix-list') === null;").await;
        assert_eq!(focused, json!(true), "{w} px: focus went to the fixes list");
    }
}
