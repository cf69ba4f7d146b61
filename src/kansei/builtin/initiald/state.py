"""The Initial D CCG state: its fields, copies for search, the card census and hidden-card resampling.

Cards are ints (indices into the game's :class:`~.table.Table`); zones are lists of ints, so a clone is a
handful of list copies. Decks are drawn from the end of the list (the end is the top). Hands are kept
sorted, so a hand always lists its actions in the same order. The rules that change these fields are in
``rules.py``; what a seat sees of them is ``views.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import DuelState

from . import refusals, rules, views
from .table import PAY, STYLE, Side

if TYPE_CHECKING:  # pragma: no cover
    from .game import InitialD


class InitialDState(DuelState):
    __slots__ = (
        "sides",
        "phase",
        "turn",
        "lead",
        "challenger",
        "track",
        "stages",
        "stage_no",
        "decks",
        "hands",
        "discards",
        "pile",
        "inplay",
        "buff",
        "style_pts",
        "last",
        "last_by",
        "played",
        "opened",
        "pending",
        "need",
        "floor",
        "streak",
        "results",
        "last_played",
        "reason",
        "gen",
    )

    game: InitialD
    sides: list[Side]  # per seat: car, mods, races, decklist (fixed for the race)
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
    reason: str  # ID-W1 or ID-W2 once over
    # per seat, every card its deck held when it was last refilled from the discard pile (ID-P1), sorted:
    # the deck holds only these, whatever was drawn since (public: the pile was open). None: the deck is
    # still the one the race began with (its pool is the whole decklist, no constraint)
    gen: tuple[tuple[int, ...] | None, tuple[int, ...] | None]

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    # the rules are functions of the state (rules.py); these are them, with no layer between (the hot
    # path of search), compiled or not (the base calls them through the class)
    _legal_actions = rules.legal_actions
    _apply = rules.apply

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        """Told to the seat to move about its own action (see refusals.py)."""
        return refusals.why_illegal(self, text, seat, lang)

    # ---------------------------------------------------------------------------- stats
    @property
    def stage_type(self) -> int:
        return self.stages[self.stage_no]

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
        """ID-P5: discard maneuvers in play (most recent first) of ``who`` as seen by ``p``."""
        rules.clear_in_play(self, p, who, count)

    def random_discards(self, q: int, count: int) -> None:
        """Seat ``q`` discards ``count`` cards from hand at random (the game's seeded random source)."""
        rules.random_discards(self, q, count)

    # ---------------------------------------------------------------------------- information
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        for p in (0, 1):
            sd = self.sides[p]
            c = Counter(self.decks[p])
            c.update(self.hands[p])
            c.update(self.discards[p])
            c.update(sd.mods)
            c.update(sd.races)
            c[sd.car] += 1
            out[p] = c
        for owner, cid in (*self.pile, *self.inplay):
            out[owner][cid] += 1
        if self.pending >= 0:
            out[self.turn][self.pending] += 1
        return out

    # ---------------------------------------------------------------------------- copies
    def clone(self) -> InitialDState:
        s = InitialDState.__new__(InitialDState)
        self._copy_base(s)
        s.sides = self.sides
        s.phase = self.phase
        s.turn = self.turn
        s.lead = self.lead
        s.challenger = self.challenger
        s.track = self.track
        s.stages = self.stages
        s.stage_no = self.stage_no
        d, h, x = self.decks, self.hands, self.discards
        s.decks = [d[0][:], d[1][:]]
        s.hands = [h[0][:], h[1][:]]
        s.discards = [x[0][:], x[1][:]]
        s.pile = self.pile[:]
        s.inplay = self.inplay[:]
        s.buff = self.buff[:]
        s.style_pts = self.style_pts[:]
        s.last = self.last
        s.last_by = self.last_by
        s.played = self.played
        s.opened = self.opened
        s.pending = self.pending
        s.need = self.need
        s.floor = self.floor
        s.streak = self.streak
        s.results = self.results[:]
        s.last_played = self.last_played[:]
        s.over = self.over
        s.win = self.win
        s.reason = self.reason
        s.gen = self.gen
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, the other hands, and the future of the random
        source. Decklists, discard piles and cards in play are open information (docs/rulings.md).

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
            if self.phase == PAY and self.turn == p and self.game.ordered:
                self._enough_after_floor(hand, deck, len(held))
            self.hands[p] = sorted(hand)
            self.decks[p] = deck

    def _enough_after_floor(self, hand: list[int], deck: list[int], fixed: int) -> None:
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

    # ---------------------------------------------------------------------------- records
    def _first_mover(self) -> int | None:
        """The lead car of the first stage plays first (ID-S3, ID-P2)."""
        return 1 - self.challenger

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's deck as deck data (car, mods, race cards and maneuvers, by name)."""
        return [side.deck_data(self.game.table) for side in self.sides]

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's cards by slug: per seat (``zone:<seat>:<name>``) its ``deck``, ``hand``, ``discard``,
        ``in_play`` (lasting maneuvers, ID-P5), ``stage`` (maneuvers played this stage), ``paying`` (the
        maneuver being paid for), and what it brought: ``car``, ``mods``, ``races``."""
        cards = self.game.table.cards
        out: dict[str, Counter[str]] = {}
        for p in (0, 1):
            side = self.sides[p]
            zone = {
                "deck": self.decks[p],
                "hand": self.hands[p],
                "discard": self.discards[p],
                "in_play": [c for o, c in self.inplay if o == p],
                "stage": [c for o, c in self.pile if o == p],
                "paying": [self.pending] if self.pending >= 0 and self.turn == p else [],
                "car": [side.car],
                "mods": side.mods,
                "races": side.races,
            }
            for name, ids in zone.items():
                out[f"zone:{p}:{name}"] = Counter(cards[c].slug for c in ids)
        return out


__all__ = ["InitialDState"]
