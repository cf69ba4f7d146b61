"""D-Spirits test helpers on top of :mod:`kansei.testing`: legal deck data holding given cards, and the
usual scenario (seat 0 first, both past their first turn, seat 0's main step, no opening draw)."""

from __future__ import annotations

from typing import Any

from kansei.builtin.dspirits.cards import catalog
from kansei.builtin.dspirits.game import DSpiritsState
from kansei.builtin.dspirits.table import table
from kansei.testing import scenario

STONE, VENOM = "Stone and Shade", "Venom and Frost"


def cid(name: str) -> int:
    i = table().find(name)
    assert i is not None, name
    return i


def deck(
    squad: dict[str, int], support: dict[str, int] | None = None, side: dict[str, int] | None = None
) -> dict:
    """Deck data holding at least the given cards, padded with other cards to the DS-D1 minimums."""
    cat = catalog()
    squad = dict(squad)
    support = dict(support or {})
    side = dict(side or {})
    used = set(squad) | set(support) | set(side)
    for s in cat.spirits:
        if sum(squad.values()) >= 15:
            break
        if s.name not in used:
            squad[s.name] = 1
    for s in cat.supports:
        if sum(support.values()) >= 10:
            break
        if s.name not in used:
            support[s.name] = 1
    return {"name": "test", "cards": {**squad, **support}, "side": side}


def lab(
    decks: Any = (STONE, VENOM), options: dict | None = None, actions: tuple[str, ...] = (), **setup: Any
) -> DSpiritsState:
    """Seat 0 first, both past their first turn, in seat 0's main step with the given hands and field."""
    setup.setdefault("first", 0)
    setup.setdefault("hands", [[], []])
    setup.setdefault("veteran", True)
    setup.setdefault("step", "main")
    s = scenario("dspirits", setup=setup, options=options, seed=1, decks=list(decks), actions=actions)
    assert isinstance(s, DSpiritsState)
    return s


def play(state: DSpiritsState, *notations: str) -> DSpiritsState:
    """Apply notations as the seat to move (each must be legal)."""
    for n in notations:
        state.apply(n, seat=state.to_move)
    return state


def legal(state: DSpiritsState) -> list[str]:
    return [a.notation for a in state.legal_actions()]


def names(state: DSpiritsState, p: int, zone: str = "scene") -> list[str]:
    t = table()
    return [t.name[u.card] for u in getattr(state, zone)[p]]


def hand(state: DSpiritsState, p: int) -> list[str]:
    """The names of the cards in seat ``p``'s hand."""
    t = table()
    return [t.name[h.card] for h in state.hand[p]]


def squad_cards(data: dict) -> list[str]:
    """The D-Squad deck of deck data, one name per copy."""
    t = table()
    return [n for n, k in data["cards"].items() if t.is_spirit(cid(n)) for _ in range(k)]
