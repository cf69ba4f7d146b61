// Board modules by game id (docs/web-boards.md). /api/games tells each game's module address: its own
// package's (a plugin), the table's built-in one, or the generic board. A module that fails to load or to
// draw gives way to the generic board, so a table is never blank.
import generic from "../games/generic.js";

const loaded = new Map();

export async function loadBoard(url) {
  if (!url) return generic;
  if (!loaded.has(url)) {
    loaded.set(url, import(url).then((m) => checked(m.default || m, url)).catch((e) => {
      console.error(`board ${url} did not load; the generic board draws this game`, e);
      return generic;
    }));
  }
  return loaded.get(url);
}

function checked(board, url) {
  if (!board || typeof board.draw !== "function") {
    console.error(`board ${url} has no draw(root, payload, ctx); the generic board draws this game`);
    return generic;
  }
  for (const href of board.styles || []) {
    const abs = new URL(href, new URL(url, location.href)).href;
    if (!document.querySelector(`link[rel=stylesheet][href="${CSS.escape(abs)}"]`)) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: abs }));
    }
  }
  return board;
}

export { generic };
