"""seats: the advantage of each seat, with the decks rotated across the seats so the deck's own strength
cancels out (and is reported beside it), the seat × deck grid with intervals, and the first mover."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_decks

from .. import decks as dk
from ..plan import Job, Tables, numbered, unit_seed
from ..stats import Diff, Rate, paired_family, rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    agents_text,
    cell_rate,
    check_agents,
    convergence,
    game_title,
    interval,
    pct,
    seat_agents,
    shape_summary,
    standing_unit,
    unit_means,
    units_for,
    with_interval,
)
from .matchup import unique_labels


class SeatsParams(CommonParams):
    games: int = Field(default=1000, ge=1, le=MAX_GAMES)  # in all, split over the rotations
    decks: list[str] = Field(default_factory=list)  # one per seat; default: the first starter decks
    players: int | None = None
    agents: list[str] = Field(default_factory=lambda: ["greedy"])  # per seat, repeated round the table


def against_fair(
    what: str,
    keys: list[str],
    names: list[str],
    cells: dict[str, dict[int, float]],
    per_unit: int,
    fair: float,
    csv: list[dict[str, Any]],
    table: list[list[str]],
    info: dict[str, Any],
) -> tuple[list[Rate], list[Diff | None]]:
    """Each cell's score with its interval, tested against a fair share; their rows appended to ``csv`` and
    ``table``. The cells' scores add up to one, so the last is no hypothesis of its own: Holm runs over
    the others (in a 2-seat game, seat 2 is seat 1's mirror: one test)."""
    vals = [list(cells.get(k, {}).values()) for k in keys]
    rates = [cell_rate(v, per_unit, info, fair) for v in vals]
    tested = vals[:-1] if len(vals) > 1 else vals
    family = paired_family([[x - fair for x in v] for v in tested], sequential=info.get("sequential"))
    tests: list[Diff | None] = [*family, *([None] * (len(vals) - len(family)))]
    for name, x, t in zip(names, rates, tests, strict=True):
        csv.append(
            {
                "what": what,
                "name": name,
                "score": x.value,
                "low": x.low,
                "high": x.high,
                "advantage": x.value - fair,
                "p_holm": t.p_holm if t else None,
                "flagged": bool(t and t.flagged),
                "tested": t is not None,
                "games": x.games,
            }
        )
        table.append(
            [
                name,
                pct(x.value),
                interval(x.low, x.high),
                f"{100 * (x.value - fair):+.1f} pts",
                ("yes" if t.flagged else "no") if t else "(what the others leave)",
            ]
        )
    return rates, tests


class Seats(Experiment):
    kind = "seats"
    title = "Seat advantage"
    Params = SeatsParams

    def plan_info(self, game: Game, tables: Tables, p: SeatsParams, version: int = 0) -> dict[str, Any]:
        n = game.player_count(p.players)
        game.start(seed=0, players=n)  # the player count, checked once
        info: dict[str, Any] = {
            "game": p.game,
            "players": n,
            "agents": check_agents(p.agents),
            "seat_agents": seat_agents(tables, p.agents, n),
            "seed": p.seed,
            "version": version,
            "unit": standing_unit(game),
        }
        starters = game.starter_decks()
        if starters:
            if p.decks:
                decks = resolve_decks(game, p.decks)
                if len(decks) > n:
                    raise ContentError([f"seats: give one --deck per seat ({n}) or fewer, got {len(decks)}"])
            else:  # the first starter decks, one a seat
                decks = [game.starter_deck(s) for s in starters[:n]]
            decks = [decks[s % len(decks)] for s in range(n)]
            info["decks"] = [tables.deck(d) for d in decks]
            info["labels"] = unique_labels([dk.deck_label(d) for d in decks])
            # rotations that seat the same decks in the same seats are the same game: a mirror plays once
            seen: list[tuple[int, ...]] = []
            for r in range(n):
                seated = tuple(info["decks"][(s + r) % n] for s in range(n))
                if seated not in seen:
                    seen.append(seated)
            info["rotations"] = len(seen)
            info["mirror"] = len(set(info["decks"])) == 1
        else:
            if p.decks:
                raise ContentError([f"{p.game} has no decks"])
            info["decks"] = None
            info["labels"] = []
            info["rotations"] = 1
            info["mirror"] = False
        info["units"] = units_for(p.games, info["rotations"])
        info["comparisons"] = max(1, n - 1) * (1 if info["mirror"] or info["decks"] is None else 2)
        return info

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        n, agents = info["players"], tuple(info["seat_agents"])
        out = []
        for u in range(info["units"]):
            seed = unit_seed(info["seed"], u)
            for r in range(info["rotations"]):
                decks = None if info["decks"] is None else tuple(info["decks"][(s + r) % n] for s in range(n))
                out.append(Job(0, u, seed, n, agents, decks, 0, info["version"], f"r{r}"))
        return numbered(out)

    def null(self, info: dict[str, Any]) -> float:
        return 1 / info["players"]

    def sequential_cells(
        self, info: dict[str, Any], rows: list[dict[str, Any]]
    ) -> list[tuple[str, list[float], float]]:
        cells = self.cell_units(info, rows)
        n = info["players"]
        fair = 1 / n
        out = [
            (f"seat {s + 1}", list(cells.get(f"seat {s}", {}).values()), fair) for s in range(max(1, n - 1))
        ]
        if info["decks"] is not None and not info["mirror"]:
            out += [
                (info["labels"][e], list(cells.get(f"deck {e}", {}).values()), fair)
                for e in range(max(1, n - 1))
            ]
        return out

    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """'seat s' and 'deck e' cells: per unit, the mean score over the rotations."""
        n = info["players"]
        acc: dict[str, dict[int, list[float]]] = {}
        for r in rows:
            rot = int(r["tag"][1:])
            for s in range(n):
                acc.setdefault(f"seat {s}", {}).setdefault(r["unit"], []).append(r["scores"][s])
                if info["decks"] is not None:
                    e = (s + rot) % n
                    acc.setdefault(f"deck {e}", {}).setdefault(r["unit"], []).append(r["scores"][s])
        return unit_means(acc)

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        n, labels = info["players"], info["labels"]
        fair = 1 / n
        cells = self.cell_units(info, rows)
        rot = info["rotations"]
        csv: list[dict[str, Any]] = []
        table: list[list[str]] = []
        seat_names = [f"seat {s + 1}" for s in range(n)]
        seat_keys = [f"seat {s}" for s in range(n)]
        seat_rates, seat_tests = against_fair(
            "seat", seat_keys, seat_names, cells, rot, fair, csv, table, info
        )
        deck_rates: list[Rate] = []
        has_decks = info["decks"] is not None
        if has_decks and not info["mirror"]:
            deck_keys = [f"deck {e}" for e in range(n)]
            deck_rates, _ = against_fair("deck", deck_keys, labels, cells, rot, fair, csv, table, info)
        # what a plain simulation sees: the decks as dealt, seats and decks confounded
        dealt = [r for r in rows if r["tag"] == "r0"]
        naive = [rate([r["scores"][s] for r in dealt]) for s in range(n)]
        grid: list[list[dict[str, Any]]] = []
        grid_rows: list[list[str]] = []
        if has_decks and not info["mirror"]:
            for s in range(n):
                line = []
                for e in range(n):
                    vals = [r["scores"][s] for r in rows if (s + int(r["tag"][1:])) % n == e]
                    line.append(rate(vals).to_dict())
                grid.append(line)
                grid_rows.append([seat_names[s], *[with_interval(c, 0) for c in line]])
        findings = []
        for s, t in enumerate(seat_tests):
            if t is not None and t.flagged:
                findings.append(
                    f"Seat {s + 1} scores {with_interval(seat_rates[s])} with the decks rotated: a real seat "
                    f"{'advantage' if seat_rates[s].value > fair else 'handicap'}"
                    + (" (seat 2 has the mirror of it)." if n == 2 else ".")
                )
        if not findings:
            findings.append(f"No seat is significantly away from a fair {pct(fair)} once decks are rotated.")
        for e, x in enumerate(deck_rates):
            if x.enough and not x.low <= fair <= x.high:
                findings.append(f"Deck {labels[e]} scores {with_interval(x)} in every seat on average.")
        if has_decks and not info["mirror"]:
            as_dealt = ", ".join(f"seat {s + 1} {pct(x.value)}" for s, x in enumerate(naive))
            findings.append(f"As dealt (seat s with deck s, as a plain simulation plays it): {as_dealt}.")
        shape = shape_summary(rows, info.get("unit", ""))
        findings += shape["findings"]
        if info["mirror"]:
            deck_note = f"Every seat holds {labels[0]} (a mirror), so each seed is played once."
        elif has_decks:
            deck_note = (
                f"Each seed is played {rot} times with the decks rotated one seat further each time, so "
                "every "
                "deck sits in every seat equally often: a seat's score is then free of the decks' strength, "
                "and a deck's score is free of the seats'."
            )
        else:
            deck_note = "The game has no decks, so the seats are all there is to compare."
        tables_out = [
            {
                "title": "Scores with the decks rotated (95% interval)",
                "columns": ["", "score", "95% interval", "against fair", "flagged"],
                "rows": table,
            }
        ]
        if grid_rows:
            tables_out.append(
                {
                    "title": "Each seat with each deck: the seat's score (95% interval)",
                    "columns": ["", *labels],
                    "rows": grid_rows,
                }
            )
        tables_out += [shape["table"], shape["rates"]]
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: seat advantage",
            question="Is going first (or any seat) an advantage, apart from the deck the seat gets?",
            method=(
                f"{info['units']} seeds, {agents_text(info['agents'], n)} ({len(rows)} games). {deck_note} "
                "Scores count a win 1 and a draw 1/players; intervals are 95% Wilson intervals at the "
                "effective number of games; a seat or deck is flagged when it differs from a fair share "
                "after Holm's correction over the independent hypotheses (the seats' scores add up to one, "
                "so the last seat is not tested apart: in a 2-seat game seat 2 is seat 1's mirror)."
            ),
            findings=findings,
            tables=tables_out,
            csv=csv + shape["csv"],
            data={
                "players": n,
                "labels": labels,
                "seats": [x.to_dict() for x in seat_rates],
                "decks": [x.to_dict() for x in deck_rates],
                "naive": [x.to_dict() for x in naive],
                "grid": grid,
                "shape": shape["data"],
                "convergence": {
                    "cell": "seat 1",
                    "points": convergence(list(cells.get("seat 0", {}).values()), fair),
                },
            },
        )
