//! Phones and drafts: every page at 390 px without sideways scrolling (found by crawling from the
//! home page, so a page added later is covered), the bar at the foot of every editor, and the
//! unsaved draft a browser keeps, offers back and restores.

use crate::support::{Browser, TURN, app, browser, browser_without_script, saved_examples};
use serde_json::{Value, json};
use std::collections::{BTreeSet, VecDeque};

/// Most pages the crawl visits: far more than the site has today, so it ends by running out of
/// links, and a loop of generated links cannot run away.
const MAX_PAGES: usize = 160;

/// What is wrong with the page shown at 390 px, if anything: sideways scrolling, or a table
/// wider than the screen (even inside a scrolling box). Closed boxes are opened first, so the
/// tables they hold are measured too.
pub async fn too_wide(b: &Browser) -> Option<String> {
    b.js("document.querySelectorAll('details').forEach(d => { d.open = true; });").await;
    if b.fits_width().await != json!(true) {
        let width = b.js("return document.documentElement.scrollWidth;").await;
        let widest = b
            .js("return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 3).map(e => e.tagName + '.' + e.className + '#' + e.id);")
            .await;
        return Some(format!("scrolls sideways ({width} px wide; first past the edge: {widest})"));
    }
    let broken = b.js(BROKEN_WORDS).await;
    if broken != json!([]) {
        return Some(format!("words broken inside: {broken}"));
    }
    let tables = b
        .js("return [...document.querySelectorAll('table')].filter(t => t.getBoundingClientRect().width > window.innerWidth + 1).map(t => (t.id || t.className) + ' ' + Math.round(t.getBoundingClientRect().width) + 'px');")
        .await;
    if tables != json!([]) {
        return Some(format!("tables wider than the screen: {tables}"));
    }
    None
}

/// The words (and numbers: "1,234", "35/36") of the page broken across two lines, each with the
/// id of the region it is in: a word is never cut in the middle ("Salama|nder") unless it is
/// wider than its whole box (a very long name typed as one word). Breaking at a space or after a
/// hyphen is how text wraps and is fine; a number never breaks.
const BROKEN_WORDS: &str = r#"
const out = [];
const walker = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT);
const token = /[\p{L}\p{N}]+(?:[.,/'’:×][\p{L}\p{N}]+)*/gu;
const range = document.createRange();
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  if (!el || el.closest('svg, script, style, select, textarea, noscript, [hidden]')) continue;
  for (const m of n.textContent.matchAll(token)) {
    if (m[0].length < 2) continue;
    range.setStart(n, m.index);
    range.setEnd(n, m.index + m[0].length);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (rects.length < 2) continue;
    const tops = new Set(rects.map(r => Math.round(r.top)));
    if (tops.size < 2) continue;
    // The whole run between spaces the word is part of ("</script><script>" is one run): a run
    // wider than its box has to break somewhere.
    const text = n.textContent;
    let from = m.index, to = m.index + m[0].length;
    while (from > 0 && !/\s/.test(text[from - 1])) from--;
    while (to < text.length && !/\s/.test(text[to])) to++;
    range.setStart(n, from);
    range.setEnd(n, to);
    const width = [...range.getClientRects()].reduce((w, r) => w + r.width, 0);
    let box = el;
    while (box.parentElement && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
    const room = box.clientWidth - parseFloat(getComputedStyle(box).paddingLeft) - parseFloat(getComputedStyle(box).paddingRight);
    if (width <= room + 1) out.push(m[0] + ' in #' + (el.closest('[id]') || {}).id + ' ' + el.tagName);
    if (out.length >= 5) return out;
  }
}
return out;
"#;

/// How many pages of one shape the crawl visits: saved builds from other tests fill the gallery,
/// and their pages are drawn by the same templates.
const PER_SHAPE: usize = 3;

/// A page's shape: its address with saved-build ids as `{id}` and only the names of its query's
/// fields (`/epic/{id}/roster`, `/samurai/{id}/map?hex`): a saved map links each of its hexes.
fn shape(path: &str) -> String {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let segments: Vec<&str> = path
        .split('/')
        .map(|s| {
            let id = s.len() == 16 && s.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
            if id { "{id}" } else { s }
        })
        .collect();
    let fields: Vec<&str> = query.split('&').map(|pair| pair.split('=').next().unwrap_or(pair)).collect();
    format!("{}?{}", segments.join("/"), fields.join("&"))
}

/// The same-origin links of the page to crawl next: not downloads, exports, the API or static
/// files, without their #fragment.
async fn links(b: &Browser, origin: &str) -> Vec<String> {
    let found = b.js("return [...document.querySelectorAll('a[href]')].filter(a => !a.hasAttribute('download')).map(a => new URL(a.getAttribute('href'), location.href).href.split('#')[0]);").await;
    let mut out = Vec::new();
    for href in found.as_array().into_iter().flatten().filter_map(Value::as_str) {
        let Some(path) = href.strip_prefix(origin) else { continue };
        let skip = path.starts_with("/api/")
            || path.starts_with("/static/")
            || path.contains("/export.")
            || path.ends_with(".json")
            || path.ends_with(".txt");
        if !skip && !path.is_empty() {
            out.push(path.to_owned());
        }
    }
    out
}

#[tokio::test]
async fn every_page_fits_a_phone_screen() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    let origin = app.url("");
    let mut wrong = Vec::new();

    // Each builder's editor with its example loaded (the edit link makes this browser its owner).
    for (_, edit) in &examples {
        b.goto(edit).await;
        b.css("#status-bar").await;
        if let Some(why) = too_wide(&b).await {
            wrong.push(format!("{} (editor): {why}", b.url().await));
        }
        for v in b.axe().await {
            wrong.push(format!("{} (editor): {v}", b.url().await));
        }
    }

    // Every page reachable from the home page and the saved examples' pages, and the page a
    // wrong address gets.
    let mut queue: VecDeque<String> = VecDeque::from(vec!["/".to_owned(), "/no-such-page".to_owned()]);
    queue.extend(examples.iter().map(|(share, _)| share.clone()));
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut visited = Vec::new();
    let mut axed = BTreeSet::new();
    while let Some(path) = queue.pop_front() {
        if visited.len() >= MAX_PAGES {
            break;
        }
        b.goto(&app.url(&path)).await;
        b.css("body").await;
        visited.push(path.clone());
        if let Some(why) = too_wide(&b).await {
            wrong.push(format!("{path}: {why}"));
        }
        // axe-core on the first page of each shape: the others are the same template with other
        // builds in it, and axe takes a second or more on a page of the map.
        // So is the keyboard's reach, and its focus ring.
        if axed.insert(shape(&path)) {
            for v in b.axe().await {
                wrong.push(format!("{path}: {v}"));
            }
            for v in b.keyboard_gaps().await {
                wrong.push(format!("{path}: keyboard: {v}"));
            }
        }
        for next in links(&b, &origin).await {
            let same = seen.iter().filter(|p| shape(p) == shape(&next)).count();
            if same < PER_SHAPE && seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }

    // The crawl reached every game's pages, and more than the front door.
    for g in drydock::web::registry::games() {
        assert!(visited.iter().any(|p| p == &format!("{}/new", g.path)), "{} was not reached", g.path);
    }
    for must in ["/gallery", "/epic/vessels"] {
        assert!(visited.iter().any(|p| p == must), "{must} was not reached: {visited:?}");
    }
    assert!(visited.len() < MAX_PAGES, "the crawl was cut short: {visited:?}");

    // The narrowest phones most players hold (360 px): every page the crawl reached fits too.
    // And each editor with its example, as at 390 px.
    b.c.set_window_size(360, 800).await.expect("narrow phone size");
    let editors = examples.iter().map(|(_, edit)| edit.clone());
    for url in visited.iter().map(|path| app.url(path)).chain(editors) {
        b.goto(&url).await;
        b.css("body").await;
        if let Some(why) = too_wide(&b).await {
            wrong.push(format!("{url} at 360 px: {why}"));
        }
    }
    assert!(wrong.is_empty(), "too wide, or not accessible, at 390 px (or 360):\n{}", wrong.join("\n"));
}

/// The bar's words: its figures and its verdict.
async fn bar(b: &Browser) -> (String, String) {
    (b.text("#bar-figures").await, b.text("#bar-verdict").await)
}

#[tokio::test]
async fn the_bar_at_the_foot_of_a_phone_follows_every_change() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&app.url("/epic/new?list=imperial-marines")).await;
    assert_eq!(
        bar(&b).await,
        ("0 pts".to_owned(), "Not started".to_owned()),
        "an empty detachment starts neutral"
    );
    let at_foot = b
        .js("const r = document.querySelector('#status-bar').getBoundingClientRect(); return getComputedStyle(document.querySelector('#status-bar')).position === 'fixed' && Math.abs(r.bottom - window.innerHeight) < 2 && r.height > 0;")
        .await;
    assert_eq!(at_foot, json!(true), "fixed to the foot of the screen");

    // A change far from the figures shows in the bar: a limit, then a vessel with the HQ.
    b.type_into("#f-points_limit", "40").await;
    b.wait_text("#bar-figures", "show the limit", |t| t == "0 of 40 pts").await;
    b.select("#f-new-main", "sea-raider").await;
    b.click("button[value='add.main']").await;
    b.css("#f-choices-0-hq").await;
    b.wait_text("#bar-figures", "price the Sea Raider", |t| t == "25 of 40 pts").await;
    b.click("#f-choices-0-hq").await;
    b.wait_text("#bar-figures", "add the HQ", |t| t == "50 of 40 pts").await;
    b.wait_text("#bar-verdict", "flag the limit", |t| t == "Not legal: 1 error").await;
    assert!(b.text("#problems-points_limit").await.contains("10 over its limit of 40 pts"));
    b.type_into("#f-points_limit", "50").await;
    b.wait_text("#bar-figures", "take the new limit", |t| t == "50 of 50 pts").await;
    b.wait_text("#bar-verdict", "say legal", |t| t == "Legal").await;
    assert_eq!(b.js("return document.querySelectorAll('#status-bar').length;").await, json!(1));

    // Every builder's editor has it, with its own figures.
    for (path, figures) in [
        ("/boats/new?from=minnow", " lb"),
        ("/bfg/new?faction=imperial-navy", " pts"),
        ("/waffle/new?from=example", " pts"),
    ] {
        b.goto(&app.url(path)).await;
        let (words, verdict) = bar(&b).await;
        assert!(words.contains(figures) && !verdict.is_empty(), "{path}: {words:?} {verdict:?}");
    }
    b.goto(&app.url("/boats/new?from=minnow")).await;
    let boat = b.text("#bar-figures").await;
    assert!(
        boat.starts_with('$') && boat.contains(" of ") && boat.ends_with(" lb"),
        "cost and weight of max load: {boat}"
    );

    // Print leaves it out: the page's print rules hide it.
    let printed = b
        .js("return [...document.styleSheets].flatMap(s => [...s.cssRules]).filter(r => r.media && r.media.mediaText === 'print').flatMap(r => [...r.cssRules]).some(r => r.selectorText && r.selectorText.split(',').map(x => x.trim()).includes('.status-bar') && r.style.display === 'none');")
        .await;
    assert_eq!(printed, json!(true), "hidden in print");

    // A wide screen keeps the figures panel in view instead.
    b.c.set_window_size(1280, 1000).await.expect("desktop size");
    assert_eq!(
        b.js("return getComputedStyle(document.querySelector('#status-bar')).display;").await,
        json!("none")
    );
}

/// Whether leaving the page now would ask first: the page's beforeunload handlers, run as the
/// browser runs them, cancel the unload.
async fn leaving_asks(b: &Browser) -> bool {
    b.js("return !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));").await
        == json!(true)
}

#[tokio::test]
async fn leaving_a_design_asks_only_when_it_has_unsaved_changes() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/waffle/new")).await;
    b.css("#f-name").await;
    assert!(!leaving_asks(&b).await, "nothing changed yet");
    b.type_into("#f-name", "Iron Wall").await;
    b.settle().await;
    assert!(leaving_asks(&b).await, "a changed name");
    b.type_into("#f-name", "").await;
    b.settle().await;
    assert!(!leaving_asks(&b).await, "changed back to what was there");
    assert_eq!(b.js("return localStorage.length;").await, json!(0), "no draft of an unchanged page");
}

#[tokio::test]
async fn an_unsaved_draft_comes_back_after_a_reload_and_saving_ends_it() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    let new = app.url("/epic/new?list=ork-wetboyz");
    b.goto(&new).await;
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"), "no draft yet");

    // A change the form's rows hold (an added choice) and one typed.
    b.select("#f-new-main", "mangler").await;
    b.click("button[value='add.main']").await;
    b.css("#f-choices-0-hq").await;
    b.type_into("#f-name", "Draft Boyz").await;
    b.settle().await;
    assert!(leaving_asks(&b).await);

    // The tab is reloaded (or the browser crashed): a fresh page, and the offer.
    b.js("window.location.reload();").await;
    if b.c.accept_alert().await.is_ok() {
        // The browser asked before leaving, as it should; the player said yes.
    }
    b.wait_text("#draft-banner", "offer the draft", |t| t.contains("unsaved changes")).await;
    assert_eq!(b.value("#f-name").await, "", "the page itself is new");
    assert!(!b.exists("#f-choices-0-hq").await);

    // Restoring brings back the rows and the name, drawn by the server.
    b.post("#draft-banner [data-draft=restore]", "#f-choices-0-hq").await;
    assert_eq!(b.value("#f-name").await, "Draft Boyz");
    assert!(b.url().await.ends_with("/epic/design"), "{}", b.url().await);
    b.wait_text("#draft-banner", "say the changes are back", |t| t.contains("are back")).await;
    assert!(!b.exists("#draft-banner [data-draft=restore]").await, "no second offer");
    b.wait_text("#fig-points", "price the Mangler", |t| t == "50").await;
    assert!(leaving_asks(&b).await, "the restored draft is not saved yet");

    // Saving ends the draft: no question on the way out, no offer next time.
    b.post("button[formaction='/epic']", ".share").await;
    assert!(!leaving_asks(&b).await);
    b.goto(&new).await;
    b.css("#f-name").await;
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"), "the draft was saved");
    assert_eq!(b.js("return localStorage.length;").await, json!(0));
}

#[tokio::test]
async fn a_draft_can_be_discarded_from_the_keyboard() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/waffle/new")).await;
    b.type_into("#f-name", "Forgotten").await;
    b.settle().await;
    b.goto(&app.url("/epic/vessels")).await;
    let _ = b.c.accept_alert().await;
    b.goto(&app.url("/waffle/new")).await;
    b.wait_text("#draft-banner", "offer the draft", |t| t.contains("unsaved changes")).await;

    b.js("document.querySelector('#draft-banner [data-draft=discard]').focus();").await;
    b.c.active_element().await.expect("focus").send_keys("\u{E007}").await.expect("enter");
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"));
    assert_eq!(b.js("return document.activeElement.id;").await, json!("f-name"), "focus moves to the form");
    assert_eq!(b.js("return localStorage.length;").await, json!(0));
}

#[tokio::test]
async fn without_javascript_there_is_no_offer_and_the_editor_works() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser_without_script().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    b.goto(&app.url("/waffle/new")).await;
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"));
    assert_eq!(b.text("#bar-figures").await, "0 pts");
}

#[tokio::test]
async fn a_save_that_is_refused_keeps_the_draft() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let b = browser().await;
    b.goto(&app.url("/waffle/new")).await;
    // More vehicles than any build may hold (as a hand-made form could post): the save is
    // refused with a 422 and nothing is stored.
    b.type_into("#f-name", "Too Many").await;
    b.js("const f = document.querySelector('#builder'); for (let i = 0; i < 201; i++) { const x = document.createElement('input'); x.type = 'hidden'; x.name = 'vehicles.' + i + '.name'; x.value = 'V' + i; f.appendChild(x); } document.querySelector('#f-name').dispatchEvent(new Event('input', { bubbles: true }));").await;
    b.settle().await;
    b.post("button[formaction='/waffle']", "main").await;
    assert!(b.text("main").await.contains("Nothing was saved"), "{}", b.text("main").await);

    // Back at the editor, the draft is still offered: nothing the player did was lost.
    b.goto(&app.url("/waffle/new")).await;
    b.wait_text("#draft-banner", "offer the draft", |t| t.contains("unsaved changes")).await;
    let kept =
        b.js("return JSON.parse(localStorage.getItem('drydock-draft:/waffle:new')).fields.length;").await;
    assert!(kept.as_u64().is_some_and(|n| n > 201), "{kept}");
}

#[tokio::test]
async fn a_saved_builds_draft_is_its_own_and_not_a_new_builds() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let (share, edit) =
        examples.iter().find(|(share, _)| share.starts_with("/epic/")).expect("an Epic example");
    let b = browser().await;
    b.goto(edit).await;
    b.css("#f-name").await;
    b.type_into("#f-name", "River Watch, changed").await;
    b.settle().await;

    // A new detachment has nothing to offer; the saved one's editor offers its own draft.
    b.goto(&app.url("/epic/new?list=imperial-marines")).await;
    b.css("#f-name").await;
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"), "not the new build's draft");
    b.goto(&app.url(&format!("{share}/edit"))).await;
    b.wait_text("#draft-banner", "offer the draft", |t| t.contains("unsaved changes to this build")).await;
    b.post("#draft-banner [data-draft=restore]", "#f-name").await;
    assert_eq!(b.value("#f-name").await, "River Watch, changed");
    // Saving the changes lands on its share page and ends the draft.
    let save = format!("button[formaction='{share}']");
    b.post(&save, ".share").await;
    b.goto(&app.url(&format!("{share}/edit"))).await;
    b.css("#f-name").await;
    assert_eq!(b.value("#f-name").await, "River Watch, changed");
    assert!(!b.css("#draft-banner").await.is_displayed().await.expect("shown?"));
}
