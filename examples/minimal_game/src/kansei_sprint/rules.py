"""Sprint: a complete, tiny hidden-information racing game as a kansei plugin (rules in RULES.md)."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from kansei import Action, ContentError, Game, State
from kansei.core.protocol import GameOptions, GameSetup


class Card(BaseModel):
    name: str
    speed: int = Field(ge=1, le=9)
    count: int = Field(ge=1, le=4)


@cache
def deck_list(folder: Path) -> tuple[Card, ...]:
    """The deck from ``cards.toml``: one entry per copy, validated once per folder."""
    try:
        records = [Card.model_validate(r) for r in tomllib.loads((folder / "cards.toml").read_text())["card"]]
    except (OSError, KeyError, ValueError) as e:
        raise ContentError([f"{folder}/cards.toml: {str(e).splitlines()[0]}"]) from None
    return tuple(card for card in records for _ in range(card.count))


class SprintOptions(GameOptions):
    goal: int = Field(10, ge=5, le=40)  # SP-W1


class SprintSetup(GameSetup):
    leader: int | None = Field(None, ge=0, le=1)  # who leads the first round (default: seat 0)


class Sprint(Game):
    id = "sprint"
    name = "Sprint (example plugin)"
    Options = SprintOptions
    Setup = SprintSetup

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> SprintState:
        if decks is not None:
            raise ContentError(["sprint: both players use the same deck; decks cannot be chosen"])
        options = self.options
        assert isinstance(options, SprintOptions)
        state = SprintState()
        state.start(self, seed, deck_list(self.content_dir() or Path(__file__).parent / "content"), setup)
        state.goal = options.goal
        return state

    def evaluate(self, state: State, seat: int) -> float:
        """The greedy bot's view of a position: how far ahead ``seat`` is (a finished race counts most)."""
        assert isinstance(state, SprintState)
        if state.over:
            return 100.0 * state.returns()[seat]
        return float(state.position[seat] - state.position[1 - seat])


class SprintState(State):
    __slots__ = ("speed", "goal", "decks", "hands", "played", "position", "leader", "turn", "result", "over")
    speed: dict[str, int]  # card name -> speed
    goal: int
    decks: list[list[str]]
    hands: list[list[str]]
    played: list[str | None]
    position: list[int]
    leader: int
    turn: int
    result: int | None
    over: bool

    def start(self, game: Sprint, seed: int, deck: tuple[Card, ...], setup: SprintSetup) -> None:
        self._init_base(game, seed)
        self.speed = {card.name: card.speed for card in deck}
        self.decks = [[card.name for card in deck] for _ in range(2)]
        for seat in (0, 1):  # SP-S1
            self.rng.shuffle(self.decks[seat])
        self.hands = [sorted(self.decks[seat][-3:]) for seat in (0, 1)]
        self.decks = [d[:-3] for d in self.decks]
        self.played, self.position = [None, None], [0, 0]
        self.leader = self.turn = setup.leader or 0
        self.result, self.over = None, False

    to_move = property(lambda self: None if self.over else self.turn)
    is_over = property(lambda self: self.over)
    winner = property(lambda self: self.result)

    def returns(self) -> list[float]:
        if not self.over or self.result is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.result == 0 else [-1.0, 1.0]

    def _legal_actions(self) -> list[Action]:
        return [
            Action(f"play {name.lower()}", "play", (name,)) for name in sorted(set(self.hands[self.turn]))
        ]

    def _public_notation(self, action: Action) -> str:
        return "play a card face down"  # SP-R1: the others see only that a card was played

    def _apply(self, action: Action) -> None:
        seat, name = self.turn, action.args[0]
        self.hands[seat].remove(name)
        self.played[seat] = name
        self.log("played", seat=seat)  # SP-R1
        self.log_private(seat, "played_card", seat=seat, card=name)
        if self.played[1 - seat] is None:
            self.turn = 1 - seat
            return
        self._reveal()

    def _reveal(self) -> None:
        """SP-R2, SP-R3, SP-W1."""
        speeds = [self.speed[name] for name in self.played if name is not None]
        fast = 0 if speeds[0] > speeds[1] else 1 if speeds[1] > speeds[0] else None
        for seat in (0, 1):
            self.position[seat] += 1 if fast is None else (speeds[seat] if seat == fast else 0)
        self.log("revealed", cards=list(self.played), positions=list(self.position))
        self.played = [None, None]
        self.leader = 1 - self.leader if fast is None else fast
        self.turn = self.leader
        for seat in (0, 1):
            if self.decks[seat]:
                self.hands[seat].append(self.decks[seat].pop())
                self.hands[seat].sort()
                self.log("drew", seat=seat)
        if max(self.position) >= self.goal or not self.hands[self.turn]:
            ahead = self.position[0] - self.position[1]
            self.over, self.result = True, (0 if ahead > 0 else 1 if ahead < 0 else None)
            self.log("race_over", winner=self.result, positions=list(self.position))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "positions": list(self.position),
            "leader": self.leader,
            "to_move": self.to_move,
            "hand_counts": [len(h) for h in self.hands],
            "deck_counts": [len(d) for d in self.decks],
            "face_down": [card is not None for card in self.played],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "played": self.played[seat] if seat is not None else None,
        }

    def reveal(self) -> dict[str, Any]:
        return {
            **self.view(None),
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "played": list(self.played),
            "over": self.over,
            "winner": self.result,
        }

    def census(self) -> dict[int, Counter[Any]]:
        return {
            s: Counter(self.decks[s] + self.hands[s] + [c for c in [self.played[s]] if c]) for s in (0, 1)
        }

    def clone(self) -> SprintState:
        other = SprintState.__new__(SprintState)
        self._copy_base(other)
        other.speed, other.goal = self.speed, self.goal
        other.decks, other.hands = [d[:] for d in self.decks], [h[:] for h in self.hands]
        other.played, other.position = self.played[:], self.position[:]
        other.leader, other.turn, other.result, other.over = self.leader, self.turn, self.result, self.over
        return other

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """The other seat's hand, face-down card and both deck orders are unknown to ``seat``."""
        for other in (0, 1):
            hidden = self.decks[other] + ([] if other == seat else self.hands[other])
            face_down = self.played[other]
            if other != seat and face_down is not None:
                hidden.append(face_down)
            hidden.sort()
            rng.shuffle(hidden)
            if other != seat:
                if self.played[other] is not None:
                    self.played[other] = hidden.pop()
                self.hands[other] = sorted(hidden[: len(self.hands[other])])
                hidden = hidden[len(self.hands[other]) :]
            self.decks[other] = hidden
