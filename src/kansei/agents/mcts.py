"""Information-set Monte Carlo tree search (single-observer ISMCTS) for every game, through the protocol only.

One tree per decision, seen from the searching seat. Each iteration

1. samples a world: ``world.determinize(seat, rng)`` — a fresh guess at everything the seat cannot see
   (the other hands, every deck order, the future dice). The agent is itself given a determinised copy
   by :func:`kansei.agents.choose`, so it never holds the real state;
2. descends the tree with UCT over the actions *available in that sampled world*. Children are keyed by
   action notation, and each child counts how often it was available (``avail``), which replaces the
   parent's visit count in the exploration term (Cowling, Powley & Whitehouse 2012);
3. adds one child, then rolls out (random, greedy or the game's policy) for at most ``depth`` plies, where
   the game's evaluation scores the position, or with ``depth=end`` to the end of the game;
4. backs up, into each node, the result of the seat that moved into it. Every seat maximises its own
   return (max^n), so it works for two players and for a field of six racers alike.

Values live on the returns scale: a terminal position backs up ``state.returns()`` (±1 for two players);
an evaluated leaf backs up ``tanh(evaluate(state, seat) / scale)``. ``scale`` comes from the spec, else
from the game's optional ``eval_scale`` hint, else it is estimated from the evaluations seen so far in this
search (their mean absolute value), so a game needs no tuning to get sensible values.

Two refinements, both off unless asked for, make a small budget count:

- ``prior=K``: the second time the search stands on a node it scores every action there one ply ahead
  with the evaluation (what the greedy bot does) and gives each child ``K`` virtual visits of that value.
  The search then starts from the greedy bot's opinion and spends its iterations where the tree disagrees
  with it ("progressive bias" by virtual visits). Real visits (``visits``) are counted apart and decide the
  move.
- ``stop``: (on by default) the search ends as soon as the most visited move can no longer be overtaken in
  the iterations left, so it plays exactly the move the whole budget would have chosen, sooner.

The game hints the search uses are listed in :mod:`kansei.agents.hints`; none is required.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import Field, field_validator, model_validator

from kansei.core.protocol import Action, State

from .base import Agent, AgentParams
from .hints import Evaluate, evaluator, hint, own_evaluate
from .learned import require

DEFAULT_ITERS = 1000
STOP_EVERY = 16  # iterations between two checks of whether the leader can still be overtaken
ENSURE_SHARE = 0.25  # the share of the root's visits an ``ensure``d action gets at least (the coach)

Sampler = Callable[[], State]


class MctsParams(AgentParams):
    """Spec keys of ``mcts``: ``mcts:iters=2000``, ``mcts:time=0.5,rollout=greedy``, ``mcts:depth=end``.

    The defaults (1000 iterations, random rollouts cut at 10 plies, c = 0.7) were the strongest of those
    tried against the greedy bot in Touge at 1000 iterations (measured for issue 7); the named levels
    (``level:expert``) carry each game's tuned values."""

    # budgets must be positive (a zero or negative one is refused with the list of valid keys)
    iters: int | None = Field(None, gt=0)  # iterations per decision (1000 unless only ``time`` is set)
    time: float | None = Field(None, gt=0)  # seconds per decision; with ``iters`` too, whichever ends first
    rollout: Literal["random", "greedy", "game"] = "random"
    # plies rolled out past the tree before the evaluation scores the leaf; 0: evaluate the new node at once;
    # "end": roll out to the end of the game (also what a game without an evaluation always gets)
    depth: int | str = 10
    c: float = Field(0.7, gt=0)  # UCT exploration constant (values are on the ±1 returns scale)
    scale: float | None = Field(None, gt=0)  # evaluation squashing: tanh(evaluate / scale)
    prior: int = Field(0, ge=0, le=1000)  # virtual visits of a child's one-ply evaluation (0: none)
    stop: bool = True  # end the search once the most visited move cannot be overtaken
    style: str | None = None  # the game's play style (its evaluation), see kansei.agents.hints
    # what scores a leaf: the game's evaluation squashed by ``scale`` ("eval"), or its learned chance of
    # winning (kansei.agents.learned, ``kansei train GAME``)
    value: Literal["eval", "learned"] = "eval"
    # search the very state it is given, never resampling it: in a determinised world (all ``choose`` ever
    # gives) that is one guess searched as if certain; the clairvoyant ceiling of ``kansei.sim.ceiling``
    # is this agent handed the real state
    open: bool = False

    @field_validator("depth", mode="before")
    @classmethod
    def _depth(cls, v: object) -> int | str:
        if v == "end" or (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
            return v
        raise ValueError("must be a number of plies (0 or more) or end")

    @model_validator(mode="after")
    def _budget(self) -> MctsParams:
        if self.iters is None and self.time is None:
            object.__setattr__(self, "iters", DEFAULT_ITERS)
        return self


class _Node:
    """A tree node: the statistics of the action that led here, from the view of the seat that took it.

    ``n`` and ``w`` include the virtual visits of the prior; ``visits`` counts real iterations only."""

    __slots__ = ("children", "seat", "n", "w", "avail", "visits")

    def __init__(self, seat: int):
        self.children: dict[str, _Node] = {}
        self.seat = seat  # the seat that moved into this node (whose return ``w`` sums)
        self.n = 0.0  # visits, virtual ones included
        self.w = 0.0  # summed returns of ``seat``, virtual ones included
        self.avail = 0  # iterations in which this node's action was available at its parent
        self.visits = 0  # real visits


@dataclass(frozen=True)
class Choice:
    """One root action after a search: real visits, the mean value for the seat that takes it, and that
    mean as its expected return (the prior's virtual visits left out where there were real ones)."""

    notation: str
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the root's actions, most visited first, the expected return of every seat at
    the root (``values[seat]``, on the returns scale), and the iterations run."""

    choices: list[Choice]
    values: list[float]
    iterations: int

    def best(self) -> Choice | None:
        return self.choices[0] if self.choices else None

    def choice(self, notation: str) -> Choice | None:
        for c in self.choices:
            if c.notation == notation:
                return c
        return None


def _trusted(cls: type[State]) -> Callable[[State, Action], Any]:
    """How the search steps a sampled world. Its actions come from that world's own legal list and the game
    is known not to be over, so ``State.apply``'s checks are redundant: step with ``State.advance``. A game
    that overrides ``apply`` itself keeps it."""
    if cls.apply is not State.apply:
        return cls.apply
    return cls.advance


class MctsAgent(Agent):
    """Single-observer ISMCTS: UCT with availability counts, random/greedy/game rollouts, optional depth cut,
    optional one-ply priors."""

    kind = "mcts"
    Params = MctsParams
    params: MctsParams

    def __init__(self, seed: int = 0, **params: Any):
        super().__init__(seed=seed, **params)
        self.clock: Callable[[], float] = time.perf_counter  # injectable for tests of the time budget
        self.last_iterations = 0  # iterations of the last search (for tests and benchmarks)
        self.last_root: _Node | None = None
        self.last_values: list[float] = []

    # ------------------------------------------------------------------------------------------ search
    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, seat)
        best = None
        best_key: tuple[float, float] = (-1.0, -math.inf)
        for a in legal:  # most visited; ties to the better mean, then to the first listed
            ch = root.children.get(a.notation)
            if ch is None:
                continue
            key = (float(ch.visits), ch.w / ch.n if ch.n else -math.inf)
            if key > best_key:
                best, best_key = a, key
        return best if best is not None else legal[0]

    def analyse(
        self, state: State, seat: int, sample: Sampler | None = None, ensure: str | None = None
    ) -> SearchResult:
        """Search ``state`` for ``seat`` and report every root action (the coach's and the hint's view).

        ``sample`` draws each iteration's world (default: ``state.determinize(seat, rng)``); ``ensure``: the
        notation of a root action that gets at least a quarter of the visits, so its value is measured as
        well as the best one's (the root's ``values`` leave those forced iterations out)."""
        root = self.search(state, seat, sample=sample, ensure=ensure)
        rows = []
        for key, ch in root.children.items():
            if ch.visits:
                rows.append(Choice(key, ch.visits, ch.w / ch.n))
        rows.sort(key=lambda c: (-c.visits, -c.value))
        return SearchResult(rows, list(self.last_values), self.last_iterations)

    def search(
        self,
        state: State,
        seat: int,
        sample: Sampler | None = None,
        ensure: str | None = None,
    ) -> _Node:
        """Run the budget from ``state`` (a determinised copy) for ``seat``; returns the root node."""
        p = self.params
        game = state.game
        rng = self.rng
        rand = rng.random
        c = p.c
        log = math.log
        sqrt = math.sqrt
        tanh = math.tanh
        n_seats = len(state.returns())
        seats = range(n_seats)
        if sample is None:
            if p.open:
                sample = state.clone
            else:

                def sample() -> State:
                    return state.determinize(seat, rng)

        evaluate_all = hint(game, "evaluate_all") if p.style is None else None
        evaluate: Evaluate = evaluator(game, p.style)
        learned = require(game) if p.value == "learned" else None
        has_eval = (
            own_evaluate(game) is not None
            or evaluate_all is not None
            or p.style is not None
            or learned is not None
        )
        depth = p.depth if isinstance(p.depth, int) and has_eval else None
        fixed_scale = p.scale or hint(game, "eval_scale")
        abs_sum = 0.0  # running mean of |evaluation| for the adaptive scale
        abs_n = 0

        rollout = p.rollout
        game_policy = hint(game, "rollout_action") if rollout == "game" else None
        greedy = rollout == "greedy"
        prior = float(p.prior) if has_eval else 0.0

        iters = p.iters
        clock = self.clock
        started = clock()
        deadline = None if p.time is None else started + p.time
        stop = p.stop and ensure is None

        step = _trusted(type(state))
        root = _Node(-1)
        totals = [0.0] * n_seats  # summed returns of every seat at the root (unforced iterations)
        counted = 0
        path: list[_Node] = []
        done = 0
        while True:
            if iters is not None and done >= iters:
                break
            if deadline is not None and done > 0 and clock() >= deadline:
                break
            if (
                stop
                and done
                and done % STOP_EVERY == 0
                and self._settled(root, done, iters, deadline, started)
            ):
                break
            s = sample()
            node = root
            path.clear()
            natural = True  # the root's action was chosen by the search, not forced by ``ensure``
            # -- selection and expansion ---------------------------------------------------------
            while not s.is_over:
                legal = s.legal_actions()
                children = node.children
                if prior:
                    for a in legal:  # one-ply priors for actions seen for the first time here
                        if a.notation not in children:
                            mover = cast(int, s.to_move)
                            child = s.clone()
                            step(child, a)
                            if child.is_over:
                                value = child.returns()[mover]
                            elif learned is not None:
                                value = learned(child, mover)
                            else:
                                v = evaluate(child, mover)
                                if fixed_scale:
                                    scale = fixed_scale
                                else:
                                    abs_sum += v if v >= 0 else -v
                                    abs_n += 1
                                    scale = abs_sum / abs_n or 1.0
                                value = tanh(v / scale)
                            known = _Node(mover)
                            known.n = prior
                            known.w = prior * value
                            children[a.notation] = known
                fresh = None
                k = 0
                best = None
                best_u = -math.inf
                for a in legal:
                    ch = children.get(a.notation)
                    if ch is None:
                        k += 1
                        if k == 1 or rand() * k < 1.0:  # uniform among the unexpanded, in one pass
                            fresh = a
                    else:
                        ch.avail += 1
                        if k == 0:
                            u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                            if u > best_u:
                                best_u, best = u, (a, ch)
                if node is root and ensure is not None:  # the coach's action keeps its share of visits
                    forced = children.get(ensure)
                    if forced is None or forced.visits < ENSURE_SHARE * root.visits:
                        for a in legal:
                            if a.notation == ensure:
                                if forced is None:
                                    fresh = a
                                else:
                                    fresh, best = None, (a, forced)
                                natural = False
                                break
                if fresh is not None:
                    ch = _Node(cast(int, s.to_move))
                    ch.avail = 1
                    children[fresh.notation] = ch
                    path.append(ch)
                    step(s, fresh)  # the trusted step (see ``_trusted``)
                    break
                assert best is not None
                a, node = best
                path.append(node)
                step(s, a)
                if node.visits == 0:  # a child known only by its prior: this is its first real visit
                    break
            # -- rollout ---------------------------------------------------------------------------
            steps = 0
            while not s.is_over:
                if depth is not None and steps >= depth:
                    break
                if greedy:
                    a = self._greedy_action(s, evaluate, step)
                elif game_policy is not None:
                    a = game_policy(s, rng)
                else:
                    legal = s.legal_actions()
                    a = legal[int(rand() * len(legal))]
                step(s, a)
                steps += 1
            # -- value -----------------------------------------------------------------------------
            if s.is_over:
                values = s.returns()
            elif learned is not None:
                values = learned.all(s, n_seats)
            else:
                raw = evaluate_all(s) if evaluate_all is not None else [evaluate(s, q) for q in seats]
                if fixed_scale:
                    scale = fixed_scale
                else:
                    for v in raw:
                        abs_sum += v if v >= 0 else -v
                    abs_n += n_seats
                    scale = abs_sum / abs_n or 1.0
                values = [tanh(v / scale) for v in raw]
            # -- backup ----------------------------------------------------------------------------
            for nd in path:
                nd.n += 1
                nd.w += values[nd.seat]
                nd.visits += 1
            if natural:
                counted += 1
                for q in seats:
                    totals[q] += values[q]
            root.n += 1
            root.visits += 1
            done += 1
        self.last_iterations = done
        self.last_root = root
        self.last_values = [t / counted for t in totals] if counted else [0.0] * n_seats
        return root

    def _settled(
        self, root: _Node, done: int, iters: int | None, deadline: float | None, started: float
    ) -> bool:
        """Whether the most visited root action is ahead by more than the iterations left could change."""
        first = second = 0
        for ch in root.children.values():
            v = ch.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        left = math.inf if iters is None else iters - done
        if deadline is not None:
            now = self.clock()
            rate = done / max(now - started, 1e-9)
            left = min(left, rate * max(deadline - now, 0.0))
        return first - second > left

    def _greedy_action(self, s: State, evaluate: Evaluate, step: Callable[[State, Action], Any]) -> Action:
        """One ply ahead with the evaluation for the seat to move; ties broken at random."""
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = cast(int, s.to_move)
        best: list[Action] = []
        best_v = -math.inf
        for a in legal:
            child = s.clone()
            step(child, a)
            v = evaluate(child, me)
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif v >= best_v - 1e-9:
                best.append(a)
        return best[int(self.rng.random() * len(best))]

    def stats(self) -> list[tuple[str, int, float]]:
        """(notation, visits, mean value) of the last search's root children, most visited first."""
        root = self.last_root
        if root is None:
            return []
        rows = [(k, ch.visits, ch.w / ch.n if ch.n else 0.0) for k, ch in root.children.items()]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))
