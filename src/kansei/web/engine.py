"""The few protocol calls the web layer makes, in one place (see docs/ARCHITECTURE.md).

The server holds games only through these: ``game.start``, ``legal_actions``, ``game.parse``,
``apply(action, seat=)``, ``view(seat)``, ``events_for(seat, start)``, ``public_notation``,
``game.cards(lang)``, ``game.describe_action(state, action, lang)``, ``game.narrate(event, seat, lang)``,
``game.options_schema(lang)`` (the lobby's options, in the page's language), and, for options that come over
the network, ``Options.local_path_options()`` and ``game.named_choices``.
Nothing here names a game, a card or a game's field.

**No client names a server path.** A room's options are what a network client may choose
(:func:`network_options`): every option of the game's ``Options`` except those that may name a local file
(declared with ``core.protocol.local_path_option``), which take one of ``game.named_choices(option)`` only;
and a content folder only by one of the names the operator gave at ``kansei serve --content NAME=FOLDER``
(:func:`configure`), stored in the room's options under ``content``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import kansei
from kansei.core import replay
from kansei.core.errors import ContentError, IllegalAction, KanseiError, OptionError
from kansei.core.names import Names
from kansei.core.options import shorten
from kansei.core.protocol import Action, Game, State
from kansei.core.registry import game_class

CONTENT = "content"  # the key of a room's options that names an operator's content folder

_folders: dict[str, Path] = {}  # the operator's content folders by name (kansei serve --content NAME=DIR)


def one_line(e: BaseException | str, limit: int = 300) -> str:
    """The first line of an error, cut short, with every server path this module knows replaced."""
    lines = str(e).strip().splitlines()
    text = lines[0] if lines else type(e).__name__
    return scrub(text)[:limit]


def scrub(text: str) -> str:
    """``text`` with the operator's content folders (by their names) and the package's own folder removed:
    no refusal quotes a path of the server."""
    for name, folder in _folders.items():
        text = text.replace(str(folder.resolve()), f"<{name}>").replace(str(folder), f"<{name}>")
    return text.replace(str(Path(kansei.__file__).parent) + "/", "")


def configure(folders: Mapping[str, Path]) -> None:
    """Set the operator's content folders (names are what clients send); each must load for some game."""
    _folders.clear()
    _folders.update({str(k): Path(v) for k, v in folders.items()})
    _load.cache_clear()
    _offered.cache_clear()


def content_folders() -> dict[str, Path]:
    return dict(_folders)


@lru_cache(maxsize=64)
def _offered(game_id: str) -> tuple[str, ...]:
    out = []
    for name, folder in _folders.items():
        try:
            game_class(game_id)(content=folder)
        except KanseiError:
            continue
        out.append(name)
    return tuple(out)


def content_names(game_id: str) -> list[str]:
    """The operator's content folders (by name) that hold content for ``game_id``."""
    return list(_offered(game_id))


def game_ids() -> list[str]:
    """The registered games (``kansei.games()``)."""
    return list(kansei.games())


@lru_cache(maxsize=256)
def _load(game_id: str, content: str | None, options_json: str) -> Game:
    options = json.loads(options_json)
    if content is None:
        return kansei.load(game_id, **options)
    folder = _folders.get(content)
    if folder is None:
        raise ContentError([f"{game_id}: this server offers no content {shorten(content, 40)!r}"])
    return kansei.load(game_id, content=folder, **options)


def game_for(game_id: str, options: Mapping[str, Any]) -> Game:
    """A room's game from its stored options (shared by every room with the same options: a Game holds no
    user state). A ``content`` key names one of the operator's folders."""
    opts = dict(options)
    content = opts.pop(CONTENT, None)
    if content is not None and not isinstance(content, str):
        raise OptionError(f"{game_id}: content is the name of one of this server's content folders")
    return _load(game_id, content, json.dumps(opts, sort_keys=True))


def network_options(game_id: str, options: Any) -> dict[str, Any]:
    """Options sent by a network client, checked against what such a client may choose; returns the room's
    options to store (every option of the game, the content folder by its name). One KanseiError line for
    anything else: nothing here opens a file a client names."""
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object of option: value")
    cls = game_class(game_id)
    opts = dict(options)
    content = opts.pop(CONTENT, None)
    base: dict[str, Any] = {}
    if content is not None:
        offered = content_names(game_id)
        if not isinstance(content, str) or content not in offered:
            shown = shorten(repr(content), 40)
            valid = ", ".join(offered) if offered else "none: this server plays the shipped content only"
            raise OptionError(f"{game_id}: content {shown} is not one of this server's ({valid})")
        base[CONTENT] = content
    local = cls.Options.local_path_options()
    rest = {k: v for k, v in opts.items() if k not in local}
    game = game_for(game_id, {**base, **rest})  # every other option validated by the game's own model
    named: dict[str, str] = {}
    for key in local:
        if key not in opts:
            continue
        value, choices = opts[key], game.named_choices(key)
        by_lower = {c.lower(): c for c in choices}
        if not isinstance(value, str) or value.strip().lower() not in by_lower:
            valid = ", ".join(choices) or "only its default"
            raise OptionError(f"{game_id}: option {key}={shorten(repr(value), 40)}: choose one of: {valid}")
        named[key] = by_lower[value.strip().lower()]
    if named:
        game = game_for(game_id, {**base, **rest, **named})
    return {**game.options_dict, **base}


def replay_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's options as a replay file records them (a content folder is the server's, never a file's)."""
    return {k: v for k, v in options.items() if k != CONTENT}


def languages(game: Game) -> tuple[str, ...]:
    return tuple(game.languages)


def apply(state: State, text: str, seat: int | None, lang: str | None = None) -> tuple[Action, str]:
    """Apply ``text`` (a notation, read by ``game.parse``) as ``seat``: (the action, what other seats are
    told of it). A refusal is the engine's own IllegalAction, its message fit for that seat and in
    ``lang`` (the game's first language by default); the state is unchanged."""
    chosen: Action | None = None
    if not state.is_over and state.to_move == seat:
        try:
            chosen = state.game.parse(state, text, lang)
        except IllegalAction:
            chosen = None
    if chosen is None:
        state.clone().apply(text, seat=seat, lang=lang)  # refused: raises the engine's reason for this seat
        raise IllegalAction(f"{shorten(text)!r} is not a legal action now")  # parse and apply disagree
    public = state.public_notation(chosen)  # asked before the action changes the state
    state.apply(chosen, seat=seat)
    return chosen, public


UNDO_WORLDS = 3  # worlds per viewer in which the action must tell that viewer exactly what it told it


def why_not_undo(before: State, notation: str, seat: int) -> str | None:
    """Whether ``seat``'s action ``notation`` from ``before`` may be taken back (docs/rulings.md,
    Engine-wide: undo): None if so, else why not, in one line. Generic, from the protocol alone:

    - it drew nothing from the random source (no shuffle, die or draw: the generator is where it was);
    - it revealed nothing hidden to anyone: for every seat and the spectator, in worlds that viewer could
      not tell from the real one (``determinize``), the same action is legal and leaves that viewer the
      same view and the same new events as in the real game — what it learnt did not depend on anything
      it could not see.

    (That no other seat has acted since is the caller's: the action must be the room's last.)"""
    after = before.clone()
    apply(after, notation, seat)
    if after.rng.s != before.rng.s:
        return "it drew from the random source (a shuffle, a die or a draw)"
    rng = random.Random(before.rng.s ^ len(notation))
    for viewer in [*range(before.players), None]:
        known = len(before.events_for(viewer))
        told = (after.view(viewer), after.events_for(viewer, known))
        for _ in range(UNDO_WORLDS):
            world = before.determinize(viewer, rng)
            try:
                apply(world, notation, seat)
            except IllegalAction:
                return "it showed something hidden"
            if (world.view(viewer), world.events_for(viewer, known)) != told:
                return "it showed something hidden"
    return None


PREVIEW_WORLDS = 3  # worlds the seat cannot tell from the real one, beside it, that must agree on a preview


def preview(state: State, action: Action, seat: int, worlds: int = PREVIEW_WORLDS) -> dict[str, Any] | None:
    """The view ``seat`` would have after playing ``action`` (legal, its move) now, when that does not
    depend on luck or on anything it cannot see; else None. Generic, from the protocol alone (the
    two-worlds idea of the kit's ``leaks`` check and of :func:`why_not_undo`):

    - the action draws nothing from the random source (no shuffle, die or draw: the generator is where it
      was) — a preview never tells what a roll would give;
    - in ``worlds`` worlds ``seat`` cannot tell from the real one (``determinize``), the same action leaves
      it exactly the view it leaves in the real game — what the preview shows depends on nothing hidden,
      and it is what the seat would really see (never more: it *is* that view).

    Nothing is changed: the action is applied to clones."""
    after = state.clone()
    try:
        apply(after, action.notation, seat)
    except IllegalAction:
        return None
    if after.rng.s != state.rng.s:
        return None
    view = after.view(seat)
    rng = random.Random(state.rng.s ^ len(action.notation) ^ (seat << 32))
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        try:
            apply(world, action.notation, seat)
        except IllegalAction:
            return None
        if world.view(seat) != view:
            return None
    return view


def events_for(state: State, seat: int | None, start: int = 0) -> list[dict]:
    return list(state.events_for(seat, start))


def cards(game: Game, lang: str) -> list[dict]:
    return game.cards(lang)


def describe(game: Game, state: State, action: Action, lang: str, names: Names | None = None) -> str:
    return str(game.describe_action(state, action, lang, names))


def narrate(game: Game, event: dict, seat: int | None, lang: str, names: Names | None = None) -> str | None:
    line = game.narrate(event, seat, lang, names)
    return None if line is None else str(line)


def prompt(game: Game, state: State, lang: str, names: Names | None = None) -> str:
    """The decision the seat to move faces, in words (told to that seat only)."""
    return str(game.prompt(state, lang, names))


def unusable(game: Game, state: State, seat: int, lang: str, names: Names | None = None) -> dict[str, str]:
    """Why things in ``seat``'s view cannot be used now: ref -> one line."""
    return {str(k): str(v) for k, v in game.unusable(state, seat, lang, names).items()}


def move_refs(game: Game, state: State, action: Action) -> list[str]:
    """The refs a legal action of the seat to move touches (the first is what a player picks first)."""
    return [str(r) for r in game.move_refs(state, action)]


def move_rules(game: Game, state: State, action: Action) -> list[str]:
    """The rule ids a legal action follows (for a link to the rules)."""
    return [str(r) for r in game.move_rules(state, action)]


def table_names(game: Game, given: list[str | None], lang: str, hot_seat: bool = False) -> Names:
    """The table's names as the game's text hooks take them: "Player 2" (in ``lang``) where none was
    given; third person everywhere at a shared screen (nobody is "you" there)."""
    base = game.names(given, lang)
    if not hot_seat:
        return base
    return Names(given, lang=lang, second_person=False, label=game.player_label(lang))


def narration_break(game: Game, event: dict) -> bool:
    return bool(game.narration_break(event))


def worth_asking(game: Game, state: State, seat: int) -> bool:
    return bool(game.worth_asking(state, seat))


def default_action(game: Game, state: State, seat: int) -> Action | None:
    """What the table may play for ``seat`` (to move) when it has no real choice (``game.worth_asking``
    says so): its only action, else its pass; None when it should be asked."""
    if worth_asking(game, state, seat):
        return None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return next((a for a in legal if a.kind == "pass"), None)


def read_replay(text: str) -> dict:
    """A kansei-replay/1 file's data, validated by the core's reader (what ``kansei replay`` reads)."""
    return dict(replay.loads(text, "replay"))


def check_replay(data: Mapping[str, Any]) -> replay.RunResult:
    """Re-run a replay exactly as ``kansei replay`` does and refuse it as that command would: its first
    refused action, or a result it does not reproduce (ContentError, one line)."""
    res = replay.run(data, "replay")
    if res.error:
        raise ContentError([res.error])
    if res.reproduced is False:
        note = f"{res.content_note()}; " if res.content_changed else ""
        raise ContentError([f"replay: {note}NOT reproduced — {'; '.join(res.mismatches)}"])
    return res
