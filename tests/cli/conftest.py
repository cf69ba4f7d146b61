"""Every CLI test at 80×24, in its own folder (``play`` saves to ./replays by default)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli_helpers import SIZE  # noqa: E402


@pytest.fixture(autouse=True)
def terminal_80x24(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for k, v in SIZE.items():
        monkeypatch.setenv(k, v)
    monkeypatch.chdir(tmp_path)
