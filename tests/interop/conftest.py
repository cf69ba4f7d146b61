"""Interop tests: every registered game, at its smallest and (when it differs) largest player count."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import needs  # noqa: E402

for _name in ("pyspiel", "pettingzoo", "gymnasium"):
    needs.module(_name, "the interop extra: pip install -e '.[interop]'")

from interop_helpers import CONFIGS, IDS  # noqa: E402


@pytest.fixture(params=CONFIGS, ids=IDS)
def config(request) -> tuple[str, int]:
    return request.param


@pytest.fixture(autouse=True, scope="session")
def _vocabulary_cache(tmp_path_factory) -> Iterator[None]:
    """Fallback vocabularies are cached in a temporary folder, not the user's home."""
    mp = pytest.MonkeyPatch()
    mp.setenv("KANSEI_CACHE", str(tmp_path_factory.mktemp("kansei-cache")))
    yield
    mp.undo()
