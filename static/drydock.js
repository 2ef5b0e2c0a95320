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
  document.addEventListener("htmx:afterSettle", function (e) { wire(e.target.ownerDocument || document); });
})();
