"""The games' rules compiled with mypyc (``python -m kansei.build``) play exactly the games their Python
sources play: the same actions, events, views and results for seeded random and greedy games. Skipped
where no game module is compiled; the guard that picks source or compiled module is tested everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from compiled_play import play_script

from kansei.core import compiled

PLAY = play_script([("minid", 2), ("minid", 6), ("touge", 2), ("initiald", 2), ("stampede", 2)], range(1, 16))


def play(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE}
    if pure:
        env[compiled.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def built_games() -> bool:
    import kansei.builtin.minid.rules as minid_rules

    return not str(minid_rules.__file__).endswith(".py")


@pytest.mark.skipif(not built_games(), reason="the games' rules are not compiled (python -m kansei.build)")
def test_compiled_rules_play_the_same_games():
    fast, pure = play(pure=False), play(pure=True)
    assert "kansei.builtin.minid.rules" in fast["compiled"] and pure["compiled"] == []
    assert "kansei.builtin.stampede.bots" in fast["compiled"]  # the evaluation the greedy games use
    assert fast["games"] == pure["games"]


def test_the_source_is_used_where_asked_or_newer(tmp_path, monkeypatch):
    so = tmp_path / "rules.cpython-311-x86_64-linux-gnu.so"
    source = tmp_path / "rules.py"
    source.write_text("")
    so.write_bytes(b"")
    old = time.time() - 100
    os.utime(source, (old, old))
    monkeypatch.delenv(compiled.PURE, raising=False)
    assert compiled.source_of(so) == source
    assert compiled.use_compiled(so)
    monkeypatch.setenv(compiled.PURE, "1")
    assert not compiled.use_compiled(so)  # KANSEI_PURE: the source
    monkeypatch.delenv(compiled.PURE)
    os.utime(source, None)
    os.utime(so, (old - 100, old - 100))
    assert not compiled.use_compiled(so)  # edited since it was compiled: the source
    assert compiled.source_of(Path("x/search__mypyc.cpython-311.so")).name == "search__mypyc.py"


def test_a_folders_compiled_modules_are_used_together(tmp_path, monkeypatch):
    """A game's modules are compiled as one group (their compiled code calls one another's directly): one
    edited source sends the whole folder back to its sources."""
    monkeypatch.delenv(compiled.PURE, raising=False)
    old = time.time() - 100
    for stem in ("rules", "corners"):
        (tmp_path / f"{stem}.py").write_text("")
        os.utime(tmp_path / f"{stem}.py", (old, old))
        (tmp_path / f"{stem}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    library = tmp_path / "compiled__mypyc.cpython-311-x86_64-linux-gnu.so"  # mypyc's group library: no source
    library.write_bytes(b"")
    rules = tmp_path / "rules.cpython-311-x86_64-linux-gnu.so"
    assert compiled.extension_modules(tmp_path) == sorted(
        [library, rules, tmp_path / "corners.cpython-311-x86_64-linux-gnu.so"]
    )
    assert compiled.use_compiled(rules)
    os.utime(
        tmp_path / "corners.py", None
    )  # corners edited since: rules' compiled code would call the old one
    assert not compiled.current(tmp_path / "corners.cpython-311-x86_64-linux-gnu.so") and compiled.current(
        rules
    )
    assert not compiled.use_compiled(rules)
