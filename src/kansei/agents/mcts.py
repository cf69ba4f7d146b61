"""Information-set Monte Carlo tree search (single-observer ISMCTS) for every game, through the protocol only.

One tree per decision, seen from the searching seat. Each iteration

1. samples a world: ``world.determinize(seat, rng)`` — a fresh guess at everything the seat cannot see
   (the other hands, every deck order, the future dice). The agent is itself given a determinised copy
   by :func:`kansei.agents.choose`, so it never holds the real state;
2. descends the tree with UCT over the actions *available in that sampled world*. Children are keyed by
   action notation, and each child counts how often it was available (``avail``), which replaces the
   parent's visit count in the exploration term (Cowling, Powley & Whitehouse 2012);
3. adds one child, then rolls out (random or greedy actions) for at most ``depth`` plies (10 by default),
   where the game's evaluation scores the position, or with ``depth=end`` to the end of the game;
4. backs up, into each node, the result of the seat that moved into it. Every seat maximises its own
   return (max^n), so it works for two players and for a field of six racers alike.

Values live on the returns scale: a terminal position backs up ``state.returns()`` (±1 for two players);
an evaluated leaf backs up ``tanh(evaluate(state, seat) / scale)``. ``scale`` comes from the spec, else
from the game's optional ``eval_scale`` attribute, else it is estimated from the evaluations seen so far
in this search (their mean absolute value), so a game needs no tuning to get sensible values.

Optional hints a game may offer, as attributes of its ``Game`` or, by the core's convention, as names in
its ``bots.py`` (none is required; see :func:`hint`):

- ``evaluate(state, seat)`` — the heuristic at depth-limited leaves and in greedy rollouts. A game
  without one (the base ``Game.evaluate`` knows only finished games) is rolled out to the end whatever
  ``depth`` says.
- ``evaluate_all(state) -> list[float]`` — every seat's evaluation at once (faster than one call per seat
  when the game computes shared terms once).
- ``eval_scale: float`` — a typical magnitude of ``evaluate`` for the tanh squashing.
- ``rollout_action(state, rng) -> Action`` — the game's own rollout policy (``rollout=game``; a game
  without one is rolled out at random). ``rng`` is a ``random.Random``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Literal, cast

from pydantic import Field, field_validator, model_validator

from kansei.core.protocol import Action, Game, State

from .base import Agent, AgentParams
from .limits import ITERATIONS, SECONDS

DEFAULT_ITERS = 1000


class MctsParams(AgentParams):
    """Spec keys of ``mcts``: ``mcts:iters=2000``, ``mcts:time=0.5,rollout=greedy``, ``mcts:depth=end``.

    The defaults (1000 iterations, random rollouts cut at 10 plies, c = 0.7) were the strongest of those
    tried against the greedy bot in Touge at 1000 iterations (measured for issue 7)."""

    # budgets must be positive (a zero or negative one is refused with the list of valid keys)
    iters: int | None = Field(
        None, gt=0, json_schema_extra=ITERATIONS
    )  # iterations per decision (1000 unless only ``time`` is set)
    time: float | None = Field(
        None, gt=0, json_schema_extra=SECONDS
    )  # seconds per decision; with ``iters`` too, whichever ends first
    rollout: Literal["random", "greedy", "game"] = "random"
    # plies rolled out past the tree before the evaluation scores the leaf; 0: evaluate the new node at once;
    # "end": roll out to the end of the game (also what a game without an evaluation always gets)
    depth: int | str = 10
    c: float = Field(0.7, gt=0)  # UCT exploration constant (values are on the ±1 returns scale)
    scale: float | None = Field(None, gt=0)  # evaluation squashing: tanh(evaluate / scale)

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
    """A tree node: the statistics of the action that led here, from the view of the seat that took it."""

    __slots__ = ("children", "seat", "n", "w", "avail")

    def __init__(self, seat: int):
        self.children: dict[str, _Node] = {}
        self.seat = seat  # the seat that moved into this node (whose return ``w`` sums)
        self.n = 0  # visits
        self.w = 0.0  # summed returns of ``seat``
        self.avail = 0  # iterations in which this node's action was available at its parent


def hint(game: Game, name: str):
    """A game's optional search hint ``name``: an attribute of the game, else a name in its ``bots.py``."""
    value = getattr(game, name, None)
    return value if value is not None else _bots(game, name)


def _bots(game: Game, name: str):
    """``name`` from the game's ``bots.py`` (the core's lookup by convention), or None."""
    part = getattr(game, "_part", None)
    if part is None:
        return None
    try:
        return part("bots", name)
    except (ImportError, TypeError):  # a game defined outside a package (a script, a test) has no bots.py
        return None


def _trusted(cls: type[State]) -> Callable[[State, Action], Any]:
    """How the search steps a sampled world. Its actions come from that world's own legal list and the game
    is known not to be over, so ``State.apply``'s checks are redundant: step with ``State.advance``. A game
    that overrides ``apply`` itself keeps it."""
    if cls.apply is not State.apply:
        return cls.apply
    return cls.advance


class MctsAgent(Agent):
    """Single-observer ISMCTS: UCT with availability counts, random/greedy rollouts, optional depth cut."""

    kind = "mcts"
    Params = MctsParams
    params: MctsParams

    def __init__(self, seed: int = 0, **params: Any):
        super().__init__(seed=seed, **params)
        self.clock: Callable[[], float] = time.perf_counter  # injectable for tests of the time budget
        self.last_iterations = 0  # iterations of the last search (for tests and benchmarks)
        self.last_root: _Node | None = None

    # ------------------------------------------------------------------------------------------ search
    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, seat)
        best = None
        best_key = (-1, -math.inf)
        for a in legal:  # most visited; ties to the better mean, then to the first listed
            ch = root.children.get(a.notation)
            if ch is None:
                continue
            key = (ch.n, ch.w / ch.n if ch.n else -math.inf)
            if key > best_key:
                best, best_key = a, key
        return best if best is not None else legal[0]

    def search(self, state: State, seat: int) -> _Node:
        """Run the budget from ``state`` (a determinised copy) for ``seat``; returns the root node."""
        p = self.params
        game = state.game
        rng = self.rng
        rand = rng.random
        determinize = state.determinize
        c = p.c
        log = math.log
        sqrt = math.sqrt
        tanh = math.tanh
        n_seats = len(state.returns())
        seats = range(n_seats)

        evaluate_all = hint(game, "evaluate_all")
        # the game's own evaluation: an override of Game.evaluate, else bots.evaluate (called directly)
        own_eval = game.evaluate if type(game).evaluate is not Game.evaluate else _bots(game, "evaluate")
        depth = (
            p.depth
            if isinstance(p.depth, int) and (own_eval is not None or evaluate_all is not None)
            else None
        )
        evaluate = own_eval or game.evaluate
        fixed_scale = p.scale or hint(game, "eval_scale")
        abs_sum = 0.0  # running mean of |evaluation| for the adaptive scale
        abs_n = 0

        rollout = p.rollout
        game_policy = hint(game, "rollout_action") if rollout == "game" else None
        greedy = rollout == "greedy"

        iters = p.iters
        deadline = None if p.time is None else self.clock() + p.time
        clock = self.clock

        step = _trusted(type(state))
        root = _Node(-1)
        path: list[_Node] = []
        done = 0
        while True:
            if iters is not None and done >= iters:
                break
            if deadline is not None and done > 0 and clock() >= deadline:
                break
            s = determinize(seat, rng)
            node = root
            path.clear()
            # -- selection and expansion ---------------------------------------------------------
            while not s.is_over:
                legal = s.legal_actions()
                children = node.children
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
            # -- rollout ---------------------------------------------------------------------------
            steps = 0
            while not s.is_over:
                if depth is not None and steps >= depth:
                    break
                if greedy:
                    a = self._greedy_action(s, evaluate)
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
            root.n += 1
            done += 1
        self.last_iterations = done
        self.last_root = root
        return root

    def _greedy_action(self, s: State, evaluate: Callable[[State, int], float]) -> Action:
        """One ply ahead with the game's evaluation for the seat to move; ties broken at random."""
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = cast(int, s.to_move)
        best: list[Action] = []
        best_v = -math.inf
        for a in legal:
            child = s.clone()
            child.apply(a)
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
        rows = [(k, ch.n, ch.w / ch.n if ch.n else 0.0) for k, ch in root.children.items()]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))
