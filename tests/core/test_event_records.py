"""Events logged as records (``core.events.EventKind``, ``State.log_records``) read exactly as the events
``log`` and ``log_private`` make: the same dicts, keys in the same order, in every way the log is read."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from kansei.core.events import EventKind, EventLog, QuietLog

MOVE = EventKind("move", "seat", "src", "dst", "card")
DREW = EventKind("drew_card", "seat", "card")


def both() -> tuple[EventLog, EventLog]:
    """The same events, logged as dicts in one log and as records in the other."""
    dicts, records = EventLog(), EventLog()
    dicts.append(None, {"seat": 0, "src": 3, "dst": 7, "card": None, "type": "move"})
    dicts.append(1, {"seat": 1, "card": "nitro", "type": "drew_card"})
    dicts.append(None, {"order": [1, 0], "type": "start"})
    records.extend([(None, (MOVE, 0, 3, 7, None)), (1, (DREW, 1, "nitro"))])
    records.append(None, {"order": [1, 0], "type": "start"})  # records and dicts mix
    return dicts, records


def text(events) -> str:
    return json.dumps(list(events))  # keys in their order: "type" last, as log() puts it


def test_records_read_as_the_events_log_makes():
    dicts, records = both()
    assert len(records) == len(dicts) == 3
    assert text(records.entries()) == text(dicts.entries())
    for seat in (None, 0, 1):
        assert text(records.visible(seat)) == text(dicts.visible(seat))
        assert text(records.visible_from(seat, 1)) == text(dicts.visible_from(seat, 1))
        assert text(records.since(seat, 1)[0]) == text(dicts.since(seat, 1)[0])
        assert text(records.only_for(seat).entries()) == text(dicts.only_for(seat).entries())
    for copied in (pickle.loads(pickle.dumps(records)), copy.deepcopy(records)):
        assert text(copied.entries()) == text(dicts.entries())


def test_records_are_shared_copy_on_write_like_events():
    _, records = both()
    other = records.share()
    other.extend([(None, (MOVE, 1, 0, 2, "nitro"))])
    records.extend([(None, (MOVE, 0, 7, 9, None))])
    assert [e["dst"] for e in records.visible(None) if e["type"] == "move"] == [7, 9]
    assert [e["dst"] for e in other.visible(None) if e["type"] == "move"] == [7, 2]


def test_a_quiet_log_keeps_no_records():
    quiet = QuietLog()
    quiet.extend([(None, (MOVE, 0, 3, 7, None))])
    assert len(quiet) == 0


def test_a_record_of_the_wrong_length_is_refused_when_read():
    log = EventLog()
    log.extend([(None, (MOVE, 0, 3))])
    with pytest.raises(ValueError):
        list(log.entries())
