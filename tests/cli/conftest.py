"""Every CLI test at 80×24, in its own folder (``play`` saves to ./replays by default)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cli_toy  # noqa: E402
from cli_helpers import SIZE  # noqa: E402

from kansei.core.registry import unregister  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def toy_games() -> Iterator[None]:
    """The toy games exist only while a CLI test module runs (other tests list every registered game)."""
    cli_toy.install()
    yield
    for cls in (cli_toy.Toy, cli_toy.PoliteToy):
        unregister(cls.id)


@pytest.fixture(autouse=True)
def terminal_80x24(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for k, v in SIZE.items():
        monkeypatch.setenv(k, v)
    monkeypatch.chdir(tmp_path)
