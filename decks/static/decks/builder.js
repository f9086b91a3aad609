// The deck builder: a card table kept in the page, search to add cards, paste lists, and the legality panel
// refreshed from /api/legality/ after every change. The form still works without this script.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const form = $("builder");
  // The game and its zones come from the page (decks/games.py), so one script serves every game.
  const GAME = form.dataset.game || "swccg";
  const ZONES = JSON.parse($("deck-zones").textContent || "[]");
  let cards = JSON.parse($("initial-cards").textContent || "[]");
  let timer = null;

  function key(c) { return c.id + "|" + c.zone; }

  function add(card, count, zone) {
    const existing = cards.find((c) => c.id === card.id && c.zone === zone);
    if (existing) existing.count = Math.min(99, existing.count + count);
    else cards.push({ id: card.id, title: card.title, type: card.type, side: card.side, count, zone });
    changed();
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render() {
    const body = $("deck-table").querySelector("tbody");
    body.replaceChildren();
    cards.sort((a, b) => a.zone.localeCompare(b.zone) || (a.type || "").localeCompare(b.type || "") ||
      (a.title || a.id).localeCompare(b.title || b.id));
    for (const card of cards) {
      const row = el("tr", { "data-card": card.id, "data-zone": card.zone });
      const name = el("td");
      name.append(el("span", {}, card.title || card.id), " ", el("span", { class: "small" }, card.id));
      const count = el("td", { class: "count" });
      const minus = el("button", { type: "button", class: "minus", "aria-label": "one fewer" }, "−");
      const plus = el("button", { type: "button", class: "plus", "aria-label": "one more" }, "+");
      minus.onclick = () => { card.count -= 1; if (card.count < 1) cards = cards.filter((c) => c !== card); changed(); };
      plus.onclick = () => { card.count = Math.min(99, card.count + 1); changed(); };
      count.append(minus, el("span", { class: "n" }, String(card.count)), plus);
      const zone = el("td");
      const select = el("select", { "aria-label": "zone" });
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
      const x = el("button", { type: "button", class: "remove", "aria-label": "remove" }, "×");
      x.onclick = () => { cards = cards.filter((c) => c !== card); changed(); };
      remove.append(x);
      row.append(name, count, zone, remove);
      body.append(row);
    }
    const inDeck = cards.filter((c) => c.zone !== "outside").reduce((n, c) => n + c.count, 0);
    const outside = cards.filter((c) => c.zone === "outside").reduce((n, c) => n + c.count, 0);
    $("deck-count").textContent = `${inDeck} in the deck` + (outside ? `, ${outside} outside` : "");
    $("deck-table").hidden = cards.length === 0;
    $("deck-empty").hidden = cards.length !== 0;
    $("cards-json").value = JSON.stringify(cards.map((c) => ({ id: c.id, count: c.count, zone: c.zone })));
  }

  function changed() { render(); clearTimeout(timer); timer = setTimeout(check, 250); }

  function ids(zoneTest) {
    return cards.filter((c) => zoneTest(c.zone)).flatMap((c) => Array(c.count).fill(c.id));
  }

  let latest = 0;  // answers can arrive out of order: only the newest check may draw the panel

  async function check() {
    clearTimeout(timer);
    const mine = ++latest;
    const body = {
      game: GAME, format: $("deck-format").value,
      cards: ids((z) => z !== "outside"), outside_deck: ids((z) => z === "outside"),
    };
    if ($("deck-side").value) body.side = $("deck-side").value;
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
      section.append(el("h2", {}, "Cannot check: " + (report.message || response.status)));
    } else if (report.legal) {
      section.append(el("h2", {}, "Legal in " + name));
    } else {
      const n = report.violations.length;
      section.append(el("h2", {}, `Not legal in ${name}: ${n} problem${n === 1 ? "" : "s"}`));
      const list = el("ul", { class: "violations" });
      for (const v of report.violations) {
        const item = el("li", { "data-code": v.code });
        item.append(el("code", {}, v.code), " " + v.message);
        if (v.cards.length) item.append(" ", el("span", { class: "small" }, "[" + v.cards.join(", ") + "]"));
        if (v.hint) { item.append(el("br")); item.append(el("span", { class: "hint" }, v.hint)); }
        list.append(item);
      }
      section.append(list);
    }
    if (report.format_version) section.append(el("p", { class: "small" }, "Rules version " + report.format_version));
    panel.append(section);
  }

  async function search() {
    const q = $("card-query").value.trim();
    const status = $("card-search-status");
    const results = $("card-results");
    results.replaceChildren();
    if (!q) return;
    const response = await fetch("/api/cards/?game=" + GAME + "&page_size=25&q=" + encodeURIComponent(q));
    const data = await response.json();
    if (!response.ok) { status.textContent = data.message + (data.position !== undefined ? ` (at ${data.position})` : ""); return; }
    status.textContent = `${data.count} card${data.count === 1 ? "" : "s"}` + (data.count > 25 ? ", first 25" : "");
    for (const card of data.results) {
      const item = el("li", { "data-card": card.id });
      const button = el("button", { type: "button", class: "add", "aria-label": "add " + card.title }, "+");
      button.onclick = () => add(card, 1, "deck");
      item.append(button, " ", el("a", { href: card.url, target: "_blank" }, card.title),
        " ", el("span", { class: "small" }, `${card.side} ${card.type} · ${card.id}`));
      results.append(item);
    }
  }

  async function importList() {
    const text = $("decklist").value;
    const status = $("import-status");
    if (!text.trim()) return;
    const body = { game: GAME, decklist: text };
    if ($("deck-side").value) body.side = $("deck-side").value;
    const response = await fetch("/api/decks/import/", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) { status.textContent = data.message; return; }
    for (const entry of data.cards) add({ id: entry.card_id, title: entry.title, type: entry.type, side: entry.side }, entry.count, entry.zone);
    if (data.problems.length) {
      status.textContent = data.problems.map((p) => p.message).join(" ");
      $("decklist").value = data.problems.map((p) => p.text).join("\n");  // keep what still needs fixing
    } else {
      status.textContent = `Added ${data.cards.reduce((n, e) => n + e.count, 0)} cards (${data.format}).`;
      $("decklist").value = "";
    }
  }

  $("card-search").onclick = search;
  $("card-query").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); search(); } });
  $("import-list").hidden = false;
  $("import-list").onclick = importList;
  $("deck-format").onchange = check;
  $("deck-side").onchange = check;
  form.addEventListener("submit", async (event) => {
    // A pasted list is added to the table first, so nothing typed is lost; lines it cannot read stay in the box
    // with their messages, and the form is not sent until they are fixed or removed.
    if ($("decklist").value.trim()) {
      event.preventDefault();
      await importList();
      if (!$("decklist").value.trim()) form.requestSubmit(event.submitter);
      return;
    }
    if (!cards.length) $("cards-json").value = "";  // an empty table: let the server read the (empty) list
  });
  render();
  if (cards.length) check();
})();
