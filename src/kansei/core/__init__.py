"""The game-agnostic kernel: protocol, random source, content loading, replays, registry."""

from .errors import ContentError, IllegalAction, KanseiError, OptionError
from .protocol import Action, Game, GameOptions, State
from .registry import game_class, games, load
from .rng import Rng, derive_seed

__all__ = [
    "Action",
    "ContentError",
    "Game",
    "GameOptions",
    "IllegalAction",
    "KanseiError",
    "OptionError",
    "Rng",
    "State",
    "derive_seed",
    "game_class",
    "games",
    "load",
]
