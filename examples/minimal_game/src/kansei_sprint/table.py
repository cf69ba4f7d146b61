"""The hot-path card table, built once per content folder from the validated records: each card's speed
and compiled effect blocks, and the interned actions that play it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kansei.core.effects import Compiled
from kansei.core.errors import ContentError
from kansei.core.protocol import Action

from .blocks import REGISTRY
from .cards import load_cards


@dataclass(frozen=True)
class Card:
    slug: str
    name: str
    speed: int
    text: str
    on_win: tuple[Compiled, ...]
    on_lose: tuple[Compiled, ...]
    play: Action  # "play <slug>", interned: shared by every state


@dataclass(frozen=True)
class Table:
    cards: dict[str, Card]  # by slug, in content order
    starter: dict[str, int]  # the starter deck "standard": slug -> copies

    @property
    def slugs(self) -> list[str]:
        return list(self.cards)


@cache
def build_table(folder: Path) -> Table:
    problems: list[str] = []
    cards = {}
    for r in load_cards(folder):
        where = f"{folder / 'cards.toml'}: card {r.name!r}"
        on_win = REGISTRY.compile_list(r.on_win, f"{where}: on_win", problems)
        on_lose = REGISTRY.compile_list(r.on_lose, f"{where}: on_lose", problems)
        cards[r.slug] = Card(
            r.slug, r.name, r.speed, r.text, on_win, on_lose, Action(f"play {r.slug}", "play", (r.slug,))
        )
    if problems:
        raise ContentError(problems)
    starter = {r.slug: r.count for r in load_cards(folder) if r.count}
    return Table(cards, starter)


__all__ = ["Card", "Table", "build_table"]
