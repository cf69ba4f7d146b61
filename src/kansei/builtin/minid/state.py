"""Mini D's state: its fields, the protocol's answers, ``clone``, ``census`` and ``_resample``.

The race itself — what each decision does and everything that happens without one — is in :mod:`.rules`
(and the rule modules :mod:`.bunta`, :mod:`.corners`, :mod:`.battles`), written as functions of this state.

Positions are case numbers in the direction of the race: 0 is the start parking (any number of cars),
``1..length`` the road (at most one car per case once every battle is over), ``length + 1`` the finish.
Cards are ints indexing the content's :class:`~.table.Table`; hands are sorted lists, the deck's top is
its end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kansei.core.protocol import Action, State

from . import rules, views
from .table import Table, Track
from .terms import Decision

Task = tuple[Any, ...]  # (step function, its arguments…): see rules.run


class MiniDState(State):
    __slots__ = (
        "seats", "table", "track", "aspiration", "strategies", "positions", "status", "skips", "met_bunta",
        "corner_section", "corner_state", "corner_move", "aura", "hands", "waiting", "deck", "discard",
        "bunta", "bunta_driving", "order", "cursor", "round_no", "tasks", "pending", "forced_dice",
        "finished", "out", "ranking", "battle_bonus", "move_bonus", "sprinters", "landings", "over",
    )  # fmt: skip

    seats: int
    table: Table
    track: Track
    aspiration: bool  # MD-O1
    strategies: bool  # MD-O2
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
    order: list[int]  # turn order from the starter
    cursor: int  # 0: Bunta's drive next, k: the k-th racer of the order next
    round_no: int
    tasks: list[Task]
    pending: Decision | None
    forced_dice: list[int]  # a scenario's coming die results, the next one last
    finished: list[int]  # in finishing order
    out: list[int]  # in the order they went out
    ranking: list[int] | None
    battle_bonus: list[int]
    move_bonus: int
    sprinters: list[int]
    landings: list[int | None]
    over: bool

    # ------------------------------------------------------------------------------ protocol
    @property
    def to_move(self) -> int | None:
        d = self.pending
        return None if d is None or self.over else d.seat

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        return self.ranking[0] if self.ranking is not None else None

    @property
    def players(self) -> int:
        return self.seats

    def returns(self) -> list[float]:
        """MD-W1 placings on a linear scale: +1 for 1st down to -1 for last (0.0 each until the end)."""
        n = self.seats
        out = [0.0] * n
        if self.ranking is not None:
            for i, q in enumerate(self.ranking):
                out[q] = 1.0 - 2.0 * i / (n - 1)
        return out

    def _legal_actions(self) -> Sequence[Action]:
        return rules.legal_actions(self)

    def _why_illegal(self, text: str, seat: int) -> str | None:
        from .refusals import refusal

        return refusal(self, text, seat)

    def _apply(self, a: Action) -> None:
        if self.forced_dice:  # a scenario: a forced die that does not fit its die refuses the action unplayed
            rules.decide(self.clone(), a)
        rules.decide(self, a)

    # ------------------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees (None: a spectator); cards by id (slug): ``game.cards(lang)`` names them."""
        return views.view(self, seat)

    def reveal(self) -> dict:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        """Every Event card is in the deck, a hand, waiting face up or in the discard pile (owner -1: the
        shared deck)."""
        c = Counter(self.deck)
        c.update(self.discard)
        for h in self.hands:
            c.update(h)
        for w in self.waiting:
            c.update(w)
        return {-1: c}

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's Event cards by slug: the shared deck and discard pile (``zone:-:deck``,
        ``zone:-:discard``), and each racer's kept hand and waiting ⚡ cards (``zone:<seat>:hand``,
        ``zone:<seat>:waiting``)."""
        cards = self.table.cards
        out = {
            "zone:-:deck": Counter(cards[c].slug for c in self.deck),
            "zone:-:discard": Counter(cards[c].slug for c in self.discard),
        }
        for q in range(self.seats):
            out[f"zone:{q}:hand"] = Counter(cards[c].slug for c in self.hands[q])
            out[f"zone:{q}:waiting"] = Counter(cards[c].slug for c in self.waiting[q])
        return out

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Racers bring no decks (the Event deck is shared and the same in every race of a content)."""
        return [None] * self.seats

    def _first_mover(self) -> int | None:
        """MD-S2: the racer who won the sprint (None while the sprint is on)."""
        return None if self.sprinters else self.order[0]

    # ------------------------------------------------------------------------------ copies
    def clone(self) -> MiniDState:
        s = MiniDState.__new__(MiniDState)
        self._copy_base(s)
        s.seats = self.seats
        s.table = self.table
        s.track = self.track
        s.aspiration = self.aspiration
        s.strategies = self.strategies
        s.positions = self.positions[:]
        s.status = self.status[:]
        s.skips = self.skips[:]
        s.met_bunta = self.met_bunta[:]
        s.corner_section = self.corner_section[:]
        s.corner_state = self.corner_state[:]
        s.corner_move = self.corner_move[:]
        s.aura = self.aura
        s.hands = [h[:] for h in self.hands]
        s.waiting = [w[:] for w in self.waiting]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.bunta = self.bunta
        s.bunta_driving = self.bunta_driving
        s.order = self.order  # never changes once the race has begun (replaced, never mutated)
        s.cursor = self.cursor
        s.round_no = self.round_no
        s.tasks = self.tasks[:]
        s.pending = self.pending  # immutable
        s.forced_dice = self.forced_dice[:]
        s.finished = self.finished[:]
        s.out = self.out[:]
        s.ranking = self.ranking  # set once, at the end
        s.battle_bonus = self.battle_bonus[:]
        s.move_bonus = self.move_bonus
        s.sprinters = self.sprinters[:]
        s.landings = self.landings[:]
        s.over = self.over
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: the deck order, the other racers' hands, the dice to come.

        Each hidden pool is resampled only from the cards that can be in it (MD-E1): a hand holds kept
        cards only — a ⚡ card is played the moment it is drawn — so the other racers' hands are dealt
        from the kept cards among the deck and those hands, and the deck gets every ⚡ card it had and the
        kept cards left over, shuffled."""
        self.forced_dice = []
        others = [q for q in range(self.seats) if q != seat and self.hands[q]]
        cards = self.table.cards
        kept: list[int] = []
        bolts: list[int] = []
        for c in self.deck:
            (bolts if cards[c].bolt else kept).append(c)
        for q in others:
            kept.extend(self.hands[q])
        kept.sort()  # a function of what `seat` knows only (no-peeking)
        rng.shuffle(kept)
        i = 0
        for q in others:
            k = len(self.hands[q])
            self.hands[q] = sorted(kept[i : i + k])
            i += k
        deck = kept[i:] + bolts
        deck.sort()
        rng.shuffle(deck)
        self.deck = deck


__all__ = ["MiniDState", "Task"]
