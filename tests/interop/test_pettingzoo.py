"""PettingZoo: every game passes api_test and seed_test; bad input follows PettingZoo's conventions."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import kansei
from kansei.interop import pettingzoo as kpz
from kansei.interop.encoding import ActionIndexError

# api_test advises a Box observation: the Dict with an action mask is PettingZoo's own classic-games layout
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def test_api_test(config):
    gid, n = config
    api_test(kpz.env(gid, players=n), num_cycles=300)


def test_seed_test(config):
    gid, n = config
    seed_test(lambda: kpz.env(gid, players=n), num_cycles=50)


def _play(env, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


def test_episode_rewards_are_the_games_returns(config):
    gid, n = config
    env = kpz.env(gid, players=n)
    totals = _play(env, seed=5)
    state = env.unwrapped.kansei_state
    assert state.is_over
    assert [totals[f"player_{i}"] for i in range(n)] == pytest.approx(state.returns())
    assert not env.agents


def test_only_the_mover_has_a_mask():
    env = kpz.env(kansei.games()[0])
    env.reset(seed=1)
    mover = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)


def test_illegal_action_ends_the_game_as_a_loss(caplog):
    env = kpz.env(kansei.games()[0])
    env.reset(seed=2)
    agent = env.agent_selection
    masked = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(masked)
    assert "Illegal move" in caplog.text  # PettingZoo's own logger warns
    assert all(env.terminations.values()) and env.rewards[agent] == -1


def test_out_of_range_action_is_refused():
    env = kpz.env(kansei.games()[0])
    env.reset(seed=2)
    with pytest.raises(AssertionError, match="not in action space"):
        env.step(10**6)


def test_raw_env_raises_one_line():
    env = kpz.raw_env(kansei.games()[0])
    env.reset(seed=3)
    masked = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    before = env.kansei_state.reveal()
    with pytest.raises(ActionIndexError, match="not legal now"):
        env.step(masked)
    assert env.kansei_state.reveal() == before
    with pytest.raises(ActionIndexError, match="out of range"):
        env.step(-1)


def test_stepping_a_finished_or_unreset_env():
    env = kpz.raw_env(kansei.games()[0])
    with pytest.raises(kpz.EpisodeOver, match="reset"):
        env.step(0)
    _play(env, seed=4)
    with pytest.raises(kpz.EpisodeOver, match="reset"):
        env.step(0)
    with pytest.raises(Exception, match="reset"):  # the wrapped env: PettingZoo's OrderEnforcingWrapper
        kpz.env(kansei.games()[0]).step(0)


@pytest.mark.parametrize(
    ("args", "kwargs", "says"),
    [
        (("nosuchgame",), {}, "unknown game"),
        ((None,), {"bogus": 1}, "unknown option 'bogus'"),
        ((None,), {"players": 99}, "players"),
        ((None,), {"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_construction_is_one_line(args, kwargs, says):
    gid = args[0] or kansei.games()[0]
    with pytest.raises(kansei.KanseiError, match=says) as e:
        kpz.env(gid, **kwargs)
    assert "\n" not in str(e.value)


def test_render_is_the_spectators_view():
    env = kpz.env(kansei.games()[0], render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_render_test_and_human_mode(config, capsys):
    """PettingZoo's render_test passes; ``human`` prints the board (the spectator's view) to stdout."""
    from pettingzoo.test import render_test

    gid, n = config
    render_test(lambda render_mode=None: kpz.env(gid, players=n, render_mode=render_mode))
    env = kpz.env(gid, players=n, render_mode="human")
    env.reset(seed=0)
    capsys.readouterr()
    assert env.render() is None
    assert capsys.readouterr().out.strip()
