"""Where games are played: in this process, on a local process pool (the default), or on a Ray cluster.

Jobs go out in chunks. The first chunks are small; once a few have come back the chunk size is set so a
chunk takes about ``CHUNK_SECONDS`` of play (a second locally, a few on Ray), which keeps the cost of
shipping work and writing results to a few percent, and the last chunks are cut smaller so no worker
idles at the end. Every finished chunk is handed to ``on_rows`` at once (the runner writes it to the
Parquet dataset), so an interrupted run loses at most the chunks in flight.
"""

from __future__ import annotations

import math
import os
import socket
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from kansei.core.errors import KanseiError

from .errors import BackendError, WorkerLost
from .plan import Job, Tables
from .play import play_chunk, pool_chunk, pool_init

Rows = list[dict[str, Any]]
BACKENDS = ("local", "ray")
CHUNK_SECONDS = {"inline": 0.5, "local": 1.0, "ray": 3.0}
FIRST_CHUNK = 4  # games in each of the first chunks, before the time per game is known


class Chunker:
    """Cuts the pending jobs into chunks sized from the play time measured so far."""

    def __init__(self, jobs: Sequence[Job], workers: int, target: float):
        self.pending: deque[Job] = deque(jobs)
        self.workers = max(1, workers)
        self.target = target
        self.games = 0
        self.seconds = 0.0

    def record(self, rows: Rows) -> None:
        self.games += len(rows)
        self.seconds += sum(float(r.get("seconds", 0.0)) for r in rows)

    def next(self) -> list[Job]:
        if not self.pending:
            return []
        if self.games < FIRST_CHUNK * self.workers:
            size = FIRST_CHUNK
        else:
            per_game = self.seconds / self.games if self.games else 0.01
            size = max(1, int(self.target / max(per_game, 1e-6)))
        # near the end, split what is left evenly so every worker finishes about together
        size = max(1, min(size, math.ceil(len(self.pending) / self.workers)))
        return [self.pending.popleft() for _ in range(min(size, len(self.pending)))]

    def chunks(self) -> Iterator[list[Job]]:
        while True:
            c = self.next()
            if not c:
                return
            yield c


def run_inline(tables: Tables, jobs: Sequence[Job], on_rows: Callable[[Rows], None]) -> None:
    chunker = Chunker(jobs, 1, CHUNK_SECONDS["inline"])
    for chunk in chunker.chunks():
        rows = play_chunk(tables, chunk)
        chunker.record(rows)
        on_rows(rows)


def run_local(tables: Tables, jobs: Sequence[Job], workers: int, on_rows: Callable[[Rows], None]) -> None:
    chunker = Chunker(jobs, workers, CHUNK_SECONDS["local"])
    pool = ProcessPoolExecutor(max_workers=workers, initializer=pool_init, initargs=(tables,))
    inflight: set[Future[Rows]] = set()
    try:
        while True:
            while len(inflight) < 2 * workers:
                chunk = chunker.next()
                if not chunk:
                    break
                inflight.add(pool.submit(pool_chunk, chunk))
            if not inflight:
                break
            done, inflight = wait(inflight, return_when=FIRST_COMPLETED)
            for fut in done:
                rows = fut.result()
                chunker.record(rows)
                on_rows(rows)
    except BaseException as e:
        for fut in inflight:
            fut.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        if isinstance(e, BrokenProcessPool):  # from a result or from submitting more work
            raise WorkerLost("a worker process died (killed, or out of memory)") from None
        raise
    pool.shutdown(wait=True)


def _check_address(address: str) -> None:
    """One clear line if a ``host:port`` (or ``ray://host:port``) address does not answer."""
    if address in ("auto", "local"):
        return
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(f"Ray address {address!r} is not host:port, ray://host:port or auto")
    try:
        with socket.create_connection((host, int(port)), timeout=3):
            pass
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise BackendError(f"Ray at {address} does not answer ({reason})") from None


def ray_start(address: str | None, workers: int | None) -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("the Ray backend needs Ray: pip install 'kansei[lab]'") from None
    if ray.is_initialized():
        return ray
    if address:
        _check_address(address)
    try:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False)
    except Exception as e:  # ray raises ConnectionError, RuntimeError, ValueError... one line for each
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise BackendError(f"Ray could not start at {address or 'this machine'}: {first[:200]}") from None
    return ray


def run_ray(
    tables: Tables,
    jobs: Sequence[Job],
    workers: int | None,
    address: str | None,
    on_rows: Callable[[Rows], None],
) -> None:
    ray = ray_start(address, workers)
    slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = ray.remote(num_cpus=1, max_retries=3)(play_chunk)
    tables_ref = ray.put(tables)
    chunker = Chunker(jobs, slots, CHUNK_SECONDS["ray"])
    inflight: list[Any] = []
    try:
        while True:
            while len(inflight) < 2 * slots:
                chunk = chunker.next()
                if not chunk:
                    break
                inflight.append(remote.remote(tables_ref, chunk))
            if not inflight:
                break
            done, inflight = ray.wait(inflight, num_returns=1)
            for ref in done:
                rows = _ray_result(ray, ref)
                chunker.record(rows)
                on_rows(rows)
    except BaseException:
        for ref in inflight:
            ray.cancel(ref, force=True)
        raise


def _ray_result(ray: Any, ref: Any) -> Rows:
    """A finished chunk's rows; a worker's own one-line error (other content on a node) stays one line."""
    try:
        rows: Rows = ray.get(ref)
    except Exception as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, KanseiError):
            raise BackendError(str(cause).splitlines()[0]) from None
        if type(e).__name__ in ("WorkerCrashedError", "NodeDiedError", "ActorDiedError", "RaySystemError"):
            raise WorkerLost(f"a Ray worker or node was lost ({type(e).__name__})") from None
        raise
    return rows


def run_jobs(
    tables: Tables,
    jobs: Sequence[Job],
    on_rows: Callable[[Rows], None],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> None:
    """Play ``jobs``, handing each finished chunk's rows to ``on_rows`` (in the order chunks finish)."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r} (valid: {', '.join(BACKENDS)})")
    if address and backend != "ray":
        raise BackendError("--address needs --backend ray")
    if not jobs:
        return
    if backend == "ray":
        run_ray(tables, jobs, workers, address, on_rows)
        return
    n = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    if n == 1:
        run_inline(tables, jobs, on_rows)
    else:
        run_local(tables, jobs, n, on_rows)


__all__ = ["BACKENDS", "BackendError", "Chunker", "WorkerLost", "run_jobs"]
