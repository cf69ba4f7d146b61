"""What a seat is told: ``view`` and ``reveal``.

Everything here is built fresh on every call (no list or dict of the engine's is handed out), and what a
seat sees depends only on what it may know: its own hand, and what is open to everyone (cars, decklists,
the course, tune-ups played, the disaster, counts of hands and decks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import battle_dict
from .scoring import DIRECTIONS, expected_scores, forecast, tile_scores
from .table import TYPE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState


# ------------------------------------------------------------------------------------------ view
def _player_view(s: TougeState, p: int, me: bool) -> dict[str, Any]:
    t = s.game.table
    car = t.cards[s.cars[p]]
    v: dict[str, Any] = {
        "seat": p,
        "car": car.name,
        "multipliers": {
            "downhill": {"C": car.mult[0][0], "S": car.mult[0][1]},
            "uphill": {"C": car.mult[1][0], "S": car.mult[1][1]},
        },
        "ability": car.ability.name if car.ability else "",
        "ability_text": car.ability.text if car.ability else "",
        "ability_used": s.ability_used[p],
        "ability_active": s.ability_on[p],
        "hand_count": len(s.hands[p]),
        "deck_count": len(s.decks[p]),
        "redrawing": len(s.aside[p]),
        "removed": sorted(t.cards[c].name for c in s.removed[p]),
        "decklist": dict(s.decklists[p]),
    }
    if me:
        v["hand"] = [t.cards[c].name for c in s.hands[p]]
        v["set_aside"] = sorted(t.cards[c].name for c in s.aside[p])
    return v


def view(s: TougeState, seat: int | None) -> dict[str, Any]:
    t = s.game.table
    scores: list[tuple[int, int]] = []
    wipe = -1
    racing = s.phase in ("build", "tune", "nullify")
    if s.course:
        if racing:  # the run to come, the disaster's wipe included
            scores, wipe = expected_scores(s, s.direction)
        else:
            scores = tile_scores(s, s.direction)
    dis = None
    if s.disaster is not None:
        d = t.cards[s.disaster[1]]
        dis = {"card": d.name, "owner": s.disaster[0], "text": getattr(d.rec, "text", "")}
    course = []
    for i, (owner, c) in enumerate(s.course):
        d = t.cards[c]
        course.append(
            {
                "tile": i + 1,
                "road": d.name,
                "type": TYPE_NAMES[d.rtype],
                "stars": d.stars,
                "down": d.value[0],
                "up": d.value[1],
                "owner": owner,
                "tuneups": [{"card": t.cards[u].name, "owner": uo} for uo, u, ti in s.tunes if ti == i],
                "scores": list(scores[i]),
                "nullified": i == s.null_tile,
                "wiped": i == wipe,  # the tile the disaster would wipe if the run began now
            }
        )
    return {
        "game": "touge",
        "mode": s.game.options.mode,
        "phase": s.phase,
        "battle": s.battle,
        "direction": DIRECTIONS[s.direction],
        "leader": s.leader,
        "to_move": s.to_move,
        "wins": list(s.wins),
        "disaster": dis,
        "course": course,
        "course_tuneups": [{"card": t.cards[u].name, "owner": uo} for uo, u, ti in s.tunes if ti < 0],
        "projected": [sum(x[0] for x in scores), sum(x[1] for x in scores)],
        "forecast": _forecast(s, scores if racing and s.course else None),
        "totals": list(s.totals),
        "battles": [battle_dict(b) for b in s.battles],
        "players": [_player_view(s, p, seat == p) for p in (0, 1)],
        "you": seat,
        "over": s.over,
        "winner": s.win,
    }


def _forecast(s: TougeState, expected: list[tuple[int, int]] | None) -> dict[str, Any] | None:
    """The battle in progress if both racers passed now (None between battles)."""
    if s.phase not in ("build", "tune", "nullify"):
        return None
    f = forecast(s, expected)
    return {
        "winner": f.winner,
        "race_over": f.race_over,
        "race_winner": f.race_winner,
        "totals": list(f.totals),
    }


def reveal(s: TougeState) -> dict[str, Any]:
    t = s.game.table
    v = view(s, None)
    v["hands"] = [[t.cards[c].name for c in h] for h in s.hands]
    v["decks"] = [[t.cards[c].name for c in reversed(d)] for d in s.decks]  # top first
    v["aside"] = [[t.cards[c].name for c in a] for a in s.aside]
    v["turn"] = s.turn
    v["passes"] = s.passes
    v["leg"] = s.leg
    v["rng"] = s.rng.s
    return v


__all__ = ["reveal", "view"]
