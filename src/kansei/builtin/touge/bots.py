"""Bot hints for Touge: the evaluation used by the greedy bot and at MCTS leaves, and the margin preview
the menus show."""

from __future__ import annotations

from kansei.core.protocol import Action

from .rules import TUNE_PHASE, TougeState
from .scoring import projected, tile_scores

WIN = 1000.0
BATTLE = 60.0


def preview(state: TougeState, action: Action) -> int | None:
    """How laying a road, playing a tune-up or switching on the ability changes the projected margin of
    this run for the seat to move (None for other actions)."""
    if action.kind not in ("road", "tune", "ability"):
        return None
    me = state.turn
    before = projected(state)
    after_state = state.clone()
    after_state.advance(action)
    if after_state.phase != state.phase:
        return None
    after = projected(after_state)
    return (after[me] - after[1 - me]) - (before[me] - before[1 - me])


def evaluate(state: TougeState, seat: int) -> float:
    """Value of ``state`` for ``seat``: race result, battle wins, the course as it scores now, and what
    the hand could still add (at a discount, so playing a good card beats holding it)."""
    if state.over:
        return WIN * state.returns()[seat]
    opp = 1 - seat
    v = BATTLE * (state.wins[seat] - state.wins[opp])
    if state.course:
        scores = tile_scores(state, state.direction)
        v += sum(s[seat] - s[opp] for s in scores)
    v += state.totals[seat] - state.totals[opp]
    cards = state.game.table.cards
    me = cards[state.cars[seat]].mult[state.direction]
    them = cards[state.cars[opp]].mult[state.direction]
    pot = 0.0
    for c in state.hands[seat]:
        d = cards[c]
        if d.kind == "road":
            if state.phase != TUNE_PHASE:
                pot += max(0, d.value[state.direction] * (me[d.rtype] - them[d.rtype]))
        elif d.kind == "tune":
            pot += 2.0
    if not state.ability_used[seat]:
        pot += 2.0
    return v + 0.4 * pot
