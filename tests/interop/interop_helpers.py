"""Helpers for the interop tests: the configurations covered and random decision points."""

from __future__ import annotations

import random
from collections.abc import Iterator

import kansei
from kansei.core.protocol import State


def interop_configs() -> list[tuple[str, int]]:
    out = []
    for gid in kansei.games():
        g = kansei.load(gid)
        out += [(gid, n) for n in sorted({g.min_players, g.max_players})]
    return out


CONFIGS = interop_configs()
IDS = [f"{gid}-p{n}" for gid, n in CONFIGS]


def random_states(game_id: str, players: int, games: int, every: int = 1, limit: int = 60) -> Iterator[State]:
    """Decision points of seeded random games (every ``every``-th, at most ``limit`` per game)."""
    game = kansei.load(game_id)
    for seed in range(games):
        s = game.start(seed=seed, players=players)
        rng = random.Random(seed)
        step = shown = 0
        while not s.is_over and shown < limit:
            if step % every == 0:
                shown += 1
                yield s
            s.apply(rng.choice(s.legal_actions()), seat=s.to_move)
            step += 1


def widest_game() -> str:
    """The registered game that seats the most players."""
    return max(kansei.games(), key=lambda gid: kansei.load(gid).max_players)
