"""Round-trip costs of a position in every registered game, beside OpenSpiel's Kuhn poker in the same run.

For mid-game states of random games (the same sampling as playouts.py): microseconds per ``pickle`` round
trip (dumps + loads), ``copy.deepcopy``, ``state.to_dict()`` and ``game.from_dict(record)`` (which replays
the record, so it grows with the game's length), and the sizes of a pickle and of a record as JSON. The
anchor is OpenSpiel's pure-Python Kuhn poker: its pickle round trip, deepcopy and
``serialize_game_and_state`` + ``deserialize_game_and_state`` (needs the ``bench`` or ``interop`` extra).
Prints a table, then one JSON object.

    python bench/roundtrip.py [--seconds 1] [--games touge,minid] [--json-only]
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import kansei

CONFIGS: dict[str, list[tuple[dict, int]]] = {
    "touge": [({"mode": "time_attack"}, 2), ({"mode": "sudden_death"}, 2)],
    "minid": [({}, 2), ({}, 6)],
}


def per_call(fn: Callable[[Any], Any], items: list[Any], seconds: float) -> float:
    """Microseconds per ``fn(item)`` over ``items``, repeated until ``seconds`` pass."""
    n = 0
    t0 = time.perf_counter()
    while True:
        for item in items:
            fn(item)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return dt / n * 1e6


def samples(game: kansei.Game, players: int, count: int = 60) -> list[kansei.State]:
    """Mid-game states of random games (every 7th step from the 3rd, as playouts.py takes them)."""
    rng = random.Random(1)
    out: list[kansei.State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        s = game.start(seed=seed, players=players)
        n = 0
        while not s.is_over and len(out) < count:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
            n += 1
            if n % 7 == 3 and not s.is_over:
                out.append(s.clone())
    return out


def bench_game(game_id: str, options: dict, players: int, seconds: float) -> dict[str, Any]:
    game = kansei.load(game_id, **options)
    states = samples(game, players)
    records = [s.to_dict() for s in states]
    pickles = [pickle.dumps(s) for s in states]
    return {
        "game": game_id,
        "options": options,
        "players": players,
        "mean_actions": round(sum(len(r["actions"]) for r in records) / len(records), 1),
        "pickle_us": round(per_call(lambda s: pickle.loads(pickle.dumps(s)), states, seconds), 1),
        "deepcopy_us": round(per_call(copy.deepcopy, states, seconds), 1),
        "clone_us": round(per_call(lambda s: s.clone(), states, seconds), 2),
        "to_dict_us": round(per_call(lambda s: s.to_dict(), states, seconds), 1),
        "from_dict_us": round(per_call(game.from_dict, records, seconds), 1),
        "pickle_bytes": round(sum(map(len, pickles)) / len(pickles)),
        "record_bytes": round(sum(len(json.dumps(r, separators=(",", ":"))) for r in records) / len(records)),
    }


def bench_openspiel(seconds: float) -> dict[str, Any] | None:
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kuhn_poker")
    states = []
    for first in range(3):
        for second in range(3):
            if first == second:
                continue
            s = game.new_initial_state()
            s.apply_action(first)
            s.apply_action(second)
            states.append(s)
    texts = [pyspiel.serialize_game_and_state(game, s) for s in states]
    return {
        "game": "openspiel:python_kuhn_poker",
        "pickle_us": round(per_call(lambda s: pickle.loads(pickle.dumps(s)), states, seconds), 1),
        "deepcopy_us": round(per_call(copy.deepcopy, states, seconds), 1),
        "clone_us": round(per_call(lambda s: s.clone(), states, seconds), 2),
        "serialize_us": round(
            per_call(lambda s: pyspiel.serialize_game_and_state(game, s), states, seconds), 1
        ),
        "deserialize_us": round(per_call(pyspiel.deserialize_game_and_state, texts, seconds), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
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
        head = (
            f"{'game':<30}{'actions':>8}{'pickle µs':>11}{'deepcopy':>10}{'to_dict':>9}{'from_dict':>11}"
            f"{'pickle B':>10}{'record B':>10}"
        )
        print(head)
        print("-" * len(head))
        for r in rows:
            label = r["game"] + "".join(f" {v}" for v in r["options"].values()) + f" ({r['players']}p)"
            print(
                f"{label:<30}{r['mean_actions']:>8}{r['pickle_us']:>11}{r['deepcopy_us']:>10}"
                f"{r['to_dict_us']:>9}{r['from_dict_us']:>11}{r['pickle_bytes']:>10}{r['record_bytes']:>10}"
            )
        if ref:
            print(
                f"{ref['game']:<30}{'':>8}{ref['pickle_us']:>11}{ref['deepcopy_us']:>10}"
                f"{ref['serialize_us']:>9}{ref['deserialize_us']:>11}   (serialize / deserialize)"
            )
            for r in rows:
                print(
                    f"  {r['game']} {'/'.join(map(str, r['options'].values())) or ''} ({r['players']}p): "
                    f"pickle ×{r['pickle_us'] / ref['pickle_us']:.1f}, "
                    f"deepcopy ×{r['deepcopy_us'] / ref['deepcopy_us']:.1f}, "
                    f"to_dict ×{r['to_dict_us'] / ref['serialize_us']:.1f}, "
                    f"from_dict ×{r['from_dict_us'] / ref['deserialize_us']:.1f} of OpenSpiel Kuhn poker's"
                )
        else:
            print("(OpenSpiel not installed: `pip install -e '.[bench]'` to measure it in the same run)")
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "results": rows,
                "openspiel": ref,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
