"""Save targets are checked before playing, and a game once played is never lost (issue 15 §3)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_error, cli

from kansei.core import replay as replays

QUIT = "pass\nquit\n"


def test_play_save_to_a_folder_is_refused_before_playing(tmp_path: Path) -> None:
    r = cli("play", "toy", "--vs", "random", "--save", str(tmp_path), input=QUIT)
    assert_one_clear_error(r, "is a folder")
    assert "Player 1>" not in r.output  # refused before the first decision


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_play_save_to_an_unwritable_place_is_refused(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    assert_one_clear_error(cli("play", "toy", "--save", str(ro / "g.json"), input=QUIT), "cannot write")


def test_play_save_under_a_file_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    assert_one_clear_error(cli("play", "toy", "--save", str(f / "g.json"), input=QUIT), "is not a folder")


def test_a_save_that_fails_at_the_end_goes_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "g.json"
    real_save = replays.save

    def broken(path: Path | str, rep: dict) -> Path:
        if Path(path) == target:
            raise PermissionError(13, "Permission denied")
        return real_save(path, rep)

    monkeypatch.setattr(replays, "save", broken)
    r = cli("play", "toy", "--seed", "2", "--vs", "random", "--save", str(target), input=QUIT)
    assert r.exit_code == 0, r.output
    assert "could not save to" in r.output and "saved to" in r.output
    where = r.output.split("saved to ")[1].split(" instead")[0].strip()
    rep = json.loads(Path(where.replace("\n", "")).read_text())
    assert rep["actions"]
    Path(where.replace("\n", "")).unlink()


def test_sim_save_replays_to_an_existing_file_is_refused_before_playing(tmp_path: Path) -> None:
    f = tmp_path / "taken.json"
    f.write_text("{}")
    r = cli("sim", "toy", "--games", "3", "--save-replays", str(f))
    assert_one_clear_error(r, "exists and is not a folder")
    assert f.read_text() == "{}"


def test_sim_writes_replays_as_games_finish(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "deeper"
    r = cli("sim", "toy", "--games", "4", "--save-replays", str(folder))
    assert r.exit_code == 0, r.output
    assert len(list(folder.glob("*.json"))) == 4 and "4 replays written" in r.output
