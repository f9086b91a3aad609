// The SWCCG replay viewer (swccg-replay/common.js): stepping through a record. One event at a time (the buttons,
// ← → Home End), played on by itself at a chosen speed (the Play button, space), or a jump to a turn's first event;
// each step shows the event, the violations found there and the table after it.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, gettext, state } = R;
  const STEP_DELAY = 60; // ms: holding an arrow key asks only for the table where it stops

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
    R.renderOutcome();
    const starts = R.turnStarts();
    let turn = 0;
    while (turn + 1 < starts.length && starts[turn + 1] <= n) turn += 1;
    $("step-turn").value = String(starts[turn]);
    $("step").textContent = n + 1;
    $("step-first").disabled = $("step-prev").disabled = n === 0;
    $("step-last").disabled = $("step-next").disabled = n === total - 1;
    const e = state.view.events[n];
    $("ccg-event-words").textContent = `#${n + 1}: ${e.words}`;
    const here = $("ccg-event-violations");
    here.replaceChildren(...R.violationsAt(n).map(R.violationItem));
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
      R.renderTable(state.tables.get(n));
      R.ahead(n + 1);
    } else {
      $("ccg-table").classList.add("loading");
      state.timer = setTimeout(() => R.table(n).then((t) => {
        if (t && state.n === n) { R.renderTable(t); R.ahead(n + 1); }
      }), STEP_DELAY);
    }
  }

  $("step-first").onclick = () => goTo(0);
  $("step-prev").onclick = () => goTo(state.n - 1);
  $("step-next").onclick = () => goTo(state.n + 1);
  $("step-last").onclick = () => goTo(Infinity);
  $("step-play").onclick = playOrPause;
  $("step-turn").onchange = (e) => goTo(Number(e.target.value));
  document.addEventListener("keydown", (e) => {
    if (state.kind !== "record" || !R.steppingKey(e)) return;
    const moves = { ArrowRight: state.n + 1, ArrowLeft: state.n - 1, Home: 0, End: Infinity };
    if (e.key in moves) { e.preventDefault(); goTo(moves[e.key]); }
    else if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); playOrPause(); }
  });

  Object.assign(R, { goTo, stopPlaying });
})(window.ccgReplay);
