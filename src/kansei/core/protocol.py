"""The core protocol every game implements (see docs/ARCHITECTURE.md and shared DESIGN.md).

A game is a :class:`Game` (options, content, start) and a :class:`State` (the state machine). The base
classes here hold everything that is the same for all games: validation of every input to ``start`` and
``apply``, the cached legal list, string notation, the event log and who may see each event, and the
template of ``determinize``. A game implements the underscored hooks; it never writes the base's fields.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import importlib
import json
import random
import threading
import types
import typing
import weakref
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .effects import BlockRegistry
from .errors import ContentError, IllegalAction, KanseiError, OptionError
from .events import Event, EventLog, QuietLog, Record, json_copy
from .names import Names
from .options import shorten
from .records import CardEvent
from .rng import RandomSource, ScriptedRng, from_random, start_rng
from .version import kansei_version
from .words import CORE, Words

T = TypeVar("T")

NamesLike = Names | Sequence[str | None] | Mapping[int, str | None] | None

MAX_NOTATION = 200  # characters: longer action texts are refused unread
MAX_SEED = 2**64


class Action:
    """A player's decision. Immutable; compared and hashed by its notation, a short stable string.

    ``kind`` and ``args`` are the game's own payload; ``notation`` is what replays store and what
    ``game.parse`` reads back. Games intern their actions (no allocation in the hot path), so an action
    object is shared by every state of a process: nothing may change it.
    """

    __slots__ = ("notation", "kind", "args", "_hash")

    notation: str
    kind: str
    args: tuple[Any, ...]
    _hash: int

    def __init__(self, notation: str, kind: str = "", args: tuple[Any, ...] = ()):
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", tuple(args))
        object.__setattr__(self, "_hash", hash(notation))

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.notation == other.notation
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    def __str__(self) -> str:
        return self.notation

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.notation, self.kind, self.args))

    def __copy__(self) -> Action:
        return self  # immutable and interned: a copy is the action itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


# The JSON Schema key that marks an option able to name a file on this machine (see local_path_option).
LOCAL_PATH = "x-kansei-local-path"


def local_path_option(default: Any, **field: Any) -> Any:
    """``Field(default, **field)`` for an option that may name a file on this machine (a track file)
    besides the names of the content's own things. Local users (the CLI, the lab) may give a path; a client
    over the network may choose only one of :meth:`Game.named_choices` (the web server checks every option
    so marked, for every game, through :meth:`GameOptions.local_path_options`)."""
    extra = dict(field.pop("json_schema_extra", None) or {})
    extra[LOCAL_PATH] = True
    return Field(default, json_schema_extra=extra, **field)


# The JSON Schema key of an option's words for its values (value -> words; see option).
LABELS = "x-kansei-labels"


@dataclasses.dataclass(frozen=True)
class OptionWords:
    """A game option as people read it in one language: its label; one line saying what it does, starting
    with the id of the rule it implements or rules on (``"ST-T3: …"``: a client links it to the rules); and
    words for its values (value -> words) where a bare value says too little (``"rps"``). A value a game
    leaves out is shown by the client as it is (``seat0`` as "Player 1" in the page's language)."""

    title: str
    description: str
    values: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class DeckWords:
    """A starter deck as people read it in one language: its name and its one line of description. The
    deck is still chosen by its English name (what records, replays and ``--deck`` store); these are
    only what a client shows."""

    name: str
    text: str = ""


def option(
    default: Any, title: str, description: str, *, labels: Mapping[str, str] | None = None, **field: Any
) -> Any:
    """``Field(default, title=…, description=…, **field)``: a game option with its English words
    (:class:`OptionWords`), ``labels`` those of its values, published in its JSON Schema as
    ``x-kansei-labels``. Other languages: :meth:`Game.option_words`."""
    extra = dict(field.pop("json_schema_extra", None) or {})
    if labels:
        extra[LABELS] = dict(labels)
    return Field(default, title=title, description=description, json_schema_extra=extra or None, **field)


class GameOptions(BaseModel):
    """Base for each game's declared options. Unknown keys are refused; ranges are ``Field(ge=…, le=…)``.
    An option that may name a local file is declared with :func:`local_path_option`; each option's words
    (its label, a line citing its rule, its values' words) with :func:`option`."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)

    @classmethod
    def local_path_options(cls) -> tuple[str, ...]:
        """The options that may name a file on this machine (declared with :func:`local_path_option`)."""
        return tuple(
            name
            for name, f in cls.model_fields.items()
            if isinstance(f.json_schema_extra, dict) and f.json_schema_extra.get(LOCAL_PATH)
        )


class GameView(BaseModel):
    """Base for the models of a game's ``view()`` (its published schema, ``Game.View``): strict types and
    no undeclared keys, so a view that validates is exactly what the schema says. Nested objects of a
    view subclass this too. Views stay plain dicts at run time; the model is for the schema and tests."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class GameSetup(BaseModel):
    """Base for each game's scenario ``setup`` (fixed coins, deck order, hands, dice…). Unknown keys are
    refused; a game declares its keys as typed fields, all optional."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@functools.cache
def _no_setup(model: type[GameSetup]) -> GameSetup:
    """The setup of a start without one, made once per model (setups are frozen, their defaults plain)."""
    return model()


def _type_text(ann: Any) -> str:
    origin = typing.get_origin(ann)
    if origin is typing.Literal:
        return "|".join(str(c) for c in typing.get_args(ann))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_text(a) for a in typing.get_args(ann) if a is not type(None))
    return f"<{getattr(ann, '__name__', ann)}>"


def describe_fields(model: type[BaseModel]) -> str:
    """'mode=time_attack|sudden_death, redraws=<int>': a pydantic model's fields for error messages."""
    return ", ".join(f"{name}={_type_text(f.annotation)}" for name, f in model.model_fields.items())


def validation_lines(prefix: str, error: ValidationError) -> list[str]:
    """One line per problem of a pydantic error, in a person's terms (inputs cut short)."""
    out = []
    for err in error.errors():
        loc = ".".join(shorten(str(x), 40) for x in err["loc"]) or "value"  # a key may be a long name
        if err["type"] == "extra_forbidden":
            out.append(f"{prefix}: unknown key {shorten(loc, 40)!r}")
        elif err["type"] == "missing":
            out.append(f"{prefix}: {loc}: missing")
        else:
            msg = err["msg"].removeprefix("Value error, ")
            out.append(f"{prefix}: {loc}={shorten(repr(err.get('input')), 40)}: {msg}")
    return out


def not_your_turn(seat: int, mover: int | None, lang: str = "en") -> str:
    """The refusal of a seat that is not to move, counting players from 1 as people do."""
    return CORE.tr(lang, "not_your_turn", seat=seat + 1, mover=(mover or 0) + 1)


def _check_int(value: Any, what: str, low: int, high: int) -> int:
    """An int (not a bool, float or text) with low <= value < high, else one OptionError line."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"{what} must be an integer, not {shorten(repr(value), 30)}")
    if not low <= value < high:
        raise OptionError(f"{what} must be in {low}..{high - 1}, is {shorten(str(value), 30)}")
    return value


class Game:
    """One game with its options fixed. Subclasses set the class attributes and implement ``_new_state``.

    A Game object is shared (simulations, a server's rooms, threads): it holds no per-user state; the
    display language is an argument of the text hooks.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""  # the game's title in English (the id is the key; see ``title``)
    # the game's title in other languages, where it has one (language -> title): 頭文字D for Initial D
    titles: ClassVar[Mapping[str, str]] = {}
    Options: ClassVar[type[GameOptions]] = GameOptions
    Setup: ClassVar[type[GameSetup]] = GameSetup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    languages: ClassVar[tuple[str, ...]] = ("en",)  # the first is the default
    # the text module's catalog of sentences by language (core/words.py), where the game keeps one: the
    # conformance kit holds every declared language to the English keys, forms and placeholders
    words: ClassVar[Words | None] = None
    # the published schema of ``view()`` (a GameView model); None: the game publishes none
    View: ClassVar[type[GameView] | None] = None
    # what ``standing`` counts, in words ("points", "stages", "cases", "distance", "SP")
    standing_unit: ClassVar[str] = ""
    # event types the game logs that deliberately narrate nothing (bookkeeping); every other type narrates
    silent_events: ClassVar[frozenset[str]] = frozenset()
    # modules of the game's package (names relative to it) that ``python -m kansei.build`` compiles with
    # mypyc, together: typed functions, and classes of their own that become native ones (no subclass of a
    # Python class such as State; a pickled instance needs its own __reduce__); compiled, they must play
    # exactly the games their sources play (core/compiled.py keeps the sources otherwise)
    compiled_modules: ClassVar[tuple[str, ...]] = ()

    options: GameOptions
    content_path: Path | None

    def __init__(self, *, content: Path | str | None = None, **options: Any):
        try:
            self.options = self.Options(**options)
        except ValidationError as e:
            problems = []
            for err in e.errors():
                loc = ".".join(str(x) for x in err["loc"]) or "options"
                if err["type"] == "extra_forbidden":
                    problems.append(f"unknown option {shorten(loc, 40)!r}")
                else:
                    msg = err["msg"].removeprefix("Value error, ")
                    problems.append(f"option {loc}={shorten(repr(err.get('input')), 40)}: {msg}")
            raise OptionError(
                f"{self.id}: {'; '.join(problems)} (valid options: {describe_fields(self.Options)})"
            ) from None
        self.content_path = None
        if content is not None:
            path = Path(content)
            if not path.is_dir():
                raise ContentError([f"{shorten(str(path))}: not a content folder"])
            self.content_path = path

    # -- the protocol --------------------------------------------------------------------------
    def start(
        self,
        seed: int = 0,
        players: int | None = None,
        decks: Sequence[Any] | None = None,
        setup: Mapping[str, Any] | GameSetup | None = None,
    ) -> State:
        """A new game. Every input is checked here; a refused start raises a KanseiError and changes
        nothing. ``decks``: one entry per seat (None, a starter deck's name, or deck data); never a path."""
        seed = _check_int(seed, f"{self.id}: seed", 0, MAX_SEED)
        n = self.player_count(players)
        if decks is not None:
            if not isinstance(decks, list | tuple):
                raise ContentError([f"{self.id}: decks must be a list with one entry per seat"])
            for i, spec in enumerate(decks):
                if spec is not None and not isinstance(spec, str | dict):
                    kind = type(spec).__name__
                    raise ContentError(
                        [f"{self.id}: deck of player {i + 1}: a starter deck's name or deck data, not {kind}"]
                    )
        given = json_copy(list(decks)) if decks is not None else None  # the caller's, as they were
        parsed = self.parse_setup(setup)
        state = self._new_state(seed, n, list(decks) if decks is not None else None, parsed)
        # the end of the list of what is played; a scripted start (explicit chance) has no seed to replay
        state._history = None if isinstance(state.rng, ScriptedRng) else Origin(seed, n, given, parsed)
        return state

    def player_count(self, players: Any = None) -> int:
        """``players`` if this game takes that many (None: the fewest it takes); otherwise one OptionError
        line naming the game's range. Every place a player count comes in (start, the simulator, the
        ladder, the terminal, the kit) asks here."""
        n = self.min_players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            low, high = self.min_players, self.max_players
            span = str(low) if low == high else f"{low}–{high}"
            shown = shorten(repr(n), 30) if not isinstance(n, int) or isinstance(n, bool) else str(n)
            raise OptionError(f"{self.id}: {shown} players is not allowed (this game takes {span})")
        return n

    def parse_setup(self, setup: Mapping[str, Any] | GameSetup | None) -> GameSetup:
        """The scenario ``setup`` validated into the game's typed :attr:`Setup` model (ContentError)."""
        if isinstance(setup, self.Setup):
            return setup
        if setup is None:
            return _no_setup(self.Setup)
        if not isinstance(setup, Mapping):
            keys = ", ".join(self.Setup.model_fields) or "none"
            raise ContentError([f"{self.id} setup: must be an object of keys ({keys})"])
        try:
            return self.Setup.model_validate(dict(setup))
        except ValidationError as e:
            keys = ", ".join(self.Setup.model_fields) or "none"
            raise ContentError(
                validation_lines(f"{self.id} setup", e) + [f"{self.id} setup: valid keys: {keys}"]
            ) from None

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> State:
        raise NotImplementedError

    def parse(self, state: State, text: str, lang: str | None = None) -> Action:
        """Read an action's notation back (case and spacing forgiven); IllegalAction if it is not legal,
        its message in ``lang`` (the game's first language by default).

        The message names only the text given, so it is safe for any seat to read."""
        lang = self.refusal_lang(lang)
        if not isinstance(text, str):
            raise IllegalAction(CORE.tr(lang, "not_text", kind=type(text).__name__))
        if state.is_over:
            raise IllegalAction(CORE.tr(lang, "game_over"))
        if len(text) > MAX_NOTATION:
            raise IllegalAction(CORE.tr(lang, "not_legal", text=repr(shorten(text))))
        want = " ".join(text.split()).lower()
        for a in state.legal_actions():
            if a.notation.lower() == want:
                return a
        raise IllegalAction(CORE.tr(lang, "not_legal", text=repr(shorten(text))))

    def refusal_lang(self, lang: str | None) -> str:
        """The language a refusal is told in: ``lang`` if the game has it, else the game's first. A
        refusal never fails for want of a language (a client may ask in any)."""
        return lang if lang in self.languages else self.languages[0]

    @property
    def options_dict(self) -> dict[str, Any]:
        return self.options.model_dump(mode="json")

    # -- serialization ----------------------------------------------------------------------------
    # A Game is shared and holds only options and content: it pickles as a reference (id, options,
    # content folder and digest) and comes back through the registry as the one object of the process;
    # copying it gives itself. The game pickled last is the one a key names in this process, so a state
    # pickled and loaded here gets its very game back even where another equal game is alive.
    def __reduce__(self) -> tuple[Any, ...]:
        key = _game_key(self.id, self.options_dict, self.content_path)
        with _shared_lock:
            _shared_games[key] = self
        content = str(self.content_path) if self.content_path is not None else None
        return (_shared_game, (self.id, self.options_dict, content, self.digest()))

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def digest(self) -> str:
        """:meth:`content_digest`, computed once for this object (pickles and records carry it)."""
        cached = self.__dict__.get("_digest")
        if cached is None:
            cached = self.__dict__["_digest"] = self.content_digest()
        return str(cached)

    def from_dict(self, record: Mapping[str, Any]) -> State:
        """The state a ``state.to_dict()`` record holds, rebuilt by replaying it with this game (whose id
        and options must be the record's). A tampered, truncated, foreign or other-version record is one
        :class:`~kansei.core.errors.ContentError` line, and nothing is built."""
        from .replay import position_state

        return position_state(record, self)

    def two_decks(self, decks: list[Any] | None) -> list[Any]:
        """The deck specs of a two-player game: both starters by default, else exactly two entries."""
        specs = list(decks) if decks else [None, None]
        if len(specs) != 2:
            raise ContentError([f"{self.id}: two decks are needed, got {len(specs)}"])
        return specs

    # -- content ----------------------------------------------------------------------------------
    def package_dir(self) -> Path | None:
        """The folder of the game's package (None for a game defined in a top-level module)."""
        module = importlib.import_module(type(self).__module__)
        file = getattr(module, "__file__", None)
        if file is None or "." not in type(self).__module__:
            return None
        return Path(file).parent

    def named_choices(self, option: str) -> tuple[str, ...]:
        """The values of a local-path option (:func:`local_path_option`) that name things of the content
        this game plays with (a track's name), never a file: all a client over the network may choose for
        it. Default: none (such a client keeps the option's default)."""
        return ()

    # -- options in words -------------------------------------------------------------------------
    def option_words(self, lang: str = "en") -> dict[str, OptionWords]:
        """The game's words for its options in ``lang``, for a page in that language (the lobby): option ->
        :class:`OptionWords`, only those the game has in ``lang``. Any language of a page, not only
        :attr:`languages` (those the table's texts are complete in). English is the :attr:`Options`
        model's own (each field's title and description, its values' words: :func:`option`); another
        language is ``OPTIONS[lang]`` of the game's text module (``{lang: {option: OptionWords}}``). A
        word the game lacks in ``lang`` shows in English (:meth:`options_schema`)."""
        if lang == "en":
            out = {}
            for name, f in self.Options.model_fields.items():
                extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
                labels = extra.get(LABELS)
                values = {str(k): str(v) for k, v in labels.items()} if isinstance(labels, dict) else {}
                if f.title or f.description or values:
                    out[name] = OptionWords(f.title or "", f.description or "", values)
            return out
        table = self._part("text", "OPTIONS")
        words = table.get(lang) if isinstance(table, Mapping) else None
        return dict(words) if isinstance(words, Mapping) else {}

    def options_schema(self, lang: str = "en") -> dict[str, Any]:
        """The JSON Schema of :attr:`Options` in ``lang``: each option's ``title``, ``description`` and its
        values' words (``x-kansei-labels``: value -> words) from :meth:`option_words`, English where the
        game has no word in ``lang`` (a fresh dict)."""
        schema = self.Options.model_json_schema()
        props = schema.get("properties", {})
        for name, words in self.option_words(lang).items():
            prop = props.get(name)
            if prop is None:
                continue
            if words.title:
                prop["title"] = words.title
            if words.description:
                prop["description"] = words.description
            if words.values:
                prop[LABELS] = {**prop.get(LABELS, {}), **words.values}
        return schema

    def content_dir(self) -> Path | None:
        """The content folder this game plays with: ``content=`` if given, else the shipped ``content/``."""
        if self.content_path is not None:
            return self.content_path
        pkg = self.package_dir()
        return pkg / "content" if pkg is not None and (pkg / "content").is_dir() else None

    def content_digest(self) -> str:
        """A short hash of every content file (what replays record to notice a change of content)."""
        folder = self.content_dir()
        h = hashlib.sha256()
        if folder is not None:
            for path in sorted(folder.rglob("*.toml")):
                h.update(path.relative_to(folder).as_posix().encode())
                h.update(b"\0")
                h.update(path.read_bytes())
                h.update(b"\0")
        return h.hexdigest()[:16]

    def rules_file(self) -> Path | None:
        """The shipped rules reference (``RULES.md`` beside the game's module), if any."""
        pkg = self.package_dir()
        path = pkg / "RULES.md" if pkg is not None else None
        return path if path is not None and path.exists() else None

    # -- decks ------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return []

    def deck_words(self, lang: str = "en") -> dict[str, DeckWords]:
        """Each starter deck's name and description in ``lang``, by its English name (the key a deck is
        chosen by). The words are the text module's ``DECKS[lang]`` (``{lang: {english name:
        DeckWords}}``, beside its ``OPTIONS``: words, not content, so they change no content digest),
        English where the game has none: the deck's own name and its ``text``."""
        table = self._part("text", "DECKS")
        words = table.get(lang) if isinstance(table, Mapping) else None
        words = words if isinstance(words, Mapping) else {}
        out: dict[str, DeckWords] = {}
        for name in self.starter_decks():
            found = words.get(name)
            if isinstance(found, DeckWords):
                out[name] = found
                continue
            try:
                text = self.starter_deck(name).get("text", "")
            except KanseiError:  # a deck the content cannot build keeps its name
                text = ""
            out[name] = DeckWords(name, text if isinstance(text, str) else "")
        return out

    def deck_words_problems(self) -> list[str]:
        """One line for each way the text module's ``DECKS`` is off (like :meth:`Words.problems` for its
        sentences): a language the game does not declare, a language that lacks a starter deck, an entry
        that names no starter deck (a deck renamed in the content, its words left behind)."""
        table = self._part("text", "DECKS")
        if not isinstance(table, Mapping):
            return []
        starters = self.starter_decks()
        out: list[str] = []
        for lang, words in table.items():
            if lang not in self.languages:
                out.append(f"DECKS has words in {lang!r}, a language the game does not declare")
                continue
            missing = [n for n in starters if n not in words]
            extra = sorted(set(words) - set(starters))
            if missing:
                out.append(f"DECKS[{lang!r}] lacks the starter deck(s) {', '.join(missing)}")
            if extra:
                out.append(f"DECKS[{lang!r}] names no starter deck: {', '.join(extra)}")
        return out

    def starter_named(self, text: str) -> str | None:
        """The English name of the starter deck ``text`` names in any of the game's languages (spaces and
        case aside), None if none: a person may type a deck's name as their page shows it."""
        want = " ".join(str(text).split()).lower()
        for lang in dict.fromkeys(("en", *self.languages)):
            for name, words in self.deck_words(lang).items():
                if want in (name.lower(), " ".join(words.name.split()).lower()):
                    return name
        return None

    def starter_deck(self, name: str) -> dict[str, Any]:
        """A starter deck as deck data: ``{"name": …, "cards": {card: count}, …game keys}``."""
        raise ContentError(
            [
                f"{self.id}: no starter deck {shorten(name)!r} (starter decks: "
                f"{', '.join(self.starter_decks()) or 'none'})"
            ]
        )

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A user's deck file (TOML or '3 Card Name' lines) as deck data; ContentError, one line each."""
        raise ContentError([f"{self.id}: this game has no decks"])

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """Problems of deck data, one line each (empty: the deck is legal)."""
        return [f"{self.id}: this game has no decks"]

    def validate_content(self, path: Path) -> list[str]:
        """Problems (one line each) in a content folder or deck file of this game."""
        return []

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every card face in ``lang``: ``{"name", "slug", "kind", "text", "stats", "tags", "colour",
        "house"}`` and, optionally, ``"icons"``: the stats as ``[{"icon", "value", "title", "group"}]`` (a
        glyph, its number, the full words, a row's name) for a client's small faces, and ``"labels"``: where
        the kind, the stat names and the tags stay English keys (a board reads them), each key in ``lang``
        (JSON-safe; fresh on every call)."""
        return []

    @classmethod
    def title(cls, lang: str = "en") -> str:
        """The game's title in ``lang`` (:attr:`titles`), its English :attr:`name` where it has none."""
        return cls.titles.get(lang) or cls.name

    def check_lang(self, lang: str) -> str:
        """``lang`` if this game has it; otherwise an OptionError naming the languages it has. The base
        class's text hooks (render, narrate, describe_action) check it before calling the game's."""
        if lang not in self.languages:
            raise OptionError(
                f"{self.id} has no language {shorten(lang, 20)!r} (it has: {', '.join(self.languages)})"
            )
        return lang

    # -- hooks used by tools ------------------------------------------------------------------
    # By convention a game's package holds bots.py (``evaluate(state, seat)``) and text.py
    # (``render(state, seat, lang, names)``, ``describe(state, action, lang, names)``, ``narrate(game,
    # event, seat, lang, names)``); the base class finds them, so a game only overrides these methods to do
    # something else. ``names`` is always a :class:`Names` there.
    def _part(self, module: str, name: str) -> Any:
        parts: dict[tuple[str, str], Any] = self.__dict__.setdefault("_parts", {})
        key = (module, name)
        if key not in parts:
            pkg = type(self).__module__.rpartition(".")[0]
            target = f"{pkg}.{module}"
            mod = None
            if pkg:  # a game defined in a top-level module (tests) has no sibling modules
                try:
                    mod = importlib.import_module(target)
                except ModuleNotFoundError as e:
                    if not e.name or not target.startswith(e.name):
                        raise  # a missing dependency inside the game's module is a real error
            parts[key] = getattr(mod, name, None)
        return parts[key]

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat`` (higher is better); used by the greedy bot."""
        fn = self._part("bots", "evaluate")
        if fn is not None:
            return float(fn(state, seat))
        if state.is_over:
            return state.returns()[seat] * 1000.0
        return 0.0

    def player_label(self, lang: str) -> str | None:
        """The pattern of a seat's default name in ``lang`` ("Player {n}"; None: the core's own for the
        languages it knows). Override for a language the core does not know."""
        return None

    def names(self, names: NamesLike = None, lang: str = "en") -> Names:
        """The table's names as the text hooks receive them (``Names``; "Player 2" where none given)."""
        return Names.of(names, lang, self.player_label(lang))

    def render(self, state: State, seat: int | None, lang: str = "en", names: NamesLike = None) -> Any:
        """A rich renderable (or text) of what ``seat`` sees."""
        self.check_lang(lang)
        fn = self._part("text", "render")
        if fn is None:
            return json.dumps(state.view(seat), indent=1)
        return fn(state, seat, lang, self.names(names, lang))

    def narrate(
        self, event: Mapping[str, Any], seat: int | None = None, lang: str = "en", names: NamesLike = None
    ) -> str | None:
        """One line telling ``seat`` what an event from ``state.events_for(seat)`` means (None: nothing
        worth saying), naming the players by ``names``."""
        self.check_lang(lang)
        fn = self._part("text", "narrate")
        return fn(self, event, seat, lang, self.names(names, lang)) if fn is not None else None

    def describe_action(self, state: State, action: Action, lang: str = "en", names: NamesLike = None) -> str:
        """A longer description of a legal action for the menu of the seat to move (that seat's eyes)."""
        self.check_lang(lang)
        fn = self._part("text", "describe")
        return str(fn(state, action, lang, self.names(names, lang))) if fn is not None else action.notation

    def public_words(self, notation: str, lang: str = "en") -> str:
        """Words for another seat's move whose events tell a seat nothing (a pass), from its public
        notation (``state.public_notation``) alone, so they can tell no one more than the notation does:
        the text part ``public_words(notation, lang)``, or the notation itself where it has none."""
        self.check_lang(lang)
        fn = self._part("text", "public_words")
        words = fn(notation, lang) if fn is not None else None
        return str(words) if words else notation

    def prompt(self, state: State, lang: str = "en", names: NamesLike = None) -> str:
        """The decision the seat to move faces, in words, as its own prompt ("Choose a maneuver to play,
        or pass", "Discard 2 cards"), shown to that seat; "" once the game is over. From the mover's
        view only. Default: whose move it is."""
        self.check_lang(lang)
        named = self.names(names, lang)
        fn = self._part("text", "prompt")
        if fn is not None:
            return str(fn(state, lang, named))
        return "" if state.to_move is None else named(state.to_move)

    def unusable(self, state: State, seat: int, lang: str = "en", names: NamesLike = None) -> dict[str, str]:
        """Why things in ``seat``'s view cannot be used now: ref -> one line ("needs 3 gears, you have 2"),
        for the cards and targets a client dims, told to that seat (its view only). Default: none."""
        self.check_lang(lang)
        fn = self._part("text", "unusable")
        return dict(fn(state, seat, lang, self.names(names, lang))) if fn is not None else {}

    # -- the contract's hooks for clients (docs/ARCHITECTURE.md, "The contract") -----------------
    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        """The rule ids that govern a legal action (``TG-S1``), for a client's link to the rules; texts
        never carry rule ids themselves. Default: none."""
        return ()

    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        """The things a legal ``action`` of the seat to move touches, as refs its view carries (``"ref"``
        keys of ``state.view(state.to_move)``): ``hand:2``, ``tile:3``, ``zone:1:battle``, ``spirit:7``,
        ``racer:2``, ``deck:0:squad``, ``card:<slug>``… The first is what a player picks first (the card
        before its target). A pass or an end may have none. Clients light up and match moves by these
        alone; no client reads a notation. Default: none."""
        return ()

    def view_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of ``view()`` (from :attr:`View`), as ``/api/games/{id}/schema`` publishes it."""
        return self.View.model_json_schema() if self.View is not None else None

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """What cards did in one logged event (``state.event_log()``: public or private), for designers'
        records (core/records.py): which seat drew, played or discarded which card (by slug)."""
        return []

    def standing(self, state: State, seat: int) -> float:
        """How far ahead ``seat`` is, in the game's own units (:attr:`standing_unit`): its lead over the
        best other seat (positive ahead, 0 level, negative behind). Public information only: equal in
        every world a spectator cannot tell apart. Default: the result once over, else 0."""
        return float(state.returns()[seat]) if state.is_over else 0.0

    def block_registry(self) -> BlockRegistry | None:
        """The game's vocabulary of card-effect blocks (core/effects.py), for ``kansei rules GAME`` and
        the docs. Default: the ``REGISTRY`` of the game's ``blocks`` module, if it has one."""
        registry = self._part("blocks", "REGISTRY")
        return registry if isinstance(registry, BlockRegistry) else None

    def coverage_decks(self) -> list[list[Any]]:
        """Deck specs per seat (each a list for ``start(decks=…)``) that together hold every card of the
        content, so the conformance kit plays every card, those in no starter deck too. Empty for a game
        without decks."""
        return []

    def menu_group(self, state: State, action: Action, lang: str = "en") -> str | None:
        """The group a legal action joins when the menu is too long to show whole (a client shows the
        groups, then the actions of the chosen one); None: the action stands alone. Default: actions
        whose notation has three words or more group by the first two (``tune nitrous-oxide @4`` ->
        ``tune nitrous-oxide``), shorter ones by the first. Override to name groups for people (the
        card's name and text)."""
        words = action.notation.split()
        return " ".join(words[:2]) if len(words) >= 3 else (words[0] if words else None)

    def worth_asking(self, state: State, seat: int) -> bool:
        """Whether a client should ask ``seat`` (to move) for its decision, rather than play its only
        action or its pass for it (``respond=auto``). Default: it has more than one legal action."""
        return len(state.legal_actions()) > 1

    def narration_break(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` starts a new group of narration (a client may pause before it): default,
        events of type ``round``, ``turn``, ``stage`` or ``lap``."""
        return event.get("type") in ("round", "turn", "stage", "lap")

    def test_configs(self) -> list[dict[str, Any]]:
        """Option/player combinations the generic invariant tests should cover."""
        return [{"options": {}, "players": self.min_players}]


class State:
    """A game state. Subclasses implement the underscored hooks; the base class enforces the contract.

    Contract: ``legal_actions()`` is never empty unless the game is over; ``apply`` refuses anything
    else with :class:`IllegalAction` and leaves the state untouched; all randomness comes from ``rng``;
    every event is logged with :meth:`log` (public) or :meth:`log_private` (one seat).
    """

    __slots__ = ("game", "rng", "_log", "_legal", "_history")

    game: Game
    rng: RandomSource
    _log: EventLog
    _legal: tuple[Action, ...] | None
    # how this state came about, as a persistent list shared by clones: (notation, rest) cells, newest
    # first, ending in the game's Origin; a list ending in None has no origin (a determinized world)
    _history: tuple[str, Any] | Origin | None

    # -- to implement ---------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    # The base calls these two through the class (``type(self)._apply(self, action)``), so a game may set
    # a function of the state as the hook itself (``_apply = rules.apply``), also where that function is
    # compiled with mypyc and so does not bind as a method: no call between on search's hot path.
    def _legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def reveal(self) -> dict[str, Any]:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """In this fresh clone, resample everything ``seat`` cannot see (hands, deck orders…) using ``rng``
        only; sort hidden pools first so the result depends only on what the seat knows."""
        raise NotImplementedError

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        """Why ``text`` is not legal, told to ``seat``, the seat to move (it may name that seat's own
        cards), in ``lang`` (one of the game's languages); None for the generic message. Never raises."""
        return None

    def _public_notation(self, action: Action) -> str:
        """The action as the other seats are told of it; override where an action hides a card."""
        return action.notation

    def census(self) -> dict[int, Counter[Any]] | None:
        """Per-owner multiset of every card in every zone (None for games without cards)."""
        return None

    def zones(self) -> dict[str, Counter[str]] | None:
        """Every card zone's contents by card slug, keyed by zone ref (``zone:0:hand``, ``zone:1:deck``,
        ``zone:-:events`` for a shared one): what the conformance kit uses to check that determinized
        worlds only put cards where real play puts them. None for games without cards."""
        return None

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's deck as deck data (``{"name", "cards": {slug-or-name: count}, …}``), as this game
        began: what game records store. None for a seat (or game) without a deck."""
        return [None] * self.players

    @property
    def first_mover(self) -> int | None:
        """The seat the rules made first player of this game (who leads, starts, has the first turn), for
        records; None where no seat is first. Games override ``_first_mover``."""
        return self._first_mover()

    def _first_mover(self) -> int | None:
        return None

    @property
    def players(self) -> int:
        return len(self.returns())

    # -- provided -------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal choices of the seat to move, as an immutable tuple (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.is_over else tuple(type(self)._legal_actions(self))
        return legal

    def remember_legal(self, actions: Sequence[Action]) -> None:
        """For games that compute the next decision's legal list while advancing (e.g. to see whether a
        window needs a decision): keep it, so ``legal_actions()`` does not compute it again."""
        self._legal = tuple(actions)

    def apply(self, action: Action | str, seat: int | None = None, lang: str | None = None) -> State:
        """Apply the engine's own legal action matching ``action`` (an Action or its notation).

        ``seat``: who asks (servers, adapters and UIs always say). A seat that is not to move is refused
        as exactly that; a refusal tells the asker nothing it cannot see. Without ``seat`` the message is
        safe for any seat. ``lang``: the language of a refusal (the game's first by default; a client
        passes its reader's). A refused action changes nothing. Returns self for chaining.
        """
        legal = self._legal
        if legal and seat is None and type(action) is Action:
            # the usual call (a loop over legal_actions()): one of the very objects just listed. A
            # non-empty list means the game is not over, and nobody's seat is to be checked.
            for a in legal:
                if a is action:
                    self._legal = None
                    self._history = (a.notation, self._history)
                    type(self)._apply(self, a)
                    return self
        lang = self.game.refusal_lang(lang)
        if self.is_over:
            raise IllegalAction(CORE.tr(lang, "game_over"))
        mover = self.to_move
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(CORE.tr(lang, "no_seat", seat=shorten(repr(seat), 20)))
            if seat != mover:
                raise IllegalAction(not_your_turn(seat, mover, lang))
        legal = self.legal_actions()
        chosen: Action | None = None
        if isinstance(action, Action):
            for a in legal:
                if a is action:
                    chosen = a
                    break
            else:
                text = action.notation if isinstance(action.notation, str) else ""
                for a in legal:
                    if a.notation == text:
                        chosen = a
                        break
        elif isinstance(action, str):
            if len(action) <= MAX_NOTATION:
                try:
                    chosen = self.game.parse(self, action, lang)
                except IllegalAction:
                    if seat is None:
                        raise  # parse's reason names only public things: safe for anyone
                    # the seat to move asked: its own refusal below may name its own cards
        else:
            raise IllegalAction(CORE.tr(lang, "not_action", kind=type(action).__name__))
        if chosen is None:
            text = action.notation if isinstance(action, Action) else str(action)
            raise IllegalAction(self._refusal(text, seat, lang))
        self._legal = None
        self._history = (chosen.notation, self._history)
        type(self)._apply(self, chosen)
        return self

    def advance(self, action: Action) -> None:
        """Step with one of this state's own legal actions, unchecked: the search bots' hot path, where
        the action comes straight from ``legal_actions()``. Anything else must go through :meth:`apply`."""
        self._legal = None
        self._history = (action.notation, self._history)
        type(self)._apply(self, action)

    def _refusal(self, text: str, seat: int | None, lang: str) -> str:
        shown = repr(shorten(text))
        if seat is None:
            return CORE.tr(lang, "not_legal", text=shown)
        why = self._why_illegal(text, seat, lang)
        if why:
            return why
        legal = self.legal_actions()
        names = ", ".join(a.notation for a in legal[:10]) + ("…" if len(legal) > 10 else "")
        return CORE.tr(lang, "not_legal_yours", text=shown, yours=names)

    def public_notation(self, action: Action) -> str:
        """How every other seat is told of ``action`` (call before applying it)."""
        return self._public_notation(action)

    # -- events -----------------------------------------------------------------------------------
    def log(self, type_: str, /, **data: Any) -> None:
        """A public event: every seat and spectators see it."""
        log = self._log
        if log.keeps:  # a world made for search keeps nothing
            data["type"] = type_
            log.append(None, data)

    def log_private(self, seat: int, type_: str, /, **data: Any) -> None:
        """An event only ``seat`` sees (the card it drew)."""
        log = self._log
        if log.keeps:
            data["type"] = type_
            log.append(seat, data)

    def log_records(self, entries: list[tuple[int | None, Record]]) -> None:
        """Events given as records (``core.events.EventKind``), in order: ``(None, (KIND, value, …))`` for
        one every seat sees, ``(seat, (KIND, value, …))`` for one only ``seat`` sees. For rules that build
        a step's events themselves and hand them over at its end; readers get them as ``log`` and
        ``log_private`` would have made them."""
        log = self._log
        if log.keeps:
            log.extend(entries)

    @property
    def narrating(self) -> bool:
        """Whether this state keeps the events it logs: False in a world made for search
        (``determinize(..., events=False)``), where a game may skip building an event's data (its
        ``log`` call drops it anyway) on a path where that costs."""
        return self._log.keeps

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events ``seat`` may see (None: a spectator), in order, as fresh JSON-safe dicts; ``start``
        skips the first ``start`` of that seat's own sequence (asking again with the count seen so far
        walks only what is new)."""
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise OptionError(
                f"start must be a count of events (an int >= 0), not {shorten(repr(start), 30)}"
            )
        return self._log.visible_from(seat, start, copy=True)

    def events_since(
        self, seat: int | None, cursor: int = 0, *, copy: bool = True
    ) -> tuple[list[Event], int]:
        """The events ``seat`` may see among those logged since ``cursor`` (a position in the whole log:
        0 at the start, then the cursor the last call returned), as fresh JSON-safe dicts, and the cursor
        to pass next time. Costs O(new events). A clone keeps its parent's positions, so a cursor carries
        from a state to its clones; a determinized world's log holds only its seat's events, so its
        positions are its own. ``copy=False`` hands the log's own event objects (never changed once
        logged; tuples not turned into lists) to a caller that only reads them — the research adapters'
        per-step information states — and must never change or keep them beyond reading."""
        n = len(self._log)
        if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= n:
            raise OptionError(
                f"cursor {shorten(repr(cursor), 30)} is not a position of this state's log (0..{n})"
            )
        return self._log.since(seat, cursor, copy)

    def event_log(self) -> list[tuple[int | None, Event]]:
        """Every event with its audience (None: public; a seat: private to it), as copies. Like
        :meth:`reveal`, for tests, replays and debugging: never sent to a seat."""
        return list(self._log.entries(copy=True))

    def event_count(self) -> int:
        """How many events have been logged in all (public and private)."""
        return len(self._log)

    # -- copies -----------------------------------------------------------------------------------
    def determinize(self, seat: int | None, rng: random.Random, *, events: bool = True) -> State:
        """A copy in which everything ``seat`` cannot see is resampled with ``rng``: hidden cards, the
        future of the random source, and the event log cut to what ``events_for(seat)`` shows.

        ``events=False`` makes a world for search only: it (and every clone of it) keeps no event log, so
        neither the cut nor the narration of what is played in it costs anything; its events are refused
        in one line. It is otherwise the same world (the same draws, actions, views and returns): the
        rules never read their own log."""
        world = self.clone()
        world._log = self._log.only_for(seat) if events else QuietLog()
        world.rng = from_random(rng)
        world._legal = None
        world._history = None  # a world no real history leads to: nothing to record
        world._resample(seat, rng)
        return world

    def _copy_base(self, other: State) -> None:
        """Copy the base slots into a fresh clone ``other`` (the log and the history shared until either
        grows)."""
        other.game = self.game
        other.rng = self.rng.clone()
        other._log = self._log.share()
        other._legal = self._legal
        other._history = self._history

    def _init_base(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = start_rng(seed)  # rng.generator(seed), or a scripted source inside rng.scripted_start
        self._log = EventLog()
        self._legal = None
        self._history = None  # Game.start sets the Origin once the game is built

    # -- records and serialization ---------------------------------------------------------------
    def actions_played(self) -> list[str]:
        """The notations applied since the game began, oldest first (what a record replays)."""
        out: list[str] = []
        node: Any = self._history  # (notation, rest) cells; an Origin (a tuple too) or None ends it
        while type(node) is tuple:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def _origin(self) -> Origin | None:
        """How the game began (``Game.start``'s seed, players, decks, setup); None for a world no real
        history leads to."""
        node: Any = self._history
        while type(node) is tuple:
            node = node[1]
        return node if isinstance(node, Origin) else None

    def to_dict(self) -> dict[str, Any]:
        """This position as a compact, versioned JSON record (``kansei-position/1``: game, options,
        content digest, kansei version, seed, players, decks, setup and the actions played), which
        ``game.from_dict`` (or ``kansei.from_dict``) rebuilds by replaying. A determinized world has no
        history that leads to it: it refuses in one line (pickle it instead)."""
        if self._origin() is None:
            raise KanseiError(
                "this state has no history to record (a determinized world, or one not begun by "
                "Game.start): pickle it instead"
            )
        from .replay import position_record

        return position_record(self)

    def __getstate__(self) -> dict[str, Any]:
        """What pickle and deepcopy keep: every field (the legal cache dropped, games intern actions),
        the history as a list, and the objects the state shares with its game as references to it."""
        game = self.game
        held = {id(v): name for name, v in vars(game).items() if not isinstance(v, _PLAIN)}
        fields: dict[str, Any] = {}
        for name in _slot_names(type(self)):
            if name == "_legal":
                continue
            try:
                value = getattr(self, name)
            except AttributeError:
                continue  # a slot the game leaves unset
            if name == "_history":
                value = {"origin": self._origin(), "actions": self.actions_played()}
            elif name != "game" and id(value) in held:
                value = _GameAttribute(held[id(value)])
            fields[name] = value
        return {"format": STATE_FORMAT, "kansei": kansei_version(), "fields": fields}

    def __setstate__(self, state: Any) -> None:
        shown = type(self).__name__
        if not isinstance(state, dict) or not isinstance(state.get("fields"), dict):
            raise KanseiError(f"bad pickle of a {shown}: not a kansei state")
        if state.get("format") != STATE_FORMAT:
            raise KanseiError(
                f"bad pickle of a {shown}: format {shorten(repr(state.get('format')), 30)}, "
                f"this kansei reads {STATE_FORMAT}"
            )
        if state.get("kansei") != kansei_version():
            raise KanseiError(
                f"a {shown} pickled by kansei {shorten(str(state.get('kansei')), 20)} cannot be read by "
                f"kansei {kansei_version()} (records that outlive a version: state.to_dict())"
            )
        fields: dict[str, Any] = state["fields"]
        slots = _slot_names(type(self))
        unknown = [k for k in fields if k not in slots]
        if unknown:
            raise KanseiError(f"bad pickle of a {shown}: unknown field {shorten(str(unknown[0]), 40)!r}")
        game = fields.get("game")
        if not isinstance(game, Game):
            raise KanseiError(f"bad pickle of a {shown}: it holds no game")
        values: dict[str, Any] = {}
        for name, value in fields.items():
            if isinstance(value, _GameAttribute):
                if value.name not in vars(game):
                    raise KanseiError(f"bad pickle of a {shown}: its game has no {shorten(value.name, 40)!r}")
                value = vars(game)[value.name]
            elif name == "_history":
                actions = value.get("actions") if isinstance(value, dict) else None
                origin = value.get("origin") if isinstance(value, dict) else None
                if not isinstance(actions, list) or not all(isinstance(n, str) for n in actions):
                    raise KanseiError(f"bad pickle of a {shown}: its history is not a list of notations")
                if origin is not None and not isinstance(origin, Origin):
                    raise KanseiError(f"bad pickle of a {shown}: its history has no origin")
                node: tuple[str, Any] | Origin | None = origin
                for notation in actions:
                    node = (notation, node)
                value = node
            values[name] = value
        for name, value in values.items():  # nothing is set before every field was read
            setattr(self, name, value)
        self._legal = None

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """An exact, independent copy (its own lists, log and random source; the game shared)."""
        other = type(self).__new__(type(self))
        memo[id(self)] = other
        other.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return other

    def __copy__(self) -> State:
        return self.clone()


STATE_FORMAT = "kansei-state/1"


class Origin(typing.NamedTuple):
    """How a game began: what ``Game.start`` was given (decks as given, setup validated). The last cell
    of a state's history, so clones share it for free."""

    seed: int
    players: int
    decks: list[Any] | None
    setup: GameSetup


_PLAIN = (int, float, str, bool, type(None), bytes)
_slot_cache: dict[type, frozenset[str]] = {}


def _slot_names(cls: type) -> frozenset[str]:
    """Every slot of a state class and its bases (what a state's fields are)."""
    names = _slot_cache.get(cls)
    if names is None:
        found: set[str] = set()
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            found.update((slots,) if isinstance(slots, str) else slots)
        found.discard("__weakref__")
        found.discard("__dict__")
        names = _slot_cache[cls] = frozenset(found)
    return names


class _GameAttribute:
    """In a pickled state: "the object my game holds under ``name``" (its card table, its track)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __reduce__(self) -> tuple[Any, ...]:
        return (_GameAttribute, (self.name,))


_shared_lock = threading.Lock()
_shared_games: weakref.WeakValueDictionary[tuple[str, str, str | None], Game] = weakref.WeakValueDictionary()


def _game_key(
    game_id: str, options: Mapping[str, Any], content: Path | str | None
) -> tuple[str, str, str | None]:
    return (game_id, json.dumps(options, sort_keys=True), str(content) if content is not None else None)


def _shared_game(game_id: Any, options: Any, content: Any = None, digest: Any = None) -> Game:
    """The process's one Game for an id, options and content folder (what a pickled Game and a record
    come back as); a game the registry cannot make or content that changed is one KanseiError line."""
    from .registry import game_class

    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise KanseiError("bad pickle of a game: not a kansei game reference")
    if content is not None and not isinstance(content, str):
        raise KanseiError("bad pickle of a game: its content folder is not a path")
    key = _game_key(game_id, options, content)
    with _shared_lock:
        game = _shared_games.get(key)
    if game is None:
        cls = game_class(game_id)
        game = cls(**({"content": content} if content is not None else {}), **options)
        with _shared_lock:
            game = _shared_games.setdefault(key, game)
    if digest is not None and digest != game.digest():
        raise ContentError(
            [
                f"{game_id}: the content changed since this was pickled "
                f"(recorded {shorten(str(digest), 20)}, now {game.digest()})"
            ]
        )
    return game


def shared_game(
    game_id: str, options: Mapping[str, Any] | None = None, content: Path | str | None = None
) -> Game:
    """The one shared Game of this process for ``game_id`` with ``options`` (made once): what records and
    pickles rebuild states with."""
    made = _shared_game(game_id, dict(options or {}), str(content) if content is not None else None)
    return made


class RecordField(typing.Generic[T]):
    """A field of the record a state holds (``state.<record>.<name>``), read and written through the state
    under its own name.

    Where a game's rules are compiled (docs/ARCHITECTURE.md, "compiled rules"), they live on a record that
    derives from no Python class, which the state holds; the views, texts, refusals and tests still read
    those fields as the state's. Declared one by one with their types (``hands: RecordField[list[int]] =
    RecordField("race")``), or for every name of the record the state lacks with :func:`forward_record`.
    A descriptor rather than a ``__getattr__`` on the state, which would slow every other attribute read
    of the state (the core's and the search's, on the hot path) down to Python's generic look-up."""

    __slots__ = ("record", "name")

    def __init__(self, record: str, name: str = "") -> None:
        self.record = record
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @typing.overload
    def __get__(self, state: None, owner: type) -> RecordField[T]: ...
    @typing.overload
    def __get__(self, state: object, owner: type) -> T: ...
    def __get__(self, state: object | None, owner: type) -> RecordField[T] | T:
        if state is None:
            return self
        value: T = getattr(getattr(state, self.record), self.name)
        return value

    def __set__(self, state: object, value: T) -> None:
        setattr(getattr(state, self.record), self.name, value)


def forward_record(cls: type, record: str, record_cls: type) -> None:
    """Give the state class ``cls`` a :class:`RecordField` for every public or private name of
    ``record_cls`` (its fields and methods) that ``cls`` does not have already."""
    for name in dir(record_cls):
        if not name.startswith("__") and not hasattr(cls, name):
            setattr(cls, name, RecordField(record, name))


class DuelState(State):
    """A two-player state whose result is ``over`` and ``win`` (a seat, or None for a draw)."""

    __slots__ = ("over", "win")

    over: bool
    win: int | None

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        return self.win

    @property
    def players(self) -> int:
        return 2

    def returns(self) -> list[float]:
        if not self.over or self.win is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.win == 0 else [-1.0, 1.0]
