"""The few protocol calls the web layer makes, in one place (see docs/ARCHITECTURE.md).

The server holds games only through these: ``game.start``, ``legal_actions``, ``apply(action, seat=)``,
``view(seat)``, ``events_for(seat, start)``, ``public_notation``, ``game.cards(lang)``,
``game.describe_action(state, action, lang)`` and ``game.narrate(event, seat, lang)``. Nothing here names a
game, a card or a game's field.
"""

from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import kansei
from kansei.core import replay
from kansei.core.protocol import Action, Game, State


def game_ids() -> list[str]:
    """The registered games (``kansei.games()``)."""
    return list(kansei.games())


@lru_cache(maxsize=256)
def _load(game_id: str, options_json: str) -> Game:
    return kansei.load(game_id, **json.loads(options_json))


def game_for(game_id: str, options: dict[str, Any]) -> Game:
    """A game with its options (shared by every room with the same options: a Game holds no user state)."""
    return _load(game_id, json.dumps(options, sort_keys=True))


def languages(game: Game) -> tuple[str, ...]:
    return tuple(game.languages)


def find_legal(state: State, text: str) -> Action | None:
    want = " ".join(text.split()).lower()
    return next((a for a in state.legal_actions() if a.notation.lower() == want), None)


def apply(state: State, text: str, seat: int | None) -> tuple[Action, str]:
    """Apply ``text`` (a notation) as ``seat``: (the action, what other seats are told of it).

    A refusal is the engine's own IllegalAction (the state unchanged, the message fit for that seat)."""
    chosen = find_legal(state, text) if not state.is_over and state.to_move == seat else None
    if chosen is None:
        state.apply(text, seat=seat)  # not legal for this seat: raises the engine's reason
        raise AssertionError("the engine accepted an action that is not among its legal ones")
    public = state.public_notation(chosen)  # asked before the action changes the state
    state.apply(chosen, seat=seat)
    return chosen, public


def events_for(state: State, seat: int | None, start: int = 0) -> list[dict]:
    return list(state.events_for(seat, start))


def cards(game: Game, lang: str) -> list[dict]:
    return game.cards(lang)


def describe(game: Game, state: State, action: Action, lang: str) -> str:
    return str(game.describe_action(state, action, lang))


def narrate(game: Game, event: dict, seat: int | None, lang: str) -> str | None:
    line = game.narrate(event, seat, lang)
    return None if line is None else str(line)


def read_replay(text: str) -> dict:
    """A kansei-replay/1 file's data, validated by the core's reader (what ``kansei replay`` reads)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "upload.json"
        path.write_text(text, encoding="utf-8")
        return dict(replay.read(path))
