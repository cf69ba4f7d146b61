"""Each experiment on the toy game, small numbers, fixed seeds: the effects planted in it are found and
the ones absent from it are not."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import set_power

from kansei.core.errors import ContentError, OptionError
from kansei.lab import runner
from kansei.lab.experiments.shape import Shape
from kansei.lab.play import shape_of
from kansei.lab.stats import ALPHA


def run(kind: str, tmp_path: Path, **params: Any) -> Any:
    _, result = runner.start(kind, {"game": "labtoy", **params}, out=tmp_path / kind, workers=1)
    return result


def test_matchup_finds_the_stronger_champion(tmp_path: Path) -> None:
    res = run("matchup", tmp_path, games=200, agents=["greedy"])
    m = res.data["matrix"]
    assert res.data["labels"] == ["Red", "Blue"]
    assert m[1][0]["low"] > 0.5  # Blue's Bear (+3) beats Red's Fox (+2)
    assert m[0][1]["value"] == pytest.approx(1 - m[1][0]["value"])
    assert res.csv[0]["flagged"]
    # one plotly bundle beside the run folders (offline), loaded by every report; an index of the runs
    from kansei.lab.report import bundle_name

    page = (tmp_path / "matchup" / "report.html").read_text(encoding="utf-8")
    assert f'src="../{bundle_name()}"' in page and "Plotly.newPlot" in page
    assert (tmp_path / bundle_name()).stat().st_size > 1_000_000
    assert "matchup/report.html" in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_matchup_varies_a_deck_slot_over_every_card_of_its_kind(tmp_path: Path) -> None:
    res = run("matchup", tmp_path, games=40, decks=["Red"], vary="champion", agents=["random"])
    assert res.data["labels"] == ["Fox", "Bear"]


def test_seats_separates_the_seat_from_the_deck(tmp_path: Path) -> None:
    res = run("seats", tmp_path, games=400, options={"first_bonus": 2}, agents=["greedy"])
    seat0, seat1 = res.data["seats"]
    red, blue = res.data["decks"]
    assert seat0["low"] > 0.5 > seat1["high"]  # the planted seat advantage
    assert blue["low"] > 0.5 > red["high"]  # and the deck's, measured apart from it
    assert any(f.startswith("Seat 1 scores") and "a real seat advantage" in f for f in res.findings)


def test_seats_without_a_seat_advantage_flags_no_seat(tmp_path: Path) -> None:
    # seed 1: one fixed null run (seed 0 is among the 5% a test at 95% flags by luck: 56%, p = 0.028)
    res = run("seats", tmp_path, games=300, seed=1, agents=["greedy"])
    assert not any(row["flagged"] for row in res.csv if row.get("what") == "seat")


def test_card_finds_a_planted_strong_card(tmp_path: Path, toy_content: Path) -> None:
    set_power(toy_content, "Ember", 30)
    res = run(
        "card",
        tmp_path,
        content=str(toy_content),
        deck="Red",
        cards=["Ember"],
        baselines=["Blank"],
        games=200,
    )
    (card,) = res.data["cards"]
    assert card["card"] == "Ember" and card["baseline"] == "Blank"
    assert card["flagged"] and card["low"] > 0  # one of three copies swapped: a smaller, real effect


def test_card_equal_to_its_baseline_is_not_flagged(tmp_path: Path) -> None:
    # Ember and Blank both add 3: the swap changes nothing but the card's name
    res = run("card", tmp_path, deck="Red", cards=["Ember"], baselines=["Blank"], games=200)
    (card,) = res.data["cards"]
    assert not card["flagged"] and card["low"] <= 0 <= card["high"]
    # so every seed ended alike both ways: the report says so, not that it could find an effect of ±0.0 points
    assert card["low"] == card["high"] == 0
    (power,) = [f for f in res.findings if "seeds" in f]
    assert "ended alike" in power and "±0.0" not in power, power


def test_card_scan_ranks_the_planted_card_first_with_holm(tmp_path: Path, toy_content: Path) -> None:
    set_power(toy_content, "Flame", 25)
    res = run(
        "card",
        tmp_path,
        content=str(toy_content),
        deck="Red",
        scan=True,
        baselines=["Blank", "Surge", "Bear"],
        games=120,
    )
    cards = res.data["cards"]
    assert [c["card"] for c in cards][0] == "Flame"
    assert {c["card"] for c in cards} == {"Fox", "Spark", "Ember", "Flame", "Fizzle"}
    assert all(c["p_holm"] >= c["p"] for c in cards)
    assert cards[0]["flagged"]
    assert all(c["level"] >= 1 - ALPHA for c in cards)


def test_card_of_another_kind_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="is a champion, but 'Ember' is a unit"):
        run("card", tmp_path, deck="Red", cards=["Ember"], baselines=["Bear"], games=10)


def test_unknown_card_and_deck_are_one_line_each(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="unknown card 'Embr' in labtoy — did you mean 'Ember'"):
        run("card", tmp_path, deck="Red", cards=["Embr"], games=10)
    with pytest.raises(ContentError, match="unknown deck 'Green'"):
        run("matchup", tmp_path, decks=["Red", "Green"], games=10)
    with pytest.raises(ContentError, match="not in the deck 'Red'"):
        run("card", tmp_path, deck="Red", cards=["Stone"], games=10)
    with pytest.raises(OptionError, match="give --card or --scan, not both"):
        run("card", tmp_path, deck="Red", cards=["Ember"], scan=True, games=40)
    assert not (tmp_path / "card").exists()  # nothing was made of a refused run


def test_content_folder_that_does_not_validate(tmp_path: Path, toy_content: Path) -> None:
    text = (toy_content / "cards.toml").read_text().replace("power = 3", 'power = "three"', 1)
    (toy_content / "cards.toml").write_text(text)
    with pytest.raises(ContentError, match="power must be an integer"):
        run("matchup", tmp_path, content=str(toy_content), games=10)


def test_shape_of_a_known_sequence() -> None:
    # game.standing is a seat's lead over the best other seat (the contract)
    samples = [[0, 0], [1, -1], [-1, 1], [2, -2], [-1, 1], [-2, 2]]  # leaders: -, 0, 1, 0, 1, 1
    s = shape_of(samples, [-3.0, 3.0], winner=1)
    assert s["lead_changes"] == 3
    assert s["first_leader"] == 0
    assert s["half_leader"] == 0 and s["comeback"] is True
    assert s["margin"] == 3.0


def test_shape_reports_length_lead_changes_and_comebacks(tmp_path: Path) -> None:
    res = run("shape", tmp_path, games=150, agents=["greedy", "random"])
    assert res.title == "Lab toy: race shape"  # the game's name heads its report, not its id ("labtoy")
    (games,) = [t for t in res.tables if "range" in t["columns"]]
    spreads = {row[0]: row[3] for row in games["rows"]}
    assert spreads["game length (actions)"] == "6 to 6"  # "a to b": a dash between numbers reads as a minus
    assert re.fullmatch(r"−?\d+ to −?\d+", spreads["winning margin (power)"]), spreads
    csv = {r["metric"]: r for r in res.csv}
    assert csv["actions"]["mean"] == 6  # three rounds of two plays
    assert 0 < csv["lead_changes"]["mean"] < 5
    assert (
        0 <= csv["comeback_rate"]["low"] <= csv["comeback_rate"]["mean"] <= csv["comeback_rate"]["high"] <= 1
    )
    assert res.data["unit"] == "power"  # margins in the game's own units (game.standing)
    # the means read as means ("the lead changes 0.1 times" read as a count)
    (length,) = [f for f in res.findings if "actions (" in f]
    assert length.startswith("On average a game lasts 6 actions") and "wins by" in length.split(";")[0]


def test_skill_separates_greedy_from_random(tmp_path: Path) -> None:
    res = run("skill", tmp_path, bots=["random", "greedy"], games=100)
    (g,) = res.data["games"]
    assert g["game"] == "labtoy"
    assert g["vs_random"]["greedy"]["low"] > 0.5  # greedy plays its best card
    assert g["verdict"] in ("mostly luck", "skill and luck", "mostly skill") or g["verdict"].startswith(
        "undecided (its interval crosses"
    )


def test_diff_flags_a_planted_change_and_not_a_do_nothing_one(tmp_path: Path, toy_content: Path) -> None:
    same = tmp_path / "same"
    import shutil

    shutil.copytree(toy_content, same)
    (same / "cards.toml").write_text("# a comment changes nothing\n" + (same / "cards.toml").read_text())
    set_power(toy_content, "Spark", 20)
    planted = run("diff", tmp_path / "p", a=str(same), b=str(toy_content), games=200, agents=["greedy"])
    (cell,) = planted.csv
    assert cell["cell"] == "Red vs Blue" and cell["flagged"] and cell["delta"] > 0.1
    nothing = run("diff", tmp_path / "n", a=str(toy_content), b=str(toy_content), games=100)
    assert not any(c["flagged"] for c in nothing.csv)
    assert all(c["delta"] == 0 for c in nothing.csv)


def test_diff_of_a_card_scan(tmp_path: Path, toy_content: Path) -> None:
    shipped = Path(__file__).parent / "toy_content"
    set_power(toy_content, "Ember", 30)
    res = run(
        "diff",
        tmp_path,
        run="card",
        a=str(shipped),
        b=str(toy_content),
        deck="Red",
        cards=["Ember", "Spark"],
        baselines=["Blank"],
        games=120,
    )
    flagged = {c["cell"] for c in res.csv if c["flagged"]}
    assert flagged == {"Ember"}


def test_shape_experiment_is_registered() -> None:
    assert runner.experiment("shape").__class__ is Shape
    with pytest.raises(OptionError, match="unknown experiment"):
        runner.experiment("shapes")


def git(repo: Path, *args: str) -> None:
    import subprocess

    subprocess.run(
        ["git", "-c", "user.name=lab", "-c", "user.email=lab@example.org", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def test_diff_between_a_git_ref_and_the_working_folder(
    tmp_path: Path, toy_content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    repo = tmp_path / "repo"
    shutil.copytree(toy_content, repo / "content")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "toy content")
    set_power(repo / "content", "Spark", 20)
    monkeypatch.chdir(repo)
    res = run("diff", tmp_path / "out", a="HEAD:content", b="content", games=120)
    assert res.csv[0]["flagged"]
    with pytest.raises(ContentError, match="'nosuchref:content': no git ref 'nosuchref'"):
        run("diff", tmp_path / "bad", a="nosuchref:content", b="content", games=10)
    with pytest.raises(ContentError, match="no files at 'nowhere' in HEAD"):
        run("diff", tmp_path / "bad2", a="HEAD:nowhere", b="content", games=10)
