// The SWCCG replay viewer (templates/rules/swccg_replay.html). A record is refereed once as a whole
// (POST /api/games/swccg/replay/view: violations, turns, events in words, cards), then the table after event n is
// asked for as the user steps (POST /api/games/swccg/replay?mode=check&upto=n), kept, and the next one fetched
// ahead. A GEMP file is read a page of events at a time (POST /api/games/swccg/gemp-replay). Everything taken
// from a replay is put in the page as text, never as markup.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const root = $("ccg-viewer");
  if (!root) return;
  const URLS = root.dataset;
  // The page's language: Django's JavaScript catalogue (/jsi18n/<lang>/, templates/base.html) defines these before
  // this script runs; without it (a page kept from before it existed) the texts stay English. What the server
  // sends (events in words, the referee's messages, card names) is shown as it comes.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const interpolate = window.interpolate || ((text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => String(values[key])));
  const format = (text, values) => interpolate(text, values, true);
  const SIDES = { dark: gettext("Dark Side"), light: gettext("Light Side") };
  // Each rule's title and one-line summary in the page's language (rules/views/swccg_rule_words.py); the API's
  // English ones where the page has none.
  const ruleWordsData = document.getElementById("ccg-rule-words");
  const RULE_WORDS = ruleWordsData ? JSON.parse(ruleWordsData.textContent) : {};
  const GEMP_PAGE = 100; // events a page
  const KEPT_TABLES = 400; // tables kept in memory, the oldest dropped first
  const STEP_DELAY = 60; // ms: holding an arrow key asks only for the table where it stops

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

  // ---- a card on the table: its scanned image, or the face the catalogue draws ----

  function cardInfo(key) {
    const id = String(key).split("#")[0];
    const copy = String(key).includes("#") ? String(key).split("#")[1] : "1";
    const info = (state.view && state.view.cards[id]) || null;
    return { id, copy, info, title: info ? info.title : id };
  }

  function cardFigure(key, extra) {
    const { copy, info, title } = cardInfo(key);
    const figure = el("figure", { class: "ccg-card", "data-card": key, title: `${title} (${key})` });
    if (info && (info.image || info.face)) {
      const img = el("img", { src: info.image || info.face, alt: title, loading: "lazy", width: "72", height: "100" });
      if (info.face) img.onerror = () => { img.onerror = null; img.src = info.face; };
      figure.append(img);
    }
    const caption = el("figcaption", {}, copy !== "1" ? `${title} #${copy}` : title);
    if (extra) caption.append(el("small", {}, ` ${extra}`));
    figure.append(caption);
    return figure;
  }

  function names(keys) {
    return keys.map((k) => { const c = cardInfo(k); return c.copy !== "1" ? `${c.title} #${c.copy}` : c.title; });
  }

  // ---- a record ----

  async function loadRecord(text) {
    fail("");
    if (text.length > Number(URLS.maxRecord)) {
      fail(format(ngettext("The record has %(size)s character; the viewer reads at most %(most)s.",
        "The record has %(size)s characters; the viewer reads at most %(most)s.", text.length),
      { size: text.length.toLocaleString(), most: Number(URLS.maxRecord).toLocaleString() }));
      return;
    }
    status(gettext("The referee is checking the record…"));
    let response;
    try {
      response = await post(URLS.viewUrl, text, "application/json");
    } catch (e) {
      status(""); fail(gettext("The server could not be reached.")); return;
    }
    status("");
    if (!response.ok) { fail(await problem(response)); return; }
    const view = await response.json();
    Object.assign(state, { kind: "record", text, view, n: 0, tables: new Map() });
    $("gemp-viewer").hidden = true;
    $("record-viewer").hidden = false;
    const players = view.players.map((p) => `${p.name} (${SIDES[p.side]})`).join(" vs ");
    offerSave({ kind: "record", text, title: players });
    stopPlaying();
    renderOutcome();
    renderViolations();
    renderEventList();
    renderTurns();
    renderTurnChoice();
    const total = view.events.length;
    $("step-total").textContent = total;
    if (total === 0) {
      $("step").textContent = 0;
      $("ccg-event-words").textContent = gettext("The record has no events.");
      renderTable(view.replay.table);
    } else {
      goTo(0);
    }
  }

  function renderOutcome() {
    const r = state.view.replay;
    const box = $("ccg-outcome");
    box.replaceChildren();
    const count = r.violations_total ?? r.violations.length; // the answer lists the first ones only
    box.append(el("span", { class: r.legal ? "ccg-legal" : "ccg-illegal" },
      r.legal ? gettext("Legal: the referee found no broken rule.") :
        format(ngettext("%(count)s broken rule found (checked to the end).",
          "%(count)s broken rules found (checked to the end).", count), { count })));
    let end = gettext("The game is not over at the end of the record.");
    if (state.n < state.view.events.length - 1) {
      end = gettext("Step to the last event to see how the game ends."); // the winner is not said first
    } else if (r.ended) {
      end = r.winner ? format(gettext("The game ends: %(side)s wins."), { side: SIDES[r.winner] }) :
        gettext("The game ends without a winner.");
    }
    box.append(document.createTextNode(` ${end}`));
  }

  function violationsAt(n) {
    const total = state.view.events.length;
    return state.view.replay.violations.filter((v) => v.index === n || (n === total - 1 && v.index >= total));
  }

  function violationItem(v) {
    const item = el("li", { class: "ccg-violation", "data-code": v.code });
    item.append(el("b", {}, v.code), document.createTextNode(` ${v.message}`));
    if (v.rule && (v.rule.section || v.rule.rule)) {
      // The rulebook is Italian: an Italian page names the rule by its heading, the others by its title in their
      // language; the tooltip quotes the Italian heading and words, the source.
      const italian = document.documentElement.lang === "it";
      const said = RULE_WORDS[v.code] || {};
      const section = said.title || (italian ? v.rule.section : (v.rule.title || v.rule.section));
      const rule = el("span", { class: "ccg-rule" },
        " " + format(gettext("Rulebook — %(section)s: %(rule)s"), { section, rule: said.rule || v.rule.rule }));
      if (v.rule.words) rule.title = italian ? v.rule.words : `${v.rule.section}: «${v.rule.words}»`;
      item.append(rule);
    }
    if (v.cards && v.cards.length) item.append(el("small", {}, ` (${names(v.cards).join(", ")})`));
    return item;
  }

  function renderViolations() {
    const list = $("ccg-violations").querySelector("ol");
    list.replaceChildren();
    const all = state.view.replay.violations;
    const total = state.view.events.length;
    const counted = state.view.replay.violations_total ?? all.length; // past the answer's cap: listed/found
    $("violation-count").textContent = counted > all.length ? `(${all.length}/${counted})` : `(${all.length})`;
    if (!all.length) list.append(el("li", { class: "none" }, gettext("None.")));
    for (const v of all) {
      const item = violationItem(v);
      const at = Math.min(v.index, Math.max(total - 1, 0));
      const jump = el("button", { type: "button", class: "jump", "data-index": at },
        v.index >= total ? gettext("at the end") : format(gettext("event #%(number)s"), { number: v.index + 1 }));
      jump.onclick = () => { goTo(at); $("record-steps").scrollIntoView({ block: "start" }); };
      item.prepend(jump, document.createTextNode(" "));
      list.append(item);
    }
  }

  function renderEventList() {
    const list = $("ccg-events").querySelector("ol");
    list.replaceChildren();
    const marked = new Set(state.view.replay.violations.map((v) => v.index));
    state.view.events.forEach((e, i) => {
      const classes = [e.player || "", marked.has(i) ? "has-violation" : "", e.type === "end_turn" ? "turn-end" : ""];
      const item = el("li", { "data-index": i, class: classes.join(" ").trim(), value: i + 1 });
      const button = el("button", { type: "button", class: "event-link" }, e.words);
      if (marked.has(i)) button.append(el("span", { class: "mark", title: gettext("a rule is broken here") }, " ⚠"));
      button.onclick = () => goTo(i);
      item.append(button);
      list.append(item);
    });
  }

  function renderTurns() {
    const body = $("ccg-turns").querySelector("tbody");
    body.replaceChildren();
    for (const t of state.view.replay.turns) {
      const row = el("tr", { class: `side-${t.player}` });
      const drains = t.drains.map((d) => format(gettext("%(amount)s at %(location)s"),
        { amount: d.amount ?? "", location: names([d.location || ""])[0] })).join("; ");
      const battles = t.battles.map((b) => {
        let battle = names([b.location || ""])[0];
        if (b.totals) battle += " " + format(gettext("%(dark)s to %(light)s"), b.totals);
        if (b.winner) battle = format(gettext("%(battle)s, %(side)s wins"), { battle, side: SIDES[b.winner] || b.winner });
        return battle;
      }).join("; ");
      [t.turn, SIDES[t.player] || t.player, t.activated, names(t.deployed).join(", "), drains, battles,
        `${t.lost.dark} / ${t.lost.light}`].forEach((v) => row.append(el("td", {}, v)));
      body.append(row);
    }
    if (!state.view.replay.turns.length) {
      const row = el("tr", { class: "none" });
      row.append(el("td", { colspan: 7 }, gettext("No turn was played.")));
      body.append(row);
    }
  }

  // Turn 1 starts with the set-up's events; each later turn right after an end_turn.
  function turnStarts() {
    const starts = [0];
    state.view.events.forEach((e, i) => { if (e.type === "end_turn" && i + 1 < state.view.events.length) starts.push(i + 1); });
    return starts;
  }

  function renderTurnChoice() {
    const select = $("step-turn");
    select.replaceChildren();
    turnStarts().forEach((start, i) => {
      const t = state.view.replay.turns[i];
      const side = SIDES[t ? t.player : state.view.events[start].player] || "";
      select.append(el("option", { value: start }, format(gettext("%(turn)s · %(side)s (event #%(number)s)"),
        { turn: i + 1, side, number: start + 1 })));
    });
  }

  function stopPlaying() {
    clearTimeout(state.playing);
    state.playing = null;
    $("step-play").setAttribute("aria-pressed", "false");
    $("step-play").textContent = "▶ " + gettext("Play");
  }

  function playOrPause() {
    if (state.playing !== null) { stopPlaying(); return; }
    if (state.n >= state.view.events.length - 1) return;
    $("step-play").setAttribute("aria-pressed", "true");
    $("step-play").textContent = "⏸ " + gettext("Pause");
    const tick = () => {
      if (state.n >= state.view.events.length - 1) { stopPlaying(); return; }
      goTo(state.n + 1, true);
      state.playing = setTimeout(tick, Number($("step-speed").value));
    };
    state.playing = setTimeout(tick, 0);
  }

  function goTo(n, playing) {
    const total = state.view.events.length;
    if (!total) return;
    if (!playing) stopPlaying();
    n = Math.max(0, Math.min(total - 1, n));
    state.n = n;
    renderOutcome();
    const starts = turnStarts();
    let turn = 0;
    while (turn + 1 < starts.length && starts[turn + 1] <= n) turn += 1;
    $("step-turn").value = String(starts[turn]);
    $("step").textContent = n + 1;
    $("step-first").disabled = $("step-prev").disabled = n === 0;
    $("step-last").disabled = $("step-next").disabled = n === total - 1;
    const e = state.view.events[n];
    $("ccg-event-words").textContent = `#${n + 1}: ${e.words}`;
    const here = $("ccg-event-violations");
    here.replaceChildren(...violationsAt(n).map(violationItem));
    $("ccg-event").classList.toggle("broken", here.children.length > 0);
    const list = $("ccg-events").querySelector("ol");
    const old = list.querySelector("li.current");
    if (old) old.classList.remove("current");
    const item = list.children[n];
    if (item) {
      item.classList.add("current");
      const box = list.getBoundingClientRect(), at = item.getBoundingClientRect();
      if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - box.height / 3;
    }
    clearTimeout(state.timer);
    if (state.tables.has(n)) {
      renderTable(state.tables.get(n));
      ahead(n + 1);
    } else {
      $("ccg-table").classList.add("loading");
      state.timer = setTimeout(() => table(n).then((t) => {
        if (t && state.n === n) { renderTable(t); ahead(n + 1); }
      }), STEP_DELAY);
    }
  }

  async function table(n) {
    if (state.tables.has(n)) return state.tables.get(n);
    const text = state.text;
    let response;
    try {
      response = await post(`${URLS.replayUrl}?mode=check&upto=${n}`, text, "application/json");
    } catch (e) {
      if (state.n === n) fail(gettext("The server could not be reached for this step."));
      return null;
    }
    if (state.text !== text) return null; // another record was opened meanwhile
    if (!response.ok) { if (state.n === n) fail(await problem(response)); return null; }
    const answer = await response.json();
    if (state.tables.size >= KEPT_TABLES) state.tables.delete(state.tables.keys().next().value);
    state.tables.set(n, answer.table);
    return answer.table;
  }

  function ahead(n) {
    if (n < state.view.events.length && !state.tables.has(n)) table(n);
  }

  function renderTable(t) {
    fail("");
    const box = $("ccg-table");
    box.classList.remove("loading");
    box.replaceChildren();
    const turn = t.turn === 0 ? gettext("Set-up, before the first turn") :
      format(gettext("Turn %(turn)s: the %(side)s's turn"), { turn: t.turn, side: SIDES[t.active] });
    box.append(el("p", { class: "ccg-turn", id: "ccg-turn" }, turn));
    const sides = el("div", { class: "ccg-sides" });
    for (const side of ["dark", "light"]) {
      const p = t.players[side];
      const panel = el("div", { class: `ccg-side ${side}`, "data-side": side });
      panel.append(el("h3", {}, SIDES[side]));
      panel.append(el("p", { class: "ccg-life" },
        format(gettext("Life Force %(life)s = Reserve Deck %(reserve)s + Force Pile %(force)s + Used Pile %(used)s"),
          { life: p.life_force, reserve: p.reserve, force: p.force_pile, used: p.used_pile })));
      const hand = el("div", { class: "ccg-hand" });
      hand.append(el("span", { class: "small" }, format(gettext("Hand (%(count)s):"), { count: p.hand.length })));
      p.hand.forEach((k) => hand.append(cardFigure(k)));
      panel.append(hand);
      panel.append(el("p", { class: "ccg-piles" }, format(gettext("Lost Pile (%(count)s): %(cards)s"),
        { count: p.lost_pile.length, cards: names(p.lost_pile).join(", ") || "—" })));
      if (p.out_of_play.length) {
        panel.append(el("p", { class: "ccg-piles" },
          format(gettext("Out of play: %(cards)s"), { cards: names(p.out_of_play).join(", ") })));
      }
      sides.append(panel);
    }
    box.append(sides);
    const locations = el("div", { class: "ccg-locations" });
    for (const loc of t.locations) {
      const place = el("div", { class: "ccg-location", "data-location": loc.card });
      const head = el("div", { class: "ccg-location-head" });
      head.append(cardFigure(loc.card), el("p", {}, format(gettext("Force icons: dark %(dark)s, light %(light)s"), loc.icons)));
      place.append(head);
      for (const side of ["dark", "light"]) {
        const row = el("div", { class: `ccg-at ${side}`, "data-side": side });
        row.append(el("span", { class: "small" }, `${SIDES[side]}:`));
        for (const c of loc.cards[side]) {
          row.append(cardFigure(c.card, c.on ? format(gettext("aboard %(card)s"), { card: names([c.on])[0] }) : null));
        }
        if (!loc.cards[side].length) row.append(el("span", { class: "small" }, " —"));
        place.append(row);
      }
      locations.append(place);
    }
    if (!t.locations.length) locations.append(el("p", { class: "small" }, gettext("No location on the table yet.")));
    box.append(locations);
  }

  // ---- a GEMP file ----

  async function loadGemp(blob, offset) {
    fail("");
    if (blob.size > Number(URLS.maxGemp)) {
      fail(format(ngettext("The file has %(size)s byte; the viewer reads at most %(most)s.",
        "The file has %(size)s bytes; the viewer reads at most %(most)s.", blob.size),
      { size: blob.size.toLocaleString(), most: Number(URLS.maxGemp).toLocaleString() }));
      return;
    }
    status(gettext("Reading the GEMP replay…"));
    let response;
    try {
      response = await post(`${URLS.gempUrl}?offset=${offset}&limit=${GEMP_PAGE}`, blob, "application/octet-stream");
    } catch (e) {
      status(""); fail(gettext("The server could not be reached.")); return;
    }
    status("");
    if (!response.ok) { fail(await problem(response)); return; }
    const game = await response.json();
    const first = state.gemp !== blob;
    Object.assign(state, { kind: "gemp", gemp: blob, gempOffset: offset, gempTotal: game.events_total, view: null });
    $("record-viewer").hidden = true;
    $("gemp-viewer").hidden = false;
    if (first) {
      stopGempPlaying();
      state.gempAt = 0;
      offerSave({ kind: "gemp", blob, title: game.players.map((p) => p.name).join(" vs ") });
      renderGempGame(game);
    }
    renderGempEvents(game);
    markGemp();
  }

  function renderGempGame(game) {
    const players = game.players.map((p) => `${p.name} (${SIDES[p.side] || gettext("side unknown")})`).join(" vs ");
    const n = game.events_total;
    const about = game.recorded_by ?
      ngettext("%(players)s; recorded by %(by)s; %(count)s event (%(encoding)s).",
        "%(players)s; recorded by %(by)s; %(count)s events (%(encoding)s).", n) :
      ngettext("%(players)s; %(count)s event (%(encoding)s).", "%(players)s; %(count)s events (%(encoding)s).", n);
    $("gemp-players").textContent = format(about, { players, by: game.recorded_by, count: n, encoding: game.encoding });
    const unknownCards = game.unknown_cards.map((u) => format(
      ngettext("%(card)s (%(count)s event, first #%(first)s)", "%(card)s (%(count)s events, first #%(first)s)", u.events),
      { card: u.card, count: u.events, first: u.first_event + 1 }));
    $("gemp-unknown-cards").textContent = unknownCards.length ?
      format(gettext("Cards the catalogue does not have: %(cards)s."), { cards: unknownCards.join(", ") }) : "";
    $("gemp-unknown-types").textContent = game.unknown_event_types.length ?
      format(gettext("Event types this reader does not know (shown raw): %(types)s."),
        { types: game.unknown_event_types.join(", ") }) : "";
    $("gemp-unknown").hidden = !unknownCards.length && !game.unknown_event_types.length;
    const body = $("gemp-turns").querySelector("tbody");
    body.replaceChildren();
    for (const t of game.turns) {
      const row = el("tr", { class: t.side ? `side-${t.side}` : "" });
      const draws = t.destiny_draws.map((d) => (d.for ?
        format(gettext("%(destiny)s for %(reason)s"), { destiny: d.destiny ?? "?", reason: d.for }) :
        String(d.destiny ?? "?"))).join("; ");
      const conflicts = t.conflicts.map((c) => format(c.ended === null ?
        gettext("%(kind)s (events #%(first)s–…)") : gettext("%(kind)s (events #%(first)s–#%(last)s)"),
      { kind: c.kind, first: c.started + 1, last: c.ended === null ? null : c.ended + 1 })).join("; ");
      const turn = t.side_turn ? format(gettext("%(turn)s (%(side)s's turn %(own)s)"),
        { turn: t.turn, side: SIDES[t.side] || t.player || "", own: t.side_turn }) : t.turn;
      [turn, t.player || "", t.phases.join(", "), draws, conflicts, `${t.cards_put_in_play} / ${t.cards_removed_from_play}`]
        .forEach((v) => row.append(el("td", {}, v)));
      body.append(row);
    }
    if (!game.turns.length) {
      const row = el("tr", { class: "none" });
      row.append(el("td", { colspan: 6 }, gettext("No turn began in this file.")));
      body.append(row);
    }
    const select = $("gemp-turn");
    select.replaceChildren();
    for (const t of game.turns) {
      select.append(el("option", { value: t.first_event }, t.turn === 0 ? gettext("Set-up") :
        format(gettext("%(turn)s · %(side)s (event #%(number)s)"),
          { turn: t.turn, side: SIDES[t.side] || t.player || "", number: t.first_event + 1 })));
    }
  }

  // The GEMP cursor: one event at a time, the page of events that holds it fetched when it moves off the page.
  function markGemp() {
    const list = $("gemp-events");
    const old = list.querySelector("li.current");
    if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
    const at = state.gempAt;
    $("gemp-step").textContent = state.gempTotal ? at + 1 : 0;
    $("gemp-step-total").textContent = state.gempTotal;
    $("gemp-step-prev").disabled = at <= 0;
    $("gemp-step-next").disabled = at >= state.gempTotal - 1;
    const item = list.children[at - state.gempOffset];
    const e = state.gempEvents[at - state.gempOffset];
    $("gemp-current").textContent = e ? `#${at + 1}: ${e.words}` : "";
    if (item) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      const box = list.getBoundingClientRect(), where = item.getBoundingClientRect();
      if (where.top < box.top || where.bottom > box.bottom) list.scrollTop += where.top - box.top - box.height / 3;
    }
    const turns = [...$("gemp-turn").options];
    const current = turns.filter((o) => Number(o.value) <= at).pop();
    if (current) $("gemp-turn").value = current.value;
  }

  async function gempGoTo(n, playing) {
    if (!state.gemp || !state.gempTotal) return;
    if (!playing) stopGempPlaying();
    n = Math.max(0, Math.min(state.gempTotal - 1, n));
    state.gempAt = n;
    if (n < state.gempOffset || n >= state.gempOffset + state.gempEvents.length) {
      await loadGemp(state.gemp, Math.floor(n / GEMP_PAGE) * GEMP_PAGE);
    }
    markGemp();
  }

  function stopGempPlaying() {
    clearTimeout(state.gempPlaying);
    state.gempPlaying = null;
    $("gemp-play").setAttribute("aria-pressed", "false");
    $("gemp-play").textContent = "▶ " + gettext("Play");
  }

  function gempPlayOrPause() {
    if (state.gempPlaying) { stopGempPlaying(); return; }
    if (state.gempAt >= state.gempTotal - 1) return;
    $("gemp-play").setAttribute("aria-pressed", "true");
    $("gemp-play").textContent = "⏸ " + gettext("Pause");
    const tick = async () => {
      if (state.gempAt >= state.gempTotal - 1) { stopGempPlaying(); return; }
      await gempGoTo(state.gempAt + 1, true);
      if (state.gempPlaying) state.gempPlaying = setTimeout(tick, Number($("gemp-speed").value));
    };
    state.gempPlaying = setTimeout(tick, 0);
  }

  function renderGempEvents(game) {
    state.gempEvents = game.events;
    const list = $("gemp-events");
    list.replaceChildren();
    for (const e of game.events) {
      const item = el("li", { value: e.index + 1, class: e.known ? "" : "unknown-type", "data-type": e.type });
      item.append(document.createTextNode(e.words)); // the words name the turn and the side already
      if (!e.known) {
        const raw = JSON.stringify(e.attributes || {}).slice(0, 300);
        item.append(el("small", {}, ` [${format(gettext("%(type)s, not known here: %(attributes)s"), { type: e.type, attributes: raw })}]`));
      }
      if (e.card && e.title === null && !String(e.card).startsWith("-")) {
        item.append(el("small", { class: "unknown" }, ` (${format(gettext("card %(card)s not in the catalogue"), { card: e.card })})`));
      }
      list.append(item);
    }
    const last = Math.min(state.gempOffset + game.events.length, state.gempTotal);
    $("gemp-range").textContent = state.gempTotal ?
      format(gettext("events %(first)s–%(last)s of %(total)s"), { first: state.gempOffset + 1, last, total: state.gempTotal }) :
      gettext("no events");
    $("gemp-prev").disabled = state.gempOffset === 0;
    $("gemp-next").disabled = last >= state.gempTotal;
  }

  // ---- opening, saving and deleting ----

  async function openFile(file) {
    const head = (await file.slice(0, 64).text()).trimStart();
    if (head.startsWith("{") || /\.json$/i.test(file.name)) {
      const text = await file.text();
      if ($("record-text")) $("record-text").value = text;
      await loadRecord(text);
    } else {
      state.gemp = null;
      await loadGemp(file, 0);
    }
  }

  function offerSave(source) {
    state.source = source;
    const box = $("ccg-save");
    if (!box) return;
    box.hidden = false;
    const title = $("save-title");
    if (title) title.value = (source.title || "").slice(0, Number(title.maxLength) || 120);
    if ($("share")) $("share").hidden = true;
  }

  async function save(event) {
    event.preventDefault();
    const source = state.source;
    if (!source) return;
    const title = $("save-title").value;
    let response;
    try {
      if (source.kind === "record") {
        // The record is sent as it was pasted (the server checked it): no parse and re-write on the way.
        const body = `{"title": ${JSON.stringify(title)}, "record": ${source.text}}`;
        response = await post(URLS.saveUrl, body, "application/json");
      } else {
        response = await post(`${URLS.saveUrl}?title=${encodeURIComponent(title)}`, source.blob, "application/octet-stream");
      }
    } catch (e) {
      fail(gettext("The server could not be reached.")); return;
    }
    if (!response.ok) { fail(await problem(response)); return; }
    const saved = await response.json();
    fail("");
    $("share-url").value = saved.share_url;
    $("share-open").href = saved.share_url;
    $("share").hidden = false;
    addSavedRow(saved);
  }

  function addSavedRow(saved) {
    const table = $("ccg-saved");
    if (!table) return;
    const body = table.querySelector("tbody");
    const none = body.querySelector("tr.none");
    if (none) none.remove();
    const row = el("tr", { "data-replay": saved.id });
    const link = el("td");
    link.append(el("a", { href: saved.share_url }, saved.title));
    row.append(link, el("td", {}, saved.kind === "gemp" ? gettext("GEMP replay") : gettext("game record")),
      el("td", {}, saved.events), el("td", {}, saved.violations === null ? "—" : saved.violations),
      el("td", {}, gettext("just now")));
    const cell = el("td");
    cell.append(el("button", { type: "button", class: "delete-replay", "data-url": saved.url }, gettext("Delete")));
    row.append(cell);
    body.prepend(row);
  }

  async function remove(button) {
    if (!window.confirm(gettext("Delete this saved replay? Its share link stops working."))) return;
    const response = await fetch(button.dataset.url, { method: "DELETE", headers: { "X-CSRFToken": csrf() }, credentials: "same-origin" });
    if (response.status === 204 || response.status === 404) button.closest("tr").remove();
    else fail(await problem(response));
  }

  // ---- wiring ----

  const recordForm = $("record-form");
  if (recordForm) recordForm.addEventListener("submit", (e) => { e.preventDefault(); loadRecord($("record-text").value); });
  const fileForm = $("file-form");
  if (fileForm) {
    fileForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const file = $("replay-file").files[0];
      if (file) openFile(file); else fail(gettext("Choose a file first."));
    });
  }
  const saveForm = $("save-form");
  if (saveForm) saveForm.addEventListener("submit", save);
  root.addEventListener("click", (e) => {
    const button = e.target.closest("button.delete-replay");
    if (button) remove(button);
  });
  $("step-first").onclick = () => goTo(0);
  $("step-prev").onclick = () => goTo(state.n - 1);
  $("step-next").onclick = () => goTo(state.n + 1);
  $("step-last").onclick = () => goTo(Infinity);
  $("step-play").onclick = playOrPause;
  $("step-turn").onchange = (e) => goTo(Number(e.target.value));
  $("gemp-step-prev").onclick = () => gempGoTo(state.gempAt - 1);
  $("gemp-step-next").onclick = () => gempGoTo(state.gempAt + 1);
  $("gemp-play").onclick = gempPlayOrPause;
  $("gemp-turn").onchange = (e) => gempGoTo(Number(e.target.value));
  // A page of events turned by hand takes the cursor to its first event.
  $("gemp-prev").onclick = () => gempGoTo(Math.max(0, state.gempOffset - GEMP_PAGE));
  $("gemp-next").onclick = () => gempGoTo(state.gempOffset + GEMP_PAGE);
  document.addEventListener("keydown", (e) => {
    if (!state.kind || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest("input, textarea, select, [contenteditable]")) return;
    if (state.kind === "gemp") {
      const steps = { ArrowRight: state.gempAt + 1, ArrowLeft: state.gempAt - 1, Home: 0, End: Infinity };
      if (e.key in steps) { e.preventDefault(); gempGoTo(steps[e.key]); }
      else if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); gempPlayOrPause(); }
      return;
    }
    const moves = { ArrowRight: state.n + 1, ArrowLeft: state.n - 1, Home: 0, End: Infinity };
    if (e.key in moves) { e.preventDefault(); goTo(moves[e.key]); }
    else if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); playOrPause(); }
  });

  if (URLS.sourceUrl) {
    (async () => {
      status(gettext("Fetching the shared replay…"));
      let response;
      try { response = await fetch(URLS.sourceUrl, { credentials: "same-origin" }); } catch (e) { response = null; }
      if (!response || !response.ok) { status(""); fail(gettext("The shared replay could not be fetched.")); return; }
      if (URLS.sourceKind === "record") await loadRecord(await response.text());
      else await loadGemp(await response.blob(), 0);
    })();
  }
})();
