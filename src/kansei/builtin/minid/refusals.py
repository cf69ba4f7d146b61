"""Why an action is refused, told to the seat to move (``State._why_illegal``): the decision it faces and,
about its own cards only, whether it holds the card named and when that card is played. In any language of
the game (its sentences are the catalog's ``r_…`` keys); the core asks for English, having no language to
pass (``State._why_illegal(text, seat)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .lang import tr
from .terms import DISCARD, HAND_LIMIT

if TYPE_CHECKING:  # pragma: no cover
    from .state import MiniDState

ASKED = ("sprint", "turn", "skip", "line", "drift", "battle", "crossing", "draw", "discard")  # r_asked_<kind>
WHEN = ("turn", "drift", "battle", "crossing", "skip")  # a kept card's moment: when_<window>


def _asked(kind: str, lang: str) -> str:
    return tr(lang, f"r_asked_{kind}") if kind in ASKED else kind


def refusal(state: MiniDState, text: str, seat: int, lang: str = "en") -> str | None:
    """Why ``text`` is not legal, told to ``seat`` (the seat to move) in ``lang``: the decision it faces, and
    about its own cards only whether it holds the card named and when that card is played. Never raises."""
    try:
        d = state.race.pending
        if d is None:
            return None
        shown = shorten(str(text))
        words = " ".join(str(text).split()).lower().split(" ", 1)
        asked = _asked(d.kind, lang)
        if words and words[0] in ("play", "discard") and len(words) == 2:
            cid = state.race.table.find_card(words[1])
            if cid is None:
                return tr(lang, "r_no_card", shown=shown, name=shorten(words[1], 40), asked=asked)
            c = state.race.table.cards[cid]
            name = c.name[lang]
            if cid not in state.race.hands[seat]:
                return tr(lang, "r_not_held", shown=shown, card=name, asked=asked)
            if words[0] == "discard" and d.kind != DISCARD:
                return tr(lang, "r_no_discard", shown=shown, limit=HAND_LIMIT, asked=asked)
            if words[0] == "play" and c.window != d.kind:
                when = tr(lang, f"when_{c.window}") if c.window in WHEN else ""
                return tr(lang, "r_not_now", shown=shown, card=name, when=when, asked=asked)
        legal = tr(lang, "list_sep").join(a.notation for a in state.legal_actions()[:14])
        return tr(lang, "r_not_legal", shown=shown, asked=asked, legal=legal)
    except Exception:  # noqa: BLE001 - a refusal message must never fail; the generic one is used instead
        return None


__all__ = ["refusal"]
