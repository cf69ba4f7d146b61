"""What a seat sees (``view``), its published schema (``SprintView``) and everything (``reveal``).

Refs (``move_refs`` names them, the view carries them as ``"ref"`` values): ``hand:<i>`` a card of the
seat's own hand (in the order of ``hand``), ``racer:<seat>`` a seat's racer, ``zone:<seat>:pile`` its face-up
pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kansei.core.protocol import GameView

if TYPE_CHECKING:
    from .state import SprintState


class HandCard(GameView):
    ref: str
    card: str  # slug
    name: str
    speed: int


class Pile(GameView):
    ref: str
    cards: list[str]  # slugs, oldest first


class Racer(GameView):
    ref: str
    seat: int
    position: int
    hand_count: int
    deck_count: int
    face_down: bool  # a card played this round, not yet revealed
    pile: Pile


class SprintView(GameView):
    goal: int
    to_move: int | None
    leader: int
    racers: list[Racer]
    hand: list[HandCard] | None  # the seat's own hand (None for a spectator)
    played: str | None  # the card the seat played face down this round
    over: bool
    winner: int | None


def view(s: SprintState, seat: int | None) -> dict[str, Any]:
    cards = s.table.cards
    return {
        "goal": s.goal,
        "to_move": s.to_move,
        "leader": s.leader,
        "racers": [
            {
                "ref": f"racer:{q}",
                "seat": q,
                "position": s.position[q],
                "hand_count": len(s.hands[q]),
                "deck_count": len(s.decks[q]),
                "face_down": s.played[q] is not None,
                "pile": {"ref": f"zone:{q}:pile", "cards": list(s.piles[q])},
            }
            for q in (0, 1)
        ],
        "hand": None
        if seat is None
        else [
            {"ref": f"hand:{i}", "card": c, "name": cards[c].name, "speed": cards[c].speed}
            for i, c in enumerate(s.hands[seat])
        ],
        "played": s.played[seat] if seat is not None else None,
        "over": s.over,
        "winner": s.win,
    }


def reveal(s: SprintState) -> dict[str, Any]:
    return {
        **view(s, None),
        "hands": [list(h) for h in s.hands],
        "decks": [list(d) for d in s.decks],
        "played": list(s.played),
    }


__all__ = ["SprintView", "reveal", "view"]
