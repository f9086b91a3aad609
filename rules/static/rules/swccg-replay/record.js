// The SWCCG replay viewer (swccg-replay/common.js): a record refereed once as a whole
// (POST /api/games/swccg/replay/view), then drawn: the outcome, the violations (each with a jump to its event),
// the events in words, the turns' table and the choice of a turn to jump to.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, el, gettext, ngettext, format, SIDES, state, URLS } = R;
  // Each rule's title and one-line summary in the page's language (rules/views/swccg_rule_words.py); the API's
  // English ones where the page has none.
  const ruleWordsData = document.getElementById("ccg-rule-words");
  const RULE_WORDS = ruleWordsData ? JSON.parse(ruleWordsData.textContent) : {};

  async function loadRecord(text) {
    R.fail("");
    if (text.length > Number(URLS.maxRecord)) {
      R.fail(format(ngettext("The record has %(size)s character; the viewer reads at most %(most)s.",
        "The record has %(size)s characters; the viewer reads at most %(most)s.", text.length),
      { size: text.length.toLocaleString(), most: Number(URLS.maxRecord).toLocaleString() }));
      return;
    }
    R.status(gettext("The referee is checking the record…"));
    let response;
    try {
      response = await R.post(URLS.viewUrl, text, "application/json");
    } catch (e) {
      R.status(""); R.fail(gettext("The server could not be reached.")); return;
    }
    R.status("");
    if (!response.ok) { R.fail(await R.problem(response)); return; }
    const view = await response.json();
    Object.assign(state, { kind: "record", text, view, n: 0, tables: new Map() });
    $("gemp-viewer").hidden = true;
    $("record-viewer").hidden = false;
    const players = view.players.map((p) => `${p.name} (${SIDES[p.side]})`).join(" vs ");
    R.offerSave({ kind: "record", text, title: players });
    R.stopPlaying();
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
      R.renderTable(view.replay.table);
    } else {
      R.goTo(0);
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
    if (v.cards && v.cards.length) item.append(el("small", {}, ` (${R.names(v.cards).join(", ")})`));
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
      jump.onclick = () => { R.goTo(at); $("record-steps").scrollIntoView({ block: "start" }); };
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
      button.onclick = () => R.goTo(i);
      item.append(button);
      list.append(item);
    });
  }

  function renderTurns() {
    const { names } = R;
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

  Object.assign(R, { loadRecord, renderOutcome, violationsAt, violationItem, turnStarts });
})(window.ccgReplay);
