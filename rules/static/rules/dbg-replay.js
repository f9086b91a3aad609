// The SW:DBG replay viewer (templates/rules/replay.html): the step form is sent without a page load and the
// table swapped in; Play steps on by itself at the chosen speed. Without JavaScript the same form loads pages.
(function () {
  "use strict";
  const root = document.getElementById("dbg-viewer");
  if (!root) return;
  const gettext = window.gettext || ((text) => text);
  const bar = root.querySelector(".dbg-play");
  const playButton = document.getElementById("dbg-play");
  const speed = document.getElementById("dbg-speed");
  let timer = null;
  let busy = false;

  const form = () => root.querySelector(".dbg-step-form");
  const step = () => Number(document.getElementById("step").textContent);
  const atEnd = () => step() >= Number(root.dataset.total);

  async function send(fields, focusId) {
    if (busy) return false;
    busy = true;
    const f = form();
    const data = new FormData(f);
    data.delete("go");
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    const method = (f.getAttribute("method") || "get").toUpperCase();
    const url = new URL(f.getAttribute("action") || window.location.pathname, window.location.href);
    let response;
    try {
      if (method === "POST") response = await fetch(url, { method, body: data, credentials: "same-origin" });
      else {
        url.search = new URLSearchParams(data).toString();
        response = await fetch(url, { credentials: "same-origin" });
      }
    } catch (e) {
      response = null;
    }
    busy = false;
    if (!response || !response.ok) { stop(); return false; }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("dbg-state");
    if (!fresh) { stop(); return false; }
    document.getElementById("dbg-state").replaceWith(fresh);
    if (focusId) {
      const target = document.getElementById(focusId);
      if (target && !target.disabled) target.focus();
      else if (target) (document.getElementById(focusId === "dbg-next" || focusId === "dbg-last" ? "dbg-prev" : "dbg-next") || playButton).focus();
    }
    return true;
  }

  function go(n, focusId) { return send({ step: String(Math.max(0, n)) }, focusId); }

  function stop() {
    clearTimeout(timer);
    timer = null;
    playButton.setAttribute("aria-pressed", "false");
    playButton.textContent = "▶ " + gettext("Play");
  }

  function tick() {
    if (atEnd()) { stop(); return; }
    go(step() + 1).then((ok) => { if (ok && timer !== null) timer = setTimeout(tick, Number(speed.value)); });
  }

  function play() {
    if (timer !== null) { stop(); return; }
    if (atEnd()) return;
    playButton.setAttribute("aria-pressed", "true");
    playButton.textContent = "⏸ " + gettext("Pause");
    timer = setTimeout(tick, 0);
  }

  root.addEventListener("submit", (e) => {
    if (!e.target.classList.contains("dbg-step-form")) return;
    e.preventDefault();
    stop();
    const by = e.submitter;
    if (by && by.name === "go") send({ step: document.getElementById("dbg-turn").value }, "dbg-go");
    else if (by && by.name === "step") go(Number(by.value), by.id);
    else go(step());
  });
  root.addEventListener("change", (e) => {
    if (e.target.id === "dbg-turn") { stop(); send({ step: e.target.value }); }
    else if (e.target.name === "viewer") go(step());
  });
  playButton.addEventListener("click", play);
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea, select, [contenteditable]")) return;
    const moves = { ArrowRight: step() + 1, ArrowLeft: step() - 1, Home: 0, End: Number(root.dataset.total) };
    if (e.key in moves) { e.preventDefault(); stop(); go(Math.min(moves[e.key], Number(root.dataset.total))); }
    else if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); play(); }
  });
  bar.hidden = false;
})();
