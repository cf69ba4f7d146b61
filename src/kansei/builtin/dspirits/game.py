"""D-Spirits TCG: the game — its options, decks and content (rules digest ids DS-…, see RULES.md and
docs/rulings.md), and :class:`DSpiritsState`, the state machine, joined from its layers (see :mod:`.state`);
scenarios and the deal are in ``setup``.

Deck data (what ``start``, ``starter_deck`` and ``load_deck`` use)::

    {"name": "My deck", "cards": {"Lampire": 2, "Counter Sign": 1, …}, "side": {"Pebblit": 3, …}}

``cards`` holds the D-Squad deck's D-Spirits and the Support deck's support cards (sorted by kind), ``side``
the side deck (DS-D1; D-Evolutions live there).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from kansei.core.content import read_deck
from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Action, Game, GameOptions, State, option, validation_lines
from kansei.core.records import CardEvent, CardVerb

from .cards import REALM, Support, load_catalog, unimplemented
from .encoding import action_space, encode_view, observation_spec
from .lang import WORDS
from .refusals import RefusalState
from .rules import RULES_OF
from .setup import DSpiritsSetup, coverage_decks, new_state
from .state import Decklist
from .table import Table, table_for
from .views import DSpiritsView, ViewState, move_refs


class DSpiritsState(RefusalState, ViewState):
    """A game (or best-of-three match) of D-Spirits between two seats: the state's layers joined (see
    :mod:`.state`)."""

    __slots__ = ()


class DSpiritsOptions(GameOptions):
    # English words here, French and Japanese in text.py's OPTIONS (a docstring would show in the schema)
    starting_sp: int = option(
        5000,
        "Starting SP",
        "DS-G1: the Spirit Points each player starts with; a player at 0 SP or less loses",
        ge=500,
        le=100000,
    )
    first_player: Literal["rps", "seat0", "seat1"] = option(
        "rps",
        "First player",
        "DS-G1: who goes first: rock-paper-scissors (a fair coin), or the players agree",
        labels={"rps": "rock-paper-scissors"},
    )
    first_turn_attack: bool = option(
        False,
        "Attack on the first turn",
        "DS-G2 ruling: the first player may attack on their very first turn (off: not, as the rules say)",
    )
    old_rules: bool = option(
        False,
        "Old rules: Soul Shift",
        "DS-X4: bring back Soul Shift, removed from the current rules: pay 800 SP to park a D-Spirit in "
        "your Support Zone",
    )
    elemental_negates_spooky: bool = option(
        True,
        "Elemental negates Spooky",
        'DS-B5 ruling: an Elemental D-Spirit that destroys a Spooky one in battle negates its "when '
        'destroyed" abilities',
    )
    match: bool = option(
        False,
        "Best-of-three match",
        "DS-D1: play a best-of-three match, with side-deck swaps between games (off: a single game)",
    )
    side_swaps: int = option(
        3,
        "Side-deck swaps",
        "DS-D1: in a match, how many one-for-one swaps with the side deck each player may make between games",
        ge=0,
        le=20,
    )
    max_turns: int = option(
        60,
        "Turn limit",
        "DS-G1 house rule: after this many turns the game ends and the higher SP wins, so every game ends",
        ge=2,
        le=1000,
    )


Counts = Annotated[
    dict[Annotated[StrictStr, Field(max_length=80)], Annotated[StrictInt, Field(ge=1, le=99)]],
    Field(max_length=100),
]


class DeckData(BaseModel):
    """Deck data as a seat brings it (JSON-safe)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Annotated[StrictStr, Field(max_length=80)] = ""
    text: Annotated[StrictStr, Field(max_length=2000)] = ""
    cards: Counts
    side: Counts = {}


class DSpirits(Game):
    id = "dspirits"
    name = "D-Spirits TCG"
    titles = {"fr": "D-Spirits JCC"}
    Options = DSpiritsOptions
    Setup = DSpiritsSetup
    min_players = 2
    max_players = 2
    languages = ("en", "fr", "ja")
    words = WORDS
    View = DSpiritsView
    standing_unit = "SP"
    # the card table, the record and its rules (duel.py), and the evaluation: python -m kansei.build
    compiled_modules = ("table", "state", "spirits", "battle", "chains", "rules", "bots")

    options: DSpiritsOptions
    table: Table

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table = table_for(self.content_dir())

    # -- decks --------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.catalog.decks]

    def starter_deck(self, name: str) -> dict[str, Any]:
        for d in self.table.catalog.decks:
            if isinstance(name, str) and d.name.lower() == name.lower():
                return {
                    "name": d.name,
                    "text": d.text,
                    "cards": {**d.squad, **d.support},
                    "side": dict(d.side),
                }
        return super().starter_deck(name)

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A deck file: TOML (``name``, a ``[cards]`` table and a ``[side]`` table) or text lines
        ``2 Lampire`` with ``Side: 2 Pebblit`` lines for the side deck."""
        path = Path(path)
        deck = read_deck(path)
        problems: list[str] = []
        side: dict[str, int] = {}
        meta = dict(deck.meta)
        raw_side = meta.pop("side", None)
        if isinstance(raw_side, dict):  # TOML [side]
            for name, n in raw_side.items():
                if isinstance(n, int) and not isinstance(n, bool) and n >= 1:
                    side[name] = side.get(name, 0) + n
                else:
                    problems.append(
                        f'{path}: side: card "{shorten(str(name))}": count must be a positive integer'
                    )
        elif isinstance(raw_side, list):  # "Side: 2 Pebblit" lines
            for line in raw_side:
                count, _, name = str(line).strip().partition(" ")
                if count.isdigit() and int(count) >= 1 and name.strip():
                    side[name.strip()] = side.get(name.strip(), 0) + int(count)
                else:
                    problems.append(
                        f"{path}: side: expected '<count> <card name>', got {shorten(str(line))!r}"
                    )
        elif raw_side is not None:
            problems.append(f"{path}: side must be a table of name = count")
        meta.pop("text", None)
        for key in sorted(meta):
            problems.append(
                f"{path}: unknown key {shorten(str(key), 40)!r} (a deck has name, cards and side)"
            )
        if problems:
            raise ContentError(problems)
        return {"name": deck.name, "cards": deck.counts(), "side": side}

    def deck_problems(self, deck: Any) -> list[str]:
        """DS-D1 deck construction for deck data, one line per problem."""
        try:
            self._decks(deck, "deck")
        except ContentError as e:
            return e.problems
        return []

    def _decks(self, spec: Any, where: str) -> Decklist:
        """Deck data → (D-Squad, Support, side) lists of card ids (ContentError, one line per problem)."""
        try:
            data = DeckData.model_validate(spec)
        except ValidationError as e:
            raise ContentError(validation_lines(where, e)) from None
        cat = self.table.catalog
        squad: dict[str, int] = {}
        support: dict[str, int] = {}
        for name, n in data.cards.items():
            c = cat.find(name)
            (support if isinstance(c, Support) else squad)[name] = n  # evolutions are refused in squad
        problems = cat.deck_problems(squad, support, dict(data.side), where)
        if problems:
            raise ContentError(problems)
        t = self.table
        lists: list[list[int]] = []
        for cards in (squad, support, data.side):
            ids: list[int] = []
            for name, n in cards.items():
                cid = t.find(name)
                assert cid is not None
                ids.extend([cid] * n)
            lists.append(sorted(ids))
        return lists[0], lists[1], lists[2]

    def _deck_of_seat(self, spec: Any, seat: int) -> Decklist:
        where = f"deck of seat {seat}"
        decks = self.table.catalog.decks
        if spec is None:
            spec = decks[seat % len(decks)].name
        if isinstance(spec, str):
            built = self.table.starters.get(spec.lower())
            if built is None:
                if not any(d.name.lower() == spec.lower() for d in decks):
                    starters = ", ".join(self.starter_decks())
                    raise ContentError([f"{where}: {shorten(spec)!r} is not a starter deck ({starters})"])
                built = self.table.starters[spec.lower()] = self._decks(self.starter_deck(spec), where)
            return built
        return self._decks(spec, where)

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder or a deck file (DS-D1), one line each."""
        path = Path(path)
        try:
            if path.is_dir():
                return unimplemented(load_catalog(path, prefix=str(path)), str(path))
            self._decks(self.load_deck(path), str(path))
        except ContentError as e:
            return e.problems
        return []

    # -- protocol -----------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> DSpiritsState:
        specs = self.two_decks(decks)
        built = [self._deck_of_seat(specs[i], i) for i in range(2)]
        assert isinstance(setup, DSpiritsSetup)
        names = tuple(self._deck_name(specs[i], i) for i in range(2))
        return new_state(DSpiritsState, self, self.table, seed, built, setup, (names[0], names[1]))

    def _deck_name(self, spec: Any, seat: int) -> str:
        decks = self.table.catalog.decks
        if spec is None:
            return decks[seat % len(decks)].name
        if isinstance(spec, str):
            return next(d.name for d in decks if d.name.lower() == spec.lower())
        name = spec.get("name", "")
        return name if isinstance(name, str) else ""

    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        assert isinstance(state, DSpiritsState)
        return move_refs(state, action)

    # -- records (core/records.py) ------------------------------------------------------------------
    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """Which cards an event drew, played or discarded: the opening hand and draws (private), a Realm
        won by Field Rush, a D-Spirit back to hand (drawn); summons, Soul Exchanges, support cards,
        responses, D-Evolutions (played); destroyed, launched and banished D-Spirits with their stacks,
        D-Evolutions falling off a D-Spirit back in hand, Realms destroyed or negated (discarded)."""
        k = event.get("type")
        seat = event.get("seat")
        if not isinstance(seat, int):
            return []
        slug = self._slug

        def each(verb: CardVerb, names: Any) -> list[CardEvent]:
            return [CardEvent(seat, verb, slug(n)) for n in names]

        if k == "dealt":
            return each("drawn", event["cards"])
        if k in ("drew", "rushed"):
            return each("drawn", [event["card"]])
        if k == "to_hand":
            return each("drawn", [event["card"]]) + each("discarded", event.get("stack", ()))
        if k in ("summon", "exchange", "play", "evolve"):
            return each("played", [event["card"]])
        if k == "activate" and event.get("kind") == "response":
            return each("played", [event["source"]])
        if k in ("destroy", "banish"):
            return each("discarded", [*event.get("stack", ()), event["card"]])
        if k in ("launch", "realm_destroyed", "realm_negated"):
            return each("discarded", [event["card"]])
        return []

    def _slug(self, name: str) -> str:
        cid = self.table.find(name)
        return self.table.slug[cid] if cid is not None else name

    def standing(self, state: State, seat: int) -> float:
        """The seat's SP lead over the other (DS-G1: SP is what a game is won with); in a match, each
        game won counts as a whole starting SP on top."""
        assert isinstance(state, DSpiritsState)
        duel = state.duel
        lead = float(duel.sp[seat] - duel.sp[1 - seat])
        if self.options.match:
            lead += self.options.starting_sp * (duel.match_wins[seat] - duel.match_wins[1 - seat])
        return lead

    def coverage_decks(self) -> list[list[Any]]:
        """Two games' decks (deck data, four legal decks) that together hold every card of the content:
        each D-Evolution beside its base, each Special Move card beside the D-Spirits it needs."""
        return coverage_decks(self)

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        """The rule ids an action follows: a Realm played opens bidding (DS-R1), an attack on an empty
        Battle Scene is direct (DS-B4), a pass in bidding lets the bid stand (DS-R1)."""
        assert isinstance(state, DSpiritsState)
        k = action.kind
        if k == "play" and self.table.kind[action.args[0]] == REALM:
            return ("DS-C2", "DS-R1")
        if k in ("attack", "limbo") and action.args[1] == "direct":
            return (*RULES_OF[k][:-2], "DS-B4") if k == "attack" else ("DS-X5", "DS-B4")
        if k == "pass" and state.duel.bid is not None:
            return ("DS-R1",)
        return RULES_OF.get(k, ())

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {}, "players": 2},
            {"options": {"old_rules": True, "first_turn_attack": True}, "players": 2},
            {"options": {"match": True, "starting_sp": 3000}, "players": 2},
        ]

    # -- research hooks (docs/interop.md) ------------------------------------------------------------
    def action_space(self) -> list[str]:
        """Every notation a game with these options can produce, in a fixed order (see ``space``)."""
        o = self.options
        key = (o.old_rules, o.match, o.starting_sp)
        space = self.table.spaces.get(key)
        if space is None:
            space = self.table.spaces[key] = tuple(action_space(self.table, o))
        return list(space)

    def observation_spec(self, players: int = 2) -> list[str]:
        return observation_spec(self.table)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        return encode_view(self.table, view, seat)

    # -- cards ----------------------------------------------------------------------------------------
    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        """Every card face: D-Spirits and D-Evolutions with ATK / END / SP and their abilities, support
        cards with their bid or cost."""
        self.check_lang(lang)
        from .text import card_faces  # text.py imports this module

        return card_faces(self.table, lang)


__all__ = ["DSpirits", "DSpiritsOptions", "DSpiritsState", "DeckData"]
