"""agents/limits.py: every agent kind's spec is checked against a time and a work limit (issue 23: a bot
spec without a budget gets one, an absurd one is refused in one line naming the limit)."""

from __future__ import annotations

import pytest

from kansei.agents import agent_kinds, make_agent
from kansei.agents.limits import check_spec
from kansei.core.errors import OptionError

LIMITS = {"max_seconds": 2.0, "max_iterations": 20_000}


def test_a_spec_without_a_time_budget_gets_the_limit_and_keeps_its_default_count() -> None:
    b = check_spec("mcts", **LIMITS)
    assert b.timed and b.seconds == 2.0
    agent = make_agent(b.spec)
    assert agent.params.time == 2.0 and agent.params.iters == 1000  # still 1000 iterations, at most 2 s
    assert check_spec("mcts:time=0.5", **LIMITS).seconds == 0.5


@pytest.mark.parametrize(
    ("spec", "limit"),
    [
        ("mcts:time=100", "2 s a move"),
        ("mcts:iters=100000000", "20,000 iterations"),
        ("openspiel:mcts:sims=1000000000", "20,000 iterations"),
        ("openspiel:ismcts:sims=1000000000", "20,000 iterations"),
        ("openspiel:mcts:sims=5000,rollouts=10", "20,000 iterations"),  # the work is the product
        ("openspiel:mcts:worlds=1000000", "limit of 20,000 a move"),
    ],
)
def test_absurd_budgets_are_refused_naming_the_limit(spec: str, limit: str) -> None:
    with pytest.raises(OptionError) as e:
        check_spec(spec, **LIMITS)
    assert limit in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize(
    "spec", ["random:seed=1", "greedy:depth=3", "mcts:time=abc", "mcts:iters=0", "wizard"]
)
def test_malformed_specs_are_one_line(spec: str) -> None:
    with pytest.raises(OptionError) as e:
        check_spec(spec, **LIMITS)
    assert str(e.value) and "\n" not in str(e.value)


def test_worlds_share_the_simulations_they_do_not_multiply_them() -> None:
    assert (
        check_spec("openspiel:mcts:sims=20000,worlds=8", **LIMITS).spec
        == "openspiel:mcts:sims=20000,worlds=8"
    )


def test_every_agent_kind_passes_with_its_defaults_and_says_who_keeps_the_time() -> None:
    for kind in agent_kinds():
        try:
            b = check_spec(kind, **LIMITS)
        except OptionError as e:  # an optional extra that is not installed: refused in one line
            assert "pip install" in str(e), e
            continue
        make_agent(b.spec)  # the checked spec makes the agent
        assert b.seconds <= LIMITS["max_seconds"]
        assert b.timed == (kind == "mcts")  # only kansei's MCTS keeps a time budget itself
