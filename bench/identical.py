"""Seeded games played by two copies of the engine, compared game by game: the check behind a speed change.

Plays ``--games`` seeded games of every configuration below with random, greedy and two small ``mcts``
searches for every seat, and digests each game's final ``to_dict()``, ``returns()``, ``reveal()`` and
whole event log (every event with its audience). With ``--against SRC`` (another checkout's ``src``
folder, e.g. one extracted with ``git -C /work/main archive HEAD src | tar -x -C /tmp/main``) the same
games are played by that copy in a subprocess and every game whose digest differs is named (game,
configuration, agents, seed); it prints ``identical`` when none does. ``--against src --pure`` compares
this copy as it runs (its compiled modules, ``python -m kansei.build``) with its own Python source. A
speed change that keeps every seeded game must find nothing here; a documented rules fix is the only
reason it may.

    python bench/identical.py [--games 100] [--only minid,touge] [--against /tmp/main/src] [--pure]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from typing import Any

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("dspirits", {}, 2),
    ("initiald", {}, 2),
    ("minid", {}, 2),
    ("minid", {}, 6),
    ("stampede", {}, 2),
    ("touge", {"mode": "time_attack"}, 2),
    ("touge", {"mode": "sudden_death"}, 2),
]
# the searches play a tenth as many games: a small one cut at 4 plies, and one that plays every line out to
# the end with the greedy bot for both seats (what Stampede's and D-Spirits' experts search with)
AGENTS = (
    "random",
    "greedy",
    "mcts:iters=30,depth=4,stop=false",
    "mcts:iters=20,rollout=greedy,depth=end,prior=3",
)


def digest(state: Any) -> str:
    record = {
        "position": state.to_dict(),
        "returns": state.returns(),
        "reveal": state.reveal(),
        "events": state.event_log(),
    }
    text = json.dumps(record, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def play(games: int, only: set[str] | None) -> dict[str, str]:
    """Every game's digest, keyed by what names it."""
    import kansei
    from kansei.agents import choose, make_agent

    out: dict[str, str] = {}
    for gid, options, players in CONFIGS:
        if only and gid not in only:
            continue
        game = kansei.load(gid, **options)
        for spec in AGENTS:
            count = games if not spec.startswith("mcts:") else max(1, games // 10)
            for seed in range(1, count + 1):
                agents = [make_agent(spec, seed=seed * 10 + q) for q in range(players)]
                s = game.start(seed=seed, players=players)
                while not s.is_over:
                    s.apply(choose(agents[s.to_move], s))
                key = f"{gid} {json.dumps(options)} {players}p {spec} seed={seed}"
                out[key] = digest(s)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="seeded games per configuration and agent")
    ap.add_argument("--only", default="", help="comma-separated game ids (default: all)")
    ap.add_argument("--against", default=None, help="another checkout's src folder to compare with")
    ap.add_argument("--pure", action="store_true", help="the other copy runs as Python (KANSEI_PURE=1)")
    ap.add_argument("--json", action="store_true", help="print the digests as JSON (what --against reads)")
    args = ap.parse_args(argv)
    only = {g.strip() for g in args.only.split(",") if g.strip()} or None
    mine = play(args.games, only)
    if args.json:
        print(json.dumps(mine))
        return 0
    if args.against is None:
        print(f"{len(mine)} games played (pass --against SRC to compare them with another copy)")
        return 0
    command = [sys.executable, __file__, "--json", "--games", str(args.games), "--only", args.only]
    env = {**os.environ, "PYTHONPATH": args.against}
    if args.pure:
        env["KANSEI_PURE"] = "1"
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    theirs = json.loads(done.stdout)
    differ = [k for k in mine if theirs.get(k) != mine[k]]
    missing = sorted(set(theirs) ^ set(mine))
    for k in differ[:20]:
        print(f"differs: {k}")
    for k in missing[:20]:
        print(f"played by one copy only: {k}")
    if differ or missing:
        print(f"{len(differ)} of {len(mine)} games differ")
        return 1
    print(f"identical: {len(mine)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
