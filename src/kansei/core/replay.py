"""Replay and scenario files (JSON, format ``kansei-replay/1``) and position records (``kansei-position/1``).

``{"format": "kansei-replay/1", "game": "touge", "options": {...}, "seed": 7, "players": 2,
"decks": [...], "setup": {...}, "actions": ["road akina-hairpin", "pass", ...], "result": {...},
"content": "3f1c…", "kansei": "0.1.0"}``

``result`` holds ``over``, ``winner``, ``returns`` and ``digest`` (a hash of the final ``reveal()``), so a
re-run checks the outcome byte for byte; ``content`` is the game's :meth:`~kansei.core.protocol.Game.
content_digest` when it was played, so a re-run against other content says so instead of a bare mismatch.
A file with a ``setup`` and few actions is a scenario.

A replay is a complete record (the seed, every hand, every notation): it is for after the game, never
shown to a seat during play. Files are read through a schema (unknown or misspelt keys, wrong types and a
partial ``result`` are refused, one line each), with size and depth limits; decks are data or starter deck
names, never paths.

A position record (``state.to_dict()``, format ``kansei-position/1``) is the same record made for a state
in play: the game, its full options, the content digest and kansei version, seed, players, decks, setup,
the actions played and a digest of the position's ``reveal()``. :func:`position_state` (``game.from_dict``,
``kansei.from_dict``) rebuilds it with the machinery that re-runs replays, and refuses anything that does
not lead exactly to the recorded position in one line, building nothing.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .content import MAX_FILE_BYTES, parse_json, read_text, shorten_path
from .errors import ContentError, KanseiError, OptionError
from .options import shorten
from .protocol import MAX_NOTATION, MAX_SEED, Game, State
from .registry import game_class
from .version import kansei_version

FORMAT = "kansei-replay/1"
POSITION = "kansei-position/1"
MAX_ACTIONS = 1_000_000
HEX16 = r"^[0-9a-f]{16}$"

Scalar = str | bool | int | float | None


class Result(BaseModel):
    """The outcome a replay recorded: every key required, nothing else allowed."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    over: bool
    winner: Annotated[int, Field(ge=0, lt=1000)] | None
    returns: list[float] | None
    digest: Annotated[str, Field(pattern=HEX16)]


class Record(BaseModel):
    """What every game record holds: the game, how it began and the actions played."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    game: Annotated[str, Field(min_length=1, max_length=64)]
    options: dict[Annotated[str, Field(max_length=64)], Scalar] = Field(default_factory=dict)
    seed: Annotated[int, Field(ge=0, lt=MAX_SEED)] = 0
    players: Annotated[int, Field(ge=1, le=64)] | None = None
    decks: Annotated[list[dict[str, Any] | str | None], Field(max_length=64)] | None = None
    setup: dict[str, Any] = Field(default_factory=dict)
    actions: Annotated[
        list[Annotated[str, Field(max_length=MAX_NOTATION)]], Field(max_length=MAX_ACTIONS)
    ] = Field(default_factory=list)
    content: Annotated[str, Field(pattern=HEX16)] | None = None
    kansei: Annotated[str, Field(max_length=40)] | None = None

    @field_validator("options")
    @classmethod
    def _no_content_folder(cls, value: dict[str, Scalar]) -> dict[str, Scalar]:
        if "content" in value:  # Game(content=…) would read a folder the file names
            raise ValueError("'content' is not a game option (a record never names a folder)")
        return value


class Replay(Record):
    """The schema of a ``kansei-replay/1`` file. ``first_mover`` (the seat the rules made first) and
    ``decks`` as every seat's deck data are what ``kansei sim --save-replays`` records; older files
    without them stay readable."""

    format: Literal["kansei-replay/1"]
    agents: Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=64)] | None = None
    first_mover: Annotated[int, Field(ge=0, lt=64)] | None = None
    result: Result | None = None
    description: Annotated[str, Field(max_length=4000)] | None = None


class Position(Record):
    """The schema of a ``kansei-position/1`` record (``state.to_dict()``): every key required."""

    format: Literal["kansei-position/1"]
    content: Annotated[str, Field(pattern=HEX16)]
    kansei: Annotated[str, Field(min_length=1, max_length=40)]
    digest: Annotated[str, Field(pattern=HEX16)]


KEYS = tuple(Replay.model_fields)


def _problems(display: str, error: ValidationError, keys: tuple[str, ...] = KEYS) -> list[str]:
    """One line per schema problem; inputs cut short, unknown keys with the nearest known one."""
    out: list[str] = []
    for err in error.errors():
        loc = ".".join(str(x) for x in err["loc"])
        if err["type"] == "extra_forbidden":
            key = str(err["loc"][-1])
            known = keys if len(err["loc"]) == 1 else tuple(Result.model_fields)
            near = difflib.get_close_matches(key, known, n=1)
            hint = f" — did you mean {near[0]!r}?" if near else f" (known: {', '.join(known)})"
            out.append(f"{display}: unknown key {shorten(loc, 40)!r}{hint}")
        elif err["type"] == "missing":
            out.append(f"{display}: {loc}: missing")
        else:
            msg = err["msg"].removeprefix("Value error, ")
            shown = shorten(repr(err.get("input")), 40)
            out.append(f"{display}: {loc or 'replay'}: {msg} (got {shown})")
    return out


def parse(data: Any, display: str = "replay") -> Replay:
    """Validate parsed JSON against the schema; ContentError with one line per problem."""
    if not isinstance(data, Mapping):
        raise ContentError([f"{display}: a replay is a JSON object, not {type(data).__name__}"])
    try:
        return Replay.model_validate(dict(data))
    except ValidationError as e:
        raise ContentError(_problems(display, e)) from None


def loads(text: str, display: str = "replay") -> dict[str, Any]:
    """A replay from JSON text, validated (a plain dict: ``Replay.model_dump``)."""
    return parse(parse_json(text, display), display).model_dump()


def read(path: Path | str, limit: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """A replay file, read with size/depth limits and validated; ContentError, one line per problem."""
    display = shorten_path(path, 80)
    return loads(read_text(path, limit, display), display)


# -- writing ----------------------------------------------------------------------------------------
def content_digest(game: Game) -> str:
    """``game.content_digest()``, computed once per game object (simulations record thousands)."""
    return game.digest()


def digest(state: State) -> str:
    blob = json.dumps(state.reveal(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def result_of(state: State) -> dict[str, Any]:
    return {
        "over": state.is_over,
        "winner": state.winner if state.is_over else None,
        "returns": state.returns() if state.is_over else None,
        "digest": digest(state),
    }


def make_replay(
    game_id: str,
    options: dict[str, Any],
    seed: int,
    players: int,
    decks: list[Any] | None,
    setup: dict[str, Any] | None,
    actions: list[str],
    state: State | None,
    agents: list[str] | None = None,
    content: str | None = None,
    first_mover: int | None = None,
) -> dict[str, Any]:
    """A replay record. With ``state`` (the state after ``actions``) its result is recorded, whether or
    not the game is over, and the content digest of the state's game unless ``content`` is given.
    ``first_mover``: the seat the rules made first (``state.first_mover`` as the game began)."""
    rep: dict[str, Any] = {
        "format": FORMAT,
        "game": game_id,
        "options": options,
        "seed": seed,
        "players": players,
        "decks": decks,
        "setup": setup or {},
        "actions": list(actions),
    }
    if agents:
        rep["agents"] = list(agents)
    if first_mover is not None:
        rep["first_mover"] = first_mover
    if state is not None:
        rep["result"] = result_of(state)
        content = content or content_digest(state.game)
    if content:
        rep["content"] = content
    rep["kansei"] = kansei_version()
    return rep


# -- positions ---------------------------------------------------------------------------------------
def position_record(state: State) -> dict[str, Any]:
    """``state.to_dict()``: the ``kansei-position/1`` record of a state begun by ``Game.start``."""
    origin = state._origin
    if origin is None:  # pragma: no cover - State.to_dict refuses first
        raise KanseiError("this state has no history to record")
    seed, players, decks, setup = origin
    game = state.game
    return {
        "format": POSITION,
        "game": game.id,
        "options": game.options_dict,
        "content": content_digest(game),
        "kansei": kansei_version(),
        "seed": seed,
        "players": players,
        "decks": decks,
        "setup": setup.model_dump(mode="json", exclude_defaults=True),
        "actions": state.actions_played(),
        "digest": digest(state),
    }


def _one_line(display: str, error: KanseiError) -> ContentError:
    lines = str(error).splitlines() or [type(error).__name__]
    more = f" (and {len(lines) - 1} more problem{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    first = lines[0] if lines[0].startswith(display) else f"{display}: {lines[0]}"
    return ContentError([first + more])


def parse_position(record: Any, display: str = "position") -> Position:
    """A position record validated (format first: another record or version is named as such)."""
    if not isinstance(record, Mapping):
        raise ContentError([f"{display}: a position record is a JSON object, not {type(record).__name__}"])
    fmt = record.get("format")
    if fmt != POSITION:
        if fmt == FORMAT:
            raise ContentError([f"{display}: this is a replay ({FORMAT}), not a position ({POSITION})"])
        if isinstance(fmt, str) and fmt.startswith("kansei-position/"):
            raise ContentError(
                [f"{display}: format {shorten(fmt, 30)!r} is not one this kansei reads ({POSITION})"]
            )
        raise ContentError([f"{display}: not a kansei position record (format {shorten(repr(fmt), 30)})"])
    try:
        return Position.model_validate(dict(record))
    except ValidationError as e:
        raise _one_line(display, ContentError(_problems(display, e, tuple(Position.model_fields)))) from None


def position_state(record: Any, game: Game | None = None, display: str = "position") -> State:
    """The state a position record holds, replayed from its start with ``game`` (whose id and options
    must be the record's) or, without one, with the process's shared game of the record's id and
    options. Anything that does not lead exactly to the recorded position is one ContentError line."""
    from .protocol import shared_game

    pos = parse_position(record, display)
    if game is None:
        try:
            game = shared_game(pos.game, dict(pos.options))
        except KanseiError as e:
            raise _one_line(display, e) from None
    elif pos.game != game.id:
        raise ContentError([f"{display}: a record of {shorten(pos.game, 40)!r}, not of {game.id!r}"])
    elif dict(pos.options) != game.options_dict:
        raise ContentError(
            [
                f"{display}: recorded with other options than this game's "
                f"({shorten(json.dumps(pos.options), 80)})"
            ]
        )
    now = content_digest(game)
    if pos.content != now:
        raise ContentError(
            [f"{display}: the content changed since this record (recorded {pos.content}, now {now})"]
        )
    try:
        state = game.start(
            seed=pos.seed,
            players=pos.players,
            decks=starter_or_data(game, pos.decks, display),
            setup=pos.setup or None,
        )
    except KanseiError as e:
        raise _one_line(display, e) from None
    for i, text in enumerate(pos.actions):
        try:
            state.apply(text)
        except KanseiError as e:
            raise ContentError([f"{display}: action {i + 1} {shorten(text)!r} is refused: {e}"]) from None
    if digest(state) != pos.digest:
        version = "" if pos.kansei == kansei_version() else f" (recorded by kansei {pos.kansei})"
        raise ContentError([f"{display}: the actions do not lead to the recorded position{version}"])
    return state


def from_dict(record: Any) -> State:
    """``kansei.from_dict(record)``: the state of a ``state.to_dict()`` record, with the process's shared
    game of the record's id and options (one ContentError line for a bad record)."""
    return position_state(record)


def check_file_target(path: Path | str) -> Path:
    """Refuse (OptionError, one line) a place a file cannot be written to — before any game is played."""
    path = Path(path)
    shown = shorten_path(path, 80)
    if path.is_dir():
        raise OptionError(f"{shown}: is a folder; give a file name to save to")
    if path.exists() and not path.is_file():
        raise OptionError(f"{shown}: not a regular file")
    folder = path.parent if str(path.parent) else Path(".")
    _check_folder_writable(folder, shown)
    return path


def check_folder_target(path: Path | str) -> Path:
    """Refuse a folder replays cannot be written into (an existing file, no permission) before playing."""
    path = Path(path)
    shown = shorten_path(path, 80)
    if path.exists() and not path.is_dir():
        raise OptionError(f"{shown}: exists and is not a folder; give a folder for the replays")
    _check_folder_writable(path, shown)
    return path


def _check_folder_writable(folder: Path, shown: str) -> None:
    probe = folder
    while not probe.exists():  # the first existing ancestor must let us create the rest
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise OptionError(f"{shown}: {shorten_path(probe, 60)} is not a folder")
    try:
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as e:
        raise OptionError(f"{shown}: cannot write there ({e.strerror or type(e).__name__})") from None


def save(path: Path | str, replay: Mapping[str, Any]) -> Path:
    """Write a replay atomically (a crash never leaves half a file). OSError if the place is not writable:
    callers that hold a game in progress use :func:`save_somewhere`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(replay, indent=1, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def save_somewhere(path: Path | str, replay: Mapping[str, Any]) -> tuple[Path, str | None]:
    """Save to ``path``; if that fails, to the system's temporary folder. Returns (where, why the first
    place failed or None): a game once played is never lost to a bad path."""
    try:
        return save(path, replay), None
    except OSError as e:
        why = f"{shorten_path(path, 60)}: {e.strerror or type(e).__name__}"
        fd, tmp = tempfile.mkstemp(prefix=f"kansei-{replay.get('game', 'game')}-", suffix=".json")
        os.close(fd)
        return save(tmp, replay), why


# -- running -----------------------------------------------------------------------------------------
@dataclass
class RunResult:
    state: State
    applied: int
    error: str | None
    expected: dict[str, Any] | None
    reproduced: bool | None
    content_changed: bool = False
    recorded_content: str | None = None
    content_now: str = ""
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None and self.reproduced is not False

    def content_note(self) -> str:
        """'content changed since this replay: recorded 1a2b… (kansei 0.1.0), now 3c4d…'."""
        return f"content changed since this replay: recorded {self.recorded_content}, now {self.content_now}"


def starter_or_data(game: Game, decks: list[Any] | None, display: str) -> list[Any] | None:
    """Decks of a replay: data, None, or a starter deck's name — any other text is refused (a replay never
    names a file)."""
    if decks is None:
        return None
    starters = {name.lower(): name for name in game.starter_decks()}
    out: list[Any] = []
    for seat, spec in enumerate(decks):
        if isinstance(spec, str):
            name = starters.get(" ".join(spec.split()).lower())
            if name is None:
                raise ContentError(
                    [
                        f"{display}: deck of player {seat + 1}: {shorten(spec, 40)!r} is not a starter "
                        f"deck of {game.id} ({', '.join(starters.values()) or 'none'}); a replay holds decks "
                        "as data"
                    ]
                )
            out.append(name)
        else:
            out.append(spec)
    return out


def start(replay: Mapping[str, Any] | Replay, display: str = "replay") -> tuple[Game, State, Replay]:
    """The game and its first state as the replay recorded them (nothing applied yet)."""
    rep = replay if isinstance(replay, Replay) else parse(replay, display)
    options: dict[str, Any] = dict(rep.options)
    game = game_class(rep.game)(**options)
    try:
        state = game.start(
            seed=rep.seed,
            players=rep.players,
            decks=starter_or_data(game, rep.decks, display),
            setup=rep.setup or None,
        )
    except KanseiError as e:
        if rep.content and rep.content != content_digest(game):
            first = str(e).splitlines()[0] if str(e) else type(e).__name__
            note = f"content changed since this replay: recorded {rep.content}, now {content_digest(game)}"
            raise ContentError([f"{display}: {note}; {first}"]) from None
        raise
    return game, state, rep


def run(replay: Mapping[str, Any] | Replay, display: str = "replay") -> RunResult:
    """Re-run a replay; reports the first refused action (with its index) instead of raising."""
    game, state, rep = start(replay, display)
    error = None
    applied = 0
    for i, text in enumerate(rep.actions):
        try:
            state.apply(text)
        except KanseiError as e:
            error = f"{display}: action {i + 1} {shorten(text)!r}: {e}"
            break
        applied += 1
    expected = rep.result.model_dump() if rep.result is not None else None
    reproduced = None
    mismatches: list[str] = []
    if expected is not None and error is None:
        got = result_of(state)
        mismatches = [
            f"{k}: recorded {shorten(repr(v), 40)}, got {shorten(repr(got[k]), 40)}"
            for k, v in expected.items()
            if got[k] != v
        ]
        reproduced = not mismatches
    now = content_digest(game)
    return RunResult(
        state,
        applied,
        error,
        expected,
        reproduced,
        content_changed=rep.content is not None and rep.content != now,
        recorded_content=rep.content,
        content_now=now,
        mismatches=mismatches,
    )


__all__ = [
    "FORMAT",
    "POSITION",
    "Position",
    "Record",
    "Replay",
    "Result",
    "RunResult",
    "check_file_target",
    "check_folder_target",
    "content_digest",
    "digest",
    "from_dict",
    "loads",
    "make_replay",
    "parse",
    "parse_position",
    "position_record",
    "position_state",
    "read",
    "result_of",
    "run",
    "save",
    "save_somewhere",
    "start",
]
