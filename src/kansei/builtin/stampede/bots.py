"""Bot hints for Card Race Stampede: the evaluation used by the greedy bot and at MCTS leaves, its play
styles, and the features of the learned value.

Play styles (``greedy:style=aggressive``, ``mcts:style=aggressive``, ``level:…`` plays the default):

- ``racer`` (the default): the remaining distance comes first; machines are worth what they can run.
- ``aggressive``: the opponent's field is the target. Every machine, event and card the opponent loses is
  worth twice what the default says, its own distance half: it attacks where a racer runs.

Measured over 30 games each against greedy (greedy:style=…): the racer attacks 2.0 times a game and runs
9.1 times, the aggressive player attacks 5.2 times and runs 7.1 times (tests/agents/test_styles.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from .race import MACHINE, W_ATTACK, W_DECKOUT, W_GOAL, W_RUN, Race
from .steps import PASS, def_of, pow_of

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState

SETTLE_STEPS: Final = 12  # passes played at most to see a declared attack or run resolve
# the windows ``settled`` passes through: the response windows and the keepers' (race.py)
ASKING_WINDOWS: Final = (W_ATTACK, W_RUN, W_GOAL, W_DECKOUT)

WIN = 1000.0
DISTANCE = 12.0  # one step of remaining distance
SPEED = 3.0  # a gear that can run next turn
BODY = 0.4  # per 1000 POW+DEF on the field
CARD = 1.5  # a card in hand
HEIGHT = 1.0  # a machine in the center stack (protection, ST-F2)


class Weights(NamedTuple):
    """The terms of the evaluation. ``mine`` and ``theirs`` weigh each side's field and hand."""

    distance: float = DISTANCE
    speed: float = SPEED
    body: float = BODY
    card: float = CARD
    height: float = HEIGHT
    mine: float = 1.0
    theirs: float = 1.0


DEFAULT = Weights()
STYLE_WEIGHTS = {
    "racer": DEFAULT,
    "aggressive": Weights(distance=DISTANCE / 2, body=2 * BODY, theirs=2.0),
}
styles = {
    "racer": "runs first: the remaining distance comes first (the default)",
    "aggressive": "attacks: the opponent's machines, events and cards are worth double, its distance half",
}


def _side_value(s: Race, p: int, w: Weights = DEFAULT) -> float:
    """One seat's side of the evaluation, from the race: its field, center stack, hand and deck."""
    field, card_of = s.field, s.card_of
    modified = bool(s.stat_mods)  # else every machine has its printed stats
    _, speed, body, card, height, _, _ = w  # the weights as locals: scored twice at every evaluation
    v = 0.0
    base = p * 3
    for z in (0, 1, 2):
        u = field[base + z]
        if u < 0:
            continue
        d = card_of[u]
        if d.kind == MACHINE:
            stats = pow_of(s, u) + def_of(s, u) if modified else d.pow + d.def_
            v += body * stats / 1000.0
            if not d.guest and (not d.demi_guest or z == 1):
                v += speed * d.gear
            if d.dead_heat:
                v += speed * d.dead_heat * 0.5
        else:
            v += body * (d.hp - s.damage.get(u, 0)) / 1000.0
            if d.obstruction:
                v += 4.0
    v += height * len(s.centers[p])
    # a card in hand, at most 8; the seat whose turn it is not has half a draw coming, so ending a turn
    # (the other seat draws) is neither a loss nor a gain in cards
    hand = len(s.hands[p]) + (0.0 if p == s.active else 0.5)
    v += card * (hand if hand < 8 else 8)
    left = len(s.decks[p])
    if left < 3:
        v -= 6.0 * (3 - left)
    return v


def settled(state: StampedeState) -> StampedeState:
    """The state once the open response windows resolve with every seat passing: what a declared attack
    or run leads to if nobody answers (a seat holding cards is asked, so a window stops the game until
    it passes). ``state`` itself when no window is open."""
    frames = state.race.windows.frames
    if not frames or frames[-1][0] not in ASKING_WINDOWS:
        return state
    s = state.clone()
    settle(s)
    return s


def settle(state: StampedeState) -> None:
    """Pass the open response windows in ``state`` itself, as ``settled`` does in its copy."""
    for _ in range(SETTLE_STEPS):
        frames = state.race.windows.frames
        if state.over or not frames or frames[-1][0] not in ASKING_WINDOWS:
            break
        state.advance(PASS)


def evaluate(state: StampedeState, seat: int, w: Weights = DEFAULT) -> float:
    """Value of ``state`` for ``seat`` once open windows are passed: the result, the distances, what each
    side could run and field."""
    return _settled_value(settled(state), seat, w)


def evaluate_scratch(state: StampedeState, seat: int) -> float:
    """``evaluate`` of a state its caller drops afterwards (the greedy step's stepped copies): the same
    value, with the open windows passed in ``state`` itself rather than in a copy of it."""
    settle(state)
    return _settled_value(state, seat, DEFAULT)


def _settled_value(state: StampedeState, seat: int, w: Weights) -> float:
    """``evaluate`` of a state whose open windows are passed (``settle``)."""
    if state.over:
        return WIN * state.returns()[seat]
    opp = 1 - seat
    r = state.race
    mine, theirs = r.distance[seat], r.distance[opp]
    v = w.distance * (theirs - mine)
    # closer to the goal weighs more: the last steps win the race (a distance of at least 1)
    v += 40.0 / (mine if mine > 1 else 1) - 40.0 / (theirs if theirs > 1 else 1)
    if w is DEFAULT:
        v += _side_value(r, seat) - _side_value(r, opp)
    else:
        v += w.mine * _side_value(r, seat, w) - w.theirs * _side_value(r, opp, w)
    return v


def evaluate_all(state: StampedeState) -> list[float]:
    """Both seats' evaluations with the open windows passed once: the evaluation is zero-sum, so the second
    seat's is the first's negated (``0.0 - v``: exactly what ``evaluate(state, 1)`` gives, a zero too)."""
    v = evaluate(state, 0)
    return [v, 0.0 - v]


def evaluator(style: str) -> Callable[[StampedeState, int], float]:
    """The evaluation of a play style (see the module's docstring)."""
    w = STYLE_WEIGHTS[style]

    def styled(state: StampedeState, seat: int) -> float:
        return evaluate(state, seat, w)

    return styled


# ------------------------------------------------------------------------------------------------
# Features of the learned value (kansei.agents.learned, ``kansei train stampede``), each "mine less the
# other's", once open windows are passed (``settled``).
# ------------------------------------------------------------------------------------------------
feature_names = (
    "distance",  # remaining distance, theirs less mine, in tens of steps
    "closing",  # 1/distance (the last steps win the race)
    "speed",  # gears that can run next turn
    "body",  # POW + DEF (machines) and HP (events) on the field, in tens of thousands
    "hand",  # cards in hand (capped at 8; the seat not to move has half a draw coming)
    "center",  # machines in the center stack
    "deck",  # a deck close to empty (the ST-O1 loss), cards short of three
    "turn",  # it is my turn (+1) or theirs (-1)
)
zero_sum_features = True


def _side_terms(s: StampedeState, p: int) -> tuple[float, float, float, float, float]:
    """(speed, body, hand, center, deck shortfall) of seat ``p``: the terms of ``_side_value``."""
    F, D = s.field, s.card_of
    speed = body = 0.0
    base = p * 3
    for z in (0, 1, 2):
        u = F[base + z]
        if u < 0:
            continue
        d = D[u]
        if d.kind == MACHINE:
            body += (s.pow_of(u) + s.def_of(u)) / 10000.0
            if not d.guest and (not d.demi_guest or z == 1):
                speed += d.gear
            if d.dead_heat:
                speed += d.dead_heat * 0.5
        else:
            body += (d.hp - s.damage.get(u, 0)) / 10000.0
            if d.obstruction:
                body += 1.0
    hand = min(len(s.hands[p]) + (0.0 if p == s.active else 0.5), 8)
    short = max(0, 3 - len(s.decks[p]))
    return speed, body, hand, float(len(s.centers[p])), float(short)


def features(state: StampedeState, seat: int) -> list[float]:
    """The learned value's inputs for ``seat`` (see ``feature_names``); ``state`` is not over."""
    s = settled(state)
    opp = 1 - seat
    if s.over:  # the open windows end the game: the result, as strongly as the features can say it
        r = s.returns()[seat]
        return [2.0 * r, 1.0 * r, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    mine, theirs = _side_terms(s, seat), _side_terms(s, opp)
    return [
        (s.distance[opp] - s.distance[seat]) / 10.0,
        1.0 / max(1, s.distance[seat]) - 1.0 / max(1, s.distance[opp]),
        (mine[0] - theirs[0]) / 3.0,
        mine[1] - theirs[1],
        (mine[2] - theirs[2]) / 3.0,
        mine[3] - theirs[3],
        theirs[4] - mine[4],
        1.0 if s.active == seat else -1.0,
    ]


# The named levels (kansei.agents.levels; docs/bots.md "Levels"): budgets in iterations only, so a level
# plays the same on a loaded machine. The expert plays each of its 600 lines on from the new node with the
# greedy bot for 8 plies (a turn or two: the attacks and runs a move sets up, and the answers to them)
# and scores where they end with the evaluation against the root's own (``relative``), each new child
# primed with three visits of its one-ply value: 60.5% of 600 games against greedy (seeds 900 and 901,
# 2026-12-07, docs/bots.md "Stampede's expert, lines played a turn on") and 59% of 400 in its calibration,
# 60% of 1,000, 2 points under the clairvoyant ceiling's 62%, where the former expert
# (``mcts:iters=1000,depth=0,value=eval,relative=true,prior=3``) scored 55% of 760 and 52.5% of the same
# first 200. The search measured level with greedy at 300 and 1,000 iterations scored at a leaf (51% and
# 52% of 80), so the levels below it are the greedy bot with a random move 65%, 45% and 20% of the time,
# spaced by measurement (each beats the one below in 67-82% of 400 games).
# Not the expert: the search that plays each of 200 lines out to the end with the greedy bot
# ("mcts:iters=200,rollout=greedy,depth=end,prior=3"): 56% (51-61%) of 400 in a calibration with it as
# the expert (2026-12-06, docs/bots.md "Lines played to the end"), at twice this expert's cost a move.
# Ratings: kansei ladder GAME --levels --save-ratings.
levels = {
    "beginner": "greedy:noise=0.65",
    "casual": "greedy:noise=0.45",
    "club": "greedy:noise=0.2",
    "expert": "mcts:iters=600,rollout=greedy,depth=8,value=eval,relative=true,prior=3",
}
