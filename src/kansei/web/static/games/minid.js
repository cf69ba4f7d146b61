// Mini D's board (docs/web-boards.md): the track as a mountain road that winds back and forth, case by
// case, straights in grey and corners in rust with their DRIFT target, Event cases marked, the cars and
// Bunta on it; the decision at hand (sprint powers, cornering lines, the dice); the racers; the Event deck,
// the discard pile and the hand. Reads only the view (src/kansei/builtin/minid/views.py).
import tutorial from "./minid.tutorial.json" with { type: "json" }; // played through by tests/web/test_boards_tutorials.py
import { speaker, hand, openHand, banner, flash, clearGhosts, ghostPreview } from "./kit.js";

const WORDS = {
  en: {
    parking: "parking", finish: "finish", start: "start", bunta: "Bunta", driving: "driving", parked: "parked",
    round: "Round {n}", sprint: "sprint", race: "race", over: "race over", downhill: "downhill", uphill: "uphill",
    deck: "Event deck", discard: "discard", hand: "Your hand", corner: "corner", straight: "straight", target: "DRIFT {n}",
    "status.racing": "racing", "status.finished": "finished", "status.out": "out",
    case: "case {n}", skips: "skips {n}", mastered: "mastered", failed: "failed", aura: "aura", waiting: "waiting",
    met: "met Bunta", hand_n: "{n} cards", landed: "sprint {n}", event: "Event case", colon: ": ",
    "d.sprint": "Sprint: choose a power", "d.turn": "Your move (bonus +{n})", "d.turn_other": "to move (bonus +{n})", "d.skip": "Skip a turn", "d.line": "Corner {name}: choose a line (DRIFT {d})",
    "d.drift": "DRIFT roll: {die} → {total} against {d}", "d.battle": "Battle: {a} against {b}", "d.crossing": "Crossing roll: {die} → {total}",
    "d.draw": "Draw an Event card?", "d.discard": "Discard a card?", "line.drift": "DRIFT {n}", "line.move": "move {n}",
    "line.normal": "Normal", "line.gambler": "Gambler", "line.moonlight": "Moonlight", power: "power",
    finished_in: "{who}: {place}", placings: "Final placings", wins: "{who} wins the race", moves: "{who} moves {n}",
  },
  fr: {
    parking: "parking", finish: "arrivée", start: "départ", bunta: "Bunta", driving: "au volant", parked: "garé",
    round: "Tour {n}", sprint: "sprint", race: "course", over: "course finie", downhill: "descente", uphill: "montée",
    deck: "Pioche Événement", discard: "défausse", hand: "Votre main", corner: "virage", straight: "ligne droite", target: "DRIFT {n}",
    "status.racing": "en course", "status.finished": "arrivé", "status.out": "éliminé",
    case: "case {n}", skips: "passe {n}", mastered: "maîtrisé", failed: "raté", aura: "aura", waiting: "en attente",
    met: "a croisé Bunta", hand_n: "{n} cartes", landed: "sprint {n}", event: "case Événement", colon: " : ",
    "d.sprint": "Sprint : choisissez une puissance", "d.turn": "À vous (bonus +{n})", "d.turn_other": "à jouer (bonus +{n})", "d.skip": "Passer un tour", "d.line": "Virage {name} : choisissez une trajectoire (DRIFT {d})",
    "d.drift": "Jet de DRIFT : {die} → {total} contre {d}", "d.battle": "Duel : {a} contre {b}", "d.crossing": "Jet de passage : {die} → {total}",
    "d.draw": "Piocher une carte Événement ?", "d.discard": "Défausser une carte ?", "line.drift": "DRIFT {n}", "line.move": "avance {n}",
    "line.normal": "Normale", "line.gambler": "Joueur", "line.moonlight": "Clair de lune", power: "puissance",
    finished_in: "{who} : {place}", placings: "Classement final", wins: "{who} gagne la course", moves: "{who} avance de {n}",
  },
  ja: {
    parking: "駐車場", finish: "ゴール", start: "スタート", bunta: "文太", driving: "走行中", parked: "駐車中",
    round: "ラウンド {n}", sprint: "スプリント", race: "レース", over: "レース終了", downhill: "ダウンヒル", uphill: "ヒルクライム",
    deck: "イベント山札", discard: "捨て札", hand: "手札", corner: "コーナー", straight: "ストレート", target: "DRIFT {n}",
    "status.racing": "走行中", "status.finished": "ゴール", "status.out": "リタイア",
    case: "マス {n}", skips: "休み {n}", mastered: "成功", failed: "失敗", aura: "オーラ", waiting: "待機",
    met: "文太に遭遇", hand_n: "{n} 枚", landed: "スプリント {n}", event: "イベントマス", colon: "：",
    "d.sprint": "スプリント：パワーを選ぶ", "d.turn": "あなたの番（+{n}）", "d.turn_other": "の番（+{n}）", "d.skip": "1回休み", "d.line": "コーナー {name}：ライン選択（DRIFT {d}）",
    "d.drift": "DRIFT ロール：{die} → {total}／{d}", "d.battle": "バトル：{a} 対 {b}", "d.crossing": "クロッシング：{die} → {total}",
    "d.draw": "イベントカードを引く？", "d.discard": "カードを捨てる？", "line.drift": "DRIFT {n}", "line.move": "移動 {n}",
    "line.normal": "ノーマル", "line.gambler": "ギャンブラー", "line.moonlight": "ムーンライト", power: "パワー",
    finished_in: "{who}：{place}", placings: "最終順位", wins: "{who} がレースに勝利", moves: "{who} が {n} 進む",
  },
};

const own = (seat) => `var(--s${seat})`;

// The track's name in the table's language (the view names it in each; `track` is the English).
function trackName(view, ctx) {
  const names = view.track_names || {};
  return names[(ctx.lang || "en").slice(0, 2)] || names.en || view.track;
}

function sectionOf(view, c) {
  return (view.sections || []).findIndex((s) => c >= s.start && c <= s.end);
}

function carDisc(ctx, r, me) {
  return ctx.h("span", { class: `md-car${me ? " me" : ""}`, style: { background: own(r.seat) }, "data-seat": r.seat, title: ctx.name(r.seat) }, String(r.seat + 1));
}

function buntaDisc(ctx, say, b) {
  return ctx.h("span", { class: `md-bunta${b.driving ? " driving" : ""}`, title: `${say("bunta")} — ${say(b.driving ? "driving" : "parked")}` }, "B");
}

function track(view, ctx, say) {
  const { h } = ctx;
  const len = view.length || 0;
  const per = window.innerWidth < 640 ? 6 : 12;
  const lang = (ctx.lang || "en").slice(0, 2);
  const cars = new Map();
  for (const r of view.racers || []) if (r.status === "racing" || r.case === len + 1) { if (!cars.has(r.case)) cars.set(r.case, []); cars.get(r.case).push(r); }
  const events = new Set(view.events || []);
  const cell = (c) => {
    const si = sectionOf(view, c);
    const sec = si >= 0 ? view.sections[si] : null;
    const corner = sec && sec.kind === "corner";
    const first = sec && sec.start === c;
    const kind = c === 0 ? "parking" : c === len + 1 ? "finish" : corner ? "corner" : "straight";
    const name = sec ? (sec.names[lang] || sec.names.en || Object.values(sec.names)[0]) : "";
    return h("div", { class: `md-case ${kind}${events.has(c) ? " event" : ""}${first ? " first" : ""}`, "data-case": c, title: [c === 0 ? say("parking") : c === len + 1 ? say("finish") : say("case", { n: c }), name, corner ? say("target", { n: sec.difficulty }) : ""].filter(Boolean).join(" — ") },
      h("span", { class: "md-no" }, c === 0 ? "P" : c === len + 1 ? "⚑" : String(c)),
      first && corner ? h("span", { class: "md-diff" }, String(sec.difficulty)) : null,
      first && name ? h("span", { class: "md-secname" }, name) : null,
      events.has(c) ? h("span", { class: "md-event", title: say("event") }, "!") : null,
      h("span", { class: "md-on", "data-ghost-zone": `case:${c}` }, (cars.get(c) || []).map((r) => carDisc(ctx, r, r.seat === ctx.seat)),
        view.bunta && view.bunta.case === c ? buntaDisc(ctx, say, view.bunta) : null));
  };
  const all = [];
  for (let c = 0; c <= len + 1; c += 1) all.push(cell(c));
  const rows = [];
  for (let i = 0; i < all.length; i += per) rows.push(h("div", { class: `md-row${(i / per) % 2 ? " back" : ""}`, style: { "--per": per } }, all.slice(i, i + per)));
  return h("section", { class: `md-road ${view.direction}`, "aria-label": trackName(view, ctx) }, rows);
}

function die(ctx, n, sides, cls = "") {
  return ctx.h("span", { class: `md-die d${sides} ${cls}`, title: `d${sides}` }, String(n));
}

function decision(view, ctx, say) {
  const { h } = ctx;
  const d = view.decision;
  if (!d) return null;
  const who = h("b", { style: { color: own(d.seat) } }, ctx.name(d.seat), " ");
  const sec = d.section !== undefined ? view.sections[d.section] : null;
  const lang = (ctx.lang || "en").slice(0, 2);
  const secName = sec ? (sec.names[lang] || sec.names.en || "") : "";
  let body = null;
  let line = "";
  if (d.kind === "sprint") {
    line = say("d.sprint");
    body = h("div", { class: "md-powers" }, d.choices.map((c) => h("div", { class: "md-power", "data-ref": c.ref, title: `${say("power")} ${c.power}` }, h("b", {}, String(c.power)))));
  } else if (d.kind === "line") {
    line = say("d.line", { name: secName, d: d.difficulty });
    body = h("div", { class: "md-lines" }, d.choices.map((c) => h("div", { class: `md-line ${c.line}`, "data-ref": c.ref },
      h("b", {}, say(`line.${c.line}`)), h("small", {}, say("line.drift", { n: (c.drift >= 0 ? "+" : "") + c.drift })), h("small", {}, say("line.move", { n: c.move })))));
  } else if (d.kind === "drift") {
    line = say("d.drift", { die: d.die, total: d.total, d: d.difficulty });
    body = h("div", { class: "md-dice" }, die(ctx, d.die, 20, d.total >= d.difficulty ? "good" : "bad"), h("span", {}, `→ ${d.total} / ${d.difficulty}`));
  } else if (d.kind === "crossing") {
    line = say("d.crossing", { die: d.die, total: d.total });
    body = h("div", { class: "md-dice" }, die(ctx, d.die, 20));
  } else if (d.kind === "battle") {
    line = say("d.battle", { a: ctx.name(d.attacker), b: ctx.name(d.defender) });
  } else if (d.kind === "turn") line = say(d.seat === ctx.seat ? "d.turn" : "d.turn_other", { n: d.bonus }); // "your move" only to that racer
  else line = say(`d.${d.kind}`);
  return h("section", { class: "md-decision", style: { "--own": own(d.seat) } }, h("div", {}, who, line), body);
}

function racers(view, ctx, say) {
  const { h } = ctx;
  const order = view.order && view.order.length ? view.order : (view.racers || []).map((r) => r.seat);
  const bySeat = new Map((view.racers || []).map((r) => [r.seat, r]));
  const placings = view.placings || view.finished || [];
  return h("section", { class: "md-racers" }, order.map((q) => bySeat.get(q)).filter(Boolean).map((r) => {
    const place = placings.indexOf(r.seat);
    return h("div", { class: `md-racer ${r.status}${view.to_move === r.seat ? " moving" : ""}`, style: { "--own": own(r.seat) }, "data-ref": r.ref },
      carDisc(ctx, r, r.seat === ctx.seat), h("b", {}, ctx.name(r.seat)),
      h("span", { class: "md-where", "data-ghost": `where:${r.seat}` }, r.status === "racing" ? (r.case === 0 ? say("parking") : say("case", { n: r.case })) : say(`status.${r.status}`),
        place >= 0 ? ` #${place + 1}` : ""),
      r.corner ? h("span", { class: `md-tag ${r.corner.state}` }, say(r.corner.state)) : null,
      r.skips ? h("span", { class: "md-tag bad" }, say("skips", { n: r.skips })) : null,
      r.aura ? h("span", { class: "md-tag good" }, say("aura")) : null,
      r.met_bunta ? h("span", { class: "md-tag" }, say("met")) : null,
      r.sprint !== null && r.sprint !== undefined && view.phase === "sprint" ? h("span", { class: "md-tag" }, say("landed", { n: r.sprint })) : null,
      h("span", { class: "md-count muted" }, say("hand_n", { n: r.hand_count })),
      (r.waiting || []).length ? h("span", { class: "md-waiting" }, say("waiting"), say("colon"), r.waiting.map((c) => ctx.cards.name(c)).join(", ")) : null);
  }));
}

function piles(view, ctx, say) {
  const { h } = ctx;
  const top = (view.discard.cards || []).at(-1);
  return h("section", { class: "md-piles" },
    h("div", { class: "md-pile" }, h("small", {}, say("deck")), h("div", { class: "card back mini md-deck", "data-ref": view.deck.ref }, h("span", {}, String(view.deck.count)))),
    h("div", { class: "md-pile" }, h("small", {}, say("discard"), ` (${view.discard.cards.length})`),
      (() => { const el = top ? ctx.cards.face(top, { size: "mini" }) : h("div", { class: "card mini empty-slot" }, "—"); el.dataset.ref = view.discard.ref; return el; })()));
}

function draw(root, payload, ctx) {
  const { h } = ctx;
  const say = speaker("minid", WORDS, ctx);
  const view = payload.view || {};
  const me = (view.racers || []).find((r) => r.seat === ctx.seat && r.hand);
  const cards = me ? me.hand.map((c) => { const f = ctx.cards.face(c.card, { size: "card", class: "md-card" }); f.dataset.ref = c.ref; return f; }) : [];
  root.replaceChildren(h("div", { class: "md-board" },
    h("div", { class: "md-head chips" },
      h("span", { class: "chip" }, h("b", {}, trackName(view, ctx))),
      h("span", { class: `chip md-dir ${view.direction}` }, view.direction === "uphill" ? "⬈ " : "⬊ ", say(view.direction)),
      h("span", { class: "chip" }, say(view.phase)),
      view.phase === "race" ? h("span", { class: "chip" }, say("round", { n: view.round })) : null,
      h("span", { class: "chip" }, say("bunta"), say("colon"), say(view.bunta.driving ? "driving" : "parked"))),
    track(view, ctx, say),
    decision(view, ctx, say),
    h("div", { class: "md-under" }, racers(view, ctx, say), piles(view, ctx, say)),
    me ? hand(ctx, say("hand"), cards, { class: "md-hand" }) : null,
    (view.racers || []).filter((r) => r !== me && r.hand).map((r) => openHand(ctx, r.seat, r.hand.map((c) => ctx.cards.face(c.card, { size: "card", class: "md-card" })), { class: "md-hand" }))));
}

// ------------------------------------------------------------------------------------------ animations
async function roll(ctx, sides, values, ms = 600) {
  const board = document.getElementById("board");
  if (!board || ctx.reduced) return;
  const { h } = ctx;
  const dice = values.map((v) => die(ctx, v, sides, "rolling"));
  const box = h("div", { class: "md-rollbox" }, dice);
  board.append(box);
  try {
    for (let i = 0; i < 6 && !ctx.signal.aborted; i += 1) {
      dice.forEach((d) => { d.textContent = String(1 + Math.floor(Math.random() * sides)); });
      await ctx.wait(ms / 8);
    }
    dice.forEach((d, i) => { d.textContent = String(values[i]); d.classList.remove("rolling"); });
    await ctx.wait(ms / 2);
  } catch { /* skipped */ } finally { box.remove(); }
}

async function drive(ctx, el, src, dst, step = 110) {
  if (!el || ctx.reduced) return;
  const dir = dst >= src ? 1 : -1;
  for (let c = src + dir; dir > 0 ? c <= dst : c >= dst; c += dir) {
    if (ctx.signal.aborted) return;
    const cell = document.querySelector(`#board .md-case[data-case="${c}"] .md-on`);
    if (cell) cell.append(el);
    try { await ctx.wait(step); } catch { return; }
  }
}

async function animate(events, before, after, ctx) {
  const say = speaker("minid", WORDS, ctx);
  for (const ev of events) {
    if (ctx.signal.aborted) return;
    if (ev.type === "sprint") await roll(ctx, 6, ev.dice || [], 500);
    else if (ev.type === "move" || ev.type === "place") {
      if (ev.die) await roll(ctx, 6, [ev.die], 400);
      await drive(ctx, document.querySelector(`#board .md-road .md-car[data-seat="${ev.seat}"]`), ev.src, ev.dst, ev.type === "place" ? 60 : 110);
    } else if (ev.type === "bunta_move") {
      if (ev.die) await roll(ctx, 6, [ev.die], 400);
      await drive(ctx, document.querySelector("#board .md-road .md-bunta"), ev.src, ev.dst, 90);
    } else if (ev.type === "crossing") await roll(ctx, 20, [ev.die], 500);
    else if (ev.type === "battle") await flash(ctx, document.querySelector(`#board .md-case[data-case="${ev.case}"]`), 500);
    else if (ev.type === "race_over") {
      const places = (ev.placings || []).map((q, i) => say("finished_in", { who: ctx.name(q), place: i + 1 }));
      await banner(ctx, (ev.placings || []).length ? say("wins", { who: ctx.name(ev.placings[0]) }) : say("over"), places, 1800);
    }
  }
}

export default {
  api: 1,
  styles: ["./minid.css"],
  draw,
  animate,
  ghost(move, preview, ctx) {
    clearGhosts();
    for (const ref of move.refs || []) for (const el of document.querySelectorAll(`#board [data-ref="${CSS.escape(ref)}"]`)) el.classList.add("kit-ghosted");
    if (preview) ghostPreview(ctx, draw, preview); // where each racer would be; else the text alone
  },
  unghost: clearGhosts,
  tutorial,
  howto: {
    steps: [
      { selector: ".md-road", text: { en: "The road from the parking (P) to the finish: straights in grey, corners in rust with the DRIFT target to master them.", fr: "La route du parking (P) à l'arrivée : lignes droites en gris, virages en rouille avec le DRIFT à réussir.", ja: "駐車場(P)からゴールまでの道。灰色がストレート、錆色がコーナー（数字はDRIFT目標）。" } },
      { selector: ".md-racers", text: { en: "The racers in turn order, where each one is, and what holds them.", fr: "Les pilotes dans l'ordre du tour, où chacun se trouve.", ja: "手番順のレーサーと位置。" } },
      { selector: ".md-piles", text: { en: "The Event deck to draw from and the discard pile.", fr: "La pioche Événement et la défausse.", ja: "イベント山札と捨て札。" } },
      { selector: ".md-hand", text: { en: "Your kept Event cards (3 at most): each says when it is played, before a roll, after a DRIFT or in a battle (MD-E1).", fr: "Vos cartes Événement gardées (3 au plus) : chacune dit quand la jouer, avant un lancer, après un DRIFT ou en duel (MD-E1).", ja: "手元のイベントカード（最大 3 枚）。移動ロール前、DRIFT 後、バトル中など使う時が書かれています（MD-E1）。" } },
    ],
  },
};
