"""What every experiment shares: its parameters, how it turns them into a plan, and what it answers with.

An experiment is three pure steps, so a run can be resumed and re-reported from its folder alone:

- ``prepare(params, workdir) -> (tables, info)``: resolve names into data (deck files into deck data,
  content versions into packed files, cards and their baselines), checking everything a person can get
  wrong before a single game is played;
- ``jobs(tables, info) -> [Job]``: the games, a function of the prepared plan only;
- ``analyse(info, rows) -> Result``: the numbers, from the finished games' rows.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kansei.agents import parse_spec
from kansei.core.errors import KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game, validation_lines
from kansei.core.registry import game_class, load

from ..content import materialize, pack
from ..plan import GameRef, Job, Tables, numbered
from ..stats import MIN_UNITS, Rate, confidence_sequence, level_label, rate, wilson_rate

MAX_GAMES = 10_000_000


class CommonParams(BaseModel):
    """Parameters every experiment takes (as a person gives them; stored in run.json)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    content: str | None = None  # a content folder or REF:PATH instead of the shipped content
    seed: int = Field(default=0, ge=0, lt=2**63)
    games: int = Field(default=200, ge=1, le=MAX_GAMES)
    # a sequential run: play in rounds until every interval is this narrow (a fraction: 0.02 is 2 points)…
    precision: float | None = Field(default=None, gt=0, lt=1)
    # …or until a comparison leaves out its null value; --games is then the most it may play
    until_significant: bool = False
    band: tuple[float, float] | None = None  # a target band for the scores (0.45, 0.55): yes/no verdicts


@dataclass
class Result:
    """An experiment's answer: what the report, the CSV, the terminal and ``--json`` show."""

    experiment: str
    title: str
    question: str
    method: str
    findings: list[str] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)  # {"title", "columns", "rows", "note"}
    csv: list[dict[str, Any]] = field(default_factory=list)  # the numbers, unrounded
    data: dict[str, Any] = field(default_factory=dict)  # for --json and the plots
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Experiment:
    """Base class: subclasses set ``kind``, ``Params`` and implement the three steps."""

    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""
    Params: ClassVar[type[CommonParams]] = CommonParams

    @classmethod
    def parse(cls, params: dict[str, Any]) -> CommonParams:
        try:
            return cls.Params(**params)
        except ValidationError as e:
            raise OptionError("; ".join(validation_lines(f"lab {cls.kind}", e))) from None

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        tables = Tables()
        game, version = load_version(tables, params.game, params.options, params.content, workdir)
        return tables, self.plan_info(game, tables, params, version)

    def plan_info(self, game: Game, tables: Tables, params: Any, version: int = 0) -> dict[str, Any]:
        """The plan for one game and content version (decks, cards, seeds), adding its data to ``tables``."""
        raise NotImplementedError

    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """Per compared thing (a pairing, a seat, a card), the value of each unit: what a diff pairs."""
        raise NotImplementedError

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        raise NotImplementedError

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        raise NotImplementedError

    def sequential_cells(
        self, info: dict[str, Any], rows: list[dict[str, Any]]
    ) -> list[tuple[str, list[float], float]]:
        """The independent comparisons a sequential run or a plan reads: (name, per-unit values, the
        value they are compared with). Default: the experiment's cells against their null."""
        null = self.null(info)
        return [(name, list(units.values()), null) for name, units in self.cell_units(info, rows).items()]

    def null(self, info: dict[str, Any]) -> float:
        """What a cell's value is compared with (0.5 for a two-deck score, 0 for a difference)."""
        return 0.0

    def unit_block(self, info: dict[str, Any]) -> int:
        """Units that belong together (a card run's opponents): a sequential round ends on a block."""
        return 1

    def check_size(self, info: dict[str, Any], jobs: list[Job], games: int | None = None) -> None:
        """Refuse (one line) a run too small to give any interval: fewer than MIN_UNITS units."""
        units = len({j.unit for j in jobs})
        if jobs and units < MIN_UNITS:
            given = f"--games {games} gives" if games is not None else "this run has"
            raise OptionError(
                f"{given} {units} independent seed(s); no interval comes from fewer than {MIN_UNITS}: "
                f"give about {math.ceil(MIN_UNITS / units * (games or len(jobs)))} games or more"
            )

    def label(self, params: Any) -> str:
        return f"{self.kind}-{params.game}"


# -- helpers shared by the experiments -------------------------------------------------------------
def load_version(
    tables: Tables, game_id: str, options: dict[str, Any], content: str | None, workdir: Path, what: str = ""
) -> tuple[Game, int]:
    """Load a game (with a content version if given), register it in ``tables``; (game, version)."""
    if content is None:
        game = load(game_id, **options)
        digest: str | None = None
    else:
        folder = materialize(content, workdir / f"content-{len(tables.contents)}")
        digest, files = pack(folder)
        game = _load_content(game_id, options, workdir / "content" / digest, files, what or content)
        tables.contents[digest] = files
    ref = next((g for g in tables.games if g.id == game_id and g.options == game.options_dict), None)
    if ref is None:
        shipped = game.content_digest() if digest is None and hasattr(game, "content_digest") else None
        ref = GameRef(game_id, game.options_dict, [], shipped)
        tables.games.append(ref)
    if digest not in ref.versions:
        ref.versions.append(digest)
    return game, ref.versions.index(digest)


def _load_content(
    game_id: str, options: dict[str, Any], folder: Path, files: dict[str, bytes], what: str
) -> Game:
    from kansei.core.errors import ContentError

    from ..content import unpack

    if not folder.exists():
        unpack(files, folder)
    try:
        return load(game_id, content=folder, **options)
    except ContentError as e:
        lines = [str(x) for x in getattr(e, "problems", None) or str(e).splitlines()]
        raise ContentError([user_paths(line, folder, what) for line in lines]) from None


def user_paths(line: str, copy: Path, what: str) -> str:
    """A content problem as the person knows it: the lab's copy of their folder named by their own path
    (``what``: the folder or REF:PATH they gave), never the copy's."""
    own = what.rstrip("/")
    for form in {str(copy), str(copy.resolve())}:
        line = line.replace(form + "/", own + "/").replace(form, own)
    return line if own in line else f"content {shorten(what)}: {line}"


def game_title(game_id: str) -> str:
    """The game's own name for a report's title ("Touge Card Game", not "touge"); its id where it no longer
    loads (a stored run of a plugin since removed)."""
    try:
        return game_class(game_id).name or game_id
    except KanseiError:  # the report is still worth reading without its game
        return str(game_id)


def game_index(tables: Tables, game_id: str) -> int:
    return next(i for i, g in enumerate(tables.games) if g.id == game_id)


def check_agents(specs: list[str]) -> list[str]:
    """The agent specs, each checked (an unknown bot or key is one line naming the valid ones)."""
    out = []
    for s in specs:
        parse_spec(s)
        out.append(s.strip())
    if not out:
        raise OptionError("give at least one --agent")
    return out


def seat_agents(tables: Tables, specs: list[str], players: int) -> list[int]:
    """The agent of each seat: ``specs`` repeated round the table (one spec: every seat)."""
    checked = check_agents(specs)
    return [tables.agent(checked[s % len(checked)]) for s in range(players)]


def agents_text(specs: list[str], players: int) -> str:
    """'greedy bots on every seat' or 'seat 1 greedy, seat 2 mcts:iters=200'."""
    if len(set(specs)) <= 1:
        return f"{specs[0] if specs else 'greedy'} bots on every seat"
    return ", ".join(f"seat {s + 1} {specs[s % len(specs)]}" for s in range(players))


def cell_rate(values: list[float], per_unit: int, info: dict[str, Any], null: float = 0.5) -> Rate:
    """A cell's score: its Wilson interval, or in a sequential run its always-valid interval (Bonferroni
    over the run's ``comparisons``)."""
    seq = info.get("sequential")
    r = rate(values, per_unit)
    if seq is None or not r.enough:
        return r
    m = max(1, int(info.get("comparisons", 1)))
    cs = confidence_sequence(values, 0.05 / m, seq, bound=1.0, null=null)
    return Rate(r.value, max(0.0, cs.low), min(1.0, cs.high), r.units, r.games, cs.level)


def band_verdict(value: float, low: float, high: float, band: tuple[float, float] | None) -> str:
    """'inside', 'outside' or 'undecided' (the interval crosses an edge of the band); '' without one."""
    if band is None or math.isnan(low):
        return ""
    lo, hi = band
    if lo <= low and high <= hi:
        return "inside"
    if high < lo or low > hi:
        return "outside"
    return "undecided"


def interval_label(level: float) -> str:
    return f"{level_label(level)} interval"


NOT_ENOUGH = "not enough games"


def pct(x: float | None, digits: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{100 * x:.{digits}f}%"


def interval(low: float, high: float, digits: int = 1) -> str:
    if math.isnan(low) or math.isnan(high):
        return NOT_ENOUGH
    return f"{pct(low, digits)} – {pct(high, digits)}"


def with_interval(r: Any, digits: int = 1) -> str:
    """'55.0% (51.2% – 58.7%)' for a Rate or its dict."""
    d = r if isinstance(r, dict) else r.to_dict()
    if d["low"] is None or math.isnan(d["low"]):
        return f"{pct(d['value'], digits)} ({NOT_ENOUGH})"
    return f"{pct(d['value'], digits)} ({interval(d['low'], d['high'], digits)})"


def signed(x: float, digits: int = 1) -> str:
    if math.isnan(x):
        return "—"
    return f"{100 * x:+.{digits}f} pts"


def signed_interval(low: float, high: float, digits: int = 1) -> str:
    if math.isnan(low) or math.isnan(high):
        return NOT_ENOUGH
    if math.isinf(low) or math.isinf(high):
        return "—"
    return f"{100 * low:+.{digits}f} … {100 * high:+.{digits}f}"


def by_unit(rows: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(int(r["unit"]), []).append(r)
    return out


def unit_means(acc: dict[str, dict[int, list[float]]]) -> dict[str, dict[int, float]]:
    """Per cell and unit, the mean of the unit's values (its games, seatings or rotations)."""
    return {cell: {u: sum(v) / len(v) for u, v in sorted(units.items())} for cell, units in acc.items()}


def units_for(games: int, per_unit: int) -> int:
    return max(1, math.ceil(games / per_unit))


__all__ = [
    "NOT_ENOUGH",
    "agents_text",
    "band_verdict",
    "cell_rate",
    "interval_label",
    "seat_agents",
    "Experiment",
    "CommonParams",
    "Result",
    "by_unit",
    "check_agents",
    "game_index",
    "interval",
    "load_version",
    "numbered",
    "pct",
    "signed",
    "signed_interval",
    "unit_means",
    "with_interval",
    "units_for",
]


# -- what every experiment reports beside its own numbers: the race's shape and the first mover --------
def standing_unit(game: Game) -> str:
    """The game's standing unit, or '' when it reports no standing (the core default)."""
    return str(getattr(game, "standing_unit", "") or "")


def shape_summary(rows: list[dict[str, Any]], unit: str) -> dict[str, Any]:
    """Game length, lead changes, comebacks, margins (in ``unit``, the game's standing) and the first
    mover's advantage over the rows' games: a table, csv rows and findings."""
    n = len(rows)
    actions = [float(r["actions"]) for r in rows]
    turns = [float(r["turns"]) for r in rows]
    changes = [float(r["lead_changes"]) for r in rows if r.get("lead_changes") is not None]
    decided = [r for r in rows if r["winner"] is not None]
    pool = [r for r in decided if r.get("comeback") is not None]
    comebacks = wilson_rate(sum(1 for r in pool if r["comeback"]), len(pool))
    margins = [float(r["margin"]) for r in rows if r.get("margin") is not None] if unit else []
    movers = [r for r in rows if r.get("first_mover") is not None]
    first = wilson_rate(sum(r["scores"][r["first_mover"]] for r in movers), len(movers))
    fair = 1 / rows[0]["players"] if rows else 0.5

    def mean(xs: list[float]) -> float:
        return float(statistics.fmean(xs)) if xs else math.nan

    def med(xs: list[float]) -> float:
        return float(statistics.median(xs)) if xs else math.nan

    def spread(xs: list[float]) -> str:  # "−6 to 62": a dash between two numbers reads as a minus sign
        return f"{min(xs):g} to {max(xs):g}".replace("-", "−") if xs else "—"

    table = [
        ["game length (actions)", f"{mean(actions):.1f}", f"{med(actions):g}", spread(actions)],
        ["turns (changes of the seat to move)", f"{mean(turns):.1f}", f"{med(turns):g}", spread(turns)],
    ]
    if unit:
        table.append(["lead changes", f"{mean(changes):.2f}", f"{med(changes):g}", spread(changes)])
        table.append(
            [f"winning margin ({unit})", f"{mean(margins):.2f}", f"{med(margins):g}", spread(margins)]
        )
    rates: list[tuple[str, Rate]] = []
    if unit:
        rates.append(("comebacks (winner not ahead at half way)", comebacks))
    if movers:
        rates.append(("first mover's score", first))
    findings = []
    if unit and changes:
        findings.append(
            f"On average a game lasts {mean(actions):.0f} actions ({mean(turns):.0f} turns), the lead "
            f"changes {mean(changes):.1f} times in it and the winner wins by {mean(margins):.1f} {unit}; "
            f"the winner came from behind at half way in {with_interval(comebacks)} of decided games."
        )
    else:
        findings.append(
            f"A game lasts {mean(actions):.0f} actions ({mean(turns):.0f} turns)"
            + ("; the game reports no standing, so leads and margins are not measured." if not unit else ".")
        )
    if movers and first.enough:
        if first.low > fair:
            how = "an advantage"
        elif first.high < fair:
            how = "a handicap"
        else:
            how = f"no measurable advantage over a fair {pct(fair)}"
        findings.append(f"The first mover scores {with_interval(first)}: {how}.")
    csv = [
        {"metric": "actions", "mean": mean(actions), "median": med(actions)},
        {"metric": "turns", "mean": mean(turns), "median": med(turns)},
    ]
    if unit:
        csv += [
            {"metric": "lead_changes", "mean": mean(changes), "median": med(changes)},
            {"metric": "margin", "mean": mean(margins), "median": med(margins), "unit": unit},
            {
                "metric": "comeback_rate",
                "mean": comebacks.value,
                "low": comebacks.low,
                "high": comebacks.high,
            },
        ]
    if movers:
        csv.append(
            {
                "metric": "first_mover_score",
                "mean": first.value,
                "low": first.low,
                "high": first.high,
                "fair": fair,
            }
        )
    return {
        "table": {
            "title": "The games: length, leads and margins",
            "columns": ["", "mean", "median", "range"],
            "rows": table,
        },
        "rates": {
            "title": "How games are decided (95% interval)",
            "columns": ["", "rate", "95% interval", "games"],
            "rows": [[name, pct(x.value), interval(x.low, x.high), str(x.games)] for name, x in rates],
        },
        "csv": csv,
        "findings": findings,
        "data": {
            "unit": unit,
            "games": n,
            "lead_changes": changes,
            "margins": margins,
            "actions": actions,
            "first_mover": first.to_dict(),
            "comebacks": comebacks.to_dict(),
        },
    }


def convergence(values: list[float], null: float = 0.0, points: int = 30) -> list[dict[str, float]]:
    """The running mean of per-unit values with its pointwise 95% interval, at up to ``points`` counts of
    units (for the convergence plot: how the estimate settles as games are added)."""
    from ..stats import paired

    n = len(values)
    if n < MIN_UNITS:
        return []
    counts = sorted(
        {max(MIN_UNITS, round(MIN_UNITS * (n / MIN_UNITS) ** (k / (points - 1)))) for k in range(points)}
    )
    out = []
    for c in counts:
        d = paired([v - null for v in values[:c]], bound=1.0)
        out.append({"units": c, "value": d.value + null, "low": d.low + null, "high": d.high + null})
    return out
