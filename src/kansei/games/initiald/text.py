"""Terminal rendering of an Initial D CCG state (rich), from one seat's point of view."""

from __future__ import annotations

import json

from kansei.core.protocol import Action

from .rules import InitialDState


def render(state: InitialDState, seat: int | None):
    return json.dumps(state.view(seat), indent=1)


def describe(state: InitialDState, action: Action) -> str:
    return action.notation


def narrate(event: dict, seat: int | None = None) -> str | None:
    return None
