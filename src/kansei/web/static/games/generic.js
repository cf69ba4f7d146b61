// The generic board: draws any game's view (docs/web-boards.md) with no knowledge of the game. Scalars are
// chips, the list of seats becomes one panel per player (named and coloured by the table), every object with
// a "ref" becomes a thing to click (a card face when it names a card), nested data becomes small tables.
// The shell does all interaction from the data-ref attributes this module sets.

const SKIP = new Set(["game", "to_move", "you", "over", "winner"]); // the shell shows whose move it is and the result
const LONG = 12; // lists and tables longer than this start folded

function pretty(key) { return String(key).replace(/_/g, " "); }

function isSeatList(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x, i) => x && typeof x === "object" && !Array.isArray(x) && x.seat === i);
}

// The first text of an object that names a card of the pool (its name in any language or its slug).
function cardOf(obj, ctx) {
  for (const v of Object.values(obj)) if (typeof v === "string" && ctx.cards.get(v)) return v;
  return null;
}

function thing(obj, ctx, size) {
  const card = cardOf(obj, ctx);
  const rest = Object.entries(obj).filter(([k, v]) => k !== "ref" && v !== card && v !== null && v !== "" && !(Array.isArray(v) && !v.length));
  let el;
  if (card) {
    el = ctx.cards.face(card, { size });
    // numbers as "2 count", flags by their name when set ("used"); unset flags say nothing
    const extra = rest.filter(([, v]) => typeof v === "number" || v === true);
    if (extra.length) el.append(ctx.h("div", { class: "card-extra" }, extra.map(([k, v]) => ctx.h("span", { class: "stat" }, v === true ? null : ctx.h("b", {}, String(v)), v === true ? "" : " ", pretty(k)))));
  } else if (rest.every(([, v]) => v === null || typeof v !== "object")) {
    // a small thing of scalars (a named choice, a tile): its values in one line, its keys as the tooltip
    el = ctx.h("div", { class: "thing compact", title: rest.map(([k, v]) => `${pretty(k)}: ${v}`).join(", ") },
      rest.map(([, v]) => ctx.h("span", {}, typeof v === "boolean" ? (v ? "✓" : "✗") : String(v))));
  } else {
    el = ctx.h("div", { class: "thing" }, value(Object.fromEntries(rest), ctx, 2));
  }
  el.dataset.ref = obj.ref;
  return el;
}

function value(v, ctx, depth = 0) {
  const { h } = ctx;
  if (v === null || v === undefined || v === "") return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: v ? "yes" : "muted" }, v ? "✓" : "✗");
  if (typeof v !== "object") return ctx.cards.get(v) && typeof v === "string" ? ctx.cards.face(v, { size: "mini" }) : h("span", {}, String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "—");
    const refs = v.every((x) => x && typeof x === "object" && typeof x.ref === "string");
    const items = v.map((x) => (x && typeof x === "object" && typeof x.ref === "string" ? thing(x, ctx, depth < 2 ? "card" : "mini") : value(x, ctx, depth + 1)));
    const list = h("div", { class: refs || v.every((x) => typeof x !== "object") ? "inline-list" : "stack-list" }, items);
    return v.length > LONG && !refs ? h("details", {}, h("summary", {}, `${v.length}`), list) : list;
  }
  if (typeof v.ref === "string") return thing(v, ctx, "mini");
  const entries = Object.entries(v);
  if (depth > 4) return h("span", { class: "muted" }, "…");
  return table(entries, ctx, depth, entries.length > LONG);
}

function table(entries, ctx, depth, fold) {
  const { h } = ctx;
  const dl = h("dl", { class: "kv" }, entries.map(([k, x]) => [h("dt", {}, pretty(k)), h("dd", {}, value(x, ctx, depth + 1))]));
  return fold ? h("details", {}, h("summary", {}, `${entries.length}`), dl) : dl;
}

function seatPanel(p, ctx) {
  const { h } = ctx;
  const body = Object.fromEntries(Object.entries(p).filter(([k]) => k !== "seat" && k !== "ref"));
  const panel = h("section", { class: `gpanel seat-panel s${p.seat}${p.seat === ctx.seat ? " me" : ""}`, style: { "--own": ctx.colour(p.seat) } },
    h("h4", {}, h("span", { class: `dot s${p.seat}` }), ctx.name(p.seat)), table(Object.entries(body), ctx, 1, false));
  if (typeof p.ref === "string") panel.dataset.ref = p.ref;
  return panel;
}

export function board(view, ctx) {
  const { h } = ctx;
  const chips = [];
  const panels = [];
  let seats = [];
  for (const [k, v] of Object.entries(view || {})) {
    if (SKIP.has(k)) continue;
    if (isSeatList(v) && !seats.length) { seats = v; continue; }
    if (v === null || typeof v !== "object") chips.push(h("span", { class: "chip" }, h("small", {}, pretty(k)), " ", h("b", {}, v === null ? "—" : String(v))));
    else panels.push(h("section", { class: "gpanel" }, h("h4", {}, pretty(k)), value(v, ctx, 1)));
  }
  const mine = seats.filter((p) => p.seat === ctx.seat);
  const others = seats.filter((p) => p.seat !== ctx.seat);
  // the player's own panel first (what they play from), then the others, then the shared things
  return h("div", { class: "generic-board" }, h("div", { class: "chips" }, chips),
    mine.length ? h("div", { class: "seat-grid mine" }, mine.map((p) => seatPanel(p, ctx))) : null,
    h("div", { class: "seat-grid" }, others.map((p) => seatPanel(p, ctx))), panels);
}

export default {
  api: 1,
  draw(root, payload, ctx) {
    root.replaceChildren(board(payload.view, ctx));
    // a folded list never hides something a player may click
    for (const d of root.querySelectorAll("details")) if (d.querySelector("[data-ref]")) d.open = true;
  },
};
