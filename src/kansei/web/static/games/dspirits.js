// D-Spirits' board (docs/web-boards.md): each side's SP, decks and D-World, its battle zone and support
// zone of D-Spirits (attack and endurance as icons, stance turned, frozen and poison marked, the special
// move and abilities to use), the chain as a row of cards (newest last, negated struck), the bid and the
// Realm; the hand. Reads only the view (src/kansei/builtin/dspirits/views.py).
import tutorial from "./dspirits.tutorial.json" with { type: "json" }; // played through by tests/web/test_boards_tutorials.py
import { speaker, hand, openHand, banner, flash, clearGhosts, ghostPreview } from "./kit.js";

const WORDS = {
  en: {
    sp: "SP", squad: "squad", support: "support", side: "side", battle: "Battle zone", support_zone: "Support zone", hand: "Your hand",
    in_hand: "{n} in hand ({s} D-Spirits, {c} support)", chain: "The chain", realm: "Realm", bid: "{who} bids {n} for {card} (high: {high})",
    endure: "Endure? attack {a} against power {p}", game_no: "Game {n}", turn: "Turn {n}", active: "{who}'s turn", negated: "negated",
    attack_on: "{a} attacks {t}", direct: "{a} attacks {who} directly", link: "{who}: {name}", frozen: "frozen", poison: "poison {n}",
    endure_stance: "enduring", dworld: "D-World", decklist: "Decklist", wins: "{who} wins", match: "Match {a}–{b}", banished: "banished",
    "choice.open": "open {n}", "choice.bid": "bid {n}", "choice.endure": "endure", "choice.recharge": "recharge", "choice.stance": "stance", "choice.shift": "shift", "choice.supercharge": "supercharge",
    used: "used", target: "target", known: "known in hand",
    attack: "attack", endurance: "endurance", colon: ": ", comma: ", ",
    "phase.opening": "opening draw", "phase.draw": "draw step", "phase.extra": "draw step (Extra Draw)", "phase.main": "main step", "phase.battle": "battle step", "phase.end": "end step", "phase.side": "side-deck swaps", "phase.over": "game over",
  },
  fr: {
    sp: "PS", squad: "escouade", support: "soutien", side: "réserve", battle: "Zone de combat", support_zone: "Zone de soutien", hand: "Votre main",
    in_hand: "{n} en main ({s} D-Spirits, {c} soutien)", chain: "La chaîne", realm: "Royaume", bid: "{who} mise {n} pour {card} (meilleure : {high})",
    endure: "Encaisser ? attaque {a} contre puissance {p}", game_no: "Partie {n}", turn: "Tour {n}", active: "tour de {who}", negated: "annulé",
    attack_on: "{a} attaque {t}", direct: "{a} attaque {who} directement", link: "{who} : {name}", frozen: "gelé", poison: "poison {n}",
    endure_stance: "encaisse", dworld: "D-World", decklist: "Liste", wins: "{who} gagne", match: "Match {a}–{b}", banished: "bannies",
    "choice.open": "ouvrir {n}", "choice.bid": "miser {n}", "choice.endure": "encaisser", "choice.recharge": "recharger", "choice.stance": "posture", "choice.shift": "décaler", "choice.supercharge": "surcharge",
    used: "utilisé", target: "cible", known: "connues en main",
    attack: "attaque", endurance: "endurance", colon: " : ", comma: ", ",
    "phase.opening": "pioche d'ouverture", "phase.draw": "étape de pioche", "phase.extra": "étape de pioche (Extra Draw)", "phase.main": "étape principale", "phase.battle": "étape de combat", "phase.end": "étape de fin", "phase.side": "échanges de side deck", "phase.over": "partie terminée",
  },
  ja: {
    sp: "SP", squad: "スクワッド", support: "サポート", side: "サイド", battle: "バトルゾーン", support_zone: "サポートゾーン", hand: "手札",
    in_hand: "手札 {n}（D-Spirit {s}・サポート {c}）", chain: "チェーン", realm: "レルム", bid: "{who} が {card} に {n} を入札（最高：{high}）",
    endure: "耐える？ 攻撃 {a} 対 パワー {p}", game_no: "ゲーム {n}", turn: "ターン {n}", active: "{who} のターン", negated: "無効",
    attack_on: "{a} が {t} を攻撃", direct: "{a} が {who} に直接攻撃", link: "{who}：{name}", frozen: "凍結", poison: "毒 {n}",
    endure_stance: "耐久", dworld: "D-World", decklist: "デッキ", wins: "{who} の勝利", match: "マッチ {a}–{b}", banished: "除外",
    "choice.open": "オープン {n}", "choice.bid": "入札 {n}", "choice.endure": "耐える", "choice.recharge": "リチャージ", "choice.stance": "スタンス", "choice.shift": "シフト", "choice.supercharge": "スーパーチャージ",
    used: "使用済", target: "対象", known: "公開手札",
    attack: "攻撃力", endurance: "耐久力", colon: "：", comma: "、",
    "phase.opening": "最初のドロー", "phase.draw": "ドローステップ", "phase.extra": "ドローステップ（エクストラドロー）", "phase.main": "メインステップ", "phase.battle": "バトルステップ", "phase.end": "エンドステップ", "phase.side": "サイドデッキの入れ替え", "phase.over": "ゲーム終了",
  },
};

const own = (seat) => `var(--s${seat})`;

// An ability or special move of a D-Spirit in play, in the table's language: its card's face lists them
// (`parts`, keyed by the English name the view carries).
function program(p, u, ctx, say, cls) {
  const words = ctx.cards.part(u.card, p.name) || p;
  return ctx.h("span", { class: `ds-prog ${cls}${p.used ? " used" : ""}`, "data-ref": p.ref, title: words.text }, words.name, " ", ctx.h("small", {}, `(${p.cost})`));
}

function spirit(u, ctx, say) {
  const { h } = ctx;
  const face = ctx.cards.face(u.card, { size: "mini", class: "ds-face" });
  return h("div", { class: `ds-spirit${u.stance === "endure" ? " endure" : ""}${u.frozen ? " frozen" : ""}`, "data-ref": u.ref, style: { "--own": own(u.seat) } },
    face,
    h("div", { class: "ds-nums" }, h("span", { class: "atk", title: say("attack") }, "⚔", h("b", { "data-ghost": `${u.ref}:atk` }, String(u.attack))), h("span", { class: "end", title: say("endurance") }, "◆", h("b", { "data-ghost": `${u.ref}:end` }, String(u.endurance))),
      u.sp ? h("span", { class: "sp", title: say("sp") }, `${u.sp}${say("sp")}`) : null),
    h("div", { class: "ds-flags" },
      u.stance === "endure" ? h("span", { class: "flag" }, say("endure_stance")) : null,
      u.frozen ? h("span", { class: "flag cold" }, say("frozen")) : null,
      u.poison ? h("span", { class: "flag" }, say("poison", { n: u.poison })) : null,
      (u.stack || []).length > 1 ? h("span", { class: "flag soft" }, `×${u.stack.length}`) : null),
    u.move || (u.abilities || []).length ? h("div", { class: "ds-progs" }, u.move ? program(u.move, u, ctx, say, "move") : null, (u.abilities || []).map((a) => program(a, u, ctx, say, "ab"))) : null);
}

// A known card's marks (DS-R2), in words: " (frozen · poison 300)".
function marksOf(c, say) {
  const marks = [c.frozen ? say("frozen") : null, c.poison ? say("poison", { n: c.poison }) : null].filter(Boolean);
  return marks.length ? ` (${marks.join(" · ")})` : "";
}

function side(p, view, ctx, say, mine) {
  const { h } = ctx;
  const decks = (p.decks || []).map((d) => h("div", { class: "ds-deck", "data-ref": d.ref }, h("div", { class: `card back mini ds-back ${d.name}` }, h("span", {}, String(d.count))), h("small", {}, say(d.name))));
  const list = p.decklist || {};
  const listed = ["squad", "support", "side"].flatMap((k) => (list[k] || []).map((c) => h("span", { class: `ds-listed ${k}`, "data-ref": c.ref, title: ctx.cards.name(c.card) }, ctx.cards.name(c.card), c.count > 1 ? ` ×${c.count}` : "")));
  return h("section", { class: `ds-side${mine ? " mine" : ""}${view.active === p.seat && !view.over ? " active" : ""}`, style: { "--own": own(p.seat) } },
    h("div", { class: "ds-side-head", "data-ref": p.ref }, h("span", { class: "dot", style: { background: own(p.seat) } }), h("b", {}, ctx.name(p.seat)),
      h("span", { class: "ds-sp" }, h("b", { "data-ghost": `sp:${p.seat}` }, String(Math.max(0, p.sp))), " ", say("sp")),
      h("span", { class: "muted ds-counts" }, say("in_hand", { n: p.hand_count, s: p.hand_spirits, c: p.hand_support })),
      (p.hand_known || []).length ? h("span", { class: "ds-known" }, say("known"), say("colon"), (p.known_cards || []).map((c) => ctx.cards.name(c.card) + marksOf(c, say)).join(say("comma"))) : null),
    h("div", { class: "ds-row" },
      h("div", { class: "ds-decks" }, decks),
      h("div", { class: "ds-zone battle", "data-ghost-zone": `battle:${p.seat}` }, h("span", { class: "ds-label" }, say("battle")), (p.battle || []).map((u) => spirit(u, ctx, say))),
      h("div", { class: "ds-zone support", "data-ghost-zone": `support:${p.seat}` }, h("span", { class: "ds-label" }, say("support_zone")), (p.support_zone || []).map((u) => spirit(u, ctx, say)),
        (p.support_cards || []).map((c) => ctx.cards.face(c, { size: "mini" })))),
    listed.length ? h("details", { class: "ds-list", open: mine }, h("summary", {}, say("decklist"), (p.dworld || []).length ? ` · ${say("dworld")}${say("colon")}${p.dworld.map((c) => ctx.cards.name(c)).join(", ")}` : ""), h("div", { class: "ds-listed-row" }, listed)) : null);
}

function chain(view, ctx, say) {
  const { h } = ctx;
  const links = view.chain || [];
  const parts = [];
  if (view.realm) parts.push(h("div", { class: "ds-realm", style: { "--own": own(view.realm.owner) }, title: (ctx.cards.get(view.realm.card) || view.realm).text }, h("b", {}, say("realm"), say("colon")), ctx.cards.name(view.realm.card)));
  if (view.bid) parts.push(h("div", { class: "ds-bid" }, say("bid", { who: ctx.name(view.bid.seat), n: view.bid.amount, card: ctx.cards.name(view.bid.card), high: ctx.name(view.bid.high) })));
  if (view.endure) parts.push(h("div", { class: "ds-endure" }, say("endure", { a: view.endure.attack, p: view.endure.power })));
  if (links.length) {
    parts.push(h("div", { class: "ds-chain" }, h("span", { class: "ds-label" }, say("chain")),
      links.map((l, i) => {
        // an ability or special move of its source's face, else a support card played (named for its card)
        const link = l.kind === "link" ? ctx.cards.part(l.source, l.name) || { name: ctx.cards.name(l.name), text: (ctx.cards.get(l.name) || l).text } : null;
        const text = l.kind === "attack"
          ? (l.target_spirit ? say("attack_on", { a: ctx.cards.name(l.attacker), t: ctx.cards.name(l.target) }) : say("direct", { a: ctx.cards.name(l.attacker), who: ctx.name(1 - l.seat) }))
          : say("link", { who: ctx.name(l.seat), name: link.name });
        const card = l.kind === "attack" ? l.attacker : l.source;
        const face = ctx.cards.face(card, { size: "mini", class: "ds-link-face" });
        return h("div", { class: `ds-link${l.negated ? " negated" : ""}`, style: { "--own": own(l.seat) } }, h("span", { class: "ds-link-no" }, String(i + 1)), face, h("div", { class: "ds-link-text" }, text, link && link.text ? h("small", {}, link.text) : null), l.negated ? h("b", { class: "ds-neg" }, say("negated")) : null);
      })));
  }
  if ((view.choices || []).length) parts.push(h("div", { class: "ds-choices" }, view.choices.map((c) => h("span", { class: "ds-choice", "data-ref": c.ref }, say(`choice.${c.name}`, { n: c.value ?? "" })))));
  return parts.length ? h("section", { class: "ds-middle" }, parts) : null;
}

function draw(root, payload, ctx) {
  const { h } = ctx;
  const say = speaker("dspirits", WORDS, ctx);
  const view = payload.view || {};
  const players = view.players || [];
  const me = ctx.seat === null || ctx.seat === undefined ? null : players.find((p) => p.seat === ctx.seat);
  const others = players.filter((p) => p !== me);
  const face = (c) => { const f = ctx.cards.face(c.card, { size: "card" }); const marks = [c.frozen ? say("frozen") : null, c.poison ? say("poison", { n: c.poison }) : null].filter(Boolean); if (marks.length) f.append(h("div", { class: "card-extra" }, marks.join(" · "))); return f; };
  const cards = me && me.hand_cards ? me.hand_cards.map((c) => { const f = face(c); f.dataset.ref = c.ref; return f; }) : [];
  const m = view.match || {};
  root.replaceChildren(h("div", { class: "ds-board" },
    h("div", { class: "chips" },
      h("span", { class: "chip" }, say("game_no", { n: view.game_no })),
      h("span", { class: "chip" }, say("turn", { n: view.turn })),
      h("span", { class: "chip" }, say(`phase.${view.phase}`)),
      view.over ? null : h("span", { class: "chip" }, say("active", { who: ctx.name(view.active) })),
      m.on ? h("span", { class: "chip" }, say("match", { a: m.wins[0], b: m.wins[1] })) : null,
      view.over && view.winner !== null && view.winner !== undefined ? h("span", { class: "chip ds-win" }, say("wins", { who: ctx.name(view.winner) })) : null),
    others.map((p) => [side(p, view, ctx, say, false), p.hand_cards ? openHand(ctx, p.seat, p.hand_cards.map(face), { class: "ds-hand" }) : null]),
    chain(view, ctx, say),
    me ? side(me, view, ctx, say, true) : null,
    me ? hand(ctx, say("hand"), cards, { class: "ds-hand" }) : null));
}

async function animate(events, before, after, ctx) {
  const say = speaker("dspirits", WORDS, ctx);
  for (const ev of events) {
    if (ctx.signal.aborted) return;
    if (ev.uid !== undefined) await flash(ctx, document.querySelector(`#board [data-ref="spirit:${ev.uid}"]`), 350);
    if ((ev.type === "game_over" || ev.type === "game_end" || ev.type === "win") && ev.winner !== undefined && ev.winner !== null) await banner(ctx, say("wins", { who: ctx.name(ev.winner) }), [], 1500);
  }
}

export default {
  api: 1,
  styles: ["./dspirits.css"],
  draw,
  animate,
  ghost(move, preview, ctx) {
    clearGhosts();
    for (const ref of move.refs || []) for (const el of document.querySelectorAll(`#board [data-ref="${CSS.escape(ref)}"]`)) el.classList.add("kit-ghosted");
    if (preview) ghostPreview(ctx, draw, preview); // SP, spirits' numbers, the zones after it; else the text alone
  },
  unghost: clearGhosts,
  tutorial,
  howto: {
    steps: [
      { selector: ".ds-side.mine .ds-sp", text: { en: "Your SP: attacks and costs take it away; at 0 you lose.", fr: "Vos PS : attaques et coûts les font baisser ; à 0 vous perdez.", ja: "あなたの SP。攻撃やコストで減り、0 で敗北。" } },
      { selector: ".ds-side.mine .ds-zone.battle", text: { en: "Your battle zone: D-Spirits that attack and endure; their special moves and abilities are the small buttons under them.", fr: "Votre zone de combat : les D-Spirits qui attaquent et encaissent ; leurs coups spéciaux et capacités sont les petits boutons dessous.", ja: "バトルゾーン：攻撃・耐久する D-Spirit。下の小さなボタンが必殺技と能力。" } },
      { selector: ".ds-hand", text: { en: "Your hand: D-Spirits to summon and support cards to play.", fr: "Votre main : des D-Spirits à invoquer et des cartes de soutien à jouer.", ja: "手札：召喚する D-Spirit とサポートカード。" } },
      { selector: ".ds-side:not(.mine) .ds-zone.battle", text: { en: "The rival's battle zone: attack what is there; with nothing there, attack the rival directly (DS-B4).", fr: "La zone de combat adverse : attaquez ce qui s'y trouve ; si elle est vide, attaquez le rival directement (DS-B4).", ja: "相手のバトルゾーン。そこを攻撃し、空ならダイレクトアタック（DS-B4）。" } },
      { selector: ".ds-side.mine .ds-decks", text: { en: "Your decks: each turn you draw from the D-Squad or the Support deck, your choice (DS-G2).", fr: "Vos decks : à chaque tour, vous piochez dans le D-Squad ou le Support, au choix (DS-G2).", ja: "デッキ：毎ターン D-Squad かサポートから選んで 1 枚引きます（DS-G2）。" } },
    ],
  },
};
