"""Scenario helpers for the Initial D CCG tests (a scenario = game.start(..., setup={...}))."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import kansei
from kansei.core.content import slug
from kansei.testing import all_events

sys.path.insert(0, str(Path(__file__).parent))  # initiald_helpers, for the test modules

AKINA = "Akina Hachi-Roku"
RED_SUNS = "Red Suns FD"

# a plain 50-maneuver list usable by any car (no special requirements), for custom decks in tests
PLAIN = {
    "Late Braking": 3,
    "Heel-and-Toe": 3,
    "Counter-Steer": 3,
    "Grip Line": 3,
    "Apex Kiss": 3,
    "Four-Wheel Drift": 3,
    "Hairpin Drift": 3,
    "Feint Drift": 3,
    "Full Throttle": 3,
    "Pure Power": 3,
    "Tight Twin Drift": 3,
    "Fake Out": 3,
    "Crowd Pleaser": 3,
    "Psych Out": 3,
    "Read the Road": 3,
    "Smooth Line": 3,
    "Mechanic's Tune-Up": 2,
}


def custom(
    car: str,
    mods: list[str] | None = None,
    races: list[str] | None = None,
    cards: dict[str, int] | None = None,
) -> dict:
    return {
        "car": car,
        "mods": mods or [],
        "races": races or ["Happogahara Run", "Akagi Uphill", "Tsuchisaka Pass"],
        "cards": dict(PLAIN if cards is None else cards),
    }


class Helper:
    """Passed to tests as the ``idh`` fixture (test modules cannot import conftest under importlib mode)."""

    AKINA = AKINA
    RED_SUNS = RED_SUNS
    PLAIN = PLAIN
    custom = staticmethod(custom)

    def __init__(self, **options):
        self.game = kansei.load("initiald", **options)

    def start(self, decks=None, seed: int = 0, **setup):
        return self.game.start(seed=seed, decks=decks, setup=setup)

    @staticmethod
    def notations(state) -> list[str]:
        return [a.notation for a in state.legal_actions()]

    @staticmethod
    def play_action(state, name: str):
        """The legal play of ``name`` (whatever its discard cost), or None."""
        want = f"play {slug(name)}"
        for a in state.legal_actions():
            if a.notation == want or a.notation.startswith(want + " discard "):
                return a
        return None

    def play(self, state, name: str, discards: list[str] | None = None):
        """Play ``name`` and pay with ``discards`` (in that order), or the first offered cards."""
        a = self.play_action(state, name)
        assert a is not None, f"{name} is not playable: {self.notations(state)}"
        state.apply(a)
        for d in discards or []:
            if state.race.phase != 1:
                break
            state.apply(f"discard {slug(d)}")
        while not state.is_over and state.race.phase == 1:
            state.apply(state.legal_actions()[0])
        return state

    @staticmethod
    def snapshot(state) -> str:
        return json.dumps(state.reveal(), sort_keys=True) + str(len(all_events(state)))


@pytest.fixture
def idh() -> Helper:
    return Helper()


@pytest.fixture
def idh_factory():
    """Helper with game options: ``idh_factory(discards="shared")``."""
    return Helper
