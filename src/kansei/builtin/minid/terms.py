"""The vocabulary of a Mini D race: racer and corner states, cornering lines, the numbers of the rules, and
the decisions a racer is asked (:class:`Decision`)."""

from __future__ import annotations

from typing import NamedTuple

# the moments a kept card may be played (its window; also the decisions asked then)
TURN, DRIFT, BATTLE, CROSSING, SKIP = "turn", "drift", "battle", "crossing", "skip"
WINDOWS = (TURN, DRIFT, BATTLE, CROSSING, SKIP)
# the kinds of Event card blocks; the rolls a waiting ⚡ card modifies
BOLT, KEPT = "bolt", "kept"
MOVE_ROLL, DRIFT_ROLL = "move", "drift"

# -- constants --------------------------------------------------------------------------------------------

BIG = 1 << 30  # "no such case"
RACING, FINISHED, OUT = 0, 1, 2
STATUS = ("racing", "finished", "out")
NONE, MASTERED, FAILED = 0, 1, 2  # a racer's state in the corner they last drifted into
CORNER_STATE = (None, "mastered", "failed")
NORMAL, GAMBLER, MOONLIGHT = 0, 1, 2  # MD-O2 cornering lines
LINES = ("normal", "gambler", "moonlight")
LINE_DRIFT = (0, -3, 3)  # MD-O2: Midnight Gambler -3 drift, Moonlight Control +3
LINE_MOVE = (0, 2, -2)  # MD-O2: +2 / -2 movement in this corner once mastered
ATTACK, DEFEND = 0, 1
HAND_LIMIT = 3  # MD-E1
AURA = 3  # MD-N3
SPRINT_LINE = 12  # MD-S2 ruling

# decisions (Decision.kind); the five card moments are named as the kept cards' windows
SPRINT, LINE, DRAW, DISCARD = "sprint", "line", "draw", "discard"
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
