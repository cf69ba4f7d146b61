"""What a seat is told: ``view`` and ``reveal``, and :class:`TougeView`, the published model of a view.

Everything here is built fresh on every call (no list or dict of the engine's is handed out), and what a
seat sees depends only on what it may know: its own hand, and what is open to everyone (cars, decklists,
the course, tune-ups played, the disaster, counts of hands and decks).

Refs (``Game.move_refs``; docs/ARCHITECTURE.md, "The contract"): every thing an action touches carries a
``"ref"`` key in the view of the seat to move. Touge uses three kinds:

- ``hand:<slug>`` — a card of the seat's own hand (``players[seat]["hand"]``), by its slug: the road
  laid, the tune-up played, the card put back to redraw. Copies of one card are one thing to pick, so a
  card held twice carries the same ref on both copies.
- ``tile:<n>`` — tile ``n`` of the course, counted from 1 as the notation's ``@n`` (``course[n-1]``): the
  tile a tune-up targets, the tile the leader lets the disaster wipe out.
- ``ability:<seat>`` — the ability of that racer's car (``players[seat]["ability"]``), switched on with
  ``ability``.

``pass`` and ``done`` touch nothing: each decision has at most one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from kansei.core.protocol import Action, GameView

from .blocks import C, Pair, S
from .rules import battle_dict
from .scoring import DIRECTIONS, expected_scores, forecast, multiplier, profiles, tile_scores
from .table import NO_MODS, TYPE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState


# ------------------------------------------------------------------------------------------ refs
def action_refs(s: TougeState, action: Action) -> tuple[str, ...]:
    """The refs a legal action of the seat to move touches: the hand card first, then the tile."""
    if action not in s.legal_actions():
        return ()
    cards = s.game.table.cards
    kind = action.kind
    if kind in ("road", "redraw"):
        return (f"hand:{cards[action.args[0]].slug}",)
    if kind == "tune":
        cid, tile = action.args
        card = f"hand:{cards[cid].slug}"
        return (card, f"tile:{tile + 1}") if tile >= 0 else (card,)
    if kind == "ability":
        return (f"ability:{s.turn}",)
    if kind == "nullify":
        return (f"tile:{action.args[0] + 1}",)
    return ()  # pass, done


# ------------------------------------------------------------------------------------------ view
def now_multipliers(s: TougeState) -> list[dict[str, int]]:
    """Each racer's multipliers for a road of each type in the run's direction as scoring would use them
    now (TG-S1: after whole-course tune-ups, abilities switched on and the disaster; a tile's own tune-ups
    show in that tile's scores), where ``multipliers`` are the car's printed ones (TG-C1)."""
    profs = profiles(s, s.direction)
    dis = NO_MODS if s.disaster is None else s.game.table.cards[s.disaster[1]].dmods
    return [{"C": multiplier(pr, dis, C, -1), "S": multiplier(pr, dis, S, -1)} for pr in profs]


def _player_view(s: TougeState, p: int, me: bool, now: dict[str, int]) -> dict[str, Any]:
    t = s.game.table
    car = t.cards[s.cars[p]]
    v: dict[str, Any] = {
        "seat": p,
        "car": car.name,
        "multipliers": {
            "downhill": {"C": car.mult[0][0], "S": car.mult[0][1]},
            "uphill": {"C": car.mult[1][0], "S": car.mult[1][1]},
        },
        "now": now,
        "ability": {
            "ref": f"ability:{p}",
            "name": car.ability.name if car.ability else "",
            "text": car.ability.text if car.ability else "",
            "used": s.ability_used[p],
            "active": s.ability_on[p],
        },
        "hand_count": len(s.hands[p]),
        "deck_count": len(s.decks[p]),
        "redrawing": len(s.aside[p]),
        "removed": sorted(t.cards[c].name for c in s.removed[p]),
        "decklist": dict(s.registered[p].decklist),
    }
    if me:
        v["hand"] = [{"ref": f"hand:{t.cards[c].slug}", "card": t.cards[c].name} for c in s.hands[p]]
        v["set_aside"] = sorted(t.cards[c].name for c in s.aside[p])
    return v


def view(s: TougeState, seat: int | None) -> dict[str, Any]:
    t = s.game.table
    scores: list[Pair] = []
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
                "ref": f"tile:{i + 1}",
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
        "players": [_player_view(s, p, seat == p, now) for p, now in enumerate(now_multipliers(s))],
        "you": seat,
        "over": s.over,
        "winner": s.win,
    }


def _forecast(s: TougeState, expected: list[Pair] | None) -> dict[str, Any] | None:
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
    for p in v["players"]:
        del p["now"]  # derived from the rest for the board, not part of the state
    v["hands"] = [[t.cards[c].name for c in h] for h in s.hands]
    v["decks"] = [[t.cards[c].name for c in reversed(d)] for d in s.decks]  # top first
    v["aside"] = [[t.cards[c].name for c in a] for a in s.aside]
    v["turn"] = s.turn
    v["passes"] = s.passes
    v["leg"] = s.leg
    v["rng"] = s.rng.s
    return v


# ------------------------------------------------------------------------------------------ the model
Seat = Literal[0, 1]


class TypePair(GameView):
    """A car's multipliers in one direction: cornering (C) and straight (S), TG-C1."""

    C: int
    S: int


class Multipliers(GameView):
    downhill: TypePair
    uphill: TypePair


class AbilityView(GameView):
    """A car's special ability (TG-C6): used once per race, active for the battle it was switched on in."""

    ref: str
    name: str
    text: str
    used: bool
    active: bool


class HandCard(GameView):
    ref: str
    card: str


class PlayerView(GameView):
    """One racer as a seat sees it; ``hand`` and ``set_aside`` only in its own view."""

    seat: Seat
    car: str
    multipliers: Multipliers  # printed on the car (TG-C1)
    now: TypePair  # as scoring uses them now in the run's direction (TG-S1), a tile's own tune-ups aside
    ability: AbilityView
    hand_count: int
    deck_count: int
    redrawing: int  # cards set aside for a redraw (TG-T1)
    removed: list[str]  # disasters out of the race (TG-T0)
    decklist: dict[str, int]  # open information (docs/rulings.md)
    hand: list[HandCard] | None = None
    set_aside: list[str] | None = None


class TuneUpView(GameView):
    card: str
    owner: Seat


class TileView(GameView):
    """One tile of the course (TG-C2) with its tune-ups and its scores in the current direction (TG-S1)."""

    ref: str
    tile: int
    road: str
    type: Literal["C", "S"]
    stars: int
    down: int
    up: int
    owner: Seat
    tuneups: list[TuneUpView]
    scores: list[int]
    nullified: bool  # the disaster wiped it out for this run
    wiped: bool  # the tile the disaster would wipe out if the run began now


class DisasterView(GameView):
    card: str
    owner: Seat
    text: str


class BattleView(GameView):
    battle: int
    direction: Literal["downhill", "uphill"]
    leader: Seat
    scores: list[int]
    winner: Seat | None


class ForecastView(GameView):
    """The battle in progress if both racers passed now (docs/rulings.md, "Previews")."""

    winner: Seat | None
    race_over: bool
    race_winner: Seat | None
    totals: list[int]


class TougeView(GameView):
    """What ``view(seat)`` returns for a seat or the spectator (``you`` None)."""

    game: Literal["touge"]
    mode: Literal["time_attack", "sudden_death"]
    phase: Literal["redraw", "build", "tune", "nullify", "over"]
    battle: int
    direction: Literal["downhill", "uphill"]
    leader: Seat
    to_move: Seat | None
    wins: list[int]
    disaster: DisasterView | None
    course: list[TileView]
    course_tuneups: list[TuneUpView]
    projected: list[int]  # both totals of the run to come (or the last run)
    forecast: ForecastView | None
    totals: list[int]  # Sudden Death running totals
    battles: list[BattleView]
    players: list[PlayerView]
    you: Seat | None
    over: bool
    winner: Seat | None


__all__ = ["TougeView", "action_refs", "reveal", "view"]
