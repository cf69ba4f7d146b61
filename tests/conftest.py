"""Shared fixtures: every registered game with each of its test configurations."""

from __future__ import annotations

import pytest

import kansei


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
