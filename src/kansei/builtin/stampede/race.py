"""Card Race Stampede!!: a race's data (:class:`Race`), the record its state holds and its hot rules
(:mod:`.steps`) and evaluation (:mod:`.bots`) are functions of.

The state (``state.Board`` and the layers above it) keeps one race (``state.race``) and the little that is
read seldom (how the race ended, rock-paper-scissors, a scenario's plan, the decklists). Compiled with the
card table, the steps and the evaluation (``python -m kansei.build``, ``Game.compiled_modules``),
:class:`Race` is a native class: compiled code reads and writes its typed fields as C struct members,
where a field of the Python state cost a look-up through Python's attribute machinery at every read (a
native class cannot derive from the core's Python ``State``, so the data lives in a record of its own).

Representation (the hot path of search, so plain lists of ints), as ``state.py`` describes it: every
physical card is a *uid*, ``card_of[uid]`` its :class:`~.table.CardDef`; ``field`` and ``tapped`` are six
slots, ``seat * 3 + zone``; decks have their top at the end; a race and its copies share their decks,
hands, discard piles and center stacks until either changes one (``own_decks()`` and the like); the
per-seat pairs that change seldom are tuples, replaced whole.

The constants the compiled modules read are ``Final`` here (a compiled module reads a ``Final`` of its
group as a C constant, any other module's as a dictionary look-up at every read).
"""

from __future__ import annotations

from typing import Any, Final

from kansei.core.windows import Windows

from .items import Known, StatMod
from .table import CardDef

# phases (the first two are set-up, ST-S1)
CHOOSE_CENTER: Final = "center"
CHOOSE_ORDER: Final = "order"
DRAW: Final = "draw"
REPAIR: Final = "repair"
MAIN: Final = "main"
BATTLE: Final = "battle"
END: Final = "end"
OVER: Final = "over"
SETUP_PHASES: Final = (CHOOSE_CENTER, CHOOSE_ORDER)

ZONES: Final = "LCR"

LEFT: Final = 0
CENTER: Final = 1
RIGHT: Final = 2

# window kinds (docs/rulings.md, "Card Race Stampede": response windows)
W_ATTACK: Final = "attack"
W_RUN: Final = "run"
W_GOAL: Final = "goal"
W_DECKOUT: Final = "deckout"
W_CHOICE: Final = "choice"  # a triggered ability's owner chooses its targets
W_EFFECT: Final = "effect"  # effects resolving now, nobody is asked
W_DEAD_HEAT: Final = "deadheat"  # Dead Heat runs resolving (ST-K5), nobody is asked
RESPONSE_WINDOWS: Final = (W_ATTACK, W_RUN)  # where both seats may answer with instants
KEEPER_WINDOWS: Final = (W_GOAL, W_DECKOUT)  # where the seat about to lose may use keepers (ST-K8)

# card kinds (cards.py's, as constants of this group)
MACHINE: Final = 0
EVENT: Final = 2
STEERING: Final = 4  # the class that goes with any other (ST-O2)


class Race:
    """Everything a race is played on and everything its turns change (see the module's docstring)."""

    __slots__ = (
        "card_of", "seat1_start", "decks", "hands", "discard", "centers", "field", "tapped", "damage",
        "stat_mods", "distance", "turn", "start_turn", "active", "first", "phase", "double_action_used",
        "used_this_turn", "forcing_until", "force_lift", "leader", "windows", "known",
        "decks_shared", "hands_shared", "discard_shared", "centers_shared", "narrating",
    )  # fmt: skip

    card_of: tuple[CardDef, ...]  # uid -> the printed card
    seat1_start: int  # the first uid of seat 1
    decks: list[list[int]]  # per seat, top at the end; changed only through own_decks()
    hands: list[list[int]]  # changed only through own_hands()
    discard: list[list[int]]  # changed only through own_discard()
    centers: list[list[int]]  # per seat, the center stack bottom first (ST-F2); through own_centers()
    field: list[int]  # seat * 3 + zone -> the top card's uid, -1 empty
    tapped: list[bool]  # seat * 3 + zone
    damage: dict[int, int]  # uid of an event -> HP lost (ST-C3)
    stat_mods: list[StatMod]
    distance: tuple[int, int]  # remaining distance per seat (ST-S1: 20)
    turn: int  # the turn count, both players' turns from 1: also the gear cap (ST-T3c)
    start_turn: int  # the turn the race started at (1, or a scenario's)
    active: int  # whose turn it is
    first: int  # who went first (-1 during set-up)
    phase: str
    double_action_used: list[int]  # uids that untapped by Double Action (ST-K2)
    used_this_turn: list[tuple[int, int]]  # (uid, ability index) of once-per-turn abilities used
    forcing_until: tuple[int, int]  # per seat: the turn until which its 《進路妨害》 holds (0: none)
    # per seat: (center gear, center height) at or below which its 《進路妨害》 lifts
    force_lift: tuple[tuple[int, int], tuple[int, int]]
    leader: int  # the seat strictly ahead (-1: level, no lead yet) for Crash (ST-K7)
    windows: Windows  # pending effects and response windows (ST-T6), the core's
    # what every seat knows of the hidden zones: the cards that went to a hand in the open (a side machine
    # returned, a card bounced), the recycled cards at the bottom of a deck (until it is shuffled)
    known: Known
    # whether ``decks``, ``hands``, ``discard``, ``centers`` may be shared with a copy (then copied
    # before a change)
    decks_shared: bool
    hands_shared: bool
    discard_shared: bool
    centers_shared: bool
    # whether the state keeps the events it logs (its ``narrating``: False in a world made for search),
    # bound by each step (``steps.apply``) and by the set-up and resampling, so the rules read a field
    # where the state's property cost a Python call at every event. It can only lag behind as True (a
    # world's log drops the events then), never as False: a state's log stops keeping events, never starts
    narrating: bool

    # -- copy-on-write ------------------------------------------------------------------------------
    def own_decks(self) -> list[list[int]]:
        """The decks, to change: copied first if a copy of this race may share them."""
        if self.decks_shared:
            self.decks = [self.decks[0].copy(), self.decks[1].copy()]
            self.decks_shared = False
        return self.decks

    def own_hands(self) -> list[list[int]]:
        """The hands, to change: copied first if a copy of this race may share them."""
        if self.hands_shared:
            self.hands = [self.hands[0].copy(), self.hands[1].copy()]
            self.hands_shared = False
        return self.hands

    def own_centers(self) -> list[list[int]]:
        """The center stacks, to change: copied first if a copy of this race may share them."""
        if self.centers_shared:
            self.centers = [self.centers[0].copy(), self.centers[1].copy()]
            self.centers_shared = False
        return self.centers

    def own_discard(self) -> list[list[int]]:
        """The discard piles, to change: copied first if a copy of this race may share them."""
        if self.discard_shared:
            self.discard = [self.discard[0].copy(), self.discard[1].copy()]
            self.discard_shared = False
        return self.discard

    # -- copies -------------------------------------------------------------------------------------
    def clone(self) -> Race:
        """A copy: the four piles shared until either copy changes one (``own_decks``…), the rest copied
        or, when immutable, shared."""
        r = Race()
        r.card_of = self.card_of
        r.seat1_start = self.seat1_start
        r.decks = self.decks
        r.hands = self.hands
        r.discard = self.discard
        r.centers = self.centers
        r.decks_shared = r.hands_shared = r.discard_shared = r.centers_shared = True
        self.decks_shared = self.hands_shared = self.discard_shared = self.centers_shared = True
        r.field = self.field.copy()
        r.tapped = self.tapped.copy()
        r.damage = self.damage.copy() if self.damage else {}
        r.stat_mods = self.stat_mods.copy() if self.stat_mods else []
        r.distance = self.distance
        r.turn = self.turn
        r.start_turn = self.start_turn
        r.active = self.active
        r.first = self.first
        r.phase = self.phase
        r.double_action_used = self.double_action_used.copy() if self.double_action_used else []
        r.used_this_turn = self.used_this_turn.copy() if self.used_this_turn else []
        r.forcing_until = self.forcing_until
        r.force_lift = self.force_lift
        r.leader = self.leader
        r.windows = self.windows.clone()
        r.known = self.known
        r.narrating = self.narrating
        return r

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its fields (its cards pickle as references to their catalog)."""
        return (restored, ({name: getattr(self, name) for name in FIELDS},))


FIELDS: Final = (
    "card_of", "seat1_start", "decks", "hands", "discard", "centers", "field", "tapped", "damage",
    "stat_mods", "distance", "turn", "start_turn", "active", "first", "phase", "double_action_used",
    "used_this_turn", "forcing_until", "force_lift", "leader", "windows", "known",
    "decks_shared", "hands_shared", "discard_shared", "centers_shared", "narrating",
)  # fmt: skip


def restored(fields: dict[str, Any]) -> Race:
    """A pickled race back."""
    r = Race()
    for name, value in fields.items():
        setattr(r, name, value)
    return r


__all__ = ["FIELDS", "Race", "restored"]
