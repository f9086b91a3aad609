// Card image previews: any element with data-preview="<image url>" shows that image beside the pointer while
// hovered, and beside the element while it (or a link inside it) has keyboard focus. data-preview-fallback: an
// image to show when the first cannot be loaded (the card's drawn face). Escape hides it. Works on content added
// later (the builder's tables): listeners sit on the document.
(function () {
  "use strict";
  var WIDTH = 250; // px: a readable card, small enough to stay beside the pointer
  var GAP = 16;
  var box = null;
  var img = null;
  var current = null;

  function ensureBox() {
    if (box) return;
    box = document.createElement("div");
    box.className = "card-preview";
    box.setAttribute("aria-hidden", "true"); // the link's own text names the card
    box.style.cssText =
      "position:fixed;z-index:1000;pointer-events:none;display:none;width:" + WIDTH + "px;" +
      "box-shadow:0 4px 18px rgba(0,0,0,.35);border-radius:10px;overflow:hidden;background:#222";
    img = document.createElement("img");
    img.alt = "";
    img.style.cssText = "display:block;width:100%;height:auto";
    img.addEventListener("error", function () {
      var fallback = current && current.getAttribute("data-preview-fallback");
      if (fallback && img.getAttribute("src") !== fallback) img.src = fallback;
      else hide();
    });
    box.appendChild(img);
    document.body.appendChild(box);
  }

  function place(x, y) {
    var height = box.offsetHeight || WIDTH * 1.4;
    var left = x + GAP + WIDTH > window.innerWidth ? x - GAP - WIDTH : x + GAP;
    var top = Math.min(Math.max(8, y - height / 2), window.innerHeight - height - 8);
    box.style.left = Math.max(8, left) + "px";
    box.style.top = Math.max(8, top) + "px";
  }

  function show(target, x, y) {
    var url = target.getAttribute("data-preview");
    if (!url) return;
    ensureBox();
    current = target;
    if (img.getAttribute("src") !== url) img.src = url;
    box.style.display = "block";
    place(x, y);
  }

  function hide() {
    current = null;
    if (box) box.style.display = "none";
  }

  function previewOf(node) {
    return node && node.closest ? node.closest("[data-preview]") : null;
  }

  // Touch screens have no hover: a tap follows the link instead of leaving an image in the way.
  var hoverable = !window.matchMedia || window.matchMedia("(hover: hover)").matches;

  document.addEventListener("mouseover", function (event) {
    if (!hoverable) return;
    var target = previewOf(event.target);
    if (target && target !== current) show(target, event.clientX, event.clientY);
    else if (!target && current) hide();
  });
  document.addEventListener("mousemove", function (event) {
    if (current && box && box.style.display === "block") place(event.clientX, event.clientY);
  });
  document.addEventListener("mouseout", function (event) {
    if (current && !previewOf(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", function (event) {
    var target = previewOf(event.target);
    if (!target) return hide();
    var rect = target.getBoundingClientRect();
    show(target, rect.right, rect.top + rect.height / 2);
  });
  document.addEventListener("focusout", function (event) {
    if (!previewOf(event.relatedTarget)) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
})();
