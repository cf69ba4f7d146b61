"""observe: what saved games say about each card, the way 17lands reports it — per card, how often a seat
whose deck holds it drew it, played it or held it (drew it and never played it), its win rate in each
case, and the improvement when drawn — with the deck known for every seat, compared within decks, and
corrected for the number of cards ranked. These are correlations; the controlled swap (``card``) is the
causal answer, and the report says in words what the numbers can and cannot tell.

Saved games are replay files (``kansei sim --save-replays``, the web's replays: they store every seat's
deck and the first mover) re-run to their end, or lab run folders (their games record what each seat
drew and played). What a card did is read from the contract's ``game.card_events(event)`` over
``state.event_log()``; a seat-game whose deck the record does not give is left out (and counted).

The improvement when drawn is estimated *within* each deck (a stratum: the same deck list) and averaged
over decks weighted as Mantel and Haenszel weigh strata (n_drawn·n_not / n), so a card held only by a
strong deck does not look good for being in it. Its standard error is clustered by game (the seats of
one game are not independent), and the p-values are Holm-corrected over the cards ranked.
"""

from __future__ import annotations

import math
from pathlib import Path
from statistics import NormalDist
from typing import Any

from pydantic import Field

from kansei.core import replay as replays
from kansei.core.errors import ContentError, KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.core.registry import load

from .. import decks as dk
from ..plan import Job, Tables, deck_key
from ..stats import ALPHA, MIN_UNITS, Diff, holm, holm_levels, wilson_rate
from .base import (
    CommonParams,
    Experiment,
    Result,
    game_title,
    interval,
    interval_label,
    pct,
    signed,
    signed_interval,
)

MAX_FILES = 200_000


class ObserveParams(CommonParams):
    game: str = ""  # default: the game of the saved games
    paths: list[str]
    min_games: int = Field(default=20, ge=MIN_UNITS)  # seat-games drawn and not drawn a card needs to rank


def saved_files(paths: list[str]) -> list[Path]:
    """Replay files (*.json) and lab run folders (holding run.json) under ``paths``."""
    out: list[Path] = []
    for text in paths:
        p = Path(text)
        if p.is_dir() and (p / "run.json").exists():
            out.append(p)
        elif p.is_dir():
            runs = sorted(x.parent for x in p.glob("*/run.json"))
            out.extend(runs)
            out.extend(
                sorted(
                    x
                    for x in p.rglob("*.json")
                    if x.is_file()
                    and x.name not in ("run.json", "result.json")
                    and not any(x.is_relative_to(r) for r in runs)
                )
            )
        elif p.is_file():
            out.append(p)
        else:
            raise ContentError([f"{shorten(text)}: no such replay file, lab run or folder"])
        if len(out) > MAX_FILES:
            raise ContentError([f"more than {MAX_FILES} replay files"])
    if not out:
        raise ContentError(
            ["no saved games found (replays: kansei sim GAME --save-replays DIR; or a lab run folder)"]
        )
    return out


def observe_replay(game: Game, rep: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """One row per seat of a finished replay: its deck, what it drew and played (slugs), its score."""
    result = replays.run(rep, name)
    state = result.state
    if result.error or not state.is_over:
        return []
    n = state.players
    drawn: list[set[str]] = [set() for _ in range(n)]
    played: list[set[str]] = [set() for _ in range(n)]
    for _, event in state.event_log():
        for ce in game.card_events(event):
            if not 0 <= ce.seat < n:
                continue
            if ce.verb == "drawn":
                drawn[ce.seat].add(ce.card)
            elif ce.verb == "played":
                played[ce.seat].add(ce.card)
    lists = state.deck_lists()
    given = rep.get("decks") or [None] * n
    rows = []
    winner = state.winner
    for seat in range(n):
        deck = lists[seat] if seat < len(lists) and lists[seat] is not None else None
        spec = given[seat] if seat < len(given) else None
        if deck is None and isinstance(spec, dict):
            deck = spec
        rows.append(
            {
                "game_id": name,
                "seat": seat,
                "deck": None if deck is None else dk.deck_label(deck),
                "deck_key": None if deck is None else deck_key(deck),
                "holds": None if deck is None else sorted(_slugs(game, dk.holdings(game, deck))),
                "score": 1.0 if winner == seat else (1.0 / n if winner is None else 0.0),
                "drawn": sorted(drawn[seat] | played[seat]),
                "played": sorted(played[seat]),
                "content_changed": bool(getattr(result, "content_changed", False)),
            }
        )
    return rows


def _slugs(game: Game, held: dict[str, int]) -> set[str]:
    out = set()
    for name in held:
        try:
            out.add(str(dk.find_card(game, name).get("slug") or name))
        except ContentError:
            out.add(name)
    return out


def observe_run(folder: Path) -> tuple[str, list[dict[str, Any]]]:
    """The per-seat rows of a lab run's games (those that recorded card events)."""
    from ..store import Run

    run = Run.open(folder)
    tables = run.meta["tables"]
    gid = tables["games"][0]["id"]
    game = load(gid, **tables["games"][0]["options"])
    by_name = {str(d.get("name") or "deck"): d for d in tables["decks"]}
    rows = []
    for r in run.rows():
        if r.get("drawn") is None:
            continue
        for seat in range(r["players"]):
            name = r["decks"][seat] if r.get("decks") else None
            deck = by_name.get(str(name)) if name is not None else None
            rows.append(
                {
                    "game_id": f"{folder.name}#{r['index']}",
                    "seat": seat,
                    "deck": name,
                    "deck_key": None if deck is None else deck_key(deck),
                    "holds": None if deck is None else sorted(_slugs(game, dk.holdings(game, deck))),
                    "score": r["scores"][seat],
                    "drawn": sorted(set(r["drawn"][seat]) | set(r["played"][seat])),
                    "played": list(r["played"][seat]),
                    "content_changed": r["version"] != 0,
                }
            )
    return gid, rows


def stratified(rows: list[dict[str, Any]], slug: str, key: str = "drawn") -> tuple[float, float, int, int]:
    """The difference in win rate between seat-games that drew (``key``) the card and those that did
    not, within each deck, averaged with Mantel–Haenszel weights; its standard error clustered by game.
    Returns (difference, standard error, seat-games with, seat-games without)."""
    strata: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        strata.setdefault(str(r["deck_key"]), []).append(r)
    parts = []
    total_w = 0.0
    n_with = n_without = 0
    for rs in strata.values():
        yes = [r for r in rs if slug in r[key]]
        no = [r for r in rs if slug not in r[key]]
        n_with += len(yes)
        n_without += len(no)
        if not yes or not no:
            continue
        w = len(yes) * len(no) / len(rs)
        p1 = sum(r["score"] for r in yes) / len(yes)
        p0 = sum(r["score"] for r in no) / len(no)
        parts.append((w, p1, p0, yes, no))
        total_w += w
    if not parts:
        return math.nan, math.nan, n_with, n_without
    diff = sum(w * (p1 - p0) for w, p1, p0, _, _ in parts) / total_w
    # influence of each seat-game on the estimate, summed per game: a variance clustered by game
    by_game: dict[str, float] = {}
    for w, p1, p0, yes, no in parts:
        for r in yes:
            by_game[r["game_id"]] = by_game.get(r["game_id"], 0.0) + w / total_w * (r["score"] - p1) / len(
                yes
            )
        for r in no:
            by_game[r["game_id"]] = by_game.get(r["game_id"], 0.0) - w / total_w * (r["score"] - p0) / len(no)
    g = len(by_game)
    var = sum(v * v for v in by_game.values()) * (g / (g - 1) if g > 1 else 1.0)
    return diff, math.sqrt(var), n_with, n_without


class Observe(Experiment):
    kind = "observe"
    title = "Observed card statistics"
    Params = ObserveParams

    def label(self, params: Any) -> str:
        return f"observe-{params.game or 'saved-games'}"

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: ObserveParams = params
        files = saved_files(p.paths)
        return Tables(), {"game": p.game, "files": [str(f) for f in files], "min_games": p.min_games}

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        return []

    def check_size(self, info: dict[str, Any], jobs: list[Job], games: int | None = None) -> None:
        return None

    def collect(self, info: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
        """Re-run every saved game: per-seat observation rows, and one line per unusable file."""
        games: dict[str, Game] = {}
        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        want = info["game"]
        for f in info["files"]:
            path = Path(f)
            if path.is_dir():
                try:
                    gid, got = observe_run(path)
                except KanseiError as e:
                    problems.append(f"{shorten(f)}: {str(e).splitlines()[0]}")
                    continue
                if want and gid != want:
                    continue
                want = want or gid
                if not got:
                    problems.append(
                        f"{shorten(f)}: a lab run that recorded no card events (use `kansei lab card`)"
                    )
                rows.extend(got)
                continue
            try:
                rep = replays.read(path)
            except KanseiError as e:
                problems.append(f"{shorten(f)}: {str(e).splitlines()[0]}")
                continue
            gid = str(rep.get("game"))
            if want and gid != want:
                continue
            want = want or gid
            key = repr((gid, sorted((rep.get("options") or {}).items())))
            try:
                if key not in games:
                    games[key] = load(gid, **(rep.get("options") or {}))
                got = observe_replay(games[key], rep, f)
            except KanseiError as e:
                problems.append(f"{shorten(f)}: {str(e).splitlines()[0]}")
                continue
            if not got:
                problems.append(f"{shorten(f)}: not a finished game")
            rows.extend(got)
        if not rows:
            raise OptionError(
                "no finished games of one game in those files" + (f" ({problems[0]})" if problems else "")
            )
        info["game"] = want
        return rows, problems

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        known = [r for r in rows if r["holds"] is not None]
        unknown = len(rows) - len(known)
        game = load(info["game"]) if info.get("game") else None
        names = {}
        if game is not None:
            for c in game.cards("en"):
                names[str(c.get("slug") or c["name"])] = str(c["name"])
        cards = sorted({c for r in known for c in r["holds"]})
        need = info["min_games"]
        stats = []
        for slug in cards:
            pool = [r for r in known if slug in r["holds"]]
            drawn = [r for r in pool if slug in r["drawn"]]
            played = [r for r in drawn if slug in r["played"]]
            held = [r for r in drawn if slug not in r["played"]]
            unseen = [r for r in pool if slug not in r["drawn"]]

            def wr(rs: list[dict[str, Any]]) -> Any:
                return wilson_rate(sum(r["score"] for r in rs), len(rs))

            diff, se, n1, n0 = stratified(pool, slug)
            enough = n1 >= need and n0 >= need and math.isfinite(se) and se > 0
            p = 2 * NormalDist().cdf(-abs(diff) / se) if enough else 1.0
            stats.append(
                {
                    "card": names.get(slug, slug),
                    "slug": slug,
                    "games": len(pool),
                    "decks": len({r["deck_key"] for r in pool}),
                    "drawn": len(drawn),
                    "wr_drawn": wr(drawn).value,
                    "played": len(played),
                    "wr_played": wr(played).value,
                    "held": len(held),
                    "wr_held": wr(held).value,
                    "not_drawn": len(unseen),
                    "wr_not_drawn": wr(unseen).value,
                    "iwd": diff,
                    "se": se,
                    "p": p,
                    "enough": enough,
                }
            )
        ranked = [s for s in stats if s["enough"]]
        if ranked:
            adjusted = holm([s["p"] for s in ranked])
            levels = holm_levels([s["p"] for s in ranked])
            for s, pa, lv in zip(ranked, adjusted, levels, strict=True):
                z = NormalDist().inv_cdf(1 - (1 - lv) / 2)
                s.update(p_holm=pa, level=lv, iwd_low=s["iwd"] - z * s["se"], iwd_high=s["iwd"] + z * s["se"])
                s["flagged"] = pa < ALPHA
        for s in stats:
            if not s["enough"]:
                s.update(p_holm=None, level=None, iwd_low=math.nan, iwd_high=math.nan, flagged=False)
        ranked.sort(key=lambda s: -s["iwd"])
        table = []
        for s in ranked + [x for x in stats if not x["enough"]]:
            table.append(
                [
                    s["card"],
                    str(s["games"]),
                    f"{pct(s['wr_drawn'])} ({s['drawn']})",
                    f"{pct(s['wr_played'])} ({s['played']})",
                    f"{pct(s['wr_held'])} ({s['held']})",
                    f"{pct(s['wr_not_drawn'])} ({s['not_drawn']})",
                    signed(s["iwd"]) if s["enough"] else "not enough games",
                    signed_interval(s["iwd_low"], s["iwd_high"]) if s["enough"] else "",
                    interval_label(s["level"]).removesuffix(" interval") if s["enough"] else "",
                    "yes" if s["flagged"] else "",
                ]
            )
        games = len({r["game_id"] for r in rows})
        overall = wilson_rate(sum(r["score"] for r in rows), len(rows))
        flagged = [s for s in ranked if s["flagged"]]
        findings = [
            f"{games} games, {len(rows)} seat-games ({len(known)} with their deck known); {len(ranked)} of "
            f"{len(stats)} cards were drawn and not drawn in at least {need} seat-games each and are ranked."
        ]
        if flagged:
            top = flagged[0]
            findings.append(
                f"{len(flagged)} card(s) go with a different win rate when drawn than when not, within their "
                f"decks, after Holm's correction over {len(ranked)} cards; the largest: {top['card']} "
                f"{signed(top['iwd'])} ({signed_interval(top['iwd_low'], top['iwd_high'])})."
            )
        else:
            findings.append(
                f"No card's win rate when drawn differs from when not drawn, within its decks, after Holm's "
                f"correction over {len(ranked)} cards."
            )
        if unknown:
            findings.append(
                f"{unknown} seat-games had no deck in their record and are left out (a card's rates need to "
                "know which seats could have drawn it)."
            )
        words = (
            "What this can tell: how often each card is drawn and played, and whether drawing it goes with "
            "winning among seats whose deck holds it. What it cannot tell: that the card causes the wins. A "
            "card is drawn more in long games, played more when its seat is already ahead, and kept by decks "
            "that win for other reasons; comparing within decks removes the last, not the first two. For the "
            "causal answer swap the card for a baseline on the same seeds: `kansei lab card`."
        )
        findings.append(words)
        notes = list(info.get("problems", []))[:20]
        if any(r.get("content_changed") for r in rows):
            notes.append("Some games were played with other content than the current one.")
        return Result(
            experiment=self.kind,
            title=f"{game_title(info['game'])}: observed card statistics",
            question="In saved games, how did seats fare when they drew, played or held each card?",
            method=(
                f"{len(info['files'])} saved games or runs were read; for each seat, the cards it drew and "
                "played come from the game's card events and its deck from the record. Per card, over the "
                "seat-games whose deck holds it: the win rate (a draw counts 1/players) when drawn, played, "
                "held (drawn, never played) and not drawn, with the seat-games in brackets. The improvement "
                "when drawn (IWD) is the difference between drawn and not drawn within each deck, averaged "
                "over decks with Mantel–Haenszel weights, with a normal interval whose standard error is "
                "clustered by game; a card is ranked only when at least "
                f"{need} seat-games drew it and {need} did not; p-values are Holm-corrected over the ranked "
                f"cards and each interval is drawn at its Holm level. Overall win rate {pct(overall.value)} "
                f"({interval(overall.low, overall.high)})."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Win rate by card (seat-games), ranked by the improvement when drawn",
                    "columns": [
                        "card",
                        "holding",
                        "drawn",
                        "played",
                        "held",
                        "not drawn",
                        "IWD",
                        "interval",
                        "level",
                        "flagged",
                    ],
                    "rows": table,
                }
            ],
            csv=stats,
            data={"cards": ranked},
            notes=notes,
        )


__all__ = ["Diff", "Observe", "ObserveParams", "observe_replay", "stratified"]
