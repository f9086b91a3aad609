// The SW:DBG play table (templates/rules/play.html): draws the table from the JSON state (rules/table_state.py),
// sends each move as JSON and steps through the answer's frames (the AI's actions one after another) without a
// page load. Without JavaScript the page's forms play the same game with page loads.
(function () {
  "use strict";
  const root = document.getElementById("dbg-table");
  const source = document.getElementById("dbg-table-state");
  if (!root || !source) return;
  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (m, k) => String(obj[k])));
  const words = (fmt, values) => interpolate(fmt, values, true);
  const FRAME_DELAY = 450; // ms between the AI's actions
  const LOG_LINES = 60; // as rules/table_state.py keeps
  const FACTIONS = { Empire: gettext("Empire"), Rebel: gettext("Rebel"), Neutral: gettext("Neutral"),
    Republic: gettext("Republic"), Separatist: gettext("Separatist") };
  const TYPES = { unit: gettext("Unit"), capital_ship: gettext("Capital ship"), base: gettext("Base") };

  let state = JSON.parse(source.textContent);
  const faces = state.faces || {};
  let busy = false;
  let skipping = false;
  let hint = null; // the computer's advice for this position, once asked

  // ---- small DOM helpers ----

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }
  const faction = (name) => FACTIONS[name] || name;

  // A printed value: the symbol for the eye, the words for a screen reader.
  function stat(cls, symbol, value, spoken) {
    return el("span", { class: "dbg-stat " + cls, title: spoken },
      el("span", { "aria-hidden": "true", text: symbol + value }), el("span", { class: "visually-hidden", text: spoken }));
  }

  // ---- cards ----

  function cardNode(id, extra, buttons) {
    const f = faces[id] || { title: "?", faction: "", type: "unit", traits: [] };
    extra = extra || {};
    const stats = [];
    if (f.type !== "base" && f.cost) stats.push(stat("cost", "¤", f.cost, words(gettext("cost %(n)s"), { n: f.cost })));
    const attack = extra.attack !== undefined && extra.attack !== null ? extra.attack : f.attack;
    if (attack) stats.push(stat("attack", "⚔", attack, words(gettext("attack %(n)s"), { n: attack })));
    if (f.resources) stats.push(stat("resources", "◈", f.resources, words(gettext("resources %(n)s"), { n: f.resources })));
    if (f.force) stats.push(stat("force", "✦", f.force, words(gettext("Force %(n)s"), { n: f.force })));
    if (f.target_value) stats.push(stat("target", "◎", f.target_value, words(gettext("target value %(n)s"), { n: f.target_value })));
    if (f.hit_points) {
      const damage = extra.damage || 0;
      const left = f.hit_points - damage;
      stats.push(stat("hp", "♥", damage ? left + "/" + f.hit_points : f.hit_points,
        damage ? words(gettext("%(left)s of %(hp)s hit points left"), { left: left, hp: f.hit_points })
          : words(gettext("hit points %(n)s"), { n: f.hit_points })));
    }
    const status = [];
    if (extra.committed === "base") status.push(gettext("attacking the base"));
    else if (extra.committed !== undefined && extra.committed !== null) {
      status.push(words(gettext("attacking %(card)s"), { card: (faces[extra.committed] || {}).title || "?" }));
    }
    if (extra.attacked) status.push(gettext("has attacked"));
    if (extra.ability_used) status.push(gettext("ability used"));
    const type = [TYPES[f.type] || f.type].concat(f.traits || []).join(" · ");
    const classes = ["dbg-c", "faction-" + String(f.faction).toLowerCase(), "type-" + f.type];
    if (buttons && buttons.length) classes.push("can-act");
    if (status.length) classes.push("busy");
    return el("div", { class: classes.join(" "), "data-card": id, role: "group", "aria-label": f.title },
      el("div", { class: "dbg-c-head" }, el("b", { class: "dbg-c-name", text: f.title }),
        f.unique ? el("span", { class: "dbg-c-unique", title: gettext("unique"), text: "◆" }) : null),
      el("div", { class: "dbg-c-type", text: faction(f.faction) + " · " + type }),
      f.image ? el("img", { src: f.image, alt: "", loading: "lazy", class: "dbg-c-img" }) : null,
      el("div", { class: "dbg-c-stats" }, stats),
      f.text ? el("p", { class: "dbg-c-text", text: f.text }) : null,
      f.reward ? el("p", { class: "dbg-c-reward" }, el("b", { text: gettext("Reward:") + " " }), f.reward) : null,
      status.length ? el("p", { class: "dbg-c-status", text: status.join(" · ") }) : null,
      buttons && buttons.length ? el("div", { class: "dbg-c-actions" }, buttons) : null);
  }

  function actionButton(entry, key, extraClass) {
    return el("button", {
      type: "button", class: "dbg-act act-" + entry.kind + (extraClass ? " " + extraClass : ""),
      "aria-label": entry.name, title: entry.name, "data-key": key, text: entry.short,
      onclick: () => move([entry.action]),
    });
  }

  function buttonsFor(id, interactive) {
    if (!interactive) return [];
    const entries = state.actions.cards[id] || [];
    return entries.map((e, i) => actionButton(e, "c" + id + "-" + e.kind + "-" + i));
  }

  function zone(title, cls, cards, empty) {
    return el("section", { class: "dbg-zone " + cls, "aria-label": title },
      el("h3", { text: title }),
      el("div", { class: "dbg-cards" }, cards.length ? cards : el("p", { class: "dbg-empty", text: empty || "—" })));
  }

  // ---- the table ----

  function forceTrack(board) {
    const cells = board.track.map((space) => el("span", {
      class: "dbg-space" + (space === board.force ? " marker" : "") + (space < 0 ? " dark" : space > 0 ? " light" : ""),
      "aria-hidden": "true", text: space === board.force ? "●" : "·",
    }));
    const said = board.force_with ? words(gettext("The Force is with the %(side)s."), { side: faction(board.force_with) })
      : gettext("The Force is with neither side.");
    const players = board.players;
    const dark = players.find((p) => p.side === "dark") || players[0];
    const light = players.find((p) => p.side === "light") || players[1];
    const mover = players[board.to_move];
    return el("div", { class: "dbg-force-bar" },
      el("div", { class: "dbg-force", role: "img", "aria-label": gettext("Force track:") + " " + said },
        el("span", { class: "dbg-side", text: faction(dark.faction) }), cells, el("span", { class: "dbg-side", text: faction(light.faction) })),
      el("p", { class: "dbg-turn" }, words(gettext("Turn %(n)s"), { n: board.turn }), " · ",
        state.outcome ? gettext("the game is over") : mover.mine ? el("b", { text: gettext("your move") })
          : words(gettext("%(faction)s to move"), { faction: faction(mover.faction) })));
  }

  function playerInfo(p) {
    const bits = [
      words(gettext("resources %(n)s"), { n: p.resources }),
      words(gettext("hand %(n)s"), { n: p.hand_count }),
      words(gettext("deck %(n)s"), { n: p.deck_count }),
      words(gettext("discard %(n)s"), { n: p.discard.length }),
      words(gettext("bases left %(n)s"), { n: p.bases_left_count }),
      words(gettext("enemy bases destroyed %(n)s"), { n: p.victory.length }),
    ];
    if (p.exile.length) bits.push(words(gettext("exiled %(n)s"), { n: p.exile.length }));
    return el("p", { class: "dbg-info", text: bits.join(" · ") });
  }

  function playerArea(p, interactive, board) {
    const base = p.base ? [cardNode(p.base.id, { damage: p.base.damage }, buttonsFor(p.base.id, interactive))] : [];
    const inPlay = p.in_play.map((c) => cardNode(c.id, c, buttonsFor(c.id, interactive)));
    const title = p.mine ? words(gettext("You: %(faction)s"), { faction: faction(p.faction) })
      : words(gettext("Opponent: %(faction)s"), { faction: faction(p.faction) });
    const parts = [el("h2", { text: title + (board.active === p.seat ? " — " + gettext("active") : "") }), playerInfo(p)];
    const row = el("div", { class: "dbg-row" },
      zone(gettext("Base"), "dbg-base-zone", base, gettext("none: a new base is chosen at the start of the turn")),
      zone(gettext("In play"), "dbg-play-zone", inPlay));
    parts.push(row);
    if (p.hand) {
      const hand = p.hand.map((id) => cardNode(id, null, buttonsFor(id, interactive)));
      const handZone = zone(gettext("Your hand"), "dbg-hand-zone", hand);
      if (interactive && state.actions.play_all.length > 1) {
        handZone.querySelector("h3").after(el("button", {
          type: "button", class: "dbg-act act-play-all", "data-key": "play-all",
          text: words(gettext("Play all resource cards (%(n)s)"), { n: state.actions.play_all.length }),
          onclick: () => move(state.actions.play_all),
        }));
      }
      parts.push(handZone);
    } else {
      parts.push(el("p", { class: "dbg-backs", text: words(gettext("Hand: %(n)s hidden cards"), { n: p.hand_count }) }));
    }
    if (p.victory.length) {
      parts.push(el("p", { class: "dbg-info", text: gettext("Destroyed enemy bases:") + " " + p.victory.map((id) => faces[id].title).join(", ") }));
    }
    return el("section", { class: "dbg-area" + (p.mine ? " mine" : " theirs"), "data-faction": p.faction }, parts);
  }

  function galaxy(board, interactive) {
    const row = board.galaxy_row.map((id) => cardNode(id, null, buttonsFor(id, interactive)));
    const pilots = board.outer_rim.map((id) => cardNode(id, null, buttonsFor(id, interactive)));
    const counts = words(gettext("Galaxy deck %(deck)s · galaxy discard %(discard)s · Outer Rim Pilots %(pilots)s"),
      { deck: board.galaxy_deck_count, discard: board.galaxy_discard.length, pilots: board.outer_rim_count });
    const rowZone = el("div", { class: "dbg-zone dbg-row-zone" }, el("div", { class: "dbg-cards" }, row));
    return el("section", { class: "dbg-area dbg-galaxy-area", "aria-labelledby": "dbg-galaxy-title" },
      el("h2", { id: "dbg-galaxy-title", text: gettext("Galaxy row") }), el("p", { class: "dbg-info", text: counts }),
      el("div", { class: "dbg-row" }, rowZone, zone(gettext("Outer Rim Pilot"), "dbg-pilot-zone", pilots)));
  }

  function promptPanel() {
    const prompt = state.actions.prompt;
    if (!prompt) return null;
    // An option that picks a card is a button on that card (several on one card: damage amounts); the others
    // (a choice's named options, swaps, declining) are plain buttons.
    const options = [];
    const onCard = new Map();
    prompt.options.forEach((o, i) => {
      const button = actionButton(o, "p" + i, "dbg-option");
      if (o.card === null || o.card === undefined || o.with !== null && o.with !== undefined) options.push(button);
      else if (onCard.has(o.card)) onCard.get(o.card).push(button);
      else { onCard.set(o.card, [button]); options.push(o.card); }
    });
    options.forEach((o, i) => { if (typeof o === "number") options[i] = cardNode(o, null, onCard.get(o)); });
    return el("section", { class: "dbg-prompt", role: "region", "aria-labelledby": "dbg-question" },
      prompt.card !== null && prompt.card !== undefined ? el("div", { class: "dbg-asker" }, cardNode(prompt.card)) : null,
      el("div", {}, el("h2", { id: "dbg-question", text: prompt.text }), el("div", { class: "dbg-cards dbg-options" }, options)));
  }

  function seenPanel(board) {
    if (!board.seen.length) return null;
    return zone(gettext("You were shown"), "dbg-seen", board.seen.map((id) => cardNode(id)));
  }

  function turnButtons(interactive) {
    const parts = [];
    if (!interactive) {
      return el("div", { class: "dbg-turn-actions" }, busy ? el("button", { type: "button", class: "dbg-skip",
        text: gettext("Show the computer's moves at once"), onclick: () => { skipping = true; } }) : null);
    }
    state.actions.general.forEach((e, i) => parts.push(actionButton(e, "g" + e.kind + i, e.kind === "end_turn" ? "button" : "")));
    if (!state.outcome && state.actions.general.length) {
      parts.push(el("button", { type: "button", class: "secondary", "data-key": "hint", text: gettext("Hint"),
        title: gettext("What would the computer do here, and why?"), onclick: askHint }));
    }
    if (state.can_undo) parts.push(el("button", { type: "button", class: "dbg-undo", "data-key": "undo", text: gettext("Undo my last move"), onclick: undo }));
    if (!state.outcome) parts.push(el("button", { type: "button", class: "danger", "data-key": "resign", text: gettext("Resign"), onclick: resign }));
    return el("div", {}, el("div", { class: "dbg-turn-actions" }, parts), hintPanel());
  }

  function hintPanel() {
    if (!hint) return null;
    return el("section", { class: "dbg-hint", "aria-label": gettext("Hint") },
      el("p", {}, el("b", { text: gettext("The computer would:") + " " }), hint.name + ". " + hint.why),
      hint.choices.length ? el("ul", {}, hint.choices.map((c) => el("li", {
        text: words(gettext("%(choice)s: %(score)s on average"), { choice: c.name, score: c.score }) }))) : null);
  }

  async function askHint() {
    if (busy) return;
    busy = true;
    render("hint");
    try {
      const answer = await fetch(state.urls.hint, { credentials: "same-origin", headers: { Accept: "application/json" } });
      const data = await answer.json();
      if (answer.ok) hint = data;
      busy = false;
      render("hint");
      announce(answer.ok ? gettext("The computer would:") + " " + data.name + ". " + data.why : data.message);
    } catch (e) {
      busy = false;
      render("hint");
      announce(gettext("The move could not be sent; try again."));
    }
  }

  function outcomePanel() {
    const o = state.outcome;
    if (!o) return null;
    let headline;
    if (o.reason === "resigned") headline = gettext("You resigned: the computer wins.");
    else if (o.winner === null) headline = gettext("A draw at the turn limit.");
    else if (o.you_won) headline = words(gettext("You win on turn %(n)s!"), { n: o.turn });
    else headline = words(gettext("You lose on turn %(n)s."), { n: o.turn });
    const facts = o.bases_destroyed.map((b) => el("li", {
      text: words(gettext("%(faction)s destroyed %(n)s enemy bases"), { faction: faction(b.faction), n: b.count }) + (b.titles.length ? ": " + b.titles.join(", ") : ""),
    }));
    facts.unshift(el("li", { text: words(gettext("Turns played: %(n)s"), { n: o.turn }) }));
    const csrf = document.querySelector("#dbg-csrf input[name=csrfmiddlewaretoken]");
    return el("section", { class: "dbg-outcome-panel", "aria-labelledby": "dbg-outcome-title" },
      el("h2", { id: "dbg-outcome-title", tabindex: "-1", text: headline }), el("ul", {}, facts),
      el("p", {}, el("a", { href: state.urls.replay, text: gettext("Replay the game") })),
      el("form", { method: "post", action: state.urls.rematch },
        el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf ? csrf.value : "" }),
        el("button", { type: "submit", class: "button", text: gettext("New game with the same setup") })));
  }

  function legend() {
    const items = [["¤", gettext("cost")], ["⚔", gettext("attack")], ["◈", gettext("resources")], ["✦", gettext("Force")],
      ["◎", gettext("target value: the attack that defeats it in the galaxy row")], ["♥", gettext("hit points")], ["◆", gettext("unique")]];
    return el("details", { class: "dbg-legend" }, el("summary", { text: gettext("Symbols") }),
      el("dl", {}, items.map(([s, w]) => [el("dt", { text: s }), el("dd", { text: w })])),
      el("p", { text: gettext("The Force track runs from the Empire's end to the Rebels' end; the marker shows where the Force is. A side with the marker on its half has the Force with it.") }));
  }

  function logPanel(lines) {
    const list = el("ol", { class: "dbg-log-lines" }, lines.map((l) => el("li", { class: l.seat === state.seat ? "mine" : "theirs", text: l.text })));
    return el("aside", { class: "dbg-log-panel", "aria-label": gettext("Game log") }, el("h2", { text: gettext("Game log") }), list);
  }

  // Draw the table: `board` (a frame's, or the state's own), with the owner's actions when `interactive`.
  function draw(board, interactive, lines) {
    const main = el("div", { class: "dbg-main" },
      forceTrack(board), legend(), outcomePanel(), error(),
      interactive ? promptPanel() : null,
      playerArea(board.players[1 - state.seat], interactive, board),
      galaxy(board, interactive),
      seenPanel(board),
      playerArea(board.players[state.seat], interactive, board),
      turnButtons(interactive));
    const log = logPanel(lines);
    root.replaceChildren(main, log);
    const list = log.querySelector("ol");
    list.scrollTop = list.scrollHeight;
  }

  let errorText = "";
  function error() {
    return errorText ? el("p", { class: "error", role: "alert", text: errorText }) : null;
  }
  // Announced lines pile up in one live region outside the redrawn table, so none is cut off by the next.
  const live = el("div", { class: "visually-hidden", "aria-live": "polite", "aria-relevant": "additions", id: "dbg-live" });
  root.after(live);
  function announce(text) { live.append(el("p", { text: text })); }

  // Keep focus sensible: on the same button if it is still there, else the question, the end of the turn or the
  // outcome.
  function render(focusKey, focusZone) {
    draw(state.board, !busy, state.log);
    let target = focusKey ? root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]') : null;
    if (!target && focusZone && !state.actions.prompt) target = root.querySelector("." + focusZone + " .dbg-act");
    if (!target && state.outcome) target = root.querySelector("#dbg-outcome-title");
    if (!target && state.actions.prompt) target = root.querySelector(".dbg-option");
    if (!target && focusKey) target = root.querySelector(".act-end_turn") || root.querySelector(".dbg-act");
    if (target) target.focus();
  }

  function wait(ms) { return new Promise((resolve) => setTimeout(resolve, skipping ? 0 : ms)); }

  async function playFrames(frames) {
    let lines = state.log.slice();
    skipping = false;
    for (const f of frames) {
      lines = lines.concat([{ seat: f.seat, text: f.text }]);
      draw(f.board, false, lines);
      if (f.seat !== state.seat) {
        announce(f.text);
        await wait(FRAME_DELAY);
      }
    }
  }

  function csrfToken() {
    const input = document.querySelector("#dbg-csrf input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin", body: body ? JSON.stringify(body) : "",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { ok: response.ok, data: data };
  }

  async function act(run, focusKey) {
    if (busy) return;
    const zone = document.activeElement && document.activeElement.closest ? document.activeElement.closest(".dbg-zone") : null;
    const focusZone = zone ? Array.from(zone.classList).find((c) => c !== "dbg-zone") : null;
    busy = true;
    hint = null; // advice for the position before the move
    errorText = "";
    live.replaceChildren();
    const before = state.log;
    draw(state.board, false, state.log);
    let answer;
    try { answer = await run(); } catch (e) { answer = { ok: false, data: null }; }
    if (answer.ok && answer.data.frames) {
      state.log = before;
      await playFrames(answer.data.frames);
    }
    busy = false;
    if (answer.ok) {
      const fresh = answer.data.state;
      if (!fresh.log) { // a move's answer: the log so far and the frames' lines
        fresh.log = before.concat((answer.data.frames || []).map((f) => ({ seat: f.seat, text: f.text }))).slice(-LOG_LINES);
      }
      state = Object.assign(fresh, { faces: faces });
      if (answer.data.stopped) errorText = answer.data.stopped.message;
    } else {
      errorText = answer.data && answer.data.message ? answer.data.message : gettext("The move could not be sent; try again.");
      try {
        const fresh = await fetch(state.urls.state, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (fresh.ok) state = Object.assign(await fresh.json(), { faces: faces });
      } catch (e) { /* keep the table as it was */ }
    }
    render(focusKey, focusZone);
    if (errorText) announce(errorText);
    else if (state.actions.prompt) announce(state.actions.prompt.text);
    else if (state.outcome) announce(root.querySelector("#dbg-outcome-title").textContent);
  }

  function move(actions) {
    const key = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    return act(() => post(state.urls.move, { actions: actions }), key);
  }

  function undo() { return act(() => post(state.urls.undo), "undo"); }

  function resign() {
    if (!window.confirm(gettext("Resign this game? The computer wins."))) return;
    return act(() => post(state.urls.resign), null);
  }

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && busy) skipping = true; // Escape: show the AI's moves at once
  });

  document.getElementById("dbg-fallback").hidden = true;
  root.hidden = false;
  const opening = state.opening || [];
  if (opening.length) {
    busy = true;
    const end = state.log;
    state.log = end.slice(0, Math.max(0, end.length - opening.length));
    playFrames(opening).then(() => { state.log = end; busy = false; render(null); });
  } else {
    render(null);
  }
})();
