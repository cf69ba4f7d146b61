// Card faces from the content (game.cards(lang)): name, kind, stats, text, colour, tags. Loaded once per game
// and language; a board asks for a card by its slug or by any name it is shown under.
import { api, h } from "./dom.js";

export class CardPool {
  constructor(game, lang, data) {
    this.game = game; this.lang = lang;
    this.list = data.cards || [];
    this.names = data.names || {};
    this.bySlug = new Map(this.list.map((c) => [c.slug, c]));
  }

  static async load(game, lang) {
    const data = await api("GET", `/api/games/${encodeURIComponent(game)}/cards?lang=${encodeURIComponent(lang || "")}`);
    return new CardPool(game, data.lang, data);
  }

  // A card's slug from any name it is shown under (any language), or from its slug.
  slug(ref) {
    if (ref === null || ref === undefined || typeof ref === "object") return null;
    const s = String(ref);
    if (this.names[s]) return this.names[s];
    if (this.bySlug.has(s)) return s;
    return null;
  }

  get(ref) { const s = this.slug(ref); return s ? this.bySlug.get(s) : null; }

  name(ref) { const c = this.get(ref); return c ? c.name : String(ref ?? ""); }

  // A named thing printed on a card that is not a card itself (an ability, a special move, a built-in mod,
  // a pass): the entry of the card's face's `parts` whose `key` is the name the view carries (English), in
  // the pool's language ({key, kind, name, text?, cost?}); null when the card or the entry is unknown.
  part(ref, key) {
    const c = this.get(ref);
    return (c && (c.parts || []).find((p) => p.key === key)) || null;
  }

  // The words of a part (`part(ref, key).name`), else `key` itself as the view gives it.
  partName(ref, key) { const p = this.part(ref, key); return p ? p.name : String(key ?? ""); }

  colour(card) {
    if (!card || !card.colour) return null;
    const c = String(card.colour);
    if (/^#[0-9a-f]{3,8}$/i.test(c)) return c;
    if (typeof CSS !== "undefined" && CSS.supports("color", c)) return c;
    let hash = 0;
    for (const ch of c) hash = (hash * 31 + ch.codePointAt(0)) % 360;
    return `hsl(${hash} 55% 45%)`;
  }

  // A face: size "mini" (on the board), "card" (in hand) or "full" (the zoom, a long press: every stat and
  // the whole text). A game whose faces carry "icons" ({icon, value, title, group}) gets compact small faces.
  face(ref, opts = {}) {
    const card = this.get(ref);
    const size = opts.size || "card";
    const label = opts.label || (card ? card.name : String(ref ?? ""));
    const el = h("div", { class: `card ${size}${card ? "" : " unknown"}${opts.class ? " " + opts.class : ""}` });
    const col = this.colour(card);
    if (col) el.style.setProperty("--card", col);
    el.append(h("div", { class: "card-name" }, label));
    if (card) {
      const word = (key) => (card.labels || {})[key] || key; // a face's English key in the page's words
      const kind = [card.kind_label || word(card.kind)].filter(Boolean).join(" · ");
      if (kind) el.append(h("div", { class: "card-kind" }, kind));
      const stats = Object.entries(card.stats || {});
      const icons = size === "full" ? [] : card.icons || [];
      if (icons.length) {
        // a small face: the stats as the game's icons, rows by group (a mini face: the first row only),
        // each icon's full words on hover and to screen readers; the whole card's words in its title
        const rows = new Map();
        for (const i of icons) rows.set(i.group || "", [...(rows.get(i.group || "") || []), i]);
        const shown = [...rows.values()].slice(0, size === "mini" ? 1 : undefined);
        el.classList.add("has-icons");
        el.append(h("div", { class: "card-icons" }, shown.map((row) => h("div", { class: "icon-row" },
          row.map((i) => h("span", { class: "icon", title: i.title, "aria-label": i.title }, h("i", { "aria-hidden": "true" }, i.icon), h("b", { "aria-hidden": "true" }, String(i.value))))))));
        el.title = [card.name, ...icons.map((i) => i.title), card.text].filter(Boolean).join("\n");
      } else if (stats.length) {
        el.append(h("div", { class: "card-stats" },
          stats.slice(0, size === "mini" ? 2 : size === "full" ? 12 : 5).map(([k, v]) => h("span", { class: "stat" }, h("b", {}, String(v)), " ", word(k)))));
      }
      if (card.text && size !== "mini") el.append(h("div", { class: "card-text" }, card.text));
      el.dataset.card = card.slug;
    }
    return el;
  }

  back(label, opts = {}) {
    return h("div", { class: `card back ${opts.size || "mini"}` }, h("span", {}, label || ""));
  }
}
