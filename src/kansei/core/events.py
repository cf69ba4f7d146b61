"""The event log: what happened, and who may know it.

Every game narrates itself through two calls of its state: ``self.log(type, **data)`` for an event every
seat (and a spectator) sees, and ``self.log_private(seat, type, **data)`` for one only ``seat`` sees (the
card it drew). Privacy is the call, never a field's value, so no game field can collide with it.
``state.events_for(seat)`` is the one way out: UIs, the wire and replays shared with a seat use it and
nothing else.

The log is shared between a state and its clones until one of them appends (copy on write), so cloning a
state in the hot path of search costs one tuple, whatever the length of the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Event = dict[str, Any]
# one entry: (audience, event) — audience None: public; an int: private to that seat
Entry = tuple[int | None, Event]


class EventLog:
    """An append-only list of (audience, event) entries with copy-on-write sharing between clones."""

    __slots__ = ("_entries", "_length")

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        self._length = 0

    def share(self) -> EventLog:
        """A copy that shares the entries until either side appends."""
        other = EventLog.__new__(EventLog)
        other._entries = self._entries
        other._length = self._length
        return other

    def append(self, audience: int | None, event: Event) -> None:
        entries = self._entries
        if len(entries) != self._length:  # another copy appended to the shared list: detach first
            entries = self._entries = entries[: self._length]
        entries.append((audience, event))
        self._length += 1

    def __len__(self) -> int:
        return self._length

    def entries(self) -> Iterator[Entry]:
        entries = self._entries
        for i in range(self._length):
            yield entries[i]

    def visible(self, seat: int | None) -> Iterator[Event]:
        """The events ``seat`` may see, in order (the engine's own objects: callers copy)."""
        for audience, event in self.entries():
            if audience is None or audience == seat:
                yield event

    def only_for(self, seat: int | None) -> EventLog:
        """A new log holding exactly what ``seat`` may see (for ``determinize``)."""
        out = EventLog()
        out._entries = [e for e in self.entries() if e[0] is None or e[0] == seat]
        out._length = len(out._entries)
        return out


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts, lists, tuples as lists, scalars), so callers never alias
    engine state."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_copy(v) for v in value]
    return value


__all__ = ["Entry", "Event", "EventLog", "json_copy"]
