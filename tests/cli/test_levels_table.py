"""``kansei levels GAME``: each named level with what it plays, its measured rating and time a move, and
how it plays, under headed columns (issue 24, calibrated levels)."""

from __future__ import annotations

import json
import re

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


def test_the_levels_read_in_french_and_japanese() -> None:
    """``--lang``: the headings, the words under the table and the numbers as the language writes them
    (French: 1 200 with a narrow no-break space, 184,7 with a decimal comma); the specs stay as typed."""
    import kansei
    from kansei.agents.levels import levels, read_ratings

    fr = cli("levels", "initiald", "--lang", "fr", lines=200)
    assert fr.exit_code == 0, fr.output
    for word in ("niveau", "réglage", "classement", "médiane", "comment il joue", "parties"):
        assert word in fr.output, (word, fr.output)
    assert "level:NOM" in fr.output and "level:NAME" not in fr.output
    assert "\u202f" in fr.output  # a rating's games, grouped the French way
    assert any(f"{a},{b}" in fr.output for a in range(10) for b in range(10))  # a decimal comma
    ja = cli("levels", "initiald", "--lang", "ja", lines=200)
    assert ja.exit_code == 0, ja.output
    for word in ("レベル", "設定", "レーティング", "中央値", "プレイの特徴", "試合"):
        assert word in ja.output, (word, ja.output)
    for lv in levels(kansei.load("initiald"), read_ratings()[0], "ja"):
        assert lv.description in "".join(ja.output.split("プレイの特徴：")[1].split())  # folded, never cut
        assert lv.name in ja.output  # the level's name is what --vs level:NAME takes: never translated
    assert "how it plays" not in ja.output


def test_a_language_the_levels_have_no_words_in_is_one_line() -> None:
    r = cli("levels", "touge", "--lang", "de")
    assert r.exit_code != 0
    assert r.output.strip().splitlines() == ["error: --lang must be one of en, fr, ja, not 'de'"]


def test_a_game_of_luck_lists_its_levels_unranked_with_what_was_measured_once() -> None:
    """Mini D's calibration (400 games a pairing) ordered nothing: every bot, random too, scored within a
    few points of greedy. ``kansei levels minid`` says so once, under what each level plays, and shows no
    rating that would place random above a level; each level's time a move, which the calibration measured
    all the same, is shown."""
    r = cli("levels", "minid", lines=200)
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert text.count("not ranked: over 400 games a pairing every bot, random too, scored") == 1, r.output
    assert "searches 1,000 lines of play a move" in text  # each level's words stay
    assert "+0 (" not in r.output and "anchor" not in r.output  # no rating of the unordered fit
    expert = next(line for line in r.output.splitlines() if "│ expert" in line)
    assert re.search(r"│ \d+\.\d, \d+\.\d +│", expert), expert  # its ms a move, median and p95
    levels = json.loads(cli("levels", "minid", "--json").output)["games"]["minid"]
    for lv in levels:
        assert lv["unranked"] and lv["rating"] is None and lv["why"].startswith("not ranked"), lv
        assert lv["time"]["median"] <= lv["time"]["p95"], lv
