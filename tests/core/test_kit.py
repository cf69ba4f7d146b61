"""The conformance kit itself: it passes a game that keeps the contract, and catches each way of breaking
it with the right line (toy games in kit_toys.py, each broken in one place)."""

from __future__ import annotations

import pytest

import kansei
from kansei.core import registry
from kansei.testing import CHECKS, ConformanceError, check_game

from . import kit_toys as toys


def failures(game: kansei.Game, **kwargs) -> list:
    return check_game(game, raise_on_failure=False, **kwargs).failures


def test_a_game_that_keeps_the_contract_passes_every_check():
    report = check_game(toys.DrawDuel())
    assert report.ok and report.checks == CHECKS
    assert report.games >= 20 and report.probes >= 3 * 8


@pytest.mark.parametrize(
    ("game", "check", "says"),
    [
        (toys.LeakyView, "leaks", "seat 0's view differs between two worlds"),
        (toys.LeakyView, "determinize", "view(0) differs in a world determinized for seat 0"),
        (toys.LosingCensus, "census", "cards were created or lost: seat 0 -1 three"),
        (toys.UnreachableWorlds, "reachable", "puts ['bolt'] in zone:"),
        (toys.DeadEndWorlds, "reachable", "a world determinized for seat None reaches a dead end"),
        (toys.SilentBolt, "narration", "'bolt' in fr"),
        (toys.BadRef, "refs", "has refs ['card:"),
        (toys.OffSchema, "schema", "does not match DuelView at points.0"),
        (toys.Unpicklable, "pickle", "the state does not pickle"),
        (toys.PeekingEncoder, "encoding", "is not encode_view of the view"),
    ],
    ids=lambda v: v.__name__ if isinstance(v, type) else None,
)
def test_each_broken_property_is_caught_with_its_own_line(game, check, says):
    found = failures(game())
    mine = [f for f in found if f.check == check]
    assert mine, f"the kit missed a broken {check}: {[str(f) for f in found]}"
    assert any(says in str(f) for f in mine), [str(f) for f in mine]
    assert all("\n" not in str(f) for f in found)


def test_an_encode_state_shortcut_equal_to_the_view_encoding_passes():
    """interop's optional encode_state (docs/interop.md): the kit compares it with encode_view of the view
    for every seat and the spectator, in each probed state and a world determinized for the mover."""
    assert not failures(toys.Encoded(), only=["encoding"])


def test_a_game_lacking_hooks_is_told_which_to_implement():
    lines = [str(f) for f in failures(toys.Hookless())]
    for hook in (
        "implement Game.move_refs",
        "implement Game.View",
        "implement State.zones()",
        "implement Game.card_events",
    ):
        assert any(hook in line for line in lines), (hook, lines)
    assert sum("implement Game.View" in line for line in lines) == 1  # said once, not at every step


def test_every_failure_is_collected_then_raised_as_one_assertion_error():
    with pytest.raises(ConformanceError) as caught:
        check_game(toys.Hookless())
    error = caught.value
    assert isinstance(error, AssertionError)
    checks = {f.check for f in error.failures}
    assert {"refs", "schema", "reachable", "records"} <= checks
    lines = str(error).splitlines()
    assert lines[0].startswith("drawduel fails") and len(lines) > len(checks)
    assert all(
        "reproduce: kansei.testing.check_game('drawduel'" in line
        for line in lines[1:]
        if ": drawduel" in line and "more failure" not in line
    )


def test_a_failure_line_reproduces_it():
    first = failures(toys.LosingCensus(), only=["census"])[0]
    assert (first.seed, first.step) != (None, None)
    registry.register(toys.LosingCensus)  # the line names the game by id, as a plugin's would be
    try:
        with pytest.raises(ConformanceError) as caught:
            eval(first.reproduce(), {"kansei": kansei})
    finally:
        registry.unregister(toys.LosingCensus.id)
    again = caught.value.failures
    assert {f.check for f in again} == {"census"} and again[0].seed == first.seed
    assert again[0].message == first.message


def test_only_and_skip_choose_checks_by_name():
    report = check_game(
        toys.LosingCensus(), only=["narration", "census"], skip=["census"], raise_on_failure=False
    )
    assert report.checks == ("narration",) and report.ok
    with pytest.raises(ValueError, match="unknown check 'sensus'"):
        check_game(toys.DrawDuel(), only=["sensus"])


def test_a_determinize_that_raises_fails_every_check_that_needs_its_worlds():
    class Raising(toys.DuelState):
        __slots__ = ()

        def _resample(self, seat, rng):
            raise KeyError("no such card")

    class BrokenWorlds(toys.DrawDuel):
        def state_class(self):
            return Raising

    found = failures(BrokenWorlds(), only=["determinize", "reachable"])
    assert {f.check for f in found} == {"determinize", "reachable"}
    assert all("determinize(0) raised KeyError" in f.message and "no such card" in f.message for f in found)


def test_a_game_that_raises_is_a_failure_line_not_a_crash():
    class Crashing(toys.DrawDuel):
        def standing(self, state, seat):
            raise ZeroDivisionError("boom")

    found = failures(Crashing(), only=["standing"])
    assert found and "raised ZeroDivisionError" in found[0].message and "boom" in found[0].message


@pytest.mark.parametrize(
    ("game", "code", "says"),
    [(toys.DrawDuel, 0, "the contract holds"), (toys.LosingCensus, 1, "census: drawduel p2 seed")],
)
def test_kansei_check_runs_the_kit_for_plugin_authors(game, code, says):
    from typer.testing import CliRunner

    from kansei.cli import app

    registry.register(game)
    try:
        r = CliRunner().invoke(
            app, ["check", "drawduel", "--seeds", "1", "--games", "3", "--only", "census,legal"]
        )
    finally:
        registry.unregister(game.id)
    assert r.exit_code == code, r.output
    assert says in r.output and "Traceback" not in r.output


def test_kansei_check_refuses_an_unknown_check_in_one_line():
    from typer.testing import CliRunner

    from kansei.cli import app

    r = CliRunner().invoke(app, ["check", "touge", "--only", "census,sensus"])
    assert r.exit_code == 1 and "--only: no check 'sensus'" in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_the_narration_check_holds_the_starter_decks_words_to_the_decks(monkeypatch):
    """A deck renamed in the content leaves its words behind, and a language then lacks it: the kit's
    narration check says so in one line, as it does for a catalog's missing key."""
    from kansei.builtin.touge import text as touge_text
    from kansei.core.protocol import DeckWords

    game = kansei.load("touge")
    assert game.deck_words_problems() == []
    french = dict(touge_text.DECKS["fr"])
    french["Akina Downhil"] = french.pop("Akina Downhill")
    monkeypatch.setitem(touge_text.DECKS, "fr", french)
    monkeypatch.setitem(touge_text.DECKS, "de", {"Akina Downhill": DeckWords("Akina-Abfahrt")})
    problems = game.deck_words_problems()
    assert problems == [
        "DECKS['fr'] lacks the starter deck(s) Akina Downhill",
        "DECKS['fr'] names no starter deck: Akina Downhil",
        "DECKS has words in 'de', a language the game does not declare",
    ]
    found = [str(f) for f in failures(game, only=["narration"])]
    assert found and all("deck words: 3 problem(s)" in f for f in found), found  # (one a configuration)
    assert game.deck_words("fr")["Akina Downhill"].name == "Akina Downhill"  # its words lost: English
