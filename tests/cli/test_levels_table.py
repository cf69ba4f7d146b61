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


def test_in_80_columns_a_spec_and_its_words_are_never_cut() -> None:
    """At 80 columns the table keeps to the numbers and the spec (folded where it must be, never cut
    short), and each level's words follow it whole, wrapped at their spaces."""
    import kansei
    from kansei.agents.levels import levels, read_ratings

    r = cli("levels", "dspirits", lines=200)
    assert r.exit_code == 0, r.output
    assert all(len(line) <= 80 for line in r.output.splitlines())
    cells = "".join(part.strip() for line in r.output.splitlines() for part in line.split("│")[2:3])
    words = " ".join(r.output.split("how it plays:")[1].split())
    for lv in levels(kansei.load("dspirits"), read_ratings()[0]):
        assert lv.spec in cells, lv.spec  # the column's folded lines, joined
        assert lv.description in words, lv.description
