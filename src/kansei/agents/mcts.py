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

``worlds=K`` trades the single information-set tree for perfect-information Monte Carlo (PIMC, Long,
Sturtevant, Buro & Furtak 2010): K worlds are sampled once, each is searched with a K-th of the budget as
if it were certain (every iteration of that tree starts from a copy of its world), and the move most
visited over the K trees is played. Each tree is sharp about its own world, at the price of "strategy
fusion" (a tree may plan on what its world's seat could not know); where the hidden part matters little to
the decision, that buys what more iterations buy a clairvoyant search.

The game hints the search uses are listed in :mod:`kansei.agents.hints`; none is required.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator, model_validator

from kansei.core.protocol import Action, Game, State

from .base import Agent, AgentParams
from .hints import Evaluate, evaluator, hint, own_evaluate, own_scratch_evaluate
from .learned import require
from .limits import ITERATIONS, SECONDS

if TYPE_CHECKING:  # the module that runs is chosen by ``engine()``
    from .search import Node


def pure() -> ModuleType:
    """The search loop as Python source (``search.py``), whether or not a compiled one is built."""
    found = sys.modules.get(_PURE)
    if found is None:
        spec = importlib.util.spec_from_file_location(_PURE, Path(__file__).with_name("search.py"))
        assert spec is not None and spec.loader is not None
        found = importlib.util.module_from_spec(spec)
        sys.modules[_PURE] = found
        spec.loader.exec_module(found)
    return found


def compiled() -> ModuleType | None:
    """The search loop compiled with mypyc (``python -m kansei.build --only search``), or None where it is not
    built or is older than its source (edited since: it would not run the same code)."""
    from . import search

    where = Path(str(getattr(search, "__file__", "")))
    if where.suffix == ".py":
        return None
    source = Path(__file__).with_name("search.py")
    if source.exists() and source.stat().st_mtime > where.stat().st_mtime:
        return None
    return search


def engine() -> ModuleType:
    """The search loop the agent runs: the compiled one where it is built and current, unless
    ``KANSEI_PURE`` is set."""
    if os.environ.get("KANSEI_PURE"):
        return pure()
    return compiled() or pure()


_PURE = "kansei.agents._search_source"

DEFAULT_ITERS = 1000
MAX_ITERS = 10_000_000  # no search may ask for more iterations a move
MAX_SECONDS = 3600.0  # nor for more seconds a move

Sampler = Callable[[], State]


class MctsParams(AgentParams):
    """Spec keys of ``mcts``: ``mcts:iters=2000``, ``mcts:time=0.5,rollout=greedy``, ``mcts:depth=end``.

    The defaults (1000 iterations, random rollouts cut at 10 plies, c = 0.7) were the strongest of those
    tried against the greedy bot in Touge at 1000 iterations (measured for issue 7); the named levels
    (``level:expert``) carry each game's tuned values."""

    # budgets must be positive and sane (refused in one line naming the bound); a server or a CLI holds
    # them to its own, tighter limits (kansei.agents.limits)
    iters: int | None = Field(
        None, gt=0, le=MAX_ITERS, json_schema_extra=ITERATIONS
    )  # iterations per decision (1000 unless only ``time`` is set)
    time: float | None = Field(
        None, gt=0, le=MAX_SECONDS, json_schema_extra=SECONDS
    )  # seconds per decision; with ``iters`` too, whichever ends first
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
    # score an evaluated leaf against the root's own evaluation: tanh((v - v_root) / scale), the scale the
    # mean |v - v_root| so far, so what a move changes counts, not what the position already is
    relative: bool = False
    # search the very state it is given, never resampling it: in a determinised world (all ``choose`` ever
    # gives) that is one guess searched as if certain; the clairvoyant ceiling of ``kansei.sim.ceiling``
    # is this agent handed the real state
    open: bool = False
    # perfect-information Monte Carlo (PIMC; Long et al. 2010): split the budget over this many sampled
    # worlds, search each as if it were certain (one tree per world), and play the move most visited over
    # all of them. 1: one information-set tree over a fresh world every iteration (ISMCTS)
    worlds: int = Field(1, ge=1, le=1000)
    # root parallelisation (Chaslot, Winands & van den Herik 2008): split the budget over this many
    # independent information-set trees, each sampling a fresh world every iteration as one tree does, and
    # play the move most visited over all of them; 1: one tree
    trees: int = Field(1, ge=1, le=64)

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
        if self.trees > 1 and self.worlds > 1:
            raise ValueError("trees and worlds split the budget two ways: give one of them")
        return self


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
        self.last_root: Node | None = None
        self.last_values: list[float] = []
        self.last_counted = 0

    def check_game(self, game: Game) -> None:
        """A learned value needs the game's weights, a style the game's evaluation of it (one line each)."""
        evaluator(game, self.params.style)
        if self.params.value == "learned":
            require(game)

    # ------------------------------------------------------------------------------------------ search
    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        p = self.params
        if p.worlds > 1 and not p.open:
            root = self.pimc(state, seat)
        elif p.trees > 1:
            root = self.forest(state, seat)
        else:
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

    def pimc(self, state: State, seat: int) -> Node:
        """One tree per sampled world (``worlds=K``), each searched with a K-th of the budget as if the
        world were certain; returns a root whose children add up the K roots' (visits, values), so the
        move, :meth:`stats` and ``last_root`` speak for the whole vote."""
        k = self.params.worlds
        iters, seconds = self._share(k)
        roots = []
        done = 0
        for _ in range(k):
            world = state.determinize(seat, self.rng, events=False)
            roots.append(self.search(world, seat, sample=world.clone, iters=iters, seconds=seconds))
            done += self.last_iterations
        return self._summed(roots, seat, done)

    def forest(
        self,
        state: State,
        seat: int,
        sample: Sampler | None = None,
        ensure: str | None = None,
        iters: int | None = None,
        seconds: float | None = None,
    ) -> Node:
        """Root parallelisation (``trees=K``): K independent information-set trees, each with a K-th of the
        budget (``iters`` and ``seconds``, by default the spec's) and a fresh world every iteration (as
        :meth:`search` alone), searched one after another; returns a root whose children add up the K
        roots' (visits, values), as :meth:`pimc`'s does, and ``last_values`` is the mean over every counted
        iteration of the K."""
        k = self.params.trees
        iters, seconds = self._share(k, iters, seconds)
        roots = []
        totals = [0.0] * len(state.returns())  # each seat's value, weighted by the iterations behind it
        done = counted = 0
        for _ in range(k):
            roots.append(self.search(state, seat, sample=sample, ensure=ensure, iters=iters, seconds=seconds))
            done += self.last_iterations
            counted += self.last_counted
            totals = [t + v * self.last_counted for t, v in zip(totals, self.last_values, strict=True)]
        merged = self._summed(roots, seat, done)
        self.last_counted = counted
        self.last_values = [t / counted for t in totals] if counted else [0.0] * len(totals)
        return merged

    def _share(
        self, k: int, iters: int | None = None, seconds: float | None = None
    ) -> tuple[int | None, float | None]:
        """A K-th of a budget, by default the spec's: its iterations and its seconds."""
        if iters is None and seconds is None:
            iters, seconds = self.params.iters, self.params.time
        return (None if iters is None else max(1, iters // k)), (None if seconds is None else seconds / k)

    def _summed(self, roots: list[Node], seat: int, done: int) -> Node:
        """One root holding the sum of ``roots``' visits and values, child by child; it becomes
        ``last_root``, so the move, :meth:`stats` and ``last_iterations`` (``done``) speak for them all."""
        new_node = engine().Node
        merged = new_node(seat)
        for root in roots:
            merged.n += root.n
            merged.w += root.w
            merged.visits += root.visits
            for key, ch in root.children.items():
                into = merged.children.get(key)
                if into is None:
                    into = merged.children[key] = new_node(ch.seat)
                into.n += ch.n
                into.w += ch.w
                into.visits += ch.visits
                into.avail += ch.avail
        self.last_iterations = done
        self.last_root = merged
        return merged

    def analyse(
        self,
        state: State,
        seat: int,
        sample: Sampler | None = None,
        ensure: str | None = None,
        budget: float = 1.0,
    ) -> SearchResult:
        """Search ``state`` for ``seat`` and report every root action (the coach's and the hint's view).

        ``sample`` draws each iteration's world (default: ``state.determinize(seat, rng)``); ``ensure``: the
        notation of a root action that gets at least a quarter of the visits, so its value is measured as
        well as the best one's (the root's ``values`` leave those forced iterations out); ``budget``: the
        spec's iterations and seconds times that (the coach's second look at a move it faults). With
        ``trees=K`` it searches as :meth:`forest` does (a K-th of that budget per tree, their roots added
        up, ``values`` over all K), so the hint and the review see what the level plays."""
        p = self.params
        iters = None if p.iters is None else max(1, round(p.iters * budget))
        seconds = None if p.time is None else p.time * budget
        search = self.forest if p.trees > 1 else self.search
        root = search(state, seat, sample=sample, ensure=ensure, iters=iters, seconds=seconds)
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
        iters: int | None = None,
        seconds: float | None = None,
    ) -> Node:
        """Run the budget (``iters`` and ``seconds``, by default the spec's) from ``state`` (a determinised
        copy) for ``seat``; returns the root node."""
        p = self.params
        if iters is None and seconds is None:
            iters, seconds = p.iters, p.time
        game = state.game
        rng = self.rng
        n_seats = len(state.returns())
        if sample is None:
            if p.open:
                sample = state.clone
            else:

                def sample() -> State:  # a world for search only: it keeps no event log
                    return state.determinize(seat, rng, events=False)

        evaluate_all = hint(game, "evaluate_all") if p.style is None else None
        evaluate: Evaluate = evaluator(game, p.style)
        learned = require(game) if p.value == "learned" else None
        has_eval = (
            own_evaluate(game) is not None
            or evaluate_all is not None
            or p.style is not None
            or learned is not None
        )
        depth = p.depth if isinstance(p.depth, int) and has_eval else -1
        policy = hint(game, "rollout_action") if p.rollout == "game" else None
        baseline = [0.0] * n_seats
        if p.relative and learned is None and has_eval and not state.is_over:
            raw = (
                evaluate_all(state)
                if evaluate_all is not None
                else [evaluate(state, q) for q in range(n_seats)]
            )
            baseline = [float(v) for v in raw]
        clock = self.clock
        started = clock()
        search = engine().Search(
            sample,
            _trusted(type(state)),
            rng.random,
            rng,
            evaluate,
            own_scratch_evaluate(game, p.style),
            evaluate_all,
            learned.all if learned is not None else None,
            learned if learned is not None else None,
            policy,
            n_seats,
            p.c,
            float(p.prior) if has_eval else 0.0,
            depth,
            p.rollout == "greedy",
            float(p.scale or hint(game, "eval_scale") or 0.0),
            clock,
            baseline,
        )
        search.run(
            iters if iters is not None else -1,
            started + seconds if seconds is not None else -1.0,
            p.stop and ensure is None,
            ensure,
            started,
        )
        done, counted = search.done, search.counted
        self.last_iterations = done
        self.last_counted = counted  # the iterations ``last_values`` averages (forced ones left out)
        self.last_root = search.root
        self.last_values = [t / counted for t in search.totals] if counted else [0.0] * n_seats
        return search.root

    def stats(self) -> list[tuple[str, int, float]]:
        """(notation, visits, mean value) of the last search's root children, most visited first."""
        root = self.last_root
        if root is None:
            return []
        rows = [(k, ch.visits, ch.w / ch.n if ch.n else 0.0) for k, ch in root.children.items()]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))
