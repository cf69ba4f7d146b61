"""User text is printed as typed: rich markup, emoji codes and control characters never act (issue 15 §3)."""

from __future__ import annotations

import pytest
from cli_helpers import assert_one_clear_error, cli


@pytest.mark.parametrize(
    "text", ["[/x]", "[bold]x", ":x:", ":thumbs_up:", "a\x1b[2Jb", "[link=file:///etc]z"]
)
def test_markup_in_a_game_id(text: str) -> None:
    r = cli("sim", text, "--games", "1")
    assert_one_clear_error(r, "unknown game")
    assert "MarkupError" not in r.output
    if text.startswith(":"):
        assert text in r.output  # not turned into an emoji
    assert "\x1b[2J" not in r.output


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "touge", "--games", "1", "--agents", "[/x],random"],
        ["sim", "touge", "--games", "1", "--opt", "[/x]=1"],
        ["sim", "touge", "--games", "1", "--opt", ":x:=:y:"],
        ["play", "touge", "--vs", "[/x]"],
        ["play", "touge", "--deck", "[/x]"],
        ["cards", "toy", "[/x]"],
        ["decks", "touge", ":x: [/x]"],
        ["replay", "[/x].json"],
        ["validate", "[/x]"],
    ],
)
def test_markup_anywhere(args: list[str]) -> None:
    r = cli(*args)
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output and "MarkupError" not in r.output


def test_typed_text_at_the_prompt_is_escaped() -> None:
    r = cli("play", "toy", "--seed", "1", "--vs", "random", input="[/x]\n:x:\ncard [/y]\nquit\n")
    assert r.exit_code == 0, r.output
    assert "'[/x]' is not a legal action now" in r.output
    assert "':x:' is not a legal action now" in r.output
    assert "no card matches '[/y]'" in r.output


def test_long_and_strange_input_at_the_prompt() -> None:
    typed = ["²", "9" * 5000, "x" * 1_000_000, "-1", "0", "1e9", "٣"]
    r = cli("play", "toy", "--seed", "1", "--vs", "random", input="\n".join(typed) + "\nquit\n")
    assert r.exit_code == 0, r.output[-2000:]
    assert "Traceback" not in r.output
    assert len(r.output) < 40_000  # nothing typed is echoed whole
    assert "'²' is not a legal action now" in r.output
