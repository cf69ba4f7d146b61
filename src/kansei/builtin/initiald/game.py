"""Initial D CCG: the game (rules digest ids ID-…, see RULES.md) and its options.

The package follows the one layout of every kansei game (docs/ARCHITECTURE.md): ``setup.py`` resolves the
decks and deals, ``state.py`` holds the state's fields, ``rules.py`` plays the rules, ``views.py`` says what
a seat sees, ``text.py`` tells it in words, ``encoding.py`` gives the research adapters' vectors.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from kansei.core.content import read_deck
from kansei.core.errors import ContentError, IllegalAction
from kansei.core.options import shorten
from kansei.core.protocol import Action, Game, GameOptions, State, option
from kansei.core.records import CardEvent, CardVerb

from . import encoding, refusals, setup
from .cards import deck_file_data, load_catalog
from .lang import WORDS
from .setup import InitialDSetup
from .state import InitialDState
from .table import PAY, Side, Table, table
from .text import card_faces
from .views import InitialDView


class InitialDOptions(GameOptions):
    # English words here, French and Japanese in text.py's OPTIONS (a docstring would show in the schema)
    # ID-S1 ruling: equal cost — a coin decides (or the players agree on a challenger).
    cost_tie: Literal["coin", "seat0", "seat1"] = option(
        "coin",
        "Challenger on equal cost",
        "ID-S1: who challenges (picks the track, starts trailing) when both cars and mods cost the same: a "
        "coin decides, or the players agree",
        labels={"coin": "coin toss"},
    )
    # ID-P4 ruling: requirement and counter discards add up; "shared": each discard counts for both.
    discards: Literal["separate", "shared"] = option(
        "separate",
        "Discards to pay a maneuver",
        "ID-P4: the discards a maneuver's requirement and its counter need add up, or each discard counts "
        "for both (the larger shortfall is paid)",
        labels={"separate": "add up", "shared": "one discard counts for both"},
    )
    # How discards are picked (docs/rulings.md): in hand order (one way per set, small branching) or freely.
    discard_order: Literal["hand_order", "any"] = option(
        "hand_order",
        "Discard order",
        "ID-P4 ruling: discards (to pay, and at the end of a stage) are picked left to right through the "
        "sorted hand, or in any order; the cards that can go are the same",
        labels={"hand_order": "in hand order", "any": "in any order"},
    )


class InitialD(Game):
    id = "initiald"
    name = "Initial D CCG"
    titles = {"fr": "Initial D JCC", "ja": "頭文字D CCG"}  # 頭文字D: the manga's own title
    Options = InitialDOptions
    Setup = InitialDSetup
    min_players = 2
    max_players = 2
    languages = ("en", "fr", "ja")
    words = WORDS
    View = InitialDView
    standing_unit = "stages"
    compiled_modules = ("table", "race", "rules", "bots")  # python -m kansei.build

    options: InitialDOptions
    table: Table
    shared: bool
    ordered: bool
    starters: dict[str, Side]

    def __init__(self, *, content: Path | str | None = None, **options: Any) -> None:
        super().__init__(content=content, **options)
        folder = self.content_path
        self.table = table(folder, self.content_digest() if folder is not None else "")
        self.shared = self.options.discards == "shared"
        self.ordered = self.options.discard_order == "hand_order"
        # the starter decks as sides, built once (immutable, so states share them)
        self.starters: dict[str, Side] = setup.starter_sides(self)

    # -- decks ------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def starter_deck(self, name: str) -> dict[str, Any]:
        deck = self.table.catalog.starter(name) if isinstance(name, str) else None
        if deck is None:
            return super().starter_deck(str(name))
        return deck.data()

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """ID-C1, ID-C2, ID-C3, ID-C5 and the shape of deck data, one line per problem."""
        name = deck.get("name") if isinstance(deck, Mapping) else None
        where = f"deck {shorten(name, 40)!r}" if isinstance(name, str) else "deck"
        return setup.deck_spec(self, deck, where)[1]

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A deck file as deck data: TOML (``name``, ``car``, ``mods``, ``races``, ``[cards]``) or lines
        (``Car: AE86 Sprinter Trueno``, ``Mods: Takumi Fujiwara``, ``3 Tight Twin Drift``). The car, mods and
        race cards join ``cards`` (as in a starter deck's data); a card's kind says where it goes."""
        deck = read_deck(Path(path))  # bounded in size and depth; ContentError
        data, problems = deck_file_data(deck)
        if not problems:
            problems = setup.deck_spec(self, data, deck.path)[1]
        if problems:
            raise ContentError(problems)
        return data

    def side(self, spec: Any, where: str) -> Side:
        """A deck (a starter deck's name or deck data) as a Side; ContentError otherwise."""
        return setup.side(self, spec, where)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cars/mods/races/maneuvers/decks.toml) or a deck file."""
        path = Path(path)
        try:
            if path.is_dir():
                load_catalog(path, prefix=str(path))
            else:
                self.load_deck(path)
        except ContentError as e:
            return e.problems
        return []

    # -- protocol -------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, scenario: Any) -> InitialDState:
        assert isinstance(scenario, InitialDSetup)
        return setup.new_state(self, seed, setup.sides(self, decks), scenario)

    def parse(self, state: State, text: str, lang: str | None = None) -> Action:
        """As the base; a refusal names what is wrong from what every seat sees (the phase, the card's
        public requirements), never from the hand of the seat to move."""
        try:
            return super().parse(state, text, lang)
        except IllegalAction:
            if isinstance(state, InitialDState) and isinstance(text, str) and not state.is_over:
                raise IllegalAction(refusals.public_refusal(state, text, self.refusal_lang(lang))) from None
            raise

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return card_faces(self.table, self.check_lang(lang))

    def action_space(self) -> list[str]:
        return encoding.action_space(self.table)

    def observation_spec(self, players: int = 2) -> list[str]:
        return encoding.observation_spec(self.table)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> list[float]:
        return encoding.encode_view(self.table, view, seat)

    # -- the contract's hooks for clients (docs/ARCHITECTURE.md, "The contract") -----------------
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        """A play or a discard touches the card it names (``hand:<slug>``, in the mover's hand: views.py);
        ``pass`` and ``keep`` touch nothing."""
        if action.kind in ("play", "discard"):
            return (self.table.cards[action.args[0]].ref,)
        return ()

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        k = action.kind
        if k == "play":
            lasting = self.table.cards[action.args[0]].lasting
            return ("ID-P2", "ID-P3", "ID-P4", "ID-P5") if lasting else ("ID-P2", "ID-P3", "ID-P4")
        if k == "discard":
            paying = isinstance(state, InitialDState) and state.race.phase == PAY
            return ("ID-P3", "ID-P4") if paying else ("ID-P6",)
        if k == "keep":
            return ("ID-P6",)
        if k == "pass":
            return ("ID-P2",)
        return ()

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """``drew`` (a seat's own draw: the public ``draw`` counts only), ``play``, ``discard`` (paying,
        before a stage, at random), ``discard_hand`` (the loser's hand, ID-P6) and ``cleared`` (a maneuver
        in play discarded by an effect, ID-P5)."""
        ty = event.get("type")
        seat = event.get("seat")
        if not isinstance(seat, int):
            return []
        verb: CardVerb
        if ty == "drew":
            names, verb = event.get("cards", []), "drawn"
        elif ty == "play":
            names, verb = [event.get("card")], "played"
        elif ty in ("discard", "cleared"):
            names, verb = [event.get("card")], "discarded"
        elif ty == "discard_hand":
            names, verb = event.get("cards", []), "discarded"
        else:
            return []
        out = []
        for name in names:
            cid = self.table.find(name) if isinstance(name, str) else None
            if cid is not None:
                out.append(CardEvent(seat, verb, self.table.cards[cid].slug))
        return out

    def standing(self, state: State, seat: int) -> float:
        """Stages won, less the other seat's (public: every stage's winner is announced)."""
        assert isinstance(state, InitialDState)
        won = state.race.results.count(seat)
        return float(won - (len(state.race.results) - won))

    def coverage_decks(self) -> list[list[Any]]:
        return list(setup.coverage_decks(self))

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {}, "players": 2},
            {"options": {"discards": "shared"}, "players": 2},
            {"options": {"discard_order": "any", "cost_tie": "seat1"}, "players": 2},
        ]


__all__ = ["InitialD", "InitialDOptions"]
