"""One package per game: ``kansei.games.<id>`` (rules, content, bot hints, text rendering).

The protocol also names ``kansei.games()`` — the list of registered game ids. Python binds a package's
subpackage as an attribute of its parent, so ``kansei.games`` is this package once any game is imported;
to keep both meanings this module is callable and returns the registered ids.
"""

from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from kansei.core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
