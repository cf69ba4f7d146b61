// Mini D: the mountain road case by case (straights, corners with their difficulty, event cases), every
// racer's car, Bunta, the corner each racer is in. Moves are the decision's choices and the Event cards.
"use strict";

(() => {
  const PER_ROW = 15;

  function board(view, ctx) {
    const len = view.length || 60;
    const sections = view.sections || [];
    const at = new Map();
    for (const r of view.racers || []) { if (!at.has(r.case)) at.set(r.case, []); at.get(r.case).push(r); }
    const events = new Set(view.events || []);
    const sectionOf = (c) => sections.find((s) => c >= s.start && c <= s.end);
    // a racer's corner by the section's name in the table's language (the view names it by index)
    const cornerName = (corner) => {
      const names = (sections[corner.section] || {}).names || {};
      return names[ctx.lang] || names.en || `corner ${corner.section}`;
    };
    const cells = [];
    for (let c = 0; c <= len + 1; c++) {
      const s = sectionOf(c);
      const kind = c === 0 ? "start" : c > len ? "finish" : s ? s.kind : "straight";
      const cell = h("div", { class: `md-case ${kind}${events.has(c) ? " event" : ""}`, title: s ? `${s.name}${s.difficulty ? " — difficulty " + s.difficulty : ""}` : "" },
        h("span", { class: "md-no" }, c === 0 ? "start" : c > len ? "finish" : String(c)),
        s && s.kind === "corner" && c === s.start ? h("span", { class: "md-diff" }, String(s.difficulty)) : null,
        events.has(c) ? h("span", { class: "md-event", title: "event case" }, "!") : null,
        view.bunta && view.bunta.case === c ? h("span", { class: "md-bunta", title: "Bunta" }, "B") : null,
        (at.get(c) || []).map((r) => h("span", { class: `md-car s${r.seat}${r.seat === ctx.you ? " me" : ""}`, title: ctx.name(r.seat) }, String(r.seat + 1))));
      G.ref(cell, `case:${c}`);
      cells.push(cell);
    }
    // the road snakes: every other row runs back
    const rows = [];
    for (let i = 0; i < cells.length; i += PER_ROW) {
      const row = cells.slice(i, i + PER_ROW);
      rows.push(h("div", { class: `md-row${(i / PER_ROW) % 2 ? " back" : ""}` }, row));
    }
    const racers = h("table", { class: "md-racers" }, h("thead", {}, h("tr", {}, ["", "racer", "case", "status", "corner", "sprint", "cards"].map((x) => h("th", {}, x)))),
      h("tbody", {}, (view.racers || []).map((r) => h("tr", { class: `${view.to_move === r.seat ? "moving" : ""}${r.seat === ctx.you ? " me" : ""}` },
        h("td", {}, h("span", { class: `md-car s${r.seat}` }, String(r.seat + 1))), h("td", {}, ctx.name(r.seat)), h("td", {}, String(r.case)),
        h("td", {}, prettyKey(r.status) + (r.skips ? ` (skips ${r.skips})` : "") + (r.aura ? " · aura" : "") + (r.met_bunta ? "" : "")),
        h("td", {}, r.corner ? `${cornerName(r.corner)}: ${prettyKey(r.corner.state)}` : "—"), h("td", {}, String(r.sprint ?? "—")), h("td", {}, String(r.hand_count ?? 0))))));
    const head = h("div", { class: "chips" },
      h("span", { class: "chip" }, h("b", {}, view.track || "?"), ` · ${view.direction || ""}`),
      G.chip("round", view.round ?? 0), G.chip("phase", prettyKey(view.phase || "")),
      view.decision ? G.chip("decision", `${prettyKey(view.decision.kind)} — ${ctx.name(view.decision.seat)}`) : null,
      view.bunta ? G.chip("Bunta", `case ${view.bunta.case}${view.bunta.driving ? " (driving)" : ""}`) : null,
      G.chip("event deck", view.deck_count ?? 0),
      (view.placings || []).length ? G.chip("placings", view.placings.map((s) => ctx.name(s)).join(", ")) : null);
    const discard = (view.discard || []).length ? h("div", { class: "md-discard" }, h("small", { class: "muted" }, "played: "), view.discard.slice(-6).map((c) => G.card(c, ctx, { size: "mini" }))) : null;
    return h("div", { class: "md-board" }, head, h("div", { class: "md-road" }, rows), racers, discard);
  }

  window.KanseiGames.minid = {
    board,
    targets: (move) => {
      const [kind, arg] = String(move.action).split(/\s+/);
      return kind === "play" && arg ? [`card:${arg}`] : [];
    },
    prompt: (view) => (view.decision ? `Decide: ${prettyKey(view.decision.kind)}.` : "Your turn."),
  };
})();
