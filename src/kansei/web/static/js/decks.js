// The deck builder: browse a game's card pool with filters, build a deck, validate it live with the game's
// own validator (the CLI's: one line per problem), save it for the lobby, import and export deck files.
import { $, api, h, toast } from "./dom.js";
import { t, lang as pageLang } from "./i18n.js";
import { CardPool } from "./cards.js";

const D = { games: [], game: null, deck: { name: "", cards: {} }, starters: [], timer: null };
let Cards = null;
const MAX_DECK_NAME = 40;

// A deck's name as kept: control characters refused (the field says so), runs of spaces one, cut short.
function deckName(text) {
  const clean = String(text || "").replace(/\s+/g, " ").trim();
  return (clean || t("decks.default_name")).slice(0, MAX_DECK_NAME);
}

function mine() { try { return JSON.parse(localStorage.getItem(`kansei.decks.${D.game.id}`) || "[]"); } catch { return []; } }
function saveMine(list) { localStorage.setItem(`kansei.decks.${D.game.id}`, JSON.stringify(list)); }

async function pickGame(id) {
  D.game = D.games.find((g) => g.id === id) || D.games[0];
  $("db-game").value = D.game.id;
  // the cards in the page's language where the game has it (as the lobby's table language)
  $("db-lang").replaceChildren(...D.game.languages.map((l) => h("option", { value: l, selected: l === pageLang() }, l.toUpperCase())));
  $("db-lang").hidden = D.game.languages.length < 2;
  Cards = await CardPool.load(D.game.id, $("db-lang").value);
  let trouble = null;
  // a starter deck copied into the builder is named as the page's language names it (a deck of your own)
  try {
    const got = D.game.starter_decks.length ? await api("GET", `/api/games/${D.game.id}/decks?lang=${encodeURIComponent(pageLang())}`) : { decks: [] };
    D.starters = got.decks.map((d, i) => {
      const w = (got.words || [])[i] || {};
      return { ...d, name: w.title || d.name, ...(typeof d.text === "string" && w.text ? { text: w.text } : {}) };
    });
  } catch (e) { D.starters = []; trouble = e.message; }
  $("db-start").replaceChildren(h("option", { value: "" }, t("decks.start_from")),
    ...D.starters.map((d, i) => h("option", { value: `starter:${i}` }, t("decks.starter", { name: d.name }))),
    ...mine().map((d, i) => h("option", { value: `mine:${i}` }, t("decks.mine", { name: d.name }))),
    h("option", { value: "empty" }, t("decks.empty")));
  drawFilters();
  const noDecks = !D.game.starter_decks.length;
  for (const id of ["db-save", "db-export", "db-name", "db-start"]) $(id).disabled = noDecks;
  setDeck(D.starters[0] ? structuredClone(D.starters[0]) : { name: t("decks.default_name"), cards: {} });
  if (noDecks) $("db-problems").replaceChildren(h("div", {}, t("decks.no_decks", { game: D.game.title || D.game.name })));
  if (trouble) $("db-problems").replaceChildren(h("div", {}, trouble));
  drawPool();
}

// The kind and tag filters of the pool's cards, in the cards' language: a face may keep English keys for
// its kind and tags (a board reads them) and say them in its labels; a choice made stays where it still is.
function drawFilters() {
  const word = (key) => Cards.list.map((c) => (c.labels || {})[key]).find(Boolean) || key;
  for (const [id, every, values] of [
    ["db-kind", "decks.every_kind", Cards.list.map((c) => c.kind).filter(Boolean)],
    ["db-tag", "decks.every_tag", Cards.list.flatMap((c) => c.tags || [])],
  ]) {
    const was = $(id).value;
    $(id).replaceChildren(h("option", { value: "" }, t(every)), ...[...new Set(values)].sort().map((k) => h("option", { value: k }, word(k))));
    $(id).value = [...$(id).options].some((o) => o.value === was) ? was : "";
  }
}

// A deck's own field (a Touge deck's car, a deck's description) by the page's words, else its key.
function fieldLabel(key) {
  const said = t(`decks.field.${key}`);
  return said === `decks.field.${key}` ? key.replace(/_/g, " ") : said;
}

function setDeck(deck) {
  D.deck = { ...deck, cards: { ...(deck.cards || {}) } };
  $("db-name").value = D.deck.name || t("decks.default_name");
  const extras = Object.entries(D.deck).filter(([k, v]) => !["name", "cards"].includes(k) && (typeof v !== "object" || v === null));
  const names = h("datalist", { id: "db-names" }, Cards.list.map((c) => h("option", { value: c.name })));
  $("db-extra").replaceChildren(names, ...extras.map(([k, v]) => h("label", { class: "opt" }, fieldLabel(k),
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
    el.title = t("decks.add_one", { name: c.name });
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
  $("db-count").textContent = t("decks.count", { total, different: entries.length });
  $("db-list").replaceChildren(...entries.map(([name, n]) => {
    const card = Cards.get(name) || { name, slug: name };
    return h("li", {}, h("span", { class: "n" }, `${n}×`), h("span", { class: "nm", title: card.text || "" }, Cards.name(name)),
      h("button", { title: t("decks.less"), "aria-label": t("decks.less"), dataset: { step: "-1" }, onclick: () => add(card, -1) }, "−"), h("button", { title: t("decks.more"), "aria-label": t("decks.more"), dataset: { step: "1" }, onclick: () => add(card, 1) }, "+"));
  }));
}

function changed() {
  clearTimeout(D.timer);
  D.timer = setTimeout(check, 250);
}

async function check() {
  if (!D.game.starter_decks.length) return;
  D.deck.name = deckName($("db-name").value);
  try {
    const r = await api("POST", `/api/games/${D.game.id}/decks/check`, { deck: D.deck });
    $("db-problems").replaceChildren(...(r.problems.length ? r.problems.map((p) => h("div", {}, p)) : [h("span", { class: "ok" }, t("decks.legal"))]));
    $("db-problems").dataset.ok = String(!r.problems.length);
  } catch (e) {
    $("db-problems").replaceChildren(h("div", {}, e.message));
  }
}

function drawMine() {
  $("db-mine").replaceChildren(...(mine().length ? mine().map((d, i) => h("li", {}, h("b", {}, d.name), " ",
    h("button", { class: "small", onclick: () => setDeck(structuredClone(d.deck)) }, t("decks.edit")), " ",
    h("button", { class: "small ghost", onclick: () => { const l = mine(); l.splice(i, 1); saveMine(l); drawMine(); } }, t("decks.delete")))) : [h("li", { class: "muted" }, t("decks.none_saved"))]));
}

async function start() {
  D.games = (await api("GET", `/api/games?lang=${encodeURIComponent(pageLang())}`)).games;
  $("db-game").replaceChildren(...D.games.map((g) => h("option", { value: g.id }, g.title || g.name)));
  $("db-game").onchange = (ev) => pickGame(ev.target.value).then(drawMine);
  $("db-lang").onchange = async () => { Cards = await CardPool.load(D.game.id, $("db-lang").value); drawFilters(); drawPool(); drawDeck(); };
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
    if (/[\u0000-\u001f\u007f]/.test($("db-name").value)) { toast(t("decks.bad_name"), "error"); return; }
    D.deck.name = deckName($("db-name").value);
    const l = mine().filter((d) => d.name !== D.deck.name);
    l.unshift({ name: D.deck.name, deck: structuredClone(D.deck) });
    saveMine(l.slice(0, 40)); drawMine(); toast(t("decks.saved", { name: D.deck.name }));
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
