"""Bunta (MD-R1, MD-N1..N3): his drive towards the start and the racers' crossing rolls, as task steps of
the race, each a function of the state (``(cross_bunta, seat)`` on the task stack)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .terms import AURA, CROSSING, RACING, Decision

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState


def bunta_drive(s: MiniDState, k: int, card: str | None) -> None:
    """MD-R1: Bunta drives k cases towards the start, flat out; each racer he crosses rolls (MD-N)."""
    b = s.bunta
    nb = b - k if b > k else 0
    s.bunta = nb
    s.log("bunta_move", die=k, src=b, dst=nb, card=card)
    pos, status, met = s.positions, s.status, s.met_bunta
    crossed = [q for q in s.order if status[q] == RACING and not met[q] and pos[q] >= nb]
    if len(crossed) > 1:
        crossed.sort(key=lambda q: -pos[q])  # in the order he meets them
    for q in reversed(crossed):
        s.tasks.append((cross_bunta, q))


def cross_bunta(s: MiniDState, p: int) -> None:
    """MD-N: the racer rolls 1d20 for crossing Bunta (once per race, MD-R1 ruling)."""
    if s.status[p] != RACING or s.met_bunta[p]:
        return
    s.met_bunta[p] = True
    ask_crossing(s, p, rules.roll(s, 20), AURA if s.aura == p else 0)


def ask_crossing(s: MiniDState, p: int, die: int, mod: int) -> None:
    """A racer holding cards may answer the crossing roll (Ange gardien); else it stands."""
    if s.hands[p]:
        s.pending = Decision(CROSSING, p, die=die, mod=mod)
    else:
        cross_end(s, p, die, mod)


def cross_end(s: MiniDState, p: int, n: int, mod: int) -> None:
    total = n + mod
    prev = None
    if n == 1:  # MD-N2 Bunta's Judgement: into the ravine
        outcome = "judgement"
    elif n == 20:  # MD-N3 Bunta's Aura: +3 to every roll; the previous holder loses it
        outcome = "aura"
        prev = s.aura if s.aura >= 0 else None
        s.aura = p
    elif total < 10:  # MD-N1 emergency braking
        outcome = "brake"
        s.skips[p] += 1
    else:  # MD-N1
        outcome = "clear"
    s.log("crossing", seat=p, die=n, total=total, outcome=outcome, previous=prev)
    if n == 1:
        rules.go_out(s, p)
    bunta_check(s)


def bunta_check(s: MiniDState) -> None:
    """MD-R1: once Bunta has passed every racer still in the race he stops moving."""
    if s.bunta_driving and not s.over:
        status, met = s.status, s.met_bunta
        for q in range(s.seats):
            if status[q] == RACING and not met[q]:  # a racer he has still to pass
                return
        s.bunta_driving = False
        s.log("bunta_gone", case=s.bunta)


__all__ = ["ask_crossing", "bunta_check", "bunta_drive", "cross_bunta", "cross_end"]
