"""observe: what saved games say about each card, the way 17lands reports it — the win rate of a seat in
the games where it drew a card, played it, or held it (drew it and never played it), beside the games
where it did not draw it, with the sample sizes. These are correlations; the controlled swap (``card``)
is the causal answer.

What a seat drew and played is read from ``state.events_for(seat)`` of the replayed game (what that seat
saw), through the optional hook ``game.card_events(event, seat) -> [(verb, card name), ...]`` with verb
``"drawn"`` or ``"played"``; without it, the lab reads events of the common shape ``{"type": "draw…" |
"drew…" | "play", "seat": seat, "card": name}`` (or ``"cards": [names]``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pydantic import Field

from kansei.core import replay as replays
from kansei.core.errors import ContentError, KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.core.registry import load

from .. import decks as dk
from ..plan import Job, Tables
from ..stats import newcombe, wilson_rate
from .base import CommonParams, Experiment, Result, interval, pct, signed, signed_interval

DRAW_PREFIXES = ("draw", "drew")  # draw, drew, drew_cards…
PLAY_TYPES = frozenset({"play", "played"})
MAX_FILES = 200_000


class ObserveParams(CommonParams):
    game: str = ""  # default: the game of the replays
    paths: list[str]
    min_games: int = Field(default=20, ge=1)  # cards drawn in fewer games are listed but not ranked


def generic_card_events(event: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The common event shape: a draw or play by ``seat`` naming its card(s)."""
    if event.get("seat") != seat:
        return []
    kind = str(event.get("type", ""))
    verb = "drawn" if kind.startswith(DRAW_PREFIXES) else "played" if kind in PLAY_TYPES else None
    if verb is None:
        return []
    names: list[Any] = []
    if isinstance(event.get("card"), str):
        names = [event["card"]]
    elif isinstance(event.get("cards"), list):
        names = [c for c in event["cards"] if isinstance(c, str)]
    return [(verb, n) for n in names]


def card_events_fn(game: Game) -> Callable[[dict[str, Any], int], Iterable[tuple[str, str]]]:
    hook = getattr(game, "card_events", None)
    return hook if callable(hook) else generic_card_events


def replay_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for text in paths:
        p = Path(text)
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*.json") if x.is_file()))
        elif p.is_file():
            out.append(p)
        else:
            raise ContentError([f"{shorten(text)}: no such replay file or folder"])
        if len(out) > MAX_FILES:
            raise ContentError([f"more than {MAX_FILES} replay files"])
    if not out:
        raise ContentError(["no replay files (*.json) found"])
    return out


def observe_replay(game: Game, rep: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """One row per seat of a finished replay: its deck's cards, what it drew and played, its score."""
    result = replays.run(rep, name)
    state = result.state
    if result.error or not state.is_over:
        return []
    events = card_events_fn(game)
    n = state.players
    winner = state.winner
    decks = rep.get("decks") or [None] * n
    rows = []
    for seat in range(n):
        drawn: set[str] = set()
        played: set[str] = set()
        for e in state.events_for(seat):
            for verb, card in events(e, seat):
                (drawn if verb == "drawn" else played).add(str(card))
        drawn |= played  # a card played was in hand
        spec = decks[seat] if seat < len(decks) else None
        deck: dict[str, Any] | None = None
        if isinstance(spec, dict):
            deck = spec
        elif isinstance(spec, str):
            try:
                deck = game.starter_deck(spec)
            except KanseiError:
                deck = None
        rows.append(
            {
                "file": name,
                "seat": seat,
                "deck": dk.deck_label(deck) if deck else None,
                "holds": sorted(dk.holdings(game, deck)) if deck else None,
                "score": 1.0 if winner == seat else (1.0 / n if winner is None else 0.0),
                "drawn": sorted(drawn),
                "played": sorted(played),
                "content_changed": bool(getattr(result, "content_changed", False)),
            }
        )
    return rows


class Observe(Experiment):
    kind = "observe"
    title = "Observed card statistics"
    Params = ObserveParams

    def label(self, params: Any) -> str:
        return f"observe-{params.game or 'replays'}"

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: ObserveParams = params
        files = replay_files(p.paths)
        return Tables(), {"game": p.game, "files": [str(f) for f in files], "min_games": p.min_games}

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        return []

    def collect(self, info: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
        """Replay every file: per-seat observation rows, and one line per file that could not be used."""
        games: dict[str, Game] = {}
        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        want = info["game"]
        for f in info["files"]:
            try:
                rep = replays.read(Path(f))
            except KanseiError as e:
                problems.append(f"{shorten(f)}: {str(e).splitlines()[0]}")
                continue
            gid = str(rep.get("game"))
            if want and gid != want:
                continue
            if not want:
                want = gid
            key = repr((gid, sorted((rep.get("options") or {}).items())))
            if key not in games:
                games[key] = load(gid, **(rep.get("options") or {}))
            try:
                got = observe_replay(games[key], rep, f)
            except KanseiError as e:
                problems.append(f"{shorten(f)}: {str(e).splitlines()[0]}")
                continue
            if not got:
                problems.append(f"{shorten(f)}: not a finished game")
            rows.extend(got)
        if not rows:
            raise OptionError(
                "no finished games of one game in those replays" + (f" ({problems[0]})" if problems else "")
            )
        info["game"] = want
        return rows, problems

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        # only cards some seat drew: a card that is never drawn (a deck key's, like a car) says nothing here
        cards = sorted({c for r in rows for c in r["drawn"]})
        table, csv, ranked = [], [], []
        for c in cards:
            pool = [r for r in rows if r["holds"] is None or c in r["holds"]]
            drawn = [r for r in pool if c in r["drawn"]]
            played = [r for r in drawn if c in r["played"]]
            held = [r for r in drawn if c not in r["played"]]
            unseen = [r for r in pool if c not in r["drawn"]]

            def wr(rs: list[dict[str, Any]]) -> Any:
                return wilson_rate(sum(r["score"] for r in rs), len(rs))

            d, pl, h, un = wr(drawn), wr(played), wr(held), wr(unseen)
            iwd = newcombe(
                sum(r["score"] for r in drawn), len(drawn), sum(r["score"] for r in unseen), len(unseen)
            )
            row = {
                "card": c,
                "games": len(pool),
                "drawn": len(drawn),
                "wr_drawn": d.value,
                "played": len(played),
                "wr_played": pl.value,
                "held": len(held),
                "wr_held": h.value,
                "not_drawn": len(unseen),
                "wr_not_drawn": un.value,
                "iwd": iwd.value,
                "iwd_low": iwd.low,
                "iwd_high": iwd.high,
            }
            csv.append(row)
            if len(drawn) >= info["min_games"] and unseen:
                ranked.append(row)
        ranked.sort(key=lambda r: -r["iwd"])
        for r in ranked + [x for x in csv if x not in ranked]:
            table.append(
                [
                    r["card"],
                    f"{pct(r['wr_drawn'])} ({r['drawn']})",
                    f"{pct(r['wr_played'])} ({r['played']})",
                    f"{pct(r['wr_held'])} ({r['held']})",
                    f"{pct(r['wr_not_drawn'])} ({r['not_drawn']})",
                    signed(r["iwd"]) if r in ranked else "too few games",
                    signed_interval(r["iwd_low"], r["iwd_high"]) if r in ranked else "",
                ]
            )
        overall = wilson_rate(sum(r["score"] for r in rows), len(rows))
        findings = [
            f"{len(rows) // max(1, len({r['seat'] for r in rows}))} games, {len(rows)} seat-games; "
            f"{len(ranked)} cards drawn in at least {info['min_games']} games are ranked."
        ]
        if ranked:
            top, low = ranked[0], ranked[-1]
            findings.append(
                f"Drawing {top['card']} goes with the largest gain: {signed(top['iwd'])} "
                f"({signed_interval(top['iwd_low'], top['iwd_high'])}); {low['card']} with the least: "
                f"{signed(low['iwd'])}."
            )
        findings.append(
            "These are correlations: a card drawn in long games, or kept by a winning deck, looks good "
            "without causing wins. Use `kansei lab card` (a controlled swap) for the causal answer."
        )
        notes = list(info.get("problems", []))[:20]
        if any(r.get("content_changed") for r in rows):
            notes.append("Some replays were played with other content than the current one.")
        return Result(
            experiment=self.kind,
            title=f"{info['game']}: observed card statistics",
            question="In saved games, how did seats fare when they drew, played or held each card?",
            method=(
                f"{len(info['files'])} replay files were re-run; for each seat, the cards it drew and played "
                "are read from the events that seat saw. Win rates (a draw counts 1/players) per card: when "
                "drawn (GIH), played, held (drawn and never played) and not drawn, with the number of "
                "seat-games in brackets; a seat counts for a card only if its deck holds the card (where the "
                "replay says which deck). IWD, the improvement when drawn, is the win rate when drawn minus "
                f"when not drawn, with Newcombe's 95% interval; overall win rate {pct(overall.value)} "
                f"({interval(overall.low, overall.high)})."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Win rate by card (seat-games)",
                    "columns": ["card", "drawn", "played", "held", "not drawn", "IWD", "95% interval"],
                    "rows": table,
                }
            ],
            csv=csv,
            data={"cards": ranked},
            notes=notes,
        )
