"""Records for designers: what a card did, as every game reports it.

A game's events are its own shapes; the lab, the simulator's records and reports need one shape for
"seat 1 drew Akagi Long Straight", "seat 0 played Gutter Drift". ``Game.card_events(event)`` translates one
logged event (public or private: records are written with the whole log, like ``reveal()``) into
:class:`CardEvent` tuples. A card is named by its slug (``Game.cards()``' ``slug``).

Verbs:

- ``drawn``: the card came into the seat's hand (dealt at setup or drawn later); a card a seat *held* is
  one it was dealt or drew.
- ``played``: the seat put the card to use (laid, played, summoned, activated, equipped…).
- ``discarded``: the card left the seat's hand or board without being played (discarded, paid as a cost,
  destroyed, redrawn away).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

CardVerb = Literal["drawn", "played", "discarded"]
CARD_VERBS: tuple[CardVerb, ...] = ("drawn", "played", "discarded")


class CardEvent(NamedTuple):
    """One thing a card did: ``seat`` (whose card), ``verb`` (one of CARD_VERBS), ``card`` (its slug)."""

    seat: int
    verb: CardVerb
    card: str


__all__ = ["CARD_VERBS", "CardEvent", "CardVerb"]
