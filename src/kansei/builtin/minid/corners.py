"""Corners — fame or shame (MD-C1..C5), with the cornering lines of MD-O2: task steps of the race, each a
function of it (``(enter_corner, seat)`` on the task stack)."""

from __future__ import annotations

from . import bunta, rules
from .race import DRIFT_EVENT, PLACE_EVENT, Race
from .terms import (
    AURA,
    DRIFT,
    FAILED,
    LINE,
    LINE_DRIFT,
    LINE_MOVE,
    LINES,
    MASTERED,
    NONE,
    NORMAL,
    RACING,
    Decision,
)


def enter_corner(r: Race, p: int) -> None:
    if r.status[p] != RACING:
        return
    r.corner_section[p] = r.track.section_at[r.positions[p]]
    r.corner_state[p] = NONE
    r.corner_move[p] = 0
    if r.strategies:  # MD-O2: the line is chosen before the drift roll
        r.pending = Decision(LINE, p)
        return
    drift_roll(r, p, NORMAL)


def drift_roll(r: Race, p: int, line: int) -> None:
    """MD-C1: roll 1d20 DRIFT against the corner's difficulty."""
    n = rules.roll(r, 20)
    mod = LINE_DRIFT[line]
    if r.aura == p:  # MD-N3
        mod += AURA
    if r.waiting[p]:
        mod += rules.trigger(r, p, "drift")
    ask_drift(r, p, line, n, mod, False)


def ask_drift(r: Race, p: int, line: int, die: int, mod: int, master: bool) -> None:
    """A racer holding cards may answer the DRIFT roll (and again after each card); else it stands."""
    if r.hands[p]:
        r.pending = Decision(DRIFT, p, line=line, die=die, mod=mod, master=master)
    else:
        drift_end(r, p, line, die, mod, master)


def drift_end(r: Race, p: int, line: int, n: int, mod: int, master: bool) -> None:
    tr = r.track
    sec = r.corner_section[p]
    diff = tr.difficulty[sec]
    total = n + mod
    if n == 1:  # MD-C4: spin — stay, skip the next turn, then crawl as a failed drift
        outcome = "spin"
        r.corner_state[p] = FAILED
        r.skips[p] += 1
    elif n == 20:  # MD-C5: Kansei dorifuto
        outcome = "kansei"
        r.corner_state[p] = MASTERED
    elif master or total >= diff:  # MD-C2 (MD-O2: the line's movement in this corner)
        outcome = "mastered"
        r.corner_state[p] = MASTERED
        r.corner_move[p] = LINE_MOVE[line]
    else:  # MD-C3
        outcome = "failed"
        r.corner_state[p] = FAILED
    if r.narrating:
        r.tell((DRIFT_EVENT, p, sec, n, total, diff, LINES[line] if r.strategies else None, outcome))
    if n == 20:  # straight to the next section's first case, and play again after this turn
        rules.play_again(r, p)
        jump(r, p, tr.section_end[sec] + 1)


def jump(r: Race, p: int, target: int) -> None:
    """A car put forward without driving the cases between (Kansei dorifuto). Landing on a corner's
    first case enters that corner (MD-C1)."""
    tr = r.track
    x = r.positions[p]
    if target > tr.length:
        target = tr.length + 1
        r.tasks.append((rules.finish_race, p))
    elif tr.next_corner[target - 1] == target:
        r.tasks.append((enter_corner, p))
    r.positions[p] = target
    if r.narrating:
        r.tell((PLACE_EVENT, p, x, target, "kansei", None))
    if r.bunta_driving and not r.met_bunta[p] and target >= r.bunta:
        r.tasks.append((bunta.cross_bunta, p))
