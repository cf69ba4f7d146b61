// Initial D's board (docs/web-boards.md): the track's stages in a row (straight, curve, obstacle), each won
// stage in its winner's colour, the stage raced now lit; both cars with power, traction and style as
// icons, their mods and the maneuvers in play; the maneuver to answer; the stage's pile; the hand. Reads
// only the view (src/kansei/builtin/initiald/views.py).
import tutorial from "./initiald.tutorial.json" with { type: "json" }; // played through by tests/web/test_boards_tutorials.py
import { speaker, hand, openHand, banner, flash, clearGhosts, ghostPreview } from "./kit.js";

const WORDS = {
  en: {
    straight: "straight", curve: "curve", obstacle: "obstacle", stage: "Stage {n}", lead: "lead", challenger: "challenger",
    power: "power", traction: "traction", style: "style", cost: "cost", mods: "mods", in_play: "in play", hand: "Your hand",
    in_hand: "{n} in hand", in_deck: "{n} in deck", answer: "To answer: {card} ({type} {n}) by {who}", pile: "This stage",
    "phase.play": "play", "phase.discard": "discard", "phase.keep": "keep", "phase.over": "over", speed: "speed", turn: "turn", tactics: "tactics",
    pending: "{who} discards {n} more for {card}", won_by: "won by {who}", wins: "{who} wins the race", streak: "lead streak {n}", track: "{name} ({pass})",
    stage_won: "Stage {n}: {who}",
  },
  fr: {
    straight: "ligne droite", curve: "virage", obstacle: "obstacle", stage: "Étape {n}", lead: "en tête", challenger: "challenger",
    power: "puissance", traction: "adhérence", style: "style", cost: "coût", mods: "préparations", in_play: "en jeu", hand: "Votre main",
    in_hand: "{n} en main", in_deck: "{n} en pioche", answer: "À contrer : {card} ({type} {n}) de {who}", pile: "Cette étape",
    "phase.play": "jouer", "phase.discard": "défausser", "phase.keep": "garder", "phase.over": "fini", speed: "vitesse", turn: "pilotage", tactics: "tactique",
    pending: "{who} défausse encore {n} pour {card}", won_by: "gagnée par {who}", wins: "{who} gagne la course", streak: "série en tête {n}", track: "{name} ({pass})",
    stage_won: "Étape {n} : {who}",
  },
  ja: {
    straight: "ストレート", curve: "コーナー", obstacle: "障害物", stage: "ステージ {n}", lead: "リード", challenger: "チャレンジャー",
    power: "パワー", traction: "トラクション", style: "スタイル", cost: "コスト", mods: "改造", in_play: "場", hand: "手札",
    in_hand: "手札 {n}", in_deck: "山札 {n}", answer: "対応：{who} の {card}（{type} {n}）", pile: "このステージ",
    "phase.play": "プレイ", "phase.discard": "捨てる", "phase.keep": "キープ", "phase.over": "終了", speed: "スピード", turn: "コーナリング", tactics: "タクティクス",
    pending: "{who} は {card} のためにあと {n} 枚捨てる", won_by: "{who} の勝ち", wins: "{who} がレースに勝利", streak: "連続リード {n}", track: "{name}（{pass}）",
    stage_won: "ステージ {n}：{who}",
  },
};

const own = (seat) => `var(--s${seat})`;
const ICON = { straight: "↑", curve: "↶", obstacle: "▲" };

function stages(view, ctx, say) {
  const { h } = ctx;
  return h("section", { class: "id-track" }, (view.stages || []).map((t, i) => {
    const won = (view.results || [])[i];
    const current = i === view.stage - 1 && !view.over; // view.stage counts from 1
    return h("div", { class: `id-stage ${t}${current ? " current" : ""}`, style: won === undefined ? {} : { "--own": own(won) }, "data-stage": i, "data-ghost": `stage:${i}`, "data-ghost-text": won === undefined ? "" : ctx.name(won) },
      h("div", { class: "id-stage-icon", "aria-hidden": "true" }, ICON[t] || "?"),
      h("div", { class: "id-stage-name" }, say(t)),
      h("div", { class: "id-stage-no" }, say("stage", { n: i + 1 })),
      won === undefined ? null : h("div", { class: "id-stage-won" }, ctx.name(won)));
  }));
}

function car(p, view, ctx, say, mine) {
  const { h } = ctx;
  return h("section", { class: `id-car${p.lead ? " lead" : ""}${view.to_move === p.seat ? " moving" : ""}`, style: { "--own": own(p.seat) } },
    h("div", { class: "id-car-name" }, h("span", { class: "dot", style: { background: own(p.seat) } }), h("b", {}, ctx.name(p.seat)), h("span", { class: "muted" }, ` ${ctx.cards.name(p.car)} · ${p.drivetrain}`),
      p.lead ? h("span", { class: "chip id-lead" }, say("lead")) : null),
    h("div", { class: "id-stats" }, ["power", "traction", "style"].map((k) => h("div", { class: `id-stat ${k}` }, h("b", { "data-ghost": `car:${p.seat}:${k}` }, String(p[k])), h("small", {}, say(k))))),
    h("div", { class: "id-mods" }, (p.built_in || []).map((m) => h("span", { class: "id-mod" }, ctx.cards.partName(p.car, m))), // the car's own (its face's parts)
      (p.mods || []).map((m) => h("span", { class: "id-mod" }, ctx.cards.name(m))),
      (p.races || []).map((r) => h("span", { class: "id-mod race" }, ctx.cards.name(r)))),
    h("div", { class: `id-inplay${(p.in_play || []).length ? "" : " empty"}` }, h("small", { class: "muted" }, say("in_play")),
      h("span", { class: "id-zone", "data-ghost-zone": `inplay:${p.seat}` }, (p.in_play || []).map((c) => ctx.cards.face(c, { size: "mini" })))),
    h("div", { class: "muted id-counts" }, h("span", { "data-ghost": `hand:${p.seat}` }, say("in_hand", { n: p.hand_count })), " · ", say("in_deck", { n: p.deck_count }), mine || p.hand ? null : h("span", { class: "id-backs" }, Array.from({ length: Math.min(8, p.hand_count) }, () => h("i")))));
}

function middle(view, ctx, say) {
  const { h } = ctx;
  const parts = [];
  if (view.last && !view.over) parts.push(h("div", { class: "id-answer", style: { "--own": own(view.last.seat) } }, say("answer", { card: ctx.cards.name(view.last.card), type: say(view.last.type), n: view.last.strength, who: ctx.name(view.last.seat) })));
  if (view.pending) parts.push(h("div", { class: "id-pending" }, say("pending", { who: ctx.name(view.pending.seat), n: view.pending.discards_left, card: ctx.cards.name(view.pending.card) })));
  const pile = view.stage_pile || [];
  parts.push(h("div", { class: `id-pile${pile.length ? "" : " empty"}` }, h("small", { class: "muted" }, say("pile")),
    h("span", { class: "id-zone", "data-ghost-zone": "pile" }, pile.map((e) => { const f = ctx.cards.face(e.card, { size: "mini" }); f.style.borderTopColor = own(e.seat); return f; }))));
  return h("section", { class: "id-middle" }, parts);
}

function draw(root, payload, ctx) {
  const { h } = ctx;
  const say = speaker("initiald", WORDS, ctx);
  const view = payload.view || {};
  const players = view.players || [];
  const me = ctx.seat === null || ctx.seat === undefined ? null : players.find((p) => p.seat === ctx.seat);
  const others = players.filter((p) => p !== me);
  const cards = me && me.hand ? me.hand.map((c) => { const f = ctx.cards.face(c.card, { size: "card" }); f.dataset.ref = c.ref; return f; }) : [];
  const tr = view.track || {};
  root.replaceChildren(h("div", { class: "id-board" },
    h("div", { class: "chips" },
      h("span", { class: "chip" }, h("b", {}, say("track", { name: ctx.cards.name(tr.name), pass: ctx.cards.partName(tr.name, tr.pass) }))),
      h("span", { class: "chip" }, say(`phase.${view.phase}`)),
      view.lead_streak ? h("span", { class: "chip" }, say("streak", { n: view.lead_streak })) : null,
      view.over && view.winner !== null && view.winner !== undefined ? h("span", { class: "chip id-win" }, say("wins", { who: ctx.name(view.winner) })) : null),
    others.map((p) => [car(p, view, ctx, say, false),
      p.hand ? openHand(ctx, p.seat, p.hand.map((c) => ctx.cards.face(c.card, { size: "card" })), { class: "id-hand" }) : null]),
    stages(view, ctx, say),
    middle(view, ctx, say),
    me ? car(me, view, ctx, say, true) : null,
    me ? hand(ctx, say("hand"), cards, { class: "id-hand" }) : null));
}

async function animate(events, before, after, ctx) {
  const say = speaker("initiald", WORDS, ctx);
  const was = (before.view || {}).results || [];
  const now = (after.view || {}).results || [];
  for (let i = was.length; i < now.length; i += 1) {
    if (ctx.signal.aborted) return;
    await flash(ctx, document.querySelector(`#board .id-stage[data-stage="${i}"]`), 300);
    await banner(ctx, say("stage_won", { n: i + 1, who: ctx.name(now[i]) }), [], 1000);
  }
  const v = after.view || {};
  if (v.over && !(before.view || {}).over && v.winner !== null && v.winner !== undefined) await banner(ctx, say("wins", { who: ctx.name(v.winner) }), [], 1400);
}

export default {
  api: 1,
  styles: ["./initiald.css"],
  draw,
  animate,
  ghost(move, preview, ctx) {
    clearGhosts();
    for (const ref of move.refs || []) for (const el of document.querySelectorAll(`#board [data-ref="${CSS.escape(ref)}"]`)) el.classList.add("kit-ghosted");
    if (preview) ghostPreview(ctx, draw, preview); // projected stats, stages, the pile; else the text alone
  },
  unghost: clearGhosts,
  tutorial,
  howto: {
    steps: [
      { selector: ".id-track", text: { en: "The race's stages: straight, curve or obstacle. Each stage goes to whoever plays the last maneuver nobody answers; two stages in a row won as the lead car, or the last stage, win the race.", fr: "Les étapes de la course : ligne droite, virage ou obstacle. Chaque étape revient à qui joue la dernière manœuvre sans réponse.", ja: "レースのステージ：ストレート、カーブ、障害。誰も対応しない最後のマニューバを出した側がステージを取ります。" } },
      { selector: ".id-hand", text: { en: "Your maneuvers: each has a type and a strength per stage; answer the one to beat with a stronger one.", fr: "Vos manœuvres : chacune a un type et une force par étape ; répondez à celle à battre par une plus forte.", ja: "マニューバ：タイプとステージごとの強さ。より強いもので対応します。" } },
      { selector: ".id-car .id-stats", text: { en: "Each car's Power and Traction: a maneuver's requirement must be reached, each discard adding 1 (ID-P3).", fr: "La Puissance et l'Adhérence de chaque voiture : l'exigence d'une manœuvre doit être atteinte, chaque défausse ajoutant 1 (ID-P3).", ja: "各車のパワーとトラクション。マニューバの条件に届く必要があり、捨て札 1 枚ごとに +1（ID-P3）。" } },
      { selector: ".id-car.lead", text: { en: "The lead car plays the first maneuver of each stage (ID-P2); a stage's winner leads the next one (ID-P6).", fr: "La voiture de tête joue la première manœuvre de chaque étape (ID-P2) ; le gagnant d'une étape mène la suivante (ID-P6).", ja: "先行車が各ステージの最初のマニューバを出します（ID-P2）。ステージの勝者が次の先行車（ID-P6）。" } },
    ],
  },
};
