"""A tiny card game for the lab's tests, implementing the core protocol with decks, slots and content.

Each seat shuffles its ten-card deck and draws three. For three rounds seat 0 then seat 1 plays a card
from hand (its power adds to the seat's total) and draws one. At the end each seat adds its champion's
power (a deck key, like Touge's car) and seat 0 the ``first_bonus``; the higher total wins, a tie is a
draw. Content (cards and starter decks) is one TOML file, so a test can plant a stronger card in a copy.
"""

from __future__ import annotations

import json
import os
import random
import time
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from kansei.core.errors import ContentError
from kansei.core.protocol import Action, Game, GameOptions, State
from kansei.core.records import CardEvent

HERE = Path(__file__).parent / "toy_content"
DECK_SIZE = 10
HAND = 3
ROUNDS = 3


class ToyOptions(GameOptions):
    first_bonus: int = 0  # points seat 0 adds at the end: a planted seat advantage
    delay: float = 0.0  # seconds slept per action: a slow game, to stop a run half way
    crash_file: str = ""  # a worker that finds this file deletes it and dies at once: a killed worker


def read_content(folder: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    try:
        data = tomllib.loads((folder / "cards.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ContentError([f"{folder}/cards.toml: {type(e).__name__}"]) from None
    cards: dict[str, dict[str, Any]] = {}
    problems = []
    for c in data.get("card", []):
        if not isinstance(c.get("power"), int):
            problems.append(f"cards.toml: card {c.get('name')!r}: power must be an integer")
            continue
        cards[c["name"]] = c
    if problems:
        raise ContentError(problems)
    decks = []
    for d in data.get("deck", []):
        decks.append({"name": d["name"], "champion": d["champion"], "cards": dict(d["cards"])})
    return cards, decks


class Toy(Game):
    id = "labtoy"
    name = "Lab toy"
    Options = ToyOptions
    min_players = 2
    max_players = 2
    languages: ClassVar[tuple[str, ...]] = ("en",)

    def __init__(self, *, content: Path | str | None = None, **options: Any):
        super().__init__(content=content, **options)
        folder = Path(content) if content is not None else HERE
        self.folder = folder
        self.table, self.decks = read_content(folder)

    def content_dir(self) -> Path:
        return self.folder

    # -- decks ----------------------------------------------------------------------------------------
    def starter_decks(self) -> list[str]:
        return [d["name"] for d in self.decks]

    def starter_deck(self, name: str) -> dict[str, Any]:
        for d in self.decks:
            if d["name"] == name:
                return {"name": d["name"], "champion": d["champion"], "cards": dict(d["cards"])}
        raise ContentError([f"no starter deck {name!r}"])

    def load_deck(self, path: Path) -> dict[str, Any]:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        return {
            "name": data.get("name", Path(path).stem),
            "champion": data.get("champion"),
            "cards": dict(data.get("cards", {})),
        }

    def deck_problems(self, deck: Any) -> list[str]:
        out = []
        cards = deck.get("cards") or {}
        for name, n in cards.items():
            if name not in self.table:
                out.append(f"unknown card {name!r}")
            elif self.table[name]["kind"] == "champion":
                out.append(f"{name!r} is a champion, not a deck card")
            if n > 3:
                out.append(f"{name!r}: at most 3 copies")
        if sum(cards.values()) != DECK_SIZE:
            out.append(f"a deck holds {DECK_SIZE} cards, not {sum(cards.values())}")
        champ = self.table.get(deck.get("champion") or "")
        if champ is None or champ["kind"] != "champion":
            out.append(f"champion {deck.get('champion')!r} is not a champion")
        return out

    def cards(self, lang: str = "en") -> list[dict[str, Any]]:
        return [
            {
                "name": c["name"],
                "slug": c["name"].lower(),
                "kind": c["kind"],
                "text": f"+{c['power']}",
                "stats": {"power": c["power"]},
                "tags": [],
                "colour": None,
                "house": False,
            }
            for c in self.table.values()
        ]

    def _deck_data(self, spec: Any, seat: int) -> dict[str, Any]:
        if spec is None:
            return self.starter_deck(self.decks[seat % len(self.decks)]["name"])
        if isinstance(spec, str):
            return self.starter_deck(spec)
        problems = self.deck_problems(spec)
        if problems:
            raise ContentError([f"deck of seat {seat}: {p}" for p in problems])
        return spec

    def _new_state(self, seed: int, players: int, decks: list[Any] | None, setup: Any) -> ToyState:
        crash = Path(self.options.crash_file) if self.options.crash_file else None  # type: ignore[attr-defined]
        if crash is not None:
            try:
                if os.getpid() != int(crash.read_text() or 0):
                    os.rename(crash, f"{crash}.taken")  # only one worker wins the race to die
                    os._exit(9)
            except FileNotFoundError:
                pass
        specs = list(decks) if decks else [None, None]
        data = [self._deck_data(specs[s], s) for s in range(2)]
        s = ToyState()
        s._init_base(self, seed)
        s.lists = [json.loads(json.dumps(d)) for d in data]
        s.decks = [[n for n, k in d["cards"].items() for _ in range(k)] for d in data]
        s.champions = [d["champion"] for d in data]
        s.hands = [[], []]
        s.totals = [0, 0]
        s.turn = 0
        for p in (0, 1):
            s.rng.shuffle(s.decks[p])
            for _ in range(HAND):
                s.draw(p)
        return s

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, ToyState)
        if state.is_over:
            return state.returns()[seat] * 1000.0
        return float(state.totals[seat] - state.totals[1 - seat])

    standing_unit = "power"

    def standing(self, state: State, seat: int) -> float:
        assert isinstance(state, ToyState)
        totals = state.final_totals()
        return float(totals[seat] - max(t for s, t in enumerate(totals) if s != seat))

    def card_events(self, event: Mapping[str, Any]) -> list[CardEvent]:
        """'draw' (private) and 'play' events, each naming one card: by slug (the name in lower case)."""
        verb = {"draw": "drawn", "play": "played"}.get(str(event.get("type")))
        if verb is None:
            return []
        return [CardEvent(int(event["seat"]), verb, str(event["card"]).lower())]  # type: ignore[arg-type]


class ToyState(State):
    __slots__ = ("decks", "champions", "hands", "totals", "turn", "lists")

    def deck_lists(self) -> list[dict[str, Any] | None]:
        return [dict(d) for d in self.lists]

    def _first_mover(self) -> int | None:
        return 0

    def draw(self, p: int) -> None:
        if self.decks[p]:
            card = self.decks[p].pop()
            self.hands[p].append(card)
            self.log_private(p, "draw", seat=p, card=card)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn % 2

    @property
    def is_over(self) -> bool:
        return self.turn >= 2 * ROUNDS

    def final_totals(self) -> list[int]:
        game = self.game
        assert isinstance(game, Toy)
        out = [self.totals[p] + game.table[self.champions[p]]["power"] for p in (0, 1)]
        out[0] += game.options.first_bonus  # type: ignore[attr-defined]
        return out

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        a, b = self.final_totals()
        return None if a == b else (0 if a > b else 1)

    @property
    def players(self) -> int:
        return 2

    def returns(self) -> list[float]:
        w = self.winner
        return [0.0, 0.0] if w is None else [1.0 if s == w else -1.0 for s in (0, 1)]

    def _legal_actions(self) -> list[Action]:
        p = self.turn % 2
        return [Action(f"play {c}", "play", (c,)) for c in sorted(set(self.hands[p]))]

    def _apply(self, action: Action) -> None:
        if self.game.options.delay:  # type: ignore[attr-defined]
            time.sleep(self.game.options.delay)  # type: ignore[attr-defined]
        p = self.turn % 2
        card = action.args[0]
        self.hands[p].remove(card)
        game = self.game
        assert isinstance(game, Toy)
        self.totals[p] += game.table[card]["power"]
        self.log("play", seat=p, card=card)
        self.draw(p)
        self.turn += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(self.hands[seat]) if seat is not None else None,
            "totals": list(self.totals),
            "turn": self.turn,
        }

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "totals": list(self.totals),
            "turn": self.turn,
        }

    def clone(self) -> ToyState:
        s = ToyState()
        self._copy_base(s)
        s.decks = [list(d) for d in self.decks]
        s.champions = list(self.champions)
        s.lists = self.lists
        s.hands = [list(h) for h in self.hands]
        s.totals = list(self.totals)
        s.turn = self.turn
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        for p in (0, 1):
            if p == seat:
                continue
            pool = sorted(self.hands[p] + self.decks[p])
            rng.shuffle(pool)
            k = len(self.hands[p])
            self.hands[p], self.decks[p] = pool[:k], pool[k:]
