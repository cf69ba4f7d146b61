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
}

// The events a board's `draw` marks as "last": the last one of `kinds` in the payload, if it is among the
// last `within` events (what the latest move did, not something from long ago).
export function lastOf(payload, kinds, within = 12) {
  const ev = payload.events || [];
  for (let i = ev.length - 1; i >= Math.max(0, ev.length - within); i -= 1) if (kinds.includes(ev[i].type)) return ev[i];
  return null;
}

export function stars(n) { return "★".repeat(Math.max(0, n | 0)); }
