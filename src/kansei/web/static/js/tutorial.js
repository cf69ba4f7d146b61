// The tutorial runner (docs/web-boards.md, "tutorial"): at /tutorial/<game>/<room> the table is a lesson.
// The server holds the script and sends the step the person is at (payload.tutorial: its number, texts and
// refs); it refuses a move off the step in one line. Here: the coach bubble above the board in the page's
// language, the step's refs glowing, a refusal shown as the step's hint, and the finish banner. The shell
// (table.js) lights, picks and confirms moves as at any table; nothing here chooses a move.
import { $, h } from "./dom.js";
import { t, lang as pageLang } from "./i18n.js";

const GLOW = "tut-target";
const R = { payload: null, finished: false };

// A script text in the page's language ({en, fr, ja…}), English when the script lacks it.
export function said(texts) {
  return (texts && (texts[pageLang()] ?? texts.en)) || "";
}

function bubble() {
  let el = $("coach");
  if (!el) {
    el = h("div", { id: "coach", class: "coach", role: "status", "aria-live": "polite" });
    $("board").before(el);
  }
  return el;
}

function targets(step) {
  const refs = new Set([...(step.expect || []), ...(step.highlight || [])]);
  return [...$("board").querySelectorAll("[data-ref]")].filter((el) => refs.has(el.dataset.ref));
}

// The step's things glow: its refs on the board, and the button of its move wherever the action bar lists
// it (the one button of a move without refs, or the choice left once several moves share the picked refs).
function glow(step) {
  for (const el of document.querySelectorAll(`#board .${GLOW}`)) el.classList.remove(GLOW);
  const on = targets(step);
  for (const el of on) el.classList.add(GLOW);
  glowButtons();
  const first = on[0];
  // the bubble sticks at the top of the screen: what glows is scrolled to just below it (app.css)
  document.body.style.setProperty("--coach-h", `${bubble().offsetHeight}px`);
  if (first && typeof first.scrollIntoView === "function") first.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function expectedAction() {
  const tut = R.payload && R.payload.tutorial;
  if (!tut || tut.done) return null;
  const want = (tut.expect || []).join("\n");
  const m = (R.payload.moves || []).find((x) => (x.refs || []).join("\n") === want);
  return m ? m.action : null;
}

function glowButtons() {
  const action = expectedAction();
  for (const el of document.querySelectorAll("#choices .choice, #buttons .move-btn")) el.classList.toggle(GLOW, action !== null && el.dataset.action === action);
}

// the shell redraws the action bar's buttons on every pick: glow the step's again
if (typeof MutationObserver !== "undefined" && $("choices")) {
  const watch = new MutationObserver(glowButtons);
  watch.observe($("choices"), { childList: true });
  watch.observe($("buttons"), { childList: true });
}

// After every draw (table.js): the bubble for the step the person is at.
export function drawn(p, mine) {
  R.payload = p;
  const tut = p.tutorial;
  if (!tut) return;
  document.body.classList.toggle("tutoring", !tut.done); // what the step does not ask for is dimmed (app.css)
  if (tut.done) { bubble().hidden = true; $("hint-btn").textContent = t("hint.button"); finish(p); return; }
  const box = bubble();
  box.hidden = false;
  box.dataset.step = String(tut.step); // tests wait on it
  box.classList.remove("wrong");
  const head = h("div", { class: "coach-head" }, h("b", {}, t("tutorial.coach")), " ",
    h("small", { class: "muted", id: "coach-step" }, t("tutorial.step", { n: tut.step + 1, total: tut.steps })));
  if (!mine) { box.replaceChildren(head, h("p", { class: "muted" }, t("tutorial.waiting"))); return; }
  box.replaceChildren(head, h("p", { id: "coach-say" }, said(tut.say)));
  glow(tut);
  const btn = $("hint-btn");
  btn.hidden = false;
  btn.textContent = t("tutorial.hint");
}

// A move the server refused (off the script, or the engine's own refusal): the step's text again as the
// hint, with the refusal's one line. Nothing was played.
export function refused(message) {
  const tut = R.payload && R.payload.tutorial;
  if (!tut || tut.done) return;
  const box = bubble();
  box.classList.add("wrong");
  box.replaceChildren(h("div", { class: "coach-head" }, h("b", {}, t("tutorial.wrong"))),
    h("p", { id: "coach-say" }, said(tut.say)), h("small", { class: "muted", id: "coach-why" }, message));
  glow(tut);
}

// The Hint button while the script runs: the step again (true: handled; after the script, the coach's).
export function hint() {
  const tut = R.payload && R.payload.tutorial;
  if (!tut || tut.done) return false;
  const box = bubble();
  box.classList.remove("pulse");
  void box.offsetWidth; // restart the pulse
  box.classList.add("pulse");
  box.replaceChildren(h("div", { class: "coach-head" }, h("b", {}, t("tutorial.coach")), " ",
    h("small", { class: "muted" }, t("tutorial.step", { n: tut.step + 1, total: tut.steps }))), h("p", { id: "coach-say" }, said(tut.say)));
  glow(tut);
  return true;
}

// The lesson played through: links to start a real game of it (the lobby with it chosen) or read its rules,
// in the result box when the lesson ended the game, else in a banner over the room, which plays on.
function finish(p) {
  if ($("tut-play")) return;
  const links = h("div", { class: "row" },
    h("a", { class: "button primary", id: "tut-play", href: `/?game=${encodeURIComponent(p.game)}` }, t("tutorial.play_real")),
    h("a", { class: "button", id: "tut-rules", href: `/rules/${encodeURIComponent(p.game)}` }, t("tutorial.read_rules")));
  const result = $("result");
  const won = !result.hidden && $("result-title");
  if (won) {
    won.after(h("div", { class: "tut-done" }, h("p", { id: "tut-done-title" }, h("b", {}, t("tutorial.done_title"))), links));
    return;
  }
  if (R.finished) return; // the banner was closed: the room plays on
  R.finished = true;
  const box = $("dialog");
  box.replaceChildren(h("div", { class: "curtain-box tut-done", role: "dialog", "aria-labelledby": "tut-done-title" },
    h("h2", { id: "tut-done-title" }, t("tutorial.done_title")),
    h("p", {}, t("tutorial.done_body", { game: p.game_name })), links,
    h("button", { class: "ghost", id: "tut-stay", type: "button", onclick: () => { box.hidden = true; } }, t("tutorial.stay"))));
  box.hidden = false;
}
