"""shape: what a game is like to play — its length, how often the lead changes, how often the winner
came from behind at half way, by how much games are won, and how much the first seat to take the lead
(first blood, in a battle game) gains from it."""

from __future__ import annotations

import statistics
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_decks

from .. import decks as dk
from ..plan import Job, Tables, numbered, unit_seed
from ..stats import wilson_rate
from .base import MAX_GAMES, CommonParams, Experiment, Result, check_agents, interval, pct, with_interval


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
        tables.shape = True
        n = p.players or game.min_players
        game.start(seed=0, players=n)  # the player count, checked once
        specs = check_agents(p.agents)
        info: dict[str, Any] = {
            "game": p.game,
            "version": version,
            "seed": p.seed,
            "players": n,
            "agents": [tables.agent(specs[s % len(specs)]) for s in range(n)],
            "agent_labels": [specs[s % len(specs)] for s in range(n)],
            "units": p.games,
            "hook": callable(getattr(game, "standing", None)),
            "decks": None,
            "deck_labels": [],
        }
        if p.decks:
            if not game.starter_decks():
                raise ContentError([f"{p.game} has no decks"])
            decks = resolve_decks(game, p.decks)
            decks = [decks[s % len(decks)] for s in range(n)]
            info["decks"] = [tables.deck(d) for d in decks]
            info["deck_labels"] = [dk.deck_label(d) for d in decks]
        return info

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        n = info["players"]
        decks = None if info["decks"] is None else tuple(info["decks"])
        return numbered(
            [
                Job(0, u, unit_seed(info["seed"], u), n, tuple(info["agents"]), decks, 0, info["version"], "")
                for u in range(info["units"])
            ]
        )

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        n = len(rows)
        actions = [r["actions"] for r in rows]
        turns = [r["turns"] for r in rows]
        changes = [r["lead_changes"] for r in rows if r["lead_changes"] is not None]
        decided = [r for r in rows if r["winner"] is not None]
        comeback_pool = [r for r in decided if r["comeback"] is not None]
        comebacks = wilson_rate(sum(1 for r in comeback_pool if r["comeback"]), len(comeback_pool))
        first_pool = [r for r in decided if r["first_leader"] is not None]
        first_wins = wilson_rate(
            sum(1 for r in first_pool if r["first_leader"] == r["winner"]), len(first_pool)
        )
        margins = [r["margin"] for r in rows if r["margin"] is not None]
        draws = wilson_rate(n - len(decided), n)
        seat_wins = [
            wilson_rate(sum(1 for r in decided if r["winner"] == s), n) for s in range(info["players"])
        ]
        fair_first = 1 / info["players"]

        def mean(xs: list[float]) -> float:
            return float(statistics.fmean(xs)) if xs else float("nan")

        def med(xs: list[float]) -> float:
            return float(statistics.median(xs)) if xs else float("nan")

        table = [
            [
                "game length (actions)",
                f"{mean(actions):.1f}",
                f"{med(actions):g}",
                f"{min(actions, default=0)}–{max(actions, default=0)}",
            ],
            [
                "turns (changes of the seat to move)",
                f"{mean(turns):.1f}",
                f"{med(turns):g}",
                f"{min(turns, default=0)}–{max(turns, default=0)}",
            ],
            [
                "lead changes",
                f"{mean(changes):.2f}",
                f"{med(changes):g}",
                f"{min(changes, default=0)}–{max(changes, default=0)}",
            ],
            [
                "winning margin",
                f"{mean(margins):.2f}",
                f"{med(margins):g}",
                f"{min(margins, default=0):g}–{max(margins, default=0):g}",
            ],
        ]
        rates = [
            [
                "comebacks (winner behind at half way)",
                pct(comebacks.value),
                interval(comebacks.low, comebacks.high),
                str(comebacks.games),
            ],
            [
                "first leader wins (first blood)",
                pct(first_wins.value),
                interval(first_wins.low, first_wins.high),
                str(first_wins.games),
            ],
            ["draws", pct(draws.value), interval(draws.low, draws.high), str(n)],
            *[
                [f"seat {s} wins", pct(x.value), interval(x.low, x.high), str(n)]
                for s, x in enumerate(seat_wins)
            ],
        ]
        unit = (
            "the game's standing"
            if info["hook"]
            else "the greedy bot's evaluation (the game has no standing hook)"
        )
        findings = [
            f"A game lasts {mean(actions):.0f} actions ({mean(turns):.0f} turns) on average; the lead "
            f"changes {mean(changes):.1f} times.",
            f"The winner came from behind at half way in {pct(comebacks.value)} of decided games "
            f"({interval(comebacks.low, comebacks.high)}).",
            f"The first seat to lead went on to win {with_interval(first_wins)}; "
            + (
                "an early lead is decisive."
                if first_wins.low > 0.75
                else f"no better than a fair {pct(fair_first)}."
                if first_wins.low <= fair_first <= first_wins.high
                else "an early lead helps."
            ),
        ]
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: race shape",
            question="What is a game like: how long, how close, how often decided late?",
            method=(
                f"{n} games, {', '.join(info['agent_labels'])} on the seats"
                + (f" with {', '.join(info['deck_labels'])}" if info["deck_labels"] else "")
                + f". Who is ahead is read after every change of the seat to move from {unit}; the leader is "
                "the seat strictly ahead of all others. A lead change is a new leader; a comeback is a win "
                "by a seat that was not the leader at the half-way turn; the margin is the winner's standing "
                "minus the best other seat's at the end. Rates have 95% Wilson intervals."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Game length, lead changes and margins",
                    "columns": ["", "mean", "median", "range"],
                    "rows": table,
                },
                {
                    "title": "How games are decided (95% interval)",
                    "columns": ["", "rate", "95% interval", "games"],
                    "rows": rates,
                },
            ],
            csv=[
                {"metric": "actions", "mean": mean(actions), "median": med(actions)},
                {"metric": "turns", "mean": mean(turns), "median": med(turns)},
                {"metric": "lead_changes", "mean": mean(changes), "median": med(changes)},
                {"metric": "margin", "mean": mean(margins), "median": med(margins)},
                {
                    "metric": "comeback_rate",
                    "mean": comebacks.value,
                    "low": comebacks.low,
                    "high": comebacks.high,
                },
                {
                    "metric": "first_leader_wins",
                    "mean": first_wins.value,
                    "low": first_wins.low,
                    "high": first_wins.high,
                },
                {"metric": "draw_rate", "mean": draws.value, "low": draws.low, "high": draws.high},
            ],
            data={
                "lead_changes": histogram([float(c) for c in changes]),
                "margins": margins,
                "actions": actions,
                "hook": info["hook"],
            },
        )
