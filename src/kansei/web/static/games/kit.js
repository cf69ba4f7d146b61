// What the built-in boards share (docs/web-boards.md): their own words in the page's language, a hand of
// cards that always fits the width, the banner that ends a battle or a stage, the last thing played lit,
// and the ghost layer of a previewed move. Nothing here names a game.

// A board's words: `words` is {en: {...}, fr: {...}, ja: {...}}; the page's catalogue wins where it has
// the key `board.<game>.<key>` (a translator may override a board's words without touching the module).
export function speaker(game, words, ctx) {
  const lang = (ctx.pageLang || "en").slice(0, 2);
  const own = words[lang] || {};
  return (key, vars) => {
    const full = `board.${game}.${key}`;
    let text = ctx.t ? ctx.t(full, vars) : full;
    if (text === full) {
      text = own[key] ?? words.en[key] ?? key;
      if (vars) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
    }
    return text;
  };
}

// A row of cards that never runs off the edge: the cards shrink down to `min` rem, then wrap (CSS in
// games.css: .kit-hand).
export function hand(ctx, label, cards, opts = {}) {
  const { h } = ctx;
  return h("section", { class: `kit-hand${opts.class ? " " + opts.class : ""}`, "aria-label": label },
    h("div", { class: "kit-hand-title" }, label, opts.extra || null),
    h("div", { class: "kit-hand-cards" }, cards.length ? cards : h("span", { class: "muted" }, opts.empty || "—")));
}

// Another player's hand face up, titled with their name: only a finished game's replay with every card open
// has one (its merged view gives every player's `hand`; a seat's own view never holds another's). The
// cards are shown, not offered: no move names them here.
export function openHand(ctx, seat, cards, opts = {}) {
  return hand(ctx, ctx.t("replay.hand_of", { name: ctx.name(seat) }), cards, { ...opts, class: `kit-open-hand${opts.class ? " " + opts.class : ""}` });
}

// The banner over the board that ends a battle or a stage: shown for `ms` (scaled by the player's speed),
// gone at once on Skip.
export async function banner(ctx, title, lines = [], ms = 1600) {
  const board = document.getElementById("board");
  if (!board || ctx.reduced) return;
  const { h } = ctx;
  const el = h("div", { class: "kit-banner", role: "status" }, h("b", {}, title), lines.map((l) => h("div", {}, l)));
  board.append(el);
  try { await ctx.wait(ms); } catch { /* skipped */ } finally { el.remove(); }
}

// Light an element of the board for a moment (what just happened), then wait.
export async function flash(ctx, el, ms = 500, cls = "kit-flash") {
  if (!el || ctx.reduced) return;
  el.classList.add(cls);
  try { await ctx.wait(ms); } catch { /* skipped */ } finally { el.classList.remove(cls); }
}

// A thing flying in from `from` (an element or null: the bottom of the screen) to `to`, as a copy.
export async function fly(ctx, node, to, ms = 450) {
  if (!to || ctx.reduced) return;
  const end = to.getBoundingClientRect();
  node.classList.add("kit-fly");
  Object.assign(node.style, { left: `${end.left}px`, top: `${window.innerHeight}px`, width: `${end.width}px` });
  document.body.append(node);
  node.getBoundingClientRect();
  node.style.transition = `top ${ms * (ctx.speed || 1)}ms ease-out, opacity ${ms * (ctx.speed || 1)}ms`;
  node.style.top = `${end.top}px`;
  try { await ctx.wait(ms); } catch { /* skipped */ } finally { node.remove(); }
}

// The ghost layer: everything a preview adds carries .kit-ghost and is removed by `clearGhosts`.
export function clearGhosts() {
  for (const el of document.querySelectorAll("#board .kit-ghost")) el.remove();
  for (const el of document.querySelectorAll("#board .kit-ghosted")) el.classList.remove("kit-ghosted");
  for (const el of document.querySelectorAll("#board .kit-leaving")) el.classList.remove("kit-leaving");
}

// A move's preview drawn as a ghost (docs/web-boards.md, `ghost(move, preview, ctx)`): `preview.view` is the
// seat's view after the move, from the server (only when no luck and nothing hidden decides it). The
// board's own `draw` draws it into a detached copy, and what differs is set over the board as it is:
// - an element tagged `data-ghost="<key>"` (a score, a stat, a bar's number) whose value differs gets the
//   value after beside it ("→ 7"); its value is its `data-ghost-text` if it has one, else its text;
// - an element tagged `data-ghost-zone="<key>"` (a pile, the cards in play) gets the things it would gain
//   as faded copies (never clickable: no ref), and those it would lose are marked as leaving;
// - a note names it all ("if played now", from the page's catalogue).
// Nothing is parsed: both sides are the board's own drawing of a view. Returns whether anything changed.
export function ghostPreview(ctx, drawFn, preview, opts = {}) {
  const board = document.getElementById("board");
  if (!board || !preview || !preview.view) return false;
  const { h } = ctx;
  const label = opts.label || ctx.t("ghost.if_played");
  const copy = document.createElement("div");
  try { drawFn(copy, { view: preview.view, events: [], seat: ctx.seat }, ctx); } catch (e) { console.error("ghost draw", e); return false; }
  const valueOf = (el) => (el.dataset.ghostText ?? el.textContent).trim();
  let changed = false;
  for (const el of board.querySelectorAll("[data-ghost]")) {
    const after = copy.querySelector(`[data-ghost="${CSS.escape(el.dataset.ghost)}"]`);
    const now = after ? valueOf(after) : "";
    if (now === valueOf(el)) continue;
    el.append(h("span", { class: "kit-ghost kit-projected", title: label, "aria-label": `${label}: ${now || "—"}` }, "→ ", now || "—"));
    changed = true;
  }
  const key = (el) => el.dataset.card || el.dataset.ref || el.textContent;
  for (const el of board.querySelectorAll("[data-ghost-zone]")) {
    const after = copy.querySelector(`[data-ghost-zone="${CSS.escape(el.dataset.ghostZone)}"]`);
    const left = new Map();
    for (const c of el.children) { const k = key(c); left.set(k, [...(left.get(k) || []), c]); }
    for (const c of after ? [...after.children] : []) {
      const same = left.get(key(c));
      if (same && same.length) { same.shift(); continue; }
      const ghost = c.cloneNode(true);
      for (const r of [ghost, ...ghost.querySelectorAll("[data-ref]")]) r.removeAttribute("data-ref");
      ghost.classList.add("kit-ghost");
      ghost.setAttribute("title", label);
      el.append(ghost);
      changed = true;
    }
    for (const rest of left.values()) for (const c of rest) { if (!c.classList.contains("kit-ghost")) { c.classList.add("kit-leaving"); changed = true; } }
  }
  board.append(h("div", { class: `kit-ghost kit-ghost-note${changed ? "" : " quiet"}`, role: "status" }, label));
  return changed;
}

// The events a board's `draw` marks as "last": the last one of `kinds` in the payload, if it is among the
// last `within` events (what the latest move did, not something from long ago).
export function lastOf(payload, kinds, within = 12) {
  const ev = payload.events || [];
  for (let i = ev.length - 1; i >= Math.max(0, ev.length - within); i -= 1) if (kinds.includes(ev[i].type)) return ev[i];
  return null;
}

export function stars(n) { return "★".repeat(Math.max(0, n | 0)); }
