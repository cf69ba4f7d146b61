"""shape: what a game is like to play — its length, how often the lead changes, how often the winner
came from behind at half way, by how much games are won (in the game's own units: ``Game.standing_unit``),
how much the first seat to take the lead (first blood) and the first mover gain, and how each seat fared
with the deck it held."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_decks

from ..plan import Job, Tables, numbered, unit_seed
from ..stats import wilson_rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    agents_text,
    check_agents,
    game_title,
    interval,
    pct,
    seat_agents,
    shape_summary,
    standing_unit,
    with_interval,
)


class ShapeParams(CommonParams):
    games: int = Field(default=500, ge=1, le=MAX_GAMES)
    decks: list[str] = Field(default_factory=list)  # per seat; default: the game's own
    agents: list[str] = Field(default_factory=lambda: ["greedy"])  # per seat, repeated round the table
    players: int | None = None


def histogram(values: list[float]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in sorted(values):
        key = f"{v:g}"
        out[key] = out.get(key, 0) + 1
    return out


class Shape(Experiment):
    kind = "shape"
    title = "Race shape"
    Params = ShapeParams

    def plan_info(self, game: Game, tables: Tables, p: ShapeParams, version: int = 0) -> dict[str, Any]:
        n = game.player_count(p.players)
        game.start(seed=0, players=n)  # the player count, checked once
        specs = check_agents(p.agents)
        info: dict[str, Any] = {
            "game": p.game,
            "version": version,
            "seed": p.seed,
            "players": n,
            "agents": specs,
            "seat_agents": seat_agents(tables, specs, n),
            "units": p.games,
            "unit": standing_unit(game),
            "decks": None,
        }
        if p.decks:
            if not game.starter_decks():
                raise ContentError([f"{p.game} has no decks"])
            decks = resolve_decks(game, p.decks)
            decks = [decks[s % len(decks)] for s in range(n)]
            info["decks"] = [tables.deck(d) for d in decks]
        return info

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        n = info["players"]
        decks = None if info["decks"] is None else tuple(info["decks"])
        agents = tuple(info["seat_agents"])
        return numbered(
            [
                Job(0, u, unit_seed(info["seed"], u), n, agents, decks, 0, info["version"], "")
                for u in range(info["units"])
            ]
        )

    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """Per seat, its score per game (what a plan or a sequential run reads)."""
        n = info["players"]
        return {f"seat {s + 1}": {r["unit"]: r["scores"][s] for r in rows} for s in range(max(1, n - 1))}

    def null(self, info: dict[str, Any]) -> float:
        return 1 / info["players"]

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        n = len(rows)
        players = info["players"]
        unit = info.get("unit", "")
        summary = shape_summary(rows, unit)
        decided = [r for r in rows if r["winner"] is not None]
        first_pool = [r for r in decided if r.get("first_leader") is not None]
        first_wins = wilson_rate(
            sum(1 for r in first_pool if r["first_leader"] == r["winner"]), len(first_pool)
        )
        draws = wilson_rate(n - len(decided), n)
        seat_rows = []
        for s in range(players):
            held = Counter(str(r["decks"][s]) for r in rows if r.get("decks") and r["decks"][s] is not None)
            decks = ", ".join(f"{d} ({c})" if len(held) > 1 else d for d, c in held.most_common(4)) or "—"
            x = wilson_rate(sum(r["scores"][s] for r in rows), n)
            seat_rows.append(
                [f"seat {s + 1}", info["agents"][s % len(info["agents"])], decks, with_interval(x)]
            )
        fair = 1 / players
        rates = summary["rates"]["rows"] + [
            [
                "first to lead wins (first blood)",
                pct(first_wins.value),
                interval(first_wins.low, first_wins.high),
                str(first_wins.games),
            ],
            ["draws", pct(draws.value), interval(draws.low, draws.high), str(n)],
        ]
        findings = list(summary["findings"])
        if unit and first_wins.enough:
            findings.append(
                f"The first seat to lead went on to win {with_interval(first_wins)}; "
                + (
                    "an early lead is decisive."
                    if first_wins.low > 0.75
                    else f"no better than a fair {pct(fair)}."
                    if first_wins.low <= fair <= first_wins.high
                    else "an early lead helps."
                )
            )
        how = (
            f"the game's standing (its lead in {unit} over the best other seat, from public information)"
            if unit
            else "nothing: the game reports no standing, so leads, comebacks and margins are not measured"
        )
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: race shape",
            question="What is a game like: how long, how close, how often decided late?",
            method=(
                f"{n} games, {agents_text(info['agents'], players)}; the decks each seat held are listed "
                f"below. Who is ahead is read after every change of the seat to move from {how}; the leader "
                "is the seat strictly ahead of all others. A lead change is a new leader; a comeback is "
                "a win "
                "by a seat that was not the leader at the half-way turn; the margin is the winner's lead at "
                "the end. Rates have 95% Wilson intervals."
            ),
            findings=findings,
            tables=[
                summary["table"],
                {
                    "title": "How games are decided (95% interval)",
                    "columns": summary["rates"]["columns"],
                    "rows": rates,
                },
                {
                    "title": "Each seat: its bot, the decks it held (games), its score (95% interval)",
                    "columns": ["seat", "bot", "decks", "score"],
                    "rows": seat_rows,
                },
            ],
            csv=summary["csv"]
            + [
                {
                    "metric": "first_leader_wins",
                    "mean": first_wins.value,
                    "low": first_wins.low,
                    "high": first_wins.high,
                }
            ]
            + [{"metric": "draw_rate", "mean": draws.value, "low": draws.low, "high": draws.high}],
            data={
                "lead_changes": histogram(summary["data"]["lead_changes"]),
                "margins": summary["data"]["margins"],
                "actions": summary["data"]["actions"],
                "unit": unit,
                "shape": summary["data"],
            },
        )
