"""The game registry: one line per game. Games are imported lazily so a tool pays only for what it uses."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError
from .protocol import Game

# id -> "module:Class". Adding a game is one line here and its own folder under games/.
_GAMES: dict[str, str] = {
    "touge": "kansei.games.touge.rules:Touge",
    "dspirits": "kansei.games.dspirits.rules:DSpirits",
    "initiald": "kansei.games.initiald.rules:InitialD",
    "minid": "kansei.games.minid.rules:MiniD",
    "stampede": "kansei.games.stampede.rules:Stampede",
}


def games() -> list[str]:
    """The registered game ids, sorted."""
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    try:
        target = _GAMES[game_id]
    except KeyError:
        raise OptionError(f"unknown game {game_id!r} (valid: {', '.join(games())})") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def load(game_id: str, **options: Any) -> Game:
    """A game with its options validated: ``kansei.load("touge", mode="sudden_death")``."""
    return game_class(game_id)(**options)
