"""Pinned games: the same seed and actions give byte-identical results whatever is done to make the
engine faster (issue 24, "Search speed"). Each digest covers every legal list on the way, the final
``reveal()`` and the whole event log of a random game, and a determinized world played on from its
middle (the search bots' path). A change of behaviour changes a digest; a change of speed must not."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import kansei

GAME = kansei.load("dspirits")
# re-pinned 2026-12-06 when an event's reason became its sentence's key and the name it names (``why``,
# ``by``): with those turned back into the English sentence, every game gave its old digest
PINNED = {
    "0:1:0": "d300e834983c09c5",
    "0:1:1": "8574d71f59dfab64",
    "0:1:2": "f0b2da5c220855c2",
    "0:2:0": "e4d591e3f0f77743",
    "0:2:1": "2f848231eb87e235",
    "0:2:2": "f67c1857d38365e2",
    "0:3:0": "1763b8d18e2ba822",
    "1:1:0": "19bc28d275f3331e",
    "1:1:1": "e010e31e9c24b639",
    "1:1:2": "d91698cb3932e8c2",
    "1:2:0": "dd02833217480aa7",
    "1:2:1": "0854c446c7714c99",
    "1:2:2": "9877c945e58bce34",
    "1:3:0": "6373d9c6cdae8ccd",
    "2:1:0": "1d8152ffc4f649d7",
    "2:1:1": "cd9b9e96a7343853",
    "2:1:2": "62ad126d3fc4d384",
    "2:2:0": "de34fb6a99246042",
    "2:2:1": "fd0156d468fe73c7",
    "2:2:2": "e78d6032773deecb",
    "2:3:0": "d55ef0e112ae2864",
}


def digest(config: int, seed: int, decks: int) -> str:
    cfg = GAME.test_configs()[config]
    game = kansei.load("dspirits", **cfg["options"])
    s = game.start(seed=seed, decks=game.coverage_decks()[decks - 1] if decks else None)
    rng = random.Random(seed)
    h = hashlib.sha256()
    middle = None
    while not s.is_over:
        legal = s.legal_actions()
        h.update(" ".join(a.notation for a in legal).encode())
        if middle is None and len(s.event_log()) > 60:
            middle = s.determinize(s.to_move, random.Random(seed))
        s.advance(legal[rng.randrange(len(legal))])
    h.update(json.dumps([s.reveal(), s.event_log()], sort_keys=True).encode())
    if middle is not None:
        w = middle.clone()
        while not w.is_over:
            legal = w.legal_actions()
            w.advance(legal[rng.randrange(len(legal))])
        h.update(json.dumps([w.reveal(), w.event_log()], sort_keys=True).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(PINNED))
def test_pinned_games_play_out_identically(key: str):
    config, seed, decks = (int(x) for x in key.split(":"))
    assert digest(config, seed, decks) == PINNED[key]
