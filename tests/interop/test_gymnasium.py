"""Gymnasium: every game passes check_env; ids kansei/<id>-v0; bad input is one clear line."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from interop_helpers import widest_game

import kansei
from kansei.interop import gymnasium as kgym
from kansei.interop.encoding import ActionIndexError


def test_check_env(config):
    """Gymnasium's checker passes with no warning at all: finite bounds, every value inside them."""
    gid, n = config
    env = gymnasium.make(kgym.env_id(gid), players=n, opponent="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert np.isfinite(env.observation_space.low).all() and np.isfinite(env.observation_space.high).all()


def test_ids_are_registered():
    assert kgym.register_envs() == [f"kansei/{gid}-v0" for gid in kansei.games()]
    assert all(eid in gymnasium.registry for eid in kgym.register_envs())


def _episode(env, seed: int) -> tuple[float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done = 0.0, False
    while not done:
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        total += reward
        assert not truncated
    return total, info


def test_episode_reward_is_the_seats_return(config):
    gid, n = config
    seat = n - 1
    env = kgym.make(gid, opponent="random", seat=seat, players=n)
    total, info = _episode(env, seed=9)
    assert total == pytest.approx(env.kansei_state.returns()[seat]) == pytest.approx(info["returns"][seat])


def test_one_opponent_spec_per_seat():
    gid = widest_game()
    g = kansei.load(gid)
    n = g.max_players
    env = kgym.make(gid, opponent=["greedy"] + ["random"] * (n - 2), seat=0, players=n)
    _episode(env, seed=1)
    with pytest.raises(kansei.OptionError, match=f"need {n - 1} opponent"):
        kgym.make(gid, opponent=["greedy"] * n, players=n)


def test_masked_action_ends_as_a_loss_or_raises():
    gid = kansei.games()[0]
    env = kgym.make(gid, opponent="random")
    _, info = env.reset(seed=3)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(masked)
    assert terminated and reward == kgym.ILLEGAL_REWARD and "not legal now" in info["illegal_action"]
    with pytest.raises(gymnasium.error.ResetNeeded, match="reset"):
        env.step(masked)
    strict = kgym.make(gid, opponent="random", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(ActionIndexError, match="not legal now"):
        strict.step(masked)


@pytest.mark.parametrize("bad", [-1, 10**6, "play", 1.5, None])
def test_out_of_space_action_raises(bad):
    env = kgym.make(kansei.games()[0], opponent="random")
    env.reset(seed=3)
    with pytest.raises(ActionIndexError) as e:
        env.step(bad)
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)


def test_step_before_reset():
    with pytest.raises(gymnasium.error.ResetNeeded):
        kgym.make(kansei.games()[0]).step(0)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"game_id": "nosuchgame"}, "unknown game"),
        ({"bogus": 1}, "unknown option 'bogus'"),
        ({"opponent": "wizard"}, "unknown agent 'wizard'"),
        ({"opponent": "mcts:iters=-1"}, "iters"),
        ({"seat": 7}, "seat"),
        ({"illegal": "ignore"}, "illegal"),
        ({"players": 0}, "players"),
    ],
)
def test_bad_construction_is_one_line(kwargs, says):
    kwargs = {"game_id": kansei.games()[0], **kwargs}
    with pytest.raises(kansei.KanseiError, match=says) as e:
        kgym.make(**kwargs)
    assert "\n" not in str(e.value)


def test_gymnasium_make_unknown_id():
    with pytest.raises(gymnasium.error.Error):
        gymnasium.make("kansei/nosuchgame-v0")


def test_render_is_the_seats_view():
    env = kgym.make(kansei.games()[0], render_mode="ansi", opponent="random")
    env.reset(seed=1)
    assert env.render().strip()
