"""``kansei levels GAME``: each named level with what it plays, its measured rating and time a move, and
how it plays, under headed columns (issue 24, calibrated levels)."""

from __future__ import annotations

import json

from cli_helpers import cli

from kansei.agents.levels import LEVELS


def test_the_levels_table_names_every_column_and_every_level() -> None:
    r = cli("levels", "touge", lines=200)
    assert r.exit_code == 0, r.output
    for word in ("level", "plays", "rating", "ms a move", "how it plays", "random", "greedy", *LEVELS):
        assert word in r.output, (word, r.output)
    assert "games" in r.output  # a rating says how many games measured it


def test_the_levels_as_json_for_a_client() -> None:
    r = cli("levels", "touge", "--json")
    assert r.exit_code == 0, r.output
    levels = json.loads(r.output)["games"]["touge"]
    assert [lv["name"] for lv in levels] == list(LEVELS)
    assert all(lv["rating"] and lv["description"] for lv in levels)
