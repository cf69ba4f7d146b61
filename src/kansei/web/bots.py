"""Bots move in a pool of worker processes, so a search never blocks the server or another room.

A job carries the room's replay (game, options, seed, decks, setup, actions): the worker rebuilds the state
and asks the agent through ``kansei.agents.choose`` (which never shows a bot the real state). Every search
gets the server's per-move budget: agents with a time key are capped to it, and a move that is still not
back after the budget (and a grace period) is replaced by the first legal action, so a room never stalls.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from kansei.agents import choose, make_agent, parse_spec

from . import engine
from .db import RoomRow

# The strength menu of the lobby (any other agent spec is accepted too).
STRENGTHS: list[tuple[str, str]] = [
    ("random", "Random — picks any legal move"),
    ("greedy", "Greedy — best move one step ahead"),
    ("mcts:iters=200", "Search, quick (200 iterations)"),
    ("mcts:iters=1000", "Search, strong (1,000 iterations)"),
    ("mcts:time=2", "Search, thorough (2 s a move)"),
]


@dataclass(frozen=True)
class BotJob:
    """A bot's move to find: the room's stored game (its replay so far) and who thinks how."""

    room: RoomRow
    step: int
    actions: tuple[tuple[int | None, str], ...]
    spec: str
    seat: int
    agent_seed: int


def capped_spec(spec: str, budget: float) -> str:
    """The spec with its time key capped at ``budget`` seconds (if the agent has one)."""
    kind, params = parse_spec(spec)
    agent = make_agent(spec)
    if "time" in type(agent).Params.model_fields:
        t = params.get("time")
        params["time"] = budget if t is None else min(float(t), budget)
    keys = ",".join(f"{k}={v}" for k, v in params.items())
    return f"{kind}:{keys}" if keys else kind


def run_job(job: BotJob) -> tuple[str, int, str]:
    """In a worker: rebuild the room's state and choose the bot's move -> (room, step, notation)."""
    row = job.room
    state = engine.game_for(row.game, row.options).start(
        seed=row.seed, players=row.players, decks=row.decks, setup=row.setup or None
    )
    for seat, notation in job.actions:
        engine.apply(state, notation, seat)
    agent = make_agent(job.spec, seed=job.agent_seed)
    action = choose(agent, state, job.seat)
    return row.id, job.step, action.notation


def _warm() -> None:
    import kansei.agents.mcts  # noqa: F401  (the heaviest agent's imports)


def _watch_parent(parent: int) -> None:
    """In a worker: leave as soon as the server is gone (even a killed one), never linger as an orphan."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="kansei-watch-parent", daemon=True).start()


class BotPool:
    def __init__(self, workers: int | None = None):
        n = workers or max(1, min(4, (os.cpu_count() or 2)))
        # spawn: the server has threads (a fork would copy their locks mid-flight)
        self.executor = ProcessPoolExecutor(
            max_workers=n,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )
        for _ in range(n):  # start the workers now (imports included), not on the first bot move
            self.executor.submit(_warm)

    def submit(self, job: BotJob) -> Future[tuple[str, int, str]]:
        return self.executor.submit(run_job, job)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)  # a running move ends within its budget
