"""Mini D's state: the protocol's answers, ``clone``, ``census`` and ``_resample``, from its race.

Everything a race is played on and changes is in its :class:`~.race.Race` (``state.race``): a typed
record the race's rules (:mod:`.rules`, :mod:`.bunta`, :mod:`.corners`, :mod:`.battles`) are functions of,
which compiled with them is a native class.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kansei.core.protocol import Action, State

from . import rules, views
from .race import Race


class MiniDState(State):
    __slots__ = ("race",)

    race: Race

    # ------------------------------------------------------------------------------ protocol
    @property
    def to_move(self) -> int | None:
        r = self.race
        d = r.pending
        return None if d is None or r.over else d.seat

    @property
    def is_over(self) -> bool:
        return self.race.over

    @property
    def winner(self) -> int | None:
        ranking = self.race.ranking
        return ranking[0] if ranking is not None else None

    @property
    def players(self) -> int:
        return self.race.seats

    def returns(self) -> list[float]:
        """MD-W1 placings on a linear scale: +1 for 1st down to -1 for last (0.0 each until the end)."""
        r = self.race
        n = r.seats
        out = [0.0] * n
        if r.ranking is not None:
            for i, q in enumerate(r.ranking):
                out[q] = 1.0 - 2.0 * i / (n - 1)
        return out

    def _legal_actions(self) -> Sequence[Action]:
        return rules.legal_actions(self.race)

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        from .refusals import refusal

        return refusal(self, text, seat, lang)

    def _apply(self, a: Action) -> None:
        if (
            self.race.forced_dice
        ):  # a scenario: a forced die that does not fit its die refuses the action unplayed
            rules.decide(self.clone(), a)
        rules.decide(self, a)

    # ------------------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees (None: a spectator); cards by id (slug): ``game.cards(lang)`` names them."""
        return views.view(self, seat)

    def reveal(self) -> dict:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        """Every Event card is in the deck, a hand, waiting face up or in the discard pile (owner -1: the
        shared deck)."""
        r = self.race
        c = Counter(r.deck)
        c.update(r.discard)
        for h in r.hands:
            c.update(h)
        for w in r.waiting:
            c.update(w)
        return {-1: c}

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's Event cards by slug: the shared deck and discard pile (``zone:-:deck``,
        ``zone:-:discard``), and each racer's kept hand and waiting ⚡ cards (``zone:<seat>:hand``,
        ``zone:<seat>:waiting``)."""
        r = self.race
        cards = r.table.cards
        out = {
            "zone:-:deck": Counter(cards[c].slug for c in r.deck),
            "zone:-:discard": Counter(cards[c].slug for c in r.discard),
        }
        for q in range(r.seats):
            out[f"zone:{q}:hand"] = Counter(cards[c].slug for c in r.hands[q])
            out[f"zone:{q}:waiting"] = Counter(cards[c].slug for c in r.waiting[q])
        return out

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Racers bring no decks (the Event deck is shared and the same in every race of a content)."""
        return [None] * self.race.seats

    def _first_mover(self) -> int | None:
        """MD-S2: the racer who won the sprint (None while the sprint is on)."""
        r = self.race
        return None if r.sprinters else r.order[0]

    # ------------------------------------------------------------------------------ copies
    def clone(self) -> MiniDState:
        s = MiniDState.__new__(MiniDState)
        self._copy_base(s)
        s.race = self.race.clone()
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: the deck order, the other racers' hands, the dice to come
        (:meth:`~.race.Race.resample`)."""
        self.race.resample(seat, rng)


__all__ = ["MiniDState"]
