"""Why an Initial D action is refused: two audiences, two functions.

- :func:`public_refusal` (``game.parse``, and ``apply`` without a seat) may be read by any seat, so it is
  built only from what every seat sees: the phase, the maneuver being paid for, the cars' public ratings,
  the last maneuver, hand *sizes*, and the card's printed requirements. It never depends on what the hand
  of the seat to move holds.
- :func:`why_illegal` answers the seat to move about its own action (an Action refused by ``apply(action,
  seat=…)``): it may name that seat's cards (``you hold no Pure Power``, the hand-order rule of its
  discards). A *text* is read by ``game.parse`` first, which has no seat and so answers publicly; the core
  does not hand parse's refusals on to ``_why_illegal`` (yet).

Neither raises on any text, names a seat by number or carries a rule id (``Game.move_rules`` has those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .cards import MANEUVER_TYPES
from .rules import discards_needed, position_problem, shortfall
from .table import KEEP, MAX_NEED, PAY, PLAY, STAT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState

VERBS = "play <maneuver> [discard N], discard <card>, keep or pass"


def read(state: InitialDState, text: str) -> tuple[str, int | None, int, str]:
    """``'play tight-twin-drift discard 2'`` -> ("play", card id, 2, "tight-twin-drift"). The verb is ""
    for a text that is no Initial D action; the card id None for a name that is no card."""
    words = " ".join(text.split()).lower().split(" ")
    verb = words[0]
    if verb in ("pass", "keep"):
        return (verb, None, 0, "") if len(words) == 1 else ("", None, 0, "")
    if verb not in ("play", "discard") or len(words) < 2:
        return "", None, 0, ""
    rest = words[1:]
    n = 0
    if verb == "play" and len(rest) >= 3 and rest[-2] == "discard":
        digits = rest[-1]
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
            return "", None, 0, ""
        n, rest = int(digits), rest[:-2]
    name = " ".join(rest)
    return verb, state.game.table.find(name), n, name


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def shortfall_text(state: InitialDState, p: int, cid: int) -> str:
    """'Traction 6 of 8: 2 short; speed counter 7 against Pure Power's strength 8: 1 short' (public)."""
    cards = state.game.table.cards
    d = cards[cid]
    req, ctr = shortfall(state, p, cid)
    out = []
    if d.req_stat >= 0:
        have = state.stat(p, d.req_stat)
        name = STAT_NAMES[d.req_stat]
        out.append(f"{name} {have} of {d.req_val}: {req} short" if req else f"{name} {have} ≥ {d.req_val}")
    if state.last >= 0:
        last = cards[state.last]
        mt = MANEUVER_TYPES[last.mtype]
        out.append(
            f"{mt} counter {d.counter[last.mtype]} against {last.name}'s strength "
            f"{last.strength[state.stages[state.stage_no]]}" + (f": {ctr} short" if ctr else " ✓")
        )
    return "; ".join(out) or "no requirement"


def _phase_problem(state: InitialDState, verb: str, shown: str) -> str | None:
    """The phase forbids this kind of action (public)."""
    cards = state.game.table.cards
    if state.phase == PAY and verb != "discard":
        return (
            f"{shown!r}: {_count(state.need, 'more discard')} must first be made to pay for "
            f"{cards[state.pending].name}"
        )
    if state.phase == KEEP and verb in ("play", "pass"):
        return f"{shown!r}: the stage is over; its winner chooses cards to discard, then 'keep' for the rest"
    if state.phase == PLAY and verb == "discard":
        return f"{shown!r}: there is nothing to pay for; the player to move plays a maneuver or passes"
    if state.phase == PLAY and verb == "keep":
        return f"{shown!r}: cards are kept only by a stage's winner at its end"
    return None


def _play_problem(state: InitialDState, cid: int, n: int, shown: str, others: int) -> str | None:
    """What keeps maneuver ``cid`` from being played with ``n`` discards, from public facts: special
    requirements, position, the discard count and whether ``others`` cards could pay for it."""
    p = state.turn
    d = state.game.table.cards[cid]
    why = state.sides[p].special_problem(d) or position_problem(state, p, d)
    if why:
        return f"{shown!r}: {why}"
    need = discards_needed(state, p, cid)
    parts = shortfall_text(state, p, cid)
    if need > others:
        return (
            f"{shown!r}: {d.name} needs {_count(need, 'discard')} ({parts}) but the player to move holds "
            f"only {_count(others, 'other card')}"
        )
    if n != need and need <= MAX_NEED:
        return (
            f"{shown!r}: {d.name} costs exactly {_count(need, 'discard')} now ({parts}): "
            f"'{d.plays[need].notation}'"
        )
    return None


def public_refusal(state: InitialDState, text: str) -> str:
    """Why ``text`` is refused, told from what every seat sees (see the module docstring)."""
    shown = shorten(text)
    verb, cid, n, name = read(state, text)
    if not verb:
        return f"{shown!r} is not an Initial D action ({VERBS})"
    cards = state.game.table.cards
    if verb in ("play", "discard") and cid is None:
        return f"{shown!r}: {state.game.table.catalog.unknown(name)}"
    if cid is not None and cards[cid].kind != "maneuver":
        return f"{shown!r}: {cards[cid].name} is a {cards[cid].kind} card, not a maneuver"
    why = _phase_problem(state, verb, shown)
    if why:
        return why
    if verb == "play" and cid is not None:
        # the hand size is public; whether this card is in it is not, so count it as held
        why = _play_problem(state, cid, n, shown, len(state.hands[state.turn]) - 1)
        if why:
            return why
    return f"{shown!r} is not a legal action now"


def why_illegal(state: InitialDState, text: str, seat: int) -> str | None:
    """Why ``text`` is refused, told to ``seat``, the seat to move (it may name that seat's own cards)."""
    if state.is_over or seat != state.turn:
        return None
    shown = shorten(text)
    verb, cid, n, _ = read(state, text)
    if not verb or (verb in ("play", "discard") and cid is None):
        return public_refusal(state, text)
    cards = state.game.table.cards
    if cid is not None and cards[cid].kind != "maneuver":
        return public_refusal(state, text)
    hand = state.hands[seat]
    if cid is not None and cid not in hand and verb in ("play", "discard"):
        return f"{shown!r}: you hold no {cards[cid].name}"
    why = _phase_problem(state, verb, shown)
    if why:
        return why
    if verb == "discard" and state.phase in (PAY, KEEP):
        if state.phase == PAY:
            return (
                f"{shown!r}: discards go left to right through your hand, and enough cards must follow to "
                f"finish paying {state.need} more for {cards[state.pending].name}"
            )
        return f"{shown!r}: discards go left to right through your hand, and this card is before the last one"
    if verb == "play" and cid is not None:
        return _play_problem(state, cid, n, shown, len(hand) - 1)
    return None
