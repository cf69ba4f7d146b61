// Card Race Stampede: each player's row of zones (left, center, right) with machines (gear, POW/DEF,
// stack height, tapped) and events (HP), the distance to go, hands and discards. Moves target cards and
// zones; an attack is its attackers and their target.
"use strict";

(() => {
  const ZONES = ["L", "C", "R"];
  const zoneName = { L: "left", C: "center", R: "right" };

  function zone(p, z, ctx) {
    const c = (p.zones || {})[z];
    const slot = h("div", { class: `st-zone z${z}${c && c.tapped ? " tapped" : ""}` }, h("div", { class: "st-zone-label" }, zoneName[z]));
    if (!c) slot.append(h("div", { class: "card mini empty-slot" }, "empty"));
    else if (c.face_down) slot.append(Cards.back("face down"));  // a first machine before the reveal (ST-S1)
    else {
      const face = Cards.face(c.en || c.name, { size: "mini", label: Cards.get(c.en || c.name) ? undefined : ctx.lang === "ja" ? c.name : c.en || c.name });
      slot.append(h("div", { class: "st-stack", style: { "--h": String(Math.max(0, (c.height || 1) - 1)) } }, face));
      const stats = c.kind === "event"
        ? [h("span", { class: "st-hp" }, `HP ${c.hp}/${c.max_hp}`), h("span", { class: "st-hpbar" }, h("i", { style: { width: `${(100 * (c.hp || 0)) / Math.max(1, c.max_hp || 1)}%` } }))]
        : [h("span", { class: "pow" }, `POW ${c.pow}`), h("span", { class: "def" }, `DEF ${c.def}`)];
      slot.append(h("div", { class: "st-stats" }, h("span", { class: "gear" }, `G${c.gear}`), stats, c.height > 1 ? h("span", { class: "height", title: (c.stack || []).join(" ← ") }, `×${c.height}`) : null, c.tapped ? h("span", { class: "tap" }, "tapped") : null));
    }
    return G.ref(slot, `zone:${p.seat}:${z}`);
  }

  function side(p, view, ctx, top) {
    const zones = (top ? [...ZONES].reverse() : ZONES).map((z) => zone(p, z, ctx));
    const dist = Math.max(0, p.distance ?? 20);
    return h("div", { class: `st-side s${p.seat}${top ? " top" : ""}${view.active === p.seat ? " active" : ""}` },
      h("div", { class: "st-side-head" }, h("span", { class: `dot s${p.seat}` }), h("b", {}, ctx.name(p.seat)),
        h("span", { class: "st-distance", title: "distance to go" }, h("b", {}, String(dist)), " to go"),
        h("span", { class: "st-track" }, h("i", { style: { width: `${(100 * (20 - Math.min(20, dist))) / 20}%` } })),
        G.count("hand", p.hand_count), G.count("deck", p.deck_count), p.forcing ? h("span", { class: "badge" }, "forcing") : null),
      h("div", { class: "st-row" }, zones, h("div", { class: "st-piles" }, G.pile("discard", p.discard, ctx, [...(p.discard || []).map((c) => G.slugRef(c)), ...(p.discard_cards || []).map((c) => c.ref)]),
        (p.tune || []).length ? G.pile("tune", p.tune, ctx) : null)));
  }

  // What waits to resolve, newest first, in words with its cards (ST-T6: a response goes on top).
  const WINDOW = { attack: "Attack declared", run: "Run declared", goal: "About to reach the goal", deckout: "About to lose by deck-out", choice: "Triggered ability" };
  function itemLine(it, ctx) {
    const who = h("b", {}, ctx.name(it.seat));
    const card = (name) => G.card(name, ctx, { size: "mini" });
    switch (it.kind) {
      case "attack": return [who, " attacks ", card(it.target), ` (${zoneName[it.target_zone] || it.target_zone}) with `, (it.attackers || []).map(card)];
      case "run": return [who, " runs with ", card(it.card), ` (gear ${it.gear})`];
      case "ability": return [who, " plays ", card(it.card)];
      case "placed": return [who, " places ", card(it.card)];
      case "deadheat": return [who, ` runs ${it.by} more with Dead Heat (`, card(it.card), ")"];
      case "fizzled": return [who, `: ${it.what} fizzles`];
      case "goal": return [who, " reaches the goal line"];
      case "deckout": return [who, " must draw from an empty deck"];
      default: return [who, `: ${prettyKey(it.kind)}`];
    }
  }
  function windowBox(view, ctx) {
    const frames = view.windows.frames || [];
    const kind = frames.length ? frames[frames.length - 1].kind : "";
    const items = [...(view.windows.items || [])].reverse();
    return h("div", { class: "st-window" },
      h("div", {}, h("b", {}, WINDOW[kind] || prettyKey(kind)), " — ", ctx.name(view.to_move), " to respond or pass"),
      h("ol", { class: "st-pending" }, items.map((it) => h("li", {}, itemLine(it, ctx)))));
  }

  function board(view, ctx) {
    const players = view.players || [];
    const you = ctx.you ?? 0;
    const me = players.find((p) => p.seat === you);
    const opp = players.filter((p) => p.seat !== you);
    const head = h("div", { class: "chips" }, G.chip("turn", view.turn ?? 0), G.chip("gear cap", view.gear_cap ?? "?"),
      G.chip("phase", prettyKey(view.phase || "")), G.chip("active", ctx.name(view.active)), view.reason ? G.chip("result", view.reason) : null);
    const win = view.windows ? windowBox(view, ctx) : null;
    return h("div", { class: "st-board" }, head, opp.map((p) => side(p, view, ctx, true)), win, me ? side(me, view, ctx, false) : null);
  }

  function targets(move, view, ctx) {
    const actor = ctx.actor ?? ctx.you ?? 0;
    const other = (view.players || []).map((p) => p.seat).find((s) => s !== actor) ?? 1 - actor;
    const words = String(move.action).split(/\s+/);
    const kind = words[0];
    const refs = [];
    const zoneRef = (w) => {
      if (/^my[LCR]$/.test(w)) return `zone:${actor}:${w[2]}`;
      if (/^op[LCR]$/.test(w)) return `zone:${other}:${w[2]}`;
      return null;
    };
    if (kind === "attack") {
      const [att, , tgt] = words.slice(1);
      for (const z of (att || "").split("+")) refs.push(`zone:${actor}:${z}`);
      if (tgt) refs.push(`zone:${other}:${tgt}`);
      return refs;
    }
    for (const w of words.slice(1)) {
      if (/^[LCR]$/.test(w)) refs.push(`zone:${actor}:${w}`);
      else if (zoneRef(w)) refs.push(zoneRef(w));
      else if (w.includes("@")) { const [c, z] = w.split("@"); refs.push(`zone:${actor}:${z}`); if (!z) refs.push(`card:${c}`); }
      else if (!["go", "first", "second"].includes(w)) refs.push(`card:${w}`);
    }
    return refs;
  }

  window.KanseiGames.stampede = {
    board,
    targets,
    prompt: (view) => view.windows
      ? "Respond with a lit card, or let it resolve."  // a response window (ST-T6) whatever the phase
      : ({ main: "Call a machine or play a card from your hand onto a zone.", battle: "Attack: click your machine(s), then the target — or run." }[view.phase] || "Click a lit card or zone."),
  };
})();
