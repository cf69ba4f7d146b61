// Shared helpers of every page. Every text reaches the page through text nodes (h() never parses HTML), so
// names, chat and card texts from people or content are always shown as text, never as markup.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") {
      for (const [p, x] of Object.entries(v)) (p.startsWith("--") ? el.style.setProperty(p, x) : (el.style[p] = x));
    } else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const $ = (id) => document.getElementById(id);

export class ApiError extends Error {
  constructor(message, status, problems) { super(message); this.status = status; this.problems = problems || []; }
}

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const text = await res.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  if (!res.ok) throw new ApiError((data && data.detail) || `${res.status}`, res.status, data && data.problems);
  return data;
}

export function toast(message, kind) {
  const t = $("toast");
  if (!t) return;
  t.textContent = message;
  t.className = "show " + (kind || "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.className = ""; }, 4500);
}

// Seat tokens live in this browser only: localStorage, per room ({seat: token}).
export const Tokens = {
  key: (room) => `kansei.tokens.${room}`,
  get(room) { return readJson(this.key(room), {}); },
  add(room, seat, token) {
    const all = this.get(room); all[seat] = token;
    localStorage.setItem(this.key(room), JSON.stringify(all));
    const mine = this.rooms().filter((r) => r !== room); mine.unshift(room);
    localStorage.setItem("kansei.rooms", JSON.stringify(mine.slice(0, 30)));
  },
  forget(room) {
    localStorage.removeItem(this.key(room));
    localStorage.setItem("kansei.rooms", JSON.stringify(this.rooms().filter((r) => r !== room)));
  },
  rooms() { return readJson("kansei.rooms", []); },
};

export function readJson(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v === null ? fallback : v; } catch { return fallback; }
}

export function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const ta = h("textarea", { style: { position: "fixed", opacity: "0" } }, text);
  document.body.append(ta); ta.select();
  try { document.execCommand("copy"); } finally { ta.remove(); }
  return Promise.resolve();
}

// A CSS identifier from any text (class names built from data).
export function cssId(s) { return String(s ?? "x").replace(/[^a-z0-9_-]/gi, ""); }

export const wait = (ms, signal) => new Promise((resolve) => {
  if (signal && signal.aborted) { resolve(); return; }
  const timer = setTimeout(resolve, ms);
  if (signal) signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
});
