"""Speed work changes nothing (issue 24): full random races of every test config, played with ``apply``
and with ``clone`` + ``advance`` as the search does, with the starter and the coverage decks, end in
exactly the ``reveal()``, event log and bot evaluations pinned here (digests taken before the engine was
made faster). A digest that moves means behaviour changed: find out why before touching the pin."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import kansei

CONFIGS = [
    {"mode": "time_attack"},
    {"mode": "sudden_death"},
    {"mode": "time_attack", "nullify_pick": "leader_choice"},
    {"mode": "sudden_death", "course_order": "built"},
]
PINNED = {
    # (config index, seed, coverage decks, stepping): digest of reveal(), event_log() and evaluate()
    (0, 1, False, "apply"): "8852181caee09afe",
    (0, 1, False, "advance"): "8852181caee09afe",
    (0, 1, False, "world"): "d2155e421ccf37f2",
    (0, 1, True, "apply"): "ca228c58c33b4632",
    (0, 2, False, "apply"): "f4882715891ce465",
    (0, 2, False, "advance"): "f4882715891ce465",
    (0, 2, False, "world"): "3adef52872095c81",
    (0, 2, True, "apply"): "a9c43d28fa4e54f5",
    (0, 3, False, "apply"): "4d85d113873a479b",
    (0, 3, False, "advance"): "4d85d113873a479b",
    (0, 3, False, "world"): "21bab7d85c1f29df",
    (0, 3, True, "apply"): "5d8e36bbe642249a",
    (1, 1, False, "apply"): "f9e27ed7c13d579d",
    (1, 1, False, "advance"): "f9e27ed7c13d579d",
    (1, 1, False, "world"): "622737c4fae8d15e",
    (1, 1, True, "apply"): "f5d3694763534f86",
    (1, 2, False, "apply"): "8f98d8a8b346dd87",
    (1, 2, False, "advance"): "8f98d8a8b346dd87",
    (1, 2, False, "world"): "e507f98e736030bc",
    (1, 2, True, "apply"): "d577fa6973c7307a",
    (1, 3, False, "apply"): "360a065c362639eb",
    (1, 3, False, "advance"): "360a065c362639eb",
    (1, 3, False, "world"): "985d469189dbdef8",
    (1, 3, True, "apply"): "73bdc1974f0a2b6f",
    (2, 1, False, "apply"): "8852181caee09afe",
    (2, 1, False, "advance"): "8852181caee09afe",
    (2, 1, False, "world"): "d2155e421ccf37f2",
    (2, 1, True, "apply"): "ca228c58c33b4632",
    (2, 2, False, "apply"): "f4882715891ce465",
    (2, 2, False, "advance"): "f4882715891ce465",
    (2, 2, False, "world"): "3adef52872095c81",
    (2, 2, True, "apply"): "3f23dc73f979cf0d",
    (2, 3, False, "apply"): "7d7bffdceb01fd42",
    (2, 3, False, "advance"): "7d7bffdceb01fd42",
    (2, 3, False, "world"): "5eadc05884d35b59",
    (2, 3, True, "apply"): "5d8e36bbe642249a",
    (3, 1, False, "apply"): "f9e27ed7c13d579d",
    (3, 1, False, "advance"): "f9e27ed7c13d579d",
    (3, 1, False, "world"): "622737c4fae8d15e",
    (3, 1, True, "apply"): "b40f8e98f9cb541b",
    (3, 2, False, "apply"): "8f98d8a8b346dd87",
    (3, 2, False, "advance"): "8f98d8a8b346dd87",
    (3, 2, False, "world"): "e507f98e736030bc",
    (3, 2, True, "apply"): "d577fa6973c7307a",
    (3, 3, False, "apply"): "5c3cdfea023f5134",
    (3, 3, False, "advance"): "5c3cdfea023f5134",
    (3, 3, False, "world"): "ffe82b671429af7e",
    (3, 3, True, "apply"): "73bdc1974f0a2b6f",
}


def play(config: dict[str, Any], seed: int, coverage: bool, stepping: str) -> str:
    """``stepping``: ``apply`` (as a client), ``advance`` (a clone advanced with the engine's own action,
    as ISMCTS steps) or ``world`` (from the 9th move on, a world determinized for the seat to move)."""
    game = kansei.load("touge", **config)
    decks = game.coverage_decks()[seed % 2] if coverage else None
    s = game.start(seed=seed, decks=decks)
    rng = random.Random(seed)
    values = []
    while not s.is_over:
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if stepping == "advance":
            s = s.clone()
            s.advance(action)
        else:
            s.apply(action)
        if stepping == "world" and len(values) == 8 and not s.is_over:
            s = s.determinize(s.to_move, random.Random(seed))
        values.append(round(game.evaluate(s, 0), 6))
    blob = json.dumps([s.reveal(), s.event_log(), values], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


CASES = [
    (config, seed, coverage, stepping)
    for config in range(4)
    for seed in (1, 2, 3)
    for coverage, stepping in ((False, "apply"), (False, "advance"), (False, "world"), (True, "apply"))
]


@pytest.mark.parametrize(("config", "seed", "coverage", "stepping"), CASES)
def test_full_races_end_exactly_as_pinned(config: int, seed: int, coverage: bool, stepping: str):
    assert play(CONFIGS[config], seed, coverage, stepping) == PINNED[config, seed, coverage, stepping]
