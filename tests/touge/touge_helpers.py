"""Scenario helpers for the Touge tests (on top of kansei.testing)."""

from __future__ import annotations

from typing import Any

from kansei.builtin.touge.state import TougeState
from kansei.builtin.touge.table import table
from kansei.testing import scenario

AKINA, REDSUNS = "Akina Downhill", "Red Suns Power"


def cid(name: str) -> int:
    i = table().find(name)
    assert i is not None, name
    return i


def race(mode: str = "time_attack", options: dict[str, Any] | None = None, **setup: Any) -> TougeState:
    """A race with fixed coins (downhill, seat 0 leads) and no disaster unless the caller says otherwise."""
    setup.setdefault("direction", "downhill")
    setup.setdefault("leader", 0)
    setup.setdefault("disaster", "none")
    state = scenario(
        "touge", setup=setup, options={"mode": mode, **(options or {})}, seed=1, decks=[AKINA, REDSUNS]
    )
    assert isinstance(state, TougeState)
    return state


def play(state: TougeState, *notations: str) -> TougeState:
    """Play notations, each by the seat to move (as a UI does)."""
    for n in notations:
        state.apply(n, seat=state.to_move)
    return state


def skip_redraw(state: TougeState) -> TougeState:
    while state.phase == "redraw":
        state.apply("done", seat=state.to_move)
    return state


def pass_until(state: TougeState, phase: str) -> TougeState:
    """Pass (or keep the hand) until ``phase`` or the end of the race."""
    while not state.is_over and state.phase != phase:
        state.apply("done" if state.phase == "redraw" else "pass", seat=state.to_move)
    return state


def course_of(state: TougeState, *roads: str, owner: int = 0) -> TougeState:
    """White-box: lay a course directly (for scoring tests)."""
    state.course = [(owner, cid(r)) for r in roads]
    return state


def legal(state: TougeState) -> list[str]:
    return [a.notation for a in state.legal_actions()]
