// The SWCCG replay viewer (swccg-replay/common.js): a GEMP file, viewed and not refereed, read a page of events at
// a time (POST /api/games/swccg/gemp-replay?offset=&limit=): the players, what the reader does not know, the
// turns' table, the choice of a turn and the page of events.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, el, gettext, ngettext, format, SIDES, state, URLS } = R;
  const GEMP_PAGE = 100; // events a page

  async function loadGemp(blob, offset) {
    R.fail("");
    if (blob.size > Number(URLS.maxGemp)) {
      R.fail(format(ngettext("The file has %(size)s byte; the viewer reads at most %(most)s.",
        "The file has %(size)s bytes; the viewer reads at most %(most)s.", blob.size),
      { size: blob.size.toLocaleString(), most: Number(URLS.maxGemp).toLocaleString() }));
      return;
    }
    R.status(gettext("Reading the GEMP replay…"));
    let response;
    try {
      response = await R.post(`${URLS.gempUrl}?offset=${offset}&limit=${GEMP_PAGE}`, blob, "application/octet-stream");
    } catch (e) {
      R.status(""); R.fail(gettext("The server could not be reached.")); return;
    }
    R.status("");
    if (!response.ok) { R.fail(await R.problem(response)); return; }
    const game = await response.json();
    const first = state.gemp !== blob;
    Object.assign(state, { kind: "gemp", gemp: blob, gempOffset: offset, gempTotal: game.events_total, view: null });
    $("record-viewer").hidden = true;
    $("gemp-viewer").hidden = false;
    if (first) {
      R.stopGempPlaying();
      state.gempAt = 0;
      R.offerSave({ kind: "gemp", blob, title: game.players.map((p) => p.name).join(" vs ") });
      renderGempGame(game);
    }
    renderGempEvents(game);
    R.markGemp();
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

  Object.assign(R, { GEMP_PAGE, loadGemp });
})(window.ccgReplay);
