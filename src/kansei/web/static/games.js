// Finished games: step through them or download them; open a replay file to step through it here.
"use strict";

const $ = (id) => document.getElementById(id);

async function load() {
  const [{ rooms }, { games }] = await Promise.all([api("GET", "/api/rooms?finished=true&limit=100"), api("GET", "/api/games")]);
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  $("finished").replaceChildren(...(rooms.length ? rooms.map((r) => {
    const w = r.result ? r.result.winner : null;
    const result = w === null || w === undefined ? "a draw" : `${r.seats[w] ? r.seats[w].name : "seat " + (w + 1)} won`;
    return h("li", {}, h("b", {}, names[r.game] || r.game), " — ", r.seats.map((s) => s.name).join(" vs "), " ",
      h("small", { class: "muted" }, `${result}, ${r.steps} moves${r.origin === "upload" ? ", from a file" : ""} · ${new Date(r.updated * 1000).toLocaleString()}`), " ",
      h("a", { class: "button small", href: `/replay/${r.room}` }, "Step through"), " ",
      h("a", { class: "button small ghost", href: `/api/rooms/${r.room}/replay`, download: "" }, "Download"));
  }) : [h("li", { class: "muted" }, "No finished game yet.")]));
}

$("replay-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  $("upload-errors").textContent = "";
  try {
    const r = await api("POST", "/api/replays", await file.text());
    location.href = `/replay/${r.room}`;
  } catch (e) {
    $("upload-errors").textContent = e.message;
  }
});

load().catch((e) => { $("finished").replaceChildren(h("li", { class: "errors" }, e.message)); });
