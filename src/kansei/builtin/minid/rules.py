"""Mini D: the race, as functions of the state (rules digest ids MD-…, see RULES.md and docs/rulings.md).

The race is driven by a small task stack. Everything that happens without a choice (Bunta's drive, a move
roll, a corner, a battle, a crossing) is a task — a tuple ``(step, seat, …)`` whose first item is the
function that carries it out — popped by :func:`run`. A step that needs a decision sets
``state.pending`` (a :class:`~.terms.Decision`) and the loop stops until :func:`decide` answers it. So a
clone is a handful of list copies, and a turn with nothing to decide costs no action.

Whether a racer is asked never depends on hidden cards: a racer holding any kept card is asked at every
moment a kept card could be played (its turn, its DRIFT roll, its battles, its crossing, a skipped turn),
and answers with a card playable then or declines; a racer with an empty hand is not asked (everyone can
see that hand is empty).

This module holds the decisions, the round (MD-R2), the sprint (MD-S2), moves and stops (MD-R2, MD-F1), the
end (MD-W1) and the Event cards (MD-E1); :mod:`.bunta`, :mod:`.corners` and :mod:`.battles` hold theirs.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kansei.core.errors import ContentError
from kansei.core.protocol import Action

from . import battles, bunta, corners
from .terms import (
    ATTACK,
    AURA,
    BATTLE,
    BIG,
    CROSSING,
    DEFEND,
    DISCARD,
    DRAW,
    DRIFT,
    FAILED,
    FINISHED,
    HAND_LIMIT,
    LINE,
    LINES,
    MASTERED,
    NONE,
    OUT,
    RACING,
    SKIP,
    SPRINT,
    SPRINT_LINE,
    TURN,
    Decision,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState

# -- actions (interned: shared by every state of a process, immutable) --------------------------------------

SPRINT_ACTS = tuple(Action(f"sprint {k}", "sprint", (k,)) for k in range(1, SPRINT_LINE + 1))
LINE_ACTS = tuple(Action(f"line {n}", "line", (i,)) for i, n in enumerate(LINES))
ROLL = Action("roll", "roll")
ACCEPT = Action("accept", "accept")
PASS = Action("pass", "pass")
DRAW_ACT = Action("draw", "draw")
DRAW_CHOICES = (DRAW_ACT, PASS)
DECLINE = {TURN: ROLL, SKIP: PASS, DRIFT: ACCEPT, BATTLE: PASS, CROSSING: ACCEPT}


# ------------------------------------------------------------------------------ dice
def roll(s: MiniDState, sides: int) -> int:
    """A die of ``sides`` faces: a scenario's next forced die where there is one, else the state's random
    source."""
    forced = s.forced_dice
    if forced:
        v = forced.pop()
        if v > sides:
            raise ContentError([f"minid setup: forced die {v} cannot be the result of a d{sides}"])
        return v
    return s.rng.die(sides)


# ------------------------------------------------------------------------------ decisions
def legal_actions(s: MiniDState) -> Sequence[Action]:
    d = s.pending
    assert d is not None
    kind = d.kind
    if kind == SPRINT:
        return SPRINT_ACTS
    if kind == DRAW:
        return DRAW_CHOICES
    if kind == LINE:
        return LINE_ACTS
    cards = s.table.cards
    out: list[Action] = []
    last = -1
    for c in s.hands[d.seat]:
        if c != last and (kind == DISCARD or cards[c].window == kind):
            out.append(cards[c].discard if kind == DISCARD else cards[c].play)
        last = c
    if kind != DISCARD:
        out.append(DECLINE[kind])
    return out


def decide(s: MiniDState, a: Action) -> None:
    """The answer ``a`` to the pending decision, then the race runs on to the next one."""
    d = s.pending
    assert d is not None
    s.pending = None
    p = d.seat
    kind = d.kind
    if kind == SPRINT:
        sprint(s, p, a.args[0])
    elif kind == DRAW:
        if a is DRAW_ACT:
            draw(s, p)
        else:
            s.log("no_draw", seat=p)
    elif kind == DISCARD:
        c = a.args[0]
        s.hands[p].remove(c)
        s.discard.append(c)
        s.log("discard", seat=p, card=s.table.cards[c].slug)
        s.tasks.append((hand_limit, p))
    elif kind == LINE:
        corners.drift_roll(s, p, a.args[0])
    elif a.kind == "play":  # a kept card at its moment (its block acts on the decision)
        c = a.args[0]
        card = s.table.cards[c]
        s.hands[p].remove(c)
        s.discard.append(c)
        s.log("play", seat=p, card=card.slug)
        card.effect.impl.play(card.effect.p, s, p, d)
    elif kind == SKIP:  # declined: the turn is skipped
        skip(s, p)
    elif kind == DRIFT:
        corners.drift_end(s, p, d.line, d.die, d.mod, d.master)
    elif kind == CROSSING:
        bunta.cross_end(s, p, d.die, d.mod)
    run(s)


def reroll(s: MiniDState, p: int, which: str, old: int) -> int:
    """A card's reroll of a d20 (``which``: "drift" or "crossing"); the new roll stands."""
    new = roll(s, 20)
    s.log("reroll", seat=p, roll=which, old=old, new=new)
    return new


# ------------------------------------------------------------------------------ the driver
def run(s: MiniDState) -> None:
    tasks = s.tasks
    while s.pending is None and not s.over:
        if tasks:
            t = tasks.pop()
            n = len(t)  # a step with its arguments, spelt out (twice as fast as t[0](s, *t[1:]))
            if n == 2:
                t[0](s, t[1])
            elif n == 3:
                t[0](s, t[1], t[2])
            else:
                t[0](s, t[1], t[2], t[3])
        else:
            next_step(s)


def next_step(s: MiniDState) -> None:
    """A round: Bunta (MD-R1), then every racer in turn order (MD-R2); after the last, the next round."""
    c = s.cursor
    if c > s.seats:  # every racer has had its turn: the next round begins
        c = s.cursor = 0
    if c == 0:
        s.round_no += 1
        s.cursor = 1
        s.log("round", round=s.round_no)
        if s.bunta_driving:
            bunta.bunta_check(s)
            if s.bunta_driving:
                bunta.bunta_drive(s, roll(s, 6), None)
    else:
        s.cursor = c + 1
        _turn(s, s.order[c - 1])


# ------------------------------------------------------------------------------ MD-S2 sprint
def begin(s: MiniDState, starter: int) -> None:
    """MD-S2: play goes round in seat order from the starter."""
    n = s.seats
    s.order = [(starter + i) % n for i in range(n)]
    s.sprinters = []
    s.pending = None
    s.log("start", starter=starter, order=list(s.order))
    run(s)


def sprint(s: MiniDState, p: int, power: int) -> None:
    """MD-S2 ruling: the car lands at power + (2d6 - 7); the line is at 12."""
    d1 = roll(s, 6)
    d2 = roll(s, 6)
    land = s.landings[p] = power + d1 + d2 - 7
    s.log("sprint", seat=p, power=power, dice=[d1, d2], landing=land, crossed=land > SPRINT_LINE)
    sp = s.sprinters
    i = sp.index(p) + 1
    if i < len(sp):
        s.pending = Decision(SPRINT, sp[i])
        return
    ok = [q for q in sp if (s.landings[q] or 0) <= SPRINT_LINE]
    if not ok:  # everyone crossed: everyone sprints again
        s.log("sprint_again", seats=list(sp), why="all_crossed")
        resprint(s, sp)
        return
    best = max(s.landings[q] or 0 for q in ok)
    tied = [q for q in ok if s.landings[q] == best]
    if len(tied) > 1:  # a tie for the closest: the tied sprint again
        s.log("sprint_again", seats=tied, why="tie")
        resprint(s, tied)
        return
    begin(s, tied[0])


def resprint(s: MiniDState, seats: list[int]) -> None:
    s.sprinters = list(seats)
    for q in seats:
        s.landings[q] = None
    s.pending = Decision(SPRINT, seats[0])


# ------------------------------------------------------------------------------ MD-R2 a racer's turn
def _turn(s: MiniDState, p: int) -> None:
    if s.status[p] != RACING:
        return
    if s.skips[p]:  # MD-R2: skipped turns stack; one is used up per turn
        if s.hands[p]:  # asked: a card may cancel the skip (Réflexes de livreur)
            s.pending = Decision(SKIP, p)
        else:
            skip(s, p)
        return
    take_turn(s, p)


def play_again(s: MiniDState, p: int) -> None:
    """A turn of ``p``'s own after everything now in progress (Deuxième souffle, Kansei dorifuto)."""
    s.tasks.insert(0, (_turn, p))


def skip(s: MiniDState, p: int) -> None:
    s.skips[p] -= 1
    s.log("skip", seat=p, left=s.skips[p])


def take_turn(s: MiniDState, p: int) -> None:
    """MD-R2: the turn proper: cards before the roll, the move, then the end of the turn (MD-E1)."""
    s.log("turn", seat=p, round=s.round_no)
    s.move_bonus = 0
    tasks = s.tasks
    x = s.positions[p]
    corner = _corner_here(s, p, x)
    if corner != FAILED and s.hands[p]:  # asked, unless crawling (MD-C3: no roll for cards to change)
        tasks.append((_end_turn, p))
        tasks.append((_move, p))
        s.pending = Decision(TURN, p)
        return
    below = len(tasks)
    _drive(s, p, x, corner, 0)
    if len(tasks) == below:  # the move started nothing (no corner, battle, finish or crossing)
        _end_turn(s, p)
    else:  # the turn ends once what the move started is over
        tasks.insert(below, (_end_turn, p))


def ask_turn_card(s: MiniDState, p: int) -> None:
    """After a card before the roll: a racer with cards left is asked again."""
    if s.hands[p]:
        s.pending = Decision(TURN, p)


def _corner_here(s: MiniDState, p: int, x: int) -> int:
    """The racer's state (NONE, MASTERED, FAILED) in the corner it stands in at case ``x``: NONE unless
    that is the corner it last drifted into."""
    sec = s.track.section_at[x]
    return s.corner_state[p] if sec >= 0 and sec == s.corner_section[p] else NONE


def _move(s: MiniDState, p: int) -> None:
    """The move of a turn whose racer was asked for cards first, with what they added (see :func:`_drive`)."""
    if s.status[p] != RACING:
        return
    bonus = s.move_bonus
    s.move_bonus = 0
    x = s.positions[p]
    _drive(s, p, x, _corner_here(s, p, x), bonus)


def _drive(s: MiniDState, p: int, x: int, corner: int, bonus: int) -> None:
    """MD-R2: roll 1d6 (+ ``bonus`` from cards) and move forward from case ``x`` — or crawl one case in a
    failed corner (MD-C3); ``corner``: the racer's state in the corner it stands in."""
    if corner == FAILED:  # MD-C3
        forward(s, p, 1, None, "crawl")
        return
    n = roll(s, 6)
    total = n + bonus
    if s.aura == p:  # MD-N3
        total += AURA
    if s.waiting[p]:
        total += trigger(s, p, "move")
    if s.aspiration and _aspiration(s, p, x):  # MD-O1
        total += 1
    if corner == MASTERED:  # MD-O2 (+2 / -2 in this corner)
        total += s.corner_move[p]
    forward(s, p, total if total > 1 else 1, n, "move")


def _aspiration(s: MiniDState, p: int, x: int) -> bool:
    """MD-O1: on a straight, an opponent ahead on the same straight with 4 cases or fewer between."""
    end = s.track.straight_end[x]
    if end < 0:
        return False
    lim = x + 5 if x + 5 < end else end
    pos, status = s.positions, s.status
    return any(q != p and status[q] == RACING and x < pos[q] <= lim for q in range(s.seats))


def trigger(s: MiniDState, p: int, roll: str) -> int:
    """Waiting ⚡ cards for ``roll`` act now and go to the discard pile; returns their total."""
    cards = s.table.cards
    used = [c for c in s.waiting[p] if cards[c].waits == roll]
    if not used:
        return 0
    s.waiting[p] = [c for c in s.waiting[p] if cards[c].waits != roll]
    s.discard.extend(used)
    total = sum(cards[c].effect.impl.amount(cards[c].effect.p) for c in used)
    s.log("trigger", seat=p, cards=[cards[c].slug for c in used], amount=total)
    return total


def forward(s: MiniDState, p: int, steps: int, die: int | None, why: str, card: str | None = None) -> None:
    """A forward move of ``steps`` cases; stops at a corner's first case (MD-C1, first priority), level
    with the first opponent met (MD-F1) or on the finish line; Bunta passed is crossed (MD-R1)."""
    tr = s.track
    pos = s.positions
    x = pos[p]
    stop = x + steps
    reason = None
    cf = tr.next_corner[x]
    if cf <= stop:  # MD-C1: entering a corner stops the car on its first case
        stop = cf
        reason = "corner"
    length = tr.length
    status = s.status
    opp = -1
    oc = BIG
    for q, y in enumerate(pos):  # the first opponent ahead on the road (not p: its own case is x)
        if x < y < oc and y <= length and status[q] == RACING:
            oc = y
            opp = q
    if oc < stop or (oc == stop and reason is None):  # MD-F1 (at the corner case: corner first)
        stop = oc
        reason = "battle"
    elif stop > length:
        stop = length + 1
        reason = "finish"
    pos[p] = stop
    s.log("move", seat=p, src=x, dst=stop, die=die, steps=steps, why=why, card=card, stop=reason)
    tasks = s.tasks
    if reason == "corner":
        tasks.append((_land, p, ATTACK))
        tasks.append((corners.enter_corner, p))
    elif reason == "battle":
        tasks.append((battles.battle, p, opp))
    elif reason == "finish":
        tasks.append((finish_race, p))
    if s.bunta_driving and not s.met_bunta[p] and stop >= s.bunta:  # MD-R1 ruling: past Bunta
        tasks.append((bunta.cross_bunta, p))


def place_back(s: MiniDState, p: int, target: int, why: str, card: str | None = None) -> None:
    """A car put back (battles, cards): it enters no corner; level with an opponent it defends (MD-F3)."""
    if target < 0:
        target = 0
    x = s.positions[p]
    s.positions[p] = target
    s.log("place", seat=p, src=x, dst=target, why=why, card=card)
    if target >= 1:
        s.tasks.append((_land, p, DEFEND))


def _land(s: MiniDState, p: int, role: int) -> None:
    """After a stop: an opponent on the same case starts a battle (MD-F1 / MD-F3)."""
    if s.status[p] != RACING:
        return
    pos = s.positions
    x = pos[p]
    if x < 1 or x > s.track.length or pos.count(x) == 1:  # alone on its case (the usual): no battle
        return
    status = s.status
    for q in range(s.seats):
        if q != p and status[q] == RACING and pos[q] == x:
            s.tasks.append((battles.battle, p, q) if role == ATTACK else (battles.battle, q, p))
            return


# ------------------------------------------------------------------------------ MD-W1 the end
def finish_race(s: MiniDState, p: int) -> None:
    if s.status[p] != RACING:
        return
    s.status[p] = FINISHED
    s.positions[p] = s.track.length + 1
    s.corner_section[p] = -1
    s.finished.append(p)
    s.log("finish", seat=p, place=len(s.finished))
    _retire(s, p)
    _check_end(s)


def go_out(s: MiniDState, p: int) -> None:
    s.status[p] = OUT
    s.out.append(p)
    s.log("out", seat=p, case=s.positions[p])
    _retire(s, p)
    _check_end(s)


def _retire(s: MiniDState, p: int) -> None:
    """A racer who finished or went out discards their Event cards (kept and waiting), face up."""
    if s.hands[p] or s.waiting[p]:
        cards = s.table.cards
        s.log("hand_discarded", seat=p, cards=[cards[c].slug for c in s.hands[p] + s.waiting[p]])
        s.discard.extend(s.hands[p])
        s.discard.extend(s.waiting[p])
        s.hands[p] = []
        s.waiting[p] = []


def _check_end(s: MiniDState) -> None:
    """MD-W1 ruling: the race ends when the placings can no longer change (at most one racer left)."""
    racing = [q for q in range(s.seats) if s.status[q] == RACING]
    if len(racing) > 1:
        return
    # finishers in order, then the last racer still driving, then racers out, last out first
    s.ranking = s.finished + racing + s.out[::-1]
    s.over = True
    s.pending = None
    s.tasks.clear()
    s.log("race_over", placings=list(s.ranking), finished=list(s.finished), out=list(s.out))


# ------------------------------------------------------------------------------ MD-E events
def _end_turn(s: MiniDState, p: int) -> None:
    """End of a turn: an Event case stopped on lets the racer draw (MD-E1), then the hand limit."""
    if s.status[p] == RACING and s.track.is_event[s.positions[p]] and (s.deck or s.discard):
        s.tasks.append((hand_limit, p))
        s.pending = Decision(DRAW, p)
    elif len(s.hands[p]) > HAND_LIMIT:
        s.pending = Decision(DISCARD, p)


def hand_limit(s: MiniDState, p: int) -> None:
    if len(s.hands[p]) > HAND_LIMIT:  # MD-E1: keep at most 3 at the end of your turn
        s.pending = Decision(DISCARD, p)


def draw(s: MiniDState, p: int) -> None:
    if not s.deck:  # the discard pile, shuffled, becomes the deck
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        s.log("reshuffle", cards=len(s.deck))
    c = s.deck.pop()
    card = s.table.cards[c]
    if not card.bolt:  # kept: the others see that a card was drawn, not which
        insort(s.hands[p], c)
        s.log_private(p, "drew_card", seat=p, card=card.slug)
        s.log("drew", seat=p)
        return
    s.log("bolt", seat=p, card=card.slug)  # ⚡: played at once, face up
    if card.waits is not None:
        s.waiting[p].append(c)  # waits face up; not counted in the hand
        return
    s.discard.append(c)
    card.effect.impl.run(card.effect.p, s, p, card.slug)


__all__ = [
    "DECLINE",
    "LINE_ACTS",
    "SPRINT_ACTS",
    "begin",
    "decide",
    "forward",
    "legal_actions",
    "place_back",
    "run",
]
