"""The search loop compiled with mypyc (``python -m kansei.build --only search``) makes exactly the choices
of its Python source: the same trees, visit for visit and value for value, in every game and every
configuration of the search. Skipped where it is not built (then every search runs the source, checked
everywhere else)."""

from __future__ import annotations

import random

import pytest

import kansei
from kansei.agents import make_agent, mcts

SPECS = [
    "mcts:iters=60,depth=3",
    "mcts:iters=60,depth=end",
    "mcts:iters=50,depth=0,prior=3",
    "mcts:iters=40,depth=2,rollout=greedy",
    "mcts:iters=50,depth=0,value=learned,prior=2",
]


def trees(monkeypatch, module, gid: str) -> list:
    monkeypatch.setattr(mcts, "engine", lambda: module)
    game = kansei.load(gid)
    s = game.start(seed=5)
    rng = random.Random(1)
    out = []
    for k in range(10):
        if s.is_over:
            break
        if len(s.legal_actions()) > 1:
            for spec in SPECS:
                agent = make_agent(spec, seed=k)
                agent.search(s.determinize(s.to_move, random.Random(k)), s.to_move)
                out.append((spec, agent.stats(), agent.last_values, agent.last_iterations))
        s.apply(rng.choice(s.legal_actions()))
    return out


@pytest.mark.skipif(
    mcts.compiled() is None, reason="the search is not compiled (python -m kansei.build --only search)"
)
@pytest.mark.parametrize("gid", kansei.games())
def test_compiled_search_makes_the_same_trees(monkeypatch, gid):
    compiled = mcts.compiled()
    assert compiled is not None and compiled.__file__.endswith(".so")
    assert trees(monkeypatch, compiled, gid) == trees(monkeypatch, mcts.pure(), gid)


def test_the_pure_search_is_kept(monkeypatch):
    """``KANSEI_PURE`` runs the Python source even where the compiled module is built."""
    monkeypatch.setenv("KANSEI_PURE", "1")
    assert mcts.engine().__file__.endswith("search.py")
