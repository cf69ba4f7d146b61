"""``kansei lab`` as a person uses it: a summary or one JSON object, and one clear line per mistake."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import set_power
from typer.testing import CliRunner

from kansei.cli import app
from kansei.sim import simulate

cli = CliRunner()
EMBER_FOR_BLANK = ("--deck", "Red", "--card", "Ember", "--baseline", "Blank")  # a card experiment's swap


def lab(*args: str) -> tuple[int, str]:
    res = cli.invoke(app, ["lab", *args])
    return res.exit_code, res.output


def one_error_line(code: int, output: str) -> str:
    assert code == 1, output
    lines = [ln for ln in output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    assert "Traceback" not in output
    return lines[0]


def test_matchup_json_then_report_and_resume(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text = lab("matchup", "labtoy", "--games", "20", "--workers", "1", "--out", str(out), "--json")
    assert code == 0, text
    res = json.loads(text.splitlines()[-1])
    assert res["experiment"] == "matchup" and res["run"] == str(out)
    assert {"report.html", "results.csv", "games.csv", "result.json", "run.json"} <= {
        p.name for p in out.iterdir()
    }
    code, text = lab("report", str(out))
    assert code == 0 and "Red" in text and "report:" in text
    code, text = lab("resume", str(out), "--json")
    assert code == 0 and json.loads(text.splitlines()[-1])["data"] == res["data"]
    code, text = lab("runs", str(tmp_path))
    assert code == 0 and "20/20" in text


def test_a_resume_with_other_parameters_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert lab("matchup", "labtoy", "--games", "20", "--workers", "1", "--out", str(out))[0] == 0
    line = one_error_line(*lab("matchup", "labtoy", "--games", "24", "--resume", str(out)))
    assert "was made with games=20 (not 24)" in line
    assert len(list((out / "games").glob("*.parquet"))) == 1  # nothing lost


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["matchup", "labtoy", "--deck", "Red", "--deck", "Grean"], "unknown deck 'Grean'"),
        (
            ["card", "labtoy", "--deck", "Red", "--card", "Embr"],
            "unknown card 'Embr' in labtoy — did you mean 'Ember'",
        ),
        (
            ["card", "labtoy", "--deck", "Red", "--card", "Ember", "--baseline", "Bear"],
            "compare a card with one",
        ),
        (
            ["matchup", "labtoy", "--backend", "ray", "--address", "127.0.0.1:9"],
            "Ray at 127.0.0.1:9 does not answer",
        ),
        (["matchup", "labtoy", "--backend", "spark"], "unknown backend 'spark'"),
        (["matchup", "nogame"], "unknown game 'nogame'"),
        (["matchup", "labtoy", "--opt", "speed=9"], "unknown option 'speed'"),
        (["report", "no/such/run"], "no lab run there"),
        (["diff", "labtoy", "--a", "no/such/folder", "--b", "main:nowhere"], "no such content folder"),
    ],
)
def test_bad_input_is_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    line = one_error_line(*lab(*args, *(["--out", str(tmp_path / "x")] if args[0] != "report" else [])))
    assert message in line


def test_a_content_folder_that_does_not_validate(tmp_path: Path, toy_content: Path) -> None:
    set_power(toy_content, "Ember", 3)
    text = (toy_content / "cards.toml").read_text().replace("power = 3", "power = 3.5", 1)
    (toy_content / "cards.toml").write_text(text)
    code, output = lab("matchup", "labtoy", "--content", str(toy_content), "--out", str(tmp_path / "x"))
    line = one_error_line(code, output)
    assert "power must be an integer" in line and not (tmp_path / "x").exists()


def test_observe_saved_games(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    simulate("labtoy", {}, ["greedy", "greedy"], 300, seed=4, save_replays=replays, decks=["Red", "Blue"])
    code, text = lab("observe", str(replays), "--out", str(tmp_path / "obs"), "--json")
    assert code == 0, text
    res = json.loads(text.splitlines()[-1])
    cards = {c["card"]: c for c in res["csv"]}
    assert cards["Flame"]["games"] == 300  # only Red's seats hold Flame
    assert cards["Flame"]["drawn"] + cards["Flame"]["not_drawn"] == 300
    assert cards["Flame"]["played"] + cards["Flame"]["held"] == cards["Flame"]["drawn"]
    assert cards["Flame"]["iwd"] > cards["Fizzle"]["iwd"]  # the four beats the one
    assert any("What it cannot tell: that the card causes the wins" in f for f in res["findings"])


def test_diff_of_a_card_on_the_command_line(tmp_path: Path, toy_content: Path) -> None:
    set_power(toy_content, "Ember", 30)
    shipped = str(Path(__file__).parent / "toy_content")
    code, text = lab(
        "diff",
        "labtoy",
        "--a",
        shipped,
        "--b",
        str(toy_content),
        "--run",
        "card",
        *EMBER_FOR_BLANK,
        "--games",
        "60",
        "--out",
        str(tmp_path / "d"),
        "--json",
    )
    assert code == 0, text
    (cell,) = json.loads(text.splitlines()[-1])["csv"]
    assert cell["cell"] == "Ember" and cell["flagged"] and cell["delta"] > 0
    line = one_error_line(
        *lab(
            "diff",
            "labtoy",
            "--a",
            shipped,
            "--b",
            shipped,
            "--run",
            "card",
            "--deck",
            "Red",
            "--deck",
            "Blue",
            "--card",
            "Ember",
            "--out",
            str(tmp_path / "e"),
        )
    )
    assert "takes one --deck" in line


def test_the_terminal_matrix_fits_80_columns(tmp_path: Path) -> None:
    """A cell '71% (55% – 84%)' is shown as '71%' over '55–84' (the report keeps the full form), so the
    matrix of the toy's decks fits an 80-column terminal without cutting a number."""
    from kansei.lab.cli import compact

    assert compact("71% (55% – 84%)") == "71%\n55–84"
    args = ["lab", "matchup", "labtoy", "--games", "20", "--out", str(tmp_path / "m")]
    res = cli.invoke(app, args, env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.output.splitlines() if not ln.startswith(("report: ", "numbers: "))]
    assert all(len(line) <= 80 for line in lines)  # a path is printed whole, on its own line
    assert "% – " not in res.output.split("report:")[0].split("(95% interval)")[-1]  # the matrix is compact


def test_a_wide_table_keeps_its_answer_whole_in_80_columns(tmp_path: Path) -> None:
    """The card experiment's table has thirteen columns: an 80-column terminal shows its answer first
    (the card, its impact and interval, ...) with no cell folded, and names the columns left to the report;
    a wide terminal shows them all (``fitting`` at 200: the CLI's console may keep the width it was made
    with, so the wide case is asked of the function)."""
    from kansei.lab.cli import fitting

    columns = ["#", "card", "kind", "baseline", "impact", "interval", "level", "p (Holm)", "flagged"]
    row = [
        "1",
        "Tight Twin Drift",
        "maneuver",
        "Pure Power",
        "+7.5 pts",
        "-100.0 … +16.7",
        "95%",
        "0.251",
        "no",
    ]
    brief = ["#", "card", "impact", "interval", "flagged"]
    assert [columns[i] for i in fitting(columns, [row], brief, 55)] == ["#", "card", "impact", "interval"]
    assert fitting(columns, [row], brief, 200) == list(range(len(columns)))
    assert [columns[i] for i in fitting(columns, [row], (), 25)] == ["#", "card"]  # in order without a brief
    args = ["lab", "card", "labtoy", *EMBER_FOR_BLANK, "--games", "20"]
    narrow = cli.invoke(app, [*args, "--out", str(tmp_path / "n")], env={"COLUMNS": "80"})
    assert narrow.exit_code == 0, narrow.output
    lines = [ln for ln in narrow.output.splitlines() if not ln.startswith(("report: ", "numbers: "))]
    assert all(len(line) <= 80 for line in lines)
    table = narrow.output.split("(ranked)")[1]
    assert "impact" in table and "interval" in table and "in the report" in table and "seeds" in table


def test_a_broken_content_file_is_named_by_the_users_own_path(tmp_path: Path, toy_content: Path) -> None:
    """Issue 22 (8): a broken TOML pointed at the lab's temporary copy; the line names the user's folder."""
    (toy_content / "cards.toml").write_text("this is [not toml\n", encoding="utf-8")
    code, output = lab("matchup", "labtoy", "--content", str(toy_content), "--out", str(tmp_path / "x"))
    line = one_error_line(code, output)
    assert f"{toy_content}/cards.toml" in line and "kansei-lab-" not in line
