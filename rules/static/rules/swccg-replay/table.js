// The SWCCG replay viewer (swccg-replay/common.js): the table after a record's event n, asked for as the user
// steps (POST /api/games/swccg/replay?mode=check&upto=n), kept, and drawn: each side's piles and hand, and each
// location with the cards both sides have there.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, el, gettext, format, SIDES, state, URLS } = R;
  const KEPT_TABLES = 400; // tables kept in memory, the oldest dropped first

  async function table(n) {
    if (state.tables.has(n)) return state.tables.get(n);
    const text = state.text;
    let response;
    try {
      response = await R.post(`${URLS.replayUrl}?mode=check&upto=${n}`, text, "application/json");
    } catch (e) {
      if (state.n === n) R.fail(gettext("The server could not be reached for this step."));
      return null;
    }
    if (state.text !== text) return null; // another record was opened meanwhile
    if (!response.ok) { if (state.n === n) R.fail(await R.problem(response)); return null; }
    const answer = await response.json();
    if (state.tables.size >= KEPT_TABLES) state.tables.delete(state.tables.keys().next().value);
    state.tables.set(n, answer.table);
    return answer.table;
  }

  function ahead(n) {
    if (n < state.view.events.length && !state.tables.has(n)) table(n);
  }

  function renderTable(t) {
    R.fail("");
    const { cardFigure, names } = R;
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

  Object.assign(R, { table, ahead, renderTable });
})(window.ccgReplay);
