"""The command line as a user meets it: one clear line for every mistake, exit 1, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kansei.cli import app, split_agents

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_touge():
    r = run("games")
    assert r.exit_code == 0 and "touge" in r.output and "sudden_death" in r.output


def test_unknown_game_is_one_line():
    r = run("sim", "chess", "--games", "1")
    assert r.exit_code == 1
    assert "unknown game 'chess' (valid:" in r.output and "Traceback" not in r.output


def test_unknown_option_and_mode_list_the_valid_ones():
    r = run("sim", "touge", "--games", "1", "--opt", "turbo=1")
    assert r.exit_code == 1 and "unknown option 'turbo'" in r.output and "valid options" in r.output
    r = run("sim", "touge", "--games", "1", "--mode", "drift")
    assert r.exit_code == 1 and "time_attack" in r.output


def test_unknown_agent_lists_the_valid_ones():
    r = run("sim", "touge", "--games", "1", "--agents", "greedy,wizard")
    assert r.exit_code == 1 and "unknown agent 'wizard'" in r.output


def test_split_agents_keeps_keys_with_their_agent():
    assert split_agents("random,mcts:iters=200,time=1,greedy") == [
        "random",
        "mcts:iters=200,time=1",
        "greedy",
    ]


def test_sim_json_has_the_documented_fields_and_is_worker_independent():
    a = json.loads(
        run("sim", "touge", "--agents", "greedy,random", "--games", "40", "--seed", "3", "--json").stdout
    )
    b = json.loads(
        run(
            "sim",
            "touge",
            "--agents",
            "greedy,random",
            "--games",
            "40",
            "--seed",
            "3",
            "--workers",
            "2",
            "--json",
        ).stdout
    )
    for key in (
        "game",
        "options",
        "games",
        "agents",
        "wins",
        "win_rate",
        "draws",
        "ci95",
        "seat_wins",
        "mean_actions",
        "seconds",
        "games_per_sec",
    ):
        assert key in a
    assert a["wins"] == b["wins"] and a["seat_wins"] == b["seat_wins"]
    assert a["games"] == 40 and sum(a["wins"].values()) + a["draws"] == 40
    lo, hi = a["ci95"]["greedy"]
    assert lo <= a["win_rate"]["greedy"] <= hi


def test_sim_repeated_agents_are_told_apart():
    a = json.loads(run("sim", "touge", "--agents", "random,random", "--games", "10", "--json").stdout)
    assert a["agents"] == ["random", "random#2"]


def test_sim_save_replays_and_replay_reproduces(tmp_path: Path):
    r = run("sim", "touge", "--games", "3", "--save-replays", str(tmp_path))
    assert r.exit_code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    r = run("replay", str(files[0]))
    assert r.exit_code == 0 and "reproduced" in r.output
    data = json.loads(files[0].read_text())
    data["result"]["winner"] = 1 - (data["result"]["winner"] or 0)
    data["result"]["digest"] = "0" * 16
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data))
    r = run("replay", str(bad))
    assert r.exit_code == 1 and "NOT reproduced" in r.output


def test_replay_bad_files(tmp_path: Path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    r = run("replay", str(p))
    assert r.exit_code == 1 and "not valid JSON" in r.output and "Traceback" not in r.output
    p.write_text(json.dumps({"format": "kansei-replay/1", "game": "touge", "seed": 1, "actions": ["fly"]}))
    r = run("replay", str(p))
    assert r.exit_code == 1 and "action 1 'fly'" in r.output
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.exit_code == 1 and "no such file" in r.output


def test_validate_shipped_content_and_decks(tmp_path: Path):
    import kansei.builtin.touge as tg

    content = Path(tg.__file__).parent / "content"
    r = run("validate", str(content))
    assert r.exit_code == 0 and "ok" in r.output
    deck = tmp_path / "mine.txt"
    deck.write_text("Car: AE-86 Trueno\n36 Akina First Hairpin\n2 Warp Drive\n")
    r = run("validate", str(deck), "--game", "touge")
    assert r.exit_code == 1
    assert 'card "Warp Drive": no such Touge card' in r.output
    assert "at most 35 1-star roads (TG-C3), has 36" in r.output


def test_validate_reports_one_line_per_content_problem(tmp_path: Path):
    import shutil

    import kansei.builtin.touge as tg

    src = Path(tg.__file__).parent / "content"
    dst = tmp_path / "content"
    shutil.copytree(src, dst)
    cars = (dst / "cars.toml").read_text().replace("dh_c = 2\ndh_s = 2", "dh_c = 3\ndh_s = 2", 1)
    (dst / "cars.toml").write_text(cars)
    (dst / "roads.toml").write_text((dst / "roads.toml").read_text().replace("stars = 5", "stars = 9", 1))
    r = run("validate", str(dst), "--game", "touge")
    assert r.exit_code == 1
    assert 'cars.toml: car "AE-86 Trueno": dh_c + dh_s must be 4, is 5' in r.output
    assert 'roads.toml: road "Akina Final Hairpin": stars:' in r.output
    assert "Traceback" not in r.output


def test_rules_reference_and_coverage():
    r = run("rules", "touge", "--coverage")
    assert r.exit_code == 0
    assert "TG-S2" in r.output and "without a citing test: none" in r.output


def test_play_against_a_bot_and_quit_saves_a_replay(tmp_path: Path):
    save = tmp_path / "game.json"
    r = run(
        "play", "touge", "--seed", "4", "--vs", "random", "--save", str(save), input="help\n1\nbogus\nquit\n"
    )
    assert r.exit_code == 0, r.output
    assert "'bogus' is not an action now: in the redraw phase" in r.output  # the game's own reason (TG-T1)
    data = json.loads(save.read_text())
    assert data["format"] == "kansei-replay/1" and data["seed"] == 4 and data["actions"]
    r = run("replay", str(save))
    assert r.exit_code == 0 and "reproduced" in r.output and "in progress" in r.output


def test_play_to_the_end_records_the_result(tmp_path: Path):
    save = tmp_path / "full.json"
    r = run("play", "touge", "--seed", "5", "--vs", "greedy", "--save", str(save), input="1\n" * 400)
    assert r.exit_code == 0, r.output
    assert "wins" in r.output or "draw" in r.output
    r = run("replay", str(save))
    assert r.exit_code == 0 and "reproduced" in r.output


def test_shipped_scenarios_reproduce():
    """Every example scenario in examples/scenarios re-runs to its recorded result (TG-S2 among them)."""
    root = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
    files = sorted(root.glob("*.json"))
    assert files
    for f in files:
        r = run("replay", str(f))
        assert r.exit_code == 0 and "reproduced" in r.output, (f, r.output)


def test_rules_lists_every_registered_block_of_every_game_with_its_parameters():
    import kansei

    for gid in kansei.games():
        registry = kansei.load(gid).block_registry()
        if registry is None:
            continue
        r = runner.invoke(app, ["rules", gid, "--blocks"], env={"COLUMNS": "400"})
        assert r.exit_code == 0, r.output
        for name, block in registry.blocks.items():
            assert f" {name} " in r.output, (gid, name)
            for param in block.parameters():
                assert param.split(":")[0] in r.output, (gid, name, param)
        whole = runner.invoke(app, ["rules", gid], env={"COLUMNS": "400"})
        assert whole.exit_code == 0 and "card-effect blocks" in whole.output
