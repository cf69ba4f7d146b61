"""seats: the advantage of each seat, with the decks rotated across the seats so the deck's own strength
cancels out (and is reported beside it)."""

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
    check_agents,
    interval,
    pct,
    unit_means,
    units_for,
    with_interval,
)


class SeatsParams(CommonParams):
    games: int = Field(default=1000, ge=1, le=MAX_GAMES)  # in all, split over the rotations
    decks: list[str] = Field(default_factory=list)  # one per seat; default: the starter decks in order
    players: int | None = None
    agent: str = "greedy"


def against_fair(
    what: str,
    keys: list[str],
    names: list[str],
    cells: dict[str, dict[int, float]],
    per_unit: int,
    fair: float,
    csv: list[dict[str, Any]],
    table: list[list[str]],
) -> tuple[list[Rate], list[Diff]]:
    """Each cell's score with its interval, tested against a fair share (Holm over the cells); their
    rows appended to ``csv`` and ``table``."""
    vals = [list(cells.get(k, {}).values()) for k in keys]
    rates = [rate(v, per_unit) for v in vals]
    tests = paired_family([[x - fair for x in v] for v in vals])
    for name, x, t in zip(names, rates, tests, strict=True):
        csv.append(
            {
                "what": what,
                "name": name,
                "score": x.value,
                "low": x.low,
                "high": x.high,
                "advantage": x.value - fair,
                "p_holm": t.p_holm,
                "flagged": t.flagged,
                "games": x.games,
            }
        )
        table.append(
            [
                name,
                pct(x.value),
                interval(x.low, x.high),
                f"{100 * (x.value - fair):+.1f} pts",
                "yes" if t.flagged else "no",
            ]
        )
    return rates, tests


class Seats(Experiment):
    kind = "seats"
    title = "Seat advantage"
    Params = SeatsParams

    def plan_info(self, game: Game, tables: Tables, p: SeatsParams, version: int = 0) -> dict[str, Any]:
        tables.agent(check_agents([p.agent])[0])
        n = p.players or game.min_players
        game.start(seed=0, players=n)  # the player count, checked once
        info: dict[str, Any] = {
            "game": p.game,
            "players": n,
            "agent": p.agent,
            "seed": p.seed,
            "version": version,
        }
        starters = game.starter_decks()
        if starters:
            decks = resolve_decks(game, p.decks) if p.decks else [game.starter_deck(s) for s in starters]
            if len(decks) < n:
                decks = [decks[s % len(decks)] for s in range(n)]
            if len(decks) != n:
                raise ContentError([f"seats: give one --deck per seat ({n}), got {len(decks)}"])
            info["decks"] = [tables.deck(d) for d in decks]
            info["labels"] = [f"{dk.deck_label(d)}" for d in decks]
            info["rotations"] = n
        else:
            if p.decks:
                raise ContentError([f"{p.game} has no decks"])
            info["decks"] = None
            info["labels"] = []
            info["rotations"] = 1
        info["units"] = units_for(p.games, info["rotations"])
        return info

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        n, agent = info["players"], tables.agents.index(info["agent"])
        out = []
        for u in range(info["units"]):
            seed = unit_seed(info["seed"], u)
            for r in range(info["rotations"]):
                decks = None if info["decks"] is None else tuple(info["decks"][(s + r) % n] for s in range(n))
                out.append(Job(0, u, seed, n, (agent,) * n, decks, 0, info["version"], f"r{r}"))
        return numbered(out)

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
        seat_names = [f"seat {s}" for s in range(n)]
        seat_rates, seat_tests = against_fair("seat", seat_names, seat_names, cells, rot, fair, csv, table)
        deck_rates: list[Rate] = []
        if info["decks"] is not None:
            deck_keys = [f"deck {e}" for e in range(n)]
            deck_rates, _ = against_fair("deck", deck_keys, labels, cells, rot, fair, csv, table)
        # what a plain simulation sees: the decks as dealt, seats and decks confounded
        dealt = [r for r in rows if r["tag"] == "r0"]
        naive = [rate([r["scores"][s] for r in dealt]) for s in range(n)]
        grid: list[list[dict[str, Any]]] = []
        if info["decks"] is not None:
            for s in range(n):
                line = []
                for e in range(n):
                    r_ = (e - s) % n
                    vals = [r["scores"][s] for r in rows if r["tag"] == f"r{r_}"]
                    line.append(rate(vals).to_dict())
                grid.append(line)
        findings = []
        for s, t in enumerate(seat_tests):
            if t.flagged:
                findings.append(
                    f"Seat {s} scores {with_interval(seat_rates[s])} with the decks rotated: a real seat "
                    f"{'advantage' if seat_rates[s].value > fair else 'handicap'}."
                )
        if not findings:
            findings.append(f"No seat is significantly away from a fair {pct(fair)} once decks are rotated.")
        for e, x in enumerate(deck_rates):
            if not x.low <= fair <= x.high:
                findings.append(f"Deck {labels[e]} scores {with_interval(x)} in every seat on average.")
        if info["decks"] is not None:
            as_dealt = ", ".join(f"seat {s} {pct(x.value)}" for s, x in enumerate(naive))
            findings.append(f"As dealt (seat s with deck s, as a plain simulation plays it): {as_dealt}.")
        deck_note = (
            f"Each seed is played {rot} times with the decks rotated one seat further each time, so every "
            "deck sits in every seat equally often: a seat's score is then free of the decks' strength, and "
            "a deck's score is free of the seats'."
            if info["decks"] is not None
            else "The game has no decks, so the seats are all there is to compare."
        )
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: seat advantage",
            question="Is going first (or any seat) an advantage, apart from the deck the seat gets?",
            method=(
                f"{info['units']} seeds, {info['agent']} bots on every seat ({len(rows)} games). {deck_note} "
                "Scores count a win 1 and a draw 1/players; intervals are 95% Wilson intervals at the "
                "effective number of games; a seat or deck is flagged when it differs from a fair share "
                "after Holm's correction."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Scores with the decks rotated (95% interval)",
                    "columns": ["", "score", "95% interval", "against fair", "flagged"],
                    "rows": table,
                }
            ],
            csv=csv,
            data={
                "players": n,
                "labels": labels,
                "seats": [x.to_dict() for x in seat_rates],
                "decks": [x.to_dict() for x in deck_rates],
                "naive": [x.to_dict() for x in naive],
                "grid": grid,
            },
        )
