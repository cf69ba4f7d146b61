"""Running an experiment: prepare it, make its run folder, play what is missing, analyse and report.

``start`` begins a run; ``resume`` plays only the games a run is missing (after Ctrl-C, a killed worker or
a lost node) and refuses to go on with parameters other than the run's own; ``report`` analyses a run's
saved games again without playing any; ``plan`` says, before a run, how many games a question needs and
how long they take here (from a short pilot).

A *sequential* run (``--precision 2pts`` or ``--until-significant``) plays its units in rounds, each
about half again as many as before, and after every round reads the always-valid confidence sequence of
every comparison (stats.py): it stops once every interval is that narrow (or, with
``--until-significant``, once a comparison leaves out its null), or at its bound (``--games``). The
rounds' sizes are kept in run.json, so a resumed run makes the very same decisions.

A run's status (run.json) is ``playing`` until its report is written, then ``complete``; a run whose
analysis failed is ``failed: <why>`` and is never listed as complete.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

import kansei
from kansei.core.errors import KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.registry import load

from .backends import run_jobs
from .content import pack, unpack
from .errors import RunError, Stopped, WorkerLost
from .experiments import EXPERIMENTS, Experiment, Result, Search
from .experiments.observe import Observe
from .plan import GameRef, Job, Tables, plan_digest
from .stats import ALPHA, MIN_UNITS, cs_radius, cs_units_for_precision, paired_family, units_needed
from .store import Run

OBSERVATIONS = "observations.parquet"
GROWTH = 1.5  # each round of a sequential run plays this many times the units played so far
SEQUENTIAL_BOUND = 25  # a sequential run without --games may play this many times the default games


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


def max_workers() -> int:
    return 4 * (os.cpu_count() or 1)


def check_workers(workers: int | None, backend: str = "local") -> None:
    """--workers within 1..cores×4 (on Ray: at least 1), else one line."""
    if workers is None:
        return
    top = max_workers()
    if backend == "ray":
        if workers < 1:
            raise OptionError(f"--workers must be at least 1, not {workers}")
        return
    if not 1 <= workers <= top:
        raise OptionError(
            f"--workers must be in 1..{top} on this machine ({os.cpu_count()} cores × 4), not {workers}"
        )


def _tables_meta(tables: Tables) -> dict[str, Any]:
    return {
        "games": [asdict(g) for g in tables.games],
        "decks": tables.decks,
        "agents": tables.agents,
        "records": tables.records,
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
    return Tables(games, list(m["decks"]), list(m["agents"]), contents, bool(m.get("records", False)))


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


# -- sequential runs ---------------------------------------------------------------------------------
def sequential_settings(exp: Experiment, p: Any) -> tuple[Any, dict[str, Any] | None]:
    """A sequential run's settings, and its parameters with ``games`` as its bound."""
    precision = getattr(p, "precision", None)
    until = bool(getattr(p, "until_significant", False))
    if precision is None and not until:
        return p, None
    if precision is not None and until:
        raise OptionError("give --precision or --until-significant, not both")
    default = type(p).model_fields["games"].default
    bound = p.games if p.games != default else default * SEQUENTIAL_BOUND
    if precision is not None and precision < 0.001:
        raise OptionError(
            f"--precision {100 * precision:g}pts cannot be met: a win rate's interval narrower than ±0.1 "
            "points needs millions of games; ask for 0.5pts or more"
        )
    seq = {
        "mode": "precision" if precision is not None else "significant",
        "target": precision,
        "default_games": default,
        "bound_games": bound,
        "rounds": [],
    }
    return p.model_copy(update={"games": bound}), seq


def first_look(planned: int, total: int, block: int = 1) -> int:
    """The units of a sequential run's first round (a quarter of the planned units, at least 2×MIN_UNITS,
    a whole number of blocks, at most the bound)."""
    n = max(2 * MIN_UNITS, planned // 4)
    return min(total, math.ceil(n / block) * block)


def next_look(n: int, total: int, block: int = 1) -> int:
    """The units after the round that follows a look at ``n``."""
    return min(total, math.ceil(n * GROWTH / block) * block)


def looks(planned: int, total: int, block: int = 1) -> list[int]:
    """Every look a sequential run may take, in order, up to its bound."""
    out = [first_look(planned, total, block)]
    while out[-1] < total:
        out.append(next_look(out[-1], total, block))
    return out


def _unit_games(jobs: list[Job]) -> dict[int, int]:
    out: dict[int, int] = {}
    for j in jobs:
        out[j.unit] = out.get(j.unit, 0) + 1
    return out


def _decide(exp: Experiment, info: dict[str, Any], seq: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """'' to go on, else why the sequential run stops now."""
    cells = exp.sequential_cells(info, rows)
    if not cells:
        return "nothing to compare"
    m = len(cells)
    alpha = ALPHA / m
    tests = [
        paired_family([[v - null for v in values]], alpha=alpha, sequential=seq, bound=1.0)[0]
        for _, values, null in cells
    ]
    if seq["mode"] == "precision":
        widths = [(t.high - t.low) / 2 for t in tests if t.enough]
        if len(widths) == m and max(widths) <= seq["target"]:
            return f"every interval is within ±{100 * seq['target']:g} points"
        units = min(len(v) for _, v, _ in cells)
        if units >= 2 * MIN_UNITS and seq["rounds"]:
            sd = max(_sd(v) for _, v, _ in cells)
            need = cs_units_for_precision(sd, seq["target"], alpha)
            if need > seq["units_total"]:
                seq["projected_units"] = need
                return "bound"
    elif any(t.flagged for t in tests):
        hit = next(name for (name, _, _), t in zip(cells, tests, strict=True) if t.flagged)
        return f"{hit} left out its null value"
    return ""


def _sd(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


# -- starting, playing, resuming -------------------------------------------------------------------
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
    check_workers(workers, backend)
    exp = experiment(kind)
    p = exp.parse(params)
    p, seq = sequential_settings(exp, p)
    if seq is not None and isinstance(exp, Search):
        raise OptionError(f"`lab {kind}` is a search: give --games per candidate, not a sequential bound")
    scratch = Path(tempfile.mkdtemp(prefix="kansei-lab-"))
    try:
        tables, info = exp.prepare(p, scratch)
        jobs = exp.jobs(tables, info)
        exp.check_size(info, jobs, getattr(p, "games", None) if seq is None else None)
        if seq is not None:
            units = _unit_games(jobs)
            seq["units_total"] = len(units)
            seq["planned"] = max(
                MIN_UNITS, round(len(units) * seq["default_games"] / max(1, seq["bound_games"]))
            )
            seq["block"] = exp.unit_block(info)
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
                "status": "playing",
                **({"sequential": seq} if seq is not None else {}),
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
    how = {"backend": backend, "workers": workers, "address": address, "progress": progress}
    if isinstance(exp, Search):
        run_search(run, exp, tables, **how)
    else:
        play_run(run, exp, tables, jobs, **how)
    return run, finish(run)


def run_search(run: Run, exp: Search, tables: Tables, **how: Any) -> None:
    """Play a search (tune, build) step by step: its steps depend only on the games already saved, so a
    resumed search takes the same steps and plays only what it is missing."""
    info = run.meta["info"]

    def play_step(jobs: list[Job]) -> list[dict[str, Any]]:
        run.meta["tables"] = _tables_meta(tables)  # the decks met so far: a resume rebuilds them
        run.save_meta()
        play(run, tables, jobs, **how)
        return run.rows()

    exp.search(info, tables, play_step)
    run.meta["info"] = info
    run.meta["tables"] = _tables_meta(tables)
    run.meta["total"] = len(run.done())
    run.save_meta()


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
    check_workers(workers, backend)
    run = Run.open(where, root)
    if given:
        check_params(run, given)
    if run.meta["experiment"] == "observe":
        return run, finish(run)
    how = {"backend": backend, "workers": workers, "address": address, "progress": progress}
    searcher = experiment(run.meta["experiment"])
    if isinstance(searcher, Search):
        run_search(run, searcher, _tables_from(run), **how)
        return run, finish(run)
    exp, tables, jobs = plan(run)
    play_run(run, exp, tables, jobs, backend=backend, workers=workers, address=address, progress=progress)
    return run, finish(run)


def play_run(
    run: Run,
    exp: Experiment,
    tables: Tables,
    jobs: list[Job],
    **how: Any,
) -> None:
    """Play the run: all its jobs, or a sequential run's rounds until its rule stops it."""
    seq = run.meta.get("sequential")
    if seq is None:
        play(run, tables, jobs, **how)
        return
    info = run.meta["info"]
    total = seq["units_total"]
    block = max(1, int(seq.get("block", 1)))
    while True:
        if seq.get("stopped"):
            n = int(seq["units_played"])
            play(run, tables, [j for j in jobs if j.unit < n], **how)  # a resume after the decision
            return
        n = int(seq["rounds"][-1]) if seq["rounds"] else first_look(int(seq["planned"]), total, block)
        play(run, tables, [j for j in jobs if j.unit < n], **how)
        rows = [r for r in run.rows() if r["unit"] < n]
        seq["units_played"] = n
        why = _decide(exp, info, seq, rows)
        if why == "bound" or (not why and n >= total):
            why = "bound"
        if why:
            seq["stopped"] = why
            run.meta["total"] = sum(1 for j in jobs if j.unit < n)
            run.save_meta()
            return
        seq["rounds"].append(next_look(n, total, block))
        run.save_meta()


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
        run.set_status("stopped")
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
    info = run.meta["info"]
    seq = run.meta.get("sequential")
    if seq is not None:
        rows = [r for r in rows if r["unit"] < int(seq.get("units_played", 0))]
        info = dict(info, sequential=seq)
    missing = run.meta["total"] - len(rows)
    if missing > 0 or (seq is not None and not seq.get("stopped")):
        raise RunError(
            f"{shorten(str(run.folder))} is missing {max(missing, 1)} of {run.meta['total']} games: "
            f"finish it with `kansei lab resume {shorten(str(run.folder))}`"
        )
    result = exp.analyse(info, rows)
    if seq is not None:
        sequential_notes(result, seq, len(rows), run.meta["params"])
    return result


def sequential_notes(result: Result, seq: dict[str, Any], games: int, params: dict[str, Any]) -> None:
    why = seq.get("stopped", "")
    units = seq.get("units_played", 0)
    if seq["mode"] == "precision":
        asked = f"every interval within ±{100 * seq['target']:g} points"
    else:
        asked = "a comparison leaving out its null value"
    if why == "bound":
        more = ""
        if seq.get("projected_units"):
            more = (
                f" (it would need about {seq['projected_units']} seeds, "
                f"the bound allows {seq['units_total']})"
            )
        line = f"Stopped at the bound without {asked}{more}: {games} games ({units} seeds)."
    else:
        line = f"Stopped after {games} games ({units} seeds) on {why} (asked: {asked})."
    result.findings.insert(0, line)
    result.method += (
        " A sequential run: the games were played in rounds and the stopping rule read after each round, so "
        "every interval is an always-valid 95% confidence sequence (Waudby-Smith et al. 2021), Bonferroni "
        "over the run's comparisons, which stays valid however often it is looked at."
    )
    result.data["sequential"] = {k: v for k, v in seq.items()}


def finish(run: Run) -> Result:
    """Analyse a complete run and write its reports (the run is 'complete' only once they are written)."""
    from .report import write_index, write_reports

    try:
        result = analyse(run)
    except RunError:
        raise
    except KanseiError as e:
        run.set_status(f"failed: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        raise
    except Exception as e:
        run.set_status(f"failed: {type(e).__name__}")
        raise RunError(
            f"{shorten(str(run.folder))}: the analysis failed ({type(e).__name__}: {shorten(str(e), 80)}); "
            "the games are saved: `kansei lab report` tries again"
        ) from None
    run.compact()
    write_reports(run, result)
    run.meta["question"] = result.question
    run.meta["title"] = result.title
    run.meta["verdict"] = result.findings[:3]
    run.set_status("complete")
    write_index(run.folder.parent)
    return result


def report(where: str | Path, root: Path | None = None) -> tuple[Run, Result]:
    """Analyse a finished run again and rewrite its reports, without playing."""
    run = Run.open(where, root)
    return run, finish(run)


# -- planning ----------------------------------------------------------------------------------------
def plan_run(
    kind: str,
    params: dict[str, Any],
    *,
    effect: float | None = None,
    pilot_units: int = 2 * MIN_UNITS,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> dict[str, Any]:
    """How many games the question needs and how long they take here: a short pilot measures the
    spread of each comparison and the time per game; nothing is kept."""
    check_workers(workers, backend)
    exp = experiment(kind)
    if isinstance(exp, Search):
        raise OptionError(
            f"--plan sizes a test; `lab {kind}` is a search whose games depend on what it finds: give "
            "--games "
            "per candidate (it reports the games it played)"
        )
    p = exp.parse(params)
    precision = getattr(p, "precision", None)
    scratch = Path(tempfile.mkdtemp(prefix="kansei-lab-plan-"))
    try:
        tables, info = exp.prepare(p, scratch)
        jobs = exp.jobs(tables, info)
        per_unit = max(_unit_games(jobs).values()) if jobs else 1
        block = exp.unit_block(info)
        n_pilot = min(len(_unit_games(jobs)), math.ceil(pilot_units / block) * block)
        pilot = [j for j in jobs if j.unit < n_pilot]
        rows: list[dict[str, Any]] = []
        t0 = time.perf_counter()
        run_jobs(tables, pilot, rows.extend, backend=backend, workers=workers, address=address)
        wall = time.perf_counter() - t0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    cells = exp.sequential_cells(info, rows)
    m = max(1, len(cells))
    alpha = ALPHA / m  # Holm's first step: the bar the strongest comparison must clear
    sd = max((_sd(v) for _, v, _ in cells), default=1.0) or 1.0 / math.sqrt(2 * MIN_UNITS)
    target = effect if effect is not None else (precision if precision is not None else 0.02)
    need = units_needed(sd, target, alpha)
    need_cs = cs_units_for_precision(sd, target, alpha) if precision is not None else None
    per_game = wall * max(1, min(workers or os.cpu_count() or 1, len(pilot))) / max(1, len(pilot))
    par = max(1, workers or os.cpu_count() or 1)
    games = need * per_unit
    return {
        "experiment": kind,
        "comparisons": m,
        "alpha_per_comparison": alpha,
        "pilot_games": len(rows),
        "pilot_seconds": wall,
        "sd_per_seed": sd,
        "effect": target,
        "games_per_seed": per_unit,
        "seeds_needed": need,
        "games_needed": games,
        "seconds_needed": games * per_game / par,
        "precision_seeds": need_cs,
        "precision_games": None if need_cs is None else need_cs * per_unit,
        "precision_seconds": None if need_cs is None else need_cs * per_unit * per_game / par,
        "workers": par,
        "radius_at_plan": cs_radius(sd, need, alpha, need),
    }


__all__ = [
    "Progress",
    "analyse",
    "check_params",
    "check_workers",
    "experiment",
    "finish",
    "plan",
    "plan_run",
    "play",
    "report",
    "resume",
    "start",
]
