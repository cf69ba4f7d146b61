// Card faces drawn from the content (game.cards(lang)): name, kind, stats, text, colour, tags.
"use strict";

const Cards = {
  game: null, lang: null, bySlug: new Map(), names: {},
  async load(game, lang) {
    if (this.game === game && this.lang === lang) return;
    const data = await api("GET", `/api/games/${encodeURIComponent(game)}/cards?lang=${encodeURIComponent(lang || "")}`);
    this.game = game; this.lang = data.lang; this.names = data.names || {};
    this.bySlug = new Map(data.cards.map((c) => [c.slug, c]));
    this.list = data.cards;
  },
  // A card's slug from any name it is shown under (any language), or from its slug.
  slug(ref) {
    if (ref === null || ref === undefined) return null;
    const s = String(ref);
    if (this.names[s]) return this.names[s];
    const base = s.replace(/#\d+$/, "");
    if (this.names[base]) return this.names[base];
    const guess = base.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    return this.bySlug.has(guess) ? guess : null;
  },
  get(ref) { const s = this.slug(ref); return s ? this.bySlug.get(s) : null; },
  name(ref) { const c = this.get(ref); return c ? c.name : this.title(ref); },
  // a card the pool does not know: its slug ("counter-sign") shown as words ("Counter Sign")
  title(ref) {
    const s = String(ref ?? "?");
    return /^[a-z0-9]+(-[a-z0-9]+)*(#\d+)?$/.test(s) ? s.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") : s;
  },
  colour(card) {
    if (!card || !card.colour) return null;
    const c = String(card.colour);
    if (/^#[0-9a-f]{3,8}$/i.test(c)) return c;
    let hash = 0; for (const ch of c) hash = (hash * 31 + ch.codePointAt(0)) % 360;
    const named = { red: 4, blue: 215, green: 130, yellow: 48, black: 250, white: 45, purple: 280, pink: 330,
      orange: 25, brown: 28, grey: 210, gray: 210, fire: 10, water: 205, ice: 190, plant: 110, rock: 35,
      spooky: 275, electric: 52, pixie: 320 };
    const key = c.toLowerCase().split(/[^a-z]+/).find((w) => w in named);
    return `hsl(${key ? named[key] : hash} 55% 45%)`;
  },
  // A face: size "mini" (on the board), "card" (in hand) or "full" (the zoom).
  face(ref, opts = {}) {
    const card = this.get(ref);
    const size = opts.size || "card";
    const label = opts.label || (card ? card.name : this.title(ref));
    const el = h("div", { class: `card ${size}${card ? "" : " unknown"}${opts.class ? " " + opts.class : ""}`,
      title: card ? `${card.name}${card.text ? " — " + card.text : ""}` : label });
    const col = this.colour(card);
    if (col) el.style.setProperty("--card", col);
    el.append(h("div", { class: "card-name" }, label));
    if (card) {
      const kind = [card.kind, ...(card.tags || []).slice(0, size === "full" ? 8 : 2)].filter(Boolean).join(" · ");
      if (kind) el.append(h("div", { class: "card-kind" }, kind));
      const stats = Object.entries(card.stats || {});
      if (stats.length) el.append(h("div", { class: "card-stats" },
        stats.slice(0, size === "mini" ? 2 : size === "full" ? 12 : 5).map(([k, v]) => h("span", { class: "stat" }, h("b", {}, String(v)), " ", k))));
      if (card.text && size !== "mini") el.append(h("div", { class: "card-text" }, card.text));
      if (card.house) el.append(h("div", { class: "house", title: "house content" }, "H"));
    }
    if (opts.refs) el.dataset.refs = opts.refs.join(" ");
    el.dataset.cardref = card ? card.slug : String(ref ?? "");
    return el;
  },
  back(label, opts = {}) {
    return h("div", { class: `card back ${opts.size || "mini"}`, title: label || "face down" }, h("span", {}, label || ""));
  },
};
