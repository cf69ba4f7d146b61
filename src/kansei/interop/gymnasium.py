"""Every kansei game as a single-agent Gymnasium environment against kansei agents.

>>> from kansei.interop import gymnasium as kgym
>>> env = kgym.make("touge", opponent="greedy", seat=0, mode="sudden_death")   # doctest: +SKIP
>>> import gymnasium; import kansei.interop.gymnasium                          # doctest: +SKIP
>>> env = gymnasium.make("kansei/touge-v0", opponent="mcts:iters=200")          # doctest: +SKIP

- The learner plays ``seat``; every other seat is a kansei agent (``opponent``: one spec for all of
  them, or a list with one spec per other seat, in seat order), asked through
  :func:`kansei.agents.choose`, so it never sees the real state either.
- ``observation_space``: ``Box(D,)`` float32 built from ``view(seat)`` only; ``action_space``:
  ``Discrete(A)``, the game's fixed action space; ``info["action_mask"]`` (int8, length ``A``) marks the
  legal indices, as ``Discrete.sample(mask)`` and MaskablePPO expect.
- The reward is the seat's ``returns()`` entry when the game ends (0 before); ``terminated`` then.
- A masked (illegal) index ends the episode as a loss (reward -1, ``info["illegal_action"]`` says why),
  the convention of PettingZoo's classic games; ``illegal="raise"`` raises
  :class:`~kansei.interop.encoding.ActionIndexError` instead. An index outside the action space always
  raises it (a ``ValueError``); stepping a finished episode raises ``gymnasium.error.ResetNeeded``.
- Ids ``kansei/<id>-v0`` are registered for every game when this module is imported (Gymnasium 1.x
  has no plugin entry points: ``gymnasium.make("kansei.interop.gymnasium:kansei/touge-v0")`` imports it
  on the way).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("the Gymnasium adapter needs the interop extra: pip install 'kansei[interop]'") from e

import kansei
from kansei.agents import Agent, choose, make_agent
from kansei.core.errors import KanseiError, OptionError
from kansei.core.protocol import State

from .encoding import OBS_BOUND, ActionIndexError, ActionSpace
from .table import Table

ILLEGAL_REWARD = -1.0


class EpisodeOver(KanseiError, ResetNeeded):
    """Stepping an environment whose episode has ended (or never began): call ``reset()``."""


class KanseiEnv(gymnasium.Env[np.ndarray, np.int64]):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        opponent: str | list[str] = "greedy",
        seat: int = 0,
        players: int | None = None,
        decks: list | None = None,
        render_mode: str | None = None,
        illegal: Literal["lose", "raise"] = "lose",
        action_space: ActionSpace | Path | str | None = None,
        **options: Any,
    ):
        self.table = Table(game_id, players, decks, action_space, **options)
        n = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError(f"{game_id}: seat must be a seat number 0..{n - 1}, got {seat!r}")
        self.seat = seat
        specs = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(specs) != n - 1:
            raise OptionError(f"{game_id}: {n} players need {n - 1} opponent specs, got {len(specs)}")
        for spec in specs:
            make_agent(spec)  # one clear line for an unknown agent, key or value, before any game starts
        self.opponent_specs = specs
        if illegal not in ("lose", "raise"):
            raise OptionError(f"illegal={illegal!r}: valid: lose, raise")
        self.illegal = illegal
        if render_mode not in (None, "ansi", "human"):
            raise OptionError(f"render_mode {render_mode!r} is not supported (valid: ansi, human)")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.table.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.table.space))
        self.state_: State | None = None
        self._agents: dict[int, Agent] = {}
        self._done = True
        self.plies = 0  # actions applied this episode, the opponents' included

    @property
    def kansei_state(self) -> State | None:
        """The real kansei state (for tests and tools: never hand it to the learner)."""
        return self.state_

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self._begin()
        return self._obs(), self._info()

    def _begin(self) -> None:
        """A new episode from this environment's generator (seeded by ``reset(seed=…)``)."""
        rng = self.np_random
        self.state_ = self.table.start(int(rng.integers(2**63)))
        others = [s for s in range(self.table.players) if s != self.seat]
        self._agents = {
            s: make_agent(spec, seed=int(rng.integers(2**63)))
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._done = False
        self.plies = 0
        self._advance()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        reward, done, extra = self._act(action)
        info = self._info()
        if extra:
            info.update(extra)
        return self._obs(), reward, done, False, info

    def _act(self, action: Any) -> tuple[float, bool, dict[str, Any] | None]:
        """The learner's action and the opponents' replies: (reward, terminated, extra info)."""
        if self.state_ is None or self._done:
            raise EpisodeOver("the episode is over: call reset()")
        state, space = self.state_, self.table.space
        try:
            chosen = space.action(state, action)
        except ActionIndexError as e:
            if self.illegal == "raise" or not e.masked:
                raise
            self._done = True  # no warning: info says why (a checker's random actions are no fault)
            return ILLEGAL_REWARD, True, {"illegal_action": str(e)}
        state.apply(chosen, seat=self.seat)
        self.plies += 1
        self._advance()
        self._done = state.is_over
        return (float(state.returns()[self.seat]) if state.is_over else 0.0), state.is_over, None

    def action_masks(self) -> np.ndarray:
        """The legal indices now, as booleans (what ``sb3_contrib``'s MaskablePPO asks an env for)."""
        assert self.state_ is not None
        return self.table.space.mask(self.state_, dtype=bool)

    def _advance(self) -> None:
        """The opponents move until it is the learner's turn or the game is over."""
        state = self.state_
        assert state is not None
        while not state.is_over and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            state.apply(choose(self._agents[seat], state, seat), seat=seat)
            self.plies += 1

    def _obs(self) -> np.ndarray:
        assert self.state_ is not None
        return self.table.observe(self.state_, self.seat)

    def _info(self) -> dict:
        assert self.state_ is not None
        info: dict[str, Any] = {"action_mask": self.table.space.mask(self.state_)}
        if self.state_.is_over:
            info["returns"] = list(self.state_.returns())
        return info

    def render(self) -> str | None:
        if self.render_mode is None or self.state_ is None:
            return None
        text = self.table.text(self.state_, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(game_id: str, opponent: str | list[str] = "greedy", seat: int = 0, **kwargs: Any) -> KanseiEnv:
    """A single-agent environment: the learner in ``seat`` against ``opponent`` agents (see the module)."""
    return KanseiEnv(game_id, opponent=opponent, seat=seat, **kwargs)


def env_id(game_id: str) -> str:
    return f"kansei/{game_id}-v0"


def register_envs() -> list[str]:
    """Register ``kansei/<id>-v0`` with Gymnasium for every registered game (idempotent)."""
    ids = []
    for gid in kansei.games():
        eid = env_id(gid)
        if eid not in gymnasium.registry:
            gymnasium.register(id=eid, entry_point=f"{__name__}:KanseiEnv", kwargs={"game_id": gid})
        ids.append(eid)
    return ids


register_envs()
