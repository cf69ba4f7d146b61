"""The few protocol calls the web layer makes, in one place (see /work/notes/CONTRACT.md).

The server holds games only through these: ``game.start``, ``legal_actions``, ``apply(action, seat=)``,
``view(seat)``, ``events_for(seat, start)``, ``public_notation``, ``game.cards(lang)``,
``game.describe_action(state, action, lang)`` and ``game.narrate(event, seat, lang)``. Nothing here names a
game, a card or a game's field.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import kansei
from kansei.core.errors import IllegalAction
from kansei.core.protocol import Action, Game, State

_CORE = hasattr(State, "events_for")  # until the core's event model lands on main (then: always)


@lru_cache(maxsize=256)
def _load(game_id: str, options_json: str) -> Game:
    return kansei.load(game_id, **json.loads(options_json))


def game_ids() -> list[str]:
    """The registered games (``kansei.games()``)."""
    return list(getattr(kansei, "games")())  # noqa: B009  (a callable package: typed as a module)


def game_for(game_id: str, options: dict[str, Any]) -> Game:
    """A game with its options (shared by every room with the same options: a Game holds no user state)."""
    return _load(game_id, json.dumps(options, sort_keys=True))


def languages(game: Game) -> tuple[str, ...]:
    return tuple(getattr(game, "languages", None) or ("en",))


def find_legal(state: State, text: str) -> Action | None:
    want = " ".join(text.split()).lower()
    return next((a for a in state.legal_actions() if a.notation.lower() == want), None)


def apply(state: State, text: str, seat: int | None) -> tuple[Action, str]:
    """Apply ``text`` (a notation) as ``seat``: (the action, what other seats are told of it).

    Refusals are the engine's own IllegalAction (state unchanged)."""
    chosen = find_legal(state, text) if not state.is_over and state.to_move == seat else None
    if chosen is None:
        if _CORE:
            state.apply(text, seat=seat)  # type: ignore[call-arg]  # raises the engine's reason
        if state.is_over:
            raise IllegalAction("the game is over")
        if state.to_move != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn")
        raise IllegalAction(f"{text[:60]!r} is not a legal action now")
    public = public_notation(state, chosen)
    if _CORE:
        state.apply(chosen, seat=seat)  # type: ignore[call-arg]
    else:
        state.apply(chosen)
    return chosen, public


def events_for(state: State, seat: int | None, start: int = 0) -> list[dict]:
    if _CORE:
        return state.events_for(seat, start)  # type: ignore[attr-defined,no-any-return]
    seen = [{k: v for k, v in e.items()} for e in state.events if "to" not in e or e.get("to") == seat]
    return seen[start:]


def public_notation(state: State, action: Action) -> str:
    if _CORE:
        return state.public_notation(action)  # type: ignore[attr-defined,no-any-return]
    return action.kind or "a move"


def cards(game: Game, lang: str) -> list[dict]:
    if hasattr(game, "cards"):
        return game.cards(lang)  # type: ignore[no-any-return]
    return []


def describe(game: Game, state: State, action: Action, lang: str) -> str:
    if _CORE:
        return str(game.describe_action(state, action, lang))  # type: ignore[call-arg]
    return str(game.describe_action(state, action))


def narrate(game: Game, event: dict, seat: int | None, lang: str) -> str | None:
    line = game.narrate(event, seat, lang) if _CORE else game.narrate(event, seat)  # type: ignore[call-arg]
    return None if line is None else str(line)


def read_replay(text: str) -> dict:
    """A kansei-replay/1 file's data, validated by the core (size and depth limited)."""
    from kansei.core import replay

    if hasattr(replay, "loads"):
        return replay.loads(text)  # type: ignore[no-any-return]
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != replay.FORMAT:
        raise kansei.ContentError([f"format must be {replay.FORMAT!r}"])
    return data
