"""Scoring (TG-S1): road value in the run's direction × the multiplier after tune-ups, disaster and abilities.

Order (docs/rulings.md): car + own additions (course-wide, then the tile's) → ×2 for Instinct → the
disaster's additions, halvings and caps (unless Foresight) → the opponent's halvings → Blindspot takes
the better type → nullified tiles score 0. The blocks in force are the card tables' precompiled tuples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .blocks import C, Profile, S
from .cards import Car, Road
from .table import BOTH, NO_MODS, SELF, DisasterMods

if TYPE_CHECKING:  # pragma: no cover
    from .rules import TougeState

DIRECTIONS = ("downhill", "uphill")


def profiles(s: TougeState, direction: int) -> tuple[Profile, Profile]:
    """Each racer's :class:`Profile` for a run in ``direction``: the car, then every block in force."""
    cards = s.game.table.cards
    profs = (Profile(cards[s.cars[0]].mult[direction]), Profile(cards[s.cars[1]].mult[direction]))
    for owner, cid, tile in s.tunes:
        for fn, p, who in cards[cid].score_fx:
            if who == BOTH:
                fn(p, profs[0], tile)
                fn(p, profs[1], tile)
            else:
                fn(p, profs[owner if who == SELF else 1 - owner], tile)
    for owner in (0, 1):
        if s.ability_on[owner]:
            for fn, p, who in cards[s.cars[owner]].score_fx:
                if who == BOTH:
                    fn(p, profs[0], -1)
                    fn(p, profs[1], -1)
                else:
                    fn(p, profs[owner if who == SELF else 1 - owner], -1)
    return profs


def _half(m: int) -> int:
    return int(m / 2)  # toward zero (TG-C5)


def multiplier(pr: Profile, dis: DisasterMods, rtype: int, tile: int) -> int:
    """TG-S1: one racer's multiplier for a road type on one tile."""
    m = pr.base[rtype] + pr.add[rtype] + pr.tile_add.get(tile, 0)
    if pr.double:
        m *= 2
    if not pr.ignore:
        dadd, dhalve, dcap = dis
        m += dadd[rtype]
        if dhalve[rtype]:
            m = _half(m)
        cap = dcap[rtype]
        if cap is not None and m > cap:
            m = cap
    if pr.halve[rtype]:
        m = _half(m)
    cap = pr.cap[rtype]
    if cap is not None and m > cap:
        m = cap
    return m


def tile_scores(s: TougeState, direction: int) -> list[tuple[int, int]]:
    """TG-S1: each tile's score for both players in ``direction``."""
    cards = s.game.table.cards
    profs = profiles(s, direction)
    dis = NO_MODS if s.disaster is None else cards[s.disaster[1]].dmods
    wiped = s.null_tile
    out = []
    for i, (_, cid) in enumerate(s.course):
        d = cards[cid]
        v = d.value[direction]
        row = []
        for pr in profs:
            if i in pr.null or (i == wiped and not pr.ignore):
                row.append(0)
            elif i in pr.best:
                row.append(v * max(multiplier(pr, dis, C, i), multiplier(pr, dis, S, i)))
            else:
                row.append(v * multiplier(pr, dis, d.rtype, i))
        out.append((row[0], row[1]))
    return out


def projected(s: TougeState) -> tuple[int, int]:
    """Both course totals if the run were in the current direction now."""
    sc = tile_scores(s, s.direction)
    return sum(x[0] for x in sc), sum(x[1] for x in sc)


def score_course(cars: tuple[Car, Car], roads: list[Road], direction: str) -> tuple[int, int]:
    """TG-S1 on bare cards (no tune-ups, disaster or abilities): the worked example of TG-S2."""
    d = DIRECTIONS.index(direction)
    out = []
    for car in cars:
        mult = ((car.dh_c, car.dh_s), (car.uh_c, car.uh_s))[d]
        out.append(sum((r.down, r.up)[d] * mult[0 if r.type == "C" else 1] for r in roads))
    return out[0], out[1]
