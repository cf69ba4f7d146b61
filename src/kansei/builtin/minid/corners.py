"""Corners — fame or shame (MD-C1..C5), with the cornering lines of MD-O2: task steps of the race, each a
function of the state (``(enter_corner, seat)`` on the task stack)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import bunta, rules
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

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState


def enter_corner(s: MiniDState, p: int) -> None:
    if s.status[p] != RACING:
        return
    s.corner_section[p] = s.track.section_at[s.positions[p]]
    s.corner_state[p] = NONE
    s.corner_move[p] = 0
    if s.strategies:  # MD-O2: the line is chosen before the drift roll
        s.pending = Decision(LINE, p)
        return
    drift_roll(s, p, NORMAL)


def drift_roll(s: MiniDState, p: int, line: int) -> None:
    """MD-C1: roll 1d20 DRIFT against the corner's difficulty."""
    n = rules.roll(s, 20)
    mod = LINE_DRIFT[line]
    if s.aura == p:  # MD-N3
        mod += AURA
    if s.waiting[p]:
        mod += rules.trigger(s, p, "drift")
    ask_drift(s, p, line, n, mod, False)


def ask_drift(s: MiniDState, p: int, line: int, die: int, mod: int, master: bool) -> None:
    """A racer holding cards may answer the DRIFT roll (and again after each card); else it stands."""
    if s.hands[p]:
        s.pending = Decision(DRIFT, p, line=line, die=die, mod=mod, master=master)
    else:
        drift_end(s, p, line, die, mod, master)


def drift_end(s: MiniDState, p: int, line: int, n: int, mod: int, master: bool) -> None:
    tr = s.track
    sec = s.corner_section[p]
    diff = tr.difficulty[sec]
    total = n + mod
    if n == 1:  # MD-C4: spin — stay, skip the next turn, then crawl as a failed drift
        outcome = "spin"
        s.corner_state[p] = FAILED
        s.skips[p] += 1
    elif n == 20:  # MD-C5: Kansei dorifuto
        outcome = "kansei"
        s.corner_state[p] = MASTERED
    elif master or total >= diff:  # MD-C2 (MD-O2: the line's movement in this corner)
        outcome = "mastered"
        s.corner_state[p] = MASTERED
        s.corner_move[p] = LINE_MOVE[line]
    else:  # MD-C3
        outcome = "failed"
        s.corner_state[p] = FAILED
    s.log(
        "drift",
        seat=p,
        section=sec,
        die=n,
        total=total,
        difficulty=diff,
        line=LINES[line] if s.strategies else None,
        outcome=outcome,
    )
    if n == 20:  # straight to the next section's first case, and play again after this turn
        rules.play_again(s, p)
        jump(s, p, tr.section_end[sec] + 1)


def jump(s: MiniDState, p: int, target: int) -> None:
    """A car put forward without driving the cases between (Kansei dorifuto). Landing on a corner's
    first case enters that corner (MD-C1)."""
    tr = s.track
    x = s.positions[p]
    if target > tr.length:
        target = tr.length + 1
        s.tasks.append((rules.finish_race, p))
    elif tr.next_corner[target - 1] == target:
        s.tasks.append((enter_corner, p))
    s.positions[p] = target
    s.log("place", seat=p, src=x, dst=target, why="kansei", card=None)
    if s.bunta_driving and not s.met_bunta[p] and target >= s.bunta:
        s.tasks.append((bunta.cross_bunta, p))
