"""A search clones and steps states millions of times: what it drops must be freed at once, by reference
counting, not left to Python's cyclic collector (D-Spirits' record once held the state holding it, so
every clone and world was a cycle: a clone cost twice as much, and a search's worlds piled up between
collections)."""

from __future__ import annotations

import gc
import random

import pytest

import kansei
from kansei.core.protocol import State


@pytest.mark.parametrize("game_id", kansei.games())
def test_clones_worlds_and_their_steps_leave_no_cycles(game_id: str) -> None:
    game = kansei.load(game_id)
    state = game.start(seed=3)
    rng = random.Random(3)
    for _ in range(20):  # a position with something on the table
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    package = type(state).__module__.rpartition(".")[0]  # the game's own objects (another thread's are not)
    gc.collect()
    gc.disable()
    try:
        for i in range(50):
            for copy in (state.clone(), state.determinize(seat, random.Random(i), events=False)):
                if not copy.is_over:
                    copy.apply(copy.legal_actions()[0])
                    copy.clone()
        del copy
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage, to be looked at
        gc.collect()
        ours = [o for o in gc.garbage if isinstance(o, State) or type(o).__module__.startswith(package)]
        assert not ours, f"{len(ours)} objects left in cycles, e.g. {type(ours[0]).__qualname__}"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
