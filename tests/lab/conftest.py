"""The lab's fixtures: the toy game registered for these tests, and Ray started once per session."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import needs  # noqa: E402
from toygame import HERE, Toy  # noqa: E402

from kansei.core import registry  # noqa: E402


@pytest.fixture(autouse=True)
def toy() -> Iterator[type[Toy]]:
    """The toy game, registered in this process (and in forked pool workers) while a lab test runs."""
    registry.register(Toy)
    yield Toy
    registry.unregister(Toy.id)


@pytest.fixture
def toy_content(tmp_path: Path) -> Path:
    """A copy of the toy's content folder that a test may change."""
    dest = tmp_path / "toy-content"
    shutil.copytree(HERE, dest)
    return dest


def set_power(folder: Path, card: str, power: int) -> None:
    """Change one card's power in a toy content folder (a planted effect)."""
    path = folder / "cards.toml"
    text = path.read_text(encoding="utf-8")
    head = f'name = "{card}"\n'
    i = text.index(head)
    j = text.index("power = ", i)
    k = text.index("\n", j)
    path.write_text(text[:j] + f"power = {power}" + text[k:], encoding="utf-8")


@pytest.fixture(scope="session")
def ray_local() -> Iterator[object]:
    """A local Ray cluster for the whole session (token auth off, as for any local test cluster)."""
    ray = needs.module("ray", "the lab extra: pip install -e '.[lab]'")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
