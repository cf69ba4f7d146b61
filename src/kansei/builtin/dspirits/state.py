"""The D-Spirits state: the pieces of a game (a D-Spirit in play, a card in hand, chain items, a bid, the
numbers the rules fix), the state's fields, and what is the same for every layer above: whose decision
it is, copies, the census and determinised worlds (rules digest ids DS-…, see RULES.md and docs/rulings.md).

Cards are ints (indices into :mod:`.table`). A D-Spirit in play is a :class:`Unit` (mutable, copied with
its state); a card in hand a :class:`HandCard` (immutable: statuses stay on a D-Spirit back in hand,
DS-R2); items on the chain are :class:`Link` and :class:`AttackItem` (immutable, replaced when negated).

The game's record is one class built in layers, one module per concern, each adding to the one before:
``state`` (this: fields, the census, determinised worlds) → ``spirits`` (a D-Spirit's numbers and the
primitives effect blocks act through) → ``battle`` (DS-B…) → ``chains`` (DS-R4 windows, DS-R1 bidding,
draw-step game breakers) → ``rules`` (turn steps, the main step, matches: legal actions and their
application; copies): ``rules.RulesState``. The protocol's state (``duel.Duel``, with ``views`` and
``refusals`` on it, joined in ``game.DSpiritsState``) holds one as ``duel``: the layers derive from no core
class, so mypyc compiles them as native classes (see :mod:`.duel`). Scenario set-up and the deal are in
``setup``.

The events the rules log most (SP changes, turns, summons, passes, draws, attacks, bids…) are built only
where the state narrates (``narrating``: not in a world made for search, which would drop them; a greedy
line logs about three a step, and building one costs as much as a small rule), and as records (the
``*_EVENT`` kinds below: a tuple costs a third of the dict and the call of ``log``; readers get the same
events).

What is hidden: the order of every deck and the cards in hands (except a statused D-Spirit back in hand,
DS-R2, and how many D-Spirits and support cards each hand holds: the two decks' backs differ). Decklists,
D-Worlds, the field, the chain and bids are public (docs/rulings.md).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import count
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from kansei.core.events import EventKind, Record
from kansei.core.protocol import Action
from kansei.core.windows import Windows

from .cards import SPIRIT

if TYPE_CHECKING:  # pragma: no cover
    from .table import AuraSums, Table

# -- steps of a turn, and the states around a game -------------------------------------------------------
Phase = Literal["opening", "draw", "extra", "main", "battle", "end", "side", "over"]
OPEN: Final = "opening"
DRAW: Final = "draw"
EXTRA: Final = "extra"  # the draw step, after its draw: Extra Draw (DS-X1)
MAIN: Final = "main"
BATTLE: Final = "battle"
ENDSTEP: Final = "end"
SIDE: Final = "side"  # between the games of a match: side-deck swaps (DS-D1)
OVER: Final = "over"

ATTACK_STANCE, ENDURE_STANCE = 0, 1  # DS-G4
STANCES: Final = ("attack", "endure")

# -- zones, game breakers and limits ---------------------------------------------------------------------
BATTLE_SCENE_MAX: Final = 4  # DS-Z1
SUPPORT_SPIRITS_MAX: Final = 4  # docs/rulings.md
OPENING_HAND: Final = 7  # DS-G1
EXTRA_DRAW_COST: Final = 500  # DS-X1
SOUL_SHIFT_COST: Final = 800  # DS-X4
LIMBO_COST: Final = 1200  # DS-X5
FIELD_RUSH_BID: Final = 500  # DS-X6
SUPER_CHARGE_COST: Final = 500  # DS-X7
BID_STEPS: Final = (100, 300, 500)  # DS-R1: raises offered to a bidder (docs/rulings.md)
POISON_STEP: Final = 50  # poison amounts are multiples of this (content validation)

T = TypeVar("T")


@mypyc_attr(serializable=True)  # compiled (a native class), it pickles with its state
class Unit:
    """A D-Spirit in play (DS-C1): its top card, the D-Evolution stack under it (DS-C3), its stance
    (DS-G4), statuses (DS-R2), stat modifiers and what it did this turn. Compared by identity.

    What lasts a turn is stamped with the turn (``attacked_on == state.turn``), so nothing is reset at the
    end of a turn. Units are shared between a state and its clones until one of them writes: the state
    writes only through ``state.writable(seat, unit)``, which copies a unit it does not own (``owner``).

    A plain class with its ``__init__`` written out rather than a dataclass: compiled, a dataclass's
    ``__init__`` is still the one the dataclasses module generates in Python, and copies make units often.
    """

    __slots__ = (
        "card",
        "uid",
        "entered",
        "since",
        "owner",
        "super_summoned",
        "under",
        "stance",
        "frozen_until",
        "poison",
        "restricted_until",
        "attack_bonus",
        "endurance_bonus",
        "modified_on",
        "turn_attack",
        "turn_endurance",
        "attacked_on",
        "stanced_on",
        "moved_on",
        "abilities_on",
        "abilities_used",
        "shifted",
        "wins",
        "endures",
        "charged_turn",
    )

    card: int  # the top card
    uid: int  # unique in a game: how chain items and windows name it
    entered: int  # the turn it came into play
    since: int  # its controller's turns on the field = their turns taken - since (D-Evolution conditions)
    owner: int  # the token of the state that may write it in place
    super_summoned: bool  # DS-G3 (DS-X3: may be soul-exchanged at once)
    under: tuple[int, ...]  # the cards under the top card, bottom first (DS-C3)
    stance: int
    frozen_until: int  # Frozen through the end step of this turn (DS-R2); 0: not frozen
    poison: int  # SP its controller loses at each of their end steps (DS-R2)
    restricted_until: int  # endured: no attack, stance change or exchange through this turn (DS-B2)
    attack_bonus: int  # lasting modifiers
    endurance_bonus: int
    modified_on: int  # the turn of the modifiers below (they last until its end)
    turn_attack: int
    turn_endurance: int
    attacked_on: int  # the turn it last attacked
    stanced_on: int  # ... changed stance (DS-G4)
    moved_on: int  # ... used its special move (DS-C1)
    abilities_on: int  # the turn of ``abilities_used``
    abilities_used: int  # bit i: its i-th command ability was used that turn
    shifted: bool  # Soul Shift: abilities and moves inactive (DS-X4)
    wins: int  # opposing D-Spirits it destroyed in battle (D-Evolution conditions)
    endures: int  # attacks it endured
    charged_turn: int  # the turn its Super Charge doubles its attack (DS-X7); 0: none

    def __init__(
        self,
        card: int,
        uid: int,
        entered: int,
        since: int,
        owner: int,
        super_summoned: bool = False,
        under: tuple[int, ...] = (),
        stance: int = ATTACK_STANCE,
        frozen_until: int = 0,
        poison: int = 0,
        restricted_until: int = 0,
        attack_bonus: int = 0,
        endurance_bonus: int = 0,
        modified_on: int = 0,
        turn_attack: int = 0,
        turn_endurance: int = 0,
        attacked_on: int = 0,
        stanced_on: int = 0,
        moved_on: int = 0,
        abilities_on: int = 0,
        abilities_used: int = 0,
        shifted: bool = False,
        wins: int = 0,
        endures: int = 0,
        charged_turn: int = 0,
    ) -> None:
        self.card = card
        self.uid = uid
        self.entered = entered
        self.since = since
        self.owner = owner
        self.super_summoned = super_summoned
        self.under = under
        self.stance = stance
        self.frozen_until = frozen_until
        self.poison = poison
        self.restricted_until = restricted_until
        self.attack_bonus = attack_bonus
        self.endurance_bonus = endurance_bonus
        self.modified_on = modified_on
        self.turn_attack = turn_attack
        self.turn_endurance = turn_endurance
        self.attacked_on = attacked_on
        self.stanced_on = stanced_on
        self.moved_on = moved_on
        self.abilities_on = abilities_on
        self.abilities_used = abilities_used
        self.shifted = shifted
        self.wins = wins
        self.endures = endures
        self.charged_turn = charged_turn

    def copy(self, owner: int) -> Unit:
        """An independent copy owned by ``owner`` (written out: ``copy.copy`` costs ten times as much)."""
        return Unit(
            self.card, self.uid, self.entered, self.since, owner, self.super_summoned, self.under,
            self.stance, self.frozen_until, self.poison, self.restricted_until, self.attack_bonus,
            self.endurance_bonus, self.modified_on, self.turn_attack, self.turn_endurance, self.attacked_on,
            self.stanced_on, self.moved_on, self.abilities_on, self.abilities_used, self.shifted, self.wins,
            self.endures, self.charged_turn,
        )  # fmt: skip

    def used_ability(self, i: int, turn: int) -> bool:
        return self.abilities_on == turn and bool(self.abilities_used & (1 << i))


# a Unit's fields in order (what reveal() lists): compiled, Unit is a native class, which has no __slots__
UNIT_FIELDS = (
    "card", "uid", "entered", "since", "owner", "super_summoned", "under", "stance", "frozen_until", "poison",
    "restricted_until", "attack_bonus", "endurance_bonus", "modified_on", "turn_attack", "turn_endurance",
    "attacked_on", "stanced_on", "moved_on", "abilities_on", "abilities_used", "shifted", "wins", "endures",
    "charged_turn",
)  # fmt: skip


class HandCard(NamedTuple):
    """A card in hand. Statuses stay on a D-Spirit returned to hand (DS-R2) and make the card public;
    plain cards are interned per card table, so a hand of plain cards compares by identity."""

    card: int
    frozen: bool = False
    poison: int = 0

    @property
    def marked(self) -> bool:
        """A statused card: every seat knows it is in this hand (docs/rulings.md)."""
        return self.frozen or self.poison > 0


class Link(NamedTuple):
    """DS-R4: an activated card, ability or special move on the chain, with its chosen target."""

    kind: Literal["link"]
    owner: int
    program: int  # id of the compiled program (cards.Program)
    source: int  # uid of the source D-Spirit, or -1
    target_kind: str  # "", "unit" (value: uid), "hand" (value: hand-card index in the catalog), "dworld"
    target: int
    target_hand: HandCard | None
    negated: bool


class AttackItem(NamedTuple):
    """DS-B1: a declared attack on the chain; responses to it resolve first (DS-R4)."""

    kind: Literal["attack"]
    owner: int
    attacker: int  # uid
    target: int  # uid, or -1 for a direct attack (DS-B4)
    negated: bool
    limbo: bool  # DS-X5


ChainItem = Link | AttackItem


class EndureChoice(NamedTuple):
    """DS-B2: the defender's decision window: the attack and what it would do."""

    attacker_seat: int
    attacker: int  # uid
    target: int  # uid
    power: int  # the attack's power
    against: int  # the target's power
    outcome: str  # "higher" or "equal"


class TargetChoice(NamedTuple):
    """A "when summoned" ability waiting for its owner to choose a target."""

    program: int
    source: int  # uid


class Bid(NamedTuple):
    """DS-R1 Realm bidding (also DS-X6 Field Rush): who opened, for what, the standing bid, who bids next."""

    kind: Literal["play", "rush"]
    opener: int
    card: int
    amount: int
    high: int  # the seat whose bid stands
    mover: int  # the seat to raise or pass
    source: Literal["hand", "support", "side"]


@mypyc_attr(serializable=True)
class Ctx:
    """What a resolving effect knows: who controls it, its source D-Spirit, its chosen target."""

    __slots__ = ("owner", "src", "target_kind", "target", "target_hand", "name", "program")

    owner: int
    src: int
    target_kind: str
    target: int
    target_hand: HandCard | None
    name: str
    program: int

    def __init__(
        self,
        owner: int,
        src: int,
        name: str,
        program: int = -1,
        target_kind: str = "",
        target: int = 0,
        target_hand: HandCard | None = None,
    ):
        self.owner = owner
        self.src = src  # uid of the source D-Spirit, or -1
        self.target_kind = target_kind
        self.target = target
        self.target_hand = target_hand
        self.name = name
        self.program = program


Aura = tuple[int, str, int, int, int]  # owner, side ("all"/"own"/"foe"), type bit, stat (0 attack), amount
Decklist = tuple[list[int], list[int], list[int]]  # D-Squad, Support, side deck (sorted card ids)
Located = tuple[int, Unit]  # controller, D-Spirit


class Listed(NamedTuple):
    """Cards of a seat's open decklists whose whereabouts decide if it is asked: (card, copies) of the
    Support decklist, and the Realms of its side deck (what a Field Rush may bid for, DS-X6)."""

    responses: tuple[tuple[int, int], ...]
    realms: tuple[tuple[int, int], ...]
    side_realms: tuple[int, ...]


Zones = tuple[tuple[int, ...], tuple[int, ...]]  # a zone of cards for each seat
Labels = tuple[str, ...]  # the names of a seat's D-Spirits in play (SpiritState.labels)
NO_LABELS: Final[tuple[Labels | None, Labels | None]] = (None, None)  # neither seat's labels known yet


def with_seat(pair: tuple[T, T], p: int, value: T) -> tuple[T, T]:
    """``pair`` (an entry per seat) with seat ``p``'s entry ``value``: how a zone the state's clones share
    is changed (it is replaced)."""
    return (value, pair[1]) if p == 0 else (pair[0], value)


def without(cards: tuple[int, ...], c: int) -> tuple[int, ...]:
    """``cards`` less its first copy of ``c`` (ValueError when it holds none, as ``list.remove``)."""
    i = cards.index(c)
    return cards[:i] + cards[i + 1 :]


DECKS: Final = ("squad", "support")  # a seat's two decks as events name them (0: D-Squad, 1: Support)

# -- the events the rules log most, as records ------------------------------------------------------------
# ``state.log_records([(None, (SUMMON_EVENT, seat, card, kind))])`` logs what ``state.log("summon",
# seat=…, card=…, kind=…)`` would, kept as the tuple until someone reads it (core.events.EventKind); the
# rules build them only where the state narrates (``narrating``: not in a world made for search)
SP_EVENT: Final = EventKind("sp", "seat", "delta", "sp", "why", "by")
TURN_EVENT: Final = EventKind("turn", "seat", "turn", "sp")
STEP_EVENT: Final = EventKind("step", "seat", "step")
OPENING_EVENT: Final = EventKind("opening", "seat", "squad", "support")
DEALT_EVENT: Final = EventKind("dealt", "seat", "cards")  # private to the seat
DRAW_EVENT: Final = EventKind("draw", "seat", "deck", "count", "why", "by")
DREW_EVENT: Final = EventKind("drew", "seat", "card")  # private to the seat
SUMMON_EVENT: Final = EventKind("summon", "seat", "card", "kind")
EXCHANGE_EVENT: Final = EventKind("exchange", "seat", "out", "card")
STANCE_EVENT: Final = EventKind("stance", "seat", "card", "stance")
TO_HAND_EVENT: Final = EventKind("to_hand", "seat", "card", "stack", "why", "by")
DESTROY_EVENT: Final = EventKind("destroy", "seat", "card", "stack", "why", "by")
MODIFY_EVENT: Final = EventKind("modify", "seat", "card", "stat", "amount", "until", "why", "by")
PLAY_EVENT: Final = EventKind("play", "seat", "card")
ACTIVATE_EVENT: Final = EventKind("activate", "seat", "name", "source", "target", "target_seat", "kind")
TRIGGER_EVENT: Final = EventKind("trigger", "seat", "name", "source")
RESOLVE_EVENT: Final = EventKind("resolve", "seat", "name", "negated")
PASS_EVENT: Final = EventKind("pass", "seat", "window", "forced")
BID_EVENT: Final = EventKind("bid", "seat", "card", "amount", "kind")
BID_WON_EVENT: Final = EventKind("bid_won", "seat", "card", "amount", "kind")
RUSHED_EVENT: Final = EventKind("rushed", "seat", "card", "source")
ATTACK_EVENT: Final = EventKind("attack", "seat", "attacker", "target", "limbo")
BATTLE_EVENT: Final = EventKind("battle", "seat", "outcome", "attacker", "target", "power", "against")
SUPERCHARGE_EVENT: Final = EventKind("supercharge", "seat", "card")

PASS: Final = Action("pass", "pass")
_TOKENS = count(1)  # ownership tokens of states (see Unit and StateBase.writable)


def new_token() -> int:
    return next(_TOKENS)


@mypyc_attr(serializable=True)  # compiled (a native class), it and its layers pickle with their state
class StateBase:
    """The fields of a D-Spirits game (see the module doc for the layers above): the duel's record, which
    the protocol's state (:class:`~.duel.Duel`) holds as ``duel``. It derives from no core class, so
    compiled (``python -m kansei.build``) it and its layers are native classes: the rules' reads and writes
    of its fields are C struct accesses."""

    __slots__ = (
        "game", "over", "win", "host", "narrating",
        "table", "phase", "active", "first", "turn", "turns_taken", "sp", "squad", "support", "side", "hand",
        "dworld", "banished", "scene", "parked", "support_cards", "realm", "auras", "aura_sums", "wnd", "bid",
        "summoned",
        "exchanged", "shifted", "rushed", "attacks", "uid_next", "open_seat", "lists", "game_no",
        "match_wins", "results", "side_seat", "side_pending", "swaps_left", "ready", "token", "listed",
        "label_memo",
        "match_first",
        "shown",
        "decks_at_start",
    )  # fmt: skip

    game: Any  # the DSpirits game (the state's game)
    over: bool
    win: int | None  # the winner once over (None: a draw)
    # the protocol's state holding this record, for the step being played (bind … release): the rules draw
    # from its random source (``host.rng``, which a test or a world may replace), log through it and
    # remember legal actions in it; None between steps, so a state and its record make no reference cycle
    host: Any
    narrating: bool  # whether the host keeps its events (not in a world made for search)
    table: Table
    phase: Phase
    active: int  # whose turn it is
    first: int  # who went first this game
    turn: int  # turns played this game (both players), from 1
    # the zones below the hands change a few times a turn: they are tuples, replaced (``with_seat``),
    # never changed in place, so clones share them; hands and the field change in place
    turns_taken: tuple[int, int]  # per seat
    sp: list[int]
    squad: Zones  # D-Squad decks, top last
    support: Zones  # Support decks, top last
    side: Zones  # side decks, sorted (open information)
    hand: list[list[HandCard]]  # sorted
    dworld: Zones  # D-Worlds (discard piles)
    banished: Zones  # removed from play
    scene: list[list[Unit]]  # the Battle Scenes (DS-Z1)
    parked: list[list[Unit]]  # D-Spirits in the Support Zones (DS-B6)
    support_cards: Zones  # lasting signals in the Support Zones
    realm: tuple[int, int] | None  # (owner, card) in the shared Realm zone
    auras: tuple[Aura, ...]  # static effects in force (the Realm's, lasting signals')
    aura_sums: AuraSums  # what they add to each stat, as far as asked (the table's memo of these auras)
    wnd: Windows  # open response windows and the chain (DS-R4)
    bid: Bid | None  # Realm bidding in progress (DS-R1, DS-X6)
    summoned: bool  # this turn: a Regular Summon was made (DS-G3)
    exchanged: bool  # a Soul Exchange (DS-X3)
    shifted: bool  # a Soul Shift (DS-X4)
    rushed: bool  # a Field Rush (DS-X6)
    attacks: int  # attacks declared this battle step
    uid_next: int
    open_seat: int  # the seat to make its opening draw; between games: who goes first next
    lists: list[Decklist]  # each seat's decklists this game (side swaps change them in a match)
    game_no: int  # in a match: 1, 2, 3
    # the match's records below are replaced, never changed in place: clones share them
    match_wins: list[int]
    results: list[dict[str, Any]]  # one per finished game
    side_seat: int  # between games: the seat swapping
    side_pending: int  # the side-deck card chosen to come in, or -1
    swaps_left: list[int]  # replaced, never changed in place (as match_wins)
    ready: tuple[int, ...]  # uids on the Battle Scene when this battle step began: they may attack (DS-G2)
    token: int  # this state owns (may write in place) the units whose owner is this token
    listed: list[Listed]  # per seat, this game: response signals and Realms of its open Support decklist
    label_memo: tuple[Labels | None, Labels | None]  # each seat's labels until its field changes, or None
    shown: Zones  # per seat, sorted: plain cards every seat saw go into that hand
    match_first: int  # who went first in the first game (records: the first mover)
    decks_at_start: tuple[dict[str, Any], ...]  # each seat's deck data as the game began (never changed)

    # ------------------------------------------------------------------------------ the protocol's state
    def bind(self, host: Any) -> None:
        """Bound to ``host``, the protocol's state holding this record, for a step (``rules.apply``,
        ``rules.legal_actions``, the set-up, a world's resampling): the rules draw from its random source
        and log and remember legal actions through it. ``narrating`` stays with the record between steps
        (a clone's is its original's: both keep events or neither does)."""
        self.host = host
        self.narrating = host.narrating

    def release(self) -> None:
        """The step is over: the record lets go of its host. Held between steps, the host (which holds the
        record) made every state and record a reference cycle, freed only by the cyclic collector: a clone
        cost twice as much and a search's worlds piled up between collections."""
        self.host = None

    # (the parameters' names are no event's field: compiled, a positional-only parameter can still be
    # given by name, and ``log_private(p, "dealt", seat=p)`` would give ``seat`` twice)
    # each asks ``narrating`` before the host (which would drop the event in a world made for search):
    # a compiled record answers that in C, where the host's call is Python's
    def log(self, event_type: str, /, **data: Any) -> None:
        """A public event (``State.log`` of the host)."""
        if self.narrating:
            self.host.log(event_type, **data)

    def log_private(self, event_seat: int, event_type: str, /, **data: Any) -> None:
        """An event only ``event_seat`` sees (``State.log_private`` of the host)."""
        if self.narrating:
            self.host.log_private(event_seat, event_type, **data)

    def log_records(self, entries: list[tuple[int | None, Record]]) -> None:
        """Events as records (``State.log_records`` of the host)."""
        if self.narrating:
            self.host.log_records(entries)

    def remember_legal(self, actions: list[Action]) -> None:
        """The next decision's legal actions, found while advancing (``State.remember_legal``)."""
        self.host.remember_legal(actions)

    @property
    def is_over(self) -> bool:
        """Whether the game (or match) is over (what ``core.windows.Windows.settle`` asks its host)."""
        return self.over

    # ------------------------------------------------------------------------------ whose decision
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        frames = self.wnd.frames
        if frames and not frames[-1].resolving:  # a window waits for a decision
            return frames[-1].priority
        if self.bid is not None:
            return self.bid.mover
        if self.phase == OPEN:
            return self.open_seat
        if self.phase == SIDE:
            return self.side_seat
        return self.active

    # ------------------------------------------------------------------------------ records
    def first_seat(self) -> int | None:
        """DS-G1: who went first (in a match, in its first game)."""
        return self.match_first

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's decks as deck data (``name``, ``cards``: the D-Squad and Support decks, ``side``) as
        the game began, before any side-deck swap of a match."""
        return [
            {"name": d["name"], "cards": dict(d["cards"]), "side": dict(d["side"])}
            for d in self.decks_at_start
        ]

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's cards by slug (``zone:<seat>:<zone>``; the shared Realm zone is ``zone:-:realm``):
        D-Spirits in play count with the cards under them, the card bid for is in ``zone:<seat>:bid``."""
        slug = self.table.slug
        out: dict[str, Counter[str]] = {}
        for p in (0, 1):
            for name, cards in (
                ("squad", self.squad[p]),
                ("support", self.support[p]),
                ("side", self.side[p]),
                ("hand", [h.card for h in self.hand[p]]),
                ("dworld", self.dworld[p]),
                ("banished", self.banished[p]),
                ("support_cards", self.support_cards[p]),
            ):
                out[f"zone:{p}:{name}"] = Counter(slug[c] for c in cards)
            for name, units in (("battle", self.scene[p]), ("support_zone", self.parked[p])):
                out[f"zone:{p}:{name}"] = Counter(slug[c] for u in units for c in (*u.under, u.card))
            out[f"zone:{p}:bid"] = Counter(
                [slug[self.bid.card]] if self.bid is not None and self.bid.opener == p else []
            )
        out["zone:-:realm"] = Counter([slug[self.realm[1]]] if self.realm is not None else [])
        return out

    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        for p in (0, 1):
            c = (
                Counter(self.squad[p])
                + Counter(self.support[p])
                + Counter(self.side[p])
                + Counter(h.card for h in self.hand[p])
                + Counter(self.dworld[p])
                + Counter(self.banished[p])
                + Counter(self.support_cards[p])
            )
            for u in self.scene[p] + self.parked[p]:
                c[u.card] += 1
                for x in u.under:
                    c[x] += 1
            out[p] = c
        if self.realm is not None:
            out[self.realm[0]][self.realm[1]] += 1
        if self.bid is not None:  # the card bid for is held aside (DS-R1, DS-X6)
            out[self.bid.opener][self.bid.card] += 1
        return out

    # ------------------------------------------------------------------------------ copies
    def resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, and the other hand's plain cards among that
        player's deck of the same kind (D-Spirits with the D-Squad deck, support cards with the Support
        deck). Statused cards in hand (DS-R2) and plain ones every seat saw go there are public; decklists
        and side decks are open information (docs/rulings.md)."""
        t = self.table
        kind, plain = t.kind, t.plain
        for p in (0, 1):
            if p == seat:
                squad, support = sorted(self.squad[p]), sorted(self.support[p])
                rng.shuffle(squad)
                rng.shuffle(support)
                self.squad = with_seat(self.squad, p, tuple(squad))
                self.support = with_seat(self.support, p, tuple(support))
                continue
            known: list[HandCard] = []
            shown = list(self.shown[p])
            spirits = list(self.squad[p])
            supports = list(self.support[p])
            n_spirits = n_supports = 0
            for h in self.hand[p]:
                if h.frozen or h.poison:
                    known.append(h)
                elif shown and h.card in shown:
                    shown.remove(h.card)
                    known.append(h)
                elif kind[h.card] == SPIRIT:
                    spirits.append(h.card)
                    n_spirits += 1
                else:
                    supports.append(h.card)
                    n_supports += 1
            spirits.sort()
            rng.shuffle(spirits)
            supports.sort()
            rng.shuffle(supports)
            self.squad = with_seat(self.squad, p, tuple(spirits[n_spirits:]))
            self.support = with_seat(self.support, p, tuple(supports[n_supports:]))
            drawn = sorted(spirits[:n_spirits] + supports[:n_supports])
            self.hand[p] = sorted(known + [plain[c] for c in drawn]) if known else [plain[c] for c in drawn]


__all__ = [
    "UNIT_FIELDS",
    "ACTIVATE_EVENT",
    "ATTACK_EVENT",
    "ATTACK_STANCE",
    "AttackItem",
    "Aura",
    "BATTLE",
    "BATTLE_EVENT",
    "BATTLE_SCENE_MAX",
    "BID_EVENT",
    "BID_STEPS",
    "BID_WON_EVENT",
    "Bid",
    "ChainItem",
    "Ctx",
    "DEALT_EVENT",
    "DECKS",
    "DESTROY_EVENT",
    "DRAW",
    "DRAW_EVENT",
    "DREW_EVENT",
    "Decklist",
    "ENDSTEP",
    "ENDURE_STANCE",
    "EXCHANGE_EVENT",
    "EXTRA",
    "EXTRA_DRAW_COST",
    "EndureChoice",
    "FIELD_RUSH_BID",
    "HandCard",
    "LIMBO_COST",
    "Labels",
    "Link",
    "Listed",
    "Located",
    "MAIN",
    "MODIFY_EVENT",
    "NO_LABELS",
    "OPEN",
    "OPENING_EVENT",
    "OPENING_HAND",
    "OVER",
    "PASS",
    "PASS_EVENT",
    "PLAY_EVENT",
    "Phase",
    "RESOLVE_EVENT",
    "RUSHED_EVENT",
    "SIDE",
    "SOUL_SHIFT_COST",
    "SP_EVENT",
    "STANCES",
    "STANCE_EVENT",
    "STEP_EVENT",
    "SUMMON_EVENT",
    "SUPERCHARGE_EVENT",
    "SUPER_CHARGE_COST",
    "SUPPORT_SPIRITS_MAX",
    "StateBase",
    "TO_HAND_EVENT",
    "TRIGGER_EVENT",
    "TURN_EVENT",
    "TargetChoice",
    "Unit",
    "Zones",
    "new_token",
    "with_seat",
    "without",
]
