"""Scenario helpers for the Mini D tests: races that start at a chosen moment with forced dice.

``race(...)`` skips the sprint (``starter``) and sends Bunta away (``bunta=None``) unless told otherwise, so
the forced dice are exactly the rolls a test describes. A racer holding a turn card (Nitro, Pied au
plancher) is asked at the start of each turn whether to play it: ``STOP`` hands use that as a breakpoint,
so the race pauses there instead of playing on with random dice.
"""

from __future__ import annotations

import kansei
from kansei.builtin.minid.rules import MiniDState
from kansei.testing import all_events

STOP = ["Nitro"]
STOP2 = ["Pied au plancher"]


def race(players: int = 2, seed: int = 0, options: dict | None = None, **setup) -> MiniDState:
    setup.setdefault("starter", 0)
    setup.setdefault("bunta", None)
    return kansei.load("minid", **(options or {})).start(seed=seed, players=players, setup=setup)


def stops(n: int) -> list[list[str]]:
    """A turn card for each of n (≤ 4) racers: the race pauses at every racer's turn start."""
    return [STOP, STOP, STOP2, STOP2][:n]


def evs(state: MiniDState, kind: str) -> list[dict]:
    return [e for e in all_events(state) if e["type"] == kind]


def last(state: MiniDState, kind: str) -> dict:
    found = evs(state, kind)
    assert found, f"no {kind!r} event"
    return found[-1]


def decision(state: MiniDState) -> tuple[str, int]:
    d = state.view(None)["decision"]
    return d["kind"], d["seat"]


def notations(state: MiniDState) -> list[str]:
    return [a.notation for a in state.legal_actions()]
