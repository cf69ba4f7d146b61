"""The vocabulary of a Mini D race: racer and corner states, cornering lines, the numbers of the rules, and
the decisions a racer is asked (:class:`Decision`)."""

from __future__ import annotations

from typing import Final, NamedTuple

# Every name below is Final: compiled (``python -m kansei.build``), the race's modules use its value where
# they name it, where a plain module global is looked up by name at each use.

# the moments a kept card may be played (its window; also the decisions asked then)
TURN: Final = "turn"
DRIFT: Final = "drift"
BATTLE: Final = "battle"
CROSSING: Final = "crossing"
SKIP: Final = "skip"
WINDOWS = (TURN, DRIFT, BATTLE, CROSSING, SKIP)
# the kinds of Event card blocks; the rolls a waiting ⚡ card modifies
BOLT: Final = "bolt"
KEPT: Final = "kept"
MOVE_ROLL: Final = "move"
DRIFT_ROLL: Final = "drift"

# -- constants --------------------------------------------------------------------------------------------

BIG: Final = 1 << 30  # "no such case"
RACING: Final = 0
FINISHED: Final = 1
OUT: Final = 2
STATUS = ("racing", "finished", "out")
# a racer's state in the corner they last drifted into
NONE: Final = 0
MASTERED: Final = 1
FAILED: Final = 2
CORNER_STATE = (None, "mastered", "failed")
# MD-O2 cornering lines
NORMAL: Final = 0
GAMBLER: Final = 1
MOONLIGHT: Final = 2
LINES = ("normal", "gambler", "moonlight")
LINE_DRIFT = (0, -3, 3)  # MD-O2: Midnight Gambler -3 drift, Moonlight Control +3
LINE_MOVE = (0, 2, -2)  # MD-O2: +2 / -2 movement in this corner once mastered
ATTACK: Final = 0
DEFEND: Final = 1
HAND_LIMIT: Final = 3  # MD-E1
AURA: Final = 3  # MD-N3
SPRINT_LINE: Final = 12  # MD-S2 ruling

# decisions (Decision.kind); the five card moments are named as the kept cards' windows
SPRINT: Final = "sprint"
LINE: Final = "line"
DRAW: Final = "draw"
DISCARD: Final = "discard"
DECISIONS = (SPRINT, TURN, SKIP, LINE, DRIFT, BATTLE, CROSSING, DRAW, DISCARD)


class Decision(NamedTuple):
    """What the racer ``seat`` is asked now, with what the answer needs (a DRIFT roll being answered…).
    Immutable (a clone shares it); a named tuple, made several times a turn, costs a third of a frozen
    dataclass."""

    kind: str
    seat: int
    line: int = NORMAL  # drift: the cornering line (MD-O2)
    die: int = 0  # drift, crossing: the bare d20
    mod: int = 0  # drift, crossing: what is added to it
    master: bool = False  # drift: a card made it mastered unless a natural 1
    attacker: int = -1  # battle
    defender: int = -1
