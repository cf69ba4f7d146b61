"""Sprint in words: the board (``render``), a move for the menu (``describe``), each event (``narrate``),
the decision (``prompt``) and why a card cannot be played now (``unusable``). Players are named through
``names`` ("Alice", or "Player 2"); the viewer's own seat is "you"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kansei.core.names import Names
from kansei.core.protocol import Action, Game, State

if TYPE_CHECKING:
    from .state import SprintState


def _state(state: State) -> SprintState:
    from .state import SprintState

    assert isinstance(state, SprintState)
    return state


def _does(names: Names, seat: int, viewer: int | None, verb: str) -> str:
    """'you draw' told to the seat itself, 'Alice draws' to anyone else."""
    return f"you {verb}" if names.addressed(seat, viewer) else f"{names(seat)} {verb}s"


def render(state: State, seat: int | None, lang: str, names: Names) -> str:
    s = _state(state)
    cards = s.table.cards
    lines = [f"Sprint to {s.goal}"]
    for q in (0, 1):
        mark = "  (to play)" if s.to_move == q else ""
        down = ", a card face down" if s.played[q] is not None else ""
        counts = f"{len(s.hands[q])} in hand, {len(s.decks[q])} in deck"
        lines.append(f"{names(q)}: space {s.position[q]}, {counts}{down}{mark}")
    if seat is not None:
        hand = ", ".join(f"{cards[c].name} ({cards[c].speed})" for c in s.hands[seat]) or "nothing"
        lines.append(f"Your hand: {hand}")
    if s.over:
        lines.append("A draw." if s.win is None else f"{names(s.win)} wins the sprint.")
    return "\n".join(lines)


def describe(state: State, action: Action, lang: str, names: Names) -> str:
    card = _state(state).table.cards[action.args[0]]
    return f"{card.name} (speed {card.speed})" + (f": {card.text}" if card.text else "")


def narrate(game: Game, event: Mapping[str, Any], seat: int | None, lang: str, names: Names) -> str | None:
    line = _line(game, event, seat, names)
    return line[:1].upper() + line[1:] if line else None


def _line(game: Game, event: Mapping[str, Any], seat: int | None, names: Names) -> str | None:
    from .game import Sprint

    assert isinstance(game, Sprint)
    cards = game.table.cards
    kind = event.get("type")

    def name(slug: Any) -> str:
        return cards[slug].name if slug in cards else str(slug)

    if kind == "dealt":
        return f"{_does(names, event['seat'], seat, 'draw')} {event['count']} cards"
    if kind == "dealt_cards":
        return f"Your hand: {', '.join(name(c) for c in event['cards'])}"
    if kind == "played":
        return f"{_does(names, event['seat'], seat, 'play')} a card face down"
    if kind == "played_card":
        return f"You play {name(event['card'])}"
    if kind == "revealed":
        a, b = (name(c) for c in event["cards"])
        w = event.get("winner")
        result = "a tie: both move 1" if w is None else f"{_does(names, w, seat, 'move')} on"
        return f"{names(0)}'s {a} against {names(1)}'s {b}: {result}"
    if kind == "advanced":
        moves = _does(names, event["seat"], seat, "move").replace(" move", " still move", 1)
        return f"{name(event['card'])}: {moves} {event['spaces']}"
    if kind == "drew":
        return f"{_does(names, event['seat'], seat, 'draw')} a card"
    if kind == "drew_card":
        return f"You draw {name(event['card'])}"
    if kind == "race_over":
        w = event.get("winner")
        if w is None:
            return "The sprint ends level: a draw"
        return f"{_does(names, w, seat, 'win')} the sprint"
    return None


def prompt(state: State, lang: str, names: Names) -> str:
    s = _state(state)
    if s.over:
        return ""
    if s.played[1 - s.turn] is not None:
        return f"{names(1 - s.turn)} has played face down: play a card face down"
    return "Lead: play a card face down"


def unusable(state: State, seat: int, lang: str, names: Names) -> dict[str, str]:
    s = _state(state)
    if s.to_move == seat:
        return {}
    why = "the sprint is over" if s.over else f"it is {names(s.turn)}'s turn"
    return {f"hand:{i}": why for i in range(len(s.hands[seat]))}


__all__ = ["describe", "narrate", "prompt", "render", "unusable"]
