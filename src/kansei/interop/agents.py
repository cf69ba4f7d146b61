"""OpenSpiel's search bots in a kansei seat: ``openspiel:mcts`` and ``openspiel:ismcts``.

Like every kansei agent they are handed a determinised world by :func:`kansei.agents.choose` (never the
real state); the world is wrapped as an OpenSpiel state (:func:`kansei.interop.openspiel.game_for`) and
OpenSpiel's own Python search runs on it:

- ``openspiel:mcts`` — ``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts, run on
  ``worlds`` fresh determinisations of the state it is handed (``determinize`` draws: hidden cards and the
  future of the random source resampled), ``sims / worlds`` simulations each; the root visit counts are
  summed and the most visited action is played (determinised MCTS, "perfect information Monte Carlo").
  ``clairvoyant=true`` searches the state as handed instead (all ``sims`` on it): the real state when
  the runner hands it one (``sees_all``), every hidden card and future die included; its spec
  (``openspiel:mcts:clairvoyant=true``) is its name in every result.
- ``openspiel:ismcts`` — ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: one information-set tree,
  a fresh world (``resample_from_infostate`` = ``determinize``) at every simulation.

Spec keys: ``sims`` (simulations per decision), ``c`` (UCT constant), ``rollouts`` (random rollouts per
leaf), and for mcts ``worlds``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from pydantic import Field

from kansei.agents.base import Agent, AgentParams
from kansei.agents.limits import COUNT, ITERATIONS
from kansei.core.protocol import Action, State

from .openspiel import KanseiGame, game_for

try:
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as e:  # pragma: no cover - the interop extra is not installed
    from kansei.core.errors import OptionError

    raise OptionError("openspiel agents need the interop extra: pip install 'kansei[interop]'") from e


class OpenSpielParams(AgentParams):
    sims: int = Field(200, gt=0, json_schema_extra=ITERATIONS)  # simulations per decision
    c: float = Field(2.0, gt=0)  # UCT exploration constant (OpenSpiel's default scale: returns in ±1)
    rollouts: int = Field(1, gt=0, json_schema_extra=ITERATIONS)  # random rollouts per evaluated leaf


class MctsParams(OpenSpielParams):
    worlds: int = Field(
        4, gt=0, json_schema_extra=COUNT
    )  # determinisations searched; their root visit counts are summed
    clairvoyant: bool = (
        False  # search the state as handed (the real one under sees_all), not resampled worlds
    )


class _OpenSpielAgent(Agent):
    params: OpenSpielParams

    def _setup(self, state: State) -> tuple[KanseiGame, np.random.RandomState, mcts.RandomRolloutEvaluator]:
        """The OpenSpiel game of this world, a numpy generator drawn from the agent's seed, the evaluator."""
        rs = np.random.RandomState(self.rng.getrandbits(32))
        return game_for(state), rs, mcts.RandomRolloutEvaluator(self.params.rollouts, rs)


class OpenSpielMcts(_OpenSpielAgent):
    """OpenSpiel's MCTS over several determinisations of the seat's information."""

    kind = "openspiel:mcts"
    Params = MctsParams
    params: MctsParams

    def act(self, state: State, seat: int) -> Action:
        p = self.params
        game, rs, evaluator = self._setup(state)
        worlds = 1 if p.clairvoyant else p.worlds
        bot = mcts.MCTSBot(game, p.c, max(1, p.sims // worlds), evaluator, random_state=rs, solve=False)
        visits: Counter[int] = Counter()
        for _ in range(worlds):
            world = state if p.clairvoyant else state.determinize(seat, self.rng)
            root = bot.mcts_search(game.wrap(world))
            for child in root.children:
                visits[child.action] += child.explore_count
        # most visits; ties to the lowest index (a fixed order, so the same worlds give the same choice)
        best = max(sorted(visits), key=lambda a: visits[a])
        return game.space.action(state, best)


class OpenSpielIsmcts(_OpenSpielAgent):
    """OpenSpiel's Python information-set MCTS (a new world at every simulation)."""

    kind = "openspiel:ismcts"
    Params = OpenSpielParams

    def act(self, state: State, seat: int) -> Action:
        p = self.params
        game, rs, evaluator = self._setup(state)
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            p.c,
            p.sims,
            random_state=rs,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            allow_inconsistent_action_sets=True,
        )
        # worlds drawn from this agent's own generator (OpenSpiel's default sampler is seeded at random)
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, rs.uniform))
        return game.space.action(state, int(bot.step(game.wrap(state))))
