"""The vector environment: N games per call, the same trajectories as N single environments, auto-reset in
the same step, masks stacked."""

from __future__ import annotations

import numpy as np
import pytest

import kansei
from kansei.interop import gymnasium as kgym
from kansei.interop.vector import KanseiVectorEnv


def _pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("gid", ["touge", "minid"])
def test_vector_env_equals_single_envs(gid):
    """Seeds s+i: environment i of the batch follows exactly a single env reset with seed s+i, episode
    after episode (auto-reset continues each env's own generator, as a single env's reset() does)."""
    n = 3
    vec = KanseiVectorEnv(gid, n, opponent="random")
    singles = [kgym.make(gid, opponent="random") for _ in range(n)]
    obs, infos = vec.reset(seed=10)
    single = [env.reset(seed=10 + i) for i, env in enumerate(singles)]
    assert vec.observation_space.shape == (n, vec.single_observation_space.shape[0])
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(400):
        for i in range(n):
            assert np.array_equal(obs[i], single[i][0])
            assert np.array_equal(infos["action_mask"][i], single[i][1]["action_mask"])
        assert np.array_equal(vec.action_masks(), infos["action_mask"].astype(bool))
        actions = [_pick(infos["action_mask"][i], rng) for i in range(n)]
        obs, rewards, term, trunc, infos = vec.step(actions)
        assert not trunc.any()
        for i, env in enumerate(singles):
            o, r, done, _, info = env.step(actions[i])
            assert rewards[i] == r and term[i] == done
            if done:
                episodes += 1
                assert infos["_final_obs"][i] and np.array_equal(infos["final_obs"][i], o)
                assert infos["final_info"][i]["returns"] == info["returns"]
                single[i] = env.reset()  # no seed: the env's own next episode
            else:
                single[i] = (o, info)
    assert episodes > 0


def test_vector_env_bad_input_is_one_line():
    gid = kansei.games()[0]
    with pytest.raises(kansei.OptionError, match="num_envs"):
        KanseiVectorEnv(gid, 0)
    vec = KanseiVectorEnv(gid, 2, opponent="random")
    vec.reset(seed=0)
    with pytest.raises(kansei.OptionError, match="2 environments"):
        vec.step([0, 0, 0])
    with pytest.raises(kansei.OptionError, match="seeds"):
        vec.reset(seed=[1])
