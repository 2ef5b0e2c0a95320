// Drydock's own script: small conveniences on top of pages that work without it.
// Copy buttons and the print button are hidden until this script shows them.
(function () {
  "use strict";
  function wire(root) {
    root.querySelectorAll("button.copy[data-copy]").forEach(function (b) {
      b.hidden = false;
      if (b.dataset.wired) return;
      b.dataset.wired = "1";
      b.addEventListener("click", function () {
        var el = document.getElementById(b.dataset.copy);
        if (!el) return;
        var text = "value" in el && el.value !== undefined && el.tagName !== "P" ? el.value : el.textContent;
        var done = function () {
          var old = b.textContent;
          b.textContent = "Copied";
          setTimeout(function () { b.textContent = old; }, 1500);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text.trim()).then(done, function () { if (el.select) el.select(); });
        } else if (el.select) {
          el.select();
        }
      });
    });
    // Boxes in the figures panel report whether they are open, so live updates keep them as
    // the player left them; opening the ledger asks for an update that includes its lines.
    root.querySelectorAll("details[data-keep]").forEach(function (d) {
      if (d.dataset.wired) return;
      d.dataset.wired = "1";
      d.addEventListener("toggle", function () {
        var form = d.closest("form");
        var input = form && form.querySelector("input[type=hidden][name='" + d.dataset.keep + "']");
        if (!input) return;
        var value = d.open ? "1" : "";
        if (input.value === value) return;
        input.value = value;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
    root.querySelectorAll("button.print").forEach(function (b) {
      if (b.dataset.wired) return;
      b.dataset.wired = "1";
      b.hidden = false;
      b.addEventListener("click", function () { window.print(); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { wire(document); });

  // Watching a battle: its section names a stream of changes (server-sent events, see
  // web/bfg/battle/events.rs) and the revision it was drawn at. A change to another revision
  // fetches the battle again; the stream is opened once for the page, whatever htmx swaps, and
  // the browser reopens it by itself if it drops. A deleted fleet's battle is reloaded to say so.
  document.addEventListener("DOMContentLoaded", function () {
    var b = document.querySelector("#battle[data-events]");
    if (!b || !window.EventSource) return;
    var source = new EventSource(b.dataset.events);
    source.addEventListener("change", function (e) {
      var now = document.getElementById("battle");
      if (!now || now.dataset.revision === e.data || !window.htmx) return;
      window.htmx.ajax("GET", now.dataset.refresh, { target: "#battle", swap: "outerHTML" });
    });
    source.addEventListener("gone", function () {
      source.close();
      location.reload();
    });
  });
  document.addEventListener("htmx:afterSettle", function (e) { wire(e.target.ownerDocument || document); });
  // A live update refused for its rate (429) comes back as a figures panel that says so: shown
  // in place of the figures (htmx swaps no 4xx answer by default), the form left as it is.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var t = e.detail.target;
    if (e.detail.xhr.status === 429 && t && t.id === "figures") {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  // A live update sends the key of the map the page shows (the Samurai map's `data-map-key`),
  // and the server leaves the map out of its answer while that key still stands for what it
  // would draw. The key lives on the map's own element, swapped with it, never in a form field a
  // browser might restore after a reload: so it always describes the map on the screen.
  document.addEventListener("htmx:configRequest", function (e) {
    if (!/\/live$/.test(e.detail.path)) return;
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    var map = form && form.querySelector("[data-map-key]");
    if (map) e.detail.parameters.map_key = map.dataset.mapKey;
  });

  // The page stays put. A button that draws a region again (add, remove, a hex, an order of the
  // battle tracker) or a choice that redraws the form replaces the very control the player
  // pressed: left alone, the browser's scroll anchoring throws the view elsewhere and focus
  // falls to the page's top. So the control's place on the screen is noted before the request,
  // and after the swap the control that stands for it (the one the server marked `autofocus`,
  // see web/flows/landing.rs, else the same id, else the same name and value, else the nearest control
  // of the closest region that is still there) is put back at that place and focused.
  var pressed = null;
  var place = null;
  function note(e) {
    var c = e.target && e.target.closest && e.target.closest("button, input, select, textarea, a[href], summary");
    if (c) pressed = { el: c, at: Date.now() };
  }
  document.addEventListener("click", note, true);
  document.addEventListener("change", note, true);
  var FOCUSABLE = "button, input:not([type=hidden]), select, textarea, a[href], summary, [tabindex]";
  function sameControl(p) {
    if (p.id) {
      var byId = document.getElementById(p.id);
      if (byId) return byId;
    }
    if (!p.name) return null;
    var all = document.getElementsByName(p.name);
    for (var i = 0; i < all.length; i++) {
      if (all[i].value === p.value && all[i].type !== "hidden") return all[i];
    }
    return null;
  }
  function nearestIn(region, docTop) {
    var best = null;
    var gap = Infinity;
    region.querySelectorAll(FOCUSABLE).forEach(function (c) {
      if (c.tabIndex < 0 || c.disabled || !c.getClientRects().length) return;
      var d = Math.abs(c.getBoundingClientRect().top + window.scrollY - docTop);
      if (d < gap) { gap = d; best = c; }
    });
    return best;
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var target = e.detail.target;
    var c = pressed && Date.now() - pressed.at < 3000 && pressed.el.isConnected ? pressed.el : null;
    if (!c && e.detail.elt && e.detail.elt.matches && e.detail.elt.matches(FOCUSABLE)) c = e.detail.elt;
    if (!target || !c || !target.contains(c)) return;
    var ids = [];
    for (var a = c.parentElement; a; a = a.parentElement) if (a.id) ids.push(a.id);
    // A region that scrolls on its own (the figures panel beside the form on a wide screen)
    // comes back scrolled as it was, or what it holds would jump to its top.
    var scrolls = [];
    for (var s = c.parentElement; s; s = s.parentElement) {
      if (s.id && s.scrollHeight > s.clientHeight) scrolls.push([s.id, s.scrollTop]);
    }
    var top = c.getBoundingClientRect().top;
    place = { top: top, docTop: top + window.scrollY, id: c.id, name: c.name, value: c.value, ids: ids, scrolls: scrolls };
  });
  document.addEventListener("htmx:afterSwap", function () {
    var p = place;
    place = null;
    var marked = document.querySelectorAll("[autofocus]");
    marked.forEach(function (m) { m.removeAttribute("autofocus"); });
    if (!p) return;
    p.scrolls.forEach(function (s) {
      var region = document.getElementById(s[0]);
      if (region) region.scrollTop = s[1];
    });
    var land = marked[0] || sameControl(p);
    // (A region drawn empty and hidden, as a part's slot whose last problem was fixed, is not
    // there to land in: the next one out is.)
    for (var i = 0; !land && i < p.ids.length; i++) {
      var region = document.getElementById(p.ids[i]);
      if (region && region.getClientRects().length) {
        land = nearestIn(region, p.docTop);
        if (!land) { land = region; region.setAttribute("tabindex", "-1"); }
      }
    }
    if (!land) return;
    window.scrollBy(0, land.getBoundingClientRect().top - p.top);
    // Held in a region that scrolls on its own (a sticky panel, which the window's scroll does
    // not move), that region is scrolled instead.
    p.scrolls.forEach(function (s) {
      var region = document.getElementById(s[0]);
      if (!region || !region.contains(land)) return;
      region.scrollTop += land.getBoundingClientRect().top - p.top;
      // Shorter now, it cannot scroll that far: it keeps its height at the foot instead.
      var left = land.getBoundingClientRect().top - p.top;
      if (left > 1) {
        region.style.paddingBottom = "calc(" + (getComputedStyle(region).paddingBottom || "0px") + " + " + left + "px)";
        region.scrollTop += left;
      }
    });
    // Near the page's foot a shorter page cannot scroll that far: it keeps its height instead.
    var short = land.getBoundingClientRect().top - p.top;
    if (short > 1) {
      var main = document.querySelector("main") || document.body;
      main.style.minHeight = main.offsetHeight + short + "px";
      window.scrollBy(0, short);
    }
    land.focus({ preventScroll: true });
  });

  // Drafts. Every editor page has a hidden banner (macros.html, draft_banner) naming its form,
  // its game's path and the saved build it edits, if any. While the player changes the design,
  // the form's fields (as name/value pairs, so rows added or removed come back too) are kept in
  // localStorage under that page: a new build of the game, or the saved build. Coming back after
  // a reload or a crash, the banner offers the draft; restoring posts the pairs to the game's
  // no-JavaScript route (`{path}/design`), which draws the editor from a whole form. A save that
  // lands clears the draft (one refused keeps it); leaving with changes not saved asks first.
  var draft = null;
  function pairs(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") out.push([name, value]);
    });
    return out;
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function readDraft(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function writeDraft(key, fields) {
    try { localStorage.setItem(key, JSON.stringify({ fields: fields, at: Date.now() })); } catch (e) { /* full or off */ }
  }
  function dropDraft(key) {
    try { localStorage.removeItem(key); } catch (e) { /* off */ }
  }
  function guard(e) {
    if (!draft || !draft.changed || draft.leaving) return undefined;
    e.preventDefault();
    e.returnValue = "";
    return "";
  }
  function keep() {
    var form = draft && document.getElementById(draft.form);
    if (!form) return;
    var now = pairs(form);
    draft.changed = draft.unsavedAtStart || !same(now, draft.start);
    // While the banner still offers an older draft, keep that one: the player has not chosen.
    if (draft.offered) return;
    if (draft.changed) writeDraft(draft.key, now); else dropDraft(draft.key);
  }
  var pending = null;
  function keepSoon() {
    if (!draft) return;
    clearTimeout(pending);
    pending = setTimeout(keep, 200);
  }
  function restore(fields) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = draft.base + "/design";
    form.hidden = true;
    fields.forEach(function (p) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = p[0];
      input.value = p[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    var pressed = document.querySelector("#draft-banner [data-draft=restore]");
    var top = pressed ? pressed.getBoundingClientRect().top : 0;
    try {
      sessionStorage.setItem("drydock-restoring", draft.key);
      sessionStorage.setItem("drydock-restoring-top", String(top));
    } catch (e) { /* off */ }
    draft.leaving = true;
    form.submit();
  }
  // After "Restore my changes" the banner stays where it was and says so, holding the focus the
  // pressed button had, so the view does not move and a keyboard player goes on from there.
  function restored(banner, top) {
    var title = banner.querySelector("#draft-banner-title");
    if (title) title.innerHTML = "<strong>Your unsaved changes are back.</strong> They are not saved yet.";
    var buttons = banner.querySelector("[data-draft=restore]");
    var line = buttons && buttons.parentElement;
    if (!line) return;
    line.textContent = "Save to keep them; leaving the page asks first.";
    line.setAttribute("tabindex", "-1");
    line.className = "draft-restored";
    banner.setAttribute("role", "status");
    banner.hidden = false;
    window.scrollBy(0, line.getBoundingClientRect().top - top);
    line.focus({ preventScroll: true });
  }
  // Undo with Back. The boat assistant's Apply buttons and one-click fixes (marked data-undo)
  // change the build in one step, so each makes a step of the browser's history: before the
  // request the page's entry is given the form's fields as they were, and after the swap a new
  // entry holds them as they are. Back (or Forward) to such an entry posts its fields to the
  // address the button posted to, which draws the form from them, and puts that form in place;
  // the draft follows, as after any change.
  var undo = null;
  document.addEventListener("htmx:beforeRequest", function (e) {
    var b = e.detail.elt;
    if (!b || !b.hasAttribute || !b.hasAttribute("data-undo") || !b.form || !b.form.id) return;
    undo = { form: b.form.id, url: b.getAttribute("hx-post") };
    history.replaceState({ drydockForm: undo.form, url: undo.url, fields: pairs(b.form) }, "");
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!undo) return;
    var form = document.getElementById(undo.form);
    if (form) history.pushState({ drydockForm: undo.form, url: undo.url, fields: pairs(form) }, "");
    undo = null;
  });
  window.addEventListener("popstate", function (e) {
    var s = e.state;
    if (!s || !s.drydockForm || !document.getElementById(s.drydockForm)) return;
    var body = new URLSearchParams();
    s.fields.forEach(function (p) { body.append(p[0], p[1]); });
    fetch(s.url, { method: "POST", body: body, headers: { "HX-Request": "true" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var now = document.getElementById(s.drydockForm);
        if (!now) return;
        var y = window.scrollY;
        now.outerHTML = html;
        var fresh = document.getElementById(s.drydockForm);
        if (fresh && window.htmx) window.htmx.process(fresh);
        wire(document);
        window.scrollTo(0, y);
        keepSoon();
      })
      .catch(function () { location.reload(); });
  });
  function startDrafts() {
    var banner = document.getElementById("draft-banner");
    var form = banner && document.getElementById(banner.dataset.draftForm);
    if (!form) return;
    draft = {
      form: banner.dataset.draftForm,
      base: banner.dataset.draftBase,
      build: banner.dataset.draftBuild,
      key: "drydock-draft:" + banner.dataset.draftBase + ":" + (banner.dataset.draftBuild || "new"),
      start: pairs(form),
      changed: false,
      unsavedAtStart: false,
      offered: false,
      leaving: false
    };
    var restoring = null;
    var restoringTop = null;
    try {
      restoring = sessionStorage.getItem("drydock-restoring");
      restoringTop = sessionStorage.getItem("drydock-restoring-top");
      sessionStorage.removeItem("drydock-restoring");
      sessionStorage.removeItem("drydock-restoring-top");
    } catch (e) { /* off */ }
    var kept = readDraft(draft.key);
    if (restoring === draft.key || location.pathname === draft.base + "/design" || banner.dataset.draftPosted === "true") {
      // This page was drawn from a posted form (the draft restored, a plain Recalculate, a save
      // refused or a save that met another's): it is the latest design and still not saved, so
      // leaving asks, and it is the draft now.
      draft.unsavedAtStart = draft.changed = true;
      writeDraft(draft.key, draft.start);
      if (restoring === draft.key) restored(banner, Number(restoringTop) || 0);
    } else if (kept && same(kept.fields, draft.start)) {
      // The page as loaded already is the draft (saved elsewhere meanwhile): nothing to offer.
      dropDraft(draft.key);
    } else if (kept && Array.isArray(kept.fields)) {
      draft.offered = true;
      var when = banner.querySelector(".draft-when");
      if (when && kept.at) when.textContent = "from " + new Date(kept.at).toLocaleString();
      banner.hidden = false;
      banner.querySelector("[data-draft=restore]").addEventListener("click", function () { restore(kept.fields); });
      banner.querySelector("[data-draft=discard]").addEventListener("click", function () {
        draft.offered = false;
        banner.hidden = true;
        dropDraft(draft.key);
        keep();
        form = document.getElementById(draft.form);
        var first = form && form.querySelector("input:not([type=hidden]), select");
        if (first) first.focus();
      });
    }
    document.addEventListener("input", keepSoon);
    document.addEventListener("change", keepSoon);
    document.addEventListener("htmx:afterSettle", keepSoon);
    // A post that leaves the page (save, or the Recalculate of a page without htmx) is not a
    // player walking away; a save also ends the draft. Exports that download stay on the page.
    document.addEventListener("submit", function (e) {
      var f = e.target;
      if (!draft || !f || f.id !== draft.form) return;
      var by = e.submitter;
      var to = new URL(by && by.hasAttribute("formaction") ? by.formAction : f.action, location.href).pathname;
      var saves = to === draft.base || (draft.build && to === draft.base + "/" + draft.build);
      if (saves) {
        // The draft ends when the save has landed (the page it answers with says ?saved=1);
        // a save refused (a 422) keeps it, so nothing is lost.
        clearTimeout(pending);
        keep();
        try { sessionStorage.setItem("drydock-saving", draft.key); } catch (err) { dropDraft(draft.key); }
        draft.changed = draft.unsavedAtStart = false;
        draft.offered = false;
      }
      draft.leaving = true;
      setTimeout(function () { draft.leaving = false; }, 1000);
    });
    window.addEventListener("beforeunload", guard);
  }
  function savedDrafts() {
    try {
      var saving = sessionStorage.getItem("drydock-saving");
      if (!saving) return;
      sessionStorage.removeItem("drydock-saving");
      if (new URLSearchParams(location.search).get("saved") === "1") dropDraft(saving);
    } catch (e) { /* off */ }
  }
  document.addEventListener("DOMContentLoaded", function () { savedDrafts(); startDrafts(); });
})();
