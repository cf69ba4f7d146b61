// The renderer registry and the generic renderer: it draws any game's view (scalars as chips, per-seat
// lists as panels, card names as faces) and maps moves onto cards by the slugs in their notation.
// A game may add a small renderer of its own (games/<id>.js) that reads only the view and the notation.
"use strict";

window.KanseiGames = window.KanseiGames || {};

const G = {
  // data-refs: the names a move's targets may use for this element
  ref(el, ...refs) { el.dataset.refs = [...(el.dataset.refs ? el.dataset.refs.split(" ") : []), ...refs.flat()].filter(Boolean).join(" "); return el; },
  slugRef(name) { const s = Cards.slug(name); return s ? `card:${s}` : `card:${String(name).toLowerCase().replace(/\s+/g, "-")}`; },
  // a card face that moves naming the card can target
  card(name, ctx, opts = {}) {
    const el = Cards.face(name, opts);
    return G.ref(el, G.slugRef(name), ...(opts.extra || []));
  },
  // the seat list of a view: the first top-level list of objects with one entry per seat
  seats(view) {
    const lists = Object.values(view || {}).filter((v) => Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x)));
    // of the lists indexed by seat, the richest: the seats themselves, not a pile that notes its owners
    const bySeat = lists.filter((v) => v.every((x, i) => x.seat === i));
    const richness = (v) => v.reduce((n, x) => n + Object.keys(x).length, 0) / v.length;
    return bySeat.sort((a, b) => richness(b) - richness(a))[0] || [];
  },
  mine(view, ctx) { return ctx.you === null || ctx.you === undefined ? null : G.seats(view)[ctx.you] || null; },
  hand(view, ctx) {
    const me = G.mine(view, ctx);
    if (!me || !Array.isArray(me.hand)) {
      const open = G.seats(view).filter((p) => Array.isArray(p.hand));
      if (!open.length) return null;
      return { title: "Hands (all cards open)", cards: open.map((p, i) => h("div", { class: "open-hand" }, h("span", { class: "muted" }, ctx.name(p.seat ?? i)), ...p.hand.map((c) => G.card(c, ctx, { refs: [] })))) };
    }
    return { title: `Your hand (${me.hand.length})`, cards: me.hand.map((c) => G.card(c, ctx, { extra: [`hand:${Cards.slug(c) || c}`] })) };
  },
  // a generic refs reading of a notation: every word (and its pieces) and every card slug in it
  targets(move, view, ctx) {
    const words = String(move.action).split(/\s+/).slice(1);
    const refs = [];
    for (const w of words) {
      for (const piece of w.split(/[:@+>]/).filter(Boolean)) {
        const s = Cards.slug(piece.replace(/#\d+$/, ""));
        if (s) refs.push(`card:${s}`);
      }
    }
    return refs;
  },
  chip(label, value, cls) { return h("span", { class: `chip ${cls || ""}` }, h("small", {}, prettyKey(label)), " ", h("b", {}, String(value))); },
  isCardName(x) { return typeof x === "string" && !!Cards.get(x); },
  value(v, ctx, depth = 0) {
    if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
    if (typeof v !== "object") return G.isCardName(v) ? G.card(v, ctx, { size: "mini" }) : h("span", {}, String(v));
    if (Array.isArray(v)) {
      if (!v.length) return h("span", { class: "muted" }, "none");
      if (v.every((x) => typeof x !== "object")) return h("div", { class: "inline-list" }, v.map((x) => G.value(x, ctx, depth + 1)));
      return h("div", { class: "stack-list" }, v.map((x) => G.value(x, ctx, depth + 1)));
    }
    if (depth > 3) return h("code", {}, JSON.stringify(v).slice(0, 120));
    return h("dl", { class: "kv" }, Object.entries(v).map(([k, x]) => [h("dt", {}, prettyKey(k)), h("dd", {}, G.value(x, ctx, depth + 1))]));
  },
  board(view, ctx) {
    const seats = G.seats(view);
    const chips = [];
    const rest = [];
    for (const [k, v] of Object.entries(view)) {
      if (["game", "you", "to_move"].includes(k) || v === seats) continue;
      if (v === null || typeof v !== "object") chips.push(G.chip(k, v === null ? "—" : v));
      else rest.push(h("section", { class: "gpanel" }, h("h4", {}, prettyKey(k)), G.value(v, ctx)));
    }
    const players = seats.map((p, i) => {
      const body = Object.fromEntries(Object.entries(p).filter(([k]) => !["hand", "decklist", "seat"].includes(k)));
      return h("section", { class: `gpanel seat-panel s${i}${i === ctx.you ? " me" : ""}`, dataset: { refs: `seat:${i}` } }, h("h4", {}, ctx.name(i)), G.value(body, ctx));
    });
    return h("div", { class: "generic-board" }, h("div", { class: "chips" }, chips), h("div", { class: "seat-grid" }, players), rest);
  },
  // small shared pieces for game renderers
  pips(n, ch = "★") { return ch.repeat(Math.max(0, n || 0)); },
  count(label, n) { return h("span", { class: "count" }, h("b", {}, String(n)), " ", label); },
  pile(label, cards, ctx, refs) {
    const top = cards && cards.length ? cards[cards.length - 1] : null;
    const el = h("div", { class: "pile", title: (cards || []).join(", ") }, h("div", { class: "pile-label" }, `${label} (${(cards || []).length})`), top ? Cards.face(top, { size: "mini" }) : h("div", { class: "card mini empty-slot" }, "—"));
    return refs ? G.ref(el, ...refs) : el;
  },
};

window.KanseiGames.generic = { board: G.board, hand: G.hand, targets: G.targets };
