"""Bot hints for Touge: the evaluation used by the greedy bot and at MCTS leaves, and the preview the
menus show.

Both rest on one forecast (:func:`~.scoring.forecast`): the battle in progress played out as if both
racers passed now. While a battle is being built and tuned, a state is worth what that forecast gives
(the battle or race it decides, then the margin); between battles, the battles won, the margins so far
and what the new hand promises (never negative). So a move whose preview is worse than passing (a lower
margin, or a worse outcome) always evaluates below passing: the bot never delays a lost battle by hurting
itself (issue 11: greedy played ``tune-up Jump on tile 5 … [margin -1]``).
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from kansei.core.protocol import Action

from .rules import BUILD, NULLIFY, TUNE_PHASE
from .scoring import Forecast, forecast, standing
from .state import TougeState
from .table import ROAD, TUNE

WIN: Final = 1000.0
BATTLE: Final = 60.0
MARGIN: Final = 0.1  # per point of margin: far below one battle, so the outcome always comes first
ABILITY: Final = 0.8  # an ability not yet used
HAND: Final = 0.4  # per point a card in hand may still add, between battles

IN_PROGRESS: Final = (BUILD, TUNE_PHASE, NULLIFY)


class Preview(NamedTuple):
    """What an action changes in the forecast, for the seat to move."""

    margin: int  # change of (my total - the other's total)
    standing: int  # the forecast's standing after the action (see scoring.standing)
    before: int  # and before it

    def worse_than_passing(self) -> bool:
        return (self.standing, self.margin) < (self.before, 0)


def _margin(f: Forecast, seat: int) -> int:
    return f.totals[seat] - f.totals[1 - seat]


def preview(state: TougeState, action: Action) -> Preview | None:
    """How laying a road, playing a tune-up or switching on the ability changes the forecast of the
    battle for the seat to move (None for other actions: passing changes nothing)."""
    if action.kind not in ("road", "tune", "ability") or state.phase not in IN_PROGRESS:
        return None
    me = state.turn
    before = forecast(state)
    after_state = state.clone()
    after_state.advance(action)
    after = forecast(after_state)
    return Preview(_margin(after, me) - _margin(before, me), standing(after, me), standing(before, me))


def evaluate(state: TougeState, seat: int) -> float:
    """Value of ``state`` for ``seat`` (higher is better)."""
    return _evaluate(state, seat, None)


def evaluate_all(state: TougeState) -> list[float]:
    """Both seats' :func:`evaluate` at once, on one forecast of the battle in progress (what the search
    scores its leaves with: the same values, half the work)."""
    known = forecast(state) if not state.over and state.phase in IN_PROGRESS else None
    return [_evaluate(state, 0, known), _evaluate(state, 1, known)]


def battle_margins(state: TougeState, seat: int) -> int:
    """``seat``'s margin summed over every battle run so far (a loop: the search's leaves run it often)."""
    opp = 1 - seat
    margin = 0
    for b in state.battles:
        margin += b.scores[seat] - b.scores[opp]
    return margin


def _evaluate(state: TougeState, seat: int, known: Forecast | None) -> float:
    """:func:`evaluate`, with the forecast of the battle in progress when the caller has it already."""
    opp = 1 - seat
    margin = battle_margins(state, seat)
    if state.over:
        return WIN * state.returns()[seat] + MARGIN * margin
    v = ABILITY if not state.ability_used[seat] else 0.0
    if state.phase in IN_PROGRESS:  # no hand potential here: see the module's docstring
        f = known if known is not None else forecast(state)
        if f.race_over:  # as the finished race will be: the ability no longer counts
            v = 0.0 if f.race_winner is None else WIN if f.race_winner == seat else -WIN
        else:
            wins = list(state.wins)
            if f.winner is not None:
                wins[f.winner] += 1
            v += BATTLE * (wins[seat] - wins[opp])
        return v + MARGIN * (margin + _margin(f, seat))
    # between battles (redrawing): battles won, margins so far, and what the hand may add
    won = state.wins
    v += BATTLE * (won[seat] - won[opp]) + MARGIN * margin
    game = state.game
    cards = game.table.cards
    cars = state.cars
    direction = state.direction
    me = cards[cars[seat]].mult[direction]
    them = cards[cars[opp]].mult[direction]
    building = not (game.sudden and state.battle > 1)  # Sudden Death builds its course once
    pot = 0.0
    for c in state.hands[seat]:
        d = cards[c]
        if d.kind == ROAD:
            if building:
                gain = d.value[direction] * (me[d.rtype] - them[d.rtype])
                if gain > 0:  # a road that would score no better than the other's adds nothing
                    pot += gain
        elif d.kind == TUNE:
            pot += 2.0
    return v + HAND * MARGIN * pot


# ------------------------------------------------------------------------------------------------
# Features of the learned value (kansei.agents.learned, ``kansei train touge``): what a position is worth
# as a chance of winning the race, fitted on self-play. Each is "mine less the other's", so the value of a
# two-seat position for one seat is minus the other's.
# ------------------------------------------------------------------------------------------------
feature_names = (
    "wins",  # battles won so far
    "battle",  # the battle in progress as forecast (+1 mine, -1 theirs), 0 between battles
    "race",  # the race as forecast, where the forecast battle ends it
    "margin",  # forecast margin of the battle in progress, in tens of points (between battles: 0)
    "close",  # the same margin squashed (a lead of 1 point is fragile, of 15 is not)
    "tuning",  # the forecast battle while tuning (the course is built: the forecast is near final)
    "past",  # the margins of the battles run, in tens of points
    "ability",  # an ability not yet used
    "roads",  # what the roads in hand could still add to the margin (building), in tens of points
    "tunes",  # tune-ups in hand
    "hand",  # between battles: what the new hand promises, in tens of points
)
zero_sum_features = True


def _road_potential(state: TougeState, p: int) -> float:
    cards = state.game.table.cards
    cars = state.cars
    direction = state.direction  # read once: compiled, each read of the state's field is a look-up
    me = cards[cars[p]].mult[direction]
    them = cards[cars[1 - p]].mult[direction]
    pot = 0.0
    for c in state.hands[p]:
        d = cards[c]
        if d.kind == ROAD:
            gain = d.value[direction] * (me[d.rtype] - them[d.rtype])
            if gain > 0:  # a road that would score no better than the other's adds nothing
                pot += gain
    return pot


def learned_inputs(state: TougeState, seat: int) -> list[float]:
    """What kansei.agents.learned computes as ``[relative evaluation, *features]``, with one forecast."""
    f = forecast(state) if state.phase in IN_PROGRESS else None
    relative = 0.5 * (_evaluate(state, seat, f) - _evaluate(state, 1 - seat, f))
    return [relative, *_features(state, seat, f)]


def features(state: TougeState, seat: int) -> list[float]:
    """The learned value's inputs for ``seat`` (see ``feature_names``); ``state`` is not over."""
    return _features(state, seat, forecast(state) if state.phase in IN_PROGRESS else None)


def _features(state: TougeState, seat: int, f: Forecast | None) -> list[float]:
    opp = 1 - seat
    cards = state.game.table.cards
    past = battle_margins(state, seat)
    battle = race = margin = close = tuning = roads = hand = 0.0
    if f is not None:
        m = _margin(f, seat)
        battle = 0.0 if f.winner is None else 1.0 if f.winner == seat else -1.0
        if f.race_over:
            race = 0.0 if f.race_winner is None else 1.0 if f.race_winner == seat else -1.0
        margin = m / 10.0
        close = math.tanh(m / 4.0)
        if state.phase != BUILD:
            tuning = battle
        else:
            roads = (_road_potential(state, seat) - _road_potential(state, opp)) / 10.0
    else:
        building = not (state.game.sudden and state.battle > 1)
        if building:
            hand = (_road_potential(state, seat) - _road_potential(state, opp)) / 10.0
    hands = state.hands
    tunes = 0  # tune-ups in hand, mine less the other's
    for c in hands[seat]:
        if cards[c].kind == TUNE:
            tunes += 1
    for c in hands[opp]:
        if cards[c].kind == TUNE:
            tunes -= 1
    used = state.ability_used
    ability = float(not used[seat]) - float(not used[opp])
    wins = state.wins
    return [
        float(wins[seat] - wins[opp]),
        battle,
        race,
        margin,
        close,
        tuning,
        past / 10.0,
        ability,
        roads,
        float(tunes),
        hand,
    ]


# The named levels (kansei.agents.levels; docs/bots.md "Levels"): budgets in iterations only, so a level
# plays the same on a loaded machine; the learned value scores the new node (depth=0) and primes each new
# child with three visits of its one-ply value. Spaced by measurement (80 games a pairing, 2026-12-03): the
# expert is about 70 Elo over greedy and 300 iterations only 26, so the levels below it are the greedy bot
# with a random move 85%, 50% and 12% of the time: each beats the one below in 64-72% of 80 races.
# Ratings: kansei ladder GAME --levels --save-ratings.
levels = {
    "beginner": "greedy:noise=0.85",
    "casual": "greedy:noise=0.5",
    "club": "greedy:noise=0.12",
    "expert": "mcts:iters=1000,depth=0,value=learned,prior=3",
}
