"""A fresh mypyc build plays exactly the games its sources play, in every run of the suite.

The tests that hold compiled modules to their sources (``test_compiled_rules.py``,
``tests/agents/test_compiled_search.py``, ``test_native_rng.py``) skip where nothing was built, which is
every fresh checkout, CI's among them. So this one builds: it copies the package (without any module
built in it), compiles the core's generator and one game's group there with ``python -m kansei.build``
(about 30 s of one core), and plays seeded random and greedy games with both, comparing every action,
event, view and result. The game is Initial D, whose race is a native record its rules are typed
functions of (the deepest use of mypyc in kansei); ``bench/identical.py`` checks every game by hand.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from compiled_play import play_script
from needs import module, program

import kansei
from kansei.core import compiled

GAME = "initiald"
PACKAGE = Path(kansei.__file__).resolve().parent

PLAY = play_script([(GAME, 2)], range(1, 11))


@pytest.mark.slow
def test_a_fresh_build_plays_the_games_its_sources_play(tmp_path: Path) -> None:
    program("cc", "gcc", install="a C compiler: Debian's gcc")
    module("mypyc", "mypy, in the lint extra: pip install -e '.[lint]'")
    src = tmp_path / "src"
    shutil.copytree(
        PACKAGE, src / "kansei", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "build")
    )
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE}
    env["PYTHONPATH"] = str(src)  # the copy, ahead of the installed (editable) package
    build = subprocess.run(
        [sys.executable, "-m", "kansei.build", "--only", f"core,{GAME}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-3000:]

    def play(pure: bool) -> dict:
        run_env = {**env, compiled.PURE: "1"} if pure else env
        command = [sys.executable, "-c", PLAY]
        done = subprocess.run(command, cwd=tmp_path, env=run_env, capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    fast, pure = play(pure=False), play(pure=True)
    assert Path(fast["file"]).is_relative_to(src)  # the copy was played, not the checkout
    assert f"kansei.builtin.{GAME}.race" in fast["compiled"] and "kansei.core.native_rng" in fast["compiled"]
    assert pure["compiled"] == []
    assert fast["games"] == pure["games"]
