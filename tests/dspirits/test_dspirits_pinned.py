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
PINNED = {
    "0:1:0": "53a45ca22cefbda9",
    "0:1:1": "09cad9fccc2c32c1",
    "0:1:2": "2a8b5f0ffac567bb",
    "0:2:0": "0d375766956527f2",
    "0:2:1": "110bc500d120c69a",
    "0:2:2": "7c5af39c899b1710",
    "0:3:0": "6d29585f526c6848",
    "1:1:0": "c79c838284cb2f3e",
    "1:1:1": "f72e8c2ca43d6008",
    "1:1:2": "ed1da22b81d41d45",
    "1:2:0": "0f35a0cc6f6b6f95",
    "1:2:1": "38ce71b2c4a9bd47",
    "1:2:2": "0eafea69399c8fd2",
    "1:3:0": "fb21d7c73348aa85",
    "2:1:0": "68a16b858a7bfbc6",
    "2:1:1": "8c5bff1070052f96",
    "2:1:2": "2692ad5d6baee2b8",
    "2:2:0": "c0fd18c9dca00a99",
    "2:2:1": "610f6c0a387ebafd",
    "2:2:2": "4aef2e9b4365a84a",
    "2:3:0": "4031850059ad9367",
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
