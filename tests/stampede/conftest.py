"""Stampede test helpers (the ``sc`` fixture): legal 40-card decks holding given cards, and races started
from a scenario through :func:`kansei.testing.scenario`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kansei.builtin.stampede.cards import STEERING
from kansei.builtin.stampede.table import catalog
from kansei.testing import scenario

sys.path.insert(0, str(Path(__file__).parent))  # stampede_helpers, for the test modules


class Scenario:
    """Builds games with fixed decks, centers, hands, field and turn (``setup`` keys of the game)."""

    def __init__(self):
        self.cat = catalog()
        self.starters = {d.name: dict(d.cards) for d in self.cat.decks}

    def card(self, name: str):
        return self.cat.cards[self.cat.find(name)]

    def deck(self, add: dict[str, int] | None = None, base: str = "Scarlet Rose") -> dict:
        """A legal 40-card deck (ST-D1) holding ``add``, filled from a starter deck."""
        add = dict(add or {})
        cards: dict[str, int] = {}
        for name, n in add.items():
            key = self.card(name).en
            cards[key] = cards.get(key, 0) + n
        steering = {n for n in cards if self.card(n).cls == STEERING}
        for name, n in self.starters[base].items():
            total = sum(cards.values())
            if total >= 40:
                break
            if name in cards:
                continue
            if self.card(name).cls == STEERING:
                if len(steering) >= 3:
                    continue
                steering.add(name)
            cards[name] = min(n, 40 - total)
        for name in list(cards):  # top up to 4 copies where the first pass fell short
            short = 40 - sum(cards.values())
            if short <= 0:
                break
            cards[name] += min(short, 4 - cards[name])
        assert sum(cards.values()) == 40, cards
        return {"cards": cards}

    def start(self, p0=None, p1=None, *, options=None, seed=1, **setup):
        """A started race: seat ``first`` (default 0) in its main phase after the draw; no cards dealt
        (``hand_size=0``) unless the scenario names them."""
        setup.setdefault("first", 0)
        setup.setdefault("hands", [[], []])
        decks = [p0 or self.deck(), p1 or self.deck(base="Sugar Mountain")]
        return scenario(
            "stampede", setup=setup, options={"hand_size": 0} | (options or {}), seed=seed, decks=decks
        )

    @staticmethod
    def names(state, zone) -> list[str]:
        return [state.card_of[u].en for u in zone]

    @staticmethod
    def top(state, seat, z):
        u = state.field[seat * 3 + z]
        return None if u < 0 else state.card_of[u].en

    @staticmethod
    def legal(state) -> list[str]:
        return [a.notation for a in state.legal_actions()]


@pytest.fixture(scope="session")
def sc() -> Scenario:
    return Scenario()
