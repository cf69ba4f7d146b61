// Shared helpers. Every text reaches the page through text nodes (h() never parses HTML), so names and
// card texts from users or content are always escaped.
"use strict";

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  const text = await res.text();
  try { data = JSON.parse(text); } catch { data = text; }
  if (!res.ok) {
    const err = new Error((data && data.detail) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.problems = (data && data.problems) || [];
    throw err;
  }
  return data;
}

function toast(message, kind) {
  const t = document.getElementById("toast");
  if (!t) return;
  t.textContent = message;
  t.className = "show " + (kind || "");
  clearTimeout(toast._timer);
  toast._timer = setTimeout(() => { t.className = ""; }, 4000);
}

// Seat tokens live in this browser only: localStorage, per room ({seat: token}).
const Tokens = {
  key: (room) => `kansei.tokens.${room}`,
  get(room) { try { return JSON.parse(localStorage.getItem(this.key(room)) || "{}"); } catch { return {}; } },
  add(room, seat, token) {
    const all = this.get(room); all[seat] = token;
    localStorage.setItem(this.key(room), JSON.stringify(all));
    const mine = this.rooms(); if (!mine.includes(room)) { mine.unshift(room); }
    localStorage.setItem("kansei.rooms", JSON.stringify(mine.slice(0, 30)));
  },
  rooms() { try { return JSON.parse(localStorage.getItem("kansei.rooms") || "[]"); } catch { return []; } },
};

function seatLabel(i) { return `Seat ${i + 1}`; }

function prettyKey(k) { return String(k).replace(/_/g, " "); }

function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const ta = h("textarea", { style: { position: "fixed", opacity: "0" } }, text);
  document.body.append(ta); ta.select();
  try { document.execCommand("copy"); } finally { ta.remove(); }
  return Promise.resolve();
}
