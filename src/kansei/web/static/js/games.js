// Finished games: step through them or download them; open a replay file to step through it here.
import { $, api, h } from "./dom.js";
import { t, lang as pageLang } from "./i18n.js";

async function load() {
  const [{ rooms }, { games }] = await Promise.all([api("GET", "/api/rooms?finished=true&limit=100"), api("GET", `/api/games?lang=${encodeURIComponent(pageLang())}`)]);
  const names = Object.fromEntries(games.map((g) => [g.id, g.title || g.name]));
  const seatName = (r, i) => (r.seats[i] && r.seats[i].name) || t("player.n", { n: i + 1 });
  $("finished").replaceChildren(...(rooms.length ? rooms.map((r) => {
    const w = r.result ? r.result.winner : null;
    const result = w === null || w === undefined ? t("result.draw") : t("result.wins", { name: seatName(r, w) });
    return h("li", {}, h("b", {}, names[r.game] || r.game), " — ", r.seats.map((_, i) => seatName(r, i)).join(t("lobby.vs")), " ",
      h("small", { class: "muted" }, `${result} · ${t("lobby.moves", { count: r.steps })}${r.origin === "upload" ? " · " + t("finished.from_file") : ""} · ${new Date(r.updated * 1000).toLocaleString()}`), " ",
      h("a", { class: "button small", href: `/replay/${r.room}` }, t("finished.step")), " ",
      h("a", { class: "button small ghost", href: `/api/rooms/${r.room}/replay`, download: "" }, t("result.download")));
  }) : [h("li", { class: "muted" }, t("finished.none"))]));
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
