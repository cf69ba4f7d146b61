"""Pinned digests of whole random races, taken before the engine was made faster (issue 24): every legal
list on the way, a determinized world played on from some decisions, and the final ``reveal()`` and event
log. A faster engine must play exactly the same races; a change of the rules (or of what ``reveal()`` and
the events hold) updates these digests on purpose, in its own commit."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import kansei

CONFIGS = [{}, {"discards": "shared"}, {"discard_order": "any", "cost_tie": "seat1"}]
SEEDS = (1, 7, 23, 40)
PINNED = {
    0: ["dbdef36a5963403f2329", "107eebacd4c511b1e72d", "8b371b0d3779caa3909c", "a7201e18244b7d7c0bbb"],
    1: ["25a605942c7fcb781147", "e053e5ef744650405396", "8b371b0d3779caa3909c", "a7201e18244b7d7c0bbb"],
    2: ["d389108253b6ab58ea8e", "1c599032dc90870b0094", "760abe6719ad8dec83e6", "5682174d897a5c7a3bef"],
}


def race_digest(options: dict, seed: int) -> str:
    game = kansei.load("initiald", **options)
    s = game.start(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    while not s.is_over:
        legal = s.legal_actions()
        h.update(" ".join(a.notation for a in legal).encode())
        if len(s.event_log()) % 7 == 3:  # a search's world, played on with the unchecked step
            world = s.determinize(s.to_move, random.Random(seed))
            wrng = random.Random(seed + 1)
            while not world.is_over:
                world.advance(wrng.choice(world.legal_actions()))
            h.update(json.dumps(world.reveal(), sort_keys=True).encode())
        s.apply(legal[rng.randrange(len(legal))])
    h.update(json.dumps(s.reveal(), sort_keys=True).encode())
    h.update(json.dumps(s.event_log(), sort_keys=True).encode())
    return h.hexdigest()[:20]


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_random_races_play_exactly_as_before_the_speed_work(config):
    assert [race_digest(CONFIGS[config], seed) for seed in SEEDS] == PINNED[config]
