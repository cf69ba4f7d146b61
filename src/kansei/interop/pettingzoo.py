"""Every kansei game as a PettingZoo AEC environment.

>>> from kansei.interop import pettingzoo as kpz
>>> env = kpz.env("minid", players=4, track="usui")       # doctest: +SKIP
>>> env.reset(seed=1)                                       # doctest: +SKIP
>>> for agent in env.agent_iter():                          # doctest: +SKIP
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated else env.action_space(agent).sample(obs["action_mask"])
...     env.step(action)

- Agents ``player_0 .. player_<n-1>`` are the seats; the agent to act is the seat ``state.to_move``.
- ``observation_space(agent)``: ``Dict(observation=Box(D,), action_mask=Box(0, 1, (A,), int8))``; the
  observation is built from ``view(seat)`` only; the mask is all zeros for an agent not to move.
- ``action_space(agent)``: ``Discrete(A)``, the game's fixed action space (``kansei.interop.encoding``).
- Rewards come at the end: each seat's ``returns()``.
- ``env()`` wraps the raw environment as PettingZoo's classic games are: an index outside the action space
  fails the ``AssertOutOfBoundsWrapper``; a masked (illegal) one ends the game with the mover losing
  (-1) and a warning (``TerminateIllegalWrapper``); stepping before ``reset`` is refused by
  ``OrderEnforcingWrapper``. The raw environment (``raw_env``) raises
  :class:`~kansei.interop.encoding.ActionIndexError` (a ``ValueError``) instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("the PettingZoo adapter needs the interop extra: pip install 'kansei[interop]'") from e

from kansei.core.errors import KanseiError
from kansei.core.protocol import State

from .encoding import OBS_BOUND, ActionSpace
from .table import Table


class EpisodeOver(KanseiError, ResetNeeded):
    """Stepping an environment whose episode has ended (or never began): call ``reset()``."""


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's own name for the unwrapped environment
    metadata = {"render_modes": ["ansi", "human"], "name": "kansei_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        decks: list | None = None,
        render_mode: str | None = None,
        action_space: ActionSpace | Path | str | None = None,
        **options: Any,
    ):
        super().__init__()
        self.table = Table(game_id, players, decks, action_space, **options)
        if render_mode not in (None, "ansi", "human"):
            raise KanseiError(f"render_mode {render_mode!r} is not supported (valid: ansi, human)")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kansei_{game_id}_v0"}
        n, size, actions = self.table.players, self.table.encoder.size, len(self.table.space)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.state_: State | None = None
        self._np_random: np.random.Generator | None = None
        self.agents: list[str] = []

    @property
    def kansei_state(self) -> State | None:
        """The real kansei state (for tests and tools: never hand it to a seat)."""
        return self.state_

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.state_ = self.table.start(int(self._np_random.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move]  # type: ignore[index]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live()
        seat = self.agent_name_mapping[agent]
        if seat == state.to_move:
            mask = self.table.space.mask(state)
        else:
            mask = np.zeros(len(self.table.space), np.int8)
        return {"observation": self.table.observe(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        state = self._live()
        if not self.agents:
            raise EpisodeOver("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        state.apply(self.table.space.action(state, action), seat=seat)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            returns = state.returns()
            self.rewards = {
                a: float(returns[i]) for i, a in enumerate(self.possible_agents) if a in self.agents
            }
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[state.to_move]  # type: ignore[index]
        self._accumulate_rewards()

    def _live(self) -> State:
        if self.state_ is None:
            raise EpisodeOver("the environment has not been reset: call reset()")
        return self.state_

    def render(self) -> str | None:
        """``ansi``: the board as text (the spectator's view, the game's own rendering); ``human``: the
        same, printed."""
        if self.render_mode is None or self.state_ is None:
            return None
        text = self.table.text(self.state_, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> AECEnv:
    """The AEC environment for ``game_id``, wrapped as PettingZoo's classic games are (see the module)."""
    e: AECEnv = raw_env(game_id, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
