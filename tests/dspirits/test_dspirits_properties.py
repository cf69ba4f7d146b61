"""Properties over random games: zone limits (DS-Z1), SP accounting (every change is a logged event, DS-B3),
unique D-Spirits in play, and no chain left unresolved once no one has a decision in it (DS-R4)."""

from __future__ import annotations

import random

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
