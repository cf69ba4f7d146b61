"""Random-playout throughput of every registered game, single process, one core.

For each game: games/s, actions/s (a full random loop: legal_actions + choice + apply), clone()/s on
mid-game states, and legal_actions()+apply()/s on fresh clones. With the optional `bench` extra installed
(`pip install -e '.[bench]'`), OpenSpiel's pure-Python Kuhn poker runs the same random loop in the same
run, so the ratios are measured on one machine at one time. Times are CPU seconds of the process. It
names the modules that ran compiled (``python -m kansei.build``; ``KANSEI_PURE=1``: none). Prints a table
and then one JSON object.

    python bench/playouts.py [--seconds 2] [--games touge,minid] [--json-only]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

import kansei


def _timed(fn, seconds: float) -> tuple[int, float]:
    """Call fn() (which returns a count) until `seconds` of CPU time pass; returns (count, elapsed). CPU
    time of the process, not the wall clock: on a machine shared with other work that is what one core
    gives, and it is far steadier."""
    n = 0
    t0 = time.process_time()
    while True:
        n += fn()
        dt = time.process_time() - t0
        if dt >= seconds:
            return n, dt


def compiled_now() -> list[str] | None:
    """The modules running compiled (``python -m kansei.build``); None for a copy without the guard."""
    try:
        from kansei.core.compiled import compiled_modules
    except ImportError:
        return None
    return compiled_modules()


def compiled_text(names: list[str] | None) -> str:
    if names is None:
        return "not known (a copy of kansei from before kansei.build)"
    return ", ".join(names) or "nothing (pure Python)"


def bench_game(game_id: str, options: dict, players: int, seconds: float) -> dict:
    game = kansei.load(game_id, **options)
    rng = random.Random(1)
    seed = [0]
    samples = []  # mid-game states for the clone and step figures

    def one_game() -> int:
        seed[0] += 1
        s = game.start(seed=seed[0], players=players)
        n = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
            n += 1
            if len(samples) < 400 and n % 7 == 3:
                samples.append(s.clone())
        return n

    games = [0]

    def counted() -> int:
        games[0] += 1
        return one_game()

    actions, dt = _timed(counted, seconds)
    live = [s for s in samples if not s.is_over] or samples

    def clones() -> int:
        for s in live:
            s.clone()
        return len(live)

    n_clones, dt_c = _timed(clones, seconds / 2)

    def steps() -> int:
        k = 0
        for s in live:
            c = s.clone()
            legal = c.legal_actions()
            c.apply(legal[int(rng.random() * len(legal))])
            k += 1
        return k

    n_steps, dt_s = _timed(steps, seconds / 2)
    # the clone share of the step loop, so the figure is legal_actions()+apply() alone
    step_time = max(dt_s - n_steps / (n_clones / dt_c), 1e-9)
    return {
        "game": game_id,
        "options": options,
        "players": players,
        "games_per_sec": round(games[0] / dt, 1),
        "actions_per_sec": round(actions / dt),
        "mean_actions": round(actions / games[0], 1),
        "clones_per_sec": round(n_clones / dt_c),
        "legal_apply_per_sec": round(n_steps / step_time),
    }


def bench_openspiel(seconds: float) -> dict | None:
    """OpenSpiel's pure-Python Kuhn poker, the same random loop (needs the `bench` extra)."""
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(1)
    samples = []

    def one_game() -> int:
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
            if len(samples) < 400 and not s.is_terminal():
                samples.append(s.clone())
        return n

    games = [0]

    def counted() -> int:
        games[0] += 1
        return one_game()

    actions, dt = _timed(counted, seconds)

    def clones() -> int:
        for s in samples:
            s.clone()
        return len(samples)

    n_clones, dt_c = _timed(clones, seconds / 2)
    return {
        "game": "openspiel:python_kuhn_poker",
        "games_per_sec": round(games[0] / dt, 1),
        "actions_per_sec": round(actions / dt),
        "mean_actions": round(actions / games[0], 1),
        "clones_per_sec": round(n_clones / dt_c),
    }


CONFIGS: dict[str, list[tuple[dict, int]]] = {
    "touge": [({"mode": "time_attack"}, 2), ({"mode": "sudden_death"}, 2)],
    "minid": [({}, 2), ({}, 6)],
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--games", default=",".join(kansei.games()), help="comma-separated game ids")
    ap.add_argument("--json-only", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for gid in [g.strip() for g in args.games.split(",") if g.strip()]:
        game = kansei.load(gid)
        for options, players in CONFIGS.get(gid, [({}, game.min_players)]):
            rows.append(bench_game(gid, options, players, args.seconds))
    ref = bench_openspiel(args.seconds)
    if not args.json_only:
        head = f"{'game':<34}{'games/s':>10}{'actions/s':>12}{'clones/s':>12}{'legal+apply/s':>15}"
        print(head)
        print("-" * len(head))
        for r in rows:
            label = r["game"] + "".join(f" {v}" for v in r["options"].values()) + f" ({r['players']}p)"
            print(
                f"{label:<34}{r['games_per_sec']:>10}{r['actions_per_sec']:>12}{r['clones_per_sec']:>12}"
                f"{r['legal_apply_per_sec']:>15}"
            )
        if ref:
            print(
                f"{ref['game']:<34}{ref['games_per_sec']:>10}{ref['actions_per_sec']:>12}"
                f"{ref['clones_per_sec']:>12}{'':>15}"
            )
            for r in rows:
                print(
                    f"  {r['game']} {'/'.join(map(str, r['options'].values())) or ''} ({r['players']}p): "
                    f"actions/s ×{r['actions_per_sec'] / ref['actions_per_sec']:.2f}, "
                    f"clones/s ×{r['clones_per_sec'] / ref['clones_per_sec']:.2f} of OpenSpiel Kuhn poker"
                )
        else:
            print("(OpenSpiel not installed: `pip install -e '.[bench]'` to measure it in the same run)")
        print(f"compiled with mypyc: {compiled_text(compiled_now())}")
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "compiled": compiled_now(),
                "results": rows,
                "openspiel": ref,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
