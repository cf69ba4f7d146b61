"""Positions that save (issue 21): OpenSpiel states and games serialize, pickle and deep-copy in both chance
modes and restore bit for bit; explicit chance; seeds that no query shifts; bad saved text is one line."""

from __future__ import annotations

import base64
import copy
import pickle

import numpy as np
import pyspiel
import pytest

import kansei
from kansei.interop import gymnasium as kgym
from kansei.interop import openspiel as kos
from kansei.interop import pettingzoo as kpz


def _walk(state: pyspiel.State, steps: int, rng: np.random.Generator) -> pyspiel.State:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _same(a: pyspiel.State, b: pyspiel.State, players: int) -> None:
    assert str(a) == str(b)
    assert a.history() == b.history() and a.move_number() == b.move_number()
    assert a.current_player() == b.current_player()
    assert a.legal_actions() == b.legal_actions()
    if a.is_chance_node():
        assert a.chance_outcomes() == b.chance_outcomes()
        return
    for p in range(players):
        assert a.observation_tensor(p) == b.observation_tensor(p)
        assert a.information_state_tensor(p) == b.information_state_tensor(p)
        assert a.information_state_string(p) == b.information_state_string(p)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_saved_position_restores_bit_for_bit(config, chance):
    """serialize/deserialize_state, pickle and deepcopy give the same observations, legal actions and
    future (the same actions from both copies lead to the same states), in every game."""
    gid, n = config
    game = kos.load(gid, players=n, chance=chance)
    state = _walk(game.new_initial_state(), 25, np.random.default_rng(1))
    copies = [
        game.deserialize_state(state.serialize()),
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(game)).deserialize_state(state.serialize()),
    ]
    for other in copies:
        _same(state, other, n)
    futures = [_walk(s, 30, np.random.default_rng(2)) for s in [state, *copies]]
    for other in futures[1:]:
        _same(futures[0], other, n)


def test_random_sim_test_serializes_with_explicit_chance(config):
    """OpenSpiel's own check, serialize=True, passes for every game in the explicit-chance form (the
    sampled form cannot: OpenSpiel's C++ serializer asks a sampled game for GetRNGState, which a Python
    game cannot provide; Python callers serialize sampled states as above)."""
    gid, n = config
    game = kos.load(gid, players=n, chance="explicit")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_pickled_game_continues_its_episodes():
    gid = kansei.games()[0]
    game = kos.load(gid, rng_seed=4)
    game.new_initial_state().legal_actions()  # one episode drawn
    copy_ = pickle.loads(pickle.dumps(game))
    assert str(game.new_initial_state()) == str(copy_.new_initial_state())


def test_serialize_game_and_state_in_both_modes(capfd):
    """kansei's serialize_game_and_state writes OpenSpiel's layout for sampled games too (OpenSpiel's own
    asks for GetRNGState); pyspiel.deserialize_game_and_state reads it; nothing on stderr."""
    gid = kansei.games()[0]
    for chance in ("sampled", "explicit"):
        game = kos.load(gid, chance=chance)
        state = _walk(game.new_initial_state(), 20, np.random.default_rng(0))
        g2, s2 = pyspiel.deserialize_game_and_state(kos.serialize_game_and_state(game, state))
        assert str(g2) == str(game) and str(s2) == str(state) and s2.history() == state.history()
    env = kos.rl_environment(gid, include_full_state=True)
    ts = env.reset()
    assert pyspiel.deserialize_game_and_state(ts.observations["serialized_state"])[1].legal_actions()
    assert capfd.readouterr().err == ""


def test_serialize_game_and_state_with_explicit_chance():
    gid = kansei.games()[0]
    game = kos.load(gid, chance="explicit")
    state = _walk(game.new_initial_state(), 40, np.random.default_rng(0))
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(s2) == str(state)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda t: t[: len(t) // 2],  # truncated
        lambda t: t.replace("__dict__=", "__dict__=AAAA"),  # damaged payload
        lambda t: t.replace("move_number=", "move_number=x"),
        lambda t: (
            "history=\nmove_number=0\n__dict__="
            + base64.b64encode(pickle.dumps({"_box": __import__("os").system})).decode()
        ),  # foreign code
        lambda t: "history=\nmove_number=0\n__dict__=" + base64.b64encode(pickle.dumps({"x": 1})).decode(),
        lambda t: "garbage",
        lambda t: 42,
    ],
    ids=["truncated", "damaged", "move-number", "os-system", "foreign-dict", "garbage", "not-text"],
)
def test_bad_saved_text_is_one_line_and_prints_nothing(mangle, capfd):
    gid = kansei.games()[0]
    game = kos.load(gid)
    state = _walk(game.new_initial_state(), 5, np.random.default_rng(0))
    with pytest.raises(kos.SerializationError) as e:
        game.deserialize_state(mangle(state.serialize()))
    assert "\n" not in str(e.value)
    assert capfd.readouterr().err == ""  # no "OpenSpiel exception" on stderr


def test_another_games_state_is_refused():
    a, b = kansei.games()[:2]
    sa = _walk(kos.load(a).new_initial_state(), 3, np.random.default_rng(0))
    with pytest.raises(kos.SerializationError, match="not"):
        kos.load(b).deserialize_state(sa.serialize())
    with pytest.raises(kos.SerializationError, match="chance"):
        kos.load(a, chance="explicit").deserialize_state(sa.serialize())


def test_envs_pickle_and_continue():
    """PettingZoo and Gymnasium environments pickle (vector envs, Ray workers) and continue identically."""
    env = kpz.env("touge")
    env.reset(seed=3)
    for _ in range(4):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.unwrapped.kansei_state.reveal() == env.unwrapped.kansei_state.reveal()
    gym = kgym.make(kansei.games()[-1], opponent="greedy")
    _, info = gym.reset(seed=2)
    twin_gym = pickle.loads(pickle.dumps(gym))
    a = int(np.flatnonzero(info["action_mask"])[0])
    r1, r2 = gym.step(a), twin_gym.step(a)
    assert np.array_equal(r1[0], r2[0]) and r1[1:4] == r2[1:4]


# -- explicit chance ----------------------------------------------------------------------------------
def test_explicit_chance_offers_uniform_outcomes_and_each_replays():
    """Mini D's dice (and every deal) are chance nodes: uniform outcomes summing to 1, each child a valid
    state; two outcomes of one node can lead to different states (the draw matters)."""
    game = kos.load("minid", players=2, chance="explicit")
    state = game.new_initial_state()
    assert state.is_chance_node()  # the deal
    rng = np.random.default_rng(0)
    seen_dice = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len({p for _, p in outcomes}) == 1 and len(outcomes) <= game.max_chance_outcomes()
            if state._box.base is not None and len(outcomes) == 6:  # a die rolled during play
                seen_dice += 1
                kids = []
                for k, _ in outcomes:
                    child = state.clone()
                    child.apply_action(k)
                    kids.append(str(child))
                assert len(set(kids)) > 1
        _walk(state, 1, rng)
    assert seen_dice > 0


def test_explicit_chance_out_of_range_outcome_is_refused():
    game = kos.load("minid", chance="explicit")
    state = game.new_initial_state()
    n = len(state.chance_outcomes())
    with pytest.raises(Exception, match="chance outcome"):
        state.apply_action(n)


# -- seeds ----------------------------------------------------------------------------------------------
def _episodes(game: pyspiel.Game, count: int, between=lambda g: None) -> list[str]:
    out = []
    for _ in range(count):
        between(game)
        out.append(str(_walk(game.new_initial_state(), 10, np.random.default_rng(0))))
    return out


def test_no_query_shifts_a_trajectory():
    """Shapes, sizes, observers, throwaway initial states and clones drawn between episodes change no
    later episode (issue 21: information_state_tensor_shape() used to draw a seed)."""
    gid = kansei.games()[0]

    def queries(g: pyspiel.Game) -> None:
        g.observation_tensor_shape()
        g.information_state_tensor_shape()
        g.observation_tensor_size()
        g.information_state_tensor_size()
        g.make_py_observer()
        g.new_initial_state()
        pyspiel.Game.information_state_tensor_shape(g)  # OpenSpiel's own path builds a throwaway state

    plain = _episodes(kos.load(gid, rng_seed=5), 3)
    queried = _episodes(kos.load(gid, rng_seed=5), 3, queries)
    assert plain == queried
    assert len(set(plain)) == 3


def test_rl_environment_seed_controls_kansei():
    gid = kansei.games()[0]

    def run(seed: int) -> list[int]:
        env = kos.rl_environment(gid)
        env.seed(seed)
        ts, actions = env.reset(), []
        rng = np.random.default_rng(0)
        while not ts.last() and len(actions) < 30:
            a = int(rng.choice(ts.observations["legal_actions"][ts.observations["current_player"]]))
            actions.append(a)
            ts = env.step([a])
        return [*actions, *np.asarray(ts.observations["info_state"][0]).round(5).tolist()]

    assert run(1) == run(1)
    assert run(1) != run(2)


# -- information states ---------------------------------------------------------------------------------
def test_incremental_information_state_equals_a_fresh_one(config):
    """The per-state, per-seat record kept with events_since gives at every ply what a state built afresh
    (deserialized: no record) computes from the whole log; bounded in [-1, 1]."""
    gid, n = config
    game = kos.load(gid, players=n)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for ply in range(60):
        if state.is_terminal():
            break
        if ply % 7 == 0:
            fresh = game.deserialize_state(state.serialize())
            for p in range(n):
                t = state.information_state_tensor(p)
                assert t == fresh.information_state_tensor(p)
                assert state.information_state_string(p) == fresh.information_state_string(p)
                assert max(abs(x) for x in t) <= 1.0
        _walk(state, 1, rng)


def test_openspiel_mcts_resamples_unless_clairvoyant():
    """The default searches fresh determinisations; clairvoyant=true is explicit and its spec names it."""
    from kansei.agents import make_agent

    honest, seer = make_agent("openspiel:mcts:sims=8"), make_agent("openspiel:mcts:sims=8,clairvoyant=true")
    assert not honest.params.clairvoyant and seer.params.clairvoyant
    assert "clairvoyant" in seer.name and "clairvoyant" not in honest.name
    game = kansei.load("minid")
    state = game.start(seed=1, players=2)
    calls: list[int] = []
    original = type(state).determinize

    def spy(self, seat, rng):
        calls.append(seat)
        return original(self, seat, rng)

    type(state).determinize = spy  # type: ignore[method-assign]
    try:
        honest.act(state, state.to_move)
        assert len(calls) == honest.params.worlds
        calls.clear()
        seer.act(state, state.to_move)
        assert calls == []
    finally:
        type(state).determinize = original  # type: ignore[method-assign]


def test_rl_environment_tensors_are_openspiels_own(config):
    """kansei's rl_environment builds each player's tensor when read: the same values OpenSpiel's own
    Environment builds eagerly, also when read after the environment moved on."""
    from open_spiel.python import rl_environment

    gid, n = config
    ours = kos.rl_environment(gid, players=n)
    theirs = rl_environment.Environment(kos.load(gid, players=n))
    ours.seed(3)
    theirs.seed(3)
    ours._game.reseed(3)
    theirs._game.reseed(3)
    a, b = ours.reset(), theirs.reset()
    rng = np.random.default_rng(0)
    kept = []
    for ply in range(2000):  # to the end of the episode: rewards, discounts and step types too
        assert a.observations["legal_actions"] == b.observations["legal_actions"]
        assert a.observations["current_player"] == b.observations["current_player"]
        assert (a.rewards, a.discounts, a.step_type) == (b.rewards, b.discounts, b.step_type)
        if ply < 40:
            kept.append((a.observations["info_state"], [list(x) for x in b.observations["info_state"]]))
        if a.last():
            break
        p = a.observations["current_player"]
        act = int(rng.choice(a.observations["legal_actions"][p]))
        a, b = ours.step([act]), theirs.step([act])
    assert a.last()
    for lazy, eager in kept:  # read late: each is still its own time step's
        assert [list(x) for x in lazy] == eager


def test_rl_environment_with_explicit_chance_is_openspiels_own():
    """With chance nodes, kansei's rl_environment samples them as OpenSpiel's Environment does (the same
    sampler, seeded alike): the same time steps to the end, the learner never at a chance node."""
    from open_spiel.python import rl_environment

    ours = kos.rl_environment("minid", seed=5, chance="explicit")
    game = kos.load("minid", chance="explicit")
    theirs = rl_environment.Environment(game, chance_event_sampler=kos.ChanceSampler(game, 5))
    a, b = ours.reset(), theirs.reset()
    rng = np.random.default_rng(1)
    while not a.last():
        assert a.observations["current_player"] == b.observations["current_player"] >= 0
        assert a.observations["legal_actions"] == b.observations["legal_actions"]
        p = a.observations["current_player"]
        assert list(a.observations["info_state"][p]) == list(b.observations["info_state"][p])
        act = int(rng.choice(a.observations["legal_actions"][p]))
        a, b = ours.step([act]), theirs.step([act])
    assert b.last() and a.rewards == b.rewards
