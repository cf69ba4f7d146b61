"""card: the impact of a card by controlled swap — the deck with the card against the same deck with a
baseline card of the same kind in its place, on the same seeds against the same opponents; ``--scan``
does it for every card of the deck, ranked, with Holm's correction for the number of cards tried."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError, OptionError
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_deck, resolve_decks

from .. import decks as dk
from ..plan import Job, Tables, numbered, unit_seed
from ..stats import paired_family, rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    check_agents,
    interval,
    pct,
    signed,
    signed_interval,
    units_for,
)


class CardParams(CommonParams):
    games: int = Field(default=400, ge=1, le=MAX_GAMES)  # paired games per card
    deck: str | None = None  # the deck holding the card(s); default: the first starter deck
    cards: list[str] = Field(default_factory=list)
    scan: bool = False
    baselines: list[str] = Field(default_factory=list)  # one per card kind
    opponents: list[str] = Field(default_factory=list)  # default: the other starter decks (else a mirror)
    agent: str = "greedy"


def arms(game: Game, p: CardParams) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The tested deck, the cards to try (with their baseline and swapped deck), and the cards skipped."""
    if not game.starter_decks():
        raise OptionError(f"{p.game} has no decks, so no card to swap")
    deck = resolve_deck(game, p.deck)[0] if p.deck else game.starter_deck(game.starter_decks()[0])
    held = dk.holdings(game, deck)
    given = dk.baselines(game, p.baselines)
    if p.scan and p.cards:
        raise OptionError("give --card or --scan, not both")
    if not p.scan and not p.cards:
        raise OptionError("name a card with --card NAME, or try every card of the deck with --scan")
    names = list(held) if p.scan else [str(dk.find_card(game, c)["name"]) for c in p.cards]
    tried, skipped = [], []
    for name in names:
        card = dk.find_card(game, name)
        if name not in held:
            raise ContentError([f"{name!r} is not in the deck {dk.deck_label(deck)!r}"])
        if not p.scan and given and card["kind"] not in given:  # the baseline named is of another kind
            dk.check_baseline(game, card, next(iter(given.values())))
        try:
            base = dk.baseline_for(game, deck, card, given)
            dk.check_baseline(game, card, base)
            if base.lower() == name.lower():
                raise ContentError([f"{name!r} is its own baseline"])
            variant = dk.swap(game, deck, name, base)
            problems = game.deck_problems(variant)
            if problems:
                raise ContentError([f"{name!r} → {base!r}: {problems[0]}"])
        except ContentError as e:
            if not p.scan:
                raise
            skipped.append({"card": name, "reason": str(e).splitlines()[0]})
            continue
        tried.append(
            {
                "card": name,
                "kind": str(card["kind"]),
                "baseline": base,
                "copies": held[name],
                "variant": variant,
            }
        )
    if not tried:
        raise ContentError(
            ["no card of the deck could be swapped: " + "; ".join(s["reason"] for s in skipped)]
        )
    return deck, tried, skipped


class Card(Experiment):
    kind = "card"
    title = "Card impact"
    Params = CardParams

    def plan_info(self, game: Game, tables: Tables, p: CardParams, version: int = 0) -> dict[str, Any]:
        tables.agent(check_agents([p.agent])[0])
        deck, tried, skipped = arms(game, p)
        if p.opponents:
            opps = resolve_decks(game, p.opponents)
        else:
            opps = [game.starter_deck(n) for n in game.starter_decks() if n != deck.get("name")] or [deck]
        return {
            "game": p.game,
            "version": version,
            "seed": p.seed,
            "agent": p.agent,
            "players": game.min_players,
            "deck": dk.deck_label(deck),
            "arms": [tables.deck(deck)] + [tables.deck(t.pop("variant")) for t in tried],
            "cards": tried,
            "skipped": skipped,
            "opponents": [tables.deck(o) for o in opps],
            "opponent_labels": [dk.deck_label(o) for o in opps],
            "units": units_for(p.games, 2 * len(opps)),  # paired games per card, both seats, every opponent
        }

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        agent = tables.agents.index(info["agent"])
        n = info["players"]
        opps = info["opponents"]
        out = []
        for u in range(info["units"]):
            for o, opp in enumerate(opps):
                unit = u * len(opps) + o
                seed = unit_seed(info["seed"], unit)
                for a, arm in enumerate(info["arms"]):
                    for seat in range(n):
                        decks = tuple(arm if s == seat else opp for s in range(n))
                        out.append(
                            Job(0, unit, seed, n, (agent,) * n, decks, 0, info["version"], f"a{a}/s{seat}")
                        )
        return numbered(out)

    @staticmethod
    def arm_scores(rows: list[dict[str, Any]]) -> dict[int, dict[int, float]]:
        """arm -> unit -> the tested deck's mean score over the unit's games."""
        acc: dict[int, dict[int, list[float]]] = {}
        for r in rows:
            arm, _, seat = r["tag"].partition("/")
            acc.setdefault(int(arm[1:]), {}).setdefault(r["unit"], []).append(r["scores"][int(seat[1:])])
        return {a: {u: sum(v) / len(v) for u, v in units.items()} for a, units in acc.items()}

    def cell_units(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
        """Per card, per unit: the deck's score with the card minus its score with the baseline."""
        scores = self.arm_scores(rows)
        base = scores.get(0, {})
        out = {}
        for k, c in enumerate(info["cards"], 1):
            arm = scores.get(k, {})
            out[c["card"]] = {u: base[u] - arm[u] for u in sorted(set(base) & set(arm))}
        return out

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        cells = self.cell_units(info, rows)
        cards = info["cards"]
        tests = paired_family([list(cells[c["card"]].values()) for c in cards])
        own = rate(list(self.arm_scores(rows).get(0, {}).values()), 2)
        order = sorted(range(len(cards)), key=lambda i: -tests[i].value)
        table, csv, findings = [], [], []
        for rank, i in enumerate(order, 1):
            c, t = cards[i], tests[i]
            table.append(
                [
                    str(rank),
                    c["card"],
                    c["kind"],
                    c["baseline"],
                    signed(t.value),
                    signed_interval(t.low, t.high),
                    f"{t.p_holm:.3g}" if t.p_holm is not None else "—",
                    "yes" if t.flagged else "no",
                    str(t.units),
                ]
            )
            csv.append(
                {
                    "rank": rank,
                    "card": c["card"],
                    "kind": c["kind"],
                    "baseline": c["baseline"],
                    **t.to_dict("impact"),
                    "copies": c["copies"],
                }
            )
            if t.flagged:
                way = "stronger" if t.value > 0 else "weaker"
                findings.append(
                    f"{c['card']} is {way} than {c['baseline']}: {signed(t.value)} of win rate for "
                    f"{info['deck']} ({signed_interval(t.low, t.high)})."
                )
        if not findings:
            findings.append(
                f"No card changes {info['deck']}'s win rate significantly against its baseline "
                + ("after Holm's correction." if len(cards) > 1 else "at the 95% level.")
            )
        findings.append(
            f"{info['deck']} as built scores {pct(own.value)} ({interval(own.low, own.high)}) "
            f"against {', '.join(info['opponent_labels'])}."
        )
        many = len(cards) > 1
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: card impact in {info['deck']}" + (" (scan)" if many else ""),
            question=(
                "Which cards of the deck matter, and how much?"
                if many
                else f"Does {cards[0]['card']} matter, and how much?"
            ),
            method=(
                f"Controlled swap: {info['deck']} as built, and the same deck with one copy of the card "
                "replaced by a baseline card of the same kind, played on the same seeds, in both seats, "
                f"against the same opponents ({', '.join(info['opponent_labels'])}) with {info['agent']} "
                f"bots: {info['units'] * len(info['opponents']) * info['players']} paired games per card "
                f"({len(rows)} games in all, the deck as built shared by every card). The impact is the "
                "paired difference in win rate (a draw counts ½), with Student's t interval over the seeds"
                + (
                    f"; with {len(cards)} cards tried, p-values are corrected with Holm's method and each "
                    "interval is drawn at the level of the Holm step that decided it, so a card is flagged "
                    "exactly when its interval leaves out zero."
                    if many
                    else "."
                )
            ),
            findings=findings,
            tables=[
                {
                    "title": "Impact on win rate, with the card against its baseline (ranked)",
                    "columns": [
                        "#",
                        "card",
                        "kind",
                        "baseline",
                        "impact",
                        "interval",
                        "p (Holm)",
                        "flagged",
                        "seeds",
                    ],
                    "rows": table,
                }
            ]
            + (
                [
                    {
                        "title": "Cards not tried",
                        "columns": ["card", "why"],
                        "rows": [[s["card"], s["reason"]] for s in info["skipped"]],
                    }
                ]
                if info["skipped"]
                else []
            ),
            csv=csv,
            data={
                "deck": info["deck"],
                "cards": [dict(csv[r]) for r in range(len(csv))],
                "own": own.to_dict(),
            },
        )
