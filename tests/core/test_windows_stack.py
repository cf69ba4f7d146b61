"""core/windows.py: priority, closing after passes in a row, LIFO resolution, nesting, auto-pass, clone."""

from __future__ import annotations

from kansei.core.windows import Windows


class Host:
    def __init__(self, responders=(0, 1)):
        self.responders = set(responders)
        self.resolved: list[tuple] = []
        self.is_over = False
        self.nest_on: str | None = None
        self.w: Windows | None = None

    def can_respond(self, seat, kind):
        return seat in self.responders

    def resolve(self, item):
        self.resolved.append(item)
        if item[0] == self.nest_on and self.w is not None:
            self.nest_on = None
            self.w.open("inner", 0, ("inner-trigger",))
        if item[0] == "end":
            self.is_over = True


def test_respond_pass_and_lifo_resolution():
    w = Windows(2)
    h = Host()
    w.open("attack", first=1, trigger=("attack", 0), opener_passed=True)
    assert w.settle(h) == 1 and w.priority == 1 and w.kind == "attack"
    w.respond(("boost", 1))
    assert w.settle(h) == 0  # priority back to the attacker, passes reset
    w.respond(("counter", 0))
    assert w.settle(h) == 1
    w.pass_()
    assert w.settle(h) == 0  # one pass is not enough after a response
    w.pass_()
    assert w.settle(h) is None
    assert h.resolved == [("counter", 0), ("boost", 1), ("attack", 0)]
    assert not w.is_open and w.items == []


def test_opener_passed_closes_after_single_pass():
    w = Windows(2)
    h = Host()
    w.open("run", first=1, trigger=("run", 0), opener_passed=True)
    assert w.settle(h) == 1
    w.pass_()
    assert w.settle(h) is None
    assert h.resolved == [("run", 0)]


def test_window_nobody_can_answer_is_skipped_without_a_decision():
    w = Windows(2)
    h = Host(responders=())
    w.open("attack", first=1, trigger=("attack", 0))
    assert w.settle(h) is None
    assert h.resolved == [("attack", 0)]


def test_nested_window_opened_while_resolving_runs_first():
    w = Windows(2)
    h = Host(responders=())
    h.w = w
    h.nest_on = "b"
    w.open("outer", 0, ("a",))
    w.push(("b",))
    w.close()
    assert w.settle(h) is None
    assert h.resolved == [("b",), ("inner-trigger",), ("a",)]


def test_game_over_clears_everything():
    w = Windows(2)
    h = Host(responders=())
    w.open("x", 0, ("a",))
    w.push(("end",))
    w.close()
    assert w.settle(h) is None
    assert h.resolved == [("end",)]
    assert not w.is_open and w.items == []


def test_clone_is_independent_and_find_replace():
    w = Windows(2)
    w.open("attack", 1, ("attack", 0, "L"), opener_passed=True)
    c = w.clone()
    c.respond(("cancel", 1))
    assert len(w.items) == 1 and len(c.items) == 2
    i = c.find("attack")
    assert i == 0
    c.replace(i, ("fizzled", "attack"))
    assert w.items[0] == ("attack", 0, "L") and c.items[0][0] == "fizzled"
    assert c.find("nothing") == -1
    assert c.reveal()["items"][0] == ["fizzled", "attack"]
    assert c.pending() == [("fizzled", "attack"), ("cancel", 1)]


def test_three_players_need_three_passes():
    w = Windows(3)
    h = Host(responders=(0, 1, 2))
    w.open("x", 0, ("t",))
    for expected in (0, 1, 2):
        assert w.settle(h) == expected
        w.pass_()
    assert w.settle(h) is None and h.resolved == [("t",)]
