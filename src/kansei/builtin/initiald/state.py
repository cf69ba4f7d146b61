"""The Initial D CCG state: the protocol's answers, ``clone``, ``census`` and ``_resample``, from its race.

Everything a race is played on and changes is in its :class:`~.race.Race` (``state.race``): a typed record
the rules (:mod:`.rules`) and the evaluation (:mod:`.bots`) are functions of, which compiled with them is a
native class. What a seat sees of it is ``views.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import State

from . import refusals, rules, views
from .race import Race

if TYPE_CHECKING:  # pragma: no cover
    from .game import InitialD


class InitialDState(State):
    __slots__ = ("race",)

    game: InitialD
    race: Race

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        r = self.race
        return None if r.over else r.turn

    @property
    def is_over(self) -> bool:
        return self.race.over

    @property
    def winner(self) -> int | None:
        return self.race.win

    @property
    def players(self) -> int:
        return 2

    def returns(self) -> list[float]:
        win = self.race.win
        if win is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if win == 0 else [-1.0, 1.0]

    # the rules' steps (rules.py), functions of the state, with no layer between (the hot path of search),
    # compiled or not (the base calls them through the class)
    _legal_actions = rules.legal_actions
    _apply = rules.apply

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        """Told to the seat to move about its own action (see refusals.py)."""
        return refusals.why_illegal(self, text, seat, lang)

    # ---------------------------------------------------------------------------- information
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        r = self.race
        out: dict[int, Counter[Any]] = {}
        for p in (0, 1):
            sd = r.sides[p]
            c = Counter(r.decks[p])
            c.update(r.hands[p])
            c.update(r.discards[p])
            c.update(sd.mods)
            c.update(sd.races)
            c[sd.car] += 1
            out[p] = c
        for owner, cid in (*r.pile, *r.inplay):
            out[owner][cid] += 1
        if r.pending >= 0:
            out[r.turn][r.pending] += 1
        return out

    # ---------------------------------------------------------------------------- copies
    def clone(self) -> InitialDState:
        s = InitialDState.__new__(InitialDState)
        self._copy_base(s)
        s.race = self.race.clone()
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, the other hand, and the future of the random
        source (:meth:`~.race.Race.resample`)."""
        self.race.resample(seat, rng)

    # ---------------------------------------------------------------------------- records
    def _first_mover(self) -> int | None:
        """The lead car of the first stage plays first (ID-S3, ID-P2)."""
        return 1 - self.race.challenger

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's deck as deck data (car, mods, race cards and maneuvers, by name)."""
        return [side.deck_data(self.game.table) for side in self.race.sides]

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's cards by slug: per seat (``zone:<seat>:<name>``) its ``deck``, ``hand``, ``discard``,
        ``in_play`` (lasting maneuvers, ID-P5), ``stage`` (maneuvers played this stage), ``paying`` (the
        maneuver being paid for), and what it brought: ``car``, ``mods``, ``races``."""
        r = self.race
        cards = self.game.table.cards
        out: dict[str, Counter[str]] = {}
        for p in (0, 1):
            side = r.sides[p]
            zone = {
                "deck": r.decks[p],
                "hand": r.hands[p],
                "discard": r.discards[p],
                "in_play": [c for o, c in r.inplay if o == p],
                "stage": [c for o, c in r.pile if o == p],
                "paying": [r.pending] if r.pending >= 0 and r.turn == p else [],
                "car": [side.car],
                "mods": side.mods,
                "races": side.races,
            }
            for name, ids in zone.items():
                out[f"zone:{p}:{name}"] = Counter(cards[c].slug for c in ids)
        return out


__all__ = ["InitialDState"]
