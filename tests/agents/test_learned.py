"""Learned values: the fit, the weights file and every way it can be wrong (one line each), training from
one command that gives the same file twice, and a value that changes sign with the seat."""

from __future__ import annotations

import json
import math
import random

import pytest
from agent_toys import Subtract
from typer.testing import CliRunner

import kansei
from kansei.agents import learned
from kansei.agents.hints import hint
from kansei.cli import app

GAME = "touge" if "touge" in kansei.games() else kansei.games()[0]
runner = CliRunner()


def test_the_fit_recovers_the_weights_that_made_the_labels():
    rng = random.Random(3)
    rows, labels = [], []
    for _ in range(4000):
        x = [rng.gauss(0, 1), rng.gauss(0, 1)]
        p = 1 / (1 + math.exp(-(1.5 * x[0] - 0.5 * x[1])))
        rows.append(x)
        labels.append(1.0 if rng.random() < p else 0.0)
    w, fig = learned.fit(rows, labels)
    assert w[0] == pytest.approx(1.5, abs=0.2) and w[1] == pytest.approx(-0.5, abs=0.15)
    assert fig["positions"] == 4000 and 0 < fig["log_loss"] < math.log(2)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    folder = tmp_path_factory.mktemp("weights")
    paths = []
    for name in ("a.json", "b.json"):
        path = folder / name
        res = runner.invoke(app, ["train", GAME, "--games", "12", "--seed", "4", "--save", str(path)])
        assert res.exit_code == 0, res.output
        paths.append(path)
    return paths


def test_training_is_one_command_and_reproducible(trained):
    a, b = trained
    assert a.read_bytes() == b.read_bytes()
    rec = json.loads(a.read_text())
    assert rec["format"] == learned.WEIGHTS_FORMAT and rec["game"] == GAME
    assert rec["features"][0] == learned.EVALUATION and len(rec["weights"]) == len(rec["features"])
    assert rec["games"] == 12 and rec["seed"] == 4 and rec["command"].startswith(f"kansei train {GAME}")


def test_the_value_is_a_chance_and_changes_sign_with_the_seat(trained):
    game = kansei.load(GAME)
    value, note = learned.load(game, trained[0])
    assert value is not None and note == ""
    s = game.start(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        if s.is_over:
            break
        v0, v1 = value(s, 0), value(s, 1)
        assert -1 < v0 < 1 and v0 == pytest.approx(-v1, abs=1e-12)
        assert value.all(s, 2) == pytest.approx([v0, v1])
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda r: "{not json", "is unreadable or not JSON"),
        (lambda r: json.dumps({**r, "format": "x"}), "is not a kansei-weights/1 file"),
        (lambda r: json.dumps({**r, "game": "chess"}), "holds weights for 'chess'"),
        (lambda r: json.dumps({**r, "features": r["features"][:-1]}), "trained on other features"),
        (lambda r: json.dumps({**r, "weights": [*r["weights"][:-1], "x"]}), "no finite weight for every"),
        (lambda r: json.dumps({**r, "eval_unit": 0}), "has no positive eval_unit"),
    ],
)
def test_a_corrupt_weights_file_is_one_line(trained, tmp_path, change, says):
    rec = json.loads(trained[0].read_text())
    bad = tmp_path / f"{GAME}.json"
    bad.write_text(change(rec))
    value, note = learned.load(kansei.load(GAME), bad)
    assert value is None and says in note and "\n" not in note
    assert note.startswith(f"no learned value for {GAME}: weights/{GAME}.json")


def test_missing_weights_and_a_game_without_features(tmp_path):
    value, note = learned.load(kansei.load(GAME), tmp_path / "nothing.json")
    assert value is None and "is missing (kansei train" in note
    value, note = learned.load(Subtract(), tmp_path / "nothing.json")
    assert value is None and note == "test-subtract has no features for a learned value"


def test_train_bad_input_is_one_line():
    for args, says in (
        (["--agent", "wizard"], "unknown agent 'wizard'"),
        (["--backend", "cloud"], "unknown backend 'cloud'"),
    ):
        res = runner.invoke(app, ["train", GAME, "--games", "2", *args, "--save", "/tmp/agents-never.json"])
        assert res.exit_code == 1
        lines = [ln for ln in (res.stderr or res.output).splitlines() if ln.strip()]
        assert len(lines) == 1 and says in lines[0], lines


@pytest.mark.parametrize("gid", [g for g in kansei.games() if hint(kansei.load(g), "learned_inputs")])
def test_a_games_own_learned_inputs_are_the_evaluation_and_features_it_stands_for(gid):
    """``bots.learned_inputs`` (one call sharing the work) is exactly ``[relative evaluation, *features]``."""
    game = kansei.load(gid)
    inputs, features, evaluate = (hint(game, n) for n in ("learned_inputs", "features", "evaluate"))
    rng = random.Random(4)
    for seed in range(6):
        s = game.start(seed=seed)
        while not s.is_over:
            seat = s.to_move
            assert inputs(s, seat) == [learned.relative_evaluation(evaluate, s, seat), *features(s, seat)]
            s.apply(rng.choice(s.legal_actions()))
