"""Agents choose actions through the core protocol only.

An agent never receives the real state. The runner (:func:`choose`) hands it either the legal actions
alone (agents that need nothing else, like ``random``) or a *determinised copy*: ``state.determinize(seat,
rng)``, in which everything the seat cannot see has been resampled. So a bot cannot peek, by construction,
and ``tests/agents/test_no_peeking.py`` proves it for every bot and every game.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from functools import partial
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from kansei.core.errors import IllegalAction, OptionError
from kansei.core.protocol import Action, Game, State, describe_fields


class SearchRandom(random.Random):
    """The agents' random source: Python's Mersenne Twister, with whole numbers drawn from one float
    (``int(random() * n)``) instead of rejection sampling on bits, and shuffles that sort by random keys.
    Shuffles, choices and ``randrange`` — what every determinisation spends its time in — run about twice as
    fast; the bias is below 2**-40 for every range a game uses. The same seed gives the same stream
    everywhere, as with ``random.Random``."""

    def _randbelow(self, n: int) -> int:
        return int(self.random() * n)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """In place, uniformly: sorted by one random float each (ties, at 2**-53, are left in order).

        The sort asks its key of each element once, in order; the key is the next float of the stream,
        drawn without a Python call per element (``next`` on ``iter(random, -1.0)``, which never ends)."""
        key = partial(next, iter(self.random, -1.0))
        if isinstance(x, list):
            x.sort(key=key)
        else:
            x[:] = sorted(x, key=key)


class AgentParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Agent:
    """Base class. ``kind`` is the spec name; ``Params`` declares the spec keys (``mcts:iters=2000``)."""

    kind: ClassVar[str] = ""
    Params: ClassVar[type[AgentParams]] = AgentParams
    # False: the agent only needs the legal actions (it is never given a state at all).
    needs_state: ClassVar[bool] = True

    def __init__(self, seed: int = 0, **params: Any):
        try:
            self.params = self.Params(**params)
        except ValidationError as e:
            raise OptionError(_param_error(self.kind, self.Params, e)) from None
        self.rng: random.Random = SearchRandom(seed)
        self.name = self.kind

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def check_game(self, game: Game) -> None:
        """Raise one :class:`OptionError` line if this agent cannot play ``game`` at all (what it needs of
        the game is missing: a learned value's weights, a play style the game lacks), so a list of levels
        can say so before anyone plays; nothing by default."""

    def act(self, state: State, seat: int) -> Action:
        """Choose an action in ``state`` (a determinised copy) for ``seat``."""
        raise NotImplementedError

    def act_legal(self, legal: Sequence[Action], seat: int) -> Action:
        """Choose among ``legal`` (agents with ``needs_state = False``)."""
        raise NotImplementedError


def _param_error(kind: str, model: type[BaseModel], e: ValidationError) -> str:
    valid = describe_fields(model)
    probs = []
    for err in e.errors():
        loc = ".".join(str(x) for x in err["loc"])
        if err["type"] == "extra_forbidden":
            probs.append(f"unknown key {loc!r}")
        else:
            probs.append(f"{loc}={err.get('input')!r}: {err['msg']}")
    return f"agent {kind}: {'; '.join(probs)} (valid keys: {valid or 'none'})"


def choose(agent: Agent, state: State, seat: int | None = None) -> Action:
    """Ask ``agent`` for ``seat``'s move (default: the seat to move) without showing it the real state."""
    seat = state.to_move if seat is None else seat
    if seat is None:
        raise IllegalAction("the game is over")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if not agent.needs_state:
        return agent.act_legal(legal, seat)
    world = state.determinize(seat, agent.rng)
    return agent.act(world, seat)
