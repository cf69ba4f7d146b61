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
    "0:1:0": "e6b395baf687b09f",
    "0:1:1": "9d90a5dc9c4638a4",
    "0:1:2": "68ef8069d466af37",
    "0:2:0": "73cc9af660e746c8",
    "0:2:1": "b12ca1646bf77cda",
    "0:2:2": "76838ab1aef3709e",
    "0:3:0": "98a62b84bc2dec8d",
    "1:1:0": "0316fdb8277b63a2",
    "1:1:1": "8b2300d7bb844cef",
    "1:1:2": "171f4e831c3d9744",
    "1:2:0": "7e7842f4c29190bd",
    "1:2:1": "498519262d57ef02",
    "1:2:2": "a3136e94b3736816",
    "1:3:0": "fa838653b815c406",
    "2:1:0": "b809cb664c5b8be4",
    "2:1:1": "4dd4684249a4f960",
    "2:1:2": "59c277944d9da855",
    "2:2:0": "013e8ad6b6d73bb3",
    "2:2:1": "4b81706d5739d14b",
    "2:2:2": "cc9a1dc5889f603a",
    "2:3:0": "ef073e7de5af2a63",
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
