// D-Spirits TCG: each player's SP, decks, side deck, D-World, support zone and battle scene (spirits with
// ATK/END, stance, status), the realm, the chain and the bid. Moves target cards in hand, spirits on the
// field, the opponent for a direct attack, and the decks to draw from.
"use strict";

(() => {
  function spirit(s, seat, ctx) {
    const face = Cards.face(s.card, { size: "mini" });
    const el = h("div", { class: `ds-spirit ${s.stance || ""}${s.frozen ? " frozen" : ""}` }, face,
      h("div", { class: "ds-nums" }, h("span", { class: "atk", title: "attack power" }, `ATK ${s.attack}`), h("span", { class: "end", title: "endurance" }, `END ${s.endurance}`)),
      h("div", { class: "ds-flags" }, h("span", {}, s.stance || ""), s.frozen ? h("span", { class: "flag" }, "frozen") : null, s.poison ? h("span", { class: "flag" }, `poison ${s.poison}`) : null,
        s.supercharge ? h("span", { class: "flag" }, `super charge ${s.supercharge}`) : null, s.attacked ? h("span", { class: "flag" }, "attacked") : null,
        (s.stack || []).length ? h("span", { class: "flag", title: s.stack.join(", ") }, `+${s.stack.length} under`) : null));
    return G.ref(el, `spirit:${seat}:${s.label}`, `card:${Cards.slug(s.card) || s.label}`);
  }

  function side(p, view, ctx, top) {
    const deck = (name, n) => G.ref(h("div", { class: "ds-deck", title: `${name} deck` }, Cards.back(String(n)), h("small", {}, name)), `deck:${p.seat}:${name}`);
    const sp = G.ref(h("div", { class: "ds-sp", title: "SP" }, h("b", {}, String(Math.max(0, p.sp ?? 0))), h("small", {}, " SP")), `direct:${p.seat}`);
    return h("div", { class: `ds-side s${p.seat}${top ? " top" : ""}${view.active === p.seat ? " active" : ""}` },
      h("div", { class: "ds-side-head" }, h("span", { class: `dot s${p.seat}` }), h("b", {}, ctx.name(p.seat)), sp,
        G.count("in hand", p.hand_count), h("small", { class: "muted" }, `(${p.hand_spirits ?? "?"} spirits, ${p.hand_support ?? "?"} support)`),
        (p.hand_known || []).length ? h("span", { class: "muted" }, ` known: ${p.hand_known.join(", ")}`) : null),
      h("div", { class: "ds-row" },
        h("div", { class: "ds-decks" }, deck("squad", p.squad_count), deck("support", p.support_count)),
        h("div", { class: "ds-battle" }, h("div", { class: "ds-label" }, "battle scene"), (p.battle || []).length ? p.battle.map((s) => spirit(s, p.seat, ctx)) : h("div", { class: "card mini empty-slot" }, "empty")),
        h("div", { class: "ds-support" }, h("div", { class: "ds-label" }, "support zone"), (p.support_zone || []).map((s) => spirit(s, p.seat, ctx)),
          (p.support_cards || []).map((c) => G.card(c, ctx, { size: "mini" })), !(p.support_zone || []).length && !(p.support_cards || []).length ? h("div", { class: "card mini empty-slot" }, "empty") : null),
        h("div", { class: "ds-piles" }, G.pile("D-World", p.dworld, ctx), (p.banished || []).length ? G.pile("banished", p.banished, ctx) : null)),
      h("div", { class: "ds-sidedeck" }, h("small", { class: "muted" }, "side deck: "), (p.side || []).map((c) => G.ref(h("span", { class: "chip", title: Cards.get(c) ? Cards.get(c).text : "" }, Cards.name(c)), G.slugRef(c), `side:${Cards.slug(c) || c}`))));
  }

  function board(view, ctx) {
    const players = view.players || [];
    const you = ctx.you ?? 0;
    const me = players.find((p) => p.seat === you);
    const opp = players.filter((p) => p.seat !== you);
    const head = h("div", { class: "chips" }, G.chip("game", view.game_no ?? 1), G.chip("turn", view.turn ?? 0), G.chip("phase", prettyKey(view.phase || "")),
      G.chip("active", ctx.name(view.active)),
      view.match && view.match.on ? G.chip("match", (view.match.wins || []).join(" – ")) : null,
      view.bid ? G.chip("bid", typeof view.bid === "object" ? `${view.bid.amount ?? ""} ${view.bid.card ?? ""} (${ctx.name(view.bid.seat)})` : view.bid) : null);
    const realm = view.realm ? h("div", { class: "ds-realm" }, h("b", {}, "Realm: "), Cards.name(view.realm.card), h("small", {}, ` (${ctx.name(view.realm.owner)}) `), String(view.realm.text || "").replace(/^Realm: /, "")) : null;
    const chain = (view.chain || []).length ? h("div", { class: "ds-chain" }, h("b", {}, "Chain: "), view.chain.map((c, i) => h("span", { class: "chip" }, `${i + 1}. ${typeof c === "string" ? c : c.name || c.card || JSON.stringify(c)}`))) : null;
    const win = view.window ? h("div", { class: "ds-chain" }, h("b", {}, "Response window: "), G.value(view.window, ctx)) : null;
    return h("div", { class: "ds-board" }, head, opp.map((p) => side(p, view, ctx, true)), realm, chain, win, me ? side(me, view, ctx, false) : null);
  }

  function targets(move, view, ctx) {
    const actor = ctx.actor ?? ctx.you ?? 0;
    const other = (view.players || []).map((p) => p.seat).find((s) => s !== actor) ?? 1 - actor;
    const [kind, ...rest] = String(move.action).split(/\s+/);
    const args = [...rest, "", "", ""];
    const refs = [];
    const target = (w) => {
      const [where, label] = w.includes(":") ? w.split(":") : [null, w];
      if (where === "foe") return `spirit:${other}:${label}`;
      if (where === "own") return `spirit:${actor}:${label}`;
      if (where === "hand") return `hand:${label}`;
      return null;
    };
    switch (kind) {
      case "stance": case "supercharge": refs.push(`spirit:${actor}:${args[0]}`); break;
      case "attack": refs.push(`spirit:${actor}:${args[0]}`, args[1] === "direct" ? `direct:${other}` : args[1] ? `spirit:${other}:${args[1]}` : null); break;
      case "exchange": refs.push(`spirit:${actor}:${args[0]}`, `hand:${args[1]}`); break;
      case "evolve": refs.push(`card:${args[0]}`, `spirit:${actor}:${args[1]}`); break;
      case "ability": refs.push(`spirit:${actor}:${args[0]}`); if (args[2]) refs.push(target(args[2])); break;
      case "draw": case "extra": if (args[0]) refs.push(`deck:${actor}:${args[0]}`); break;
      case "rush": refs.push(`side:${args[0]}`, `card:${args[0]}`); break;
      case "summon": case "play": case "respond":
        refs.push(`card:${args[0].replace(/#\d+$/, "")}`);
        for (const w of rest.slice(1)) { const t = target(w); if (t) refs.push(t); }
        break;
      default: break;
    }
    return refs.filter((r) => r && !/:$/.test(r));
  }

  window.KanseiGames.dspirits = {
    board,
    targets,
    prompt: (view) => ({ draw: "Draw: click one of your decks (or take a Field Rush).", main: "Summon, play support cards or change stances — click a card or a spirit.", battle: "Attack: click your spirit, then its target (or the opponent's SP to attack directly)." }[view.phase] || "Click a lit card, spirit or deck."),
  };
})();
