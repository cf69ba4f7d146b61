"""Playing many games: one game between agents, and a batch of them over a local process pool.

Every game is seeded on its own (``derive_seed(seed, index)``) and every agent on its own
(``derive_seed(game seed, seat, spec)``), so a batch gives the same results whatever the number of workers
and whatever order the workers finish in.

A batch stops promptly on the first Ctrl-C (workers ignore SIGINT; the parent stops them) or when a worker
process dies: :class:`RunStopped` then carries every game finished so far, so a caller can still report and
save them. A :class:`~kansei.core.errors.KanseiError` raised in a worker comes back whole.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from kansei.agents import choose, make_agent
from kansei.core.protocol import Game
from kansei.core.registry import load
from kansei.core.replay import make_replay
from kansei.core.rng import derive_seed


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]  # agent spec per seat
    returns: list[float]
    winner: int | None
    actions: int
    replay: dict | None = None
    # CPU seconds each seat's agent spent on each of its decisions (forced moves, which ask no agent, left
    # out): what one core spends, whatever else the machine is running
    think: list[list[float]] | None = None


class RunStopped(Exception):
    """A batch stopped before its end (Ctrl-C, a worker process lost). ``results``: the games finished, in
    job order; ``reason``: one line for a person."""

    def __init__(self, results: list[GameResult], reason: str, interrupted: bool = False):
        super().__init__(reason)
        self.results = results
        self.reason = reason
        self.interrupted = interrupted


def play_game(
    game_id: str,
    options: dict,
    specs: Sequence[str],
    seed: int,
    players: int | None = None,
    decks: list | None = None,
    record: bool = False,
    index: int = 0,
    _cache: dict | None = None,
    sees_all: frozenset[str] = frozenset(),
) -> GameResult:
    """Play one game; ``specs[i]`` plays seat i. Agents see determinised copies only (agents.choose), except
    those whose spec is in ``sees_all``: they are handed (a copy of) the real state, every hidden card and
    the future dice. That is for measuring the clairvoyant ceiling (kansei.sim.ceiling) and nothing else."""
    game = _game(game_id, options, _cache if _cache is not None else {})
    n = players or len(specs)
    state = game.start(seed=seed, players=n, decks=decks)
    agents = [make_agent(spec, seed=derive_seed(seed, seat, spec)) for seat, spec in enumerate(specs)]
    notations: list[str] = []
    think: list[list[float]] = [[] for _ in range(n)]
    clock = time.thread_time
    actions = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) > 1:
            t0 = clock()
            if specs[seat] in sees_all:
                a = agents[seat].act(state.clone(), seat)
            else:
                a = choose(agents[seat], state, seat)
            think[seat].append(clock() - t0)
        else:
            a = state.legal_actions()[0]
        state.apply(a, seat=seat)
        actions += 1
        if record:
            notations.append(a.notation)
    rep = None
    if record:
        rep = make_replay(game_id, game.options_dict, seed, n, decks, None, notations, state, list(specs))
    return GameResult(index, seed, list(specs), state.returns(), state.winner, actions, rep, think)


def _game(game_id: str, options: dict, cache: dict) -> Game:
    key = (game_id, tuple(sorted(options.items())))
    game = cache.get(key)
    if game is None:
        game = cache[key] = load(game_id, **options)
    return game


_WORKER_CACHE: dict[Any, Game] = {}  # games loaded once per worker process


def _init_worker() -> None:
    # The terminal sends Ctrl-C to the whole process group: the parent alone decides what to do with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_chunk(args: tuple) -> list[GameResult]:
    game_id, options, jobs, players, record, decks, sees_all = args
    return [
        play_game(game_id, options, specs, seed, players, decks, record, index, _WORKER_CACHE, sees_all)
        for index, specs, seed in jobs
    ]


@contextmanager
def _ignoring_sigint() -> Iterator[None]:
    """While cleaning up after a stop, a second Ctrl-C must not interrupt the clean-up."""
    try:
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the worker processes now (games in progress are abandoned)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
    else:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            if proc.is_alive():
                proc.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def run_games(
    game_id: str,
    options: dict,
    jobs: Sequence[tuple[Sequence[str], int]],
    workers: int = 1,
    players: int | None = None,
    record: bool = False,
    progress: Callable[[int], None] | None = None,
    decks: list | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    sees_all: frozenset[str] = frozenset(),
) -> list[GameResult]:
    """Play ``jobs`` (seat specs, seed) and return the results in job order.

    ``on_result`` is called in this process for every game as soon as it is finished (to save it);
    :class:`RunStopped` is raised with the finished games on Ctrl-C or a lost worker."""
    indexed = [(i, list(specs), seed) for i, (specs, seed) in enumerate(jobs)]
    if not indexed:
        return []
    workers = max(1, min(int(workers or 1), len(indexed), os.cpu_count() or 1))
    results: list[GameResult] = []

    def done(part: list[GameResult]) -> None:
        for r in part:  # counted once handled: a stop never reports a game it did not save
            if on_result:
                on_result(r)
            results.append(r)
        if progress:
            progress(len(part))

    def finished() -> list[GameResult]:
        return sorted(results, key=lambda r: r.index)

    if workers == 1:
        cache: dict = {}
        try:
            for i, specs, seed in indexed:
                done([play_game(game_id, options, specs, seed, players, decks, record, i, cache, sees_all)])
        except KeyboardInterrupt:
            raise RunStopped(finished(), "interrupted", interrupted=True) from None
        return finished()
    # small chunks keep the progress bar moving, balance the load and lose little on a stop
    size = max(1, min(8, len(indexed) // (workers * 8) or 1))
    chunks = [indexed[i : i + size] for i in range(0, len(indexed), size)]
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker)
    try:
        pending: set[Future] = {
            pool.submit(_run_chunk, (game_id, options, c, players, record, decks, sees_all)) for c in chunks
        }
        while pending:
            complete, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in complete:
                done(fut.result())
    except KeyboardInterrupt:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise RunStopped(finished(), "interrupted", interrupted=True) from None
    except BrokenProcessPool:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise RunStopped(finished(), "a worker process died (out of memory or killed)") from None
    except BaseException:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise
    pool.shutdown(wait=True)
    return finished()
