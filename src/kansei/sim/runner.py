"""Playing many games: one game between agents, and a batch of them over a local process pool.

Every game is seeded on its own (``derive_seed(seed, index)``) and every agent on its own
(``derive_seed(game seed, seat, spec)``), so a batch gives the same results whatever the number of workers
and whatever order the workers finish in.

A batch stops promptly on the first Ctrl-C, whenever it comes, or when a worker process dies:
:class:`RunStopped` then carries every game finished before the signal, so a caller can still report and
save them. Results are handled (``on_result``: saved) as each chunk comes back, and only a few chunks per
worker are queued at a time. On Ctrl-C the game being played in each worker is abandoned, the games it had
finished come back, and the workers are stopped; further Ctrl-C change nothing (the stop is already bounded).
A :class:`~kansei.core.errors.KanseiError` raised in a worker comes back whole.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

from kansei.agents import choose, make_agent
from kansei.core.protocol import Game, State
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
    n = game.player_count(players if players is not None else len(specs))
    state = game.start(seed=seed, players=n, decks=decks)
    # what a record keeps of how the game began: every seat's deck as data, and who moved first
    dealt = recorded_decks(state, decks) if record else None
    first = state.first_mover if record else None
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
        rep = make_replay(
            game_id, game.options_dict, seed, n, dealt, None, notations, state, list(specs), first_mover=first
        )
    return GameResult(index, seed, list(specs), state.returns(), state.winner, actions, rep, think)


def recorded_decks(state: State, given: list | None) -> list | None:
    """Every seat's deck as the game began, as deck data (``state.deck_lists()``); a seat the game gives
    no deck data for keeps the spec it was given (a starter's name, or None)."""
    lists = state.deck_lists()
    specs = list(given) if given is not None else [None] * state.players
    out = [
        data if data is not None else (specs[i] if i < len(specs) else None) for i, data in enumerate(lists)
    ]
    return None if all(d is None for d in out) else out


def _game(game_id: str, options: dict, cache: dict) -> Game:
    key = (game_id, tuple(sorted(options.items())))
    game = cache.get(key)
    if game is None:
        game = cache[key] = load(game_id, **options)
    return game


_WORKER_CACHE: dict[Any, Game] = {}  # games loaded once per worker process
HARVEST_SECONDS = 10.0  # after a Ctrl-C: how long the workers have to hand back their finished games


class _Interrupted(BaseException):
    """Raised by the first Ctrl-C inside a game being played (a BaseException: no agent swallows it)."""


class _Interrupt:
    """Ctrl-C during a batch: the first one is remembered (and stops the game being played, if any); the
    others change nothing. ``forward`` passes it on (the parent to its workers)."""

    def __init__(self, forward: Callable[[], None] | None = None):
        self.requested = False
        self.playing = False
        self.forward = forward

    def __call__(self, _sig: int, _frame: FrameType | None) -> None:
        first = not self.requested
        self.requested = True
        if first and self.forward is not None:
            self.forward()
        if first and self.playing:
            raise _Interrupted


_WORKER_STOP = _Interrupt()


def _stopped_by(stop: _Interrupt, error: BaseException) -> bool:
    """Did a Ctrl-C end this game? ``_Interrupted`` itself, or any error raised once the stop was asked for:
    a library may wrap it (pydantic, building an agent's parameter model at its first import, turns it into
    a SchemaError), and a game the stop broke is abandoned like any other, never reported as a failure."""
    return isinstance(error, _Interrupted) or stop.requested


def _quiet_interrupt(unraisable: Any) -> None:
    """``sys.unraisablehook`` of a worker: a Ctrl-C that landed in a callback Python cannot raise from (a
    module lock's weak-reference callback, while the first game imports its agent) has done its work (the
    stop is asked; the chunk ends at the next game), so it prints nothing; anything else as Python would."""
    if isinstance(unraisable.exc_value, _Interrupted):
        return
    sys.__unraisablehook__(unraisable)


def _init_worker() -> None:
    # Ctrl-C reaches the workers (from the terminal's process group, or forwarded by the parent): the game
    # being played is abandoned and the chunk hands back the games it finished. A worker is born with SIGINT
    # blocked (:func:`_sigint_blocked`), so one that came while it was forking waits here for this handler.
    signal.signal(signal.SIGINT, _WORKER_STOP)
    sys.unraisablehook = _quiet_interrupt
    if hasattr(signal, "pthread_sigmask"):  # POSIX
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back while the pool forks its workers: a child inherits the mask, so a Ctrl-C that lands
    between the fork and the worker's own handler (Python's after-fork hooks, the parent's handler still in
    place) is delivered once :func:`_init_worker` has set that handler, never in the middle of the fork's
    clean-up, where it printed a traceback. The parent gets it when this block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # no POSIX signal masks
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _run_chunk(args: tuple) -> list[GameResult]:
    game_id, options, jobs, players, record, decks, sees_all = args
    out: list[GameResult] = []
    for index, specs, seed in jobs:
        if _WORKER_STOP.requested:
            break
        _WORKER_STOP.playing = True
        try:
            result = play_game(
                game_id, options, specs, seed, players, decks, record, index, _WORKER_CACHE, sees_all
            )
        except BaseException as error:
            if _stopped_by(_WORKER_STOP, error):
                break
            raise
        finally:
            _WORKER_STOP.playing = False
        out.append(result)
    return out


@contextmanager
def _on_sigint(handler: _Interrupt) -> Iterator[bool]:
    """``handler`` for SIGINT while the batch runs (True), or nothing where signals cannot be set (a thread:
    False, and KeyboardInterrupt is caught as before)."""
    try:
        old = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        yield False
        return
    try:
        yield True
    finally:
        signal.signal(signal.SIGINT, old)


def _signal_workers(pool: ProcessPoolExecutor) -> None:
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        if proc.is_alive() and proc.pid is not None:
            try:
                os.kill(proc.pid, signal.SIGINT)
            except OSError:
                pass


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
        interrupt = _Interrupt()
        with _on_sigint(interrupt):
            try:
                for i, specs, seed in indexed:
                    if interrupt.requested:
                        break
                    interrupt.playing = True
                    try:
                        result = play_game(
                            game_id, options, specs, seed, players, decks, record, i, cache, sees_all
                        )
                    except BaseException as error:
                        if _stopped_by(interrupt, error):
                            break
                        raise
                    finally:
                        interrupt.playing = False
                    done([result])
            except KeyboardInterrupt:  # signals not ours to set (a thread)
                raise RunStopped(finished(), "interrupted", interrupted=True) from None
        if interrupt.requested:
            raise RunStopped(finished(), "interrupted", interrupted=True)
        return finished()
    # small chunks keep the progress bar moving, balance the load and lose little on a stop
    size = max(1, min(8, len(indexed) // (workers * 8) or 1))
    chunks = iter([indexed[i : i + size] for i in range(0, len(indexed), size)])
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker)
    interrupt = _Interrupt(forward=lambda: _signal_workers(pool))
    pending: set[Future] = set()

    def top_up() -> None:  # a few chunks per worker in flight: results come back (and are saved) early
        while len(pending) < 2 * workers and not interrupt.requested:
            chunk = next(chunks, None)
            if chunk is None:
                return
            pending.add(pool.submit(_run_chunk, (game_id, options, chunk, players, record, decks, sees_all)))

    try:
        with _on_sigint(interrupt):
            with _sigint_blocked():  # the first submit forks every worker
                top_up()
            while pending and not interrupt.requested:
                complete, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                for fut in complete:
                    if interrupt.requested and fut.exception() is not None:
                        continue  # a chunk the stop broke as it came: harvested below like the rest
                    done(fut.result())
                top_up()
            if interrupt.requested:  # every game finished before the signal comes back, then the stop
                deadline = time.monotonic() + HARVEST_SECONDS
                while pending and time.monotonic() < deadline:
                    complete, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                    for fut in complete:
                        if not fut.cancelled() and fut.exception() is None:
                            done(fut.result())
    except KeyboardInterrupt:  # signals not ours to set (a thread)
        interrupt.requested = True
    except BrokenProcessPool:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise RunStopped(finished(), "a worker process died (out of memory or killed)") from None
    except BaseException:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise
    if interrupt.requested:
        with _ignoring_sigint():
            _stop_workers(pool)
        raise RunStopped(finished(), "interrupted", interrupted=True)
    pool.shutdown(wait=True)
    return finished()
