"""The simple bots: uniform random, and greedy (one ply ahead with the game's evaluation)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from kansei.core.protocol import Action, Game, State

from .base import Agent, AgentParams
from .hints import evaluator, scratch_evaluator


class RandomAgent(Agent):
    """Uniformly random among the legal actions. Sees nothing but the legal actions."""

    kind = "random"
    needs_state = False

    def act_legal(self, legal: Sequence[Action], seat: int) -> Action:
        return legal[int(self.rng.random() * len(legal))]

    def act(self, state: State, seat: int) -> Action:
        return self.act_legal(state.legal_actions(), seat)


class GreedyParams(AgentParams):
    """Spec keys of ``greedy``: ``greedy:noise=0.3`` (a random move three times in ten, the beginner
    levels), ``greedy:style=aggressive`` (the game's evaluation of that style, see kansei.agents.hints)."""

    noise: float = Field(0.0, ge=0.0, le=1.0)  # the chance of a uniformly random move instead
    style: str | None = None


class GreedyAgent(Agent):
    """One ply ahead: apply each legal action to a copy of its (determinised) world and keep the one the
    game's evaluation likes best for this seat; ties are broken at random. With ``noise``, a random move
    that often instead."""

    kind = "greedy"
    Params = GreedyParams
    params: GreedyParams

    def check_game(self, game: Game) -> None:
        """A style needs the game's evaluation of it (one line naming the game's styles)."""
        evaluator(game, self.params.style)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        rand = self.rng.random
        if self.params.noise and rand() < self.params.noise:
            return legal[int(rand() * len(legal))]
        evaluate = scratch_evaluator(state.game, self.params.style)  # each copy is dropped once scored
        best: list[Action] = []
        best_v = float("-inf")
        for a in legal:
            child = state.clone()
            child.apply(a)
            v = evaluate(child, seat)
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif v >= best_v - 1e-9:
                best.append(a)
        return best[int(rand() * len(best))]
