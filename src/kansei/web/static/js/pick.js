// Choosing a move from its refs alone (docs/web-boards.md): the moves of the seat to move each carry the
// refs of what they touch (game.move_refs), the first being what a player picks first. No notation is read.
//
// A selection is the list of refs picked so far. The moves it leaves are those touching every picked ref;
// what lights up next is every other ref of those moves; a move whose refs are exactly the picked ones can
// be confirmed. Pure functions: the shell (table.js) does the drawing.

// The refs a player may start with: the first ref of every move that has refs.
export function starts(moves) {
  const out = new Set();
  for (const m of moves) if (m.refs && m.refs.length) out.add(m.refs[0]);
  return out;
}

// Moves without refs (a pass, an end, keeping a hand): buttons of the action bar.
export function buttons(moves) {
  return moves.filter((m) => !m.refs || !m.refs.length);
}

// Every ref any move touches.
export function touched(moves) {
  const out = new Set();
  for (const m of moves) for (const r of m.refs || []) out.add(r);
  return out;
}

// What a selection leaves: {candidates, exact, next, decided}.
//  candidates: moves touching every picked ref;
//  exact: those touching exactly the picked refs (nothing more to pick);
//  next: refs that would narrow the candidates further (lit as the next thing to pick);
//  decided: the one move the selection names, or null (several remain, or none).
export function narrow(moves, picked) {
  const chosen = new Set(picked);
  const candidates = moves.filter((m) => m.refs && m.refs.length && picked.every((r) => m.refs.includes(r)));
  const exact = candidates.filter((m) => new Set(m.refs).size === chosen.size);
  const next = new Set();
  for (const m of candidates) for (const r of m.refs) if (!chosen.has(r)) next.add(r);
  let decided = null;
  if (candidates.length === 1) decided = candidates[0];
  else if (exact.length === 1 && next.size === 0) decided = exact[0];
  return { candidates, exact, next, decided };
}

// Picking ``ref`` on top of a selection: the new selection (a ref that fits no move left starts anew;
// picking a picked ref again drops it and what came after it).
export function pick(moves, picked, ref) {
  const at = picked.indexOf(ref);
  if (at >= 0) return picked.slice(0, at);
  const grown = [...picked, ref];
  if (narrow(moves, grown).candidates.length) return grown;
  return narrow(moves, [ref]).candidates.length ? [ref] : picked;
}

// The lone option of a decision, if the seat has one (a pass the rules ask for, a forced answer).
export function lone(moves) {
  return moves.length === 1 ? moves[0] : null;
}
