// The table's shell (docs/web-boards.md): the sockets of the seats this browser holds, the queue of states
// and their animations, and every interaction. The game's board module only draws a payload into #board and
// tags what can be clicked with data-ref; the shell lights up, dims, selects, lists choices and confirms
// from moves[].refs alone. No notation is read here and no game is named.
import { $, api, h, toast, Tokens, readJson, cssId, wait } from "./dom.js";
import { t, lang as pageLang, place } from "./i18n.js";
import { CardPool } from "./cards.js";
import { loadBoard, generic } from "./boards.js";
import * as Pick from "./pick.js";
import * as Tutorial from "./tutorial.js";
import * as Howto from "./howto.js";

const root = $("table");
const ROOM = root.dataset.room;
const TUTORIAL = root.dataset.mode === "tutorial"; // a lesson (tutorial.js) is a live table otherwise
const MODE = TUTORIAL ? "live" : root.dataset.mode; // live | replay
const SPEC = "spec";
const SPEEDS = { slow: 2, normal: 1, fast: 0.4, instant: 0 };

const T = {
  payloads: new Map(), // key (seat number as text, or "spec") -> latest payload drawn or queued
  logs: new Map(), // key -> [{text, group}]
  sockets: new Map(),
  held: [], // seats this browser holds a token for
  confirmed: null, // hot seat: the seat that last said it is at the screen
  shown: null, // the key on screen
  board: generic,
  game: null, // /api/games entry of this table's game
  cards: null,
  picked: [],
  moves: [],
  pending: false,
  queue: [], // [key, payload] waiting to be shown
  draining: false,
  skip: null, // AbortController of the animation playing
  replay: { step: 0, total: 0, seat: "all", timer: null, asked: 0 },
  speed: localStorage.getItem("kansei.speed") || "normal",
};

const hotSeat = () => T.held.length > 1;

// ------------------------------------------------------------------------------------------ context
function colour(seat) { return `var(--s${seat ?? "x"})`; }

function ctxFor(p) {
  const names = p.names || [];
  const speed = SPEEDS[T.speed] ?? 1;
  return {
    h, t, lang: p.lang, pageLang: pageLang(), seat: p.seat, mode: root.dataset.mode,
    game: { id: p.game, name: p.game_name },
    players: names.length, names,
    name: (seat) => (seat === null || seat === undefined ? "—" : names[seat] ?? t("player.n", { n: seat + 1 })),
    colour, cards: T.cards, schema: T.schema,
    rules: (id) => rulesHref(p.game, id),
    speed, reduced: speed === 0 || matchMedia("(prefers-reduced-motion: reduce)").matches,
    signal: T.skip ? T.skip.signal : new AbortController().signal,
    wait: (ms) => wait(ms * speed, T.skip ? T.skip.signal : undefined),
  };
}

function rulesHref(game, id) { return `/rules/${encodeURIComponent(game)}#${encodeURIComponent(String(id).toLowerCase())}`; }

// ------------------------------------------------------------------------------------------ connection
async function claimUrlToken() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (!token) return;
  try {
    const p = await api("GET", `/api/rooms/${ROOM}?token=${encodeURIComponent(token)}`);
    if (p.seat !== null && p.seat !== undefined) { Tokens.add(ROOM, p.seat, token); T.invited = p.seat; }
  } catch (e) {
    toast(e.message, "error");
  }
  params.delete("token");
  const q = params.toString();
  history.replaceState(null, "", location.pathname + (q ? "?" + q : ""));
}

function connect(key, token, attempt = 0) {
  const have = T.payloads.get(key);
  const q = new URLSearchParams({ lang: T.lang, since: String(have ? have.events_start + have.events.length : 0) });
  if (token) q.set("token", token);
  if (hotSeat()) q.set("voice", "third");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/rooms/${ROOM}/ws?${q}`);
  T.sockets.set(key, ws);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { attempt = 0; receive(key, msg); }
    else if (msg.type === "error") {
      T.pending = false;
      if (!TUTORIAL) toast(msg.message, "error"); // a lesson says it in the coach's bubble, beside the step
      showError(msg.message);
      if (T.shown === key) drawMoves(T.payloads.get(key));
      if (TUTORIAL) Tutorial.refused(msg.message);
    }
  };
  ws.onclose = (ev) => {
    if (T.sockets.get(key) !== ws) return;
    if ((ev.code >= 4400 && ev.code < 4500) || [1003, 1008, 1009].includes(ev.code)) {
      toast(ev.reason || t("table.closed"), "error");
      if (ev.code === 4404) $("board").replaceChildren(h("div", { class: "empty" }, t("table.none"), " ", h("a", { href: "/" }, t("nav.lobby"))));
      return;
    }
    $("turn").textContent = t("table.reconnecting");
    setTimeout(() => connect(key, token, attempt + 1), Math.min(8000, 400 * 2 ** attempt));
  };
}

function send(seat, message) {
  const ws = T.sockets.get(String(seat));
  if (!ws || ws.readyState !== WebSocket.OPEN) { toast(t("table.offline"), "error"); return false; }
  ws.send(JSON.stringify(message));
  return true;
}

// A state for ``key``: its events joined to those already held, queued to be shown in order.
function receive(key, msg) {
  const prev = T.payloads.get(key);
  if (prev && msg.events_start > 0 && msg.events_start === prev.events_start + prev.events.length) {
    const offset = prev.events.length;
    msg.breaks = [...(prev.breaks || []), ...(msg.breaks || []).map((i) => i + offset)];
    msg.fresh = msg.events.length;
    msg.events = prev.events.concat(msg.events);
    msg.log = (prev.log || []).concat(msg.log);
  } else {
    msg.fresh = msg.events.length;
  }
  msg.events_start = 0;
  T.payloads.set(key, msg);
  T.pending = false;
  T.queue.push([key, msg]);
  if (!T.draining) drain();
}

// Show queued states one after another: the board animates each state's new events (its own animate
// hook, awaited), or the shell holds each for a moment, so a bot's moves can be followed. "Skip" jumps to
// the latest state.
async function drain() {
  T.draining = true;
  try {
    while (T.queue.length) {
      const [key, p] = T.queue.shift();
      const show = chooseShown();
      if (key !== show) { if (show !== T.shown) await present(show, null); continue; }
      const before = T.shownPayload && T.shown === key ? T.shownPayload : null;
      const later = T.queue.some(([k]) => k === key);
      document.body.dataset.busy = later ? "1" : "";
      $("skip").hidden = !later && !T.board.animate;
      await present(key, before, later);
    }
  } finally {
    T.draining = false;
    document.body.dataset.busy = "";
    $("skip").hidden = true;
  }
}

async function present(key, before, later = false) {
  const p = T.payloads.get(key);
  if (!p) return;
  const speed = SPEEDS[T.speed] ?? 1;
  if (before && T.board.animate && speed > 0 && p.fresh) {
    T.skip = new AbortController();
    try {
      await T.board.animate(p.events.slice(p.events.length - p.fresh), before, p, ctxFor(p));
    } catch (e) { console.error("animate", e); }
    T.skip = null;
  }
  draw(key, p, { replaying: later });
  if (later && speed > 0 && !T.board.animate) {
    T.skip = new AbortController();
    await wait(600 * speed, T.skip.signal);
    T.skip = null;
  }
}

// The key whose payload belongs on screen (docs/web-boards.md, "Privacy at a shared screen"): with one
// seat, that seat; at a shared screen, the seat to move once its player said they are at the screen, and
// until then the spectator's view (nothing private of anyone is in the page).
function chooseShown() {
  if (MODE === "replay") return "replay";
  if (!T.held.length) return SPEC;
  if (!hotSeat()) return String(T.held[0]);
  const any = T.payloads.get(SPEC) || T.payloads.get(String(T.held[0]));
  const mover = any ? any.to_move : null;
  if (mover !== null && T.held.includes(mover)) return T.confirmed === mover ? String(mover) : SPEC;
  return T.confirmed !== null && T.payloads.has(String(T.confirmed)) ? String(T.confirmed) : SPEC;
}

function redraw() {
  const key = chooseShown();
  if (T.payloads.has(key)) draw(key, T.payloads.get(key), {});
}

// ------------------------------------------------------------------------------------------ drawing
function draw(key, p, { replaying }) {
  T.shown = key;
  T.shownPayload = p;
  const ctx = ctxFor(p);
  document.title = `${p.game_name} — kansei`;
  $("game-title").replaceChildren(h("b", {}, p.game_name));
  drawSeats(p);
  drawTurn(p);
  drawCurtain(p);
  const board = $("board");
  try {
    T.board.draw(board, p, ctx);
  } catch (e) {
    console.error("board draw", e);
    generic.draw(board, p, ctx);
  }
  board.dataset.game = p.game;
  board.dataset.drawn = String(p.step);
  T.replaying = !!replaying;
  drawMoves(p);
  drawLog(key, p);
  drawChat(p);
  drawMenu(p);
  drawUndo(p);
  drawResult(p);
  hookZoom();
  if (TUTORIAL) Tutorial.drawn(p, T.moves.length > 0);
  Howto.drawn();
}

// ------------------------------------------------------------------------------------------ undo
// After the seat's own move, the server says whether it may be taken back (nobody acted since, nothing
// random drawn, nothing hidden shown): then an Undo button.
function drawUndo(p) {
  const btn = $("undo-btn");
  const mine = MODE === "live" && !p.over && p.last && p.seat !== null && p.last.seat === p.seat && T.held.includes(p.seat);
  if (!mine) { btn.hidden = true; return; }
  const key = `${p.seat}:${p.step}`;
  if (T.undoKey === key) return;
  T.undoKey = key;
  btn.hidden = true;
  api("GET", `/api/rooms/${ROOM}/undo?token=${encodeURIComponent(Tokens.get(ROOM)[p.seat])}`).then((r) => {
    if (T.undoKey !== key) return;
    btn.hidden = !r.undo;
    btn.onclick = async () => {
      btn.disabled = true;
      try { await api("POST", `/api/rooms/${ROOM}/undo`, { token: Tokens.get(ROOM)[p.seat] }); btn.hidden = true; }
      catch (e) { toast(e.message, "error"); }
      finally { btn.disabled = false; }
    };
  }).catch(() => { btn.hidden = true; });
}

// ------------------------------------------------------------------------------------------ chat and notes
function noteLine(n, p) {
  const who = seatName(p, n.seat ?? 0);
  const name = h("b", { class: `who s${n.seat}`, style: { color: colour(n.seat) } }, who);
  if (n.kind === "chat") return h("li", {}, name, t("punct.colon"), n.text);
  const key = { resign: "note.resigned", name: "note.named", close: "note.unlisted", undo: "note.undid" }[n.kind];
  return key ? h("li", { class: "note" }, withNode(key, name)) : null;
}

// A catalogue line with a DOM node (a coloured name) where its {name} placeholder is.
function withNode(key, node) {
  const mark = "\u0001";
  return t(key, { name: mark }).split(mark).flatMap((x, i) => (i ? [node.cloneNode(true), x] : [x]));
}

function drawChat(p) {
  const wrap = $("chat-wrap");
  if (MODE !== "live") { wrap.hidden = true; return; }
  wrap.hidden = false;
  const ol = $("chat");
  const notes = (p.notes || []).slice(-100);
  const stick = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 4;
  ol.replaceChildren(...(notes.length ? notes.map((n) => noteLine(n, p)).filter(Boolean) : [h("li", { class: "muted" }, t("chat.empty"))]));
  if (stick) ol.scrollTop = ol.scrollHeight;
  const canTalk = T.held.length > 0;
  $("chat-form").hidden = !canTalk;
}

function chatSeat() {
  // at a shared screen the seat on screen speaks; else this browser's seat
  const p = T.shownPayload;
  if (p && p.seat !== null && p.seat !== undefined && T.held.includes(p.seat)) return p.seat;
  if (hotSeat() && T.confirmed !== null) return T.confirmed;
  return T.held.length ? T.held[0] : null;
}

function hookChat() {
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    const seat = chatSeat();
    if (seat === null) return;
    if (send(seat, { type: "chat", text })) input.value = "";
  });
}

// ------------------------------------------------------------------------------------------ the table's menu
function drawMenu(p) {
  const menu = $("table-menu");
  const mine = MODE === "live" && T.held.length > 0;
  menu.hidden = !mine;
  $("rules-btn").href = `/rules/${encodeURIComponent(p.game)}`;
  if (!mine) return;
  $("resign-btn").hidden = p.over;
  $("rename-btn").hidden = myName(p) === null;
  $("close-btn").hidden = false;
}

function menuSeat() {
  const p = T.shownPayload;
  if (hotSeat()) return p && p.to_move !== null && T.held.includes(p.to_move) ? p.to_move : chatSeat();
  return T.held[0];
}

// The coach's hint (at tables with a bot): what it would play, lit on the board, nothing played for you.
async function askHint() {
  if (TUTORIAL && Tutorial.hint()) return; // while the lesson's script runs, its step is the hint
  const p = T.shownPayload;
  if (!p || p.seat === null) return;
  const btn = $("hint-btn");
  btn.disabled = true;
  $("preview").replaceChildren(h("div", { class: "muted" }, h("span", { class: "spinner" }), t("hint.thinking")));
  try {
    const r = await api("POST", `/api/rooms/${ROOM}/hint?lang=${encodeURIComponent(T.lang)}`, { token: Tokens.get(ROOM)[p.seat] });
    if (T.shownPayload !== p) return;
    const m = (p.moves || []).find((x) => x.action === r.move);
    $("preview").replaceChildren(h("div", { class: "hint-box", role: "status" },
      h("b", {}, t("hint.says")), " ", r.text, " ", h("small", { class: "muted" }, t("hint.chance", { pct: Math.round(r.chance * 100) }))));
    if (m && m.refs && m.refs.length) {
      for (const el of things()) el.classList.toggle("hinted", m.refs.includes(el.dataset.ref));
    } else if (m) {
      for (const b of document.querySelectorAll("#buttons .move-btn")) b.classList.toggle("hinted", b.dataset.action === m.action);
    }
  } catch (e) {
    $("preview").replaceChildren(h("div", { class: "why" }, e.message));
  } finally { btn.disabled = false; }
}

// ------------------------------------------------------------------------------------------ analysis (replays)
const GRADES = ["inaccuracy", "mistake", "blunder"];

async function loadAnalysis() {
  const box = $("analysis");
  box.hidden = false;
  let a;
  try { a = await api("GET", `/api/rooms/${ROOM}/analysis?lang=${encodeURIComponent(T.lang)}`); }
  catch (e) { box.replaceChildren(h("h3", {}, t("analysis.title")), h("p", { class: "muted" }, e.message)); return; }
  if (a.status === "queued" || a.status === "thinking") {
    // the review is made in the bot pool, one decision at a time: how far it has got, until it is kept
    const going = a.status === "thinking"
      ? h("p", { class: "small muted", id: "analysis-progress" },
        h("progress", { max: String(a.total), value: String(a.done) }), " ", t("analysis.progress", { done: a.done, total: a.total }))
      : null;
    box.replaceChildren(h("h3", {}, t("analysis.title")),
      h("p", { class: "muted" }, h("span", { class: "spinner" }), t("analysis.queued")), going);
    setTimeout(loadAnalysis, 1500);
    return;
  }
  if (a.status === "error") { box.replaceChildren(h("h3", {}, t("analysis.title")), h("p", { class: "why" }, t("analysis.failed", { why: a.error }))); return; }
  drawAnalysis(box, a);
}

function drawAnalysis(box, a) {
  const p = T.payloads.get("replay");
  const names = (p && p.names) || [];
  const name = (s) => names[s] ?? t("player.n", { n: s + 1 });
  const summary = Object.entries(a.summary || {}).map(([seat, counts]) => {
    const parts = GRADES.filter((g) => counts[g]).map((g) => t(`analysis.${g}`, { count: counts[g] }));
    return h("li", {}, h("b", { class: `who s${seat}`, style: { color: colour(Number(seat)) } }, name(Number(seat))), t("punct.colon"),
      parts.length ? parts.join(t("punct.list")) : t("analysis.clean"));
  });
  // the loss to a tenth of a point, as the CLI prints it: whole points read "−5" beside a move graded good
  // (a 4.6-point loss; a fault is graded from 5)
  const tenths = (m) => Math.round(m.loss * 10) / 10;
  const costly = [...(a.moves || [])].filter((m) => tenths(m) > 0).sort((x, y) => y.loss - x.loss).slice(0, 5);
  box.replaceChildren(h("h3", {}, t("analysis.title")),
    h("p", { class: "small muted" }, t("analysis.curve", { name: name(a.curve_seat) })),
    curve(a),
    curveLegend(a, name),
    h("ul", { class: "analysis-summary" }, summary),
    costly.length ? h("h4", {}, t("analysis.costliest")) : null,
    h("ol", { class: "costly" }, costly.map((m) => h("li", {},
      h("button", { type: "button", class: "ghost small", onclick: () => gotoStep(m.ply) }, t("replay.step_short", { step: m.ply + 1 })), " ",
      h("b", { class: `who s${m.seat}`, style: { color: colour(m.seat) } }, name(m.seat)), " ", t(`grade.${m.grade}`), t("punct.colon"),
      m.played_text, " — ", t("analysis.better", { move: m.best_text }), " ",
      h("small", { class: "muted" }, t("analysis.loss", { points: tenths(m).toLocaleString(pageLang(), { maximumFractionDigits: 1 }) }))))));
}

// The win-probability graph: the chance after every move, 50% dashed, a click goes to that step.
function curve(a) {
  const NS = "http://www.w3.org/2000/svg";
  const pts = curvePoints(a);
  const W = 300, H = 90, n = Math.max(1, (a.curve || []).length - 1);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "curve");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("analysis.curve_label"));
  const el = (tag, attrs) => { const x = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) x.setAttribute(k, String(v)); return x; };
  svg.append(el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "mid" }));
  const xy = ([i, c]) => `${(i / n) * W},${H - c * H}`;
  for (const [seat, line] of curveLines(a, pts)) {
    if (line.length < 2) continue;
    const poly = el("polyline", { points: line.map(xy).join(" "), class: "line" });
    if (seat !== null) { poly.dataset.seat = String(seat); poly.style.stroke = colour(seat); }
    svg.append(poly);
  }
  for (const m of a.moves || []) {
    if (!GRADES.includes(m.grade)) continue;
    const c = (a.curve || [])[m.ply + 1] ?? 0.5;
    const dot = el("circle", { cx: ((m.ply + 1) / n) * W, cy: H - c * H, r: 3, class: `g-${m.grade}` });
    dot.addEventListener("click", () => gotoStep(m.ply));
    svg.append(dot);
  }
  svg.addEventListener("click", (ev) => {
    if (ev.target.tagName === "circle") return;
    const r = svg.getBoundingClientRect();
    gotoStep(Math.round(((ev.clientX - r.left) / r.width) * n) - 1);
  });
  return svg;
}

// The measured points of the curve: [move index, chance].
function curvePoints(a) { return (a.curve || []).map((c, i) => [i, c]).filter(([, c]) => c !== null && c !== undefined); }

// The curve's lines: one per seat whose information gave its points (``curve_by``), each ending on the
// game's result, where the seats knew different things; else one line (every card open, one seat's view,
// or an analysis kept before ``curve_by`` was).
function curveLines(a, pts) {
  const by = a.curve_by || [];
  const seats = [...new Set(pts.map(([i]) => by[i]).filter((s) => s !== null && s !== undefined))].sort((x, y) => x - y);
  if (seats.length < 2) return [[null, pts]];
  return seats.map((s) => [s, pts.filter(([i]) => by[i] === s || by[i] === null || by[i] === undefined)]);
}

function curveLegend(a, name) {
  const seats = curveLines(a, curvePoints(a)).map(([s]) => s).filter((s) => s !== null);
  if (!seats.length) return null;
  return h("p", { class: "small muted curve-legend" }, seats.map((s) =>
    h("span", { class: "who", style: { color: colour(s) } }, "— ", t("analysis.seen_by", { name: name(s) }))));
}

function gotoStep(ply) {
  T.replay.step = Math.max(0, Math.min(T.replay.total, ply + 1));
  loadStep().catch((e) => toast(e.message, "error"));
}

function hookMenu() {
  $("hint-btn").onclick = askHint;
  $("rename-btn").onclick = () => { $("table-menu").open = false; askName(T.shownPayload, menuSeat()); };
  $("resign-btn").onclick = async () => {
    $("table-menu").open = false;
    const seat = menuSeat();
    const name = (T.shownPayload.names || [])[seat];
    if (!confirm(hotSeat() ? t("table.resign_sure_named", { name }) : t("table.resign_sure"))) return;
    try { await api("POST", `/api/rooms/${ROOM}/resign`, { token: Tokens.get(ROOM)[seat] }); }
    catch (e) { toast(e.message, "error"); }
  };
  $("close-btn").onclick = async () => {
    $("table-menu").open = false;
    try { await api("POST", `/api/rooms/${ROOM}/close`, { token: Tokens.get(ROOM)[menuSeat()] }); toast(t("table.unlisted")); }
    catch (e) { toast(e.message, "error"); }
  };
  $("leave-btn").onclick = () => { for (const ws of T.sockets.values()) ws.close(); };
  $("always-stop").onchange = (ev) => {
    const p = T.shownPayload;
    if (!p || p.seat === null) return;
    if (ev.target.checked) localStorage.setItem(stopKey(p.seat), "1"); else localStorage.removeItem(stopKey(p.seat));
  };
}

function drawSeats(p) {
  const names = p.names || [];
  $("seat-strip").replaceChildren(...(p.seats || []).map((s, i) => h("span", {
    class: `seat-chip s${i}${p.to_move === i ? " moving" : ""}${p.seat === i && !hotSeat() ? " me" : ""}`,
    style: { "--own": colour(i) },
  }, h("i", { class: `dot ${s.online ? "on" : "off"}`, title: s.online ? t("seat.online") : t("seat.offline") }),
  h("span", { class: "seat-name" }, names[i] ?? t("player.n", { n: i + 1 })),
  s.kind === "bot" ? h("small", { class: "bot-tag", title: botLabel(s.spec) }, t("bot.custom")) : null,
  p.seat === i && !hotSeat() ? h("small", {}, " ", t("seat.you")) : null)),
  ...(p.spectators ? [h("span", { class: "spectators", id: "spectators" }, t("table.spectators", { count: p.spectators }))] : []));
}

function myName(p) {
  const seat = hotSeat() ? null : p.seat;
  if (seat === null || seat === undefined) return null;
  const s = (p.seats || [])[seat];
  return s && s.kind === "human" ? s.name || "" : null;
}

// A person names their own seat (an invitee is asked once; anyone may change theirs from the menu).
function askName(p, seat) {
  const c = $("dialog");
  const input = h("input", { id: "name-input", maxlength: 24, value: ((p.seats || [])[seat] || {}).name || localStorage.getItem("kansei.name") || "", "aria-label": t("lobby.name"), autocomplete: "nickname" });
  const errors = h("div", { class: "errors", role: "alert" });
  const save = async (ev) => {
    ev.preventDefault();
    const token = Tokens.get(ROOM)[seat];
    try {
      await api("POST", `/api/rooms/${ROOM}/name`, { token, name: input.value });
      if (input.value.trim()) localStorage.setItem("kansei.name", input.value.trim());
      c.hidden = true;
    } catch (e) { errors.replaceChildren(e.message); }
  };
  c.replaceChildren(h("form", { class: "curtain-box", role: "dialog", "aria-modal": "true", "aria-labelledby": "name-title", onsubmit: save },
    h("h2", { id: "name-title" }, t("name.title")), h("p", {}, t("name.body")), input, errors,
    h("div", { class: "row" }, h("button", { class: "primary", type: "submit", id: "name-save" }, t("name.save")),
      h("button", { class: "ghost", type: "button", onclick: () => { c.hidden = true; } }, t("action.close")))));
  c.hidden = false;
  setTimeout(() => input.focus(), 0);
}

function botLabel(spec) {
  const known = (T.bots || []).find((b) => b.spec === spec);
  return known ? t(known.key) : t("bot.custom");
}

function drawTurn(p) {
  const el = $("turn");
  el.className = "turn";
  const name = (i) => seatName(p, i);
  if (p.over) { el.textContent = t("turn.over"); return; }
  if (MODE === "replay") { el.textContent = t("replay.step", { step: p.step, total: p.total }); return; }
  const mover = (p.seats || [])[p.to_move];
  if (p.to_move === p.seat && p.seat !== null) {
    el.textContent = hotSeat() ? t("turn.yours.named", { name: name(p.seat) }) : t("turn.yours");
    el.classList.add("mine");
  } else if (mover && mover.kind === "bot") el.replaceChildren(h("span", { class: "spinner" }), t("turn.thinking", { name: name(p.to_move) }));
  else if (p.to_move !== null && p.to_move !== undefined) el.textContent = t("turn.waiting", { name: name(p.to_move) });
  else el.textContent = "";
}

// At a shared screen, the seat to move has not said it is at the screen: its cards are not in the page
// (the spectator's view is drawn), and this box asks for the screen to be passed.
// The seat the hot seat's curtain waits for (the next seat to move, held here, not yet confirmed), or null.
function curtainSeat(p) {
  const mover = p.to_move;
  const need = MODE === "live" && hotSeat() && !p.over && mover !== null && T.held.includes(mover) && T.confirmed !== mover;
  return need ? mover : null;
}

function seatName(p, seat) { return (p.names || [])[seat] ?? t("player.n", { n: seat + 1 }); }

function drawCurtain(p) {
  const box = $("curtain");
  const mover = curtainSeat(p);
  if (mover === null) { box.hidden = true; box.replaceChildren(); return; }
  const name = seatName(p, mover);
  box.replaceChildren(h("div", { class: "curtain-box", role: "dialog", "aria-modal": "true", "aria-labelledby": "curtain-title" },
    h("h2", { id: "curtain-title" }, t("curtain.title", { name })),
    h("p", {}, t("curtain.body", { name })),
    h("button", { class: "primary big", id: "curtain-go", onclick: () => { T.confirmed = mover; box.hidden = true; redraw(); } }, t("curtain.go", { name }))));
  box.hidden = false;
  setTimeout(() => { const b = $("curtain-go"); if (b) b.focus(); }, 0);
}

// ------------------------------------------------------------------------------------------ moves
function drawMoves(p) {
  const mine = MODE === "live" && !T.replaying && p.seat !== null && p.to_move === p.seat && !p.over;
  T.moves = mine ? p.moves || [] : [];
  T.picked = [];
  T.unusable = mine ? p.unusable || {} : {};
  const prompt = $("prompt");
  const handOver = curtainSeat(p); // the seat the hot seat's curtain waits for, if any
  if (mine) prompt.replaceChildren(h("b", {}, p.prompt || t("prompt.default")));
  else if (p.over || MODE === "replay") prompt.replaceChildren();
  else if (handOver !== null) prompt.replaceChildren(h("span", { class: "muted" }, t("prompt.pass_to", { name: seatName(p, handOver) })));
  else if (p.seat === null) prompt.replaceChildren(h("span", { class: "muted" }, t("prompt.watching")));
  else prompt.replaceChildren(h("span", { class: "muted" }, t("prompt.wait")));
  $("actionbar").classList.toggle("mine", mine);
  const hint = $("hint-btn");
  hint.hidden = !(mine && p.hints);
  hint.disabled = false;
  const stopRow = $("always-stop-row");
  stopRow.hidden = !(MODE === "live" && p.seat !== null && T.held.includes(p.seat) && !p.over);
  $("always-stop").checked = alwaysStop(p.seat);
  light();
  if (mine && p.auto && !alwaysStop(p.seat) && !TUTORIAL) autoPlay(p);
}

// "Always stop": per seat, remembered in this browser; off, a lone option plays by itself.
function stopKey(seat) { return `kansei.stop.${ROOM}.${seat}`; }
function alwaysStop(seat) { return seat !== null && seat !== undefined && localStorage.getItem(stopKey(seat)) === "1"; }

// The table plays the seat's only sensible move by itself (the game says nothing else matters), once per
// step, after a moment the player sees it in the action bar.
function autoPlay(p) {
  const key = `${p.seat}:${p.step}`;
  if (T.autoDone === key) return;
  T.autoDone = key;
  const m = (p.moves || []).find((x) => x.action === p.auto);
  if (!m) return;
  $("preview").replaceChildren(h("div", { class: "preview-text auto" }, t("auto.playing", { move: m.text })));
  const speed = SPEEDS[T.speed] ?? 1;
  document.body.dataset.auto = "1"; // the table is about to move for the player (tests wait on this)
  setTimeout(() => {
    document.body.dataset.auto = "";
    const now = T.shownPayload;
    if (now && now.step === p.step && now.seat === p.seat && !T.pending && !alwaysStop(p.seat)) commit(m);
  }, 700 * Math.max(speed, 0.3));
}

function things() { return [...$("board").querySelectorAll("[data-ref]")]; }

// Light up what can be picked now, dim what cannot (with the engine's reason), mark the selection.
function light() {
  const sel = Pick.narrow(T.moves, T.picked);
  const lit = T.picked.length ? sel.next : Pick.starts(T.moves);
  const all = Pick.touched(T.moves);
  for (const el of things()) {
    const ref = el.dataset.ref;
    const on = lit.has(ref);
    const picked = T.picked.includes(ref);
    el.classList.toggle("playable", on);
    el.classList.toggle("selected", picked);
    el.classList.toggle("next", on && T.picked.length > 0);
    const why = T.unusable[ref];
    el.classList.toggle("unusable", !on && !picked && !!why);
    el.classList.toggle("inert", !on && !picked && !why && T.moves.length > 0 && !all.has(ref));
    if (on || picked) {
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", String(picked));
      el.removeAttribute("aria-disabled");
      el.removeAttribute("aria-description");
      el.dataset.hint = "1"; // its title (what picking it does) is worked out when pointed at or focused
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-pressed");
      delete el.dataset.hint;
      if (why) { el.setAttribute("aria-disabled", "true"); el.setAttribute("role", "button"); el.title = why; el.setAttribute("aria-description", why); }
      else { el.removeAttribute("role"); el.removeAttribute("aria-disabled"); el.removeAttribute("aria-description"); el.removeAttribute("title"); }
    }
    if (!el.dataset.wired) {
      el.dataset.wired = "1";
      el.addEventListener("click", (ev) => { if (el.classList.contains("playable") || el.classList.contains("selected")) { ev.stopPropagation(); choose(ref); } else if (el.classList.contains("unusable")) { ev.stopPropagation(); showWhy(el.dataset.ref); } });
      const explain = () => { if (el.dataset.hint) el.title = hintFor(el.dataset.ref); };
      el.addEventListener("mouseenter", explain);
      el.addEventListener("focus", explain);
      el.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && el.tabIndex === 0) { ev.preventDefault(); ev.stopPropagation(); choose(ref); } });
    }
  }
  drawChoices(sel);
}

function hintFor(ref) {
  const sel = Pick.narrow(T.moves, [...T.picked, ref]);
  if (sel.decided) return sel.decided.text;
  return t("pick.several", { count: sel.candidates.length });
}

function showWhy(ref) {
  $("preview").replaceChildren(h("div", { class: "why" }, T.unusable[ref]));
}

function choose(ref) {
  if (T.pending) return;
  T.picked = Pick.pick(T.moves, T.picked, ref);
  unghost();
  light();
}

function drawChoices(sel) {
  const box = $("choices");
  const preview = $("preview");
  const buttons = Pick.buttons(T.moves).map((m) => moveButton(m, "move-btn"));
  $("buttons").replaceChildren(...buttons);
  if (!T.picked.length) {
    preview.replaceChildren();
    box.replaceChildren();
    // one thing to do and nothing to pick first: one click
    return;
  }
  if (sel.decided) { decide(sel.decided); return; }
  const list = sel.exact.length > 1 || (sel.candidates.length <= 6 && sel.candidates.length > 1) ? (sel.exact.length > 1 ? sel.exact : sel.candidates) : [];
  preview.replaceChildren(h("div", { class: "muted" }, sel.next.size ? t("pick.next") : t("pick.which")));
  box.replaceChildren(...list.map((m) => moveButton(m, "choice")),
    h("button", { class: "ghost", id: "cancel", onclick: clearSelection }, t("action.cancel")));
}

function moveButton(m, cls) {
  return h("button", { class: `${cls} kind-${cssId(m.kind)}`, type: "button", dataset: { action: m.action }, onclick: () => decide(m) },
    m.text || m.action, rulesLinks(m));
}

function rulesLinks(m) {
  const ids = m.rules || [];
  if (!ids.length || !T.shownPayload) return null;
  return h("span", { class: "rule-links" }, ids.map((id) => h("a", { href: rulesHref(T.shownPayload.game, id), target: "_blank", rel: "noopener", class: "rule-link", title: t("rules.link", { id }), onclick: (ev) => ev.stopPropagation() }, "?")).slice(0, 1));
}

// One move chosen: its description, the board's ghost of it, and Confirm.
function decide(m) {
  const p = T.shownPayload;
  $("preview").replaceChildren(h("div", { class: "preview-text" }, m.text || m.action), rulesLinks(m));
  $("choices").replaceChildren(
    h("button", { class: "primary big", id: "confirm", type: "button", dataset: { action: m.action }, onclick: () => commit(m) }, t("action.confirm")),
    h("button", { class: "ghost", id: "cancel", type: "button", onclick: clearSelection }, t("action.cancel")));
  for (const el of things()) el.classList.toggle("selected", (m.refs || []).includes(el.dataset.ref));
  ghostWith(m, null, p);
  const c = $("confirm"); if (c) c.focus({ preventScroll: true });
  askPreview(m, p);
}

function ghostWith(m, preview, p) {
  unghost();
  T.deciding = m;
  // on the next frame the pick is brought into sight: the bar may keep its size, and a ghost redrawn when the
  // server's preview lands can move the pick without resizing the board (so no observer below would see it)
  requestAnimationFrame(keepInSight);
  if (!T.board.ghost) return;
  try { T.board.ghost(m, preview, ctxFor(p)); T.ghosted = true; } catch (e) { console.error("ghost", e); }
}

// The server's preview of the chosen move (POST …/preview: the seat's view after it, or null when luck or
// something hidden decides it); the board's ghost is drawn again with it while the same move is chosen.
// #preview[data-ghost] says where that stands: asking, view (drawn from the preview) or text (none).
const previews = new Map(); // `${step}:${seat}:${index}` -> preview or null
async function askPreview(m, p) {
  const box = $("preview");
  const token = MODE === "live" && p.seat !== null && p.seat !== undefined ? (Tokens.get(ROOM) || {})[p.seat] : null;
  const index = (p.moves || []).indexOf(m);
  box.dataset.ghost = "asking";
  if (!token || index < 0 || !T.board.ghost) { box.dataset.ghost = "text"; return; }
  const key = `${p.step}:${p.seat}:${index}`;
  if (!previews.has(key)) {
    let r;
    try { r = await api("POST", `/api/rooms/${ROOM}/preview`, { token, move: index, step: p.step }); } catch { r = { preview: null }; }
    if (previews.size > 200) previews.clear();
    previews.set(key, r.preview || null);
  }
  if (T.deciding !== m || T.shownPayload !== p || T.pending) return;
  const preview = previews.get(key);
  if (preview) ghostWith(m, preview, p);
  box.dataset.ghost = preview ? "view" : "text";
}

function unghost() {
  if (T.ghosted && T.board.unghost) { try { T.board.unghost(ctxFor(T.shownPayload)); } catch (e) { console.error("unghost", e); } }
  T.ghosted = false;
  T.deciding = null;
  delete $("preview").dataset.ghost;
}

function clearSelection() {
  T.picked = [];
  unghost();
  $("preview").replaceChildren();
  light();
}

function commit(m) {
  const p = T.shownPayload;
  if (!p || T.pending) return;
  unghost();
  if (!send(p.seat, { type: "action", action: m.action, step: p.step })) return;
  T.pending = true;
  T.moves = [];
  T.picked = [];
  light();
  $("preview").replaceChildren();
  $("buttons").replaceChildren(h("span", { class: "muted", id: "sending" }, t("action.sending")));
}

function showError(message) { $("preview").replaceChildren(h("div", { class: "error", role: "alert" }, message)); }

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") clearSelection();
});

// ------------------------------------------------------------------------------------------ log
function drawLog(key, p) {
  const lines = [];
  const breaks = new Set(p.breaks || []);
  let group = 0;
  (p.log || []).forEach((text, i) => {
    if (breaks.has(i)) group += 1;
    if (text) lines.push({ text, group, fresh: i >= (p.log.length - (p.fresh || 0)) });
  });
  const ol = $("log");
  const names = (p.names || []).map((n, i) => [n, i]).filter(([n]) => n).sort((a, b) => b[0].length - a[0].length);
  let delay = 0;
  let lastGroup = null;
  const items = lines.slice(-200).map((l) => {
    const li = h("li", { class: l.fresh ? "fresh" : "" }, colourNames(l.text, names));
    if (l.fresh) {
      if (lastGroup !== null && l.group !== lastGroup) delay += 250;
      li.style.animationDelay = `${Math.min(delay, 1500)}ms`;
      lastGroup = l.group;
    }
    return li;
  });
  ol.replaceChildren(...items);
  p.fresh = 0;
  ol.scrollTop = ol.scrollHeight;
}

// The players' names in a line of the log, each in its player's colour (found as the table's own names).
function colourNames(text, names) {
  if (!names.length) return text;
  const out = [];
  let rest = text;
  while (rest) {
    let best = null;
    for (const [n, i] of names) {
      const at = rest.indexOf(n);
      if (at >= 0 && (best === null || at < best.at)) best = { at, n, i };
    }
    if (!best) { out.push(rest); break; }
    out.push(rest.slice(0, best.at), h("b", { class: `who s${best.i}`, style: { color: colour(best.i) } }, best.n));
    rest = rest.slice(best.at + best.n.length);
  }
  return out;
}

// ------------------------------------------------------------------------------------------ result
function placings(returns) {
  const order = returns.map((r, i) => [r, i]).sort((a, b) => b[0] - a[0]);
  const out = new Array(returns.length);
  order.forEach(([r, i], k) => { out[i] = k > 0 && order[k - 1][0] === r ? out[order[k - 1][1]] : k + 1; });
  return out;
}

// True when a shown box already shows what `parts` name (then it is left alone: a button being pressed is
// never swapped for a copy between the press and the release); otherwise records them for the redraw.
function unchanged(box, parts) {
  const key = JSON.stringify(parts);
  if (!box.hidden && box.dataset.key === key) return true;
  box.dataset.key = key;
  return false;
}

function drawResult(p) {
  const box = $("result");
  if (!p.over || !p.result || MODE === "replay") { box.hidden = true; return; }
  if (box.dataset.closed === ROOM) return; // closed by the player: the bar keeps the result's buttons
  const names = p.names || [];
  // a payload that changes nothing here (a seat coming online) leaves the box alone
  if (unchanged(box, [ROOM, p.step, p.rematch || null, T.held.length, hotSeat(), names, p.result])) { drawAfter(p); return; }
  const w = p.result.winner;
  const returns = p.result.returns || [];
  const places = placings(returns);
  const me = hotSeat() ? null : p.seat;
  const title = w === null || w === undefined ? t("result.draw") : me === w ? t("result.you_win") : t("result.wins", { name: names[w] });
  const resigned = p.result.resigned;
  const rows = returns.map((_, i) => i).sort((a, b) => places[a] - places[b]).map((i) => h("tr", { class: i === w ? "winner" : "" },
    h("td", {}, place(places[i])), h("td", {}, h("span", { class: `dot s${i}` }), names[i]), h("td", {}, i === me ? t("seat.you") : "")));
  const told = resigned !== undefined && resigned !== null ? [t("result.resigned", { name: names[resigned] })] : (p.log || []).filter(Boolean).slice(-2);
  box.replaceChildren(h("div", { class: `result-box${me === w ? " won" : ""}`, role: "dialog", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, title),
    told.length ? h("div", { class: "result-told muted" }, told.map((x) => h("div", {}, x))) : null,
    h("table", {}, h("tbody", {}, rows)),
    h("div", { class: "row" }, afterButtons(p), h("button", { class: "ghost", id: "result-close", onclick: () => { box.dataset.closed = ROOM; box.hidden = true; drawAfter(p); } }, t("result.look")))));
  box.hidden = false;
  drawAfter(p);
}

// What the table offers once a game is over: rematch, replay, download, lobby (in the result box and,
// once it is closed, in the action bar).
function afterButtons(p) {
  const out = [];
  const mine = T.held.length > 0;
  if (p.rematch) out.push(h("a", { class: "button primary", id: "join-rematch", href: roomHref(p.rematch), onclick: () => carryTokens(p.rematch) }, t("result.join_rematch")));
  else if (mine) out.push(h("button", { class: "primary", id: "rematch", onclick: rematch }, t("result.rematch")));
  out.push(h("a", { class: "button", href: `/replay/${ROOM}` }, t("result.replay")));
  out.push(h("a", { class: "button", id: "analysis-link", href: `/replay/${ROOM}#analysis` }, t("result.analysis")));
  out.push(h("a", { class: "button", href: `/api/rooms/${ROOM}/replay`, download: "" }, t("result.download")));
  out.push(h("a", { class: "button ghost", href: "/" }, t("nav.lobby")));
  return out;
}

function drawAfter(p) {
  const box = $("after");
  if (!p.over || MODE === "replay") { box.hidden = true; return; }
  if (unchanged(box, [ROOM, p.rematch || null, T.held.length])) return; // the same buttons: left under the player's finger
  box.replaceChildren(...afterButtons(p).map((b) => { b.id = b.id ? `${b.id}-bar` : ""; return b; }));
  box.hidden = false;
}

function carryTokens(newRoom) {
  for (const [seat, token] of Object.entries(Tokens.get(ROOM))) Tokens.add(newRoom, seat, token);
}

// Another room's table with this table's card-text language (the page's language is the page's own)
function roomHref(room) { return `/room/${room}?cards=${encodeURIComponent(T.lang)}`; }

async function rematch() {
  const token = Object.values(Tokens.get(ROOM))[0];
  try {
    const r = await api("POST", `/api/rooms/${ROOM}/rematch`, { token });
    carryTokens(r.room);
    location.href = roomHref(r.room);
  } catch (e) { toast(e.message, "error"); }
}

// ------------------------------------------------------------------------------------------ zoom
function hookZoom() {
  const zoom = $("zoom");
  for (const el of document.querySelectorAll("#board .card[data-card]")) {
    if (el.dataset.zoom) continue;
    el.dataset.zoom = "1";
    el.addEventListener("mouseenter", () => { zoom.replaceChildren(T.cards.face(el.dataset.card, { size: "full" })); zoom.hidden = false; });
    el.addEventListener("mouseleave", () => { zoom.hidden = true; });
    el.addEventListener("contextmenu", (ev) => { ev.preventDefault(); showCard(el.dataset.card); });
  }
}

// A card whole (every stat, all its words): a long press on a phone (its context menu), or a right click.
function showCard(slug) {
  const c = $("dialog");
  const close = () => { c.hidden = true; c.replaceChildren(); };
  c.hidden = false;
  c.replaceChildren(h("div", { class: "curtain-box card-detail", role: "dialog", "aria-label": T.cards.name(slug), onclick: close },
    T.cards.face(slug, { size: "full" }),
    h("button", { class: "primary", type: "button", id: "card-detail-close" }, t("action.close"))));
  $("card-detail-close").focus();
}

// ------------------------------------------------------------------------------------------ replay mode
// The step asked last is the one shown: an answer overtaken by a later click is dropped (they may arrive out
// of order), and the controls show once the replay's length is known (before that a click could not step).
async function loadStep() {
  const r = T.replay;
  const step = r.step;
  const asked = ++r.asked;
  const p = await api("GET", `/api/rooms/${ROOM}/steps/${step}?seat=${r.seat}&lang=${encodeURIComponent(T.lang)}`);
  if (asked !== r.asked) return;
  if (r.seat === "all") p.seat = null;
  r.total = p.total;
  p.over = false;
  p.fresh = Math.min(3, p.log.length);
  T.payloads.set("replay", p);
  $("rp-step").max = String(p.total);
  $("rp-step").value = String(step);
  $("rp-label").textContent = t("replay.step", { step, total: p.total });
  $("replay-bar").hidden = false;
  const sel = $("rp-seat");
  if (!sel.options.length) {
    sel.append(h("option", { value: "all" }, t("replay.all_open")));
    (p.names || []).forEach((n, i) => sel.append(h("option", { value: String(i) }, t("replay.view_of", { name: n }))));
  }
  await setup(p);
  draw("replay", p, {});
}

function replayControls() {
  const r = T.replay;
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
    r.timer = setInterval(() => {
      if (r.step >= r.total) { clearInterval(r.timer); r.timer = null; $("rp-play").textContent = "▶▶"; } else go(r.step + 1);
    }, 900 * Math.max(0.3, SPEEDS[T.speed] || 1));
  };
}

// ------------------------------------------------------------------------------------------ set-up
async function setup(p) {
  if (T.ready) return;
  T.ready = true;
  const games = await api("GET", "/api/games");
  T.bots = games.bots;
  T.game = games.games.find((g) => g.id === p.game) || { id: p.game, board: null, languages: p.languages };
  const [board, cards] = await Promise.all([loadBoard(T.game.board), CardPool.load(p.game, T.lang)]);
  T.board = board;
  T.cards = cards;
  Howto.hook(board, T.game.name || p.game_name, new URLSearchParams(location.search).get("howto") === "1");
  const sel = $("lang");
  for (const l of p.languages) sel.append(h("option", { value: l }, l.toUpperCase()));
  sel.value = T.lang;
  sel.hidden = p.languages.length < 2;
  sel.onchange = () => { const u = new URL(location.href); u.searchParams.set("cards", sel.value); location.href = u.toString(); };
  const speed = $("speed");
  speed.value = T.speed;
  speed.onchange = () => { T.speed = speed.value; localStorage.setItem("kansei.speed", T.speed); };
  $("skip").onclick = () => { if (T.skip) T.skip.abort(); T.speed === "instant" || skipQueue(); };
}

function skipQueue() {
  const latest = new Map(T.queue);
  T.queue = [...latest.entries()];
  if (T.skip) T.skip.abort();
}

async function start() {
  const params = new URLSearchParams(location.search);
  // the game text's language: ?cards=, else a ?lang= link's (which sets the page's too), else the page's
  T.lang = params.get("cards") || params.get("lang") || pageLang();
  if (MODE === "replay") {
    // nothing is played in a replay: no action bar (on a phone an empty one would sit fixed over the page)
    $("actionbar").hidden = true;
    T.replay.step = Number(params.get("step") || 0);
    replayControls();
    try { await loadStep(); } catch (e) { $("board").replaceChildren(h("div", { class: "empty" }, e.message)); return; }
    loadAnalysis();
    return;
  }
  await claimUrlToken();
  let first;
  try { first = await api("GET", `/api/rooms/${ROOM}?lang=${encodeURIComponent(T.lang)}`); }
  catch (e) { $("board").replaceChildren(h("div", { class: "empty" }, e.message, " ", h("a", { href: "/" }, t("nav.lobby")))); return; }
  if (!first.languages.includes(T.lang)) T.lang = first.lang;
  await setup(first);
  const tokens = Tokens.get(ROOM);
  T.held = Object.keys(tokens).map(Number).filter((s) => Number.isInteger(s)).sort((a, b) => a - b);
  const inv = readJson(`kansei.invites.${ROOM}`, null);
  if (inv) { const b = $("invite-btn"); b.hidden = false; b.onclick = () => showInvites(inv); }
  hookChat();
  hookMenu();
  if (!T.held.length || hotSeat()) connect(SPEC, null);
  for (const s of T.held) connect(String(s), tokens[s]);
  if (T.invited !== undefined && !TUTORIAL && !((first.seats || [])[T.invited] || {}).name) askName(first, T.invited);
}

function showInvites(links) {
  const c = $("dialog");
  c.hidden = false;
  c.replaceChildren(h("div", { class: "curtain-box", role: "dialog", "aria-labelledby": "invite-title" }, h("h2", { id: "invite-title" }, t("invite.title")),
    ...Object.entries(links).map(([seat, link]) => h("div", { class: "row" }, h("b", {}, t("player.n", { n: Number(seat) + 1 })),
      h("input", { value: location.origin + link, readonly: true, size: 40, "aria-label": t("invite.link") }),
      h("button", { onclick: () => navigator.clipboard?.writeText(location.origin + link).then(() => toast(t("invite.copied"))) }, t("invite.copy")))),
    h("button", { class: "primary", onclick: () => { c.hidden = true; } }, t("action.close"))));
}

// phones: the fixed action bar's height is kept free at the bottom of the page (--bar-h: the page's bottom
// padding and its scroll padding, so whatever the browser brings into view lands above the bar), and what
// the player picked stays in sight above it when the bar grows to show the choices and Confirm
function keepInSight() {
  const bar = $("actionbar");
  if (getComputedStyle(bar).position !== "fixed") return;
  const top = bar.getBoundingClientRect().top;
  let picked = [...document.querySelectorAll("#board .selected")].filter((el) => el.getBoundingClientRect().width);
  if (picked.length > 1) {
    // every piece of the move where they fit together above the bar; else the piece picked last (a card in
    // hand and a tile at the top of the course may lie further apart than a phone shows): scrolling to each
    // in turn would leave the player looking at whichever came last in the page
    const rects = picked.map((el) => el.getBoundingClientRect());
    const span = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
    if (span > top) {
      const last = T.picked[T.picked.length - 1];
      picked = [picked.find((el) => el.dataset.ref === last) || picked[picked.length - 1]];
    }
  }
  for (const el of picked.length ? picked : document.querySelectorAll("#board .next")) {
    const r = el.getBoundingClientRect();
    // above: within its scroll margin (the lift may still be easing in, so `r.top < 0` could come only later)
    const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
    if (r.width && (r.bottom > top || r.top < margin)) el.scrollIntoView({ block: "nearest" });
  }
}
// the board is watched too: a ghost drawn when the server's preview comes back can open a pile above the
// hand and push the pick down under the bar
if (typeof ResizeObserver !== "undefined") {
  const watch = new ResizeObserver((entries) => {
    const bar = entries.find((e) => e.target.id === "actionbar");
    if (bar) document.documentElement.style.setProperty("--bar-h", `${Math.ceil(bar.target.offsetHeight) + 8}px`);
    // the board growing while nothing is picked leaves the player's scroll alone
    if (bar || document.querySelector("#board .selected")) keepInSight();
  });
  watch.observe($("actionbar"));
  watch.observe($("board"));
}

start();
