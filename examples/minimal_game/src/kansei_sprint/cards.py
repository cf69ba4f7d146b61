"""The content schema (pydantic records) and its loading: ``content/cards.toml``, one line per problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from kansei.core.content import Record, load_records
from kansei.core.errors import ContentError

CONTENT = Path(__file__).parent / "content"


class CardRecord(Record):
    """One card of ``cards.toml``: its speed, its copies in the starter deck and its effect blocks."""

    slug: str = Field(pattern=r"^[a-z][a-z0-9-]{0,30}$")
    name: str = Field(min_length=1, max_length=40)
    speed: int = Field(ge=1, le=9)
    count: int = Field(ge=0, le=4)  # copies in the starter deck "standard"
    text: str = ""
    on_win: list[dict[str, Any]] = Field(default_factory=list)  # effect blocks (blocks.py)
    on_lose: list[dict[str, Any]] = Field(default_factory=list)


def load_cards(folder: Path) -> list[CardRecord]:
    """Every card of a content folder, validated (ContentError with one line per problem)."""
    problems: list[str] = []
    records = load_records(folder / "cards.toml", "card", CardRecord, problems, unique=True)
    slugs = [r.slug for r in records]
    for slug in sorted({s for s in slugs if slugs.count(s) > 1}):
        problems.append(f"{folder / 'cards.toml'}: two cards have the slug {slug!r}")
    if not problems and sum(r.count for r in records) < 6:
        problems.append(f"{folder / 'cards.toml'}: the starter deck needs at least 6 cards")
    if problems:
        raise ContentError(problems)
    return records


__all__ = ["CONTENT", "CardRecord", "load_cards"]
