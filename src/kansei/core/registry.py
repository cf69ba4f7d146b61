"""The game registry: games are plugins found through the ``kansei.games`` entry-point group.

A game package declares ``[project.entry-points."kansei.games"] mygame = "mypkg.rules:MyGame"`` and is
then listed by ``kansei.games()`` and runs through every tool (CLI, bots, simulator) with no change to
kansei. The five built-in games are declared the same way in kansei's own ``pyproject.toml``; the core
names no game.

A plugin that fails to import, whose entry point is not a :class:`Game` subclass, or whose id is taken by
a game already registered, is *broken*: it is left out of :func:`games` and :func:`broken` says why in one
line, so one bad plugin never stops the others.
"""

from __future__ import annotations

import difflib
import threading
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import OptionError
from .protocol import Game

GROUP = "kansei.games"
BUILTIN_DIST = "kansei"


@dataclass(frozen=True)
class _Found:
    cls: type[Game] | None
    source: str
    problem: str | None = None


_lock = threading.Lock()
_found: dict[str, _Found] | None = None
_broken: dict[str, str] = {}
_extra: dict[str, type[Game]] = {}  # registered in-process by register() (tests, notebooks)


def _dist_name(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return dist.name if dist is not None else "?"


def _load_entry(ep: EntryPoint) -> tuple[type[Game] | None, str | None]:
    try:
        obj = ep.load()
    except Exception as e:  # a plugin's import error of any kind must not stop the other games
        return (
            None,
            f"cannot be imported: {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}",
        )
    if not (isinstance(obj, type) and issubclass(obj, Game)):
        return None, f"{ep.value} is not a kansei Game class"
    if obj.id != ep.name:
        return None, f"{ep.value} declares id {obj.id!r}, not {ep.name!r}"
    return obj, None


def _scan() -> dict[str, _Found]:
    global _found
    with _lock:
        if _found is not None:
            return _found
        found: dict[str, _Found] = {}
        broken: dict[str, str] = {}
        eps = sorted(entry_points(group=GROUP), key=lambda ep: (_dist_name(ep) != BUILTIN_DIST, ep.name))
        for ep in eps:
            source = _dist_name(ep)
            label = f"{ep.name} (from {source})"
            if ep.name in found:
                if found[ep.name].source == source:
                    continue  # the same distribution seen twice on the path
                taken = "a built-in game" if found[ep.name].source == BUILTIN_DIST else found[ep.name].source
                broken[label] = f"id {ep.name!r} is already taken by {taken}"
                continue
            cls, problem = _load_entry(ep)
            if cls is None:
                broken[label] = problem or "broken"
                continue
            found[ep.name] = _Found(cls, source)
        _broken.clear()
        _broken.update(broken)
        _found = found
        return found


def refresh() -> None:
    """Forget what was found (after installing a plugin in a running process)."""
    global _found
    with _lock:
        _found = None


def register(cls: type[Game]) -> None:
    """Register a game class in this process only (tests, notebooks); installed games use entry points."""
    if not (isinstance(cls, type) and issubclass(cls, Game)) or not cls.id:
        raise TypeError("register() takes a Game subclass with an id")
    if cls.id in _scan() and _scan()[cls.id].cls is not cls:
        raise OptionError(f"game id {cls.id!r} is already registered")
    _extra[cls.id] = cls


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def games() -> list[str]:
    """The ids of every game that loads, sorted."""
    return sorted(set(_scan()) | set(_extra))


def broken() -> dict[str, str]:
    """Plugins that could not be registered: ``"id (from dist)" -> one-line reason``."""
    _scan()
    return dict(_broken)


def game_class(game_id: str) -> type[Game]:
    if not isinstance(game_id, str):
        raise OptionError(f"a game id is a string, not {type(game_id).__name__}")
    cls = _extra.get(game_id)
    if cls is None:
        hit = _scan().get(game_id)
        cls = hit.cls if hit is not None else None
    if cls is None:
        near = difflib.get_close_matches(game_id, games(), n=1)
        hint = f" — did you mean {near[0]!r}?" if near else ""
        shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
        raise OptionError(f"unknown game {shown!r}{hint} (valid: {', '.join(games())})")
    return cls


def load(game_id: str, **options: Any) -> Game:
    """A game with its options validated: ``kansei.load("touge", mode="sudden_death")``.

    ``content=FOLDER`` plays with another content folder than the shipped one (validated first)."""
    return game_class(game_id)(**options)
