"""Steps per second through each interop adapter beside the bare engine, for every game.

    .venv/bin/python bench/interop.py [--seconds 1.0] [--json]

Every loop plays seeded random games (uniform among the legal actions) for about ``--seconds`` and counts
plies (one applied action = one step):

- ``engine``      legal_actions + apply: the anchor, measured in the same run;
- ``engine+view`` the same plus ``view(seat)`` of the mover: what any agent that observes must pay;
- ``openspiel``   pyspiel's ``legal_actions()`` + ``apply_action()`` on ``python_kansei_<id>`` (what MCTS and
  random rollouts do: no observation);
- ``openspiel+obs`` the same plus the mover's ``observation_tensor()``;
- ``pettingzoo``  ``env.last()`` (observation vector + mask of the mover) + ``env.step()``;
- ``gymnasium``   ``env.step()`` against a ``random`` opponent: observation and mask of the learner at
  each of its steps; the opponent's plies count as steps too.

The ratio column is the adapter's cost per step over the bare engine's (lower is better; the target is
≤ 2 for the adapters without observations). Figures never gate CI.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import numpy as np

import kansei
from kansei.interop import gymnasium as kgym
from kansei.interop import openspiel as kos
from kansei.interop import pettingzoo as kpz


def timed(loop: Callable[[int], int], seconds: float) -> float:
    """Steps per second: run ``loop(seed)`` (one game, returns its steps) until ``seconds`` pass."""
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += loop(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def engine(gid: str, n: int, view: bool) -> Callable[[int], int]:
    game = kansei.load(gid)

    def loop(seed: int) -> int:
        s, rng, k = game.start(seed=seed, players=n), random.Random(seed), 0
        while not s.is_over:
            legal = s.legal_actions()
            if view:
                s.view(s.to_move)
            s.apply(legal[int(rng.random() * len(legal))], seat=s.to_move)
            k += 1
        return k

    return loop


def openspiel(gid: str, n: int, obs: bool) -> Callable[[int], int]:
    game = kos.load(gid, players=n)

    def loop(seed: int) -> int:
        s, rng, k = game.new_initial_state(), random.Random(seed), 0
        while not s.is_terminal():
            legal = s.legal_actions()
            if obs:
                s.observation_tensor(s.current_player())
            s.apply_action(legal[int(rng.random() * len(legal))])
            k += 1
        return k

    return loop


def pettingzoo(gid: str, n: int) -> Callable[[int], int]:
    env = kpz.env(gid, players=n)

    def loop(seed: int) -> int:
        env.reset(seed=seed)
        rng, k = random.Random(seed), 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            k += 1
        return k

    return loop


def gymnasium(gid: str, n: int) -> Callable[[int], int]:
    env = kgym.make(gid, opponent="random", players=n)

    def loop(seed: int) -> int:
        _, info = env.reset(seed=seed)
        rng, done = random.Random(seed), False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
        return env.plies

    return loop


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    kos.register()
    rows = []
    for gid in kansei.games():
        g = kansei.load(gid)
        for n in sorted({g.min_players, g.max_players}):
            loops = {
                "engine": engine(gid, n, view=False),
                "engine+view": engine(gid, n, view=True),
                "openspiel": openspiel(gid, n, obs=False),
                "openspiel+obs": openspiel(gid, n, obs=True),
                "pettingzoo": pettingzoo(gid, n),
                "gymnasium": gymnasium(gid, n),
            }
            rates = {name: timed(loop, args.seconds) for name, loop in loops.items()}
            rows.append({"game": gid, "players": n, "steps_per_s": rates})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    names = list(rows[0]["steps_per_s"])
    print(f"{'game':<12}" + "".join(f"{n:>16}" for n in names))
    for r in rows:
        rates = r["steps_per_s"]
        base = rates["engine"]
        cells = [f"{rates[n]:>9,.0f} ({base / rates[n]:.1f}×)" for n in names]
        print(f"{r['game'] + ' p' + str(r['players']):<12}" + "".join(f"{c:>16}" for c in cells))
    print("steps/s (cost per step relative to the bare engine in the same run)")


if __name__ == "__main__":
    main()
