"""Bots think in a pool of worker processes, so a search never blocks the server or another room.

A room asks for its bot's move with :meth:`BotPool.request` (its id, and whether a person sits at its
table); when a worker is free the pool asks the hub for the job (``job_for``: the room's replay so far, the
checked spec and its deadline), the worker rebuilds the state and asks the agent through
``kansei.agents.choose`` (which never shows a bot the real state), and the answer goes to ``done``.

- **Fair.** Rooms with a person are served before bot-only rooms, each in the order they asked; a room has
  at most one move being thought at a time (so no room holds more than one worker); a person's room that
  finds every worker busy with bot-only rooms interrupts one of them (that room asks again, first in line).
- **Bounded.** Every move has its deadline (``BotJob.seconds``, from ``agents/limits.py``): the worker
  interrupts a search still running then (SIGALRM), whatever the agent, and answers "over"; a worker that
  does not answer within a grace period after that is killed and replaced. Nothing is left running.
- **Prompt to stop.** :meth:`BotPool.close` kills the workers at once: a thinking bot never holds up a
  shutdown (the move it was thinking is simply thought again after a restart).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from types import FrameType
from typing import Any, Literal

from kansei.agents import choose, make_agent
from kansei.core.protocol import State

from . import engine

# The lobby's bots besides each game's named levels (``level:NAME``, listed per game with their measured
# ratings): spec -> its label's key in the page's catalogue (static/i18n); any other agent spec within the
# server's limits is accepted too.
STRENGTHS: list[tuple[str, str]] = [
    ("random", "bot.random"),
    ("greedy", "bot.greedy"),
]

# A timed agent stops by itself at its budget; the alarm rings this much later (and 10% of the budget), for
# the agents that do not. The server waits GRACE more for the answer, then replaces the worker.
ALARM_MARGIN = 0.5
GRACE = 5.0

Outcome = Literal["move", "over", "error", "preempted", "lost"]


@dataclass(frozen=True)
class BotJob:
    """A bot's move to find: the room's stored game (its replay so far) and who thinks how, for how long."""

    room: str
    game: str
    options: dict
    seed: int
    players: int
    decks: list | None
    setup: dict | None
    step: int
    actions: tuple[tuple[int | None, str], ...]
    spec: str  # checked by agents/limits.py: within the server's limits, with a time budget if it keeps one
    seconds: float  # the move's wall-clock budget
    seat: int
    agent_seed: int
    # what is asked: the bot's move; the coach's hint to the seat to move (``kansei.agents.coach.hint``,
    # answered as JSON); or the coach's review of a finished game (``coach.review``, JSON)
    kind: Literal["move", "hint", "analysis"] = "move"


# ----------------------------------------------------------------------------------- in a worker
class _Stop(BaseException):
    """Raised in a worker by a signal: the search ends now (a BaseException: no agent swallows it)."""

    def __init__(self, why: Outcome):
        super().__init__(why)
        self.why: Outcome = why


_busy = False  # a job is being thought: only then does a signal stop anything
_seq = -1  # the job being thought
_preempt: Any = None  # shared with the server: the job it wants interrupted
_warm: set[str] = set()  # games whose bot hints this worker imported


def _on_alarm(_sig: int, _frame: FrameType | None) -> None:
    if _busy:
        raise _Stop("over")


def _on_preempt(_sig: int, _frame: FrameType | None) -> None:
    if _busy and _preempt is not None and _preempt.value == _seq:  # never a later job by a late signal
        raise _Stop("preempted")


def rebuild(job: BotJob) -> State:
    """The room's state, rebuilt from its replay so far."""
    game = engine.game_for(job.game, job.options)
    state = game.start(seed=job.seed, players=job.players, decks=job.decks, setup=job.setup or None)
    for seat, notation in job.actions:
        engine.apply(state, notation, seat)
    if job.game not in _warm:  # the game's bot hints imported before the clock runs, once per worker
        _warm.add(job.game)
        game.evaluate(state, job.seat)
    return state


def run_job(job: BotJob) -> str:
    """Rebuild the room's state and answer the job (the bot's move, or the coach's JSON), no deadline."""
    if job.kind != "move":
        return coach_job(job)
    state = rebuild(job)
    return choose(make_agent(job.spec, seed=job.agent_seed), state, job.seat).notation


def coach_job(job: BotJob, progress: Callable[[int, int], None] | None = None) -> str:
    """The coach's answer as JSON: a hint for the seat to move (from its information only), or the review
    of a finished game, every seat judged with its own information (``progress(done, total)`` after each
    action reviewed)."""
    from kansei.agents import coach

    if job.kind == "hint":
        state = rebuild(job)
        h = coach.hint(state, job.seat, spec=job.spec, seed=job.agent_seed)
        return json.dumps(
            {
                "move": h.move,
                "chance": h.chance,
                "iterations": h.iterations,
                "alternatives": [{"move": a.move, "chance": a.chance} for a in h.alternatives],
            }
        )
    start = BotJob(**{**job.__dict__, "actions": ()})
    state = rebuild(start)
    analysis = coach.review(
        state, [n for _, n in job.actions], spec=job.spec, seed=job.agent_seed, progress=progress
    )
    return json.dumps(analysis.to_dict())


def alarm_after(seconds: float) -> float:
    """When the worker's alarm rings for a move of ``seconds``: later than a timed agent stops by itself."""
    return seconds + ALARM_MARGIN + 0.1 * seconds


def _reporter(conn: Connection) -> Callable[[int, int], None]:
    """A review's progress, sent to the server as it goes (``("progress", "done/total")`` before the
    answer); the stopping signals wait while a report is written, so none can cut a message in half."""
    stopping = {signal.SIGALRM, signal.SIGUSR1}

    def report(done: int, total: int) -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
        try:
            conn.send(("progress", f"{done}/{total}"))
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)

    return report


def _think(job: BotJob, seq: int, conn: Connection | None = None) -> tuple[Outcome, str]:
    """One job, its search stopped by the alarm at its deadline or by the server's preemption; a review
    reports its progress on ``conn``."""
    global _busy, _seq
    _seq, _busy = seq, True
    try:
        if job.kind != "move":
            signal.setitimer(signal.ITIMER_REAL, alarm_after(job.seconds))
            report = _reporter(conn) if conn is not None and job.kind == "analysis" else None
            return "move", coach_job(job, report)
        state = rebuild(job)
        agent = make_agent(job.spec, seed=job.agent_seed)
        signal.setitimer(signal.ITIMER_REAL, alarm_after(job.seconds))
        return "move", choose(agent, state, job.seat).notation
    except _Stop as stop:
        return stop.why, ""
    except Exception as e:  # the bot could not move: the server plays for it
        return "error", engine.one_line(e)
    finally:
        _busy = False  # from here on no signal raises
        signal.setitimer(signal.ITIMER_REAL, 0)


def _worker_main(conn: Connection, parent: int, content: dict[str, str], preempt: Any) -> None:
    """A worker process: one job at a time from ``conn``, each answered with (outcome, text)."""
    global _busy, _preempt
    _preempt = preempt
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which stops its workers
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.signal(signal.SIGUSR1, _on_preempt)
    _watch_parent(parent)
    engine.configure({k: Path(v) for k, v in content.items()})
    import kansei.agents.mcts  # noqa: F401  (the heaviest agent's imports, before the first move)

    conn.send(("ready", ""))
    while True:
        try:
            seq, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = _think(job, seq, conn)
        except _Stop as stop:  # it came between the job's end and its clean-up
            _busy = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            reply = (stop.why, "")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


def _watch_parent(parent: int) -> None:
    """In a worker: leave as soon as the server is gone (even a killed one), never linger as an orphan."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="kansei-watch-parent", daemon=True).start()


# ----------------------------------------------------------------------------------- in the server
class _Worker:
    """One worker process and the server thread that feeds it jobs and keeps their deadlines."""

    def __init__(self, pool: BotPool, index: int):
        self.pool, self.index = pool, index
        self.proc: Any = None
        self.conn: Connection | None = None
        self.room: str | None = None  # the room whose move is being thought
        self.people = False
        self.preempted = False
        self.fresh = False  # spawned, not yet heard "ready"
        self.seq = 0  # jobs sent to this worker
        self.preempt_seq: Any = None  # shared with the process: the job to interrupt
        self.thread = threading.Thread(target=self._run, name=f"kansei-bot-{index}", daemon=True)

    def spawn(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # the server has threads: a fork would copy their locks
        ours, theirs = ctx.Pipe()
        self.preempt_seq = ctx.Value("q", -1, lock=False)
        proc = ctx.Process(
            target=_worker_main,
            args=(theirs, os.getpid(), {k: str(v) for k, v in self.pool.content.items()}, self.preempt_seq),
            name=f"kansei-bot-{self.index}",
            daemon=True,
        )
        proc.start()
        theirs.close()
        self.proc, self.conn, self.fresh = proc, ours, True

    def kill(self) -> None:
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        if proc is not None and proc.is_alive():
            proc.kill()
            proc.join(5)
        if conn is not None:
            conn.close()

    def preempt(self) -> None:
        """Interrupt the job being thought (called with the pool locked, while this worker has a room)."""
        proc = self.proc
        if proc is not None and proc.pid is not None and self.preempt_seq is not None:
            self.preempted = True
            self.preempt_seq.value = self.seq
            try:
                os.kill(proc.pid, signal.SIGUSR1)
            except OSError:
                pass

    def _ready(self) -> bool:
        """A fresh worker says "ready" once its imports are done."""
        conn = self.conn
        if conn is None:
            return False
        while not self.pool.closed:
            try:
                if conn.poll(0.5):
                    return bool(conn.recv()[0] == "ready")
            except (EOFError, OSError):
                return False
            if self.proc is None or not self.proc.is_alive():
                return False
        return False

    def _run(self) -> None:
        pool = self.pool
        while not pool.closed:
            if self.conn is None:
                self.spawn()
            if self.fresh:
                self.fresh = False
                if not self._ready():
                    if not pool.closed:
                        pool.on_error("a bot worker did not start; starting another")
                        self.kill()
                        pool.wait_closed(1.0)
                    continue
            picked = pool._next(self)
            if picked is None:
                return
            room, people = picked
            outcome: Outcome = "error"
            text = ""
            job: BotJob | None = None
            try:
                job = pool.job_for(room)
                if job is not None:
                    outcome, text = self._think(job)
            except Exception as e:  # never let a worker's thread die: the room is served by the fallback
                outcome, text = "error", engine.one_line(e)
            finally:
                if job is not None and outcome == "preempted":
                    self._report(job, "0/0")  # set aside for a person's move: it starts over
                again = pool._finished(self, room, people, outcome == "preempted")
            if job is not None and outcome != "preempted" and not pool.closed:
                try:
                    pool.done(job, outcome, text)
                except Exception as e:
                    pool.on_error(f"room {room}: bot move not applied: {engine.one_line(e)}")
            if again:
                pool.request(room, people)

    def _report(self, job: BotJob, progress: str) -> None:
        """A job's progress (``"done/total"``), to the server; a failure to record it is one line (the job
        goes on)."""
        try:
            done, _, total = progress.partition("/")
            self.pool.progress(job, int(done), int(total))
        except Exception as e:
            self.pool.on_error(f"room {job.room}: progress not recorded: {engine.one_line(e)}")

    def _think(self, job: BotJob) -> tuple[Outcome, str]:
        conn = self.conn
        assert conn is not None
        try:
            self.seq += 1
            conn.send((self.seq, job))
            deadline = time.monotonic() + alarm_after(job.seconds) + self.pool.grace
            while conn.poll(max(0.0, deadline - time.monotonic())):
                outcome, text = conn.recv()
                if outcome != "progress":
                    return outcome, text
                self._report(job, text)  # then read on: never leave the answer in the pipe
        except (EOFError, OSError):
            self.kill()
            return "lost", "the bot's worker process died"
        self.kill()  # deaf to its alarm (stuck outside Python): stopped, and a new worker takes its place
        return "over", ""


class BotPool:
    """Worker processes for bot moves (see the module's docstring)."""

    def __init__(
        self,
        workers: int | None,
        job_for: Callable[[str], BotJob | None],
        done: Callable[[BotJob, Outcome, str], None],
        *,
        content: Mapping[str, Path] | None = None,
        grace: float = GRACE,
        on_error: Callable[[str], None] = lambda msg: None,
        progress: Callable[[BotJob, int, int], None] = lambda job, done, total: None,
    ):
        self.job_for, self.done, self.grace, self.on_error = job_for, done, grace, on_error
        # a review's (job, actions reviewed, of how many) as it goes; (job, 0, 0): preempted, to start over
        self.progress = progress
        self.content = dict(content or {})
        self.closed = False
        self._cond = threading.Condition()
        self._people: deque[str] = deque()  # rooms with a person, in the order they asked
        self._bots: deque[str] = deque()  # bot-only rooms
        self._queued: dict[str, bool] = {}  # room -> people
        self._running: set[str] = set()
        self._again: dict[str, bool] = {}  # asked again while its move was being thought
        n = workers or max(1, min(4, os.cpu_count() or 2))
        self.workers = [_Worker(self, i) for i in range(n)]
        for w in self.workers:
            w.spawn()  # start every worker now (imports included), not on the first bot move
            w.thread.start()

    # -- asking ----------------------------------------------------------------------------------
    def request(self, room: str, people: bool) -> None:
        """Think the next move of ``room``'s bot (once: asking again while queued changes nothing)."""
        with self._cond:
            if self.closed:
                return
            if room in self._running:
                self._again[room] = self._again.get(room, False) or people
                return
            if room in self._queued:
                if people and not self._queued[room]:  # a person sat down: to the front queue
                    self._bots.remove(room)
                    self._people.append(room)
                    self._queued[room] = True
                return
            self._queued[room] = people
            (self._people if people else self._bots).append(room)
            if people:
                self._preempt_for_people()
            self._cond.notify()

    def _preempt_for_people(self) -> None:
        """Called locked: every worker busy and some thinking for bot-only rooms -> interrupt enough of
        them for the rooms with people waiting (the most recently started first: the least work lost)."""
        idle = sum(1 for w in self.workers if w.room is None)
        waiting = len(self._people) - idle - sum(1 for w in self.workers if w.preempted)
        if waiting <= 0:
            return
        for w in reversed([w for w in self.workers if w.room is not None and not w.people]):
            if waiting <= 0:
                break
            if not w.preempted:
                w.preempt()
                waiting -= 1

    def _next(self, worker: _Worker) -> tuple[str, bool] | None:
        """Block until there is a room to think for (people first); None once closed."""
        with self._cond:
            while not self.closed:
                for line, people in ((self._people, True), (self._bots, False)):
                    for room in line:
                        if room not in self._running:
                            line.remove(room)
                            del self._queued[room]
                            self._running.add(room)
                            worker.room, worker.people, worker.preempted = room, people, False
                            return room, people
                self._cond.wait()
            return None

    def _finished(self, worker: _Worker, room: str, people: bool, preempted: bool) -> bool:
        """The worker is done with ``room``; True if the room must ask again (preempted, or asked again)."""
        with self._cond:
            worker.room, worker.people, worker.preempted = None, False, False
            self._running.discard(room)
            again = self._again.pop(room, None)
            self._cond.notify_all()
            if preempted:  # first in its line again: its move was interrupted, not refused
                self._queued[room] = people
                self._bots.appendleft(room) if not people else self._people.appendleft(room)
                return False
            return again is not None

    def busy(self) -> int:
        """Rooms whose move is being thought or waits for a worker."""
        with self._cond:
            return len(self._running) + len(self._queued)

    def wait_closed(self, seconds: float) -> None:
        with self._cond:
            if not self.closed:
                self._cond.wait(seconds)

    # -- stopping ----------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop now: queued moves are dropped and thinking workers killed (nothing waits for a search)."""
        with self._cond:
            self.closed = True
            self._people.clear()
            self._bots.clear()
            self._queued.clear()
            self._cond.notify_all()
        for w in self.workers:
            w.kill()
        for w in self.workers:
            w.thread.join(2)
