"""validate and decks (issue 11 item 9): every problem in one pass, the nearest name, the game it fits."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import assert_one_clear_error, cli

import kansei
from kansei.cli.validating import names_known


def deck(tmp: Path, text: str, name: str = "mine.txt") -> Path:
    p = tmp / name
    p.write_text(text)
    return p


def test_every_problem_in_one_pass_with_the_nearest_name(tmp_path: Path) -> None:
    p = deck(tmp_path, "3 Supercharjer\nthree Jump\n2 Jump\n??\n")
    r = cli("validate", str(p), "--game", "toy")
    assert r.exit_code == 1
    assert "mine.txt:2: expected '<count> <card name>', got 'three Jump'" in r.output
    assert "mine.txt:4:" in r.output
    assert 'card "Supercharjer": no such Toy card — did you mean "Supercharger"?' in r.output


def test_toml_syntax_errors_are_all_named(tmp_path: Path) -> None:
    p = deck(tmp_path, 'name = "x"\n[cards]\n"Jump" = \nNitro = 2\n"Oil Slick" = [\n', "bad.toml")
    r = cli("validate", str(p), "--game", "toy")
    assert r.exit_code == 1
    assert "bad.toml:3:" in r.output and "bad.toml:5:" in r.output and "bad.toml:4" not in r.output


def test_the_lines_around_a_syntax_error_are_checked_in_the_same_pass(tmp_path: Path) -> None:
    p = deck(tmp_path, 'name = "x"\n[cards]\n"Jump" = \n"Supercharjer" = 2\n"Nitro" = "two"\n', "half.toml")
    r = cli("validate", str(p), "--game", "toy")
    assert r.exit_code == 1
    assert "half.toml:3: not valid TOML" in r.output
    assert 'did you mean "Supercharger"' in r.output  # the good lines after it were read
    assert 'card "Nitro": count must be a whole number' in r.output


def test_a_deck_that_fits_no_game_is_answered_by_the_game_that_knows_its_cards(tmp_path: Path) -> None:
    """A Touge deck with a misspelt card and too many of one: Touge answers (it knows the car and the
    roads), not the game with the fewest problems."""
    text = 'name = "mine"\ncar = "AE-86 Trueno"\n[cards]\n"Supercharjer" = 2\n"Akina Final Hairpin" = 40\n'
    path = deck(tmp_path, text, "touge-like.toml")
    assert names_known(kansei.load("touge"), path) >= 2
    assert names_known(kansei.load("stampede"), path) == 0
    r = cli("validate", str(path))
    assert r.exit_code == 1 and "the closest, touge, says" in r.output


def test_without_a_game_the_deck_is_tried_against_every_game(tmp_path: Path) -> None:
    r = cli("validate", str(deck(tmp_path, "2 Jump\n2 Nitro\n")))
    assert r.exit_code == 0 and "is valid Toy Duel (toy), Toy Duel (toy-polite) content" in r.output
    r = cli("validate", str(deck(tmp_path, "2 Jumpp\n2 Nitro\n", "near.txt")))
    assert r.exit_code == 1 and "fits no game" in r.output
    assert 'did you mean "Jump"' in r.output


def test_decks_lists_starters_and_prints_one_as_a_file() -> None:
    r = cli("decks", "toy")
    assert r.exit_code == 0 and "Basic" in r.output and "Fast" in r.output
    r = cli("decks", "toy", "fast")
    assert r.exit_code == 0 and "3 Nitro" in r.output and "Name: Fast" in r.output
    assert_one_clear_error(cli("decks", "toy", "Fats"), "did you mean 'Fast'?")


def test_one_deck_is_yours_and_the_others_play_their_starters(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = cli(
        "play",
        "toy",
        "--seed",
        "1",
        "--deck",
        str(deck(tmp_path, "4 Nitro\n")),
        "--save",
        str(save),
        input="quit\n",
    )
    assert r.exit_code == 0, r.output
    import json

    rep = json.loads(save.read_text())
    assert rep["decks"] == [{"name": "mine", "cards": {"Nitro": 4}}, None]
    r = cli("play", "toy", "--deck", "basic", "--deck", "Fast", "--deck", "Basic", input="quit\n")
    assert_one_clear_error(r, "give one deck (yours) or one per seat (2), not 3")
    assert_one_clear_error(cli("play", "toy", "--deck", "Bsaic", input="quit\n"), "did you mean 'Basic'?")


def test_warnings_are_counted_in_words(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cli_toy

    monkeypatch.setattr(cli_toy.Toy, "deck_problems", lambda self, d: ["warning: only one kind of card"])
    r = cli("validate", str(deck(tmp_path, "4 Nitro\n")), "--game", "toy")
    assert r.exit_code == 0 and "(1 warning)" in r.output
