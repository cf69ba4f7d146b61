"""The hot loop of the ``mcts`` agent (see :mod:`kansei.agents.mcts` for the algorithm).

This module is plain typed Python and nothing else, so that it can also be compiled with mypyc
(``python -m kansei.build --only search``): the compiled module is then imported in its place, runs the same
operations in the same order on the same numbers, and so makes exactly the same choices, only faster.
``KANSEI_PURE=1`` in the environment keeps the pure-Python module even where the compiled one is built;
``tests/agents/test_compiled_search.py`` checks that both give the same trees.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from kansei.core.protocol import Action, State

STOP_EVERY = 16  # iterations between two checks of whether the leader can still be overtaken
ENSURE_SHARE = 0.25  # the share of the root's visits an ``ensure``d action gets at least (the coach)


class Node:
    """A tree node: the statistics of the action that led here, from the view of the seat that took it.

    ``n`` and ``w`` include the virtual visits of the prior; ``visits`` counts real iterations only."""

    __slots__ = ("children", "seat", "n", "w", "avail", "visits")

    def __init__(self, seat: int) -> None:
        self.children: dict[str, Node] = {}
        self.seat = seat  # the seat that moved into this node (whose return ``w`` sums)
        self.n = 0.0  # visits, virtual ones included
        self.w = 0.0  # summed returns of ``seat``, virtual ones included
        self.avail = 0  # iterations in which this node's action was available at its parent
        self.visits = 0  # real visits


class Search:
    """One search's settings and running statistics; :meth:`run` spends the budget."""

    def __init__(
        self,
        sample: Callable[[], State],
        step: Callable[[State, Action], Any],
        rand: Callable[[], float],
        rng: Any,
        evaluate: Callable[[State, int], float],
        evaluate_scratch: Callable[[State, int], float] | None,  # ``evaluate`` of a copy dropped once scored
        evaluate_all: Callable[[State], Sequence[float]] | None,
        value_all: Callable[[State, int], list[float]] | None,
        value: Callable[[State, int], float] | None,
        policy: Callable[[State, Any], Action] | None,
        n_seats: int,
        c: float,
        prior: float,
        depth: int,  # plies rolled out past the tree; -1: to the end
        greedy: bool,
        fixed_scale: float,  # 0: adaptive
        clock: Callable[[], float],
        baseline: list[float],  # per seat, subtracted from every evaluation (zeros: none)
    ) -> None:
        self.sample = sample
        self.step = step
        self.rand = rand
        self.rng = rng
        self.evaluate = evaluate
        # the game's ``evaluate_scratch`` (it may change the copy it scores), else ``evaluate``
        self.evaluate_scratch = evaluate_scratch if evaluate_scratch is not None else evaluate
        self.scores_in_place = evaluate_scratch is not None
        self.evaluate_all = evaluate_all
        self.value_all = value_all
        self.value = value
        self.policy = policy
        self.n_seats = n_seats
        self.c = c
        self.prior = prior
        self.depth = depth
        self.greedy = greedy
        self.fixed_scale = fixed_scale
        self.clock = clock
        self.baseline = baseline
        self.abs_sum = 0.0  # running mean of |evaluation| for the adaptive scale
        self.abs_n = 0
        self.root = Node(-1)
        self.totals = [0.0] * n_seats  # summed returns of every seat at the root (unforced iterations)
        self.counted = 0
        self.done = 0

    # ------------------------------------------------------------------------------------ values
    def squash(self, v: float, count: int) -> float:
        """``tanh(v / scale)`` (``v`` less the seat's baseline already); the adaptive scale first takes
        ``v`` into its running mean."""
        scale = self.fixed_scale
        if scale == 0.0:
            self.abs_sum += v if v >= 0 else -v
            self.abs_n += count
            scale = self.abs_sum / self.abs_n
            if scale == 0.0:
                scale = 1.0
        return math.tanh(v / scale)

    def leaf_values(self, s: State) -> list[float]:
        if s.is_over:
            return list(s.returns())
        if self.value_all is not None:
            return self.value_all(s, self.n_seats)
        n = self.n_seats
        base = self.baseline
        if self.evaluate_all is not None:
            raw = [v - base[q] for q, v in enumerate(self.evaluate_all(s))]
        else:
            raw = [self.evaluate(s, q) - base[q] for q in range(n)]
        if self.fixed_scale == 0.0:
            for v in raw:
                self.abs_sum += v if v >= 0 else -v
            self.abs_n += n
            scale = self.abs_sum / self.abs_n
            if scale == 0.0:
                scale = 1.0
        else:
            scale = self.fixed_scale
        return [math.tanh(v / scale) for v in raw]

    def prior_value(self, child: State, mover: int) -> float:
        if child.is_over:
            return float(child.returns()[mover])
        if self.value is not None:
            return self.value(child, mover)
        return self.squash(self.evaluate_scratch(child, mover) - self.baseline[mover], 1)

    # ------------------------------------------------------------------------------------ the loop
    def run(self, iters: int, deadline: float, stop: bool, ensure: str | None, started: float) -> None:
        """Iterate until ``iters`` (-1: no limit) or ``deadline`` (-1.0: none) or, with ``stop``, until the
        leader cannot be overtaken."""
        root = self.root
        sample = self.sample
        step = self.step
        rand = self.rand
        c = self.c
        prior = self.prior
        depth = self.depth
        greedy = self.greedy
        policy = self.policy
        rng = self.rng
        log = math.log
        sqrt = math.sqrt
        path: list[Node] = []
        while True:
            done = self.done
            if iters >= 0 and done >= iters:
                break
            if deadline >= 0.0 and done > 0 and self.clock() >= deadline:
                break
            if stop and done > 0 and done % STOP_EVERY == 0 and self.settled(iters, deadline, started):
                break
            s = sample()
            node = root
            path.clear()
            natural = True  # the root's action was chosen by the search, not forced by ``ensure``
            # -- selection and expansion ---------------------------------------------------------
            while True:
                legal = s.legal_actions()
                if not legal:  # the game is over (the only time the list is empty)
                    break
                children = node.children
                if prior > 0.0:
                    for a in legal:  # one-ply priors for actions seen for the first time here
                        if a.notation not in children:
                            mover: int = s.to_move  # type: ignore[assignment]
                            child = s.clone()
                            step(child, a)
                            known = Node(mover)
                            known.n = prior
                            known.w = prior * self.prior_value(child, mover)
                            children[a.notation] = known
                fresh: Action | None = None
                k = 0
                best: Action | None = None
                best_node: Node | None = None
                best_u = -math.inf
                for a in legal:
                    ch = children.get(a.notation)
                    if ch is None:
                        k += 1
                        if k == 1 or rand() * k < 1.0:  # uniform among the unexpanded, in one pass
                            fresh = a
                    else:
                        avail = ch.avail + 1
                        ch.avail = avail
                        if k == 0:
                            n = ch.n
                            u = ch.w / n + c * sqrt(log(avail) / n)
                            if u > best_u:
                                best_u = u
                                best = a
                                best_node = ch
                if ensure is not None and node is root:  # the coach's action keeps its share of visits
                    forced = children.get(ensure)
                    if forced is None or forced.visits < ENSURE_SHARE * root.visits:
                        for a in legal:
                            if a.notation == ensure:
                                if forced is None:
                                    fresh = a
                                else:
                                    fresh = None
                                    best = a
                                    best_node = forced
                                natural = False
                                break
                if fresh is not None:
                    mover_: int = s.to_move  # type: ignore[assignment]
                    new = Node(mover_)
                    new.avail = 1
                    children[fresh.notation] = new
                    path.append(new)
                    step(s, fresh)  # the trusted step (see ``mcts._trusted``)
                    break
                assert best is not None and best_node is not None
                node = best_node
                path.append(node)
                step(s, best)
                if node.visits == 0:  # a child known only by its prior: this is its first real visit
                    break
            # -- rollout ---------------------------------------------------------------------------
            steps = 0
            while steps != depth:  # depth -1: no cut
                moves = s.legal_actions()
                if not moves:
                    break
                if greedy:
                    s = self.greedy_step(s)
                    steps += 1
                    continue
                if policy is not None:
                    a = policy(s, rng)
                else:
                    a = moves[int(rand() * len(moves))]
                step(s, a)
                steps += 1
            # -- value and backup ------------------------------------------------------------------
            values = self.leaf_values(s)
            for nd in path:
                nd.n += 1.0
                nd.w += values[nd.seat]
                nd.visits += 1
            if natural:
                self.counted += 1
                totals = self.totals
                for q in range(self.n_seats):
                    totals[q] += values[q]
            root.n += 1.0
            root.visits += 1
            self.done = done + 1

    def settled(self, iters: int, deadline: float, started: float) -> bool:
        """Whether the most visited root action is ahead by more than the iterations left could change."""
        first = 0
        second = 0
        for ch in self.root.children.values():
            v = ch.visits
            if v > first:
                second = first
                first = v
            elif v > second:
                second = v
        left = math.inf if iters < 0 else float(iters - self.done)
        if deadline >= 0.0:
            now = self.clock()
            rate = self.done / max(now - started, 1e-9)
            left = min(left, rate * max(deadline - now, 0.0))
        return first - second > left

    def greedy_step(self, s: State) -> State:
        """One ply ahead with the evaluation for the seat to move, ties broken at random: the state after
        the move chosen. The evaluation leaves the copy it looked at as it found it, so that copy is the
        state after the move and the move is not applied again; a game's ``evaluate_scratch`` may change
        the copy it scores (it passes Stampede's open windows in place), and then the move chosen is
        applied to ``s``. ``s`` itself is stepped when it has one move."""
        legal = s.legal_actions()
        if len(legal) == 1:
            self.step(s, legal[0])
            return s
        me: int = s.to_move  # type: ignore[assignment]
        evaluate = self.evaluate_scratch
        best: list[tuple[Action, State]] = []
        best_v = -math.inf
        for a in legal:
            child = s.clone()
            self.step(child, a)
            v = evaluate(child, me)
            if v > best_v + 1e-9:
                best_v = v
                best = [(a, child)]
            elif v >= best_v - 1e-9:
                best.append((a, child))
        a, child = best[int(self.rand() * len(best))]
        if not self.scores_in_place:
            return child
        self.step(s, a)
        return s
