"""What a seat sees of an Initial D race: JSON-safe dicts, fresh on every call (nothing aliases the state).

Open information (docs/rulings.md): cars, mods, race cards, decklists, discard piles, maneuvers played this
stage and in play, hand and deck *sizes*. Hidden: the other hand, every deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car
from .table import PAY, PHASE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState


# ------------------------------------------------------------------------------------------ views
def _player(s: InitialDState, p: int, me: bool) -> dict[str, Any]:
    cards = s.game.table.cards
    side = s.sides[p]
    car = cards[side.car].rec
    assert isinstance(car, Car)
    v: dict[str, Any] = {
        "seat": p,
        "car": car.name,
        "drivetrain": car.drivetrain,
        "built_in": list(car.built_in),
        "mods": [cards[m].name for m in side.mods],
        "races": [cards[r].name for r in side.races],
        "cost": side.cost,
        "power": s.stat(p, 0),
        "traction": s.stat(p, 1),
        "style": s.stat(p, 2),
        "lead": p == s.lead,
        "hand_count": len(s.hands[p]),
        "deck_count": len(s.decks[p]),
        "discard": [cards[c].name for c in s.discards[p]],
        "in_play": [cards[c].name for o, c in s.inplay if o == p],
        "last_maneuver": cards[s.last_played[p]].name if s.last_played[p] >= 0 else None,  # this stage
        "decklist": dict(side.decklist),
    }
    if me:
        v["hand"] = [cards[c].name for c in s.hands[p]]
    return v


def view(s: InitialDState, seat: int | None) -> dict[str, Any]:
    cards = s.game.table.cards
    st = s.stages[s.stage_no]
    last = None
    if s.last >= 0:
        ld = cards[s.last]
        last = {
            "card": ld.name,
            "seat": s.last_by,
            "type": MANEUVER_TYPES[ld.mtype],
            "strength": ld.strength[st],
        }
    pending = None
    if s.phase == PAY:
        pending = {"seat": s.turn, "card": cards[s.pending].name, "discards_left": s.need}
    track = cards[s.track].rec
    return {
        "game": "initiald",
        "phase": PHASE_NAMES[s.phase],
        "to_move": s.to_move,
        "track": {"name": track.name, "pass": getattr(track, "pass_", ""), "owner": 1 - s.challenger},
        "stages": [STAGE_TYPES[x] for x in s.stages],
        "stage": s.stage_no + 1,
        "stage_type": STAGE_TYPES[st],
        "challenger": s.challenger,
        "lead": s.lead,
        "results": list(s.results),
        "lead_streak": s.streak,
        "maneuvers_this_stage": s.played,
        "lead_passed": s.opened,
        "last": last,
        "pending": pending,
        "stage_pile": [{"card": cards[c].name, "seat": o} for o, c in s.pile],
        "players": [_player(s, p, seat == p) for p in (0, 1)],
        "you": seat,
        "over": s.over,
        "winner": s.win,
        "reason": s.reason,
    }


def reveal(s: InitialDState) -> dict[str, Any]:
    cards = s.game.table.cards
    v = view(s, None)
    v["hands"] = [[cards[c].name for c in h] for h in s.hands]
    v["decks"] = [[cards[c].name for c in reversed(d)] for d in s.decks]  # top first
    v["floor"] = s.floor
    v["rng"] = s.rng.s
    return v
