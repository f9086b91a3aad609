// The deck builder: a card table kept in the page, search (with type and side filters) to add cards, paste lists
// that add to the deck or replace it, a grid of card images, and the legality panel refreshed from
// the page's legality endpoint after every change (in the page's language; /api/legality/, in English, when that
// endpoint cannot answer). The form still works without this script (the server draws the table).
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const form = $("builder");
  // The game and its zones come from the page (decks/games.py), so one script serves every game.
  const GAME = form.dataset.game || "swccg";
  const ZONES = JSON.parse($("deck-zones").textContent || "[]");
  const LONG_REPORT = 10;  // as templates/decks/_legality.html: a longer report opens only its small groups
  const SMALL_GROUP = 3;
  const SIDE_LINE = /^[ \t]*side[ \t]*:/im;
  let cards = JSON.parse($("initial-cards").textContent || "[]");
  let timer = null;
  // The page's language: Django's JavaScript catalogue (/jsi18n/<lang>/, templates/base.html) defines these before
  // this script runs; without it (a page kept from before it existed) the texts stay English.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const interpolate = window.interpolate || ((text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => String(values[key])));
  const format = (text, values) => interpolate(text, values, true);
  const UNKNOWN_TYPE = "";  // a card without a type
  // The card types in the page's language (cardsdb/labels.py); the cards themselves carry the data's English.
  const typeLabelsData = document.getElementById("type-labels");
  const TYPE_LABELS = typeLabelsData ? JSON.parse(typeLabelsData.textContent) : {};
  const typeLabel = (type) => (type ? TYPE_LABELS[type] || type : gettext("Unknown"));
  const sideLabelsData = document.getElementById("side-labels");
  const SIDE_LABELS = sideLabelsData ? JSON.parse(sideLabelsData.textContent) : {};
  const sideLabel = (side) => SIDE_LABELS[side] || side || "";

  function faceUrl(id) { return "/cards/" + encodeURIComponent(GAME) + "/" + encodeURIComponent(id) + "/face.png"; }

  function add(card, count, zone) {
    let existing = cards.find((c) => c.id === card.id && c.zone === zone);
    if (existing) existing.count = Math.min(99, existing.count + count);
    else cards.push(existing = { id: card.id, title: card.title, type: card.type, side: card.side, count, zone,
      image: card.image_url || card.image || faceUrl(card.id) });
    changed();
    return existing;
  }

  // On a phone the table is far below the search: a card added from the results is confirmed where the user is.
  let toastTimer = null;
  function confirmAdded(card) {
    const toast = $("add-toast");
    const total = cards.filter((c) => c.zone !== "outside").reduce((n, c) => n + c.count, 0);
    toast.textContent = format(gettext("Added %(card)s: %(count)s in the deck (%(total)s cards)"),
      { card: card.title || card.id, count: card.count, total });
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toast.hidden = true; }, 4000);
  }

  // The card search starts on the deck's side (its stated side, else the one its cards agree on) until the user
  // picks a side in the filter ("any" shows every card).
  let sideFilterChosen = false;
  function followDeckSide() {
    if (sideFilterChosen) return;
    const sides = new Set(cards.map((c) => c.side).filter((s) => s));
    const side = $("deck-side").value || (sides.size === 1 ? [...sides][0] : "");
    const filter = $("card-side");
    if (side && [...filter.options].some((o) => o.value === side) && filter.value !== side) {
      filter.value = side;
      if (query()) search();
    }
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => { if (v !== undefined && v !== null) node.setAttribute(k, v); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderRow(card) {
    const row = el("tr", { "data-card": card.id, "data-zone": card.zone, "data-preview": card.image || faceUrl(card.id) });
    const name = el("td");
    name.append(el("span", {}, card.title || card.id), " ", el("span", { class: "small" }, card.id));
    const count = el("td", { class: "count" });
    const minus = el("button", { type: "button", class: "minus", "aria-label": gettext("one fewer") }, "−");
    const plus = el("button", { type: "button", class: "plus", "aria-label": gettext("one more") }, "+");
    minus.onclick = () => { card.count -= 1; if (card.count < 1) cards = cards.filter((c) => c !== card); changed(); };
    plus.onclick = () => { card.count = Math.min(99, card.count + 1); changed(); };
    count.append(minus, el("span", { class: "n" }, String(card.count)), plus);
    const zone = el("td");
    const select = el("select", { "aria-label": gettext("zone") });
    for (const [value, label] of ZONES) {
      const option = el("option", { value }, label);
      if (value === card.zone) option.selected = true;
      select.append(option);
    }
    select.onchange = () => {
      const other = cards.find((c) => c !== card && c.id === card.id && c.zone === select.value);
      if (other) { other.count += card.count; cards = cards.filter((c) => c !== card); } else card.zone = select.value;
      changed();
    };
    zone.append(select);
    const remove = el("td");
    const x = el("button", { type: "button", class: "remove", "aria-label": gettext("remove") }, "×");
    x.onclick = () => { cards = cards.filter((c) => c !== card); changed(); };
    remove.append(x);
    row.append(name, count, zone, remove);
    return row;
  }

  function renderGrid() {
    const grid = $("deck-grid");
    grid.replaceChildren();
    for (const card of cards) {
      const image = card.image || faceUrl(card.id);
      const figure = el("figure", { "data-card": card.id, "data-preview": image });
      figure.append(el("img", { src: image, alt: card.title || card.id, loading: "lazy" }),
        el("figcaption", {}, `${card.count}× ${card.title || card.id}`));
      grid.append(figure);
    }
  }

  function renderTypeCounts() {
    const counts = new Map();
    for (const c of cards) if (c.zone !== "outside") counts.set(c.type || UNKNOWN_TYPE, (counts.get(c.type || UNKNOWN_TYPE) || 0) + c.count);
    const line = $("type-counts");
    line.replaceChildren();
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).forEach(([type, n]) => {
      const item = el("span", { class: "type-count", "data-type": type }, typeLabel(type) + " ");
      item.append(el("strong", {}, String(n)));
      line.append(item);
    });
  }

  function render() {
    const body = $("deck-table").querySelector("tbody");
    body.replaceChildren();
    cards.sort((a, b) => a.zone.localeCompare(b.zone) || (a.type || "").localeCompare(b.type || "") ||
      (a.title || a.id).localeCompare(b.title || b.id));
    for (const card of cards) body.append(renderRow(card));
    renderGrid();
    renderTypeCounts();
    const inDeck = cards.filter((c) => c.zone !== "outside").reduce((n, c) => n + c.count, 0);
    const outside = cards.filter((c) => c.zone === "outside").reduce((n, c) => n + c.count, 0);
    const count = outside ? gettext("%(deck)s in the deck, %(outside)s outside") : gettext("%(deck)s in the deck");
    $("deck-count").textContent = cards.length ? format(count, { deck: inDeck, outside }) : "";
    const grid = $("view-toggle").getAttribute("aria-pressed") === "true";
    $("deck-table").hidden = cards.length === 0 || grid;
    $("deck-visual").hidden = cards.length === 0 || !grid;
    $("deck-empty").hidden = cards.length !== 0;
    $("cards-json").value = JSON.stringify(cards.map((c) => ({ id: c.id, count: c.count, zone: c.zone })));
  }

  function changed() { render(); followDeckSide(); clearTimeout(timer); timer = setTimeout(check, 250); }

  function ids(zoneTest) {
    return cards.filter((c) => zoneTest(c.zone)).flatMap((c) => Array(c.count).fill(c.id));
  }

  let latest = 0;  // answers can arrive out of order: only the newest check may draw the panel

  function violationGroups(violations) {
    const groups = new Map();
    [...violations].sort((a, b) => a.code.localeCompare(b.code)).forEach((v) => {
      if (!groups.has(v.code)) groups.set(v.code, []);
      groups.get(v.code).push(v);
    });
    const nodes = [];
    for (const [code, list] of groups) {
      const details = el("details", { class: "violation-group", "data-code": code });
      details.open = violations.length <= LONG_REPORT || list.length <= SMALL_GROUP;
      const summary = el("summary");
      summary.append(el("code", {}, code), " ", el("span", { class: "small" },
        format(ngettext("%(count)s problem", "%(count)s problems", list.length), { count: list.length })));
      const ul = el("ul", { class: "violations" });
      for (const v of list) {
        const item = el("li", { "data-code": v.code }, v.message);
        if (v.cards.length) item.append(" ", el("span", { class: "small" }, "[" + v.cards.join(", ") + "]"));
        if (v.hint) { item.append(el("br")); item.append(el("span", { class: "hint" }, v.hint)); }
        ul.append(item);
      }
      details.append(summary, ul);
      nodes.push(details);
    }
    return nodes;
  }

  // The panel as the server draws it (templates/decks/_legality.html), in the page's language (the language cookie
  // goes with this same-origin request): decks/legality/builder_panel.py takes /api/legality/'s body, with the
  // form's CSRF token. null when it cannot answer: the panel is then drawn from /api/legality/ (English).
  async function panelHtml(body) {
    const token = form.querySelector('input[name="csrfmiddlewaretoken"]');
    try {
      const response = await fetch("/decks/legality-panel/", {
        method: "POST", credentials: "same-origin", body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
      });
      return response.ok ? await response.text() : null;
    } catch (error) {
      return null;
    }
  }

  async function check() {
    clearTimeout(timer);
    const mine = ++latest;
    const body = {
      game: GAME, format: $("deck-format").value,
      cards: ids((z) => z !== "outside"), outside_deck: ids((z) => z === "outside"),
    };
    if ($("deck-side").value) body.side = $("deck-side").value;
    const html = await panelHtml(body);
    if (mine !== latest) return;
    if (html !== null) {
      $("legality-panel").innerHTML = html;  // the server's template, escaped there
      return;
    }
    const response = await fetch("/api/legality/", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const report = await response.json();
    if (mine !== latest) return;
    const panel = $("legality-panel");
    panel.replaceChildren();
    const section = el("section", { id: "legality", class: "legality " + (report.legal ? "legal" : "illegal"), "aria-live": "polite" });
    const name = $("deck-format").selectedOptions[0].textContent;
    if (!response.ok) {
      section.append(el("h2", {}, format(gettext("Cannot check: %(reason)s"), { reason: report.message || response.status })));
    } else if (report.legal) {
      section.append(el("h2", {}, format(gettext("Legal in %(format)s"), { format: name })));
    } else {
      const n = report.violations.length;
      const title = ngettext("Not legal in %(format)s: %(count)s problem", "Not legal in %(format)s: %(count)s problems", n);
      section.append(el("h2", {}, format(title, { format: name, count: n })));
      section.append(...violationGroups(report.violations));
    }
    if (report.format_version) section.append(el("p", { class: "small" },
      format(gettext("Rules version %(version)s"), { version: report.format_version })));
    panel.append(section);
  }

  function query() {
    // The filters become part of the query (the search language's type: and side: fields).
    let q = $("card-query").value.trim();
    const quote = (v) => '"' + v.replace(/"/g, "") + '"';
    if ($("card-type").value) q += " type:" + quote($("card-type").value);
    if ($("card-side").value) q += " side:" + quote($("card-side").value);
    return q.trim();
  }

  let latestSearch = 0;  // as for checks: only the newest search may fill the results

  async function search() {
    const q = query();
    const status = $("card-search-status");
    const results = $("card-results");
    const mine = ++latestSearch;
    results.replaceChildren();
    if (!q) return;
    const response = await fetch("/api/cards/?game=" + GAME + "&page_size=25&q=" + encodeURIComponent(q));
    const data = await response.json();
    if (mine !== latestSearch) return;
    results.replaceChildren();
    if (!response.ok) {
      status.textContent = data.position !== undefined ?
        format(gettext("%(message)s (at %(position)s)"), { message: data.message, position: data.position }) : data.message;
      return;
    }
    const found = data.count > 25 ?
      ngettext("%(count)s card, first %(shown)s", "%(count)s cards, first %(shown)s", data.count) :
      ngettext("%(count)s card", "%(count)s cards", data.count);
    status.textContent = format(found, { count: data.count, shown: 25 });
    for (const card of data.results) {
      const item = el("li", { "data-card": card.id, "data-preview": card.image_url || faceUrl(card.id) });
      const button = el("button", { type: "button", class: "add", "aria-label": format(gettext("add %(card)s"), { card: card.title }) }, "+");
      button.onclick = () => confirmAdded(add(card, 1, "deck"));
      item.append(button, " ", el("a", { href: card.url, target: "_blank" }, card.title),
        " ", el("span", { class: "small" }, format(gettext("%(side)s %(type)s · %(id)s"),
          { side: sideLabel(card.side), type: typeLabel(card.type), id: card.id })));
      results.append(item);
    }
  }

  function pasteMode() {
    const checked = form.querySelector('input[name="paste_mode"]:checked');
    return checked ? checked.value : "add";
  }

  function applySide(side, stated) {
    // A "Side:" line in the list is the deck's side; a side read from the cards fills an empty choice only.
    const select = $("deck-side");
    if (!side || !(stated || !select.value)) return;
    if ([...select.options].some((o) => o.value === side || o.textContent === side)) select.value = side;
  }

  // The list read by decks/deck/import_panel.py, /api/decks/import/'s twin that words the problems in the page's
  // language (with the form's CSRF token); the API itself (English) when the page endpoint cannot answer.
  async function readList(body) {
    const token = form.querySelector('input[name="csrfmiddlewaretoken"]');
    const json = JSON.stringify(body);
    try {
      const response = await fetch("/decks/read-list/", {
        method: "POST", credentials: "same-origin", body: json,
        headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
      });
      if (response.status !== 403 && response.status < 500) return response;
    } catch (error) {
      // the network failed: the API answers instead
    }
    return fetch("/api/decks/import/", { method: "POST", headers: { "Content-Type": "application/json" }, body: json });
  }

  async function importList() {
    const text = $("decklist").value;
    const status = $("import-status");
    if (!text.trim()) return;
    const stated = SIDE_LINE.test(text);
    const body = { game: GAME, decklist: text };
    if ($("deck-side").value && !stated) body.side = $("deck-side").value;
    const response = await readList(body);
    const data = await response.json();
    if (!response.ok) { status.textContent = data.message; return; }
    const replacing = pasteMode() === "replace" && data.cards.length > 0;
    if (replacing) cards = [];
    for (const entry of data.cards) add({ id: entry.card_id, title: entry.title, type: entry.type, side: entry.side }, entry.count, entry.zone);
    applySide(data.side, stated);
    const addMode = form.querySelector('input[name="paste_mode"][value="add"]');
    if (addMode) addMode.checked = true;  // the table holds the list now: reading the fixed lines adds them
    const read = data.cards.reduce((n, e) => n + e.count, 0);
    showProblems(data.problems);
    if (data.problems.length) {
      status.textContent = format(ngettext("%(count)s line could not be read (listed below).",
        "%(count)s lines could not be read (listed below).", data.problems.length), { count: data.problems.length });
      $("decklist").value = data.problems.map((p) => p.text).filter((t) => t).join("\n");  // keep what still needs fixing
    } else {
      const done = replacing ?
        ngettext("The deck is now %(count)s card (%(format)s).", "The deck is now %(count)s cards (%(format)s).", read) :
        ngettext("Added %(count)s card (%(format)s).", "Added %(count)s cards (%(format)s).", read);
      status.textContent = format(done, { count: read, format: data.format });
      $("decklist").value = "";
    }
    changed();
  }

  // The lines a paste could not read, each with its closest cards as buttons that write the card into the line.
  function showProblems(problems) {
    const section = $("paste-problems");
    const list = section.querySelector("ul");
    list.replaceChildren();
    for (const p of problems) {
      const item = el("li", { "data-code": p.code, "data-text": p.text || "" }, p.message);
      for (const label of p.candidates || []) {
        const title = label.replace(/ \([^()]*\)$/, "").replace(/^[•◇ ]+/, "");
        if (title) item.append(" ", el("button", { type: "button", class: "suggestion", "data-title": title },
          format(gettext("Use %(title)s"), { title: label })));
      }
      list.append(item);
    }
    section.hidden = problems.length === 0;
  }

  // The suggestion replaces the name in its line, keeping the count written before it ("2x ", "2 ", "2\t").
  function useSuggestion(button) {
    const item = button.closest("li");
    const box = $("decklist");
    const lines = box.value.split("\n");
    const at = lines.findIndex((line) => line.trim() === (item.dataset.text || "").trim());
    if (at < 0) return;
    const count = lines[at].match(/^\s*\d+\s*[xX×]?[ \t]*/);
    lines[at] = (count ? count[0] : "") + button.dataset.title;
    box.value = lines.join("\n");
    item.remove();
    const section = $("paste-problems");
    section.hidden = !section.querySelector("li");
    $("import-status").textContent = format(gettext("Line changed to “%(line)s”: read the list again to add it."), { line: lines[at] });
  }

  function toggleView() {
    const button = $("view-toggle");
    const grid = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(grid));
    button.textContent = grid ? gettext("Show the list") : gettext("Show card images");
    $("deck-visual").open = true;
    render();
  }

  $("current-json").disabled = true;  // the script posts its own table (cards_json)
  $("card-search").onclick = search;
  for (const id of ["card-type", "card-side"]) $(id).onchange = () => { if (query()) search(); };
  $("card-side").addEventListener("change", () => { sideFilterChosen = true; });
  for (const button of document.querySelectorAll("#paste-problems .suggestion")) button.hidden = false;
  $("paste-problems").addEventListener("click", (e) => { if (e.target.matches(".suggestion")) useSuggestion(e.target); });
  $("card-query").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); search(); } });
  $("import-list").hidden = false;
  $("import-list").onclick = importList;
  $("view-toggle").hidden = false;
  $("view-toggle").onclick = toggleView;
  $("deck-format").onchange = check;
  $("deck-side").onchange = () => { followDeckSide(); check(); };
  form.addEventListener("submit", async (event) => {
    // A pasted list is read into the table first, so nothing typed is lost; lines it cannot read stay in the box
    // with their messages, and the form is not sent until they are fixed or removed.
    if ($("decklist").value.trim()) {
      event.preventDefault();
      await importList();
      if (!$("decklist").value.trim()) form.requestSubmit(event.submitter);
      else if (event.submitter && event.submitter.value === "save") {
        // the lines themselves (a whole-list note such as "no cards read" is not a line)
        const n = $("paste-problems").querySelectorAll('li:not([data-text=""])').length;
        $("import-status").textContent = format(ngettext(
          "Not saved: %(count)s line of the list could not be read (listed below). Fix it, use a suggestion or remove it, then save again.",
          "Not saved: %(count)s lines of the list could not be read (listed below). Fix them, use a suggestion or remove them, then save again.",
          n), { count: n });
        $("decklist").scrollIntoView({ block: "center" });
      }
      return;
    }
    if (!cards.length) $("cards-json").value = "";  // an empty table: let the server read the (empty) list
  });
  render();
  followDeckSide();
  if (cards.length) check();
})();
