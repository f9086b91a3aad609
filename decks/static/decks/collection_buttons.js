// The "−" / "+" of search results and deck pages (templates/decks/_collection_step.html) without a reload: the
// form's change goes to the JSON API and every count of the card on the page is updated; a refusal is shown
// beside the buttons with the API's message. Without this script the same forms post to /collection/change/
// and come back to the page.
(function () {
  "use strict";
  var CHANGES = "/api/collection/changes/";
  var HISTORY = "/api/collection/history/";
  var FIELDS = ["set", "variant", "finish", "condition"];
  var PLAIN = ["", "", "", ""];
  var queues = {}; // card code → the promise of its last change: clicks apply one after another, in order
  // The page's language: Django's JavaScript catalogue (/jsi18n/<lang>/, templates/base.html) defines these before
  // this script runs; without it (a page kept from before it existed) the texts stay English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (m, key) { return String(values[key]); });
  };

  function steps(card) {
    return document.querySelectorAll('.collection-step[data-card="' + CSS.escape(card) + '"]');
  }

  function setTotal(card, total) {
    steps(card).forEach(function (step) {
      step.setAttribute("data-total", String(total));
      var host = step.closest("tr, li") || step; // the search table shows the count in its Owned column
      host.querySelectorAll("[data-owned], td.owned").forEach(function (el) {
        el.textContent = String(total);
      });
    });
  }

  function setTakeFrom(card, line) {
    steps(card).forEach(function (step) {
      var minus = step.querySelector('button[name="delta"][value="-1"]').form;
      FIELDS.forEach(function (name, i) {
        minus.elements[name].value = line[i];
      });
    });
  }

  // The line a "−" takes from, as decks.collection.services.line_to_take_from picks it.
  function lineToTakeFrom(lines) {
    var owned = lines
      .filter(function (l) { return l.quantity > 0; })
      .map(function (l) { return FIELDS.map(function (f) { return l[f] || ""; }); });
    if (!owned.length || owned.some(function (k) { return k.join("") === ""; })) return PLAIN;
    owned.sort(function (a, b) {
      for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      return 0;
    });
    return owned[0];
  }

  function showError(step, text) {
    var box = step.querySelector(".step-error");
    if (!box) {
      box = document.createElement("span");
      box.className = "step-error";
      box.setAttribute("role", "alert");
      step.appendChild(box);
    }
    box.textContent = text;
    box.hidden = !text;
  }

  function refusal(body, status) {
    var text = (body && body.message) ||
      interpolate(gettext("The change was refused (HTTP %(status)s)."), { status: status }, true);
    var first = body && body.problems && body.problems[0];
    return first && first.message ? text + " " + first.message : text;
  }

  function readJson(response) {
    return response.json().then(
      function (body) { return { ok: response.ok, status: response.status, body: body }; },
      function () { return { ok: false, status: response.status, body: null }; }
    );
  }

  function send(form, step) {
    var card = form.elements.card.value;
    var delta = parseInt(form.querySelector('button[name="delta"]').value, 10);
    var change = { card: card, delta: delta };
    FIELDS.forEach(function (name) {
      if (form.elements[name]) change[name] = form.elements[name].value;
    });
    return fetch(CHANGES, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": form.elements.csrfmiddlewaretoken.value,
      },
      body: JSON.stringify({ game: step.getAttribute("data-game"), changes: [change] }),
    })
      .then(readJson)
      .then(function (answer) {
        if (!answer.ok) {
          showError(step, refusal(answer.body, answer.status));
          return null;
        }
        showError(step, "");
        var total = parseInt(step.getAttribute("data-total"), 10) + delta;
        setTotal(card, total);
        if (delta > 0) return setTakeFrom(card, PLAIN); // "+" adds to the plain line, which "−" now prefers
        var line = FIELDS.map(function (f) { return change[f] || ""; });
        var left = (answer.body.lines || []).some(function (l) {
          return l.card === card && l.quantity > 0 && FIELDS.every(function (f, i) { return (l[f] || "") === line[i]; });
        });
        if (left || total <= 0) return setTakeFrom(card, left ? line : PLAIN);
        // the line is empty now but others hold copies: ask which
        var query = "?game=" + encodeURIComponent(step.getAttribute("data-game")) + "&card=" + encodeURIComponent(card);
        return fetch(HISTORY + query, { credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(readJson)
          .then(function (lines) {
            if (lines.ok) setTakeFrom(card, lineToTakeFrom(lines.body.lines || []));
          });
      })
      .catch(function () {
        showError(step, gettext("The change could not be sent; check the connection and try again."));
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var step = form.closest && form.closest(".collection-step");
    if (!step || !window.fetch || !form.elements.csrfmiddlewaretoken) return;
    event.preventDefault();
    var card = form.elements.card.value;
    queues[card] = (queues[card] || Promise.resolve()).then(function () {
      return send(form, step);
    });
  });
})();
