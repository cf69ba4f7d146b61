"""tune and build on the toy game's planted numbers: the games they need to find them, their answers with
intervals, a resumed search taking the same steps, and one line per mistake."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import set_power

from kansei.core.errors import ContentError, OptionError
from kansei.lab import runner
from kansei.lab.store import Run


def run(kind: str, out: Path, **params: Any) -> Any:
    _, result = runner.start(kind, {"game": "labtoy", **params}, out=out, workers=1)
    return result


def test_tune_finds_the_champion_power_that_balances_the_matchup(tmp_path: Path) -> None:
    """Red's Fox (2) against Blue's Bear (3): Fox at 3 makes the champions equal, so the bisection over
    0..6 must land on 3, and say how many games it took."""
    res = run("tune", tmp_path / "t", card="Fox", field="power", range=(0, 6), games=200)
    assert res.data["best"] == 3
    assert res.findings[0].startswith("Fox's power = 3 (now 2) brings Red to ")
    by_value = {c["value"]: c for c in res.csv}
    assert by_value[3]["low"] <= 0.5 <= by_value[3]["high"]
    assert by_value[2]["high"] < 0.45  # the value now is outside the band
    assert res.data["games"] == 200 * len(res.csv)  # each probed value played once
    assert len(res.csv) <= 2 + 3  # the two ends and log2(6) bisection steps


def test_tune_says_when_the_range_cannot_reach_the_band(tmp_path: Path) -> None:
    res = run("tune", tmp_path / "t", card="Fox", field="power", range=(0, 1), games=100)
    assert res.findings[0].startswith("No power in 0..1 brings Red to 50%")
    assert res.data["best"] is not None


def test_a_resumed_search_takes_the_same_steps_and_plays_only_what_is_missing(tmp_path: Path) -> None:
    out = tmp_path / "t"
    first = run("tune", out, card="Fox", field="power", range=(0, 6), games=100)
    r = Run.open(out)
    rows = r.rows()
    for part in (out / "games").glob("part-*.parquet"):
        part.unlink()
    r.write_rows([x for x in rows if x["index"] % 4])  # a quarter of the games lost
    _, again = runner.resume(out)
    assert again.to_dict() == first.to_dict()


def test_build_puts_in_a_planted_strong_card(tmp_path: Path, toy_content: Path) -> None:
    """Pebble planted at 9 (Blue's deck holds it; Red's does not): building from Red must take it in and
    confirm the gain on fresh seeds."""
    set_power(toy_content, "Pebble", 9)
    res = run("build", tmp_path / "b", content=str(toy_content), deck="Red", games=100, steps=3, neighbours=6)
    final = res.data["final"]
    assert final.get("Pebble", 0) >= 1
    assert "On fresh seeds" in res.findings[0] and "not confirmed" not in res.findings[0]
    assert res.data["games"] > 0


def test_build_around_a_card_puts_it_in_first_and_keeps_it(tmp_path: Path) -> None:
    res = run("build", tmp_path / "b", deck="Red", cards=["Boulder"], games=100, steps=2, neighbours=4)
    first_step = [c for c in res.csv if c["step"] == 1]
    assert first_step and all(c["in"] == "Boulder" for c in first_step)
    assert all(c["out"] != "Boulder" for c in res.csv)


@pytest.mark.parametrize(
    ("kind", "params", "error", "message"),
    [
        ("tune", {"card": "Fox", "field": "powr"}, ContentError, "'Fox' has no whole number at 'powr'"),
        ("tune", {"card": "Fx", "field": "power"}, ContentError, "unknown card 'Fx' in labtoy"),
        ("tune", {"card": "Fox", "field": "power", "range": (3, 1)}, OptionError, "--range 3..1"),
        ("tune", {"card": "Fox", "field": "power", "games": 4}, OptionError, "independent seed(s) per"),
        ("build", {"keep": ["Nope"]}, ContentError, "unknown card 'Nope'"),
        ("build", {"deck": "Green"}, ContentError, "unknown deck 'Green'"),
    ],
)
def test_bad_search_input_is_one_line_and_makes_no_run(
    tmp_path: Path, kind: str, params: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        run(kind, tmp_path / "x", **params)
    assert not (tmp_path / "x").exists()


def test_a_search_cannot_be_planned_or_run_sequentially(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="is a search"):
        runner.plan_run("tune", {"game": "labtoy", "card": "Fox", "field": "power"})
    with pytest.raises(OptionError, match="is a search"):
        run("build", tmp_path / "x", precision=0.02)


def test_a_card_number_is_found_in_the_cards_own_table_before_a_same_named_ability() -> None:
    """A card and another card's ability may share a name (Touge: Gutter Drift is a tune-up and the
    Trueno's ability): the number tuned is the one in the card's own table."""
    from kansei.lab.experiments.search import find_number, set_number

    files = {
        "cars.toml": b'[[car]]\nname = "Trueno"\nability = { name = "Drift", amount = 1 }\n',
        "cards.toml": b'[[card]]\nname = "Drift"\namount = 2\n',
    }
    assert find_number(files, "drift", "amount") == ("cards.toml", 2)
    changed = set_number(files, "cards.toml", "Drift", "amount", 7)
    assert b"amount = 7" in changed["cards.toml"] and changed["cars.toml"] == files["cars.toml"]
    with pytest.raises(ContentError, match="no whole number at 'cost'"):
        find_number(files, "Drift", "cost")
