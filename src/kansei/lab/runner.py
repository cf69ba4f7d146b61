"""Running an experiment: prepare it, make its run folder, play what is missing, analyse and report.

``start`` begins a run; ``resume`` plays only the games a run is missing (after Ctrl-C, a killed worker or
a lost node) and refuses to go on with parameters other than the run's own; ``report`` analyses a run's
saved games again without playing any.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

import kansei
from kansei.core.errors import OptionError
from kansei.core.options import shorten
from kansei.core.registry import load

from .backends import run_jobs
from .content import pack, unpack
from .errors import RunError, Stopped, WorkerLost
from .experiments import EXPERIMENTS, Experiment, Result
from .experiments.observe import Observe
from .plan import GameRef, Job, Tables, plan_digest
from .store import Run

OBSERVATIONS = "observations.parquet"


class Progress(Protocol):
    def begin(self, total: int, done: int) -> None: ...

    def advance(self, games: int) -> None: ...


class Quiet:
    def begin(self, total: int, done: int) -> None:
        pass

    def advance(self, games: int) -> None:
        pass


def experiment(kind: str) -> Experiment:
    try:
        return EXPERIMENTS[kind]()
    except KeyError:
        raise OptionError(f"unknown experiment {shorten(kind)!r} (valid: {', '.join(EXPERIMENTS)})") from None


def _tables_meta(tables: Tables) -> dict[str, Any]:
    return {
        "games": [asdict(g) for g in tables.games],
        "decks": tables.decks,
        "agents": tables.agents,
        "shape": tables.shape,
        "contents": sorted(tables.contents),
    }


def _tables_from(run: Run) -> Tables:
    m = run.meta["tables"]
    contents = {}
    for digest in m["contents"]:
        folder = run.folder / "content" / digest
        if not folder.is_dir():
            raise RunError(f"{shorten(str(run.folder))}: content/{digest} is missing from the run folder")
        got, files = pack(folder)
        if got != digest:
            raise RunError(f"{shorten(str(run.folder))}: content/{digest} was changed after the run began")
        contents[digest] = files
    games = [GameRef(g["id"], g["options"], list(g["versions"]), g.get("shipped_digest")) for g in m["games"]]
    for g in games:
        if g.shipped_digest and None in g.versions:
            now = load(g.id, **g.options)
            have = now.content_digest() if hasattr(now, "content_digest") else None
            if have and have != g.shipped_digest:
                raise RunError(
                    f"{g.id}'s shipped content changed since the run began ({g.shipped_digest} → {have}): "
                    "its games cannot be mixed; start a new run"
                )
    return Tables(games, list(m["decks"]), list(m["agents"]), contents, bool(m["shape"]))


def plan(run: Run) -> tuple[Experiment, Tables, list[Job]]:
    """The run's experiment, tables and jobs, rebuilt from its folder (and checked against its plan)."""
    exp = experiment(run.meta["experiment"])
    tables = _tables_from(run)
    jobs = exp.jobs(tables, run.meta["info"])
    if plan_digest(tables, jobs) != run.meta["plan"]:
        raise RunError(
            f"{shorten(str(run.folder))}: this kansei plans the run differently from the one that began it "
            f"(kansei {run.meta.get('kansei')}); start a new run"
        )
    return exp, tables, jobs


def start(
    kind: str,
    params: dict[str, Any],
    *,
    out: Path | None = None,
    root: Path | None = None,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
) -> tuple[Run, Result]:
    """Begin a run of experiment ``kind``: check everything, make its folder, play it and report."""
    exp = experiment(kind)
    p = exp.parse(params)
    scratch = Path(tempfile.mkdtemp(prefix="kansei-lab-"))
    try:
        tables, info = exp.prepare(p, scratch)
        jobs = exp.jobs(tables, info)
        folder = Path(out) if out is not None else Run.new_folder(root, exp.label(p))
        run = Run.create(
            folder,
            {
                "experiment": kind,
                "params": p.model_dump(mode="json"),
                "info": info,
                "tables": _tables_meta(tables),
                "total": len(jobs),
                "plan": plan_digest(tables, jobs),
                "kansei": kansei.__version__,
            },
        )
        for digest, files in tables.contents.items():
            unpack(files, run.folder / "content" / digest)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if isinstance(exp, Observe):
        rows, problems = exp.collect(info)
        run.meta["info"] = dict(info, problems=problems)
        run.meta["total"] = len(info["files"])
        run.save_meta()
        pq.write_table(pa.Table.from_pylist(rows), run.folder / OBSERVATIONS)
        return run, finish(run)
    play(run, tables, jobs, backend=backend, workers=workers, address=address, progress=progress)
    return run, finish(run)


def check_params(run: Run, given: dict[str, Any]) -> None:
    """Refuse (one line) parameters given with --resume that differ from the run's own."""
    exp = experiment(run.meta["experiment"])
    stored = run.meta["params"]
    merged = exp.parse({**stored, **given}).model_dump(mode="json")
    diffs = [
        f"{k}={shorten(repr(stored.get(k)), 40)} (not {shorten(repr(merged[k]), 40)})"
        for k in given
        if merged.get(k) != stored.get(k)
    ]
    if diffs:
        raise RunError(
            f"{shorten(str(run.folder))} was made with {', '.join(diffs)}: resume it without those options, "
            "or start a new run"
        )


def resume(
    where: str | Path,
    given: dict[str, Any] | None = None,
    *,
    root: Path | None = None,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
) -> tuple[Run, Result]:
    """Play only the games run ``where`` is missing, then report."""
    run = Run.open(where, root)
    if given:
        check_params(run, given)
    if run.meta["experiment"] == "observe":
        return run, finish(run)
    _, tables, jobs = plan(run)
    play(run, tables, jobs, backend=backend, workers=workers, address=address, progress=progress)
    return run, finish(run)


def play(
    run: Run,
    tables: Tables,
    jobs: list[Job],
    *,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
) -> int:
    """Play the jobs not yet in the run's dataset; returns how many were played."""
    bar = progress or Quiet()
    done = run.done()
    todo = [j for j in jobs if j.index not in done]
    bar.begin(len(jobs), len(jobs) - len(todo))

    def save(rows: list[dict[str, Any]]) -> None:
        run.write_rows(rows)
        bar.advance(len(rows))

    try:
        run_jobs(tables, todo, save, backend=backend, workers=workers, address=address)
    except (KeyboardInterrupt, WorkerLost) as e:
        saved = len(run.done())
        why = "interrupted" if isinstance(e, KeyboardInterrupt) else str(e)
        raise Stopped(
            f"{why}: {saved} of {len(jobs)} games are saved in {shorten(str(run.folder))}; "
            f"`kansei lab resume {shorten(str(run.folder))}` plays the rest"
        ) from None
    return len(todo)


def analyse(run: Run) -> Result:
    exp = experiment(run.meta["experiment"])
    if run.meta["experiment"] == "observe":
        rows = pq.read_table(run.folder / OBSERVATIONS).to_pylist()
        return exp.analyse(run.meta["info"], rows)
    rows = run.rows()
    missing = run.meta["total"] - len(rows)
    if missing > 0:
        raise RunError(
            f"{shorten(str(run.folder))} is missing {missing} of {run.meta['total']} games: "
            f"finish it with `kansei lab resume {shorten(str(run.folder))}`"
        )
    return exp.analyse(run.meta["info"], rows)


def finish(run: Run) -> Result:
    """Analyse a complete run and write its reports."""
    from .report import write_reports

    result = analyse(run)
    run.compact()
    write_reports(run, result)
    return result


def report(where: str | Path, root: Path | None = None) -> tuple[Run, Result]:
    """Analyse a finished run again and rewrite its reports, without playing."""
    run = Run.open(where, root)
    return run, finish(run)


__all__ = [
    "Progress",
    "analyse",
    "check_params",
    "experiment",
    "finish",
    "play",
    "plan",
    "report",
    "resume",
    "start",
]
