"""Sprint's bot hints: the greedy bot's (and MCTS's leaf) value of a position."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kansei.core.protocol import State


def evaluate(state: State, seat: int) -> float:
    """How far ahead ``seat`` is (a finished race counts most)."""
    from .state import SprintState

    assert isinstance(state, SprintState)
    if state.over:
        return 100.0 * state.returns()[seat]
    return float(state.position[seat] - state.position[1 - seat])


__all__ = ["evaluate"]
