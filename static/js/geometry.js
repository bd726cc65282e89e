// Sizes and colours computed on the server or in chat.js travel as data attributes
// (data-left, data-width in %, data-colour for the background, data-fg for the text), not as inline style attributes: the Content-Security-Policy
// allows no inline styles (docs/decisions/security-headers.md). This applies them, now and to
// anything added to the page later.
(function () {
  "use strict";
  var SELECTOR = "[data-left],[data-width],[data-colour],[data-fg]";

  function apply(el) {
    if (el.dataset.left !== undefined) el.style.left = el.dataset.left + "%";
    if (el.dataset.width !== undefined) el.style.width = el.dataset.width + "%";
    if (el.dataset.colour !== undefined) el.style.background = el.dataset.colour;
    if (el.dataset.fg !== undefined) el.style.color = el.dataset.fg;
  }

  function applyWithin(root) {
    if (root.nodeType !== 1) return;
    if (root.matches(SELECTOR)) apply(root);
    root.querySelectorAll(SELECTOR).forEach(apply);
  }

  function start() {
    applyWithin(document.documentElement);
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        if (record.type === "attributes") apply(record.target);
        else record.addedNodes.forEach(applyWithin);
      });
    }).observe(document.documentElement, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["data-left", "data-width", "data-colour", "data-fg"],
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
