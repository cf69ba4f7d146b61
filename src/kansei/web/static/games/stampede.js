// Card Race Stampede!!'s board (docs/web-boards.md): each side's three machine zones (L, centre, R) as a
// field, machines framed in their team's colour with POW, DEF and gear as icons, tapped machines turned,
// the centre's stack, events with their HP; the distance left to the goal; the response window in words;
// the hand, the first machine to set, going first or second. Reads only the view
// (src/kansei/builtin/stampede/views.py).
import tutorial from "./stampede.tutorial.json" with { type: "json" }; // played through by tests/web/test_boards_tutorials.py
import { speaker, hand, openHand, banner, flash, clearGhosts, ghostPreview } from "./kit.js";

const WORDS = {
  en: {
    L: "left", C: "centre", R: "right", empty: "empty", face_down: "face down", distance: "distance", to_goal: "to the goal",
    hand: "Your hand", first_machine: "Set your first machine (face down)", first_machines_of: "{who}'s first machines to choose from", in_hand: "{n} in hand", in_deck: "{n} in deck", discard: "{n} discarded",
    turn: "Turn {n}", gear_cap: "gear ≤ {n}", active: "{who}'s turn", first: "Go first", second: "Go second", forcing: "blocking",
    "phase.center": "centre", "phase.order": "order", "phase.draw": "draw", "phase.repair": "repair", "phase.main": "main", "phase.battle": "battle", "phase.end": "end", "phase.over": "over",
    attack: "{who} attacks {target} with {cards}", run: "{who} runs with {card} (gear {gear})", ability: "{who} uses {card}", deadheat: "{who}: dead heat, {card} by {by}",
    placed: "{who} places {card}", fizzled: "{who}'s {what} fizzles", goal: "{who} reaches the goal", deckout: "{who} runs out of cards",
    window: "Waiting for a response", trigger: "{who} may trigger {card}", tapped: "tapped", stack: "{n} in the stack", ability_n: "ability {n}",
    wins: "{who} wins", "reason.goal": "the goal reached", "reason.deck-out": "a deck ran out", hp: "HP",
    gear: "gear", pow: "POW", def: "DEF",
    "fizzle.attack": "attack", "fizzle.run": "run", "fizzle.search": "search", "fizzle.recycle": "recycle", "fizzle.draw": "draw", "fizzle.dead_heat": "Dead Heat",
    "fizzle.on_enter": "on-enter ability", "fizzle.on_destroyed": "when-destroyed ability", "fizzle.crash": "Crash ability", "fizzle.copy": "copied effect", "fizzle.effect": "effect",
  },
  ja: {
    L: "左", C: "センター", R: "右", empty: "空き", face_down: "裏向き", distance: "距離", to_goal: "ゴールまで",
    hand: "手札", first_machine: "最初のマシンを裏向きで置く", first_machines_of: "{who} の最初のマシン候補", in_hand: "手札 {n}", in_deck: "山札 {n}", discard: "捨て札 {n}",
    turn: "ターン {n}", gear_cap: "ギア ≤ {n}", active: "{who} のターン", first: "先攻", second: "後攻", forcing: "進路妨害",
    "phase.center": "センター", "phase.order": "順番", "phase.draw": "ドロー", "phase.repair": "リペア", "phase.main": "メイン", "phase.battle": "バトル", "phase.end": "エンド", "phase.over": "終了",
    attack: "{who} が {cards} で {target} を攻撃", run: "{who} が {card} で走行（ギア {gear}）", ability: "{who} が {card} を使用", deadheat: "{who}：デッドヒート {card}（{by}）",
    placed: "{who} が {card} を配置", fizzled: "{who} の {what} は不発", goal: "{who} がゴール", deckout: "{who} の山札切れ",
    window: "対応待ち", trigger: "{who} は {card} を誘発できる", tapped: "タップ", stack: "スタック {n}", ability_n: "能力 {n}",
    wins: "{who} の勝利", "reason.goal": "ゴール", "reason.deck-out": "山札切れ", hp: "HP",
    gear: "ギア", pow: "POW", def: "DEF",
    "fizzle.attack": "攻撃", "fizzle.run": "走行", "fizzle.search": "サーチ", "fizzle.recycle": "回収", "fizzle.draw": "ドロー", "fizzle.dead_heat": "デッドヒート",
    "fizzle.on_enter": "登場時効果", "fizzle.on_destroyed": "破壊時効果", "fizzle.crash": "クラッシュ効果", "fizzle.copy": "効果の使用", "fizzle.effect": "効果",
  },
  fr: {
    L: "gauche", C: "centre", R: "droite", empty: "vide", face_down: "face cachée", distance: "distance", to_goal: "jusqu'au but",
    hand: "Votre main", first_machine: "Posez votre première machine (face cachée)", first_machines_of: "Premières machines possibles de {who}", in_hand: "{n} en main", in_deck: "{n} en pioche", discard: "{n} défaussées",
    turn: "Tour {n}", gear_cap: "vitesse ≤ {n}", active: "tour de {who}", first: "Jouer en premier", second: "Jouer en second", forcing: "obstruction",
    "phase.center": "centre", "phase.order": "ordre", "phase.draw": "pioche", "phase.repair": "réparation", "phase.main": "principale", "phase.battle": "bataille", "phase.end": "fin", "phase.over": "fini",
    attack: "{who} attaque {target} avec {cards}", run: "{who} court avec {card} (vitesse {gear})", ability: "{who} utilise {card}", deadheat: "{who} : coude-à-coude, {card} de {by}",
    placed: "{who} pose {card}", fizzled: "{what} de {who} échoue", goal: "{who} atteint le but", deckout: "{who} n'a plus de cartes",
    window: "En attente d'une réponse", trigger: "{who} peut déclencher {card}", tapped: "engagée", stack: "{n} dans la pile", ability_n: "capacité {n}",
    wins: "{who} gagne", "reason.goal": "but atteint", "reason.deck-out": "pioche épuisée", hp: "PV",
    gear: "vitesse", pow: "PUI", def: "DÉF",
    "fizzle.attack": "attaque", "fizzle.run": "déplacement", "fizzle.search": "recherche", "fizzle.recycle": "recyclage", "fizzle.draw": "pioche", "fizzle.dead_heat": "Dead Heat",
    "fizzle.on_enter": "capacité d'entrée en jeu", "fizzle.on_destroyed": "capacité de destruction", "fizzle.crash": "capacité Crash", "fizzle.copy": "effet copié", "fizzle.effect": "effet",
  },
};

const own = (seat) => `var(--s${seat})`;
const ZONES = ["L", "C", "R"];

function zone(z, name, p, ctx, say, lastRef) {
  const { h } = ctx;
  const k = z.kind;
  const label = h("div", { class: "st-zone-label" }, say(name));
  let body;
  if (k === "empty") body = h("div", { class: "st-slot" }, say("empty"));
  else if (k === "face_down") body = h("div", { class: "card back st-machine" }, h("span", {}, say("face_down")), z.height > 1 ? h("small", {}, say("stack", { n: z.height })) : null);
  else {
    const face = ctx.cards.face(z.en || z.name, { size: "mini", class: `st-machine cls-${z.class}` });
    const stats = k === "machine"
      ? [h("span", { class: "st-gear", title: say("gear") }, `⚙${z.gear}`), h("span", { class: "st-pow", title: say("pow") }, "⚔", h("b", {}, String(z.pow))), h("span", { class: "st-def", title: say("def") }, "◆", h("b", {}, String(z.def)))]
      : [h("span", { class: "st-gear", title: say("gear") }, `⚙${z.gear}`), h("span", { class: "st-hp" }, say("hp"), " ", h("b", {}, `${z.hp}/${z.max_hp}`), h("i", { style: { width: `${(100 * z.hp) / Math.max(1, z.max_hp)}%` } }))];
    body = h("div", { class: `st-card${z.tapped ? " tapped" : ""}` }, face, h("div", { class: "st-stats" }, stats),
      z.tapped ? h("div", { class: "st-tapped" }, say("tapped")) : null,
      z.height && z.height > 1 ? h("div", { class: "st-stack", title: (z.stack || []).map((c) => ctx.cards.name(c)).join(", ") }, say("stack", { n: z.height })) : null);
  }
  const abilities = (z.abilities || []).length ? h("div", { class: "st-abilities" }, z.abilities.map((a) => h("span", { class: "st-ability", "data-ref": a.ref }, say("ability_n", { n: a.n })))) : null;
  // what a preview compares (kit.ghostPreview): the zone's machine and its numbers, in short
  const summary = k === "empty" ? say("empty") : k === "face_down" ? say("face_down")
    : [ctx.cards.name(z.en || z.name), k === "machine" ? `⚔${z.pow} ◆${z.def}` : `${z.hp}/${z.max_hp}`, z.tapped ? say("tapped") : ""].filter(Boolean).join(" ");
  return h("div", { class: `st-zone z${name} ${k}${lastRef === z.ref ? " last" : ""}`, "data-ref": z.ref, "data-ghost": z.ref, "data-ghost-text": summary }, label, body, abilities);
}

function side(p, view, ctx, say, mine, lastRef) {
  const { h } = ctx;
  return h("section", { class: `st-side${mine ? " mine" : ""}${view.active === p.seat && !view.over ? " active" : ""}`, style: { "--own": own(p.seat) } },
    h("div", { class: "st-side-head" }, h("span", { class: "dot", style: { background: own(p.seat) } }), h("b", {}, ctx.name(p.seat)),
      h("span", { class: "st-distance", title: say("to_goal") }, say("distance"), " ", h("b", { "data-ghost": `distance:${p.seat}` }, String(p.distance))),
      p.forcing ? h("span", { class: "chip st-forcing" }, say("forcing")) : null,
      h("span", { class: "muted st-counts" }, say("in_hand", { n: p.hand_count }), " · ", say("in_deck", { n: p.deck_count }), " · ", say("discard", { n: (p.discard || []).length }))),
    h("div", { class: "st-field" }, ZONES.map((n) => zone(p.zones[n], n, p, ctx, say, lastRef))),
    discards(p, ctx));
}

// The discard pile, once per card with its count: Phantom Lap's moves name a card here (discard:<seat>:<slug>).
function discards(p, ctx) {
  const { h } = ctx;
  const pile = p.discard_cards || [];
  if (!pile.length) return null;
  return h("div", { class: "st-discard" }, pile.map((c) => {
    const f = ctx.cards.face(c.en || c.name, { size: "mini", class: "st-dcard" });
    f.dataset.ref = c.ref;
    if (c.count > 1) f.append(h("div", { class: "card-extra" }, `×${c.count}`));
    return f;
  }));
}

function windows(view, ctx, say) {
  const { h } = ctx;
  const w = view.windows;
  if (!w || (!w.items.length && !w.trigger)) return null;
  const name = (q) => ctx.name(q);
  const card = (c) => ctx.cards.name(c);
  const line = (it) => {
    if (it.kind === "attack") return say("attack", { who: name(it.seat), target: card(it.target), cards: it.attackers.map(card).join(", ") });
    if (it.kind === "run") return say("run", { who: name(it.seat), card: card(it.card), gear: it.gear });
    if (it.kind === "ability") return say("ability", { who: name(it.seat), card: card(it.card) });
    if (it.kind === "deadheat") return say("deadheat", { who: name(it.seat), card: card(it.card), by: it.by });
    if (it.kind === "placed") return say("placed", { who: name(it.seat), card: card(it.card) });
    if (it.kind === "fizzled") return say("fizzled", { who: name(it.seat), what: say(`fizzle.${it.what}` in WORDS.en ? `fizzle.${it.what}` : "fizzle.effect") });
    return say(it.kind, { who: name(it.seat) });
  };
  return h("section", { class: "st-window" }, h("b", {}, say("window")),
    h("ol", {}, [...w.items].reverse().map((it) => h("li", { style: { "--own": own(it.seat) } }, line(it)))),
    w.trigger ? h("div", { class: "st-trigger", "data-ref": w.trigger.ref }, say("trigger", { who: name(w.trigger.seat), card: card(w.trigger.card) })) : null);
}

function draw(root, payload, ctx) {
  const { h } = ctx;
  const say = speaker("stampede", WORDS, ctx);
  const view = payload.view || {};
  const players = view.players || [];
  const me = ctx.seat === null || ctx.seat === undefined ? null : players.find((p) => p.seat === ctx.seat);
  const others = players.filter((p) => p !== me);
  const ev = (payload.events || []).at(-1);
  const lastRef = ev && ev.seat !== undefined && ev.zone ? `zone:${ev.seat}:${ev.zone}` : null;
  // a card in a hand or among the first machines to choose from: mine carries its ref (it can be clicked),
  // another player's (a replay with every card open) does not
  const face = (c, mine) => { const f = ctx.cards.face(c.en || c.name, { size: "card", class: "st-hcard" }); if (mine) f.dataset.ref = c.ref; return f; };
  const choice = (c, mine) => { const f = face(c, mine); f.append(h("div", { class: "card-extra" }, `×${c.count}`)); return f; };
  const cards = me && me.hand ? me.hand.map((c) => face(c, true)) : [];
  const firsts = me && me.first_machines ? me.first_machines.map((c) => choice(c, true)) : [];
  root.replaceChildren(h("div", { class: "st-board" },
    h("div", { class: "chips" },
      view.turn ? h("span", { class: "chip" }, say("turn", { n: view.turn })) : null,
      h("span", { class: "chip" }, say(`phase.${view.phase}`)),
      view.gear_cap ? h("span", { class: "chip" }, say("gear_cap", { n: view.gear_cap })) : null,
      view.over ? null : h("span", { class: "chip" }, say("active", { who: ctx.name(view.active) })),
      view.over && view.winner !== null && view.winner !== undefined ? h("span", { class: "chip st-win" }, say("wins", { who: ctx.name(view.winner) }), view.reason ? ` — ${say(`reason.${view.reason}`)}` : "") : null),
    others.map((p) => [side(p, view, ctx, say, false, lastRef),
      p.first_machines ? hand(ctx, say("first_machines_of", { who: ctx.name(p.seat) }), p.first_machines.map((c) => choice(c, false)), { class: "st-hand st-open-firsts" }) : null,
      p.hand ? openHand(ctx, p.seat, p.hand.map((c) => face(c, false)), { class: "st-hand" }) : null]),
    windows(view, ctx, say),
    (view.choices || []).length ? h("div", { class: "st-choices" }, view.choices.map((c) => h("div", { class: "st-choice", "data-ref": c.ref }, say(c.name)))) : null,
    me ? side(me, view, ctx, say, true, lastRef) : null,
    firsts.length ? hand(ctx, say("first_machine"), firsts, { class: "st-hand" }) : null,
    me && me.hand ? hand(ctx, say("hand"), cards, { class: "st-hand" }) : null));
}

async function animate(events, before, after, ctx) {
  const say = speaker("stampede", WORDS, ctx);
  for (const ev of events) {
    if (ctx.signal.aborted) return;
    if (ev.seat !== undefined && ev.zone) await flash(ctx, document.querySelector(`#board [data-ref="zone:${ev.seat}:${ev.zone}"]`), 350);
    if (ev.type === "game_over" || ev.type === "win" || ev.type === "over") {
      const w = ev.winner;
      if (w !== undefined && w !== null) await banner(ctx, say("wins", { who: ctx.name(w) }), [], 1500);
    }
  }
}

export default {
  api: 1,
  styles: ["./stampede.css"],
  draw,
  animate,
  ghost(move, preview, ctx) {
    clearGhosts();
    for (const ref of move.refs || []) for (const el of document.querySelectorAll(`#board [data-ref="${CSS.escape(ref)}"]`)) el.classList.add("kit-ghosted");
    if (preview) ghostPreview(ctx, draw, preview); // the zones and distances after it; else the text alone
  },
  unghost: clearGhosts,
  tutorial,
  howto: {
    steps: [
      { selector: ".st-side.mine .st-field", text: { en: "Your three machine zones: left, centre, right. A machine that runs lowers your distance by its gear; machines attack the opponent's.", fr: "Vos trois zones de machines : gauche, centre, droite. Une machine qui court baisse votre distance de sa vitesse ; les machines attaquent celles d'en face.", ja: "自分のマシンゾーン：左・センター・右。走ったマシンのギア分だけ距離が減り、マシンは相手のマシンを攻撃します。" } },
      { selector: ".st-side.mine .st-distance", text: { en: "The distance left to your goal: bring it to 0 to win.", fr: "La distance jusqu'à votre but : amenez-la à 0 pour gagner.", ja: "ゴールまでの残り距離。0 にすれば勝利。" } },
      { selector: ".st-hand", text: { en: "Your hand: machines to call (gear at most the turn's cap), events and assists.", fr: "Votre main : machines à appeler (vitesse au plus le plafond du tour), événements et assistances.", ja: "手札：呼べるマシン（ギアはターンの上限まで）、イベント、アシスト。" } },
      { selector: ".st-side:not(.mine) .st-field", text: { en: "The rival's machines: attack them with POW against DEF; the lower one is destroyed (ST-T4).", fr: "Les machines adverses : attaquez-les, PUI contre DÉF ; la plus faible est détruite (ST-T4).", ja: "相手のマシン。POW 対 DEF で攻撃し、低い方が破壊されます（ST-T4）。" } },
    ],
  },
};
