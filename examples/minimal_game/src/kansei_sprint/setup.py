"""Setup: the scenario keys (``Setup``), deck resolution (a starter's name or deck data) and the deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import GameSetup

from .table import Table

STARTER = "standard"
MIN_DECK, MAX_DECK, MAX_COPIES = 6, 12, 4


class SprintSetup(GameSetup):
    leader: int | None = Field(None, ge=0, le=1)  # who leads the first round (default: seat 0)


def deck_problems(table: Table, deck: Mapping[str, Any], where: str = "deck") -> list[str]:
    """Why deck data is not a legal Sprint deck (SP-S1), one line each; empty: it is."""
    cards = deck.get("cards")
    if not isinstance(cards, Mapping):
        return [f"{where}: a deck is {{'name': …, 'cards': {{slug: count}}}}"]
    out = []
    for slug, count in cards.items():
        if slug not in table.cards:
            out.append(f"{where}: no card {shorten(str(slug), 30)!r} (cards: {', '.join(table.slugs)})")
        elif isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COPIES:
            out.append(f"{where}: {slug}: a count of 0..{MAX_COPIES} copies, not {shorten(repr(count), 20)}")
    if not out:
        total = sum(cards.values())
        if not MIN_DECK <= total <= MAX_DECK:
            out.append(f"{where}: {total} cards; a deck holds {MIN_DECK} to {MAX_DECK}")
    return out


def resolve_decks(table: Table, decks: list[Any] | None) -> list[dict[str, int]]:
    """Each seat's deck as slug -> copies (None or "standard": the starter deck); ContentError if any is
    not a deck, naming the seat as people count."""
    specs = decks if decks is not None else [None, None]
    if len(specs) != 2:
        raise ContentError([f"sprint: two decks are needed, got {len(specs)}"])
    out, problems = [], []
    for seat, spec in enumerate(specs):
        if spec is None or (isinstance(spec, str) and spec.strip().lower() == STARTER):
            out.append(dict(table.starter))
        elif isinstance(spec, Mapping):
            problems += deck_problems(table, spec, f"sprint: deck of player {seat + 1}")
            out.append({k: v for k, v in spec["cards"].items() if v} if not problems else {})
        else:
            problems.append(
                f"sprint: deck of player {seat + 1}: no starter deck {shorten(spec, 30)!r} ({STARTER})"
            )
    if problems:
        raise ContentError(problems)
    return out


__all__ = ["MAX_COPIES", "MAX_DECK", "MIN_DECK", "STARTER", "SprintSetup", "deck_problems", "resolve_decks"]
