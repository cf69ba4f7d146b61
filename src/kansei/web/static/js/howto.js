// "How to play" (docs/web-boards.md, "howto"): the board module's notes, each a numbered badge on the
// element it names (a ref or a selector inside #board) and the same number in the list of notes above the
// board. Turned on by the table's "How to play" button, or by ?howto=1 (the lobby's link).
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { said } from "./tutorial.js";

const H = { on: false, howto: null, game: "" };

function target(step) {
  const board = $("board");
  if (step.ref) return board.querySelector(`[data-ref="${CSS.escape(step.ref)}"]`);
  try { return step.selector ? board.querySelector(step.selector) : null; } catch { return null; }
}

// The button and the starting state: the board's howto, if it has one.
export function hook(board, gameName, start) {
  const btn = $("howto-btn");
  H.howto = board && board.howto && Array.isArray(board.howto.steps) && board.howto.steps.length ? board.howto : null;
  H.game = gameName;
  btn.hidden = !H.howto;
  if (!H.howto) return;
  H.on = !!start;
  btn.onclick = () => { H.on = !H.on; drawn(); };
}

// After every draw (the board replaced its children) and on resize: the notes again, or none.
export function drawn() {
  const btn = $("howto-btn");
  btn.setAttribute("aria-pressed", String(H.on));
  for (const el of document.querySelectorAll(".howto-badge")) el.remove();
  let panel = $("howto");
  if (!H.on || !H.howto) { if (panel) panel.remove(); return; }
  if (!panel) { panel = h("section", { id: "howto", class: "howto", "aria-labelledby": "howto-title" }); $("board").before(panel); }
  const found = H.howto.steps.map(target);
  panel.replaceChildren(h("div", { class: "coach-head" }, h("b", { id: "howto-title" }, t("howto.title", { game: H.game })),
    h("button", { class: "ghost small", type: "button", id: "howto-close", onclick: () => { H.on = false; drawn(); } }, t("action.close"))),
  h("ol", { class: "howto-notes" }, H.howto.steps.map((step, i) => h("li", { class: found[i] ? "" : "muted" }, said(step.text)))));
  const wrap = $("board").parentElement; // the badges go on once the list above the board has its height
  const box = wrap.getBoundingClientRect();
  found.forEach((el, i) => {
    if (!el) return;
    const r = el.getBoundingClientRect();
    wrap.append(h("span", { class: "howto-badge", "aria-hidden": "true", style: { left: `${r.left - box.left + wrap.scrollLeft}px`, top: `${r.top - box.top + wrap.scrollTop}px` } }, String(i + 1)));
  });
}

if (typeof window !== "undefined") window.addEventListener("resize", () => { if (H.on) drawn(); });
