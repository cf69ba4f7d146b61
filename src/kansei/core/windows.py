"""Response windows over a last-in-first-out stack of pending effects (shared by games).

Games where cards may be used "at any time" need decision points outside the active player's turn:
when an attack is declared, a run declared, a chain started, a player about to lose. This module holds the
game-agnostic part of that: *who has priority*, *when the window closes*, and *resolving in LIFO order*.
What may respond, and what an item does, stay the game's (its *host*).

Model (the chain of many card games):

- :meth:`Windows.open` starts a window of some ``kind`` (a string the game chooses), optionally with the
  *trigger* item (the declared attack, the loss about to happen) pushed first, at the bottom.
- The seat with priority responds (:meth:`respond` pushes an item; priority passes to the next seat) or
  passes (:meth:`pass_`). The window closes when every seat has passed in a row; ``opener_passed=True``
  counts the seat that opened the window (the declarer) as having passed already.
- A closed window resolves its items last-in first-out through ``host.resolve(item)``. Resolving may open
  a new window (a nested frame above); the outer one continues when it is done.
- :meth:`settle` drives all this and stops at the first real decision. Seats for which
  ``host.can_respond(seat, kind)`` is False pass automatically. That answer may depend only on what
  every seat can see (an empty hand, no card in play that could answer): whether a seat is asked must
  never tell the others what it holds, so a seat holding only unusable cards is asked and passes.

Items are the game's own immutable tuples (by convention ``(kind, owner, …)``). Frames are immutable
:class:`Frame` named tuples, so :meth:`clone` is two shallow list copies.

A single-decision window (a triggered ability asking its owner for a target) is a frame whose owner
:meth:`push` es the chosen item and :meth:`close` s it.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol


class Frame(NamedTuple):
    """One open window (replaced, never mutated)."""

    kind: str  # the game's name for the window ("attack", "run", "chain"…)
    priority: int  # the seat to decide
    passes: int  # seats that passed in a row
    base: int  # index in the item stack of this window's first item
    resolving: bool  # closed: resolving its items
    data: Any  # the game's own payload


def _frame(kind: str, priority: int, passes: int, base: int, resolving: bool, data: Any) -> Frame:
    """``Frame(kind, priority, …)`` without the named tuple's ``__new__``, a Python function called through
    the type: the same tuple at half the cost (every pass, response and automatic pass makes one)."""
    return tuple.__new__(Frame, (kind, priority, passes, base, resolving, data))


class WindowHost(Protocol):
    """What :meth:`Windows.settle` needs from the game."""

    def can_respond(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` might respond in the open window of ``kind``, judged only on what every seat
        can see (never on the cards it holds): False skips the seat without asking."""
        ...

    def resolve(self, item: tuple[Any, ...]) -> None:
        """Carry out one item popped from the stack (may open windows or end the game)."""
        ...

    @property
    def is_over(self) -> bool: ...


class Windows:
    """Open windows (frames) and the stack of pending items. Cheap to clone."""

    __slots__ = ("frames", "items", "players")

    def __init__(self, players: int = 2):
        self.players = players
        self.frames: list[Frame] = []
        self.items: list[tuple[Any, ...]] = []

    def clone(self) -> Windows:
        w = Windows.__new__(Windows)
        w.players = self.players
        w.frames = self.frames.copy()
        w.items = self.items.copy()
        return w

    # -- queries ------------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        """True while any window is open or resolving."""
        return bool(self.frames)

    @property
    def kind(self) -> str | None:
        """The kind of the innermost window, or None."""
        return self.frames[-1].kind if self.frames else None

    @property
    def data(self) -> Any:
        return self.frames[-1].data if self.frames else None

    @property
    def priority(self) -> int | None:
        """The seat to decide in the innermost window (None when no window waits for a decision)."""
        if not self.frames:
            return None
        f = self.frames[-1]
        return None if f.resolving else f.priority

    def pending(self) -> list[tuple[Any, ...]]:
        """The items of the innermost window, bottom first."""
        if not self.frames:
            return []
        return self.items[self.frames[-1].base :]

    def find(self, kind: str, start: int = 0) -> int:
        """Index of the topmost item whose first element is ``kind`` (searching down to ``start``), or -1."""
        items = self.items
        for i in range(len(items) - 1, start - 1, -1):
            if items[i][0] == kind:
                return i
        return -1

    def replace(self, index: int, item: tuple[Any, ...]) -> None:
        """Replace a pending item (e.g. mark a countered attack as fizzled)."""
        self.items[index] = item

    # -- changes ------------------------------------------------------------------------------------
    def open(
        self,
        kind: str,
        first: int,
        trigger: tuple[Any, ...] | None = None,
        opener_passed: bool = False,
        data: Any = None,
    ) -> None:
        """Open a window of ``kind`` with ``first`` to decide first.

        ``trigger`` goes on the stack first (it resolves last). ``opener_passed``: the seat before ``first``
        already had its say (it declared the trigger), so the window closes once the others have passed.
        """
        base = len(self.items)
        if trigger is not None:
            self.items.append(trigger)
        self.frames.append(_frame(kind, first, 1 if opener_passed else 0, base, False, data))

    def respond(self, item: tuple[Any, ...]) -> None:
        """The seat with priority responds: ``item`` goes on top and priority passes to the next seat."""
        kind, prio, _, base, _, data = self.frames[-1]  # a Frame built whole: _replace is 3x slower
        self.items.append(item)
        self.frames[-1] = _frame(kind, (prio + 1) % self.players, 0, base, False, data)

    def pass_(self) -> None:
        """The seat with priority passes; after every seat has passed in a row the window resolves."""
        kind, prio, passes, base, _, data = self.frames[-1]
        passes += 1
        n = self.players
        self.frames[-1] = _frame(kind, (prio + 1) % n, passes, base, passes >= n, data)

    def push(self, item: tuple[Any, ...]) -> None:
        """Put an item on top without passing priority (single-decision windows, triggered effects)."""
        self.items.append(item)

    def close(self) -> None:
        """Stop taking responses in the innermost window: it resolves at the next :meth:`settle`."""
        kind, prio, passes, base, _, data = self.frames[-1]
        self.frames[-1] = _frame(kind, prio, passes, base, True, data)

    def clear(self) -> None:
        """Drop every window and pending item (the game ended)."""
        self.frames.clear()
        self.items.clear()

    def settle(self, host: WindowHost) -> int | None:
        """Auto-pass seats without responses and resolve closed windows, LIFO, until a seat must decide.

        Returns the seat to decide, or None when every window is closed (or the game ended).
        """
        frames = self.frames
        items = self.items
        n = self.players
        while frames:
            if host.is_over:
                self.clear()
                return None
            kind, prio, passes, base, resolving, data = frames[-1]
            if not resolving:
                if host.can_respond(prio, kind):
                    return prio
                passes += 1
                frames[-1] = _frame(kind, (prio + 1) % n, passes, base, passes >= n, data)
                continue
            if len(items) > base:
                host.resolve(items.pop())
                continue
            frames.pop()
        return None

    def reveal(self) -> dict:
        """JSON-safe picture (items are public: responses are played face up)."""
        return {
            "frames": [
                {"kind": f.kind, "priority": f.priority, "passes": f.passes, "resolving": f.resolving}
                for f in self.frames
            ],
            "items": [list(_json_safe(x) for x in it) for it in self.items],
        }


def _json_safe(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_json_safe(y) for y in x]
    if x is None or isinstance(x, str | int | float | bool):
        return x
    return str(x)


__all__ = ["Frame", "Windows", "WindowHost"]
