"""Card Race Stampede!!: decks (ST-D1), set-up (ST-S1) and scenarios.

A race starts with each seat choosing a gear-1 machine face down as its first center, then the decks are
shuffled, five cards dealt (not looked at yet), rock-paper-scissors thrown and its winner chooses to go
first or second. A scenario (``setup``) fixes any of it: the first centers, cards on the field, in hand, in
the discard pile or on top of the deck, the distances, the turn, who goes first.

Everything a scenario asks for is checked when the game starts (:func:`plan`): the named cards are taken
out of their decks at once, so nothing can fail later inside a legal action.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Self

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kansei.core.errors import ContentError
from kansei.core.protocol import GameSetup
from kansei.core.rng import RandomSource
from kansei.core.windows import Windows

from .cards import ASSIST, DECK_SIZE, MACHINE, MAX_COPIES, MAX_STEERING, STEERING
from .race import Race
from .responses import Responses
from .state import CENTER, CHOOSE_CENTER, CHOOSE_ORDER, DRAW, LEFT, NOTHING_KNOWN, RIGHT, DeckList
from .table import CardDef, Catalog, can_start

if TYPE_CHECKING:  # pragma: no cover
    from .game import Stampede

CardName = Annotated[StrictStr, Field(min_length=1, max_length=100)]
Count = Annotated[StrictInt, Field(ge=1, le=40)]


class DeckData(BaseModel):
    """A deck as data: ``{"name": …, "cards": {card name: count}}`` (ST-D1 is checked separately)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: StrictStr = Field("custom", max_length=100)
    cards: dict[CardName, Count] = Field(max_length=200)


def resolve_deck(game: Stampede, spec: Any, seat: int) -> tuple[str, list[int]]:
    """A deck spec of ``start`` (None, a starter deck's name or deck data) -> its name and card ids
    (ST-D1)."""
    if spec is None:
        spec = game.table.decks[seat % len(game.table.decks)].name
    if isinstance(spec, str):
        data = game.starter_deck(spec)
        starter = game.table.starter_ids(data["name"])
        if starter is not None:
            return data["name"], list(starter)
    else:
        problems = game.deck_problems(spec)
        if problems:
            raise ContentError([f"stampede: seat {seat}'s {p}" for p in problems])
        data = dict(spec)
    ids: list[int] = []
    for card, n in data["cards"].items():
        cid = game.table.find(card)
        assert cid is not None  # checked by deck_problems
        ids.extend([cid] * n)
    return str(data.get("name") or "custom"), sorted(ids)


Name = Annotated[StrictStr, Field(min_length=1, max_length=100)]
Names = Annotated[list[Name], Field(max_length=40)]


class FieldSetup(GameSetup):
    """One seat's field in a scenario: the center stack above the first machine, and the side zones."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    L: Name | None = None
    C: Names = []
    R: Name | None = None


PAIR = Field(min_length=2, max_length=2)  # one entry per seat
Distance = Annotated[StrictInt, Field(ge=1, le=99)]


class StampedeSetup(GameSetup):
    """Scenario keys, each a list of two entries (seat 0, seat 1) unless said otherwise."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    centers: Annotated[list[Name | None], PAIR] | None = None  # the first machines (gear-1, ST-S1)
    field: Annotated[list[FieldSetup | None], PAIR] | None = None  # {L: name, C: [names], R: name}
    hands: Annotated[list[Names | None], PAIR] | None = None  # the rest is dealt up to hand_size
    discard: Annotated[list[Names | None], PAIR] | None = None
    order: Annotated[list[Names | None], PAIR] | None = None  # the top of each deck, first name on top
    distance: Annotated[list[Distance], PAIR] | None = None
    turn: Annotated[StrictInt, Field(ge=1, le=999)] | None = None
    first: Annotated[StrictInt, Field(ge=0, le=1)] | None = None  # who goes first (no RPS)


class Plan(NamedTuple):
    """A scenario's cards, taken out of the decks at start; placed once both first machines are set."""

    stacks: list[list[int]]  # per seat: machines above the first center
    sides: list[list[tuple[int, int]]]  # per seat: (zone, uid)
    hands: list[list[int]]
    discard: list[list[int]]
    order: list[list[int]]  # per seat: the top of the deck, first on top
    first: int | None


def _seats(value: list[Any] | None) -> list[Any]:
    return [None, None] if value is None else value


class SetUp(Responses):
    __slots__ = ()

    @classmethod
    def new(cls, game: Stampede, seed: int, decks: list[tuple[str, list[int]]], setup: StampedeSetup) -> Self:
        """A race with ``decks`` (per seat: its name and card ids). Raises ContentError for a scenario
        that cannot be set up; nothing outside the new state is touched."""
        cards = game.table.cards
        o = game.options
        built = [ids for _, ids in decks]
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.decklists = (_decklist(*decks[0]), _decklist(*decks[1]))
        r = s.race = Race()
        r.known = NOTHING_KNOWN
        r.card_of = tuple(cards[c] for c in built[0] + built[1])
        r.seat1_start = len(built[0])
        r.decks = [list(range(r.seat1_start)), list(range(r.seat1_start, len(r.card_of)))]
        r.decks_shared = r.hands_shared = r.discard_shared = r.centers_shared = False
        r.hands = [[], []]
        r.discard = [[], []]
        r.centers = [[], []]
        r.field = [-1] * 6
        r.tapped = [False] * 6
        r.damage = {}
        r.stat_mods = []
        r.distance = (o.start_distance, o.start_distance)  # ST-S1
        r.turn = r.start_turn = setup.turn or 1
        r.active = 0
        r.first = -1
        r.phase = CHOOSE_CENTER
        r.double_action_used = []
        r.used_this_turn = []
        r.forcing_until = (0, 0)
        r.force_lift = ((1, 2), (1, 2))
        r.leader = -1
        r.windows = Windows(2)
        r.narrating = s.narrating
        s.over = False
        s.win = None
        s.reason = ""
        s.rps_winner = -1
        s.pending_setup = s._plan(setup)
        if setup.distance is not None:
            a, b = setup.distance
            r.distance = (a, b)
            r.leader = 0 if a < b else 1 if b < a else -1  # ST-K7: the lead a scenario starts with
        s._after_center()
        return s

    # -- scenarios ----------------------------------------------------------------------------------
    def _take(self, p: int, name: str, where: str, check: Any = None) -> int:
        """Take a copy of card ``name`` out of ``p``'s deck (ContentError naming ``where`` if impossible)."""
        cid = self.game.table.find(name)
        if cid is None:
            raise ContentError([f"stampede setup: {where}: {name!r} is not a Stampede card"])
        deck = self.race.own_decks()[p]
        for i, u in enumerate(deck):
            if self.race.card_of[u].id == cid:
                if check is not None:
                    problem = check(self.race.card_of[u])
                    if problem:
                        raise ContentError([f"stampede setup: {where}: {name!r} {problem}"])
                del deck[i]
                return u
        raise ContentError([f"stampede setup: {where}: no {name!r} left in seat {p}'s deck"])

    def _plan(self, setup: StampedeSetup) -> Plan:
        """Check the scenario and take its cards out of the decks (ContentError, one line)."""
        plan = Plan([[], []], [[], []], [[], []], [[], []], [[], []], setup.first)
        centers = _seats(setup.centers)
        fields = _seats(setup.field)
        for p in (0, 1):
            if centers[p] is not None:
                u = self._take(p, centers[p], f"centers[{p}]", _first_machine_problem)
                self._choose_center(p, u)
            f: FieldSetup | None = fields[p]
            if f is not None:
                for name in f.C:
                    plan.stacks[p].append(self._take(p, name, f"field[{p}].C", _stack_problem))
                for z, side in ((LEFT, f.L), (RIGHT, f.R)):
                    if side is not None:
                        where = f"field[{p}].{'LCR'[z]}"
                        plan.sides[p].append((z, self._take(p, side, where, _side_problem)))
            for key in ("hands", "discard", "order"):
                names = _seats(getattr(setup, key))[p] or []
                zone: list[int] = getattr(plan, key)[p]
                zone.extend(self._take(p, name, f"{key}[{p}]") for name in names)
            if not self.race.centers[p] and not self._center_choices(p):
                raise ContentError(
                    [f"stampede setup: seat {p} has no gear-1 machine left to choose as its first center"]
                )
        return plan

    # -- the first machines (ST-S1) -----------------------------------------------------------------
    def _center_choices(self, p: int) -> list[int]:
        """The kinds (card ids) of gear-1 machines ``p`` may set as its first center."""
        card_of = self.race.card_of
        return sorted(d.id for d in {card_of[u] for u in self.race.decks[p]} if can_start(d))

    def _choose_center(self, p: int, u: int) -> None:
        """``p`` sets the card ``u`` (already out of its deck) face down as its first center."""
        self.race.own_centers()[p].append(u)
        self.race.field[p * 3 + CENTER] = u
        self.log("first_machine_set", seat=p)  # face down (ST-S1): the others see "a card"
        self.log_private(p, "first_machine", seat=p, card=self.race.card_of[u].en)

    def _choose_center_kind(self, p: int, cid: int) -> None:
        """The ``center`` action: one of ``p``'s gear-1 machines of kind ``cid`` face down."""
        u = next(u for u in self.race.decks[p] if self.race.card_of[u].id == cid)
        self.race.own_decks()[p].remove(u)
        self._choose_center(p, u)
        self._after_center()

    def _after_center(self) -> None:
        """Once both first machines are set, shuffle, place a scenario's cards, deal, throw RPS."""
        if not (self.race.centers[0] and self.race.centers[1]):
            self.race.phase = CHOOSE_CENTER  # a decision, even with one kind to choose from (never skipped)
            return
        plan = self.pending_setup
        self.pending_setup = None
        assert plan is not None
        rng = self.rng
        decks = self.race.own_decks()
        for p in (0, 1):
            rng.shuffle(decks[p])  # ST-S1: shuffle the other 39
            self._place(p, plan)
        hand_size = self.game.options.hand_size
        for p in (0, 1):
            n = max(0, min(hand_size - len(self.race.hands[p]), len(self.race.decks[p])))
            for _ in range(n):
                self.race.own_hands()[p].append(decks[p].pop())
            self.log("dealt", seat=p, count=n)  # not looked at yet (ST-S1)
        if plan.first is not None:
            self._start_race(plan.first)
            return
        o = self.game.options
        if o.first_player != "rps":
            self._start_race(int(o.first_player[-1]))
            return
        self._throw_rps(rng)

    def _place(self, p: int, plan: Plan) -> None:
        """A scenario's cards into their zones (the stack on the first center, the order on the deck)."""
        for u in plan.stacks[p]:
            self.race.own_centers()[p].append(u)
            self.race.field[p * 3 + CENTER] = u
        for z, u in plan.sides[p]:
            self.race.field[p * 3 + z] = u
        self.race.own_hands()[p].extend(plan.hands[p])
        self.race.own_discard()[p].extend(plan.discard[p])
        self.race.own_decks()[p].extend(reversed(plan.order[p]))

    def _throw_rps(self, rng: RandomSource) -> None:
        """ST-S1: rock-paper-scissors (0 rock, 1 scissors, 2 paper; ties thrown again); the winner
        chooses to go first or second."""
        throws = []
        while True:
            a, b = rng.below(3), rng.below(3)
            throws.append([a, b])
            if a != b:
                break
        self.rps_winner = 0 if (a - b) % 3 == 2 else 1  # rock beats scissors…
        self.log("rps", throws=throws, winner=self.rps_winner)
        self.race.phase = CHOOSE_ORDER

    def _choose_order(self, p: int, go_first: bool) -> None:
        self.log("order_chosen", seat=p, first=go_first)
        self._start_race(p if go_first else 1 - p)

    def _start_race(self, first: int) -> None:
        """ST-S1: reveal the first machines; the hands are looked at; the first player starts."""
        self.race.first = first
        self.race.active = first
        self.log("first_player", seat=first)
        self.log("reveal", centers=[self.race.card_of[self.race.centers[p][0]].en for p in (0, 1)])
        for p in (0, 1):
            self.log_private(
                p, "hand", seat=p, cards=sorted(self.race.card_of[u].en for u in self.race.hands[p])
            )
        self.race.phase = DRAW
        self._run()


def coverage_decks(game: Stampede) -> list[list[Any]]:
    """Pairs of legal decks (``start(decks=…)``) that together hold every card of the content that can be
    played: the starter decks, and for cards in none of them a deck per class built around them (their
    class's cards fill it up, Steering cards three to a deck, ST-D1)."""
    table = game.table
    starters: list[Any] = [d.name for d in table.decks]
    covered = {table.find(name) for d in table.decks for name in d.cards}
    missing = [d for d in table.cards if not d.disabled and d.id not in covered]
    extra: list[Any] = []
    steering = [d for d in missing if d.cls == STEERING]
    by_class: dict[int, list[CardDef]] = {}
    for d in missing:
        if d.cls != STEERING:
            by_class.setdefault(d.cls, []).append(d)
    classes = sorted({d.cls for d in table.cards if can_start(d) and d.cls != STEERING})
    chunks = [steering[i : i + MAX_STEERING] for i in range(0, len(steering), MAX_STEERING)]
    for i, chunk in enumerate(chunks):  # Steering cards ride along with a class's deck
        by_class.setdefault(classes[i % len(classes)] if classes else STEERING, []).extend(chunk)
    for cls, cards in sorted(by_class.items()):
        deck = _deck_around(table, cls, cards)
        if deck is not None:
            extra.append(deck)
    specs = starters + extra
    if not specs:
        return []
    return [[specs[i], specs[(i + 1) % len(specs)]] for i in range(0, len(specs), 2)]


def _deck_around(table: Catalog, cls: int, cards: list[CardDef]) -> dict[str, Any] | None:
    """A legal 40-card deck holding ``cards``: one copy each, then copies of its class's cards (gear 1
    first) up to four each; None if the class has too few cards for 40."""
    counts: dict[int, int] = {d.id: 1 for d in cards}
    fill = [d for d in table.cards if not d.disabled and d.cls == cls]
    fill.sort(key=lambda d: (not can_start(d), d.gear, d.id))
    fill += [d for d in cards if d.cls == STEERING]
    while sum(counts.values()) < DECK_SIZE:
        grew = False
        for d in fill:
            if sum(counts.values()) >= DECK_SIZE:
                break
            if counts.get(d.id, 0) < MAX_COPIES and (d.cls != STEERING or d.id in counts):
                counts[d.id] = counts.get(d.id, 0) + 1
                grew = True
        if not grew:
            return None
    by_name = {table.cards[c].en: n for c, n in counts.items()}
    if table.deck_problems(by_name, "coverage"):
        return None
    return {"name": f"coverage: {cards[0].en}", "cards": by_name}


def _decklist(name: str, ids: list[int]) -> DeckList:
    return _counted(name, tuple(ids))


@lru_cache(maxsize=64)
def _counted(name: str, ids: tuple[int, ...]) -> DeckList:
    counts: dict[int, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    return DeckList(name, tuple(sorted(counts.items())))


def _first_machine_problem(d: CardDef) -> str | None:
    return None if can_start(d) else "is not a gear-1 machine that can be the center (ST-S1)"


def _stack_problem(d: CardDef) -> str | None:
    if d.kind != MACHINE:
        return "is not a machine: the center stack holds machines (ST-F2)"
    if d.guest:
        return "is a Guest: never at the center (ST-K3)"
    if d.disabled:
        return "is not implemented yet"
    return None


def _side_problem(d: CardDef) -> str | None:
    if d.kind == ASSIST:
        return "is an assist: the left and right zones hold machines and events"
    if d.disabled:
        return "is not implemented yet"
    return None


__all__ = ["coverage_decks", "DeckData", "FieldSetup", "Plan", "SetUp", "StampedeSetup", "resolve_deck"]
