// The SWCCG replay viewer (swccg-replay/common.js): what opens a replay. On the viewer, a pasted record or a file
// (a GEMP replay, .xml.gz or .xml, or a record, .json); on a shared replay's page, its file from the server.
// Loaded last: every part of the viewer is there before a replay opens.
(function (R) {
  "use strict";
  if (!R) return;
  const { $, gettext, state, URLS } = R;

  async function openFile(file) {
    const head = (await file.slice(0, 64).text()).trimStart();
    if (head.startsWith("{") || /\.json$/i.test(file.name)) {
      const text = await file.text();
      if ($("record-text")) $("record-text").value = text;
      await R.loadRecord(text);
    } else {
      state.gemp = null;
      await R.loadGemp(file, 0);
    }
  }

  const recordForm = $("record-form");
  if (recordForm) recordForm.addEventListener("submit", (e) => { e.preventDefault(); R.loadRecord($("record-text").value); });
  const fileForm = $("file-form");
  if (fileForm) {
    fileForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const file = $("replay-file").files[0];
      if (file) openFile(file); else R.fail(gettext("Choose a file first."));
    });
  }

  if (URLS.sourceUrl) {
    (async () => {
      R.status(gettext("Fetching the shared replay…"));
      let response;
      try { response = await fetch(URLS.sourceUrl, { credentials: "same-origin" }); } catch (e) { response = null; }
      if (!response || !response.ok) { R.status(""); R.fail(gettext("The shared replay could not be fetched.")); return; }
      if (URLS.sourceKind === "record") await R.loadRecord(await response.text());
      else await R.loadGemp(await response.blob(), 0);
    })();
  }
})(window.ccgReplay);
