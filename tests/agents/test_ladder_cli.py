"""``kansei ladder``: one JSON object with --json, a table otherwise, one clear line for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import kansei
from kansei.cli import app

GAME = "touge" if "touge" in kansei.games() else kansei.games()[0]
runner = CliRunner()


def test_ladder_json():
    r = runner.invoke(
        app,
        [
            "ladder",
            GAME,
            "--agents",
            "random,greedy,mcts:iters=6,depth=2",
            "--games",
            "2",
            "--json",
            "--seed",
            "5",
        ],
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["agents"] == ["random", "greedy", "mcts:iters=6,depth=2"]
    assert d["seed"] == 5 and d["games_per_pairing"] == 2
    assert len(d["matrix"]) == 3 and len(d["ratings"]) == 3
    assert sum(p["games"] for p in d["pairings"]) == 6


def test_ladder_table():
    r = runner.invoke(app, ["ladder", GAME, "--agents", "random,greedy", "--games", "2"])
    assert r.exit_code == 0, r.output
    assert "win rate" in r.stdout and "Bradley–Terry" in r.stdout and "anchor" in r.stdout


def test_ladder_ratings_keep_a_long_spec_whole_in_80_columns():
    """A spec is for copying: the ratings table folds it within its column, never cuts it short."""
    spec = "mcts:iters=4,depth=0,value=eval,relative=true,prior=3"
    r = runner.invoke(
        app, ["ladder", GAME, "--agents", f"random,{spec}", "--games", "2"], env={"COLUMNS": "80"}
    )
    assert r.exit_code == 0, r.output
    ratings = r.stdout.split("Bradley–Terry")[1]
    assert all(len(line) <= 80 for line in ratings.splitlines())
    cells = "".join(line.split("│")[2].strip() for line in ratings.splitlines() if line.count("│") > 3)
    assert spec in cells, ratings


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--agents", "random"], "at least two agents"),
        (["--agents", "random,mcts:iters=-1"], "iters=-1"),
        (["--agents", "random,mcts:budget=3"], "unknown key 'budget'"),
        (["--agents", "random,wizard"], "unknown agent 'wizard'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--opt", "bogus=1"], "unknown option 'bogus'"),
    ],
)
def test_ladder_bad_input(args, says):
    r = runner.invoke(app, ["ladder", GAME, *args])
    assert r.exit_code == 1
    text = r.stderr if r.stderr else r.output
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1 and says in lines[0], text


def test_sim_keeps_a_long_spec_whole_in_80_columns():
    """``kansei sim``'s table folds an agent's spec within its column too (it cut it at 60 characters)."""
    spec = "mcts:iters=4,depth=0,value=eval,relative=true,prior=3,stop=true,c=0.7"
    r = runner.invoke(app, ["sim", GAME, "--agents", f"random,{spec}", "--games", "2"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    cells = "".join(line.split("│")[1].strip() for line in r.stdout.splitlines() if line.count("│") > 3)
    assert spec in cells, r.stdout
