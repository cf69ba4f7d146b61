"""A Mini D race's data (:class:`Race`) and the events it narrates (:class:`~kansei.core.events.EventKind`).

The state (:mod:`.state`) holds one race and answers the protocol from it; the race's rules (:mod:`.rules`,
:mod:`.bunta`, :mod:`.corners`, :mod:`.battles`) are functions of it. Compiled with them (``python -m
kansei.build``), :class:`Race` is a native class: the compiled rules read and write its typed fields as C
struct members, where a field of the Python state cost them a look-up through Python's attribute machinery
at every read.

Positions are case numbers in the direction of the race: 0 is the start parking (any number of cars),
``1..length`` the road (at most one car per case once every battle is over), ``length + 1`` the finish.
Cards are ints indexing the content's :class:`~.table.Table`; hands are sorted lists, the deck's top is
its end.

A step of the race (``rules.decide``, ``rules.begin``) binds the state's random source and whether it
narrates to the race (:meth:`Race.bind`), and hands the events it told to the state's log at its end
(:meth:`Race.told`): they are records (``core/events.py``), built only where the state keeps its events.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from kansei.core.events import EventKind, Record
from kansei.core.rng import RandomSource

from .terms import NONE, RACING, Decision

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table, Track

Task = tuple[Any, ...]  # (step function, its arguments…): see rules.run


class Race:
    """Everything a race is played on and everything it changes."""

    __slots__ = (
        "game", "table", "track", "seats", "aspiration", "strategies",
        "positions", "status", "skips", "met_bunta", "corner_section", "corner_state", "corner_move", "aura",
        "hands", "waiting", "deck", "discard", "bunta", "bunta_driving", "order", "cursor", "round_no",
        "tasks", "pending", "forced_dice", "finished", "out", "ranking", "battle_bonus", "move_bonus",
        "sprinters", "landings", "over",
        "rng", "narrating", "news",
    )  # fmt: skip

    # what it is played on: the game's, never changed (a pickled race names its game)
    game: Any  # the MiniD game
    table: Table
    track: Track
    seats: int
    aspiration: bool  # MD-O1
    strategies: bool  # MD-O2
    # the race
    positions: list[int]
    status: list[int]  # RACING, FINISHED or OUT
    skips: list[int]  # turns still to skip (MD-R2: they stack)
    met_bunta: list[bool]  # crossed Bunta already (once per race, MD-R1 ruling)
    corner_section: list[int]  # the corner a racer last drifted into (-1: none)
    corner_state: list[int]  # NONE, MASTERED or FAILED in that corner
    corner_move: list[int]  # MD-O2: the line's movement in that corner once mastered
    aura: int  # who holds Bunta's Aura (MD-N3), -1 for nobody
    hands: list[list[int]]  # kept Event cards, hidden, sorted
    waiting: list[list[int]]  # ⚡ cards waiting face up for a roll
    deck: list[int]
    discard: list[int]
    bunta: int  # his case
    bunta_driving: bool
    order: list[int]  # turn order from the starter (replaced, never changed: clones share it)
    cursor: int  # 0: Bunta's drive next, k: the k-th racer of the order next
    round_no: int
    tasks: list[Task]
    pending: Decision | None  # immutable: clones share it
    forced_dice: list[int]  # a scenario's coming die results, the next one last
    finished: list[int]  # in finishing order
    out: list[int]  # in the order they went out
    ranking: list[int] | None  # set once, at the end
    battle_bonus: list[int]
    move_bonus: int
    sprinters: list[int]
    landings: list[int | None]
    over: bool
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
        """An event only ``seat`` sees (the card it drew)."""
        self.news.append((seat, record))

    def told(self) -> list[tuple[int | None, Record]]:
        """The events told since :meth:`bind`, for the state's log (``State.log_records``)."""
        return self.news

    def clone(self) -> Race:
        """A copy sharing what never changes; the step's bindings are not copied (each step binds its own)."""
        r = Race()
        r.game = self.game
        r.table = self.table
        r.track = self.track
        r.seats = self.seats
        r.aspiration = self.aspiration
        r.strategies = self.strategies
        r.positions = self.positions[:]
        r.status = self.status[:]
        r.skips = self.skips[:]
        r.met_bunta = self.met_bunta[:]
        r.corner_section = self.corner_section[:]
        r.corner_state = self.corner_state[:]
        r.corner_move = self.corner_move[:]
        r.aura = self.aura
        r.hands = [h[:] for h in self.hands]
        r.waiting = [w[:] for w in self.waiting]
        r.deck = self.deck[:]
        r.discard = self.discard[:]
        r.bunta = self.bunta
        r.bunta_driving = self.bunta_driving
        r.order = self.order
        r.cursor = self.cursor
        r.round_no = self.round_no
        r.tasks = self.tasks[:]
        r.pending = self.pending
        r.forced_dice = self.forced_dice[:]
        r.finished = self.finished[:]
        r.out = self.out[:]
        r.ranking = self.ranking
        r.battle_bonus = self.battle_bonus[:]
        r.move_bonus = self.move_bonus
        r.sprinters = self.sprinters[:]
        r.landings = self.landings[:]
        r.over = self.over
        return r

    def resample(self, seat: int | None, rng: random.Random) -> None:
        """In a world made for ``seat`` (``State.determinize``): resample what it cannot see, with ``rng``:
        the deck order, the other racers' hands, the dice to come.

        Each hidden pool is resampled only from the cards that can be in it (MD-E1): a hand holds kept
        cards only — a ⚡ card is played the moment it is drawn — so the other racers' hands are dealt
        from the kept cards among the deck and those hands, and the deck gets every ⚡ card it had and the
        kept cards left over, shuffled. Each pool is sorted before it is shuffled: what comes out depends
        on what ``seat`` knows only (no peeking)."""
        self.forced_dice = []
        hands = self.hands
        others = [q for q in range(self.seats) if q != seat and hands[q]]
        cards = self.table.cards
        kept: list[int] = []
        bolts: list[int] = []
        for c in self.deck:
            if cards[c].bolt:
                bolts.append(c)
            else:
                kept.append(c)
        for q in others:
            kept.extend(hands[q])
        kept.sort()
        rng.shuffle(kept)
        i = 0
        for q in others:
            k = len(hands[q])
            hands[q] = sorted(kept[i : i + k])
            i += k
        deck = kept[i:] + bolts
        deck.sort()
        rng.shuffle(deck)
        self.deck = deck

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its game, which pickles as a reference to the process's shared game
        (core/protocol.py), and its own fields: its table and track are the game's."""
        return (restored, (self.game, {name: getattr(self, name) for name in OWN}))


def starting_grid(game: Any, seats: int) -> Race:
    """A race before it starts (MD-S1): every car in the parking, Bunta on the finish line, the Event deck in
    the content's order (the set-up shuffles it), nobody asked yet."""
    r = Race()
    r.game = game
    r.table = game.table
    r.track = game.track
    r.seats = seats
    r.aspiration = game.options.aspiration
    r.strategies = game.options.strategies
    r.positions = [0] * seats
    r.status = [RACING] * seats
    r.skips = [0] * seats
    r.met_bunta = [False] * seats
    r.corner_section = [-1] * seats
    r.corner_state = [NONE] * seats
    r.corner_move = [0] * seats
    r.aura = -1
    r.hands = [[] for _ in range(seats)]
    r.waiting = [[] for _ in range(seats)]
    r.deck = list(r.table.deck)
    r.discard = []
    r.bunta = r.track.length + 1
    r.bunta_driving = True
    r.order = list(range(seats))
    r.cursor = 0
    r.round_no = 0
    r.tasks = []
    r.pending = None
    r.forced_dice = []
    r.finished = []
    r.out = []
    r.ranking = None
    r.battle_bonus = [0] * seats
    r.move_bonus = 0
    r.sprinters = []
    r.landings = [None] * seats
    r.over = False
    return r


# the fields a pickle keeps: all but the game's objects (game, table, track) and a step's bindings
OWN: Final = (
    "seats", "aspiration", "strategies",
    "positions", "status", "skips", "met_bunta", "corner_section", "corner_state", "corner_move", "aura",
    "hands", "waiting", "deck", "discard", "bunta", "bunta_driving", "order", "cursor", "round_no",
    "tasks", "pending", "forced_dice", "finished", "out", "ranking", "battle_bonus", "move_bonus",
    "sprinters", "landings", "over",
)  # fmt: skip


def restored(game: Any, own: dict[str, Any]) -> Race:
    """A pickled race back (its bindings are made by its next step)."""
    r = Race()
    r.game = game
    r.table = game.table
    r.track = game.track
    for name, value in own.items():
        setattr(r, name, value)
    return r


# -- the events a race narrates: records of these fields, in this order (core/events.py) ------------------
START_EVENT: Final = EventKind("start", "starter", "order")
ROUND_EVENT: Final = EventKind("round", "round")
SPRINT_EVENT: Final = EventKind("sprint", "seat", "power", "dice", "landing", "crossed")
SPRINT_AGAIN_EVENT: Final = EventKind("sprint_again", "seats", "why")
TURN_EVENT: Final = EventKind("turn", "seat", "round")
SKIP_EVENT: Final = EventKind("skip", "seat", "left")
MOVE_EVENT: Final = EventKind("move", "seat", "src", "dst", "die", "steps", "why", "card", "stop")
PLACE_EVENT: Final = EventKind("place", "seat", "src", "dst", "why", "card")
TRIGGER_EVENT: Final = EventKind("trigger", "seat", "cards", "amount")
REROLL_EVENT: Final = EventKind("reroll", "seat", "roll", "old", "new")
NO_DRAW_EVENT: Final = EventKind("no_draw", "seat")
DREW_EVENT: Final = EventKind("drew", "seat")
DREW_CARD_EVENT: Final = EventKind("drew_card", "seat", "card")
BOLT_EVENT: Final = EventKind("bolt", "seat", "card")
RESHUFFLE_EVENT: Final = EventKind("reshuffle", "cards")
PLAY_EVENT: Final = EventKind("play", "seat", "card")
DISCARD_EVENT: Final = EventKind("discard", "seat", "card")
HAND_DISCARDED_EVENT: Final = EventKind("hand_discarded", "seat", "cards")
FINISH_EVENT: Final = EventKind("finish", "seat", "place")
OUT_EVENT: Final = EventKind("out", "seat", "case")
RACE_OVER_EVENT: Final = EventKind("race_over", "placings", "finished", "out")
BUNTA_MOVE_EVENT: Final = EventKind("bunta_move", "die", "src", "dst", "card")
CROSSING_EVENT: Final = EventKind("crossing", "seat", "die", "total", "outcome", "previous")
BUNTA_GONE_EVENT: Final = EventKind("bunta_gone", "case")
DRIFT_EVENT: Final = EventKind("drift", "seat", "section", "die", "total", "difficulty", "line", "outcome")
BATTLE_EVENT: Final = EventKind("battle", "attacker", "defender", "case")
DUEL_EVENT: Final = EventKind(
    "duel",
    "attacker",
    "defender",
    "attack",
    "attack_total",
    "defence",
    "defence_total",
    "outcome",
    "shift",
    "shift_die",
)


__all__ = ["Race", "Task", "restored", "starting_grid"]
