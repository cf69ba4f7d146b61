"""The core protocol every game implements (see docs/ARCHITECTURE.md and shared DESIGN.md).

A game is a :class:`Game` (options, content, start) and a :class:`State` (the state machine). The base
classes here hold everything that is the same for all games: action validation with a cached legal list,
string notation, the event log, JSON-safe views, and the replay-friendly ``start`` signature.
"""

from __future__ import annotations

import importlib
import json
import random
import types
import typing
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError, IllegalAction, OptionError
from .rng import Rng


class Action:
    """A player's decision. Compared and hashed by its notation, a short stable string.

    ``kind`` and ``args`` are the game's own payload; ``notation`` is what replays store and what
    ``game.parse`` reads back. Games intern their actions where they can (no allocation in the hot path).
    """

    __slots__ = ("notation", "kind", "args", "_h")

    def __init__(self, notation: str, kind: str = "", args: tuple = ()):
        self.notation = notation
        self.kind = kind
        self.args = args
        self._h = hash(notation)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.notation == other.notation
        return NotImplemented

    def __hash__(self) -> int:
        return self._h

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    def __str__(self) -> str:
        return self.notation


class GameOptions(BaseModel):
    """Base for each game's declared options. Unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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


class Game:
    """One game with its options fixed. Subclasses set the class attributes and implement ``_new_state``."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    Options: ClassVar[type[GameOptions]] = GameOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    # The keys a scenario's ``setup`` may use (fixed coins, deck order, hands, dice...); checked by start().
    setup_keys: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, **options: Any):
        self.lang = "en"  # display language for render/describe/narrate (the CLI's --lang)
        try:
            self.options = self.Options(**options)
        except ValidationError as e:
            problems = []
            for err in e.errors():
                loc = ".".join(str(x) for x in err["loc"]) or "options"
                if err["type"] == "extra_forbidden":
                    problems.append(f"unknown option {loc!r}")
                else:
                    problems.append(f"option {loc}={err.get('input')!r}: {err['msg']}")
            raise OptionError(
                f"{self.id}: {'; '.join(problems)} (valid options: {describe_fields(self.Options)})"
            ) from None

    # -- the protocol --------------------------------------------------------------------------
    def start(
        self,
        seed: int = 0,
        players: int | None = None,
        decks: list | None = None,
        setup: dict | None = None,
    ) -> State:
        n = self.min_players if players is None else int(players)
        if not self.min_players <= n <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}–{self.max_players}"
            )
            raise OptionError(f"{self.id}: {n} players is not allowed (this game takes {span})")
        setup = setup or {}
        if not isinstance(setup, dict):
            raise ContentError(
                [f"{self.id} setup: must be an object of keys ({', '.join(sorted(self.setup_keys))})"]
            )
        bad = set(setup) - self.setup_keys
        if bad:
            raise ContentError(
                [
                    f"{self.id} setup: unknown key(s) {', '.join(sorted(bad))} "
                    f"(valid: {', '.join(sorted(self.setup_keys)) or 'none'})"
                ]
            )
        return self._new_state(int(seed), n, decks, setup)

    def _new_state(self, seed: int, players: int, decks: list | None, setup: dict) -> State:
        raise NotImplementedError

    def parse(self, state: State, text: str) -> Action:
        """Read an action's notation back (case and spacing forgiven); IllegalAction if it is not legal."""
        want = " ".join(str(text).split()).lower()
        for a in state.legal_actions():
            if a.notation.lower() == want:
                return a
        if state.is_over:
            raise IllegalAction(f"{text!r}: the game is over")
        legal = ", ".join(a.notation for a in state.legal_actions()[:12])
        more = "…" if len(state.legal_actions()) > 12 else ""
        raise IllegalAction(f"{text!r} is not a legal action now (legal: {legal}{more})")

    @property
    def options_dict(self) -> dict:
        return self.options.model_dump(mode="json")

    # -- hooks used by tools ------------------------------------------------------------------
    # By convention a game's package holds bots.py (``evaluate(state, seat)``) and text.py
    # (``render(state, seat)``, ``describe(state, action)``, ``narrate(game, event, seat)``); the base
    # class finds them, so a game only overrides these methods to do something else.
    def _part(self, module: str, name: str) -> Any:
        parts = self.__dict__.setdefault("_parts", {})
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
            return fn(state, seat)
        if state.is_over:
            return state.returns()[seat] * 1000.0
        return 0.0

    def render(self, state: State, seat: int | None) -> Any:
        """A rich renderable (or text) of what ``seat`` sees."""
        fn = self._part("text", "render")
        return fn(state, seat) if fn is not None else json.dumps(state.view(seat), indent=1)

    def narrate(self, event: dict, seat: int | None = None) -> str | None:
        """One line telling a person what an event means (None: nothing worth saying).

        Events carrying ``"to": seat`` are private to that seat; callers only pass events ``seat`` may see.
        """
        fn = self._part("text", "narrate")
        return fn(self, event, seat) if fn is not None else None

    def describe_action(self, state: State, action: Action) -> str:
        """A longer human description of an action for menus (defaults to its notation)."""
        fn = self._part("text", "describe")
        return fn(state, action) if fn is not None else action.notation

    def rules_file(self) -> Path | None:
        return None

    def test_configs(self) -> list[dict]:
        """Option/player combinations the generic invariant tests should cover."""
        return [{"options": {}, "players": self.min_players}]

    def starter_decks(self) -> list[str]:
        return []

    def load_deck(self, path: Path) -> Any:
        raise NotImplementedError

    def validate_content(self, path: Path) -> list[str]:
        """Problems (one line each) in a content folder or deck file of this game."""
        return []


class State:
    """A game state. Subclasses implement the underscored hooks; the base class enforces the contract.

    Contract: ``legal_actions()`` is never empty unless the game is over; ``apply`` refuses anything
    else with :class:`IllegalAction` and leaves the state untouched; all randomness comes from ``rng``.
    """

    __slots__ = ("game", "rng", "events", "_legal")

    game: Game

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

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def reveal(self) -> dict:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        raise NotImplementedError

    def census(self) -> dict[int, Counter] | None:
        """Per-owner multiset of every card in every zone (None for games without cards)."""
        return None

    @property
    def players(self) -> int:
        return len(self.returns())

    # -- provided -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_actions()
        return legal

    def apply(self, action: Action | str) -> State:
        """Apply a legal action (an Action or its notation). Returns self for chaining."""
        if self.is_over:
            raise IllegalAction(f"{action}: the game is over")
        if isinstance(action, str):
            action = self.game.parse(self, action)
        elif action not in self.legal_actions():
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        self._apply(action)
        return self

    def _why_illegal(self, action: Action) -> str:
        return f"{getattr(action, 'notation', action)!r} is not legal now for seat {self.to_move}"

    def log(self, type_: str, **data: Any) -> None:
        data["type"] = type_
        self.events.append(data)

    def _copy_base(self, other: State) -> None:
        """Copy the base slots into a fresh clone ``other`` (events list copied, legal cache dropped)."""
        other.game = self.game
        other.rng = self.rng.clone()
        other.events = self.events.copy()
        other._legal = None

    def _init_base(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.events = []
        self._legal = None


class DuelState(State):
    """A two-player state whose result is ``over`` and ``win`` (a seat, or None for a draw)."""

    __slots__ = ("over", "win")

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        return self.win

    def returns(self) -> list[float]:
        if not self.over or self.win is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.win == 0 else [-1.0, 1.0]
