// Touge: the course of road tiles (values for the direction, owners, tune-ups, scores), both cars'
// multipliers and running totals, the disaster. Reads only the view; moves target cards, tiles, the ability.
"use strict";

(() => {
  const seatCls = (s) => (s === null || s === undefined ? "" : `own-s${s}`);

  function car(p, view, ctx, top) {
    const dir = view.direction || "downhill";
    const m = (p.multipliers || {})[dir] || {};
    const ability = h("button", { class: `ability${p.ability_used ? " used" : ""}${p.ability_active ? " active" : ""}`, title: p.ability_text || "", type: "button" },
      h("b", {}, p.ability || "ability"), h("small", {}, p.ability_used ? (p.ability_active ? " active" : " used") : " ready"));
    G.ref(ability, `ability:${p.seat}`);
    return h("div", { class: `tg-car s${p.seat}${top ? " top" : ""}` },
      h("div", { class: "tg-car-name" }, h("span", { class: `dot s${p.seat}` }), h("b", {}, ctx.name(p.seat)), " — ", p.car || "?"),
      h("div", { class: "tg-mult" }, h("span", { title: "corner multiplier" }, "Corner ×", h("b", {}, String(m.C ?? "?"))), h("span", { title: "straight multiplier" }, "Straight ×", h("b", {}, String(m.S ?? "?")))),
      ability,
      h("div", { class: "tg-counts" }, G.count("in hand", p.hand_count), G.count("in deck", p.deck_count),
        p.redrawing ? G.count("to redraw", p.redrawing) : null,
        (p.set_aside || []).length ? h("span", { class: "count" }, "set aside: ", p.set_aside.join(", ")) : null));
  }

  function tile(t, view, ctx) {
    const dir = view.direction || "downhill";
    const value = dir === "uphill" ? t.up : t.down;
    const el = h("div", { class: `tg-tile ${t.type === "C" ? "corner" : "straight"} ${seatCls(t.owner)}${t.nullified ? " nullified" : ""}` },
      h("div", { class: "tg-tile-no" }, `#${t.tile}`, h("span", { class: "tg-type" }, t.type === "C" ? "corner" : "straight")),
      h("div", { class: "tg-road" }, Cards.name(t.road)),
      h("div", { class: "tg-stars" }, G.pips(t.stars)),
      h("div", { class: "tg-values" }, h("span", { class: dir === "downhill" ? "cur" : "" }, `${t.down}↓`), h("span", { class: dir === "uphill" ? "cur" : "" }, `${t.up}↑`)),
      h("div", { class: "tg-value", title: `tile value ${dir}` }, String(value)),
      (t.tuneups || []).length ? h("div", { class: "tg-tuneups" }, t.tuneups.map((u) => h("span", { class: `tune ${seatCls(u.seat ?? u.owner)}` }, typeof u === "string" ? u : (u.card || u.name || JSON.stringify(u))))) : null,
      h("div", { class: "tg-scores" }, (t.scores || []).map((s, i) => h("span", { class: `s${i}`, title: ctx.name(i) }, String(s)))));
    G.ref(el, `tile:${t.tile}`, G.slugRef(t.road));
    return el;
  }

  function board(view, ctx) {
    const players = view.players || [];
    const you = ctx.you ?? 0;
    const opp = players.filter((p) => p.seat !== you);
    const me = players.find((p) => p.seat === you);
    const dir = view.direction || "downhill";
    const course = view.course || [];
    const proj = view.projected || [];
    const max = Math.max(1, ...proj, ...(view.totals || []));
    const head = h("div", { class: "tg-head" },
      G.chip("battle", `${view.battle}${view.mode ? " · " + prettyKey(view.mode) : ""}`),
      h("span", { class: `chip dir ${dir}` }, dir === "uphill" ? "⬈ uphill" : "⬊ downhill"),
      G.chip("leader", ctx.name(view.leader)),
      G.chip("wins", (view.wins || []).join(" – ")),
      G.chip("phase", prettyKey(view.phase || "")));
    const disaster = view.disaster
      ? h("div", { class: "tg-disaster" }, h("b", {}, "Disaster: "), Cards.name(view.disaster.card), h("small", {}, ` (${ctx.name(view.disaster.owner)}) `), h("span", {}, view.disaster.text || ""))
      : null;
    const road = h("div", { class: "tg-course" }, course.length ? course.map((t) => tile(t, view, ctx)) : h("div", { class: "tg-empty" }, "The course is empty: lay the first road."),
      h("div", { class: "tg-finish" }, dir === "uphill" ? "summit" : "finish"));
    const bars = h("div", { class: "tg-totals" }, players.map((p) => h("div", { class: `tg-bar s${p.seat}` },
      h("span", { class: "tg-bar-label" }, ctx.name(p.seat)),
      h("span", { class: "tg-bar-track" }, h("span", { class: "tg-bar-fill", style: { width: `${(100 * (proj[p.seat] || 0)) / max}%` } })),
      h("b", {}, String(proj[p.seat] ?? 0)), h("small", {}, (view.totals || [])[p.seat] ? ` (run ${view.totals[p.seat]})` : ""))));
    const tuneups = (view.course_tuneups || []).length ? h("div", { class: "tg-course-tunes" }, "Course tune-ups: ", view.course_tuneups.map((u) => h("span", { class: "tune" }, typeof u === "string" ? u : (u.card || JSON.stringify(u))))) : null;
    const history = (view.battles || []).length ? h("div", { class: "tg-history" }, view.battles.map((b) => h("span", { class: "chip" }, `Battle ${b.battle} ${b.direction}: ${(b.scores || []).join("–")} → ${b.winner === null || b.winner === undefined ? "draw" : ctx.name(b.winner)}`))) : null;
    return h("div", { class: "tg-board" }, head, opp.map((p) => car(p, view, ctx, true)), disaster, road, tuneups, bars, history, me ? car(me, view, ctx, false) : null);
  }

  function targets(move) {
    const [kind, ...rest] = String(move.action).split(/\s+/);
    const refs = [];
    for (const w of rest) {
      if (w.startsWith("@")) refs.push(`tile:${w.slice(1)}`);
      else refs.push(`card:${w}`);
    }
    if (kind === "ability") refs.push(`ability:${move.actor ?? ""}`);
    return refs;
  }

  window.KanseiGames.touge = {
    board,
    targets: (move, view, ctx) => targets({ ...move, actor: ctx.actor }),
    prompt: (view) => ({ build: "Lay a road from your hand, tune up, or pass.", redraw: "Click cards to put back, then keep your hand." }[view.phase] || "Click a lit card, tile or your ability."),
  };
})();
