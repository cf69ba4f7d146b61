"""The Mini D game object: options, content (``content=`` or the shipped folder), start, the hooks the
tools use (card faces, the action space, the observation encoding). It holds no per-user state.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kansei.core.errors import ContentError, IllegalAction
from kansei.core.protocol import Action, Game, State

from .cards import CONTENT, LANGUAGES, file_problems, load_content
from .rules import LINE_ACTS, SPRINT_ACTS, MiniDOptions, MiniDState
from .scenario import MiniDSetup
from .table import Table, Track, load_table, resolve_track

NO_DECKS = (
    "minid: racers bring no decks; the Event deck is shared (a scenario fixes its order with setup 'deck')"
)
DECLINES = ("roll", "accept", "pass", "draw")


class MiniD(Game):
    id = "minid"
    name = "Mini D"
    Options = MiniDOptions
    Setup = MiniDSetup
    min_players = 2
    max_players = 6
    languages = LANGUAGES  # English first (the default); French is the source's language

    options: MiniDOptions
    table: Table
    track: Track

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table = load_table(self.content_dir() or CONTENT)
        self.track = resolve_track(self.table, self.options.track, self.options.uphill)

    def _new_state(self, seed: int, players: int, decks: list | None, setup: Any) -> MiniDState:
        if decks is not None and (len(decks) != players or any(d is not None for d in decks)):
            raise ContentError([NO_DECKS])
        return MiniDState.new(self, seed, players, setup)

    # -- decks: Mini D has none ---------------------------------------------------------------------
    def starter_deck(self, name: str) -> dict[str, Any]:
        raise ContentError([NO_DECKS])

    def load_deck(self, path: Path) -> dict[str, Any]:
        raise ContentError([NO_DECKS])

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        return [NO_DECKS]

    # -- content -----------------------------------------------------------------------------------
    def named_choices(self, option: str) -> tuple[str, ...]:
        """``track`` by the name of one of the content's tracks (a network client never names a file)."""
        return tuple(self.table.track_ids()) if option == "track" else ()

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (tracks.toml, events.toml) or one track or Event-card file."""
        path = Path(path)
        if path.is_dir():
            try:
                load_content(path, prefix=str(path))
            except ContentError as e:
                return e.problems
            return []
        return file_problems(path)

    def test_configs(self) -> list[dict]:
        return [
            {"options": {}, "players": 2},
            {"options": {}, "players": 6},
            {"options": {"aspiration": True, "strategies": True, "uphill": True}, "players": 3},
            {"options": {"track": "usui", "aspiration": True, "strategies": True}, "players": 6},
            {"options": {"track": "usui", "uphill": True}, "players": 4},
        ]

    def parse(self, state: State, text: str) -> Action:
        """As the base, and a card may be named by its English id too (``play flat-out``)."""
        try:
            return super().parse(state, text)
        except IllegalAction:
            words = " ".join(str(text).split()).lower().split(" ", 1) if isinstance(text, str) else []
            slug = self.table.english_slugs.get(words[1]) if len(words) == 2 else None
            if slug is None:
                raise
            return super().parse(state, f"{words[0]} {slug}")

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every Event card face in ``lang`` (en, fr)."""
        from .text import card_face

        return [card_face(c, lang) for c in self.table.cards]

    # -- research hooks ----------------------------------------------------------------------------
    def action_space(self) -> list[str]:
        """Every notation a race can produce under these options, each once, in a fixed order: the sprint,
        the lines (MD-O2), the declines, then playing and discarding each kept card of the content."""
        out = [a.notation for a in SPRINT_ACTS]
        if self.options.strategies:
            out += [a.notation for a in LINE_ACTS]
        out += list(DECLINES)
        kept = [c for c in self.table.cards if not c.bolt]
        out += [c.play.notation for c in kept]
        out += [c.discard.notation for c in kept]
        return out

    def observation_spec(self, players: int) -> list[str]:
        """The slots of :meth:`encode_view` for ``players`` racers (see docs there)."""
        from .encode import observation_spec

        return observation_spec(self, players)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> list[float]:
        """A fixed-length vector built from ``view(seat)`` alone."""
        from .encode import encode_view

        return encode_view(self, view, seat)


__all__ = ["NO_DECKS", "MiniD"]
