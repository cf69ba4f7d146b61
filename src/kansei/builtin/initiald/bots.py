"""Bot hints for the Initial D CCG: the evaluation used by the greedy bot and at MCTS leaves, and the learned
value's features. Compiled with the race (``python -m kansei.build``), they read its fields natively.

The value of a position for a seat is, roughly: who is winning the current stage (the last player to play a
maneuver wins it when the other cannot answer, ID-P2) and how much that stage decides the race (ID-W1,
ID-W2); who will lead the next stage and whether they are one lead win from taking the race (ID-W1); the
bonuses and penalties in play (ID-P5); and what the hand can still do. A card's worth is its strength in the
stage type it will be played in and its counters, less what its requirement would cost to meet (ID-P3).

Play styles (``greedy:style=saver``, ``mcts:style=saver``; ``level:…`` plays the default), the same
evaluation with other weights. Only the final stage, or a second stage won as the lead car, decides the race
(ID-W1, ID-W2), so a player may fight for every stage or save its cards for the one that counts:

- ``racer`` (the default): the weights below. It answers every maneuver it can, in every stage.
- ``saver``: an ordinary stage (holding it, the strength the other must answer, the lead it brings) is
  worth half, the cards in hand a quarter more: it lets an ordinary stage go rather than pay dearly for it,
  and keeps its maneuvers for the stage that decides.

Over the same 30 deals against greedy, the saver passed 12 times where the racer never did, played 474
maneuvers to the racer's 524 and paid 138 discards to its 157; over 200 seat-balanced games it won 46% against
greedy. A third weighting, a "fighter" (ordinary stages worth double, cards less), chose the racer's move at
all but two of those decisions: the racer already answers whenever it can, so it is not offered.

How far apart they play is measured in ``tests/agents/test_styles.py`` and docs/bots.md "Play styles".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from .race import Race
from .state import InitialDState
from .table import KEEP, OVER, PAY, STYLE, Side

WIN: Final = 1000.0
STAGE: Final = 90.0  # winning an ordinary stage
DECISIVE: Final = 450.0  # winning a stage that ends the race (the final stage, or a second lead win)
LEAD: Final = 35.0  # being the lead car of the next stage
MATCH_POINT: Final = 160.0  # leading with one lead win already banked (ID-W1)
HELD: Final = 0.55  # how much "winning the stage so far" is worth before the opponent has answered
THREAT: Final = 3.0  # per point of strength the opponent must counter
STAT: Final = 4.0  # per point of Power/Traction bonus or penalty in play
STYLE_W: Final = 1.5  # per point of Style difference (the extra card of ID-P1)


class Weights(NamedTuple):
    """What a style weighs otherwise: an ordinary stage (holding it, the strength to answer, the lead it
    brings) and the hands (both seats' cards)."""

    ordinary: float = 1.0
    hand: float = 1.0


DEFAULT = Weights()
STYLE_WEIGHTS = {
    "racer": DEFAULT,
    "saver": Weights(ordinary=0.5, hand=1.25),
}
styles = {
    "racer": "answers in every stage it can (the default)",
    "saver": "saves its cards for the stage that decides: ordinary stages worth half, cards a quarter more",
}

# what each of a side's maneuvers is worth in hand (indexed by card id; 0 for a card not in its deck list)
# and their average over the deck list (a draw's worth), by side (the object: sides are shared and never
# change, so its identity stands for its cards; the key keeps it alive), stage type and the Power/Traction
# bonuses in play, the only inputs of ``card_value``: the evaluation sums a hand at every call, so it reads
# the worths here rather than working each out again
_WORTH: dict[tuple[Side, int, int, int], tuple[list[float], float]] = {}


def card_value(r: Race, seat: int, cid: int, st: int) -> float:
    """What a maneuver in hand is worth to ``seat`` in stage type ``st``."""
    d = r.table.cards[cid]
    side = r.sides[seat]
    if not side.usable[cid]:
        return 0.5  # only good to pay discards with
    c = d.counter
    v = 2.0 + 0.6 * d.strength[st] + 0.25 * max(c) + 0.05 * (c[0] + c[1] + c[2])
    if d.req_stat >= 0:
        have = side.stats[st][d.req_stat] + r.buff[seat * 3 + d.req_stat]
        if d.req_val > have:
            v -= 0.8 * (d.req_val - have)
    if d.lasting:
        v += 1.5
    return v + 0.5 * d.style


def _worth(r: Race, seat: int, st: int) -> tuple[list[float], float]:
    """What each maneuver of ``seat``'s deck list is worth to it in hand in stage type ``st``, by card id,
    and the average over the deck list (``_WORTH``)."""
    side = r.sides[seat]
    key = (side, st, r.buff[seat * 3], r.buff[seat * 3 + 1])
    got = _WORTH.get(key)
    if got is None:
        values = [0.0] * len(r.table.cards)
        for c in set(side.maneuvers):
            values[c] = card_value(r, seat, c, st)
        deck = [values[c] for c in side.maneuvers]
        got = (values, sum(deck) / max(1, len(deck)))
        if len(_WORTH) >= 4096:
            _WORTH.clear()
        _WORTH[key] = got
    return got


def evaluator(style: str) -> Callable[[InitialDState, int], float]:
    """The evaluation of a play style (see the module's docstring)."""
    w = STYLE_WEIGHTS[style]

    def styled(state: InitialDState, seat: int) -> float:
        return evaluate(state, seat, w)

    return styled


def evaluate(state: InitialDState, seat: int, weights: Weights = DEFAULT) -> float:
    """Value of ``state`` for ``seat`` (higher is better)."""
    r = state.race
    if r.over or r.phase == OVER:
        return WIN * state.returns()[seat]
    opp = 1 - seat
    stages = r.stages
    last_stage = len(stages) - 1
    v = 0.0
    phase = r.phase
    if phase == KEEP:
        # the stage is decided: its winner (r.lead) will lead the next one, nothing played yet
        si, w, last = r.stage_no + 1, r.lead, -1
    else:
        si = r.stage_no
        w = r.turn if phase == PAY else (r.last_by if r.played else r.lead)
        last = r.pending if phase == PAY else r.last
    st = stages[si]
    decisive = si == last_stage or (w == r.lead and r.streak >= 1)
    sign = 1.0 if w == seat else -1.0
    k = 1.0 if decisive else weights.ordinary  # a style's weight of an ordinary stage (1.0: exactly)
    v += sign * HELD * (DECISIVE if decisive else STAGE) * k
    if last >= 0:
        v += sign * THREAT * r.table.cards[last].strength[st] * k
    if not decisive:
        v += sign * HELD * LEAD * k  # the stage winner leads the next stage
    if r.streak >= 1:
        v += (1.0 if r.lead == seat else -1.0) * 0.5 * MATCH_POINT
    b = r.buff
    v += STAT * ((b[seat * 3] + b[seat * 3 + 1]) - (b[opp * 3] + b[opp * 3 + 1]))
    v += STYLE_W * (r.stat(seat, STYLE) - r.stat(opp, STYLE))
    hand = r.hands[seat]
    values, average = _worth(r, seat, st)
    mine = sum([values[c] for c in hand])
    theirs = len(r.hands[opp])
    if phase == KEEP:  # the next draw refills both hands (ID-P1): the winner to 8, the loser to 7
        mine += max(0, 8 - len(hand)) * average if r.lead == seat else 0.0
        theirs = 8 if r.lead == opp else 7
    return v + weights.hand * (mine - theirs * _worth(r, opp, st)[1])  # 1.0 ×: the default's exactly


# ------------------------------------------------------------------------------------------------
# Features of the learned value (kansei.agents.learned, ``kansei train initiald``), each "mine less the
# other's" (a determinised world's hands are known, so both hands are weighed alike).
# ------------------------------------------------------------------------------------------------
feature_names = (
    "stage",  # holding the stage in play (+1 mine, -1 theirs), an ordinary stage
    "decisive",  # the same, a stage that ends the race
    "threat",  # the strength the other must counter to take the stage, in tens
    "streak",  # leading with one lead win banked (ID-W1)
    "stats",  # Power/Traction bonuses and penalties in play, in tens
    "style",  # Style (the extra card of ID-P1)
    "hand",  # what the hand can still do, in tens
    "cards",  # cards in hand
)
zero_sum_features = True


def _hand_value(r: Race, p: int, st: int) -> float:
    values = _worth(r, p, st)[0]
    return sum([values[c] for c in r.hands[p]])


def learned_inputs(state: InitialDState, seat: int) -> list[float]:
    """What kansei.agents.learned computes as ``[relative evaluation, *features]``, in one compiled call."""
    relative = 0.5 * (evaluate(state, seat) - evaluate(state, 1 - seat))
    return [relative, *features(state, seat)]


def features(state: InitialDState, seat: int) -> list[float]:
    """The learned value's inputs for ``seat`` (see ``feature_names``); ``state`` is not over."""
    r = state.race
    opp = 1 - seat
    stages = r.stages
    phase = r.phase
    if phase == KEEP:
        si, w, last = r.stage_no + 1, r.lead, -1
    else:
        si = r.stage_no
        w = r.turn if phase == PAY else (r.last_by if r.played else r.lead)
        last = r.pending if phase == PAY else r.last
    si = min(si, len(stages) - 1)
    st = stages[si]
    decisive = si == len(stages) - 1 or (w == r.lead and r.streak >= 1)
    sign = 1.0 if w == seat else -1.0
    threat = sign * r.table.cards[last].strength[st] / 10.0 if last >= 0 else 0.0
    streak = (1.0 if r.lead == seat else -1.0) if r.streak >= 1 else 0.0
    b = r.buff
    stats = ((b[seat * 3] + b[seat * 3 + 1]) - (b[opp * 3] + b[opp * 3 + 1])) / 10.0
    hand = (_hand_value(r, seat, st) - _hand_value(r, opp, st)) / 10.0
    return [
        0.0 if decisive else sign,
        sign if decisive else 0.0,
        threat,
        streak,
        stats,
        float(r.stat(seat, STYLE) - r.stat(opp, STYLE)),
        hand,
        float(len(r.hands[seat]) - len(r.hands[opp])),
    ]


# The named levels (kansei.agents.levels; docs/bots.md "Levels"): budgets in iterations only, so a level
# plays the same on a loaded machine. The expert searches three independent trees of 600 lines each (root
# parallelisation, ``trees=3``: the move most visited over the three), every line played 16 plies on with the
# greedy bot (a stage or two: the maneuvers a move sets up and the answers to them), the learned value
# scoring where each ends, each new child primed with three visits of its one-ply value (docs/bots.md
# "Initial D's expert, lines played 16 plies on": over 600 deals, 80% against greedy where one tree of 600
# scored 77% and the one-ply learned value's 1,000 iterations 67.5%). One tree saturates early in iterations
# here (100 beat greedy in 67% of 40 games, 300 in 71%, 1,000 in 75%), so the club is the one-ply greedy bot
# and casual and the beginner greedy with random moves. Ratings: kansei ladder GAME --levels --save-ratings.
levels = {
    "beginner": "greedy:noise=0.6",
    "casual": "greedy:noise=0.2",
    "club": "greedy",
    "expert": "mcts:iters=1800,trees=3,rollout=greedy,depth=16,value=learned,prior=3",
}
