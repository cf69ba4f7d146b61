"""Learned values: a game's position features weighed by self-play, as a chance of winning.

A game that offers ``features(state, seat) -> list[float]`` and ``feature_names`` in its ``bots.py`` can have
a learned value: ``kansei train GAME`` plays self-play games (``kansei.sim.selfplay``), records the
features of both seats at every decision with the game's final result, and fits a logistic regression
(L2-regularised, Newton's method; numpy at training time only). The weights are a small JSON file,
``data/weights/<game>.json``, shipped with kansei; at play time the value is pure Python:

    value(state, seat) = tanh(w · x / 2) = 2·P(seat wins) − 1,   x = [evaluation, *features(state, seat)]

so it sits on the returns scale the search backs up (``mcts:value=learned``). The first input is always the
game's own evaluation (for two seats, half of ``evaluate(seat) − evaluate(other)``) divided by its typical
size in the training positions (``eval_unit`` in the file), so a learned value knows at least what the
heuristic knows; the game's features add what the heuristic weighs wrongly or not at all. A game whose
features are "mine less the other's" says so (``zero_sum_features = True``): one call then serves both
seats.

A weights file that is missing, unreadable, not this format, for another game, or for other features
than the game has now makes the value unavailable with one line saying which (:func:`load`); an agent or a
level that needs it is then refused in that line and every other agent plays on.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from kansei.core.errors import OptionError
from kansei.core.protocol import Game, State

from .hints import hint, own_evaluate

WEIGHTS_FORMAT = "kansei-weights/1"
WEIGHTS_DIR = "weights"
L2 = 1e-3  # ridge penalty per position (on every weight)


EVALUATION = "evaluation"  # the name of the first input: the game's own evaluation


@dataclass(frozen=True)
class LearnedValue:
    """The fitted value of one game. Call it as ``value(state, seat)`` (in −1 … 1), or ``all(state)``."""

    game: str
    names: tuple[str, ...]
    weights: tuple[float, ...]
    features: Callable[[State, int], Sequence[float]]
    evaluate: Callable[[State, int], float]
    unit: float  # the typical size of the evaluation in the training positions
    zero_sum: bool

    # the game's own ``learned_inputs(state, seat)`` (the unscaled relative evaluation, then the features,
    # sharing the work both need), if it has one
    shared: Callable[[State, int], list[float]] | None = None

    def inputs(self, state: State, seat: int) -> list[float]:
        """The fit's inputs: the evaluation in units, then the game's features."""
        if self.shared is not None:
            x = self.shared(state, seat)
            x[0] /= self.unit
            return x
        return [relative_evaluation(self.evaluate, state, seat) / self.unit, *self.features(state, seat)]

    def __call__(self, state: State, seat: int) -> float:
        x = 0.0
        for w, f in zip(self.weights, self.inputs(state, seat), strict=True):
            x += w * f
        return math.tanh(0.5 * x)

    def all(self, state: State, seats: int) -> list[float]:
        """Every seat's value (one feature call for a zero-sum two-seat game)."""
        if self.zero_sum and seats == 2:
            v = self(state, 0)
            return [v, -v]
        return [self(state, q) for q in range(seats)]


def relative_evaluation(evaluate: Callable[[State, int], float], state: State, seat: int) -> float:
    """``seat``'s evaluation against the others': for two seats half the difference (so it changes sign
    with the seat), for more the seat's own (the games evaluate a field relative to the best other)."""
    if state.players == 2:
        return 0.5 * (evaluate(state, seat) - evaluate(state, 1 - seat))
    return evaluate(state, seat)


def input_names(game: Game) -> list[str]:
    """The names of the fit's inputs for ``game``: the evaluation, then its features."""
    return [EVALUATION, *(hint(game, "feature_names") or ())]


def weights_path(game_id: str) -> Path:
    """Where the shipped weights of ``game_id`` live (inside the installed package)."""
    return Path(str(resources.files("kansei.agents").joinpath("data", WEIGHTS_DIR, f"{game_id}.json")))


_cache: dict[tuple[str, str], tuple[LearnedValue | None, str]] = {}


def load(game: Game, path: Path | None = None) -> tuple[LearnedValue | None, str]:
    """``game``'s learned value and an empty note, or None and one line saying why there is none."""
    path = path or weights_path(game.id)
    key = (game.id, str(path))
    if key in _cache:
        return _cache[key]
    found = _load(game, path)
    _cache[key] = found
    return found


def forget() -> None:
    """Read the weights files again at the next :func:`load` (after training)."""
    _cache.clear()


def _load(game: Game, path: Path) -> tuple[LearnedValue | None, str]:
    features = hint(game, "features")
    names = hint(game, "feature_names")
    if features is None or not names:
        return None, f"{game.id} has no features for a learned value"
    shown = f"weights/{path.name}"
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None, f"no learned value for {game.id}: {shown} is missing (kansei train {game.id})"
    except (OSError, UnicodeDecodeError, ValueError):
        return None, f"no learned value for {game.id}: {shown} is unreadable or not JSON"
    problem = check(data, game.id, tuple(input_names(game)))
    if problem:
        return None, f"no learned value for {game.id}: {shown} {problem}"
    value = LearnedValue(
        game.id,
        tuple(input_names(game)),
        tuple(float(w) for w in data["weights"]),
        features,
        own_evaluate(game) or game.evaluate,
        float(data["eval_unit"]),
        bool(hint(game, "zero_sum_features")),
        hint(game, "learned_inputs"),
    )
    return value, ""


def check(data: Any, game_id: str, names: tuple[str, ...]) -> str:
    """What is wrong with a weights record for ``game_id`` with features ``names`` (empty: nothing)."""
    if not isinstance(data, dict) or data.get("format") != WEIGHTS_FORMAT:
        return f"is not a {WEIGHTS_FORMAT} file"
    if data.get("game") != game_id:
        return f"holds weights for {str(data.get('game'))[:30]!r}, not {game_id}"
    if data.get("features") != list(names):
        return "was trained on other features than the game has now (train it again)"
    w = data.get("weights")
    if (
        not isinstance(w, list)
        or len(w) != len(names)
        or not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in w)
    ):
        return "has no finite weight for every feature"
    unit = data.get("eval_unit")
    if isinstance(unit, bool) or not isinstance(unit, int | float) or not math.isfinite(unit) or unit <= 0:
        return "has no positive eval_unit"
    return ""


def require(game: Game) -> LearnedValue:
    """The learned value of ``game``, or one :class:`OptionError` line saying why it has none."""
    value, note = load(game)
    if value is None:
        raise OptionError(note)
    return value


# ---------------------------------------------------------------------------------------- fitting
def fit(rows: Sequence[Sequence[float]], labels: Sequence[float], l2: float = L2) -> tuple[list[float], dict]:
    """Logistic regression without intercept (the features are relative to the seat) by Newton's method:
    weights and the fit's figures (log loss, accuracy, positions). ``labels``: 1 won, 0 lost, ½ drawn."""
    import numpy as np

    X = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    n, k = X.shape
    w = np.zeros(k)
    reg = l2 * n
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(X @ w)))
        grad = X.T @ (p - y) + reg * w
        hess = (X * (p * (1 - p))[:, None]).T @ X + reg * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-(X @ w))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    acc = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else 0.0
    return [float(x) for x in w], {"positions": int(n), "log_loss": round(loss, 5), "accuracy": round(acc, 4)}


def eval_unit(column: Sequence[float]) -> float:
    """The typical size of the evaluation: the mean of its absolute values (1 if they are all 0)."""
    mean = sum(abs(v) for v in column) / max(1, len(column))
    return round(mean, 6) if mean > 0 else 1.0


def record(
    game: Game, weights: Sequence[float], unit: float, figures: dict, provenance: dict
) -> dict[str, Any]:
    """The JSON record of a fit, as ``data/weights/<game>.json`` holds it."""
    return {
        "format": WEIGHTS_FORMAT,
        "game": game.id,
        "features": input_names(game),
        "weights": [round(float(w), 6) for w in weights],
        "eval_unit": unit,
        "fit": figures,
        **provenance,
    }
