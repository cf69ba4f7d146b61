"""Terminal play a person enjoys, at 80×24 (issue 11 items 1–8, the hot seat included)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_error, cli

import kansei


def play(*args: str, input: str, lines: int = 24) -> str:
    r = cli("play", "toy", "--seed", "1", *args, input=input, lines=lines)
    assert r.exit_code == 0, r.output[-3000:]
    assert "Traceback" not in r.output
    return r.output


def handed_over(output: str) -> list[tuple[int, str]]:
    """The screens of a hot seat after each hand-over: (the seat it was handed to, what it was shown). A
    seat is named as the games name it ("Player 2" is seat 1)."""
    parts = re.split(r"Pass the keyboard to Player (\d+)", output)
    return [(int(number) - 1, screen) for number, screen in zip(parts[1::2], parts[2::2], strict=True)]


def saved(output: str) -> dict:
    m = re.search(r"to (\S+\.json)", output.replace("\n", " "))
    assert m, output[-500:]
    return json.loads(Path(m.group(1)).read_text())


# ---- 1. reading cards ---------------------------------------------------------------------------
def test_card_command_finds_by_name_slug_prefix_and_spelling() -> None:
    out = play(
        "--vs", "random", input="card supercharger\ncard drift-king\ncard nitr\ncard supercharjer\nquit\n"
    )
    assert out.count("More power, more heat.") == 2  # by name, and by a misspelling
    assert "Slide through the corner." in out  # by slug
    assert "A burst of speed." in out  # by prefix
    assert "speed" in out and "tune-up" in out  # stats and kind on the face


def test_card_command_without_a_match_suggests() -> None:
    out = play("--vs", "random", input="card zzzz\ncard\nquit\n")
    assert "no card matches 'zzzz'" in out
    assert "card NAME shows" in out


def test_cards_lists_a_game_and_shows_faces_in_a_language() -> None:
    r = cli("cards", "toy")
    assert r.exit_code == 0 and "Supercharger" in r.output and "speed 5" in r.output
    r = cli("cards", "toy", "oil", "--lang", "fr")
    assert r.exit_code == 0 and "(fr) Everyone slows down." in r.output
    assert_one_clear_error(cli("cards", "toy", "--lang", "de"), "toy has no language 'de' (it has: en, fr)")
    assert_one_clear_error(cli("cards", "toy", "warp"), "no card matches 'warp'")


# ---- 2. hot seat ----------------------------------------------------------------------------------
def test_hot_seat_hands_over_and_never_shows_both_hands() -> None:
    moves = "\n".join(
        ["", "tune jump @1", "", "pass", "pass", "", "pass", "", "pass", "", "pass", "", "quit"]
    )
    out = play("--vs", "human", input=moves + "\n")
    screens = handed_over(out)
    assert len(screens) >= 3
    for seat, screen in screens:
        prompts = set(re.findall(r"Player (\d)>", screen))
        assert prompts <= {str(seat + 1)}, (seat, prompts)  # one seat's board and menu per screen
        assert set(re.findall(r"hand of seat (\S+):", screen)) <= {str(seat), "None"}  # its hand only
    assert "seat 0 tunes a card on tile 1" in out  # seat 1 is told seat 0's move as everyone may see it
    assert "Player 1: tune a card @1" not in out  # … once: its narration, not its notation as well
    assert "you played Jump" not in screens[1][1]  # … never the card


# ---- 3. 80×24 ---------------------------------------------------------------------------------------
def test_long_menus_are_grouped_and_fit_80_columns() -> None:
    """A menu taller than the lines left under the board is grouped (pick the card, then the tile)."""
    out = play("--vs", "random", input="1\nback\n1\n2\nquit\n", lines=16)
    first_menu = out.split("Player 1>")[0]
    assert "tune-up Jump on tile … (6 choices)" in first_menu.replace("\n", " ").replace("  ", " ")
    assert "— pick one, or back:" in out
    group = out.split("— pick one, or back:")[1].split("Player 1>")[0]
    assert re.search(r"1\. tile 1\b", group) and "tune-up Jump" not in group  # the shared words go
    assert all(len(re.sub(r"^Player \d> ", "", line)) <= 80 for line in out.splitlines())
    assert saved(out)["actions"][0] == "tune jump @2"


def test_a_menu_that_fits_is_shown_whole_and_the_screen_fits_24_lines() -> None:
    out = play("--vs", "random", input="quit\n")
    screen = out.split("Player 1>")[0]
    assert "choices)" not in screen  # 16 actions fit under this board: no grouping
    board_and_menu = screen[screen.rindex("›") :].splitlines()[1:]
    assert len(board_and_menu) + 1 <= 24  # with the prompt
    assert all(len(line) <= 80 for line in screen.splitlines())


def test_fast_is_accepted_and_narration_is_told() -> None:
    out = play("--vs", "random", "--fast", input="pass\npass\nquit\n")
    assert "— round 1 —" in out


# ---- 4. back and undo -------------------------------------------------------------------------------
def test_back_cancels_a_two_step_choice() -> None:
    out = play("--vs", "random", input="aim jump\nback\nquit\n")
    assert "took back 1 decision: aim jump" in out
    assert saved(out)["actions"] == []


def test_undo_takes_back_a_decision_that_revealed_nothing() -> None:
    out = play("--vs", "random", input="aim jump\nundo\nundo\nquit\n")
    assert "took back 1 decision: aim jump" in out
    assert "cannot undo: you have made no decision yet" in out


def test_undo_refused_after_a_draw_or_a_bot_move() -> None:
    out = play("--vs", "human", input="\ndraw\n\nundo\nquit\n")
    assert "cannot undo: you have made no decision yet" in out  # seat 1 asks: its own history is empty
    out = play("--vs", "human", "--respond", "ask", input="\ndraw\n\npass\n\nundo\nquit\n")
    assert "cannot undo: Player 2 has moved since" in out
    out = play("--vs", "random", input="draw\nundo\nquit\n")
    assert re.search(r"cannot undo: (Player 2 \(random\) has moved since|it revealed something)", out)


def test_undo_is_refused_when_a_private_card_was_drawn() -> None:
    # seat 0 draws (a private card); the turn passes to seat 1 = human too; seat 1 passes; seat 0 may not undo
    out = play("--vs", "human", input="\ndraw\n\npass\nquit\n")
    assert "Traceback" not in out


# ---- 5. ask only when there is a real choice ----------------------------------------------------------
def test_respond_auto_uses_the_games_hook() -> None:
    r = cli("play", "toy-polite", "--seed", "1", "--vs", "human", input="\ntune jump @1\n\nquit\n")
    assert "(auto) pass" in r.output  # seat 1 holds a Counter, but against 1 point it is pointless
    # … and the keyboard still goes to seat 1, so seat 0 cannot tell a skipped decision from a real one
    assert "Pass the keyboard to Player 2" in r.output.split("(auto) pass")[0]
    r = cli(
        "play",
        "toy-polite",
        "--seed",
        "1",
        "--vs",
        "human",
        "--opt",
        "respond=ask",
        input="\ntune jump @1\n\nquit\n",
    )
    assert "(auto)" not in r.output and "counter" in r.output


def test_respond_fallback_asks_when_more_than_one_action() -> None:
    out = play("--vs", "human", input="\ntune jump @1\n\nquit\n")
    assert "(auto)" not in out and "counter" in out
    assert_one_clear_error(
        cli("play", "toy", "--respond", "sometimes", input="quit\n"), "respond must be auto or ask"
    )


# ---- 6. resume and step ---------------------------------------------------------------------------------
def test_quit_then_resume_continues_at_the_same_decision(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    out = play("--vs", "random", "--save", str(save), input="tune jump @3\nquit\n")
    before = json.loads(save.read_text())["actions"]
    assert before[0] == "tune jump @3" and "--resume" in out
    r = cli("play", "--resume", str(save), input="pass\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"Resumed Toy Duel after {len(before)} action" in r.output
    after = json.loads(save.read_text())["actions"]
    assert after[: len(before)] == before and len(after) > len(before)
    assert_one_clear_error(cli("play", "--resume", str(save), "--seed", "3"), "drop --seed")


def test_replay_step_as_a_seat_shows_only_what_it_saw(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play("--vs", "random", "--save", str(save), input="tune jump @3\npass\nquit\n")
    r = cli("replay", str(save), "--step", "--seat", "1", input="\n\nb\n\n\n\n")
    assert r.exit_code == 0, r.output
    assert "Player 1: tune a card @3" in r.output  # the public notation
    assert "Jump" not in r.output.split("Player 1: tune a card @3")[1].split("you:")[0]
    r0 = cli("replay", str(save), "--step", "--seat", "0")
    assert "you: tune jump @3" in r0.output and "you played Jump" in r0.output
    assert_one_clear_error(cli("replay", str(save), "--step", "--seat", "5"), "--seat must be 0..1")


# ---- 7. languages ----------------------------------------------------------------------------------------
def test_lang_is_checked_against_the_game() -> None:
    assert_one_clear_error(cli("play", "toy", "--lang", "ja", input="quit\n"), "toy has no language 'ja'")
    for gid in kansei.games():
        g = kansei.load(gid)
        r = cli("play", gid, "--lang", "xx", input="quit\n")
        assert_one_clear_error(r, f"has no language 'xx' (it has: {', '.join(g.languages)})")


# ---- privacy of what a seat is told -------------------------------------------------------------------
def test_the_seed_is_never_shown_during_play() -> None:
    r = cli("play", "toy", "--vs", "random", input="pass\nview\nlog\nquit\n")
    seed = saved(r.output)["seed"]
    assert str(seed) not in r.output


def test_a_refusal_names_nothing_hidden() -> None:
    out = play("--vs", "random", input="tune nitro @1\nquit\n")
    assert "'tune nitro @1' is not a legal action now" in out


# ---- 8. wording -------------------------------------------------------------------------------------
def test_counts_are_in_the_right_number(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play("--vs", "random", "--save", str(save), input="draw\nquit\n")
    r = cli("replay", str(save))
    assert re.search(r"\b1 action\b|\b\d+ actions\b", r.output) and "1 actions" not in r.output


def test_a_card_is_found_by_its_name_in_another_language() -> None:
    """In Japanese, `card Rose Juggernaut` still finds the card (and shows its Japanese face)."""
    r = cli("cards", "stampede", "rose juggernaut", "--lang", "ja")
    assert r.exit_code == 0, r.output
    assert "ローズ・ジャガーノート" in r.output


@pytest.mark.parametrize("game", ["touge", "initiald", "minid", "stampede", "dspirits"])
def test_every_game_hands_the_keyboard_over_at_a_hot_seat(game: str) -> None:
    """Issue 11 item 2 in every game: between two people's decisions the screen is cleared and the keyboard
    handed over, and a screen holds one seat's board and menu only (what a board shows of a seat is its own
    view: tests/core/test_leaks.py)."""
    r = cli("play", game, "--seed", "4", "--vs", "human", "--fast", input="\n1\n" * 12 + "quit\n")
    assert r.exit_code == 0, r.output[-3000:]
    screens = handed_over(r.output)
    assert len(screens) >= 2, r.output[-2000:]
    for seat, screen in screens:
        assert set(re.findall(r"Player (\d)>", screen)) <= {str(seat + 1)}


def test_japanese_narration_folds_at_the_edge() -> None:
    """A long Japanese line has no spaces to wrap at: it is folded at 80 columns under its marker, not
    pushed whole onto the next line (which left an empty '›' line)."""
    r = cli("play", "stampede", "--lang", "ja", "--seed", "3", "--fast", input="1\nquit\n")
    assert r.exit_code == 0, r.output[-2000:]
    lines = r.output.splitlines()
    assert not any(line.rstrip() == "›" or line.rstrip().endswith("> ›") for line in lines)
    hand = next(i for i, line in enumerate(lines) if "あなたの手札" in line)
    assert lines[hand].lstrip().startswith("›") and lines[hand + 1].startswith("    ")


def test_every_rules_reference_points_to_its_card_list() -> None:
    """Issue 11 item 1: every RULES.md links to `kansei cards GAME`."""
    for gid in ("touge", "initiald", "minid", "stampede", "dspirits"):
        text = kansei.load(gid).rules_file().read_text(encoding="utf-8")
        assert f"kansei cards {gid}" in text, gid


# ---- the coach's hint (issue 24) ----------------------------------------------------------------------
def test_hint_is_the_experts_legal_move_in_a_game_against_a_bot(tmp_path: Path) -> None:
    """``hint``: the coach (the game's expert) names a legal move of the seat to move, in the menu's own
    words, with its expected chance and the runners-up; nothing is played."""
    save = str(tmp_path / "g.json")
    r = cli("play", "touge", "--seed", "5", "--vs", "greedy", "--save", save, input="hint\nquit\n", lines=60)
    assert r.exit_code == 0, r.output[-2000:]
    flat = " ".join(r.output.split())
    assert "the expert is thinking…" in flat
    m = re.search(r"Hint: (.+?) — the expert's chance to win after it: (\d+)%", flat)
    assert m, flat[-1500:]
    game = kansei.load("touge")
    state = game.start(seed=5)
    words = {" ".join(str(game.describe_action(state, a)).split()) for a in state.legal_actions()}
    assert m.group(1) in words and 0 <= int(m.group(2)) <= 100
    assert "then: " in flat  # the runners-up
    assert json.loads(Path(save).read_text())["actions"] == []  # a hint plays nothing


def test_hint_is_off_between_people(tmp_path: Path) -> None:
    save = str(tmp_path / "g.json")
    r = cli("play", "touge", "--seed", "5", "--vs", "human", "--save", save, input="\nhint\nquit\n", lines=60)
    assert r.exit_code == 0, r.output[-2000:]
    assert "no hints between people" in r.output and "thinking" not in r.output
