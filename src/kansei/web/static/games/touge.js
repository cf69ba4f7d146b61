// Touge's board (docs/web-boards.md): the course laid as a road, tile after tile in its owner's colour with
// its tune-ups and what it would score; both cars with the multipliers they drive with now (after tune-ups,
// the disaster and abilities, not the printed ones); the disaster; the run's totals "if scored now"; the
// hand as road, tune-up and disaster cards. Reads only the view (src/kansei/builtin/touge/views.py).
import { speaker, hand, openHand, banner, flash, fly, clearGhosts, ghostPreview, lastOf, stars } from "./kit.js";
import tutorial from "./touge.tutorial.json" with { type: "json" }; // played through by tests/web/test_boards_tutorials.py

const WORDS = {
  en: {
    battle: "Battle {n} of 3", downhill: "downhill", uphill: "uphill", leader: "leader", wins: "wins",
    time_attack: "Time Attack", sudden_death: "Sudden Death",
    "phase.redraw": "redraw", "phase.build": "lay roads", "phase.tune": "tune up", "phase.nullify": "disaster", "phase.over": "race over",
    corner: "corner", straight: "straight", "C": "Corner", "S": "Straight", printed: "printed ×{m}",
    "ability.ready": "ready", "ability.active": "on this battle", "ability.used": "used",
    hand: "Your hand", in_hand: "{n} in hand", in_deck: "{n} in deck", set_aside: "to redraw",
    empty: "The course is empty: the first road starts it.", start: "start", finish: "finish", summit: "summit",
    if_now: "if scored now", run: "run so far", disaster: "Disaster", disaster_is: "Disaster: {card}", colon: ": ", wiped: "wiped out", would_wipe: "the disaster would wipe it out",
    forecast: "If both pass now: {who}", forecast_draw: "If both pass now: a draw", takes_race: "{who} takes the race",
    wins_battle: "{who} wins the battle", draw: "a draw", history: "Battles",
    last_course: "Last battle's course", ghost_road: "your road here", ghost_tune: "tune-up here", ghost_wipe: "wiped",
    banner_battle: "Battle {n} · {dir}", race_won: "{who} wins the race", race_draw: "The race is a draw",
    score_of: "{who}: {n}", "tune.tile": "one tile", "tune.course": "whole course", tune: "tune-up", course_tunes: "On the whole course",
  },
  fr: {
    battle: "Manche {n} sur 3", downhill: "descente", uphill: "montée", leader: "en tête", wins: "victoires",
    time_attack: "Contre-la-montre", sudden_death: "Mort subite",
    "phase.redraw": "repioche", "phase.build": "poser des routes", "phase.tune": "réglages", "phase.nullify": "catastrophe", "phase.over": "course finie",
    corner: "virage", straight: "ligne droite", "C": "Virage", "S": "Ligne droite", printed: "imprimé ×{m}",
    "ability.ready": "prête", "ability.active": "active cette manche", "ability.used": "utilisée",
    hand: "Votre main", in_hand: "{n} en main", in_deck: "{n} dans la pioche", set_aside: "à repiocher",
    empty: "Le parcours est vide : la première route le commence.", start: "départ", finish: "arrivée", summit: "sommet",
    if_now: "si l'on comptait maintenant", run: "course jusqu'ici", disaster: "Catastrophe", disaster_is: "Catastrophe : {card}", colon: " : ", wiped: "annulée", would_wipe: "la catastrophe annulerait cette tuile",
    forecast: "Si les deux passent : {who}", forecast_draw: "Si les deux passent : égalité", takes_race: "{who} remporte la course",
    wins_battle: "{who} gagne la manche", draw: "égalité", history: "Manches",
    last_course: "Parcours de la dernière manche", ghost_road: "votre route ici", ghost_tune: "réglage ici", ghost_wipe: "annulée",
    banner_battle: "Manche {n} · {dir}", race_won: "{who} gagne la course", race_draw: "Course nulle",
    score_of: "{who} : {n}", "tune.tile": "une tuile", "tune.course": "tout le parcours", tune: "réglage", course_tunes: "Sur tout le parcours",
  },
  ja: {
    battle: "バトル {n}/3", downhill: "ダウンヒル", uphill: "ヒルクライム", leader: "先行", wins: "勝利",
    time_attack: "タイムアタック", sudden_death: "サドンデス",
    "phase.redraw": "引き直し", "phase.build": "ロード配置", "phase.tune": "チューンアップ", "phase.nullify": "アクシデント", "phase.over": "レース終了",
    corner: "コーナー", straight: "ストレート", "C": "コーナー", "S": "ストレート", printed: "印刷 ×{m}",
    "ability.ready": "使用可", "ability.active": "このバトルで有効", "ability.used": "使用済み",
    hand: "手札", in_hand: "手札 {n}", in_deck: "山札 {n}", set_aside: "引き直し",
    empty: "コースは空です。最初のロードから始まります。", start: "スタート", finish: "ゴール", summit: "頂上",
    if_now: "今計算すると", run: "ここまで", disaster: "アクシデント", disaster_is: "アクシデント：{card}", colon: "：", wiped: "無効", would_wipe: "アクシデントで無効になるタイル",
    forecast: "両者パスなら：{who}", forecast_draw: "両者パスなら：引き分け", takes_race: "{who} がレースに勝利",
    wins_battle: "{who} がバトルに勝利", draw: "引き分け", history: "バトル",
    last_course: "前のバトルのコース", ghost_road: "ここにロード", ghost_tune: "ここにチューン", ghost_wipe: "無効",
    banner_battle: "バトル {n} · {dir}", race_won: "{who} がレースに勝利", race_draw: "レースは引き分け",
    score_of: "{who}：{n}", "tune.tile": "1タイル", "tune.course": "コース全体", tune: "チューンアップ", course_tunes: "コース全体",
  },
};

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const k of kids) el.append(k);
  return el;
}

// A road glyph: a bend for a corner, a straight for a straight (asphalt, kerbs and the centre line).
function glyph(type) {
  const d = type === "C" ? "M6 44 C 6 18, 18 8, 44 8" : "M6 26 L 44 26";
  return svg("svg", { class: "tg-glyph", viewBox: "0 0 50 50", "aria-hidden": "true" },
    svg("path", { d, class: "kerb" }), svg("path", { d, class: "asphalt" }), svg("path", { d, class: "line" }));
}

let last = null; // the view last drawn (what a ghost is drawn against), and its words

function own(seat) { return `var(--s${seat})`; }

// A card of Touge as a face: a road (its type's frame, the stars, both values with the run's own big), a
// tune-up (a wrench, one tile or the whole course), a disaster, a car.
function face(ctx, say, name, opts = {}) {
  const { h } = ctx;
  const card = ctx.cards.get(name);
  const kind = card ? card.kind : "unknown";
  const dir = opts.direction || "downhill";
  const el = h("div", { class: `card tg-card kind-${kind}${opts.small ? " mini" : ""}` });
  if (card) el.dataset.card = card.slug;
  const title = h("div", { class: "card-name" }, card ? card.name : String(name));
  if (kind === "road") {
    const st = card.stats || {};
    const type = (card.tags || [])[0] === "corner" || /corner/i.test((card.tags || [])[0] || "") ? "C" : "S";
    el.classList.add(`type-${type}`);
    el.append(h("div", { class: "tg-card-top" }, glyph(type), h("span", { class: "tg-stars", title: `${st.stars}★` }, stars(st.stars))),
      title,
      h("div", { class: "tg-vals" },
        h("span", { class: dir === "downhill" ? "cur" : "", title: say("downhill") }, "↓", h("b", {}, String(st.downhill))),
        h("span", { class: dir === "uphill" ? "cur" : "", title: say("uphill") }, "↑", h("b", {}, String(st.uphill)))),
      h("div", { class: "tg-kind" }, say(type === "C" ? "corner" : "straight")));
  } else if (kind === "tune") {
    const scope = (card.tags || []).includes("one tile") ? say("tune.tile") : say("tune.course");
    el.append(h("div", { class: "tg-card-top" }, h("span", { class: "tg-icon", "aria-hidden": "true" }, "⚙"), h("span", { class: "tg-kind" }, scope)), title,
      card.text ? h("div", { class: "card-text" }, card.text) : null);
  } else if (kind === "disaster") {
    el.append(h("div", { class: "tg-card-top" }, h("span", { class: "tg-icon", "aria-hidden": "true" }, "⚠"), h("span", { class: "tg-kind" }, say("disaster"))), title,
      card.text ? h("div", { class: "card-text" }, card.text) : null);
  } else {
    el.append(title, card && card.text ? h("div", { class: "card-text" }, card.text) : null);
  }
  return el;
}

function header(view, ctx, say) {
  const { h } = ctx;
  const dir = view.direction;
  const wins = (view.wins || []).map((w, s) => h("span", { class: "tg-wins", style: { "--own": own(s) }, title: `${ctx.name(s)}: ${w}` },
    h("span", { class: "dot", style: { background: own(s) } }), ctx.name(s), " ", h("b", {}, "●".repeat(w) + "○".repeat(Math.max(0, 2 - w)))));
  return h("div", { class: "tg-head" },
    h("span", { class: "chip tg-battle" }, say("battle", { n: view.battle })),
    h("span", { class: `chip tg-dir ${dir}` }, dir === "uphill" ? "⬈ " : "⬊ ", say(dir)),
    h("span", { class: "chip" }, say(view.mode)),
    view.over ? null : h("span", { class: "chip" }, h("small", {}, say("leader"), " "), h("b", { style: { color: own(view.leader) } }, ctx.name(view.leader))),
    h("span", { class: "chip tg-phase" }, say(`phase.${view.phase}`)),
    h("span", { class: "tg-winrow" }, wins));
}

function racer(p, view, ctx, say, mine) {
  const { h } = ctx;
  const dir = view.direction;
  const printed = (p.multipliers || {})[dir] || {};
  const now = p.now || printed;
  const mult = ["C", "S"].map((t) => h("span", { class: `tg-mult${now[t] !== printed[t] ? " changed" : ""}`, title: now[t] !== printed[t] ? say("printed", { m: printed[t] }) : say(t) },
    h("span", { class: "tg-mult-name" }, say(t)), " ×", h("b", {}, String(now[t])),
    now[t] !== printed[t] ? h("s", {}, `×${printed[t]}`) : null));
  const ab = p.ability || {};
  const state = ab.active ? "active" : ab.used ? "used" : "ready";
  const words = ctx.cards.part(p.car, ab.name) || ab; // the ability in the table's language (the car's face)
  const ability = h("div", { class: `tg-ability ${state}`, title: words.text || "", "data-ref": ab.ref },
    h("b", {}, words.name || "—"), h("small", {}, say(`ability.${state}`)), words.text ? h("span", { class: "tg-ability-text" }, words.text) : null);
  const backs = mine || p.hand ? null : h("div", { class: "tg-backs", title: say("in_hand", { n: p.hand_count }) },
    Array.from({ length: Math.min(p.hand_count, 9) }, () => h("span", { class: "tg-back" })));
  return h("section", { class: `tg-racer${mine ? " mine" : ""}${view.to_move === p.seat ? " moving" : ""}`, style: { "--own": own(p.seat) }, "data-seat": p.seat },
    h("div", { class: "tg-racer-name" }, h("span", { class: "dot", style: { background: own(p.seat) } }), h("b", {}, ctx.name(p.seat)),
      h("span", { class: "tg-car" }, ctx.cards.name(p.car))),
    h("div", { class: "tg-mults" }, mult),
    ability,
    h("div", { class: "tg-counts muted" }, say("in_hand", { n: p.hand_count }), " · ", say("in_deck", { n: p.deck_count }),
      p.redrawing ? ` · ${p.redrawing} ${say("set_aside")}` : ""),
    backs);
}

function tile(t, view, ctx, say, lastTile) {
  const { h } = ctx;
  const dir = view.direction;
  const value = dir === "uphill" ? t.up : t.down;
  const other = dir === "uphill" ? t.down : t.up;
  const wiped = t.nullified || t.wiped;
  const el = h("div", {
    class: `tg-tile type-${t.type}${t.nullified ? " nullified" : ""}${t.wiped && !t.nullified ? " wiped" : ""}${lastTile === t.tile ? " last" : ""}`,
    style: { "--own": own(t.owner) }, "data-ref": t.ref, "data-tile": t.tile,
    title: `${ctx.cards.name(t.road)} — ${ctx.name(t.owner)}${wiped ? " — " + say(t.nullified ? "wiped" : "would_wipe") : ""}`,
  },
  h("div", { class: "tg-tile-band" }, h("span", {}, `${t.tile}`), h("span", { class: "tg-owner" }, ctx.name(t.owner))),
  h("div", { class: "tg-tile-body" },
    glyph(t.type),
    h("div", { class: "tg-tile-value", title: say(dir) }, String(value), h("small", {}, `${dir === "uphill" ? "↓" : "↑"}${other}`)),
    h("div", { class: "tg-road" }, ctx.cards.name(t.road)),
    h("div", { class: "tg-tile-meta" }, h("span", { class: "tg-stars" }, stars(t.stars)), h("span", {}, say(t.type === "C" ? "corner" : "straight")))),
  (t.tuneups || []).length ? h("div", { class: "tg-tunes" }, t.tuneups.map((u) => h("span", { class: "tg-tune", style: { "--own": own(u.owner) }, title: `${ctx.cards.name(u.card)} — ${ctx.name(u.owner)}` }, "⚙ ", ctx.cards.name(u.card)))) : null,
  wiped ? h("div", { class: "tg-wipe" }, say(t.nullified ? "wiped" : "would_wipe")) : null,
  h("div", { class: "tg-scores", title: say("if_now") }, (t.scores || []).map((s, i) => h("span", { style: { background: own(i) }, title: say("score_of", { who: ctx.name(i), n: s }) }, String(s)))));
  return el;
}

// The last battle's course once its cards went back to the decks (Time Attack clears it): from the events.
function lastCourse(payload) {
  const ev = payload.events || [];
  let battle = null;
  let course = null;
  const owners = {};
  for (let i = ev.length - 1; i >= 0; i -= 1) {
    if (!battle && ev[i].type === "battle") battle = ev[i];
    if (battle && ev[i].type === "course" && !course) course = ev[i];
    if (battle && ev[i].type === "road" && !(ev[i].tile in owners)) owners[ev[i].tile] = ev[i].seat;
    if (battle && ev[i].type === "battle_start") break;
    if (ev[i].type === "road" && !battle) return null;
  }
  return battle && course ? { battle, course, owners } : null;
}

function course(view, payload, ctx, say) {
  const { h } = ctx;
  const laid = lastOf(payload, ["road", "tune", "nullify"], 6);
  const lastTile = laid ? (laid.type === "road" ? laid.tile : laid.tile) : null;
  const dir = view.direction;
  const tiles = (view.course || []).map((t) => tile(t, view, ctx, say, lastTile));
  if (!tiles.length) {
    const prev = lastCourse(payload);
    if (prev && (prev.course.tiles || []).length) {
      const scores = prev.battle.tiles || [];
      const mini = prev.course.tiles.map((name, i) => h("div", { class: "tg-tile past", style: i + 1 in prev.owners ? { "--own": own(prev.owners[i + 1]) } : {} },
        h("div", { class: "tg-tile-band" }, h("span", {}, String(i + 1)), i + 1 in prev.owners ? h("span", { class: "tg-owner" }, ctx.name(prev.owners[i + 1])) : null),
        h("div", { class: "tg-road" }, ctx.cards.name(name)),
        scores[i] ? h("div", { class: "tg-scores" }, scores[i].map((s, k) => h("span", { style: { background: own(k) } }, String(s)))) : null));
      return h("section", { class: "tg-course-wrap" }, h("div", { class: "tg-course-title muted" }, say("last_course")),
        h("div", { class: `tg-course ${prev.battle.direction}` }, h("div", { class: "tg-flag start" }, say("start")), mini, h("div", { class: "tg-flag finish" }, h("span", {}, say("finish")))));
    }
  }
  return h("section", { class: "tg-course-wrap" },
    h("div", { class: `tg-course ${dir}`, "aria-label": `${say(dir)}` },
      h("div", { class: "tg-flag start" }, say("start")),
      tiles.length ? tiles : h("div", { class: "tg-empty" }, say("empty")),
      h("div", { class: "tg-flag finish tg-end" }, h("span", {}, say(dir === "uphill" ? "summit" : "finish")))),
    (view.course_tuneups || []).length ? h("div", { class: "tg-course-tunes" }, h("small", { class: "muted" }, say("course_tunes"), " "),
      view.course_tuneups.map((u) => h("span", { class: "tg-tune", style: { "--own": own(u.owner) } }, "⚙ ", ctx.cards.name(u.card)))) : null);
}

function totals(view, ctx, say) {
  const { h } = ctx;
  const proj = view.projected || [0, 0];
  const sudden = view.mode === "sudden_death";
  const run = view.totals || [0, 0];
  const max = Math.max(1, ...proj, ...run);
  const f = view.forecast;
  let fc = null;
  if (f) {
    const who = f.winner === null || f.winner === undefined ? null : ctx.name(f.winner);
    fc = h("div", { class: "tg-forecast", "data-ghost": "forecast" }, who === null ? say("forecast_draw") : say("forecast", { who: say("wins_battle", { who }) }),
      f.race_over && f.race_winner !== null && f.race_winner !== undefined ? h("b", {}, " — ", say("takes_race", { who: ctx.name(f.race_winner) })) : null);
  }
  return h("section", { class: "tg-totals" },
    h("div", { class: "tg-totals-title" }, h("b", {}, say("if_now"))),
    proj.map((n, s) => h("div", { class: "tg-bar", style: { "--own": own(s) } },
      h("span", { class: "tg-bar-name" }, ctx.name(s)),
      h("span", { class: "tg-bar-track" }, h("i", { style: { width: `${(100 * n) / max}%` } })),
      h("b", { class: "tg-bar-n", "data-ghost": `projected:${s}` }, String(n)),
      sudden ? h("small", { class: "muted" }, `${say("run")} ${run[s]}`) : null)),
    fc);
}

function history(view, ctx, say) {
  const { h } = ctx;
  if (!(view.battles || []).length) return null;
  return h("section", { class: "tg-history" }, h("small", { class: "muted" }, say("history")),
    view.battles.map((b) => h("span", { class: "chip tg-past", style: b.winner === null || b.winner === undefined ? {} : { "--own": own(b.winner) } },
      `${b.battle} ${b.direction === "uphill" ? "⬈" : "⬊"} `, h("b", {}, (b.scores || []).join("–")), " ",
      b.winner === null || b.winner === undefined ? say("draw") : ctx.name(b.winner))));
}

function draw(root, payload, ctx) {
  const { h } = ctx;
  const say = speaker("touge", WORDS, ctx);
  const view = payload.view || {};
  const players = view.players || [];
  const me = ctx.seat === null || ctx.seat === undefined ? null : players.find((p) => p.seat === ctx.seat);
  const others = players.filter((p) => p !== me);
  last = { view, say };
  const dis = view.disaster;
  const disText = dis ? ((ctx.cards.get(dis.card) || {}).text || dis.text) : "";
  const disaster = dis ? h("div", { class: "tg-disaster", style: { "--own": own(dis.owner) } },
    h("b", {}, "⚠ ", say("disaster_is", { card: ctx.cards.name(dis.card) })), " ", h("small", {}, ctx.name(dis.owner)), disText ? h("div", { class: "tg-disaster-text" }, disText) : null) : null;
  const cards = me && me.hand ? me.hand.map((c) => { const f = face(ctx, say, c.card, { direction: view.direction }); f.dataset.ref = c.ref; return f; }) : [];
  const aside = me && (me.set_aside || []).length ? h("div", { class: "tg-aside muted" }, say("set_aside"), say("colon"), me.set_aside.map((c) => ctx.cards.name(c)).join(", ")) : null;
  root.replaceChildren(h("div", { class: `tg-board dir-${view.direction}` },
    header(view, ctx, say),
    h("div", { class: "tg-racers" }, others.map((p) => racer(p, view, ctx, say, false))),
    others.filter((p) => p.hand).map((p) => openHand(ctx, p.seat, p.hand.map((c) => face(ctx, say, c.card, { direction: view.direction })), { class: "tg-hand" })),
    disaster,
    course(view, payload, ctx, say),
    h("div", { class: "tg-under" }, totals(view, ctx, say), history(view, ctx, say)),
    me ? racer(me, view, ctx, say, true) : null,
    me ? hand(ctx, say("hand"), cards, { class: "tg-hand", extra: aside }) : null));
}

// ------------------------------------------------------------------------------------------ animations
async function animate(events, before, after, ctx) {
  const say = speaker("touge", WORDS, ctx);
  for (const ev of events) {
    if (ctx.signal.aborted) return;
    if (ev.type === "road") {
      const end = document.querySelector("#board .tg-end");
      await fly(ctx, face(ctx, say, ev.card, { direction: (before.view || {}).direction }), end, 420);
    } else if (ev.type === "tune" && ev.tile) {
      await flash(ctx, document.querySelector(`#board [data-tile="${ev.tile}"]`), 450);
    } else if (ev.type === "nullify" && ev.tile) {
      await flash(ctx, document.querySelector(`#board [data-tile="${ev.tile}"]`), 600, "kit-flash-bad");
    } else if (ev.type === "ability") {
      await flash(ctx, document.querySelector(`#board [data-ref="ability:${ev.seat}"]`), 450);
    } else if (ev.type === "battle") {
      const s = ev.scores || [];
      const who = ev.winner === null || ev.winner === undefined ? say("draw") : say("wins_battle", { who: ctx.name(ev.winner) });
      await banner(ctx, say("banner_battle", { n: ev.battle, dir: say(ev.direction) }), [s.map((n, i) => say("score_of", { who: ctx.name(i), n })).join(" · "), who], 1800);
    } else if (ev.type === "race_over") {
      await banner(ctx, ev.winner === null || ev.winner === undefined ? say("race_draw") : say("race_won", { who: ctx.name(ev.winner) }), [], 1400);
    }
  }
}

// ------------------------------------------------------------------------------------------ previews
function ghost(move, preview, ctx) {
  clearGhosts();
  if (!last) return;
  if (preview) { // the server's view after the move: the projected totals and forecast drawn from it
    const keep = last;
    ghostPreview(ctx, draw, preview, { label: ctx.t("ghost.if_scored") });
    last = keep;
  }
  const { h } = ctx;
  const { view, say } = last;
  const refs = move.refs || [];
  const card = refs.find((r) => r.startsWith("hand:"));
  const target = refs.find((r) => r.startsWith("tile:"));
  const board = document.getElementById("board");
  if (move.kind === "road" && card) {
    const slug = card.slice(5);
    const c = ctx.cards.get(slug);
    const st = (c && c.stats) || {};
    const type = c && /corner/i.test((c.tags || [])[0] || "") ? "C" : "S";
    const value = view.direction === "uphill" ? st.uphill : st.downhill;
    const scores = (view.players || []).map((p) => (p.now || (p.multipliers || {})[view.direction] || {})[type] * value);
    const ghostTile = h("div", { class: `tg-tile type-${type} kit-ghost`, style: { "--own": own(ctx.seat) } },
      h("div", { class: "tg-tile-band" }, h("span", {}, String((view.course || []).length + 1)), h("span", { class: "tg-owner" }, say("ghost_road"))),
      h("div", { class: "tg-tile-body" }, glyph(type), h("div", { class: "tg-tile-value" }, String(value)), h("div", { class: "tg-road" }, c ? c.name : slug)),
      h("div", { class: "tg-scores", title: say("if_now") }, scores.map((s, i) => h("span", { style: { background: own(i) } }, Number.isFinite(s) ? String(s) : "?"))),
      h("div", { class: "tg-ghost-note" }, say("if_now")));
    const end = board && board.querySelector(".tg-course .tg-end");
    const empty = board && board.querySelector(".tg-course .tg-empty");
    if (empty) empty.classList.add("kit-ghosted");
    if (end) end.before(ghostTile);
  } else if (target) {
    const el = board && board.querySelector(`[data-ref="${CSS.escape(target)}"]`);
    if (!el) return;
    el.classList.add("kit-ghosted");
    if (move.kind === "nullify") el.append(h("div", { class: "tg-wipe kit-ghost" }, say("ghost_wipe")));
    else if (card) {
      const c = ctx.cards.get(card.slice(5));
      const tunes = el.querySelector(".tg-tunes") || el.insertBefore(h("div", { class: "tg-tunes" }), el.querySelector(".tg-scores"));
      tunes.append(h("span", { class: "tg-tune kit-ghost", style: { "--own": own(ctx.seat) } }, "⚙ ", c ? c.name : card.slice(5)));
    }
  } else if (card && move.kind === "tune") {
    const c = ctx.cards.get(card.slice(5));
    const at = board && board.querySelector(".tg-course-wrap");
    if (at) at.append(h("div", { class: "tg-course-tunes kit-ghost" }, "⚙ ", c ? c.name : card.slice(5), " — ", say("course_tunes")));
  }
}

export default {
  api: 1,
  styles: ["./touge.css"],
  draw,
  animate,
  ghost,
  unghost: clearGhosts,
  tutorial,
  howto: {
    steps: [
      { selector: ".tg-course", text: { en: "The course: each road tile in the colour of who laid it, worth its value in the run's direction times each car's multiplier for its type.", fr: "Le parcours : chaque tuile dans la couleur de qui l'a posée, qui vaut sa valeur dans le sens de la course fois le multiplicateur de chaque voiture.", ja: "コース：置いたプレイヤーの色のタイル。進行方向の値×各車の倍率で得点。" } },
      { selector: ".tg-racer.mine .tg-mults", text: { en: "Your car's multipliers now, after tune-ups, the disaster and abilities.", fr: "Les multiplicateurs de votre voiture maintenant, réglages, catastrophe et capacités compris.", ja: "チューンアップ等を含めた現在の倍率。" } },
      { selector: ".tg-hand", text: { en: "Your hand: lay a road at the end of the course, or tune up a tile.", fr: "Votre main : posez une route au bout du parcours, ou réglez une tuile.", ja: "手札：コースの最後にロードを置くか、タイルをチューンアップ。" } },
      { selector: ".tg-totals", text: { en: "What each racer would score if the run were counted now; two battle wins take the race.", fr: "Ce que chacun marquerait si l'on comptait maintenant ; deux manches gagnées emportent la course.", ja: "今計算した場合の得点。2勝でレースに勝利。" } },
    ],
  },
};
