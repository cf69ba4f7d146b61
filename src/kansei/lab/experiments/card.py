"""card: the impact of a card by controlled swap — the deck with the card against the same deck with a
baseline card of the same kind in its place, on the same seeds against the same opponents; ``--scan``
does it for every card of the deck, ranked, with Holm's correction for the number of cards tried.

Beside the causal impact, each card gets what the controlled games recorded of it (``Tables.records``):
how often the deck drew and played it and its win rate when played (a correlation, said so), and its
draw odds — the hypergeometric chance to hold a copy by a turn, from the deck's size and the number of
cards the seat had drawn by then in these very games.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError, OptionError
from kansei.core.protocol import Game
from kansei.sim.decks import resolve_deck, resolve_decks

from .. import decks as dk
from ..plan import Job, Tables, numbered, unit_seed
from ..stats import ALPHA, EXACT_UNITS, MIN_UNITS, detectable, paired_family, rate, units_needed, wilson_rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    agents_text,
    check_agents,
    convergence,
    game_title,
    interval,
    interval_label,
    pct,
    seat_agents,
    shape_summary,
    signed,
    signed_interval,
    standing_unit,
    units_for,
)

DRAW_TURNS = (1, 3, 5, 10)  # the turns draw odds are given for


class CardParams(CommonParams):
    games: int = Field(default=400, ge=1, le=MAX_GAMES)  # paired games per card
    deck: str | None = None  # the deck holding the card(s); default: the first starter deck
    cards: list[str] = Field(default_factory=list)
    scan: bool = False
    baselines: list[str] = Field(default_factory=list)  # one per card kind
    opponents: list[str] = Field(default_factory=list)  # default: the other starter decks (else a mirror)
    agents: list[str] = Field(default_factory=lambda: ["greedy"])  # per seat, repeated round the table


def arms(game: Game, p: CardParams) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The tested deck, the cards to try (with their baseline and swapped deck), and the cards skipped."""
    if not game.starter_decks():
        raise OptionError(f"{p.game} has no decks, so no card to swap")
    deck = resolve_deck(game, p.deck)[0] if p.deck else game.starter_deck(game.starter_decks()[0])
    held = dk.holdings(game, deck)
    given = dk.baselines(game, p.baselines)
    if p.scan and p.cards:
        raise OptionError("give --card or --scan, not both")
    scan = p.scan or not p.cards  # no card named: every card of the deck
    names = list(held) if scan else [str(dk.find_card(game, c)["name"]) for c in p.cards]
    by_name = {str(dk.find_card(game, n)["name"]).lower(): n for n in held}
    tried, skipped = [], []
    for name in names:
        card = dk.find_card(game, name)
        key = by_name.get(str(card["name"]).lower())
        if key is None:
            raise ContentError([f"{card['name']!r} is not in the deck {dk.deck_label(deck)!r}"])
        if not scan and given and card["kind"] not in given:  # the baseline named is of another kind
            dk.check_baseline(game, card, next(iter(given.values())))
        try:
            base = dk.baseline_for(game, deck, card, given)
            dk.check_baseline(game, card, base)
            if base.lower() == str(card["name"]).lower():
                raise ContentError([f"{card['name']!r} is its own baseline"])
            variant = dk.swap(game, deck, key, base)
            problems = game.deck_problems(variant)
            if problems:
                raise ContentError([f"{card['name']!r} → {base!r}: {problems[0]}"])
        except ContentError as e:
            if not scan:
                raise
            skipped.append({"card": str(card["name"]), "reason": str(e).splitlines()[0]})
            continue
        tried.append(
            {
                "card": str(card["name"]),
                "slug": str(card.get("slug") or card["name"]),
                "kind": str(card["kind"]),
                "baseline": base,
                "copies": held[key],
                "in_place": dk.held_in_place(game, deck, base),
                "slot": dk.holder_key(game, deck, key) is not None,
                "variant": variant,
            }
        )
    if not tried:
        full = [s["card"] for s in skipped if "holds every other" in s["reason"]]
        if len(full) == len(skipped):
            raise ContentError(
                [
                    f"{dk.deck_label(deck)} holds every card of its kinds ({', '.join(full[:4])}"
                    f"{'…' if len(full) > 4 else ''}), so no card has a baseline it does not hold: name one "
                    "with --baseline (the swap then moves a copy to the baseline's place in the deck list)"
                ]
            )
        raise ContentError(
            ["no card of the deck could be swapped: " + "; ".join(s["reason"] for s in skipped[:3])]
        )
    return deck, tried, skipped


def hold_chance(deck_size: int, copies: int, draws: int) -> float:
    """The hypergeometric chance that ``draws`` cards from a ``deck_size``-card deck hold at least one of
    ``copies`` copies."""
    draws = max(0, min(draws, deck_size))
    if copies <= 0 or deck_size <= 0:
        return 0.0
    if draws > deck_size - copies:
        return 1.0
    return 1.0 - math.comb(deck_size - copies, draws) / math.comb(deck_size, draws)


class Card(Experiment):
    kind = "card"
    title = "Card impact"
    Params = CardParams

    def plan_info(self, game: Game, tables: Tables, p: CardParams, version: int = 0) -> dict[str, Any]:
        tables.records = True
        n = game.min_players
        agents = check_agents(p.agents)
        deck, tried, skipped = arms(game, p)
        if p.opponents:
            opps = resolve_decks(game, p.opponents)
        else:
            opps = [game.starter_deck(x) for x in game.starter_decks() if x != deck.get("name")] or [deck]
        return {
            "game": p.game,
            "version": version,
            "seed": p.seed,
            "agents": agents,
            "seat_agents": seat_agents(tables, agents, n),
            "players": n,
            "unit": standing_unit(game),
            "deck": dk.deck_label(deck),
            "deck_size": sum(int(v) for v in dict(deck.get("cards") or {}).values()),
            "arms": [tables.deck(deck)] + [tables.deck(t.pop("variant")) for t in tried],
            "cards": tried,
            "skipped": skipped,
            "opponents": [tables.deck(o) for o in opps],
            "opponent_labels": [dk.deck_label(o) for o in opps],
            "units": units_for(p.games, 2 * len(opps)),  # paired games per card, both seats, every opponent
            "comparisons": len(tried),
        }

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        agents = tuple(info["seat_agents"])
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
                        out.append(Job(0, unit, seed, n, agents, decks, 0, info["version"], f"a{a}/s{seat}"))
        return numbered(out)

    def unit_block(self, info: dict[str, Any]) -> int:
        return len(info["opponents"])

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

    def records(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """What the games with the deck as built say of each card: drawn, played, win rate when played
        (and not), and the draw odds by turn."""
        mine = []  # (score, drawn, played, drawn by turn) of the tested deck's seat, deck as built
        for r in rows:
            arm, _, seat = r["tag"].partition("/")
            if arm != "a0" or r.get("drawn") is None:
                continue
            s = int(seat[1:])
            mine.append(
                (r["scores"][s], set(r["drawn"][s]), set(r["played"][s]), list(r["drawn_by_turn"][s]))
            )
        out: dict[str, dict[str, Any]] = {}
        size = int(info.get("deck_size") or 0)
        for c in info["cards"]:
            slug = c["slug"]
            drawn = [x for x in mine if slug in x[1] or slug in x[2]]
            played = [x for x in mine if slug in x[2]]
            unplayed = [x for x in mine if slug not in x[2]]
            when = wilson_rate(sum(x[0] for x in played), len(played))
            other = wilson_rate(sum(x[0] for x in unplayed), len(unplayed))
            odds = {}
            if not c.get("slot") and size:
                for t in DRAW_TURNS:
                    at = [x[3][t - 1] for x in mine if len(x[3]) >= t]
                    if len(at) >= MIN_UNITS:
                        odds[str(t)] = sum(hold_chance(size, int(c["copies"]), d) for d in at) / len(at)
            out[c["card"]] = {
                "games": len(mine),
                "drawn": len(drawn) / len(mine) if mine else math.nan,
                "played": len(played) / len(mine) if mine else math.nan,
                "win_when_played": when.to_dict(),
                "win_when_not_played": other.to_dict(),
                "draw_odds": odds,
            }
        return out

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        cells = self.cell_units(info, rows)
        cards = info["cards"]
        seq = info.get("sequential")
        samples = [list(cells[c["card"]].values()) for c in cards]
        tests = paired_family(samples, sequential=seq)
        own = rate(list(self.arm_scores(rows).get(0, {}).values()), 2)
        seen = self.records(info, rows)
        order = sorted(range(len(cards)), key=lambda i: -tests[i].value if tests[i].enough else math.inf)
        table, csv, findings, odds_rows = [], [], [], []
        for rank, i in enumerate(order, 1):
            c, t = cards[i], tests[i]
            rec = seen.get(c["card"], {})
            table.append(
                [
                    str(rank),
                    c["card"],
                    c["kind"],
                    c["baseline"] + ("" if c.get("in_place", True) else " (held: moved)"),
                    signed(t.value),
                    signed_interval(t.low, t.high),
                    interval_label(t.level).removesuffix(" interval") if t.enough else "—",
                    f"{t.p_holm:.3g}" if t.p_holm is not None else "—",
                    "yes" if t.flagged else "no",
                    pct(t.p_better, 0) if t.p_better is not None and not math.isnan(t.p_better) else "—",
                    pct(rec.get("played"), 0),
                    pct(rec.get("win_when_played", {}).get("value"), 0),
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
                    "in_place": c.get("in_place", True),
                    "drawn_rate": rec.get("drawn"),
                    "played_rate": rec.get("played"),
                    "win_when_played": rec.get("win_when_played", {}).get("value"),
                    "win_when_not_played": rec.get("win_when_not_played", {}).get("value"),
                    "draw_odds": rec.get("draw_odds"),
                }
            )
            if rec.get("draw_odds"):
                odds_rows.append(
                    [
                        c["card"],
                        str(c["copies"]),
                        *[pct(rec["draw_odds"].get(str(t_)), 0) for t_ in DRAW_TURNS],
                    ]
                )
            if t.flagged:
                way = "stronger" if t.value > 0 else "weaker"
                findings.append(
                    f"{c['card']} is {way} than {c['baseline']}: {signed(t.value)} of win rate for "
                    f"{info['deck']} ({signed_interval(t.low, t.high)}, {interval_label(t.level)}); "
                    f"P(the card is better) {pct(t.p_better, 0)}."
                )
        if not findings:
            findings.append(
                f"No card changes {info['deck']}'s win rate significantly against its baseline "
                + ("after Holm's correction." if len(cards) > 1 else "at the 95% level.")
            )
            findings.append(self.power_line(info, samples))
        findings.append(
            f"{info['deck']} as built scores {pct(own.value)} ({interval(own.low, own.high)}) "
            f"against {', '.join(info['opponent_labels'])}."
        )
        moved = [c["card"] for c in cards if not c.get("in_place", True)]
        notes = []
        if moved:
            notes.append(
                "Swapped to a baseline the deck already holds (the copy joins the baseline's place in "
                "the deck "
                f"list, so the swap also moves it in the shuffle; pairs are less tight): {', '.join(moved)}."
            )
        notes.append(
            "Played and win-when-played come from the games with the deck as built: a correlation (a card "
            "played in games going well looks good without making them so); the impact column is the causal "
            "answer."
        )
        shape = shape_summary([r for r in rows if r["tag"].startswith("a0/")], info.get("unit", ""))
        many = len(cards) > 1
        top = order[0]
        tables = [
            {
                "title": "Impact on win rate, with the card against its baseline (ranked)",
                # what a narrow terminal keeps first (the report has every column)
                "brief": [
                    "#",
                    "card",
                    "impact",
                    "interval",
                    "flagged",
                    "P(better)",
                    "played",
                    "win when played",
                ],
                "columns": [
                    "#",
                    "card",
                    "kind",
                    "baseline",
                    "impact",
                    "interval",
                    "level",
                    "p (Holm)",
                    "flagged",
                    "P(better)",
                    "played",
                    "win when played",
                    "seeds",
                ],
                "rows": table,
            }
        ]
        if odds_rows:
            tables.append(
                {
                    "title": f"Draw odds: the chance to hold a copy by the seat's turn (hypergeometric, "
                    f"{info['deck_size']}-card deck, draws as these games drew)",
                    "columns": ["card", "copies", *[f"turn {t}" for t in DRAW_TURNS]],
                    "rows": odds_rows,
                }
            )
        if info["skipped"]:
            tables.append(
                {
                    "title": "Cards not tried",
                    "columns": ["card", "why"],
                    "rows": [[s["card"], s["reason"]] for s in info["skipped"]],
                }
            )
        tables += [shape["table"], shape["rates"]]
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: card impact in {info['deck']}" + (" (scan)" if many else ""),
            question=(
                "Which cards of the deck matter, and how much?"
                if many
                else f"Does {cards[0]['card']} matter, and how much?"
            ),
            method=(
                f"Controlled swap: {info['deck']} as built, and the same deck with one copy of the card "
                "replaced by a baseline card of the same kind in the same place of the deck list, played "
                "on the "
                "same seeds, in both seats, against the same opponents "
                f"({', '.join(info['opponent_labels'])}), {agents_text(info['agents'], info['players'])}: "
                f"{info['units'] * len(info['opponents']) * info['players']} paired games per card "
                f"({len(rows)} games in all, the deck as built shared by every card). The impact is the "
                "paired difference in win rate (a draw counts ½) over the seeds: a Student's t interval "
                f"with {EXACT_UNITS} seeds or more, an exact sign-flip test with fewer, and no interval with "
                f"fewer than {MIN_UNITS}"
                + (
                    f"; with {len(cards)} cards tried, p-values are corrected with Holm's method and each "
                    "interval is drawn at the level of the Holm step that decided it (the level column), "
                    "so a "
                    "card is flagged exactly when its interval leaves out zero."
                    if many
                    else "."
                )
                + " P(better) is the probability that the card beats its baseline (flat prior)."
            ),
            findings=findings,
            tables=tables,
            csv=csv,
            data={
                "deck": info["deck"],
                "cards": [dict(row) for row in csv],
                "own": own.to_dict(),
                "shape": shape["data"],
                "convergence": {"cell": cards[top]["card"], "points": convergence(samples[top])},
            },
            notes=notes,
        )

    def power_line(self, info: dict[str, Any], samples: list[list[float]]) -> str:
        """What the run could have found: its smallest detectable effect, and the games a 2-point one
        needs, at Holm's first step over the cards tried."""
        m = max(1, len(samples))
        alpha = ALPHA / m
        sds = [_sd(s) for s in samples if len(s) >= 2]
        if not sds:
            return "Too few seeds to say what the run could find."
        units = min(len(s) for s in samples)
        per = max(1, round(info["players"] * 1))  # paired games per card per unit
        if max(sds) == 0:  # no spread to size an effect by: say what the games did show
            return (
                f"In every one of the {units} seeds the games ended alike with "
                f"{'each card' if m > 1 else 'the card'} and with its baseline: the swapped copy decided "
                "no result, so these games cannot say how large an effect the run could find; play more "
                f"(`--games {4 * units * per}`)."
            )
        sd = max(sds)
        could = detectable(sd, units, alpha)
        need = units_needed(sd, 0.02, alpha)
        return (
            f"With {units} seeds per card the run finds a true effect of ±{100 * could:.1f} points 8 "
            "times in 10 "
            f"({'Holm over ' + str(m) + ' cards, ' if m > 1 else ''}per-seed spread {100 * sd:.1f} points); "
            f"to find ±2 points it needs about {need * per} paired games per card "
            f"(`--games {need * per}`, or `--plan` to time it here)."
        )


def _sd(values: list[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
