"""The core's record fields: a state reads and writes its record's fields under their own names
(core/protocol.py ``RecordField``, ``forward_record``), the one mechanism Stampede's and D-Spirits'
states use for their compiled records."""

from __future__ import annotations

import kansei
from kansei.builtin.dspirits.duel import Duel
from kansei.builtin.dspirits.rules import RulesState
from kansei.builtin.stampede.state import Board
from kansei.core.protocol import RecordField, forward_record


class Record:
    __slots__ = ("hand", "score")

    def __init__(self) -> None:
        self.hand = [1, 2]
        self.score = 0

    def total(self) -> int:
        return sum(self.hand) + self.score


class Holder:
    __slots__ = ("record", "score_seen")

    hand: RecordField[list[int]] = RecordField("record")

    def __init__(self) -> None:
        self.record = Record()
        self.score_seen = 7  # a name of its own: forward_record leaves it alone


class Forwarded:
    __slots__ = ("record", "score")

    def __init__(self) -> None:
        self.record = Record()
        self.score = -1  # the holder's own field, not the record's


forward_record(Forwarded, "record", Record)


def test_a_declared_field_reads_and_writes_the_record() -> None:
    h = Holder()
    assert h.hand is h.record.hand
    h.hand = [5]
    assert h.record.hand == [5]
    assert isinstance(Holder.hand, RecordField) and Holder.hand.name == "hand"


def test_forward_record_gives_every_name_the_holder_lacks() -> None:
    f = Forwarded()
    assert f.hand == [1, 2] and f.total() == 3  # a field and a method, read through the holder
    f.hand = [4, 4]
    assert f.record.total() == 8
    # the holder's own slot is not replaced by the record's field of the same name
    assert not isinstance(Forwarded.__dict__["score"], RecordField)
    assert f.score == -1 and f.record.score == 0


def test_the_games_states_read_their_records_through_record_fields() -> None:
    board = kansei.load("stampede").start(seed=3)
    assert isinstance(Board.__dict__["hands"], RecordField)
    assert board.hands is board.race.hands
    duel = kansei.load("dspirits").start(seed=3)
    for name in ("sp", "hand", "labels"):
        assert isinstance(Duel.__dict__[name], RecordField), name
    assert duel.sp is duel.duel.sp
    assert all(hasattr(Duel, n) for n in dir(RulesState) if not n.startswith("__"))
