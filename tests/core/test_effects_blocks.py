"""core/effects.py: block registration, compilation to named tuples, one-line problems, nesting."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import Field

from kansei.core.content import Record
from kansei.core.effects import BlockParams, BlockRegistry, Compiled, Slot, unimplemented_lines
from kansei.core.errors import ContentError


class AddParams(BlockParams):
    amount: int = Field(ge=1)
    duration: Literal["turn", "game"]


class CostParams(BlockParams):
    n: int = 1


class UseParams(BlockParams):
    cost: Annotated[dict | None, Slot("cost")] = None
    conditions: Annotated[list[dict], Slot("condition", many=True)] = []
    then: Annotated[list[dict], Slot("effect", many=True)] = []


def make() -> BlockRegistry:
    reg = BlockRegistry("demo")

    @reg.block("add", AddParams, doc="add an amount")
    def add(p, total):
        return total + p.amount

    reg.register("pay", CostParams, lambda p, bank: bank - p.n, kind="cost")
    reg.register("always", BlockParams, lambda p: True, kind="condition")
    reg.register("use", UseParams, lambda p: p, kind="ability")
    return reg


def test_compiles_to_named_tuple_and_calls_impl():
    reg = make()
    c = reg.compile({"block": "add", "amount": 3, "duration": "turn"}, "card X")
    assert isinstance(c, Compiled)
    assert c.p.amount == 3 and c.p.duration == "turn"
    assert type(c.p).__name__ == "P_add" and isinstance(c.p, tuple)
    assert c(10) == 13


def test_unknown_block_one_line_with_known_list():
    reg = make()
    probs = []
    reg.compile_list(
        [{"block": "add", "amount": 1, "duration": "turn"}, {"block": "foo"}],
        'content/cards.toml: card "X"',
        probs,
    )
    assert probs == ['content/cards.toml: card "X": effect 2: unknown block "foo" (known: add)']


def test_missing_and_bad_parameters():
    reg = make()
    probs = reg.check({"block": "add", "amount": 0}, "c: effect 1")
    assert len(probs) == 2
    assert any('missing parameter "duration"' in p for p in probs)
    assert any('parameter "amount"' in p and "is 0" in p for p in probs)
    assert all("\n" not in p for p in probs)
    probs = reg.check({"block": "add", "amount": 1, "duration": "turn", "bogus": 1}, "c")
    assert probs and 'unknown parameter "bogus"' in probs[0]


def test_wrong_kind_and_malformed_specs():
    reg = make()
    assert "is a cost block, not an effect block" in reg.check({"block": "pay"}, "w")[0]
    assert 'no "block" key' in reg.check({"amount": 1}, "w")[0]
    assert "must be a table" in reg.check("add 3", "w")[0]
    with pytest.raises(ContentError) as e:
        reg.compile({"block": "nope"}, "w")
    assert str(e.value).startswith('w: unknown block "nope"')


def test_nested_slots_compile_recursively_and_report_inner_problems():
    reg = make()
    c = reg.compile(
        {
            "block": "use",
            "cost": {"block": "pay", "n": 2},
            "conditions": [{"block": "always"}],
            "then": [{"block": "add", "amount": 1, "duration": "game"}],
        },
        "w",
        kind="ability",
    )
    assert isinstance(c.p.cost, Compiled) and c.p.cost(5) == 3
    assert c.p.conditions[0]() is True
    assert c.p.then[0](1) == 2
    probs = reg.check({"block": "use", "then": [{"block": "add", "amount": 1}]}, "w", kind="ability")
    assert probs == [
        'w (use): then 1 (add): missing parameter "duration" (signature: '
        "add(amount: int, duration: turn|game))"
    ]


def test_duplicate_registration_and_describe():
    reg = make()
    with pytest.raises(ValueError):
        reg.register("add", AddParams, None)
    lines = reg.describe("effect")
    assert lines == ["effect: add(amount: int, duration: turn|game) — add an amount"]
    assert reg.names("cost") == ["pay"]


class Card(Record):
    name: str
    unimplemented: str | None = None


def test_unimplemented_listed_as_warnings():
    recs = [Card(name="A"), Card(name="B", unimplemented="copies an opponent's effect")]
    assert unimplemented_lines(recs, "content/cards.toml") == [
        'warning: content/cards.toml: card "B": not implemented yet: copies an opponent\'s effect'
    ]
