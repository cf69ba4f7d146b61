"""Scenario helpers for the D-Spirits tests: fixed first player, hands, field and SP, no opening draw."""

from __future__ import annotations

import json

import kansei
from kansei.builtin.dspirits.cards import catalog
from kansei.builtin.dspirits.rules import CID, DSpiritsState
from kansei.builtin.dspirits.table import table
from kansei.testing import all_events

STONE, VENOM = "Stone and Shade", "Venom and Frost"


def cid(name: str) -> int:
    i = table().find(name)
    assert i is not None, name
    return i


def deck(
    squad: dict[str, int], support: dict[str, int] | None = None, side: dict[str, int] | None = None
) -> dict:
    """A legal deck holding at least the given cards, padded with other cards within DS-D1."""
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
    return {"squad": squad, "support": support, "side": side}


def scenario(decks=(STONE, VENOM), options: dict | None = None, **setup) -> DSpiritsState:
    """Seat 0 first, both past their first turn, in seat 0's main step with the given hands and field."""
    setup.setdefault("first", 0)
    setup.setdefault("hands", [[], []])
    setup.setdefault("veteran", True)
    setup.setdefault("step", "main")
    return kansei.load("dspirits", **(options or {})).start(seed=1, decks=list(decks), setup=setup)


def play(state: DSpiritsState, *notations: str) -> DSpiritsState:
    for n in notations:
        state.apply(n)
    return state


def legal(state: DSpiritsState) -> list[str]:
    return [a.notation for a in state.legal_actions()]


def names(state: DSpiritsState, p: int, zone: str = "bs") -> list[str]:
    t = table()
    return [t.name[i[CID]] for i in getattr(state, zone)[p]]


def snapshot(state: DSpiritsState) -> str:
    return json.dumps(state.reveal(), sort_keys=True, default=str) + str(len(all_events(state)))


def events(state: DSpiritsState, kind: str) -> list[dict]:
    return [e for e in all_events(state) if e["type"] == kind]
