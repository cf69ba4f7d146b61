"""The optional hints a game gives its bots, found in one place.

A game may offer any of these as attributes of its ``Game`` or, by the core's convention, as names in its
``bots.py`` (none is required):

- ``evaluate(state, seat) -> float`` — the heuristic the greedy bot maximises and the search scores its
  leaves with (higher is better for ``seat``). Without one, only finished games have a value.
- ``evaluate_all(state) -> list[float]`` — every seat's evaluation at once.
- ``evaluate_scratch(state, seat) -> float`` — ``evaluate`` of a state its caller drops afterwards (the
  greedy step's stepped copies): the same value, but it may change the state rather than copy it first.
- ``eval_scale: float`` — a typical magnitude of ``evaluate`` (the search squashes ``tanh(v / scale)``).
- ``rollout_action(state, rng) -> Action`` — the game's own rollout policy (``rollout=game``).
- ``styles: dict[str, str]`` — play styles by name, each with one line saying what it plays like, and
  ``evaluator(style) -> Callable[[State, int], float]`` — the evaluation of that style. A style is a
  parameter of the same bots (``greedy:style=aggressive``, ``mcts:style=defensive``), never another bot.
- ``levels: dict[str, str]`` — the game's calibrated agent spec for a named level (``kansei.agents.levels``
  holds the defaults every game gets).
- ``features(state, seat) -> list[float]`` and ``feature_names`` — the inputs of a learned value
  (:mod:`kansei.agents.learned`, ``kansei train GAME``); ``zero_sum_features = True`` where every feature
  is "mine less the other's"; ``learned_inputs(state, seat)`` — the relative evaluation and the features
  in one call, where they share work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kansei.core.errors import OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game, State

Evaluate = Callable[[State, int], float]


def bots_part(game: Game, name: str) -> Any:
    """``name`` from the game's ``bots.py`` (the core's lookup by convention), or None."""
    part = getattr(game, "_part", None)
    if part is None:
        return None
    try:
        return part("bots", name)
    except (ImportError, TypeError):  # a game defined outside a package (a script, a test) has no bots.py
        return None


def hint(game: Game, name: str) -> Any:
    """A game's optional bot hint ``name``: an attribute of the game, else a name in its ``bots.py``."""
    value = getattr(game, name, None)
    return value if value is not None else bots_part(game, name)


def own_evaluate(game: Game) -> Evaluate | None:
    """The game's own evaluation (an override of ``Game.evaluate``, else ``bots.evaluate``), or None for a
    game that has none (then only a finished game has a value)."""
    if type(game).evaluate is not Game.evaluate:
        return game.evaluate
    fn: Evaluate | None = bots_part(game, "evaluate")
    return fn


def own_scratch_evaluate(game: Game, style: str | None) -> Evaluate | None:
    """The game's ``evaluate_scratch`` for ``style`` (it has one for its default style only), or None."""
    if style is not None:
        return None
    fn: Evaluate | None = hint(game, "evaluate_scratch")
    return fn


def scratch_evaluator(game: Game, style: str | None) -> Evaluate:
    """The evaluation of ``style`` (None: the game's default) for states its caller drops once evaluated:
    the game's ``evaluate_scratch`` where it has one and the style is the default, else ``evaluator``."""
    return own_scratch_evaluate(game, style) or evaluator(game, style)


def styles(game: Game) -> dict[str, str]:
    """The game's play styles, name -> what it plays like (empty: the game has one style)."""
    found = hint(game, "styles")
    return dict(found) if isinstance(found, dict) else {}


def evaluator(game: Game, style: str | None) -> Evaluate:
    """The evaluation a bot of ``style`` uses (None: the game's default); an unknown style is one line."""
    if style is None:
        return own_evaluate(game) or game.evaluate
    known = styles(game)
    make = hint(game, "evaluator")
    if style not in known or make is None:
        valid = ", ".join(sorted(known)) or "none: it has one style"
        raise OptionError(f"{game.id} has no play style {shorten(style, 30)!r} (styles: {valid})")
    fn: Evaluate = make(style)
    return fn
