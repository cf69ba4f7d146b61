"""Games are plugins: found through the ``kansei.games`` entry-point group; a broken plugin is listed as
broken in one line and every other game still works."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

import pytest

import kansei
from kansei.core import registry
from kansei.core.errors import OptionError


@dataclass
class FakeDist:
    name: str


@dataclass
class FakeEntryPoint:
    name: str
    value: str
    dist: FakeDist
    target: Any = None
    error: Exception | None = None

    def load(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.target


class NotAGame:
    pass


@pytest.fixture
def plugins(monkeypatch):
    """Replace the installed entry points by the real ones plus the fakes a test adds."""
    real = list(entry_points(group=registry.GROUP))
    extra: list[FakeEntryPoint] = []
    monkeypatch.setattr(registry, "entry_points", lambda group: [*real, *extra])
    registry.refresh()
    yield extra
    registry.refresh()


def test_the_builtin_games_are_entry_points_like_any_other():
    found = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    assert {"touge", "initiald", "minid", "stampede", "dspirits"} <= set(found)
    assert all(v.startswith("kansei.builtin.") for k, v in found.items() if k in kansei.games())
    assert registry.broken() == {}


def test_a_plugin_that_fails_to_import_is_listed_as_broken(plugins):
    plugins.append(
        FakeEntryPoint("rally", "rally_pkg:Rally", FakeDist("rally"), error=ImportError("no numpy"))
    )
    assert "rally" not in kansei.games()
    assert registry.broken() == {"rally (from rally)": "cannot be imported: ImportError: no numpy"}
    assert "touge" in kansei.games() and kansei.load("touge").start(seed=1).legal_actions()


def test_a_plugin_without_a_game_class_is_broken(plugins):
    plugins.append(FakeEntryPoint("nogame", "pkg:NotAGame", FakeDist("pkg"), target=NotAGame))
    assert registry.broken() == {"nogame (from pkg)": "pkg:NotAGame is not a kansei Game class"}
    with pytest.raises(OptionError, match="unknown game 'nogame'"):
        kansei.load("nogame")


def test_a_plugin_colliding_with_a_builtin_id_is_broken_and_the_builtin_wins(plugins):
    other = type(kansei.load("minid"))
    plugins.insert(0, FakeEntryPoint("touge", "impostor:Touge", FakeDist("impostor"), target=other))
    registry.refresh()
    assert registry.broken() == {"touge (from impostor)": "id 'touge' is already taken by a built-in game"}
    assert kansei.load("touge").id == "touge" and type(kansei.load("touge")).__module__.startswith("kansei.")


def test_cli_lists_a_broken_plugin_and_the_other_games(plugins):
    from typer.testing import CliRunner

    from kansei.cli import app

    plugins.append(FakeEntryPoint("rally", "rally_pkg:Rally", FakeDist("rally"), error=SyntaxError("bad")))
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    assert "broken plugin rally (from rally): cannot be imported: SyntaxError: bad" in result.output
    assert "touge" in result.output and "Traceback" not in result.output


def test_unknown_game_suggests_the_nearest_id():
    with pytest.raises(OptionError, match=r"unknown game 'tuoge' — did you mean 'touge'\?"):
        kansei.load("tuoge")
