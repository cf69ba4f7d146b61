"""Small test-only games whose best moves are known (the search and coach tests use them).

- ``Subtract``: one pile, take 1–3, taking the last counter wins. Leaving a multiple of 4 wins.
- ``Showdown``: each seat holds one hidden card from 0,1,1,2,2,2; seat 0 either takes a safe +0.25 or
  bets (+1 if its card is higher, −1 if lower, 0 on a tie). The right choice depends on seat 0's own card
  (which it knows) and never on the other card (which it does not).
- ``Tree``: a three-seat game given as a tree of payoffs, where every seat maximising its own return
  (max^n) is not the same as seat 0 chasing its largest payoff.

They subclass the core protocol but are not registered.
"""

from __future__ import annotations

from kansei.core.protocol import Action, Game, GameSetup, State


# ---------------------------------------------------------------------------------------- Subtract
class PileSetup(GameSetup):
    pile: int = 10


class CardsSetup(GameSetup):
    cards: list[int] | None = None


TAKE = [Action(f"take {k}", "take", (k,)) for k in (0, 1, 2, 3)]


class Subtract(Game):
    id = "test-subtract"
    name = "Subtraction game (test only)"
    Setup = PileSetup

    def _new_state(self, seed, players, decks, setup):
        return SubtractState(self, seed, setup.pile)


class SubtractState(State):
    __slots__ = ("pile", "turn", "win")

    def __init__(self, game, seed, pile):
        self._init_base(game, seed)
        self.pile, self.turn, self.win = pile, 0, None

    to_move = property(lambda self: None if self.win is not None else self.turn)
    is_over = property(lambda self: self.win is not None)
    winner = property(lambda self: self.win)

    def returns(self):
        if self.win is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.win == 0 else [-1.0, 1.0]

    def _legal_actions(self):
        return [TAKE[k] for k in (1, 2, 3) if k <= self.pile]

    def _apply(self, a):
        self.pile -= a.args[0]
        if self.pile == 0:
            self.win = self.turn
        self.turn ^= 1

    def view(self, seat):
        return {"pile": self.pile, "to_move": self.to_move}

    def reveal(self):
        return self.view(None)

    def clone(self):
        s = SubtractState.__new__(SubtractState)
        self._copy_base(s)
        s.pile, s.turn, s.win = self.pile, self.turn, self.win
        return s

    def _resample(self, seat, rng):
        pass  # nothing hidden


# ---------------------------------------------------------------------------------------- Showdown
SAFE = Action("safe", "safe")
BET = Action("bet", "bet")
SHOWDOWN_DECK = (0, 1, 1, 2, 2, 2)


class Showdown(Game):
    id = "test-showdown"
    name = "Showdown (test only)"
    Setup = CardsSetup

    def _new_state(self, seed, players, decks, setup):
        s = ShowdownState.__new__(ShowdownState)
        s._init_base(self, seed)
        pool = list(SHOWDOWN_DECK)
        s.rng.shuffle(pool)
        if setup.cards is not None:  # scenario: the two dealt cards
            for c in setup.cards:
                pool.remove(c)
            s.cards = list(setup.cards)
        else:
            s.cards = [pool.pop(), pool.pop()]
        s.deck = pool
        s.result = None
        return s


class ShowdownState(State):
    __slots__ = ("cards", "deck", "result")

    to_move = property(lambda self: None if self.result is not None else 0)
    is_over = property(lambda self: self.result is not None)

    @property
    def winner(self):
        if self.result is None or self.result[0] == 0:
            return None
        return 0 if self.result[0] > 0 else 1

    def returns(self):
        return [0.0, 0.0] if self.result is None else list(self.result)

    def _legal_actions(self):
        return [SAFE, BET]

    def _apply(self, a):
        if a is SAFE or a.notation == "safe":
            self.result = (0.25, -0.25)
        else:
            d = (self.cards[0] > self.cards[1]) - (self.cards[0] < self.cards[1])
            self.result = (float(d), float(-d))

    def view(self, seat):
        v = {"deck_count": len(self.deck), "result": self.result}
        if seat is not None:
            v["card"] = self.cards[seat]
        return v

    def reveal(self):
        return {"cards": list(self.cards), "deck": list(self.deck), "result": self.result}

    def clone(self):
        s = ShowdownState.__new__(ShowdownState)
        self._copy_base(s)
        s.cards, s.deck, s.result = self.cards[:], self.deck[:], self.result
        return s

    def _resample(self, seat, rng):
        hidden = [1 - seat] if seat is not None else [0, 1]
        pool = sorted([self.cards[p] for p in hidden] + self.deck)
        rng.shuffle(pool)
        for p in hidden:
            self.cards[p] = pool.pop()
        self.deck = pool


# ---------------------------------------------------------------------------------------- Tree
# seat 0 picks L or R; seat 1 answers; seat 2 answers; the leaf gives [r0, r1, r2].
PAYOFFS = {
    "L": {
        "a": {"x": [1.0, -1.0, 0.0], "y": [1.0, -1.0, -0.5]},
        "b": {"x": [-1.0, 0.0, 0.5], "y": [-0.8, 0.1, -0.5]},
    },
    "R": {
        "c": {"x": [0.3, 0.2, -1.0], "y": [0.2, 0.4, -0.2]},
        "d": {"x": [0.5, -0.5, 1.0], "y": [0.6, -0.6, 0.0]},
    },
}
# max^n, bottom up: under R/c seat 2 picks y (-0.2 > -1.0), so seat 1 gets 0.4 and seat 0 gets 0.2; under
# R/d seat 2 picks x, seat 1 gets -0.5: seat 1 picks c. Under L/a and L/b seat 2 picks x; seat 1 gets -1
# or 0.0 and picks b, leaving seat 0 with -1. So seat 0 picks R (0.2), although its largest payoff
# (1.0, under L/a) lies the other way.
_TREE_ACTS: dict[str, Action] = {}


def _tree_act(k: str) -> Action:
    return _TREE_ACTS.setdefault(k, Action(k, "pick"))


class Tree(Game):
    id = "test-tree"
    name = "Payoff tree (test only)"
    min_players = max_players = 3

    def _new_state(self, seed, players, decks, setup):
        s = TreeState.__new__(TreeState)
        s._init_base(self, seed)
        s.node, s.depth = PAYOFFS, 0
        return s


class TreeState(State):
    __slots__ = ("node", "depth")

    to_move = property(lambda self: None if isinstance(self.node, list) else self.depth)
    is_over = property(lambda self: isinstance(self.node, list))
    winner = property(lambda self: None)

    def returns(self):
        return list(self.node) if isinstance(self.node, list) else [0.0, 0.0, 0.0]

    def _legal_actions(self):
        return [_tree_act(k) for k in self.node]

    def _apply(self, a):
        self.node = self.node[a.notation]
        self.depth += 1

    def view(self, seat):
        return {"depth": self.depth}

    def reveal(self):
        return {"depth": self.depth, "over": self.is_over}

    def clone(self):
        s = TreeState.__new__(TreeState)
        self._copy_base(s)
        s.node, s.depth = self.node, self.depth
        return s

    def _resample(self, seat, rng):
        pass  # nothing hidden
