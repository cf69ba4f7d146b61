"""The Touge state: its fields, card movements, copies, the census and resampling for determinized worlds.

Cards are ints (indices into the game's :class:`~.table.Table`); zones are lists of ints, so a clone is a
handful of list copies. The rules that change a state are in :mod:`.rules`; what a seat is shown, in
:mod:`.views`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import Action, DuelState

from . import rules, views
from .blocks import Flags, Pair
from .refusals import refusal
from .rules import NULLIFY, REDRAW, Battle
from .setup import TougeSetup, set_up
from .table import Deck

if TYPE_CHECKING:  # pragma: no cover
    from .game import Touge

REDRAW_HIDDEN = "redraw a card"  # a redraw as the other seat is told of it: not which card (TG-T1)


class TougeState(DuelState):
    __slots__ = (
        "phase", "cars", "decks", "hands", "aside", "redraws_left", "course", "tunes", "disaster",
        "removed", "direction", "leader", "turn", "passes", "battle", "wins", "ability_used",
        "ability_on", "null_tile", "totals", "leg", "battles", "registered", "redraw_stage",
        "first_leader",
    )  # fmt: skip

    game: Touge
    phase: str
    cars: Pair
    decks: list[list[int]]  # top = end of the list
    hands: list[list[int]]  # sorted
    aside: list[list[int]]  # cards marked for a redraw
    redraws_left: Pair
    course: list[tuple[int, int]]  # (owner, road)
    tunes: list[tuple[int, int, int]]  # (owner, tune-up, tile or -1 for the whole course)
    disaster: tuple[int, int] | None  # (owner, card)
    removed: list[list[int]]  # disasters out of the race (TG-T0)
    direction: int
    leader: int
    turn: int
    passes: int  # passes in a row in the current phase
    battle: int
    wins: Pair
    ability_used: Flags
    ability_on: Flags
    null_tile: int  # the tile the disaster wipes this run, -1 for none
    totals: Pair  # Sudden Death running totals
    leg: int  # Sudden Death: 0 the first run of a battle, 1 the return run
    battles: tuple[Battle, ...]
    registered: tuple[Deck, Deck]  # the decks as the race began: open decklists (docs/rulings.md)
    redraw_stage: int  # 0: the leader redraws, 1: the follower
    first_leader: int  # the leader of the first battle (TG-T0 coin)

    # ---------------------------------------------------------------------------- construction
    @classmethod
    def new(cls, game: Touge, seed: int, built: list[Deck], setup: TougeSetup) -> TougeState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.cars = (built[0].car, built[1].car)
        s.decks = [list(built[0].cards), list(built[1].cards)]
        s.registered = (built[0], built[1])
        s.hands = [[], []]
        s.aside = [[], []]
        s.redraws_left = (0, 0)
        s.course = []
        s.tunes = []
        s.disaster = None
        s.removed = [[], []]
        s.direction = s.leader = s.turn = s.passes = s.first_leader = 0
        s.battle = 1
        s.wins = (0, 0)
        s.ability_used = (False, False)
        s.ability_on = (False, False)
        s.null_tile = -1
        s.totals = (0, 0)
        s.leg = 0
        s.over = False
        s.win = None
        s.battles = ()
        s.redraw_stage = 0
        s.phase = REDRAW
        set_up(s, setup)
        rules.start_redraw(s)
        return s

    def draw(self, p: int, n: int, dealt: Sequence[int] = ()) -> int:
        """``p`` draws ``n`` cards (fewer from a short deck): the count is public, the cards private."""
        deck, hand = self.decks[p], self.hands[p]
        n = min(n, len(deck)) if n > 0 else 0
        drawn: list[int] = []
        if n:
            drawn = deck[-n:]  # the top n, drawn one by one from the top
            del deck[-n:]
            drawn.reverse()
            hand += drawn
            hand.sort()
        if (n or dealt) and self.narrating:  # a world made for search tells nobody
            got = [*dealt, *drawn]
            cards = self.game.table.cards
            self.log("drew", seat=p, count=len(got))
            self.log_private(p, "drew_cards", seat=p, cards=[cards[c].name for c in got])
        return n

    # ---------------------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        if self.phase == NULLIFY:
            return self.leader
        return self.turn

    # the rules' functions are the hooks themselves (the hot path of search: no call between, compiled or
    # not; the base calls them through the class)
    _legal_actions = rules.legal_actions
    _apply = rules.apply_action

    def _why_illegal(self, text: str, seat: int, lang: str) -> str:
        """A refusal told to the seat to move: the phase, its own hand, the spent ability."""
        return refusal(self, text, lang)

    def _public_notation(self, action: Action) -> str:
        """A redraw names a card in hand: the others are told only that a card was put back."""
        if action.kind == "redraw":
            return REDRAW_HIDDEN
        return action.notation

    def nullify_candidates(self) -> list[int]:
        """The tiles a nullifying disaster may wipe before this run (public: the course and the disaster)."""
        return rules.nullify_candidates(self)

    # ---------------------------------------------------------------------------- information
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def census(self) -> dict[int, Counter[Any]]:
        out = {
            p: Counter(self.decks[p])
            + Counter(self.hands[p])
            + Counter(self.aside[p])
            + Counter(self.removed[p])
            + Counter([self.cars[p]])
            for p in (0, 1)
        }
        for p, c in self.course:
            out[p][c] += 1
        for p, c, _ in self.tunes:
            out[p][c] += 1
        if self.disaster is not None:
            out[self.disaster[0]][self.disaster[1]] += 1
        return out

    def zones(self) -> dict[str, Counter[str]]:
        """Every zone's cards by slug: each seat's deck, hand, set-aside cards, removed disasters and car,
        and the shared course, tune-ups and disaster in force."""
        cards = self.game.table.cards
        out: dict[str, Counter[str]] = {}
        for p in (0, 1):
            for name, zone in (
                ("deck", self.decks[p]),
                ("hand", self.hands[p]),
                ("set_aside", self.aside[p]),
                ("removed", self.removed[p]),
                ("car", [self.cars[p]]),
            ):
                out[f"zone:{p}:{name}"] = Counter(cards[c].slug for c in zone)
        out["zone:-:course"] = Counter(cards[c].slug for _, c in self.course)
        out["zone:-:tuneups"] = Counter(cards[c].slug for _, c, _ in self.tunes)
        out["zone:-:disaster"] = Counter([cards[self.disaster[1]].slug] if self.disaster else [])
        return out

    def deck_lists(self) -> list[dict[str, Any] | None]:
        """Each seat's deck as deck data (``{"name", "car", "cards"}``, card names as in content)."""
        cards = self.game.table.cards
        return [
            {"name": d.name, "car": cards[d.car].name, "cards": dict(d.decklist)} for d in self.registered
        ]

    def _first_mover(self) -> int | None:
        """The first battle's leader (TG-T0): the first to redraw, build and tune."""
        return self.first_leader

    def clone(self) -> TougeState:
        s = TougeState.__new__(TougeState)
        self._copy_base(s)
        s.phase = self.phase
        s.cars = self.cars
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.aside = [self.aside[0][:], self.aside[1][:]]
        s.redraws_left = self.redraws_left
        s.course = self.course[:]
        s.tunes = self.tunes[:]
        s.disaster = self.disaster
        s.removed = self.removed  # never changes after set-up
        s.direction = self.direction
        s.leader = self.leader
        s.turn = self.turn
        s.passes = self.passes
        s.battle = self.battle
        s.wins = self.wins
        s.ability_used = self.ability_used
        s.ability_on = self.ability_on
        s.null_tile = self.null_tile
        s.totals = self.totals
        s.leg = self.leg
        s.over = self.over
        s.win = self.win
        s.battles = self.battles
        s.registered = self.registered
        s.first_leader = self.first_leader
        s.redraw_stage = self.redraw_stage
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, the other hand and its set-aside cards, and
        the future of the random source. Decklists are open information (docs/rulings.md)."""
        for p in (0, 1):
            # sorted first: the result depends only on what `seat` knows and on `rng` (no-peeking test)
            if p == seat:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            pool = sorted(self.decks[p] + self.hands[p] + self.aside[p])
            rng.shuffle(pool)
            nh, na = len(self.hands[p]), len(self.aside[p])
            self.hands[p] = sorted(pool[:nh])
            self.aside[p] = pool[nh : nh + na]
            self.decks[p] = pool[nh + na :]
