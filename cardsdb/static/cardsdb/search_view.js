// The search page's remembered result view (table or images) and its filters. Without JavaScript the links
// and the Filter button do the same; this only remembers the choice and saves a click.
(function () {
  "use strict";
  var KEY = "cardsdb.searchView";
  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(value) {
    try { window.localStorage.setItem(KEY, value); } catch (e) { /* private mode: not remembered */ }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-view]");
    if (link) store(link.getAttribute("data-view"));
  });
  document.addEventListener("change", function (event) {
    var select = event.target.closest && event.target.closest("select[data-autosubmit]");
    if (select && select.form) select.form.submit();
  });
  var params = new URLSearchParams(window.location.search);
  if (stored() === "grid" && params.get("q") && !params.has("view")) {
    params.set("view", "grid"); // a search reached by a link or the header box, shown as last chosen
    window.location.replace("?" + params.toString());
    return;
  }
  if (stored() === "grid") {
    document.querySelectorAll("form[role=search], form.search").forEach(function (form) {
      if (form.querySelector("input[name=view]")) return;
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "view"; input.value = "grid";
      form.appendChild(input);
    });
  }
})();
