"""``kansei lab …``: the designers' experiments on the command line.

Every experiment writes a run folder (``lab-runs/<experiment>-<game>-<time>/`` unless ``--out``) with the
games as Parquet, ``report.html``, ``results.csv`` and ``games.csv``; prints a short summary (``--json``:
the result as one JSON object); and can be resumed (``--resume RUN`` or ``kansei lab resume RUN``) or
re-reported (``kansei lab report RUN``). Errors a person can cause are one line each, exit code 1.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import Annotated, Any

import typer
from click.core import ParameterSource
from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from kansei.core.errors import KanseiError, OptionError

from .errors import Stopped

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    help="Balance experiments: matchups, seats, card impact, race shape, skill, content diffs, saved games.",
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """User-caused errors as one line each (exit 1); Ctrl-C keeps what was played (exit 130)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Stopped as e:
            err.print(f"[yellow]stopped:[/] {escape(str(e))}", soft_wrap=True)
            raise typer.Exit(130) from None
        except KanseiError as e:
            for line in str(e).splitlines() or [str(e)]:
                err.print(f"[bold red]error:[/] {escape(line)}", soft_wrap=True)
            raise typer.Exit(1) from None
        except ImportError as e:
            err.print(
                f"[bold red]error:[/] the lab needs its extra ({escape(str(e.name))} is missing): "
                "pip install 'kansei\\[lab]'"
            )
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            err.print(
                "[yellow]interrupted[/]: the games finished so far are saved; "
                "`kansei lab resume RUN` plays the rest"
            )
            raise typer.Exit(130) from None

    return wrapper


class Bar:
    """A progress bar with the time left, on stderr."""

    def __init__(self, label: str, quiet: bool = False):
        self.label = label
        self.quiet = quiet
        self.progress: Progress | None = None
        self.task: Any = None

    def begin(self, total: int, done: int) -> None:
        if self.quiet or total == done:
            return
        self.progress = Progress(
            TextColumn(f"[bold]{escape(self.label)}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games ·"),
            TimeElapsedColumn(),
            TextColumn("· left"),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        )
        self.progress.start()
        self.task = self.progress.add_task("games", total=total, completed=done)
        if done:
            err.print(f"resuming: {done} of {total} games already played")

    def advance(self, games: int) -> None:
        if self.progress is not None:
            self.progress.advance(self.task, games)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


# -- shared options ----------------------------------------------------------------------------------
Games = Annotated[int | None, typer.Option("--games", help="games (see each experiment for what is counted)")]
Seed = Annotated[int, typer.Option(help="seed of the whole run")]
Opt = Annotated[list[str] | None, typer.Option("--opt", help="game option key=value (repeatable)")]
Mode = Annotated[str | None, typer.Option(help="game mode")]
Content = Annotated[
    str | None, typer.Option(help="content folder, or REF:PATH at a git ref, to play instead")
]
Agent = Annotated[
    list[str] | None,
    typer.Option(
        "--agent",
        help="the bot of each seat, repeated round the table (one: every seat), e.g. greedy, mcts:iters=200",
    ),
]
Precision = Annotated[
    str | None,
    typer.Option(
        help="play in rounds until every interval is this narrow (±), e.g. 2pts; --games is the bound"
    ),
]
UntilSignificant = Annotated[
    bool,
    typer.Option(
        "--until-significant",
        help="play in rounds until a comparison is significant (always-valid), --games the bound",
    ),
]
Band = Annotated[
    str | None, typer.Option(help="a target band for the scores, e.g. 45-55: yes/no per pairing")
]
PlanOnly = Annotated[
    bool,
    typer.Option(
        "--plan", help="play nothing: print the games the question needs and how long they take here"
    ),
]
Effect = Annotated[
    str | None,
    typer.Option(help="--plan: the smallest difference worth finding, e.g. 2pts [the precision, or 2pts]"),
]
Deck = Annotated[
    list[str] | None,
    typer.Option(
        "--deck", help="a starter deck's name, a deck file, a folder of deck files or @LIST (repeatable)"
    ),
]
Backend = Annotated[str, typer.Option(help="where games are played: local (process pool) or ray")]
Workers = Annotated[int | None, typer.Option(help="worker processes (default: every core; Ray: every CPU)")]
Address = Annotated[str | None, typer.Option(help="a running Ray cluster (host:port, ray://host:port, auto)")]
Out = Annotated[
    Path | None, typer.Option("--out", help="the run's folder (default: lab-runs/<experiment>-<game>-<time>)")
]
Resume = Annotated[str | None, typer.Option(help="finish run RUN (its folder), playing only what is missing")]
AsJson = Annotated[bool, typer.Option("--json", help="print the result as one JSON object")]


def _options(opt: list[str] | None, mode: str | None) -> dict[str, Any]:
    from kansei.core.options import parse_pairs

    options = parse_pairs(opt, "--opt")
    if mode:
        options["mode"] = mode
    return options


RUN_OPTIONS = ("backend", "workers", "address", "out_dir", "resume", "as_json", "plan_only", "effect")
# command-line names whose experiment parameter is named otherwise
FIELDS = {
    "deck": "decks",
    "card_": "cards",
    "baseline": "baselines",
    "opponent": "opponents",
    "run_": "run",
    "agent": "agents",
    "range_": "range",
    "band_": "band",
}
POINTS = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(pts?|points?|%)?\s*$")


def points(text: str | None, flag: str) -> float | None:
    """'2pts', '2', '2%', '0.5 points' -> 0.02 (a fraction of a win rate)."""
    if text is None:
        return None
    m = POINTS.match(text)
    if not m:
        raise OptionError(f"{flag} takes points of win rate like 2pts, not {text[:30]!r}")
    value = float(m.group(1)) / 100
    if not 0 < value < 1:
        raise OptionError(f"{flag} must be above 0 and below 100 points, not {text[:30]!r}")
    return value


def band(text: str | None) -> tuple[float, float] | None:
    """'45-55' (or '45–55', '45%-55%') -> (0.45, 0.55)."""
    if text is None:
        return None
    parts = re.split(r"\s*[-–,]\s*", text.strip().replace("%", ""))
    try:
        lo, hi = (float(x) / 100 for x in parts)
    except ValueError:
        raise OptionError(f"--band takes two percentages like 45-55, not {text[:30]!r}") from None
    if not 0 <= lo < hi <= 1:
        raise OptionError(f"--band: {text[:30]!r} is not a low-high range within 0-100")
    return (lo, hi)


def _execute(ctx: typer.Context, kind: str, **fields: Any) -> None:
    """Start (or with --resume, finish) experiment ``kind`` with the command's parameters.

    ``ctx.params`` go to the experiment under their field names (``--deck`` as ``decks``…); ``fields``
    replace them where a command reads a parameter its own way (``--players 2,3`` as a list). With
    --resume, only the parameters the person typed are compared with the run's own."""
    from . import runner

    params = dict(ctx.params)
    run_opts = {k: params.pop(k, None) for k in RUN_OPTIONS}
    opt, mode = params.pop("opt", None), params.pop("mode", None)
    values: dict[str, Any] = {}
    typed: set[str] = set()
    for name, value in params.items():
        field = name if name in fields else FIELDS.get(name, name)
        values[field] = fields.get(name, value)
        if ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP, None):
            typed.add(field)
    values.update({k: v for k, v in fields.items() if k not in params})
    if opt or mode:
        values["options"] = _options(opt, mode)
        typed.add("options")
    if "precision" in values:
        values["precision"] = points(values["precision"], "--precision")
    if "band" in values:
        values["band"] = band(values["band"])
    if "range" in values:
        values["range"] = value_range(values["range"])
    values = {
        k: list(v) if isinstance(v, tuple) else v
        for k, v in values.items()
        if v is not None and not (isinstance(v, list | tuple) and not v)
    }
    if run_opts["plan_only"]:
        show_plan(
            runner.plan_run(
                kind,
                values,
                effect=points(run_opts["effect"], "--effect"),
                backend=run_opts["backend"] or "local",
                workers=run_opts["workers"],
                address=run_opts["address"],
            ),
            bool(run_opts["as_json"]),
        )
        return
    bar = Bar(kind)
    try:
        if run_opts["resume"]:
            given = {k: v for k, v in values.items() if k in typed}
            run, result = runner.resume(
                run_opts["resume"],
                given,
                backend=run_opts["backend"] or "local",
                workers=run_opts["workers"],
                address=run_opts["address"],
                progress=bar,
            )
        else:
            run, result = runner.start(
                kind,
                values,
                out=run_opts["out_dir"],
                backend=run_opts["backend"] or "local",
                workers=run_opts["workers"],
                address=run_opts["address"],
                progress=bar,
            )
    finally:
        bar.close()
    show(run, result, bool(run_opts["as_json"]))


def show_plan(plan: dict[str, Any], as_json: bool) -> None:
    """What --plan found, in a few lines."""
    from .report import json_safe

    if as_json:
        print(json.dumps(json_safe(plan)))
        return

    def duration(seconds: float) -> str:
        if seconds < 90:
            return f"{seconds:.0f} s"
        if seconds < 5400:
            return f"{seconds / 60:.0f} min"
        return f"{seconds / 3600:.1f} h"

    m = plan["comparisons"]
    out.print(f"[bold]plan for lab {escape(plan['experiment'])}[/]")
    out.print(
        f"  • {m} independent comparison(s); the strongest must clear α = {plan['alpha_per_comparison']:.2g} "
        f"(Holm's first step{'' if m > 1 else ', no correction'})."
    )
    out.print(
        f"  • a pilot of {plan['pilot_games']} games ({duration(plan['pilot_seconds'])}) measured a "
        f"per-seed spread of {100 * plan['sd_per_seed']:.1f} points."
    )
    out.print(
        f"  • to find a true difference of ±{100 * plan['effect']:g} points 8 times in 10: about "
        f"{plan['seeds_needed']} seeds, {plan['games_needed']} games, {duration(plan['seconds_needed'])} "
        f"here ({plan['workers']} workers)."
    )
    if plan.get("precision_games"):
        out.print(
            f"  • to narrow every always-valid interval to ±{100 * plan['effect']:g} points "
            f"(--precision): about {plan['precision_games']} games, "
            f"{duration(plan['precision_seconds'])} here."
        )


INTERVAL = re.compile(r"(\d+(?:\.\d+)?)% \((\d+(?:\.\d+)?)% – (\d+(?:\.\d+)?)%\)")


def compact(cell: str) -> str:
    """A cell for the terminal: '71% (55% – 84%)' -> '71%' over '55–84', so a matrix of five decks fits
    80 columns (the report and results.csv keep the full form)."""
    return INTERVAL.sub(r"\1%\n\2–\3", cell)


def fitting(columns: list[str], rows: list[list[str]], brief: Sequence[str], width: int) -> list[int]:
    """The columns a terminal ``width`` wide shows whole, in their order: the table's ``brief`` columns
    first (an experiment's answer), then the others, as many as fit in that order; a cell is never folded
    for want of room (a header may wrap at its spaces). The report and results.csv keep them all."""

    def need(i: int) -> int:
        head = max((cell_len(word) for word in columns[i].split()), default=1)
        return max([head, *(cell_len(line) for row in rows for line in row[i].split("\n"))])

    first = [columns.index(c) for c in brief if c in columns]
    order = first + [i for i in range(len(columns)) if i not in first]
    shown: list[int] = []
    used = -1  # an edge either side, and a space, a rule and a space between two columns
    for i in order:  # a prefix of the order: a later, narrower column never displaces an earlier one
        if shown and used + need(i) + 3 > width:
            break
        shown.append(i)
        used += need(i) + 3
    return sorted(shown)


def show(run: Any, result: Any, as_json: bool) -> None:
    from .report import json_safe

    if as_json:
        print(json.dumps(json_safe(dict(result.to_dict(), run=str(run.folder)))))
        return
    out.print(f"[bold]{escape(result.title)}[/]")
    for f in result.findings:  # wrapped here with a hanging indent (rich would wrap under the bullet)
        text = textwrap.fill(f, width=max(40, out.width), initial_indent="  • ", subsequent_indent="    ")
        out.print(escape(text), soft_wrap=True)
    if result.tables:
        t = result.tables[0]
        columns = [str(c) for c in t["columns"]]
        rows = [[compact(str(c)) for c in row] for row in t["rows"][:40]]
        shown = fitting(columns, rows, t.get("brief", ()), out.width)
        table = Table(title=escape(t["title"]), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        for i in shown:
            table.add_column(escape(columns[i]), overflow="fold")
        tall = any("\n" in c for row in rows for c in row)  # two-line cells: a gap between the rows
        for row in rows:
            table.add_row(*[escape(row[i]) for i in shown], end_section=tall)
        out.print(table)
        if len(t["rows"]) > 40:
            out.print(f"[dim]… {len(t['rows']) - 40} more rows in the report[/]")
        left = [columns[i] or "#" for i in range(len(columns)) if i not in shown]
        if left:
            out.print(f"[dim]… and {escape(', '.join(left))} in the report (a wider terminal shows them)[/]")
    folder = escape(str(run.folder))
    out.print(f"report: {folder}/report.html", soft_wrap=True)  # a path is never cut: it is copied
    out.print(f"numbers: {folder}/results.csv", soft_wrap=True)


def _players_list(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise OptionError(f"--players takes counts like 2,3,4, not {text[:40]!r}") from None


# -- the experiments ----------------------------------------------------------------------------------
@app.command()
@friendly
def matchup(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    deck: Deck = None,
    vary: Annotated[
        str | None, typer.Option(help="a deck key holding a card (e.g. car): one entry per card of its kind")
    ] = None,
    players: Annotated[
        str | None, typer.Option(help="games without decks: racer counts to compare, e.g. 2,3,4")
    ] = None,
    agent: Agent = None,
    games: Annotated[
        int | None, typer.Option("--games", help="games per pairing (half in each seating) [200]")
    ] = None,
    precision: Precision = None,
    until_significant: UntilSignificant = False,
    band: Band = None,
    plan_only: PlanOnly = False,
    effect: Effect = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """Decks (or cars, or racer counts) against each other: a win-rate matrix with 95% intervals."""
    _execute(ctx, "matchup", players=_players_list(players))


@app.command()
@friendly
def seats(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    deck: Deck = None,
    players: Annotated[int | None, typer.Option(help="seats per game")] = None,
    agent: Agent = None,
    games: Annotated[
        int | None, typer.Option("--games", help="games in all, split over the deck rotations [1000]")
    ] = None,
    precision: Precision = None,
    until_significant: UntilSignificant = False,
    plan_only: PlanOnly = False,
    effect: Effect = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """The advantage of each seat, with the decks rotated across the seats (the deck effect beside it)."""
    _execute(ctx, "seats")


@app.command()
@friendly
def card(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    deck: Annotated[
        str | None, typer.Option(help="the deck holding the card(s) [first starter deck]")
    ] = None,
    card_: Annotated[list[str] | None, typer.Option("--card", help="the card to weigh (repeatable)")] = None,
    scan: Annotated[
        bool,
        typer.Option(
            help="weigh every card of the deck, ranked, Holm-corrected (the default without --card)"
        ),
    ] = False,
    baseline: Annotated[
        list[str] | None, typer.Option(help="the card to compare with, one per kind (repeatable)")
    ] = None,
    opponent: Annotated[
        list[str] | None, typer.Option(help="opponent deck(s) [the other starter decks]")
    ] = None,
    agent: Agent = None,
    games: Annotated[int | None, typer.Option("--games", help="paired games per card [400]")] = None,
    precision: Precision = None,
    until_significant: UntilSignificant = False,
    plan_only: PlanOnly = False,
    effect: Effect = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """The impact of a card by controlled swap with a baseline card, on the same seeds (paired)."""
    _execute(ctx, "card", deck=deck)


@app.command()
@friendly
def shape(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    deck: Deck = None,
    agent: Agent = None,
    players: Annotated[int | None, typer.Option(help="seats per game")] = None,
    games: Annotated[int | None, typer.Option("--games", help="games [500]")] = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """Race shape: game length, lead changes, comebacks, margins, first-lead (first-blood) advantage."""
    _execute(ctx, "shape")


@app.command()
@friendly
def skill(
    ctx: typer.Context,
    game: Annotated[list[str] | None, typer.Argument(help="game ids [every game]")] = None,
    bots: Annotated[
        str | None,
        typer.Option(help="bots to compare, weakest first, random among them [random and the levels]"),
    ] = None,
    games: Annotated[
        int | None, typer.Option("--games", help="games per pairing of bots, per game [100]")
    ] = None,
    seed: Seed = 0,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """How far random, greedy and search bots are apart in each game: skill, or luck?"""
    _execute(ctx, "skill", game=",".join(game) if game else "all", bots=_split_specs(bots) if bots else None)


@app.command()
@friendly
def diff(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    a: Annotated[str, typer.Option("--a", help="content version A: a folder or REF:PATH")],
    b: Annotated[str, typer.Option("--b", help="content version B: a folder or REF:PATH")],
    run_: Annotated[
        str | None,
        typer.Option("--run", help="what to compare: matchup, seats or card [matchup; one deck: seats]"),
    ] = None,
    deck: Deck = None,
    vary: Annotated[str | None, typer.Option(help="matchup: a deck key holding a card")] = None,
    card_: Annotated[list[str] | None, typer.Option("--card", help="card: the card(s) to weigh")] = None,
    scan: Annotated[bool, typer.Option(help="card: every card of the deck")] = False,
    baseline: Annotated[list[str] | None, typer.Option(help="card: baseline card per kind")] = None,
    opponent: Annotated[list[str] | None, typer.Option(help="card: opponent deck(s)")] = None,
    players: Annotated[
        str | None, typer.Option(help="matchup without decks: racer counts; seats: seats")
    ] = None,
    agent: Agent = None,
    games: Games = None,
    precision: Precision = None,
    until_significant: UntilSignificant = False,
    plan_only: PlanOnly = False,
    effect: Effect = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """The same experiment on two content versions: per-matchup or per-card deltas, changes flagged."""
    if run_ != "card":
        _execute(ctx, "diff", players=_players_list(players))
        return
    if deck and len(deck) > 1:
        raise OptionError("diff --run card takes one --deck (the deck holding the card)")
    _execute(ctx, "diff", players=_players_list(players), deck=deck[0] if deck else None)


@app.command()
@friendly
def observe(
    ctx: typer.Context,
    paths: Annotated[
        list[str],
        typer.Argument(help="replay files (kansei sim --save-replays), lab run folders, or folders of them"),
    ],
    game: Annotated[str, typer.Option(help="only the saved games of this game [the first one found]")] = "",
    min_games: Annotated[
        int, typer.Option(help="rank only cards drawn, and not drawn, in at least this many seat-games")
    ] = 20,
    out_dir: Out = None,
    as_json: AsJson = False,
) -> None:
    """17lands-style card statistics from saved games: win rate when drawn, played, held (correlations)."""
    _execute(ctx, "observe")


def value_range(text: str | None) -> tuple[int, int] | None:
    """'0..8' (or '0-8', '0,8') -> (0, 8)."""
    if text is None:
        return None
    m = re.match(r"^\s*(-?\d+)\s*(?:\.\.|-|,|–)\s*(-?\d+)\s*$", text)
    if not m:
        raise OptionError(f"--range takes two whole numbers like 0..8, not {text[:30]!r}")
    return int(m.group(1)), int(m.group(2))


@app.command()
@friendly
def tune(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    card: Annotated[str, typer.Option("--card", help="the card whose number is tuned")],
    field: Annotated[
        str, typer.Option(help="the number's key in the card's table of the content (dotted when nested)")
    ],
    range_: Annotated[
        str | None, typer.Option("--range", help="the whole numbers tried, e.g. 0..8 [0 .. twice the value]")
    ] = None,
    band_: Annotated[
        str | None, typer.Option("--band", help="the target band of the deck's score, e.g. 45-55 [45-55]")
    ] = None,
    deck: Annotated[
        str | None,
        typer.Option(help="the deck whose score is tuned [the first starter deck holding the card]"),
    ] = None,
    opponent: Annotated[
        list[str] | None, typer.Option(help="the gauntlet of opponent decks [the other starter decks]")
    ] = None,
    agent: Agent = None,
    games: Annotated[int | None, typer.Option("--games", help="games per value probed [200]")] = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """Find the value of one card number that brings a deck into a target band (bisection, same seeds)."""
    _execute(ctx, "tune", deck=deck)


@app.command()
@friendly
def build(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="game id")],
    card_: Annotated[
        list[str] | None,
        typer.Option("--card", help="a card to build around: put in, then kept (repeatable)"),
    ] = None,
    keep: Annotated[list[str] | None, typer.Option(help="a card never swapped out (repeatable)")] = None,
    deck: Annotated[str | None, typer.Option(help="the deck to start from [the first starter deck]")] = None,
    opponent: Annotated[
        list[str] | None, typer.Option(help="the gauntlet of opponent decks [the other starter decks]")
    ] = None,
    steps: Annotated[int, typer.Option(help="at most this many swaps")] = 6,
    neighbours: Annotated[int, typer.Option(help="swaps tried at each step, drawn at random")] = 8,
    agent: Agent = None,
    games: Annotated[int | None, typer.Option("--games", help="games per deck judged [200]")] = None,
    seed: Seed = 0,
    opt: Opt = None,
    mode: Mode = None,
    content: Content = None,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out_dir: Out = None,
    resume: Resume = None,
    as_json: AsJson = False,
) -> None:
    """Find a stronger legal deck around a card, or near a deck, by local search against a gauntlet."""
    _execute(ctx, "build", deck=deck)


# -- runs ----------------------------------------------------------------------------------------------
@app.command("resume")
@friendly
def resume_cmd(
    run: Annotated[str, typer.Argument(help="the run's folder")],
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    as_json: AsJson = False,
) -> None:
    """Finish an interrupted run: play only the missing games, then report."""
    from . import runner

    bar = Bar("resume")
    try:
        r, result = runner.resume(run, None, backend=backend, workers=workers, address=address, progress=bar)
    finally:
        bar.close()
    show(r, result, as_json)


@app.command()
@friendly
def report(
    run: Annotated[str, typer.Argument(help="the run's folder")],
    as_json: AsJson = False,
) -> None:
    """Analyse a finished run again and rewrite its report, without playing a game."""
    from . import runner

    r, result = runner.report(run)
    show(r, result, as_json)


@app.command()
@friendly
def runs(
    root: Annotated[Path, typer.Argument(help="the folder holding runs")] = Path("lab-runs"),
) -> None:
    """List the runs in a folder: experiment, games played of planned, parameters."""
    from .store import Run

    t = Table(title=f"lab runs in {escape(str(root))}", title_justify="left")
    for c in ("run", "experiment", "games", "status", "created"):
        t.add_column(c)
    for folder in sorted(p for p in root.iterdir() if (p / "run.json").exists()) if root.is_dir() else []:
        try:
            r = Run.open(folder)
        except KanseiError as e:
            t.add_row(escape(folder.name), "—", "—", f"[red]{escape(str(e).splitlines()[0][-60:])}[/]", "—")
            continue
        done = len(r.done())
        total = r.meta.get("total", 0)
        status = r.status
        if status == "complete" and done < total:
            status = "incomplete"
        colour = {"complete": "green", "playing": "yellow", "stopped": "yellow"}.get(status, "red")
        t.add_row(
            escape(folder.name),
            escape(str(r.meta.get("experiment"))),
            f"{done}/{total}",
            f"[{colour}]{escape(status)}[/]",
            escape(str(r.meta.get("created"))),
        )
    out.print(t)


def _split_specs(text: str) -> list[str]:
    from kansei.agents import split_specs  # the one reading of 'random,mcts:iters=200,time=1'

    return split_specs(text)


def main() -> None:  # pragma: no cover - `python -m kansei.lab.cli`
    app()
    sys.exit(0)


__all__ = ["app"]
