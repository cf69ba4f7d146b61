"""Core invariants over many random games, for every registered game and configuration.

- every action from ``legal_actions()`` is accepted; anything else is refused with the state unchanged;
- cards are never created or lost (``census()``);
- ``view(seat)`` shows nothing that seat cannot know: it is identical after ``determinize(seat)``;
- replays are deterministic: the same seed and actions give the same ``reveal()``;
- every game ends.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import IllegalAction

MAX_STEPS = 5000
BOGUS = kansei.Action("definitely-not-an-action", "bogus")


def snapshot(state) -> str:
    return json.dumps(state.reveal(), sort_keys=True, default=str) + str(len(state.events))


def play_random(game, seed, players, check_every=1, checks=True):
    state = game.start(seed=seed, players=players)
    rng = random.Random(seed)
    base = state.census()
    notations = []
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty before the game is over"
        assert state.to_move is not None
        if checks and steps % check_every == 0:
            before = snapshot(state)
            try:
                state.apply(BOGUS)
            except IllegalAction as e:
                assert str(e)
            else:
                raise AssertionError("a bogus action was accepted")
            assert snapshot(state) == before, "a refused action changed the state"
            for seat in range(players):
                v = state.view(seat)
                json.dumps(v)  # JSON-safe
                d = state.determinize(seat, random.Random(steps))
                assert d.view(seat) == v, f"view({seat}) depends on what seat {seat} cannot see"
                assert d.legal_actions() == legal or state.to_move != seat
        a = rng.choice(legal)
        notations.append(a.notation)
        state.apply(a)
        steps += 1
        if base is not None and checks:
            assert state.census() == base, "cards were created or lost"
        assert steps < MAX_STEPS, "game did not end"
    assert state.to_move is None and state.legal_actions() == []
    r = state.returns()
    assert len(r) == players
    return state, notations


def test_random_games_keep_invariants(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    for seed in range(6):
        play_random(game, seed, n, check_every=3)


def test_many_games_end(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    for seed in range(100, 160):
        play_random(game, seed, n, checks=False)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1))
def test_replays_are_deterministic(config, seed):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    a, notes = play_random(game, seed, n, checks=False)
    b = kansei.load(gid, **opts).start(seed=seed, players=n)
    for text in notes:
        b.apply(text)  # by notation, as a replay file does
    assert json.dumps(a.reveal(), sort_keys=True) == json.dumps(b.reveal(), sort_keys=True)
    assert a.events == b.events


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 60))
def test_clone_is_independent(config, seed, steps):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    s = game.start(seed=seed, players=n)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    before = snapshot(s)
    c = s.clone()
    assert snapshot(c) == before
    while not c.is_over:
        c.apply(rng.choice(c.legal_actions()))
    assert snapshot(s) == before, "playing a clone changed the original"


def test_determinize_changes_only_hidden_information(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    s = game.start(seed=3, players=n)
    rng = random.Random(0)
    for _ in range(5):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(n):
        d = s.determinize(seat, random.Random(1))
        assert d.view(seat) == s.view(seat)
        assert d.census() == s.census()
        # the copy plays on to the end on its own
        while not d.is_over:
            d.apply(rng.choice(d.legal_actions()))


def test_out_of_turn_and_garbage_notation_refused(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    s = game.start(seed=11, players=n)
    before = snapshot(s)
    for text in ("", "xyzzy 99", "pass pass pass", "🙂"):
        try:
            s.apply(text)
        except IllegalAction as e:
            assert "\n" not in str(e)
        else:
            raise AssertionError(f"{text!r} was accepted")
    assert snapshot(s) == before
