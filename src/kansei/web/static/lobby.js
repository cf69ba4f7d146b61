// The lobby: pick a game, its options and decks, fill the seats (you, a friend by link, a friend on this
// screen, or a bot of some strength), start; or watch a table being played.
"use strict";

const L = { games: [], bots: [], game: null };
const $ = (id) => document.getElementById(id);

function myDecks(game) {
  try { return JSON.parse(localStorage.getItem(`kansei.decks.${game}`) || "[]"); } catch { return []; }
}

function optionField(name, schema) {
  const s = schema.anyOf ? schema.anyOf.find((x) => x.type !== "null") || schema : schema;
  const label = schema.title || prettyKey(name);
  const id = `opt-${name}`;
  let input;
  if (s.enum) {
    input = h("select", { id, name }, s.enum.map((v) => h("option", { value: v, selected: v === schema.default }, prettyKey(v))));
  } else if (s.type === "boolean") {
    input = h("input", { id, name, type: "checkbox", checked: !!schema.default });
  } else if (s.type === "integer" || s.type === "number") {
    input = h("input", { id, name, type: "number", value: schema.default ?? "", step: s.type === "integer" ? "1" : "any", min: s.minimum ?? s.exclusiveMinimum ?? null, max: s.maximum ?? null });
  } else {
    input = h("input", { id, name, value: schema.default ?? "", maxlength: 60 });
  }
  input.dataset.option = name;
  input.dataset.kind = s.enum ? "enum" : s.type;
  return h("label", { class: `opt ${s.type === "boolean" ? "check" : ""}`, title: schema.description || "" }, s.type === "boolean" ? [input, " ", label] : [label, input]);
}

function seatRow(i, g) {
  const kinds = [
    ["you", i === 0 ? "You" : "You (this browser)"],
    ["invite", "A friend — invite link"],
    ["hotseat", "A friend on this screen"],
  ];
  const sel = h("select", { class: "seat-kind", "aria-label": `seat ${i + 1}`, dataset: { seat: i } },
    h("optgroup", { label: "People" }, kinds.map(([v, t]) => h("option", { value: v }, t))),
    h("optgroup", { label: "Bots" }, L.bots.map((b) => h("option", { value: `bot:${b.spec}` }, b.label)), h("option", { value: "custom" }, "Custom bot spec…")));
  sel.value = i === 0 ? "you" : "bot:greedy";
  const name = h("input", { class: "seat-name", placeholder: "name", maxlength: 24, value: i === 0 ? localStorage.getItem("kansei.name") || "" : "" });
  const spec = h("input", { class: "seat-spec", placeholder: "e.g. mcts:iters=500,rollout=greedy", maxlength: 120, hidden: true });
  const decks = h("select", { class: "seat-deck", "aria-label": `deck of seat ${i + 1}` },
    h("option", { value: "" }, "default deck"),
    g.starter_decks.length ? h("optgroup", { label: "Starter decks" }, g.starter_decks.map((d) => h("option", { value: `starter:${d}` }, d))) : null,
    myDecks(g.id).length ? h("optgroup", { label: "My decks" }, myDecks(g.id).map((d, k) => h("option", { value: `mine:${k}` }, d.name))) : null);
  decks.hidden = !g.starter_decks.length && !myDecks(g.id).length;
  const sync = () => {
    const v = sel.value;
    spec.hidden = v !== "custom";
    name.hidden = v.startsWith("bot:") || v === "custom";
  };
  sel.onchange = sync; sync();
  return h("div", { class: "seat-row", dataset: { seat: i } }, h("span", { class: `seat-no dot s${i}` }), h("b", {}, seatLabel(i)), sel, name, spec, decks);
}

function renderGame(g) {
  L.game = g;
  for (const b of document.querySelectorAll(".game-tile")) b.setAttribute("aria-checked", String(b.dataset.game === g.id));
  const props = (g.options && g.options.properties) || {};
  $("mode-row").replaceChildren();
  $("options").replaceChildren(...Object.entries(props).map(([k, s]) => optionField(k, s)));
  const n = h("select", { id: "players" }, Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k).map((v) => h("option", { value: v }, `${v} players`)));
  n.onchange = () => renderSeats(g, Number(n.value));
  $("players-row").replaceChildren(g.min_players === g.max_players ? "" : h("label", {}, "Racers ", n));
  $("lang").replaceChildren(...g.languages.map((l) => h("option", { value: l }, l.toUpperCase())));
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
    else v = el.value;
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
    const t = r.tokens[String(i)];
    if (!t) return;
    if (kind === "invite") invites[i] = r.links[String(i)];
    else Tokens.add(r.room, i, t);
  });
  const lang = $("lang").value;
  const table = `/room/${r.room}${lang ? "?lang=" + lang : ""}`;
  if (Object.keys(invites).length) {
    localStorage.setItem(`kansei.invites.${r.room}`, JSON.stringify(invites));
    const box = $("invites");
    box.hidden = false;
    box.replaceChildren(h("h2", {}, "Send each friend their link"),
      ...Object.entries(invites).map(([seat, link]) => h("div", { class: "row" }, h("b", {}, seatLabel(Number(seat))), h("input", { value: location.origin + link, readonly: true, size: 44, class: "invite-link" }),
        h("button", { type: "button", onclick: () => copyText(location.origin + link).then(() => toast("link copied")) }, "Copy"))),
      h("p", { class: "small muted" }, "A link is the seat: whoever opens it plays that seat, now or after a reload."),
      h("a", { class: "button primary big", href: table, id: "go-table" }, "Go to the table"));
    box.scrollIntoView({ behavior: "smooth" });
    return;
  }
  location.href = table;
}

function roomItem(r, mine) {
  const g = L.games.find((x) => x.id === r.game);
  const who = r.seats.map((s) => s.name).join(" vs ");
  return h("li", {}, h("b", {}, g ? g.name : r.game), " — ", who, " ", h("small", { class: "muted" }, `${r.steps} moves`),
    " ", h("a", { class: "button small", href: `/room/${r.room}` }, mine ? "Resume" : "Watch"));
}

async function refreshRooms() {
  try {
    const data = await api("GET", "/api/rooms");
    const mine = new Set(Tokens.rooms());
    const list = data.rooms;
    $("open-rooms").replaceChildren(...(list.length ? list.map((r) => roomItem(r, mine.has(r.room))) : [h("li", { class: "muted" }, "No table is being played right now.")]));
  } catch (e) { /* the list refreshes again shortly */ }
  const mineIds = Tokens.rooms().slice(0, 10);
  const items = [];
  for (const id of mineIds) {
    try {
      const p = await api("GET", `/api/rooms/${id}`);
      items.push(h("li", {}, h("b", {}, p.game_name), " — ", p.seats.map((s) => s.name).join(" vs "), " ", h("small", { class: "muted" }, p.over ? "finished" : `move ${p.step}`), " ",
        h("a", { class: "button small", href: p.over ? `/replay/${id}` : `/room/${id}` }, p.over ? "Replay" : "Resume")));
    } catch { /* a table that is gone */ }
  }
  $("my-rooms").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "None yet.")]));
}

async function start() {
  const data = await api("GET", "/api/games");
  L.games = data.games; L.bots = data.bots;
  $("game-picker").replaceChildren(...L.games.map((g) => h("button", { type: "button", class: `game-tile g-${g.id}`, role: "radio", dataset: { game: g.id }, onclick: () => renderGame(g) },
    h("b", {}, g.name), h("small", {}, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`))));
  const want = new URLSearchParams(location.search).get("game");
  renderGame(L.games.find((g) => g.id === want) || L.games[0]);
  $("new-room").addEventListener("submit", create);
  refreshRooms();
  setInterval(refreshRooms, 5000);
}

start();
