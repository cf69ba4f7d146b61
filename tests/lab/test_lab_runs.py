"""Runs: the same numbers on every backend and worker count; resume after a killed run plays only what
is missing; re-reports play nothing; a resume with other parameters is refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kansei.lab import backends, runner
from kansei.lab.backends import Chunker
from kansei.lab.errors import BackendError, RunError, Stopped
from kansei.lab.plan import Job
from kansei.lab.store import Run

HERE = Path(__file__).parent


def outcomes(folder: Path) -> list[tuple[int, int | None, list[float]]]:
    return [(r["index"], r["winner"], r["scores"]) for r in Run.open(folder).rows()]


class Count:
    def __init__(self) -> None:
        self.total = self.done = self.played = 0

    def begin(self, total: int, done: int) -> None:
        self.total, self.done = total, done

    def advance(self, games: int) -> None:
        self.played += games


def test_one_and_two_workers_give_the_same_numbers(tmp_path: Path) -> None:
    params = {"game": "labtoy", "games": 120, "seed": 5, "agents": ["greedy"]}
    _, one = runner.start("seats", params, out=tmp_path / "one", workers=1)
    _, two = runner.start("seats", params, out=tmp_path / "two", workers=2)
    assert one.to_dict() == two.to_dict()
    assert outcomes(tmp_path / "one") == outcomes(tmp_path / "two")


def test_ray_gives_the_same_numbers_as_the_local_pool(tmp_path: Path, ray_local: Any) -> None:
    params = {"game": "minid", "players": [2, 3], "games": 30, "seed": 3, "agents": ["random"]}
    _, local = runner.start("matchup", params, out=tmp_path / "local", workers=1)
    _, ray = runner.start("matchup", params, out=tmp_path / "ray", backend="ray", workers=2)
    assert local.to_dict() == ray.to_dict()
    assert outcomes(tmp_path / "local") == outcomes(tmp_path / "ray")


def test_a_ray_address_that_does_not_answer_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(BackendError, match=r"^Ray at 127\.0\.0\.1:9 does not answer"):
        backends._check_address("127.0.0.1:9")
    with pytest.raises(BackendError, match="--address needs --backend ray"):
        runner.start("matchup", {"game": "labtoy", "games": 20}, out=tmp_path / "x", address="127.0.0.1:9")


def test_chunks_grow_to_the_target_time_and_shrink_at_the_end() -> None:
    jobs = [Job(i, i, i, 2, (0, 0)) for i in range(1000)]
    c = Chunker(jobs, workers=2, target=1.0)
    first = c.next()
    assert len(first) == backends.FIRST_CHUNK
    c.record([{"seconds": 0.01}] * 8)  # 10 ms a game: 100 games a second
    assert len(c.next()) == 100
    while len(c.pending) > 60:
        c.next()
    assert len(c.next()) <= 30  # what is left is split between the workers


KILLED_RUN = """
import sys
sys.path.insert(0, {here!r})
from kansei.core import registry
from toygame import Toy
registry.register(Toy)
from kansei.lab import runner
runner.start("matchup", {params!r}, out={out!r}, workers=1)
"""


def test_resume_after_a_killed_run_plays_only_the_missing_games(tmp_path: Path) -> None:
    params = {"game": "labtoy", "games": 300, "seed": 1, "agents": ["random"], "options": {"delay": 0.002}}
    out = tmp_path / "killed"
    script = KILLED_RUN.format(here=str(HERE), params=params, out=str(out))
    proc = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(list((out / "games").glob("part-*.parquet"))) < 3:
            assert proc.poll() is None, "the run ended before it could be stopped"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    before = len(Run.open(out).done())
    assert 0 < before < 300
    with pytest.raises(RunError, match="is missing"):
        runner.report(out)
    count = Count()
    _, resumed = runner.resume(out, progress=count)
    assert (count.total, count.done, count.played) == (300, before, 300 - before)
    _, fresh = runner.start("matchup", params, out=tmp_path / "fresh", workers=2)
    assert resumed.to_dict() == fresh.to_dict()
    assert outcomes(out) == outcomes(tmp_path / "fresh")


def test_a_killed_worker_stops_the_run_in_one_line_and_resume_finishes_it(tmp_path: Path) -> None:
    crash = tmp_path / "crash"
    crash.write_text(str(os.getpid()))  # the calling process never dies; the first pool worker does
    params = {
        "game": "labtoy",
        "games": 200,
        "seed": 9,
        "options": {"crash_file": str(crash), "delay": 0.0002},
    }
    with pytest.raises(Stopped, match=r"a worker process died .*games are saved in .*kansei lab resume"):
        runner.start("matchup", params, out=tmp_path / "r", workers=2)
    count = Count()
    _, resumed = runner.resume(tmp_path / "r", progress=count, workers=2)
    assert count.done + count.played == 200
    _, fresh = runner.start("matchup", params, out=tmp_path / "fresh", workers=1)
    assert resumed.to_dict() == fresh.to_dict()


def test_a_finished_run_resumes_with_nothing_to_play_and_reports_without_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run, first = runner.start("matchup", {"game": "labtoy", "games": 40}, out=tmp_path / "r", workers=1)
    (run.folder / "report.html").unlink()

    def no_play(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(backends, "play_chunk", no_play)
    _, again = runner.report(run.folder)
    assert again.to_dict() == first.to_dict()
    assert (run.folder / "report.html").exists()
    count = Count()
    runner.resume(run.folder, progress=count)
    assert count.played == 0


def test_a_resume_with_other_parameters_is_refused(tmp_path: Path) -> None:
    run, _ = runner.start(
        "matchup", {"game": "labtoy", "games": 20, "seed": 2}, out=tmp_path / "r", workers=1
    )
    with pytest.raises(RunError, match=r"was made with games=20 \(not 30\), seed=2 \(not 3\)"):
        runner.resume(run.folder, {"games": 30, "seed": 3})
    runner.resume(run.folder, {"games": 20})  # the same parameter is fine


def test_a_lost_chunk_is_played_again_on_resume(tmp_path: Path) -> None:
    run, full = runner.start(
        "card",
        {"game": "labtoy", "games": 60, "cards": ["Ember"], "deck": "Red"},
        out=tmp_path / "c",
        workers=1,
    )
    rows = run.rows()
    for part in (run.folder / "games").glob("part-*.parquet"):
        part.unlink()
    run.write_rows([r for r in rows if r["index"] % 3])  # a third of the games lost
    count = Count()
    _, again = runner.resume(run.folder, progress=count)
    assert count.played == sum(1 for r in rows if r["index"] % 3 == 0)
    assert again.to_dict() == full.to_dict()


def test_an_existing_run_folder_is_not_overwritten(tmp_path: Path) -> None:
    runner.start("matchup", {"game": "labtoy", "games": 20}, out=tmp_path / "r", workers=1)
    with pytest.raises(RunError, match="already holds a run"):
        runner.start("matchup", {"game": "labtoy", "games": 20}, out=tmp_path / "r", workers=1)
