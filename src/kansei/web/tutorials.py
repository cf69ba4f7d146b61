"""The boards' scripted tutorials (docs/web-boards.md, "tutorial"): a lesson is a room made from the script's
set-up, seed and seats, and the script's steps are what the person's seat may play, in order.

A game ships its lesson beside its board: a plugin as ``web/tutorial.json`` in its own package, a built-in
game as ``static/games/<id>.tutorial.json``. The server, not the page, holds the script: a move whose refs
are not the step's ``expect`` is refused before the engine applies anything, so no client skips the lesson.
After the last step the room plays on as any other. Nothing here names a game.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kansei.core.errors import KanseiError
from kansei.core.protocol import Action, Game, State

from .boards import BUILT_IN, plugin_folder

ORIGIN = "tutorial"  # a tutorial room's origin (RoomRow.origin)
PLUGIN_FILE = "tutorial.json"
HUMAN = "human"


class TutorialError(KanseiError):
    """A game's tutorial file that cannot be played (one line)."""


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    say: dict[str, str]  # the coach bubble's text by page language
    expect: list[str]  # the refs of the one move to make ([]: the decision's one move without refs)
    highlight: list[str] = []  # refs to glow beside the expected ones


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    setup: dict[str, Any] = {}
    seed: int = Field(0, ge=0, lt=2**64)
    players: int = Field(2, ge=1)
    seats: list[str] = Field(min_length=1)
    steps: list[Step] = Field(min_length=1)

    @property
    def learner(self) -> int:
        """The seat the person plays (the script's one ``"human"``)."""
        return self.seats.index(HUMAN)


def script_file(game: Game) -> Path | None:
    """Where ``game``'s lesson is kept, if it has one: its own package's, else the built-in board's."""
    folder = plugin_folder(game)
    found = folder / PLUGIN_FILE if folder is not None else BUILT_IN / f"{game.id}.tutorial.json"
    return found if found.is_file() else None


@lru_cache(maxsize=64)
def _read(path: Path, mtime: float) -> Script | str:
    try:
        script = Script.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as e:
        return f"this game's tutorial cannot be read ({str(e).splitlines()[0][:120]})"
    if script.seats.count(HUMAN) != 1 or len(script.seats) != script.players:
        return "this game's tutorial needs one human seat among its players"
    return script


def script_for(game: Game) -> Script | None:
    """``game``'s lesson, or None when it has none; TutorialError (one line) when its file is broken."""
    path = script_file(game)
    if path is None:
        return None
    got = _read(path, path.stat().st_mtime)
    if isinstance(got, str):
        raise TutorialError(got)
    return got


def step_no(script: Script, history: list[tuple[int | None, str, str]]) -> int | None:
    """The index of the step the person is at (their moves so far), or None once the script is played."""
    done = sum(1 for seat, _, _ in history if seat == script.learner)
    return done if done < len(script.steps) else None


def off_script(game: Game, state: State, action: Action, step: Step, n: int) -> str | None:
    """Why ``action`` (legal now) is not step ``n``'s move, in one line naming the move the step asks
    for; None when it is."""
    if list(game.move_refs(state, action)) == step.expect:
        return None
    asked = next((a for a in state.legal_actions() if list(game.move_refs(state, a)) == step.expect), None)
    what = f": {game.describe_action(state, asked, 'en')}" if asked is not None else ""
    return f"tutorial step {n + 1} asks for another move{what}"


def current(script: Script, history: list[tuple[int | None, str, str]]) -> dict[str, Any] | None:
    """What a tutorial room's payload tells the page: the step (its number from 0, how many, its texts
    and refs), or ``{"done": True}`` once the script is played."""
    n = step_no(script, history)
    if n is None:
        return {"step": len(script.steps), "steps": len(script.steps), "done": True}
    step = script.steps[n]
    return {
        "step": n,
        "steps": len(script.steps),
        "done": False,
        "say": step.say,
        "expect": step.expect,
        "highlight": step.highlight,
    }
