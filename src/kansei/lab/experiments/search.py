"""tune and build: searches, not only tests. Both judge candidates by the same games: the candidate deck
against a gauntlet of opponent decks, in every seat, on common seeds, so two candidates are compared on the
very same deals (common random numbers) and a candidate is played once however often the search meets it.

- ``tune`` finds the value of one number of one card (a cost, a bonus: a number in the card's table of the
  content files, named by its key) that brings the deck's score against the gauntlet into a target band,
  by bisection over the integers of a range (the score is taken to move one way with the number, and the
  range's ends are checked to bracket the band). The answer is the probed value whose score is nearest
  the band's centre, with its score's interval, the band verdict and the values whose interval holds the
  centre (the values the games cannot tell apart from the target).
- ``build`` finds a stronger legal deck around a card or from a deck, by local search: each step tries
  up to ``--neighbours`` legal one-copy swaps (a card out, another of its kind in; kept cards stay),
  drawn at random, and takes the best only when it beats the current deck with Holm's correction over the
  swaps tried; it stops when no swap does or after ``--steps``. The winner of a search is measured on the
  seeds that chose it, which flatters it, so the final deck is played again against the starting deck on
  fresh seeds: that paired difference, with its interval, is the answer.

A search is resumable: its steps are a function of the games already played, so a resumed search takes
the same steps and plays only the games it is missing.
"""

from __future__ import annotations

import math
import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import Field

from kansei.core.errors import ContentError, OptionError
from kansei.core.protocol import Game
from kansei.core.rng import derive_seed
from kansei.sim.decks import resolve_deck, resolve_decks

from .. import decks as dk
from ..content import digest_of, materialize, pack
from ..plan import Job, Tables, deck_key, unit_seed
from ..stats import MIN_UNITS, paired, paired_family, rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    _load_content,
    agents_text,
    band_verdict,
    check_agents,
    game_title,
    load_version,
    pct,
    seat_agents,
    signed,
    signed_interval,
    standing_unit,
    units_for,
    with_interval,
)

CONFIRM_UNIT = 1_000_000  # the confirming games of a build are dealt from seeds no step used
MAX_VALUES = 200  # a tune range holds at most this many integers
DEFAULT_BAND = (0.45, 0.55)

# Play the jobs (skipping the ones already saved) and give back every saved row.
PlayFn = Callable[[list[Job]], list[dict[str, Any]]]


class SearchParams(CommonParams):
    games: int = Field(default=200, ge=1, le=MAX_GAMES)  # per candidate: both seats, every opponent
    deck: str | None = None  # the deck searched around [the first starter deck holding the card]
    opponents: list[str] = Field(default_factory=list)  # the gauntlet [the other starter decks]
    agents: list[str] = Field(default_factory=lambda: ["greedy"])


class TuneParams(SearchParams):
    card: str
    field: str  # the number's key in the card's table of the content (dotted for nested: effect.0.amount)
    range: tuple[int, int] | None = None  # the integers tried [0 .. twice the current value, at least +4]


class BuildParams(SearchParams):
    cards: list[str] = Field(default_factory=list)  # cards to build around: put in, then kept
    keep: list[str] = Field(default_factory=list)  # cards never swapped out
    steps: int = Field(default=6, ge=1, le=100)
    neighbours: int = Field(default=8, ge=1, le=200)


# -- content numbers ---------------------------------------------------------------------------------
def _walk(node: Any, path: list[str | int]) -> Any:
    for key in path:
        if isinstance(node, dict) and isinstance(key, str) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node):
            node = node[key]
        else:
            raise KeyError(key)
    return node


def _path(field: str) -> list[str | int]:
    return [int(p) if p.lstrip("-").isdigit() else p for p in field.split(".") if p]


def _tables(doc: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every table (dict) in a TOML document with its depth of tables, nested ones included (a card's
    table under ``[[card]]`` is at depth 1; a table inside it, such as an ability, deeper)."""
    out: list[tuple[int, dict[str, Any]]] = []
    stack: list[tuple[int, Any]] = [(0, doc)]
    while stack:
        depth, x = stack.pop()
        if isinstance(x, dict):
            out.append((depth, x))
            stack.extend((depth + 1, v) for v in x.values())
        elif isinstance(x, list):
            stack.extend((depth, v) for v in x)
    return out


def find_number(files: dict[str, bytes], card: str, field: str) -> tuple[str, int]:
    """The content file whose table named ``card`` holds an integer at ``field``, and that integer."""
    path = _path(field)
    hits: list[tuple[int, str, int]] = []  # (depth, file, value)
    named = 0
    numbers: set[str] = set()
    for rel, data in sorted(files.items()):
        if not rel.endswith(".toml"):
            continue
        try:
            doc = tomllib.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        for depth, t in _tables(doc):
            if str(t.get("name", "")).lower() != card.lower():
                continue
            named += 1
            numbers |= {k for k, v in t.items() if isinstance(v, int) and not isinstance(v, bool)}
            try:
                value = _walk(t, path)
            except KeyError:
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                hits.append((depth, rel, value))
    if not named:
        raise ContentError([f"no table named {card!r} in the content's TOML files"])
    if not hits:
        have = f" (its whole numbers: {', '.join(sorted(numbers))})" if numbers else ""
        raise ContentError([f"{card!r} has no whole number at {field!r}{have}"])
    top = min(h[0] for h in hits)
    hits = [h for h in hits if h[0] == top]  # the card's own table before a same-named one inside another
    if len(hits) > 1:
        raise ContentError(
            [f"{card!r} has a number at {field!r} in {len(hits)} tables ({hits[0][1]}, {hits[1][1]}…)"]
        )
    return hits[0][1], hits[0][2]


def set_number(files: dict[str, bytes], rel: str, card: str, field: str, value: int) -> dict[str, bytes]:
    """The content files with ``card``'s number at ``field`` set to ``value`` (that file re-written)."""
    doc = tomllib.loads(files[rel].decode("utf-8"))
    path = _path(field)
    named = [(d, t) for d, t in _tables(doc) if str(t.get("name", "")).lower() == card.lower()]
    for _depth, t in sorted(named, key=lambda x: x[0]):
        try:
            parent = _walk(t, path[:-1])
            _walk(t, path)
        except KeyError:
            continue
        parent[path[-1]] = value
        break  # the one find_number chose: the shallowest table holding the number
    out = dict(files)
    out[rel] = tomli_w.dumps(doc).encode("utf-8")
    return out


# -- the gauntlet ------------------------------------------------------------------------------------
def gauntlet_jobs(
    info: dict[str, Any], key: str, version: int, deck: int, first: int, confirm: bool
) -> list[Job]:
    """The games judging one candidate: its deck in every seat against each opponent, on the run's seeds
    (fresh seeds for a confirmation), numbered from ``first``."""
    n = info["players"]
    agents = tuple(info["seat_agents"])
    opps = info["opponents"]
    base = CONFIRM_UNIT if confirm else 0
    out: list[Job] = []
    for u in range(info["units"]):
        for o, opp in enumerate(opps):
            unit = base + u * len(opps) + o
            seed = unit_seed(info["seed"], unit)
            for seat in range(n):
                decks = tuple(deck if s == seat else opp for s in range(n))
                out.append(Job(first + len(out), unit, seed, n, agents, decks, 0, version, f"{key}/s{seat}"))
    return out


def candidate_scores(rows: list[dict[str, Any]]) -> dict[str, dict[int, float]]:
    """candidate key -> unit -> the candidate deck's mean score over the unit's games."""
    acc: dict[str, dict[int, list[float]]] = {}
    for r in rows:
        key, _, seat = str(r["tag"]).rpartition("/")
        acc.setdefault(key, {}).setdefault(int(r["unit"]), []).append(float(r["scores"][int(seat[1:])]))
    return {k: {u: sum(v) / len(v) for u, v in sorted(units.items())} for k, units in acc.items()}


class Search(Experiment):
    """An experiment whose games depend on the games before: ``search`` plays it step by step."""

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        return []  # a search's jobs are made as it goes (search)

    def check_size(self, info: dict[str, Any], jobs: list[Job], games: int | None = None) -> None:
        units = info["units"] * len(info["opponents"])
        if units < MIN_UNITS:
            per = info["players"] * len(info["opponents"])
            raise OptionError(
                f"--games {games} gives {units} independent seed(s) per candidate; no interval comes from "
                f"fewer than {MIN_UNITS}: give about {math.ceil(MIN_UNITS / len(info['opponents'])) * per} "
                "games or more"
            )

    def search(self, info: dict[str, Any], tables: Tables, play: PlayFn) -> None:
        raise NotImplementedError

    def gauntlet_info(
        self, game: Game, tables: Tables, p: SearchParams, deck: dict[str, Any]
    ) -> dict[str, Any]:
        n = game.min_players
        agents = check_agents(p.agents)
        if p.opponents:
            opps = resolve_decks(game, p.opponents)
        else:
            opps = [game.starter_deck(x) for x in game.starter_decks() if x != deck.get("name")] or [deck]
        return {
            "game": p.game,
            "seed": p.seed,
            "agents": agents,
            "seat_agents": seat_agents(tables, agents, n),
            "players": n,
            "unit": standing_unit(game),
            "deck": dk.deck_label(deck),
            "opponents": [tables.deck(o) for o in opps],
            "opponent_labels": [dk.deck_label(o) for o in opps],
            "units": units_for(p.games, n * len(opps)),
            "band": list(p.band or DEFAULT_BAND),
        }

    def games_line(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> str:
        return (
            f"{len(rows)} games in all; each candidate played {info['units'] * len(info['opponents'])} seeds "
            f"× {info['players']} seats against {', '.join(info['opponent_labels'])} "
            f"({agents_text(info['agents'], info['players'])})."
        )


def _decks_needed(game: Game, what: str) -> None:
    if not game.starter_decks():
        raise OptionError(f"{game.id} has no decks, so {what}")


class Tune(Search):
    kind = "tune"
    title = "Tune a card's number"
    Params = TuneParams

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: TuneParams = params
        tables = Tables()
        game, _ = load_version(tables, p.game, p.options, p.content, workdir)
        _decks_needed(game, "no deck to tune a card in")
        card = dk.find_card(game, p.card)
        name = str(card["name"])
        folder = materialize(p.content, workdir / "tune-base") if p.content else game.content_dir()
        if folder is None:
            raise OptionError(f"{game.id} has no content folder, so no card number to change")
        _, files = pack(Path(folder))
        rel, current = find_number(files, name, p.field)
        lo, hi = p.range if p.range is not None else (0, max(2 * current, current + 4))
        if lo >= hi:
            raise OptionError(f"--range {lo}..{hi}: give a low and a higher high, like {lo}..{lo + 4}")
        if hi - lo + 1 > MAX_VALUES:
            raise OptionError(f"--range {lo}..{hi} holds {hi - lo + 1} values; at most {MAX_VALUES}")
        if p.deck:
            deck = resolve_deck(game, p.deck)[0]
        else:
            holding = [d for d in game.starter_decks() if name in dk.holdings(game, game.starter_deck(d))]
            deck = game.starter_deck((holding or game.starter_decks())[0])
        info = self.gauntlet_info(game, tables, p, deck)
        versions: dict[str, int] = {}
        for value in range(lo, hi + 1):
            changed = set_number(files, rel, name, p.field, value)
            digest, packed = digest_of(changed), changed
            if digest not in tables.contents:
                try:
                    _load_content(
                        p.game, p.options, workdir / "content" / digest, packed, f"{name}.{p.field}={value}"
                    )
                except ContentError as e:
                    raise ContentError([f"{name} {p.field} = {value}: {str(e).splitlines()[0]}"]) from None
                tables.contents[digest] = packed
            ref = tables.games[0]
            if digest not in ref.versions:
                ref.versions.append(digest)
            versions[str(value)] = ref.versions.index(digest)
        info.update(
            card=name,
            field=p.field,
            file=rel,
            current=current,
            range=[lo, hi],
            versions=versions,
            deck_index=tables.deck(deck),
            probes=[],
        )
        return tables, info

    def search(self, info: dict[str, Any], tables: Tables, play: PlayFn) -> None:
        played: dict[str, dict[int, float]] = {}
        first = 0
        lo, hi = info["range"]
        centre = sum(info["band"]) / 2
        probes: list[int] = []

        per = len(gauntlet_jobs(info, "x", 0, 0, 0, False))

        def score(values: list[int]) -> dict[int, float]:
            nonlocal first
            todo = [v for v in values if f"v{v}" not in played]
            jobs: list[Job] = []
            for v in todo:
                jobs += gauntlet_jobs(
                    info, f"v{v}", info["versions"][str(v)], info["deck_index"], first, False
                )
                first += per
            probes.extend(todo)
            info["probes"] = list(probes)
            if jobs:
                scores = candidate_scores(play(jobs))
                for v in todo:
                    played[f"v{v}"] = scores.get(f"v{v}", {})
            return {v: _mean(played[f"v{v}"]) for v in values}

        ends = score([lo, hi])
        rising = ends[hi] >= ends[lo]
        below = (lambda s: s < centre) if rising else (lambda s: s > centre)
        if below(ends[lo]) == below(ends[hi]):
            info["bracketed"] = False
            return
        info["bracketed"] = True
        a, b = lo, hi  # below(score(a)) and not below(score(b)), when rising
        while b - a > 1:
            mid = (a + b) // 2
            s = score([mid])[mid]
            if below(s):
                a = mid
            else:
                b = mid
        info["bracket"] = [a, b]

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        scores = candidate_scores(rows)
        lo_b, hi_b = info["band"]
        centre = (lo_b + hi_b) / 2
        per_unit = info["players"]
        rates = {int(k[1:]): rate(list(v.values()), per_unit) for k, v in scores.items() if k.startswith("v")}
        probed = [v for v in info["probes"] if v in rates]
        table, csv = [], []
        for v in sorted(probed):
            r = rates[v]
            verdict = band_verdict(r.value, r.low, r.high, (lo_b, hi_b))
            table.append(
                [
                    str(v) + (" (now)" if v == info["current"] else ""),
                    with_interval(r),
                    verdict or "—",
                    str(probed.index(v) + 1),
                    str(r.games),
                ]
            )
            score = {("score" if k == "value" else k): x for k, x in r.to_dict().items()}
            csv.append({"value": v, **score, "band_verdict": verdict, "probe": probed.index(v) + 1})
        band_text = f"{pct(lo_b, 0)}–{pct(hi_b, 0)}"
        what = f"{info['card']}'s {info['field']}"
        findings: list[str] = []
        best: int | None = None
        if probed:
            best = min(probed, key=lambda v: (abs(rates[v].value - centre), abs(v - info["current"])))
        if not info.get("bracketed", False) and len(probed) >= 2:
            lo, hi = info["range"]
            findings.append(
                f"No {info['field']} in {lo}..{hi} brings {info['deck']} to {pct(centre, 0)}: at {lo} it "
                "scores "
                f"{with_interval(rates[lo])}, at {hi} {with_interval(rates[hi])}; widen --range, or the "
                "number "
                "does not move the score this far."
            )
        elif best is not None:
            r = rates[best]
            verdict = band_verdict(r.value, r.low, r.high, (lo_b, hi_b))
            said = {
                "inside": f"inside {band_text}: yes",
                "outside": f"outside {band_text}",
                "undecided": f"undecided against {band_text} (its interval crosses an edge; play more games)",
            }.get(verdict, "not enough games for a verdict")
            findings.append(
                f"{what} = {best} (now {info['current']}) brings {info['deck']} to {with_interval(r)} "
                "against "
                f"{', '.join(info['opponent_labels'])}: {said}."
            )
            holding = sorted(v for v in probed if rates[v].enough and rates[v].low <= centre <= rates[v].high)
            if holding:
                findings.append(
                    f"Values whose interval holds {pct(centre, 0)} (the games cannot tell them from the "
                    "target): "
                    f"{', '.join(map(str, holding))}."
                )
            if info.get("bracket"):
                a, b = info["bracket"]
                findings.append(f"The score crosses {pct(centre, 0)} between {a} and {b} (bisection).")
        findings.append(
            f"{len(probed)} values probed ({', '.join(map(str, probed))}), {len(rows)} games, the same "
            "seeds for "
            "every value."
        )
        diffs_note = ""
        if best is not None and info["current"] in rates and best != info["current"]:
            d = paired(
                [
                    scores[f"v{best}"][u] - scores[f"v{info['current']}"][u]
                    for u in scores[f"v{best}"]
                    if u in scores[f"v{info['current']}"]
                ]
            )
            diffs_note = (
                f"Against the value now ({info['current']}), {best} moves the score {signed(d.value)} "
                f"({signed_interval(d.low, d.high)}, paired on the same seeds)."
            )
            findings.append(diffs_note)
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: tune {what} for {info['deck']}",
            question=f"Which {info['field']} of {info['card']} brings {info['deck']} into {band_text}?",
            method=(
                f"Bisection over the whole numbers {info['range'][0]}..{info['range'][1]} of {what} "
                f"({info['file']} in the content), taking the score to move one way with the number: each "
                f"probed value is a copy of the content with that number, played by {info['deck']} against "
                f"{', '.join(info['opponent_labels'])} in every seat on the same seeds (common random "
                "numbers). "
                "A score is the deck's mean (a draw counts ½) with a 95% Wilson interval at the "
                "effective number "
                "of games (the games of a seed are one observation). The ends of the range are probed first: "
                "if both are on one side of the band's centre, the band cannot be reached in that range. "
                + self.games_line(info, rows)
            ),
            findings=findings,
            tables=[
                {
                    "title": f"{info['deck']}'s score by {what} (95% interval)",
                    "columns": ["value", "score", f"band {band_text}", "probe", "games"],
                    "rows": table,
                }
            ],
            csv=csv,
            data={
                "values": [c["value"] for c in csv],
                "scores": [{k: c[k] for k in ("value", "score", "low", "high")} for c in csv],
                "band": [lo_b, hi_b],
                "best": best,
                "games": len(rows),
            },
        )


def _mean(units: dict[int, float]) -> float:
    return sum(units.values()) / len(units) if units else math.nan


class Build(Search):
    kind = "build"
    title = "Build a deck"
    Params = BuildParams

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: BuildParams = params
        tables = Tables()
        game, version = load_version(tables, p.game, p.options, p.content, workdir)
        _decks_needed(game, "no deck to build")
        around = [str(dk.find_card(game, c)["name"]) for c in p.cards]
        keep = [str(dk.find_card(game, c)["name"]) for c in p.keep]
        if p.deck:
            deck = resolve_deck(game, p.deck)[0]
        else:
            holding = [
                d
                for d in game.starter_decks()
                if all(c in dk.holdings(game, game.starter_deck(d)) for c in around)
            ]
            deck = game.starter_deck((holding or game.starter_decks())[0])
        problems = game.deck_problems(deck)
        if problems:
            raise ContentError([f"the starting deck {dk.deck_label(deck)!r}: {problems[0]}"])
        info = self.gauntlet_info(game, tables, p, deck)
        kinds = {str(c["kind"]) for c in game.cards("en") if str(c["name"]) in dk.holdings(game, deck)}
        pool = sorted(str(c["name"]) for c in game.cards("en") if str(c["kind"]) in kinds)
        info.update(
            version=version,
            start=tables.deck(deck),
            around=around,
            keep=sorted(set(keep) | set(around)),
            pool=pool,
            kinds={str(c["name"]): str(c["kind"]) for c in game.cards("en") if str(c["name"]) in pool},
            steps_max=p.steps,
            neighbours=p.neighbours,
            steps=[],
        )
        return tables, info

    def neighbours(
        self, game: Game, info: dict[str, Any], deck: dict[str, Any], rng: random.Random, seen: set[str]
    ) -> list[tuple[str, str, dict[str, Any]]]:
        """Legal one-copy swaps of ``deck`` (out, in, new deck) not met before, drawn at random."""
        held = dk.holdings(game, deck)
        missing = [c for c in info["around"] if c not in held]
        outs = [c for c in held if c not in info["keep"]]
        out: list[tuple[str, str, dict[str, Any]]] = []
        for x in outs:
            for y in info["pool"]:
                if y == x or info["kinds"].get(y) != info["kinds"].get(x):
                    continue
                if missing and y not in missing:
                    continue  # building around a card: first put it in
                try:
                    new = dk.swap(game, deck, x, y)
                except ContentError:
                    continue
                new["name"] = f"{info['deck']} (built)"
                if deck_key(new) in seen or game.deck_problems(new):
                    continue
                out.append((x, y, new))
        rng.shuffle(out)
        return out[: info["neighbours"]]

    def search(self, info: dict[str, Any], tables: Tables, play: PlayFn) -> None:
        game = game_for_search(tables, info)
        played: dict[str, dict[int, float]] = {}
        first = 0
        per = len(gauntlet_jobs(info, "x", 0, 0, 0, False))

        def judge(keys: list[str], confirm: bool = False) -> None:
            nonlocal first
            jobs: list[Job] = []
            todo = [k for k in keys if (("c" if confirm else "") + k) not in played]
            for k in todo:
                tag = ("c" if confirm else "") + k
                jobs += gauntlet_jobs(info, tag, info["version"], int(k[1:]), first, confirm)
                first += per
            if jobs:
                scores = candidate_scores(play(jobs))
                for k in todo:
                    tag = ("c" if confirm else "") + k
                    played[tag] = scores.get(tag, {})

        current = int(info["start"])
        seen = {deck_key(tables.decks[current])}
        steps: list[dict[str, Any]] = []
        info["steps"] = steps
        for step in range(int(info["steps_max"])):
            rng = random.Random(derive_seed(int(info["seed"]), "build", step))
            tries = self.neighbours(game, info, tables.decks[current], rng, seen)
            if not tries:
                steps.append({"current": current, "tried": [], "chosen": None, "why": "no legal swap left"})
                break
            idx = [tables.deck(new) for _, _, new in tries]
            seen |= {deck_key(new) for _, _, new in tries}
            judge([f"d{current}", *[f"d{i}" for i in idx]])
            base = played[f"d{current}"]
            samples = [[played[f"d{i}"][u] - base[u] for u in base if u in played[f"d{i}"]] for i in idx]
            tests = paired_family(samples)
            better = [(t.value, k) for k, t in enumerate(tests) if t.flagged and t.value > 0]
            record = {
                "current": current,
                "tried": [
                    {"out": x, "in": y, "deck": i, **tests[k].to_dict("gain")}
                    for k, ((x, y, _), i) in enumerate(zip(tries, idx, strict=True))
                ],
                "chosen": None,
                "why": "",
            }
            steps.append(record)
            if not better:
                record["why"] = f"none of the {len(tries)} swaps tried beats it after Holm's correction"
                break
            _, k = max(better)
            record["chosen"] = idx[k]
            current = idx[k]
        info["final"] = current
        final = tables.decks[current]
        info["final_deck"] = {
            **{k: v for k, v in final.items() if k not in ("name", "cards")},
            **{str(k): int(v) for k, v in dict(final.get("cards") or {}).items()},
        }
        judge(
            [f"d{info['start']}", f"d{current}"] if current != info["start"] else [f"d{current}"],
            confirm=True,
        )

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        scores = candidate_scores(rows)
        start, final = int(info["start"]), int(info.get("final", info["start"]))
        per_unit = info["players"]
        path, table, csv = [], [], []
        for n, s in enumerate(info["steps"], 1):
            for t in s["tried"]:
                chosen = t["deck"] == s.get("chosen")
                table.append(
                    [
                        str(n),
                        f"−{t['out']} +{t['in']}",
                        signed(t["gain"]),
                        signed_interval(t["low"], t["high"]),
                        f"{t['p_holm']:.3g}" if t.get("p_holm") is not None else "—",
                        "taken" if chosen else "",
                    ]
                )
                csv.append(
                    {
                        "step": n,
                        "out": t["out"],
                        "in": t["in"],
                        **{k: v for k, v in t.items() if k not in ("out", "in")},
                        "taken": chosen,
                    }
                )
                if chosen:
                    path.append(f"−{t['out']} +{t['in']} ({signed(t['gain'])})")
        fresh_start = scores.get(f"cd{start}", {})
        fresh_final = scores.get(f"cd{final}", {})
        final_rate = rate(list(fresh_final.values()), per_unit)
        findings: list[str] = []
        if final == start:
            findings.append(
                f"No stronger deck found from {info['deck']}: "
                + (info["steps"][-1]["why"] if info["steps"] else "no step taken")
                + f". It scores {with_interval(final_rate)} against the gauntlet on fresh seeds."
            )
        else:
            d = paired([fresh_final[u] - fresh_start[u] for u in fresh_final if u in fresh_start], bound=1.0)
            findings.append(
                f"A stronger deck than {info['deck']} in {len(path)} swap(s): {'; '.join(path)}. On "
                "fresh seeds it "
                f"scores {with_interval(final_rate)} against the gauntlet, {signed(d.value)} "
                f"({signed_interval(d.low, d.high)}, 95% paired interval) over the deck it started from"
                + ("." if d.enough and (d.low > 0 or d.high < 0) else ": not confirmed on fresh seeds.")
            )
        final_list = info.get("final_deck")
        tables = [
            {
                "title": "Swaps tried at each step (gain in win rate against the current deck, "
                "Holm-level interval)",
                "columns": ["step", "swap", "gain", "interval", "p (Holm)", ""],
                "rows": table,
            }
        ]
        if final_list:
            tables.insert(
                0,
                {
                    "title": "The deck found",
                    "columns": ["card", "copies"],
                    "rows": [[str(k), str(v)] for k, v in final_list.items()],
                },
            )
        findings.append(self.games_line(info, rows))
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: build from {info['deck']}"
            + (f" around {', '.join(info['around'])}" if info["around"] else ""),
            question=(
                f"What is the strongest legal deck around {', '.join(info['around'])}?"
                if info["around"]
                else f"Is there a stronger legal deck near {info['deck']}?"
            ),
            method=(
                f"Local search from {info['deck']}: each step draws up to {info['neighbours']} legal "
                "one-copy swaps "
                "(a card out, another card of its kind in"
                + (f"; {', '.join(info['keep'])} kept" if info["keep"] else "")
                + ") and plays each against the gauntlet "
                f"({', '.join(info['opponent_labels'])}) in every seat on the same seeds as the current "
                "deck; the "
                "best swap is taken only if its paired gain is significant after Holm's correction over "
                "the swaps "
                f"tried, for at most {info['steps_max']} steps. The deck found is then played with the "
                "starting "
                "deck on fresh seeds, since the seeds that chose it flatter it. "
                + self.games_line(info, rows)
            ),
            findings=findings,
            tables=tables,
            csv=csv,
            data={
                "path": path,
                "final": final_list,
                "final_score": final_rate.to_dict(),
                "games": len(rows),
                "steps": [
                    {"step": c["step"], "swap": f"−{c['out']} +{c['in']}", **c}
                    for c in csv
                    if c.get("enough")
                ],
            },
        )


def game_for_search(tables: Tables, info: dict[str, Any]) -> Game:
    """The game of a search, with its content version (for the legality of its decks)."""
    from ..play import game_for

    return game_for(tables, 0, int(info.get("version", 0)))


__all__ = ["Build", "Search", "Tune", "find_number", "set_number"]
