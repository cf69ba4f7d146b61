"""The D-Spirits state as the protocol sees it: :class:`Duel` holds one record of the game, ``duel`` (a
:class:`~.rules.RulesState`: the fields of :mod:`.state` and the rules of its layers), and answers the
protocol from it.

Why a record beside the state rather than the state itself: the rules are methods of their layers, and
mypyc compiles a class as a native one (its fields C struct members) only if it derives from no Python
class, which the core's ``State`` is. The record derives from nothing, so ``python -m kansei.build``
compiles it and its layers (``DSpirits.compiled_modules``) together: the rules' field reads are C struct
reads. Uncompiled, the record is a plain class with slots and the games are the same.

The record is bound to the state holding it for each step (:meth:`~.state.StateBase.bind`, and let go
at the step's end, so the pair makes no reference cycle): the rules draw from that state's random source,
log through it and remember the next decision's legal actions in it. What reads the state from outside
the rules (views, refusals, text) reads the record itself, typed (``state.duel.sp``,
``duel.labels(p)``). For tests and scripts each name of the record the state lacks is also the core's
:class:`~kansei.core.protocol.RecordField` on the state (``state.sp``,
:func:`~kansei.core.protocol.forward_record`); the type checker does not see those, so the package does
not use them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import State, forward_record

from . import rules
from .rules import RulesState

if TYPE_CHECKING:  # pragma: no cover
    from .game import DSpirits


class Duel(State):
    """A D-Spirits state: the protocol's answers from its record ``duel`` (see the module doc)."""

    __slots__ = ("duel",)

    game: DSpirits
    duel: RulesState

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        return self.duel.to_move

    @property
    def is_over(self) -> bool:
        return self.duel.over

    @property
    def winner(self) -> int | None:
        return self.duel.win

    @property
    def players(self) -> int:
        return 2

    def returns(self) -> list[float]:
        d = self.duel
        if not d.over or d.win is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if d.win == 0 else [-1.0, 1.0]

    # the rules' steps (rules.py), functions of this state, with no Python call between (the hot path of
    # search), compiled or not (the base calls them through the class)
    _legal_actions = rules.legal_actions
    _apply = rules.apply

    # ---------------------------------------------------------------------------- copies
    def clone(self) -> Duel:
        cls = type(self)
        s = cls.__new__(cls)
        self._copy_base(s)
        s.duel = self.duel.clone()  # bound to s for each of its steps (rules.apply)
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """In a fresh world (``State.determinize``, which gave it its own random source and log): bound to
        them, then what ``seat`` cannot see resampled (:meth:`~.state.StateBase.resample_hidden`)."""
        d = self.duel
        d.bind(self)  # a world may keep no events where its original did
        try:
            d.resample_hidden(seat, rng)
        finally:
            d.release()

    # ---------------------------------------------------------------------------- records
    def _first_mover(self) -> int | None:
        return self.duel.first_seat()

    def deck_lists(self) -> list[dict[str, Any] | None]:
        return self.duel.deck_lists()

    def zones(self) -> dict[str, Counter[str]]:
        return self.duel.zones()

    def census(self) -> dict[int, Counter[Any]]:
        return self.duel.census()


forward_record(Duel, "duel", RulesState)

__all__ = ["Duel"]
