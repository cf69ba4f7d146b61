"""Why an action is refused (``State._why_illegal``), told to the seat to move: the phase, its own hand, the
spent ability. Reads only the text's words and what that seat may see; never raises."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .table import ROAD, TUNE

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState


HINTS = {
    "redraw": "'redraw <card>' to put a card back, or 'done'",
    "build": "'road <card>' to lay a road, or 'pass'",
    "tune": "'tune <card>' or 'tune <card> @<tile>', 'ability', or 'pass'",
}


def refusal(s: TougeState, text: str) -> str:
    """Why ``text`` is not legal, told to the seat to move (its own hand may be named). Reads only the
    text's words; never raises."""
    phase = s.phase
    here = {"redraw": "redraw", "build": "build", "tune": "tune-up", "nullify": "nullify"}.get(phase, phase)
    why = _refusal(s, text.split(), phase, here)
    return (
        why or f"{shorten(text, 40)!r} is not an action now: in the {here} phase, {HINTS.get(phase, 'wait')}"
    )


def _refusal(s: TougeState, words: list[str], phase: str, here: str) -> str | None:
    if phase == "nullify":
        tiles = shorten(", ".join(str(i + 1) for i in s.nullify_candidates()), 60)
        return f"as the leader, pick the tile the disaster wipes out: 'nullify @N' (N: {tiles})"
    if not words:
        return None
    kind, rest = words[0].lower(), words[1:]
    if kind == "road":
        if phase != "build":
            return f"roads are laid in the build phase; this is the {here} phase"
        return _hand_card(s, rest, ROAD, "a road")
    if kind == "tune":
        if phase != "tune":
            return f"tune-ups are played in the tune-up phase; this is the {here} phase"
        return _tune_refusal(s, rest)
    if kind == "ability":
        if s.ability_used[s.turn]:
            return "your car's ability is used once per race, and is spent"
        return f"your car's ability is switched on in the tune-up phase; this is the {here} phase"
    if kind == "redraw":
        if phase != "redraw":
            return f"redraws are made when a hand is dealt; this is the {here} phase"
        if s.redraws_left[s.turn] <= 0:
            return "you have no redraws left: say 'done'"
        return _hand_card(s, rest, "", "a card")
    if kind == "done" and phase != "redraw":
        return f"'done' ends a redraw; this is the {here} phase: 'pass' to pass"
    if kind == "pass" and phase == "redraw":
        return "to keep your hand, say 'done'"
    return None


def _hand_card(s: TougeState, rest: list[str], kind: str, what: str) -> str | None:
    t = s.game.table
    name = " ".join(rest)
    if not name:
        return f"name {what}"
    cid = t.find(name)
    if cid is None:
        return f"no Touge card is named {shorten(name, 40)!r}"
    d = t.cards[cid]
    if kind and d.kind != kind:
        return f"{d.name} is not {what}"
    if cid not in s.hands[s.turn]:
        return f"you hold no {d.name}"
    return None


def _tune_refusal(s: TougeState, rest: list[str]) -> str | None:
    t = s.game.table
    tile_word = rest[-1] if rest and rest[-1].startswith("@") else None
    names = rest[:-1] if tile_word else rest
    why = _hand_card(s, names, TUNE, "a tune-up")
    if why:
        return why
    cid = t.find(" ".join(names))
    if cid is None:
        return None
    d = t.cards[cid]
    if d.tile_road is None:
        return f"{d.name} acts on the whole course: 'tune {d.slug}'" if tile_word else None
    if tile_word is None:
        return f"{d.name} is played on a tile: 'tune {d.slug} @N'"
    digits = tile_word[1:]
    n = len(s.course)
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 4) or not 1 <= int(digits) <= n:
        return f"the course has tiles 1 to {n}" if n else "the course is empty: no tile to tune"
    tile = int(digits) - 1
    rtype = t.cards[s.course[tile][1]].rtype
    if d.tile_road >= 0 and d.tile_road != rtype:
        want, got = ("corner", "straight") if d.tile_road == 0 else ("straight", "corner")
        return f"{d.name} goes on a {want}; tile {tile + 1} is a {got}"
    return None
