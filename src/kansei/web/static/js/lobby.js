// The lobby: pick a game, its options (each explained by its own description, linked to its rule, in the
// page's language where the game has the words: /api/games?lang=) and decks,
// fill the seats (you, a friend by link, a friend on this screen, or a bot of some strength), start; or
// watch a table being played, resume one of yours.
import { $, api, h, toast, Tokens, readJson, copyText } from "./dom.js";
import { t, lang as pageLang } from "./i18n.js";

const L = { games: [], bots: [], game: null };
const RULE_ID = /^([A-Z]{1,4}-[A-Z]{1,3}\d+[a-z]?)\b[^:：]*[:：]\s*/; // "MD-O3 uphill touge: the track in reverse"

function myDecks(game) { return readJson(`kansei.decks.${game}`, []); }

// A game's title and a starter deck's name and words as the page's language has them (/api/games?lang=);
// the deck is still asked for by its English name (`starter:NAME`), the key stored games keep.
function title(g) { return g.title || g.name; }
function starterWords(g, name) { return (g.starters || []).find((d) => d.name === name) || { title: name, text: "" }; }

function pretty(v) { return String(v).replace(/_/g, " "); }

// An option's value as words: the game's own (x-kansei-labels, in the page's language where it has them);
// else "seat0" is the first player (people count from 1), null none, anything else the value itself.
function valueLabel(v, labels) {
  if (v === null) return t("lobby.option.none");
  if (labels && Object.hasOwn(labels, v)) return labels[v];
  const seat = /^seat(\d+)$/.exec(String(v));
  return seat ? t("player.n", { n: Number(seat[1]) + 1 }) : pretty(v);
}

function optionField(name, schema, game) {
  const s = schema.anyOf ? schema.anyOf.find((x) => x.enum) || schema.anyOf.find((x) => x.type !== "null") || schema : schema;
  const choices = schema.enum || s.enum;
  const label = schema.title || pretty(name);
  const id = `opt-${name}`;
  let input;
  if (choices) {
    input = h("select", { id, name }, choices.map((v) => h("option", { value: v === null ? "" : v, selected: v === schema.default }, valueLabel(v, schema["x-kansei-labels"]))));
  } else if (s.type === "boolean") {
    input = h("input", { id, name, type: "checkbox", checked: !!schema.default });
  } else if (s.type === "integer" || s.type === "number") {
    input = h("input", { id, name, type: "number", value: schema.default ?? "", step: s.type === "integer" ? "1" : "any", min: s.minimum ?? null, max: s.maximum ?? null });
  } else {
    input = h("input", { id, name, value: schema.default ?? "", maxlength: 60 });
  }
  input.dataset.option = name;
  input.dataset.kind = choices ? "enum" : s.type;
  const desc = String(schema.description || "");
  const rule = RULE_ID.exec(desc);
  const help = rule ? desc.slice(rule[0].length) : desc;
  const helpId = `${id}-help`;
  if (help) input.setAttribute("aria-describedby", helpId);
  const ruleLink = rule ? h("a", { class: "rule-link", href: `/rules/${game.id}#${rule[1].toLowerCase()}`, target: "_blank", rel: "noopener", title: t("rules.link", { id: rule[1] }) }, "?") : null;
  return h("div", { class: `opt ${s.type === "boolean" ? "check" : ""}` },
    h("label", { for: id }, s.type === "boolean" ? [input, " ", label] : label), s.type === "boolean" ? null : input,
    help ? h("small", { class: "help", id: helpId }, help, " ", ruleLink) : ruleLink);
}

// A named level as the seat menu offers it: its name, its measured rating (Elo, the greedy bot at 0) and
// CPU time a move (an unranked level, in a game of luck: its time alone); one that cannot play here is
// listed, greyed, with the line saying why.
function levelOption(lv) {
  const level = t(`level.${lv.name}`);
  const r = lv.rating;
  const time = lv.time ? moveTime(lv.time.median) : "?";
  const text = !lv.available ? t("bot.level_unavailable", { level })
    : r ? t("bot.level", { level, rating: `${r.rating > 0 ? "+" : r.rating < 0 ? "−" : ""}${Math.abs(Math.round(r.rating))}`, time })
    : lv.unranked ? t(lv.time ? "bot.level_unranked_time" : "bot.level_unranked", { level, time })
    : t("bot.level_unrated", { level });
  const title = [lv.description, lv.why, r ? t("bot.level_title", { low: Math.round(r.low), high: Math.round(r.high), games: r.games }) : ""].filter(Boolean).join(" · ");
  return h("option", { value: `bot:${lv.agent}`, disabled: !lv.available, title }, text);
}

function moveTime(ms) {
  if (ms === null || ms === undefined) return "?";
  if (ms < 1) return "< 1 ms";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function seatRow(i, g) {
  const kinds = [
    ["you", t("lobby.seat.you")],
    ["invite", t("lobby.seat.invite")],
    ["hotseat", t("lobby.seat.hotseat")],
  ];
  const sel = h("select", { class: "seat-kind", "aria-label": t("lobby.seat.label", { n: i + 1 }), dataset: { seat: i } },
    h("optgroup", { label: t("lobby.people") }, kinds.filter(([v]) => i > 0 || v === "you").map(([v, x]) => h("option", { value: v }, x))),
    g.levels && g.levels.length ? h("optgroup", { label: t("lobby.levels") }, g.levels.map(levelOption)) : null,
    h("optgroup", { label: t("lobby.bots") }, L.bots.map((b) => h("option", { value: `bot:${b.spec}` }, t(b.key))), h("option", { value: "custom" }, t("lobby.seat.custom"))));
  const club = (g.levels || []).find((lv) => lv.name === "club" && lv.available);
  sel.value = i === 0 ? "you" : club ? `bot:${club.agent}` : "bot:greedy";
  const name = h("input", { class: "seat-name", placeholder: t("lobby.name"), "aria-label": t("lobby.name_of", { n: i + 1 }), maxlength: 24, value: i === 0 ? localStorage.getItem("kansei.name") || "" : "" });
  const spec = h("input", { class: "seat-spec", placeholder: "mcts:iters=500", "aria-label": t("lobby.seat.custom"), maxlength: 120, hidden: true });
  const decks = h("select", { class: "seat-deck", "aria-label": t("lobby.deck_of", { n: i + 1 }) },
    h("option", { value: "" }, t("lobby.deck.default")),
    g.starter_decks.length ? h("optgroup", { label: t("lobby.deck.starters") }, g.starter_decks.map((d) => h("option", { value: `starter:${d}`, title: starterWords(g, d).text }, starterWords(g, d).title))) : null,
    myDecks(g.id).length ? h("optgroup", { label: t("lobby.deck.mine") }, myDecks(g.id).map((d, k) => h("option", { value: `mine:${k}` }, d.name))) : null);
  decks.hidden = !g.starter_decks.length && !myDecks(g.id).length;
  const sync = () => {
    const v = sel.value;
    spec.hidden = v !== "custom";
    name.hidden = v.startsWith("bot:") || v === "custom";
  };
  sel.onchange = sync; sync();
  return h("div", { class: "seat-row", dataset: { seat: i } }, h("span", { class: `seat-no dot s${i}` }), h("b", {}, t("player.n", { n: i + 1 })), sel, name, spec, decks);
}

function renderGame(g) {
  L.game = g;
  for (const b of document.querySelectorAll(".game-tile")) b.setAttribute("aria-checked", String(b.dataset.game === g.id));
  const props = (g.options && g.options.properties) || {};
  $("options").replaceChildren(...Object.entries(props).map(([k, s]) => optionField(k, s, g)));
  $("rules-link").href = `/rules/${g.id}`;
  $("rules-link").textContent = t("lobby.rules_of", { game: title(g) });
  $("learn-links").hidden = !g.tutorial; // the lesson (/tutorial/<game>), and its board with "how to play"
  if (g.tutorial) { $("learn-link").href = g.tutorial; $("howto-link").href = `${g.tutorial}?howto=1`; }
  const n = h("select", { id: "players" }, Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k).map((v) => h("option", { value: v }, t("lobby.players", { count: v }))));
  n.onchange = () => renderSeats(g, Number(n.value));
  $("players-row").replaceChildren(g.min_players === g.max_players ? "" : h("label", {}, t("lobby.how_many"), " ", n));
  const langs = g.languages;
  const want = langs.includes(pageLang()) ? pageLang() : langs[0];
  $("lang").replaceChildren(...langs.map((l) => h("option", { value: l, selected: l === want }, (window.KANSEI_LANGS || {})[l] || l.toUpperCase())));
  $("lang-row").hidden = langs.length < 2;
  renderSeats(g, g.min_players);
}

function renderSeats(g, n) {
  $("seats").replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, g)));
}

function collect() {
  const g = L.game;
  const options = {};
  for (const el of document.querySelectorAll("#options [data-option]")) {
    const k = el.dataset.option;
    const schema = g.options.properties[k];
    let v;
    if (el.type === "checkbox") v = el.checked;
    else if (el.dataset.kind === "integer") v = el.value === "" ? null : parseInt(el.value, 10);
    else if (el.dataset.kind === "number") v = el.value === "" ? null : Number(el.value);
    else v = el.value === "" && el.dataset.kind === "enum" ? null : el.value;
    if (v !== null && v !== schema.default) options[k] = v;
  }
  const seats = []; const plan = []; const decks = [];
  let anyDeck = false;
  for (const row of document.querySelectorAll(".seat-row")) {
    const kind = row.querySelector(".seat-kind").value;
    const name = row.querySelector(".seat-name").value.trim();
    if (kind.startsWith("bot:")) seats.push(kind.slice(4));
    else if (kind === "custom") seats.push(row.querySelector(".seat-spec").value.trim() || "random");
    else seats.push({ kind: "human", name: name || null });
    plan.push(kind);
    const d = row.querySelector(".seat-deck").value;
    if (d.startsWith("starter:")) { decks.push(d.slice(8)); anyDeck = true; }
    else if (d.startsWith("mine:")) { decks.push(myDecks(g.id)[Number(d.slice(5))].deck); anyDeck = true; }
    else decks.push(null);
  }
  const body = { game: g.id, options, seats, public: $("public").checked };
  if (anyDeck) body.decks = decks;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  return { body, plan };
}

async function create(ev) {
  ev.preventDefault();
  const { body, plan } = collect();
  $("create-errors").replaceChildren();
  const first = document.querySelector(".seat-row .seat-name");
  if (first && first.value.trim()) localStorage.setItem("kansei.name", first.value.trim());
  let r;
  try { r = await api("POST", "/api/rooms", body); }
  catch (e) {
    $("create-errors").replaceChildren(...(e.problems.length ? e.problems : [e.message]).map((p) => h("div", {}, p)));
    return;
  }
  const invites = {};
  plan.forEach((kind, i) => {
    const tok = r.tokens[String(i)];
    if (!tok) return;
    if (kind === "invite") invites[i] = r.links[String(i)];
    else Tokens.add(r.room, i, tok);
  });
  // ?cards= is the language of the game's own text; the page's words stay in the page's language
  const table = `/room/${r.room}?cards=${encodeURIComponent($("lang").value)}`;
  if (Object.keys(invites).length) {
    localStorage.setItem(`kansei.invites.${r.room}`, JSON.stringify(invites));
    const box = $("invites");
    box.hidden = false;
    box.replaceChildren(h("h2", {}, t("invite.send")),
      ...Object.entries(invites).map(([seat, link]) => h("div", { class: "row" }, h("b", {}, t("player.n", { n: Number(seat) + 1 })),
        h("input", { value: location.origin + link, readonly: true, size: 44, class: "invite-link", "aria-label": t("invite.link") }),
        h("button", { type: "button", onclick: () => copyText(location.origin + link).then(() => toast(t("invite.copied"))) }, t("invite.copy")))),
      h("p", { class: "small muted" }, t("invite.note")),
      h("a", { class: "button primary big", href: table, id: "go-table" }, t("invite.go")));
    box.scrollIntoView({ behavior: "smooth" });
    return;
  }
  location.href = table;
}

function seatNames(seats) {
  return seats.map((s, i) => s.name || t("player.n", { n: i + 1 })).join(t("lobby.vs"));
}

function roomItem(r, mine) {
  const g = L.games.find((x) => x.id === r.game);
  return h("li", {}, h("b", {}, g ? title(g) : r.game), " — ", seatNames(r.seats), " ",
    h("small", { class: "muted" }, t("lobby.moves", { count: r.steps })),
    r.spectators ? h("small", { class: "muted" }, " · ", t("table.spectators", { count: r.spectators })) : null,
    " ", h("a", { class: "button small", href: `/room/${r.room}` }, mine ? t("lobby.resume") : t("lobby.watch")));
}

async function refreshRooms() {
  try {
    const data = await api("GET", "/api/rooms");
    const mine = new Set(Tokens.rooms());
    const list = data.rooms;
    $("open-rooms").replaceChildren(...(list.length ? list.map((r) => roomItem(r, mine.has(r.room))) : [h("li", { class: "muted" }, t("lobby.no_tables"))]));
  } catch { /* the list refreshes again shortly */ }
  const items = [];
  for (const id of Tokens.rooms().slice(0, 10)) {
    try {
      const p = await api("GET", `/api/rooms/${id}?lang=${encodeURIComponent(pageLang())}`);
      items.push(h("li", {}, h("b", {}, p.game_name), " — ", (p.names || []).join(t("lobby.vs")), " ",
        h("small", { class: "muted" }, p.over ? t("lobby.finished") : t("lobby.at_move", { n: p.step })), " ",
        h("a", { class: "button small", href: p.over ? `/replay/${id}` : `/room/${id}` }, p.over ? t("lobby.replay") : t("lobby.resume"))));
    } catch (e) { if (e.status === 404) Tokens.forget(id); }
  }
  $("my-rooms").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, t("lobby.none_yet"))]));
}

async function start() {
  const data = await api("GET", `/api/games?lang=${encodeURIComponent(pageLang())}`);
  L.games = data.games; L.bots = data.bots;
  $("game-picker").replaceChildren(...L.games.map((g) => h("button", { type: "button", class: `game-tile g-${g.id}`, role: "radio", dataset: { game: g.id }, onclick: () => renderGame(g) },
    h("b", {}, title(g)), h("small", {}, g.min_players === g.max_players ? t("lobby.players", { count: g.min_players }) : t("lobby.players_range", { min: g.min_players, max: g.max_players })))));
  const want = new URLSearchParams(location.search).get("game");
  renderGame(L.games.find((g) => g.id === want) || L.games[0]);
  $("new-room").addEventListener("submit", create);
  refreshRooms();
  setInterval(refreshRooms, 5000);
}

start().catch((e) => toast(e.message, "error"));
