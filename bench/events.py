"""What a seat's event stream costs per step, early and late in a long game (issue 19: O(new events)).

Mini D at 6 racers (seed 69, every racer declining whenever it may: 269 actions, the longest game of the
first 300 seeds), measured at ply 10 and ply 200. For each of the seats and the spectator, one step is
taken on a clone and the seat's new events are fetched three ways:

- ``walk``: the whole log walked and the seat's events after the ones it has seen copied, as
  ``events_for(seat, start)`` did before it remembered where its last walk ended (the old cost);
- ``events_for``: ``events_for(seat, seen)`` asked again after each step (it resumes its last walk);
- ``events_since``: ``events_since(seat, cursor)`` with the cursor of the step before.

Prints microseconds per seat per step and the ratio ply 200 / ply 10, then one JSON object.

    python bench/events.py [--seconds 1] [--json-only]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import kansei
from kansei.core.events import json_copy

DECLINES = ("roll", "accept", "pass", "draw")


def long_game(seed: int = 69, players: int = 6) -> tuple[kansei.Game, list[str]]:
    game = kansei.load("minid")
    s = game.start(seed=seed, players=players)
    played = []
    while not s.is_over:
        legal = s.legal_actions()
        a = next((x for x in legal if x.notation in DECLINES), legal[0])
        played.append(a.notation)
        s.apply(a)
    return game, played


def old_walk(state: kansei.State, seat: int | None, start: int) -> list[dict[str, Any]]:
    """What ``events_for(seat, start)`` did before: walk every event the seat may see, copy the new."""
    out = []
    for i, (_, event) in enumerate(e for e in state._log.entries() if e[0] is None or e[0] == seat):
        if i >= start:
            out.append(json_copy(event))
    return out


def at_ply(game: kansei.Game, played: list[str], ply: int, seconds: float) -> dict[str, Any]:
    base = game.start(seed=69, players=6)
    for text in played[:ply]:
        base.apply(text)
    action = played[ply]
    seats: list[int | None] = [*range(base.players), None]
    seen = {seat: len(base.events_for(seat)) for seat in seats}
    cursor = base.event_count()

    def timed(fetch: Any) -> float:
        n, total = 0, 0.0
        t_end = time.perf_counter() + seconds
        while time.perf_counter() < t_end:
            for seat in seats:
                s = base.clone()
                s.events_for(seat, seen[seat])  # a client that kept up: its mark is at the end
                s.apply(action)
                t0 = time.perf_counter()
                fetch(s, seat)
                total += time.perf_counter() - t0
                n += 1
        return total / n * 1e6

    return {
        "ply": ply,
        "events": base.event_count(),
        "walk_us": round(timed(lambda s, seat: old_walk(s, seat, seen[seat])), 1),
        "events_for_us": round(timed(lambda s, seat: s.events_for(seat, seen[seat])), 1),
        "events_since_us": round(timed(lambda s, seat: s.events_since(seat, cursor)), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    ap.add_argument("--json-only", action="store_true")
    args = ap.parse_args(argv)
    game, played = long_game()
    rows = [at_ply(game, played, ply, args.seconds) for ply in (10, 200)]
    if not args.json_only:
        print(f"Mini D, 6 racers, one game of {len(played)} actions: µs per seat per step")
        print(f"{'ply':>5}{'events':>8}{'walk':>10}{'events_for':>12}{'events_since':>14}")
        for r in rows:
            print(
                f"{r['ply']:>5}{r['events']:>8}{r['walk_us']:>10}{r['events_for_us']:>12}{r['events_since_us']:>14}"
            )
        early, late = rows
        print(
            "ply 200 / ply 10: "
            + ", ".join(
                f"{k.removesuffix('_us')} ×{late[k] / early[k]:.1f}"
                for k in ("walk_us", "events_for_us", "events_since_us")
            )
        )
    print(json.dumps({"game": "minid", "players": 6, "actions": len(played), "results": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
