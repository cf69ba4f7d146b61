"""Games the Stampede tests share: random games over every pairing of the starter decks."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import kansei
from kansei.core.protocol import State
from kansei.testing import play_random

GAME = kansei.load("stampede")
DECKS = GAME.starter_decks()
PAIRS = list(itertools.product(DECKS, DECKS))


def random_games(n: int, start: int = 0) -> Iterator[State]:
    """The final states of ``n`` random games from seed ``start``, the deck pairings in turn."""
    for seed in range(start, start + n):
        yield play_random(GAME, seed, decks=list(PAIRS[seed % len(PAIRS)]))[0]
