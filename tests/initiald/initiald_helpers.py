"""Races the Initial D tests share: decision points of random races, and a race whose deck runs out."""

from __future__ import annotations

import random
from collections.abc import Iterator

import kansei
from kansei.builtin.initiald.state import InitialDState


def states(options: dict, seeds: range | list[int], every: int = 1) -> Iterator[InitialDState]:
    """Every ``every``-th decision point of random races from ``seeds`` (the live state: callers apply
    actions to clones only), then each race's end."""
    game = kansei.load("initiald", **options)
    for seed in seeds:
        s = game.start(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            if step % every == 0:
                yield s  # type: ignore[misc]
            s.apply(rng.choice(s.legal_actions()))
            step += 1
        yield s  # type: ignore[misc]


def reshuffled(game: kansei.Game | None = None) -> InitialDState:
    """A race whose deck runs out (ID-P1 ruling: the discard pile is shuffled into a new deck)."""
    game = game or kansei.load("initiald")
    s = game.start(
        seed=1, setup={"challenger": 1, "hands": [["Crowd Pleaser", "Heel-and-Toe"], ["Apex Kiss"]]}
    )
    assert isinstance(s, InitialDState)
    s.apply("play crowd-pleaser")
    s.apply("pass")
    s.race.discards[0].extend(s.race.decks[0])
    s.race.decks[0].clear()
    s.apply("keep")
    return s
