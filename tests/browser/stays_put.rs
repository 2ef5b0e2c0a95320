//! The page stays put: a control that draws again the region holding it (Add, Remove, a hex of
//! the map, "Show its options", a choice that redraws the form, an order of the battle tracker,
//! restoring a draft) leaves the control the player pressed where it was on the screen, and
//! keyboard focus on it or on the control that took its place. Run over every builder of the
//! registry and the battle page, at a phone's width and a desktop's, with JavaScript and without.

use crate::support::{Browser, TURN, app, browser, browser_without_script, saved_examples};
use serde_json::{Value, json};

/// A phone's screen and a laptop's.
const SCREENS: [(u32, u32); 2] = [(390, 844), (1280, 1000)];

/// How far the pressed control may move on the screen, in CSS pixels.
const MOST_MOVED: f64 = 50.0;

/// Every control of the page whose answer draws again a region holding it, the last on the page
/// of each kind (where a jump is likeliest): its kind (a button's verb, "add", "remove", "hex";
/// a battle order's action; "select", "input-radio"), a selector, and for a select another
/// option to choose.
const CONTROLS: &str = r#"
const target = (e, host) => {
  const t = host.getAttribute('hx-target') || 'this';
  if (t === 'this') return host;
  if (t.startsWith('closest ')) return host.closest(t.slice(8));
  return document.querySelector(t);
};
const kinds = new Map();
for (const e of document.querySelectorAll('main button, main select, main input')) {
  if (!e.getClientRects().length || e.disabled || e.type === 'hidden') continue;
  let host = e.hasAttribute('hx-post') ? e : null;
  if (!host && e.type === 'submit' && !e.hasAttribute('formaction') && e.form && e.form.hasAttribute('hx-post')) host = e.form;
  if (!host) continue;
  const region = target(e, host);
  if (!region || !region.contains(e)) continue;
  let kind = e.tagName.toLowerCase() + (e.type && e.tagName === 'INPUT' ? '-' + e.type : '');
  if (e.name === 'action' && e.value) kind = e.value.split('.')[0];
  else if (e.form && e.form.elements.action) kind = e.form.elements.action.value;
  const sel = e.id ? '#' + CSS.escape(e.id) : e.tagName.toLowerCase() + '[name="' + e.name + '"][value="' + e.value + '"]';
  let choose = '';
  if (e.tagName === 'SELECT') {
    const o = [...e.options].find(o => !o.selected && !o.disabled && o.value);
    if (!o) continue;
    choose = o.value;
  }
  if (e.tagName === 'INPUT' && e.checked) continue;
  kinds.set(kind, { kind, sel, choose });
}
return [...kinds.values()];
"#;

/// What the pressed control was, and where on the screen, once scrolled to the middle as a
/// player scrolls what they tap into view.
const BEFORE: &str = r#"
window.__settled = false;
document.addEventListener('htmx:afterSettle', () => { window.__settled = true; }, { once: true });
const e = arguments[0];
e.scrollIntoView({ block: 'center', inline: 'nearest' });
const r = e.getBoundingClientRect();
return { top: r.top, id: e.id, name: e.name || '', value: e.value || '' };
"#;

/// What has focus now, and where it is on the screen.
const AFTER: &str = r#"
const a = document.activeElement;
if (!a || a === document.body) return { top: null, id: '', name: '', value: '', tag: a ? a.tagName : '' };
return { top: a.getBoundingClientRect().top, id: a.id, name: a.name || '', value: a.value || '', tag: a.tagName };
"#;

/// Whether what has focus after the press stands for the control pressed: the same control, or
/// the one the server lands on after its action (the row that took a removed row's place), or,
/// when neither is on the page any more (the last row of a list removed, and the list with it),
/// whatever control has focus (its place on the screen is checked apart).
fn stands_for(before: &Value, after: &Value, gone: bool) -> bool {
    let s = |v: &Value, k: &str| v[k].as_str().unwrap_or("").to_owned();
    if !s(before, "id").is_empty() && s(before, "id") == s(after, "id") {
        return true;
    }
    let value = s(before, "value");
    let same = s(before, "name") == s(after, "name") && value == s(after, "value");
    let landing = drydock::web::flows::landing::candidates(&value);
    same || (s(after, "name") == "action" && landing.contains(&s(after, "value"))) || gone
}

/// Whether the page still has the pressed control, or one its action lands on.
const STILL_THERE: &str = r#"
const [p, landing] = arguments;
if (p.id && document.getElementById(p.id)) return true;
return [...document.getElementsByName(p.name)].some(e => e.type !== 'hidden' && (e.value === p.value || landing.includes(e.value)));
"#;

/// Waits until htmx has settled the answer to the press and has nothing else under way.
async fn settled(b: &Browser) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while b.js("return window.__settled === true && !document.querySelector('.htmx-request');").await
        != json!(true)
    {
        assert!(std::time::Instant::now() < deadline, "no answer to the press");
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    }
}

/// Presses the control (a select: chooses `choose`), waits for the answer, and says what went
/// wrong, if anything: the control moved more than [`MOST_MOVED`] or focus left it.
async fn press(b: &Browser, sel: &str, choose: &str) -> Option<String> {
    let e = b.css(sel).await;
    let at = serde_json::to_value(&e).expect("an element reference");
    let before = b.c.execute(BEFORE, vec![at]).await.expect("where the control is");
    if choose.is_empty() {
        e.click().await.unwrap_or_else(|err| panic!("click {sel}: {err}"));
    } else {
        e.select_by_value(choose).await.unwrap_or_else(|err| panic!("choose {choose} in {sel}: {err}"));
    }
    settled(b).await;
    let after = b.js(AFTER).await;
    let Some(top) = after["top"].as_f64() else {
        return Some(format!("{sel}: focus fell to the page ({})", after["tag"]));
    };
    let moved = top - before["top"].as_f64().unwrap_or(0.0);
    let landing = drydock::web::flows::landing::candidates(before["value"].as_str().unwrap_or(""));
    let there = b.c.execute(STILL_THERE, vec![before.clone(), json!(landing)]).await.expect("still there?");
    if !stands_for(&before, &after, there != json!(true)) {
        return Some(format!("{sel}: focus went to {after}"));
    }
    (moved.abs() > MOST_MOVED).then(|| format!("{sel}: moved {moved:.0} px on the screen"))
}

/// Presses one control of each kind the page has, at both screen sizes (the page loaded afresh
/// for each), and collects what went wrong. `min_kinds`: how many kinds the page must have.
async fn press_every_kind(b: &Browser, page: &str, min_kinds: usize, wrong: &mut Vec<String>) {
    for (w, h) in SCREENS {
        b.c.set_window_size(w, h).await.expect("screen size");
        b.leave_to(page).await;
        b.css("main").await;
        let first = b.js(CONTROLS).await;
        let kinds: Vec<String> = first
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["kind"].as_str())
            .map(str::to_owned)
            .collect();
        assert!(kinds.len() >= min_kinds, "{page}: only {kinds:?}");
        for kind in &kinds {
            // Found again each time: earlier presses have changed the page.
            let now = b.js(CONTROLS).await;
            let Some(c) = now.as_array().into_iter().flatten().find(|c| c["kind"] == json!(kind)) else {
                continue;
            };
            let (sel, choose) = (c["sel"].as_str().unwrap_or(""), c["choose"].as_str().unwrap_or(""));
            if let Some(why) = press(b, sel, choose).await {
                wrong.push(format!("{page} at {w} px, {kind}: {why}"));
            }
        }
        // With every kind of part added (and some removed), the page is still accessible.
        if w == SCREENS[0].0 {
            for v in b.axe().await {
                wrong.push(format!("{page} after its presses: {v}"));
            }
        }
    }
}

#[tokio::test]
async fn a_press_that_redraws_its_region_leaves_the_view_and_focus_where_they_were() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser().await;
    let mut wrong = Vec::new();
    for (share, edit) in &examples {
        // The edit link makes this browser the owner; its editor holds the example.
        b.leave_to(edit).await;
        let editor = b.url().await;
        // Adding and removing at least: every builder has rows.
        press_every_kind(&b, &editor, 2, &mut wrong).await;
        if share.starts_with("/bfg/") {
            press_every_kind(&b, &app.url(&format!("{share}/battle")), 4, &mut wrong).await;
        }
    }
    assert!(wrong.is_empty(), "the view jumped or focus was lost:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn restoring_a_draft_leaves_the_view_and_focus_where_they_were() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser().await;
    let mut wrong = Vec::new();
    // One screen a builder, by turns: the banner and its script are the same in every editor.
    for ((share, edit), (w, h)) in examples.iter().zip(SCREENS.iter().cycle()) {
        b.leave_to(edit).await;
        let new = b.url().await;
        {
            b.c.set_window_size(*w, *h).await.expect("screen size");
            b.leave_to(&new).await;
            b.type_into("#f-name", &format!("Draft at {w}")).await;
            b.settle().await;
            b.leave_to(&app.url("/static/icon.svg")).await;
            b.goto(&new).await;
            b.wait_text("#draft-banner", "offer the draft", |t| t.contains("unsaved changes")).await;
            let restore = b.css("#draft-banner [data-draft=restore]").await;
            let at = serde_json::to_value(&restore).expect("an element reference");
            let before = b.c.execute(BEFORE, vec![at]).await.expect("where the button is");
            b.post("#draft-banner [data-draft=restore]", "#f-name").await;
            b.wait_text("#draft-banner", "say the changes are back", |t| t.contains("are back")).await;
            assert_eq!(b.value("#f-name").await, format!("Draft at {w}"), "{share}");
            let after = b.js(AFTER).await;
            let moved = after["top"].as_f64().map(|t| t - before["top"].as_f64().unwrap_or(0.0));
            let in_banner = b.js("return !!document.activeElement.closest('#draft-banner');").await;
            if in_banner != json!(true) || moved.is_none_or(|m| m.abs() > MOST_MOVED) {
                wrong.push(format!("{share} at {w} px: focus on {after}, moved {moved:?}"));
            }
            // Saved, so the next round starts without a draft.
            b.js("localStorage.clear();").await;
        }
    }
    assert!(wrong.is_empty(), "restoring moved the view or lost focus:\n{}", wrong.join("\n"));
}

/// The `action` of the last shown button of each kind in the page's forms ("add", "remove",
/// "hex", "select", "recalculate").
const LAST_OF_EACH_ACTION: &str = r#"
const last = new Map();
for (const e of document.querySelectorAll('form button[name=action]')) {
  if (!e.value || !e.getClientRects().length || e.getAttribute('aria-hidden') === 'true') continue;
  last.set(e.value.split('.')[0], e.value);
}
return [...last.values()];
"#;

#[tokio::test]
async fn without_javascript_a_redrawn_editor_returns_to_the_control_pressed() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser_without_script().await;
    b.c.set_window_size(390, 844).await.expect("phone size");
    let mut wrong = Vec::new();
    for (_, edit) in &examples {
        b.leave_to(edit).await;
        // Every kind of button the editor has (add, remove, a hex, "Show its options",
        // "Recalculate"): the last of each, the likeliest to jump.
        let kinds = b.js(LAST_OF_EACH_ACTION).await;
        let values: Vec<String> =
            kinds.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect();
        assert!(values.len() >= 3, "{edit}: only {values:?}");
        for value in &values {
            let button = format!("form button[name=action][value='{value}']:not([aria-hidden])");
            let e = b.css(&button).await;
            let before =
                b.c.execute(BEFORE, vec![serde_json::to_value(&e).expect("ref")]).await.expect("where");
            b.post(&button, "main").await;
            // The redrawn page is scrolled to the control that stands for the pressed one, and
            // it has focus, well on the screen.
            let after = b.js(AFTER).await;
            let top = after["top"].as_f64();
            // The last row of a list without an add button: the list's region has focus.
            let region =
                b.js("return document.activeElement.hasAttribute('data-list');").await == json!(true);
            if !stands_for(&before, &after, region) || top.is_none_or(|t| !(0.0..780.0).contains(&t)) {
                wrong.push(format!("{} {value}: focus on {after}", b.url().await));
            }
        }
    }
    assert!(wrong.is_empty(), "without JavaScript the page did not come back:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn every_control_is_reachable_by_keyboard_with_a_visible_focus_ring() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser().await;
    let mut pages = vec![app.url("/"), app.url("/gallery")];
    for (share, edit) in &examples {
        pages.push(edit.clone());
        pages.push(app.url(share));
    }
    let mut wrong = Vec::new();
    for page in &pages {
        b.leave_to(page).await;
        b.css("main").await;
        for w in b.keyboard_gaps().await {
            wrong.push(format!("{page}: {w}"));
        }
    }
    assert!(wrong.is_empty(), "keyboard players are left out:\n{}", wrong.join("\n"));
}
