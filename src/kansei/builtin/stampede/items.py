"""Card Race Stampede!!: the items of the window stack, the small immutable records a race holds, and the
events play logs most (records, ``core/events.py``).

A plain Python module beside the compiled group (:mod:`.race`, :mod:`.steps`): named tuples are Python
classes, which compiled code builds and unpacks as tuples.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from kansei.core.events import EventKind


# -- the items of the window stack (immutable; the first field names the kind) ---------------------------
class AttackItem(NamedTuple):
    """A declared attack (ST-T4): the attackers as (zone, uid) pairs, fixed at declaration."""

    kind: str
    seat: int
    attackers: tuple[tuple[int, int], ...]
    target_zone: int
    target: int


class RunItem(NamedTuple):
    """A declared run (ST-T4)."""

    kind: str
    seat: int
    zone: int
    uid: int


class AbilityItem(NamedTuple):
    """An ability used or triggered: its choices (one per cost, then per effect) and what was paid."""

    kind: str
    seat: int
    uid: int
    ability: int
    choices: tuple[Any, ...]
    paid: tuple[Any, ...]


class LossItem(NamedTuple):
    """A seat about to reach the goal (``goal``) or to lose by drawing from an empty deck (``deckout``)."""

    kind: str
    seat: int


class DeadHeatItem(NamedTuple):
    """A Dead Heat card running with the opponent (ST-K5)."""

    kind: str
    seat: int
    uid: int
    by: int


class PlacedItem(NamedTuple):
    """An event placed as a response (the placement is the response; nothing is left to resolve)."""

    kind: str
    seat: int
    uid: int


class FizzledItem(NamedTuple):
    """A declaration cancelled by a response (``what``: attack or run)."""

    kind: str
    what: str
    seat: int


class DeckList(NamedTuple):
    """A seat's deck as the race began (decklists are open information, docs/rulings.md)."""

    name: str
    cards: tuple[tuple[int, int], ...]  # (card id, copies) in card-table order


class Known(NamedTuple):
    """What every seat knows of the hidden zones (determinize keeps it). Immutable: copies share it, a
    change replaces it (it changes seldom, copies are many)."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]  # per seat: uids that went to its hand in the open
    bottoms: tuple[int, int]  # per seat: cards at the bottom of its deck known in order (recycled)


NOTHING_KNOWN = Known(((), ()), (0, 0))

# the events play logs most, as records (``log_records``: a tuple until someone reads the event, which a
# simulation never does); the rest are logged with ``log``
DRAW_EVENT = EventKind("draw", "seat", "count", "left")
DREW_EVENT = EventKind("drew", "seat", "card")  # private to the seat
TURN_EVENT = EventKind("turn", "seat", "turn", "cap")
PHASE_EVENT = EventKind("phase", "seat", "phase")
END_TURN_EVENT = EventKind("end_turn", "seat", "turn")
CALL_EVENT = EventKind("call", "seat", "card", "zone", "height")
ABILITY_EVENT = EventKind("ability", "seat", "card", "how", "ability", "choices")
RESOLVED_EVENT = EventKind("resolved", "seat", "card")
ATTACK_EVENT = EventKind("attack", "seat", "attackers", "zones", "target", "target_zone")
COMBAT_EVENT = EventKind("combat", "seat", "pow", "target", "def_", "outcome", "combined")
HIT_EVENT = EventKind("combat", "seat", "pow", "target", "hp_before", "outcome")  # an event attacked
DESTROYED_EVENT = EventKind("destroyed", "seat", "card", "zone")
EXPOSED_EVENT = EventKind("exposed", "seat", "card", "height")
STAYS_EVENT = EventKind("stays", "seat", "card")
STATS_EVENT = EventKind("stats", "card", "pow", "def_", "duration")
RUN_DECLARED_EVENT = EventKind("run_declared", "seat", "card", "zone", "gear")
RUN_EVENT = EventKind("run", "seat", "by", "distance", "dead_heat")
TAP_EVENT = EventKind("tap", "seat", "zone", "card")
UNTAP_EVENT = EventKind("untap", "seat", "zone", "card")


T = TypeVar("T")


def replaced(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """A per-seat pair with ``seat``'s entry replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class StatMod(NamedTuple):
    """POW/DEF added to a machine, until end of turn or while it stays on the field."""

    uid: int
    pow: int
    def_: int
    lasting: bool  # False: until end of turn (ST-T5)
