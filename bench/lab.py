"""The balance lab's speed: the 10,000-game greedy-against-greedy Touge matchup beside `kansei sim` doing the
same games in the same run, per-game throughput for every game, the overhead of shipping work to workers,
and the whole-deck card scan of a Touge starter deck.

    python bench/lab.py [--games 10000] [--workers 2] [--per-game 1000] [--scan-games 2000] [--skip-scan]

The machine's load average is printed beside every figure: on a shared machine it moves them more than
anything the lab does. Prints a table and then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import kansei
from kansei.core.errors import KanseiError
from kansei.lab import runner
from kansei.sim import simulate

sys.path.insert(0, str(Path(__file__).parent))
from playouts import bench_openspiel  # noqa: E402  (the machine's anchor: OpenSpiel's Kuhn poker)


def load() -> float:
    return round(os.getloadavg()[0], 2)


def timed_lab(kind: str, params: dict[str, Any], workers: int, root: Path) -> dict[str, Any]:
    before = load()
    t0 = time.perf_counter()
    run, _ = runner.start(
        kind, params, out=root / f"{kind}-{params['game']}-{len(list(root.iterdir()))}", workers=workers
    )
    wall = time.perf_counter() - t0
    rows = run.rows()
    play = sum(r["seconds"] for r in rows)
    return {
        "games": len(rows),
        "seconds": round(wall, 2),
        "games_per_s": round(len(rows) / wall, 1),
        "ms_per_game_per_worker": round(1000 * wall * workers / max(1, len(rows)), 2),
        "play_ms_per_game": round(1000 * play / max(1, len(rows)), 2),
        # wall time beyond the play time spread over the workers: shipping, writing, reporting, waiting
        "overhead": round(wall * workers / play - 1, 3) if play else None,
        "load_before": before,
        "load_after": load(),
    }


def line(name: str, r: dict[str, Any]) -> None:
    gps = r.get("games_per_s", round(r["games"] / r["seconds"], 1))
    ov = f"{100 * r['overhead']:.1f}%" if r.get("overhead") is not None else "—"
    print(
        f"{name:<34}{r['games']:>8}{r['seconds']:>10.1f}{gps:>10}{ov:>10}{r['load_before']:>7}→{r['load_after']:<6}",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--per-game", type=int, default=1000)
    ap.add_argument("--scan-games", type=int, default=2000)
    ap.add_argument("--skip-scan", action="store_true")
    ap.add_argument("--skip-anchor", action="store_true")
    ap.add_argument("--skip-touge", action="store_true")
    ap.add_argument("--skip-per-game", action="store_true")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="kansei-lab-bench-"))
    out: dict[str, Any] = {"cores": os.cpu_count(), "workers": args.workers, "per_game": {}}
    print(f"{'what':<34}{'games':>8}{'seconds':>10}{'games/s':>10}{'overhead':>10}{'load':>14}", flush=True)
    anchor = bench_openspiel(3.0)
    if anchor is not None:
        out["anchor_before"] = anchor
        print(f"anchor (OpenSpiel Kuhn poker, 1 core): {anchor['actions_per_sec']} actions/s", flush=True)
    try:
        if not args.skip_anchor:
            before = load()
            t0 = time.perf_counter()
            simulate("touge", {}, ["greedy", "greedy"], args.games, workers=args.workers)
            wall = time.perf_counter() - t0
            out["sim_touge"] = {
                "games": args.games,
                "seconds": round(wall, 2),
                "load_before": before,
                "load_after": load(),
            }
            line("kansei sim, touge greedy", out["sim_touge"])
        if not args.skip_touge:
            out["lab_touge"] = timed_lab(
                "matchup", {"game": "touge", "games": args.games}, args.workers, root
            )
            line("lab matchup, touge greedy", out["lab_touge"])
        for gid in [] if args.skip_per_game else kansei.games():
            game = kansei.load(gid)
            params: dict[str, Any] = {"game": gid, "games": args.per_game}
            if not game.starter_decks():
                params["players"] = [game.min_players]
            try:
                out["per_game"][gid] = timed_lab("matchup", params, args.workers, root)
            except KanseiError as e:
                print(f"{'lab matchup, ' + gid:<34}skipped: {str(e).splitlines()[0]}", flush=True)
                continue
            line(f"lab matchup, {gid}", out["per_game"][gid])
        if not args.skip_scan:
            game = kansei.load("touge")
            deck = game.starter_decks()[0]
            scan = timed_lab(
                "card",
                {"game": "touge", "deck": deck, "scan": True, "games": args.scan_games},
                args.workers,
                root,
            )
            scan["deck"] = deck
            out["scan_touge"] = scan
            line(f"lab card --scan, {deck}", scan)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    after = bench_openspiel(3.0)
    if after is not None and anchor is not None:
        out["anchor_after"] = after
        mean = (anchor["actions_per_sec"] + after["actions_per_sec"]) / 2
        print(f"anchor after: {after['actions_per_sec']} actions/s", flush=True)
        if "lab_touge" in out:  # Touge games per second per million anchor actions per second
            out["lab_touge"]["games_per_s_per_anchor_M"] = round(
                out["lab_touge"]["games_per_s"] / mean * 1e6, 1
            )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
