"""Set-up (TG-T0, TG-D0) and scenarios: coins, the disaster draw, shuffles and the first deal.

A scenario fixes what chance would decide (``setup`` of ``game.start``): the coins, the disaster (or
``"none"``), the top cards the disaster draw reveals (``reveal``), the top cards after set-up (``order``)
and starting hands (``hands``). Every key is typed and checked before play begins; a refused set-up
raises one ContentError and the new state is dropped.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StringConstraints

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup

from .table import DISASTER

if TYPE_CHECKING:  # pragma: no cover
    from .rules import TougeState

DIRECTIONS = ("downhill", "uphill")
CardName = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Names = Annotated[list[CardName], Field(max_length=60)]
Leader = Annotated[int, Field(ge=0, le=1, strict=True)]
DirectionName = Literal["downhill", "uphill"]


class TougeSetup(GameSetup):
    """Scenario keys, all optional: what the coins show, which disaster is in force ("none": no disaster),
    each seat's top cards for the disaster draw (``reveal``) and after set-up (``order``, top first), and
    cards dealt into each starting hand (``hands``; the rest is drawn)."""

    direction: DirectionName | None = None
    leader: Leader | None = None
    disaster: CardName | None = None
    reveal: tuple[Names, Names] | None = None
    order: tuple[Names, Names] | None = None
    hands: tuple[Names, Names] | None = None


def set_up(s: TougeState, setup: TougeSetup) -> None:
    """TG-T0 / TG-D0: cars revealed, coins for direction and leader, the disaster draw, shuffles, the deal."""
    o = s.game.options
    t = s.game.table
    rng = s.rng
    s.log("cars", cars=[t.cards[c].name for c in s.cars])
    # TG-T0: a coin decides the first direction, another the first leader (or the players agree).
    d = setup.direction or (None if o.first_direction == "coin" else o.first_direction)
    s.direction = rng.coin() if d is None else DIRECTIONS.index(d)
    lead = setup.leader
    if lead is None:
        lead = rng.coin() if o.first_leader == "coin" else int(o.first_leader[-1])
    s.leader = lead
    s.log("coins", direction=DIRECTIONS[s.direction], leader=s.leader)
    for p in (0, 1):
        rng.shuffle(s.decks[p])
    if setup.reveal is not None:
        fix_order(s, setup.reveal, "reveal")
    if setup.disaster is not None:
        fixed_disaster(s, setup.disaster)
    elif o.disaster_draw:
        disaster_draw(s)
    else:
        no_disaster(s)
    for p in (0, 1):
        rng.shuffle(s.decks[p])
    if setup.order is not None:
        fix_order(s, setup.order, "order")
    deal(s, 10 if s.game.sudden else 7, setup.hands)


def fixed_disaster(s: TougeState, name: str) -> None:
    t = s.game.table
    if name.lower() == "none":
        no_disaster(s)
        return
    cid = t.find(name)
    if cid is None or t.cards[cid].kind != DISASTER:
        raise ContentError([f"touge setup: disaster {shorten(name, 40)!r} is not a disaster card"])
    for p in (s.leader, 1 - s.leader):
        if cid in s.decks[p]:
            s.decks[p].remove(cid)
            s.disaster = (p, cid)
            break
    else:
        raise ContentError([f"touge setup: disaster {shorten(name, 40)!r} is in neither deck"])
    remove_disasters(s)
    s.log("disaster", card=t.cards[cid].name, owner=p, revealed=[[], []])


def disaster_draw(s: TougeState) -> None:
    """TG-T0: from the leader, alternately reveal top cards until a disaster; the rest are removed."""
    t = s.game.table
    revealed: list[list[int]] = [[], []]
    p = s.leader
    found = None
    while found is None and (len(revealed[0]) < len(s.decks[0]) or len(revealed[1]) < len(s.decks[1])):
        deck = s.decks[p]
        k = len(revealed[p])
        if k < len(deck):
            cid = deck[-1 - k]
            if t.cards[cid].kind == DISASTER:
                found = (p, cid, k)
            else:
                revealed[p].append(cid)
        p = 1 - p
    if found is not None:
        owner, cid, k = found
        del s.decks[owner][-1 - k]
        s.disaster = (owner, cid)
    s.log(
        "disaster",
        card=t.cards[found[1]].name if found else None,
        owner=found[0] if found else None,
        revealed=[[t.cards[c].name for c in r] for r in revealed],
    )
    remove_disasters(s)  # revealed non-disasters stay in the decks, which are then shuffled


def no_disaster(s: TougeState) -> None:
    """A race without a disaster (``disaster_draw=false`` or a scenario's "none"): all are set aside."""
    remove_disasters(s)
    s.log("disaster", card=None, owner=None, revealed=[[], []])


def remove_disasters(s: TougeState) -> None:
    cards = s.game.table.cards
    for p in (0, 1):
        keep: list[int] = []
        for cid in s.decks[p]:
            (s.removed[p] if cards[cid].kind == DISASTER else keep).append(cid)
        s.decks[p] = keep


def fix_order(s: TougeState, order: tuple[list[str], list[str]], key: str) -> None:
    """Scenario: put the named cards on top of each deck, first name on top."""
    t = s.game.table
    for p in (0, 1):
        top = []
        for name in order[p]:
            cid = t.find(name)
            if cid is None or cid not in s.decks[p]:
                raise ContentError([f"touge setup: {key}: {shorten(name, 40)!r} is not in seat {p}'s deck"])
            s.decks[p].remove(cid)
            top.append(cid)
        s.decks[p].extend(reversed(top))


def deal(s: TougeState, n: int, hands: tuple[list[str], list[str]] | None = None) -> None:
    """Each racer draws ``n`` (a scenario's named cards first)."""
    t = s.game.table
    for p in (0, 1):
        if hands is not None:
            if len(hands[p]) > n:
                raise ContentError(
                    [f"touge setup: hands: seat {p} is dealt {n} cards, {len(hands[p])} named"]
                )
            for name in hands[p]:
                cid = t.find(name)
                if cid is None or cid not in s.decks[p]:
                    raise ContentError(
                        [f"touge setup: hands: {shorten(name, 40)!r} is not in seat {p}'s deck"]
                    )
                s.decks[p].remove(cid)
                insort(s.hands[p], cid)
        s.draw(p, n - len(s.hands[p]), dealt=list(s.hands[p]))
