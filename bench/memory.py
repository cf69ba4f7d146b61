"""Memory of a server holding many unfinished rooms (issue 23 §4; not a test): rooms are created through the
server's own Hub (no HTTP, no bots) on SQLite, a few moves played in each, and the process's resident memory
printed every ``--step`` rooms. Idle rooms must leave memory (flat past ``--keep-rooms``), and every room
must still be served from the database afterwards.

    python bench/memory.py --rooms 10000 [--step 1000] [--game touge] [--keep-rooms 1000]
"""

from __future__ import annotations

import argparse
import inspect
import random
import tempfile
import time
from pathlib import Path


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=10_000)
    ap.add_argument("--step", type=int, default=1000)
    ap.add_argument("--game", default="touge")
    ap.add_argument("--keep-rooms", type=int, default=1000, help="the server's --keep-rooms")
    args = ap.parse_args()

    from kansei.web.db import Store
    from kansei.web.rooms import Hub

    store = Store(f"sqlite:///{tempfile.mkdtemp(prefix='kansei-mem-')}/k.db")
    params = inspect.signature(Hub).parameters
    hub = (
        Hub(store, None) if "pool" in params else Hub(store, keep=args.keep_rooms)
    )  # before and after issue 23
    rng = random.Random(1)
    ids: list[str] = []
    t0 = time.perf_counter()
    print(f"{args.game}: rooms created (3 moves each) -> resident memory of the process")
    base = rss_mb()
    for i in range(1, args.rooms + 1):
        live, _ = hub.create(args.game, {}, ["human", "human"], seed=i)
        ids.append(live.row.id)
        for _ in range(3):
            live = hub.get(live.row.id)
            seat = live.state.to_move
            hub.act(live.row.id, seat, rng.choice(live.state.legal_actions()).notation)
        if i % args.step == 0:
            now = rss_mb()
            print(f"  {i:>6} rooms: {now:7.1f} MB  (+{now - base:.1f}; {len(hub.rooms)} held in memory)")
    # every room is still served, rebuilt from the database when it had left memory
    for room_id in rng.sample(ids, min(200, len(ids))):
        assert hub.get(room_id).step == 3
    print(f"  200 random rooms served back at step 3; {time.perf_counter() - t0:.0f} s in all")


if __name__ == "__main__":
    main()
