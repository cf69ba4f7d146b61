"""No adapter shows a seat what it cannot see: the two-worlds method, for each adapter and every game.

At decision points of random games, ``w = s.determinize(seat, rng)`` differs from ``s`` only in what
``seat`` cannot see (other hands, deck orders, the future of the random source). Everything an adapter
hands that seat must be identical in ``s`` and ``w``: the observation vector, the mask, OpenSpiel's
observation and information-state strings and tensors, PettingZoo's ``observe``, Gymnasium's
observation and info, and the choices of the OpenSpiel agents. A peeking encoder is caught by the same
check (``test_the_check_catches_a_peeking_encoder``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np
import pyspiel
import pytest
from interop_helpers import random_states

import kansei
from kansei.agents import choose, make_agent
from kansei.core.protocol import State
from kansei.interop import gymnasium as kgym
from kansei.interop import openspiel as kos
from kansei.interop import pettingzoo as kpz
from kansei.interop.table import Table

WORLDS = 2


def world_pairs(gid: str, n: int, games: int = 3, every: int = 3) -> Iterator[tuple[State, State, int]]:
    for i, s in enumerate(random_states(gid, n, games=games, every=every, limit=12)):
        seat = s.to_move
        for k in range(WORLDS):
            yield s, s.determinize(seat, random.Random(i * 10 + k)), seat


def _same(a: object, b: object) -> bool:
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.shape == b.shape and bool((a == b).all())
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return isinstance(b, type(a)) and len(a) == len(b) and all(map(_same, a, b))
    return a == b


def differences(gid: str, n: int, seen: Callable[[State, int], object]) -> list[str]:
    out = []
    for s, w, seat in world_pairs(gid, n):
        if not _same(seen(s, seat), seen(w, seat)):
            out.append(f"{gid} p{n} seat {seat}: differs between worlds")
    return out


def test_observation_vector_and_mask(config):
    gid, n = config
    table = Table(gid, players=n)
    diffs = differences(gid, n, lambda s, seat: (table.observe(s, seat), table.space.mask(s)))
    assert not diffs, diffs[:5]


def test_openspiel_strings_and_tensors(config):
    gid, n = config
    kos.register()
    game = pyspiel.load_game(f"{kos.PREFIX}{gid}(players={n})")

    def seen(s: State, seat: int) -> object:
        st = game.wrap(s.clone())
        return (
            st.observation_string(seat),
            st.information_state_string(seat),
            np.array(st.observation_tensor(seat)),
            np.array(st.information_state_tensor(seat)),
            st.legal_actions(),
        )

    diffs = differences(gid, n, seen)
    assert not diffs, diffs[:5]


def test_pettingzoo_observe(config):
    gid, n = config
    env = kpz.raw_env(gid, players=n)

    def seen(s: State, seat: int) -> object:
        env.state_ = s
        return env.observe(env.possible_agents[seat])

    diffs = differences(gid, n, seen)
    assert not diffs, diffs[:5]


def test_gymnasium_observation_and_info(config):
    gid, n = config
    env = kgym.make(gid, opponent="random", players=n)

    def seen(s: State, seat: int) -> object:
        env.seat, env.state_ = seat, s
        return env._obs(), env._info()

    diffs = differences(gid, n, seen)
    assert not diffs, diffs[:5]


@pytest.mark.parametrize("spec", ["openspiel:mcts:sims=6,worlds=2", "openspiel:ismcts:sims=6"])
def test_openspiel_agents(spec):
    """Same bot, same seed, two worlds: the same choice (they search determinised worlds only)."""
    for gid in kansei.games():
        g = kansei.load(gid)
        for s, w, seat in world_pairs(gid, g.min_players, games=1, every=5):
            if len(s.legal_actions()) > 1:
                assert choose(make_agent(spec, seed=3), s, seat) == choose(
                    make_agent(spec, seed=3), w, seat
                ), gid


def test_the_check_catches_a_peeking_encoder():
    """An encoder that reads the whole state (here: its full reveal) differs between worlds."""
    gid = next(g for g in kansei.games() if differences(g, kansei.load(g).min_players, _peek))
    assert gid


def _peek(s: State, seat: int) -> object:
    return kos.view_text(s.reveal())
