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
    root.querySelectorAll("button.print").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () { window.print(); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { wire(document); });
  document.addEventListener("htmx:afterSettle", function (e) { wire(e.target.ownerDocument || document); });
})();
