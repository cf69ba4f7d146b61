"""Train a small policy by self-play through the PettingZoo environment, then measure it (not run in CI).

    .venv/bin/python examples/train_selfplay.py --game initiald --minutes 3

The policy is a masked softmax over the game's fixed action space with logits ``W·x + b`` (``x``: the
seat's observation vector from ``view(seat)``): a linear policy trained by REINFORCE with a learned
linear baseline, both seats playing the same policy. Only numpy: a few CPU minutes, no GPU.

It then plays the Gymnasium environment against kansei's ``random`` and ``greedy`` bots (seats alternate;
the policy takes its most probable legal action) and prints win rates with 95% Wilson intervals. The
weights and the action space they index are saved together (``--out``), so the policy survives a
restart: indices are read back through the saved space, whatever the installed version lists.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from kansei.interop import gymnasium as kgym
from kansei.interop import pettingzoo as kpz
from kansei.sim.stats import wilson


class LinearPolicy:
    def __init__(self, obs: int, actions: int, rng: np.random.Generator):
        self.W = np.zeros((actions, obs), np.float64)
        self.b = np.zeros(actions, np.float64)
        self.v = np.zeros(obs, np.float64)  # baseline: value ≈ v·x
        self.rng = rng

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        legal = np.flatnonzero(mask)
        z = self.W[legal] @ x + self.b[legal]
        z -= z.max()
        p = np.exp(z)
        return legal, p / p.sum()

    def sample(self, x: np.ndarray, mask: np.ndarray) -> int:
        legal, p = self.probs(x, mask)
        return int(legal[self.rng.choice(len(legal), p=p)])

    def best(self, x: np.ndarray, mask: np.ndarray) -> int:
        legal, p = self.probs(x, mask)
        return int(legal[int(np.argmax(p))])

    def update(self, steps: list[tuple[np.ndarray, np.ndarray, int]], ret: float, lr: float) -> None:
        for x, mask, a in steps:
            adv = ret - float(self.v @ x)
            self.v += lr * adv * x
            legal, p = self.probs(x, mask)
            g = -p
            g[np.flatnonzero(legal == a)[0]] += 1.0  # d log pi(a|x) / d logits of the legal actions
            self.W[legal] += lr * adv * np.outer(g, x)
            self.b[legal] += lr * adv * g


def selfplay(game: str, policy: LinearPolicy, seconds: float, lr: float) -> int:
    env = kpz.env(game)
    episodes, start = 0, time.time()
    while time.time() - start < seconds:
        env.reset(seed=episodes)
        trail: dict[str, list] = {a: [] for a in env.possible_agents}
        final: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                final[agent] = reward
                env.step(None)
                continue
            x = obs["observation"].astype(np.float64) / 8.0
            a = policy.sample(x, obs["action_mask"])
            trail[agent].append((x, obs["action_mask"], a))
            env.step(a)
        for agent, steps in trail.items():
            policy.update(steps, final.get(agent, 0.0), lr)
        episodes += 1
    return episodes


def evaluate(game: str, policy: LinearPolicy, opponent: str, games: int) -> tuple[float, float, float]:
    wins = 0.0
    for i in range(games):
        env = kgym.make(game, opponent=opponent, seat=i % 2)
        obs, info = env.reset(seed=10_000 + i)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, info = env.step(
                policy.best(obs.astype(np.float64) / 8.0, info["action_mask"])
            )
        wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    lo, hi = wilson(round(wins), games)
    return wins / games, lo, hi


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="initiald")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--eval-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=None, help="folder for the weights and their action space")
    args = ap.parse_args()

    probe = kpz.raw_env(args.game)
    size, actions = probe.table.encoder.size, len(probe.table.space)
    policy = LinearPolicy(size, actions, np.random.default_rng(args.seed))
    before = {opp: evaluate(args.game, policy, opp, args.eval_games // 2) for opp in ("random", "greedy")}
    episodes = selfplay(args.game, policy, args.minutes * 60, args.lr)
    after = {opp: evaluate(args.game, policy, opp, args.eval_games) for opp in ("random", "greedy")}
    report = {
        "game": args.game,
        "episodes": episodes,
        "minutes": args.minutes,
        "untrained_first_legal_action": {k: round(v[0], 3) for k, v in before.items()},
        "trained": {
            k: {"win_rate": round(v[0], 3), "ci95": [round(v[1], 3), round(v[2], 3)]}
            for k, v in after.items()
        },
        "eval_games": args.eval_games,
    }
    print(json.dumps(report, indent=1))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        np.savez(args.out / "policy.npz", W=policy.W, b=policy.b, v=policy.v)
        probe.table.space.save(args.out / "action_space.json")


if __name__ == "__main__":
    main()
