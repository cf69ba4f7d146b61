"""kansei: one engine for five tabletop racing and battle card games.

>>> import kansei
>>> game = kansei.load("touge", mode="time_attack")
>>> state = game.start(seed=7)
>>> state.apply(state.legal_actions()[0])  # doctest: +ELLIPSIS
<...>
"""

from .core import (
    Action,
    ContentError,
    Game,
    IllegalAction,
    KanseiError,
    OptionError,
    State,
    games,
    load,
)

__version__ = "0.1.0"
__all__ = [
    "Action",
    "ContentError",
    "Game",
    "IllegalAction",
    "KanseiError",
    "OptionError",
    "State",
    "games",
    "load",
]
