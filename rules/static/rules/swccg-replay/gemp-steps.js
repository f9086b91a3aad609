// The SWCCG replay viewer (swccg-replay/common.js): the GEMP cursor, one event at a time (the buttons, ← → Home
// End), played on by itself (the Play button, space), a jump to a turn or a page of events; the page of events
// that holds it is fetched when it moves off the page shown.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, gettext, state } = R;

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
      await R.loadGemp(state.gemp, Math.floor(n / R.GEMP_PAGE) * R.GEMP_PAGE);
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

  $("gemp-step-prev").onclick = () => gempGoTo(state.gempAt - 1);
  $("gemp-step-next").onclick = () => gempGoTo(state.gempAt + 1);
  $("gemp-play").onclick = gempPlayOrPause;
  $("gemp-turn").onchange = (e) => gempGoTo(Number(e.target.value));
  // A page of events turned by hand takes the cursor to its first event.
  $("gemp-prev").onclick = () => gempGoTo(Math.max(0, state.gempOffset - R.GEMP_PAGE));
  $("gemp-next").onclick = () => gempGoTo(state.gempOffset + R.GEMP_PAGE);
  document.addEventListener("keydown", (e) => {
    if (state.kind !== "gemp" || !R.steppingKey(e)) return;
    const steps = { ArrowRight: state.gempAt + 1, ArrowLeft: state.gempAt - 1, Home: 0, End: Infinity };
    if (e.key in steps) { e.preventDefault(); gempGoTo(steps[e.key]); }
    else if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); gempPlayOrPause(); }
  });

  Object.assign(R, { markGemp, stopGempPlaying });
})(window.ccgReplay);
