"""Train MaskablePPO (sb3-contrib) on a kansei Gymnasium environment, then measure it (not run in CI).

    pip install torch==2.13.0            # the CPU build first (a bare `torch` may pull a CUDA one)
    pip install -e '.[interop,rl]'
    .venv/bin/python examples/train_maskable_ppo.py --game touge --timesteps 60000

The learner is ``sb3_contrib.MaskablePPO`` with its default MLP policy on ``kansei.interop.gymnasium``:
observations in [-1, 1] from ``view(seat)``, the compact action index, the legal mask from
``env.action_masks()`` (wrapped in ``ActionMasker``), reward = the seat's return at the end. It trains in
seat 0 against ``--opponent`` (random by default), over ``--envs`` environments in one process, then plays
``--games`` games in each seat against ``random`` and ``greedy`` (its most probable legal action) and
prints win rates with 95% Wilson intervals and the wall time. The model is saved with the action space it
indexes (``--out``), so it keeps its meaning when the index changes.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from kansei.interop import gymnasium as kgym
from kansei.sim.stats import wilson

try:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError as e:  # pragma: no cover - the rl extra is not installed
    raise SystemExit(
        f"this example needs the rl extra ({e}): pip install torch==2.13.0; pip install -e '.[rl]'"
    ) from None


def masked(env: kgym.KanseiEnv) -> ActionMasker:
    return ActionMasker(env, lambda e: e.action_masks())


def evaluate(
    model: MaskablePPO, game: str, opponent: str, seat: int, games: int, seed: int
) -> tuple[int, int]:
    env = kgym.make(game, opponent=opponent, seat=seat)
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, info = env.step(int(action))
        wins += reward > 0
    return wins, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="touge")
    ap.add_argument("--timesteps", type=int, default=60_000)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--envs", type=int, default=8)
    ap.add_argument("--games", type=int, default=100, help="evaluation games per seat and opponent")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("maskable_ppo"))
    args = ap.parse_args()

    def make(i: int):  # noqa: ANN202 - a factory for DummyVecEnv
        return lambda: masked(kgym.make(args.game, opponent=args.opponent, seat=0))

    venv = DummyVecEnv([make(i) for i in range(args.envs)])
    venv.seed(args.seed)
    model = MaskablePPO("MlpPolicy", venv, seed=args.seed, n_steps=256, batch_size=256, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    trained = time.perf_counter() - start
    print(f"{args.game}: MaskablePPO, {args.timesteps} steps against {args.opponent}: {trained:.0f} s")

    results = {}
    for opponent in ("random", "greedy"):
        wins = total = 0
        for seat in (0, 1):
            w, n = evaluate(model, args.game, opponent, seat, args.games, 10_000 * (seat + 1))
            wins, total = wins + w, total + n
        low, high = wilson(wins, total)
        results[opponent] = {"wins": wins, "games": total, "low": low, "high": high}
        print(f"  vs {opponent:<7} {wins}/{total} = {wins / total:.0%} (95% {low:.0%}–{high:.0%})")
    elapsed = time.perf_counter() - start
    print(f"  wall time, training and evaluation: {elapsed:.0f} s")

    args.out.mkdir(parents=True, exist_ok=True)
    model.save(args.out / "model.zip")
    space = kgym.make(args.game).table.space
    space.save(args.out / "action_space.json")
    (args.out / "result.json").write_text(
        json.dumps(
            {
                "game": args.game,
                "timesteps": args.timesteps,
                "opponent": args.opponent,
                "train_s": trained,
                "wall_s": elapsed,
                "results": results,
                "space_digest": space.digest,
            },
            indent=1,
        )
    )
    print(f"  saved {args.out}/model.zip with its action space ({space.digest})")


if __name__ == "__main__":
    main()
