"""A small hidden-information game for the terminal's tests: hands, a private draw, a two-step choice, a
response window, long menus and named cards — the situations the CLI must handle, independent of the five
real games' details.

Each seat holds cards; on its turn it may ``tune SLUG @T`` (play a card face down on tile T, 1–6), ``aim
SLUG`` then ``fire SLUG @T`` (a two-step choice: aiming logs nothing), ``draw`` (a private card) or
``pass``. After a tune the other seat may respond (``pass``, or ``counter`` if it holds a Counter). Three
passes in a row by both seats end the game; the higher score wins.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kansei.core.content import read_deck
from kansei.core.protocol import Action, Game, GameOptions, State
from kansei.core.registry import register, unregister

CARDS = {  # name: (speed, text)
    "Jump": (3, "Leap ahead on the chosen tile."),
    "Supercharger": (5, "More power, more heat."),
    "Drift King": (4, "Slide through the corner."),
    "Oil Slick": (1, "Everyone slows down."),
    "Counter": (0, "Cancel the card just played."),
    "Nitro": (6, "A burst of speed."),
}
TILES = 6


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


BY_SLUG = {slug(n): n for n in CARDS}


class ToyOptions(GameOptions):
    pass


class Toy(Game):
    id = "toy"
    name = "Toy Duel"
    Options = ToyOptions
    languages = ("en", "fr")

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> ToyState:
        s = ToyState()
        s._init_base(self, seed)
        pool = sorted(CARDS) * 2
        s.decks = [pool[:], pool[:]]
        for d in s.decks:
            self_rng = s.rng
            self_rng.shuffle(d)
        s.hands = [sorted([s.decks[p].pop() for _ in range(3)] + ["Counter"]) for p in (0, 1)]
        s.score = [0, 0]
        s.turn = 0
        s.phase = "main"
        s.aim = None
        s.passes = 0
        s.round = 1
        s.over = False
        s.log("round", n=1)
        return s

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return [
            {
                "name": n,
                "slug": slug(n),
                "kind": "tune-up",
                "text": t if lang == "en" else f"({lang}) {t}",
                "stats": {"speed": sp},
                "tags": [],
                "colour": None,
                "house": False,
            }
            for n, (sp, t) in CARDS.items()
        ]

    def starter_decks(self) -> list[str]:
        return ["Basic", "Fast"]

    def starter_deck(self, name: str) -> dict[str, Any]:
        cards = {"Jump": 3, "Oil Slick": 3} if name == "Basic" else {"Nitro": 3, "Supercharger": 3}
        return {"name": name, "cards": cards}

    def load_deck(self, path: Path) -> dict[str, Any]:
        deck = read_deck(path)
        return {"name": deck.name, "cards": deck.counts()}

    def deck_problems(self, deck: Any) -> list[str]:
        out = [f'card "{n}": no such Toy card' for n in deck.get("cards", {}) if n not in CARDS]
        if sum(deck.get("cards", {}).values()) < 4:
            out.append("a deck needs at least 4 cards")
        return out

    def narrate(self, event: Any, seat: int | None = None, lang: str = "en") -> str | None:
        t = event["type"]
        if t == "round":
            return f"— round {event['n']} —"
        if t == "tuned":
            return f"seat {event['seat']} tunes a card on tile {event['tile']}"
        if t == "my_card":
            return f"you played {event['card']}"
        if t == "drew":
            return f"seat {event['seat']} draws a card"
        if t == "drew_card":
            return f"you draw {event['card']}"
        if t == "passed":
            return f"seat {event['seat']} passes"
        if t == "countered":
            return f"seat {event['seat']} counters"
        if t == "over":
            return f"game over: {event['score']}"
        return None

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        v = state.view(seat)
        hand = ", ".join(v["hand"]) if v["hand"] is not None else "?"
        return f"score {v['score'][0]}–{v['score'][1]}  round {v['round']}\nhand of seat {seat}: {hand}"

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        if action.kind == "tune":
            return f"tune-up {BY_SLUG[action.args[0]]} on tile {action.args[1]} [score +{action.args[1]}]"
        return action.notation


class ToyState(State):
    __slots__ = ("decks", "hands", "score", "turn", "phase", "aim", "passes", "round", "over")
    decks: list[list[str]]
    hands: list[list[str]]
    score: list[int]
    turn: int
    phase: str
    aim: str | None
    passes: int
    round: int
    over: bool

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        if not self.over or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def returns(self) -> list[float]:
        w = self.winner
        return [0.0, 0.0] if w is None else [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def _legal_actions(self) -> list[Action]:
        me = self.turn
        if self.phase == "respond":
            out = [Action("pass", "pass")]
            if "Counter" in self.hands[me]:
                out.append(Action("counter", "counter"))
            return out
        if self.phase == "aim":
            assert self.aim is not None
            return [Action(f"fire {slug(self.aim)} @{t}", "fire", (slug(self.aim), t)) for t in (1, 2, 3)]
        out = []
        for name in sorted(set(self.hands[me]) - {"Counter"}):
            out += [Action(f"tune {slug(name)} @{t}", "tune", (slug(name), t)) for t in range(1, TILES + 1)]
        for name in sorted(set(self.hands[me]) - {"Counter"}):
            out.append(Action(f"aim {slug(name)}", "aim", (slug(name),)))
        if self.decks[me]:
            out.append(Action("draw", "draw"))
        out.append(Action("pass", "pass"))
        return out

    def _public_notation(self, action: Action) -> str:
        if action.kind == "tune":
            return f"tune a card @{action.args[1]}"
        if action.kind in ("aim", "fire"):
            return action.kind
        return action.notation

    def _apply(self, action: Action) -> None:
        me, k = self.turn, action.kind
        if k == "aim":
            self.aim = BY_SLUG[action.args[0]]
            self.phase = "aim"
            return  # a first step: nothing is logged yet
        if k in ("tune", "fire"):
            name = BY_SLUG[action.args[0]]
            self.hands[me].remove(name)
            self.score[me] += action.args[1]
            self.log("tuned", seat=me, tile=action.args[1])
            self.log_private(me, "my_card", card=name)
            self.phase, self.aim, self.passes = "respond", None, 0
            self.turn = 1 - me
            return
        if k == "counter":
            self.hands[me].remove("Counter")
            self.score[1 - me] = max(0, self.score[1 - me] - 3)
            self.log("countered", seat=me)
            self.phase = "main"
            return
        if k == "draw":
            card = self.decks[me].pop()
            self.hands[me].append(card)
            self.hands[me].sort()
            self.log("drew", seat=me)
            self.log_private(me, "drew_card", card=card)
            self.turn = 1 - me
            return
        # pass
        if self.phase == "respond":
            self.phase = "main"
            return
        self.log("passed", seat=me)
        self.passes += 1
        self.turn = 1 - me
        if self.passes >= 4 or not any(set(h) - {"Counter"} for h in self.hands):
            self.over = True
            self.log("over", score=list(self.score))
        elif self.passes % 2 == 0:
            self.round += 1
            self.log("round", n=self.round)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "score": list(self.score),
            "round": self.round,
            "hand_counts": [len(h) for h in self.hands],
            "deck_counts": [len(d) for d in self.decks],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "phase": self.phase,
            "aim": self.aim if seat == self.turn else None,
        }

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            **self.view(None),
        }

    def clone(self) -> ToyState:
        o = ToyState.__new__(ToyState)
        self._copy_base(o)
        o.decks = [d[:] for d in self.decks]
        o.hands = [h[:] for h in self.hands]
        o.score = self.score[:]
        o.turn, o.phase, o.aim, o.passes, o.round, o.over = (
            self.turn,
            self.phase,
            self.aim,
            self.passes,
            self.round,
            self.over,
        )
        return o

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        for p in (0, 1):
            hidden = self.decks[p] + ([] if p == seat else self.hands[p])
            hidden.sort()
            rng.shuffle(hidden)
            if p != seat:
                n = len(self.hands[p])
                self.hands[p] = sorted(hidden[:n])
                hidden = hidden[n:]
            self.decks[p] = hidden


class PoliteToy(Toy):
    """The same game with the hook ``worth_asking``: a response is asked only when a Counter is held."""

    id = "toy-polite"

    def worth_asking(self, state: State, seat: int) -> bool:
        assert isinstance(state, ToyState)
        if state.phase == "respond":
            return "Counter" in state.hands[seat] and state.score[1 - seat] >= 3
        return len(state.legal_actions()) > 1


def install() -> None:
    for cls in (Toy, PoliteToy):
        unregister(cls.id)
        register(cls)
