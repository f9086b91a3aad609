// The calculators' card fields: as a player types a name, the card search API (/api/cards/) fills the shared
// datalist with "Title (GEMP id)" entries; the server reads the id in brackets, a bare id, or a name.
(function () {
  "use strict";
  const list = document.getElementById("card-names");
  if (!list) return;
  let timer = null;
  let asked = "";
  async function fill(q) {
    if (q === asked) return;
    asked = q;
    const url = "/api/cards/?game=swccg&page_size=15&q=" + encodeURIComponent(q);
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok || q !== asked) return;
    const data = await response.json();
    list.replaceChildren(
      ...data.results.map((card) => {
        const option = document.createElement("option");
        option.value = card.title + " (" + card.id + ")";
        return option;
      }),
    );
  }
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!field.matches || !field.matches("[data-card-search]")) return;
    const q = field.value.trim();
    // A picked entry ends in "(id)": nothing more to look up.
    if (q.length < 2 || /\)\s*$/.test(q)) return;
    clearTimeout(timer);
    timer = setTimeout(() => fill(q).catch(() => {}), 200);
  });
})();
