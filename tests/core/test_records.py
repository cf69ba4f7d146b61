"""Game records for designers (issue 19 §1 "Records", §4 seams): simulated games record every seat's deck
and the first mover, old replay files stay readable, and a player count outside a game's range is one
line wherever it comes in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kansei
from kansei.cli import app
from kansei.core import replay as replays
from kansei.sim import play_game, simulate

from . import kit_toys as toys


def test_a_simulated_game_records_every_seats_deck_as_data_and_the_first_mover():
    from kansei.core import registry

    registry.register(toys.DrawDuel)
    try:
        rep = play_game("drawduel", {}, ["random", "greedy"], seed=5, record=True).replay
    finally:
        registry.unregister(toys.DrawDuel.id)
    assert rep is not None
    assert rep["decks"] == [{"name": "toy", "cards": toys.DECK}, {"name": "toy", "cards": toys.DECK}]
    assert rep["first_mover"] == 0
    assert replays.parse(rep).first_mover == 0


def test_a_game_without_deck_data_keeps_the_specs_it_was_given(tmp_path: Path):
    simulate("touge", {}, ["random", "random"], 2, seed=1, save_replays=tmp_path)
    for path in sorted(tmp_path.glob("*.json")):
        rep = json.loads(path.read_text())
        assert rep["decks"] is None or len(rep["decks"]) == 2  # touge has no deck_lists yet: the specs
        assert replays.run(rep).reproduced is True


def test_an_old_replay_without_decks_or_first_mover_is_still_read():
    rep = play_game("touge", {}, ["random", "random"], seed=2, record=True).replay
    assert rep is not None
    old = {k: v for k, v in rep.items() if k not in ("first_mover", "decks")}
    assert replays.loads(json.dumps(old))["first_mover"] is None
    assert replays.run(old).reproduced is True


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "touge", "--players", "0", "--games", "2"],
        ["sim", "minid", "--players", "9", "--games", "2"],
        ["ladder", "touge", "--players", "0", "--games", "2", "--agents", "random,greedy"],
        ["play", "touge", "--players", "3", "--moves", "1"],
        ["check", "touge", "--players", "0"],
    ],
)
def test_a_player_count_outside_the_range_is_one_line_naming_it(args):
    r = CliRunner().invoke(app, args)
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert r.exit_code == 1 and len(lines) == 1, r.output
    game = kansei.load(args[1])
    span = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players}–{game.max_players}"
    )
    assert f"players is not allowed (this game takes {span})" in lines[0]


def test_the_simulator_refuses_a_zero_player_count_instead_of_guessing():
    with pytest.raises(kansei.OptionError, match="0 players is not allowed"):
        simulate("touge", {}, ["random", "random"], 1, players=0)
    with pytest.raises(kansei.OptionError, match="0 players is not allowed"):
        play_game("touge", {}, ["random", "random"], seed=0, players=0)


def test_play_takes_its_moves_on_the_command_line_and_saves(tmp_path: Path):
    save = tmp_path / "g.json"
    r = CliRunner().invoke(
        app, ["play", "touge", "--seed", "2", "--vs", "random", "--moves", "1; board", "--save", str(save)]
    )
    assert r.exit_code == 0, r.output
    rep = json.loads(save.read_text())
    assert rep["actions"] and rep["seed"] == 2
    again = CliRunner().invoke(app, ["play", "--resume", str(save), "--moves", "1", "--save", str(save)])
    assert again.exit_code == 0, again.output
    assert len(json.loads(save.read_text())["actions"]) > len(rep["actions"])
