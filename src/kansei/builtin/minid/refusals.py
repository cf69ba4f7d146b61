"""Why an action is refused, told to the seat to move (``State._why_illegal``): the decision it faces and,
about its own cards only, whether it holds the card named and when that card is played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .terms import CROSSING, DISCARD, DRAW, DRIFT, SPRINT

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState

_ASKED = {
    SPRINT: "choose a sprint power (sprint 1..12)",
    "turn": "start the turn (play a card or roll)",
    "skip": "skip a turn (play a card that cancels it, or pass)",
    "line": "choose a cornering line (line normal, line gambler, line moonlight)",
    DRIFT: "answer a DRIFT roll (play a card or accept)",
    "battle": "enter a battle (play a card or pass)",
    CROSSING: "answer a Bunta crossing roll (play a card or accept)",
    DRAW: "draw an Event card or pass",
    DISCARD: "discard down to 3 cards",
}
_WHEN = {
    "turn": "at the start of your turn",
    DRIFT: "after your DRIFT roll",
    "battle": "when a battle you are in begins",
    CROSSING: "after your roll for crossing Bunta",
    "skip": "when you would skip a turn",
}


def refusal(state: MiniDState, text: str, seat: int) -> str | None:
    """Why ``text`` is not legal, told to ``seat`` (the seat to move): the decision it faces, and about its
    own cards only whether it holds the card named and when that card is played. Never raises."""
    try:
        d = state.race.pending
        if d is None:
            return None
        shown = shorten(str(text))
        words = " ".join(str(text).split()).lower().split(" ", 1)
        asked = _ASKED.get(d.kind, d.kind)
        if words and words[0] in ("play", "discard") and len(words) == 2:
            cid = state.race.table.find_card(words[1])
            if cid is None:
                return f"{shown!r}: no Event card is called {shorten(words[1], 40)!r}; you are to {asked}"
            c = state.race.table.cards[cid]
            if cid not in state.race.hands[seat]:
                return f"{shown!r}: you hold no {c.name['en']!r}; you are to {asked}"
            if words[0] == "discard" and d.kind != DISCARD:
                return f"{shown!r}: cards are discarded only above the hand limit of 3; you are to {asked}"
            if words[0] == "play" and c.window != d.kind:
                return (
                    f"{shown!r}: {c.name['en']!r} is not played now but {_WHEN.get(c.window or '', '')}; "
                    f"you are to {asked}"
                )
        legal = ", ".join(a.notation for a in state.legal_actions()[:14])
        return f"{shown!r} is not legal now: you are to {asked} (yours: {legal})"
    except Exception:  # noqa: BLE001 - a refusal message must never fail; the generic one is used instead
        return None


__all__ = ["refusal"]
