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

from .table import PAY, PLAY, POWER, STYLE, Side, Table


class Race:
    """Everything a race is played on and everything it changes."""

    __slots__ = (
        "game", "table", "shared", "ordered", "sides",
        "phase", "turn", "lead", "challenger", "track", "stages", "stage_no", "decks", "hands", "discards",
        "pile", "inplay", "buff", "style_pts", "last", "last_by", "played", "opened", "pending", "need",
        "floor", "streak", "results", "last_played", "over", "win", "reason", "gen", "marks", "masks", "low",
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
    # what the other seat infers of each hand from its play (public: computed from public events only;
    # docs/rulings.md "Inference"), for worlds dealt with ``infer``: per seat, how many cards of its hand
    # are "marked" (held since its last telling choice: a keep, ID-P6; a maneuver played, ID-P2; a discard
    # paid, ID-P4) rather than drawn since, and the cards (a bit per card id) a marked card is believed to
    # be: those the choice makes likely (the methods below say which). Kept where the race narrates: a
    # world made for search (``determinize(…, events=False)``) keeps the belief it was dealt with, as it
    # keeps no events, and its steps skip the updates (they cost as much as the step they follow)
    marks: tuple[int, int]
    masks: tuple[int, int]
    low: float  # during a keep (ID-P6): the least worth, to the keeper, of the cards it discarded so far
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
            if self.marks[p]:
                self.left_hand(p, c)
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
        r.marks = self.marks
        r.masks = self.masks
        r.low = self.low
        return r

    # -- inference: what the other seat sees of a hand (public events only) ---------------------------
    def left_hand(self, p: int, c: int) -> None:
        """Card ``c`` (named to everyone) left seat ``p``'s hand, discarded: a card that fits the mark is
        taken for one of the marked cards, and no more cards are marked than the hand holds."""
        m = self.marks[p]
        if m > 0 and (self.masks[p] >> c) & 1:
            m -= 1
        n = len(self.hands[p])
        if m > n:
            m = n
        self.marks = (m, self.marks[1]) if p == 0 else (self.marks[0], m)

    def threw(self, p: int, c: int) -> None:
        """ID-P6: the winner ``p`` discarded ``c`` while choosing what to keep; the least worth thrown away
        (to the keeper, in the next stage) bounds what it keeps."""
        v = card_value(self, p, c, self.stages[self.stage_no + 1])
        if v < self.low:
            self.low = v

    def chose(self, p: int, c: int) -> None:
        """ID-P2..P4: seat ``p`` is about to play ``c`` (named to everyone; still in hand, the last maneuver
        still the one it answers). A player who weighs a maneuver as the evaluation does (what it threatens
        less what it is worth in hand) would rather have played any card it could afford that weighs more:
        the rest of its hand is believed to hold none (the ID-C4 position, ID-P3/P4 discards against the
        hand's size, all public)."""
        st = self.stages[self.stage_no]
        cards = self.table.cards
        side = self.sides[p]
        usable = side.usable_as[p == self.lead]
        spare = len(self.hands[p]) - 1
        pw = side.stats[st][0] + self.buff[p * 3]
        tr = side.stats[st][1] + self.buff[p * 3 + 1]
        last = self.last
        ls = lt = 0
        if last >= 0:
            ls, lt = cards[last].strength[st], cards[last].mtype
        bar = threat_worth(self, p, c, st)
        mask = 0
        for d in side.kinds:
            if usable[d]:
                dd = cards[d]
                need = 0
                if dd.req_stat >= 0:
                    need = max(0, dd.req_val - (pw if dd.req_stat == POWER else tr))
                if last >= 0:
                    gap = max(0, ls - dd.counter[lt])
                    need = max(need, gap) if self.shared else need + gap
                if need <= spare and threat_worth(self, p, d, st) > bar + 0.5:
                    continue  # it would have played this one
            mask |= 1 << d
        self.believe(p, mask, spare)

    def paid(self, p: int, c: int) -> None:
        """ID-P4: seat ``p`` chose ``c`` (named to everyone) as a discard to pay for its maneuver, where it
        could have given any other card still in hand: each of those is believed worth, to it in this
        stage, at least ``c``."""
        st = self.stages[self.stage_no]
        v = card_value(self, p, c, st)
        mask = 0
        for d in self.sides[p].kinds:
            if card_value(self, p, d, st) >= v:
                mask |= 1 << d
        self.believe(p, mask, len(self.hands[p]))

    def believe(self, p: int, mask: int, n: int) -> None:
        """Every one of the ``n`` cards seat ``p`` holds (after the card being played, if any) is believed
        one of ``mask``; where every card was already marked, it is believed one of both."""
        if self.marks[p] >= n:
            mask &= self.masks[p]
        self.marks = (n, self.marks[1]) if p == 0 else (self.marks[0], n)
        self.masks = (mask, self.masks[1]) if p == 0 else (self.masks[0], mask)

    def kept(self, p: int) -> None:
        """ID-P6: the winner ``p`` kept the rest of its hand (its size public, its cards not). Each kept
        card is believed to be worth, to the keeper in the next stage, at least the least worth of what it
        discarded at this keep, or of an average draw when it discarded nothing (a kept card takes the place
        of a draw): every card of its deck list so worth is marked (docs/rulings.md "Inference")."""
        st = self.stages[self.stage_no + 1]
        bar = self.low if self.low < NO_THROW else average_value(self, p, st)
        mask = 0
        for c in self.sides[p].kinds:
            if card_value(self, p, c, st) >= bar:
                mask |= 1 << c
        n = len(self.hands[p])
        self.marks = (n, self.marks[1]) if p == 0 else (self.marks[0], n)
        self.masks = (mask, self.masks[1]) if p == 0 else (self.masks[0], mask)
        self.low = NO_THROW

    def forget(self, p: int) -> None:
        """Seat ``p``'s hand is gone (the loser's, discarded face up, ID-P6): nothing of it is believed."""
        if self.marks[p]:
            self.marks = (0, self.marks[1]) if p == 0 else (self.marks[0], 0)

    def resample(self, seat: int | None, rng: random.Random, infer: bool = False) -> None:
        """In a world made for ``seat`` (``State.determinize``): resample what it cannot see, with ``rng``:
        every deck order and the other hand. Decklists, discard piles and cards in play are open information
        (docs/rulings.md).

        A hidden hand and deck are dealt again from their pool, as the other seat's observations allow:

        - a deck holds only cards of its generation (``gen``: after a reshuffle, the old discard pile), so
          the rest of the pool is in the hand;
        - a seat paying discards in hand order (ID-P4, ``discard_order = "hand_order"``) is known to hold
          at least as many cards at or after its last discard as it has discards left to pay.

        With ``infer`` (``determinize(…, infer=True)``), the marked cards of the other hand (``marks``:
        held since its last telling choice, a keep, a maneuver played or a discard paid; from public events
        only) are dealt first, each one of the cards its mark names ``1 / INFER_EPS`` times likelier than any
        other card, and the rest of the hand uniformly. Without marks both ways deal alike, with the same
        draws of ``rng``.
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
            m = self.marks[p] if infer else 0
            if m > k:
                m = k
            if m > 0:
                hand, deck = held + marked(free, m, k, self.masks[p], rng), free
            else:
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


INFER_EPS: Final = 0.05  # how much likelier a card a mark names is than another, inverted (1: no inference)
NO_THROW: Final = 1e9  # ``low`` while nothing is thrown away at a keep


def marked(free: list[int], m: int, k: int, mask: int, rng: random.Random) -> list[int]:
    """``k`` cards out of ``free`` (shuffled: a uniform order), the first ``m`` of them each a card of
    ``mask`` with odds ``1 : INFER_EPS`` per card against any other (sequential weighted drawing without
    replacement), the rest uniformly; ``free`` is left holding the others, shuffled again (a deck order)."""
    ins: list[int] = []
    outs: list[int] = []
    for c in free:
        if (mask >> c) & 1:
            ins.append(c)
        else:
            outs.append(c)
    got: list[int] = []
    for _ in range(m):
        a = len(ins)
        if a and (not outs or rng.random() * (a + INFER_EPS * len(outs)) < a):
            got.append(ins.pop())
        else:
            got.append(outs.pop())
    rest = ins + outs
    rng.shuffle(rest)
    got.extend(rest[: k - m])
    free[:] = rest[k - m :]
    return got


# -- what a card is worth to a seat (the evaluation's, bots.py, and the inference's, Race.kept) -----------
# the average worth of a side's maneuvers, by side (the object: sides are shared and never change, so its
# identity stands for its cards; the key keeps it alive), stage type and Power/Traction bonuses in play
_AVG: dict[tuple[Side, int, int, int], float] = {}


def card_value(r: Race, seat: int, cid: int, st: int) -> float:
    """What a maneuver in hand is worth to ``seat`` in stage type ``st``."""
    d = r.table.cards[cid]
    side = r.sides[seat]
    if not side.usable[cid]:
        return 0.5  # only good to pay discards with
    c = d.counter
    v = 2.0 + 0.6 * d.strength[st] + 0.25 * max(c) + 0.05 * (c[0] + c[1] + c[2])
    if d.req_stat >= 0:
        have = side.stats[st][d.req_stat] + r.buff[seat * 3 + d.req_stat]
        if d.req_val > have:
            v -= 0.8 * (d.req_val - have)
    if d.lasting:
        v += 1.5
    return v + 0.5 * d.style


def threat_worth(r: Race, seat: int, cid: int, st: int) -> float:
    """How much playing maneuver ``cid`` gains ``seat`` in the evaluation's eyes (bots.evaluate): the
    strength the other must answer, less what the card was worth in hand."""
    return 3.0 * r.table.cards[cid].strength[st] - card_value(r, seat, cid, st)


def average_value(r: Race, seat: int, st: int) -> float:
    """The average worth to ``seat`` of its deck list's maneuvers in stage type ``st`` (a draw's)."""
    side = r.sides[seat]
    key = (side, st, r.buff[seat * 3], r.buff[seat * 3 + 1])
    v = _AVG.get(key)
    if v is None:
        vals = [card_value(r, seat, c, st) for c in side.maneuvers]
        v = _AVG[key] = sum(vals) / max(1, len(vals))
        if len(_AVG) > 4096:
            _AVG.clear()
    return v


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
    r.marks = (0, 0)
    r.masks = (0, 0)
    r.low = NO_THROW
    return r


# the fields a pickle keeps: all but the game's objects (game, table) and a step's bindings
OWN: Final = (
    "shared", "ordered", "sides",
    "phase", "turn", "lead", "challenger", "track", "stages", "stage_no", "decks", "hands", "discards",
    "pile", "inplay", "buff", "style_pts", "last", "last_by", "played", "opened", "pending", "need",
    "floor", "streak", "results", "last_played", "over", "win", "reason", "gen", "marks", "masks", "low",
)  # fmt: skip


def restored(game: Any, own: dict[str, Any]) -> Race:
    """A pickled race back (its bindings are made by its next step)."""
    r = Race()
    r.game = game
    r.table = game.table
    r.marks = r.masks = (0, 0)  # a race pickled before the inference's fields: nothing inferred
    r.low = NO_THROW
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


__all__ = ["Race", "average_value", "card_value", "marked", "restored", "starting_grid"]
