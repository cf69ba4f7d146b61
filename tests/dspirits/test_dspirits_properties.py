"""Properties over random games: zone limits (DS-Z1), SP accounting (every change is a logged event, DS-B3),
unique D-Spirits in play, and no chain left unresolved once no one has a decision in it (DS-R4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kansei
from kansei.builtin.dspirits.cards import SPIRIT
from kansei.builtin.dspirits.state import BATTLE_SCENE_MAX, SUPPORT_SPIRITS_MAX
from kansei.testing import all_events, play_random

OPTIONS = [{}, {"old_rules": True, "first_turn_attack": True}, {"match": True, "starting_sp": 2000}]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), which=st.integers(0, len(OPTIONS) - 1))
def test_random_games_keep_dspirits_invariants(seed, which):
    game = kansei.load("dspirits", **OPTIONS[which])
    s = game.start(seed=seed)
    rng = random.Random(seed)
    game_no = s.game_no
    while not s.is_over:
        sp_before = list(s.sp)
        n = len(all_events(s))
        s.apply(rng.choice(s.legal_actions()))
        if s.game_no != game_no:  # a new game of the match resets SP
            game_no = s.game_no
            continue
        delta = [0, 0]
        for e in all_events(s)[n:]:
            if e["type"] == "sp":
                delta[e["seat"]] += e["delta"]
        assert [sp_before[p] + delta[p] for p in (0, 1)] == s.sp  # DS-B3: SP moves only through events
        uids = []
        for p in (0, 1):
            assert len(s.scene[p]) <= BATTLE_SCENE_MAX  # DS-Z1
            assert len(s.parked[p]) <= SUPPORT_SPIRITS_MAX
            uids += [u.uid for u in s.scene[p] + s.parked[p]]
            if not s.is_over and s.phase != "side":
                assert s.sp[p] > 0  # DS-G1: the game ends at 0 SP
        assert len(uids) == len(set(uids))
        if s.wnd.priority is None and s.bid is None and not s.is_over:
            assert not s.wnd.items  # DS-R4: a chain never lingers unresolved


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), which=st.integers(0, len(OPTIONS) - 1))
def test_remembered_labels_follow_the_field(seed, which):
    """The labels naming D-Spirits in play are remembered until the field changes: at every step of random
    games (clones and determinized worlds included) they equal labels computed afresh."""
    game = kansei.load("dspirits", **OPTIONS[which])

    def check(state, step):
        for s in (state, state.clone(), state.determinize(state.to_move, random.Random(step))):
            assert [s.labels(p) for p in (0, 1)] == [s.fresh_labels(p) for p in (0, 1)]

    play_random(game, seed % 1000, on_step=check)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), which=st.integers(0, len(OPTIONS) - 1))
def test_evaluate_all_is_each_seats_evaluation(seed, which):
    """The search's ``evaluate_all`` gives exactly ``evaluate`` of each seat (one projection of the open
    chain or bidding instead of two), at every step of random games, Realms and open windows included."""
    from kansei.builtin.dspirits.bots import evaluate, evaluate_all

    game = kansei.load("dspirits", **OPTIONS[which])

    def check(state, step):
        assert evaluate_all(state) == [evaluate(state, 0), evaluate(state, 1)]

    play_random(game, seed % 1000, on_step=check)


def _aura(s, p, cid, stat):
    """What the auras in force add to ``stat`` (0: attack) of ``p``'s card ``cid``, summed from scratch."""
    out = 0
    for owner, side, bit, st_, amount in s.auras:
        if st_ == stat and (not bit or s.table.types[cid] & bit):
            if side == "all" or (side == "own") == (owner == p):
                out += amount
    return out


def _numbers(s, p, u):
    """A D-Spirit's Attack power and Endurance the plain way: printed + modifiers + auras, the attack
    doubled while Super Charged (DS-X7), neither below 0."""
    attack = s.table.atk[u.card] + u.attack_bonus + _aura(s, p, u.card, 0)
    endurance = s.table.endu[u.card] + u.endurance_bonus + _aura(s, p, u.card, 1)
    if u.modified_on == s.turn:
        attack += u.turn_attack
        endurance += u.turn_endurance
    if u.charged_turn == s.turn and s.turn:
        attack *= 2
    return max(attack, 0), max(endurance, 0)


def _plain_evaluation(state, seat):
    """The bots' evaluation (bots.py's module doc) written out term by term, in the order its sums are
    taken, so that a faster evaluation must give these very floats."""
    from kansei.builtin.dspirits import bots

    s = bots.project(state)
    if s.over:
        return bots.WIN * s.returns()[seat] + (s.sp[seat] - s.sp[1 - seat]) * 0.01
    value = []
    for p in (0, 1):
        v = float(s.sp[p])
        for u in s.scene[p]:
            a, e = _numbers(s, p, u)
            w = bots.ATTACK_W if u.stance == 0 else bots.ATTACK_W * 0.6
            v += w * a + bots.ENDURE_W * e
            if s.is_frozen(u):
                v -= 0.3 * a
            if u.charged_turn > s.turn:
                v += 0.5 * a
            v -= 3.0 * u.poison
        for u in s.parked[p]:
            a, e = _numbers(s, p, u)
            v += 0.25 * a + 0.2 * e
            if u.shifted:
                v -= 100
            v -= 3.0 * u.poison
        v += bots.HAND_CARD * len(s.hand[p])
        v += 40.0 * sum(1 for h in s.hand[p] if s.table.kind[h.card] == SPIRIT)
        v += 120.0 * len(s.support_cards[p])
        value.append(v)
    v = value[seat] - value[1 - seat]
    if s.game.options.match:
        v += bots.MATCH_GAME * (s.match_wins[seat] - s.match_wins[1 - seat])
    if s.realm is not None:  # what the auras in force add to each side's D-Spirits on the Battle Scene
        for p, sign in ((seat, 1), (1 - seat, -1)):
            for u in s.scene[p]:
                v += sign * 0.3 * (_aura(s, p, u.card, 0) + _aura(s, p, u.card, 1))
    return v


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), which=st.integers(0, len(OPTIONS) - 1))
def test_the_evaluation_is_its_plain_sum(seed, which):
    """The evaluation's fast path (one look at the auras per D-Spirit, both stats at once) gives exactly
    the floats of the evaluation written out term by term, and every D-Spirit its plain numbers, at every
    step of random games: Realms, lasting signals, statuses and Super Charges included."""
    from kansei.builtin.dspirits.bots import evaluate

    game = kansei.load("dspirits", **OPTIONS[which])

    def check(state, step):
        for seat in (0, 1):
            assert evaluate(state, seat) == _plain_evaluation(state, seat)
        for p in (0, 1):
            for u in state.scene[p] + state.parked[p]:
                assert state.numbers(p, u) == _numbers(state, p, u)
                assert (state.attack_of(p, u), state.endurance_of(p, u)) == _numbers(state, p, u)

    play_random(game, seed % 1000, on_step=check)


@pytest.mark.parametrize("which", range(len(OPTIONS)))
def test_a_pickled_state_plays_on_alike(which):
    """What the hot path remembers or reads by identity (interned cards in hand, the sums of the auras in
    force) holds after a pickle: a state pickled again and again along a random game, whose hands mix
    unpickled copies of cards with cards drawn since, offers the same actions and gives its D-Spirits the
    same numbers as the game played without pickles, at every step."""
    import pickle

    game = kansei.load("dspirits", **OPTIONS[which])
    for seed in range(1, 31):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        back = s
        step = 0
        while not s.is_over:
            if step % 7 == 0:
                back = pickle.loads(pickle.dumps(back))
                assert not back.aura_sums  # a memo: it pickles empty
            assert [a.notation for a in back.legal_actions()] == [a.notation for a in s.legal_actions()]
            for p in (0, 1):
                for u, v in zip(s.scene[p], back.scene[p], strict=True):
                    assert back.attack_of(p, v) == s.attack_of(p, u)
                    assert back.endurance_of(p, v) == s.endurance_of(p, u)
            action = rng.choice(s.legal_actions())
            s.apply(action)
            back.apply(action.notation)
            step += 1
