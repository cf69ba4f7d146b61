"""The two simple bots: uniform random, and greedy (one ply ahead with the game's evaluation)."""

from __future__ import annotations

from collections.abc import Sequence

from kansei.core.protocol import Action, State

from .base import Agent


class RandomAgent(Agent):
    """Uniformly random among the legal actions. Sees nothing but the legal actions."""

    kind = "random"
    needs_state = False

    def act_legal(self, legal: Sequence[Action], seat: int) -> Action:
        return legal[int(self.rng.random() * len(legal))]

    def act(self, state: State, seat: int) -> Action:
        return self.act_legal(state.legal_actions(), seat)


class GreedyAgent(Agent):
    """One ply ahead: apply each legal action to a copy of its (determinised) world and keep the one the
    game's evaluation likes best for this seat; ties are broken at random."""

    kind = "greedy"

    def act(self, state: State, seat: int) -> Action:
        game = state.game
        best: list[Action] = []
        best_v = float("-inf")
        for a in state.legal_actions():
            child = state.clone()
            child.apply(a)
            v = game.evaluate(child, seat)
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif v >= best_v - 1e-9:
                best.append(a)
        return best[int(self.rng.random() * len(best))]
