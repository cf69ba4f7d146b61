"""matchup: decks (or every card of a deck slot, such as Touge's car; or, in a game without decks, the
number of racers) against each other, with the bots fixed."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_decks

from .. import decks as dk
from ..plan import Job, Tables, numbered, unit_seed
from ..stats import paired_family, rate
from .base import (
    CommonParams,
    Experiment,
    Result,
    check_agents,
    interval,
    pct,
    unit_means,
    units_for,
    with_interval,
)

MIN_ENTRIES = 2


class MatchupParams(CommonParams):
    decks: list[str] = Field(default_factory=list)  # --deck texts; default: every starter deck
    vary: str | None = None  # a deck key holding a card (Touge: car): one entry per card of its kind
    players: list[int] = Field(default_factory=list)  # games without decks: the racer counts to compare
    agent: str = "greedy"


def seating(a: int, b: int, players: int, flip: int) -> list[int]:
    """Entry per seat: ``a`` and ``b`` alternate round the table; ``flip`` swaps them."""
    return [a if (s + flip) % 2 == 0 else b for s in range(players)]


def deck_entries(game: Game, texts: list[str], vary: str | None) -> tuple[list[dict[str, Any]], list[str]]:
    """The decks to pit against each other and their labels."""
    entries = resolve_decks(game, texts) if texts else [game.starter_deck(n) for n in game.starter_decks()]
    if vary is None:
        return entries, unique_labels([dk.deck_label(d) for d in entries])
    base = entries[0]
    held = dk.slots(game, base)
    if vary not in held:
        keys = ", ".join(held) or "none"
        raise OptionError(
            f"--vary {shorten(vary)!r}: deck {dk.deck_label(base)!r} has no such card key (its keys: {keys})"
        )
    kind = dk.find_card(game, held[vary])["kind"]
    names = [str(c["name"]) for c in game.cards("en") if c["kind"] == kind]
    out, labels = [], []
    for n in names:
        d = dict(base, **{vary: n})
        if not game.deck_problems(d):
            out.append(d)
            labels.append(n)
    return out, labels


def unique_labels(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for x in labels:
        seen[x] = seen.get(x, 0) + 1
        out.append(x if seen[x] == 1 else f"{x} #{seen[x]}")
    return out


class Matchup(Experiment):
    kind = "matchup"
    title = "Matchup"
    Params = MatchupParams

    def plan_info(self, game: Game, tables: Tables, p: MatchupParams, version: int = 0) -> dict[str, Any]:
        tables.agent(check_agents([p.agent])[0])
        if game.starter_decks() and not p.players:
            entries, labels = deck_entries(game, p.decks, p.vary)
            if len(entries) < MIN_ENTRIES:
                raise ContentError([f"a matchup needs at least two decks, got {len(entries)}"])
            return {
                "mode": "decks",
                "labels": labels,
                "decks": [tables.deck(d) for d in entries],
                "players": game.min_players,
                "units": units_for(p.games, 2),
                "seed": p.seed,
                "agent": p.agent,
                "game": p.game,
                "version": version,
            }
        if p.decks or p.vary:
            raise OptionError(f"{p.game} has no decks: compare racer counts with --players 2,3,4")
        counts = sorted(set(p.players)) or list(range(game.min_players, game.max_players + 1))
        for c in counts:
            if not game.min_players <= c <= game.max_players:
                raise OptionError(f"{p.game} takes {game.min_players}–{game.max_players} players, not {c}")
        return {
            "mode": "players",
            "labels": [f"{c} players" for c in counts],
            "counts": counts,
            "units": p.games,
            "seed": p.seed,
            "agent": p.agent,
            "game": p.game,
            "version": version,
        }

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        agent = tables.agents.index(info["agent"])
        v = info.get("version", 0)
        out: list[Job] = []
        if info["mode"] == "players":
            for c in info["counts"]:
                for u in range(info["units"]):
                    out.append(Job(0, u, unit_seed(info["seed"], u), c, (agent,) * c, None, 0, v, f"{c}p"))
            return numbered(out)
        n, decks = info["players"], info["decks"]
        for i, j in combinations(range(len(decks)), 2):
            for u in range(info["units"]):
                seed = unit_seed(info["seed"], u)
                for flip in (0, 1):
                    seats = seating(i, j, n, flip)
                    out.append(
                        Job(
                            0,
                            u,
                            seed,
                            n,
                            (agent,) * n,
                            tuple(decks[e] for e in seats),
                            0,
                            v,
                            f"{i}-{j}/{flip}",
                        )
                    )
        return numbered(out)

    # -- analysis -------------------------------------------------------------------------------------
    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """Per pairing 'A vs B', A's score per unit (the mean over its two seatings)."""
        labels = info["labels"]
        n = info["players"]
        acc: dict[str, dict[int, list[float]]] = {}
        tagged: dict[str, list[dict[str, Any]]] = {}  # "i-j/flip" -> games
        for r in rows:
            tagged.setdefault(r["tag"], []).append(r)
        for tag, rs in tagged.items():
            pair, _, flip = tag.partition("/")
            i, j = (int(x) for x in pair.split("-"))
            seats = seating(i, j, n, int(flip))
            cell = acc.setdefault(f"{labels[i]} vs {labels[j]}", {})
            for r in rs:
                score = sum(s for s, e in zip(r["scores"], seats, strict=True) if e == i)
                cell.setdefault(r["unit"], []).append(score)
        return unit_means(acc)

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        if info["mode"] == "players":
            return self._analyse_players(info, rows)
        labels = info["labels"]
        k = len(labels)
        cells = self.cell_units(info, rows)
        keys = [f"{labels[i]} vs {labels[j]}" for i, j in combinations(range(k), 2)]
        tests = paired_family([[v - 0.5 for v in cells.get(key, {}).values()] for key in keys])
        matrix: list[list[dict[str, Any] | None]] = [[None] * k for _ in range(k)]
        csv, flagged = [], []
        for (i, j), key, t in zip(combinations(range(k), 2), keys, tests, strict=True):
            vals = list(cells.get(key, {}).values())
            a = rate(vals, 2)
            b = rate([1 - v for v in vals], 2)  # every seat is held by one of the two: the points add to 1
            matrix[i][j] = a.to_dict()
            matrix[j][i] = b.to_dict()
            csv.append(
                {
                    "deck": labels[i],
                    "opponent": labels[j],
                    "score": a.value,
                    "low": a.low,
                    "high": a.high,
                    "games": a.games,
                    "p_holm": t.p_holm,
                    "flagged": t.flagged,
                }
            )
            if t.flagged:
                hi, lo = (i, j) if a.value > 0.5 else (j, i)
                s = a if a.value > 0.5 else b
                flagged.append(f"{labels[hi]} beats {labels[lo]} {pct(s.value)} ({interval(s.low, s.high)})")
        overall = []
        for i in range(k):
            field: list[float] = []
            for j in range(k):
                if i == j:
                    continue
                key = f"{labels[min(i, j)]} vs {labels[max(i, j)]}"
                vs = list(cells.get(key, {}).values())
                field.extend(vs if i < j else [1 - v for v in vs])
            overall.append(rate(field, 2))
        rows_out = []
        for i in range(k):
            cells_txt = ["—" if matrix[i][j] is None else with_interval(matrix[i][j], 0) for j in range(k)]
            rows_out.append(
                [
                    labels[i],
                    *cells_txt,
                    f"{pct(overall[i].value)} ({interval(overall[i].low, overall[i].high)})",
                ]
            )
        best = max(range(k), key=lambda i: overall[i].value)
        findings = [
            f"Strongest: {labels[best]}, {pct(overall[best].value)} of points against the field "
            f"({interval(overall[best].low, overall[best].high)})."
        ]
        findings += [f"Imbalanced pairing: {f}." for f in flagged] or [
            "No pairing is significantly away from 50% after Holm's correction."
        ]
        games = len(rows)
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: matchup of {k} decks",
            question="Which deck wins too often against which?",
            method=(
                f"Every pair of decks played {info['units']} seeds, each seed twice with the seats swapped, "
                f"{info['agent']} bots on every seat ({games} games). A cell is the row deck's score against "
                "the column deck (a draw counts ½) with a 95% Wilson interval at the effective number of "
                "games (the two games of a seed are one observation). A pairing is flagged when its score "
                "differs from 50% after Holm's correction for the number of pairings."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Row deck's score against the column deck (95% interval)",
                    "columns": ["deck", *labels, "against the field"],
                    "rows": rows_out,
                }
            ],
            csv=csv,
            data={
                "labels": labels,
                "matrix": matrix,
                "overall": [r.to_dict() for r in overall],
                "games": games,
            },
        )

    def _analyse_players(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        csv, table, data = [], [], []
        for c in info["counts"]:
            rs = [r for r in rows if r["players"] == c]
            seats = [rate([r["scores"][s] for r in rs]) for s in range(c)]
            length = sum(r["actions"] for r in rs) / len(rs) if rs else 0.0
            data.append({"players": c, "seats": [s.to_dict() for s in seats], "actions": length})
            for s, x in enumerate(seats):
                csv.append(
                    {
                        "players": c,
                        "seat": s,
                        "win_rate": x.value,
                        "low": x.low,
                        "high": x.high,
                        "fair": 1 / c,
                        "games": x.games,
                    }
                )
            table.append(
                [
                    f"{c}",
                    *[f"{pct(x.value)} ({interval(x.low, x.high, 0)})" for x in seats],
                    *[""] * (max(info["counts"]) - c),
                    f"{pct(1 / c)}",
                    f"{length:.0f}",
                ]
            )
        top = max(info["counts"])
        findings = []
        for d in data:
            c = d["players"]
            off = [s for s, x in enumerate(d["seats"]) if not x["low"] <= 1 / c <= x["high"]]
            if off:
                findings.append(
                    f"With {c} players, seat(s) {', '.join(map(str, off))} are away from a fair "
                    f"{pct(1 / c)} share."
                )
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: racer counts",
            question="How do the seats fare as the number of racers changes?",
            method=(
                f"{info['units']} games for each racer count, {info['agent']} bots on every seat; each "
                "seat's win rate with a 95% Wilson interval, against a fair share of 1/players."
            ),
            findings=findings or ["Every seat is within its interval of a fair share at every racer count."],
            tables=[
                {
                    "title": "Win rate per seat (95% interval)",
                    "columns": ["players", *[f"seat {s}" for s in range(top)], "fair", "actions/game"],
                    "rows": table,
                }
            ],
            csv=csv,
            data={"counts": data},
        )
