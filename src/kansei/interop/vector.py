"""N Gymnasium environments of one kansei game stepped in one call, in one process.

>>> from kansei.interop.vector import KanseiVectorEnv
>>> envs = KanseiVectorEnv("touge", num_envs=16, opponent="greedy")     # doctest: +SKIP
>>> obs, infos = envs.reset(seed=0)                                      # doctest: +SKIP
>>> actions = [int(np.flatnonzero(m)[0]) for m in infos["action_mask"]]   # doctest: +SKIP
>>> obs, rewards, terminated, truncated, infos = envs.step(actions)      # doctest: +SKIP

- A :class:`gymnasium.vector.VectorEnv` over ``num_envs`` :class:`~kansei.interop.gymnasium.KanseiEnv`
  (the same keys as :func:`kansei.interop.gymnasium.make`); ``single_observation_space`` and
  ``single_action_space`` are one environment's, ``observation_space`` is ``Box(N, D)``,
  ``action_space`` ``MultiDiscrete([A] * N)``.
- Observations and masks are written into two preallocated arrays (``(N, D)`` float32 and ``(N, A)``
  int8; copies are returned): ``infos["action_mask"]`` is the stacked mask, ``action_masks()`` the same
  as booleans.
- Auto-reset, same step (``metadata["autoreset_mode"]`` is ``SAME_STEP``): an episode that ends is reset
  at once; the observation returned is the new episode's first, the last one of the finished episode is
  in ``infos["final_obs"][i]`` and its info in ``infos["final_info"][i]`` (with ``infos["_final_obs"]``
  marking which).
- ``reset(seed=s)`` seeds environment ``i`` with ``s + i`` (or a list of seeds, one each), so the batch
  is reproducible; later episodes continue each environment's own generator.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("the vector environment needs the interop extra: pip install 'kansei[interop]'") from e

from kansei.core.errors import OptionError

from .gymnasium import KanseiEnv


class KanseiVectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game_id: str, num_envs: int, **kwargs: Any):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(f"num_envs must be a count >= 1, not {num_envs!r}")
        if kwargs.get("render_mode") is not None:
            raise OptionError("the vector environment does not render (render one KanseiEnv instead)")
        first = KanseiEnv(game_id, **kwargs)
        kwargs["action_space"] = first.table.space  # one action space object for all
        self.envs = [first] + [KanseiEnv(game_id, **kwargs) for _ in range(num_envs - 1)]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        assert isinstance(self.single_action_space, spaces.Discrete)
        self._space = first.table.space
        self._encoder = first.table.encoder
        self._obs = np.zeros((num_envs, self._encoder.size), np.float32)
        self._masks = np.zeros((num_envs, int(self.single_action_space.n)), np.int8)
        self._all = np.ones(num_envs, bool)

    def _write(self, i: int) -> None:
        env = self.envs[i]
        state = env.state_
        assert state is not None
        self._encoder.encode_state(state, env.seat, self._obs[i])
        row = self._masks[i]
        row[:] = 0
        legal = state.legal_actions()
        if legal:
            row[self._space.indexed(legal)] = 1

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise OptionError(f"reset: {len(seeds)} seeds for {self.num_envs} environments")
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            env.reset(seed=s) if s is not None or env.state_ is None else env._begin()
            self._write(i)
        return self._obs.copy(), {"action_mask": self._masks.copy(), "_action_mask": self._all.copy()}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise OptionError(f"step: {acts.shape} actions for {self.num_envs} environments")
        rewards = np.zeros(self.num_envs, np.float64)
        terminated = np.zeros(self.num_envs, bool)
        truncated = np.zeros(self.num_envs, bool)
        final_obs: np.ndarray | None = None
        final_info: np.ndarray | None = None
        ended = np.zeros(self.num_envs, bool)
        for i, env in enumerate(self.envs):
            reward, done, extra = env._act(acts[i].item())
            rewards[i], terminated[i] = reward, done
            if done:
                if final_obs is None:
                    final_obs = np.empty(self.num_envs, object)
                    final_info = np.empty(self.num_envs, object)
                assert final_info is not None
                final_obs[i] = env._obs()
                info = env._info()
                if extra:
                    info.update(extra)
                final_info[i] = info
                ended[i] = True
                env._begin()
            self._write(i)
        infos: dict[str, Any] = {"action_mask": self._masks.copy(), "_action_mask": self._all.copy()}
        if final_obs is not None:
            infos.update(
                final_obs=final_obs, _final_obs=ended, final_info=final_info, _final_info=ended.copy()
            )
        return self._obs.copy(), rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The stacked legal masks of the current step, as booleans (N, A)."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


__all__ = ["KanseiVectorEnv"]
