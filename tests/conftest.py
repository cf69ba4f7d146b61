"""Shared fixtures: every registered game with each of its test configurations; the win rate of a bot
against random play."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import kansei
from kansei.agents import choose, make_agent


def game_configs() -> list[tuple[str, dict, int]]:
    out = []
    for gid in kansei.games():
        game = kansei.load(gid)
        for cfg in game.test_configs():
            out.append((gid, cfg.get("options", {}), cfg.get("players", game.min_players)))
    return out


def config_id(cfg: tuple[str, dict, int]) -> str:
    gid, opts, n = cfg
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{gid}[{extra}]p{n}"


@pytest.fixture(params=game_configs(), ids=config_id)
def config(request):
    return request.param


def _win_rate_against_random(game: kansei.Game, kind: str, games: int = 40) -> float:
    """The share of ``games`` fixed-seed games (game ``i`` from seed ``i``, seats alternating) that an agent
    of ``kind`` wins against ``random``; ``kind="random"`` gives the baseline of the same games."""
    wins = 0
    for i in range(games):
        seat = i % 2
        agents = [make_agent("random", seed=i), make_agent("random", seed=i + 100)]
        agents[seat] = make_agent(kind, seed=i)
        s = game.start(seed=i)
        while not s.is_over:
            mover = s.to_move
            s.apply(choose(agents[mover], s, mover), seat=mover)
        wins += s.winner == seat
    return wins / games


@pytest.fixture
def win_rate_against_random() -> Callable[..., float]:
    return _win_rate_against_random
