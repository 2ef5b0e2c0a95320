//! Figures never go stale: after a live update, every figure the editor shows (the totals, the
//! bars, the verdict, each row's own summary, the problems beside each field) is what the engine
//! says for the form as it stands now. Checked by changing each kind of field of every builder
//! in the registry and comparing the page, as htmx left it, with the whole editor the server
//! draws from the same fields (the page a player without JavaScript gets).

use crate::support::{TURN, app, app_judging, browser, saved_examples};
use serde_json::{Value, json};

/// Changes one field of each kind the editor has (a kind: its name with the row numbers taken
/// out, "weapons.N.count"), one after another; after each live update, compares what the page
/// shows with the editor drawn whole from the same fields. Calls back with the mismatches found
/// (at most a few of each change), and how many fields it changed.
const CHANGE_EACH_KIND: &str = r#"
const done = arguments[arguments.length - 1];
const form = document.querySelector('#status-bar').closest('form');
const base = document.querySelector('#draft-banner').dataset.draftBase;
const skip = 'SELECT, OPTION, TEXTAREA, SCRIPT, NOSCRIPT, DATALIST, STYLE';
const shapes = ['x', 'y', 'width', 'height', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'points', 'transform'];
// What the form shows: its words (not what its fields hold), the figures drawn in SVG, the
// classes that colour a verdict or a row; each with the id of the region it is in.
const shown = root => {
  const out = [];
  const walk = (e, where) => {
    if (e.nodeType === Node.TEXT_NODE) {
      const t = e.textContent.replace(/\s+/g, ' ').trim();
      if (t) out.push(where + ': ' + t);
      return;
    }
    if (e.nodeType !== Node.ELEMENT_NODE || e.matches(skip)) return;
    if (e.id) where = e.id;
    // A closed box shows only its summary (the boat's ledger is worked out when it is opened).
    if (e.tagName === 'DETAILS' && !e.open) { if (e.firstElementChild) walk(e.firstElementChild, where); return; }
    if (e instanceof SVGElement) {
      const a = shapes.filter(n => e.hasAttribute(n)).map(n => n + '=' + e.getAttribute(n));
      if (a.length) out.push(where + ': <' + e.tagName + ' ' + a.join(' ') + '>');
    }
    const cls = [...e.classList].filter(c => !c.startsWith('htmx-')).join(' ');
    if (cls && e.tagName !== 'BUTTON') out.push(where + ': .' + cls);
    for (const c of e.childNodes) walk(c, where);
  };
  walk(root, root.id);
  return out;
};
const settled = () => new Promise(ok => {
  const check = () => document.querySelector('.htmx-request') ? setTimeout(check, 30) : ok();
  document.addEventListener('htmx:afterSettle', () => setTimeout(check, 30), { once: true });
});
const kinds = new Map();
for (const e of form.querySelectorAll('input, select, textarea')) {
  if (e.type === 'hidden' || e.type === 'submit' || !e.name || e.hasAttribute('hx-post') || !e.getClientRects().length) continue;
  // Not the build's own fields: the gallery box, and what an add button will add.
  if (e.name === 'listed' || /^new[_.]/.test(e.name)) continue;
  const kind = e.type + ' ' + e.name.replace(/\.\d+(?=\.|$)/g, '.N');
  if (!kinds.has(kind)) kinds.set(kind, e.id);
}
const compare = async (kind, value, live, fields) => {
  const res = await fetch(base + '/design', { method: 'POST', body: fields });
  const whole = new DOMParser().parseFromString(await res.text(), 'text/html');
  const drawn = shown(whole.getElementById(form.id));
  const out = [];
  for (let i = 0; i < Math.max(live.length, drawn.length) && out.length < 3; i++) {
    if (live[i] !== drawn[i]) {
      out.push(kind + ' (' + value + '): the page shows ' + JSON.stringify(live[i]) + ' where the engine says ' + JSON.stringify(drawn[i]));
      // Past a difference the two may be out of step: go on from the next pair that agrees.
      while (i + 1 < live.length && live[i + 1] !== drawn[i + 1]) i++;
    }
  }
  return out;
};
(async () => {
  const checks = [];
  for (const [kind, id] of kinds) {
    const e = document.getElementById(id);
    if (!e) continue;
    if (e.type === 'checkbox' || e.type === 'radio') e.checked = !e.checked;
    else if (e.tagName === 'SELECT') {
      const o = [...e.options].find(o => !o.selected && o.value);
      if (!o) continue;
      e.value = o.value;
    } else if (e.type === 'number') {
      const max = e.max === '' ? Infinity : Number(e.max);
      const now = Number(e.value || 0);
      e.value = String(now + 2 <= max ? now + 2 : Math.max(Number(e.min || 0), now - 1));
    } else e.value = e.value + ' II';
    // The live update the field's change asks for, at once rather than after the typing pause.
    const answered = settled();
    const parts = e.closest('[hx-post]');
    htmx.ajax('POST', parts.getAttribute('hx-post'), { source: parts, target: parts.getAttribute('hx-target'), swap: 'outerHTML' });
    await answered;
    // What the page shows now, and the form as it stands, compared while the next field changes.
    const now = document.getElementById(form.id);
    checks.push(compare(kind, e.value, shown(now), new URLSearchParams(new FormData(now))));
  }
  const wrong = (await Promise.all(checks)).flat();
  done({ wrong, changed: kinds.size });
})();
"#;

#[tokio::test]
async fn a_live_update_redraws_every_figure_that_depends_on_the_change() {
    let _turn = TURN.lock().await;
    let app = app().await;
    let examples = saved_examples(app).await;
    let b = browser().await;
    let long =
        fantoccini::wd::TimeoutConfiguration::new(Some(std::time::Duration::from_secs(120)), None, None);
    b.c.update_timeouts(long).await.expect("a longer script timeout");
    let mut wrong = Vec::new();
    for (share, edit) in &examples {
        b.leave_to(edit).await;
        b.css("#status-bar").await;
        let found = b.c.execute_async(CHANGE_EACH_KIND, vec![]).await.expect("fields changed");
        let changed = found["changed"].as_u64().unwrap_or(0);
        assert!(changed >= 4, "{share}: only {changed} kinds of field");
        for w in found["wrong"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            wrong.push(format!("{share}: {w}"));
        }
    }
    assert_eq!(wrong, Vec::<String>::new(), "{}", json!(wrong));
}

#[tokio::test]
async fn a_live_update_past_the_judging_limit_says_so_in_the_figures_panel_and_keeps_the_form() {
    let _turn = TURN.lock().await;
    let (app, _dir) = app_judging(drydock::web::http::judging::JudgingRate { per_second: 1, burst: 1 }).await;
    let b = browser().await;
    b.goto(&app.url("/boats/new?from=piranha")).await;
    b.css("#figures").await;
    // Two changes inside the parts, each a live update: the second is past the allowance.
    let change = r#"
        const f = document.querySelector('.parts input[type=number]');
        f.value = '2';
        f.dispatchEvent(new Event('input', { bubbles: true }));
        return f.name;"#;
    let field = b.js(change).await;
    let field = field.as_str().unwrap_or_default().to_owned();
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    b.js(change).await;

    let said =
        b.wait_text("#figures", "the refusal in the figures panel", |t| t.contains("Too many checks")).await;

    assert!(said.contains("Nothing is lost"), "{said}");
    assert!(b.exists(&format!("[name='{field}']")).await, "the form is still there");
    assert_eq!(b.value(&format!("[name='{field}']")).await, "2", "the field keeps what was typed");
}
