// The SWCCG replay viewer (swccg-replay/common.js): saving the replay opened (POST /api/games/swccg/replays/: a
// record as pasted, a GEMP file as it came), its share link, and deleting a saved replay from the list. Loaded
// where there is something to save or a list to delete from.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, el, gettext, state, URLS } = R;

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
        response = await R.post(URLS.saveUrl, body, "application/json");
      } else {
        response = await R.post(`${URLS.saveUrl}?title=${encodeURIComponent(title)}`, source.blob, "application/octet-stream");
      }
    } catch (e) {
      R.fail(gettext("The server could not be reached.")); return;
    }
    if (!response.ok) { R.fail(await R.problem(response)); return; }
    const saved = await response.json();
    R.fail("");
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
    const response = await fetch(button.dataset.url, { method: "DELETE", headers: { "X-CSRFToken": R.csrf() }, credentials: "same-origin" });
    if (response.status === 204 || response.status === 404) button.closest("tr").remove();
    else R.fail(await R.problem(response));
  }

  const saveForm = $("save-form");
  if (saveForm) saveForm.addEventListener("submit", save);
  R.root.addEventListener("click", (e) => {
    const button = e.target.closest("button.delete-replay");
    if (button) remove(button);
  });

  R.offerSave = offerSave;
})(window.ccgReplay);
