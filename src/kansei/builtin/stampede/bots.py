"""Bot hints for Card Race Stampede: the evaluation used by the greedy bot and at MCTS leaves."""

from __future__ import annotations

from .cards import MACHINE
from .responses import PASS
from .rules import StampedeState
from .state import KEEPER_WINDOWS, RESPONSE_WINDOWS

SETTLE_STEPS = 12  # passes played at most to see a declared attack or run resolve

WIN = 1000.0
DISTANCE = 12.0  # one step of remaining distance
SPEED = 3.0  # a gear that can run next turn
BODY = 0.4  # per 1000 POW+DEF on the field
CARD = 1.5  # a card in hand
HEIGHT = 1.0  # a machine in the center stack (protection, ST-F2)


def _side_value(s: StampedeState, p: int) -> float:
    F, D = s.field, s.card_of
    v = 0.0
    base = p * 3
    for z in (0, 1, 2):
        u = F[base + z]
        if u < 0:
            continue
        d = D[u]
        if d.kind == MACHINE:
            v += BODY * (s.pow_of(u) + s.def_of(u)) / 1000.0
            if not d.guest and (not d.demi_guest or z == 1):
                v += SPEED * d.gear
            if d.dead_heat:
                v += SPEED * d.dead_heat * 0.5
        else:
            v += BODY * (d.hp - s.damage.get(u, 0)) / 1000.0
            if d.obstruction:
                v += 4.0
    v += HEIGHT * len(s.centers[p])
    # a card in hand; the seat whose turn it is not has half a draw coming, so ending a turn (the other
    # seat draws) is neither a loss nor a gain in cards
    v += CARD * min(len(s.hands[p]) + (0.0 if p == s.active else 0.5), 8)
    if len(s.decks[p]) < 3:
        v -= 6.0 * (3 - len(s.decks[p]))
    return v


def settled(state: StampedeState) -> StampedeState:
    """The state once the open response windows resolve with every seat passing: what a declared attack
    or run leads to if nobody answers (a seat holding cards is asked, so a window stops the game until
    it passes). ``state`` itself when no window is open."""
    windows = state.windows
    if not windows.frames or windows.kind not in RESPONSE_WINDOWS and windows.kind not in KEEPER_WINDOWS:
        return state
    s = state.clone()
    for _ in range(SETTLE_STEPS):
        if s.over or not s.windows.frames or s.windows.kind not in RESPONSE_WINDOWS + KEEPER_WINDOWS:
            break
        s.advance(PASS)
    return s


def evaluate(state: StampedeState, seat: int) -> float:
    """Value of ``state`` for ``seat`` once open windows are passed: the result, the distances, what each
    side could run and field."""
    state = settled(state)
    if state.over:
        return WIN * state.returns()[seat]
    opp = 1 - seat
    v = DISTANCE * (state.distance[opp] - state.distance[seat])
    # closer to the goal weighs more: the last steps win the race
    v += 40.0 / max(1, state.distance[seat]) - 40.0 / max(1, state.distance[opp])
    v += _side_value(state, seat) - _side_value(state, opp)
    return v
