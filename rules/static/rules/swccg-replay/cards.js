// The SWCCG replay viewer (swccg-replay/common.js): a card of the record by its key ("1_168#2": the card's id and
// its copy), named and drawn from the catalogue's answer, its scanned image or the face the catalogue draws.
(function (R) {
  "use strict";
  if (!R) return;
  const { el, state } = R;

  function cardInfo(key) {
    const id = String(key).split("#")[0];
    const copy = String(key).includes("#") ? String(key).split("#")[1] : "1";
    const info = (state.view && state.view.cards[id]) || null;
    return { id, copy, info, title: info ? info.title : id };
  }

  function cardFigure(key, extra) {
    const { copy, info, title } = cardInfo(key);
    const figure = el("figure", { class: "ccg-card", "data-card": key, title: `${title} (${key})` });
    if (info && (info.image || info.face)) {
      const img = el("img", { src: info.image || info.face, alt: title, loading: "lazy", width: "72", height: "100" });
      if (info.face) img.onerror = () => { img.onerror = null; img.src = info.face; };
      figure.append(img);
    }
    const caption = el("figcaption", {}, copy !== "1" ? `${title} #${copy}` : title);
    if (extra) caption.append(el("small", {}, ` ${extra}`));
    figure.append(caption);
    return figure;
  }

  function names(keys) {
    return keys.map((k) => { const c = cardInfo(k); return c.copy !== "1" ? `${c.title} #${c.copy}` : c.title; });
  }

  Object.assign(R, { cardFigure, names });
})(window.ccgReplay);
