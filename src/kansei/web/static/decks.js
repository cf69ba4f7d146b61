// The deck builder: browse a game's card pool with filters, build a deck, validate it live with the game's
// own validator (the CLI's: one line per problem), save it for the lobby, import and export deck files.
"use strict";

const $ = (id) => document.getElementById(id);
const D = { games: [], game: null, deck: { name: "my deck", cards: {} }, starters: [], timer: null };

function mine() { try { return JSON.parse(localStorage.getItem(`kansei.decks.${D.game.id}`) || "[]"); } catch { return []; } }
function saveMine(list) { localStorage.setItem(`kansei.decks.${D.game.id}`, JSON.stringify(list)); }

async function pickGame(id) {
  D.game = D.games.find((g) => g.id === id) || D.games[0];
  $("db-game").value = D.game.id;
  $("db-lang").replaceChildren(...D.game.languages.map((l) => h("option", { value: l }, l.toUpperCase())));
  $("db-lang").hidden = D.game.languages.length < 2;
  await Cards.load(D.game.id, $("db-lang").value);
  let trouble = null;
  try { D.starters = D.game.starter_decks.length ? (await api("GET", `/api/games/${D.game.id}/decks`)).decks : []; }
  catch (e) { D.starters = []; trouble = e.message; }
  $("db-start").replaceChildren(h("option", { value: "" }, "start from…"),
    ...D.starters.map((d, i) => h("option", { value: `starter:${i}` }, `starter: ${d.name}`)),
    ...mine().map((d, i) => h("option", { value: `mine:${i}` }, `mine: ${d.name}`)),
    h("option", { value: "empty" }, "an empty deck"));
  const kinds = [...new Set(Cards.list.map((c) => c.kind).filter(Boolean))].sort();
  const tags = [...new Set(Cards.list.flatMap((c) => c.tags || []))].sort();
  $("db-kind").replaceChildren(h("option", { value: "" }, "every kind"), ...kinds.map((k) => h("option", { value: k }, k)));
  $("db-tag").replaceChildren(h("option", { value: "" }, "every tag"), ...tags.map((k) => h("option", { value: k }, k)));
  const noDecks = !D.game.starter_decks.length;
  for (const id of ["db-save", "db-export", "db-name", "db-start"]) $(id).disabled = noDecks;
  setDeck(D.starters[0] ? structuredClone(D.starters[0]) : { name: "my deck", cards: {} });
  if (noDecks) $("db-problems").replaceChildren(h("div", {}, `${D.game.name} is played without decks: browse its cards here.`));
  if (trouble) $("db-problems").replaceChildren(h("div", {}, trouble));
  drawPool();
}

function setDeck(deck) {
  D.deck = { ...deck, cards: { ...(deck.cards || {}) } };
  $("db-name").value = D.deck.name || "my deck";
  const extras = Object.entries(D.deck).filter(([k, v]) => !["name", "cards"].includes(k) && (typeof v !== "object" || v === null));
  const names = h("datalist", { id: "db-names" }, Cards.list.map((c) => h("option", { value: c.name })));
  $("db-extra").replaceChildren(names, ...extras.map(([k, v]) => h("label", { class: "opt" }, prettyKey(k),
    h("input", { value: v ?? "", list: "db-names", dataset: { key: k }, oninput: (ev) => { D.deck[k] = ev.target.value; changed(); } }))));
  drawDeck();
  changed();
}

function filtered() {
  const q = $("db-search").value.trim().toLowerCase();
  const kind = $("db-kind").value; const tag = $("db-tag").value; const house = $("db-house").checked;
  return Cards.list.filter((c) => (!q || c.name.toLowerCase().includes(q) || (c.text || "").toLowerCase().includes(q))
    && (!kind || c.kind === kind) && (!tag || (c.tags || []).includes(tag)) && (house || !c.house));
}

function inDeck(card) {
  return D.deck.cards[card.name] || Object.entries(D.deck.cards).filter(([n]) => Cards.slug(n) === card.slug).reduce((a, [, n]) => a + n, 0);
}

function drawPool() {
  const cards = filtered();
  $("db-pool").replaceChildren(...cards.map((c) => {
    const el = Cards.face(c.slug);
    const n = inDeck(c);
    if (n) el.append(h("span", { class: "in-deck" }, `×${n}`));
    el.dataset.slug = c.slug;
    el.title = `${c.name}: click to add one`;
    el.addEventListener("click", () => add(c, 1));
    return el;
  }));
}

function add(card, k) {
  const key = Object.keys(D.deck.cards).find((n) => Cards.slug(n) === card.slug) || card.name;
  const n = (D.deck.cards[key] || 0) + k;
  if (n <= 0) delete D.deck.cards[key]; else D.deck.cards[key] = n;
  drawDeck(); drawPool(); changed();
}

function drawDeck() {
  const entries = Object.entries(D.deck.cards).sort(([a], [b]) => a.localeCompare(b));
  const total = entries.reduce((a, [, n]) => a + n, 0);
  $("db-count").textContent = `${total} cards, ${entries.length} different`;
  $("db-list").replaceChildren(...entries.map(([name, n]) => {
    const card = Cards.get(name) || { name, slug: name };
    return h("li", {}, h("span", { class: "n" }, `${n}×`), h("span", { class: "nm", title: card.text || "" }, Cards.name(name)),
      h("button", { title: "one less", onclick: () => add(card, -1) }, "−"), h("button", { title: "one more", onclick: () => add(card, 1) }, "+"));
  }));
}

function changed() {
  clearTimeout(D.timer);
  D.timer = setTimeout(check, 250);
}

async function check() {
  if (!D.game.starter_decks.length) return;
  D.deck.name = $("db-name").value.trim() || "my deck";
  try {
    const r = await api("POST", `/api/games/${D.game.id}/decks/check`, { deck: D.deck });
    $("db-problems").replaceChildren(...(r.problems.length ? r.problems.map((p) => h("div", {}, p)) : [h("span", { class: "ok" }, "✓ a legal deck")]));
    $("db-problems").dataset.ok = String(!r.problems.length);
  } catch (e) {
    $("db-problems").replaceChildren(h("div", {}, e.message));
  }
}

function drawMine() {
  $("db-mine").replaceChildren(...(mine().length ? mine().map((d, i) => h("li", {}, h("b", {}, d.name), " ",
    h("button", { class: "small", onclick: () => setDeck(structuredClone(d.deck)) }, "Edit"), " ",
    h("button", { class: "small ghost", onclick: () => { const l = mine(); l.splice(i, 1); saveMine(l); drawMine(); } }, "Delete"))) : [h("li", { class: "muted" }, "None saved yet: saved decks appear in the lobby's deck menus.")]));
}

async function start() {
  D.games = (await api("GET", "/api/games")).games;
  $("db-game").replaceChildren(...D.games.map((g) => h("option", { value: g.id }, g.name)));
  $("db-game").onchange = (ev) => pickGame(ev.target.value).then(drawMine);
  $("db-lang").onchange = async () => { await Cards.load(D.game.id, $("db-lang").value); drawPool(); drawDeck(); };
  for (const id of ["db-search", "db-kind", "db-tag", "db-house"]) $(id).addEventListener("input", drawPool);
  $("db-name").addEventListener("input", changed);
  $("db-start").onchange = (ev) => {
    const v = ev.target.value;
    if (v.startsWith("starter:")) setDeck(structuredClone(D.starters[Number(v.slice(8))]));
    else if (v.startsWith("mine:")) setDeck(structuredClone(mine()[Number(v.slice(5))].deck));
    else if (v === "empty") setDeck({ ...Object.fromEntries(Object.entries(D.deck).filter(([k]) => k !== "cards")), cards: {} });
    drawPool();
    ev.target.value = "";
  };
  $("db-save").onclick = () => {
    D.deck.name = $("db-name").value.trim() || "my deck";
    const l = mine().filter((d) => d.name !== D.deck.name);
    l.unshift({ name: D.deck.name, deck: structuredClone(D.deck) });
    saveMine(l.slice(0, 40)); drawMine(); toast(`saved "${D.deck.name}"`);
  };
  $("db-export").onclick = async () => {
    const res = await fetch(`/api/games/${D.game.id}/decks/export`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deck: D.deck }) });
    if (!res.ok) { toast((await res.json()).detail, "error"); return; }
    const url = URL.createObjectURL(await res.blob());
    const a = h("a", { href: url, download: `${(D.deck.name || "deck").replace(/[^\w-]+/g, "-")}.toml` });
    document.body.append(a); a.click(); a.remove(); URL.revokeObjectURL(url);
  };
  $("db-import").onchange = async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      const r = await api("POST", `/api/games/${D.game.id}/decks/import`, { text: await file.text(), filename: file.name });
      setDeck(r.deck); drawPool();
    } catch (e) {
      $("db-problems").replaceChildren(...(e.problems.length ? e.problems : [e.message]).map((p) => h("div", {}, p)));
    }
    ev.target.value = "";
  };
  await pickGame(new URLSearchParams(location.search).get("game") || D.games[0].id);
  drawMine();
}

start().catch((e) => toast(e.message, "error"));
