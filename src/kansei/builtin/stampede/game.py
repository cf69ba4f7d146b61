"""Card Race Stampede!! (game id ``stampede``): the game — options, decks, content and the hooks tools use.

The rules themselves are the state's layers (rule ids ST-…, see RULES.md and docs/rulings.md):
:mod:`.state` (fields, queries, card movements, copies), :mod:`.combat` (ST-T4 battle, the goal, keywords
that run), :mod:`.responses` (abilities and response windows, ST-T6), :mod:`.setup` (ST-S1, scenarios and
decks) and :mod:`.rules` (the phases of a turn, legal actions and applying them); :mod:`.views` is what a
seat sees. Card effects are data: blocks of :mod:`.blocks` named in ``content/*.toml``, compiled into the
card table of :mod:`.table`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from kansei.core.content import read_deck
from kansei.core.errors import ContentError, IllegalAction
from kansei.core.options import shorten
from kansei.core.protocol import Action, DeckWords, Game, GameOptions, State, option, validation_lines
from kansei.core.records import CardEvent

from . import encoding, text, views
from .blocks import ZONE_LABELS
from .lang import WORDS
from .refusals import public_reason
from .rules import StampedeState, move_rules
from .setup import DeckData, StampedeSetup, coverage_decks, resolve_deck
from .state import KEEPER_WINDOWS, RESPONSE_WINDOWS
from .table import Catalog, catalog, catalog_at

MAX_DECK_FILE = 1_000_000  # bytes: a larger deck file is refused unread


class StampedeOptions(GameOptions):
    # English words here, French and Japanese in text.py's OPTIONS (a docstring would show in the schema)
    # ST-T3: a side machine returns to hand when the center's gear drops to or below its gear (以下, the
    # literal text, default); "strictly_below" is the other reading.
    side_return: Literal["at_or_below", "strictly_below"] = option(
        "at_or_below",
        "Side machines return",
        "ST-T3: when the center's gear drops, a side machine returns to hand if the center is now at or "
        "below its gear (以下, as printed), or only strictly below",
        labels={"at_or_below": "at or below (as printed)", "strictly_below": "strictly below"},
    )
    first_player: Literal["rps", "seat0", "seat1"] = option(
        "rps",
        "First player",
        "ST-S1: rock-paper-scissors, whose winner chooses to go first or second; or the players agree",
        labels={"rps": "rock-paper-scissors"},
    )
    first_turn_draw: bool = option(
        True,
        "Draw on the first turn",
        "ST-T1 ruling: the first player draws on the very first turn too (off: skips that draw)",
    )
    double_action: Literal["per_turn", "per_game"] = option(
        "per_turn",
        "Double Action",
        "ST-K2 ruling: a Double Action machine untaps after acting once each turn, or once in the whole race",
        labels={"per_turn": "once per turn", "per_game": "once per race"},
    )
    effect_draw_loses: bool = option(
        True,
        "Effect draws can lose",
        "ST-O1 ruling: a card effect that makes you draw from an empty deck loses the race too (off: that "
        "draw fizzles)",
    )
    # 《幻影の周回》 ruling: the copied assist's own condition ("use only while…") binds the copy
    # ("apply", the text used as printed) or only its effect blocks are used ("ignore").
    copy_conditions: Literal["apply", "ignore"] = option(
        "apply",
        "Phantom Lap copies conditions",
        'ST-C2 ruling: an assist Phantom Lap copies keeps its own condition ("use only while…"), or only '
        "its effect is used",
        labels={"apply": "the condition binds (as printed)", "ignore": "the effect only"},
    )
    start_distance: int = option(
        20,
        "Starting distance",
        "ST-S1: the distance each player must run to win (20 in the rules)",
        ge=1,
        le=99,
    )
    hand_size: int = option(
        5, "Starting hand", "ST-S1: how many cards each player draws at set-up (5 in the rules)", ge=0, le=10
    )


# what a logged event did to its cards (Game.card_events); "ability" and "left" depend on their fields
_CARD_VERBS: dict[str, Literal["drawn", "played", "discarded"]] = {
    "hand": "drawn",
    "drew": "drawn",
    "searched_cards": "drawn",
    "first_machine": "played",
    "call": "played",
    "event": "played",
    "discarded": "discarded",
    "destroyed": "discarded",
}


def _capped(lines: list[str], most: int = 20) -> list[str]:
    """At most ``most`` problem lines, each cut short, and a count of the rest."""
    out = [shorten(line, 160) for line in lines[:most]]
    if len(lines) > most:
        out.append(f"… and {len(lines) - most} more")
    return out


class Stampede(Game):
    id = "stampede"
    name = "Card Race Stampede!!"
    titles = {"ja": "カードレース・スタンピード！！"}  # the original's title (its rulebook is Japanese)
    Options = StampedeOptions
    Setup = StampedeSetup
    min_players = 2
    max_players = 2
    languages = ("en", "ja", "fr")
    words = WORDS
    View = views.StampedeView
    standing_unit = "distance"
    compiled_modules = ("table", "race", "steps", "bots")  # python -m kansei.build

    options: StampedeOptions
    table: Catalog

    def __init__(self, **options: Any):
        super().__init__(**options)
        if self.content_path is None:
            self.table = catalog()
        else:
            self.table = catalog_at(str(self.content_path), self.content_digest())

    # -- decks --------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d.name for d in self.table.decks]

    def starter_deck(self, name: str) -> dict[str, Any]:
        key = str(name).strip().lower()
        for d in self.table.decks:
            if key in (d.name.lower(), d.ja.lower()):
                return {"name": d.name, "cards": dict(d.cards)}
        return super().starter_deck(name)

    def deck_words(self, lang: str = "en") -> dict[str, DeckWords]:
        """The decks' words: the content's own for the languages it has (the Japanese original's name and
        text, their English text), the text module's ``DECKS`` for the others."""
        words = super().deck_words(lang)
        for d in self.table.decks:
            own = {"en": DeckWords(d.name, d.text_en), "ja": DeckWords(d.ja or d.name, d.text)}.get(lang)
            if own is not None:
                words[d.name] = own
        return words

    def load_deck(self, path: Path) -> dict[str, Any]:
        """A deck file (TOML with a [cards] table, or "3 Card Name" lines) as deck data (ContentError)."""
        path = Path(path)
        shown = shorten(str(path))
        try:
            if not path.is_file():
                raise ContentError([f"{shown}: not a deck file"])
            if path.stat().st_size > MAX_DECK_FILE:
                raise ContentError([f"{shown}: larger than {MAX_DECK_FILE} bytes: not a deck file"])
        except OSError as e:
            raise ContentError([f"{shown}: cannot be read ({e.strerror})"]) from None
        deck = read_deck(path)
        return {"name": deck.name, "cards": deck.counts(), **deck.meta}

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """ST-D1 and the shape of deck data, one line per problem (empty: a legal deck)."""
        if not isinstance(deck, Mapping):
            return ['a deck is data: {"name": …, "cards": {card name: count}}']
        name = deck.get("name")
        where = f"deck {shorten(name, 40)!r}" if isinstance(name, str) and name else "deck"
        try:
            data = DeckData.model_validate(dict(deck))
        except ValidationError as e:
            return _capped(validation_lines(where, e))
        return _capped(self.table.deck_problems(data.cards, where))

    def validate_content(self, path: Path) -> list[str]:
        """Problems in a content folder (cards*.toml, decks.toml) or a deck file; warnings start with
        ``warning`` (ST-O3 stat guide, cards not implemented yet)."""
        path = Path(path)
        try:
            if path.is_dir():
                from .table import load_catalog

                return load_catalog(path, prefix=str(path))[1]
            deck = self.load_deck(path)
        except ContentError as e:
            return e.problems
        try:
            data = DeckData.model_validate(deck)
        except ValidationError as e:
            return validation_lines(str(path), e)[:20]
        return self.table.deck_problems(data.cards, str(path))

    # -- the protocol --------------------------------------------------------------------------------
    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> StampedeState:
        specs = self.two_decks(decks)
        decks = [resolve_deck(self, specs[i], i) for i in range(2)]
        return StampedeState.new(self, seed, decks, setup)

    def parse(self, state: State, text: str, lang: str | None = None) -> Action:
        """The legal action ``text`` names; refusals say why from public information only (any seat may
        read them: no hand, deck or other seat's option is named)."""
        try:
            return super().parse(state, text, lang)
        except IllegalAction:
            if state.is_over or not isinstance(state, StampedeState):
                raise
            why = public_reason(state, text, self.refusal_lang(lang))
            if why is None:
                raise
            raise IllegalAction(why) from None

    def test_configs(self) -> list[dict[str, Any]]:
        return [
            {"options": {}, "players": 2},
            {"options": {"side_return": "strictly_below", "double_action": "per_game"}, "players": 2},
            {"options": {"first_player": "seat1", "first_turn_draw": False}, "players": 2},
        ]

    # -- hooks for tools ------------------------------------------------------------------------------
    def menu_group(self, state: State, action: Action, lang: str = "en") -> str | None:
        if not isinstance(state, StampedeState):
            return None
        return text.menu_group(state, action, self.check_lang(lang))

    def worth_asking(self, state: State, seat: int) -> bool:
        """For clients' ``respond=auto``: False when ``seat`` (to move) has nothing sensible but to pass.

        Judged from that seat's own legal actions and what it sees: a response window where its only
        action is ``pass``, or a goal window where even all its keepers together cannot push the
        opponent's distance back above 0; or a single legal action. The engine itself always asks; this is
        a client convenience."""
        if not isinstance(state, StampedeState) or state.to_move != seat:
            return True
        if len(state.legal_actions()) == 1:
            return False  # its only action: nothing to ask
        if not state.windows.frames:
            return True
        kind = state.windows.kind
        if kind not in RESPONSE_WINDOWS and kind not in KEEPER_WINDOWS:
            return True
        options = [a for a in state.legal_actions() if a.kind not in ("pass", "decline")]
        if not options:
            return False
        if kind == "goal":
            return encoding.keepers_can_avert(state, seat, options)
        return True

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return encoding.card_faces(self.table, self.check_lang(lang))

    # -- the contract's hooks for clients (docs/ARCHITECTURE.md) ------------------------------------------
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        if not isinstance(state, StampedeState):
            return ()
        return views.move_refs(state, action)

    def move_rules(self, state: State, action: Action) -> tuple[str, ...]:
        if not isinstance(state, StampedeState):
            return ()
        return move_rules(state, action)

    def standing(self, state: State, seat: int) -> float:
        """How many steps of distance ``seat`` is ahead of the other (negative: behind); public."""
        if not isinstance(state, StampedeState):
            return super().standing(state, seat)
        return float(state.distance[1 - seat] - state.distance[seat])

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """Drawn: dealt (the hand looked at when the race starts), drawn, taken by a search. Played: the
        first machine, a call, an event placed, an assist or keeper played, an ability used from the
        field. Discarded: paid from hand, destroyed, or sent from the field to the discard pile."""
        kind = event.get("type")
        seat = event.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            return []
        verb = _CARD_VERBS.get(str(kind))
        if kind == "ability":
            verb = "played" if event.get("how") in ("assist", "keeper", "use") else None
        elif kind == "left":
            verb = "discarded" if event.get("dest") == "discard" else None
        if verb is None:
            return []
        names = event.get("cards") if kind in ("hand", "searched_cards") else [event.get("card")]
        out = []
        for name in names or ():
            cid = self.table.find(name) if isinstance(name, str) else None
            if cid is not None:
                out.append(CardEvent(seat, verb, self.table.cards[cid].slug))
        return out

    def coverage_decks(self) -> list[list[Any]]:
        return coverage_decks(self)

    def action_space(self) -> list[str]:
        return encoding.action_space(self.table)

    def observation_spec(self, players: int = 2) -> list[str]:
        return encoding.observation_spec(self.table)

    def encode_view(self, view: Mapping[str, Any], seat: int | None) -> list[float]:
        return encoding.encode_view(self.table, view, seat)


__all__ = ["Stampede", "StampedeOptions", "StampedeSetup", "StampedeState", "ZONE_LABELS"]
