"""Scenario helpers for the Mini D tests: races that start at a chosen moment with forced dice.

``race(...)`` skips the sprint (``starter``) and sends Bunta away (``bunta=None``) unless told otherwise, so
the forced dice are exactly the rolls a test describes. A racer holding any kept card is asked at every
moment a card could be played, so ``STOP`` hands (a turn card: Nitro, Pied au plancher) pause the race at
that racer's turn start instead of playing on with random dice — and also ask that racer at its battles
and crossings.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import kansei
from kansei.builtin.minid.state import MiniDState

GAME = kansei.load("minid")
CARDS = GAME.table.cards
DECK = GAME.table.deck
STOP = ["Nitro"]
STOP2 = ["Pied au plancher"]


def find_card(name: str) -> int | None:
    return GAME.table.find_card(name)


def slug(name: str) -> str:
    cid = find_card(name)
    assert cid is not None, name
    return CARDS[cid].slug


def names(ids: list[int]) -> list[str]:
    """French names (the cards' own) of card ids."""
    return [CARDS[c].name["fr"] for c in ids]


@cache
def _game(options: tuple[tuple[str, Any], ...]) -> kansei.Game:
    return kansei.load("minid", **dict(options)) if options else GAME


def race(players: int = 2, seed: int = 0, options: dict | None = None, **setup: Any) -> MiniDState:
    setup.setdefault("starter", 0)
    setup.setdefault("bunta", None)
    game = _game(tuple(sorted((options or {}).items())))
    state = game.start(seed=seed, players=players, setup=setup)
    assert isinstance(state, MiniDState)
    return settle(state)


def stops(n: int) -> list[list[str]]:
    """A turn card for each of n (≤ 4) racers: the race pauses at every racer's turn start."""
    return [STOP, STOP, STOP2, STOP2][:n]


def decision(state: MiniDState) -> tuple[str, int]:
    d = state.view(None)["decision"]
    return d["kind"], d["seat"]


def notations(state: MiniDState) -> list[str]:
    return [a.notation for a in state.legal_actions()]


CARD_MOMENTS = {"turn", "skip", "drift", "battle", "crossing"}


def settle(state: MiniDState) -> MiniDState:
    """Answer every card moment where the racer's only legal action is to decline (it holds cards, none
    playable now), as a client's auto-pass does: the race runs on to the next real choice."""
    while state.race.pending is not None and not state.is_over:
        legal = state.legal_actions()
        if state.race.pending.kind not in CARD_MOMENTS or len(legal) != 1:
            break
        state.apply(legal[0], seat=state.race.pending.seat)
    return state


def act(state: MiniDState, *texts: str) -> MiniDState:
    """Play ``texts`` by notation (each then settled, see :func:`settle`)."""
    for text in texts:
        state.apply(text)
        settle(state)
    return state


def corner(event: dict, state: MiniDState | None = None, lang: str = "fr") -> str:
    """The name of the corner a ``drift`` event happened in (French, the content's own names)."""
    track = state.race.track if state is not None else GAME.track
    return track.section_names[lang][event["section"]]
