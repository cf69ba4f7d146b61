// The table: one WebSocket per seat this browser holds (or one spectator socket), the board drawn by the
// game's renderer from the seat's view, legal moves mapped onto the things drawn (cards, tiles, zones).
"use strict";

const root = document.getElementById("table");
const ROOM = root.dataset.room;
const MODE = root.dataset.mode; // live | replay
const $ = (id) => document.getElementById(id);

const T = {
  payloads: new Map(), // seat ("spec" for a spectator) -> latest payload
  logs: new Map(), // seat -> [{text, fresh}]
  sockets: new Map(),
  active: null, // the seat whose payload is on screen
  revealed: null, // hot-seat: the seat that last confirmed it is at the screen
  selection: [], // selected elements
  lang: new URLSearchParams(location.search).get("lang") || localStorage.getItem("kansei.lang") || "",
  replay: { step: 0, total: 0, seat: "all", timer: null },
  pending: false,
};

function renderer(game) { return window.KanseiGames[game] || window.KanseiGames.generic; }

function seatName(p, i) {
  if (i === null || i === undefined) return "—";
  const s = (p.seats || [])[i];
  return s ? s.name : seatLabel(i);
}

function ctxFor(p, actor) {
  return {
    you: p.seat, actor: actor === undefined ? p.seat : actor, payload: p, Cards, h, lang: p.lang,
    name: (i) => seatName(p, i),
    players: (p.seats || []).length,
  };
}

// ------------------------------------------------------------------------------------------ connection
async function claimUrlToken() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (!token) return;
  try {
    const p = await api("GET", `/api/rooms/${ROOM}?token=${encodeURIComponent(token)}`);
    if (p.seat !== null && p.seat !== undefined) Tokens.add(ROOM, p.seat, token);
  } catch (e) {
    toast(e.message, "error");
  }
  params.delete("token");
  const q = params.toString();
  history.replaceState(null, "", location.pathname + (q ? "?" + q : ""));
}

function connect(seat, token, attempt = 0) {
  const key = seat === null ? "spec" : String(seat);
  const log = T.logs.get(key) || [];
  T.logs.set(key, log);
  const cursor = () => (T.payloads.get(key) ? T.payloads.get(key).events_start + T.payloads.get(key).events.length : 0);
  const q = new URLSearchParams({ lang: T.lang, since: String(cursor()) });
  if (token) q.set("token", token);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/rooms/${ROOM}/ws?${q}`);
  T.sockets.set(key, ws);
  // States that arrive together (your move, then a bot's answer) are shown one after another, so a
  // player can follow what happened.
  const queue = [];
  let draining = false;
  const drain = () => {
    const msg = queue.shift();
    if (!msg) { draining = false; return; }
    draining = true;
    const prev = T.payloads.get(key);
    const lines = msg.log.filter(Boolean);
    lines.forEach((text, i) => log.push({ text, fresh: !!prev || i >= lines.length - 3 }));
    msg.events = prev && msg.events_start > 0 ? prev.events.concat(msg.events) : msg.events;
    msg.events_start = 0;
    T.payloads.set(key, msg);
    T.pending = false;
    T.replaying = queue.length > 0; // a state already overtaken: shown, not played on
    document.body.dataset.busy = T.replaying ? "1" : "";
    update(key);
    setTimeout(drain, queue.length ? 650 : 0);
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      attempt = 0;
      queue.push(msg);
      if (!draining) drain();
    } else if (msg.type === "error") {
      T.pending = false;
      toast(msg.message, "error");
      if (T.payloads.has(key)) update(key); // the moves again, as they are
      showError(msg.message);
    }
  };
  ws.onclose = (ev) => {
    if (T.sockets.get(key) !== ws) return;
    if ((ev.code >= 4400 && ev.code < 4500) || ev.code === 1003 || ev.code === 1008 || ev.code === 1009) {
      toast(ev.reason || "the table closed the connection", "error");
      if (ev.code === 4404) $("board").replaceChildren(h("div", { class: "empty" }, "No such table. ", h("a", { href: "/" }, "Back to the lobby")));
      return;
    }
    const wait = Math.min(8000, 400 * 2 ** attempt);
    $("turn").textContent = "reconnecting…";
    setTimeout(() => connect(seat, token, attempt + 1), wait);
  };
}

function send(seat, action) {
  const key = String(seat);
  const ws = T.sockets.get(key);
  const p = T.payloads.get(key);
  if (!ws || ws.readyState !== WebSocket.OPEN || !p) { toast("not connected — retrying", "error"); return; }
  T.pending = true;
  ws.send(JSON.stringify({ type: "action", action, step: p.step }));
  clearSelection();
  $("buttons").replaceChildren(h("span", { class: "muted" }, "sending…"));
}

// ------------------------------------------------------------------------------------------ drawing
function chooseActive() {
  const held = [...T.payloads.keys()];
  const any = T.payloads.get(held[0]);
  if (!any) return null;
  const toMove = any.to_move;
  if (toMove !== null && T.payloads.has(String(toMove))) return String(toMove);
  if (T.active && T.payloads.has(T.active)) return T.active;
  return held.sort()[0];
}

function update(fromKey) {
  const key = MODE === "replay" ? "replay" : chooseActive();
  if (key === null) return;
  const p = T.payloads.get(key);
  const humanSeats = [...T.payloads.keys()].filter((k) => k !== "spec");
  if (MODE === "live" && humanSeats.length > 1 && key !== T.active && T.active !== null && !p.over) {
    // hot-seat: hide the next player's cards until they are at the screen
    T.active = key;
    showCurtain(p);
  }
  T.active = key;
  draw(p);
}

function showCurtain(p) {
  const c = $("curtain");
  c.hidden = false;
  c.replaceChildren(h("div", { class: "curtain-box" },
    h("h2", {}, `${seatName(p, p.seat)}, your turn`),
    h("p", {}, "Pass the screen — the other player's cards are hidden."),
    h("button", { class: "primary big", id: "curtain-go", onclick: () => { c.hidden = true; } }, `I'm ${seatName(p, p.seat)} — show my cards`)));
}

function draw(p) {
  const R = renderer(p.game);
  const ctx = ctxFor(p);
  document.title = `${p.game_name} — kansei`;
  $("game-title").replaceChildren(h("b", {}, p.game_name), " ", h("span", { class: "muted" }, optionsText(p.options)));
  drawSeats(p);
  drawTurn(p);
  let board;
  try { board = R.board(p.view, ctx); } catch (e) { console.error(e); board = window.KanseiGames.generic.board(p.view, ctx); }
  $("board").replaceChildren(board);
  const hand = (R.hand || window.KanseiGames.generic.hand)(p.view, ctx);
  $("hand-title").textContent = hand ? hand.title : "";
  $("hand").replaceChildren(...(hand ? hand.cards : []));
  $("hand-wrap").hidden = !hand;
  wireMoves(p, R, ctx);
  drawLog(p);
  flashLast(p, R);
  drawResult(p);
  hookZoom();
}

function optionsText(opts) {
  return Object.entries(opts || {}).filter(([, v]) => v !== false && v !== null).map(([k, v]) => (v === true ? prettyKey(k) : `${prettyKey(k)}: ${prettyKey(v)}`)).join(" · ");
}

function drawSeats(p) {
  $("seat-strip").replaceChildren(...(p.seats || []).map((s, i) => h("span", {
    class: `seat-chip s${i}${p.to_move === i ? " moving" : ""}${p.seat === i ? " me" : ""}`,
    title: s.kind === "bot" ? `bot: ${s.spec}` : s.kind,
  }, h("i", { class: `dot ${s.online ? "on" : "off"}` }), s.name, s.kind === "bot" ? h("small", { class: "bot-tag" }, "bot") : null, p.seat === i ? h("small", {}, " (you)") : null)));
}

function drawTurn(p) {
  const t = $("turn");
  t.className = "turn";
  if (p.over) { t.textContent = "Game over"; return; }
  if (MODE === "replay") { t.textContent = `step ${p.step} of ${p.total}`; return; }
  const mover = (p.seats || [])[p.to_move];
  if (p.to_move === p.seat && p.seat !== null) { t.textContent = "Your move"; t.classList.add("mine"); }
  else if (mover && mover.kind === "bot") { t.replaceChildren(h("span", { class: "spinner" }), `${mover.name} is thinking…`); }
  else if (p.to_move !== null) { t.textContent = `Waiting for ${seatName(p, p.to_move)}`; }
  else t.textContent = "";
}

// ------------------------------------------------------------------------------------------ moves
function refsOf(R, move, view, ctx) {
  const f = R.targets || window.KanseiGames.generic.targets;
  let refs = f(move, view, ctx);
  if (!refs || !refs.length) refs = R.targets ? window.KanseiGames.generic.targets(move, view, ctx) : [];
  return [...new Set(refs)];
}

function wireMoves(p, R, ctx) {
  T.selection = [];
  const moves = T.replaying ? [] : (p.moves || []).map((m) => ({ ...m, refs: refsOf(R, m, p.view, ctx) }));
  T.moves = moves;
  const targets = [...document.querySelectorAll("#table [data-refs]")];
  T.targets = targets;
  const byRef = new Map();
  for (const el of targets) for (const r of el.dataset.refs.split(" ")) { if (!byRef.has(r)) byRef.set(r, []); byRef.get(r).push(el); }
  const free = [];
  for (const m of moves) {
    const hits = m.refs.filter((r) => byRef.has(r));
    m.hits = hits;
    if (!hits.length) free.push(m);
    for (const r of hits) for (const el of byRef.get(r)) el.classList.add("playable");
  }
  for (const el of targets) {
    if (!el.classList.contains("playable")) continue;
    el.tabIndex = 0;
    el.addEventListener("click", (ev) => { ev.stopPropagation(); pick(el); });
    el.addEventListener("dblclick", (ev) => { ev.stopPropagation(); const c = candidates(); if (c.length === 1) commit(c[0]); });
    el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(el); } });
  }
  // the buttons: moves that are no thing on the table (pass, end the turn, draw, a number…)
  const buttons = free.map((m) => h("button", { class: `move-btn kind-${cssId(m.kind)}`, title: m.text, dataset: { action: m.action },
    onclick: () => preview([m]) }, shortLabel(m)));
  $("buttons").replaceChildren(...buttons);
  $("choices").replaceChildren();
  $("preview").replaceChildren();
  const mine = moves.length > 0;
  $("prompt").replaceChildren(mine
    ? h("span", {}, h("b", {}, "Your move. "), R.prompt ? R.prompt(p.view, ctx) : "Click a highlighted card or place, or a button.")
    : h("span", { class: "muted" }, p.over ? "" : MODE === "replay" ? "" : p.seat === null ? "You are watching." : "Not your move."));
  $("move-count").textContent = moves.length;
  $("move-list").replaceChildren(...moves.map((m) => h("li", {}, h("a", { href: "#", dataset: { action: m.action }, onclick: (ev) => { ev.preventDefault(); preview([m]); } }, m.text), h("code", {}, m.action))));
  $("all-moves").hidden = !mine;
}

function cssId(s) { return String(s || "x").replace(/[^a-z0-9_-]/gi, ""); }

// a button's words: the whole description up to a hundred characters (buttons wrap), else cut at a word
// (the whole text is the button's title and in "Every legal move")
function shortLabel(m) {
  const t = m.text || m.action;
  if (t.length <= 100) return t;
  const cut = t.slice(0, 98);
  return cut.slice(0, Math.max(60, cut.lastIndexOf(" "))) + "…";
}

function elRefs(el) { return el.dataset.refs.split(" "); }

function candidates(sel = T.selection) {
  return T.moves.filter((m) => sel.every((el) => elRefs(el).some((r) => m.refs.includes(r))));
}

function pick(el) {
  if (T.selection.includes(el)) { clearSelection(); return; }
  let sel = [...T.selection, el];
  if (!candidates(sel).length) sel = [el];
  T.selection = sel;
  for (const t of T.targets) t.classList.remove("selected", "next");
  for (const s of sel) s.classList.add("selected");
  const cands = candidates(sel);
  if (cands.length === 1) { preview(cands); return; }
  // several moves use this: light up what would tell them apart, and list them
  const chosen = new Set(sel.flatMap(elRefs));
  for (const t of T.targets) {
    if (sel.includes(t)) continue;
    if (elRefs(t).some((r) => !chosen.has(r) && cands.some((m) => m.refs.includes(r)))) t.classList.add("next");
  }
  preview(cands);
}

function preview(cands) {
  const box = $("preview");
  $("choices").replaceChildren();
  if (cands.length === 1) {
    const m = cands[0];
    box.replaceChildren(h("div", { class: "preview-text" }, m.text), h("code", { class: "notation" }, m.action));
    $("choices").replaceChildren(
      h("button", { class: "primary big", id: "confirm", dataset: { action: m.action }, onclick: () => commit(m) }, "Confirm"),
      h("button", { class: "ghost", onclick: clearSelection }, "Cancel"));
    const c = $("confirm"); if (c) c.focus({ preventScroll: true });
  } else {
    box.replaceChildren(h("div", { class: "muted" }, `${cands.length} moves use this — pick one, or click a lit target:`));
    $("choices").replaceChildren(...cands.map((m) => h("button", { class: "choice", dataset: { action: m.action }, onclick: () => preview([m]) }, m.text)));
  }
}

function clearSelection() {
  T.selection = [];
  for (const t of T.targets || []) t.classList.remove("selected", "next");
  $("preview").replaceChildren();
  $("choices").replaceChildren();
}

function commit(m) {
  const p = T.payloads.get(T.active);
  if (!p || T.pending) return;
  send(p.seat, m.action);
}

function showError(message) {
  $("preview").replaceChildren(h("div", { class: "error" }, message));
}

document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") clearSelection(); });

// ------------------------------------------------------------------------------------------ log and motion
function drawLog(p) {
  const key = MODE === "replay" ? "replay" : T.active;
  const log = T.logs.get(key) || [];
  const ol = $("log");
  const items = log.slice(-150).map((e) => h("li", { class: e.fresh ? "fresh" : "" }, e.text));
  ol.replaceChildren(...items);
  // new lines arrive one after another, so a bot's move can be followed
  const fresh = items.filter((li) => li.classList.contains("fresh"));
  const shown = fresh.slice(-6); // older lines of a burst appear at once
  for (const li of fresh) if (!shown.includes(li)) li.classList.remove("fresh");
  shown.forEach((li, i) => { li.style.animationDelay = `${i * 220}ms`; });
  for (const e of log) e.fresh = false;
  ol.scrollTop = ol.scrollHeight;
}

function flashLast(p, R) {
  if (!p.last || !p.last.action) return;
  const ctx = ctxFor(p, p.last.seat);
  const refs = refsOf(R, { action: p.last.action, kind: p.last.action.split(" ")[0], text: "" }, p.view, ctx);
  for (const el of document.querySelectorAll("#board [data-refs]")) {
    if (elRefs(el).some((r) => refs.includes(r))) el.classList.add("last-move");
  }
  $("board").dataset.last = p.last.action;
}

function drawResult(p) {
  const box = $("result");
  if (!p.over || !p.result || MODE === "replay") { box.hidden = true; return; }
  if (box.dataset.shown === ROOM + p.step && box.hidden) return; // closed by the player
  box.dataset.shown = ROOM + p.step;
  const w = p.result.winner;
  const title = w === null || w === undefined ? "A draw" : (p.seat === w ? "You win!" : `${seatName(p, w)} wins`);
  const rows = (p.result.returns || []).map((r, i) => h("tr", { class: i === w ? "winner" : "" }, h("td", {}, seatName(p, i)), h("td", {}, r > 0 ? "won" : r < 0 ? "lost" : "draw"), h("td", { title: "the game's return for this seat" }, r > 0 ? `+${r}` : String(r))));
  const tokens = Tokens.get(ROOM);
  const mine = Object.keys(tokens).length > 0;
  const buttons = [];
  if (p.rematch) buttons.push(h("a", { class: "button primary", href: `/room/${p.rematch}`, onclick: () => carryTokens(p.rematch) }, "Join the rematch"));
  else if (mine) buttons.push(h("button", { class: "primary", id: "rematch", onclick: rematch }, "Rematch"));
  buttons.push(h("a", { class: "button", href: `/replay/${ROOM}` }, "Step through the game"));
  buttons.push(h("a", { class: "button", href: `/api/rooms/${ROOM}/replay`, download: "" }, "Download replay"));
  buttons.push(h("a", { class: "button ghost", href: "/" }, "Lobby"));
  buttons.push(h("button", { class: "ghost", onclick: () => { box.hidden = true; } }, "Look at the table"));
  // how it ended, in the game's own words: the last lines of this seat's log (the final score, the reason)
  const told = (T.logs.get(T.active) || []).map((e) => e.text).slice(-2);
  box.replaceChildren(h("div", { class: `result-box ${p.seat === w ? "won" : ""}` }, h("h2", { id: "result-title" }, title),
    told.length ? h("div", { class: "result-told muted" }, told.map((t) => h("div", {}, t))) : null,
    h("table", {}, h("tbody", {}, rows)), h("div", { class: "row" }, buttons)));
  box.hidden = false;
}

function carryTokens(newRoom) {
  for (const [seat, token] of Object.entries(Tokens.get(ROOM))) Tokens.add(newRoom, seat, token);
}

async function rematch() {
  const tokens = Tokens.get(ROOM);
  const token = Object.values(tokens)[0];
  try {
    const r = await api("POST", `/api/rooms/${ROOM}/rematch`, { token });
    carryTokens(r.room);
    location.href = `/room/${r.room}`;
  } catch (e) { toast(e.message, "error"); }
}

// ------------------------------------------------------------------------------------------ zoom
function hookZoom() {
  const zoom = $("zoom");
  for (const el of document.querySelectorAll("#table .card[data-cardref]")) {
    el.addEventListener("mouseenter", () => {
      const c = Cards.get(el.dataset.cardref);
      if (!c) return;
      zoom.replaceChildren(Cards.face(c.slug, { size: "full" }));
      zoom.hidden = false;
    });
    el.addEventListener("mouseleave", () => { zoom.hidden = true; });
  }
}

// ------------------------------------------------------------------------------------------ replay mode
async function loadStep() {
  const r = T.replay;
  const p = await api("GET", `/api/rooms/${ROOM}/steps/${r.step}?seat=${r.seat}&lang=${encodeURIComponent(T.lang)}`);
  if (r.seat === "all") p.seat = null;
  r.total = p.total;
  T.logs.set("replay", p.log.filter(Boolean).map((text, i, all) => ({ text, fresh: i >= all.length - 3 })));
  T.payloads.set("replay", p);
  p.over = false;
  $("rp-step").max = String(p.total);
  $("rp-step").value = String(r.step);
  $("rp-label").textContent = `step ${r.step} / ${p.total}` + (p.last ? ` — ${seatName(p, p.last.seat)}: ${p.last.action}` : "");
  const sel = $("rp-seat");
  if (!sel.options.length) {
    sel.append(h("option", { value: "all" }, "all cards open"));
    (p.seats || []).forEach((s, i) => sel.append(h("option", { value: String(i) }, `${s.name}'s view`)));
  }
  await setupLang(p);
  update("replay");
}

function replayControls() {
  const r = T.replay;
  $("replay-bar").hidden = false;
  $("rp-download").href = `/api/rooms/${ROOM}/replay`;
  const go = (s) => { r.step = Math.max(0, Math.min(r.total, s)); loadStep().catch((e) => toast(e.message, "error")); };
  $("rp-first").onclick = () => go(0);
  $("rp-prev").onclick = () => go(r.step - 1);
  $("rp-next").onclick = () => go(r.step + 1);
  $("rp-last").onclick = () => go(r.total);
  $("rp-step").oninput = (ev) => go(Number(ev.target.value));
  $("rp-seat").onchange = (ev) => { r.seat = ev.target.value; go(r.step); };
  $("rp-play").onclick = () => {
    if (r.timer) { clearInterval(r.timer); r.timer = null; $("rp-play").textContent = "▶▶"; return; }
    $("rp-play").textContent = "❚❚";
    r.timer = setInterval(() => { if (r.step >= r.total) { clearInterval(r.timer); r.timer = null; $("rp-play").textContent = "▶▶"; } else go(r.step + 1); }, 900);
  };
}

// ------------------------------------------------------------------------------------------ language
async function setupLang(p) {
  const sel = $("lang");
  if (!T.lang || !p.languages.includes(T.lang)) T.lang = p.lang;
  if (!sel.options.length) {
    for (const l of p.languages) sel.append(h("option", { value: l }, l.toUpperCase()));
    sel.onchange = () => { localStorage.setItem("kansei.lang", sel.value); const u = new URL(location.href); u.searchParams.set("lang", sel.value); location.href = u.toString(); };
  }
  sel.value = T.lang;
  sel.hidden = p.languages.length < 2;
  await Cards.load(p.game, T.lang);
}

// ------------------------------------------------------------------------------------------ start
async function start() {
  if (MODE === "replay") {
    T.replay.step = Number(new URLSearchParams(location.search).get("step") || 0);
    replayControls();
    try { await loadStep(); } catch (e) { $("board").replaceChildren(h("div", { class: "empty" }, e.message)); }
    return;
  }
  await claimUrlToken();
  let first;
  try { first = await api("GET", `/api/rooms/${ROOM}?lang=${encodeURIComponent(T.lang)}`); }
  catch (e) { $("board").replaceChildren(h("div", { class: "empty" }, e.message, " ", h("a", { href: "/" }, "Back to the lobby"))); return; }
  await setupLang(first);
  const tokens = Tokens.get(ROOM);
  const seats = Object.keys(tokens);
  const inv = localStorage.getItem(`kansei.invites.${ROOM}`);
  if (inv) { const b = $("invite-btn"); b.hidden = false; b.onclick = () => showInvites(JSON.parse(inv)); }
  if (!seats.length) connect(null, null);
  else for (const s of seats) connect(Number(s), tokens[s]);
}

function showInvites(links) {
  const c = $("curtain");
  c.hidden = false;
  c.replaceChildren(h("div", { class: "curtain-box" }, h("h2", {}, "Invite links"),
    ...Object.entries(links).map(([seat, link]) => h("div", { class: "row" }, h("b", {}, seatLabel(Number(seat))), h("input", { value: location.origin + link, readonly: true, size: 40 }),
      h("button", { onclick: () => copyText(location.origin + link).then(() => toast("copied")) }, "Copy"))),
    h("button", { class: "primary", onclick: () => { c.hidden = true; } }, "Close")));
}

start();
