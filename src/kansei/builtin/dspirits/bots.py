"""Bot hints for D-Spirits: the evaluation used by the greedy bot and at MCTS leaves.

Value in SP units for ``seat``: the SP difference, board power (Attack power and Endurance of the D-Spirits in
play, less what their statuses cost), cards in hand, the Realm's favour, and match wins. A state with an
open chain or bidding is first *projected*: everyone passes (a defender endures when it may), so an action
is judged by what it leads to, not by the half-resolved chain it opens.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from .battle import ENDURE_ACT
from .cards import SPIRIT
from .rules import RulesState
from .state import ATTACK_STANCE, PASS

if TYPE_CHECKING:  # pragma: no cover
    from .duel import Duel

WIN: Final = 100000.0
MATCH_GAME: Final = 20000.0
HAND_CARD: Final = 140.0
ATTACK_W: Final = 0.55
ENDURING_ATTACK_W: Final = ATTACK_W * 0.6  # a D-Spirit in Endure stance (DS-G4)
ENDURE_W: Final = 0.25


def project(state: Duel, limit: int = 12) -> Duel:
    """The state after every open window and bidding resolves with passes (a copy if anything changes)."""
    s = state
    for _ in range(limit):
        d = s.duel
        if d.over:
            break
        frames = d.wnd.frames
        waiting = bool(frames) and not frames[-1].resolving  # a window waits for a decision
        if not waiting and d.bid is None:
            break
        if s is state:
            s = state.clone()
        kind = frames[-1].kind if waiting else "bid"
        if kind == "endure":
            s.advance(ENDURE_ACT)
        elif kind == "target":
            s.advance(s.legal_actions()[0])
        else:
            s.advance(PASS)
    return s


def evaluate(state: Duel, seat: int) -> float:
    s = project(state)
    d = s.duel
    return _evaluate(d, seat, None if d.over else _sides(d))


def evaluate_all(state: Duel) -> list[float]:
    """Both seats' :func:`evaluate` at once, on one projection of the open chain or bidding and one look
    at each side (what the search scores its leaves with: the same values, less work)."""
    d = project(state).duel
    sides = None if d.over else _sides(d)
    return [_evaluate(d, 0, sides), _evaluate(d, 1, sides)]


Sides = tuple[tuple[float, float], tuple[list[float], list[float]]]


def _sides(s: RulesState) -> Sides:
    """Each side's value in SP units: SP, its D-Spirits (Battle Scene and Support Zone) and its hand; and
    what the Realm adds to each of its D-Spirits on the Battle Scene (none without one)."""
    turn = s.turn
    realm = s.realm is not None
    after_spirits = s.table.after_spirits
    value = [0.0, 0.0]
    favour: tuple[list[float], list[float]] = ([], [])
    for p in (0, 1):
        v = float(s.sp[p])
        scene, parked = s.scene[p], s.parked[p]
        if scene:
            # each D-Spirit's numbers by its index (zip(strict=True) costs more than the rest of the loop)
            for i, (a, e) in enumerate(s.numbers_of(p, scene)):
                u = scene[i]
                v += (ATTACK_W if u.stance == ATTACK_STANCE else ENDURING_ATTACK_W) * a + ENDURE_W * e
                if u.frozen_until and s.is_frozen(u):
                    v -= 0.3 * a
                if u.charged_turn > turn:
                    v += 0.5 * a
                if u.poison:
                    v -= 3.0 * u.poison
                if realm:  # a Realm is worth what the auras add to each side's D-Spirits
                    more_attack, more_endurance = s.auras_on(p, u.card)
                    favour[p].append(0.3 * (more_attack + more_endurance))
        if parked:
            for i, (a, e) in enumerate(s.numbers_of(p, parked)):
                u = parked[i]
                v += 0.25 * a + 0.2 * e
                if u.shifted:
                    v -= 100
                if u.poison:
                    v -= 3.0 * u.poison
        hand = s.hand[p]
        v += HAND_CARD * len(hand)
        v += 40.0 * bisect_left(hand, after_spirits)  # D-Spirits in hand (see hand_spirit_count)
        v += 120.0 * len(s.support_cards[p])
        value[p] = v
    return (value[0], value[1]), favour


def _evaluate(s: RulesState, seat: int, sides: Sides | None) -> float:
    """:func:`evaluate` of the projected state's record ``s``, given :func:`_sides` (None when it is
    over)."""
    if sides is None:
        win = s.win
        r = 0.0 if win is None else 1.0 if win == seat else -1.0  # DuelState.returns
        return WIN * r + (s.sp[seat] - s.sp[1 - seat]) * 0.01
    opp = 1 - seat
    value, favour = sides
    v = value[seat] - value[opp]
    if s.game.options.match:
        v += MATCH_GAME * (s.match_wins[seat] - s.match_wins[opp])
    for x in favour[seat]:
        v += x
    for x in favour[opp]:
        v -= x
    return v


# ------------------------------------------------------------------------------------------------
# Features of the learned value (kansei.agents.learned, ``kansei train dspirits``), each "mine less the
# other's", on the position once open chains and bidding resolve with passes (``project``).
# ------------------------------------------------------------------------------------------------
feature_names = (
    "sp",  # SP, in thousands
    "low",  # SP close to zero (the loss): the squashed shortfall below 1500 SP
    "attack",  # Attack power on the Battle Scene (a frozen D-Spirit's counted at 0.7), in thousands
    "endure",  # Endurance on the Battle Scene, in thousands
    "spirits",  # D-Spirits on the Battle Scene
    "parked",  # D-Spirits in the Support Zone
    "hand",  # cards in hand
    "hand_spirits",  # D-Spirits among them
    "support",  # support cards in play
    "match",  # games won in a match
    "turn",  # it is my turn (+1) or theirs (-1)
)
zero_sum_features = True


def _terms(s: RulesState, p: int) -> list[float]:
    kind = s.table.kind
    attack = endure = 0.0
    for u in s.scene[p]:
        a = s.attack_of(p, u)
        attack += a * (0.7 if s.is_frozen(u) else 1.0) * (1.0 if u.stance == ATTACK_STANCE else 0.6)
        endure += s.endurance_of(p, u)
    hand = s.hand[p]
    sp = float(s.sp[p])
    return [
        sp / 1000.0,
        math.tanh(max(0.0, 1500.0 - sp) / 1000.0),
        attack / 1000.0,
        endure / 1000.0,
        float(len(s.scene[p])),
        float(len(s.parked[p])),
        float(len(hand)),
        float(sum(1 for h in hand if kind[h.card] == SPIRIT)),
        float(len(s.support_cards[p])),
        float(s.match_wins[p]) if s.game.options.match else 0.0,
    ]


def features(state: Duel, seat: int) -> list[float]:
    """The learned value's inputs for ``seat`` (see ``feature_names``); ``state`` is not over."""
    s = project(state)
    if s.is_over:
        r = s.returns()[seat]
        return [3.0 * r, -2.0 * r] + [0.0] * 9
    mine, theirs = _terms(s.duel, seat), _terms(s.duel, 1 - seat)
    out = [m - t for m, t in zip(mine, theirs, strict=True)]
    out[1] = -out[1]  # less shortfall is better: "theirs less mine"
    out.append(1.0 if s.duel.active == seat else -1.0)
    return out


# The named levels (kansei.agents.levels; docs/bots.md "Levels"): budgets in iterations only, so a level
# plays the same on a loaded machine. The expert searches 200 lines a move and plays each out to the end of
# the game with the greedy bot for both seats (``rollout=greedy,depth=end``): a D-Spirits game turns on
# battles several turns away that a one-ply evaluation cannot see, and a played-out line can. Calibrated
# (kansei ladder dspirits --levels --games 400 --seed 0, 2026-12-06): 89% (86-92%) of 400 games against
# greedy, 60% (55-64%) against the club, which is the former expert (1,000 lines, each new node scored with
# the evaluation against the root's, ``relative``, each new child primed with three visits of its one-ply
# value: 70% against greedy). The levels under it moved up one step: the club beats casual (the greedy bot)
# in 68%, casual the beginner (greedy with a random move four times in ten) in 77%.
# Ratings: kansei ladder GAME --levels --save-ratings.
levels = {
    "beginner": "greedy:noise=0.4",
    "casual": "greedy",
    "club": "mcts:iters=1000,depth=0,value=eval,relative=true,prior=3",
    "expert": "mcts:iters=200,rollout=greedy,depth=end,prior=3",
}
