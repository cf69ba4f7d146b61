"""An Initial D race's data (:class:`Race`), the primitives its effect blocks act through, and the events it
narrates (:class:`~kansei.core.events.EventKind`).

The state (:mod:`.state`) holds one race and answers the protocol from it; the rules (:mod:`.rules`) and
the evaluation (:mod:`.bots`) are functions of it. Compiled with them (``python -m kansei.build``),
:class:`Race` is a native class: the compiled rules read and write its typed fields as C struct members,
where a field of the Python state cost them a look-up through Python's attribute machinery at every read.

Cards are ints (indices into the game's :class:`~.table.Table`); zones are lists of ints, so a clone is a
handful of list copies. Decks are drawn from the end of the list (the end is the top). Hands are kept
sorted, so a hand always lists its actions in the same order.

A step of the race (``rules.apply``, ``rules.start``) binds the state's random source and whether it
narrates to the race (:meth:`Race.bind`), and hands the events it told to the state's log at its end
(:meth:`Race.told`): they are records (``core/events.py``), built only where the state keeps its events.
These step bindings are Mini D's race's too, written again rather than shared: each game's native record is
compiled in its game's own group, and a native class derives only from a class compiled with it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

from kansei.core.events import EventKind, Record
from kansei.core.rng import RandomSource

from .table import PAY, PLAY, STYLE, Side, Table


class Race:
    """Everything a race is played on and everything it changes."""

    __slots__ = (
        "game", "table", "shared", "ordered", "sides",
        "phase", "turn", "lead", "challenger", "track", "stages", "stage_no", "decks", "hands", "discards",
        "pile", "inplay", "buff", "style_pts", "last", "last_by", "played", "opened", "pending", "need",
        "floor", "streak", "results", "last_played", "over", "win", "reason", "gen",
        "rng", "narrating", "news",
    )  # fmt: skip

    # what it is played on: the game's, never changed (a pickled race names its game)
    game: Any  # the InitialD game
    table: Table
    shared: bool  # ID-P4 ruling, option discards="shared": one discard counts for both shortfalls
    ordered: bool  # option discard_order="hand_order": discards are picked in hand order
    sides: list[Side]  # per seat: car, mods, races, decklist (fixed for the race)
    # the race
    phase: int  # PLAY, PAY, KEEP or OVER
    turn: int  # the seat to decide
    lead: int  # the lead car of this stage (ID-S3, ID-P6)
    challenger: int  # ID-S1
    track: int  # the race card (ID-S2)
    stages: tuple[int, ...]  # stage types of the track
    stage_no: int  # 0-based
    decks: list[list[int]]  # per seat, top = end
    hands: list[list[int]]  # per seat, sorted
    discards: list[list[int]]  # per seat, public
    pile: list[tuple[int, int]]  # (owner, card): maneuvers played this stage that are not in play
    inplay: list[tuple[int, int]]  # (owner, card): lasting maneuvers (ID-P5)
    buff: list[int]  # bonuses/penalties in play: seat*3 + stat (ID-P5)
    style_pts: list[int]  # Style points from maneuvers played (ID-P1)
    last: int  # the last maneuver of this stage (-1: none yet)
    last_by: int  # who played it
    played: int  # maneuvers played this stage
    opened: bool  # the lead car passed before any maneuver (ID-P2 ruling)
    pending: int  # the maneuver being paid for (PAY)
    need: int  # discards still to pay (PAY)
    floor: int  # hand order: the last discarded card (-1: none)
    streak: int  # consecutive stages won by the lead car (ID-W1)
    results: list[int]  # winner of each stage so far
    last_played: list[int]  # per seat: its last maneuver this stage (-1: none)
    over: bool
    win: int | None  # the winner once over
    reason: str  # ID-W1 or ID-W2 once over
    # per seat, every card its deck held when it was last refilled from the discard pile (ID-P1), sorted:
    # the deck holds only these, whatever was drawn since (public: the pile was open). None: the deck is
    # still the one the race began with (its pool is the whole decklist, no constraint)
    gen: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    # the step being played (bind): the state's random source, whether it keeps its events, what was told
    rng: RandomSource
    narrating: bool
    news: list[tuple[int | None, Record]]

    def bind(self, rng: RandomSource, narrating: bool) -> None:
        """Before a step: its random source (the state's, whichever it is now: a clone's, a world's) and
        whether its events are kept (not in a world made for search)."""
        self.rng = rng
        self.narrating = narrating
        self.news = []

    def tell(self, record: Record) -> None:
        """An event every seat sees, as a record (callers build it only where ``narrating``)."""
        self.news.append((None, record))

    def tell_seat(self, seat: int, record: Record) -> None:
        """An event only ``seat`` sees (the cards it drew)."""
        self.news.append((seat, record))

    def told(self) -> list[tuple[int | None, Record]]:
        """The events told since :meth:`bind`, for the state's log (``State.log_records``)."""
        return self.news

    # -- stats --------------------------------------------------------------------------------------
    def stat(self, p: int, s: int) -> int:
        """A car's current Power, Traction or Style: car + mods (for this stage type) + maneuvers in play
        (ID-P3, ID-P5) + Style points from maneuvers played (ID-P1)."""
        v = self.sides[p].stats[self.stages[self.stage_no]][s] + self.buff[p * 3 + s]
        return v + self.style_pts[p] if s == STYLE else v

    # -- the primitives effect blocks act through (blocks.py) ----------------------------------------
    def add_bonus(self, seat: int, stat: int, amount: int) -> None:
        """ID-P5: a bonus or penalty to ``seat``'s car while a maneuver is in play."""
        self.buff[seat * 3 + stat] += amount

    def clear_in_play(self, p: int, who: str, count: int) -> None:
        """ID-P5: discard maneuvers in play (most recent first) of ``who`` as seen by ``p``; their bonuses
        and penalties end. ``count`` 0: all of them."""
        cards = self.table.cards
        inplay = self.inplay
        n = 0
        for i in range(len(inplay) - 1, -1, -1):
            owner, c = inplay[i]
            if who == "any" or (who == "self") == (owner == p):
                del inplay[i]
                for effect in cards[c].effects:
                    effect(self, owner, -1)
                self.discards[owner].append(c)
                if self.narrating:
                    self.tell((CLEARED_EVENT, owner, cards[c].name, p))
                n += 1
                if count and n >= count:
                    return

    def random_discards(self, q: int, count: int) -> None:
        """Seat ``q`` discards ``count`` cards from hand at random (the game's seeded random source)."""
        hand = self.hands[q]
        for _ in range(min(count, len(hand))):
            self.discard(q, hand[self.rng.below(len(hand))], "forced")

    def discard(self, p: int, c: int, reason: str) -> None:
        """Seat ``p`` discards ``c`` from hand. Discard piles are public: the card is named to everyone."""
        self.hands[p].remove(c)
        self.discards[p].append(c)
        if self.narrating:
            self.tell((DISCARD_EVENT, p, self.table.cards[c].name, reason))

    # -- copies -------------------------------------------------------------------------------------
    def clone(self) -> Race:
        """A copy sharing what never changes; the step's bindings are not copied (each step binds its own)."""
        r = Race()
        r.game = self.game
        r.table = self.table
        r.shared = self.shared
        r.ordered = self.ordered
        r.sides = self.sides
        r.phase = self.phase
        r.turn = self.turn
        r.lead = self.lead
        r.challenger = self.challenger
        r.track = self.track
        r.stages = self.stages
        r.stage_no = self.stage_no
        d, h, x = self.decks, self.hands, self.discards
        r.decks = [d[0][:], d[1][:]]
        r.hands = [h[0][:], h[1][:]]
        r.discards = [x[0][:], x[1][:]]
        r.pile = self.pile[:]
        r.inplay = self.inplay[:]
        r.buff = self.buff[:]
        r.style_pts = self.style_pts[:]
        r.last = self.last
        r.last_by = self.last_by
        r.played = self.played
        r.opened = self.opened
        r.pending = self.pending
        r.need = self.need
        r.floor = self.floor
        r.streak = self.streak
        r.results = self.results[:]
        r.last_played = self.last_played[:]
        r.over = self.over
        r.win = self.win
        r.reason = self.reason
        r.gen = self.gen
        return r

    def resample(self, seat: int | None, rng: random.Random) -> None:
        """In a world made for ``seat`` (``State.determinize``): resample what it cannot see, with ``rng``:
        every deck order and the other hand. Decklists, discard piles and cards in play are open information
        (docs/rulings.md).

        A hidden hand and deck are dealt again from their pool, as the other seat's observations allow:

        - a deck holds only cards of its generation (``gen``: after a reshuffle, the old discard pile), so
          the rest of the pool is in the hand;
        - a seat paying discards in hand order (ID-P4, ``discard_order = "hand_order"``) is known to hold
          at least as many cards at or after its last discard as it has discards left to pay.
        """
        for p in (0, 1):
            # sorted first: the result depends only on what `seat` knows and on `rng` (no-peeking test)
            if p == seat:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            nh = len(self.hands[p])
            held: list[int] = []  # cards the deck cannot hold
            free = sorted(self.decks[p] + self.hands[p])
            gen = self.gen[p]
            if gen is not None:
                room = Counter(gen)
                pool, free = free, []
                for c in pool:
                    if room[c] > 0:
                        room[c] -= 1
                        free.append(c)
                    else:
                        held.append(c)
            rng.shuffle(free)
            k = nh - len(held)
            hand, deck = held + free[:k], free[k:]
            if self.phase == PAY and self.turn == p and self.ordered:
                self.enough_after_floor(hand, deck, len(held))
            self.hands[p] = sorted(hand)
            self.decks[p] = deck

    def enough_after_floor(self, hand: list[int], deck: list[int], fixed: int) -> None:
        """ID-P4 in hand order: give ``hand`` at least ``need`` cards at or after ``floor``, swapping its
        cards from ``fixed`` on (those the deck may hold) below the floor for deck cards at or after it."""
        floor = self.floor
        short = self.need - sum(1 for c in hand if c >= floor)
        if short <= 0:
            return
        lows = [i for i in range(fixed, len(hand)) if hand[i] < floor]
        highs = [j for j, c in enumerate(deck) if c >= floor]
        for i, j in zip(lows[:short], highs[:short], strict=False):  # the real hand shows both suffice
            hand[i], deck[j] = deck[j], hand[i]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its game, which pickles as a reference to the process's shared game
        (core/protocol.py), and its own fields: its table is the game's."""
        return (restored, (self.game, {name: getattr(self, name) for name in OWN}))


def starting_grid(game: Any, sides: list[Side]) -> Race:
    """A race before it starts: each seat's deck in its decklist's order, empty hands and piles, nothing
    played; the set-up (``setup.set_up``) then names the challenger, the track and its stages and the lead
    car (ID-S1..S3) and shuffles the decks."""
    r = Race()
    r.game = game
    r.table = game.table
    r.shared = game.shared
    r.ordered = game.ordered
    r.sides = sides
    r.phase = PLAY
    r.turn = 0
    r.lead = 0
    r.challenger = 0
    r.track = -1
    r.stages = ()
    r.stage_no = 0
    r.decks = [list(sides[0].maneuvers), list(sides[1].maneuvers)]
    r.hands = [[], []]
    r.discards = [[], []]
    r.pile = []
    r.inplay = []
    r.buff = [0, 0, 0, 0, 0, 0]
    r.style_pts = [0, 0]
    r.last = r.last_by = r.pending = -1
    r.played = r.need = r.streak = 0
    r.opened = False
    r.floor = -1
    r.results = []
    r.last_played = [-1, -1]
    r.over = False
    r.win = None
    r.reason = ""
    r.gen = (None, None)
    return r


# the fields a pickle keeps: all but the game's objects (game, table) and a step's bindings
OWN: Final = (
    "shared", "ordered", "sides",
    "phase", "turn", "lead", "challenger", "track", "stages", "stage_no", "decks", "hands", "discards",
    "pile", "inplay", "buff", "style_pts", "last", "last_by", "played", "opened", "pending", "need",
    "floor", "streak", "results", "last_played", "over", "win", "reason", "gen",
)  # fmt: skip


def restored(game: Any, own: dict[str, Any]) -> Race:
    """A pickled race back (its bindings are made by its next step)."""
    r = Race()
    r.game = game
    r.table = game.table
    for name, value in own.items():
        setattr(r, name, value)
    return r


# -- the events a race narrates: records of these fields, in this order (core/events.py) ------------------
PASS_EVENT: Final = EventKind("pass", "seat")
DISCARD_EVENT: Final = EventKind("discard", "seat", "card", "reason")
KEEP_EVENT: Final = EventKind("keep", "seat", "count")
PLAY_EVENT: Final = EventKind("play", "seat", "card", "mtype", "strength", "stage_type", "discards")
IN_PLAY_EVENT: Final = EventKind("in_play", "seat", "card")
CLEARED_EVENT: Final = EventKind("cleared", "seat", "card", "by")
STAGE_WON_EVENT: Final = EventKind("stage_won", "stage", "winner", "lead", "how", "streak")
DISCARD_HAND_EVENT: Final = EventKind("discard_hand", "seat", "count", "cards")
STAGE_EVENT: Final = EventKind("stage", "stage", "stage_type", "lead")
RESHUFFLE_EVENT: Final = EventKind("reshuffle", "seat", "count")
DRAW_EVENT: Final = EventKind("draw", "seat", "count")
DREW_EVENT: Final = EventKind("drew", "seat", "cards")
RACE_OVER_EVENT: Final = EventKind("race_over", "winner", "reason", "stages")


__all__ = ["Race", "restored", "starting_grid"]
