"""One Ctrl-C stops promptly and loses nothing: a real SIGINT to a real process (issue 15 §3)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import subprocess_env

from kansei.core.errors import ContentError
from kansei.sim.runner import run_games

KANSEI = [sys.executable, "-c", "from kansei.cli import main; main()"]


def start(args: list[str], **kw: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        KANSEI + args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
        start_new_session=True,  # its own process group, as a terminal's foreground job
        **kw,  # type: ignore[arg-type]
    )


def wait_for(predicate, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            pytest.fail("timed out waiting for the run to make progress")
        time.sleep(0.1)


def ctrl_c(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """SIGINT to the whole process group (what a terminal does), then the output once it exits."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        return proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("one Ctrl-C did not stop the run")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sim_stops_on_one_ctrl_c_with_a_partial_summary(tmp_path: Path, workers: str) -> None:
    folder = tmp_path / "reps"
    proc = start(
        [
            "sim",
            "touge",
            "--agents",
            "mcts:iters=60,random",
            "--games",
            "400",
            "--workers",
            workers,
            "--save-replays",
            str(folder),
            "--json",
        ]
    )
    wait_for(lambda: folder.exists() and len(list(folder.glob("*.json"))) >= 3)
    out, err = ctrl_c(proc)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    res = json.loads(out)
    assert res["partial"] is True and res["stopped"] == "interrupted" and res["planned"] == 400
    assert 3 <= res["games"] < 400
    saved = sorted(folder.glob("*.json"))
    assert len(saved) == res["games"]  # every finished game written, none half-written
    assert not list(folder.glob(".*.tmp"))
    assert "partial" in err


def test_sim_table_says_partial(tmp_path: Path) -> None:
    folder = tmp_path / "reps"
    proc = start(
        [
            "sim",
            "touge",
            "--agents",
            "mcts:iters=60,random",
            "--games",
            "400",
            "--workers",
            "2",
            "--save-replays",
            str(folder),
        ]
    )
    wait_for(lambda: folder.exists() and len(list(folder.glob("*.json"))) >= 2)
    out, err = ctrl_c(proc)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert "partial: interrupted after" in out.replace("\n", " ")


def test_ctrl_c_while_a_bot_thinks_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    proc = start(
        ["play", "touge", "--seed", "4", "--vs", "mcts:time=120,iters=100000000", "--save", str(save)],
        stdin=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: proc.stdout.read(1), "")), daemon=True)
    reader.start()
    wait_for(lambda: "seat 0>" in "".join(seen))
    proc.stdin.write("done\n")
    proc.stdin.flush()
    time.sleep(2)  # the bot is now thinking over its first decision (up to 120 s)
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=30)
    reader.join(timeout=5)
    out, err = "".join(seen), proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Traceback" not in out
    rep = json.loads(save.read_text())
    assert rep["actions"][0] == "done"
    assert "--resume" in out


def test_a_content_error_in_a_worker_comes_back_whole() -> None:
    bad = {"name": "x", "car": "nope", "cards": {"Warp Drive": 2, "Nope": 1}}
    with pytest.raises(ContentError) as e:
        run_games("touge", {}, [(["random", "random"], s) for s in range(4)], workers=2, decks=[bad, None])
    assert len(e.value.problems) >= 2
    assert all(len(p) > 3 for p in e.value.problems)  # lines, not one character each
