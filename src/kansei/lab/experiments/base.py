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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kansei.agents import parse_spec
from kansei.core.errors import OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game, validation_lines
from kansei.core.registry import load

from ..content import materialize, pack
from ..plan import GameRef, Job, Tables, numbered

MAX_GAMES = 10_000_000


class CommonParams(BaseModel):
    """Parameters every experiment takes (as a person gives them; stored in run.json)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    content: str | None = None  # a content folder or REF:PATH instead of the shipped content
    seed: int = Field(default=0, ge=0, lt=2**63)
    games: int = Field(default=200, ge=1, le=MAX_GAMES)


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
        raise ContentError([f"content {shorten(what)}: {line}" for line in lines]) from None


def game_index(tables: Tables, game_id: str) -> int:
    return next(i for i, g in enumerate(tables.games) if g.id == game_id)


def check_agents(specs: list[str]) -> list[str]:
    out = []
    for s in specs:
        parse_spec(s)
        out.append(s.strip())
    return out


def pct(x: float | None, digits: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{100 * x:.{digits}f}%"


def interval(low: float, high: float, digits: int = 1) -> str:
    return f"{pct(low, digits)} – {pct(high, digits)}"


def with_interval(r: Any, digits: int = 1) -> str:
    """'55.0% (51.2% – 58.7%)' for a Rate or its dict."""
    d = r if isinstance(r, dict) else r.to_dict()
    return f"{pct(d['value'], digits)} ({interval(d['low'], d['high'], digits)})"


def signed(x: float, digits: int = 1) -> str:
    if math.isnan(x):
        return "—"
    return f"{100 * x:+.{digits}f} pts"


def signed_interval(low: float, high: float, digits: int = 1) -> str:
    if math.isnan(low) or math.isinf(low) or math.isinf(high):
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
