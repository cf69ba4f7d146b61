"""What a seat sees of an Initial D race: JSON-safe dicts, fresh on every call (nothing aliases the state),
and :class:`InitialDView`, the published model of that dict (``game.view_schema()``).

Open information (docs/rulings.md): cars, mods, race cards, decklists, discard piles, maneuvers played this
stage and in play, hand and deck *sizes*. Hidden: the other hand, every deck's order.

Refs (``game.move_refs``; docs/ARCHITECTURE.md, "The contract"). Initial D uses one kind:

- ``hand:<slug>`` — a maneuver in the seat's own hand (``players[seat].hand[i].ref``). Copies of a card
  share the ref: a play or a discard names the card, never the copy (the hand is a sorted multiset, and
  which copy goes makes no difference).

``play …`` and ``discard …`` touch the card they name; ``pass`` and ``keep`` touch nothing (each is the one
action of its decision without refs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from kansei.core.protocol import GameView

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car, Drivetrain, ManeuverType, ModType, StageType
from .table import PAY, PHASE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState


# ------------------------------------------------------------------------------------------ views
def _player(s: InitialDState, p: int, me: bool) -> dict[str, Any]:
    race = s.race
    cards = s.game.table.cards
    side = race.sides[p]
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
        "power": race.stat(p, 0),
        "traction": race.stat(p, 1),
        "style": race.stat(p, 2),
        "lead": p == race.lead,
        "hand_count": len(race.hands[p]),
        "deck_count": len(race.decks[p]),
        "discard": [cards[c].name for c in race.discards[p]],
        "in_play": [cards[c].name for o, c in race.inplay if o == p],
        "last_maneuver": cards[race.last_played[p]].name if race.last_played[p] >= 0 else None,  # this stage
        "decklist": dict(side.decklist),
    }
    if me:
        v["hand"] = [{"card": cards[c].name, "ref": cards[c].ref} for c in race.hands[p]]
    return v


def view(s: InitialDState, seat: int | None) -> dict[str, Any]:
    r = s.race
    cards = s.game.table.cards
    st = r.stages[r.stage_no]
    last = None
    if r.last >= 0:
        ld = cards[r.last]
        last = {
            "card": ld.name,
            "seat": r.last_by,
            "type": MANEUVER_TYPES[ld.mtype],
            "strength": ld.strength[st],
        }
    pending = None
    if r.phase == PAY:
        pending = {"seat": r.turn, "card": cards[r.pending].name, "discards_left": r.need}
    track = cards[r.track].rec
    return {
        "game": "initiald",
        "phase": PHASE_NAMES[r.phase],
        "to_move": s.to_move,
        "track": {"name": track.name, "pass": getattr(track, "pass_", ""), "owner": 1 - r.challenger},
        "stages": [STAGE_TYPES[x] for x in r.stages],
        "stage": r.stage_no + 1,
        "stage_type": STAGE_TYPES[st],
        "challenger": r.challenger,
        "lead": r.lead,
        "results": list(r.results),
        "lead_streak": r.streak,
        "maneuvers_this_stage": r.played,
        "lead_passed": r.opened,
        "last": last,
        "pending": pending,
        "stage_pile": [{"card": cards[c].name, "seat": o} for o, c in r.pile],
        "players": [_player(s, p, seat == p) for p in (0, 1)],
        "you": seat,
        "over": r.over,
        "winner": r.win,
        "reason": r.reason,
    }


def reveal(s: InitialDState) -> dict[str, Any]:
    r = s.race
    cards = s.game.table.cards
    v = view(s, None)
    v["hands"] = [[cards[c].name for c in h] for h in r.hands]
    v["decks"] = [[cards[c].name for c in reversed(d)] for d in r.decks]  # top first
    v["floor"] = r.floor
    v["rng"] = s.rng.s
    return v


# ------------------------------------------------------------------------------------------ the model
Seat = Literal[0, 1]
Phase = Literal["play", "discard", "keep", "over"]


class TrackView(GameView):
    """The race card being raced (ID-S2) and whose home track it is."""

    name: str
    pass_: str = Field(alias="pass")
    owner: Seat


class LastManeuver(GameView):
    """The maneuver the next one must counter (ID-P4): its strength in this stage's type."""

    card: str
    seat: Seat
    type: ManeuverType
    strength: int


class Pending(GameView):
    """The maneuver being paid for, and how many discards are still due (ID-P3, ID-P4)."""

    seat: Seat
    card: str
    discards_left: int


class PileEntry(GameView):
    """A maneuver played this stage that did not stay in play (it is discarded when the stage ends)."""

    card: str
    seat: Seat


class HandCard(GameView):
    """A card of the seat's own hand, with the ref its plays and discards name."""

    card: str
    ref: str


class PlayerView(GameView):
    """One car as everyone sees it (ratings now, sizes of hidden zones); ``hand`` only for its own seat."""

    seat: Seat
    car: str
    drivetrain: Drivetrain
    built_in: list[ModType]
    mods: list[str]
    races: list[str]
    cost: int
    power: int
    traction: int
    style: int
    lead: bool
    hand_count: int
    deck_count: int
    discard: list[str]
    in_play: list[str]
    last_maneuver: str | None
    decklist: dict[str, int]
    hand: list[HandCard] | None = None


class InitialDView(GameView):
    """``state.view(seat)`` of the Initial D CCG, for either seat and the spectator (``you`` None)."""

    game: Literal["initiald"]
    phase: Phase
    to_move: Seat | None
    track: TrackView
    stages: list[StageType]
    stage: int
    stage_type: StageType
    challenger: Seat
    lead: Seat
    results: list[Seat]
    lead_streak: int
    maneuvers_this_stage: int
    lead_passed: bool
    last: LastManeuver | None
    pending: Pending | None
    stage_pile: list[PileEntry]
    players: list[PlayerView] = Field(min_length=2, max_length=2)
    you: Seat | None
    over: bool
    winner: Seat | None
    reason: Literal["", "ID-W1", "ID-W2"]
