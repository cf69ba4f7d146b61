"""Bunta (MD-R1, MD-N1..N3): his drive towards the start and the racers' crossing rolls, as task steps of
the race, each a function of it (``(cross_bunta, seat)`` on the task stack)."""

from __future__ import annotations

from . import rules
from .race import BUNTA_GONE_EVENT, BUNTA_MOVE_EVENT, CROSSING_EVENT, Race
from .terms import AURA, CROSSING, RACING, Decision


def bunta_drive(r: Race, k: int, card: str | None) -> None:
    """MD-R1: Bunta drives k cases towards the start, flat out; each racer he crosses rolls (MD-N)."""
    b = r.bunta
    nb = b - k if b > k else 0
    r.bunta = nb
    if r.narrating:
        r.tell((BUNTA_MOVE_EVENT, k, b, nb, card))
    pos, status, met = r.positions, r.status, r.met_bunta
    crossed = [q for q in r.order if status[q] == RACING and not met[q] and pos[q] >= nb]
    if len(crossed) > 1:
        crossed.sort(key=lambda q: -pos[q])  # in the order he meets them
    for q in reversed(crossed):
        r.tasks.append((cross_bunta, q))


def cross_bunta(r: Race, p: int) -> None:
    """MD-N: the racer rolls 1d20 for crossing Bunta (once per race, MD-R1 ruling)."""
    if r.status[p] != RACING or r.met_bunta[p]:
        return
    r.met_bunta[p] = True
    ask_crossing(r, p, rules.roll(r, 20), AURA if r.aura == p else 0)


def ask_crossing(r: Race, p: int, die: int, mod: int) -> None:
    """A racer holding cards may answer the crossing roll (Ange gardien); else it stands."""
    if r.hands[p]:
        r.pending = Decision(CROSSING, p, die=die, mod=mod)
    else:
        cross_end(r, p, die, mod)


def cross_end(r: Race, p: int, n: int, mod: int) -> None:
    total = n + mod
    prev = None
    if n == 1:  # MD-N2 Bunta's Judgement: into the ravine
        outcome = "judgement"
    elif n == 20:  # MD-N3 Bunta's Aura: +3 to every roll; the previous holder loses it
        outcome = "aura"
        prev = r.aura if r.aura >= 0 else None
        r.aura = p
    elif total < 10:  # MD-N1 emergency braking
        outcome = "brake"
        r.skips[p] += 1
    else:  # MD-N1
        outcome = "clear"
    if r.narrating:
        r.tell((CROSSING_EVENT, p, n, total, outcome, prev))
    if n == 1:
        rules.go_out(r, p)
    bunta_check(r)


def bunta_check(r: Race) -> None:
    """MD-R1: once Bunta has passed every racer still in the race he stops moving."""
    if r.bunta_driving and not r.over:
        status, met = r.status, r.met_bunta
        for q in range(r.seats):
            if status[q] == RACING and not met[q]:  # a racer he has still to pass
                return
        r.bunta_driving = False
        if r.narrating:
            r.tell((BUNTA_GONE_EVENT, r.bunta))


__all__ = ["ask_crossing", "bunta_check", "bunta_drive", "cross_bunta", "cross_end"]
