// Initial D CCG: the race's stage track (stage types, who won each), the maneuver to answer, both cars'
// numbers (power, traction, style), mods and cards in play. Moves target the cards in hand.
"use strict";

(() => {
  const icon = { straight: "═", curve: "↷", obstacle: "⚠" };

  function car(p, view, ctx) {
    return h("div", { class: `id-car s${p.seat}${p.lead ? " lead" : ""}` },
      h("div", { class: "id-car-head" }, h("span", { class: `dot s${p.seat}` }), h("b", {}, ctx.name(p.seat)), " — ", p.car || "?",
        h("small", { class: "muted" }, ` ${p.drivetrain || ""}`), p.lead ? h("span", { class: "badge" }, "lead car") : null),
      h("div", { class: "id-stats" }, ["power", "traction", "style", "cost"].map((k) => h("div", { class: `id-stat ${k}` }, h("b", {}, String(p[k] ?? "?")), h("small", {}, k)))),
      h("div", { class: "id-mods" }, [...(p.built_in || []), ...(p.mods || [])].map((m) => h("span", { class: "chip" }, m))),
      h("div", { class: "id-zone" },
        h("div", { class: "id-inplay" }, h("small", { class: "muted" }, "in play "), (p.in_play || []).length ? p.in_play.map((c) => G.card(c, ctx, { size: "mini" })) : h("span", { class: "muted" }, "—")),
        G.pile("discard", p.discard, ctx),
        h("div", { class: "id-counts" }, G.count("in hand", p.hand_count), G.count("in deck", p.deck_count))));
  }

  function board(view, ctx) {
    const players = view.players || [];
    const you = ctx.you ?? 0;
    const me = players.find((p) => p.seat === you);
    const opp = players.filter((p) => p.seat !== you);
    const stages = view.stages || [];
    const track = h("div", { class: "id-track" }, stages.map((t, i) => {
      const won = (view.results || [])[i];
      const cur = i + 1 === view.stage && !view.over;
      return h("div", { class: `id-stage ${t}${cur ? " current" : ""}${won !== undefined && won !== null ? ` won-s${won}` : ""}` },
        h("div", { class: "id-stage-no" }, `Stage ${i + 1}`), h("div", { class: "id-stage-icon" }, icon[t] || "•"), h("div", {}, t),
        won !== undefined && won !== null ? h("div", { class: "id-stage-won" }, ctx.name(won)) : cur ? h("div", { class: "id-stage-won" }, "now") : null);
    }));
    // the maneuver to answer exists only while a stage is being raced (play, or paying its discards)
    const racing = view.phase === "play" || view.phase === "discard";
    const last = !racing
      ? h("div", { class: "id-last muted" }, view.over ? "The race is over." : "Between stages: keep or discard cards.")
      : view.last
      ? h("div", { class: "id-last" }, h("div", { class: "muted" }, `to answer: ${ctx.name(view.last.seat)}'s maneuver — ${view.last.type || ""} ${view.last.strength ?? "?"} here`), G.card(view.last.card, ctx, { size: "mini" }))
      : h("div", { class: "id-last muted" }, view.lead_passed ? "The lead car passed." : "No maneuver yet this stage.");
    const head = h("div", { class: "chips" },
      h("span", { class: "chip" }, h("b", {}, view.track ? view.track.name : "?"), view.track && view.track.pass ? h("small", {}, ` · ${view.track.pass}`) : null),
      G.chip("phase", prettyKey(view.phase || "")), G.chip("stage", `${view.stage} / ${stages.length} · ${view.stage_type || ""}`),
      G.chip("lead", ctx.name(view.lead)), G.chip("maneuvers", view.maneuvers_this_stage ?? 0),
      view.reason ? G.chip("result", view.reason) : null);
    const pile = (view.stage_pile || []).length ? h("div", { class: "id-pile" }, h("small", { class: "muted" }, "this stage: "), view.stage_pile.map((c) => G.card(typeof c === "string" ? c : c.card, ctx, { size: "mini" }))) : null;
    return h("div", { class: "id-board" }, head, opp.map((p) => car(p, view, ctx)), h("div", { class: "id-middle" }, track, h("div", { class: "id-center" }, last, pile)), me ? car(me, view, ctx) : null);
  }

  window.KanseiGames.initiald = {
    board,
    targets: (move) => String(move.action).split(/\s+/).slice(1, 2).map((w) => `card:${w}`),
    prompt: (view) => (view.phase === "keep" ? "Discard cards you do not want (click them), then keep." : "Play a maneuver from your hand, or pass."),
  };
})();
