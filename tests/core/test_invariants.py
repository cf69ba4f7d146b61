"""Core invariants over many random games, for every registered game and configuration.

- every action from ``legal_actions()`` is accepted; anything else is refused with the state unchanged;
- cards are never created or lost (``census()``);
- ``view(seat)`` and ``events_for(seat)`` show nothing that seat cannot know: they are identical in
  ``determinize(seat)``, a world where everything hidden from the seat was resampled;
- replays are deterministic: the same seed and actions give the same ``reveal()`` and event log;
- every game ends.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import IllegalAction
from kansei.testing import play_random

BOGUS = kansei.Action("definitely-not-an-action", "bogus")


def snapshot(state: kansei.State) -> str:
    return json.dumps(state.reveal(), sort_keys=True, default=str) + str(state.event_log())


def check_step(state: kansei.State, step: int) -> None:
    """Every invariant that holds before any action."""
    legal = state.legal_actions()
    assert isinstance(legal, tuple) and legal and state.to_move is not None
    before = snapshot(state)
    try:
        state.apply(BOGUS)
    except IllegalAction as e:
        assert str(e) and "\n" not in str(e)
    else:
        raise AssertionError("a bogus action was accepted")
    assert snapshot(state) == before, "a refused action changed the state"
    for seat in [*range(state.players), None]:
        v = state.view(seat)
        json.dumps(v)  # JSON-safe
        mine = state.events_for(seat)
        json.dumps(mine)
        world = state.determinize(seat, random.Random(step))
        assert world.view(seat) == v, f"view({seat}) depends on what seat {seat} cannot see"
        assert world.events_for(seat) == mine, f"a determinized world for {seat} keeps events it cannot see"
        assert world.census() == state.census()
        if state.to_move == seat:
            assert world.legal_actions() == legal
    # every public event is seen by every seat and the spectator; a private one by its seat only
    log = state.event_log()
    for seat in [*range(state.players), None]:
        assert state.events_for(seat) == [e for who, e in log if who is None or who == seat]
    assert snapshot(state) == before, "looking at the state changed it"


def test_random_games_keep_invariants(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    for seed in range(4):
        base = game.start(seed=seed, players=n).census()

        def on_step(state: kansei.State, step: int, base: object = base) -> None:
            assert state.census() == base, "cards were created or lost"
            if step % 5 == 0:
                check_step(state, step)

        state, _ = play_random(game, seed, n, on_step=on_step)
        assert state.to_move is None and state.legal_actions() == ()
        assert len(state.returns()) == n


def test_many_games_end(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    for seed in range(100, 150):
        state, _ = play_random(game, seed, n)
        assert state.is_over and len(state.returns()) == n


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1))
def test_replays_are_deterministic(config, seed):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    a, notes = play_random(game, seed, n)
    b = kansei.load(gid, **opts).start(seed=seed, players=n)
    for text in notes:
        b.apply(text)  # by notation, as a replay file does
    assert json.dumps(a.reveal(), sort_keys=True) == json.dumps(b.reveal(), sort_keys=True)
    assert a.event_log() == b.event_log()


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
    if not s.is_over:  # and the original plays on, its log detached from the clone's
        s.apply(s.legal_actions()[0])
        assert len(s.event_log()) >= len(json.loads(json.dumps(s.event_log())))


def test_determinized_worlds_play_on(config):
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
        while not d.is_over:  # the copy plays on to the end on its own
            d.apply(rng.choice(d.legal_actions()))


def test_out_of_turn_and_garbage_refused(config):
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    s = game.start(seed=11, players=n)
    before = snapshot(s)
    mover = s.to_move
    legal = s.legal_actions()
    for bad in ("", "xyzzy 99", "pass pass pass", "🙂", "x" * 100_000, None, 3, b"pass", 1.5, [legal[0]]):
        try:
            s.apply(bad)  # type: ignore[arg-type]
        except IllegalAction as e:
            assert "\n" not in str(e) and len(str(e)) < 300
        else:
            raise AssertionError(f"{bad!r} was accepted")
    other = next(q for q in range(n) if q != mover)
    try:
        s.apply(legal[0], seat=other)
    except IllegalAction as e:
        assert str(e) == f"seat {other}: it is not your turn (seat {mover} is to move)"
    else:
        raise AssertionError("an action from a seat not to move was accepted")
    assert snapshot(s) == before


def test_forged_actions_apply_the_engines_own(config):
    """An Action object is matched by notation only: the engine applies its own action, never the caller's
    kind and args; the returned legal list cannot be changed."""
    gid, opts, n = config
    game = kansei.load(gid, **opts)
    a = game.start(seed=5, players=n)
    b = game.start(seed=5, players=n)
    legal = a.legal_actions()
    forged = kansei.Action(legal[-1].notation, "forged", ("nonsense", 10**9))
    a.apply(forged)
    b.apply(legal[-1])
    assert snapshot(a) == snapshot(b)
    try:
        legal[0].kind = "x"  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("an action could be changed")
