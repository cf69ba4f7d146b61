"""The Mini D game object: options, content (``content=`` or the shipped folder), start, the hooks the
tools use (card faces, the action space, the observation encoding). It holds no per-user state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import field_validator

from kansei.core.errors import ContentError, IllegalAction
from kansei.core.protocol import Action, Game, GameOptions, OptionWords, State, local_path_option, option
from kansei.core.records import CardEvent, CardVerb

from . import views
from .cards import CONTENT, LANGUAGES, file_problems, load_content
from .lang import WORDS
from .rules import LINE_ACTS, SPRINT_ACTS
from .setup import MiniDSetup, new_race
from .state import MiniDState
from .table import Table, Track, load_table, resolve_track
from .terms import BATTLE, CROSSING, DISCARD, DRAW, DRIFT, FINISHED, LINE, OUT, SKIP, SPRINT, TURN
from .views import MiniDView

NO_DECKS = (
    "minid: racers bring no decks; the Event deck is shared (a scenario fixes its order with setup 'deck')"
)
DECLINES = ("roll", "accept", "pass", "draw")
MAX_TRACK_NAME = 300  # characters of a track's name or path
# the rule each decision answers (Game.move_rules)
DECISION_RULES = {
    SPRINT: "MD-S2",
    TURN: "MD-R2",
    SKIP: "MD-R2",
    LINE: "MD-O2",
    DRIFT: "MD-C1",
    BATTLE: "MD-F2",
    CROSSING: "MD-N1",
    DRAW: "MD-E1",
    DISCARD: "MD-E1",
}
# the events naming Event cards, and what each did to them (card_events)
ONE_CARD: dict[str, CardVerb] = {"drew_card": "drawn", "play": "played", "discard": "discarded"}
SEVERAL_CARDS: dict[str, CardVerb] = {
    "dealt": "drawn",
    "dealt_waiting": "drawn",
    "trigger": "played",
    "hand_discarded": "discarded",
}


class MiniDOptions(GameOptions):
    # English words here, French and Japanese in text.py's OPTIONS (a docstring would show in the schema)
    # a track of the content by name (akina, usui); played locally, also a track as data (one [[track]] table
    # as an object, validated like the content's tracks) or the path of a track .toml file
    track: str | dict[str, Any] = local_path_option(
        "akina",
        title="Track",
        description="MD-B1: the mountain pass to race, with its corners, their difficulty and its Event "
        "cases",
    )
    uphill: bool = option(
        False, "Uphill", "MD-O3 uphill touge: race from the foot to the top, the track in reverse"
    )
    aspiration: bool = option(
        False,
        "Aspiration",
        "MD-O1: +1 to your move when it starts on a straight with an opponent ahead, 4 cases or fewer away",
    )
    strategies: bool = option(
        False,
        "Cornering lines",
        "MD-O2: choose a line before each DRIFT roll: Midnight Gambler (−3 DRIFT, +2 movement once "
        "mastered) or Moonlight Control (+3 DRIFT, −2 movement)",
    )
    eurobeat: bool = option(True, "Eurobeat", "MD-S1 flavour: turn the Eurobeat up (narration only)")

    @field_validator("track", mode="before")
    @classmethod
    def _track_name_data_or_path(cls, value: Any) -> Any:
        if isinstance(value, str):
            if len(value) > MAX_TRACK_NAME:
                raise ValueError(f"a track's name or path has at most {MAX_TRACK_NAME} characters")
            return value
        if isinstance(value, dict):
            return value
        raise ValueError("a track's name, a track as data (an object) or the path of a track file")


class MiniD(Game):
    id = "minid"
    name = "Mini D"
    Options = MiniDOptions
    Setup = MiniDSetup
    min_players = 2
    max_players = 6
    languages = LANGUAGES  # English first (the default), French (the source's language), Japanese
    words = WORDS
    standing_unit = "cases"
    # a racer's turn opens with a narration break; the lines after it name the racer
    silent_events = frozenset({"turn"})
    View = MiniDView
    # python -m kansei.build compiles these together: the race's record, the tables, the rules, the bots
    compiled_modules = ("race", "table", "rules", "bunta", "corners", "battles", "bots")

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
        return new_race(self, seed, players, setup)

    # -- the contract's hooks for clients ----------------------------------------------------------------
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        """The card in the mover's hand (``hand:<i>``; a discard goes on ``zone:-:discard``), the Event deck
        for ``draw``, the sprint power or cornering line chosen (``choice:…``); declines have none. The
        ref kinds are listed in :mod:`.views`."""
        assert isinstance(state, MiniDState)
        return views.move_refs(state, action.kind, action.args)

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        """The rule ids a legal action follows: its decision's rule, and MD-E1 for an Event card."""
        assert isinstance(state, MiniDState)
        d = state.race.pending
        if d is None:
            return ()
        rule = DECISION_RULES[d.kind]
        if action.kind in ("play", "discard") and rule != "MD-E1":
            return (rule, "MD-E1")
        return (rule,)

    # -- records for designers (core/records.py) -----------------------------------------------------
    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """What Event cards did in one logged event. A kept card is drawn (``drew_card``, or dealt by a
        scenario), then played at its moment or discarded (over the hand limit, or when its racer finishes
        or goes out). A ⚡ card is drawn and played at once (``bolt``), except one that waits face up for a
        roll: it is played when it acts (``trigger``), or discarded with its racer's cards if it never
        does."""
        t = str(event.get("type"))
        seat = event.get("seat")
        if not isinstance(seat, int):
            return []
        if t in ONE_CARD:
            return [CardEvent(seat, ONE_CARD[t], str(event["card"]))]
        if t in SEVERAL_CARDS:
            return [CardEvent(seat, SEVERAL_CARDS[t], str(c)) for c in event["cards"]]
        if t == "bolt":
            slug = str(event["card"])
            cid = self.table.by_slug.get(slug)
            waits = cid is not None and self.table.cards[cid].waits is not None
            drawn = CardEvent(seat, "drawn", slug)
            return [drawn] if waits else [drawn, CardEvent(seat, "played", slug)]
        return []

    def standing(self, state: State, seat: int) -> float:
        """MD-W1: how many cases ``seat`` is ahead of the best other racer (negative: behind). A racer who
        finished stands on the finish line (the track's length + 1), one out of the race at the start (0);
        the placings among finishers are the race's result, not a lead in cases. Public: positions only."""
        assert isinstance(state, MiniDState)
        progress = [self._progress(state, q) for q in range(state.race.seats)]
        mine = progress.pop(seat)
        return float(mine - max(progress))

    @staticmethod
    def _progress(state: MiniDState, q: int) -> int:
        r = state.race
        status = r.status[q]
        if status == FINISHED:
            return r.track.length + 1
        return 0 if status == OUT else r.positions[q]

    def narration_break(self, event: Mapping[str, Any]) -> bool:
        """A pause before the race starts (after the sprint), before each round (Bunta's drive) and before
        each racer's turn, so a client shows a round's dice and moves turn by turn."""
        return event.get("type") in ("start", "round", "turn")

    # -- decks: Mini D has none ---------------------------------------------------------------------
    def coverage_decks(self) -> list[list[Any]]:
        """None: racers bring no decks, and every card of the content is in the shared Event deck each race
        starts with (MD-E1), so random races play every card."""
        return []

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

    def option_words(self, lang: str = "en") -> dict[str, OptionWords]:
        """The base's words, with the content's tracks by their names in ``lang`` as the track's values
        ("Akina", "秋名" in Japanese: the names the board shows)."""
        words = super().option_words(lang)
        track = words.get("track", OptionWords("", ""))
        words["track"] = dataclasses.replace(track, values={**self.table.track_names(lang), **track.values})
        return words

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

    def parse(self, state: State, text: str, lang: str | None = None) -> Action:
        """As the base, and a card may be named by its English id too (``play flat-out``)."""
        try:
            return super().parse(state, text, lang)
        except IllegalAction:
            words = " ".join(str(text).split()).lower().split(" ", 1) if isinstance(text, str) else []
            slug = self.table.english_slugs.get(words[1]) if len(words) == 2 else None
            if slug is None:
                raise
            return super().parse(state, f"{words[0]} {slug}", lang)

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every Event card face in ``lang`` (en, fr, ja)."""
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
        from .encoding import observation_spec

        return observation_spec(self, players)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> list[float]:
        """A fixed-length vector built from ``view(seat)`` alone."""
        from .encoding import encode_view

        return encode_view(self, view, seat)

    def encode_state(self, state: State, seat: int | None) -> list[float]:
        """``encode_view(state.view(seat), seat)`` without building the view (docs/interop.md)."""
        from .encoding import encode_state

        assert isinstance(state, MiniDState)
        return encode_state(self, state, seat)


__all__ = ["NO_DECKS", "MiniD", "MiniDOptions"]
