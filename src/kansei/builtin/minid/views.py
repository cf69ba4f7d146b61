"""What a seat sees of a Mini D race (``view``) and the whole state (``reveal``), as fresh JSON-safe dicts.

Cards are named by their id (slug), sections by index: ``game.cards(lang)`` and the view's ``sections``
carry the names in each language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .terms import BATTLE, CORNER_STATE, CROSSING, DRIFT, LINE, LINES, NONE, STATUS, TURN, Decision

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState


def decision_view(s: MiniDState) -> dict | None:
    d = s.pending
    if d is None or s.over:
        return None
    p = d.seat
    v: dict[str, Any] = {"kind": d.kind, "seat": p}
    if d.kind == DRIFT or d.kind == LINE:
        sec = s.corner_section[p]
        v["section"] = sec
        v["difficulty"] = s.track.difficulty[sec]
    if d.kind == DRIFT:
        v.update(line=LINES[d.line], die=d.die, total=d.die + d.mod, gutter=d.master)
    elif d.kind == CROSSING:
        v.update(die=d.die, total=d.die + d.mod)
    elif d.kind == BATTLE:
        v.update(attacker=d.attacker, defender=d.defender, bonus=s.battle_bonus[p])
    elif d.kind == TURN:
        v["bonus"] = s.move_bonus
    return v


def racer_view(s: MiniDState, q: int, me: bool) -> dict:
    tr = s.track
    x = s.positions[q]
    cards = s.table.cards
    corner = None
    sec = tr.section_at[x]
    if sec >= 0 and sec == s.corner_section[q] and s.corner_state[q] != NONE:
        corner = {
            "section": sec,
            "state": CORNER_STATE[s.corner_state[q]],
            "move": s.corner_move[q],
        }
    v = {
        "seat": q,
        "case": x,
        "status": STATUS[s.status[q]],
        "skips": s.skips[q],
        "met_bunta": s.met_bunta[q],
        "aura": s.aura == q,
        "corner": corner,
        "hand_count": len(s.hands[q]),
        "waiting": [cards[c].slug for c in s.waiting[q]],
        "sprint": s.landings[q],
    }
    if me:
        v["hand"] = [cards[c].slug for c in s.hands[q]]
    return v


def view(s: MiniDState, seat: int | None) -> dict:
    """What ``seat`` sees (None: a spectator); cards by id (slug): ``game.cards(lang)`` names them."""
    tr = s.track
    cards = s.table.cards
    return {
        "game": "minid",
        "track": tr.name,
        "direction": "uphill" if tr.uphill else "downhill",
        "length": tr.length,
        "sections": tr.section_view(),
        "events": list(tr.events),
        "options": s.game.options_dict,
        "phase": "over" if s.over else "sprint" if s.sprinters else "race",
        "round": s.round_no,
        "to_move": s.to_move,
        "decision": decision_view(s),
        "order": list(s.order),
        "sprinters": list(s.sprinters),
        "bunta": {"case": s.bunta, "driving": s.bunta_driving},
        "aura": s.aura if s.aura >= 0 else None,
        "racers": [racer_view(s, q, seat == q) for q in range(s.seats)],
        "deck_count": len(s.deck),
        "discard": [cards[c].slug for c in s.discard],
        "finished": list(s.finished),
        "out": list(s.out),
        "placings": list(s.ranking) if s.ranking is not None else None,
        "over": s.over,
        "winner": s.winner,
        "you": seat,
    }


def reveal(s: MiniDState) -> dict:
    cards = s.table.cards
    d = s.pending
    v = view(s, None)
    v["hands"] = [[cards[c].slug for c in h] for h in s.hands]
    v["deck"] = [cards[c].slug for c in reversed(s.deck)]  # top first
    v["tasks"] = [[t[0].__name__.lstrip("_"), *t[1:]] for t in s.tasks]
    v["pending"] = None if d is None else {k: getattr(d, k) for k in Decision.__slots__}
    v["dice"] = list(reversed(s.forced_dice))
    v["corner_state"] = [[s.corner_section[q], s.corner_state[q], s.corner_move[q]] for q in range(s.seats)]
    v["cursor"] = s.cursor
    v["battle_bonus"] = list(s.battle_bonus)
    v["move_bonus"] = s.move_bonus
    v["rng"] = s.rng.s
    return v
