"""The research adapters measured, every game beside OpenSpiel's own Kuhn and Leduc poker in the same run.

    .venv/bin/python bench/interop.py [--seconds 0.5] [--json] [--interop-from DIR] [--clock wall|cpu]
                                      [--only steps,rl,saving,infostate,spaces,vector]

Sections (each figure in steps — applied actions — per second unless said; the anchors are OpenSpiel's C++
``kuhn_poker`` and ``leduc_poker`` and its pure-Python ``python_kuhn_poker``, driven by the same loops):

- ``steps``: seeded random games through each adapter: ``engine`` (legal_actions + apply, the anchor of
  the row), ``openspiel`` (legal_actions + apply_action), ``os+obs`` (and the mover's observation tensor),
  ``os+info`` (and the mover's information-state tensor), ``pettingzoo`` (``last()`` + ``step``),
  ``gymnasium`` (``step`` against ``random``; the opponents' plies count).
- ``rl``: OpenSpiel's ``rl_environment.Environment`` (every player's information-state tensor at every
  step, as it builds them) and kansei's ``openspiel.rl_environment()`` (each built when read), the mover
  reading its own and playing a random legal action.
- ``saving``: OpenSpiel ``serialize`` + ``deserialize_state`` and ``pickle`` round trips per second, on
  positions 30 plies in.
- ``infostate``: the cost of one information-state tensor (µs) early and late in the longest of 60
  random games of Mini D with 6 racers, stepped in place as a learner does (flat means incremental).
- ``spaces``: action-space sizes (full list, the default compact index) and the ever-legal share: distinct
  notations legal in 100 seeded random games over the size.
- ``vector``: ``KanseiVectorEnv`` at N = 1, 16, 256 against N single environments stepped in a loop and
  Gymnasium's ``SyncVectorEnv`` over them (Touge against ``random``).

``--interop-from DIR`` measures another copy of the ``kansei/interop`` folder (e.g. an older commit's,
extracted with ``git archive``) for before/after figures; sections it cannot run are skipped.
Figures are noisy on a loaded machine: compare ratios to the anchors of the same run. ``--clock cpu`` times
the loops by this process's CPU time instead of the wall clock: far steadier when other processes share the
cores (it leaves out the time spent waiting for one). They never gate CI.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import kansei

SECTIONS = ("steps", "rl", "saving", "infostate", "spaces", "vector")
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter  # the timer of every loop (--clock)


def timed(loop: Callable[[int], int], seconds: float) -> float:
    """Steps per second: run ``loop(seed)`` (one game, returns its steps) until ``seconds`` pass."""
    steps, seed, start = 0, 0, clock()
    while clock() - start < seconds:
        steps += loop(seed)
        seed += 1
    return steps / (clock() - start)


def configs() -> list[tuple[str, int]]:
    out = []
    for gid in kansei.games():
        g = kansei.load(gid)
        out += [(gid, n) for n in sorted({g.min_players, g.max_players})]
    return out


# -- loops -------------------------------------------------------------------------------------------------
def engine(gid: str, n: int) -> Callable[[int], int]:
    game = kansei.load(gid)

    def loop(seed: int) -> int:
        s, rng, k = game.start(seed=seed, players=n), random.Random(seed), 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))], seat=s.to_move)
            k += 1
        return k

    return loop


def pyspiel_loop(game: Any, tensor: str | None) -> Callable[[int], int]:
    def loop(seed: int) -> int:
        s, rng, k = game.new_initial_state(), random.Random(seed), 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = s.legal_actions()
            if tensor is not None:
                getattr(s, tensor)(s.current_player())
            s.apply_action(legal[int(rng.random() * len(legal))])
            k += 1
        return k

    return loop


def pettingzoo(kpz: Any, gid: str, n: int) -> Callable[[int], int]:
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


def gymnasium_loop(kgym: Any, gid: str, n: int) -> Callable[[int], int]:
    env = kgym.make(gid, opponent="random", players=n)

    def loop(seed: int) -> int:
        _, info = env.reset(seed=seed)
        rng, done = random.Random(seed), False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
        return env.plies

    return loop


def rl_loop(env: Any) -> Callable[[int], int]:
    """A learner's loop: the mover reads its own information state (as DQN, NFSP… do), then acts."""

    def loop(seed: int) -> int:
        rng, k = random.Random(seed), 0
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            ts.observations["info_state"][p]
            legal = ts.observations["legal_actions"][p]
            ts = env.step([legal[int(rng.random() * len(legal))]])
            k += 1
        return k

    return loop


# -- sections ----------------------------------------------------------------------------------------------
def anchors(seconds: float) -> dict[str, dict[str, float]]:
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  registers python_kuhn_poker
    from open_spiel.python import rl_environment

    out = {}
    for name in ("kuhn_poker", "leduc_poker", "python_kuhn_poker"):
        game = pyspiel.load_game(name)
        rates = {
            "openspiel": timed(pyspiel_loop(game, None), seconds),
            "os+obs": timed(pyspiel_loop(game, "observation_tensor"), seconds),
            "os+info": timed(pyspiel_loop(game, "information_state_tensor"), seconds),
            "rl_environment": timed(rl_loop(rl_environment.Environment(game)), seconds),
        }
        out[name] = rates
    return out


def steps(seconds: float, kos: Any, kpz: Any, kgym: Any) -> list[dict]:
    rows = []
    for gid, n in configs():
        game = kos.load(gid, players=n)
        rates = {
            "engine": timed(engine(gid, n), seconds),
            "openspiel": timed(pyspiel_loop(game, None), seconds),
            "os+obs": timed(pyspiel_loop(game, "observation_tensor"), seconds),
            "os+info": timed(pyspiel_loop(game, "information_state_tensor"), seconds),
            "pettingzoo": timed(pettingzoo(kpz, gid, n), seconds),
            "gymnasium": timed(gymnasium_loop(kgym, gid, n), seconds),
        }
        rows.append({"game": gid, "players": n, "steps_per_s": rates})
    return rows


def rl(seconds: float, kos: Any) -> list[dict]:
    from open_spiel.python import rl_environment

    rows = []
    for gid, n in configs():
        row: dict[str, Any] = {"game": gid, "players": n}
        row["openspiel_env"] = timed(rl_loop(rl_environment.Environment(kos.load(gid, players=n))), seconds)
        if hasattr(kos, "rl_environment"):
            row["kansei_env"] = timed(rl_loop(kos.rl_environment(gid, players=n)), seconds)
        rows.append(row)
    return rows


def _position(game: Any, plies: int, seed: int) -> Any:
    s, rng = game.new_initial_state(), random.Random(seed)
    while not s.is_terminal() and len(s.history()) < plies:
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def saving(seconds: float, kos: Any) -> list[dict]:
    rows = []
    for gid, n in configs():
        game = kos.load(gid, players=n)
        state = _position(game, 30, 1)
        row: dict[str, Any] = {"game": gid, "players": n}
        try:
            row["serialize"] = timed(
                lambda _, g=game, s=state: (g.deserialize_state(s.serialize()), 1)[1], seconds
            )
        except Exception as e:  # an older adapter
            row["serialize"] = f"fails: {type(e).__name__}"
        try:
            row["pickle"] = timed(lambda _, s=state: (pickle.loads(pickle.dumps(s)), 1)[1], seconds)
        except Exception as e:
            row["pickle"] = f"fails: {type(e).__name__}"
        rows.append(row)
    return rows


def infostate(kos: Any, gid: str = "minid", n: int = 6, seeds: int = 60, repeats: int = 5) -> dict:
    """A learner's path: one state stepped in place, the mover's information-state tensor asked at every
    ply. The mean cost (µs) at plies 5-15 and over the last 10 plies of the longest of ``seeds`` random
    games, and the log length there (random Mini D games with 6 racers rarely pass 150 plies)."""
    game = kos.load(gid, players=n)

    def length(seed: int) -> int:
        s, rng = game.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        return len(s.history())

    seed = max(range(seeds), key=length)
    runs: list[list[float]] = []
    for _ in range(repeats):  # the same game again: each ply's fastest of ``repeats`` (load is noisy)
        fresh = kos.load(gid, players=n)  # its episodes again from the start, in either version
        for _ in range(seed):
            fresh.new_initial_state().legal_actions()  # an episode draws its seed when first used
        s, rng, costs = fresh.new_initial_state(), random.Random(seed), []
        while not s.is_terminal():
            p = s.current_player()
            t = clock()
            s.information_state_tensor(p)
            costs.append(clock() - t)
            s.apply_action(rng.choice(s.legal_actions()))
        runs.append(costs)
    costs = [min(c) for c in zip(*runs, strict=True)]
    early, late = costs[5:15], costs[-10:]
    return {
        "game": gid,
        "players": n,
        "plies": len(costs),
        "events": s.kansei_state.event_count(),
        "early_us": 1e6 * sum(early) / len(early),
        "late_us": 1e6 * sum(late) / len(late),
    }


def spaces(encoding: Any, games: int = 100) -> list[dict]:
    rows = []
    for gid in kansei.games():
        game = kansei.load(gid)
        full = encoding.full_space(game) if hasattr(encoding, "full_space") else encoding.action_space(game)
        space = encoding.action_space(game)
        seen: set[str] = set()
        for g in range(games):
            for n in sorted({game.min_players, game.max_players}):
                s, rng = game.start(seed=10_000 + g, players=n), random.Random(g)
                while not s.is_over:
                    legal = s.legal_actions()
                    seen.update(a.notation for a in legal)
                    s.apply(legal[int(rng.random() * len(legal))], seat=s.to_move)
        rows.append(
            {
                "game": gid,
                "full": len(full),
                "default": len(space),
                "ever_legal": len(seen),
                "share_full": len(seen) / len(full),
                "share_default": len(seen & set(space.notations)) / len(space),
                "outside_default": len(seen - set(space.notations)),
            }
        )
    return rows


def vector(seconds: float, kgym: Any) -> list[dict]:
    import gymnasium

    from kansei.interop.vector import KanseiVectorEnv

    def run(step: Callable[[list[int]], np.ndarray], masks: np.ndarray, n: int) -> float:
        rng, count, start = np.random.default_rng(0), 0, clock()
        while clock() - start < seconds:
            acts = [int(rng.choice(np.flatnonzero(m))) for m in masks]
            masks = step(acts)
            count += n
        return count / (clock() - start)

    rows = []
    for n in (1, 16, 256):
        vec = KanseiVectorEnv("touge", n, opponent="random")
        _, infos = vec.reset(seed=0)
        kansei_rate = run(lambda a, vec=vec: vec.step(a)[4]["action_mask"], infos["action_mask"], n)
        singles = [kgym.make("touge", opponent="random") for _ in range(n)]
        masks = np.stack([env.reset(seed=i)[1]["action_mask"] for i, env in enumerate(singles)])

        def single_step(acts: list[int], singles: list = singles) -> np.ndarray:
            out = []
            for env, a in zip(singles, acts, strict=True):
                _, _, done, _, info = env.step(a)
                out.append(env.reset()[1]["action_mask"] if done else info["action_mask"])
            return np.stack(out)

        single_rate = run(single_step, masks, n)
        sync = gymnasium.vector.SyncVectorEnv(
            [lambda: kgym.make("touge", opponent="random") for _ in range(n)],
            autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
        )
        _, infos = sync.reset(seed=0)
        sync_rate = run(lambda a, sync=sync: sync.step(a)[4]["action_mask"], infos["action_mask"], n)
        rows.append(
            {"n": n, "kansei_vector": kansei_rate, "single_envs": single_rate, "sync_vector": sync_rate}
        )
    return rows


# -- report ------------------------------------------------------------------------------------------------
def show(results: dict[str, Any]) -> None:
    def fmt(x: Any) -> str:
        return f"{x:,.0f}" if isinstance(x, float | int) else str(x)

    a = results.get("anchors")
    if a:
        print(f"anchors (OpenSpiel's own games, steps/s; clock: {results.get('clock', 'wall')})")
        cols = list(next(iter(a.values())))
        print(f"{'game':<20}" + "".join(f"{c:>16}" for c in cols))
        for name, rates in a.items():
            print(f"{name:<20}" + "".join(f"{fmt(rates[c]):>16}" for c in cols))
    if "steps" in results:
        print("\nsteps/s through each adapter (cost per step relative to the bare engine in the same run)")
        cols = list(results["steps"][0]["steps_per_s"])
        print(f"{'game':<14}" + "".join(f"{c:>17}" for c in cols))
        for r in results["steps"]:
            rates, base = r["steps_per_s"], r["steps_per_s"]["engine"]
            cells = [f"{rates[c]:>9,.0f} ({base / rates[c]:.1f}×)" for c in cols]
            print(f"{r['game'] + ' p' + str(r['players']):<14}" + "".join(f"{c:>17}" for c in cells))
    if "rl" in results:
        print(
            "\nrl_environment steps/s, the mover reading its information state: OpenSpiel's Environment "
            "(every player's tensor built at every step), kansei's rl_environment() (built when read)"
        )
        kuhn = (a or {}).get("kuhn_poker", {}).get("rl_environment")

        def share(x: Any) -> str:  # of C++ Kuhn poker's rl_environment rate in this run
            return f" ({100 * x / kuhn:.1f}%)" if kuhn and isinstance(x, float | int) else ""

        for r in results["rl"]:
            ours = r.get("kansei_env", "-")
            print(
                f"  {r['game'] + ' p' + str(r['players']):<14}{fmt(r['openspiel_env']):>10}"
                f"{share(r['openspiel_env']):<9}{fmt(ours):>10}{share(ours)}"
            )
    if "saving" in results:
        print("\nround trips/s on a position 30 plies in: serialize+deserialize_state, pickle")
        for r in results["saving"]:
            print(
                f"  {r['game'] + ' p' + str(r['players']):<14}{fmt(r['serialize']):>14}{fmt(r['pickle']):>14}"
            )
    if "infostate" in results:
        r = results["infostate"]
        print(
            f"\ninformation-state tensor, {r['game']} p{r['players']}, one game of {r['plies']} plies "
            f"({r['events']} events): plies 5-15 {r['early_us']:.0f} µs, last 10 plies {r['late_us']:.0f} µs "
            f"(late / early: {r['late_us'] / r['early_us']:.2f})"
        )
    if "spaces" in results:
        print("\naction spaces: sizes and ever-legal share (distinct notations legal in 100 random games)")
        print(
            f"  {'game':<10}{'full':>8}{'default':>9}{'ever':>7}{'share full':>12}"
            f"{'share default':>15}{'outside':>9}"
        )
        for r in results["spaces"]:
            print(
                f"  {r['game']:<10}{r['full']:>8}{r['default']:>9}{r['ever_legal']:>7}"
                f"{100 * r['share_full']:>11.1f}%{100 * r['share_default']:>14.1f}%{r['outside_default']:>9}"
            )
    if "vector" in results:
        print("\nbatched stepping, Touge vs random, env steps/s")
        print(f"  {'N':>5}{'KanseiVectorEnv':>18}{'N single envs':>16}{'SyncVectorEnv':>16}")
        for r in results["vector"]:
            print(
                f"  {r['n']:>5}{fmt(r['kansei_vector']):>18}{fmt(r['single_envs']):>16}"
                f"{fmt(r['sync_vector']):>16}"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default=",".join(SECTIONS))
    ap.add_argument("--interop-from", default=None)
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = ap.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if args.interop_from:
        import kansei.interop

        kansei.interop.__path__[:] = [args.interop_from]
    from kansei.interop import encoding
    from kansei.interop import gymnasium as kgym
    from kansei.interop import openspiel as kos
    from kansei.interop import pettingzoo as kpz

    kos.register()
    only = set(args.only.split(","))
    results: dict[str, Any] = {"clock": args.clock, "anchors": anchors(args.seconds)}
    for name in SECTIONS:
        if name not in only:
            continue
        try:
            if name == "steps":
                results[name] = steps(args.seconds, kos, kpz, kgym)
            elif name == "rl":
                results[name] = rl(args.seconds, kos)
            elif name == "saving":
                results[name] = saving(args.seconds, kos)
            elif name == "infostate":
                results[name] = infostate(kos)
            elif name == "spaces":
                results[name] = spaces(encoding)
            elif name == "vector":
                results[name] = vector(args.seconds, kgym)
        except Exception as e:  # an older adapter without this piece
            print(f"{name}: skipped ({type(e).__name__}: {e})", file=sys.stderr)
    if args.json:
        print(json.dumps(results, indent=1, default=str))
    else:
        show(results)


if __name__ == "__main__":
    main()
