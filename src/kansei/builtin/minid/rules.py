"""Mini D: the race, as functions of the state (rules digest ids MD-…, see RULES.md and docs/rulings.md).

The rules are functions of the race (:class:`~.race.Race`, the state's data). The race is driven by a small
task stack. Everything that happens without a choice (Bunta's drive, a move roll, a corner, a battle, a
crossing) is a task — a tuple ``(step, seat, …)`` whose first item is the function that carries it out —
popped by :func:`run`. A step that needs a decision sets ``race.pending`` (a :class:`~.terms.Decision`) and
the loop stops until :func:`decide` answers it. So a clone is a handful of list copies, and a turn with
nothing to decide costs no action. :func:`decide` and :func:`start` are the steps the state takes: each binds
the state's random source to the race and hands the events told to the state's log at its end.

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
from .race import (
    BOLT_EVENT,
    DISCARD_EVENT,
    DREW_CARD_EVENT,
    DREW_EVENT,
    FINISH_EVENT,
    HAND_DISCARDED_EVENT,
    MOVE_EVENT,
    NO_DRAW_EVENT,
    OUT_EVENT,
    PLACE_EVENT,
    PLAY_EVENT,
    RACE_OVER_EVENT,
    REROLL_EVENT,
    RESHUFFLE_EVENT,
    ROUND_EVENT,
    SKIP_EVENT,
    SPRINT_AGAIN_EVENT,
    SPRINT_EVENT,
    START_EVENT,
    TRIGGER_EVENT,
    TURN_EVENT,
    Race,
)
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


# ------------------------------------------------------------------------------ the state's steps
def decide(s: MiniDState, a: Action) -> None:
    """The answer ``a`` to the pending decision, then the race runs on to the next one."""
    r = _bind(s)
    d = r.pending
    assert d is not None
    r.pending = None
    p = d.seat
    kind = d.kind
    if kind == SPRINT:
        sprint(r, p, a.args[0])
    elif kind == DRAW:
        if a is DRAW_ACT:
            draw(r, p)
        elif r.narrating:
            r.tell((NO_DRAW_EVENT, p))
    elif kind == DISCARD:
        c = a.args[0]
        r.hands[p].remove(c)
        r.discard.append(c)
        if r.narrating:
            r.tell((DISCARD_EVENT, p, r.table.cards[c].slug))
        r.tasks.append((hand_limit, p))
    elif kind == LINE:
        corners.drift_roll(r, p, a.args[0])
    elif a.kind == "play":  # a kept card at its moment (its block acts on the decision)
        c = a.args[0]
        card = r.table.cards[c]
        r.hands[p].remove(c)
        r.discard.append(c)
        if r.narrating:
            r.tell((PLAY_EVENT, p, card.slug))
        card.effect.impl.play(card.effect.p, r, p, d)
    elif kind == SKIP:  # declined: the turn is skipped
        skip(r, p)
    elif kind == DRIFT:
        corners.drift_end(r, p, d.line, d.die, d.mod, d.master)
    elif kind == CROSSING:
        bunta.cross_end(r, p, d.die, d.mod)
    run(r)
    _hand_over(s, r)


def start(s: MiniDState, starter: int) -> None:
    """A race whose starter a scenario named (no sprint): it runs to its first decision."""
    r = _bind(s)
    begin(r, starter)
    _hand_over(s, r)


def _bind(s: MiniDState) -> Race:
    """The state's race, bound to the state's random source (whichever it is now) for a step."""
    r = s.race
    r.bind(s.rng, s.narrating)
    return r


def _hand_over(s: MiniDState, r: Race) -> None:
    """The events the step told, to the state's log."""
    told = r.told()
    if told:
        s.log_records(told)


# ------------------------------------------------------------------------------ dice
def roll(r: Race, sides: int) -> int:
    """A die of ``sides`` faces: a scenario's next forced die where there is one, else the state's random
    source."""
    forced = r.forced_dice
    if forced:
        v = forced.pop()
        if v > sides:
            raise ContentError([f"minid setup: forced die {v} cannot be the result of a d{sides}"])
        return v
    return r.rng.die(sides)


# ------------------------------------------------------------------------------ decisions
def legal_actions(r: Race) -> Sequence[Action]:
    d = r.pending
    assert d is not None
    kind = d.kind
    if kind == SPRINT:
        return SPRINT_ACTS
    if kind == DRAW:
        return DRAW_CHOICES
    if kind == LINE:
        return LINE_ACTS
    cards = r.table.cards
    out: list[Action] = []
    last = -1
    for c in r.hands[d.seat]:
        if c != last and (kind == DISCARD or cards[c].window == kind):
            out.append(cards[c].discard if kind == DISCARD else cards[c].play)
        last = c
    if kind != DISCARD:
        out.append(DECLINE[kind])
    return out


def reroll(r: Race, p: int, which: str, old: int) -> int:
    """A card's reroll of a d20 (``which``: "drift" or "crossing"); the new roll stands."""
    new = roll(r, 20)
    if r.narrating:
        r.tell((REROLL_EVENT, p, which, old, new))
    return new


# ------------------------------------------------------------------------------ the driver
def run(r: Race) -> None:
    tasks = r.tasks
    while r.pending is None and not r.over:
        if tasks:
            t = tasks.pop()
            n = len(t)  # a step with its arguments, spelt out (twice as fast as t[0](r, *t[1:]))
            if n == 2:
                t[0](r, t[1])
            elif n == 3:
                t[0](r, t[1], t[2])
            else:
                t[0](r, t[1], t[2], t[3])
        else:
            next_step(r)


def next_step(r: Race) -> None:
    """A round: Bunta (MD-R1), then every racer in turn order (MD-R2); after the last, the next round."""
    c = r.cursor
    if c > r.seats:  # every racer has had its turn: the next round begins
        c = r.cursor = 0
    if c == 0:
        r.round_no += 1
        r.cursor = 1
        if r.narrating:
            r.tell((ROUND_EVENT, r.round_no))
        if r.bunta_driving:
            bunta.bunta_check(r)
            if r.bunta_driving:
                bunta.bunta_drive(r, roll(r, 6), None)
    else:
        r.cursor = c + 1
        _turn(r, r.order[c - 1])


# ------------------------------------------------------------------------------ MD-S2 sprint
def begin(r: Race, starter: int) -> None:
    """MD-S2: play goes round in seat order from the starter."""
    n = r.seats
    r.order = [(starter + i) % n for i in range(n)]
    r.sprinters = []
    r.pending = None
    if r.narrating:
        r.tell((START_EVENT, starter, list(r.order)))
    run(r)


def sprint(r: Race, p: int, power: int) -> None:
    """MD-S2 ruling: the car lands at power + (2d6 - 7); the line is at 12."""
    d1 = roll(r, 6)
    d2 = roll(r, 6)
    land = r.landings[p] = power + d1 + d2 - 7
    if r.narrating:
        r.tell((SPRINT_EVENT, p, power, [d1, d2], land, land > SPRINT_LINE))
    sp = r.sprinters
    i = sp.index(p) + 1
    if i < len(sp):
        r.pending = Decision(SPRINT, sp[i])
        return
    ok = [q for q in sp if (r.landings[q] or 0) <= SPRINT_LINE]
    if not ok:  # everyone crossed: everyone sprints again
        if r.narrating:
            r.tell((SPRINT_AGAIN_EVENT, list(sp), "all_crossed"))
        resprint(r, sp)
        return
    best = max(r.landings[q] or 0 for q in ok)
    tied = [q for q in ok if r.landings[q] == best]
    if len(tied) > 1:  # a tie for the closest: the tied sprint again
        if r.narrating:
            r.tell((SPRINT_AGAIN_EVENT, tied, "tie"))
        resprint(r, tied)
        return
    begin(r, tied[0])


def resprint(r: Race, seats: list[int]) -> None:
    r.sprinters = list(seats)
    for q in seats:
        r.landings[q] = None
    r.pending = Decision(SPRINT, seats[0])


# ------------------------------------------------------------------------------ MD-R2 a racer's turn
def _turn(r: Race, p: int) -> None:
    if r.status[p] != RACING:
        return
    if r.skips[p]:  # MD-R2: skipped turns stack; one is used up per turn
        if r.hands[p]:  # asked: a card may cancel the skip (Réflexes de livreur)
            r.pending = Decision(SKIP, p)
        else:
            skip(r, p)
        return
    take_turn(r, p)


def play_again(r: Race, p: int) -> None:
    """A turn of ``p``'s own after everything now in progress (Deuxième souffle, Kansei dorifuto)."""
    r.tasks.insert(0, (_turn, p))


def skip(r: Race, p: int) -> None:
    r.skips[p] -= 1
    if r.narrating:
        r.tell((SKIP_EVENT, p, r.skips[p]))


def take_turn(r: Race, p: int) -> None:
    """MD-R2: the turn proper: cards before the roll, the move, then the end of the turn (MD-E1)."""
    if r.narrating:
        r.tell((TURN_EVENT, p, r.round_no))
    r.move_bonus = 0
    tasks = r.tasks
    x = r.positions[p]
    corner = _corner_here(r, p, x)
    if corner != FAILED and r.hands[p]:  # asked, unless crawling (MD-C3: no roll for cards to change)
        tasks.append((_end_turn, p))
        tasks.append((_move, p))
        r.pending = Decision(TURN, p)
        return
    below = len(tasks)
    _drive(r, p, x, corner, 0)
    if len(tasks) == below:  # the move started nothing (no corner, battle, finish or crossing)
        _end_turn(r, p)
    else:  # the turn ends once what the move started is over
        tasks.insert(below, (_end_turn, p))


def ask_turn_card(r: Race, p: int) -> None:
    """After a card before the roll: a racer with cards left is asked again."""
    if r.hands[p]:
        r.pending = Decision(TURN, p)


def _corner_here(r: Race, p: int, x: int) -> int:
    """The racer's state (NONE, MASTERED, FAILED) in the corner it stands in at case ``x``: NONE unless
    that is the corner it last drifted into."""
    sec = r.track.section_at[x]
    return r.corner_state[p] if sec >= 0 and sec == r.corner_section[p] else NONE


def _move(r: Race, p: int) -> None:
    """The move of a turn whose racer was asked for cards first, with what they added (see :func:`_drive`)."""
    if r.status[p] != RACING:
        return
    bonus = r.move_bonus
    r.move_bonus = 0
    x = r.positions[p]
    _drive(r, p, x, _corner_here(r, p, x), bonus)


def _drive(r: Race, p: int, x: int, corner: int, bonus: int) -> None:
    """MD-R2: roll 1d6 (+ ``bonus`` from cards) and move forward from case ``x`` — or crawl one case in a
    failed corner (MD-C3); ``corner``: the racer's state in the corner it stands in."""
    if corner == FAILED:  # MD-C3
        forward(r, p, 1, None, "crawl")
        return
    n = roll(r, 6)
    total = n + bonus
    if r.aura == p:  # MD-N3
        total += AURA
    if r.waiting[p]:
        total += trigger(r, p, "move")
    if r.aspiration and _aspiration(r, p, x):  # MD-O1
        total += 1
    if corner == MASTERED:  # MD-O2 (+2 / -2 in this corner)
        total += r.corner_move[p]
    forward(r, p, total if total > 1 else 1, n, "move")


def _aspiration(r: Race, p: int, x: int) -> bool:
    """MD-O1: on a straight, an opponent ahead on the same straight with 4 cases or fewer between."""
    end = r.track.straight_end[x]
    if end < 0:
        return False
    lim = x + 5 if x + 5 < end else end
    pos, status = r.positions, r.status
    return any(q != p and status[q] == RACING and x < pos[q] <= lim for q in range(r.seats))


def trigger(r: Race, p: int, roll: str) -> int:
    """Waiting ⚡ cards for ``roll`` act now and go to the discard pile; returns their total."""
    cards = r.table.cards
    used = [c for c in r.waiting[p] if cards[c].waits == roll]
    if not used:
        return 0
    r.waiting[p] = [c for c in r.waiting[p] if cards[c].waits != roll]
    r.discard.extend(used)
    total = sum(cards[c].effect.impl.amount(cards[c].effect.p) for c in used)
    if r.narrating:
        r.tell((TRIGGER_EVENT, p, [cards[c].slug for c in used], total))
    return total


def forward(r: Race, p: int, steps: int, die: int | None, why: str, card: str | None = None) -> None:
    """A forward move of ``steps`` cases; stops at a corner's first case (MD-C1, first priority), level
    with the first opponent met (MD-F1) or on the finish line; Bunta passed is crossed (MD-R1)."""
    tr = r.track
    pos = r.positions
    x = pos[p]
    stop = x + steps
    reason = None
    cf = tr.next_corner[x]
    if cf <= stop:  # MD-C1: entering a corner stops the car on its first case
        stop = cf
        reason = "corner"
    length = tr.length
    status = r.status
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
    if r.narrating:
        r.tell((MOVE_EVENT, p, x, stop, die, steps, why, card, reason))
    tasks = r.tasks
    if reason == "corner":
        tasks.append((_land, p, ATTACK))
        tasks.append((corners.enter_corner, p))
    elif reason == "battle":
        tasks.append((battles.battle, p, opp))
    elif reason == "finish":
        tasks.append((finish_race, p))
    if r.bunta_driving and not r.met_bunta[p] and stop >= r.bunta:  # MD-R1 ruling: past Bunta
        tasks.append((bunta.cross_bunta, p))


def place_back(r: Race, p: int, target: int, why: str, card: str | None = None) -> None:
    """A car put back (battles, cards): it enters no corner; level with an opponent it defends (MD-F3)."""
    if target < 0:
        target = 0
    x = r.positions[p]
    r.positions[p] = target
    if r.narrating:
        r.tell((PLACE_EVENT, p, x, target, why, card))
    if target >= 1:
        r.tasks.append((_land, p, DEFEND))


def _land(r: Race, p: int, role: int) -> None:
    """After a stop: an opponent on the same case starts a battle (MD-F1 / MD-F3)."""
    if r.status[p] != RACING:
        return
    pos = r.positions
    x = pos[p]
    if x < 1 or x > r.track.length or pos.count(x) == 1:  # alone on its case (the usual): no battle
        return
    status = r.status
    for q in range(r.seats):
        if q != p and status[q] == RACING and pos[q] == x:
            r.tasks.append((battles.battle, p, q) if role == ATTACK else (battles.battle, q, p))
            return


# ------------------------------------------------------------------------------ MD-W1 the end
def finish_race(r: Race, p: int) -> None:
    if r.status[p] != RACING:
        return
    r.status[p] = FINISHED
    r.positions[p] = r.track.length + 1
    r.corner_section[p] = -1
    r.finished.append(p)
    if r.narrating:
        r.tell((FINISH_EVENT, p, len(r.finished)))
    _retire(r, p)
    _check_end(r)


def go_out(r: Race, p: int) -> None:
    r.status[p] = OUT
    r.out.append(p)
    if r.narrating:
        r.tell((OUT_EVENT, p, r.positions[p]))
    _retire(r, p)
    _check_end(r)


def _retire(r: Race, p: int) -> None:
    """A racer who finished or went out discards their Event cards (kept and waiting), face up."""
    if r.hands[p] or r.waiting[p]:
        cards = r.table.cards
        if r.narrating:
            r.tell((HAND_DISCARDED_EVENT, p, [cards[c].slug for c in r.hands[p] + r.waiting[p]]))
        r.discard.extend(r.hands[p])
        r.discard.extend(r.waiting[p])
        r.hands[p] = []
        r.waiting[p] = []


def _check_end(r: Race) -> None:
    """MD-W1 ruling: the race ends when the placings can no longer change (at most one racer left)."""
    racing = [q for q in range(r.seats) if r.status[q] == RACING]
    if len(racing) > 1:
        return
    # finishers in order, then the last racer still driving, then racers out, last out first
    r.ranking = r.finished + racing + r.out[::-1]
    r.over = True
    r.pending = None
    r.tasks.clear()
    if r.narrating:
        r.tell((RACE_OVER_EVENT, list(r.ranking), list(r.finished), list(r.out)))


# ------------------------------------------------------------------------------ MD-E events
def _end_turn(r: Race, p: int) -> None:
    """End of a turn: an Event case stopped on lets the racer draw (MD-E1), then the hand limit."""
    if r.status[p] == RACING and r.track.is_event[r.positions[p]] and (r.deck or r.discard):
        r.tasks.append((hand_limit, p))
        r.pending = Decision(DRAW, p)
    elif len(r.hands[p]) > HAND_LIMIT:
        r.pending = Decision(DISCARD, p)


def hand_limit(r: Race, p: int) -> None:
    if len(r.hands[p]) > HAND_LIMIT:  # MD-E1: keep at most 3 at the end of your turn
        r.pending = Decision(DISCARD, p)


def draw(r: Race, p: int) -> None:
    if not r.deck:  # the discard pile, shuffled, becomes the deck
        r.deck = r.discard
        r.discard = []
        r.rng.shuffle(r.deck)
        if r.narrating:
            r.tell((RESHUFFLE_EVENT, len(r.deck)))
    c = r.deck.pop()
    card = r.table.cards[c]
    if not card.bolt:  # kept: the others see that a card was drawn, not which
        insort(r.hands[p], c)
        if r.narrating:
            r.tell_seat(p, (DREW_CARD_EVENT, p, card.slug))
            r.tell((DREW_EVENT, p))
        return
    if r.narrating:
        r.tell((BOLT_EVENT, p, card.slug))  # ⚡: played at once, face up
    if card.waits is not None:
        r.waiting[p].append(c)  # waits face up; not counted in the hand
        return
    r.discard.append(c)
    card.effect.impl.run(card.effect.p, r, p, card.slug)


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
    "start",
]
