"""Properties over random games: zone limits (DS-Z1), SP accounting (every change is a logged event, DS-B3),
unique D-Spirits in play, and no chain left unresolved once no one has a decision in it (DS-R4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kansei
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
