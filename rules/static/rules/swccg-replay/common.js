// The SWCCG replay viewer (templates/rules/swccg_replay.html). A record is refereed once as a whole
// (POST /api/games/swccg/replay/view: violations, turns, events in words, cards), then the table after event n is
// asked for as the user steps (POST /api/games/swccg/replay?mode=check&upto=n), kept, and the next one fetched
// ahead. A GEMP file is read a page of events at a time (POST /api/games/swccg/gemp-replay). Everything taken
// from a replay is put in the page as text, never as markup.
//
// The viewer is a few scripts, loaded in this order by the pages that need them, sharing window.ccgReplay:
//   common.js        the page's addresses, the state, the texts, talking to the server (this one)
//   cards.js         a card's name and its figure (image or drawn face)
//   table.js         the table after an event: fetched, kept, drawn
//   record.js        a record refereed: its outcome, violations, events and turns
//   record-steps.js  stepping through a record: the buttons, autoplay, a turn's jump, the keys
//   gemp.js          a GEMP file read a page of events at a time
//   gemp-steps.js    the GEMP cursor: the buttons, autoplay, a turn's jump, the keys
//   saving.js        saving a replay, its share link, deleting a saved one
//   opening.js       the paste and file forms, or a shared replay's file (last: it starts the viewer)
// A function another script defines is called through the shared object (R.goTo), so the order of definition
// does not matter, only that every script has run before the first replay opens.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const root = $("ccg-viewer");
  if (!root) return;
  const URLS = root.dataset;
  // The page's language: Django's JavaScript catalogue (/jsi18n/<lang>/, templates/base.html) defines these before
  // these scripts run; without it (a page kept from before it existed) the texts stay English. What the server
  // sends (events in words, the referee's messages, card names) is shown as it comes.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const interpolate = window.interpolate || ((text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => String(values[key])));
  const format = (text, values) => interpolate(text, values, true);
  const SIDES = { dark: gettext("Dark Side"), light: gettext("Light Side") };

  const state = {
    kind: null, // "record" | "gemp"
    text: "", // the record as sent, sent again for each table
    view: null, // the viewer's answer
    n: 0,
    tables: new Map(),
    timer: null,
    playing: null, // the autoplay's timer while the replay plays on by itself
    gemp: null, // the GEMP file (a Blob)
    gempOffset: 0,
    gempTotal: 0,
    gempAt: 0, // the GEMP event stepped to (its index in the file)
    gempEvents: [], // the page of events shown
    source: null, // what the save form saves: {kind, text | blob, title}
  };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function csrf() {
    const input = root.querySelector("[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function status(text) { $("ccg-status").textContent = text || ""; }

  function fail(text) {
    const box = $("ccg-error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  async function problem(response) {
    try {
      const body = await response.json();
      let message = body.message || gettext("The server refused it.");
      if (body.index !== undefined) {
        message = format(gettext("%(message)s (event #%(number)s)"), { message, number: Number(body.index) + 1 });
      }
      const cards = Array.isArray(body.cards) && body.cards.length ? `: ${body.cards.slice(0, 20).join(", ")}` : "";
      return `${message} [${body.code || response.status}]${cards}`;
    } catch (e) {
      return format(gettext("The server answered %(status)s."), { status: response.status });
    }
  }

  async function post(url, body, type) {
    return fetch(url, { method: "POST", body, headers: { "Content-Type": type, "X-CSRFToken": csrf() },
      credentials: "same-origin" });
  }

  // A key that steps the viewer: none held with Ctrl, Alt or Meta, none typed into a field.
  function steppingKey(e) {
    return !e.altKey && !e.ctrlKey && !e.metaKey && !e.target.closest("input, textarea, select, [contenteditable]");
  }

  // What the save form would save; saving.js, on the pages that can save, also shows the form.
  function offerSave(source) { state.source = source; }

  window.ccgReplay = {
    root, URLS, $, el, gettext, ngettext, format, SIDES, state, csrf, status, fail, problem, post, steppingKey,
    offerSave,
  };
})();
