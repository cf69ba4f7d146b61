"""Sprint's state: its fields, the deal, clone, census, zones and the resampling of what a seat cannot
see. The rules that change it are in rules.py, what a seat sees in views.py."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import Action, DuelState

from . import refusals, rules, views
from .setup import STARTER, SprintSetup
from .table import Table

if TYPE_CHECKING:
    from .game import Sprint

HAND = 3  # SP-S1


class SprintState(DuelState):
    __slots__ = (
        "table", "goal", "decks", "hands", "played", "piles", "position", "leader", "turn", "first",
        "start_decks",
    )  # fmt: skip

    table: Table
    goal: int
    decks: list[list[str]]  # slugs; the top is the end of the list
    hands: list[list[str]]  # sorted
    played: list[str | None]  # the card each seat played face down this round (SP-R1)
    piles: list[list[str]]  # face-up cards played in earlier rounds (SP-R2)
    position: list[int]
    leader: int
    turn: int
    first: int  # who led the first round
    start_decks: tuple[dict[str, int], ...]  # the decks as the game began: slug -> copies (never changed)

    @classmethod
    def deal(cls, game: Sprint, seed: int, decks: list[dict[str, int]], setup: SprintSetup) -> SprintState:
        """SP-S1: each player shuffles their deck and draws three cards."""
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.table, s.goal = game.table, game.options.goal
        s.start_decks = tuple(decks)
        s.decks = [[slug for slug in s.table.slugs for _ in range(counts.get(slug, 0))] for counts in decks]
        for deck in s.decks:
            s.rng.shuffle(deck)
        s.hands, s.played, s.piles, s.position = [[], []], [None, None], [[], []], [0, 0]
        s.leader = s.turn = s.first = setup.leader or 0
        s.over, s.win = False, None
        for seat in (0, 1):
            dealt = [s.decks[seat].pop() for _ in range(min(HAND, len(s.decks[seat])))]
            s.hands[seat] = sorted(dealt)
            s.log("dealt", seat=seat, count=len(dealt))
            s.log_private(seat, "dealt_cards", seat=seat, cards=sorted(dealt))
        return s

    # -- what the rules use ------------------------------------------------------------------------
    def move(self, seat: int, spaces: int, card: str) -> None:
        """A card's effect moves ``seat`` forward (SP-C1)."""
        self.position[seat] += spaces
        self.log("advanced", seat=seat, card=card, spaces=spaces, position=self.position[seat])

    def draw(self, seat: int, count: int) -> None:
        """``seat`` draws up to ``count`` cards: the count is public, the cards its own (SP-R3, SP-C2)."""
        for _ in range(count):
            if not self.decks[seat]:
                return
            card = self.decks[seat].pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.log("drew", seat=seat)
            self.log_private(seat, "drew_card", seat=seat, card=card)

    # -- the protocol --------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self)

    def _apply(self, action: Action) -> None:
        rules.play(self, action)

    def _public_notation(self, action: Action) -> str:
        return "play a card face down"  # SP-R1: the other seat sees only that a card was played

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        return refusals.why_illegal(self, text, seat)

    def _first_mover(self) -> int | None:
        return self.first

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def deck_lists(self) -> list[dict[str, Any] | None]:
        return [
            {"name": STARTER if counts == self.table.starter else "custom", "cards": dict(counts)}
            for counts in self.start_decks
        ]

    def census(self) -> dict[int, Counter[Any]]:
        """Every card of each seat, wherever it is: deck, hand, face down or in its pile."""
        return {
            seat: Counter(
                self.decks[seat] + self.hands[seat] + self.piles[seat] + [c for c in [self.played[seat]] if c]
            )
            for seat in (0, 1)
        }

    def zones(self) -> dict[str, Counter[str]]:
        out: dict[str, Counter[str]] = {}
        for seat in (0, 1):
            out[f"zone:{seat}:deck"] = Counter(self.decks[seat])
            out[f"zone:{seat}:hand"] = Counter(self.hands[seat])
            out[f"zone:{seat}:face-down"] = Counter(c for c in [self.played[seat]] if c)
            out[f"zone:{seat}:pile"] = Counter(self.piles[seat])
        return out

    def clone(self) -> SprintState:
        other = SprintState.__new__(SprintState)
        self._copy_base(other)
        other.table, other.goal, other.start_decks = self.table, self.goal, self.start_decks
        other.decks = [self.decks[0][:], self.decks[1][:]]
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.played = self.played[:]
        other.piles = [self.piles[0][:], self.piles[1][:]]
        other.position = self.position[:]
        other.leader, other.turn, other.first = self.leader, self.turn, self.first
        other.over, other.win = self.over, self.win
        return other

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Hidden from ``seat``: the order of every deck, and the other seat's hand and face-down card.
        The other's cards not in its pile are one pool (sorted first: the world depends only on what
        ``seat`` knows); its hand and face-down card are dealt from it, the rest is its deck."""
        for other in (0, 1):
            if other == seat:
                deck = sorted(self.decks[other])
                rng.shuffle(deck)
                self.decks[other] = deck
                continue
            face_down = self.played[other]
            pool = sorted(self.decks[other] + self.hands[other] + ([face_down] if face_down else []))
            rng.shuffle(pool)
            if face_down is not None:
                self.played[other] = pool.pop()
            n = len(self.hands[other])
            self.hands[other] = sorted(pool[:n])
            self.decks[other] = pool[n:]


__all__ = ["HAND", "SprintState"]
