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
from .core.compiled import install
from .core.replay import from_dict
from .core.version import kansei_version

install()  # before any game's module is imported: which modules run compiled (core/compiled.py)

__version__ = kansei_version()
__all__ = [
    "Action",
    "ContentError",
    "Game",
    "IllegalAction",
    "KanseiError",
    "OptionError",
    "State",
    "from_dict",
    "games",
    "load",
]
