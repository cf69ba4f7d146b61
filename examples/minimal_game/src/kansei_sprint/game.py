"""Sprint, the game object: options, content, start and the hooks of the contract every client uses
(docs/ARCHITECTURE.md in kansei, "The contract between a game and its clients")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from kansei.core.content import read_deck
from kansei.core.errors import ContentError
from kansei.core.protocol import Action, Game, GameOptions, State
from kansei.core.records import CardEvent

from . import encoding
from .cards import CONTENT, load_cards
from .setup import MAX_DECK, MIN_DECK, STARTER, SprintSetup, deck_problems, resolve_decks
from .state import SprintState
from .table import Table, build_table
from .views import SprintView


class SprintOptions(GameOptions):
    goal: int = Field(10, ge=5, le=40, description="SP-W1: the space that wins the sprint")


class Sprint(Game):
    id = "sprint"
    name = "Sprint (example plugin)"
    Options = SprintOptions
    Setup = SprintSetup
    View = SprintView
    standing_unit = "spaces"

    options: SprintOptions
    table: Table

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table = build_table(self.content_dir() or CONTENT)

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> SprintState:
        return SprintState.deal(self, seed, resolve_decks(self.table, decks), setup)

    # -- decks and content ---------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [STARTER]

    def starter_deck(self, name: str) -> dict[str, Any]:
        if name.strip().lower() != STARTER:
            return super().starter_deck(name)
        return {"name": STARTER, "cards": dict(self.table.starter)}

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A deck file ('3 Launch' lines or TOML) as deck data; cards by name or slug."""
        deck = read_deck(path)
        by_name = {c.name.lower(): slug for slug, c in self.table.cards.items()}
        cards = {by_name.get(n.lower(), n.lower()): count for n, count in deck.counts().items()}
        data = {"name": deck.name, "cards": cards}
        problems = deck_problems(self.table, data, deck.path)
        if problems:
            raise ContentError(problems)
        return data

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        return deck_problems(self.table, deck)

    def validate_content(self, path: Path) -> list[str]:
        path = Path(path)
        try:
            if path.is_dir():
                build_table(path)
            else:
                self.load_deck(path)
        except ContentError as e:
            return e.problems
        return []

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return [
            {
                "name": c.name,
                "slug": c.slug,
                "kind": "speed",
                "text": c.text,
                "stats": {"speed": c.speed},
                "tags": [],
                "colour": None,
                "house": None,
            }
            for c in self.table.cards.values()
        ]

    def coverage_decks(self) -> list[list[Any]]:
        """Decks that hold every card of the content between them (a card in no starter deck too): one
        copy of each, topped up from the starter deck to a legal size."""
        out = []
        slugs = self.table.slugs
        for start in range(0, len(slugs), MAX_DECK):
            counts = dict.fromkeys(slugs[start : start + MAX_DECK], 1)
            for slug in self.table.starter:
                while sum(counts.values()) < MIN_DECK and counts.get(slug, 0) < self.table.starter[slug]:
                    counts[slug] = counts.get(slug, 0) + 1
            deck = {"name": "coverage", "cards": counts}
            out.append([deck, deck])
        return out

    # -- the contract's hooks for clients ------------------------------------------------------------
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        assert isinstance(state, SprintState)
        return (f"hand:{state.hands[state.turn].index(action.args[0])}",)

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        card = self.table.cards[action.args[0]]
        return ("SP-R1", "SP-R2") + (("SP-C1",) if card.on_lose else ()) + (("SP-C2",) if card.on_win else ())

    def standing(self, state: State, seat: int) -> float:
        assert isinstance(state, SprintState)
        return float(state.position[seat] - state.position[1 - seat])

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        kind = event.get("type")
        if kind == "dealt_cards":
            return [CardEvent(event["seat"], "drawn", c) for c in event["cards"]]
        if kind == "drew_card":
            return [CardEvent(event["seat"], "drawn", event["card"])]
        if kind == "played_card":
            return [CardEvent(event["seat"], "played", event["card"])]
        return []

    def test_configs(self) -> list[dict[str, Any]]:
        return [{"options": {}, "players": 2}, {"options": {"goal": 5}, "players": 2}]

    # -- research adapters ---------------------------------------------------------------------------
    def action_space(self) -> list[str]:
        return encoding.action_space(self)

    def observation_spec(self, players: int) -> list[str]:
        return encoding.observation_spec(self, players)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> Sequence[float]:
        return encoding.encode_view(self, view, seat)


__all__ = ["Sprint", "SprintOptions", "load_cards"]
