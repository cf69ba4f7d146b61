"""Why an action is refused, told to the seat to move (it may name that seat's own cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

if TYPE_CHECKING:
    from .state import SprintState


def why_illegal(s: SprintState, text: str, seat: int) -> str | None:
    words = " ".join(text.split()).lower().split(" ", 1)
    if len(words) != 2 or words[0] != "play":
        return None  # the base class's generic line lists the legal actions
    cards = s.table.cards
    slug = words[1]
    if slug not in cards:
        return f"Sprint has no card {shorten(slug, 30)!r} (cards: {', '.join(cards)})"
    hand = ", ".join(cards[c].name for c in s.hands[seat]) or "nothing"
    return f"you hold no {cards[slug].name} (your hand: {hand})"


__all__ = ["why_illegal"]
