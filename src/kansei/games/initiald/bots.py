"""Bot hints for the Initial D CCG: the evaluation used by the greedy bot and at MCTS leaves."""

from __future__ import annotations

from .rules import InitialDState


def evaluate(state: InitialDState, seat: int) -> float:
    if state.over:
        return 1000.0 * state.returns()[seat]
    return 0.0
