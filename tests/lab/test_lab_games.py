"""The lab on the real games: every game runs the experiments that fit it, and a planted strong Touge card
is found by `card` and by `diff` while a do-nothing change to the content is not flagged."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import kansei
from kansei.core.errors import ContentError, KanseiError
from kansei.lab import runner
from kansei.lab.store import Run
from kansei.sim import simulate

BUILTIN = ["dspirits", "initiald", "minid", "stampede", "touge"]


def content_copy(game_id: str, dest: Path) -> Path:
    folder = kansei.load(game_id).content_dir()
    assert folder is not None
    shutil.copytree(folder, dest)
    return dest


def has_deck_data(game_id: str) -> bool:
    """Whether the game gives its starter decks as deck data (the contract's deck API)."""
    game = kansei.load(game_id)
    names = game.starter_decks()
    if not names:
        return True  # no decks: nothing to give
    try:
        return isinstance(game.starter_deck(names[0]).get("cards"), dict)
    except ContentError:
        return False


def need_deck_data(game_id: str) -> None:
    if not has_deck_data(game_id):
        pytest.skip(f"{game_id} does not give its starter decks as deck data yet (game.starter_deck)")


def supports_content(game_id: str, tmp_path: Path) -> bool:
    """Whether the game plays a content folder given with content= (a broken one must be refused)."""
    broken = content_copy(game_id, tmp_path / f"{game_id}-broken")
    for f in broken.glob("*.toml"):
        f.write_text("this is [not toml\n")
    try:
        kansei.load(game_id, content=broken)
    except ContentError:
        return True
    return False


GAMES = [*BUILTIN, "sprint"]  # the five games and the plugin example (examples/minimal_game)
EXPERIMENTS = ["matchup", "seats", "card", "shape", "skill", "diff", "observe", "build"]


def small_params(game_id: str, kind: str, tmp_path: Path) -> dict[str, Any]:
    """Each experiment with its defaults, made small: the fewest games that still give 10 seeds."""
    base: dict[str, Any] = {"game": game_id, "agents": ["random"]}
    if kind == "skill":
        return {"game": game_id, "games": 20, "bots": ["random", "greedy"]}
    if kind == "observe":
        replays = tmp_path / "replays"
        simulate(game_id, {}, ["random"], 12, seed=1, save_replays=replays)
        return {"paths": [str(replays)]}
    if kind == "diff":
        folder = str(kansei.load(game_id).content_dir())
        return {**base, "a": folder, "b": folder, "games": 20}
    if kind == "build":
        return {**base, "games": 20, "steps": 1, "neighbours": 2}
    return {**base, "games": {"seats": 40, "shape": 10}.get(kind, 20)}


@pytest.mark.slow
@pytest.mark.parametrize("kind", EXPERIMENTS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_experiment_runs_with_its_defaults_on_every_game(
    game_id: str, kind: str, tmp_path: Path
) -> None:
    """Issue 22: each experiment valid with its defaults on every game, or one line saying what it needs
    (a game without decks has no card to swap or deck to build; a game of one deck no matchup)."""
    if game_id not in kansei.games():
        # not a missing dependency: `make plugin-check` installs Sprint, runs these with it, then removes it
        pytest.skip(f"the {game_id} plugin game is installed only in `make plugin-check`, which runs this")
    decks = kansei.load(game_id).starter_decks()
    try:
        _, res = runner.start(kind, small_params(game_id, kind, tmp_path), out=tmp_path / "run", workers=1)
    except KanseiError as e:
        line = str(e)
        assert "\n" not in line and line
        if not decks and kind in ("card", "build"):
            assert "has no decks" in line
        elif len(decks) == 1 and kind == "matchup":
            assert "needs two decks or more" in line
        elif kind == "card":
            assert "--baseline" in line  # every card of the deck's kinds is in it: name a baseline
        else:
            raise
        assert not (tmp_path / "run").exists()  # nothing was played in vain
        return
    assert res.findings and res.question
    assert (tmp_path / "run" / "report.html").exists()
    assert Run.open(tmp_path / "run").meta["status"] == "complete"


def test_touge_cars_as_a_matchup(tmp_path: Path) -> None:
    need_deck_data("touge")
    game = kansei.load("touge")
    deck = game.starter_deck(game.starter_decks()[0])
    key = next(k for k, v in deck.items() if k not in ("name", "cards") and isinstance(v, str))
    _, res = runner.start(
        "matchup",
        {"game": "touge", "vary": key, "games": 20, "agents": ["random"]},
        out=tmp_path / "cars",
        workers=1,
    )
    kinds = {c["name"]: c["kind"] for c in game.cards()}
    cars = [c["name"] for c in game.cards() if c["kind"] == kinds[deck[key]]]
    assert res.data["labels"] == cars


def test_a_planted_strong_touge_card_is_found_by_card_and_diff(tmp_path: Path) -> None:
    need_deck_data("touge")
    if not supports_content("touge", tmp_path):
        pytest.skip("touge does not read content= yet")
    shipped = content_copy("touge", tmp_path / "shipped")
    planted = content_copy("touge", tmp_path / "planted")
    same = content_copy("touge", tmp_path / "same")
    tune = planted / "tuneups.toml"
    text = tune.read_text(encoding="utf-8")
    tile = '{ block = "mult_add", road = "C", amount = 2, scope = "tile" }'
    block = text.index('name = "Gutter Drift"')
    assert text.index(tile, block) < text.index("[[", block)
    # +2 on one corner becomes +8 on every corner of the battle
    planted_text = text[:block] + text[block:].replace(
        tile, '{ block = "mult_add", road = "C", amount = 8 }', 1
    )
    tune.write_text(planted_text, encoding="utf-8")
    (same / "tuneups.toml").write_text("# nothing but a comment\n" + (same / "tuneups.toml").read_text())
    game = kansei.load("touge")
    deck = game.starter_decks()[0]  # Akina Downhill holds two Gutter Drifts
    kinds = {c["name"]: c["kind"] for c in game.cards()}
    # the deck holds every tune-up of the kind: the baseline is one it holds (named, as the CLI asks)
    tune = kinds["Gutter Drift"]
    base = next(n for n in game.starter_deck(deck)["cards"] if n != "Gutter Drift" and kinds[n] == tune)
    common = {"game": "touge", "agents": ["greedy"], "seed": 11}
    _, card = runner.start(
        "card",
        {
            **common,
            "content": str(planted),
            "deck": deck,
            "cards": ["Gutter Drift"],
            "baselines": [base],
            "games": 240,
        },
        out=tmp_path / "card",
        workers=2,
    )
    (row,) = card.data["cards"]
    assert row["flagged"] and row["impact"] > 0
    _, diff = runner.start(
        "diff",
        {**common, "a": str(shipped), "b": str(planted), "games": 400},
        out=tmp_path / "diff",
        workers=2,
    )
    assert any(c["flagged"] for c in diff.csv)
    _, nothing = runner.start(
        "diff",
        {**common, "a": str(shipped), "b": str(same), "games": 60},
        out=tmp_path / "nothing",
        workers=2,
    )
    assert not any(c["flagged"] for c in nothing.csv)
    assert all(c["delta"] == 0 for c in nothing.csv)


def test_minid_racer_counts_name_seats_from_one_in_tables_and_plots(tmp_path: Path) -> None:
    """A matchup over Mini D's racer counts calls its seats "seat 1" … "seat 3" in its table and in its
    plots alike (the plots had counted from 0 beside tables counting from 1)."""
    from kansei.lab.report import figures

    _, res = runner.start(
        "matchup",
        {"game": "minid", "players": [3], "games": 10, "agents": ["random"]},
        out=tmp_path / "m",
        workers=1,
    )
    table = next(t for t in res.tables if "seat 1" in t["columns"])
    assert [c for c in table["columns"] if c.startswith("seat")] == ["seat 1", "seat 2", "seat 3"]
    plot = next(f for f in figures(res) if f.layout.title.text == "3 players: win rate per seat")
    assert list(plot.data[0].x) == ["seat 1", "seat 2", "seat 3"]
