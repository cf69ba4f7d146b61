"""diff: the same experiment on two versions of the content — did my change fix it, or break something
else? Both versions play the very same seeds, so every matchup cell, seat or card gets a paired delta."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from kansei.core.errors import ContentError, OptionError

from ..plan import Job, Tables, numbered
from ..stats import paired_family
from .base import (
    CommonParams,
    Experiment,
    Result,
    check_agents,
    convergence,
    game_title,
    interval_label,
    load_version,
    pct,
    shape_summary,
    signed,
    signed_interval,
)
from .card import Card, CardParams
from .matchup import Matchup, MatchupParams
from .seats import Seats, SeatsParams

SUBS: dict[str, type[Experiment]] = {"matchup": Matchup, "seats": Seats, "card": Card}


class DiffParams(CommonParams):
    a: str  # content version A: a folder, or REF:PATH (git)
    b: str
    # [matchup; seats for a game of one deck, where no matchup can be played]
    run: Literal["matchup", "seats", "card"] | None = None
    # the sub-experiment's own parameters (as in `kansei lab matchup/seats/card`)
    decks: list[str] = Field(default_factory=list)
    vary: str | None = None
    deck: str | None = None
    cards: list[str] = Field(default_factory=list)
    scan: bool = False
    baselines: list[str] = Field(default_factory=list)
    opponents: list[str] = Field(default_factory=list)
    players: list[int] = Field(default_factory=list)
    agents: list[str] = Field(default_factory=lambda: ["greedy"])


def sub_params(p: DiffParams, version: str, run: str) -> Any:
    common = {"game": p.game, "options": p.options, "content": version, "seed": p.seed, "games": p.games}
    if run == "matchup":
        return MatchupParams(**common, decks=p.decks, vary=p.vary, players=p.players, agents=p.agents)
    if run == "seats":
        if len(p.players) > 1:
            raise OptionError("seats takes one --players count")
        return SeatsParams(
            **common, decks=p.decks, players=p.players[0] if p.players else None, agents=p.agents
        )
    return CardParams(
        **common,
        deck=p.deck,
        cards=p.cards,
        scan=p.scan,
        baselines=p.baselines,
        opponents=p.opponents,
        agents=p.agents,
    )


class Diff(Experiment):
    kind = "diff"
    title = "Content diff"
    Params = DiffParams

    def label(self, params: Any) -> str:
        return f"diff-{params.run or 'matchup'}-{params.game}"

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: DiffParams = params
        if p.content is not None:
            raise OptionError("diff takes its two content versions as --a and --b, not --content")
        tables = Tables()
        check_agents(p.agents)
        infos = []
        run = p.run
        for name, version in (("A", p.a), ("B", p.b)):
            game, v = load_version(tables, p.game, p.options, version, workdir, what=f"{name} ({version})")
            if run is None:
                one_deck = len(game.starter_decks()) == 1 and len(p.decks) < 2
                run = "seats" if one_deck else "matchup"
            sub = SUBS[run]()
            sp = sub_params(p, version, run)
            try:
                info = sub.plan_info(game, tables, sp, v)
            except ContentError as e:
                raise ContentError([f"version {name}: {line}" for line in e.problems]) from None
            infos.append(info)
        if len(tables.games[0].versions) < 2:
            infos[1] = dict(infos[1], version=1)
            tables.games[0].versions.append(tables.games[0].versions[0])
        return tables, {"run": run, "game": p.game, "versions": [p.a, p.b], "infos": infos}

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        sub = SUBS[info["run"]]()
        out: list[Job] = []
        for sub_info in info["infos"]:
            out.extend(sub.jobs(tables, sub_info))
        return numbered(out)

    def unit_block(self, info: dict[str, Any]) -> int:
        return SUBS[info["run"]]().unit_block(info["infos"][0])

    def sequential_cells(
        self, info: dict[str, Any], rows: list[dict[str, Any]]
    ) -> list[tuple[str, list[float], float]]:
        names, deltas, _, _ = self.deltas(info, rows)
        return [(n, d, 0.0) for n, d in zip(names, deltas, strict=True)]

    def deltas(
        self, info: dict[str, Any], rows: list[dict[str, Any]]
    ) -> tuple[list[str], list[list[float]], list[float], list[float]]:
        """The compared cells, each cell's per-unit deltas B − A, and its A and B values."""
        sub = SUBS[info["run"]]()
        parts = self.split(info, rows)
        cells = [sub.cell_units(i, rs) for i, rs in zip(info["infos"], parts, strict=True)]
        names = [c for c in cells[0] if c in cells[1]]
        if info["run"] == "seats":  # the last seat (and deck) is what the others leave: no test of its own
            n = info["infos"][0]["players"]
            names = [c for c in names if not c.endswith(f" {n - 1}")] or names
        deltas, before, after = [], [], []
        for c in names:
            a, b = cells[0][c], cells[1][c]
            common = sorted(set(a) & set(b))
            deltas.append([b[u] - a[u] for u in common])
            before.append(sum(a[u] for u in common) / len(common) if common else float("nan"))
            after.append(sum(b[u] for u in common) / len(common) if common else float("nan"))
        return names, deltas, before, after

    def split(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        return [[r for r in rows if r["version"] == i["version"]] for i in info["infos"]]

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        sub = SUBS[info["run"]]()
        parts = self.split(info, rows)
        cells = [sub.cell_units(i, rs) for i, rs in zip(info["infos"], parts, strict=True)]
        names, deltas, before, after = self.deltas(info, rows)
        tests = paired_family(deltas, sequential=info.get("sequential"))
        what = {
            "matchup": "pairing (row deck's score)",
            "seats": "seat or deck (score)",
            "card": "card (impact on win rate)",
        }[info["run"]]
        fmt = signed if info["run"] == "card" else pct
        order = sorted(range(len(names)), key=lambda i: -abs(tests[i].value))
        table, csv, findings = [], [], []
        for i in order:
            t = tests[i]
            table.append(
                [
                    names[i],
                    fmt(before[i]),
                    fmt(after[i]),
                    signed(t.value),
                    signed_interval(t.low, t.high),
                    interval_label(t.level).removesuffix(" interval") if t.enough else "—",
                    f"{t.p_holm:.3g}" if t.p_holm is not None else "—",
                    pct(t.p_better, 0) if t.p_better is not None and not math.isnan(t.p_better) else "—",
                    "CHANGED" if t.flagged else "",
                ]
            )
            csv.append(
                {
                    "cell": names[i],
                    "a": before[i],
                    "b": after[i],
                    **t.to_dict("delta"),
                }
            )
            if t.flagged:
                findings.append(
                    f"{names[i]}: {fmt(before[i])} → {fmt(after[i])} ({signed(t.value)}, "
                    f"{signed_interval(t.low, t.high)})."
                )
        only = [c for c in cells[0] if c not in cells[1]] + [c for c in cells[1] if c not in cells[0]]
        unit = info["infos"][0].get("unit", "")
        shapes = [shape_summary(rs, unit) for rs in parts]
        shape_table = {
            "title": "The games of A and of B: length, leads and margins",
            "columns": ["", "A mean", "B mean"],
            "rows": [
                [ra[0], ra[1], rb[1]]
                for ra, rb in zip(shapes[0]["table"]["rows"], shapes[1]["table"]["rows"], strict=False)
            ]
            + [
                [ra[0], f"{ra[1]} ({ra[2]})", f"{rb[1]} ({rb[2]})"]
                for ra, rb in zip(shapes[0]["rates"]["rows"], shapes[1]["rates"]["rows"], strict=False)
            ],
        }
        if not findings:
            findings.append("No significant change between the two versions after Holm's correction.")
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: {info['run']} diff between two content versions",
            question="Did the change do what it should, and nothing else?",
            method=(
                f"The {info['run']} experiment on version A ({info['versions'][0]}) and version B "
                f"({info['versions'][1]}), on the very same seeds ({len(rows)} games in all). For every "
                f"{what} the delta B − A is the mean of the per-seed differences, with Student's t interval; "
                f"p-values are corrected with Holm's method over the {len(names)} comparisons and each "
                "interval is drawn at the level of the Holm step that decided it: a change is flagged "
                "exactly when its interval leaves out zero."
            ),
            findings=findings,
            tables=[
                {
                    "title": f"Per {what}: A, B and the delta B − A (largest first)",
                    "columns": [
                        "",
                        "A",
                        "B",
                        "delta",
                        "interval",
                        "level",
                        "p (Holm)",
                        "P(B − A > 0)",
                        "flagged",
                    ],
                    "rows": table,
                },
                shape_table,
            ],
            csv=csv,
            data={
                "cells": csv,
                "run": info["run"],
                "shape": [x["data"] for x in shapes],
                "convergence": {
                    "cell": names[order[0]],
                    "points": convergence(deltas[order[0]]),
                }
                if names
                else {},
            },
            notes=[f"Only in one version (not compared): {', '.join(only)}"] if only else [],
        )
