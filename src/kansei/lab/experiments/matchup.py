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
from ..stats import MIN_UNITS, paired_family, rate
from .base import (
    CommonParams,
    Experiment,
    Result,
    agents_text,
    band_verdict,
    cell_rate,
    check_agents,
    convergence,
    game_title,
    interval,
    interval_label,
    pct,
    seat_agents,
    shape_summary,
    standing_unit,
    unit_means,
    units_for,
    with_interval,
)

MIN_ENTRIES = 2


class MatchupParams(CommonParams):
    decks: list[str] = Field(default_factory=list)  # --deck texts; default: every starter deck
    vary: str | None = None  # a deck key holding a card (Touge: car): one entry per card of its kind
    players: list[int] = Field(default_factory=list)  # games without decks: the racer counts to compare
    agents: list[str] = Field(default_factory=lambda: ["greedy"])  # per seat, repeated round the table


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
        common = {"seed": p.seed, "agents": check_agents(p.agents), "game": p.game, "version": version}
        common["unit"] = standing_unit(game)
        common["band"] = list(p.band) if p.band else None
        if game.starter_decks() and not p.players:
            entries, labels = deck_entries(game, p.decks, p.vary)
            if len(entries) < MIN_ENTRIES:
                names = ", ".join(game.starter_decks())
                extra = (
                    f", or compare racer counts with --players {game.min_players},{game.max_players}"
                    if game.max_players > game.min_players
                    else ""
                )
                raise ContentError(
                    [
                        f"a matchup needs two decks or more, {p.game} gives {len(entries)} ({names}): "
                        f"add one with --deck FILE{extra}"
                    ]
                )
            n = game.min_players
            return {
                **common,
                "mode": "decks",
                "labels": labels,
                "decks": [tables.deck(d) for d in entries],
                "players": n,
                "seat_agents": seat_agents(tables, p.agents, n),
                "units": units_for(p.games, 2),
                "comparisons": len(entries) * (len(entries) - 1) // 2,
            }
        if p.decks or p.vary:
            raise OptionError(f"{p.game} has no decks: compare racer counts with --players 2,3,4")
        counts = sorted(set(p.players)) or list(range(game.min_players, game.max_players + 1))
        for c in counts:
            if not game.min_players <= c <= game.max_players:
                raise OptionError(f"{p.game} takes {game.min_players}–{game.max_players} players, not {c}")
        return {
            **common,
            "mode": "players",
            "labels": [f"{c} players" for c in counts],
            "counts": counts,
            "count_agents": {str(c): seat_agents(tables, p.agents, c) for c in counts},
            "units": p.games,
            "comparisons": sum(max(1, c - 1) for c in counts),
        }

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        v = info.get("version", 0)
        out: list[Job] = []
        if info["mode"] == "players":
            for c in info["counts"]:
                agents = tuple(info["count_agents"][str(c)])
                for u in range(info["units"]):
                    out.append(Job(0, u, unit_seed(info["seed"], u), c, agents, None, 0, v, f"{c}p"))
            return numbered(out)
        n, decks = info["players"], info["decks"]
        agents = tuple(info["seat_agents"])
        for i, j in combinations(range(len(decks)), 2):
            for u in range(info["units"]):
                seed = unit_seed(info["seed"], u)
                for flip in (0, 1):
                    seats = seating(i, j, n, flip)
                    out.append(
                        Job(0, u, seed, n, agents, tuple(decks[e] for e in seats), 0, v, f"{i}-{j}/{flip}")
                    )
        return numbered(out)

    def null(self, info: dict[str, Any]) -> float:
        return 0.5

    def games_per_count(self, info: dict[str, Any]) -> int:
        return 2 if info["mode"] == "decks" else 1

    def sequential_cells(
        self, info: dict[str, Any], rows: list[dict[str, Any]]
    ) -> list[tuple[str, list[float], float]]:
        if info["mode"] == "decks":
            return super().sequential_cells(info, rows)
        out = []
        for c in info["counts"]:
            rs = [r for r in rows if r["players"] == c]
            for s in range(max(1, c - 1)):  # the last seat's share is what the others leave
                out.append((f"{c} players: seat {s + 1}", [r["scores"][s] for r in rs], 1 / c))
        return out

    # -- analysis -------------------------------------------------------------------------------------
    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """Per pairing 'A vs B', A's score per unit (the mean over its two seatings); in a game without
        decks, per racer count and seat, that seat's score per unit."""
        if info["mode"] == "players":
            acc: dict[str, dict[int, list[float]]] = {}
            for r in rows:
                for s in range(r["players"]):
                    acc.setdefault(f"{r['players']} players: seat {s + 1}", {}).setdefault(
                        r["unit"], []
                    ).append(r["scores"][s])
            return unit_means(acc)
        labels = info["labels"]
        n = info["players"]
        acc = {}
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
        band = tuple(info["band"]) if info.get("band") else None
        seq = info.get("sequential")
        cells = self.cell_units(info, rows)
        keys = [f"{labels[i]} vs {labels[j]}" for i, j in combinations(range(k), 2)]
        tests = paired_family(
            [[v - 0.5 for v in cells.get(key, {}).values()] for key in keys], sequential=seq
        )
        matrix: list[list[dict[str, Any] | None]] = [[None] * k for _ in range(k)]
        csv, flagged, bands = [], [], []
        for (i, j), key, t in zip(combinations(range(k), 2), keys, tests, strict=True):
            vals = list(cells.get(key, {}).values())
            a = cell_rate(vals, 2, info)
            b = cell_rate([1 - v for v in vals], 2, info)  # every seat is held by one of the two
            matrix[i][j] = a.to_dict()
            matrix[j][i] = b.to_dict()
            verdict = band_verdict(a.value, a.low, a.high, band)
            csv.append(
                {
                    "deck": labels[i],
                    "opponent": labels[j],
                    "score": a.value,
                    "low": a.low,
                    "high": a.high,
                    "level": a.level,
                    "games": a.games,
                    "p_holm": t.p_holm,
                    "flagged": t.flagged,
                    "enough": a.enough,
                    "band": verdict,
                }
            )
            hi, lo = (i, j) if a.value >= 0.5 else (j, i)
            s = a if a.value >= 0.5 else b
            edge = (
                f"{labels[hi]} by {100 * (s.value - 0.5):+.1f} "
                f"({100 * (s.low - 0.5):+.1f} – {100 * (s.high - 0.5):+.1f})"
            )
            if t.flagged:
                flagged.append(f"{labels[hi]} beats {labels[lo]} {pct(s.value)} ({interval(s.low, s.high)})")
            if band is not None:
                inside = f"{pct(band[0], 0)}–{pct(band[1], 0)}"
                if verdict == "outside":
                    bands.append(f"{labels[i]} vs {labels[j]} is outside {inside}: {edge}.")
                elif verdict == "undecided":
                    bands.append(
                        f"{labels[i]} vs {labels[j]}: undecided, its interval crosses an edge of "
                        f"{inside} ({edge}); play more games."
                    )
                elif verdict == "inside":
                    bands.append(f"{labels[i]} vs {labels[j]} is inside {inside}: yes.")
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
            rows_out.append([labels[i], *cells_txt, with_interval(overall[i])])
        best = max(range(k), key=lambda i: overall[i].value)
        findings = [f"Strongest: {labels[best]}, {with_interval(overall[best])} of points against the field."]
        findings += bands
        findings += [f"Imbalanced pairing: {f}." for f in flagged] or [
            "No pairing is significantly away from 50%"
            + (" (always-valid intervals)." if seq else " after Holm's correction.")
        ]
        shape = shape_summary(rows, info.get("unit", ""))
        findings += shape["findings"]
        games = len(rows)
        level = interval_label(min((t.level for t in tests if t.enough), default=0.95))
        top = max(range(len(keys)), key=lambda x: abs(tests[x].value) if tests[x].enough else -1)
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: matchup of {k} decks",
            question="Which deck wins too often against which?"
            + (f" Is every pairing within {pct(band[0], 0)}–{pct(band[1], 0)}?" if band else ""),
            method=(
                f"Every pair of decks played {info['units']} seeds, each seed twice with the seats swapped, "
                f"{agents_text(info['agents'], info['players'])} ({games} games). A cell is the row deck's "
                "score against the column deck (a draw counts ½) with a 95% Wilson interval at the effective "
                "number of games (the two games of a seed are one observation). A pairing is flagged when "
                f"its score differs from 50% after Holm's correction for the {len(keys)} pairings (the "
                f"strictest interval drawn is a {level}); no interval is given from fewer than "
                f"{MIN_UNITS} seeds."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Row deck's score against the column deck (95% interval)",
                    "columns": ["deck", *labels, "against the field"],
                    "rows": rows_out,
                },
                shape["table"],
                shape["rates"],
            ],
            csv=csv + shape["csv"],
            data={
                "labels": labels,
                "matrix": matrix,
                "overall": [r.to_dict() for r in overall],
                "games": games,
                "shape": shape["data"],
                "convergence": {
                    "cell": keys[top],
                    "points": convergence(list(cells.get(keys[top], {}).values()), 0.5),
                }
                if keys
                else {},
            },
        )

    def _analyse_players(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        csv, table, data = [], [], []
        cells = self.sequential_cells(info, rows)
        tests = {
            name: t
            for (name, _, _), t in zip(
                cells,
                paired_family(
                    [[v - null for v in vals] for _, vals, null in cells], sequential=info.get("sequential")
                ),
                strict=True,
            )
        }
        for c in info["counts"]:
            rs = [r for r in rows if r["players"] == c]
            seats = [cell_rate([r["scores"][s] for r in rs], 1, info, 1 / c) for s in range(c)]
            length = sum(r["actions"] for r in rs) / len(rs) if rs else 0.0
            data.append({"players": c, "seats": [s.to_dict() for s in seats], "actions": length})
            for s, x in enumerate(seats):
                t = tests.get(f"{c} players: seat {s + 1}")
                csv.append(
                    {
                        "players": c,
                        "seat": s,
                        "win_rate": x.value,
                        "low": x.low,
                        "high": x.high,
                        "fair": 1 / c,
                        "games": x.games,
                        "flagged": bool(t and t.flagged),
                    }
                )
            table.append(
                [
                    f"{c}",
                    *[with_interval(x, 0) for x in seats],
                    *[""] * (max(info["counts"]) - c),
                    f"{pct(1 / c)}",
                    f"{length:.0f}",
                ]
            )
        top = max(info["counts"])
        findings = []
        for d in data:
            c = d["players"]
            off = [s + 1 for s in range(c) if (t := tests.get(f"{c} players: seat {s + 1}")) and t.flagged]
            if off:
                findings.append(
                    f"With {c} players, seat(s) {', '.join(map(str, off))} are away from a fair "
                    f"{pct(1 / c)} share (Holm over the seats and counts)."
                )
        shape = shape_summary(rows, info.get("unit", ""))
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: racer counts",
            question="How do the seats fare as the number of racers changes?",
            method=(
                f"{info['units']} games for each racer count, {agents_text(info['agents'], top)}; each "
                "seat's win rate with a 95% Wilson interval, tested against a fair share of 1/players with "
                "Holm's correction (the last seat of each count is left out: its share is what the others "
                "leave, so it is no hypothesis of its own)."
            ),
            findings=(findings or ["Every seat is within a fair share at every racer count."])
            + shape["findings"],
            tables=[
                {
                    "title": "Win rate per seat (95% interval)",
                    "columns": ["players", *[f"seat {s + 1}" for s in range(top)], "fair", "actions/game"],
                    "rows": table,
                },
                shape["table"],
                shape["rates"],
            ],
            csv=csv + shape["csv"],
            data={"counts": data, "shape": shape["data"]},
        )
