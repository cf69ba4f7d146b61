// Every word of the page comes from one catalogue (static/i18n/<lang>.json), embedded in each page by the
// server in the page's language, with English beside it for a key a translation lacks. t("key", {vars})
// fills {name}-style placeholders; plural forms are keys of their own ("moves.one" / "moves.other").

const embedded = (() => {
  const el = typeof document !== "undefined" ? document.getElementById("catalogue") : null;
  if (!el) return { lang: "en", messages: {}, fallback: {}, languages: { en: "English" } };
  try { return JSON.parse(el.textContent); } catch { return { lang: "en", messages: {}, fallback: {}, languages: { en: "English" } }; }
})();

let current = embedded.lang;
let messages = embedded.messages || {};
let fallback = embedded.fallback || {};

export const languages = embedded.languages || { en: "English" }; // code -> the language's own name

export function lang() { return current; }

export function use(code, msgs, fb) { current = code; messages = msgs || {}; fallback = fb || fallback; }

export function has(key) { return key in messages || key in fallback; }

export function t(key, vars) {
  let text = key in messages ? messages[key] : key in fallback ? fallback[key] : key;
  if (vars && typeof vars.count === "number" && (`${key}.one` in messages || `${key}.one` in fallback)) {
    const form = new Intl.PluralRules(current).select(vars.count);
    const k = `${key}.${form}`;
    text = k in messages ? messages[k] : `${key}.other` in messages ? messages[`${key}.other`] : fallback[k] ?? fallback[`${key}.other`] ?? text;
  }
  if (vars) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  return text;
}

// The page's language: kept in a cookie the server reads when it renders the next page.
export function choose(code) {
  document.cookie = `kansei_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  localStorage.setItem("kansei.lang", code);
}

// An ordinal place ("1st", "1er", "1位").
export function place(n) {
  const form = new Intl.PluralRules(current, { type: "ordinal" }).select(n);
  return t(`place.${form}`, { n }) === `place.${form}` ? t("place.other", { n }) : t(`place.${form}`, { n });
}
