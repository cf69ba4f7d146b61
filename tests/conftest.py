"""Shared fixtures: every registered game with each of its test configurations; the win rate of a bot
against random play. And the skip policy (tests/needs.py): a test that would skip because an extra or a
system package is missing fails instead under ``CI=true``, whichever way it skipped."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/needs.py for every test folder

# The terminal's consoles are made when kansei.cli is imported, and a console made where COLUMNS or LINES is
# set keeps that size for good: the tests that ask for 80 columns (CliRunner's env) would get the shell's.
for _size in ("COLUMNS", "LINES"):
    os.environ.pop(_size, None)

from needs import in_ci, is_missing_reason  # noqa: E402

import kansei  # noqa: E402
from kansei.agents import choose, make_agent  # noqa: E402


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tiers for ``make test-fast``: a test on PostgreSQL is marked ``postgres`` (browser tests mark
    themselves ``browser``; tests of whole real servers or long games ``slow``)."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "postgres_url" in getattr(item, "fixturenames", ()) or params.get("db_url") == "postgres":
            item.add_marker(pytest.mark.postgres)


def _skip_reason(longrepr: object) -> str:
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _fail_missing_under_ci(report: pytest.CollectReport | pytest.TestReport) -> None:
    if in_ci() and report.skipped and is_missing_reason(_skip_reason(report.longrepr)):
        report.outcome = "failed"
        report.longrepr = (
            f"{_skip_reason(report.longrepr)} — under CI=true a missing requirement fails the run"
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    _fail_missing_under_ci(report)  # type: ignore[arg-type]
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    report = yield
    _fail_missing_under_ci(report)  # type: ignore[arg-type]
    return report


def game_configs() -> list[tuple[str, dict, int]]:
    out = []
    for gid in kansei.games():
        game = kansei.load(gid)
        for cfg in game.test_configs():
            out.append((gid, cfg.get("options", {}), cfg.get("players", game.min_players)))
    return out


def config_id(cfg: tuple[str, dict, int]) -> str:
    gid, opts, n = cfg
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{gid}[{extra}]p{n}"


@pytest.fixture(params=game_configs(), ids=config_id)
def config(request):
    return request.param


def _win_rate_against_random(game: kansei.Game, kind: str, games: int = 40) -> float:
    """The share of ``games`` fixed-seed games (game ``i`` from seed ``i``, seats alternating) that an agent
    of ``kind`` wins against ``random``; ``kind="random"`` gives the baseline of the same games."""
    wins = 0
    for i in range(games):
        seat = i % 2
        agents = [make_agent("random", seed=i), make_agent("random", seed=i + 100)]
        agents[seat] = make_agent(kind, seed=i)
        s = game.start(seed=i)
        while not s.is_over:
            mover = s.to_move
            s.apply(choose(agents[mover], s, mover), seat=mover)
        wins += s.winner == seat
    return wins / games


@pytest.fixture
def win_rate_against_random() -> Callable[..., float]:
    return _win_rate_against_random
