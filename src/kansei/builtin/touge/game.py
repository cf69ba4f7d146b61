"""Touge Card Game (game id ``touge``): the game — options, decks, content and the hooks tools use.

The rules are in :mod:`.rules` (legal actions and their application, rule ids TG-… of RULES.md), the
state in :mod:`.state`, scoring in :mod:`.scoring`, set-up and decks in :mod:`.setup`. Card effects are
data: blocks of :mod:`.blocks` named in ``content/*.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Action, Game, GameOptions, State, option
from kansei.core.records import CardEvent

from . import encoding, rules, text, views
from .cards import load_catalog
from .lang import LANGUAGES, WORDS
from .setup import TougeSetup, coverage_decks, deck_problems, load_deck, resolve, starter_deck
from .state import TougeState
from .table import TUNE, Table, table, table_for


class TougeOptions(GameOptions):
    # English words here, French and Japanese in text.py's OPTIONS (a docstring would show in the schema)
    mode: Literal["time_attack", "sudden_death"] = option(
        "time_attack",
        "Race format",
        "TG-D0: Time Attack is the best of three battles, each on a new course; Sudden Death runs one "
        "course until a racer pulls clear",
        labels={"time_attack": "Time Attack (best of three)", "sudden_death": "Sudden Death (one course)"},
    )
    # TG-C5 ruling: disasters that nullify pick the highest tile; "leader_choice" lets the leader pick any.
    nullify_pick: Literal["highest", "leader_choice"] = option(
        "highest",
        "Tile a disaster wipes",
        "TG-C5 ruling: Oil Slick and Landslide make one tile score 0: the highest in the current "
        "direction, or any tile the leader picks",
        labels={"highest": "the highest (leader picks among ties)", "leader_choice": "any, the leader picks"},
    )
    # docs/rulings.md: downhill runs from tile 1, uphill from the last tile; "built" runs from tile 1 and
    # the Sudden Death return run back from the last tile (TG-D4).
    course_order: Literal["mountain", "built"] = option(
        "mountain",
        "Run order",
        "TG-D4 ruling: where a run starts (it matters in Sudden Death, scored tile by tile): tile 1 is "
        "the summit, or the first run always starts at tile 1 and the reverse run comes back",
        labels={"mountain": "down from the summit, up from the foot", "built": "in building order"},
    )
    first_direction: Literal["coin", "downhill", "uphill"] = option(
        "coin",
        "First direction",
        "TG-T0: the direction of the first battle: a coin decides, or the players agree",
        labels={"coin": "coin toss", "downhill": "downhill", "uphill": "uphill"},
    )
    first_leader: Literal["coin", "seat0", "seat1"] = option(
        "coin",
        "First leader",
        "TG-T0: who leads the first battle (lays the first road): a coin decides, or the players agree",
        labels={"coin": "coin toss"},
    )
    disaster_draw: bool = option(
        True,
        "Disaster draw",
        "TG-T0: the racers reveal cards until a disaster shows, in force for the whole race (off: a race "
        "without a disaster)",
    )
    redraws: int = option(
        2,
        "Redraws",
        "TG-T1: how many cards of a new hand each racer may put back and draw again (TG-D0 too)",
        ge=0,
        le=7,
    )
    lead_margin: int = option(
        12,
        "Winning lead (Sudden Death)",
        "TG-D3: the points ahead after any tile that win the race for the battle's leader",
        ge=1,
        le=999,
    )


class Touge(Game):
    id = "touge"
    name = "Touge Card Game"
    titles = {"fr": "Jeu de cartes Touge", "ja": "峠カードゲーム"}
    Options = TougeOptions
    Setup = TougeSetup
    min_players = 2
    max_players = 2
    languages = LANGUAGES  # English first (the default and the content's own), French, Japanese
    words = WORDS
    View = views.TougeView
    standing_unit = "points"
    compiled_modules = ("rules", "scoring", "bots")  # python -m kansei.build

    options: TougeOptions
    table: Table
    sudden: bool

    def __init__(self, *, content: Path | str | None = None, **options: Any):
        super().__init__(content=content, **options)
        if self.content_path is None:
            self.table = table()
        else:
            self.table = table_for(str(self.content_path.resolve()), self.content_digest())
        self.sudden = self.options.mode == "sudden_death"

    # -- decks --------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return list(self.table.starter_names)

    def starter_deck(self, name: str) -> dict[str, Any]:
        return starter_deck(self.table, name)

    def load_deck(self, path: Path) -> dict[str, Any]:
        return load_deck(Path(path))

    def deck_problems(self, deck: Any) -> list[str]:
        name = deck.get("name") if isinstance(deck, dict) else None
        where = f"deck {shorten(name, 40)!r}" if isinstance(name, str) else "deck"
        return deck_problems(self.table, deck, where)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/roads/tuneups/disasters/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
                return []
            data = self.load_deck(path)
        except ContentError as e:
            return e.problems
        return deck_problems(self.table, data, str(path))

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> TougeState:
        specs = self.two_decks(decks)
        built = [resolve(self.table, specs[i], i) for i in range(2)]
        return TougeState.new(self, seed, built, setup)

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {"mode": "time_attack"}, "players": 2},
            {"options": {"mode": "sudden_death"}, "players": 2},
            {"options": {"mode": "time_attack", "nullify_pick": "leader_choice"}, "players": 2},
            {"options": {"mode": "sudden_death", "course_order": "built"}, "players": 2},
        ]

    # -- hooks for tools ----------------------------------------------------------------------
    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return text.card_faces(self.table, self.check_lang(lang))

    def action_space(self) -> list[str]:
        return encoding.action_space(self.table)

    def observation_spec(self, players: int = 2) -> list[str]:
        return encoding.observation_spec(self.table)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        return encoding.encode_view(self.table, view, seat)

    def encode_state(self, state: State, seat: int | None) -> list[float]:
        """``encode_view(state.view(seat), seat)`` without building the view (docs/interop.md)."""
        assert isinstance(state, TougeState)
        return encoding.encode_state(state, seat)

    # -- the contract's hooks for clients (docs/ARCHITECTURE.md) ---------------------------------
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        """The hand card, tile and ability a legal action touches (kinds: :mod:`.views`)."""
        assert isinstance(state, TougeState)
        return views.action_refs(state, action)

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        assert isinstance(state, TougeState)
        return rules.rule_ids(state, action)

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """Cards drawn (``drew_cards``, private), put back to redraw (``put_back``, private: discarded),
        laid or played (``road``, ``tune``), the car whose ability is switched on (``ability``) and the
        disaster put in force (``disaster``: played by its owner)."""
        kind = event.get("type")
        find = self.table.find
        cards = self.table.cards

        def slug(name: Any) -> str:
            cid = find(name) if isinstance(name, str) else None
            return cards[cid].slug if cid is not None else str(name)

        if kind == "drew_cards":
            return [CardEvent(event["seat"], "drawn", slug(c)) for c in event["cards"]]
        if kind == "put_back":
            return [CardEvent(event["seat"], "discarded", slug(c)) for c in event["cards"]]
        if kind in ("road", "tune", "ability"):
            return [CardEvent(event["seat"], "played", slug(event["car" if kind == "ability" else "card"]))]
        if kind == "disaster" and event.get("card") is not None:
            return [CardEvent(event["owner"], "played", slug(event["card"]))]
        return []

    def standing(self, state: State, seat: int) -> float:
        """``seat``'s lead in points over the battles run so far (TG-T4, TG-D3): its scores minus the
        other's, summed (a Sudden Death battle counts its final running totals). Public: every run is."""
        assert isinstance(state, TougeState)
        return float(sum(b.scores[seat] - b.scores[1 - seat] for b in state.battles))

    def coverage_decks(self) -> list[list[Any]]:
        """Pairs of legal decks that together hold every car, road, tune-up and disaster of the content."""
        return coverage_decks(self.table)

    def menu_group(self, state: Any, action: Action, lang: str = "en") -> str | None:
        """A long menu groups the tune-ups by card (then the tile is picked); other actions stand alone."""
        self.check_lang(lang)
        if action.kind != TUNE:
            return None
        return text.menu_group(self.table.cards[action.args[0]], lang)
