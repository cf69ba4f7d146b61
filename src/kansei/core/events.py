"""The event log: what happened, and who may know it.

Every game narrates itself through two calls of its state: ``self.log(type, **data)`` for an event every
seat (and a spectator) sees, and ``self.log_private(seat, type, **data)`` for one only ``seat`` sees (the
card it drew). Privacy is the call, never a field's value, so no game field can collide with it.
``state.events_for(seat)`` is the one way out: UIs, the wire and replays shared with a seat use it and
nothing else.

The log is shared between a state and its clones until one of them appends (copy on write), so cloning a
state in the hot path of search costs one tuple, whatever the length of the game. A position in the log
(``len(log)`` when it was taken) means the same in a state and in all its clones, which is what
``state.events_since(seat, cursor)`` reads from: O(new events), whatever came before.

Rules that narrate many events a step may log them as *records* instead (:class:`EventKind`,
``state.log_records``): a tuple of the values, kept as it is until someone reads the event, who gets
exactly the dict ``log`` would have made. Most events are never read (a simulation, a benchmark), and a
tuple costs a tenth of the dict and the call.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from .errors import KanseiError

Event = dict[str, Any]
# one entry: (audience, event) — audience None: public; an int: private to that seat
Entry = tuple[int | None, Event]
# an event as a record: (kind, value, …), a value for each of the kind's fields in order
Record = tuple[Any, ...]
# what the log holds: an entry whose event may still be a record
Kept = tuple[int | None, Event | Record]


class EventKind:
    """A type of event and the names of its fields, so that rules may log one as a record: the tuple
    ``(KIND, value, …)``, a value for each field, in order. The log keeps the tuple; a reader gets the dict
    ``log(kind.type, **fields)`` would have made (the fields in order, then ``"type"``), a new one at each
    read. Kinds are made once, at import (``MOVE = EventKind("move", "seat", "src", "dst")``)."""

    __slots__ = ("type", "fields")

    type: str
    fields: tuple[str, ...]

    def __init__(self, type_: str, *fields: str):
        self.type = type_
        self.fields = fields

    def event(self, record: Record, copy: bool = False) -> Event:
        """The event ``record`` stands for, its values copied (``json_copy``) where ``copy`` (a record of
        another length is a bug of its rules: ValueError)."""
        pairs = zip(self.fields, record[1:], strict=True)
        out = {name: json_copy(value) for name, value in pairs} if copy else dict(pairs)
        out["type"] = self.type
        return out

    def __repr__(self) -> str:
        return f"EventKind({self.type!r}, {', '.join(map(repr, self.fields))})"


def _kept_event(kept: object) -> bool:
    """Whether ``kept`` is an event as a log keeps it: a dict, or a record of an EventKind."""
    return isinstance(kept, dict) or (
        isinstance(kept, tuple) and bool(kept) and isinstance(kept[0], EventKind)
    )


def as_event(kept: Event | Record, copy: bool = False) -> Event:
    """An event as the log keeps it (a dict, or a record), as its readers get it: a fresh JSON-safe copy
    where ``copy`` (a record is copied as it is turned into its dict, not twice)."""
    if isinstance(kept, dict):
        return json_copy(kept) if copy else kept
    return kept[0].event(kept, copy)


class EventLog:
    """An append-only list of (audience, event) entries with copy-on-write sharing between clones.

    ``_marks`` remembers, per seat, where the last walk of :meth:`visible_from` ended (how many of the
    seat's events lie before which position), so the next walk starts there; it is this log object's
    own (a share starts without) and never part of what the log holds."""

    __slots__ = ("_entries", "_length", "_marks")

    keeps: ClassVar[bool] = True  # whether what is appended is kept (not in a search's QuietLog)

    def __init__(self) -> None:
        self._entries: list[Kept] = []
        self._length = 0
        self._marks: dict[int | None, tuple[int, int]] | None = None

    def share(self) -> EventLog:
        """A copy that shares the entries until either side appends."""
        other = EventLog.__new__(EventLog)
        other._entries = self._entries
        other._length = self._length
        other._marks = None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        """A deep copy shares the entries as a clone does: logged events are never changed, and the
        copy detaches as soon as either side appends."""
        return self.share()

    def __getstate__(self) -> dict[str, Any]:
        return {"entries": self._entries[: self._length]}  # records stay records

    def __setstate__(self, state: dict[str, Any]) -> None:
        entries = state.get("entries") if isinstance(state, dict) else None
        if not isinstance(entries, list) or not all(
            isinstance(e, tuple) and len(e) == 2 and _kept_event(e[1]) for e in entries
        ):
            from .errors import KanseiError

            raise KanseiError("bad pickle of an event log: not a list of (audience, event) entries")
        self._entries = entries
        self._length = len(entries)
        self._marks = None

    def append(self, audience: int | None, event: Event) -> None:
        entries = self._entries
        if len(entries) != self._length:  # another copy appended to the shared list: detach first
            entries = self._entries = entries[: self._length]
        entries.append((audience, event))
        self._length += 1

    def extend(self, kept: list[tuple[int | None, Record]]) -> None:
        """Append entries whose events are records (:class:`EventKind`), in order."""
        entries = self._entries
        if len(entries) != self._length:
            entries = self._entries = entries[: self._length]
        entries.extend(kept)
        self._length += len(kept)

    def __len__(self) -> int:
        return self._length

    def entries(self, copy: bool = False) -> Iterator[Entry]:
        """Every entry, in order (``copy``: each event a fresh JSON-safe copy)."""
        entries = self._entries
        for i in range(self._length):
            audience, event = entries[i]
            yield audience, as_event(event, copy)

    def visible(self, seat: int | None) -> Iterator[Event]:
        """The events ``seat`` may see, in order (the engine's own objects: callers copy)."""
        for audience, event in self.entries():
            if audience is None or audience == seat:
                yield event

    def visible_from(self, seat: int | None, start: int, copy: bool = False) -> list[Event]:
        """The events ``seat`` may see after its first ``start`` ones (the engine's own objects; ``copy``:
        fresh JSON-safe copies). The walk to the ``start``-th one begins where this log's last walk for the
        seat ended, when it can."""
        entries, n = self._entries, self._length
        count = pos = 0
        marks = self._marks
        if marks is not None:
            mark = marks.get(seat)
            if mark is not None and mark[0] <= start and mark[1] <= n:
                count, pos = mark
        while pos < n and count < start:
            audience = entries[pos][0]
            if audience is None or audience == seat:
                count += 1
            pos += 1
        out = [as_event(e, copy) for a, e in entries[pos:n] if a is None or a == seat]
        if marks is None:
            marks = self._marks = {}
        marks[seat] = (count + len(out), n)
        return out

    def since(self, seat: int | None, cursor: int, copy: bool = False) -> tuple[list[Event], int]:
        """The events ``seat`` may see among those logged at or after position ``cursor``, and the
        position to read from next time (the engine's own objects; ``copy``: fresh JSON-safe copies)."""
        n = self._length
        return [as_event(e, copy) for a, e in self._entries[cursor:n] if a is None or a == seat], n

    def only_for(self, seat: int | None) -> EventLog:
        """A new log holding exactly what ``seat`` may see (for ``determinize``)."""
        out = EventLog()
        out._entries = [e for e in self._entries[: self._length] if e[0] is None or e[0] == seat]
        out._length = len(out._entries)
        return out


class QuietLog(EventLog):
    """The log of a world made for search only (``state.determinize(seat, rng, events=False)``): it keeps
    nothing, so a search's rollouts pay for no narration nobody reads. Its clones share it (it never
    changes). Reading it is refused in one line: such a world has no events to tell (the rules never read
    their own log)."""

    __slots__ = ()

    keeps: ClassVar[bool] = False

    def share(self) -> EventLog:
        return self

    def append(self, audience: int | None, event: Event) -> None:
        return None

    def extend(self, kept: list[tuple[int | None, Record]]) -> None:
        return None

    def _refuse(self) -> KanseiError:
        return KanseiError(
            "this world was made for search (determinize(..., events=False)): it keeps no events"
        )

    def entries(self, copy: bool = False) -> Iterator[Entry]:
        raise self._refuse()

    def visible(self, seat: int | None) -> Iterator[Event]:
        raise self._refuse()

    def visible_from(self, seat: int | None, start: int, copy: bool = False) -> list[Event]:
        raise self._refuse()

    def since(self, seat: int | None, cursor: int, copy: bool = False) -> tuple[list[Event], int]:
        raise self._refuse()

    def only_for(self, seat: int | None) -> EventLog:
        return self


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts, lists, tuples as lists, scalars), so callers never alias
    engine state."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_copy(v) for v in value]
    return value


__all__ = ["Entry", "Event", "EventKind", "EventLog", "QuietLog", "Record", "as_event", "json_copy"]
