"""Toy games for the conformance kit's own tests: one that keeps the whole contract, and broken copies
that each break one property, so each test can show the kit catches exactly that.

Draw Duel: two seats, each with its own shuffled deck of number cards (1, 2, 3) and two bolts. A seat holds
two cards; on its turn it plays one (its value scores, the card goes to its face-up pile) and draws one. A
bolt is never held: drawn, it goes straight to the pile and scores 1 (everyone sees it). When both hands are
empty the higher score wins.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from kansei import Action, ContentError, Game, State
from kansei.core.protocol import GameView, NamesLike
from kansei.core.records import CardEvent

VALUES = {"one": 1, "two": 2, "three": 3, "bolt": 1}
DECK = {"one": 3, "two": 3, "three": 2, "bolt": 2}
NAMES = {"one": "One", "two": "Two", "three": "Three", "bolt": "Bolt"}
PLAY = {slug: Action(f"play {slug}", "play", (slug,)) for slug in VALUES if slug != "bolt"}


class HandCard(GameView):
    ref: str
    card: str


class Pile(GameView):
    ref: str
    cards: list[str]


class DuelView(GameView):
    to_move: int | None
    points: list[int]
    hand_counts: list[int]
    deck_counts: list[int]
    piles: list[Pile]
    hand: list[HandCard] | None


class DrawDuel(Game):
    id = "drawduel"
    name = "Draw Duel"
    View = DuelView
    standing_unit = "points"
    languages = ("en", "fr")

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> DuelState:
        specs = decks or [None, None]
        lists = []
        for spec in specs:
            counts = DECK if spec is None else spec.get("cards") if isinstance(spec, dict) else None
            if not isinstance(counts, dict) or set(counts) - set(VALUES):
                raise ContentError(["drawduel: a deck is {'cards': {slug: count}}"])
            lists.append(dict(counts))
        return self.state_class().new(self, seed, lists)

    def state_class(self) -> type[DuelState]:
        return DuelState

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return [{"name": NAMES[s], "slug": s, "kind": "number", "text": ""} for s in VALUES]

    def starter_decks(self) -> list[str]:
        return []

    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        assert isinstance(state, DuelState)
        hand = state.hands[state.turn]
        return (f"hand:{hand.index(action.args[0])}",)

    def standing(self, state: State, seat: int) -> float:
        assert isinstance(state, DuelState)
        return float(state.points[seat] - state.points[1 - seat])

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        kind = event.get("type")
        if kind == "drew_card":
            return [CardEvent(event["seat"], "drawn", event["card"])]
        if kind == "played":
            return [CardEvent(event["seat"], "played", event["card"])]
        if kind == "bolt":
            return [CardEvent(event["seat"], "drawn", "bolt"), CardEvent(event["seat"], "played", "bolt")]
        return []

    def narrate(
        self, event: Mapping[str, Any], seat: int | None = None, lang: str = "en", names: NamesLike = None
    ) -> str | None:
        who = self.names(names, lang)
        kind = event.get("type")
        if kind == "drew":
            return f"{who(event['seat'])} draws {event['count']}"
        if kind == "drew_card":
            return f"{who(event['seat'])} draws {NAMES[event['card']]}"
        if kind == "bolt":
            return f"{who(event['seat'])}: bolt!"
        if kind == "played":
            return f"{who(event['seat'])} plays {NAMES[event['card']]}"
        if kind == "over":
            return "the duel is over" if lang == "en" else "le duel est fini"
        return None

    def render(self, state: State, seat: int | None, lang: str = "en", names: NamesLike = None) -> Any:
        v = state.view(seat)
        hand = " ".join(c["card"] for c in v["hand"] or [])
        return f"points {v['points']} decks {v['deck_counts']} hand {hand}"

    def test_configs(self) -> list[dict[str, Any]]:
        return [{"options": {}, "players": 2}]


class DuelState(State):
    __slots__ = ("decks", "hands", "piles", "points", "turn", "over", "start_decks")

    decks: list[list[str]]
    hands: list[list[str]]
    piles: list[list[str]]
    points: list[int]
    turn: int
    over: bool
    start_decks: list[dict[str, int]]

    @classmethod
    def new(cls, game: DrawDuel, seed: int, lists: list[dict[str, int]]) -> DuelState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.start_decks = lists
        s.decks = [sorted(slug for slug, n in counts.items() for _ in range(n)) for counts in lists]
        for deck in s.decks:
            s.rng.shuffle(deck)
        s.hands, s.piles, s.points = [[], []], [[], []], [0, 0]
        s.turn, s.over = 0, False
        for seat in (0, 1):
            s.draw(seat, 2)
        return s

    def draw(self, seat: int, n: int) -> None:
        drawn = 0
        while drawn < n and self.decks[seat]:
            card = self.decks[seat].pop()
            if card == "bolt":
                self.bolt(seat)
                continue
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.log_private(seat, "drew_card", seat=seat, card=card)
            drawn += 1
        if drawn:
            self.log("drew", seat=seat, count=drawn)

    def bolt(self, seat: int) -> None:
        self.piles[seat].append("bolt")
        self.points[seat] += 1
        self.log("bolt", seat=seat, card="bolt")

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        if not self.over or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1

    def returns(self) -> list[float]:
        w = self.winner
        return [0.0, 0.0] if w is None else [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def _legal_actions(self) -> list[Action]:
        return [PLAY[slug] for slug in sorted(set(self.hands[self.turn]))]

    def _apply(self, action: Action) -> None:
        seat, card = self.turn, action.args[0]
        self.hands[seat].remove(card)
        self.put_in_pile(seat, card)
        self.points[seat] += VALUES[card]
        self.log("played", seat=seat, card=card)
        self.draw(seat, 1)
        other = 1 - seat
        if self.hands[other]:
            self.turn = other
        elif not self.hands[seat]:
            self.over = True
            self.log("over", winner=self.winner, points=list(self.points))

    def put_in_pile(self, seat: int, card: str) -> None:
        self.piles[seat].append(card)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "points": list(self.points),
            "hand_counts": [len(h) for h in self.hands],
            "deck_counts": [len(d) for d in self.decks],
            "piles": [{"ref": f"zone:{s}:pile", "cards": list(p)} for s, p in enumerate(self.piles)],
            "hand": None
            if seat is None
            else [{"ref": f"hand:{i}", "card": c} for i, c in enumerate(self.hands[seat])],
        }

    def reveal(self) -> dict[str, Any]:
        return {
            **self.view(None),
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
        }

    def census(self) -> dict[int, Counter[Any]]:
        return {s: Counter(self.decks[s] + self.hands[s] + self.piles[s]) for s in (0, 1)}

    def zones(self) -> dict[str, Counter[str]]:
        out = {}
        for s in (0, 1):
            out[f"zone:{s}:deck"] = Counter(self.decks[s])
            out[f"zone:{s}:hand"] = Counter(self.hands[s])
            out[f"zone:{s}:pile"] = Counter(self.piles[s])
        return out

    def deck_lists(self) -> list[dict[str, Any] | None]:
        return [{"name": "toy", "cards": dict(d)} for d in self.start_decks]

    def _first_mover(self) -> int | None:
        return 0

    def clone(self) -> DuelState:
        other = type(self).__new__(type(self))
        self._copy_base(other)
        other.decks = [d[:] for d in self.decks]
        other.hands = [h[:] for h in self.hands]
        other.piles = [p[:] for p in self.piles]
        other.points = self.points[:]
        other.turn, other.over, other.start_decks = self.turn, self.over, self.start_decks
        return other

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        for other in (0, 1):
            if other == seat:
                deck = sorted(self.decks[other])
                rng.shuffle(deck)
                self.decks[other] = deck
                continue
            self.resample_hidden(other, rng)

    def resample_hidden(self, other: int, rng: random.Random) -> None:
        """A bolt is never held: the hand comes from the number cards among the hidden ones."""
        pool = sorted(self.decks[other] + self.hands[other])
        numbers = [c for c in pool if c != "bolt"]
        rng.shuffle(numbers)
        n = len(self.hands[other])
        self.hands[other] = sorted(numbers[:n])
        rest = numbers[n:] + [c for c in pool if c == "bolt"]
        rng.shuffle(rest)
        self.decks[other] = rest


# -- each breaks one property ----------------------------------------------------------------------------
class LeakyState(DuelState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        if seat is not None:  # the next card of the deck, which nobody may know
            v["deck_counts"] = [len(d) + (VALUES[d[-1]] if d else 0) for d in self.decks]
        return v


class LeakyView(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return LeakyState


class LosingState(DuelState):
    __slots__ = ()

    def put_in_pile(self, seat: int, card: str) -> None:
        if card != "three":  # a played Three vanishes
            super().put_in_pile(seat, card)


class LosingCensus(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return LosingState


class BoltHoldingState(DuelState):
    __slots__ = ()

    def resample_hidden(self, other: int, rng: random.Random) -> None:
        pool = sorted(self.decks[other] + self.hands[other])  # bolts too: a hand no real play holds
        rng.shuffle(pool)
        n = len(self.hands[other])
        self.hands[other] = sorted(pool[:n])
        self.decks[other] = pool[n:]

    def _legal_actions(self) -> list[Action]:
        return [PLAY[s] for s in sorted(set(self.hands[self.turn])) if s in PLAY] or [PLAY["one"]]


class UnreachableWorlds(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return BoltHoldingState


class SilentBolt(DrawDuel):
    def narrate(
        self, event: Mapping[str, Any], seat: int | None = None, lang: str = "en", names: NamesLike = None
    ) -> str | None:
        if event.get("type") == "bolt" and lang == "fr":
            return None  # no French for the bolt
        return super().narrate(event, seat, lang, names)


class BadRef(DrawDuel):
    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        return (f"card:{action.args[0]}",)  # the view names hand:<i>, never card:<slug>


class OffSchemaState(DuelState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        v["points"] = [str(p) for p in v["points"]]  # the schema says ints
        return v


class OffSchema(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return OffSchemaState


class UnpicklableState(DuelState):
    __slots__ = ("scorer",)

    @classmethod
    def new(cls, game: DrawDuel, seed: int, lists: list[dict[str, int]]) -> DuelState:
        s = super().new(game, seed, lists)
        assert isinstance(s, UnpicklableState)
        s.scorer = lambda card: VALUES[card]  # a lambda: pickle cannot name it
        return s

    def clone(self) -> DuelState:
        other = super().clone()
        assert isinstance(other, UnpicklableState)
        other.scorer = self.scorer
        return other


class Unpicklable(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return UnpicklableState


class Hookless(DrawDuel):
    """A game that implements only the old protocol: no View, no refs, no zones, no card events."""

    View = None

    def move_refs(self, state: State, action: Action) -> tuple[str, ...]:
        return ()

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        return []

    def state_class(self) -> type[DuelState]:
        return ZonelessState


class ZonelessState(DuelState):
    __slots__ = ()

    def zones(self) -> None:  # type: ignore[override]
        return None


class DeadEndState(BoltHoldingState):
    """Worlds that hold bolts in hand and play only number cards: a world's mover may have nothing legal."""

    __slots__ = ()

    def _legal_actions(self) -> list[Action]:
        return [PLAY[s] for s in sorted(set(self.hands[self.turn])) if s in PLAY]

    def zones(self) -> None:  # type: ignore[override]
        return None  # without zones, the dead end is what gives it away


class DeadEndWorlds(DrawDuel):
    def state_class(self) -> type[DuelState]:
        return DeadEndState


class Encoded(DrawDuel):
    """The research adapters' optional hooks: ``encode_view`` of the view and its ``encode_state`` shortcut,
    the same vector read from the state (points, hand and deck counts, and the seat's own hand)."""

    def observation_spec(self, players: int) -> list[str]:
        return [*(f"points.{p}" for p in range(players)), *(f"hand.{p}" for p in range(players)), "own.sum"]

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        own = sum(VALUES[c["card"].lower()] for c in view["hand"] or [])
        return [*map(float, view["points"]), *map(float, view["hand_counts"]), float(own)]

    def encode_state(self, state: State, seat: int | None) -> list[float]:
        assert isinstance(state, DuelState)
        own = sum(VALUES[c] for c in state.hands[seat]) if seat is not None else 0
        return [*map(float, state.points), *(float(len(h)) for h in state.hands), float(own)]


class PeekingEncoder(Encoded):
    """A shortcut that reads the other seat's hand, which the view never shows."""

    def encode_state(self, state: State, seat: int | None) -> list[float]:
        assert isinstance(state, DuelState)
        peek = sum(VALUES[c] for c in state.hands[1 if seat is None else 1 - seat])
        return [*super().encode_state(state, seat)[:-1], float(peek)]
