"""Scenario helpers for the Touge tests."""

from __future__ import annotations

import kansei
from kansei.builtin.touge.rules import TougeState, table

AKINA, REDSUNS = "Akina Downhill", "Red Suns Power"


def cid(name: str) -> int:
    i = table().find(name)
    assert i is not None, name
    return i


def scenario(mode: str = "time_attack", **setup) -> TougeState:
    """A race with fixed coins and no disaster unless the caller says otherwise."""
    setup.setdefault("direction", "downhill")
    setup.setdefault("leader", 0)
    setup.setdefault("disaster", "none")
    opts = {"mode": mode}
    return kansei.load("touge", **opts).start(seed=1, decks=[AKINA, REDSUNS], setup=setup)


def play(state, *notations: str) -> TougeState:
    for n in notations:
        state.apply(n)
    return state


def skip_redraw(state) -> TougeState:
    while state.phase == "redraw":
        state.apply("done")
    return state


def pass_until(state, phase: str) -> TougeState:
    while not state.is_over and state.phase != phase:
        state.apply("pass" if "pass" in [a.notation for a in state.legal_actions()] else "done")
    return state


def course_of(state: TougeState, *roads: str, owner: int = 0) -> TougeState:
    """White-box: lay a course directly (for scoring tests)."""
    state.course = [(owner, cid(r)) for r in roads]
    return state
